/* test-model.c: VctTableModel reports, items, threads and loading state.
 *
 * Reports arrive later on the model's context (never inline), on the context's thread,
 * title first; items stay after an error; get_item pointers live until the next
 * delivered reload and g_object_ref keeps one longer.
 */
#include "common/vct-test.h"

#include <string.h>


typedef TableFixture Fixture;

/* The shared teardown, after checking that the model's last unref ran each notify once. */
static void
fixture_teardown (Fixture *fx)
{
  g_clear_object (&fx->model);
  g_assert_cmpint (fx->rec.n_title_notifies, ==, 1);
  g_assert_cmpint (fx->rec.n_reload_notifies, ==, 1);
  g_assert_cmpint (fx->rec.n_error_notifies, ==, 1);
  table_fixture_teardown (fx);
}

/* Reloads and completes the request with @n generated photos from id @first. */
static void
reload_with_photos (Fixture *fx, gint64 first, guint n)
{
  gint done = recorder_n_done (&fx->rec);
  char *json = vct_test_photos_json (first, n);
  VctApiRequest *request;

  vct_table_model_reload_data (fx->model);
  request = fake_api_wait_request (&fx->fake, NULL);
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx->rec, NULL, done + 1);
  g_free (json);
}

static void
reload_with_error (Fixture *fx, GQuark domain, gint code, const char *message)
{
  gint done = recorder_n_done (&fx->rec);
  GError *error = g_error_new_literal (domain, code, message);
  VctApiRequest *request;

  vct_table_model_reload_data (fx->model);
  request = fake_api_wait_request (&fx->fake, NULL);
  vct_api_request_return_error (request, error);
  g_error_free (error);
  recorder_wait_done (&fx->rec, NULL, done + 1);
}

/* ------------------------------------------------------------------ */

static void
test_title (void)
{
  Fixture fx;
  const char *title;

  table_fixture_setup (&fx);
  title = vct_table_model_get_title (fx.model);
  g_assert_cmpstr (title, ==, TITLE);
  g_assert_true (vct_table_model_get_title (fx.model) == title);
  reload_with_photos (&fx, 1, 2);
  g_assert_cmpstr (vct_table_model_get_title (fx.model), ==, TITLE);
  fixture_teardown (&fx);
}

static void
test_reports_success (void)
{
  Fixture fx;

  table_fixture_setup (&fx);
  reload_with_photos (&fx, 1, 3);
  g_assert_cmpuint (recorder_n_events (&fx.rec), ==, 2);
  g_assert_cmpstr (recorder_event (&fx.rec, 0), ==, "title:" TITLE);
  g_assert_cmpstr (recorder_event (&fx.rec, 1), ==, "reload:3:1");
  g_assert_cmpint (fx.rec.n_titles, ==, 1);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  g_assert_cmpint (fx.rec.n_errors, ==, 0);
  g_assert_cmpint (fx.rec.last_last_id, ==, 3);

  /* A second reload: the title is reset first again. */
  reload_with_photos (&fx, 10, 4);
  g_assert_cmpuint (recorder_n_events (&fx.rec), ==, 4);
  g_assert_cmpstr (recorder_event (&fx.rec, 2), ==, "title:" TITLE);
  g_assert_cmpstr (recorder_event (&fx.rec, 3), ==, "reload:4:10");
  fixture_teardown (&fx);
}

