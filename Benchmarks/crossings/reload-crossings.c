/* reload-crossings.c: the crossings between the C half and the Swift core that one reload
 * of a VctTableModel costs, counted by callgrind (scripts/count-crossings.py reads the
 * calls it recorded; ARCHITECTURE.md, "Counting the crossings").
 *
 * The model reads a document of ROWS photos from a file (a file: URI: no call of the
 * program's own source crosses, as a custom VctApi's answer would); a first reload fills
 * the list, then the document is written again with the photos in reverse order and
 * measured_reload() runs the reload that is measured (callgrind dumps its counts as it
 * enters and leaves it: the part between holds that reload alone): every row moves,
 * delivered on the loop. With --consumer the list has an items-changed handler
 * that does what a GtkListView does inside it: reads n_items and fetches VIEW rows around
 * the top, holding them across the reload, and reads each held row's title once the batch
 * is done (changes-done); without it nothing listens to the list.
 *
 *   valgrind --tool=callgrind --dump-before=measured_reload --dump-after=measured_reload \
 *       --callgrind-out-file=cg.out ./reload-crossings [--consumer]
 *   python3 scripts/count-crossings.py cg.out.2
 */
#include <string.h>

#include <glib/gstdio.h>

#include <vctable.h>

#define ROWS 1000
#define VIEW 30

typedef struct
{
  GMainLoop *loop;
  GPtrArray *held;     /* the rows a view holds */
  gboolean   consumer;
} Run;

/* Writes the document of ROWS photos to @path, in reverse order when @reversed. */
static void
write_photos (const char *path, gboolean reversed)
{
  GString *json = g_string_new ("[");
  GError *error = NULL;

  for (int i = 0; i < ROWS; i++)
    {
      int id = reversed ? ROWS - i : i + 1;

      g_string_append_printf (json, "%s{\"albumId\": 1, \"id\": %d, \"title\": \"photo %d\", "
                              "\"url\": \"https://example.com/%d.png\", "
                              "\"thumbnailUrl\": \"https://example.com/t/%d.png\"}",
                              i == 0 ? "" : ",", id, id, id, id);
    }
  g_string_append_c (json, ']');
  if (!g_file_set_contents (path, json->str, json->len, &error))
    g_error ("reload-crossings: %s", error->message);
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
  Run run = { g_main_loop_new (NULL, FALSE), g_ptr_array_new_with_free_func (g_object_unref), FALSE };
  g_autofree char *directory = g_dir_make_tmp ("reload-crossings-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (directory, "photos.json", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autoptr (VctApi) api = NULL;
  g_autoptr (VctTableModel) model = NULL;
  VctListModel *list;
  GError *error = NULL;

  write_photos (path, FALSE);
  api = vct_api_new_for_uri_full (uri, 0, 0, &error);
  if (api == NULL)
    g_error ("reload-crossings: %s", error->message);
  model = vct_table_model_new_with_manager (api);
  list = vct_table_model_get_list (model);

  run.consumer = argc > 1 && strcmp (argv[1], "--consumer") == 0;
  g_signal_connect (model, "did-reload-data", G_CALLBACK (on_reloaded), &run);
  if (run.consumer)
    {
      g_signal_connect (list, "items-changed", G_CALLBACK (on_items_changed), &run);
      g_signal_connect (list, "changes-done", G_CALLBACK (on_changes_done), &run);
    }
  vct_table_model_reload_data (model);
  g_main_loop_run (run.loop);
  write_photos (path, TRUE);
  measured_reload (model, &run);
  g_print ("reload-crossings: %u rows, reversed, %s\n", g_list_model_get_n_items (G_LIST_MODEL (list)),
           run.consumer ? "a consumer holding the first 30 rows" : "no consumer");
  g_ptr_array_unref (run.held);
  g_main_loop_unref (run.loop);
  g_unlink (path);
  g_rmdir (directory);
  return 0;
}
