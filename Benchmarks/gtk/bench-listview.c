/* bench-listview.c: what a reload costs a real GtkListView, VCTable against a GListStore
 * changed the way a GTK program that owns its list changes it, in the same run
 * (BENCHMARKS.md, "GtkListView against a GListStore"; issue 21, section 2).
 *
 * Two windows, the same view in each: a GtkScrolledWindow holding a GtkListView over a
 * GtkSingleSelection (--no-selection: GtkNoSelection), a GtkSignalListItemFactory whose
 * setup makes a GtkLabel and whose bind binds the item's "title" to it.
 *
 *   VCTable  vct_table_model_get_list() of a VctTableModel over a custom VctApi serving
 *            documents from memory (completed from a worker thread, as an HTTP or file
 *            transfer completes off the loop); a change is a reload with the next document
 *   anchor   a GListStore of BenchRow (a final GObject with a "title"), as many as the
 *            rows; a change is one g_list_store_splice (0, n_old, new, n_new) with the same
 *            objects where rows survive, g_list_store_insert (0) / _remove (0) for the row
 *            at the top, g_object_set ("title") for an edit. The new array (and any new
 *            object) is made before the clock starts: the change itself is timed.
 *
 * Shapes (the same data on both sides, a fixed seed): reverse, shuffle, mixed (a 10%
 * block deleted, a 10% block inserted, 2% of the rows moved to random places: section 1's
 * shape), insert-top (one new row at 0), edit (one title, in the middle of the visible
 * rows). Repetitions alternate the change and its inverse (the list keeps its size); each
 * starts scrolled to the top, after a frame and a quiet period.
 *
 *   stall   a 1 ms timeout source ticks on the loop; the longest gap between ticks minus
 *           1 ms, from just before the change is triggered until the new rows are drawn
 *   drawn   the time until then: the end of the first frame (the frame clock's after-paint)
 *           at which the first row in view is row 0 and every row fully inside the view
 *           shows the new title at its position (for VCTable, after did-reload-data: it
 *           includes the reload's decode and diff, which run off the loop; the notes give
 *           the median time to did-reload-data)
 *   binds   row widgets bound to another row meanwhile. GTK 4.8's GtkSignalListItemFactory
 *           unbinds and binds again every widget whose position changes, with the same
 *           row; the bind handler keeps what a widget already shows for its row
 *           (bind_row), as vctable-gtk does. The notes give GTK's bind calls;
 *           --rebind-always binds on each of them, as a naive handler does
 *   runs    items-changed emissions of the list the view shows, meanwhile
 *   change  (in the notes) the loop thread's CPU time in the change itself: VCTable's loop
 *           iteration that emits its first items-changed (the delivery: the runs, GTK's
 *           handlers, what the list does before and after), the GListStore's change call.
 *           Thread CPU, not wall time: a second core's work (Xvfb, the GL renderer's
 *           threads, another tenant) does not count, so it varies less than the stall
 *
 * GTK 4.8 needs help (relayout_tick below): a change that moves the row the view keeps in
 * view far away leaves the view blank, on either side. Both sides get vctable-gtk's
 * nudge, one pixel and back, after every change that emits items-changed (an edit does
 * not); its frames are part of "drawn" and its binds part of "binds", alike on both sides.
 * --no-relayout measures without it: the view then follows the row it kept in view (the
 * notes say where it ended up), and a view still blank 3 s after the change is reported
 * as "blank" instead of failing the run.
 *
 * Repetitions are interleaved (one of each side per round, the order alternating);
 * medians. --control adds a third window, a second GListStore changed as the first, to the
 * same interleave: its stall against the first's (the notes' "control") is what the
 * machine's noise alone makes of a ratio in this run, so a ratio near 1.0 can be read
 * against it. Nothing fails on timing. Exits non-zero when something is wrong: the rows are
 * never shown within a generous guard, the model reports an error, or a GLib/GTK warning or
 * critical is logged. Run under a display (xvfb-run -a), GTK_A11Y=none:
 *   bench-listview [--rows N] [--reps N] [--no-selection] [--no-relayout] [--control] [--verbose]
 *                  [--shapes reverse,shuffle,mixed,insert-top,edit] [--guard-ms MS]
 * --verbose prints every sample (stderr); the guard (default 120 s + 0.2 ms per row) bounds
 * every wait.
 * Built alone against vctable and gtk4 (mk/gtk.mk: bench-gtk-build).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gtk/gtk.h>

#include <vctable.h>

#include "bench-row.h"
#include "bench-serve.h"
#include "bench-support.h"

/* ------------------------------------------------------------------ Failures */

static guint n_warnings;

/* Every GLib/GTK warning or critical is a failure of the run (after it is printed). */
static GLogWriterOutput
log_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields, gpointer data)
{
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    n_warnings++;
  return g_log_writer_default (log_level, fields, n_fields, data);
}

static void G_GNUC_NORETURN G_GNUC_PRINTF (1, 2)
fail (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "bench-listview: %s\n", message);
  fflush (stdout);
  exit (1);
}

/* ------------------------------------------------------------------ Documents */

static guint n_rows = 10000;
static guint guard_ms;   /* the generous guard of every wait */
static gboolean verbose; /* --verbose: every sample, and what the view shows on a failure */

/* One list: ids (photo id i is titled "photo i"), one of them edited. */
typedef struct
{
  guint    n;
  guint32 *ids;
  guint32  edited_id;   /* 0: none; else titled "photo <id> (edited)" */
  GBytes  *json;        /* doc_json's, made once */
} Doc;

static void
doc_title (const Doc *doc, guint position, char *buffer, gsize size)
{
  guint32 id = doc->ids[position];
  g_snprintf (buffer, size, id == doc->edited_id ? "photo %u (edited)" : "photo %u", id);
}

static void
doc_free (Doc *doc)
{
  g_clear_pointer (&doc->json, g_bytes_unref);
  g_free (doc->ids);
  g_free (doc);
}

static Doc *
doc_new (guint n)
{
  Doc *doc = g_new0 (Doc, 1);
  doc->n = n;
  doc->ids = g_new (guint32, MAX (n, 1));
  return doc;
}