static void
test_reports_error (void)
{
  Fixture fx;
  GError *error;

  table_fixture_setup (&fx);
  reload_with_error (&fx, VCT_ERROR, VCT_ERROR_CONNECTION_FAILED, "The server is down.");
  g_assert_cmpuint (recorder_n_events (&fx.rec), ==, 2);
  g_assert_cmpstr (recorder_event (&fx.rec, 0), ==, "title:" TITLE);
  g_assert_cmpstr (recorder_event (&fx.rec, 1), ==, "error:" ERROR_PREFIX "The server is down.");
  g_assert_true (g_str_has_prefix (fx.rec.last_error, ERROR_PREFIX));
  g_assert_cmpstr (fx.rec.last_error, ==, ERROR_PREFIX "The server is down.");
  g_assert_cmpint (fx.rec.n_reloads, ==, 0);
  g_assert_cmpint (fx.rec.n_errors, ==, 1);

  error = vct_table_model_get_last_error (fx.model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_CONNECTION_FAILED);
  g_assert_cmpstr (error->message, ==, "The server is down.");
  g_error_free (error);

  /* A decoding failure reports through didError too, with the prefix. */
  {
    VctApiRequest *request;
    vct_table_model_reload_data (fx.model);
    request = fake_api_wait_request (&fx.fake, NULL);
    vct_api_request_return_json (request, "{\"not\": \"an array\"}", -1);
    recorder_wait_done (&fx.rec, NULL, 2);
    g_assert_cmpint (fx.rec.n_errors, ==, 2);
    g_assert_true (g_str_has_prefix (fx.rec.last_error, ERROR_PREFIX));
    g_assert_cmpuint (strlen (fx.rec.last_error), >, strlen (ERROR_PREFIX));
    error = vct_table_model_get_last_error (fx.model);
    g_assert_error (error, VCT_ERROR, VCT_ERROR_NOT_AN_ARRAY);
    g_error_free (error);
  }
  fixture_teardown (&fx);
}

static void
test_last_error_cleared_by_success (void)
{
  Fixture fx;
  GError *error;

  table_fixture_setup (&fx);
  g_assert_null (vct_table_model_get_last_error (fx.model));
  reload_with_error (&fx, VCT_ERROR, VCT_ERROR_MISSING_FIELD, "missing");
  error = vct_table_model_get_last_error (fx.model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_MISSING_FIELD);
  g_error_free (error);
  /* Each call returns a fresh copy. */
  error = vct_table_model_get_last_error (fx.model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_MISSING_FIELD);
  g_error_free (error);

  reload_with_photos (&fx, 1, 1);
  g_assert_null (vct_table_model_get_last_error (fx.model));
  fixture_teardown (&fx);
}

static void
test_user_selected_cell (void)
{
  Fixture fx;
  VctCellData *cell;
  gint titles;

  table_fixture_setup (&fx);
  reload_with_photos (&fx, 1, 5);
  titles = fx.rec.n_titles;
  cell = vct_table_model_get_item (fx.model, 3);
  g_assert_nonnull (cell);
  g_assert_cmpstr (vct_cell_data_get_title (cell), ==, "photo 4");

  vct_table_model_user_selected_cell (fx.model, cell);
  g_assert_cmpint (fx.rec.n_titles, ==, titles); /* not inline */
  wait_int_at_least (NULL, &fx.rec.n_titles, titles + 1);
  g_assert_cmpstr (fx.rec.last_title, ==, "photo 4");
  g_assert_cmpint (fx.rec.n_titles, ==, titles + 1);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  g_assert_cmpstr (recorder_event (&fx.rec, recorder_n_events (&fx.rec) - 1), ==, "title:photo 4");
  fixture_teardown (&fx);
}

typedef struct
{
  VctTableModel *model;
  VctCellData   *cell;
  gint           depth;
  gint           calls;
  gint           reentered;
  gint           owner_during_call;
} Reentrant;

static void
reentrant_title (const char *title, gpointer user_data)
{
  Reentrant *re = user_data;

  (void) title;
  if (re->depth > 0)
    re->reentered++;
  re->depth++;
  re->calls++;
  if (g_main_context_is_owner (g_main_context_default ()))
    re->owner_during_call++;
  if (re->calls == 1)
    {
      gint before = re->calls;
      /* We own the context here (we are inside its dispatch): still not inline. */
      vct_table_model_user_selected_cell (re->model, re->cell);
      vct_table_model_reload_data (re->model);
      g_assert_cmpint (re->calls, ==, before);
    }
  re->depth--;
}

