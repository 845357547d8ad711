/* test-lifecycle.c: references, the last unref and g_autoptr.
 *
 * The last g_object_unref of a model finalizes it at once: the request is cancelled,
 * nothing is delivered afterwards, every notify has run when it returns (a callback that
 * unrefs from inside itself gets its own notify as it returns); an abandoned custom
 * request can still be completed.
 */
#include "common/vct-test.h"

#include <string.h>


static gboolean
all_notified (Recorder *rec)
{
  return rec->n_title_notifies == 1 && rec->n_reload_notifies == 1 && rec->n_error_notifies == 1;
}

static void
test_unref_in_flight_custom (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  GCancellable *cancellable;
  Recorder rec;
  char *json = vct_test_photos_json (1, 3);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  wait_int_at_least (NULL, &rec.n_titles, 1);
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));

  g_object_unref (model);
  /* Right after the call, before any iteration. */
  g_assert_true (all_notified (&rec));
  g_assert_true (g_cancellable_is_cancelled (cancellable));

  /* The abandoned request can still be completed; nothing is delivered. */
  vct_api_request_return_json (request, json, -1);
  iterate_for (NULL, 200);
  g_assert_cmpint (rec.n_titles, ==, 1);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  g_assert_cmpint (rec.n_errors, ==, 0);
  g_assert_cmpuint (recorder_n_events (&rec), ==, 1);
  g_assert_true (all_notified (&rec));

  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fake.n_calls, ==, 1);
  g_object_unref (cancellable);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

/* The same with an error completion, from another thread. */
static gpointer
return_error_thread (gpointer request)
{
  GError *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "too late");
  vct_api_request_return_error (request, error);
  g_error_free (error);
  return NULL;
}

static void
test_unref_in_flight_error_from_thread (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  Recorder rec;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  g_object_unref (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  g_object_unref (model);
  g_assert_true (all_notified (&rec));
  g_thread_join (g_thread_new ("late", return_error_thread, request));
  iterate_for (NULL, 150);
  g_assert_cmpint (rec.n_errors, ==, 0);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
}

/* Reload through a file and unref before the loop ever runs: not even the queued
 * title is delivered. */
static void
test_unref_before_iterating (void)
{
  char *json = vct_test_photos_json (1, 3);
  char *uri = vct_test_write_temp (json, -1, NULL);
  VctApi *api = vct_api_new_for_uri (uri);
  VctTableModel *model = vct_table_model_new_with_manager (api);
  Recorder rec;

  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  g_object_unref (model);
  g_assert_true (all_notified (&rec));
  iterate_for (NULL, 300);
  g_assert_cmpuint (recorder_n_events (&rec), ==, 0);

  g_object_unref (api);
  recorder_clear (&rec);
  g_free (uri);
  g_free (json);
}

/* Unref while the result is already queued on the context. */
static void
test_unref_with_result_queued (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  GMainContext *context = g_main_context_new ();
  Recorder rec;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  g_main_context_push_thread_default (context);
  model = vct_table_model_new_with_manager (api);
  g_main_context_pop_thread_default (context);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  wait_int_at_least (context, &rec.n_titles, 1);
  iterate_pending (context);
  vct_api_request_return_json (request, "[]", -1);
  wait_until_pending (context);
  g_object_unref (model);
  g_assert_true (all_notified (&rec));
  iterate_for (context, 100);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  g_assert_cmpuint (recorder_n_events (&rec), ==, 1);

  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_main_context_unref (context);
  recorder_clear (&rec);
  fake_api_clear (&fake);
}

/* Unref (the last reference) from inside each kind of callback. */
typedef struct
{
  VctTableModel *model;
  Recorder      *rec;
  gint           calls;
  gint           own_notified_inside;
  gint           others_notified_inside;
  gint64         id_after_unref;
  gint           own_notified;
} InsideUnref;

static void
inside_unref_notify (gpointer data)
{
  ((InsideUnref *) data)->own_notified++;
}

static void
inside_unref_reload (VctCellData *const *items, gsize n_items, gpointer data)
{
  InsideUnref *u = data;

  u->calls++;
  g_clear_object (&u->model);
  u->own_notified_inside = u->own_notified;
  u->others_notified_inside = u->rec->n_title_notifies + u->rec->n_error_notifies;
  /* The items are valid during the call, even now. */
  g_assert_cmpuint (n_items, ==, 2);
  u->id_after_unref = vct_cell_data_get_id (items[1]);
}

static void
inside_unref_text (const char *text, gpointer data)
{
  InsideUnref *u = data;

  u->calls++;
  g_clear_object (&u->model);
  u->own_notified_inside = u->own_notified;
  u->others_notified_inside = u->rec->n_title_notifies + u->rec->n_reload_notifies +
                              u->rec->n_error_notifies;
  /* The text is valid during the call. */
  u->id_after_unref = (gint64) strlen (text);
}

static void
test_unref_inside_reload (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  Recorder rec;
  InsideUnref u = { 0 };
  char *json = vct_test_photos_json (8, 2);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  u.model = model;
  u.rec = &rec;
  vct_table_model_set_did_reload_data (model, inside_unref_reload, &u, inside_unref_notify);
  g_assert_cmpint (rec.n_reload_notifies, ==, 1);
  rec.n_reload_notifies = 0;

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  vct_api_request_return_json (request, json, -1);
  wait_int_at_least (NULL, &u.calls, 1);
  g_assert_null (u.model);
  g_assert_cmpint (u.own_notified_inside, ==, 0);   /* its own: as it returns */
  g_assert_cmpint (u.others_notified_inside, ==, 2); /* the others: at the unref */
  g_assert_cmpint (u.own_notified, ==, 1);
  g_assert_cmpint (u.id_after_unref, ==, 9);
  iterate_for (NULL, 100);
  g_assert_cmpint (u.calls, ==, 1);
  g_assert_cmpint (u.own_notified, ==, 1);

  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

/* Unref from inside the title callback with a reload in flight: the reload is
 * abandoned and nothing else is delivered. */
static void
test_unref_inside_title (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  Recorder rec;
  InsideUnref u = { 0 };
  VctApiRequest *request;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  u.model = model;
  u.rec = &rec;
  vct_table_model_set_did_update_navigation_title (model, inside_unref_text, &u, inside_unref_notify);
  rec.n_title_notifies = 0;

  vct_table_model_reload_data (model);
  wait_int_at_least (NULL, &u.calls, 1);
  g_assert_cmpint (u.own_notified_inside, ==, 0);
  g_assert_cmpint (u.others_notified_inside, ==, 2);
  g_assert_cmpint (u.own_notified, ==, 1);
  g_assert_cmpint (u.id_after_unref, ==, (gint64) strlen (TITLE));

  /* get_photos may or may not have been called before the unref; complete any. */
  iterate_for (NULL, 100);
  while ((request = fake_api_pop (&fake)) != NULL)
    vct_api_request_return_json (request, "[]", -1);
  iterate_for (NULL, 100);
  g_assert_cmpint (u.calls, ==, 1);
  g_assert_cmpint (rec.n_reloads + rec.n_errors, ==, 0);

  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
}

static void
test_ref_unref_counts (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctCellData *cell;
  Recorder rec;
  char *json = vct_test_photos_json (1, 1);

  fake_api_init (&fake);
  fake.auto_json = json;
  api = fake_api_new (&fake);
  g_assert_true (g_object_ref (api) == api);
  g_assert_true (g_object_ref (api) == api);
  g_object_unref (api);
  g_object_unref (api);

  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  g_assert_true (g_object_ref (model) == model);
  g_assert_true (g_object_ref (model) == model);

  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  cell = vct_table_model_get_item (model, 0);
  g_assert_true (g_object_ref (cell) == cell);
  g_assert_true (g_object_ref (cell) == cell);
  g_object_unref (cell);

  /* Two extra model references: not finalized until the third unref. */
  g_object_unref (model);
  g_object_unref (model);
  g_assert_cmpint (rec.n_title_notifies + rec.n_reload_notifies + rec.n_error_notifies, ==, 0);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 2);
  g_object_unref (model);
  g_assert_true (all_notified (&rec));

  /* The cell outlives its model. */
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 1);
  g_assert_cmpstr (vct_cell_data_get_title (cell), ==, "photo 1");
  g_object_unref (cell);

  /* The API was kept by the model; our own reference is the last one now. */
  iterate_for (NULL, 30);
  g_assert_cmpint (fake.notified, ==, 0);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fake.notified, ==, 1);

  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

