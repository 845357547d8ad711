/* test-custom.c: vct_api_new_custom and VctApiRequest.
 *
 * get_photos runs on the creating thread's context; a request can be completed from
 * any thread, with JSON (length -1 or explicit) or an error (VCT_ERROR codes kept,
 * other domains become VCT_ERROR_FAILED); a superseded request's cancellable is
 * cancelled and its late result is dropped (latest wins); the API's notify runs once,
 * after the last unref and after every model using it is finalized.
 */
#include "common/vct-test.h"

#include <string.h>


typedef TableFixture Fixture;


static GError *
reload_and_return_json (Fixture *fx, const char *json, gssize length)
{
  gint done = recorder_n_done (&fx->rec);
  VctApiRequest *request;

  vct_table_model_reload_data (fx->model);
  request = fake_api_wait_request (&fx->fake, NULL);
  vct_api_request_return_json (request, json, length);
  recorder_wait_done (&fx->rec, NULL, done + 1);
  return vct_table_model_get_last_error (fx->model);
}

/* ------------------------------------------------------------------ */

static void
test_get_photos_on_creating_thread (void)
{
  Fixture fx;
  char *json = vct_test_photos_json (1, 3);
  GError *error;

  table_fixture_setup (&fx);
  g_assert_cmpint (fx.fake.n_calls, ==, 0);
  error = reload_and_return_json (&fx, json, -1);
  g_assert_no_error (error);
  g_assert_cmpint (fx.fake.n_calls, ==, 1);
  g_assert_true (fx.fake.call_thread == g_thread_self ());
  g_assert_cmpstr (recorder_event (&fx.rec, 1), ==, "reload:3:1");
  g_free (json);
  table_fixture_teardown (&fx);
}

/* An API made on a worker thread (with its own pushed context) is called there,
 * not on the model's context. */
typedef struct
{
  GMutex        lock;
  GCond         cond;
  FakeApi       fake;
  VctApi       *api;
  GMainContext *context;
  const char   *json;
  gint          completed;
} ApiWorker;

static gpointer
api_worker_thread (gpointer data)
{
  ApiWorker *aw = data;
  GMainContext *context = g_main_context_new ();
  VctApiRequest *request;

  g_main_context_push_thread_default (context);
  g_mutex_lock (&aw->lock);
  aw->api = fake_api_new (&aw->fake);
  aw->context = context;
  g_cond_broadcast (&aw->cond);
  g_mutex_unlock (&aw->lock);

  request = fake_api_wait_request (&aw->fake, context);
  g_assert_true (aw->fake.call_thread == g_thread_self ());
  vct_api_request_return_json (request, aw->json, -1);
  g_atomic_int_set (&aw->completed, 1);

  g_main_context_pop_thread_default (context);
  return NULL;
}

static void
test_get_photos_on_api_context (void)
{
  ApiWorker aw = { 0 };
  GThread *thread;
  VctTableModel *model;
  Recorder rec;
  char *json = vct_test_photos_json (5, 2);

  g_mutex_init (&aw.lock);
  g_cond_init (&aw.cond);
  fake_api_init (&aw.fake);
  aw.json = json;
  recorder_init (&rec, g_thread_self ());

  g_mutex_lock (&aw.lock);
  thread = g_thread_new ("api-worker", api_worker_thread, &aw);
  while (aw.api == NULL)
    g_cond_wait (&aw.cond, &aw.lock);
  g_mutex_unlock (&aw.lock);

  model = vct_table_model_new_with_manager (aw.api);
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  g_thread_join (thread);

  g_assert_cmpint (aw.completed, ==, 1);
  g_assert_cmpint (aw.fake.n_calls, ==, 1);
  g_assert_false (aw.fake.call_thread == g_thread_self ());
  g_assert_cmpstr (recorder_event (&rec, 1), ==, "reload:2:5");
  g_assert_cmpint (rec.wrong_thread, ==, 0);

  g_object_unref (model);
  g_object_unref (aw.api);
  run_until (NULL, fake_api_was_notified, &aw.fake, VCT_TEST_TIMEOUT_MS);
  g_main_context_unref (aw.context);
  recorder_clear (&rec);
  fake_api_clear (&aw.fake);
  g_mutex_clear (&aw.lock);
  g_cond_clear (&aw.cond);
  g_free (json);
}