static void
test_nothing_inline (void)
{
  Fixture fx;
  VctCellData *cell;
  VctApiRequest *request;
  Reentrant re = { 0 };
  Counter done = { 0 };
  char *json;

  table_fixture_setup (&fx);
  reload_with_photos (&fx, 1, 2);
  cell = g_object_ref (vct_table_model_get_item (fx.model, 1));
  g_assert_cmpint (fx.rec.n_titles, ==, 1);
  g_assert_cmpint (fx.fake.n_calls, ==, 1);

  /* The caller owns the context: reports are queued, not run inline. */
  g_assert_true (g_main_context_acquire (NULL));
  vct_table_model_reload_data (fx.model);
  vct_table_model_user_selected_cell (fx.model, cell);
  g_assert_cmpint (fx.rec.n_titles, ==, 1);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  g_assert_cmpuint (recorder_n_events (&fx.rec), ==, 2);
  g_assert_cmpint (fx.fake.n_calls, ==, 1); /* get_photos is not called inline either */
  g_main_context_release (NULL);

  request = fake_api_wait_request (&fx.fake, NULL);
  wait_int_at_least (NULL, &fx.rec.n_titles, 3);
  g_assert_cmpstr (recorder_event (&fx.rec, 2), ==, "title:" TITLE);
  g_assert_cmpstr (recorder_event (&fx.rec, 3), ==, "title:photo 2");
  json = vct_test_photos_json (1, 2);
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx.rec, NULL, 2);

  /* From inside a callback (dispatching, so owning the context): still queued. */
  re.model = fx.model;
  re.cell = cell;
  vct_table_model_set_did_update_navigation_title (fx.model, reentrant_title, &re, NULL);
  vct_table_model_set_did_reload_data (fx.model, counter_reload_func, &done, counter_notify);
  vct_table_model_user_selected_cell (fx.model, cell);
  wait_int_at_least (NULL, &re.calls, 3); /* the selection, then the nested selection and reload */
  request = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (request, json, -1);
  wait_int_at_least (NULL, &done.calls, 1);
  g_assert_cmpint (re.reentered, ==, 0);
  g_assert_cmpint (re.calls, ==, 3);
  g_assert_cmpint (re.owner_during_call, ==, 3);
  g_assert_cmpint (done.calls, ==, 1);

  recorder_attach (&fx.rec, fx.model);
  g_assert_cmpint (done.notified, ==, 1);
  /* The recorder's own notifies ran once when its callbacks were replaced above. */
  g_assert_cmpint (fx.rec.n_title_notifies, ==, 1);
  g_assert_cmpint (fx.rec.n_reload_notifies, ==, 1);
  fx.rec.n_title_notifies = 0;
  fx.rec.n_reload_notifies = 0;
  fx.rec.n_error_notifies = 0;
  g_object_unref (cell);
  g_free (json);
  fixture_teardown (&fx);
}

/* Callbacks run on the context's thread even when the I/O completes elsewhere. */
static void
test_callbacks_on_context_thread (void)
{
  char *json = vct_test_photos_json (1, 4);
  char *uri = vct_test_write_temp (json, -1, NULL);
  VctApi *api = vct_api_new_for_uri (uri);
  VctTableModel *model = vct_table_model_new_with_manager (api);
  Recorder rec;

  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  g_assert_cmpint (rec.n_reloads, ==, 1);
  g_assert_cmpint (rec.last_n_items, ==, 4);
  g_assert_cmpint (rec.n_titles, ==, 1);
  g_assert_cmpint (rec.wrong_thread, ==, 0);

  g_object_unref (model);
  g_object_unref (api);
  recorder_clear (&rec);
  g_free (uri);
  g_free (json);
}

/* A model made on a worker thread with its own pushed context reports on that
 * worker, while the main thread calls reload_data and user_selected_cell. */
typedef struct
{
  GMutex         lock;
  GCond          cond;
  char          *uri;
  VctTableModel *model;       /* published by the worker */
  GThread       *worker;
  GMainContext  *context;     /* the worker's */
  gint           main_done;   /* atomic: the main thread made its calls */
  gint           reloads;
  gint           titles;
  gint           wrong_thread;
  gint           delivered_outside_worker;
  gint64         first_id;
  char          *selected_title;
} WorkerModel;

static gboolean
worker_model_cond (gpointer data)
{
  WorkerModel *wm = data;
  return g_atomic_int_get (&wm->main_done) && g_atomic_int_get (&wm->titles) >= 2;
}

static gboolean
worker_reloaded_cond (gpointer data)
{
  return g_atomic_int_get (&((WorkerModel *) data)->reloads) >= 1;
}

static void
worker_title (const char *title, gpointer user_data)
{
  WorkerModel *wm = user_data;

  if (g_thread_self () != wm->worker)
    g_atomic_int_inc (&wm->wrong_thread);
  if (g_atomic_int_add (&wm->titles, 1) == 1)
    {
      g_free (wm->selected_title);
      wm->selected_title = g_strdup (title);
    }
}

