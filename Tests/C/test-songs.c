/* test-songs.c: the meditation song picker (VctSongPickerModel, VctSongService) through
 * vctable.h, one case per documented rule.
 *
 * Most cases load songs through a custom service whose fetches wait for the test
 * (FakeService, common/vct-test.h). Every report of the picker and its list is logged as
 * one event string (Events), checked to run on the model's context thread, with its
 * notify counted; a copy of the list is kept from the items-changed runs alone, as a view
 * would keep it, and compared with the list. Nothing sleeps to synchronise.
 */
#include "common/vct-test.h"

#include <stdio.h>
#include <string.h>

#define PICKING_TITLE "Pick meditation song"
#define PLAYER_TITLE "Player"
#define BUTTON_TITLE "START MEDITATION SESSION"

/* ------------------------------------------------------------------ documents */

/* Songs @first..@last: title "song <id>", subtitle "sub <id>", 60 * id + 5 seconds. */
static char *
songs_doc (gint64 first, gint64 last)
{
  GString *doc = g_string_new ("[");

  for (gint64 id = first; id <= last; id++)
    g_string_append_printf (doc,
                            "%s{\"id\": %" G_GINT64_FORMAT ", \"title\": \"song %" G_GINT64_FORMAT
                            "\", \"subtitle\": \"sub %" G_GINT64_FORMAT "\", \"duration\": %" G_GINT64_FORMAT "}",
                            id == first ? "" : ", ", id, id, id, 60 * id + 5);
  g_string_append (doc, "]");
  return g_string_free (doc, FALSE);
}

/* ------------------------------------------------------------------ Picker */

/* A picker with every report logged: "state:<0|1|2>", "title:<text>", "button:<0|1>",
 * "dismiss:", "error:<message>", and its list's. @copy is the view's copy of section 0
 * (row titles), kept from the items-changed runs only. */
typedef struct
{
  Events              events;
  VctSongPickerModel *model;
  VctListModel       *list;
  GPtrArray          *copy;
} Picker;

static void
on_state (VctSongPickerState state, gpointer slot)
{
  events_record (slot, g_strdup_printf ("%d", (int) state));
}

static void
on_dismiss (gpointer slot)
{
  events_record (slot, g_strdup (""));
}

static char *
row_title (VctListModel *list, guint position)
{
  return vct_row_dup_string (vct_list_model_get_item (list, 0, position), "title");
}

/* Applies one items-changed run to the copy, as a view does: the added rows are the
 * list's rows at position … position + added - 1 now. */
static void
copy_apply (guint section, guint position, guint removed, guint added, gpointer data)
{
  Picker *picker = data;

  g_assert_cmpuint (section, ==, 0);
  g_assert_cmpuint (position + removed, <=, picker->copy->len);
  g_ptr_array_remove_range (picker->copy, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (picker->copy, (gint) (position + i), row_title (picker->list, position + i));
}

static void
picker_init_full (Picker *picker, VctSongPickerModel *model, GMainContext *context)
{
  g_assert_nonnull (model);
  memset (picker, 0, sizeof *picker);
  events_init (&picker->events, context);
  picker->model = model;
  picker->list = vct_song_picker_model_get_list (model);
  g_assert_nonnull (picker->list);
  picker->copy = g_ptr_array_new_with_free_func (g_free);
  vct_song_picker_model_set_did_change_state (model, on_state, events_slot (&picker->events, "state"),
                                              events_slot_notify);
  vct_song_picker_model_set_did_update_title (model, events_text_func, events_slot (&picker->events, "title"),
                                              events_slot_notify);
  vct_song_picker_model_set_did_change_button_enabled (model, events_boolean_func,
                                                       events_slot (&picker->events, "button"), events_slot_notify);
  vct_song_picker_model_set_did_dismiss (model, on_dismiss, events_slot (&picker->events, "dismiss"),
                                         events_slot_notify);
  vct_song_picker_model_set_did_error (model, events_text_func, events_slot (&picker->events, "error"),
                                       events_slot_notify);
  picker->events.items_hook = copy_apply;
  picker->events.items_hook_data = picker;
  events_attach_list (&picker->events, picker->list);
}

static void
picker_init (Picker *picker, VctSongService *service)
{
  picker_init_full (picker, vct_song_picker_model_new (service), NULL);
}

/* The last unref: every notify has run once when it returns. */
static void
picker_unref (Picker *picker)
{
  vct_song_picker_model_unref (picker->model);
  picker->model = NULL;
  picker->list = NULL;
  events_assert_all_notified (&picker->events);
}

static void
picker_clear (Picker *picker)
{
  if (picker->model != NULL)
    picker_unref (picker);
  events_clear (&picker->events);
  g_ptr_array_unref (picker->copy);
}

/* The shown rows as "song 1=unselected, song 2=selected", checking the view's copy
 * matches; g_free. */
static char *
picker_rows (Picker *picker)
{
  GString *text = g_string_new (NULL);
  guint n = vct_list_model_get_n_items (picker->list, 0);

  g_assert_cmpuint (vct_list_model_get_n_sections (picker->list), ==, 1);
  g_assert_cmpuint (picker->copy->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      VctRow *row = vct_list_model_get_item (picker->list, 0, i);
      char *title = vct_row_dup_string (row, "title");
      char *mode = vct_row_dup_string (row, "mode");

      g_assert_cmpstr (vct_row_get_kind (row), ==, "SongRow");
      g_assert_cmpstr (g_ptr_array_index (picker->copy, i), ==, title);
      g_string_append_printf (text, "%s%s=%s", i == 0 ? "" : ", ", title, mode);
      g_free (title);
      g_free (mode);
    }
  return g_string_free (text, FALSE);
}

#define assert_rows(picker, expected) G_STMT_START { \
    char *rows_ = picker_rows (picker);               \
    g_assert_cmpstr (rows_, ==, (expected));          \
    g_free (rows_);                                   \
  } G_STMT_END

