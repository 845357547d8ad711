/* bench-fling.c: a fling through the photo table's rows with their thumbnails, VCTable's
 * image pipeline against a naive loader written here, one process each, in the same run
 * (BENCHMARKS.md, "Images: a fling").
 *
 * Each process serves ROWS photos whose thumbnails are URLS distinct 150 px PNG files
 * from a loopback HTTP server that answers each GET after LATENCY ms, shows them in a
 * GtkListView (a thumbnail and two labels a row, the layout of vctable-gtk's photo page),
 * and scrolls it by PER_FRAME rows a frame from the top to the bottom, then back to the
 * top. The loaders:
 *   vctable  the row's `thumbnail` (VctImage) bound on the factory's bind and unbound on
 *            unbind (Gtk/list-item-bindings.c, what vctable-gtk does): one transfer per
 *            URL, at most 6, the last bound first, cancelled on unbind, decoded off the
 *            loop at 40 px, cached;
 *   naive    load in bind: a GET on the loop's own SoupSession, the PNG decoded on the
 *            loop at its size and scaled there, shown if the row is still bound to the
 *            widget; no cache, no cancel, no limit.
 * A third process shows the same rows with no image at all: what GTK costs by itself.
 * Reported for each: the loop's longest stall (a 1 ms ticker's longest gap), the frames
 * over 16 ms of the frames drawn while flinging, the GETs the server received and the
 * distinct URLs bound, the transfers in flight at most, the peak RSS (VmHWM), and on
 * the way back up the time from a row's bind to its thumbnail being set (a memory-cache
 * hit for VCTable: set inside the bind). Nothing fails on timing.
 *
 * `make bench-gtk` runs it with GSK_RENDERER=cairo (BENCH_FLING_RENDERER): under Xvfb,
 * GTK's GL renderer is Mesa's llvmpipe, a CPU renderer on the cores the loop and the
 * decoders share, whose first frames of the fling stall 31 ms with no image at all;
 * cairo is what GTK draws with where there is no GPU.
 *
 *   bench-fling [--rows N] [--urls N] [--per-frame N] [--latency-ms N]
 *   bench-fling --loader vctable|naive …   one process (what the first spawns)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libsoup/soup.h>

#include "bench-support.h"

#include "../../Tests/GtkApp/app-test.h"
#include "../../Gtk/list-item-bindings.h"

#define THUMBNAIL 40

static guint n_rows = 10000;
static guint n_urls = 500;
static guint per_frame = 12;
static guint latency_ms = 10;
static char *loader_name = NULL;

/* ------------------------------------------------------------------ the server */

static GMutex png_lock;
static GHashTable *pngs;  /* index → GBytes */

static GBytes *
png_for (guint index)
{
  GBytes *png;

  g_mutex_lock (&png_lock);
  png = g_hash_table_lookup (pngs, GUINT_TO_POINTER (index + 1));
  if (png == NULL)
    {
      g_autoptr (GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 150, 150);
      char *buffer = NULL;
      gsize size = 0;

      gdk_pixbuf_fill (pixbuf, (0x10000u * (index * 37 % 256) + 0x100u * (index * 91 % 256) + 0x80u) << 8 | 0xff);
      gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, "png", NULL, NULL);
      png = g_bytes_new_take (buffer, size);
      g_hash_table_insert (pngs, GUINT_TO_POINTER (index + 1), png);
    }
  g_mutex_unlock (&png_lock);
  return png;
}

static gboolean
serve_png (const VctTestRequest *request, G_GNUC_UNUSED gpointer data)
{
  guint index = 0;
  gsize size = 0;
  const char *bytes;

  if (sscanf (request->path, "/img/%u.png", &index) != 1)
    return FALSE;
  g_usleep (latency_ms * 1000);  /* the network's latency, not synchronisation */
  bytes = g_bytes_get_data (png_for (index), &size);
  vct_test_server_write_response (request->connection, 200, "image/png", bytes, size, request->stop);
  return TRUE;
}

/* ------------------------------------------------------------------ the document */

static char *server_root;

static void
get_photos (VctApiRequest *request, G_GNUC_UNUSED gpointer data)
{
  GString *json = g_string_new ("[");

  for (guint i = 1; i <= n_rows; i++)
    g_string_append_printf (json, "%s{\"albumId\": 1, \"id\": %u, \"title\": \"photo %u\", \"url\": \"%s/img/%u.png\", "
                            "\"thumbnailUrl\": \"%s/img/%u.png\"}",
                            i == 1 ? "" : ",", i, i, server_root, i % n_urls, server_root, i % n_urls);
  g_string_append_c (json, ']');
  vct_api_request_return_json (request, json->str, (gssize) json->len);
  g_string_free (json, TRUE);
}

