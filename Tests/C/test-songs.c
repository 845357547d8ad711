/* test-songs.c: the meditation song picker (VctSongPickerModel, VctSongService) through
 * vctable.h, one case per documented rule.
 *
 * Most cases load songs through a custom service whose fetches wait for the test
 * (FakeService, common/vct-test.h). The list is read as a flat GListModel of VctSongRow
 * objects. Every report goes to one log (VctTestLog, common/vct-test.h): the picker's
 * signals and `notify::` (the only way to listen to it), its list's items-changed and the
 * `notify` of every song row, which the cases hold as a view would
 * ("s<id>:notify::mode=<mode>"), each checked to run on the model's context thread, each
 * model handler's closure notify counted. A copy of the list is kept
 * from the items-changed runs alone, as a view keeps it, and compared with the list.
 * Nothing sleeps to synchronise.
 */
#include "common/vct-test.h"

#include <stdio.h>
#include <string.h>

#define PICKING_TITLE "Pick meditation song"
#define PLAYER_TITLE "Player"
#define BUTTON_TITLE "START MEDITATION SESSION"

/* The highest song id a case watches. */
#define MAX_SONG 8

/* ------------------------------------------------------------------ documents */


/* ------------------------------------------------------------------ Picker */

/* A picker with every report logged: its `notify::state` ("state:<0|1|2>"),
 * `notify::title` ("title:<text>") and `notify::button-enabled` ("button:<0|1>"), each
 * read in the handler, so as of its change; its signals dismiss ("dismiss") and did-error
 * ("error:<message>"); its list's "items-changed:<position>,<removed>,<added>", and
 * "s<id>:notify::<property>=<value>" of the watched song rows. @copy is the view's copy
 * of the list (row titles), kept from the items-changed runs only. */
typedef struct
{
  VctTestLog          log;
  VctSongPickerModel *model;
  VctListModel       *list;
  GPtrArray          *copy;
  VctRow             *songs[MAX_SONG + 1]; /* the watched rows, by song id */
} Picker;

static const char *const song_tags[MAX_SONG + 1] = { NULL, "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8" };

/* `notify::state`: the state read in the handler (as of that change), as a number. */
static void
on_state (VctSongPickerModel *model, G_GNUC_UNUSED GParamSpec *pspec, gpointer slot)
{
  vct_test_log_record (slot, g_strdup_printf ("%d", (int) vct_song_picker_model_get_state (model)));
}

/* The title of the row at flat @position; g_free. */
static char *
row_title (GListModel *list, guint position)
{
  g_autoptr (VctRow) row = g_list_model_get_item (list, position);

  g_assert_nonnull (row);
  return vct_test_dup_property (row, "title");
}

/* Applies one items-changed run to the copy, as a view does: the added rows are the
 * list's rows at position … position + added - 1 now (the list reads as this run left
 * it). */
static void
copy_apply (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  Picker *picker = data;

  g_assert_cmpuint (position + removed, <=, picker->copy->len);
  g_ptr_array_remove_range (picker->copy, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (picker->copy, (gint) (position + i), row_title (list, position + i));
  g_assert_cmpuint (picker->copy->len, ==, g_list_model_get_n_items (list));
}

static void
picker_init_full (Picker *picker, VctSongPickerModel *model, GMainContext *context)
{
  VctTestLog *log = &picker->log;

  g_assert_nonnull (model);
  memset (picker, 0, sizeof *picker);
  vct_test_log_init (log, context);
  picker->model = model;
  picker->list = vct_song_picker_model_get_list (model);
  g_assert_true (VCT_IS_LIST_MODEL (picker->list));
  picker->copy = g_ptr_array_new_with_free_func (g_free);
  vct_test_log_connect (log, model, "notify::state", G_CALLBACK (on_state), "state");
  vct_test_log_connect (log, model, "notify::title", G_CALLBACK (vct_test_log_on_property), "title");
  vct_test_log_connect (log, model, "notify::button-enabled", G_CALLBACK (vct_test_log_on_property), "button");
  vct_test_log_connect (log, model, "dismiss", G_CALLBACK (vct_test_log_on_event), "dismiss");
  vct_test_log_connect (log, model, "did-error", G_CALLBACK (vct_test_log_on_text), "error");
  g_signal_connect (picker->list, "items-changed", G_CALLBACK (copy_apply), picker);
  g_signal_connect (picker->list, "items-changed", G_CALLBACK (vct_test_log_on_items_changed), log);
}

static void
picker_init (Picker *picker, VctSongService *service)
{
  picker_init_full (picker, vct_song_picker_model_new (service), NULL);
}

/* Holds and watches every song row the list shows that is not watched yet (a view
 * keeping its rows). */
static void
picker_watch_rows (Picker *picker)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (picker->list));

  for (guint i = 0; i < n; i++)
    {
      VctRow *row = g_list_model_get_item (G_LIST_MODEL (picker->list), i);
      char *title = vct_test_dup_property (row, "title");
      int id = 0;

      g_assert_cmpint (sscanf (title, "song %d", &id), ==, 1);
      g_assert_cmpint (id, >=, 1);
      g_assert_cmpint (id, <=, MAX_SONG);
      g_free (title);
      if (picker->songs[id] != NULL)
        {
          g_assert_true (picker->songs[id] == row);
          g_object_unref (row);
          continue;
        }
      picker->songs[id] = row;
      vct_test_log_watch (&picker->log, row, song_tags[id]);
    }
}

/* Stops watching the rows and drops them. */
static void
picker_unwatch_rows (Picker *picker)
{
  for (guint id = 1; id <= MAX_SONG; id++)
    if (picker->songs[id] != NULL)
      {
        vct_test_log_unwatch (&picker->log, picker->songs[id]);
        g_clear_object (&picker->songs[id]);
      }
}

