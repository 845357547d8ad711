/* test-factory.c: vct_table_model_factory_instance.
 *
 * With VCTABLE_PHOTOS_URL unset it loads the fixture bundled with the library (5000
 * records, 50 per album), compiled into it as a GResource: run.sh runs this program
 * from outside the source tree, and runs /factory/relocated-prefix against a copy of
 * the prefix's lib/ alone moved elsewhere (VCT_TEST_RELOCATED), which proves the
 * library needs nothing installed beside it (not share/vctable/, not the source tree).
 * With VCTABLE_PHOTOS_URL set to a file:// URI or an absolute path it loads that. Every case runs in a subprocess (g_test_trap_subprocess), so environment
 * changes stay there.
 */
#include "common/vct-test.h"

#define ENV "VCTABLE_PHOTOS_URL"

static GError *
reload_factory (Recorder *rec, VctTableModel **model_out)
{
  VctTableModel *model = vct_table_model_factory_instance ();

  g_assert_nonnull (model);
  g_assert_cmpstr (vct_table_model_get_title (model), ==, TITLE);
  recorder_init (rec, g_thread_self ());
  recorder_attach (rec, model);
  vct_table_model_reload_data (model);
  g_assert_true (vct_table_model_is_loading (model));
  recorder_wait_done (rec, NULL, 1);
  g_assert_cmpint (rec->wrong_thread, ==, 0);
  g_assert_cmpstr (recorder_event (rec, 0), ==, "title:" TITLE);
  *model_out = model;
  return vct_table_model_get_last_error (model);
}

/* The fixture a factory model must load: the bundled one (5000 records, 50 per album). */
static void
check_fixture (void)
{
  const gint64 first_id = 1;
  const guint count = 5000;
  VctTableModel *model;
  VctCellData *cell;
  Recorder rec;
  GError *error;

  g_unsetenv (ENV);
  error = reload_factory (&rec, &model);
  g_assert_no_error (error);
  g_assert_cmpint (rec.n_reloads, ==, 1);
  g_assert_cmpuint (rec.last_n_items, ==, count);
  g_assert_cmpint (rec.last_first_id, ==, first_id);
  g_assert_cmpint (rec.last_last_id, ==, first_id + count - 1);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, count);

  cell = vct_table_model_get_item (model, 0);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, first_id);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, (first_id - 1) / 50 + 1);
  g_assert_cmpstr (vct_cell_data_get_title (cell), !=, "");
  /* The fixture's images are compiled into the library too (test-fixture-images.c). */
  g_assert_true (g_str_has_prefix (vct_cell_data_get_url (cell), "resource:///org/vctable/VCTable/images/photos/"));
  g_assert_true (g_str_has_prefix (vct_cell_data_get_thumbnail_url (cell), "resource:///org/vctable/VCTable/images/thumbnails/"));
  g_assert_null (vct_table_model_get_item (model, count));

  /* 5000 records, 50 per album. */
  cell = vct_table_model_get_item (model, 49);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 50);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 1);
  cell = vct_table_model_get_item (model, 50);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 51);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 2);
  cell = vct_table_model_get_item (model, 4999);
  g_assert_cmpint (vct_cell_data_get_id (cell), ==, 5000);
  g_assert_cmpint (vct_cell_data_get_album_id (cell), ==, 100);

  /* Selecting a row reports its title. */
  cell = vct_table_model_get_item (model, count / 2);
  vct_table_model_user_selected_cell (model, cell);
  wait_int_at_least (NULL, &rec.n_titles, 2);
  g_assert_cmpstr (rec.last_title, ==, vct_cell_data_get_title (cell));

  g_object_unref (model);
  recorder_clear (&rec);
}

static void
installed_fixture_body (void)
{
  check_fixture ();
}

static void
env_file_uri_body (void)
{
  char *json = vct_test_photos_json (300, 7);
  char *uri = vct_test_write_temp (json, -1, NULL);
  VctTableModel *model;
  Recorder rec;
  GError *error;

  g_assert_true (g_setenv (ENV, uri, TRUE));
  error = reload_factory (&rec, &model);
  g_assert_no_error (error);
  g_assert_cmpuint (rec.last_n_items, ==, 7);
  g_assert_cmpint (rec.last_first_id, ==, 300);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 7);
  g_assert_cmpint (vct_cell_data_get_album_id (vct_table_model_get_item (model, 0)), ==, 6);
  g_object_unref (model);
  recorder_clear (&rec);
  g_free (uri);
  g_free (json);
}

