/* rss-one-model.c: the loaded cost of libVCTable.so (issue 33). Makes one VctTableModel
 * (the factory's, over the bundled photos fixture), drops it and prints its peak RSS and
 * the shared libraries mapped (rss-report.h). With --reload, first runs one reload on a
 * GMainLoop until did-reload-data (the fixture's 5000 photos in the list) or did-error.
 *
 *   build/rss-one-model [--reload]
 *
 * `make bench-rss` builds it against the release library and prints the figures beside
 * rss-gliststore.c's (GLib alone). Exits 1 if the reload fails.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include <vctable.h>

#include "rss-report.h"

static gboolean failed;

static void
on_reload (VctCellData *const *items, gsize n_items, gpointer loop)
{
  (void) items;
  printf ("rss: reloaded %" G_GSIZE_FORMAT " items\n", n_items);
  g_main_loop_quit (loop);
}

static void
on_error (const char *message, gpointer loop)
{
  fprintf (stderr, "rss-one-model: reload failed: %s\n", message);
  failed = TRUE;
  g_main_loop_quit (loop);
}

int
main (int argc, char **argv)
{
  gboolean reload;

  if (!rss_parse_arguments (argc, argv, &reload))
    return 2;
  {
    g_autoptr (VctTableModel) model = vct_table_model_factory_instance ();
    if (reload)
      {
        g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
        vct_table_model_set_did_reload_data (model, on_reload, loop, NULL);
        vct_table_model_set_did_error (model, on_error, loop, NULL);
        vct_table_model_reload_data (model);
        g_main_loop_run (loop);
      }
  }
  rss_report ();
  return failed ? 1 : 0;
}
