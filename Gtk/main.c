/* main.c: vctable-gtk, the VCTable screens in a GTK4 window.
 *
 * A GtkApplication (non-unique: it needs no session bus) with the options
 *   --uri URI          the photos document (as vctable-demo's --uri)
 *   --max-body-size N  with --uri, the largest document accepted: bytes, or K, M, G
 *                      (as vctable-demo's --max-body-size; the library's default is 64 MiB)
 *   --screen NAME      open on photos, feed or songs
 *   --screenshot FILE  render the screen to a PNG once it has loaded, and quit
 *   --version          print "vctable-gtk 0.1.0"
 * and GApplication's --help.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "../Demo/size-option.h"
#include <string.h>

#include <gtk/gtk.h>
#include <vctable.h>

#include "list-item-bindings.h"
#include "screenshot.h"
#include "window.h"

#define VCT_GTK_VERSION "0.1.0"
#define SCREENSHOT_TIMEOUT_S 30

typedef struct
{
  char   *uri;
  char   *max_body_size;
  char   *screen;
  char   *screenshot;
  VctApi *api;
  int     status;
} Options;

static Options options = { .status = 0 };


static gint
on_handle_local_options (G_GNUC_UNUSED GApplication *application,
                         GVariantDict               *dict,
                         G_GNUC_UNUSED gpointer      data)
{
  g_autoptr (GError) error = NULL;
  gsize max_body_size = 0;   /* the library's default */

  if (g_variant_dict_contains (dict, "version"))
    {
      g_print ("vctable-gtk " VCT_GTK_VERSION "\n");
      return 0;
    }
  g_variant_dict_lookup (dict, "uri", "s", &options.uri);
  g_variant_dict_lookup (dict, "max-body-size", "s", &options.max_body_size);
  g_variant_dict_lookup (dict, "screen", "s", &options.screen);
  g_variant_dict_lookup (dict, "screenshot", "^ay", &options.screenshot);

  if (options.screen != NULL && g_strcmp0 (options.screen, VCT_GTK_SCREEN_PHOTOS) != 0
      && g_strcmp0 (options.screen, VCT_GTK_SCREEN_FEED) != 0 && g_strcmp0 (options.screen, VCT_GTK_SCREEN_SONGS) != 0)
    {
      g_printerr ("vctable-gtk: unknown screen \"%s\" (photos, feed or songs)\n", options.screen);
      return 2;
    }
  if (options.max_body_size != NULL)
    {
      if (options.uri == NULL)
        {
          g_printerr ("vctable-gtk: --max-body-size only applies with --uri\n");
          return 2;
        }
      if (!vct_demo_parse_size (options.max_body_size, &max_body_size))
        {
          g_printerr ("vctable-gtk: --max-body-size needs a size in bytes (1 or more), "
                      "optionally with K, M or G: not \"%s\"\n", options.max_body_size);
          return 2;
        }
    }
  if (options.uri != NULL)
    {
      options.api = vct_api_new_for_uri_full (options.uri, 0, max_body_size, &error);
      if (options.api == NULL)
        {
          g_printerr ("vctable-gtk: %s\n", error->message);
          return 2;
        }
    }
  return -1;   /* go on: activate */
}

/* --screenshot: once the screen has loaded and its visible rows' images have loaded or
 * failed (or SCREENSHOT_IMAGES_S passed), two frames later (laid out, drawn), save. */
#define SCREENSHOT_IMAGES_S 10
typedef struct
{
  GtkApplication *application;
  VctGtkWindow   *window;
  guint           frames;
  guint           timeout;
  gint64          ready_at;  /* when the screen was first ready */
} Screenshot;

