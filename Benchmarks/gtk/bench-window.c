/* bench-window.c: vctable-gtk's window with 100 000 photos, against the terminal demo on
 * the same data, baselines measured in the same run (BENCHMARKS.md, "vctable-gtk").
 *
 *   first rows     a fresh process: spawned → the first frame with the rows drawn (the
 *                  window: Gtk/ pages, file:// URI) against vctable-demo --once --uri
 *                  (the same file) spawned → its "row 0:" line
 *   reload stall   a reversed reload (every row moves), the longest gap between the ticks
 *                  of a 1 ms timeout source minus 1 ms, from reload_data() until the new
 *                  first row is drawn (2 frames later), against the same reload of a
 *                  VctTableModel on the bare loop, no view (what vctable-demo runs: it
 *                  cannot host a ticker) until did-reload-data; both from a custom API
 *                  serving the same bytes from memory
 *
 * Repetitions are interleaved (one of each per round, the order rotating); medians.
 * Nothing fails on timing. Run under a display (xvfb-run -a), GTK_A11Y=none:
 *   bench-window [--reps N] [--rows N] --demo PATH/vctable-demo
 * Built like the app's tests: Gtk/ (but main.c), Tests/GtkApp/app-test.c,
 * Tests/C/common/vct-test.c (the `make bench-gtk` recipe in BENCHMARKS.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bench-support.h"

#include "../../Tests/GtkApp/app-test.h"
#include "../../Gtk/pages.h"

static guint n_rows = 100000;

static char *
document_json (gboolean reversed)
{
  return vct_test_photos_json_ordered (1, n_rows, reversed);
}

static GtkWidget *
photos_view (VctGtkWindow *window)
{
  return GTK_WIDGET (vct_gtk_page_get_list_view (
    VCT_GTK_PAGE (vct_gtk_window_get_page (window, VCT_GTK_SCREEN_PHOTOS))));
}

typedef struct
{
  GtkWidget  *view;
  const char *title;
} FirstRowWait;

static gboolean
first_row_is (gpointer data)
{
  FirstRowWait *wait = data;
  const char *shown = app_test_row_label (wait->view, 0, wait->title[0] == 'E' ? "entry" : "title");
  return g_strcmp0 (shown, wait->title) == 0;
}

/* --child-window URI: the window on URI; prints "first-frame" once the rows are drawn. */
static int
child_window (const char *uri)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VctApi) api = NULL;
  g_autoptr (VctTableModel) model = NULL;
  VctGtkWindow *window;

  gtk_init ();
  /* No size limit: the benchmark reads the document it wrote (10^6 photos are 150 MB). */
  api = vct_api_new_for_uri_full (uri, 0, G_MAXSIZE, &error);
  if (api == NULL)
    {
      g_printerr ("bench-window: %s\n", error->message);
      return 2;
    }
  model = vct_table_model_new_with_manager (api);
  window = vct_gtk_window_new (NULL, model, NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));
  FirstRowWait wait = { photos_view (window), "Entry ID: 1" };
  run_until (NULL, first_row_is, &wait, 60000);
  app_test_wait_frames (wait.view, 1);
  printf ("first-frame\n");
  fflush (stdout);
  _exit (0);   /* the parent has its time; no teardown */
}

/* Spawned → the first line starting with @prefix, in ms; then waits for the exit. */
static double
time_to_line (const char *const *argv, const char *prefix)
{
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GSubprocess) process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  double ms = -1;

  g_assert_no_error (error);
  g_autoptr (GDataInputStream) in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line (in, NULL, NULL, &error);
      g_assert_no_error (error);
      if (line == NULL)
        break;
      if (ms < 0 && g_str_has_prefix (line, prefix))
        ms = (double) (g_get_monotonic_time () - start) / 1000.0;
    }
  g_assert_true (g_subprocess_wait_check (process, NULL, &error));
  if (ms < 0)
    g_error ("bench-window: %s never printed \"%s\"", argv[0], prefix);
  return ms;
}

/* The reload contenders: a custom API serving forward or reversed bytes. */
static char *forward_json, *reversed_json;

typedef struct
{
  gboolean       reversed;
  VctTableModel *model;
  gint           reloads;   /* did-reload-data */
  VctGtkWindow  *window;    /* NULL: the bare model */
  GtkWidget     *view;
} Side;

static void
serve (VctApiRequest *request, gpointer data)
{
  Side *side = data;
  const char *json = side->reversed ? reversed_json : forward_json;
  vct_api_request_return_json (request, json, (gssize) strlen (json));
}

static void
on_reloaded (G_GNUC_UNUSED VctTableModel *model, Side *side)
{
  side->reloads++;
}

typedef struct
{
  Side  *side;
  gint   until;
} ReloadWait;

static gboolean
reloaded (gpointer data)
{
  ReloadWait *wait = data;
  return wait->side->reloads >= wait->until;
}

static void
side_init (Side *side, gboolean with_window)
{
  g_autoptr (VctApi) api = vct_api_new_custom (serve, side, NULL);

  side->model = vct_table_model_new_with_manager (api);
  g_signal_connect (side->model, "did-reload-data", G_CALLBACK (on_reloaded), side);
  if (with_window)
    {
      side->window = vct_gtk_window_new (NULL, side->model, NULL, NULL);   /* starts the first reload */
      side->view = photos_view (side->window);
      gtk_window_present (GTK_WINDOW (side->window));
      FirstRowWait wait = { side->view, "photo 1" };
      run_until (NULL, first_row_is, &wait, 60000);
    }
  else
    {
      vct_table_model_reload_data (side->model);
      ReloadWait wait = { side, 1 };
      run_until (NULL, reloaded, &wait, 60000);
    }
}


