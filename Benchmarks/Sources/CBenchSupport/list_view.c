/* list_view.c: a stand-in for GtkListView over a GListModel (the VctListModel
 * benchmark): it holds the items of a window of positions [0, visible), re-fetches the
 * window after every items-changed (as a view whose rows moved would), and counts the
 * objects it fetched that are still alive (weak references), so the benchmark can tell
 * how many row objects a reload leaves behind for a view of that size.
 *
 * GObject only (no vctable.h): the list and the model are `void *` GObjects. */

#include <glib-object.h>
#include <gio/gio.h>

#include "bench_support.h"

struct BenchView
{
  GListModel *list;
  guint       visible;
  GPtrArray  *shown;
  gulong      handler;
  guint       runs;
  guint       alive;
};

static void
bench_view_finalized (gpointer data, G_GNUC_UNUSED GObject *where)
{
  ((BenchView *) data)->alive--;
}

static void
bench_view_refetch (BenchView *view)
{
  guint n = MIN (view->visible, g_list_model_get_n_items (view->list));

  g_ptr_array_set_size (view->shown, 0);
  for (guint i = 0; i < n; i++)
    {
      GObject *item = g_list_model_get_item (view->list, i);
      if (g_object_get_data (item, "bench-view-seen") == NULL)
        {
          g_object_set_data (item, "bench-view-seen", view);
          g_object_weak_ref (item, bench_view_finalized, view);
          view->alive++;
        }
      g_ptr_array_add (view->shown, item);
    }
}

static void
bench_view_items_changed (G_GNUC_UNUSED GListModel *list,
                          guint position,
                          G_GNUC_UNUSED guint removed,
                          G_GNUC_UNUSED guint added,
                          gpointer data)
{
  BenchView *view = data;

  view->runs++;
  if (position < view->visible)
    bench_view_refetch (view);
}

BenchView *
bench_view_new (void *list, unsigned visible)
{
  BenchView *view = g_new0 (BenchView, 1);

  view->list = g_object_ref (G_LIST_MODEL (list));
  view->visible = visible;
  view->shown = g_ptr_array_new_with_free_func (g_object_unref);
  view->handler = g_signal_connect (view->list, "items-changed", G_CALLBACK (bench_view_items_changed), view);
  bench_view_refetch (view);
  return view;
}

void
bench_view_free (BenchView *view)
{
  g_signal_handler_disconnect (view->list, view->handler);
  g_ptr_array_unref (view->shown);
  g_object_unref (view->list);
  /* Rows still alive elsewhere would call back into freed memory: there are none once
   * the view lets go (the list keeps no row), which bench_view_rows_alive checks. */
  g_free (view);
}

unsigned
bench_view_runs (BenchView *view)
{
  return view->runs;
}

unsigned
bench_view_rows_alive (BenchView *view)
{
  return view->alive;
}

static void
bench_set_flag (G_GNUC_UNUSED GObject *model, gpointer flag)
{
  *(int *) flag = 1;
}

static void
bench_set_flag_text (G_GNUC_UNUSED GObject *model, G_GNUC_UNUSED const char *text, gpointer flag)
{
  *(int *) flag = 1;
}

void
bench_watch_signals (void *model, int *reloaded, int *failed)
{
  g_signal_connect (model, "did-reload-data", G_CALLBACK (bench_set_flag), reloaded);
  g_signal_connect (model, "did-error", G_CALLBACK (bench_set_flag_text), failed);
}

void
bench_object_unref (void *object)
{
  g_object_unref (object);
}