/* An API made on a worker thread that pushed no context: get_photos runs on the global
 * default context, here iterated by the main thread. */
static gpointer
new_api_thread (gpointer fake)
{
  return fake_api_new (fake);
}

static void
test_get_photos_default_context (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  Recorder rec;
  char *json = vct_test_photos_json (1, 1);

  fake_api_init (&fake);
  fake.auto_json = json;
  api = g_thread_join (g_thread_new ("new-api", new_api_thread, &fake));
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  g_assert_cmpint (rec.n_reloads, ==, 1);
  g_assert_true (fake.call_thread == g_thread_self ());

  g_object_unref (model);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

typedef struct
{
  VctApiRequest *request;
  const char    *json;
  GError        *error;
} Completion;

static gpointer
complete_thread (gpointer data)
{
  Completion *c = data;

  if (c->error != NULL)
    vct_api_request_return_error (c->request, c->error);
  else
    vct_api_request_return_json (c->request, c->json, -1);
  return NULL;
}

static void
test_complete_from_worker (void)
{
  Fixture fx;
  Completion c = { 0 };
  GThread *thread;
  GError *error;
  char *json = vct_test_photos_json (30, 7);

  table_fixture_setup (&fx);
  vct_table_model_reload_data (fx.model);
  c.request = fake_api_wait_request (&fx.fake, NULL);
  c.json = json;
  thread = g_thread_new ("complete", complete_thread, &c);
  g_thread_join (thread);
  recorder_wait_done (&fx.rec, NULL, 1);
  g_assert_cmpstr (recorder_event (&fx.rec, 1), ==, "reload:7:30");
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 7);

  /* An error from a worker thread too. */
  vct_table_model_reload_data (fx.model);
  c.request = fake_api_wait_request (&fx.fake, NULL);
  c.error = g_error_new_literal (VCT_ERROR, VCT_ERROR_TRUNCATED_BODY, "cut short");
  thread = g_thread_new ("complete", complete_thread, &c);
  g_thread_join (thread);
  recorder_wait_done (&fx.rec, NULL, 2);
  g_assert_cmpstr (fx.rec.last_error, ==, ERROR_PREFIX "cut short");
  error = vct_table_model_get_last_error (fx.model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_TRUNCATED_BODY);
  g_error_free (error);
  g_error_free (c.error);
  g_free (json);
  table_fixture_teardown (&fx);
}

static void
test_return_json_length (void)
{
  Fixture fx;
  char *json = vct_test_photos_json (1, 2);
  gsize len = strlen (json);
  char *padded = g_strconcat (json, "GARBAGE that is not JSON", NULL);
  char *unterminated = g_malloc (len);
  GError *error;

  memcpy (unterminated, json, len);
  table_fixture_setup (&fx);

  /* -1: NUL-terminated. */
  error = reload_and_return_json (&fx, json, -1);
  g_assert_no_error (error);
  g_assert_cmpstr (recorder_event (&fx.rec, 1), ==, "reload:2:1");

  /* An explicit length: the bytes after it are not read. */
  error = reload_and_return_json (&fx, padded, (gssize) len);
  g_assert_no_error (error);
  g_assert_cmpint (fx.rec.n_reloads, ==, 2);

  /* Not NUL-terminated at all (valgrind checks nothing past @length is read). */
  error = reload_and_return_json (&fx, unterminated, (gssize) len);
  g_assert_no_error (error);
  g_assert_cmpint (fx.rec.n_reloads, ==, 3);

  /* A length cutting the document short: what is passed is what is parsed. */
  error = reload_and_return_json (&fx, json, (gssize) len - 1);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_JSON);
  g_clear_error (&error);
  g_assert_cmpint (fx.rec.n_errors, ==, 1);

  /* The document is copied: overwriting our buffer right after returning is fine. */
  {
    VctApiRequest *request;
    char *scratch = g_strdup (json);
    vct_table_model_reload_data (fx.model);
    request = fake_api_wait_request (&fx.fake, NULL);
    vct_api_request_return_json (request, scratch, -1);
    memset (scratch, 'x', len);
    g_free (scratch);
    recorder_wait_done (&fx.rec, NULL, 5);
    g_assert_cmpint (fx.rec.n_reloads, ==, 4);
    g_assert_cmpint (fx.rec.last_n_items, ==, 2);
  }

  g_free (unterminated);
  g_free (padded);
  g_free (json);
  table_fixture_teardown (&fx);
}