/* ------------------------------------------------------------------ what is measured */

typedef struct
{
  Ticker      ticker;
  guint       in_flight;       /* the naive loader's */
  guint       peak_in_flight;
  GHashTable *urls_bound;      /* (element-type utf8): distinct thumbnail URLs bound */
  gboolean    back_up;         /* scrolling back to the top: time binds */
  GArray     *bind_to_set_us;  /* (element-type gint64): on the way back up */
  guint       frames;
  guint       frames_over;
  gint64      last_frame;
} Measure;

static Measure measure;

static void
note_bound (VctRow *row)
{
  g_autofree char *uri = NULL;

  g_object_get (row, "thumbnail-url", &uri, NULL);
  g_hash_table_add (measure.urls_bound, g_steal_pointer (&uri));
}

/* ------------------------------------------------------------------ the list */

static void
setup_row (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *thumbnail = gtk_image_new ();
  GtkWidget *entry = gtk_label_new (NULL);
  GtkWidget *title = gtk_label_new (NULL);

  gtk_widget_set_name (thumbnail, "thumbnail");
  gtk_image_set_pixel_size (GTK_IMAGE (thumbnail), THUMBNAIL);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_name (title, "title");
  gtk_box_append (GTK_BOX (box), thumbnail);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), title);
  gtk_list_item_set_child (item, box);
}

static void
bind_labels (GtkListItem *item, GtkWidget **thumbnail)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *entry;

  *thumbnail = gtk_widget_get_first_child (box);
  entry = gtk_widget_get_next_sibling (*thumbnail);
  vct_gtk_list_item_bind (item, "entry", entry, "label");
  vct_gtk_list_item_bind (item, "title", gtk_widget_get_next_sibling (entry), "label");
  note_bound (gtk_list_item_get_item (item));
}

/* No image at all: what the list itself costs (the floor). */
static void
bind_none (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED gpointer data)
{
  GtkWidget *thumbnail;

  bind_labels (item, &thumbnail);
}

/* VCTable: the app's own binding. */
static void
bind_vctable (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED gpointer data)
{
  GtkWidget *thumbnail;
  gint64 start = g_get_monotonic_time ();

  bind_labels (item, &thumbnail);
  vct_gtk_list_item_bind_image (item, "thumbnail", thumbnail, THUMBNAIL);
  if (measure.back_up && gtk_image_get_storage_type (GTK_IMAGE (thumbnail)) == GTK_IMAGE_PAINTABLE)
    {
      gint64 elapsed = g_get_monotonic_time () - start;
      g_array_append_val (measure.bind_to_set_us, elapsed);
    }
}

/* The naive loader: a GET per bind on the loop's session, decoded on the loop. */
typedef struct
{
  GtkListItem *item;       /* (owned) */
  gpointer     row;        /* the row it was for (compared only) */
  gint64       bound_at;
  gboolean     back_up;
} NaiveLoad;

static SoupSession *naive_session;

static void
naive_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  NaiveLoad *load = data;
  g_autoptr (GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);

  measure.in_flight--;
  if (body != NULL && gtk_list_item_get_item (load->item) == load->row)
    {
      g_autoptr (GdkPixbufLoader) decoder = gdk_pixbuf_loader_new ();
      gsize size = 0;
      const guchar *bytes = g_bytes_get_data (body, &size);

      if (gdk_pixbuf_loader_write (decoder, bytes, size, NULL) && gdk_pixbuf_loader_close (decoder, NULL))
        {
          g_autoptr (GdkPixbuf) scaled = gdk_pixbuf_scale_simple (gdk_pixbuf_loader_get_pixbuf (decoder),
                                                                  THUMBNAIL, THUMBNAIL, GDK_INTERP_BILINEAR);
          g_autoptr (GdkTexture) texture = gdk_texture_new_for_pixbuf (scaled);
          GtkWidget *thumbnail = gtk_widget_get_first_child (gtk_list_item_get_child (load->item));

          gtk_image_set_from_paintable (GTK_IMAGE (thumbnail), GDK_PAINTABLE (texture));
          if (load->back_up)
            {
              gint64 elapsed = g_get_monotonic_time () - load->bound_at;
              g_array_append_val (measure.bind_to_set_us, elapsed);
            }
        }
      else
        gdk_pixbuf_loader_close (decoder, NULL);
    }
  g_object_unref (load->item);
  g_free (load);
}

