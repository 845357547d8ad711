/* test-photos.c: vctable-gtk's photo table, read from the widget tree GTK built.
 *
 *   /gtk-app/photos/first-frame         the header bar shows the model's title, the rows
 *                                       "Entry ID: N" and the photos' titles, in order
 *   /gtk-app/photos/activate-selects    GtkListView::activate: the header bar title
 *                                       becomes the photo's
 *   /gtk-app/photos/reload-spinner      win.reload: the spinner spins (the title resets)
 *                                       while the request is held, then the new rows show
 *                                       and the spinner hides
 *   /gtk-app/photos/error-dialog        an API error: "Oops..." with the message and OK,
 *                                       the rows kept behind it; OK closes it
 *   /gtk-app/photos/reversed-reload     a reload that moves every row: the rows show, from
 *                                       the top still (the GTK 4.8 relayout nudge keeps
 *                                       the scroll offset)
 *   /gtk-app/photos/thumbnails          rows whose thumbnails are four PNG files: each shown
 *                                       row's image is its own photo's colour, decoded to
 *                                       the 40 px box; four reads for the whole screen; a
 *                                       reversed reload shows each row's own again
 *   /gtk-app/photos/rebind-keeps-tooltip a reversed reload binds every row widget to
 *                                       another row whose thumbnail is loaded too: the
 *                                       widgets' tooltips are not set again (GTK 4.8's
 *                                       gtk_widget_set_tooltip_text queries the tooltip
 *                                       on every call, the window's longest cost there)
 *   /gtk-app/photos/insert-keeps-rows   a reload that inserts a row at the top: GTK 4.8
 *                                       binds every row widget below it again, with its
 *                                       row; each keeps its texture (nothing made again,
 *                                       vct_gtk_list_item_keeps_row()), and every row
 *                                       shows its own title and thumbnail
 *
 * Every case ends by destroying the window: the model is finalized (a weak pointer).
 */
#include <glib/gstdio.h>
#include <unistd.h>

#include "app-test.h"

#include "../../Gtk/list-item-bindings.h"
#include "../../Gtk/pages.h"

/* The custom API: photos first_id.. (n of them), at once, held, or an error. */
typedef struct
{
  gint64   first_id;
  guint    n;
  gboolean reversed;
  gboolean hold;
  char    *error;     /* when set, every request fails with it */
  char    *thumbnails[4];  /* when set, photo N's thumbnail is thumbnails[N % 4] */
  GQueue   held;      /* VctApiRequest * */
} Source;

static Source source;

static char *
source_json (void)
{
  if (source.thumbnails[0] != NULL)
    {
      GString *json = g_string_new ("[");

      for (guint i = 0; i < source.n; i++)
        {
          gint64 id = source.reversed ? source.first_id + source.n - 1 - i : source.first_id + i;

          g_string_append_printf (json, "%s{\"albumId\": 1, \"id\": %" G_GINT64_FORMAT ", \"title\": \"photo %"
                                  G_GINT64_FORMAT "\", \"url\": \"%s\", \"thumbnailUrl\": \"%s\"}",
                                  i == 0 ? "" : ",", id, id, source.thumbnails[id % 4], source.thumbnails[id % 4]);
        }
      g_string_append_c (json, ']');
      return g_string_free (json, FALSE);
    }
  if (!source.reversed)
    return vct_test_photos_json (source.first_id, source.n);

  GString *json = g_string_new ("[");
  for (guint i = 0; i < source.n; i++)
    {
      gint64 id = source.first_id + source.n - 1 - i;
      g_string_append_printf (json, "%s{\"albumId\": 1, \"id\": %" G_GINT64_FORMAT ", \"title\": \"photo %" G_GINT64_FORMAT
                              "\", \"url\": \"https://example.com/%" G_GINT64_FORMAT "\", \"thumbnailUrl\": \"https://example.com/t\"}",
                              i == 0 ? "" : ",", id, id, id);
    }
  g_string_append_c (json, ']');
  return g_string_free (json, FALSE);
}