static void
expect_json_error (Fixture *fx, const char *json, gssize length, VctError code)
{
  GError *error = reload_and_return_json (fx, json, length);

  g_assert_error (error, VCT_ERROR, (gint) code);
  g_assert_nonnull (error->message);
  g_assert_cmpstr (error->message, !=, "");
  g_assert_true (g_str_has_prefix (fx->rec.last_error, ERROR_PREFIX));
  g_assert_cmpstr (fx->rec.last_error + strlen (ERROR_PREFIX), ==, error->message);
  g_error_free (error);
}

static void
test_decoding_errors (void)
{
  Fixture fx;

  table_fixture_setup (&fx);
  expect_json_error (&fx, "", -1, VCT_ERROR_EMPTY_RESPONSE);
  expect_json_error (&fx, NULL, 0, VCT_ERROR_EMPTY_RESPONSE);
  expect_json_error (&fx, " \n\t ", -1, VCT_ERROR_EMPTY_RESPONSE);
  expect_json_error (&fx, "[1, 2", -1, VCT_ERROR_INVALID_JSON);
  expect_json_error (&fx, "<html>404</html>", -1, VCT_ERROR_INVALID_JSON);
  expect_json_error (&fx, "{\"photos\": []}", -1, VCT_ERROR_NOT_AN_ARRAY);
  expect_json_error (&fx, "[{\"albumId\": 1, \"id\": 1, \"title\": \"t\", \"url\": \"u\"}]", -1,
                     VCT_ERROR_MISSING_FIELD);
  expect_json_error (&fx, "[{\"albumId\": \"one\", \"id\": 1, \"title\": \"t\", \"url\": \"u\", \"thumbnailUrl\": \"v\"}]",
                     -1, VCT_ERROR_WRONG_FIELD_TYPE);
  expect_json_error (&fx, "[42]", -1, VCT_ERROR_WRONG_FIELD_TYPE);
  g_assert_cmpint (fx.rec.n_reloads, ==, 0);
  g_assert_cmpint (fx.rec.n_errors, ==, 9);

  /* An empty array is a successful, empty reload. */
  {
    GError *error = reload_and_return_json (&fx, "[]", -1);
    g_assert_no_error (error);
    g_assert_cmpint (fx.rec.n_reloads, ==, 1);
    g_assert_cmpuint (fx.rec.last_n_items, ==, 0);
    g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 0);
  }
  table_fixture_teardown (&fx);
}

static void
return_error_and_wait (Fixture *fx, const GError *error)
{
  gint done = recorder_n_done (&fx->rec);
  VctApiRequest *request;

  vct_table_model_reload_data (fx->model);
  request = fake_api_wait_request (&fx->fake, NULL);
  vct_api_request_return_error (request, error);
  recorder_wait_done (&fx->rec, NULL, done + 1);
}

static void
test_return_error_vct_code (void)
{
  Fixture fx;
  GError *in, *out;
  gint code;

  table_fixture_setup (&fx);
  for (code = VCT_ERROR_FAILED; code <= VCT_ERROR_CANCELLED; code++)
    {
      char *message = g_strdup_printf ("custom failure %d", code);

      in = g_error_new_literal (VCT_ERROR, code, message);
      return_error_and_wait (&fx, in);
      g_error_free (in);
      out = vct_table_model_get_last_error (fx.model);
      g_assert_error (out, VCT_ERROR, code);
      g_assert_cmpstr (out->message, ==, message);
      g_error_free (out);
      {
        char *expected = g_strconcat (ERROR_PREFIX, message, NULL);
        g_assert_cmpstr (fx.rec.last_error, ==, expected);
        g_free (expected);
      }
      g_free (message);
    }
  g_assert_cmpint (fx.rec.n_errors, ==, VCT_ERROR_CANCELLED + 1);
  g_assert_cmpint (fx.rec.n_reloads, ==, 0);
  table_fixture_teardown (&fx);
}