static void
bind_naive (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED gpointer data)
{
  GtkWidget *thumbnail;
  g_autofree char *uri = NULL;
  g_autoptr (SoupMessage) message = NULL;
  NaiveLoad *load = g_new0 (NaiveLoad, 1);

  bind_labels (item, &thumbnail);
  gtk_image_set_from_icon_name (GTK_IMAGE (thumbnail), "image-x-generic-symbolic");
  g_object_get (gtk_list_item_get_item (item), "thumbnail-url", &uri, NULL);
  message = soup_message_new ("GET", uri);
  load->item = g_object_ref (item);
  load->row = gtk_list_item_get_item (item);
  load->bound_at = g_get_monotonic_time ();
  load->back_up = measure.back_up;
  measure.in_flight++;
  measure.peak_in_flight = MAX (measure.peak_in_flight, measure.in_flight);
  soup_session_send_and_read_async (naive_session, message, G_PRIORITY_DEFAULT, NULL, naive_loaded, load);
}

/* ------------------------------------------------------------------ the fling */

typedef struct
{
  GtkAdjustment *adjustment;
  double         step;      /* pixels a frame */
  double         target;
  gboolean       done;
} Fling;

static gboolean
fling_tick (G_GNUC_UNUSED GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Fling *fling = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double value = gtk_adjustment_get_value (fling->adjustment);
  double next;

  if (measure.last_frame != 0)
    {
      measure.frames++;
      if (now - measure.last_frame > 16700)
        measure.frames_over++;
    }
  measure.last_frame = now;
  if (measure.in_flight > measure.peak_in_flight)
    measure.peak_in_flight = measure.in_flight;
  next = fling->target > value ? MIN (value + fling->step, fling->target) : MAX (value - fling->step, fling->target);
  gtk_adjustment_set_value (fling->adjustment, next);
  if (next == fling->target)
    {
      fling->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
fling_done (gpointer data)
{
  return ((Fling *) data)->done;
}

static gboolean
rows_shown (gpointer view)
{
  return app_test_row_label (view, 0, "title") != NULL;
}

static gboolean
images_settled (G_GNUC_UNUSED gpointer data)
{
  return vct_gtk_list_item_get_n_images_loading () == 0 && measure.in_flight == 0;
}

static gboolean
tick_vctable_in_flight (gpointer loader)
{
  guint now = vct_image_loader_get_n_transfers (loader);

  measure.peak_in_flight = MAX (measure.peak_in_flight, now);
  return G_SOURCE_CONTINUE;
}

static void
fling_to (GtkWidget *view, GtkAdjustment *adjustment, double target)
{
  Fling fling = { adjustment, 0, target, FALSE };
  double row_height = gtk_adjustment_get_upper (adjustment) / n_rows;

  fling.step = row_height * per_frame;
  gtk_widget_add_tick_callback (view, fling_tick, &fling, NULL);
  run_until (NULL, fling_done, &fling, 600000);
}

static guint64
peak_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, "\nVmHWM:");
  return line != NULL ? g_ascii_strtoull (line + strlen ("\nVmHWM:"), NULL, 10) : 0;
}

typedef enum { LOADER_NONE, LOADER_NAIVE, LOADER_VCTABLE } Loader;