static Doc *
doc_copy (const Doc *from)
{
  Doc *doc = doc_new (from->n);
  memcpy (doc->ids, from->ids, from->n * sizeof (guint32));
  doc->edited_id = from->edited_id;
  return doc;
}

/* The photos document of @doc (vct_test_photos_json_ordered's records), made once. */
static GBytes *
doc_json (Doc *doc)
{
  if (doc->json != NULL)
    return g_bytes_ref (doc->json);

  GString *json = g_string_sized_new ((gsize) doc->n * 170 + 2);
  char title[64];

  g_string_append_c (json, '[');
  for (guint i = 0; i < doc->n; i++)
    {
      guint32 id = doc->ids[i];
      doc_title (doc, i, title, sizeof title);
      g_string_append_printf (json,
                              "%s{\"albumId\": %u, \"id\": %u, \"title\": \"%s\""
                              ", \"url\": \"https://example.com/600/%u.png\""
                              ", \"thumbnailUrl\": \"https://example.com/150/%u.png\"}",
                              i == 0 ? "" : ",\n ", (id - 1) / 50 + 1, id, title, id, id);
    }
  g_string_append_c (json, ']');
  doc->json = g_string_free_to_bytes (json);
  return g_bytes_ref (doc->json);
}

typedef enum { SHAPE_REVERSE, SHAPE_SHUFFLE, SHAPE_MIXED, SHAPE_INSERT_TOP, SHAPE_EDIT, N_SHAPES } Shape;

static const char *const shape_names[N_SHAPES] = { "reverse", "shuffle", "mixed", "insert-top", "edit" };
static const char *const shape_labels[N_SHAPES] = {
  "reverse (every row moves)",
  "shuffle (random permutation)",
  "mixed (-10% +10% block, 2% moved)",
  "insert-top (one row at 0)",
  "edit (one visible title)",
};

static int
compare_uint32 (const void *a, const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  return (x > y) - (x < y);
}

static guint32
rand_below (GRand *rand, guint n)
{
  return (guint32) g_rand_int_range (rand, 0, (gint32) n);
}

/* The other document of @shape, from the base (ids 1..n in order). New rows get ids above
 * n (mixed: n + 1.., insert-top: 2n + 1), so both sides see rows they never saw. */
static Doc *
doc_for_shape (const Doc *base, Shape shape, guint edit_position)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (0x5EED0000u + base->n + shape);
  guint n = base->n;
  Doc *doc;

  switch (shape)
    {
    case SHAPE_REVERSE:
      doc = doc_new (n);
      for (guint i = 0; i < n; i++)
        doc->ids[i] = base->ids[n - 1 - i];
      return doc;
    case SHAPE_SHUFFLE:
      doc = doc_copy (base);
      for (guint i = n - 1; i > 0; i--)
        {
          guint j = rand_below (rand, i + 1);
          guint32 id = doc->ids[i];
          doc->ids[i] = doc->ids[j];
          doc->ids[j] = id;
        }
      return doc;
    case SHAPE_MIXED:
      {
        /* Delete a 10% block at 30%, insert a 10% block at 60% of the rest. */
        guint block = n / 10, delete_at = n * 3 / 10;
        guint len = n - block, insert_at = len * 6 / 10;
        g_autofree guint32 *mid = g_new (guint32, n);
        guint k = 0;
        for (guint i = 0; i < n; i++)
          {
            if (i >= delete_at && i < delete_at + block)
              continue;
            if (k == insert_at)
              for (guint b = 0; b < block; b++)
                mid[k++] = n + 1 + b;
            mid[k++] = base->ids[i];
          }
        if (k == insert_at)
          for (guint b = 0; b < block; b++)
            mid[k++] = n + 1 + b;
        g_assert (k == n);

        /* 2% of the rows moved to random places: taken out, then put back at sorted
         * random points of the rest (O(n), not one memmove per move). */
        guint moves = n / 50;
        g_autofree guint8 *taken = g_new0 (guint8, n);
        g_autofree guint32 *moved = g_new (guint32, MAX (moves, 1));
        for (guint m = 0; m < moves; )
          {
            guint at = rand_below (rand, n);
            if (!taken[at])
              {
                taken[at] = 1;
                moved[m++] = mid[at];
              }
          }
        g_autofree guint32 *rest = g_new (guint32, n);
        guint n_rest = 0;
        for (guint i = 0; i < n; i++)
          if (!taken[i])
            rest[n_rest++] = mid[i];
        g_autofree guint32 *points = g_new (guint32, MAX (moves, 1));
        for (guint m = 0; m < moves; m++)
          points[m] = rand_below (rand, n_rest + 1);
        qsort (points, moves, sizeof (guint32), compare_uint32);
        doc = doc_new (n);
        k = 0;
        for (guint i = 0, m = 0; i <= n_rest; i++)
          {
            while (m < moves && points[m] == i)
              doc->ids[k++] = moved[m++];
            if (i < n_rest)
              doc->ids[k++] = rest[i];
          }
        g_assert (k == n);
        return doc;
      }
    case SHAPE_INSERT_TOP:
      doc = doc_new (n + 1);
      doc->ids[0] = 2 * n + 1;
      memcpy (doc->ids + 1, base->ids, n * sizeof (guint32));
      return doc;
    case SHAPE_EDIT:
      doc = doc_copy (base);
      doc->edited_id = base->ids[edit_position];
      return doc;
    case N_SHAPES:
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------ Sides */

typedef struct
{
  const char    *name;
  gboolean       vctable;
  GtkWindow     *window;
  GtkWidget     *view;
  GListModel    *list;           /* what the selection model wraps */
  GHashTable    *items;          /* the GtkListItems the factory set up */
  guint          binds;          /* binds to another row (every bind call with --rebind-always) */
  guint          bind_calls;     /* factory bind calls */
  guint          runs;           /* items-changed of list */
  const Doc     *shown;          /* the document the list holds (after the change) */

  /* VCTable */
  VctTableModel *model;
  GBytes        *serving;        /* what the API returns */
  gint           reloads;        /* did-reload-data */

  /* anchor */
  GListStore    *store;
  BenchRow     **live;           /* by id: the object in the store (a reference), or NULL */
  guint32       *stamp;          /* by id, to find the rows a change dropped */
  guint32        epoch;

  /* one measurement */
  gboolean       changed;        /* the change reached the list */
  gint64         drawn;          /* monotonic µs of the after-paint that showed it; 0 */
  gboolean       draw_queued;
  guint          top_position;   /* the first row fully inside the view when drawn */
  guint64        paints;         /* after-paint count */
  gint64         changed_at;     /* monotonic µs */
  gint64         first_run_at;   /* monotonic µs of the change's first items-changed; 0 */
  gint64         change_cpu;     /* µs of loop-thread CPU in the change itself; -1 unknown */
  guint          expect_top;     /* the first row fully in view when drawn (G_MAXUINT: any) */
  gboolean       blank;          /* --no-relayout: nothing shown 3 s after the change */

  /* the GTK 4.8 relayout nudge (Gtk/list-relayout.c's) */
  gboolean       nudging;
  guint          nudge_frames;
  gboolean       nudge_moved;
  guint          nudge_waits;
  double         nudge_value;
} Side;

static guint visible_rows;       /* rows fully inside the view at the top, measured once */
static gboolean relayout = TRUE; /* the GTK 4.8 relayout nudge after every change (--no-relayout) */
static gboolean rebind_always = FALSE; /* --rebind-always: rebind a widget that keeps its row */
static gboolean control = FALSE;       /* --control: a second GListStore, the same run's noise */

/* GTK 4.8's GtkListView shows no row after a change that moves the row it keeps in view
 * (its anchor) far away, until the view scrolls (fixed by the list widgets' rewrite in
 * 4.10); a GListStore spliced the same way does it too. Both sides get what vctable-gtk
 * does (Gtk/list-relayout.c) and Tests/Gtk/test-listview.c's relayout_for_gtk_4_8: after a
 * change of the list, the view is scrolled one pixel and back, a frame each, from a tick
 * callback, back to the value it had at the change's first items-changed. Unlike
 * Gtk/list-relayout.c, the first frame after the change is left alone: scrolled before
 * GTK has laid out the new rows once, a view over a GListStore spliced in one piece logs
 * "GtkListView failed to scroll to given position" (GTK 4.8.3). */
static gboolean
relayout_tick (GtkWidget *view, G_GNUC_UNUSED GdkFrameClock *clock, gpointer data)
{
  Side *side = data;
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));

  if (side->nudge_frames++ == 0)
    return G_SOURCE_CONTINUE;
  if (!side->nudge_moved)
    {
      double last = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
      if (last <= 0)
        {
          if (++side->nudge_waits <= 3)
            return G_SOURCE_CONTINUE;
          side->nudging = FALSE;
          return G_SOURCE_REMOVE;
        }
      side->nudge_moved = TRUE;
      gtk_adjustment_set_value (adjustment, side->nudge_value + 1 <= last ? side->nudge_value + 1
                                                                          : side->nudge_value - 1);
      return G_SOURCE_CONTINUE;
    }
  gtk_adjustment_set_value (adjustment, side->nudge_value);
  side->nudging = FALSE;
  return G_SOURCE_REMOVE;
}