static void
test_return_error_foreign_domain (void)
{
  Fixture fx;
  GError *in, *out;

  table_fixture_setup (&fx);
  in = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "The photo store went away");
  return_error_and_wait (&fx, in);
  g_error_free (in);
  out = vct_table_model_get_last_error (fx.model);
  g_assert_error (out, VCT_ERROR, VCT_ERROR_FAILED);
  g_assert_cmpstr (out->message, ==, "The photo store went away");
  g_error_free (out);
  g_assert_cmpstr (fx.rec.last_error, ==, ERROR_PREFIX "The photo store went away");

  /* A code VCT_ERROR does not define is not kept either... as long as the domain is
   * foreign; G_IO_ERROR_CANCELLED is not VCT_ERROR_CANCELLED. */
  in = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "io cancelled");
  return_error_and_wait (&fx, in);
  g_error_free (in);
  out = vct_table_model_get_last_error (fx.model);
  g_assert_error (out, VCT_ERROR, VCT_ERROR_FAILED);
  g_assert_cmpstr (fx.rec.last_error, ==, ERROR_PREFIX "io cancelled");
  g_error_free (out);
  g_assert_cmpint (fx.rec.n_errors, ==, 2);
  table_fixture_teardown (&fx);
}

static gboolean
cancellable_cancelled_cond (gpointer data)
{
  return g_cancellable_is_cancelled (data);
}

static void
test_cancellable_superseded (void)
{
  Fixture fx;
  VctApiRequest *first, *second;
  GCancellable *first_cancellable, *second_cancellable;
  char *old_json = vct_test_photos_json (100, 1);
  char *new_json = vct_test_photos_json (200, 2);

  table_fixture_setup (&fx);
  vct_table_model_reload_data (fx.model);
  first = fake_api_wait_request (&fx.fake, NULL);
  first_cancellable = vct_api_request_get_cancellable (first);
  g_assert_true (G_IS_CANCELLABLE (first_cancellable));
  g_assert_true (vct_api_request_get_cancellable (first) == first_cancellable);
  g_assert_false (g_cancellable_is_cancelled (first_cancellable));

  vct_table_model_reload_data (fx.model);
  run_until (NULL, cancellable_cancelled_cond, first_cancellable, VCT_TEST_TIMEOUT_MS);
  second = fake_api_wait_request (&fx.fake, NULL);
  second_cancellable = vct_api_request_get_cancellable (second);
  g_assert_true (second_cancellable != first_cancellable);
  g_assert_false (g_cancellable_is_cancelled (second_cancellable));

  /* Completing the superseded request afterwards is safe, and dropped. */
  vct_api_request_return_json (first, old_json, -1);
  iterate_for (NULL, 100);
  g_assert_cmpint (fx.rec.n_reloads, ==, 0);
  g_assert_cmpint (fx.rec.n_errors, ==, 0);
  g_assert_true (vct_table_model_is_loading (fx.model));

  vct_api_request_return_json (second, new_json, -1);
  recorder_wait_done (&fx.rec, NULL, 1);
  iterate_for (NULL, 50);
  g_assert_cmpuint (recorder_n_events (&fx.rec), ==, 3);
  g_assert_cmpstr (recorder_event (&fx.rec, 0), ==, "title:" TITLE);
  g_assert_cmpstr (recorder_event (&fx.rec, 1), ==, "title:" TITLE);
  g_assert_cmpstr (recorder_event (&fx.rec, 2), ==, "reload:2:200");
  g_assert_cmpint (fx.fake.n_calls, ==, 2);

  /* A superseded request completed with an error is dropped too. */
  vct_table_model_reload_data (fx.model);
  first = fake_api_wait_request (&fx.fake, NULL);
  vct_table_model_reload_data (fx.model);
  second = fake_api_wait_request (&fx.fake, NULL);
  run_until (NULL, cancellable_cancelled_cond, vct_api_request_get_cancellable (first), VCT_TEST_TIMEOUT_MS);
  {
    GError *error = g_error_new_literal (VCT_ERROR, VCT_ERROR_TIMED_OUT, "late");
    vct_api_request_return_error (first, error);
    g_error_free (error);
  }
  vct_api_request_return_json (second, old_json, -1);
  recorder_wait_done (&fx.rec, NULL, 2);
  iterate_for (NULL, 50);
  g_assert_cmpint (fx.rec.n_errors, ==, 0);
  g_assert_cmpstr (recorder_event (&fx.rec, recorder_n_events (&fx.rec) - 1), ==, "reload:1:100");
  g_assert_null (vct_table_model_get_last_error (fx.model));

  g_free (old_json);
  g_free (new_json);
  table_fixture_teardown (&fx);
}