static void
assert_title (Picker *picker, const char *expected)
{
  char *title = vct_song_picker_model_dup_title (picker->model);
  g_assert_cmpstr (title, ==, expected);
  g_free (title);
}

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
  guint mark = events_mark (&picker->events);

  vct_song_picker_model_reload (picker->model);
  vct_api_request_return_json (fake_service_wait_fetch (fake), json, -1);
  events_wait (&picker->events, mark, "items:", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker->events, mark, "error:"), ==, 0);
}

/* The rows the items-changed runs since @mark removed and added, in total. */
static void
items_totals (Picker *picker, guint mark, guint *removed_total, guint *added_total)
{
  *removed_total = 0;
  *added_total = 0;
  for (guint i = mark; i < events_mark (&picker->events); i++)
    {
      const char *event = g_ptr_array_index (picker->events.log, i);
      guint section, position, removed, added;
      if (sscanf (event, "items:%u,%u,%u,%u", &section, &position, &removed, &added) == 4)
        {
          *removed_total += removed;
          *added_total += added;
        }
    }
}

/* The standard set-up: songs 1…@n loaded through a fake service. */
static void
setup (FakeService *fake, Picker *picker, gint64 n)
{
  VctSongService *service;
  char *json = songs_doc (1, n);

  fake_service_init (fake, NULL);
  service = song_service_over (fake);
  picker_init (picker, service);
  vct_song_service_unref (service);
  picker_load (picker, fake, json);
  g_free (json);
}

static void
teardown (FakeService *fake, Picker *picker)
{
  picker_clear (picker);
  fake_service_finish (fake);
}

/* Selects row @position (TRUE: in range) and waits until its item_updated arrived. */
static void
select_row (Picker *picker, guint position)
{
  guint mark = events_mark (&picker->events);
  char *updated = g_strdup_printf ("updated:0,%u", position);

  g_assert_true (vct_list_model_select (picker->list, 0, position));
  events_wait (&picker->events, mark, updated, 1);
  g_free (updated);
}

/* ------------------------------------------------------------------ picking */

/* Before anything: picking, its title, the button's title, disabled; an empty section. */
static void
test_initial (void)
{
  FakeService fake;
  VctSongService *service;
  Picker picker;

  fake_service_init (&fake, NULL);
  service = song_service_over (&fake);
  picker_init (&picker, service);
  vct_song_service_unref (service);

  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  assert_title (&picker, PICKING_TITLE);
  g_assert_cmpstr (vct_song_picker_model_get_button_title (picker.model), ==, BUTTON_TITLE);
  g_assert_false (vct_song_picker_model_is_button_enabled (picker.model));
  g_assert_cmpuint (vct_list_model_get_n_sections (picker.list), ==, 1);
  g_assert_cmpuint (vct_list_model_get_n_items (picker.list, 0), ==, 0);
  g_assert_false (vct_song_picker_model_start (picker.model));
  settle_loop (NULL);
  assert_events (&picker.events, 0, "");
  teardown (&fake, &picker);
}

