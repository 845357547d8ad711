/* reload-crossings.c: the crossings between the C half and the Swift core that one reload
 * of a VctTableModel costs, counted by callgrind (scripts/count-crossings.py reads the
 * calls it recorded; ARCHITECTURE.md, "Counting the crossings").
 *
 * A custom VctApi answers ROWS photos at once; a first reload fills the list, then
 * measured_reload() runs the reload that is measured (callgrind dumps its counts as it
 * enters and leaves it: the part between holds that reload alone): the photos in reverse order, so every
 * row moves, delivered on the loop. With --consumer the list has an items-changed handler
 * that does what a GtkListView does inside it: reads n_items and fetches VIEW rows around
 * the top, holding them across the reload, and reads each held row's title once the batch
 * is done (changes-done); without it nothing listens to the list.
 *
 *   valgrind --tool=callgrind --dump-before=measured_reload --dump-after=measured_reload \
 *       --callgrind-out-file=cg.out ./reload-crossings [--consumer]
 *   python3 scripts/count-crossings.py cg.out.2
 */
#include <string.h>

#include <vctable.h>

#define ROWS 1000
#define VIEW 30

typedef struct
{
  GMainLoop *loop;
  gboolean   reversed;
  GPtrArray *held;     /* the rows a view holds */
  gboolean   consumer;
} Run;

static void
get_photos (VctApiRequest *request, gpointer data)
{
  Run *run = data;
  GString *json = g_string_new ("[");

  for (int i = 0; i < ROWS; i++)
    {
      int id = run->reversed ? ROWS - i : i + 1;

      g_string_append_printf (json, "%s{\"albumId\": 1, \"id\": %d, \"title\": \"photo %d\", "
                              "\"url\": \"https://example.com/%d.png\", "
                              "\"thumbnailUrl\": \"https://example.com/t/%d.png\"}",
                              i == 0 ? "" : ",", id, id, id, id);
    }
  g_string_append_c (json, ']');
  vct_api_request_return_json (request, json->str, json->len);
  g_string_free (json, TRUE);
}

static void
on_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  Run *run = data;
  guint n = g_list_model_get_n_items (list);

  (void) removed;
  (void) added;
  (void) position;
  g_ptr_array_set_size (run->held, 0);
  for (guint i = 0; i < VIEW && i < n; i++)
    g_ptr_array_add (run->held, g_list_model_get_item (list, i));
}

static void
on_changes_done (G_GNUC_UNUSED VctListModel *list, gpointer data)
{
  Run *run = data;

  for (guint i = 0; i < run->held->len; i++)
    {
      g_autofree char *title = NULL;

      g_object_get (g_ptr_array_index (run->held, i), "title", &title, NULL);
    }
}

static void
on_reloaded (G_GNUC_UNUSED VctTableModel *model, gpointer data)
{
  g_main_loop_quit (((Run *) data)->loop);
}

/* What callgrind counts: one reload, from the call to its delivery (not static, never
 * inlined: callgrind finds it by name). */
void measured_reload (VctTableModel *model, Run *run);

G_GNUC_NO_INLINE void
measured_reload (VctTableModel *model, Run *run)
{
  vct_table_model_reload_data (model);
  g_main_loop_run (run->loop);
}

int
main (int argc, char **argv)
{
  Run run = { g_main_loop_new (NULL, FALSE), FALSE, g_ptr_array_new_with_free_func (g_object_unref), FALSE };
  g_autoptr (VctApi) api = vct_api_new_custom (get_photos, &run, NULL);
  g_autoptr (VctTableModel) model = vct_table_model_new_with_manager (api);
  VctListModel *list = vct_table_model_get_list (model);

  run.consumer = argc > 1 && strcmp (argv[1], "--consumer") == 0;
  g_signal_connect (model, "did-reload-data", G_CALLBACK (on_reloaded), &run);
  if (run.consumer)
    {
      g_signal_connect (list, "items-changed", G_CALLBACK (on_items_changed), &run);
      g_signal_connect (list, "changes-done", G_CALLBACK (on_changes_done), &run);
    }
  vct_table_model_reload_data (model);
  g_main_loop_run (run.loop);
  run.reversed = TRUE;
  measured_reload (model, &run);
  g_print ("reload-crossings: %u rows, reversed, %s\n", g_list_model_get_n_items (G_LIST_MODEL (list)),
           run.consumer ? "a consumer holding the first 30 rows" : "no consumer");
  g_ptr_array_unref (run.held);
  g_main_loop_unref (run.loop);
  return 0;
}