static void
relayout_start (Side *side)
{
  if (side->nudging)
    {
      side->nudge_moved = FALSE;   /* another run: over again, to the first value */
      side->nudge_waits = 0;
      side->nudge_frames = 0;
      return;
    }
  side->nudging = TRUE;
  side->nudge_frames = 0;
  side->nudge_moved = FALSE;
  side->nudge_waits = 0;
  side->nudge_value = gtk_adjustment_get_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (side->view)));
  gtk_widget_add_tick_callback (side->view, relayout_tick, side, NULL);
}

static void
setup_row (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, Side *side)
{
  gtk_list_item_set_child (item, gtk_label_new (NULL));
  g_hash_table_add (side->items, item);
}

/* The item's binding, a reference of the item's (g_binding_unbind() of one already
 * released by its row's finalization is then harmless). */
static void
drop_binding (GtkListItem *item)
{
  GBinding *binding = g_object_steal_data (G_OBJECT (item), "binding");

  if (binding != NULL)
    {
      g_binding_unbind (binding);
      g_object_unref (binding);
    }
}

static void
teardown_row (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, Side *side)
{
  drop_binding (item);
  g_hash_table_remove (side->items, item);
}

/* GTK 4.8 unbinds and binds again every row widget whose position changes, with the same
 * row (GtkSignalListItemFactory's update): unbind keeps the binding, and a bind of the
 * row the binding already shows keeps it (vctable-gtk does the same,
 * Gtk/list-item-bindings.c). "binds" counts the binds that bound a widget to another
 * row; --rebind-always binds on every bind call, as before. */
static void
bind_row (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, Side *side)
{
  GObject *row = gtk_list_item_get_item (item);
  GBinding *binding = g_object_get_data (G_OBJECT (item), "binding");

  side->bind_calls++;
  if (binding != NULL && !rebind_always)
    {
      g_autoptr (GObject) source = g_binding_dup_source (binding);

      if (source == row)
        return;
    }
  drop_binding (item);
  side->binds++;
  binding = g_object_bind_property (row, "title", gtk_list_item_get_child (item), "label", G_BINDING_SYNC_CREATE);
  g_object_set_data (G_OBJECT (item), "binding", g_object_ref (binding));
}

static void
unbind_row (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED Side *side)
{
  if (rebind_always)
    drop_binding (item);
}

static void
on_items_changed (G_GNUC_UNUSED GListModel *list, G_GNUC_UNUSED guint position, G_GNUC_UNUSED guint removed,
                  G_GNUC_UNUSED guint added, Side *side)
{
  side->runs++;
  if (side->first_run_at == 0)
    side->first_run_at = g_get_monotonic_time ();
  if (relayout && side->view != NULL)
    relayout_start (side);
}

/* Whether every row fully inside the view shows @doc's title at its position, at least
 * visible_rows - 1 of them do (0 while it is measured), and the first is expect_top (when
 * set). Sets side->top_position. */