/* A load inserts every row at once: "SongRow" rows with title, subtitle, m:ss duration
 * and mode "unselected"; the button stays disabled. */
static void
test_load_rows (void)
{
  FakeService fake;
  Picker picker;
  VctRow *row;
  char **names;
  char *joined, *text;

  setup (&fake, &picker, 5);
  assert_events (&picker.events, 0, "items:0,0,0,5");
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=unselected, song 4=unselected, "
                        "song 5=unselected");
  g_assert_false (vct_song_picker_model_is_button_enabled (picker.model));

  row = vct_list_model_get_item (picker.list, 0, 1);
  names = vct_row_dup_property_names (row);
  joined = g_strjoinv (",", names);
  g_assert_cmpstr (joined, ==, "title,subtitle,duration,mode");
  g_free (joined);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_cmpint (vct_row_get_property_type (row, names[i]), ==, VCT_PROPERTY_TYPE_STRING);
  g_strfreev (names);
  text = vct_row_dup_string (row, "subtitle");
  g_assert_cmpstr (text, ==, "sub 2");
  g_free (text);
  text = vct_row_dup_string (row, "duration");
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
  vct_song_service_unref (service);
  picker_load (&picker, &fake, json);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *text = vct_row_dup_string (vct_list_model_get_item (picker.list, 0, i), "duration");
      g_assert_cmpstr (text, ==, cases[i].text);
      g_free (text);
    }
  g_free (json);
  teardown (&fake, &picker);
}

/* While picking, selecting toggles a row in place (one item_updated of that row); the
 * button is enabled only while a song is selected, reported on each change only. */
static void
test_select_toggles (void)
{
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);

  mark = events_mark (&picker.events);
  g_assert_true (vct_list_model_select (picker.list, 0, 0));
  assert_events (&picker.events, mark, "");  /* never inline */
  events_wait (&picker.events, mark, "updated:0,0", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "button:1"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, ""), ==, 2);
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
  assert_rows (&picker, "song 1=selected, song 2=unselected, song 3=unselected, song 4=unselected, song 5=unselected");

  /* A second song: its row only, the button already enabled. */
  mark = events_mark (&picker.events);
  select_row (&picker, 2);
  settle_loop (NULL);
  assert_events (&picker.events, mark, "updated:0,2");

  /* Unselect the first: still one selected. */
  mark = events_mark (&picker.events);
  select_row (&picker, 0);
  settle_loop (NULL);
  assert_events (&picker.events, mark, "updated:0,0");
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=selected, song 4=unselected, song 5=unselected");

  /* Unselect the last one: the button is disabled, reported once. */
  mark = events_mark (&picker.events);
  select_row (&picker, 2);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:0,2"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "button:0"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, ""), ==, 2);
  g_assert_false (vct_song_picker_model_is_button_enabled (picker.model));
  g_assert_cmpuint (events_count (&picker.events, 0, "state:"), ==, 0);
  g_assert_cmpuint (events_count (&picker.events, 0, "title:"), ==, 0);
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
  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_start (picker.model));
  g_assert_false (vct_song_picker_model_next (picker.model));
  g_assert_false (vct_song_picker_model_previous (picker.model));
  g_assert_false (vct_song_picker_model_finish_song (picker.model));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  assert_title (&picker, PICKING_TITLE);

  /* With a song selected, next/previous/finish still need listening. */
  select_row (&picker, 1);
  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_next (picker.model));
  g_assert_false (vct_song_picker_model_finish_song (picker.model));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ listening */

/* Selects the rows at @positions (in that order), then starts, and waits for the list. */
static void
start_with (Picker *picker, const guint *positions, guint n)
{
  guint mark;

  for (guint i = 0; i < n; i++)
    select_row (picker, positions[i]);
  settle_loop (NULL);
  mark = events_mark (&picker->events);
  g_assert_true (vct_song_picker_model_start (picker->model));
  events_wait (&picker->events, mark, "state:1", 1);
  settle_loop (NULL);
}

/* start: the first selected song plays, the other selected are playable, the unselected
 * leave the list through items-changed removals; LISTENING and "Player" reported once. */
