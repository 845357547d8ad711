/* test-fixture-images.c: the images the bundled fixtures show, compiled into libVCTable.so.
 *
 * scripts/make-fixture-images.py makes them (photos/NAME.png 600x600, thumbnails/NAME.png
 * 150x150 for 24 colour NAMEs, avatars/N.png 96x96 for N = 1 ... 20) and the manifest of
 * the GResource that carries them under /org/vctable/VCTable/images/ (the build compiles
 * it into the library, and its constructor registers it when the library is loaded;
 * the fixtures' JSON documents are in it too). The fixtures' url, thumbnailUrl,
 * avatarUrl and imageUrl are resource:// URIs of them, rows sharing an image, so the
 * photo table and the feed show pictures with no network.
 *
 * /fixture-images/registered-at-load reads an image, by its path and by its
 * resource:// URI, in a process that has called nothing of VCTable (a child that runs
 * that case alone). A PNG is checked by its signature and its IHDR's size (the
 * Python suite decodes every one with GdkPixbuf).
 */
#include "common/vct-test.h"

#include <string.h>

#define IMAGES "/org/vctable/VCTable/images"
#define IMAGES_URI "resource://" IMAGES "/"

/* Asserts that @data is a PNG of @size x @size. */
static void
assert_png (GBytes *data, guint32 size, const char *what)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  gsize length = 0;
  const guint8 *bytes = g_bytes_get_data (data, &length);

  if (length < 24 || memcmp (bytes, signature, 8) != 0 || memcmp (bytes + 12, "IHDR", 4) != 0)
    g_error ("%s: not a PNG (%" G_GSIZE_FORMAT " bytes)", what, length);
  g_assert_cmpuint (GUINT32_FROM_BE (*(const guint32 *) (bytes + 16)), ==, size);
  g_assert_cmpuint (GUINT32_FROM_BE (*(const guint32 *) (bytes + 20)), ==, size);
}

/* The bytes behind a resource:// URI, read through GIO as a view reads any image URI. */
static GBytes *
load_uri (const char *uri)
{
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &error))
    g_error ("%s: %s", uri, error->message);
  return g_bytes_new_take (contents, length);
}

/* Asserts that @uri is IMAGES_URI @folder/NAME.png and loads a PNG of @size x @size;
 * adds it to @seen (once: rows share images). */
static void
check_uri (GHashTable *seen, const char *uri, const char *folder, guint32 size)
{
  g_autofree char *prefix = g_strconcat (IMAGES_URI, folder, "/", NULL);
  g_autoptr (GBytes) data = NULL;

  if (!g_str_has_prefix (uri, prefix) || !g_str_has_suffix (uri, ".png"))
    g_error ("%s is not a bundled image under %s", uri, prefix);
  if (g_hash_table_contains (seen, uri))
    return;
  data = load_uri (uri);
  assert_png (data, size, uri);
  g_hash_table_add (seen, g_strdup (uri));
}

static void
registered_at_load_body (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) by_path = NULL;
  g_autoptr (GBytes) by_uri = NULL;

  by_path = g_resources_lookup_data (IMAGES "/thumbnails/3584e4.png", G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  assert_png (by_path, 150, "thumbnails/3584e4.png");
  by_uri = load_uri (IMAGES_URI "thumbnails/3584e4.png");
  g_assert_true (g_bytes_equal (by_path, by_uri));
}

/* In a child process (g_test_trap_subprocess re-runs this case alone), which has called
 * nothing of VCTable: the resource was registered when the library was loaded. */