static void
worker_reload (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  WorkerModel *wm = user_data;

  if (g_thread_self () != wm->worker)
    g_atomic_int_inc (&wm->wrong_thread);
  g_assert_cmpuint (n_items, ==, 6);
  wm->first_id = vct_cell_data_get_id (items[0]);
  g_atomic_int_inc (&wm->reloads);
}

static gpointer
worker_model_thread (gpointer data)
{
  WorkerModel *wm = data;
  GMainContext *context = g_main_context_new ();
  VctApi *api;
  VctTableModel *model;

  g_main_context_push_thread_default (context);
  api = vct_api_new_for_uri (wm->uri);
  model = vct_table_model_new_with_manager (api);
  g_object_unref (api);
  vct_table_model_set_did_update_navigation_title (model, worker_title, wm, NULL);
  vct_table_model_set_did_reload_data (model, worker_reload, wm, NULL);

  g_mutex_lock (&wm->lock);
  wm->model = model;
  wm->context = g_main_context_ref (context);
  g_cond_broadcast (&wm->cond);
  g_mutex_unlock (&wm->lock);

  /* Delivered here, by this thread iterating its own context. */
  run_until (context, worker_reloaded_cond, wm, VCT_TEST_TIMEOUT_MS);
  g_mutex_lock (&wm->lock);
  g_cond_broadcast (&wm->cond);
  g_mutex_unlock (&wm->lock);
  run_until (context, worker_model_cond, wm, VCT_TEST_TIMEOUT_MS);

  g_mutex_lock (&wm->lock);
  wm->model = NULL;
  g_mutex_unlock (&wm->lock);
  g_object_unref (model);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return NULL;
}

static void
test_worker_thread_context (void)
{
  char *json = vct_test_photos_json (7, 6);
  WorkerModel wm = { 0 };
  VctTableModel *model;
  VctCellData *cell;

  g_mutex_init (&wm.lock);
  g_cond_init (&wm.cond);
  wm.uri = vct_test_write_temp (json, -1, NULL);
  g_mutex_lock (&wm.lock);
  wm.worker = g_thread_new ("model-worker", worker_model_thread, &wm);
  while (wm.model == NULL)
    g_cond_wait (&wm.cond, &wm.lock);
  model = g_object_ref (wm.model);
  g_mutex_unlock (&wm.lock);

  vct_table_model_reload_data (model);
  /* Wait (without iterating anything) for the worker to see the reload delivered. */
  g_mutex_lock (&wm.lock);
  while (g_atomic_int_get (&wm.reloads) < 1)
    g_cond_wait (&wm.cond, &wm.lock);
  g_mutex_unlock (&wm.lock);
  /* get_item is for the model's context thread (the worker's), so the cell to select
   * comes from a model of our own, on this thread, over the same file. */
  {
    VctApi *api = vct_api_new_for_uri (wm.uri);
    VctTableModel *local = vct_table_model_new_with_manager (api);
    Counter c = { 0 };
    vct_table_model_set_did_reload_data (local, counter_reload_func, &c, NULL);
    vct_table_model_reload_data (local);
    wait_int_at_least (NULL, &c.calls, 1);
    cell = g_object_ref (vct_table_model_get_item (local, 2));
    g_object_unref (local);
    g_object_unref (api);
  }
  vct_table_model_user_selected_cell (model, cell);
  g_object_unref (cell);
  g_atomic_int_set (&wm.main_done, 1);
  g_main_context_wakeup (wm.context);
  g_object_unref (model);
  g_thread_join (wm.worker);

  g_assert_cmpint (wm.reloads, ==, 1);
  g_assert_cmpint (wm.titles, ==, 2);
  g_assert_cmpint (wm.first_id, ==, 7);
  g_assert_cmpstr (wm.selected_title, ==, "photo 9");
  g_assert_cmpint (wm.wrong_thread, ==, 0);

  g_free (wm.selected_title);
  g_main_context_unref (wm.context);
  g_free (wm.uri);
  g_free (json);
  g_mutex_clear (&wm.lock);
  g_cond_clear (&wm.cond);
}