/* The watched row of song @id. */
static VctRow *
song (Picker *picker, guint id)
{
  g_assert_cmpuint (id, <=, MAX_SONG);
  g_assert_nonnull (picker->songs[id]);
  return picker->songs[id];
}

/* The last unref: every notify has run once when it returns. */
static void
picker_unref (Picker *picker)
{
  g_clear_object (&picker->model);
  picker->list = NULL;
  vct_test_log_assert_all_notified (&picker->log);
}

static void
picker_clear (Picker *picker)
{
  picker_unwatch_rows (picker);
  if (picker->model != NULL)
    picker_unref (picker);
  iterate_pending (picker->log.context);
  vct_test_log_clear (&picker->log);
  g_ptr_array_unref (picker->copy);
}

/* The shown rows as "song 1=unselected, song 2=selected", checking each row (a
 * VctSongRow, "SongRowView", role item, in the one section) and that the view's copy
 * matches; g_free. */
static char *
picker_rows (Picker *picker)
{
  GListModel *list = G_LIST_MODEL (picker->list);
  GString *text = g_string_new (NULL);
  guint n = g_list_model_get_n_items (list);

  g_assert_cmpuint (vct_list_model_get_n_sections (picker->list), ==, 1);
  g_assert_cmpuint (picker->copy->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (list, i);
      guint start = G_MAXUINT, end = 0;
      char *title = vct_test_dup_property (row, "title");
      char *mode = vct_test_dup_property (row, "mode");

      g_assert_true (VCT_IS_SONG_ROW (row));
      g_assert_cmpstr (vct_row_get_kind (row), ==, "SongRowView");
      g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_ITEM);
      g_assert_cmpuint (vct_list_model_get_section (picker->list, i, &start, &end), ==, 0);
      g_assert_cmpuint (start, ==, 0);
      g_assert_cmpuint (end, ==, n);
      g_assert_cmpstr (g_ptr_array_index (picker->copy, i), ==, title);
      g_string_append_printf (text, "%s%s=%s", i == 0 ? "" : ", ", title, mode);
      g_free (title);
      g_free (mode);
    }
  g_assert_null (g_list_model_get_item (list, n));
  return g_string_free (text, FALSE);
}

#define assert_rows(picker, expected) G_STMT_START { \
    char *rows_ = picker_rows (picker);               \
    g_assert_cmpstr (rows_, ==, (expected));          \
    g_free (rows_);                                   \
  } G_STMT_END

/* The list shows the watched rows of @ids (0-terminated) in that order: the same
 * objects. */
static void
assert_same_rows (Picker *picker, const guint *ids)
{
  guint i = 0;

  for (; ids[i] != 0; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (picker->list), i);
      g_assert_true (row == song (picker, ids[i]));
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (picker->list)), ==, i);
}

static void
assert_title (Picker *picker, const char *expected)
{
  char *title = vct_song_picker_model_dup_title (picker->model);
  g_assert_cmpstr (title, ==, expected);
  g_free (title);
}

/* The events since @mark that start with @prefix, joined with "|"; compared. */
#define assert_filtered(picker, mark, prefix, expected) G_STMT_START { \
    char *seen_ = vct_test_log_since (&(picker)->log, (mark));           \
    char *kept_ = vct_test_log_filter (seen_, (prefix));                 \
    g_assert_cmpstr (kept_, ==, (expected));                             \
    g_free (kept_);                                                      \
    g_free (seen_);                                                      \
  } G_STMT_END

/* A custom song service over @fake, made on this thread. */
static VctSongService *
song_service_over (FakeService *fake)
{
  VctSongService *service = vct_song_service_new_custom (fake_service_fetch, fake, fake_service_notify);
  g_assert_nonnull (service);
  return service;
}

/* Reloads, completes the fetch with @json (songs that change the list) and waits for
 * the rows. */
static void
picker_load (Picker *picker, FakeService *fake, const char *json)
{
  guint mark = vct_test_log_mark (&picker->log);

  vct_song_picker_model_reload (picker->model);
  vct_api_request_return_json (fake_service_wait_fetch (fake), json, -1);
  vct_test_log_wait (&picker->log, mark, "items-changed:", 1);
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&picker->log, mark, "error:"), ==, 0);
}

/* The rows the items-changed runs since @mark removed and added, in total. */
static void
items_totals (Picker *picker, guint mark, guint *removed_total, guint *added_total)
{
  char *seen = vct_test_log_since (&picker->log, mark);
  char **events = g_strsplit (seen, "|", -1);

  *removed_total = 0;
  *added_total = 0;
  for (guint i = 0; events[i] != NULL; i++)
    {
      guint position, removed, added;
      if (sscanf (events[i], "items-changed:%u,%u,%u", &position, &removed, &added) == 3)
        {
          *removed_total += removed;
          *added_total += added;
        }
    }
  g_strfreev (events);
  g_free (seen);
}

/* The standard set-up: songs 1…@n loaded through a fake service, every row watched. */
static void
setup (FakeService *fake, Picker *picker, gint64 n)
{
  VctSongService *service;
  char *json = vct_test_songs_json (1, n);

  fake_service_init (fake, NULL);
  service = song_service_over (fake);
  picker_init (picker, service);
  g_object_unref (service);
  picker_load (picker, fake, json);
  picker_watch_rows (picker);
  g_free (json);
}

static void
teardown (FakeService *fake, Picker *picker)
{
  picker_clear (picker);  /* drops the rows first: a held row keeps its model's service */
  fake_service_finish (fake);
}

/* Selects song @id's row and waits until its `notify::mode` arrived. */
static void
select_song (Picker *picker, guint id)
{
  guint mark = vct_test_log_mark (&picker->log);
  char *notified = g_strdup_printf ("s%u:notify::mode=", id);

  vct_row_select (song (picker, id));
  vct_test_log_wait (&picker->log, mark, notified, 1);
  g_free (notified);
}

/* ------------------------------------------------------------------ picking */