static gboolean
view_shows (Side *side, const Doc *doc, guint *n_fully_visible)
{
  float height = (float) gtk_widget_get_height (side->view);
  guint seen = 0, top = G_MAXUINT;
  GHashTableIter iter;
  gpointer key;
  char title[64];

  g_hash_table_iter_init (&iter, side->items);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      GtkListItem *item = key;
      GtkWidget *label = gtk_list_item_get_child (item);
      graphene_rect_t bounds;

      if (label == NULL || !gtk_widget_get_mapped (label) ||
          !gtk_widget_compute_bounds (label, side->view, &bounds))
        continue;
      if (bounds.origin.y < -0.5f || bounds.origin.y + bounds.size.height > height + 0.5f ||
          bounds.size.height < 1.0f)
        continue;
      guint position = gtk_list_item_get_position (item);
      if (position >= doc->n)
        return FALSE;
      doc_title (doc, position, title, sizeof title);
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), title) != 0)
        return FALSE;
      seen++;
      top = MIN (top, position);
    }
  if (n_fully_visible != NULL)
    *n_fully_visible = seen;
  side->top_position = top;
  return seen > 0 && seen + 1 >= visible_rows && (side->expect_top == G_MAXUINT || top == side->expect_top);
}

static void
on_after_paint (G_GNUC_UNUSED GdkFrameClock *clock, Side *side)
{
  side->paints++;
  if (side->changed && side->drawn == 0 && view_shows (side, side->shown, NULL))
    side->drawn = g_get_monotonic_time ();
}

/* The VCTable side's API: the current document, completed from a worker thread. */
static void
serve_photos (VctApiRequest *request, gpointer data)
{
  Side *side = data;

  bench_serve_json (request, side->serving);
}

static void
on_reloaded (G_GNUC_UNUSED VctTableModel *model, Side *side)
{
  side->reloads++;
  side->changed = TRUE;
  side->changed_at = g_get_monotonic_time ();
  if (side->view != NULL)
    gtk_widget_queue_draw (side->view);   /* a frame comes even when no visible row moved */
}

static void
on_model_error (G_GNUC_UNUSED VctTableModel *model, const char *message, G_GNUC_UNUSED Side *side)
{
  fail ("the VctTableModel reported an error: %s", message);
}

/* Iterates the default context until @cond holds; fails the run after guard_ms. */
typedef gboolean (*Cond) (gpointer data);

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* CPU time of the calling thread, µs. */
static gint64
thread_cpu_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static Side *measuring;  /* the side whose change measure() waits for, or NULL */

static gboolean
wait_until (Cond cond, gpointer data)
{
  gboolean timed_out = FALSE;
  guint source = g_timeout_add (guard_ms, set_flag, &timed_out);

  while (!cond (data) && !timed_out)
    {
      gint64 start = g_get_monotonic_time (), cpu = thread_cpu_us ();

      g_main_context_iteration (NULL, TRUE);
      /* The iteration that emitted the change's first items-changed: its CPU time. */
      if (measuring != NULL && measuring->change_cpu < 0 && measuring->first_run_at >= start)
        measuring->change_cpu = thread_cpu_us () - cpu;
    }
  if (!timed_out)
    g_source_remove (source);
  return !timed_out;
}

static void
wait_for (Cond cond, gpointer data, const char *what)
{
  if (!wait_until (cond, data))
    fail ("%s: not within %u ms", what, guard_ms);
}

static gboolean
cond_reloaded (gpointer data)
{
  Side *side = data;
  return side->reloads > 0;
}

typedef struct
{
  Side    *side;
  guint64  paints;
} PaintWait;

static gboolean
cond_painted (gpointer data)
{
  PaintWait *wait = data;
  return wait->side->paints > wait->paints;
}

/* Waits for one more frame to be painted. */
static void
wait_paint (Side *side)
{
  PaintWait wait = { side, side->paints };
  gtk_widget_queue_draw (side->view);
  wait_for (cond_painted, &wait, "a frame");
}

static gboolean
cond_timeout_done (gpointer data)
{
  return *(gboolean *) data;
}

static void
quiet_period (guint ms)
{
  gboolean done = FALSE;
  g_timeout_add (ms, set_flag, &done);
  wait_for (cond_timeout_done, &done, "a quiet period");
}

static void
side_view (Side *side, gboolean no_selection)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkSelectionModel *selection;
  GtkWidget *scrolled;

  side->items = g_hash_table_new (NULL, NULL);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), side);
  g_signal_connect (factory, "teardown", G_CALLBACK (teardown_row), side);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), side);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), side);
  g_signal_connect (side->list, "items-changed", G_CALLBACK (on_items_changed), side);
  if (no_selection)
    selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (side->list)));
  else
    selection = GTK_SELECTION_MODEL (gtk_single_selection_new (g_object_ref (side->list)));
  side->view = gtk_list_view_new (selection, factory);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), side->view);
  side->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (side->window, side->name);
  gtk_window_set_default_size (side->window, 400, 600);
  gtk_window_set_child (side->window, scrolled);
  gtk_window_present (side->window);
  gtk_widget_realize (GTK_WIDGET (side->window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (side->window)), "after-paint",
                    G_CALLBACK (on_after_paint), side);
}

static void
vctable_init (Side *side, Doc *doc, gboolean no_selection)
{
  g_autoptr (VctApi) api = vct_api_new_custom (serve_photos, side, NULL);

  side->name = "VCTable";
  side->vctable = TRUE;
  side->serving = doc_json (doc);
  side->model = vct_table_model_new_with_manager (api);
  g_signal_connect (side->model, "did-reload-data", G_CALLBACK (on_reloaded), side);
  g_signal_connect (side->model, "did-error", G_CALLBACK (on_model_error), side);
  vct_table_model_reload_data (side->model);
  wait_for (cond_reloaded, side, "the first VCTable load");
  side->list = G_LIST_MODEL (vct_table_model_get_list (side->model));
  if (g_list_model_get_n_items (side->list) != doc->n)
    fail ("VCTable holds %u rows, not %u", g_list_model_get_n_items (side->list), doc->n);
  side->shown = doc;
  side_view (side, no_selection);
}

static BenchRow *
anchor_row (const Doc *doc, guint position)
{
  char title[64];
  BenchRow *row = g_object_new (BENCH_TYPE_ROW, NULL);
  doc_title (doc, position, title, sizeof title);
  row->title = g_strdup (title);
  return row;
}