static void
test_autoptr (void)
{
  FakeApi fake;
  Recorder rec;
  char *json = vct_test_photos_json (1, 2);

  fake_api_init (&fake);
  fake.auto_json = json;
  recorder_init (&rec, g_thread_self ());
  {
    g_autoptr (VctApi) api = fake_api_new (&fake);
    g_autoptr (VctTableModel) model = vct_table_model_new_with_manager (api);
    g_autoptr (VctCellData) cell = NULL;
    g_autoptr (VctApi) none_api = NULL;
    g_autoptr (VctTableModel) none_model = NULL;

    recorder_attach (&rec, model);
    vct_table_model_reload_data (model);
    recorder_wait_done (&rec, NULL, 1);
    cell = g_object_ref (vct_table_model_get_item (model, 1));
    g_assert_cmpint (vct_cell_data_get_id (cell), ==, 2);
    (void) none_api;
    (void) none_model;
  }
  g_assert_true (all_notified (&rec));
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

/* Refs and unrefs from another thread while the model lives on this one. */
static gpointer
unref_thread (gpointer model)
{
  g_object_unref (model);
  return NULL;
}

static void
test_last_unref_on_other_thread (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  Recorder rec;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);

  g_thread_join (g_thread_new ("unref", unref_thread, model));
  g_assert_true (all_notified (&rec));
  vct_api_request_return_json (request, "[]", -1);
  iterate_for (NULL, 100);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  g_assert_cmpint (rec.wrong_thread, ==, 0);

  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/lifecycle/unref/in-flight-custom", test_unref_in_flight_custom);
  g_test_add_func ("/lifecycle/unref/in-flight-error-from-thread", test_unref_in_flight_error_from_thread);
  g_test_add_func ("/lifecycle/unref/before-iterating", test_unref_before_iterating);
  g_test_add_func ("/lifecycle/unref/result-queued", test_unref_with_result_queued);
  g_test_add_func ("/lifecycle/unref/inside-reload", test_unref_inside_reload);
  g_test_add_func ("/lifecycle/unref/inside-title", test_unref_inside_title);
  g_test_add_func ("/lifecycle/unref/other-thread", test_last_unref_on_other_thread);
  g_test_add_func ("/lifecycle/ref-unref-counts", test_ref_unref_counts);
  g_test_add_func ("/lifecycle/autoptr", test_autoptr);
  return vct_test_run ();
}