static void
test_registered_at_load (void)
{
  if (g_test_subprocess ())
    {
      registered_at_load_body ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Every image of the resource: 24 photos and the 24 thumbnails of the same names, 20
 * avatars, each a PNG of its size. */
static void
test_every_image (void)
{
  static const struct { const char *folder; guint32 size; guint count; } folders[] = {
    { "photos", 600, 24 }, { "thumbnails", 150, 24 }, { "avatars", 96, 20 },
  };
  g_auto (GStrv) photos = NULL;

  for (gsize f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *path = g_strconcat (IMAGES "/", folders[f].folder, "/", NULL);
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) names = g_resources_enumerate_children (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (g_strv_length (names), ==, folders[f].count);
      for (guint i = 0; names[i] != NULL; i++)
        {
          g_autofree char *image = g_strconcat (path, names[i], NULL);
          g_autoptr (GBytes) data = g_resources_lookup_data (image, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

          g_assert_no_error (error);
          assert_png (data, folders[f].size, image);
        }
      if (f == 0)
        photos = g_steal_pointer (&names);
      else if (f == 1)
        for (guint i = 0; photos[i] != NULL; i++)
          g_assert_true (g_strv_contains ((const char *const *) names, photos[i]));
    }
}

/* The factory's table (the installed photos.json): every row's url and thumbnail-url
 * are the bundled photo and thumbnail of one NAME, and the 5000 rows share them. */
static void
test_photos_fixture (void)
{
  g_autoptr (VctTableModel) model = vct_table_model_factory_instance ();
  g_autoptr (GHashTable) photos = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) thumbnails = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n;

  vct_table_model_reload_data (model);
  run_until (NULL, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  g_assert_null (vct_table_model_get_last_error (model));
  n = vct_table_model_get_n_items (model);
  g_assert_cmpuint (n, ==, 5000);
  for (guint i = 0; i < n; i++)
    {
      VctCellData *cell = vct_table_model_get_item (model, i);
      const char *url = vct_cell_data_get_url (cell);
      const char *thumbnail = vct_cell_data_get_thumbnail_url (cell);

      check_uri (photos, url, "photos", 600);
      check_uri (thumbnails, thumbnail, "thumbnails", 150);
      /* The same NAME in both. */
      g_assert_cmpstr (strrchr (url, '/'), ==, strrchr (thumbnail, '/'));
    }
  g_assert_cmpuint (g_hash_table_size (photos), ==, 24);
  g_assert_cmpuint (g_hash_table_size (thumbnails), ==, 24);
}

static gboolean
feed_loaded (gpointer feed)
{
  return !vct_feed_model_is_loading (feed) &&
         g_list_model_get_n_items (G_LIST_MODEL (vct_feed_model_get_list (feed))) > 0;
}

/* The factory's feed (the installed feeds.json): every member row's avatar-url is a
 * bundled avatar, every photo row's image-url a bundled photo. */
static void
test_feed_fixture (void)
{
  g_autoptr (VctFeedModel) feed = vct_feed_model_factory_instance ();
  g_autoptr (GHashTable) avatars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) photos = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GListModel *list = G_LIST_MODEL (vct_feed_model_get_list (feed));
  guint members = 0, posts = 0;

  vct_feed_model_reload (feed);
  run_until (NULL, feed_loaded, feed, VCT_TEST_TIMEOUT_MS);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GObject) row = g_list_model_get_item (list, i);
      g_autofree char *uri = NULL;

      if (VCT_IS_MEMBER_ROW (row))
        {
          g_object_get (row, "avatar-url", &uri, NULL);
          check_uri (avatars, uri, "avatars", 96);
          members++;
        }
      else if (VCT_IS_FEED_PHOTO_ROW (row))
        {
          g_object_get (row, "image-url", &uri, NULL);
          check_uri (photos, uri, "photos", 600);
          posts++;
        }
    }
  g_assert_cmpuint (members + posts, ==, 40);
  g_assert_cmpuint (members, ==, 16);
  /* One avatar per member (the fixture's 16 members have 16 names). */
  g_assert_cmpuint (g_hash_table_size (avatars), ==, 16);
  g_assert_cmpuint (g_hash_table_size (photos), >, 1);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/fixture-images/registered-at-load", test_registered_at_load);
  g_test_add_func ("/fixture-images/every-image", test_every_image);
  g_test_add_func ("/fixture-images/photos-fixture", test_photos_fixture);
  g_test_add_func ("/fixture-images/feed-fixture", test_feed_fixture);
  return vct_test_run ();
}