static void
test_no_callback_skipped (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  Recorder rec;
  char *json = vct_test_photos_json (1, 3);

  fake_api_init (&fake);
  fake.auto_json = json;
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);

  /* No callback at all: every report is skipped, the items still arrive. */
  vct_table_model_reload_data (model);
  run_until (NULL, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  iterate_pending (NULL);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 3);

  /* Only a title and an error callback: the reload report is skipped. */
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_set_did_reload_data (model, NULL, NULL, NULL);
  g_assert_cmpint (rec.n_reload_notifies, ==, 1);
  vct_table_model_reload_data (model);
  wait_int_at_least (NULL, &rec.n_titles, 1);
  run_until (NULL, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 50);
  g_assert_cmpint (rec.n_titles, ==, 1);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  g_assert_cmpint (rec.n_errors, ==, 0);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 3);

  /* Setting the callback later does not replay the skipped report. */
  vct_table_model_set_did_reload_data (model, recorder_on_reload, &rec, NULL);
  iterate_for (NULL, 50);
  g_assert_cmpint (rec.n_reloads, ==, 0);

  /* No error callback: the error report is skipped, the title still comes. */
  vct_table_model_set_did_error (model, NULL, NULL, NULL);
  g_assert_cmpint (rec.n_error_notifies, ==, 1);
  fake.auto_json = NULL;
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  vct_api_request_return_json (request, "not json", -1);
  run_until (NULL, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 50);
  g_assert_cmpint (rec.n_titles, ==, 2);
  g_assert_cmpint (rec.n_errors, ==, 0);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  {
    GError *error = vct_table_model_get_last_error (model);
    g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_JSON);
    g_error_free (error);
  }

  g_object_unref (model);
  g_assert_cmpint (rec.n_title_notifies, ==, 1);
  g_assert_cmpint (rec.n_reload_notifies, ==, 1);
  g_assert_cmpint (rec.n_error_notifies, ==, 1);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

static void
test_items (void)
{
  Fixture fx;
  VctCellData *cell;

  table_fixture_setup (&fx);
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 0);
  g_assert_null (vct_table_model_get_item (fx.model, 0));

  reload_with_photos (&fx, 1, 120);
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 120);

  cell = vct_table_model_get_item (fx.model, 0);
  g_assert_nonnull (cell);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 1);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 1);
  g_assert_cmpstr (vct_cell_data_get_title (cell), ==, "photo 1");
  g_assert_cmpstr (vct_cell_data_get_url (cell), ==, "https://example.com/600/1.png");
  g_assert_cmpstr (vct_cell_data_get_thumbnail_url (cell), ==, "https://example.com/150/1.png");

  cell = vct_table_model_get_item (fx.model, 50);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 51);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 2);
  g_assert_cmpstr (vct_cell_data_get_title (cell), ==, "photo 51");

  cell = vct_table_model_get_item (fx.model, 119);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 120);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 3);
  g_assert_cmpstr (vct_cell_data_get_thumbnail_url (cell), ==, "https://example.com/150/120.png");

  /* Out of range: NULL, no critical (criticals are fatal in this program). */
  g_assert_null (vct_table_model_get_item (fx.model, 120));
  g_assert_null (vct_table_model_get_item (fx.model, G_MAXUINT));

  /* The getters' strings live as long as the cell. */
  g_assert_true (vct_cell_data_get_title (cell) == vct_cell_data_get_title (cell));
  fixture_teardown (&fx);
}

static void
test_items_unicode (void)
{
  Fixture fx;
  VctApiRequest *request;
  VctCellData *cell;
  const char *json =
    "[{\"albumId\": 9, \"id\": 42, \"title\": \"caf\\u00e9 \xe2\x98\x95 \\\"quoted\\\"\","
    " \"url\": \"u\", \"thumbnailUrl\": \"\", \"extra\": [1, 2]}]";

  table_fixture_setup (&fx);
  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx.rec, NULL, 1);
  g_assert_cmpint (fx.rec.n_reloads, ==, 1);
  cell = vct_table_model_get_item (fx.model, 0);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 42);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 9);
  g_assert_cmpstr (vct_cell_data_get_title (cell), ==, "caf\xc3\xa9 \xe2\x98\x95 \"quoted\"");
  g_assert_true (g_utf8_validate (vct_cell_data_get_title (cell), -1, NULL));
  g_assert_cmpstr (vct_cell_data_get_url (cell), ==, "u");
  g_assert_cmpstr (vct_cell_data_get_thumbnail_url (cell), ==, "");
  fixture_teardown (&fx);
}