/* Before anything: picking, its title, the button's title, disabled; one empty section. */
static void
test_initial (void)
{
  FakeService fake;
  VctSongService *service;
  Picker picker;

  fake_service_init (&fake, NULL);
  service = song_service_over (&fake);
  picker_init (&picker, service);
  g_object_unref (service);

  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  assert_title (&picker, PICKING_TITLE);
  g_assert_cmpstr (vct_song_picker_model_get_button_title (picker.model), ==, BUTTON_TITLE);
  g_assert_false (vct_song_picker_model_is_button_enabled (picker.model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (picker.list)), ==, 0);
  g_assert_cmpuint (vct_list_model_get_n_sections (picker.list), ==, 1);  /* one, empty */
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (picker.list), 0));
  g_assert_false (vct_song_picker_model_start (picker.model));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, 0, "");
  teardown (&fake, &picker);
}

/* A load inserts every row at once: VctSongRow rows with title, subtitle, m:ss duration
 * and mode "unselected"; the button stays disabled. */
static void
test_load_rows (void)
{
  FakeService fake;
  Picker picker;
  char *text;

  setup (&fake, &picker, 5);
  vct_test_assert_log_since (&picker.log, 0, "items-changed:0,0,5");
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=unselected, song 4=unselected, "
                        "song 5=unselected");
  g_assert_false (vct_song_picker_model_is_button_enabled (picker.model));

  text = vct_test_dup_property (song (&picker, 2), "subtitle");
  g_assert_cmpstr (text, ==, "sub 2");
  g_free (text);
  text = vct_test_dup_property (song (&picker, 2), "duration");
  g_assert_cmpstr (text, ==, "2:05");
  g_free (text);
  teardown (&fake, &picker);
}

/* Durations as m:ss, whole seconds, minutes past 59 kept. */
static void
test_durations (void)
{
  static const struct { gint64 seconds; const char *text; } cases[] = {
    { 0, "0:00" }, { 9, "0:09" }, { 307, "5:07" }, { 720, "12:00" }, { 3599, "59:59" }, { 4530, "75:30" },
  };
  FakeService fake;
  VctSongService *service;
  Picker picker;
  GString *doc = g_string_new ("[");
  char *json;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_string_append_printf (doc, "%s{\"id\": %u, \"title\": \"t%u\", \"subtitle\": \"s\", \"duration\": %" G_GINT64_FORMAT "}",
                            i == 0 ? "" : ", ", i, i, cases[i].seconds);
  g_string_append (doc, "]");
  json = g_string_free (doc, FALSE);
  fake_service_init (&fake, NULL);
  service = song_service_over (&fake);
  picker_init (&picker, service);
  g_object_unref (service);
  picker_load (&picker, &fake, json);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (picker.list)), ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (picker.list), i);
      char *text = vct_test_dup_property (row, "duration");

      g_assert_cmpstr (text, ==, cases[i].text);
      g_free (text);
    }
  g_free (json);
  teardown (&fake, &picker);
}

/* While picking, selecting toggles a row in place (`notify::mode` on that row object
 * only, no items-changed); the button is enabled only while a song is selected, reported
 * on each change only. */
static void
test_select_toggles (void)
{
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);

  mark = vct_test_log_mark (&picker.log);
  vct_row_select (song (&picker, 1));
  vct_test_assert_log_since (&picker.log, mark, "");  /* never inline */
  vct_test_log_wait (&picker.log, mark, "button:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "s1:notify::mode=selected|button:1");
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
  assert_rows (&picker, "song 1=selected, song 2=unselected, song 3=unselected, song 4=unselected, song 5=unselected");

  /* A second song: its row only, the button already enabled. */
  mark = vct_test_log_mark (&picker.log);
  select_song (&picker, 3);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "s3:notify::mode=selected");

  /* Unselect the first: still one selected. */
  mark = vct_test_log_mark (&picker.log);
  select_song (&picker, 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "s1:notify::mode=unselected");
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=selected, song 4=unselected, song 5=unselected");

  /* Unselect the last one: the button is disabled, reported once. */
  mark = vct_test_log_mark (&picker.log);
  select_song (&picker, 3);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "s3:notify::mode=unselected|button:0");
  g_assert_false (vct_song_picker_model_is_button_enabled (picker.model));
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "state:"), ==, 0);
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "title:"), ==, 0);
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "items-changed:"), ==, 1);  /* the load */
  teardown (&fake, &picker);
}

/* start needs a selection; next, previous and finish_song need a session. */
static void
test_start_needs_selection (void)
{
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 3);
  mark = vct_test_log_mark (&picker.log);
  g_assert_false (vct_song_picker_model_start (picker.model));
  g_assert_false (vct_song_picker_model_next (picker.model));
  g_assert_false (vct_song_picker_model_previous (picker.model));
  g_assert_false (vct_song_picker_model_finish_song (picker.model));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  assert_title (&picker, PICKING_TITLE);

  /* With a song selected, next/previous/finish still need listening. */
  select_song (&picker, 2);
  settle_loop (NULL);
  mark = vct_test_log_mark (&picker.log);
  g_assert_false (vct_song_picker_model_next (picker.model));
  g_assert_false (vct_song_picker_model_previous (picker.model));
  g_assert_false (vct_song_picker_model_finish_song (picker.model));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ listening */

/* Selects the songs @ids (in that order), then starts, and waits for the list. */
static void
start_with (Picker *picker, const guint *ids, guint n)
{
  guint mark;

  for (guint i = 0; i < n; i++)
    select_song (picker, ids[i]);
  settle_loop (NULL);
  mark = vct_test_log_mark (&picker->log);
  g_assert_true (vct_song_picker_model_start (picker->model));
  vct_test_log_wait (&picker->log, mark, "state:1", 1);
  settle_loop (NULL);
}

/* start: the first selected song plays, the other selected are playable, the unselected
 * are hidden and leave the list through items-changed removals; LISTENING and "Player"
 * reported once. */