static void
complete (VctApiRequest *request)
{
  if (source.error != NULL)
    {
      g_autoptr (GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, source.error);
      vct_api_request_return_error (request, error);
      return;
    }
  g_autofree char *json = source_json ();
  vct_api_request_return_json (request, json, -1);
}

static void
get_photos (VctApiRequest *request, G_GNUC_UNUSED gpointer data)
{
  if (source.hold)
    g_queue_push_tail (&source.held, request);
  else
    complete (request);
}

typedef struct
{
  VctTableModel *model;
  VctGtkWindow  *window;
  GtkWidget     *view;
  GtkWidget     *title;
  GtkWidget     *spinner;
  guint64        transfers_started;  /* the default image loader's, before the window */
} Fixture;

/* The colours of the thumbnails: photo N's is COLOURS[N % 4] (RGB, opaque). */
static const guint32 COLOURS[4] = { 0xe04040ff, 0x40a040ff, 0x4040e0ff, 0xe0c040ff };

/* Four 120 px PNG files, one per colour, for source.thumbnails. */
static void
make_thumbnails (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (source.thumbnails); i++)
    {
      g_autoptr (GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, 120, 120);
      g_autofree char *buffer = NULL;
      g_autofree char *path = NULL;
      gsize size = 0;
      int fd;

      gdk_pixbuf_fill (pixbuf, COLOURS[i]);
      g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, "png", NULL, NULL));
      fd = g_file_open_tmp ("vctable-thumbnail-XXXXXX.png", &path, NULL);
      g_assert_cmpint (fd, >=, 0);
      close (fd);
      g_assert_true (g_file_set_contents (path, buffer, size, NULL));
      source.thumbnails[i] = g_filename_to_uri (path, NULL, NULL);
    }
}

static gboolean
first_row_is (gpointer data)
{
  Fixture *fx = data;
  const char *first = app_test_row_label (fx->view, 0, "title");
  g_autofree char *expected = g_strdup_printf ("photo %" G_GINT64_FORMAT,
                                               source.reversed ? source.first_id + source.n - 1 : source.first_id);
  g_autoptr (GPtrArray) shown = app_test_row_labels (fx->view, "title");
  return g_strcmp0 (first, expected) == 0 && shown->len >= MIN (5u, source.n);
}

static void
fixture_set_up (Fixture *fx, gconstpointer data)
{
  source = (Source) { .first_id = 1, .n = 1000 };
  if (data != NULL)
    make_thumbnails ();
  fx->transfers_started = vct_image_loader_get_n_transfers_started (vct_image_loader_get_default ());
  g_autoptr (VctApi) api = vct_api_new_custom (get_photos, NULL, NULL);
  fx->model = vct_table_model_new_with_manager (api);
  fx->window = vct_gtk_window_new (NULL, fx->model, NULL, NULL);
  fx->view = GTK_WIDGET (vct_gtk_page_get_list_view (
    VCT_GTK_PAGE (vct_gtk_window_get_page (fx->window, VCT_GTK_SCREEN_PHOTOS))));
  fx->title = app_test_find_named (GTK_WIDGET (fx->window), "window-title", FALSE);
  fx->spinner = app_test_find_named (GTK_WIDGET (fx->window), "window-spinner", FALSE);
  gtk_window_present (GTK_WINDOW (fx->window));
  app_test_wait (first_row_is, fx);
}

static void
fixture_tear_down (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  GObject *models[] = { G_OBJECT (fx->model), NULL };

  while (!g_queue_is_empty (&source.held))
    complete (g_queue_pop_head (&source.held));
  app_test_close_window (fx->window, models);
  g_clear_pointer (&source.error, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (source.thumbnails); i++)
    {
      g_autofree char *path = source.thumbnails[i] != NULL
        ? g_filename_from_uri (source.thumbnails[i], NULL, NULL) : NULL;

      if (path != NULL)
        g_unlink (path);
      g_clear_pointer (&source.thumbnails[i], g_free);
    }
}