static void
anchor_init (Side *side, const Doc *doc, gboolean no_selection)
{
  g_autofree gpointer *rows = g_new (gpointer, doc->n);

  side->name = "GListStore";
  side->store = g_list_store_new (BENCH_TYPE_ROW);
  side->live = g_new0 (BenchRow *, 2 * (gsize) doc->n + 2);
  side->stamp = g_new0 (guint32, 2 * (gsize) doc->n + 2);
  for (guint i = 0; i < doc->n; i++)
    rows[i] = side->live[doc->ids[i]] = anchor_row (doc, i);
  g_list_store_splice (side->store, 0, 0, rows, doc->n);
  side->list = G_LIST_MODEL (side->store);
  side->shown = doc;
  side_view (side, no_selection);
}

typedef struct
{
  Side      *side;
  const Doc *doc;
} ShowWait;

static gboolean
cond_shows (gpointer data)
{
  ShowWait *wait = data;
  return view_shows (wait->side, wait->doc, NULL);
}

static gboolean
cond_drawn (gpointer data)
{
  Side *side = data;

  /* A frame after the change is what shows it: make sure one comes. */
  if (side->changed && !side->draw_queued)
    {
      side->draw_queued = TRUE;
      gtk_widget_queue_draw (side->view);
    }
  if (!relayout && side->changed && side->drawn == 0 &&
      g_get_monotonic_time () - side->changed_at > 3 * G_USEC_PER_SEC)
    side->blank = TRUE;
  return side->drawn != 0 || side->blank;
}

/* What the view shows, to stderr: the rows fully inside it, and what they should show. */
static void
dump_view (Side *side, const Doc *doc)
{
  float height = (float) gtk_widget_get_height (side->view);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (side->view));
  GHashTableIter iter;
  gpointer key;
  char title[64];

  fprintf (stderr, "%s: %u rows, changed %d, reloads %d, paints %" G_GUINT64_FORMAT ", view height %.0f, "
           "scrolled to %.0f of %.0f, %u row widgets\n", side->name, g_list_model_get_n_items (side->list),
           side->changed, side->reloads, side->paints, height, gtk_adjustment_get_value (adjustment),
           gtk_adjustment_get_upper (adjustment), g_hash_table_size (side->items));
  g_hash_table_iter_init (&iter, side->items);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      GtkListItem *item = key;
      GtkWidget *label = gtk_list_item_get_child (item);
      graphene_rect_t bounds;
      guint position = gtk_list_item_get_position (item);

      if (label == NULL || !gtk_widget_compute_bounds (label, side->view, &bounds))
        continue;
      if (bounds.origin.y + bounds.size.height < -100 || bounds.origin.y > height + 100)
        continue;
      if (position < doc->n)
        doc_title (doc, position, title, sizeof title);
      else
        g_strlcpy (title, "(past the end)", sizeof title);
      fprintf (stderr, "  y %6.1f h %4.1f mapped %d position %u: \"%s\", expected \"%s\"\n", bounds.origin.y,
               bounds.size.height, gtk_widget_get_mapped (label), position, gtk_label_get_label (GTK_LABEL (label)),
               title);
    }
}


typedef struct
{
  double stall;   /* ms */
  double drawn;   /* ms */
  double changed; /* ms: until the change reached the list (VCTable: did-reload-data) */
  double change_cpu; /* ms of loop-thread CPU in the change itself; -1 when it emitted nothing */
  guint  binds;
  guint  bind_calls;
  guint  runs;
  guint  top;     /* the first row fully shown, when drawn */
  gboolean blank; /* --no-relayout: not shown within 3 s */
} Sample;

/* Before a change: scrolled to the top, a frame painted, then a quiet period. */
static gboolean
cond_not_nudging (gpointer data)
{
  return !((Side *) data)->nudging;
}

static void
settle (Side *side)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (side->view));

  wait_for (cond_not_nudging, side, "the relayout nudge");
  if (side->blank)
    {
      /* --no-relayout left the view blank: nudge it, untimed. */
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + 1);
      wait_paint (side);
      side->blank = FALSE;
    }
  if (gtk_adjustment_get_value (adjustment) != 0)
    {
      gtk_adjustment_set_value (adjustment, 0);
      wait_paint (side);
    }
  wait_paint (side);
  quiet_period (MAX (50u, n_rows / 5000));
}

/* The anchor's change from side->shown to @to, as a GTK program that owns its list makes
 * it: the new array (and new objects) first, untimed; @apply the change itself. */
typedef struct
{
  Shape      shape;
  gboolean   forward;
  gpointer  *items;     /* splice */
  guint      n_items;
  BenchRow  *row;       /* insert-top forward: the new row; edit: the row */
  char       title[64]; /* edit: its new title */
} AnchorChange;

static void
anchor_prepare (Side *side, Shape shape, gboolean forward, const Doc *to, AnchorChange *change)
{
  memset (change, 0, sizeof *change);
  change->shape = shape;
  change->forward = forward;
  if (shape == SHAPE_INSERT_TOP)
    {
      if (forward)
        change->row = anchor_row (to, 0);
    }
  else if (shape == SHAPE_EDIT)
    {
      guint32 id = forward ? to->edited_id : side->shown->edited_id;
      change->row = side->live[id];
      for (guint i = 0; i < to->n; i++)
        if (to->ids[i] == id)
          doc_title (to, i, change->title, sizeof change->title);
    }
  else
    {
      change->n_items = to->n;
      change->items = g_new (gpointer, to->n);
      for (guint i = 0; i < to->n; i++)
        {
          BenchRow *row = side->live[to->ids[i]];
          change->items[i] = row != NULL ? (gpointer) row : (gpointer) anchor_row (to, i);
        }
    }
}