static void
test_start (void)
{
  static const guint ids[] = { 2, 5, 3 };
  static const guint shown[] = { 2, 3, 5, 0 };
  FakeService fake;
  Picker picker;
  guint mark, removed, added;

  setup (&fake, &picker, 5);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    select_song (&picker, ids[i]);
  settle_loop (NULL);

  mark = vct_test_log_mark (&picker.log);
  g_assert_true (vct_song_picker_model_start (picker.model));
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  assert_title (&picker, PLAYER_TITLE);
  vct_test_assert_log_since (&picker.log, mark, "");  /* never inline */
  vct_test_log_wait (&picker.log, mark, "state:1", 1);
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "state:"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "title:" PLAYER_TITLE), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "title:"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "button:"), ==, 0);
  /* Each row object told its new mode once. */
  assert_filtered (&picker, mark, "s1:", "s1:notify::mode=hidden");
  assert_filtered (&picker, mark, "s2:", "s2:notify::mode=playing");
  assert_filtered (&picker, mark, "s3:", "s3:notify::mode=playable");
  assert_filtered (&picker, mark, "s4:", "s4:notify::mode=hidden");
  assert_filtered (&picker, mark, "s5:", "s5:notify::mode=playable");
  /* Two rows removed, none added (the copy, made from those runs alone, matches). */
  items_totals (&picker, mark, &removed, &added);
  g_assert_cmpuint (removed, ==, 2);
  g_assert_cmpuint (added, ==, 0);
  assert_rows (&picker, "song 2=playing, song 3=playable, song 5=playable");
  assert_same_rows (&picker, shown);
  g_assert_false (vct_song_picker_model_start (picker.model));  /* already listening */
  teardown (&fake, &picker);
}

/* start plays the first selected song in list order, not the first picked: row 3 (song 4)
 * picked, then row 1 (song 2); row 1 plays. */
static void
test_start_list_order (void)
{
  static const guint ids[] = { 4, 2 };
  static const guint shown[] = { 2, 4, 0 };
  FakeService fake;
  Picker picker;

  setup (&fake, &picker, 5);
  start_with (&picker, ids, G_N_ELEMENTS (ids));
  assert_rows (&picker, "song 2=playing, song 4=playable");
  assert_same_rows (&picker, shown);
  teardown (&fake, &picker);
}

/* Listening: selecting a playable song plays it and the one playing becomes playable,
 * those two rows only; selecting the song playing changes nothing. */
static void
test_listening_select (void)
{
  static const guint ids[] = { 1, 3, 4 };
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);
  start_with (&picker, ids, G_N_ELEMENTS (ids));
  assert_rows (&picker, "song 1=playing, song 3=playable, song 4=playable");

  mark = vct_test_log_mark (&picker.log);
  vct_row_select (song (&picker, 4));
  vct_test_log_wait (&picker.log, mark, "s4:notify::mode=playing", 1);
  vct_test_log_wait (&picker.log, mark, "s1:notify::mode=playable", 1);
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, ""), ==, 2);
  assert_rows (&picker, "song 1=playable, song 3=playable, song 4=playing");

  mark = vct_test_log_mark (&picker.log);
  vct_row_select (song (&picker, 4));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  teardown (&fake, &picker);
}

/* next and previous move through the playable songs, those two rows only; previous at
 * the first song returns FALSE and nothing is reported. */
static void
test_next_previous (void)
{
  static const guint ids[] = { 2, 3, 5 };
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);
  start_with (&picker, ids, G_N_ELEMENTS (ids));
  assert_rows (&picker, "song 2=playing, song 3=playable, song 5=playable");

  mark = vct_test_log_mark (&picker.log);
  g_assert_false (vct_song_picker_model_previous (picker.model));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");

  g_assert_true (vct_song_picker_model_next (picker.model));
  vct_test_log_wait (&picker.log, mark, "s3:notify::mode=playing", 1);
  settle_loop (NULL);
  assert_rows (&picker, "song 2=playable, song 3=playing, song 5=playable");
  g_assert_true (vct_song_picker_model_next (picker.model));
  vct_test_log_wait (&picker.log, mark, "s5:notify::mode=playing", 1);
  settle_loop (NULL);
  assert_rows (&picker, "song 2=playable, song 3=playable, song 5=playing");
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, ""), ==, 4);
  assert_filtered (&picker, mark, "s2:", "s2:notify::mode=playable");
  assert_filtered (&picker, mark, "s3:", "s3:notify::mode=playing|s3:notify::mode=playable");
  assert_filtered (&picker, mark, "s5:", "s5:notify::mode=playing");

  mark = vct_test_log_mark (&picker.log);
  g_assert_true (vct_song_picker_model_previous (picker.model));
  g_assert_true (vct_song_picker_model_previous (picker.model));
  vct_test_log_wait (&picker.log, mark, "s2:notify::mode=playing", 1);
  settle_loop (NULL);
  assert_rows (&picker, "song 2=playing, song 3=playable, song 5=playable");
  mark = vct_test_log_mark (&picker.log);
  g_assert_false (vct_song_picker_model_previous (picker.model));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "dismiss"), ==, 0);
  teardown (&fake, &picker);
}

/* next and finish_song at the last song finish the session, as the original's playNext
 * (it has no song-ended event: finishing a song is playing the next): before the last
 * song they play the next one and report no state; at the last they return TRUE, the
 * state is FINISHED at once (title "Player", nothing playing), and the reports are the
 * song's mode, the state, then dismiss, once. Finished: next, previous, finish_song,
 * start and select do nothing; back returns to picking (no dismiss). */