static void
test_first_frame (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (fx->title)), ==, TITLE);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fx->window)), ==, TITLE);
  g_assert_true (gtk_widget_get_mapped (fx->title));

  g_autoptr (GPtrArray) entries = app_test_row_labels (fx->view, "entry");
  g_autoptr (GPtrArray) titles = app_test_row_labels (fx->view, "title");
  g_assert_cmpuint (titles->len, >=, 5);
  g_assert_cmpuint (entries->len, ==, titles->len);
  for (guint i = 0; i < titles->len; i++)
    {
      g_autofree char *entry = g_strdup_printf ("Entry ID: %u", i + 1);
      g_autofree char *title = g_strdup_printf ("photo %u", i + 1);
      g_assert_cmpstr (g_ptr_array_index (entries, i), ==, entry);
      g_assert_cmpstr (g_ptr_array_index (titles, i), ==, title);
    }
  g_assert_false (gtk_widget_get_visible (fx->spinner));
}

typedef struct
{
  GtkWidget  *label;
  const char *text;
} LabelWait;

static gboolean
label_is (gpointer data)
{
  LabelWait *wait = data;
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (wait->label)), wait->text) == 0;
}

static void
test_activate_selects (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_signal_emit_by_name (fx->view, "activate", 2u);
  LabelWait wait = { fx->title, "photo 3" };
  app_test_wait (label_is, &wait);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fx->window)), ==, "photo 3");
}

static gboolean
spinner_spins (gpointer data)
{
  Fixture *fx = data;
  return gtk_widget_get_mapped (fx->spinner) && gtk_spinner_get_spinning (GTK_SPINNER (fx->spinner));
}

static gboolean
spinner_hidden (gpointer data)
{
  Fixture *fx = data;
  return !gtk_widget_get_visible (fx->spinner) && !gtk_spinner_get_spinning (GTK_SPINNER (fx->spinner));
}

static gboolean
request_held (G_GNUC_UNUSED gpointer data)
{
  return !g_queue_is_empty (&source.held);
}

static void
test_reload_spinner (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  /* A selection first, so the reload's title reset shows. */
  g_signal_emit_by_name (fx->view, "activate", 0u);
  LabelWait selected = { fx->title, "photo 1" };
  app_test_wait (label_is, &selected);

  source.hold = TRUE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (spinner_spins, fx);
  app_test_wait (request_held, NULL);
  LabelWait reset = { fx->title, TITLE };
  app_test_wait (label_is, &reset);
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "title"), ==, "photo 1");   /* the rows stay meanwhile */

  source.first_id = 5001;
  source.n = 300;
  complete (g_queue_pop_head (&source.held));
  app_test_wait (spinner_hidden, fx);
  app_test_wait (first_row_is, fx);
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "entry"), ==, "Entry ID: 5001");
}

static gboolean
dialog_shown (gpointer data)
{
  Fixture *fx = data;
  GtkWindow *dialog = vct_gtk_window_get_error_dialog (fx->window);
  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

static gboolean
dialog_gone (gpointer data)
{
  Fixture *fx = data;
  return vct_gtk_window_get_error_dialog (fx->window) == NULL;
}

static void
test_error_dialog (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  source.error = g_strdup ("HTTP 503: the photos are resting");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (dialog_shown, fx);
  app_test_wait (spinner_hidden, fx);

  GtkWidget *dialog = GTK_WIDGET (vct_gtk_window_get_error_dialog (fx->window));
  g_assert_nonnull (app_test_find_label (dialog, "Oops..."));
  g_assert_true (app_test_shows_text (dialog, ERROR_PREFIX));
  g_assert_true (app_test_shows_text (dialog, "HTTP 503: the photos are resting"));
  GtkWidget *ok = app_test_find_label (dialog, "_OK") != NULL ? app_test_find_label (dialog, "_OK")
                                                               : app_test_find_label (dialog, "OK");
  g_assert_nonnull (ok);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fx->window));

  /* The rows are kept behind it. */
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "title"), ==, "photo 1");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (vct_table_model_get_list (fx->model))), ==, 1000);

  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  app_test_wait (dialog_gone, fx);
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "title"), ==, "photo 1");
}