static gboolean
screenshot_tick (GtkWidget               *widget,
                 G_GNUC_UNUSED GdkFrameClock *clock,
                 gpointer                 data)
{
  Screenshot *shot = data;
  g_autoptr (GError) error = NULL;

  if (!vct_gtk_window_is_screen_ready (shot->window))
    return G_SOURCE_CONTINUE;
  /* Then the visible rows' images, loaded or failed, for at most SCREENSHOT_IMAGES_S. */
  if (shot->ready_at == 0)
    shot->ready_at = g_get_monotonic_time ();
  if (vct_gtk_list_item_get_n_images_loading () > 0
      && g_get_monotonic_time () - shot->ready_at < SCREENSHOT_IMAGES_S * G_TIME_SPAN_SECOND)
    return G_SOURCE_CONTINUE;
  if (++shot->frames < 3)
    return G_SOURCE_CONTINUE;
  if (!vct_gtk_screenshot_save (widget, options.screenshot, &error))
    {
      g_printerr ("vctable-gtk: %s\n", error->message);
      options.status = 1;
    }
  g_clear_handle_id (&shot->timeout, g_source_remove);
  g_application_quit (G_APPLICATION (shot->application));
  return G_SOURCE_REMOVE;
}

static gboolean
screenshot_timeout (gpointer data)
{
  Screenshot *shot = data;

  g_printerr ("vctable-gtk: the screen did not load in %d s\n", SCREENSHOT_TIMEOUT_S);
  options.status = 1;
  shot->timeout = 0;
  g_application_quit (G_APPLICATION (shot->application));
  return G_SOURCE_REMOVE;
}

static void
on_activate (GtkApplication         *application,
             G_GNUC_UNUSED gpointer  data)
{
  g_autoptr (VctTableModel) photos = NULL;
  g_autoptr (VctFeedModel) feed = vct_feed_model_factory_instance ();
  g_autoptr (VctSongPickerModel) songs = vct_song_picker_model_factory_instance ();
  VctGtkWindow *window;
  GList *windows = gtk_application_get_windows (application);

  if (windows != NULL)
    {
      gtk_window_present (windows->data);
      return;
    }

  photos = options.api != NULL ? vct_table_model_new_with_manager (options.api)
                               : vct_table_model_factory_instance ();
  window = vct_gtk_window_new (application, photos, feed, songs);
  if (options.screen != NULL)
    vct_gtk_window_set_screen (window, options.screen);
  gtk_window_present (GTK_WINDOW (window));

  if (options.screenshot != NULL)
    {
      Screenshot *shot = g_new0 (Screenshot, 1);

      shot->application = application;
      shot->window = window;
      shot->timeout = g_timeout_add_seconds (SCREENSHOT_TIMEOUT_S, screenshot_timeout, shot);
      gtk_widget_add_tick_callback (GTK_WIDGET (window), screenshot_tick, shot, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  static const GOptionEntry entries[] = {
    { "uri", 'u', 0, G_OPTION_ARG_STRING, NULL,
      "Read the photos from URI (http://, https:// or file://) instead of the bundled fixture", "URI" },
    { "max-body-size", 0, 0, G_OPTION_ARG_STRING, NULL,
      "With --uri: refuse a document larger than BYTES, a number of bytes or with K, M or G "
      "for KiB, MiB or GiB (default 64M; 10^6 photos are about 150M)", "BYTES" },
    { "screen", 's', 0, G_OPTION_ARG_STRING, NULL, "Open on SCREEN: photos, feed or songs", "SCREEN" },
    { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, NULL,
      "Save the screen as a PNG in FILE once it has loaded, then quit", "FILE" },
    { "version", 'V', 0, G_OPTION_ARG_NONE, NULL, "Print the version and exit", NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GtkApplication) application = NULL;
  int status;

  application = gtk_application_new ("org.vctable.Gtk", G_APPLICATION_NON_UNIQUE);
  g_application_add_main_option_entries (G_APPLICATION (application), entries);
  g_application_set_option_context_summary (G_APPLICATION (application),
                                            "The VCTable screens (the photo table, the feed, the song picker) in a GTK4 window.");
  g_signal_connect (application, "handle-local-options", G_CALLBACK (on_handle_local_options), NULL);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), NULL);

  status = g_application_run (G_APPLICATION (application), argc, argv);
  g_clear_object (&options.api);
  g_free (options.uri);
  g_free (options.max_body_size);
  g_free (options.screen);
  g_free (options.screenshot);
  return status != 0 ? status : options.status;
}
