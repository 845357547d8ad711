/* test-window.c: vctable-gtk's whole window, its three screens over the bundled
 * fixtures (the factory models: offline, the same every run).
 *
 *   /gtk-app/window/screens       the sidebar's stack switches screens; the header bar's
 *                                 title and "win.reload" follow the visible one
 *   /gtk-app/window/closes        destroying the window finalizes the three models
 *   /gtk-app/window/screenshots   each screen rendered (GtkWidgetPaintable, the window's
 *                                 renderer) to photos.png, feed.png, songs.png in
 *                                 $VCT_GTK_SCREENSHOTS_DIR (run.sh: build/gtk-app-tests/
 *                                 screenshots; docs/screenshots holds the committed ones)
 */
#include "app-test.h"

#include "../../Gtk/list-item-bindings.h"
#include "../../Gtk/screenshot.h"

typedef struct
{
  VctTableModel      *photos;
  VctFeedModel       *feed;
  VctSongPickerModel *songs;
  VctGtkWindow       *window;
} Fixture;

static void
fixture_set_up (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  fx->photos = vct_table_model_factory_instance ();
  fx->feed = vct_feed_model_factory_instance ();
  fx->songs = vct_song_picker_model_factory_instance ();
  fx->window = vct_gtk_window_new (NULL, fx->photos, fx->feed, fx->songs);
  gtk_window_present (GTK_WINDOW (fx->window));
}

static void
fixture_tear_down (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  GObject *models[] = { G_OBJECT (fx->photos), G_OBJECT (fx->feed), G_OBJECT (fx->songs), NULL };
  app_test_close_window (fx->window, models);
}

static gboolean
screen_ready (gpointer data)
{
  Fixture *fx = data;
  return vct_gtk_window_is_screen_ready (fx->window);
}

static gboolean
images_settled (G_GNUC_UNUSED gpointer data)
{
  return vct_gtk_list_item_get_n_images_loading () == 0;
}

static void
show (Fixture *fx, const char *name)
{
  g_assert_true (vct_gtk_window_set_screen (fx->window, name));
  g_assert_cmpstr (vct_gtk_window_get_screen (fx->window), ==, name);
  app_test_wait (screen_ready, fx);
  app_test_wait_frames (GTK_WIDGET (fx->window), 3);
  /* The visible rows' images loaded (the bundled ones, from the library's resources),
   * then drawn: the screenshots show pictures, never placeholders. */
  app_test_wait (images_settled, NULL);
  app_test_wait_frames (GTK_WIDGET (fx->window), 2);
}

static const char *
title_shown (Fixture *fx)
{
  return gtk_label_get_text (GTK_LABEL (app_test_find_named (GTK_WIDGET (fx->window), "window-title", FALSE)));
}

static gboolean
feed_loading (gpointer data)
{
  Fixture *fx = data;
  return g_strcmp0 (title_shown (fx), "Loading...") == 0;
}

static void
test_screens (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  show (fx, VCT_GTK_SCREEN_PHOTOS);
  g_assert_cmpstr (title_shown (fx), ==, TITLE);
  g_assert_nonnull (app_test_find_named (GTK_WIDGET (fx->window), "title", TRUE));   /* a photo row */

  show (fx, VCT_GTK_SCREEN_FEED);
  g_assert_cmpstr (title_shown (fx), ==, "Your Feeds");
  g_assert_nonnull (app_test_find_named (GTK_WIDGET (fx->window), "follow-button", TRUE));

  show (fx, VCT_GTK_SCREEN_SONGS);
  g_assert_cmpstr (title_shown (fx), ==, "Pick meditation song");
  g_assert_nonnull (app_test_find_named (GTK_WIDGET (fx->window), "start-button", TRUE));

  /* win.reload reloads the visible screen only: the feed says "Loading..." meanwhile. */
  show (fx, VCT_GTK_SCREEN_FEED);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (feed_loading, fx);
  g_assert_false (vct_table_model_is_loading (fx->photos));
  app_test_wait (screen_ready, fx);

  g_assert_false (vct_gtk_window_set_screen (fx->window, "nowhere"));
}

static void
test_closes (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  show (fx, VCT_GTK_SCREEN_PHOTOS);
  /* A reload in flight when the window goes: nothing is delivered to a dead window. */
  vct_gtk_window_reload (fx->window);
}

static void
test_screenshots (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  const char *dir = g_getenv ("VCT_GTK_SCREENSHOTS_DIR");
  const char *names[] = { VCT_GTK_SCREEN_PHOTOS, VCT_GTK_SCREEN_FEED, VCT_GTK_SCREEN_SONGS };

  if (dir == NULL)
    {
      g_test_skip ("VCT_GTK_SCREENSHOTS_DIR is not set");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_strdup_printf ("%s.png", names[i]);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autoptr (GError) error = NULL;

      show (fx, names[i]);
      g_assert_true (vct_gtk_screenshot_save (GTK_WIDGET (fx->window), path, &error));
      g_assert_no_error (error);

      g_autoptr (GdkTexture) texture = gdk_texture_new_from_filename (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (gdk_texture_get_width (texture), >=, 760);
      g_assert_cmpint (gdk_texture_get_height (texture), >=, 560);
      g_test_message ("%s: %dx%d", path, gdk_texture_get_width (texture), gdk_texture_get_height (texture));
    }
}

int
main (int argc, char **argv)
{
  /* The feed's days and times in one zone, so the screenshots are the same everywhere. */
  g_setenv ("TZ", "UTC", TRUE);
  gtk_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/gtk-app/window/screens", test_screens);
  ADD ("/gtk-app/window/closes", test_closes);
  ADD ("/gtk-app/window/screenshots", test_screenshots);
  return g_test_run ();
}