static void
test_items_kept_after_error (void)
{
  Fixture fx;

  table_fixture_setup (&fx);
  reload_with_photos (&fx, 11, 5);
  reload_with_error (&fx, VCT_ERROR, VCT_ERROR_HTTP_STATUS, "HTTP 500");
  g_assert_cmpint (fx.rec.n_errors, ==, 1);
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 5);
  g_assert_cmpint (vct_cell_data_get_id (vct_table_model_get_item (fx.model, 0)), ==, 11);
  g_assert_cmpint (vct_cell_data_get_id (vct_table_model_get_item (fx.model, 4)), ==, 15);
  g_assert_null (vct_table_model_get_item (fx.model, 5));
  fixture_teardown (&fx);
}

static void
test_item_lifetime (void)
{
  Fixture fx;
  VctCellData *borrowed, *kept;
  VctApiRequest *request;
  char *json;

  table_fixture_setup (&fx);
  reload_with_photos (&fx, 1, 3);
  borrowed = vct_table_model_get_item (fx.model, 1);
  kept = vct_table_model_get_item (fx.model, 2);
  g_assert_true (g_object_ref (kept) == kept);

  /* A reload in flight does not touch the delivered items. */
  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  g_assert_cmpstr (vct_cell_data_get_title (borrowed), ==, "photo 2");
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 3);

  json = vct_test_photos_json (100, 2);
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx.rec, NULL, 2);
  g_assert_cmpuint (vct_table_model_get_n_items (fx.model), ==, 2);
  g_assert_cmpint (vct_cell_data_get_id (vct_table_model_get_item (fx.model, 0)), ==, 100);

  /* The referenced cell outlives the reload that replaced it. */
  g_assert_cmpint (vct_cell_data_get_id (kept), ==, 3);
  g_assert_cmpint (vct_cell_data_get_album_id (kept), ==, 1);
  g_assert_cmpstr (vct_cell_data_get_title (kept), ==, "photo 3");
  g_assert_cmpstr (vct_cell_data_get_url (kept), ==, "https://example.com/600/3.png");
  g_assert_cmpstr (vct_cell_data_get_thumbnail_url (kept), ==, "https://example.com/150/3.png");

  /* ... and can still be selected: the title it reports is its own. */
  vct_table_model_user_selected_cell (fx.model, kept);
  wait_int_at_least (NULL, &fx.rec.n_titles, 3);
  g_assert_cmpstr (fx.rec.last_title, ==, "photo 3");

  /* Another reference from another thread's point of view: ref/unref balance. */
  g_object_ref (kept);
  g_object_unref (kept);
  g_object_unref (kept);
  g_free (json);
  fixture_teardown (&fx);
}

/* Inside the callbacks the getters already show the delivered state. */
typedef struct
{
  VctTableModel *model;
  gint           reloads;
  gint           errors;
  gint           mismatches;
  gint           last_error_code;
} StateProbe;

static void
probe_reload (VctCellData *const *items, gsize n_items, gpointer data)
{
  StateProbe *p = data;
  GError *error = vct_table_model_get_last_error (p->model);

  p->reloads++;
  if (vct_table_model_get_n_items (p->model) != n_items || error != NULL)
    p->mismatches++;
  for (gsize i = 0; i < n_items; i++)
    if (vct_cell_data_get_id (vct_table_model_get_item (p->model, (guint) i)) != vct_cell_data_get_id (items[i]))
      p->mismatches++;
  if (vct_table_model_get_item (p->model, (guint) n_items) != NULL)
    p->mismatches++;
  g_clear_error (&error);
}

static void
probe_error (const char *message, gpointer data)
{
  StateProbe *p = data;
  GError *error = vct_table_model_get_last_error (p->model);

  (void) message;
  p->errors++;
  p->last_error_code = error != NULL && error->domain == VCT_ERROR ? error->code : -1;
  g_clear_error (&error);
}