static void
anchor_apply (Side *side, AnchorChange *change)
{
  switch (change->shape)
    {
    case SHAPE_INSERT_TOP:
      if (change->forward)
        g_list_store_insert (side->store, 0, change->row);
      else
        g_list_store_remove (side->store, 0);
      break;
    case SHAPE_EDIT:
      g_object_set (change->row, "title", change->title, NULL);
      break;
    case SHAPE_REVERSE:
    case SHAPE_SHUFFLE:
    case SHAPE_MIXED:
    case N_SHAPES:
    default:
      g_list_store_splice (side->store, 0, g_list_model_get_n_items (side->list), change->items, change->n_items);
      break;
    }
}

/* After the change, untimed: the live map follows the store; dropped rows go. */
static void
anchor_finish (Side *side, const Doc *from, const Doc *to, AnchorChange *change)
{
  side->epoch++;
  for (guint i = 0; i < to->n; i++)
    {
      guint32 id = to->ids[i];
      side->stamp[id] = side->epoch;
      if (side->live[id] == NULL)
        side->live[id] = change->items != NULL ? change->items[i] : g_object_ref (change->row);
    }
  for (guint i = 0; i < from->n; i++)
    {
      guint32 id = from->ids[i];
      if (side->stamp[id] != side->epoch && side->live[id] != NULL)
        g_clear_object (&side->live[id]);
    }
  if (change->shape == SHAPE_INSERT_TOP && change->forward)
    g_object_unref (change->row);
  g_free (change->items);
}

/* One change of @side to @to, measured. */
static Sample
measure (Side *side, Shape shape, gboolean forward, Doc *to)
{
  const Doc *from = side->shown;
  Ticker ticker = { 0, 0 };
  AnchorChange change;
  Sample sample = { 0 };
  guint source;
  gint64 start;

  if (side->vctable)
    {
      g_bytes_unref (side->serving);
      side->serving = doc_json (to);
    }
  else
    anchor_prepare (side, shape, forward, to, &change);
  settle (side);
  side->binds = side->bind_calls = side->runs = 0;
  side->changed = side->draw_queued = side->blank = FALSE;
  side->drawn = 0;
  side->expect_top = relayout ? 0 : G_MAXUINT;   /* the nudge brings the view back to the top */
  side->reloads = 0;
  side->shown = to;
  side->first_run_at = 0;
  side->change_cpu = -1;
  measuring = side;

  ticker.last = start = g_get_monotonic_time ();
  source = g_timeout_add (1, tick, &ticker);
  if (side->vctable)
    vct_table_model_reload_data (side->model);
  else
    {
      gint64 cpu = thread_cpu_us ();

      anchor_apply (side, &change);
      if (side->first_run_at != 0)
        side->change_cpu = thread_cpu_us () - cpu;
      side->changed = TRUE;
      side->changed_at = g_get_monotonic_time ();
    }
  if (!wait_until (cond_drawn, side))
    {
      dump_view (side, to);
      fail ("%s, %s %s: the new rows not drawn within %u ms", side->name, shape_names[shape],
            forward ? "forward" : "back", guard_ms);
    }
  tick (&ticker);
  g_source_remove (source);
  measuring = NULL;

  sample.stall = MAX (0.0, (double) ticker.max_gap / 1000.0 - 1.0);
  sample.drawn = side->blank ? -1 : (double) (side->drawn - start) / 1000.0;
  sample.changed = (double) (side->changed_at - start) / 1000.0;
  sample.change_cpu = side->change_cpu >= 0 ? (double) side->change_cpu / 1000.0 : -1;
  sample.binds = side->binds;
  sample.bind_calls = side->bind_calls;
  sample.runs = side->runs;
  sample.top = side->top_position;
  sample.blank = side->blank;
  if (side->vctable && side->reloads != 1)
    fail ("VCTable: %d did-reload-data for one reload", side->reloads);
  if (g_list_model_get_n_items (side->list) != to->n)
    fail ("%s: %u rows after the change, not %u", side->name, g_list_model_get_n_items (side->list), to->n);
  if (!side->vctable)
    anchor_finish (side, from, to, &change);
  if (verbose)
    fprintf (stderr, "%s %s %s: stall %.2f ms, drawn %.1f ms%s, %u binds (%u bind calls), %u runs, first row in view %u, "
             "change %.2f ms CPU\n",
             side->name, shape_names[shape], forward ? "forward" : "back", sample.stall, sample.drawn,
             sample.blank ? " (blank)" : "", sample.binds, sample.bind_calls, sample.runs, sample.top, sample.change_cpu);
  return sample;
}

/* ------------------------------------------------------------------ Statistics, output */


typedef struct
{
  double stall, drawn, changed, change_cpu, binds, bind_calls, runs, worst_stall;
  guint  top_min, top_max;
  guint  blanks;
} Summary;

static Summary
summarize (const Sample *samples, guint n)
{
  g_autofree double *values = g_new (double, n);
  Summary summary = { 0 };

  summary.top_min = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      values[i] = samples[i].stall;
      summary.worst_stall = MAX (summary.worst_stall, samples[i].stall);
      if (samples[i].blank)
        continue;
      summary.top_min = MIN (summary.top_min, samples[i].top);
      summary.top_max = MAX (summary.top_max, samples[i].top);
    }
  summary.stall = median (values, n);
  guint shown = 0;
  for (guint i = 0; i < n; i++)
    {
      if (samples[i].blank)
        summary.blanks++;
      else
        values[shown++] = samples[i].drawn;
    }
  summary.drawn = shown > 0 ? median (values, shown) : -1;
  for (guint i = 0; i < n; i++)
    values[i] = samples[i].changed;
  summary.changed = median (values, n);
  guint emitted = 0;
  for (guint i = 0; i < n; i++)
    if (samples[i].change_cpu >= 0)
      values[emitted++] = samples[i].change_cpu;
  summary.change_cpu = emitted > 0 ? median (values, emitted) : -1;
  for (guint i = 0; i < n; i++)
    values[i] = samples[i].binds;
  summary.binds = median (values, n);
  for (guint i = 0; i < n; i++)
    values[i] = samples[i].bind_calls;
  summary.bind_calls = median (values, n);
  for (guint i = 0; i < n; i++)
    values[i] = samples[i].runs;
  summary.runs = median (values, n);
  return summary;
}