static void
check_advance_to_the_end (gboolean (*advance) (VctSongPickerModel *model))
{
  static const guint ids[] = { 2, 4 };
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);
  start_with (&picker, ids, G_N_ELEMENTS (ids));
  mark = vct_test_log_mark (&picker.log);
  g_assert_true (advance (picker.model));
  vct_test_log_wait (&picker.log, mark, "s4:notify::mode=playing", 1);
  settle_loop (NULL);
  assert_rows (&picker, "song 2=playable, song 4=playing");
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "state:"), ==, 0);

  mark = vct_test_log_mark (&picker.log);
  g_assert_true (advance (picker.model));
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_FINISHED);
  vct_test_assert_log_since (&picker.log, mark, "");  /* never inline */
  vct_test_log_wait (&picker.log, mark, "dismiss", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "s4:notify::mode=playable|state:2|dismiss");
  assert_title (&picker, PLAYER_TITLE);
  assert_rows (&picker, "song 2=playable, song 4=playable");

  mark = vct_test_log_mark (&picker.log);
  g_assert_false (vct_song_picker_model_next (picker.model));
  g_assert_false (vct_song_picker_model_previous (picker.model));
  g_assert_false (vct_song_picker_model_finish_song (picker.model));
  g_assert_false (vct_song_picker_model_start (picker.model));
  vct_row_select (song (&picker, 2));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");
  assert_rows (&picker, "song 2=playable, song 4=playable");

  vct_song_picker_model_back (picker.model);
  vct_test_log_wait (&picker.log, mark, "state:0", 1);
  settle_loop (NULL);
  assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected, song 4=selected, song 5=unselected");
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "dismiss"), ==, 1);
  teardown (&fake, &picker);
}

static void
test_next_at_last_finishes (void)
{
  check_advance_to_the_end (vct_song_picker_model_next);
}

static void
test_finish (void)
{
  check_advance_to_the_end (vct_song_picker_model_finish_song);
}

static void
on_notify_state_read (GObject *object, G_GNUC_UNUSED GParamSpec *pspec, gpointer states)
{
  VctSongPickerState state;

  g_object_get (object, "state", &state, NULL);
  g_array_append_val ((GArray *) states, state);
}

/* Inside notify::state the model's properties read as of that change, as a row's do:
 * start and then finish_song (one song: the session ends) before the loop runs are seen
 * as LISTENING then FINISHED, not FINISHED twice (the original's F13, PORTING.md); at
 * rest the getter answers the latest state. */
static void
test_notify_reads_its_change (void)
{
  FakeService fake;
  Picker picker;
  g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (VctSongPickerState));
  gulong handler;
  guint mark;

  setup (&fake, &picker, 5);
  select_song (&picker, 3);
  settle_loop (NULL);
  handler = g_signal_connect (picker.model, "notify::state", G_CALLBACK (on_notify_state_read), states);
  mark = vct_test_log_mark (&picker.log);
  g_assert_true (vct_song_picker_model_start (picker.model));
  g_assert_true (vct_song_picker_model_finish_song (picker.model));
  g_assert_cmpuint (states->len, ==, 0);   /* never inline */
  vct_test_log_wait (&picker.log, mark, "dismiss", 1);
  settle_loop (NULL);
  g_assert_cmpuint (states->len, ==, 2);
  g_assert_cmpint (g_array_index (states, VctSongPickerState, 0), ==, VCT_SONG_PICKER_STATE_LISTENING);
  g_assert_cmpint (g_array_index (states, VctSongPickerState, 1), ==, VCT_SONG_PICKER_STATE_FINISHED);
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_FINISHED);
  g_signal_handler_disconnect (picker.model, handler);
  teardown (&fake, &picker);
}

/* back from listening or finished: picking again, the selection kept, the hidden rows
 * back in the list (only insertions, the same row objects), the button still enabled;
 * back itself reports no dismiss (finishing did, once). Then a new session starts with
 * the same songs. */
static void
test_back_keeps_selection (void)
{
  static const guint ids[] = { 2, 4 };
  static const guint all[] = { 1, 2, 3, 4, 5, 0 };

  for (int from_finished = 0; from_finished <= 1; from_finished++)
    {
      FakeService fake;
      Picker picker;
      guint mark, removed, added;

      g_test_message ("back from %s", from_finished ? "finished" : "listening");
      setup (&fake, &picker, 5);
      start_with (&picker, ids, G_N_ELEMENTS (ids));
      mark = vct_test_log_mark (&picker.log);
      g_assert_true (vct_song_picker_model_next (picker.model));
      if (from_finished)
        {
          g_assert_true (vct_song_picker_model_finish_song (picker.model));
          vct_test_log_wait (&picker.log, mark, "dismiss", 1);
        }
      vct_test_log_wait (&picker.log, mark, "s4:notify::mode=playing", 1);
      settle_loop (NULL);

      mark = vct_test_log_mark (&picker.log);
      vct_song_picker_model_back (picker.model);
      g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
      vct_test_log_wait (&picker.log, mark, "state:0", 1);
      settle_loop (NULL);
      assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected, song 4=selected, song 5=unselected");
      assert_same_rows (&picker, all);
      assert_title (&picker, PICKING_TITLE);
      g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "title:" PICKING_TITLE), ==, 1);
      g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "state:"), ==, 1);
      g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "dismiss"), ==, 0);
      g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "dismiss"), ==, (guint) from_finished);
      g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "button:"), ==, 0);
      g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
      /* The three hidden rows come back by insertions only. */
      items_totals (&picker, mark, &removed, &added);
      g_assert_cmpuint (removed, ==, 0);
      g_assert_cmpuint (added, ==, 3);

      /* A new session with the same songs. */
      mark = vct_test_log_mark (&picker.log);
      g_assert_true (vct_song_picker_model_start (picker.model));
      vct_test_log_wait (&picker.log, mark, "state:1", 1);
      settle_loop (NULL);
      assert_rows (&picker, "song 2=playing, song 4=playable");
      teardown (&fake, &picker);
    }
}