static void
test_latest_wins (void)
{
  Fixture fx;
  VctApiRequest *first, *second;
  char *first_json = vct_test_photos_json (1, 1);
  char *second_json = vct_test_photos_json (2, 2);
  char *third_json = vct_test_photos_json (3, 3);

  table_fixture_setup (&fx);

  /* Complete the first after the second has been delivered. */
  vct_table_model_reload_data (fx.model);
  first = fake_api_wait_request (&fx.fake, NULL);
  vct_table_model_reload_data (fx.model);
  second = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (second, second_json, -1);
  recorder_wait_done (&fx.rec, NULL, 1);
  vct_api_request_return_json (first, first_json, -1);
  iterate_for (NULL, 150);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  g_assert_cmpint (fx.rec.last_first_id, ==, 2);
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 2);

  /* Complete the first, then supersede it before the loop runs: its result may
   * already be queued on the context, it must still never be delivered. */
  vct_table_model_reload_data (fx.model);
  first = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (first, first_json, -1);
  vct_table_model_reload_data (fx.model);
  second = fake_api_wait_request (&fx.fake, NULL);
  iterate_for (NULL, 100);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  vct_api_request_return_json (second, third_json, -1);
  recorder_wait_done (&fx.rec, NULL, 2);
  iterate_for (NULL, 100);
  g_assert_cmpint (fx.rec.n_reloads, ==, 2);
  g_assert_cmpint (fx.rec.last_first_id, ==, 3);
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 3);
  {
    /* No "reload:1:1" anywhere in the log. */
    for (guint i = 0; i < recorder_n_events (&fx.rec); i++)
      g_assert_cmpstr (recorder_event (&fx.rec, i), !=, "reload:1:1");
  }

  g_free (first_json);
  g_free (second_json);
  g_free (third_json);
  table_fixture_teardown (&fx);
}

/* Reloads superseded before their request was sent: such a request may never reach
 * get_photos; one that does is cancelled. Only the last reload is delivered. */
static gboolean
live_request_pending (gpointer data)
{
  FakeApi *fake = data;
  gboolean live = FALSE;

  g_mutex_lock (&fake->lock);
  for (GList *l = fake->pending.head; l != NULL; l = l->next)
    if (!g_cancellable_is_cancelled (vct_api_request_get_cancellable (l->data)))
      live = TRUE;
  g_mutex_unlock (&fake->lock);
  return live;
}

static void
test_superseded_before_sent (void)
{
  Fixture fx;
  VctApiRequest *request, *live = NULL;
  char *stale_json = vct_test_photos_json (1, 1);
  char *live_json = vct_test_photos_json (500, 5);

  table_fixture_setup (&fx);
  vct_table_model_reload_data (fx.model);
  vct_table_model_reload_data (fx.model);
  vct_table_model_reload_data (fx.model);
  run_until (NULL, live_request_pending, &fx.fake, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 50);
  g_assert_cmpint (fx.fake.n_calls, >=, 1);
  g_assert_cmpint (fx.fake.n_calls, <=, 3);

  /* Exactly one live request; the others (if sent at all) are cancelled. */
  while ((request = fake_api_pop (&fx.fake)) != NULL)
    {
      if (g_cancellable_is_cancelled (vct_api_request_get_cancellable (request)))
        vct_api_request_return_json (request, stale_json, -1);
      else
        {
          g_assert_null (live);
          live = request;
        }
    }
  g_assert_nonnull (live);
  iterate_for (NULL, 50);
  g_assert_cmpint (fx.rec.n_reloads, ==, 0);
  vct_api_request_return_json (live, live_json, -1);
  recorder_wait_done (&fx.rec, NULL, 1);
  iterate_for (NULL, 50);

  /* Every reload reported the title when it started; one result, the last one's. */
  g_assert_cmpint (fx.rec.n_titles, ==, 3);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  g_assert_cmpint (fx.rec.n_errors, ==, 0);
  g_assert_cmpstr (recorder_event (&fx.rec, 3), ==, "reload:5:500");
  g_assert_false (vct_table_model_is_loading (fx.model));

  g_free (stale_json);
  g_free (live_json);
  table_fixture_teardown (&fx);
}

