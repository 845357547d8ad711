/* list-relayout.c: the GTK 4.8 GtkListView relayout workaround.
 *
 * GTK 4.8's GtkListView shows no row after a change that moves the row it keeps in view
 * (its anchor) far away, until the view scrolls (Tests/Gtk/test-listview.c,
 * relayout_for_gtk_4_8: a GListStore spliced the same way does it too; the list widgets'
 * rewrite in GTK 4.10 fixed it). A reload of VCTable's lists is such a change (a
 * reversed reload moves every row). So after every change of the list, the view is
 * scrolled one pixel and back, a frame each, from a tick callback, one frame after the
 * change: the next frame lays out at value ± 1, the one after at the value the view had
 * when the change came. A no-op
 * on a fixed GTK, and when everything fits in the view (nothing can scroll, nothing is
 * lost).
 *
 * The value is taken in the items-changed handler, before GTK lays the view out again:
 * GTK 4.8 otherwise sometimes (depending on when the frame comes) follows the row it
 * kept in view to its new place (the end of the list, after a reversed reload) and
 * sometimes not. So a reload keeps the scroll offset, as the original's
 * UITableView.reloadData keeps its content offset, every time.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "list-relayout.h"

#define TICK_KEY "vct-gtk-relayout-tick"
#define MAX_WAITS 3

typedef struct
{
  double value;    /* where the view was when the list changed */
  gboolean framed; /* a frame has passed since the change */
  gboolean moved;  /* a frame was laid out one pixel off */
  guint    waits;  /* frames seen with nothing to scroll */
} Nudge;

static gboolean
relayout_tick (GtkWidget     *view,
               G_GNUC_UNUSED GdkFrameClock *clock,
               gpointer       data)
{
  Nudge *nudge = data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  if (adjustment == NULL)
    goto done;
  /* One frame first: nudged in the frame right after a change that replaced every row
   * (one covering items-changed, or a GListStore spliced in one piece), GTK 4.8 finds no
   * row at the new value and logs "failed to scroll to given position". */
  if (!nudge->framed)
    {
      nudge->framed = TRUE;
      return G_SOURCE_CONTINUE;
    }
  if (!nudge->moved)
    {
      double value = nudge->value;
      double last = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

      /* Nothing to scroll: everything fits, or (seen under load) the view has not
       * measured the new rows yet (upper 0). Look again for a few frames. */
      if (last <= 0)
        {
          if (++nudge->waits <= MAX_WAITS)
            return G_SOURCE_CONTINUE;
          goto done;
        }
      nudge->moved = TRUE;
      gtk_adjustment_set_value (adjustment, value + 1 <= last ? value + 1 : value - 1);
      return G_SOURCE_CONTINUE;
    }
  gtk_adjustment_set_value (adjustment, nudge->value);

done:
  g_object_set_data (G_OBJECT (view), TICK_KEY, NULL);
  return G_SOURCE_REMOVE;
}

static void
on_items_changed (G_GNUC_UNUSED GListModel *list,
                  G_GNUC_UNUSED guint       position,
                  G_GNUC_UNUSED guint       removed,
                  G_GNUC_UNUSED guint       added,
                  GtkWidget                *view)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  Nudge *nudge;

  if (adjustment == NULL)
    return;
  nudge = g_object_get_data (G_OBJECT (view), TICK_KEY);
  if (nudge != NULL)
    {
      /* Another run, or another reload before the nudge ended: start the nudge over
       * from the value it took first (what the user had). */
      nudge->framed = FALSE;
      nudge->moved = FALSE;
      nudge->waits = 0;
      return;
    }
  nudge = g_new0 (Nudge, 1);
  nudge->value = gtk_adjustment_get_value (adjustment);
  gtk_widget_add_tick_callback (view, relayout_tick, nudge, g_free);
  g_object_set_data (G_OBJECT (view), TICK_KEY, nudge);
}

/**
 * vct_gtk_list_relayout_watch:
 * @view: a list view showing @list
 * @list: the list it shows (the selection model's own model)
 *
 * After each change of @list (each reload), scrolls @view one pixel and back, a frame
 * each: GTK 4.8 then lays the rows out again. Lasts as long as @view.
 */
void
vct_gtk_list_relayout_watch (GtkListView *view,
                             GListModel  *list)
{
  g_signal_connect_object (list, "items-changed", G_CALLBACK (on_items_changed), view, 0);
}