/* back while picking reports dismiss (later, once); the screen stays as it is. */
static void
test_back_dismisses (void)
{
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 3);
  select_song (&picker, 3);
  settle_loop (NULL);

  mark = vct_test_log_mark (&picker.log);
  vct_song_picker_model_back (picker.model);
  vct_test_assert_log_since (&picker.log, mark, "");  /* never inline */
  vct_test_log_wait (&picker.log, mark, "dismiss", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "dismiss");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=selected");
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ mode changes */

/* A row object notifies its mode only when it changes, and only `mode`; a select or a
 * next changes no other row and the list itself not at all. */
static void
test_mode_reported_on_change (void)
{
  FakeService fake;
  Picker picker;
  guint base, mark;

  setup (&fake, &picker, 5);
  base = vct_test_log_mark (&picker.log);

#define assert_reports(a, b, c, d, e) G_STMT_START {                                     \
    const guint expected_[5] = { (a), (b), (c), (d), (e) };                             \
    for (guint i_ = 0; i_ < 5; i_++)                                                    \
      {                                                                                 \
        char *any_ = g_strdup_printf ("s%u:", i_ + 1);                                  \
        char *mode_ = g_strdup_printf ("s%u:notify::mode=", i_ + 1);                    \
        g_assert_cmpuint (vct_test_log_count (&picker.log, base, any_), ==, expected_[i_]);  \
        g_assert_cmpuint (vct_test_log_count (&picker.log, base, mode_), ==, expected_[i_]); \
        g_free (any_);                                                                  \
        g_free (mode_);                                                                 \
      }                                                                                 \
  } G_STMT_END

  /* Picking: a select changes that row only. */
  select_song (&picker, 1);
  settle_loop (NULL);
  assert_reports (1, 0, 0, 0, 0);
  select_song (&picker, 2);
  settle_loop (NULL);
  assert_reports (1, 1, 0, 0, 0);
  g_assert_cmpuint (vct_test_log_count (&picker.log, base, "items-changed:"), ==, 0);

  /* Start: 1 playing, 2 playable (each changed), 3…5 hidden (changed too). */
  mark = vct_test_log_mark (&picker.log);
  g_assert_true (vct_song_picker_model_start (picker.model));
  vct_test_log_wait (&picker.log, mark, "state:1", 1);
  settle_loop (NULL);
  assert_reports (2, 2, 1, 1, 1);
  assert_rows (&picker, "song 1=playing, song 2=playable");

  /* previous at the first song: nothing; next: those two rows only; selecting the song
   * playing: nothing. */
  mark = vct_test_log_mark (&picker.log);
  g_assert_false (vct_song_picker_model_previous (picker.model));
  settle_loop (NULL);
  assert_reports (2, 2, 1, 1, 1);
  vct_test_assert_log_since (&picker.log, mark, "");
  g_assert_true (vct_song_picker_model_next (picker.model));
  vct_test_log_wait (&picker.log, mark, "s2:notify::mode=playing", 1);
  settle_loop (NULL);
  assert_reports (3, 3, 1, 1, 1);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, ""), ==, 2);
  mark = vct_test_log_mark (&picker.log);
  vct_row_select (song (&picker, 2));
  settle_loop (NULL);
  assert_reports (3, 3, 1, 1, 1);
  vct_test_assert_log_since (&picker.log, mark, "");

  /* back: every row changes again. */
  mark = vct_test_log_mark (&picker.log);
  vct_song_picker_model_back (picker.model);
  vct_test_log_wait (&picker.log, mark, "state:0", 1);
  settle_loop (NULL);
  assert_reports (4, 4, 2, 2, 2);
  assert_filtered (&picker, base, "s2:", "s2:notify::mode=selected|s2:notify::mode=playable"
                                         "|s2:notify::mode=playing|s2:notify::mode=selected");
#undef assert_reports

  teardown (&fake, &picker);
}

/* The loading flag: TRUE when a reload starts, FALSE when it ends, also for a reload that
 * changes nothing (no other report tells a view it ended). */
static void
test_loading_flag (void)
{
  FakeService fake;
  Picker picker;
  guint mark;
  char *json = vct_test_songs_json (1, 3);

  setup (&fake, &picker, 3);
  g_assert_false (vct_song_picker_model_is_loading (picker.model));
  vct_test_log_connect (&picker.log, picker.model, "notify::loading", G_CALLBACK (vct_test_log_on_property),
                        "loading");
  mark = vct_test_log_mark (&picker.log);
  vct_song_picker_model_reload (picker.model);
  g_assert_true (vct_song_picker_model_is_loading (picker.model));
  vct_api_request_return_json (fake_service_wait_fetch (&fake), json, -1);
  vct_test_log_wait (&picker.log, mark, "loading:0", 1);
  g_assert_false (vct_song_picker_model_is_loading (picker.model));
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "loading:1|loading:0");
  g_free (json);
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ reloads */

/* A failed reload reports didError and keeps the rows (no items-changed, no row change),
 * their modes and the screen. */
static void
test_reload_failure_keeps_rows (void)
{
  static const guint all[] = { 1, 2, 3, 0 };
  FakeService fake;
  Picker picker;
  char *message;
  guint mark;

  setup (&fake, &picker, 3);
  select_song (&picker, 2);
  settle_loop (NULL);

  mark = vct_test_log_mark (&picker.log);
  vct_song_picker_model_reload (picker.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_CONNECTION_FAILED, "no route to the songs");
  vct_test_log_wait (&picker.log, mark, "error:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "error:" ERROR_PREFIX "no route to the songs");
  assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected");
  assert_same_rows (&picker, all);
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));

  /* A document that does not decode: the error names the item and the field. */
  mark = vct_test_log_mark (&picker.log);
  vct_song_picker_model_reload (picker.model);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), "[{\"id\": 1, \"title\": \"t\", \"subtitle\": \"s\"}]", -1);
  vct_test_log_wait (&picker.log, mark, "error:", 1);
  settle_loop (NULL);
  message = vct_test_log_last (&picker.log, mark, "error:");
  g_assert_cmpstr (message, ==, ERROR_PREFIX "Item 0, field \"duration\" is missing.");
  g_free (message);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, ""), ==, 1);
  assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected");
  assert_same_rows (&picker, all);
  teardown (&fake, &picker);
}