/* The API's notify: once, after the last unref and the model's finalization. */
static void
test_api_notify_after_model (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model, *second_model;
  Recorder rec;
  char *json = vct_test_photos_json (1, 2);

  fake_api_init (&fake);
  fake.auto_json = json;
  recorder_init (&rec, g_thread_self ());
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  second_model = vct_table_model_new_with_manager (api);
  recorder_attach (&rec, model);

  /* The models keep the API alive after our last unref. */
  g_object_unref (api);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  iterate_for (NULL, 50);
  g_assert_cmpint (fake.notified, ==, 0);

  g_object_unref (model);
  iterate_for (NULL, 50);
  g_assert_cmpint (fake.notified, ==, 0); /* the second model still uses it */
  vct_table_model_reload_data (second_model);
  run_until (NULL, cond_not_loading, second_model, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fake.n_calls, ==, 2);

  g_object_unref (second_model);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 50);
  g_assert_cmpint (fake.notified, ==, 1);
  g_assert_cmpint (fake.n_calls, ==, 2);

  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

static void
test_api_notify_api_last (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  char *json = vct_test_photos_json (1, 2);

  fake_api_init (&fake);
  fake.auto_json = json;
  api = fake_api_new (&fake);
  g_assert_true (g_object_ref (api) == api);
  model = vct_table_model_new_with_manager (api);
  vct_table_model_reload_data (model);
  run_until (NULL, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  g_object_unref (model);
  g_object_unref (api);
  iterate_for (NULL, 50);
  g_assert_cmpint (fake.notified, ==, 0); /* one reference left */
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 50);
  g_assert_cmpint (fake.notified, ==, 1);

  /* An API no model ever used: notify at its last unref. */
  fake.notified = 0;
  api = fake_api_new (&fake);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fake.notified, ==, 1);
  g_assert_cmpint (fake.n_calls, ==, 1);

  fake_api_clear (&fake);
  g_free (json);
}

/* A request still pending when the model goes: the request is abandoned, its
 * cancellable cancelled; completing it afterwards is safe, even after the API's
 * notify ran; nothing is delivered. */
static void
test_api_notify_with_abandoned_request (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  Recorder rec;
  char *json = vct_test_photos_json (1, 2);

  fake_api_init (&fake);
  recorder_init (&rec, g_thread_self ());
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);

  g_object_unref (api);
  g_object_unref (model);
  run_until (NULL, cancellable_cancelled_cond, vct_api_request_get_cancellable (request),
             VCT_TEST_TIMEOUT_MS);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  vct_api_request_return_json (request, json, -1);
  iterate_for (NULL, 100);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  g_assert_cmpint (rec.n_errors, ==, 0);
  g_assert_cmpint (fake.notified, ==, 1);
  g_assert_cmpint (fake.n_calls, ==, 1);

  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/custom/get-photos/creating-thread", test_get_photos_on_creating_thread);
  g_test_add_func ("/custom/get-photos/api-context", test_get_photos_on_api_context);
  g_test_add_func ("/custom/get-photos/default-context", test_get_photos_default_context);
  g_test_add_func ("/custom/complete-from-worker", test_complete_from_worker);
  g_test_add_func ("/custom/return-json/length", test_return_json_length);
  g_test_add_func ("/custom/return-json/decoding-errors", test_decoding_errors);
  g_test_add_func ("/custom/return-error/vct-code", test_return_error_vct_code);
  g_test_add_func ("/custom/return-error/foreign-domain", test_return_error_foreign_domain);
  g_test_add_func ("/custom/superseded/cancellable", test_cancellable_superseded);
  g_test_add_func ("/custom/superseded/latest-wins", test_latest_wins);
  g_test_add_func ("/custom/superseded/before-sent", test_superseded_before_sent);
  g_test_add_func ("/custom/notify/after-model", test_api_notify_after_model);
  g_test_add_func ("/custom/notify/api-last", test_api_notify_api_last);
  g_test_add_func ("/custom/notify/abandoned-request", test_api_notify_with_abandoned_request);
  return vct_test_run ();
}