static void
test_reversed_reload (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  source.reversed = TRUE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (first_row_is, fx);
  g_assert_cmpstr (app_test_row_label (fx->view, 1, "title"), ==, "photo 999");
}

static gboolean
no_image_loading (G_GNUC_UNUSED gpointer data)
{
  return vct_gtk_list_item_get_n_images_loading () == 0;
}

/* The shown rows' thumbnails: each must be its photo's colour (read from the title,
 * "photo N") at the 40 px box. Returns how many rows were checked. */
static guint
check_thumbnails (GtkWidget *view)
{
  guint checked = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *thumbnail = app_test_find_named (row, "thumbnail", TRUE);
      GtkWidget *title = app_test_find_named (row, "title", TRUE);
      GdkPaintable *paintable;
      g_autofree guint8 *pixels = NULL;
      const guint8 *pixel;
      int width, height;
      gint64 id;

      if (thumbnail == NULL || title == NULL)
        continue;
      g_assert_cmpint (sscanf (gtk_label_get_text (GTK_LABEL (title)), "photo %" G_GINT64_FORMAT, &id), ==, 1);
      g_assert_cmpint (gtk_image_get_storage_type (GTK_IMAGE (thumbnail)), ==, GTK_IMAGE_PAINTABLE);
      paintable = gtk_image_get_paintable (GTK_IMAGE (thumbnail));
      g_assert_true (GDK_IS_TEXTURE (paintable));
      g_assert_cmpint (gdk_texture_get_width (GDK_TEXTURE (paintable)), ==, 40 * gtk_widget_get_scale_factor (view));
      width = gdk_texture_get_width (GDK_TEXTURE (paintable));
      height = gdk_texture_get_height (GDK_TEXTURE (paintable));
      pixels = g_malloc ((gsize) width * height * 4);
      gdk_texture_download (GDK_TEXTURE (paintable), pixels, (gsize) width * 4);
      pixel = pixels + ((gsize) (height / 2) * width + width / 2) * 4;
      /* GDK's download format is B, G, R, A in memory. */
      g_assert_cmphex (pixel[2], ==, COLOURS[id % 4] >> 24);
      g_assert_cmphex (pixel[1], ==, (COLOURS[id % 4] >> 16) & 0xff);
      g_assert_cmphex (pixel[0], ==, (COLOURS[id % 4] >> 8) & 0xff);
      checked++;
    }
  return checked;
}

/* Waits until no row's image is loading and the rows are drawn; then each shown row must
 * show its own photo's thumbnail. */
static void
wait_for_thumbnails (Fixture *fx)
{
  app_test_wait (no_image_loading, NULL);
  app_test_wait_frames (fx->view, 2);
  g_assert_cmpuint (check_thumbnails (fx->view), >=, 5);
}

/* Reloads the rows reversed (every row moves) and waits for their thumbnails. */
static void
reverse_and_wait_for_thumbnails (Fixture *fx)
{
  source.reversed = TRUE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (first_row_is, fx);
  wait_for_thumbnails (fx);
}

static void
test_thumbnails (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  guint64 started = fx->transfers_started;

  wait_for_thumbnails (fx);
  /* One read per file, however many rows show it. */
  g_assert_cmpuint (vct_image_loader_get_n_transfers_started (vct_image_loader_get_default ()) - started, ==, 4);

  /* Every row moves: each shows its own photo's thumbnail still (cache hits). */
  reverse_and_wait_for_thumbnails (fx);
  g_assert_cmpuint (vct_image_loader_get_n_transfers_started (vct_image_loader_get_default ()) - started, ==, 4);
}

static void
count_notify (G_GNUC_UNUSED GObject *widget, G_GNUC_UNUSED GParamSpec *pspec, gpointer counter)
{
  (*(guint *) counter)++;
}

