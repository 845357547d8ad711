/* rss-gliststore.c: rss-one-model.c's baseline, GLib alone: one GListStore of GObjects,
 * dropped, then the peak RSS and the shared libraries mapped (rss-report.h). With --reload,
 * first fills it on a GMainLoop (an idle) with as many rows as the bundled fixture has
 * (5000 objects, each an id and a title), as a reload does.
 *
 *   build/rss-gliststore [--reload]
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include <gio/gio.h>

#include "rss-report.h"

#define RSS_ROWS 5000

#define RSS_TYPE_ROW (rss_row_get_type ())
G_DECLARE_FINAL_TYPE (RssRow, rss_row, RSS, ROW, GObject)

struct _RssRow
{
  GObject parent_instance;
  gint64  id;
  char   *title;
};

G_DEFINE_FINAL_TYPE (RssRow, rss_row, G_TYPE_OBJECT)

static void
rss_row_finalize (GObject *object)
{
  g_free (RSS_ROW (object)->title);
  G_OBJECT_CLASS (rss_row_parent_class)->finalize (object);
}

static void
rss_row_class_init (RssRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rss_row_finalize;
}

static void
rss_row_init (RssRow *row)
{
  (void) row;
}

typedef struct
{
  GListStore *store;
  GMainLoop  *loop;
} Fill;

static gboolean
fill (gpointer data)
{
  Fill *f = data;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  for (gint64 i = 1; i <= RSS_ROWS; i++)
    {
      RssRow *row = g_object_new (RSS_TYPE_ROW, NULL);
      row->id = i;
      row->title = g_strdup_printf ("accusamus beatae ad facilis cum similique qui sunt %" G_GINT64_FORMAT, i);
      g_ptr_array_add (rows, row);
    }
  g_list_store_splice (f->store, 0, 0, rows->pdata, rows->len);
  printf ("rss: reloaded %u items\n", g_list_model_get_n_items (G_LIST_MODEL (f->store)));
  g_main_loop_quit (f->loop);
  return G_SOURCE_REMOVE;
}

int
main (int argc, char **argv)
{
  gboolean reload;

  if (!rss_parse_arguments (argc, argv, &reload))
    return 2;
  {
    g_autoptr (GListStore) store = g_list_store_new (RSS_TYPE_ROW);
    if (reload)
      {
        g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
        Fill f = { store, loop };
        g_idle_add (fill, &f);
        g_main_loop_run (loop);
      }
  }
  rss_report ();
  return 0;
}