static void
test_start (void)
{
  static const guint positions[] = { 1, 4, 2 };
  FakeService fake;
  Picker picker;
  guint mark, removed, added;

  setup (&fake, &picker, 5);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    select_row (&picker, positions[i]);
  settle_loop (NULL);

  mark = events_mark (&picker.events);
  g_assert_true (vct_song_picker_model_start (picker.model));
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  assert_title (&picker, PLAYER_TITLE);
  assert_events (&picker.events, mark, "");  /* never inline */
  events_wait (&picker.events, mark, "state:1", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker.events, mark, "state:"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "title:" PLAYER_TITLE), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "title:"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "button:"), ==, 0);
  g_assert_cmpuint (events_count (&picker.events, mark, "sections:"), ==, 0);
  /* Two rows removed, none added (the copy, made from those runs alone, matches). */
  items_totals (&picker, mark, &removed, &added);
  g_assert_cmpuint (removed, ==, 2);
  g_assert_cmpuint (added, ==, 0);
  assert_rows (&picker, "song 2=playing, song 3=playable, song 5=playable");
  g_assert_false (vct_song_picker_model_start (picker.model));  /* already listening */
  teardown (&fake, &picker);
}

/* Listening: selecting a playable song plays it and the one playing becomes playable,
 * those two rows only; selecting the song playing changes nothing. */
static void
test_listening_select (void)
{
  static const guint positions[] = { 0, 2, 3 };
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);
  start_with (&picker, positions, G_N_ELEMENTS (positions));
  assert_rows (&picker, "song 1=playing, song 3=playable, song 4=playable");

  mark = events_mark (&picker.events);
  g_assert_true (vct_list_model_select (picker.list, 0, 2));
  events_wait (&picker.events, mark, "updated:", 2);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:0,0"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:0,2"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, ""), ==, 2);
  assert_rows (&picker, "song 1=playable, song 3=playable, song 4=playing");

  mark = events_mark (&picker.events);
  g_assert_true (vct_list_model_select (picker.list, 0, 2));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  teardown (&fake, &picker);
}

/* next and previous move through the playable songs; at either end they return FALSE
 * and nothing is reported. */
static void
test_next_previous (void)
{
  static const guint positions[] = { 1, 2, 4 };
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);
  start_with (&picker, positions, G_N_ELEMENTS (positions));
  assert_rows (&picker, "song 2=playing, song 3=playable, song 5=playable");

  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_previous (picker.model));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");

  g_assert_true (vct_song_picker_model_next (picker.model));
  events_wait (&picker.events, mark, "updated:", 2);
  assert_rows (&picker, "song 2=playable, song 3=playing, song 5=playable");
  g_assert_true (vct_song_picker_model_next (picker.model));
  events_wait (&picker.events, mark, "updated:", 4);
  settle_loop (NULL);
  assert_rows (&picker, "song 2=playable, song 3=playable, song 5=playing");
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:"), ==, 4);
  g_assert_cmpuint (events_count (&picker.events, mark, ""), ==, 4);

  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_next (picker.model));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");
  assert_rows (&picker, "song 2=playable, song 3=playable, song 5=playing");

  g_assert_true (vct_song_picker_model_previous (picker.model));
  g_assert_true (vct_song_picker_model_previous (picker.model));
  events_wait (&picker.events, mark, "updated:", 2);
  settle_loop (NULL);
  assert_rows (&picker, "song 2=playing, song 3=playable, song 5=playable");
  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_previous (picker.model));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  teardown (&fake, &picker);
}

/* finish_song plays the next song; after the last the screen is FINISHED (title stays
 * "Player", nothing playing), where finish, next, previous and select do nothing. */
static void
test_finish (void)
{
  static const guint positions[] = { 0, 3 };
  FakeService fake;
  Picker picker;
  guint mark;

  setup (&fake, &picker, 5);
  start_with (&picker, positions, G_N_ELEMENTS (positions));

  mark = events_mark (&picker.events);
  g_assert_true (vct_song_picker_model_finish_song (picker.model));
  events_wait (&picker.events, mark, "updated:", 2);
  settle_loop (NULL);
  assert_rows (&picker, "song 1=playable, song 4=playing");
  g_assert_cmpuint (events_count (&picker.events, mark, "state:"), ==, 0);

  mark = events_mark (&picker.events);
  g_assert_true (vct_song_picker_model_finish_song (picker.model));
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_FINISHED);
  events_wait (&picker.events, mark, "state:2", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker.events, mark, "state:"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "title:"), ==, 0);
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:0,1"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "items:"), ==, 0);
  assert_title (&picker, PLAYER_TITLE);
  assert_rows (&picker, "song 1=playable, song 4=playable");

  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_finish_song (picker.model));
  g_assert_false (vct_song_picker_model_next (picker.model));
  g_assert_false (vct_song_picker_model_previous (picker.model));
  g_assert_false (vct_song_picker_model_start (picker.model));
  g_assert_true (vct_list_model_select (picker.list, 0, 0));
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");
  assert_rows (&picker, "song 1=playable, song 4=playable");
  teardown (&fake, &picker);
}