static void
test_rebind_keeps_tooltip (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_autoptr (GPtrArray) thumbnails = g_ptr_array_new_with_free_func (g_object_unref);
  guint tooltips_set = 0, paintables_set = 0;

  wait_for_thumbnails (fx);
  for (GtkWidget *row = gtk_widget_get_first_child (fx->view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *thumbnail = app_test_find_named (row, "thumbnail", TRUE);

      if (thumbnail == NULL)
        continue;
      g_assert_null (gtk_widget_get_tooltip_text (thumbnail));
      g_signal_connect (thumbnail, "notify::tooltip-text", G_CALLBACK (count_notify), &tooltips_set);
      g_signal_connect (thumbnail, "notify::paintable", G_CALLBACK (count_notify), &paintables_set);
      g_ptr_array_add (thumbnails, g_object_ref (thumbnail));
    }

  /* Every row moves: each widget shows another photo, loaded from the memory cache. */
  reverse_and_wait_for_thumbnails (fx);
  g_assert_cmpuint (paintables_set, >=, 5);   /* the widgets were bound again */
  g_assert_cmpuint (tooltips_set, ==, 0);
  for (guint i = 0; i < thumbnails->len; i++)
    {
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (thumbnails, i), &tooltips_set);
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (thumbnails, i), &paintables_set);
    }
}

/* The texture each row widget in view shows, by the row's title (references). */
static GHashTable *
textures_by_title (GtkWidget *view)
{
  GHashTable *textures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *thumbnail = app_test_find_named (row, "thumbnail", TRUE);
      GtkWidget *title = app_test_find_named (row, "title", TRUE);

      if (thumbnail != NULL && title != NULL && gtk_widget_get_mapped (row)
          && gtk_image_get_storage_type (GTK_IMAGE (thumbnail)) == GTK_IMAGE_PAINTABLE)
        g_hash_table_insert (textures, g_strdup (gtk_label_get_text (GTK_LABEL (title))),
                             g_object_ref (gtk_image_get_paintable (GTK_IMAGE (thumbnail))));
    }
  return textures;
}

static void
test_insert_keeps_rows (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_autoptr (GHashTable) before = NULL;
  g_autoptr (GHashTable) after = NULL;
  GHashTableIter iter;
  gpointer title, texture;
  guint kept = 0;

  app_test_wait (no_image_loading, NULL);
  app_test_wait_frames (fx->view, 2);
  before = textures_by_title (fx->view);
  g_assert_cmpuint (g_hash_table_size (before), >=, 5);

  /* Photo 0 comes first: every row moves down by one. */
  source.first_id = 0;
  source.n = 1001;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fx->window), "win.reload", NULL));
  app_test_wait (first_row_is, fx);
  wait_for_thumbnails (fx);
  g_assert_cmpstr (app_test_row_label (fx->view, 1, "title"), ==, "photo 1");

  /* The rows in view before and after show the texture they showed. */
  after = textures_by_title (fx->view);
  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &title, &texture))
    {
      GdkPaintable *old = g_hash_table_lookup (before, title);

      if (old == NULL)
        continue;
      g_assert_true (old == texture);
      kept++;
    }
  g_assert_cmpuint (kept, >=, 5);
  g_assert_cmpuint (vct_image_loader_get_n_transfers_started (vct_image_loader_get_default ()) - fx->transfers_started,
                    ==, 4);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/gtk-app/photos/first-frame", test_first_frame);
  ADD ("/gtk-app/photos/activate-selects", test_activate_selects);
  ADD ("/gtk-app/photos/reload-spinner", test_reload_spinner);
  ADD ("/gtk-app/photos/error-dialog", test_error_dialog);
  ADD ("/gtk-app/photos/reversed-reload", test_reversed_reload);
  g_test_add ("/gtk-app/photos/thumbnails", Fixture, "thumbnails", fixture_set_up, test_thumbnails, fixture_tear_down);
  g_test_add ("/gtk-app/photos/rebind-keeps-tooltip", Fixture, "thumbnails", fixture_set_up, test_rebind_keeps_tooltip,
              fixture_tear_down);
  g_test_add ("/gtk-app/photos/insert-keeps-rows", Fixture, "thumbnails", fixture_set_up, test_insert_keeps_rows,
              fixture_tear_down);
  return g_test_run ();
}
