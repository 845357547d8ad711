/* test-scale.c: vctable-gtk's photo table with 100 000 rows (a custom API serving a
 * generated document), read from the widget tree GTK built.
 *
 *   /gtk-app/scale/100000-rows   the first rows show; scrolled to the end and back, then
 *                                reloaded with the rows reversed: each time the row
 *                                widgets under the list view stay what GTK 4.8 keeps
 *                                (about 200, at any list size: ≤ 250) and the row
 *                                objects alive stay ≤ the widgets + 2
 *
 * The row objects alive: a weak reference on every row the page's factory binds (a
 * second "bind" handler on the page's own GtkSignalListItemFactory, connected before the
 * first reload delivers). After the window is destroyed none is left.
 */
#include "app-test.h"

#include "../../Gtk/pages.h"

#define N_ROWS 100000u
#define MAX_ROW_WIDGETS 250u   /* GTK 4.8 keeps about 200 row widgets, at any list size */

/* The document: photos 1..N_ROWS, in order or reversed. */
static gboolean reversed;

static char *
document_json (void)
{
  return vct_test_photos_json_ordered (1, N_ROWS, reversed);
}

static void
get_photos (VctApiRequest *request, G_GNUC_UNUSED gpointer data)
{
  g_autofree char *json = document_json ();
  vct_api_request_return_json (request, json, -1);
}

/* The row objects the factory has bound that are still alive. */
static GHashTable *rows_alive;

static void
on_row_finalized (G_GNUC_UNUSED gpointer data, GObject *row)
{
  g_assert_true (g_hash_table_remove (rows_alive, row));
}

static void
track_bound_row (G_GNUC_UNUSED GtkSignalListItemFactory *factory,
                 GtkListItem                             *item,
                 G_GNUC_UNUSED gpointer                   data)
{
  GObject *row = gtk_list_item_get_item (item);

  if (row != NULL && g_hash_table_add (rows_alive, row))
    g_object_weak_ref (row, on_row_finalized, NULL);
}

typedef struct
{
  VctTableModel *model;
  VctGtkWindow  *window;
  GtkWidget     *view;
} Fixture;

static guint
row_widgets (GtkWidget *view)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

static gboolean
few_rows_alive (gpointer data)
{
  Fixture *fx = data;
  return g_hash_table_size (rows_alive) <= row_widgets (fx->view) + 2;
}

static void
assert_bounded (Fixture *fx, const char *when)
{
  guint widgets = row_widgets (fx->view);
  guint alive = g_hash_table_size (rows_alive);

  g_test_message ("%s: %u row widgets, %u row objects alive, %u rows", when, widgets, alive,
                  g_list_model_get_n_items (G_LIST_MODEL (vct_table_model_get_list (fx->model))));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (vct_table_model_get_list (fx->model))), ==, N_ROWS);
  g_assert_cmpuint (widgets, >, 0);
  g_assert_cmpuint (widgets, <=, MAX_ROW_WIDGETS);
  g_assert_cmpuint (alive, >, 0);
  g_assert_cmpuint (alive, <=, widgets + 2);
}

typedef struct
{
  GtkWidget  *view;
  const char *title;
  gboolean    first;   /* the title must be the first row shown (else: any row shown) */
} ShownWait;

static gboolean
shown (gpointer data)
{
  ShownWait *wait = data;
  g_autoptr (GPtrArray) titles = app_test_row_labels (wait->view, "title");

  if (titles->len < 5 && !(wait->first == FALSE && titles->len > 0))
    return FALSE;
  if (wait->first)
    return g_strcmp0 (g_ptr_array_index (titles, 0), wait->title) == 0;
  for (guint i = 0; i < titles->len; i++)
    if (g_strcmp0 (g_ptr_array_index (titles, i), wait->title) == 0)
      return TRUE;
  return FALSE;
}

/* Consecutive photos from the first one shown, as the document orders them. */
static void
assert_rows_in_order (Fixture *fx)
{
  g_autoptr (GPtrArray) titles = app_test_row_labels (fx->view, "title");
  guint first;

  g_assert_cmpuint (titles->len, >=, 5);
  g_assert_true (sscanf (g_ptr_array_index (titles, 0), "photo %u", &first) == 1);
  for (guint i = 0; i < titles->len; i++)
    {
      g_autofree char *expected = g_strdup_printf ("photo %u", reversed ? first - i : first + i);
      g_assert_cmpstr (g_ptr_array_index (titles, i), ==, expected);
    }
}

static void
scroll_to (Fixture *fx, guint position)
{
  /* GTK 4.8 has no gtk_list_view_scroll_to (4.12): its list.scroll-to-item action. */
  g_assert_true (gtk_widget_activate_action (fx->view, "list.scroll-to-item", "u", position));
}

static gboolean
reload_done (gpointer data)
{
  Fixture *fx = data;
  return !vct_table_model_is_loading (fx->model);
}

static void
test_100000_rows (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  ShownWait first = { fx->view, "photo 1", TRUE };
  app_test_wait (shown, &first);
  assert_rows_in_order (fx);
  assert_bounded (fx, "first frame");

  ShownWait end = { fx->view, "photo 100000", FALSE };
  scroll_to (fx, N_ROWS - 1);
  app_test_wait (shown, &end);
  app_test_wait_frames (fx->view, 2);
  assert_bounded (fx, "at the end");

  scroll_to (fx, 0);
  app_test_wait (shown, &first);
  app_test_wait_frames (fx->view, 2);
  assert_rows_in_order (fx);
  assert_bounded (fx, "back at the start");

  reversed = TRUE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (reload_done, fx);
  ShownWait top = { fx->view, "photo 100000", TRUE };
  app_test_wait (shown, &top);
  app_test_wait_frames (fx->view, 2);
  assert_rows_in_order (fx);
  /* For a moment after a reload that moves many rows the list keeps the rows the view
   * showed before it and those of its positions (VCT_LIST_MODEL_KEEP_MS): at most two
   * windows of rows, then one. */
  g_assert_cmpuint (g_hash_table_size (rows_alive), <=, 2 * row_widgets (fx->view) + 4);
  app_test_wait (few_rows_alive, fx);
  assert_bounded (fx, "after a reversed reload");
}

static void
fixture_set_up (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  reversed = FALSE;
  g_autoptr (VctApi) api = vct_api_new_custom (get_photos, NULL, NULL);
  fx->model = vct_table_model_new_with_manager (api);
  fx->window = vct_gtk_window_new (NULL, fx->model, NULL, NULL);
  fx->view = GTK_WIDGET (vct_gtk_page_get_list_view (
    VCT_GTK_PAGE (vct_gtk_window_get_page (fx->window, VCT_GTK_SCREEN_PHOTOS))));
  /* Before the first reload delivers (it runs on a worker; nothing is bound yet). */
  g_signal_connect (gtk_list_view_get_factory (GTK_LIST_VIEW (fx->view)), "bind", G_CALLBACK (track_bound_row), NULL);
  gtk_window_present (GTK_WINDOW (fx->window));
}

static void
fixture_tear_down (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  GObject *models[] = { G_OBJECT (fx->model), NULL };

  app_test_close_window (fx->window, models);
  g_assert_cmpuint (g_hash_table_size (rows_alive), ==, 0);   /* no row outlives the window and model */
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  rows_alive = g_hash_table_new (NULL, NULL);
  g_test_add ("/gtk-app/scale/100000-rows", Fixture, NULL, fixture_set_up, test_100000_rows, fixture_tear_down);
  return g_test_run ();
}