/* back from listening or finished: picking again, the selection kept, the hidden rows
 * back in the list (only insertions), the button still enabled; no dismiss. Then a new
 * session starts with the same songs. */
static void
test_back_keeps_selection (void)
{
  static const guint positions[] = { 1, 3 };

  for (int from_finished = 0; from_finished <= 1; from_finished++)
    {
      FakeService fake;
      Picker picker;
      guint mark, removed, added;

      g_test_message ("back from %s", from_finished ? "finished" : "listening");
      setup (&fake, &picker, 5);
      start_with (&picker, positions, G_N_ELEMENTS (positions));
      mark = events_mark (&picker.events);
      g_assert_true (vct_song_picker_model_next (picker.model));
      if (from_finished)
        {
          g_assert_true (vct_song_picker_model_finish_song (picker.model));
          events_wait (&picker.events, mark, "state:2", 1);
        }
      events_wait (&picker.events, mark, "updated:", 2);
      settle_loop (NULL);

      mark = events_mark (&picker.events);
      vct_song_picker_model_back (picker.model);
      g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
      events_wait (&picker.events, mark, "state:0", 1);
      settle_loop (NULL);
      assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected, song 4=selected, song 5=unselected");
      assert_title (&picker, PICKING_TITLE);
      g_assert_cmpuint (events_count (&picker.events, mark, "title:" PICKING_TITLE), ==, 1);
      g_assert_cmpuint (events_count (&picker.events, mark, "state:"), ==, 1);
      g_assert_cmpuint (events_count (&picker.events, mark, "dismiss:"), ==, 0);
      g_assert_cmpuint (events_count (&picker.events, mark, "button:"), ==, 0);
      g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
      /* The three hidden rows come back by insertions only. */
      items_totals (&picker, mark, &removed, &added);
      g_assert_cmpuint (removed, ==, 0);
      g_assert_cmpuint (added, ==, 3);

      /* A new session with the same songs. */
      mark = events_mark (&picker.events);
      g_assert_true (vct_song_picker_model_start (picker.model));
      events_wait (&picker.events, mark, "state:1", 1);
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
  select_row (&picker, 2);
  settle_loop (NULL);

  mark = events_mark (&picker.events);
  vct_song_picker_model_back (picker.model);
  assert_events (&picker.events, mark, "");  /* never inline */
  events_wait (&picker.events, mark, "dismiss:", 1);
  settle_loop (NULL);
  assert_events (&picker.events, mark, "dismiss:");
  g_assert_cmpint (vct_song_picker_model_get_state (picker.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=selected");
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ mode changes */

/* A row reports its mode (vct_row_observe, vct_list_model_bind) only when it changes,
 * and the list redraws only the rows whose mode changed. */
static void
test_mode_reported_on_change (void)
{
  FakeService fake;
  Picker picker;
  RowLog logs[5];
  VctBinding *bindings[5];
  RowLog bound;
  int widget;
  guint mark;

  setup (&fake, &picker, 5);
  for (guint i = 0; i < 5; i++)
    {
      row_log_init (&logs[i]);
      bindings[i] = vct_row_observe (vct_list_model_get_item (picker.list, 0, i), row_log_func, &logs[i],
                                     row_log_notify);
      g_assert_nonnull (bindings[i]);
    }
  row_log_init (&bound);
  g_assert_true (vct_list_model_bind (picker.list, &widget, 0, 1, row_log_func, &bound, row_log_notify));
  assert_row_log (&bound, 0, "(all)");

#define assert_reports(a, b, c, d, e) G_STMT_START {                 \
    const guint expected_[5] = { (a), (b), (c), (d), (e) };         \
    for (guint i_ = 0; i_ < 5; i_++)                                \
      g_assert_cmpuint (logs[i_].names->len, ==, expected_[i_]);    \
  } G_STMT_END

  /* Picking: a select changes that row only. */
  mark = events_mark (&picker.events);
  select_row (&picker, 0);
  settle_loop (NULL);
  assert_reports (1, 0, 0, 0, 0);
  g_assert_cmpuint (events_count (&picker.events, mark, "updated:"), ==, 1);
  select_row (&picker, 1);
  settle_loop (NULL);
  assert_reports (1, 1, 0, 0, 0);
  assert_row_log (&bound, 1, "mode");

  /* Start: 1 playing, 2 playable (each changed), 3…5 hidden (changed too). */
  mark = events_mark (&picker.events);
  g_assert_true (vct_song_picker_model_start (picker.model));
  events_wait (&picker.events, mark, "state:1", 1);
  settle_loop (NULL);
  assert_reports (2, 2, 1, 1, 1);
  assert_rows (&picker, "song 1=playing, song 2=playable");

  /* next: those two rows only; next at the end: nothing. */
  mark = events_mark (&picker.events);
  g_assert_true (vct_song_picker_model_next (picker.model));
  events_wait (&picker.events, mark, "updated:", 2);
  settle_loop (NULL);
  assert_reports (3, 3, 1, 1, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, ""), ==, 2);
  mark = events_mark (&picker.events);
  g_assert_false (vct_song_picker_model_next (picker.model));
  settle_loop (NULL);
  assert_reports (3, 3, 1, 1, 1);
  assert_events (&picker.events, mark, "");

  /* back: every row changes again. */
  mark = events_mark (&picker.events);
  vct_song_picker_model_back (picker.model);
  events_wait (&picker.events, mark, "state:0", 1);
  settle_loop (NULL);
  assert_reports (4, 4, 2, 2, 2);
  assert_row_log (&bound, 1, "mode,mode,mode,mode");
  for (guint i = 0; i < 5; i++)
    for (guint j = 0; j < logs[i].names->len; j++)
      g_assert_cmpstr (g_ptr_array_index (logs[i].names, j), ==, "mode");
#undef assert_reports

  for (guint i = 0; i < 5; i++)
    {
      vct_binding_dispose (bindings[i]);
      g_assert_cmpint (logs[i].notified, ==, 1);
      row_log_clear (&logs[i]);
    }
  g_assert_true (vct_list_model_unbind (picker.list, &widget));
  g_assert_cmpint (bound.notified, ==, 1);
  row_log_clear (&bound);
  teardown (&fake, &picker);
}

static gboolean
cond_two_reads (gpointer reads)
{
  return ((GPtrArray *) reads)->len >= 2;
}

/* What a row-change callback reads from the row it is given: "<property>=<value>". */
static void
read_as_of_change (VctRow *row, const char *property, gpointer data)
{
  g_autofree char *value = NULL;

  if (property == NULL)
    return;
  value = vct_row_dup_string (row, property);
  g_ptr_array_add (data, g_strdup_printf ("%s=%s", property, value));
}

/* Two changes of one row before the loop runs: the callback still reads each change's
 * own value from the row (found by the demo: both reads said the latest mode). */
static void
test_reads_as_of_each_change (void)
{
  FakeService fake;
  Picker picker;
  GPtrArray *reads = g_ptr_array_new_with_free_func (g_free);
  VctBinding *binding;
  char *now;

  setup (&fake, &picker, 3);
  binding = vct_row_observe (vct_list_model_get_item (picker.list, 0, 1), read_as_of_change, reads, NULL);
  g_assert_true (vct_list_model_select (picker.list, 0, 1));
  g_assert_true (vct_list_model_select (picker.list, 0, 1));
  run_until (NULL, cond_two_reads, reads, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (reads->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (reads, 0), ==, "mode=selected");
  g_assert_cmpstr (g_ptr_array_index (reads, 1), ==, "mode=unselected");
  now = vct_row_dup_string (vct_list_model_get_item (picker.list, 0, 1), "mode");
  g_assert_cmpstr (now, ==, "unselected");
  g_free (now);
  vct_binding_dispose (binding);
  g_ptr_array_unref (reads);
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
  char *json = songs_doc (1, 3);

  setup (&fake, &picker, 3);
  g_assert_false (vct_song_picker_model_is_loading (picker.model));
  vct_song_picker_model_set_did_change_loading (picker.model, events_boolean_func,
                                                events_slot (&picker.events, "loading"), events_slot_notify);
  mark = events_mark (&picker.events);
  vct_song_picker_model_reload (picker.model);
  g_assert_true (vct_song_picker_model_is_loading (picker.model));
  vct_api_request_return_json (fake_service_wait_fetch (&fake), json, -1);
  events_wait (&picker.events, mark, "loading:0", 1);
  g_assert_false (vct_song_picker_model_is_loading (picker.model));
  g_assert_cmpuint (events_count (&picker.events, mark, "loading:1"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "items:"), ==, 0);
  g_free (json);
  teardown (&fake, &picker);
}

/* ------------------------------------------------------------------ reloads */

/* A failed reload reports didError and keeps the rows, their modes and the screen. */
static void
test_reload_failure_keeps_rows (void)
{
  FakeService fake;
  Picker picker;
  char *message;
  guint mark;

  setup (&fake, &picker, 3);
  select_row (&picker, 1);
  settle_loop (NULL);

  mark = events_mark (&picker.events);
  vct_song_picker_model_reload (picker.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_CONNECTION_FAILED, "no route to the songs");
  events_wait (&picker.events, mark, "error:", 1);
  settle_loop (NULL);
  assert_events (&picker.events, mark, "error:" ERROR_PREFIX "no route to the songs");
  assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected");
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));

  /* A document that does not decode: the error names the item and the field. */
  mark = events_mark (&picker.events);
  vct_song_picker_model_reload (picker.model);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), "[{\"id\": 1, \"title\": \"t\", \"subtitle\": \"s\"}]", -1);
  events_wait (&picker.events, mark, "error:", 1);
  settle_loop (NULL);
  message = events_last (&picker.events, mark, "error:");
  g_assert_cmpstr (message, ==, ERROR_PREFIX "Item 0, field \"duration\" is missing.");
  g_free (message);
  g_assert_cmpuint (events_count (&picker.events, mark, ""), ==, 1);
  assert_rows (&picker, "song 1=unselected, song 2=selected, song 3=unselected");
  teardown (&fake, &picker);
}