/* A reload that succeeds returns to picking and keeps the selection of the songs still
 * there (on the same row object); a superseded reload's late result is dropped. */
static void
test_reload_keeps_selection (void)
{
  static const guint ids[] = { 3 };
  FakeService fake;
  Picker picker;
  VctApiRequest *first, *second;
  char *old = vct_test_songs_json (1, 3), *newer = vct_test_songs_json (3, 4);
  guint mark;

  setup (&fake, &picker, 3);
  start_with (&picker, ids, G_N_ELEMENTS (ids));
  assert_rows (&picker, "song 3=playing");

  mark = vct_test_log_mark (&picker.log);
  vct_song_picker_model_reload (picker.model);
  first = fake_service_wait_fetch (&fake);
  vct_song_picker_model_reload (picker.model);
  second = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (second, newer, -1);
  vct_test_log_wait (&picker.log, mark, "state:0", 1);
  settle_loop (NULL);
  vct_api_request_return_json (first, old, -1);
  settle_loop (NULL);
  assert_rows (&picker, "song 3=selected, song 4=unselected");
  {
    g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (picker.list), 0);
    g_assert_true (row == song (&picker, 3));
  }
  assert_filtered (&picker, mark, "s3:", "s3:notify::mode=selected");
  assert_title (&picker, PICKING_TITLE);
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "state:"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "error:"), ==, 0);

  g_free (old);
  g_free (newer);
  teardown (&fake, &picker);
}

/* A custom service completing from another thread: delivered on the context thread,
 * never before the loop runs. */
static void
test_custom_from_another_thread (void)
{
  FakeService fake;
  VctSongService *service;
  Picker picker;
  VctApiRequest *request;
  char *json = vct_test_songs_json (1, 4);

  fake_service_init (&fake, NULL);
  service = song_service_over (&fake);
  picker_init (&picker, service);
  g_object_unref (service);

  vct_song_picker_model_reload (picker.model);
  g_assert_cmpint (g_atomic_int_get (&fake.n_fetches), ==, 0);  /* the fetch waits for the loop */
  request = fake_service_wait_fetch (&fake);
  iterate_pending (NULL);
  vct_test_return_json_in_thread (request, json);
  wait_until_pending (NULL);
  vct_test_assert_log_since (&picker.log, 0, "");
  vct_test_log_wait (&picker.log, 0, "items-changed:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, 0, "items-changed:0,0,4");
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=unselected, song 4=unselected");
  g_free (json);
  teardown (&fake, &picker);  /* checks every report ran on this thread */
}

/* ------------------------------------------------------------------ services */

/* file:// and http:// songs documents; a bad URI gives the VCT_ERROR_INVALID_URI text. */
static void
test_uri_services (void)
{
  VctTestServer *server = vct_test_server_new ();
  char *json = vct_test_songs_json (7, 8);
  char *file_uri = vct_test_write_temp (json, -1, NULL);
  char *http_uri = vct_test_server_uri (server, "/media/songs.json");
  const char *uris[] = { file_uri, http_uri };
  const char *bad[] = { "ftp://example.com/songs.json", "songs.json" };
  char **requests;

  vct_test_server_route (server, "GET", "/media/songs.json", 200, json, -1);
  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      VctSongService *service = vct_song_service_new_for_uri (uris[i]);
      Picker picker;

      picker_init (&picker, service);
      g_object_unref (service);
      vct_song_picker_model_reload (picker.model);
      vct_test_log_wait (&picker.log, 0, "items-changed:", 1);
      settle_loop (NULL);
      g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "error:"), ==, 0);
      assert_rows (&picker, "song 7=unselected, song 8=unselected");
      picker_clear (&picker);
    }
  requests = vct_test_server_dup_requests (server);
  g_assert_cmpuint (g_strv_length (requests), ==, 1);
  g_assert_cmpstr (requests[0], ==, "GET /media/songs.json");
  g_strfreev (requests);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      VctSongService *service = vct_song_service_new_for_uri (bad[i]);
      Picker picker;
      char *message, *expected;

      g_assert_nonnull (service);
      picker_init (&picker, service);
      g_object_unref (service);
      vct_song_picker_model_reload (picker.model);
      vct_test_log_wait (&picker.log, 0, "error:", 1);
      message = vct_test_log_last (&picker.log, 0, "error:");
      expected = g_strdup_printf (ERROR_PREFIX "Cannot fetch songs from \"%s\": use an http://, https:// or file:// URI.",
                                  bad[i]);
      g_assert_cmpstr (message, ==, expected);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (picker.list)), ==, 0);
      g_free (expected);
      g_free (message);
      picker_clear (&picker);
    }

  vct_test_server_free (server);
  g_free (http_uri);
  g_free (file_uri);
  g_free (json);
}

/* Without VCTABLE_SONGS_URL the factory loads the installed fixture: 12 songs. */
static void
test_factory_fixture (void)
{
  Picker picker;
  g_autoptr (VctRow) first = NULL;
  char *text;

  picker_init_full (&picker, vct_song_picker_model_factory_instance (), NULL);
  vct_song_picker_model_reload (picker.model);
  vct_test_log_wait (&picker.log, 0, "items-changed:", 1);
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "error:"), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (picker.list)), ==, 12);
  first = g_list_model_get_item (G_LIST_MODEL (picker.list), 0);
  g_assert_true (VCT_IS_SONG_ROW (first));
  text = vct_test_dup_property (first, "title");
  g_assert_cmpstr (text, ==, "Open Horizon");
  g_free (text);
  text = vct_test_dup_property (first, "duration");
  g_assert_cmpstr (text, ==, "14:54");
  g_free (text);
  g_clear_object (&first);
  picker_clear (&picker);
}

/* ------------------------------------------------------------------ lifetimes */

