#include <vctable.h>

static void on_error (G_GNUC_UNUSED VctTableModel *model, const char *message, gpointer loop) { g_printerr ("%s\n", message); g_main_loop_quit (loop); }
static void on_reload (VctTableModel *model, gpointer loop) {
  GListModel *rows = G_LIST_MODEL (vct_table_model_get_list (model));  /* a GListModel of VctPhotoRow: GtkListView takes it as it is */
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++) {
    g_autoptr (VctRow) row = g_list_model_get_item (rows, i);
    g_autofree char *title = NULL;
    gint64 id;
    g_object_get (row, "id", &id, "title", &title, NULL);
    g_print ("Entry ID: %" G_GINT64_FORMAT "  %s\n", id, title);
  }
  g_main_loop_quit (loop);
}
int main (void) {
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (VctTableModel) model = vct_table_model_factory_instance ();
  g_signal_connect (model, "did-reload-data", G_CALLBACK (on_reload), loop);
  g_signal_connect (model, "did-error", G_CALLBACK (on_error), loop);
  vct_table_model_reload_data (model);
  g_main_loop_run (loop);
}