/* A reload that succeeds returns to picking and keeps the selection of the songs still
 * there; a superseded reload's late result is dropped. */
static void
test_reload_keeps_selection (void)
{
  static const guint positions[] = { 2 };
  FakeService fake;
  Picker picker;
  VctApiRequest *first, *second;
  char *old = songs_doc (1, 3), *newer = songs_doc (3, 4);
  guint mark;

  setup (&fake, &picker, 3);
  start_with (&picker, positions, G_N_ELEMENTS (positions));
  assert_rows (&picker, "song 3=playing");

  mark = events_mark (&picker.events);
  vct_song_picker_model_reload (picker.model);
  first = fake_service_wait_fetch (&fake);
  vct_song_picker_model_reload (picker.model);
  second = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (second, newer, -1);
  events_wait (&picker.events, mark, "state:0", 1);
  settle_loop (NULL);
  vct_api_request_return_json (first, old, -1);
  settle_loop (NULL);
  assert_rows (&picker, "song 3=selected, song 4=unselected");
  assert_title (&picker, PICKING_TITLE);
  g_assert_true (vct_song_picker_model_is_button_enabled (picker.model));
  g_assert_cmpuint (events_count (&picker.events, mark, "state:"), ==, 1);
  g_assert_cmpuint (events_count (&picker.events, mark, "error:"), ==, 0);

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
  char *json = songs_doc (1, 4);

  fake_service_init (&fake, NULL);
  service = song_service_over (&fake);
  picker_init (&picker, service);
  vct_song_service_unref (service);

  vct_song_picker_model_reload (picker.model);
  g_assert_cmpint (g_atomic_int_get (&fake.n_fetches), ==, 0);  /* the fetch waits for the loop */
  request = fake_service_wait_fetch (&fake);
  iterate_pending (NULL);
  vct_test_return_json_in_thread (request, json);
  wait_until_pending (NULL);
  assert_events (&picker.events, 0, "");
  events_wait (&picker.events, 0, "items:", 1);
  settle_loop (NULL);
  assert_rows (&picker, "song 1=unselected, song 2=unselected, song 3=unselected, song 4=unselected");
  g_free (json);
  teardown (&fake, &picker);  /* checks every callback ran on this thread */
}