/* Each signal and `notify::` handler's closure notify runs exactly once: at its
 * disconnection, or at the last unref; the custom service's when its last owner lets go.
 * No handler is called after its notify. */
static void
test_notifies_once (void)
{
  FakeService fake;
  Picker picker;
  VctTestLogSlot *title, *dismiss;
  char *last;
  guint mark;

  setup (&fake, &picker, 2);
  title = vct_test_log_find_slot (&picker.log, "title");
  dismiss = vct_test_log_find_slot (&picker.log, "dismiss");
  g_signal_handler_disconnect (picker.model, dismiss->handler);
  g_assert_cmpint (dismiss->notified, ==, 1);

  select_song (&picker, 1);
  mark = vct_test_log_mark (&picker.log);
  g_assert_true (vct_song_picker_model_start (picker.model));
  vct_test_log_wait (&picker.log, mark, "state:1", 1);
  vct_song_picker_model_back (picker.model);
  vct_test_log_wait (&picker.log, mark, "state:0", 1);
  vct_song_picker_model_back (picker.model);  /* dismiss: no handler now */
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&picker.log, mark, "title:"), ==, 2);
  last = vct_test_log_last (&picker.log, mark, "title:");
  g_assert_cmpstr (last, ==, PICKING_TITLE);
  g_free (last);
  g_assert_cmpuint (vct_test_log_count (&picker.log, 0, "dismiss"), ==, 0);
  g_assert_cmpint (title->notified, ==, 0);

  picker_unref (&picker);
  g_assert_cmpint (title->notified, ==, 1);
  g_assert_cmpint (dismiss->notified, ==, 1);
  g_assert_cmpint (g_atomic_int_get (&picker.log.calls_after_notify), ==, 0);
  teardown (&fake, &picker);
}

static gboolean
cancelled_cond (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

/* The last unref with a reload in flight: the notifies have run when it returns, the
 * request is cancelled (abandoned), completing it delivers nothing, the service's notify
 * runs once. */
static void
test_unref_with_reload_in_flight (void)
{
  FakeService fake;
  Picker picker;
  VctApiRequest *request;
  GCancellable *cancellable;
  char *json = vct_test_songs_json (1, 3);
  guint mark;

  setup (&fake, &picker, 2);
  picker_unwatch_rows (&picker);  /* a held row would keep the service */
  vct_song_picker_model_reload (picker.model);
  request = fake_service_wait_fetch (&fake);
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));
  mark = vct_test_log_mark (&picker.log);

  picker_unref (&picker);
  run_until (NULL, cancelled_cond, cancellable, VCT_TEST_TIMEOUT_MS);
  /* The request is abandoned: the service's notify may already run (vct_api_new_custom);
   * completing the request is still allowed, and dropped. */
  vct_test_return_json_in_thread (request, json);
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  vct_test_assert_log_since (&picker.log, mark, "");

  g_object_unref (cancellable);
  g_free (json);
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ arguments */

/* NULL where the header forbids it: a critical and a harmless return. */
static void
test_null_arguments (void)
{
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_song_picker_model_new (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_song_service_new_for_uri (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_song_service_new_custom (NULL, NULL, NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_false (vct_song_picker_model_start (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_false (vct_song_picker_model_next (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_song_picker_model_get_button_title (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  vct_song_picker_model_back (NULL);
  g_test_assert_expected_messages ();
}

int
main (int argc, char **argv)
{
  /* Before any thread starts: the factory reads the real environment, and loopback
   * requests must not go through a proxy from it. */
  g_unsetenv ("VCTABLE_SONGS_URL");
  g_unsetenv ("http_proxy");
  g_unsetenv ("HTTP_PROXY");
  g_unsetenv ("all_proxy");
  g_unsetenv ("ALL_PROXY");
  g_setenv ("no_proxy", "127.0.0.1,localhost", TRUE);

  vct_test_init (&argc, &argv);

  g_test_add_func ("/songs/initial", test_initial);
  g_test_add_func ("/songs/load/rows", test_load_rows);
  g_test_add_func ("/songs/load/durations", test_durations);
  g_test_add_func ("/songs/picking/select-toggles", test_select_toggles);
  g_test_add_func ("/songs/picking/start-needs-selection", test_start_needs_selection);
  g_test_add_func ("/songs/listening/start", test_start);
  g_test_add_func ("/songs/listening/start-list-order", test_start_list_order);
  g_test_add_func ("/songs/listening/select-playable", test_listening_select);
  g_test_add_func ("/songs/listening/next-previous", test_next_previous);
  g_test_add_func ("/songs/listening/next-at-last-finishes", test_next_at_last_finishes);
  g_test_add_func ("/songs/listening/finish", test_finish);
  g_test_add_func ("/songs/notify/reads-its-change", test_notify_reads_its_change);
  g_test_add_func ("/songs/back/keeps-selection", test_back_keeps_selection);
  g_test_add_func ("/songs/back/dismisses", test_back_dismisses);
  g_test_add_func ("/songs/rows/mode-reported-on-change", test_mode_reported_on_change);
  g_test_add_func ("/songs/reload/failure-keeps-rows", test_reload_failure_keeps_rows);
  g_test_add_func ("/songs/reload/keeps-selection", test_reload_keeps_selection);
  g_test_add_func ("/songs/service/custom-from-another-thread", test_custom_from_another_thread);
  g_test_add_func ("/songs/service/uris", test_uri_services);
  g_test_add_func ("/songs/factory/fixture", test_factory_fixture);
  g_test_add_func ("/songs/lifetime/notifies-once", test_notifies_once);
  g_test_add_func ("/songs/lifetime/unref-with-reload-in-flight", test_unref_with_reload_in_flight);
  g_test_add_func ("/songs/null-arguments", test_null_arguments);
  g_test_add_func ("/songs/loading/flag-and-notify", test_loading_flag);
  return vct_test_run ();
}