/* One reversed (or back to forward) reload; the longest stall in ms, *total the time to done. */
static double
measure_reload (Side *side, double *total)
{
  Ticker ticker = { 0, 0 };
  guint source;
  gint64 start;

  side->reversed = !side->reversed;
  ticker.last = start = g_get_monotonic_time ();
  source = g_timeout_add (1, tick, &ticker);
  ReloadWait wait = { side, side->reloads + 1 };
  vct_table_model_reload_data (side->model);
  run_until (NULL, reloaded, &wait, 60000);
  if (side->window != NULL)
    {
      FirstRowWait shown = { side->view, side->reversed ? NULL : "photo 1" };
      g_autofree char *last = g_strdup_printf ("photo %u", n_rows);
      if (side->reversed)
        shown.title = last;
      run_until (NULL, first_row_is, &shown, 60000);
      app_test_wait_frames (side->view, 2);
    }
  *total = (double) (g_get_monotonic_time () - start) / 1000.0;
  tick (&ticker);
  g_source_remove (source);
  return MAX (0.0, (double) ticker.max_gap / 1000.0 - 1.0);
}


static void
print_row (const char *what, double value, const char *baseline, double base)
{
  printf ("%-44s  %9.1f ms  %-40s  %9.1f ms  %6.2f×\n", what, value, baseline, base, value / base);
}

int
main (int argc, char **argv)
{
  const char *demo = NULL;
  guint reps = 5;

  if (argc == 3 && strcmp (argv[1], "--child-window") == 0)
    return child_window (argv[2]);
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--demo") == 0 && i + 1 < argc)
        demo = argv[++i];
      else if (strcmp (argv[i], "--reps") == 0 && i + 1 < argc)
        reps = (guint) atoi (argv[++i]);
      else if (strcmp (argv[i], "--rows") == 0 && i + 1 < argc)
        n_rows = (guint) atoi (argv[++i]);
      else
        {
          g_printerr ("usage: %s --demo PATH/vctable-demo [--reps N] [--rows N]\n", argv[0]);
          return 2;
        }
    }
  if (demo == NULL || reps == 0 || n_rows < 10)
    {
      g_printerr ("usage: %s --demo PATH/vctable-demo [--reps N] [--rows N]\n", argv[0]);
      return 2;
    }
  gtk_init ();

  forward_json = document_json (FALSE);
  reversed_json = document_json (TRUE);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bench-window-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "photos.json", NULL);
  g_assert_true (g_file_set_contents (path, forward_json, -1, &error));
  g_autofree char *uri = g_filename_to_uri (path, NULL, &error);
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *window_argv[] = { self != NULL ? self : argv[0], "--child-window", uri, NULL };
  const char *demo_argv[] = { demo, "--once", "--uri", uri, "--max-body-size", "16G", "-n", "10", NULL };

  /* Warm-up (page cache, the libraries), untimed. */
  time_to_line (window_argv, "first-frame");
  time_to_line (demo_argv, "row 0:");

  double *window_first = g_new (double, reps), *demo_first = g_new (double, reps);
  for (guint r = 0; r < reps; r++)
    {
      if (r % 2 == 0)
        {
          window_first[r] = time_to_line (window_argv, "first-frame");
          demo_first[r] = time_to_line (demo_argv, "row 0:");
        }
      else
        {
          demo_first[r] = time_to_line (demo_argv, "row 0:");
          window_first[r] = time_to_line (window_argv, "first-frame");
        }
    }

  Side window = { 0 }, bare = { 0 };
  side_init (&window, TRUE);
  side_init (&bare, FALSE);
  double *window_stall = g_new (double, reps), *bare_stall = g_new (double, reps);
  double *window_total = g_new (double, reps), *bare_total = g_new (double, reps);
  for (guint r = 0; r < reps; r++)
    {
      if (r % 2 == 0)
        {
          window_stall[r] = measure_reload (&window, &window_total[r]);
          bare_stall[r] = measure_reload (&bare, &bare_total[r]);
        }
      else
        {
          bare_stall[r] = measure_reload (&bare, &bare_total[r]);
          window_stall[r] = measure_reload (&window, &window_total[r]);
        }
    }
  guint widgets = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (window.view); child != NULL; child = gtk_widget_get_next_sibling (child))
    widgets++;

  printf ("vctable-gtk: %u photos, median of %u interleaved (alternate reloads reverse the rows, then restore them)\n",
          n_rows, reps);
  printf ("%-44s  %12s  %-40s  %12s  %7s\n", "vctable-gtk", "time", "baseline (same run)", "time", "ratio");
  printf ("%s\n", "--------------------------------------------  ------------  ----------------------------------------  ------------  -------");
  print_row ("first frame with the rows (fresh process)", median (window_first, reps),
             "vctable-demo --once: \"row 0:\" printed", median (demo_first, reps));
  print_row ("reversed reload: longest loop stall", median (window_stall, reps),
             "VctTableModel, bare loop (the demo's)", median (bare_stall, reps));
  print_row ("reversed reload: until the rows are drawn", median (window_total, reps),
             "VctTableModel, bare loop: did-reload-data", median (bare_total, reps));
  qsort (window_stall, reps, sizeof (double), compare_doubles);
  qsort (bare_stall, reps, sizeof (double), compare_doubles);
  printf ("worst stall: window %.1f ms, bare loop %.1f ms; row widgets under the list view: %u\n",
          window_stall[reps - 1], bare_stall[reps - 1], widgets);

  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