/* ------------------------------------------------------------------ services */

/* file:// and http:// songs documents; a bad URI gives the VCT_ERROR_INVALID_URI text. */
static void
test_uri_services (void)
{
  VctTestServer *server = vct_test_server_new ();
  char *json = songs_doc (7, 8);
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
      vct_song_service_unref (service);
      vct_song_picker_model_reload (picker.model);
      events_wait (&picker.events, 0, "items:", 1);
      settle_loop (NULL);
      g_assert_cmpuint (events_count (&picker.events, 0, "error:"), ==, 0);
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
      vct_song_service_unref (service);
      vct_song_picker_model_reload (picker.model);
      events_wait (&picker.events, 0, "error:", 1);
      message = events_last (&picker.events, 0, "error:");
      expected = g_strdup_printf (ERROR_PREFIX "Cannot fetch songs from \"%s\": use an http://, https:// or file:// URI.",
                                  bad[i]);
      g_assert_cmpstr (message, ==, expected);
      g_assert_cmpuint (vct_list_model_get_n_items (picker.list, 0), ==, 0);
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
  char *text;

  picker_init_full (&picker, vct_song_picker_model_factory_instance (), NULL);
  vct_song_picker_model_reload (picker.model);
  events_wait (&picker.events, 0, "items:", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&picker.events, 0, "error:"), ==, 0);
  g_assert_cmpuint (vct_list_model_get_n_items (picker.list, 0), ==, 12);
  text = row_title (picker.list, 0);
  g_assert_cmpstr (text, ==, "Open Horizon");
  g_free (text);
  text = vct_row_dup_string (vct_list_model_get_item (picker.list, 0, 0), "duration");
  g_assert_cmpstr (text, ==, "14:54");
  g_free (text);
  picker_clear (&picker);
}