static int
run_one (Loader loader)
{
  gboolean naive = loader == LOADER_NAIVE;
  gint64 stall_down;
  VctTestServer *server = vct_test_server_new ();
  g_autoptr (VctApi) api = vct_api_new_custom (get_photos, NULL, NULL);
  g_autoptr (VctTableModel) model = vct_table_model_new_with_manager (api);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view;
  GtkAdjustment *adjustment;
  guint sampler = 0;
  gint64 setter_median = 0;
  guint64 gets;

  pngs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_bytes_unref);
  measure.urls_bound = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  measure.bind_to_set_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  server_root = vct_test_server_uri (server, "");
  /* Every PNG made before the fling: the server stands for another machine, so encoding
   * them must not take the CPU the loop and the decoders measure. */
  for (guint i = 0; i < n_urls; i++)
    png_for (i);
  vct_test_server_set_handler (server, serve_png, NULL);
  naive_session = soup_session_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (loader == LOADER_NAIVE ? bind_naive
                                                 : loader == LOADER_VCTABLE ? bind_vctable : bind_none), NULL);
  vct_gtk_list_item_connect_factory (factory);   /* "unbind" and "teardown" */
  view = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (
                              g_object_ref (G_LIST_MODEL (vct_table_model_get_list (model))))), factory);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  vct_table_model_reload_data (model);
  run_until (NULL, rows_shown, view, 60000);
  app_test_wait_frames (view, 2);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  measure.ticker.last = g_get_monotonic_time ();
  g_timeout_add (1, tick, &measure.ticker);
  if (!naive)
    sampler = g_timeout_add (1, tick_vctable_in_flight, vct_image_loader_get_default ());
  fling_to (view, adjustment, gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  run_until (NULL, images_settled, NULL, 600000);
  stall_down = measure.ticker.max_gap;
  measure.ticker.max_gap = 0;
  measure.back_up = TRUE;
  fling_to (view, adjustment, 0);
  run_until (NULL, images_settled, NULL, 600000);
  if (sampler != 0)
    g_source_remove (sampler);

  gets = vct_test_server_count (server, "GET", NULL);
  if (measure.bind_to_set_us->len > 0)
    {
      g_autofree double *values = g_new (double, measure.bind_to_set_us->len);

      for (guint i = 0; i < measure.bind_to_set_us->len; i++)
        values[i] = g_array_index (measure.bind_to_set_us, gint64, i);
      setter_median = (gint64) median (values, measure.bind_to_set_us->len);
    }
  printf ("RESULT %s stall_down_us=%" G_GINT64_FORMAT " stall_us=%" G_GINT64_FORMAT " frames=%u frames_over=%u gets=%" G_GUINT64_FORMAT
          " urls=%u in_flight=%u rss_kib=%" G_GUINT64_FORMAT " bind_to_set_us=%" G_GINT64_FORMAT " set_at_bind=%u\n",
          loader == LOADER_NAIVE ? "naive" : loader == LOADER_VCTABLE ? "vctable" : "none",
          stall_down, measure.ticker.max_gap, measure.frames, measure.frames_over, gets,
          g_hash_table_size (measure.urls_bound), measure.peak_in_flight, peak_rss_kib (), setter_median,
          measure.bind_to_set_us->len);
  fflush (stdout);
  /* The process ends here: what it holds goes with it. */
  return 0;
}

/* ------------------------------------------------------------------ the comparison */

typedef struct
{
  double stall_down_ms, stall_up_ms, bind_to_set_ms;
  guint frames, frames_over, urls, in_flight, set_at_bind;
  guint64 gets, rss_kib;
} Result;