/* "12.3 ms", "1.23 s" */
static char *
format_ms (double ms)
{
  if (ms >= 1000)
    return g_strdup_printf ("%.2f s", ms / 1000);
  if (ms >= 100)
    return g_strdup_printf ("%.0f ms", ms);
  return g_strdup_printf ("%.1f ms", ms);
}

/* @text right-aligned in @width characters (not bytes: "×", "÷" and "–" are several). */
static void
print_cell (const char *text, guint width)
{
  for (glong pad = (glong) width - g_utf8_strlen (text, -1); pad > 0; pad--)
    putchar (' ');
  fputs (text, stdout);
}

/* The median time to drawn, or "blank k/n" when --no-relayout left the view blank. */
static char *
format_drawn (const Summary *summary, guint reps)
{
  if (summary->blanks > 0)
    return g_strdup_printf ("blank %u/%u", summary->blanks, reps);
  return format_ms (summary->drawn);
}

static char *
format_ratio (double value, double base)
{
  if (base < 0.05)
    return g_strdup ("–");
  return g_strdup_printf ("%.2f×", value / base);
}

/* "1 000 000" */
static char *
format_count (double value)
{
  g_autofree char *digits = g_strdup_printf ("%.0f", value);
  GString *text = g_string_new (NULL);
  gsize len = strlen (digits);

  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (text, ' ');
      g_string_append_c (text, digits[i]);
    }
  return g_string_free (text, FALSE);
}

/* Whether the library under test is a debug build (links the -Onone support library). */
static const char *
library_build (void)
{
  g_autofree char *maps = NULL;

  if (!g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL))
    return "unknown";
  return strstr (maps, "libswiftSwiftOnoneSupport") != NULL ? "debug (links libswiftSwiftOnoneSupport)"
                                                             : "release";
}

static char *
library_path (void)
{
  g_autofree char *maps = NULL;

  if (!g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL))
    return g_strdup ("?");
  char *at = strstr (maps, "/libVCTable.so");
  if (at == NULL)
    return g_strdup ("?");
  /* The whole name: an installed library is the file libVCTable.so.VERSION. */
  char *begin = at;
  while (begin > maps && begin[-1] != ' ')
    begin--;
  return g_strndup (begin, (gsize) (at - begin) + strcspn (at, "\n"));
}

/* VmHWM, in KiB; 0 when /proc cannot be read. */
static guint64
peak_rss_kib (void)
{
  g_autofree char *status = NULL;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  const char *line = strstr (status, "\nVmHWM:");
  return line != NULL ? g_ascii_strtoull (line + strlen ("\nVmHWM:"), NULL, 10) : 0;
}

static void
usage (const char *self)
{
  g_printerr ("usage: %s [--rows N] [--reps N] [--no-selection] [--no-relayout] [--rebind-always]\n"
              "       [--control] [--verbose] [--shapes reverse,shuffle,mixed,insert-top,edit] [--guard-ms MS]\n",
              self);
  exit (2);
}