/* ------------------------------------------------------------------ lifetimes */

/* Each notify runs exactly once: at a setter that replaces or clears its callback, or at
 * the last unref; the custom service's when its last owner lets go. */
static void
test_notifies_once (void)
{
  FakeService fake;
  Picker picker;
  Counter replacement = { 0 };
  EventSlot *title, *dismiss;
  guint mark;

  setup (&fake, &picker, 2);
  title = events_find (&picker.events, "title");
  dismiss = events_find (&picker.events, "dismiss");
  vct_song_picker_model_set_did_update_title (picker.model, counter_text_func, &replacement, counter_notify);
  g_assert_cmpint (title->notified, ==, 1);
  vct_song_picker_model_set_did_dismiss (picker.model, NULL, NULL, NULL);
  g_assert_cmpint (dismiss->notified, ==, 1);

  select_row (&picker, 0);
  mark = events_mark (&picker.events);
  g_assert_true (vct_song_picker_model_start (picker.model));
  events_wait (&picker.events, mark, "state:1", 1);
  vct_song_picker_model_back (picker.model);
  events_wait (&picker.events, mark, "state:0", 1);
  vct_song_picker_model_back (picker.model);  /* dismiss: no callback now */
  settle_loop (NULL);
  g_assert_cmpint (replacement.calls, ==, 2);
  g_assert_cmpstr (replacement.last_text, ==, PICKING_TITLE);
  g_assert_cmpuint (events_count (&picker.events, 0, "title:"), ==, 0);
  g_assert_cmpuint (events_count (&picker.events, 0, "dismiss:"), ==, 0);

  picker_unref (&picker);
  g_assert_cmpint (replacement.notified, ==, 1);
  g_assert_cmpint (replacement.calls_after_notify, ==, 0);
  g_free (replacement.last_text);
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
  char *json = songs_doc (1, 3);
  guint mark;

  setup (&fake, &picker, 2);
  vct_song_picker_model_reload (picker.model);
  request = fake_service_wait_fetch (&fake);
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));
  mark = events_mark (&picker.events);

  picker_unref (&picker);
  run_until (NULL, cancelled_cond, cancellable, VCT_TEST_TIMEOUT_MS);
  /* The request is abandoned: the service's notify may already run (vct_api_new_custom);
   * completing the request is still allowed, and dropped. */
  vct_test_return_json_in_thread (request, json);
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  assert_events (&picker.events, mark, "");

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
  vct_song_picker_model_unref (NULL);
  vct_song_service_unref (NULL);
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
  g_test_add_func ("/songs/listening/select-playable", test_listening_select);
  g_test_add_func ("/songs/listening/next-previous", test_next_previous);
  g_test_add_func ("/songs/listening/finish", test_finish);
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
  g_test_add_func ("/songs/rows/reads-as-of-each-change", test_reads_as_of_each_change);
  g_test_add_func ("/songs/loading/flag-and-callback", test_loading_flag);
  return vct_test_run ();
}