static gboolean
spawn_one (const char *loader, char **argv_extra, Result *result)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *output = NULL;
  g_autoptr (GError) error = NULL;
  const char *line;
  gint64 down_us = 0, up_us = 0, set_us = 0;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) "/proc/self/exe");
  g_ptr_array_add (argv, (gpointer) "--loader");
  g_ptr_array_add (argv, (gpointer) loader);
  for (char **extra = argv_extra; *extra != NULL; extra++)
    g_ptr_array_add (argv, *extra);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                     &output, NULL, &status, &error) || !g_spawn_check_wait_status (status, &error))
    {
      fprintf (stderr, "bench-fling: the %s process failed: %s\n", loader, error->message);
      return FALSE;
    }
  line = strstr (output, "RESULT ");
  if (line == NULL
      || sscanf (line, "RESULT %*s stall_down_us=%" G_GINT64_FORMAT " stall_us=%" G_GINT64_FORMAT " frames=%u frames_over=%u gets=%" G_GUINT64_FORMAT
                 " urls=%u in_flight=%u rss_kib=%" G_GUINT64_FORMAT " bind_to_set_us=%" G_GINT64_FORMAT " set_at_bind=%u",
                 &down_us, &up_us, &result->frames, &result->frames_over, &result->gets, &result->urls, &result->in_flight,
                 &result->rss_kib, &set_us, &result->set_at_bind) != 10)
    {
      fprintf (stderr, "bench-fling: no result from the %s process:\n%s\n", loader, output);
      return FALSE;
    }
  result->stall_down_ms = down_us / 1000.0;
  result->stall_up_ms = up_us / 1000.0;
  result->bind_to_set_ms = set_us / 1000.0;
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) extra = g_ptr_array_new_with_free_func (g_free);
  GOptionEntry entries[] = {
    { "rows", 0, 0, G_OPTION_ARG_INT, &n_rows, "Photos (default 10000)", "N" },
    { "urls", 0, 0, G_OPTION_ARG_INT, &n_urls, "Distinct thumbnail URLs (default 500)", "N" },
    { "per-frame", 0, 0, G_OPTION_ARG_INT, &per_frame, "Rows scrolled a frame (default 12)", "N" },
    { "latency-ms", 0, 0, G_OPTION_ARG_INT, &latency_ms, "The server's latency (default 10)", "MS" },
    { "loader", 0, 0, G_OPTION_ARG_STRING, &loader_name, "Run one loader: vctable or naive", "NAME" },
    { NULL, 0, 0, 0, NULL, NULL, NULL }
  };
  g_autoptr (GOptionContext) options = g_option_context_new ("- a fling through photo thumbnails");
  g_autoptr (GError) error = NULL;
  Result naive = { 0 }, ours = { 0 }, none = { 0 };

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error) || n_rows < 100 || n_urls < 1 || per_frame < 1)
    {
      fprintf (stderr, "bench-fling: %s\n", error != NULL ? error->message : "bad sizes");
      return 2;
    }
  if (loader_name != NULL)
    {
      gtk_init ();
      return run_one (g_strcmp0 (loader_name, "naive") == 0 ? LOADER_NAIVE
                      : g_strcmp0 (loader_name, "none") == 0 ? LOADER_NONE : LOADER_VCTABLE);
    }

  g_ptr_array_add (extra, g_strdup_printf ("--rows=%u", n_rows));
  g_ptr_array_add (extra, g_strdup_printf ("--urls=%u", n_urls));
  g_ptr_array_add (extra, g_strdup_printf ("--per-frame=%u", per_frame));
  g_ptr_array_add (extra, g_strdup_printf ("--latency-ms=%u", latency_ms));
  g_ptr_array_add (extra, NULL);
  if (!spawn_one ("none", (char **) extra->pdata, &none) || !spawn_one ("naive", (char **) extra->pdata, &naive)
      || !spawn_one ("vctable", (char **) extra->pdata, &ours))
    return 1;

  printf ("fling: %u photos, %u thumbnail URLs (150 px PNG, %u ms latency), %u rows a frame, down then up; "
          "GSK_RENDERER=%s\n", n_rows, n_urls, latency_ms, per_frame,
          g_getenv ("GSK_RENDERER") != NULL ? g_getenv ("GSK_RENDERER") : "(GTK's default)");
  printf ("%-32s %12s %12s %8s %12s\n", "", "naive", "VCTable", "ratio", "no images");
  printf ("%-32s %12.1f %12.1f %7.2fx %12.1f\n", "worst loop stall down (ms)", naive.stall_down_ms, ours.stall_down_ms,
          ours.stall_down_ms / MAX (naive.stall_down_ms, 0.001), none.stall_down_ms);
  printf ("%-32s %12.1f %12.1f %7.2fx %12.1f\n", "worst loop stall up (ms)", naive.stall_up_ms, ours.stall_up_ms,
          ours.stall_up_ms / MAX (naive.stall_up_ms, 0.001), none.stall_up_ms);
  printf ("%-32s %7u/%-4u %7u/%-4u %8s %7u/%-4u\n", "frames over 16 ms / frames", naive.frames_over, naive.frames,
          ours.frames_over, ours.frames, "", none.frames_over, none.frames);
  printf ("%-32s %12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %7.2fx\n", "GETs", naive.gets, ours.gets,
          (double) ours.gets / MAX (naive.gets, 1));
  printf ("%-32s %12u %12u\n", "distinct URLs bound", naive.urls, ours.urls);
  printf ("%-32s %12u %12u\n", "transfers in flight, at most", naive.in_flight, ours.in_flight);
  printf ("%-32s %12.1f %12.1f %7.2fx %12.1f\n", "peak RSS (MiB)", naive.rss_kib / 1024.0, ours.rss_kib / 1024.0,
          (double) ours.rss_kib / MAX (naive.rss_kib, 1), none.rss_kib / 1024.0);
  printf ("%-32s %12.2f %12.3f\n", "back up: bind to image set (ms)", naive.bind_to_set_ms, ours.bind_to_set_ms);
  printf ("%-32s %12u %12u\n", "back up: images set (of binds)", naive.set_at_bind, ours.set_at_bind);
  if (ours.gets > ours.urls)
    printf ("fling: VCTable made more GETs (%" G_GUINT64_FORMAT ") than distinct URLs bound (%u)\n", ours.gets, ours.urls);
  return 0;
}