int
main (int argc, char **argv)
{
  guint reps = 5;
  gboolean no_selection = FALSE;
  gboolean wanted[N_SHAPES] = { TRUE, TRUE, TRUE, TRUE, TRUE };

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--reps") == 0 && i + 1 < argc)
        reps = (guint) atoi (argv[++i]);
      else if (strcmp (argv[i], "--rows") == 0 && i + 1 < argc)
        n_rows = (guint) atoi (argv[++i]);
      else if (strcmp (argv[i], "--no-selection") == 0)
        no_selection = TRUE;
      else if (strcmp (argv[i], "--no-relayout") == 0)
        relayout = FALSE;
      else if (strcmp (argv[i], "--rebind-always") == 0)
        rebind_always = TRUE;
      else if (strcmp (argv[i], "--control") == 0)
        control = TRUE;
      else if (strcmp (argv[i], "--verbose") == 0)
        verbose = TRUE;
      else if (strcmp (argv[i], "--guard-ms") == 0 && i + 1 < argc)
        guard_ms = (guint) atoi (argv[++i]);
      else if (strcmp (argv[i], "--shapes") == 0 && i + 1 < argc)
        {
          g_auto (GStrv) names = g_strsplit (argv[++i], ",", -1);
          for (guint s = 0; s < N_SHAPES; s++)
            wanted[s] = g_strv_contains ((const char *const *) names, shape_names[s]);
          for (guint k = 0; names[k] != NULL; k++)
            {
              gboolean known = FALSE;
              for (guint s = 0; s < N_SHAPES; s++)
                known |= strcmp (names[k], shape_names[s]) == 0;
              if (!known)
                usage (argv[0]);
            }
        }
      else
        usage (argv[0]);
    }
  if (reps == 0 || n_rows < 100 || n_rows > 100000000)
    usage (argv[0]);
  if (guard_ms == 0)
    guard_ms = 120000 + n_rows / 5;   /* 10^6 rows: 320 s */

  g_log_set_writer_func (log_writer, NULL, NULL);
  gtk_init ();
  gint64 run_start = g_get_monotonic_time ();

  Doc *base = doc_new (n_rows);
  for (guint i = 0; i < n_rows; i++)
    base->ids[i] = i + 1;

  Side vctable = { 0 }, anchor = { 0 }, second = { 0 };
  vctable_init (&vctable, base, no_selection);
  anchor_init (&anchor, base, no_selection);
  Side *sides[3] = { &vctable, &anchor, &second };
  guint n_sides = 2;
  if (control)
    {
      anchor_init (&second, base, no_selection);
      second.name = "GListStore (control)";
      n_sides = 3;
    }

  /* The first frames; how many rows the view shows at the top. */
  for (guint s = 0; s < n_sides; s++)
    {
      ShowWait wait = { sides[s], base };
      wait_paint (sides[s]);
      wait_for (cond_shows, &wait, "the first rows drawn");
    }
  guint fully_visible = 0;
  visible_rows = 0;
  view_shows (&vctable, base, &fully_visible);
  if (fully_visible < 3)
    fail ("the view shows %u rows", fully_visible);
  visible_rows = fully_visible;
  guint edit_position = visible_rows / 2;
  g_autofree char *renderer = g_strdup (G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (vctable.window))));

  Sample *samples[3][N_SHAPES] = { { NULL } };
  for (guint s = 0; s < N_SHAPES; s++)
    {
      if (!wanted[s])
        continue;
      Doc *other = doc_for_shape (base, (Shape) s, edit_position);
      for (guint side = 0; side < n_sides; side++)
        samples[side][s] = g_new0 (Sample, reps);
      for (guint r = 0; r < reps; r++)
        {
          gboolean forward = r % 2 == 0;
          Doc *to = forward ? other : base;
          for (guint k = 0; k < n_sides; k++)
            {
              guint side = (k + r) % n_sides;   /* the order rotates */
              samples[side][s][r] = measure (sides[side], (Shape) s, forward, to);
            }
        }
      if (reps % 2 == 1)   /* back to the base, untimed */
        for (guint side = 0; side < n_sides; side++)
          measure (sides[side], (Shape) s, FALSE, base);
      doc_free (other);
    }

  printf ("bench-listview: %u rows, GtkListView over %s, %u rows in view, %s, %s; median of %u interleaved "
          "(alternate reps change the rows, then change them back)\n",
          n_rows, no_selection ? "GtkNoSelection" : "GtkSingleSelection", visible_rows, renderer,
          relayout ? "GTK 4.8 relayout nudge after each change" : "no relayout nudge", reps);
  g_autofree char *library = library_path ();
  printf ("library: %s, %s build\n", library, library_build ());
  printf ("VCT: VCTable's list; GLS: the GListStore; stall: the longest loop stall; drawn: until the new rows "
          "are drawn; binds: row widgets bound to another row%s; runs: items-changed\n",
          rebind_always ? " (every bind call: --rebind-always)" : " (GTK's bind calls in the notes)");
  static const char *const headers[] = { "VCT stall", "GLS stall", "÷ GLS", "VCT drawn", "GLS drawn",
                                          "VCT binds", "GLS binds", "runs V/G" };
  static const guint widths[] = { 9, 9, 7, 10, 10, 9, 9, 9 };
  printf ("%-34s", "shape");
  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    {
      printf ("  ");
      print_cell (headers[c], widths[c]);
    }
  printf ("\n----------------------------------");
  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    {
      printf ("  ");
      for (guint k = 0; k < widths[c]; k++)
        putchar ('-');
    }
  printf ("\n");
  GString *markdown = g_string_new (NULL);
  GString *notes = g_string_new (NULL);
  for (guint s = 0; s < N_SHAPES; s++)
    {
      if (!wanted[s])
        continue;
      Summary v = summarize (samples[0][s], reps), a = summarize (samples[1][s], reps);
      g_autofree char *v_stall = format_ms (v.stall), *a_stall = format_ms (a.stall);
      g_autofree char *v_drawn = format_drawn (&v, reps), *a_drawn = format_drawn (&a, reps);
      g_autofree char *ratio = format_ratio (v.stall, a.stall);
      g_autofree char *v_binds = format_count (v.binds), *a_binds = format_count (a.binds);
      g_autofree char *v_runs = format_count (v.runs), *a_runs = format_count (a.runs);
      g_autofree char *runs = g_strdup_printf ("%s/%s", v_runs, a_runs);
      g_autofree char *rows = format_count (n_rows);
      g_autofree char *v_worst = format_ms (v.worst_stall), *a_worst = format_ms (a.worst_stall);

      const char *cells[] = { v_stall, a_stall, ratio, v_drawn, a_drawn, v_binds, a_binds, runs };
      printf ("%-34s", shape_labels[s]);
      for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
        {
          printf ("  ");
          print_cell (cells[c], widths[c]);
        }
      printf ("\n");
      g_string_append_printf (markdown, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", rows,
                              shape_names[s], v_stall, a_stall, ratio, v_drawn, a_drawn, v_binds, a_binds, runs);
      g_autofree char *v_changed = format_ms (v.changed);
      g_autofree char *v_calls = format_count (v.bind_calls), *a_calls = format_count (a.bind_calls);
      g_string_append_printf (notes, "  %s: worst stall VCTable %s, GListStore %s; GTK's bind calls VCTable %s, "
                              "GListStore %s; VCTable's did-reload-data after %s",
                              shape_names[s], v_worst, a_worst, v_calls, a_calls, v_changed);
      if (v.change_cpu >= 0 && a.change_cpu >= 0)
        {
          g_autofree char *v_cpu = format_ms (v.change_cpu), *a_cpu = format_ms (a.change_cpu);
          g_autofree char *cpu_ratio = format_ratio (v.change_cpu, a.change_cpu);
          g_string_append_printf (notes, "; the change itself, loop-thread CPU: VCTable %s, GListStore %s (%s)",
                                  v_cpu, a_cpu, cpu_ratio);
        }
      if (v.top_min == G_MAXUINT)
        v.top_min = v.top_max = 0;
      if (a.top_min == G_MAXUINT)
        a.top_min = a.top_max = 0;
      if (v.top_max > 0 || a.top_max > 0)
        g_string_append_printf (notes, "; first row in view after the change: VCTable %u–%u, GListStore %u–%u",
                                v.top_min, v.top_max, a.top_min, a.top_max);
      if (control)
        {
          Summary c = summarize (samples[2][s], reps);
          g_autofree char *c_stall = format_ms (c.stall);
          g_autofree char *c_ratio = format_ratio (c.stall, a.stall);
          g_string_append_printf (notes, "; control (a second GListStore): %s, %s the first's",
                                  c_stall, c_ratio);
        }
      g_string_append_c (notes, '\n');
    }
  printf ("%s", notes->str);
  printf ("markdown (BENCHMARKS.md): | rows | shape | VCTable stall | GListStore stall | ratio | VCTable drawn | "
          "GListStore drawn | VCTable binds | GListStore binds | runs VCTable/GListStore |\n%s",
          markdown->str);
  printf ("peak RSS %.0f MiB; run %.1f s\n", (double) peak_rss_kib () / 1024.0,
          (double) (g_get_monotonic_time () - run_start) / 1e6);
  g_string_free (markdown, TRUE);
  g_string_free (notes, TRUE);

  if (n_warnings > 0)
    fail ("%u GLib/GTK warnings or criticals were logged", n_warnings);
  fflush (stdout);
  return 0;
}