static void
test_state_in_callbacks (void)
{
  Fixture fx;
  StateProbe probe = { 0 };
  VctApiRequest *request;
  GError *error;
  char *json = vct_test_photos_json (4, 6);

  table_fixture_setup (&fx);
  probe.model = fx.model;
  vct_table_model_set_did_reload_data (fx.model, probe_reload, &probe, NULL);
  vct_table_model_set_did_error (fx.model, probe_error, &probe, NULL);
  fx.rec.n_reload_notifies = fx.rec.n_error_notifies = 0;

  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (request, json, -1);
  wait_int_at_least (NULL, &probe.reloads, 1);
  g_assert_cmpint (probe.mismatches, ==, 0);

  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  error = g_error_new_literal (VCT_ERROR, VCT_ERROR_BODY_TOO_LARGE, "big");
  vct_api_request_return_error (request, error);
  g_error_free (error);
  wait_int_at_least (NULL, &probe.errors, 1);
  g_assert_cmpint (probe.last_error_code, ==, VCT_ERROR_BODY_TOO_LARGE);

  /* And back: inside didReloadData the last error is already cleared. */
  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (request, json, -1);
  wait_int_at_least (NULL, &probe.reloads, 2);
  g_assert_cmpint (probe.mismatches, ==, 0);

  recorder_attach (&fx.rec, fx.model);
  fx.rec.n_title_notifies = fx.rec.n_reload_notifies = fx.rec.n_error_notifies = 0;
  g_free (json);
  fixture_teardown (&fx);
}

static void
test_is_loading (void)
{
  Fixture fx;
  VctApiRequest *request, *first;
  char *json = vct_test_photos_json (1, 2);
  GError *error;

  table_fixture_setup (&fx);
  g_assert_false (vct_table_model_is_loading (fx.model));

  vct_table_model_reload_data (fx.model);
  g_assert_true (vct_table_model_is_loading (fx.model));
  request = fake_api_wait_request (&fx.fake, NULL);
  g_assert_true (vct_table_model_is_loading (fx.model));
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx.rec, NULL, 1);
  g_assert_false (vct_table_model_is_loading (fx.model));

  /* Failure: loading until the error is delivered. */
  vct_table_model_reload_data (fx.model);
  g_assert_true (vct_table_model_is_loading (fx.model));
  request = fake_api_wait_request (&fx.fake, NULL);
  error = g_error_new_literal (VCT_ERROR, VCT_ERROR_FAILED, "nope");
  vct_api_request_return_error (request, error);
  g_error_free (error);
  recorder_wait_done (&fx.rec, NULL, 2);
  g_assert_false (vct_table_model_is_loading (fx.model));

  /* Superseded: still loading (the second reload) until the second is delivered. */
  vct_table_model_reload_data (fx.model);
  first = fake_api_wait_request (&fx.fake, NULL);
  vct_table_model_reload_data (fx.model);
  g_assert_true (vct_table_model_is_loading (fx.model));
  request = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (first, json, -1);
  iterate_for (NULL, 50);
  g_assert_true (vct_table_model_is_loading (fx.model));
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx.rec, NULL, 3);
  g_assert_false (vct_table_model_is_loading (fx.model));
  g_free (json);
  fixture_teardown (&fx);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/model/title", test_title);
  g_test_add_func ("/model/reports/success", test_reports_success);
  g_test_add_func ("/model/reports/error", test_reports_error);
  g_test_add_func ("/model/reports/no-callback-skipped", test_no_callback_skipped);
  g_test_add_func ("/model/last-error/cleared-by-success", test_last_error_cleared_by_success);
  g_test_add_func ("/model/user-selected-cell", test_user_selected_cell);
  g_test_add_func ("/model/nothing-inline", test_nothing_inline);
  g_test_add_func ("/model/threads/context-thread", test_callbacks_on_context_thread);
  g_test_add_func ("/model/threads/worker-context", test_worker_thread_context);
  g_test_add_func ("/model/items/values", test_items);
  g_test_add_func ("/model/items/unicode", test_items_unicode);
  g_test_add_func ("/model/items/kept-after-error", test_items_kept_after_error);
  g_test_add_func ("/model/items/lifetime", test_item_lifetime);
  g_test_add_func ("/model/is-loading", test_is_loading);
  g_test_add_func ("/model/state-in-callbacks", test_state_in_callbacks);
  return vct_test_run ();
}
