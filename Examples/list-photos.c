#include <vctable.h>

static void on_error (const char *message, gpointer loop) { g_printerr ("%s\n", message); g_main_loop_quit (loop); }
static void on_reload (VctCellData *const *items, gsize n, gpointer loop) {
  for (gsize i = 0; i < n; i++)
    g_print ("Entry ID: %" G_GINT64_FORMAT "  %s\n", vct_cell_data_get_id (items[i]), vct_cell_data_get_title (items[i]));
  g_main_loop_quit (loop);
}
int main (void) {
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (VctTableModel) model = vct_table_model_factory_instance ();
  vct_table_model_set_did_reload_data (model, on_reload, loop, NULL);
  vct_table_model_set_did_error (model, on_error, loop, NULL);
  vct_table_model_reload_data (model);
  g_main_loop_run (loop);
}