static void
env_absolute_path_body (void)
{
  char *json = vct_test_photos_json (77, 3);
  char *path = NULL;
  char *uri = vct_test_write_temp (json, -1, &path);
  VctTableModel *model;
  Recorder rec;
  GError *error;

  g_assert_true (g_path_is_absolute (path));
  g_assert_true (g_setenv (ENV, path, TRUE));
  error = reload_factory (&rec, &model);
  g_assert_no_error (error);
  g_assert_cmpuint (rec.last_n_items, ==, 3);
  g_assert_cmpint (rec.last_first_id, ==, 77);
  g_object_unref (model);
  recorder_clear (&rec);
  g_free (uri);
  g_free (path);
  g_free (json);
}

static void
env_missing_file_body (void)
{
  char *uri = vct_test_missing_uri ();
  VctTableModel *model;
  Recorder rec;
  GError *error;

  g_assert_true (g_setenv (ENV, uri, TRUE));
  error = reload_factory (&rec, &model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_FILE_UNREADABLE);
  g_assert_cmpint (rec.n_errors, ==, 1);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 0);
  g_error_free (error);
  g_object_unref (model);
  recorder_clear (&rec);
  g_free (uri);
}

static void
env_invalid_uri_body (void)
{
  VctTableModel *model;
  Recorder rec;
  GError *error;

  g_assert_true (g_setenv (ENV, "ftp://example.com/photos.json", TRUE));
  error = reload_factory (&rec, &model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_URI);
  g_assert_true (g_str_has_prefix (rec.last_error, "An Error Occurred\n\n"));
  g_error_free (error);
  g_object_unref (model);
  recorder_clear (&rec);
}

/* The environment is read when the factory runs: a model made before a change keeps
 * its API. */
static void
env_read_at_creation_body (void)
{
  char *json_a = vct_test_photos_json (1, 2);
  char *json_b = vct_test_photos_json (1000, 4);
  char *uri_a = vct_test_write_temp (json_a, -1, NULL);
  char *uri_b = vct_test_write_temp (json_b, -1, NULL);
  VctTableModel *a, *b;
  Recorder ra, rb;
  GError *error;

  g_assert_true (g_setenv (ENV, uri_a, TRUE));
  error = reload_factory (&ra, &a);
  g_assert_no_error (error);
  g_assert_true (g_setenv (ENV, uri_b, TRUE));
  error = reload_factory (&rb, &b);
  g_assert_no_error (error);
  g_assert_cmpuint (vct_table_model_get_n_items (a), ==, 2);
  g_assert_cmpuint (vct_table_model_get_n_items (b), ==, 4);
  vct_table_model_reload_data (a);
  recorder_wait_done (&ra, NULL, 2);
  g_assert_cmpuint (vct_table_model_get_n_items (a), ==, 2);
  g_assert_cmpint (ra.last_first_id, ==, 1);

  g_object_unref (a);
  g_object_unref (b);
  recorder_clear (&ra);
  recorder_clear (&rb);
  g_free (uri_a);
  g_free (uri_b);
  g_free (json_a);
  g_free (json_b);
}

/* Runs @body in a subprocess (inheriting stdout/stderr, so valgrind's output and the
 * child's TAP comments stay visible) and asserts it passed. */
static void
in_subprocess (void (*body) (void))
{
  if (g_test_subprocess ())
    {
      body ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void test_installed_fixture (void) { in_subprocess (installed_fixture_body); }

/* run.sh runs this case with LD_LIBRARY_PATH pointing at a copy of the installed lib/
 * alone, moved elsewhere: the library loaded from there still has the whole fixture,
 * and its images, in its own GResource. */
static void
test_relocated_prefix (void)
{
  if (g_getenv ("VCT_TEST_RELOCATED") == NULL)
    {
      g_test_skip ("run by Tests/C/run.sh against a relocated prefix (VCT_TEST_RELOCATED)");
      return;
    }
  in_subprocess (installed_fixture_body);
}
static void test_env_file_uri (void) { in_subprocess (env_file_uri_body); }
static void test_env_absolute_path (void) { in_subprocess (env_absolute_path_body); }
static void test_env_missing_file (void) { in_subprocess (env_missing_file_body); }
static void test_env_invalid_uri (void) { in_subprocess (env_invalid_uri_body); }
static void test_env_read_at_creation (void) { in_subprocess (env_read_at_creation_body); }

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/factory/installed-fixture", test_installed_fixture);
  g_test_add_func ("/factory/relocated-prefix", test_relocated_prefix);
  g_test_add_func ("/factory/env/file-uri", test_env_file_uri);
  g_test_add_func ("/factory/env/absolute-path", test_env_absolute_path);
  g_test_add_func ("/factory/env/missing-file", test_env_missing_file);
  g_test_add_func ("/factory/env/invalid-uri", test_env_invalid_uri);
  g_test_add_func ("/factory/env/read-at-creation", test_env_read_at_creation);
  return vct_test_run ();
}
