/* test-null.c: NULL for every pointer argument that may not be NULL.
 *
 * Each such call logs GLib's usual critical in the "VCTable" log domain
 * ("<function>: assertion '<expr>' failed") and returns a safe value without crashing.
 */
#include "common/vct-test.h"

/* Expects exactly one "VCTable" critical from @function about a failed assertion. */
#define EXPECT_CRITICAL(function) \
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*" function "*assertion*failed*")

static void
test_api_functions (void)
{
  GError *error = NULL;
  FakeApi fake;

  EXPECT_CRITICAL ("vct_api_new_for_uri");
  g_assert_null (vct_api_new_for_uri (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_api_new_for_uri_full");
  g_assert_null (vct_api_new_for_uri_full (NULL, 0, 0, &error));
  g_test_assert_expected_messages ();
  g_assert_no_error (error); /* a programming error, not a GError */

  fake_api_init (&fake);
  EXPECT_CRITICAL ("vct_api_new_custom");
  g_assert_null (vct_api_new_custom (NULL, &fake, NULL));
  g_test_assert_expected_messages ();
  fake_api_clear (&fake);

  EXPECT_CRITICAL ("vct_api_request_get_cancellable");
  g_assert_null (vct_api_request_get_cancellable (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_api_request_return_json");
  vct_api_request_return_json (NULL, "[]", -1);
  g_test_assert_expected_messages ();

  error = g_error_new_literal (VCT_ERROR, VCT_ERROR_FAILED, "x");
  EXPECT_CRITICAL ("vct_api_request_return_error");
  vct_api_request_return_error (NULL, error);
  g_test_assert_expected_messages ();
  g_error_free (error);
}

/* A request completed with NULL json or a NULL error: a critical, and the request
 * still completes (as a failure), so the reload ends and nothing leaks. */
static void
test_request_null_payload (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  Recorder rec;
  GError *error;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  EXPECT_CRITICAL ("vct_api_request_return_json");
  vct_api_request_return_json (request, NULL, -1);
  g_test_assert_expected_messages ();
  recorder_wait_done (&rec, NULL, 1);
  g_assert_cmpint (rec.n_errors, ==, 1);
  g_assert_cmpint (rec.n_reloads, ==, 0);
  g_assert_true (g_str_has_prefix (rec.last_error, "An Error Occurred\n\n"));
  error = vct_table_model_get_last_error (model);
  g_assert_nonnull (error);
  g_assert_true (error->domain == VCT_ERROR);
  g_error_free (error);

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  EXPECT_CRITICAL ("vct_api_request_return_json");
  vct_api_request_return_json (request, NULL, 10);
  g_test_assert_expected_messages ();
  recorder_wait_done (&rec, NULL, 2);
  g_assert_cmpint (rec.n_errors, ==, 2);

  /* NULL with length 0 is an empty document, not a programming error. */
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  vct_api_request_return_json (request, NULL, 0);
  recorder_wait_done (&rec, NULL, 3);
  error = vct_table_model_get_last_error (model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_EMPTY_RESPONSE);
  g_error_free (error);

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  EXPECT_CRITICAL ("vct_api_request_return_error");
  vct_api_request_return_error (request, NULL);
  g_test_assert_expected_messages ();
  recorder_wait_done (&rec, NULL, 4);
  g_assert_cmpint (rec.n_errors, ==, 4);
  error = vct_table_model_get_last_error (model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_FAILED);
  g_error_free (error);

  g_object_unref (model);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
}

static void
test_cell_functions (void)
{
  EXPECT_CRITICAL ("vct_cell_data_get_id");
  g_assert_cmpint (vct_cell_data_get_id (NULL), ==, 0);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_cell_data_get_album_id");
  g_assert_cmpint (vct_cell_data_get_album_id (NULL), ==, 0);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_cell_data_get_title");
  g_assert_null (vct_cell_data_get_title (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_cell_data_get_url");
  g_assert_null (vct_cell_data_get_url (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_cell_data_get_thumbnail_url");
  g_assert_null (vct_cell_data_get_thumbnail_url (NULL));
  g_test_assert_expected_messages ();
}

static void
ignore_text (const char *text, gpointer data)
{
  (void) text;
  (void) data;
}

static void
ignore_reload (VctCellData *const *items, gsize n_items, gpointer data)
{
  (void) items;
  (void) n_items;
  (void) data;
}

static void
test_model_functions (void)
{
  EXPECT_CRITICAL ("vct_table_model_new_with_manager");
  g_assert_null (vct_table_model_new_with_manager (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_get_title");
  g_assert_null (vct_table_model_get_title (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_reload_data");
  vct_table_model_reload_data (NULL);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_get_n_items");
  g_assert_cmpuint (vct_table_model_get_n_items (NULL), ==, 0);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_get_item");
  g_assert_null (vct_table_model_get_item (NULL, 0));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_is_loading");
  g_assert_false (vct_table_model_is_loading (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_get_last_error");
  g_assert_null (vct_table_model_get_last_error (NULL));
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_set_did_reload_data");
  vct_table_model_set_did_reload_data (NULL, ignore_reload, NULL, NULL);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_set_did_error");
  vct_table_model_set_did_error (NULL, ignore_text, NULL, NULL);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_set_did_update_navigation_title");
  vct_table_model_set_did_update_navigation_title (NULL, ignore_text, NULL, NULL);
  g_test_assert_expected_messages ();
}

/* user_selected_cell with a NULL model or a NULL cell: a critical, nothing reported. */
static void
test_user_selected_cell (void)
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
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  cell = vct_table_model_get_item (model, 0);

  EXPECT_CRITICAL ("vct_table_model_user_selected_cell");
  vct_table_model_user_selected_cell (NULL, cell);
  g_test_assert_expected_messages ();

  EXPECT_CRITICAL ("vct_table_model_user_selected_cell");
  vct_table_model_user_selected_cell (model, NULL);
  g_test_assert_expected_messages ();

  iterate_for (NULL, 50);
  g_assert_cmpint (rec.n_titles, ==, 1);

  g_object_unref (model);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_free (json);
}

/* Objects made with g_object_new() alone (as `Vct.FeedModel()` does in Python) have no
 * core: every function logs a critical and answers a safe value, and nothing crashes. */
static void
test_bare_objects (void)
{
  VctFeedModel *feed = g_object_new (VCT_TYPE_FEED_MODEL, NULL);
  VctSongPickerModel *picker = g_object_new (VCT_TYPE_SONG_PICKER_MODEL, NULL);
  VctFeedService *feed_service = g_object_new (VCT_TYPE_FEED_SERVICE, NULL);
  VctSongService *song_service = g_object_new (VCT_TYPE_SONG_SERVICE, NULL);
  VctApi *api = g_object_new (VCT_TYPE_API, NULL);
  VctApiRequest *request = g_object_new (VCT_TYPE_API_REQUEST, NULL);

  EXPECT_CRITICAL ("vct_feed_model_dup_title");
  g_assert_null (vct_feed_model_dup_title (feed));
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_feed_model_reload");
  vct_feed_model_reload (feed);
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_song_picker_model_next");
  g_assert_false (vct_song_picker_model_next (picker));
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_song_picker_model_get_list");
  g_assert_null (vct_song_picker_model_get_list (picker));
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_feed_model_new");
  g_assert_null (vct_feed_model_new (feed_service));
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_song_picker_model_new");
  g_assert_null (vct_song_picker_model_new (song_service));
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_table_model_new_with_manager");
  g_assert_null (vct_table_model_new_with_manager (api));
  g_test_assert_expected_messages ();
  EXPECT_CRITICAL ("vct_api_request_get_cancellable");
  g_assert_null (vct_api_request_get_cancellable (request));
  g_test_assert_expected_messages ();

  g_object_unref (request);
  g_object_unref (api);
  g_object_unref (song_service);
  g_object_unref (feed_service);
  g_object_unref (picker);
  g_object_unref (feed);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/null/api", test_api_functions);
  g_test_add_func ("/null/request-payload", test_request_null_payload);
  g_test_add_func ("/null/cell", test_cell_functions);
  g_test_add_func ("/null/model", test_model_functions);
  g_test_add_func ("/null/user-selected-cell", test_user_selected_cell);
  g_test_add_func ("/null/bare-objects", test_bare_objects);
  return vct_test_run ();
}
