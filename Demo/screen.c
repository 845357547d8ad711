/* screen.c: the demo's screens: a VctScreen model (VctTableModel, VctFeedModel,
 * VctSongPickerModel) and the state a view shows (title, alert, selected row, --select),
 * its reports turned into the events of demo.h. What differs between the three is a
 * switch on the screen's kind; the rest is shared.
 *
 * Reloads: the model notifies `loading` true, then in one dispatch of its scheduler the
 * list's changes, `loading` false and, after a failure, `did-error`. So when `loading`
 * turns false the reload ends from a G_PRIORITY_HIGH idle, once the error, if any, has
 * come: RELOADED, or only the loading flag after a failure.
 *
 * Rows: the list's `changes-done` ends a batch: ROWS if it had `items-changed` runs. A
 * row's change in place (a follow's state, a song's mode) is held with its row object
 * until then, or until the screen's next event, and told with the row's number then
 * (vct_list_model_find): a row that left the list is not told.
 *
 * The photo table reports its title at every reload and selection (did-update-
 * navigation-title), even unchanged; the others are heard on VctScreen:title, their first
 * title shown at the first reload. A screen is settled once what a command asked for has
 * been reported: titles and details asked for (`pending`), follows and their errors. */

#include "demo.h"

#include <string.h>

enum { PHOTOS, FEED, SONGS };
#define screens vct_demo_screens
#define KIND(screen) ((screen)->info - screens)

#define FEED_MODEL(s)  VCT_FEED_MODEL ((s)->model)
#define SONGS_MODEL(s) VCT_SONG_PICKER_MODEL ((s)->model)

/* A reference to @row and @callback on its @signal (NULL: none), with @owner for it. */
VctDemoHeld *
vct_demo_held_new (gpointer owner, VctRow *row, const char *signal, GCallback callback)
{
  VctDemoHeld *held = g_new0 (VctDemoHeld, 1);

  held->owner = owner;
  held->row = g_object_ref (row);
  if (signal != NULL)
    held->id = g_signal_connect (row, signal, callback, held);
  return held;
}

/* Safe from inside the handler (a row object emits `notify` holding a reference). */
void
vct_demo_held_free (gpointer data)
{
  VctDemoHeld *held = data;

  g_clear_signal_handler (&held->id, held->row);
  g_object_unref (held->row);
  g_free (held->property);
  g_free (held->value);
  g_free (held);
}

/* Holds the rows at @list's flat positions [@start, @end) with @signal heard: the holds
 * in *@held kept for those, the others dropped. */
void
vct_demo_hold_rows (GPtrArray **held, VctListModel *list, guint start, guint end, gpointer owner,
                    const char *signal, GCallback callback)
{
  GPtrArray *holds = g_ptr_array_new_with_free_func (vct_demo_held_free);

  for (guint i = start; i < end; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (list), i);
      VctDemoHeld *found = NULL;

      for (guint j = 0; row != NULL && j < (*held)->len && found == NULL; j++)
        if (((VctDemoHeld *) g_ptr_array_index (*held, j))->row == row)
          found = g_ptr_array_steal_index_fast (*held, j);
      if (row != NULL)
        g_ptr_array_add (holds, found != NULL ? found : vct_demo_held_new (owner, row, signal, callback));
    }
  g_ptr_array_unref (*held);
  *held = holds;
}

/* An enum value's nick ("listening"). */
static const char *
nick (GType type, int value)
{
  return g_enum_get_value (g_type_class_peek (type), value)->value_nick;
}

gboolean
vct_demo_is_row (VctListModel *list, guint position)
{
  gboolean is_row = FALSE;

  vct_list_model_get_row_index (list, position, &is_row);
  return is_row;
}

/* ------------------------------------------------------------------ events */

static void
flush_reports (VctDemoScreen *screen)
{
  g_autoptr (GPtrArray) reports = NULL;

  if (screen->reports->len == 0)
    return;
  reports = g_steal_pointer (&screen->reports);
  screen->reports = g_ptr_array_new_with_free_func (vct_demo_held_free);
  for (guint i = 0; i < reports->len; i++)
    {
      const VctDemoHeld *report = g_ptr_array_index (reports, i);
      VctDemoEvent event = { .kind = VCT_DEMO_EVENT_ROW, .property = report->property, .text = report->value };
      guint position;

      if (!vct_list_model_find (screen->list, report->row, &position) || !vct_demo_is_row (screen->list, position))
        continue;
      event.index = vct_list_model_get_row_index (screen->list, position, NULL);
      if (screen->view != NULL)
        screen->view (screen, &event, screen->view_data);
    }
}

/* Tells the view, after the rows' changes reported before. */
static void
emit (VctDemoScreen *screen, const VctDemoEvent *event)
{
  flush_reports (screen);
  if (screen->view != NULL)
    screen->view (screen, event, screen->view_data);
}

static void
emit_simple (VctDemoScreen *screen, VctDemoEventKind kind, const char *text, gboolean flag)
{
  VctDemoEvent event = { .kind = kind, .text = text, .flag = flag };

  emit (screen, &event);
}

static void
report_row (VctDemoScreen *screen, VctRow *row, const char *property, const char *value)
{
  VctDemoHeld *report = vct_demo_held_new (screen, row, NULL, NULL);

  report->property = g_strdup (property);
  report->value = g_strdup (value);
  g_ptr_array_add (screen->reports, report);
}

static void
emit_title (VctDemoScreen *screen, const char *title)
{
  char *copy = g_strdup (title);

  screen->title_shown = TRUE;
  g_free (screen->title);
  screen->title = copy;
  emit_simple (screen, VCT_DEMO_EVENT_TITLE, screen->title, FALSE);
}

static void emit_loading (VctDemoScreen *screen) { emit_simple (screen, VCT_DEMO_EVENT_LOADING, NULL, vct_demo_screen_is_loading (screen)); }

/* The model's reports that need no more than an event. */
static void on_items_changed (VctDemoScreen *screen) { screen->rows_changed = TRUE; }
static void on_list_hidden (VctDemoScreen *screen)   { emit_simple (screen, VCT_DEMO_EVENT_ROWS, NULL, FALSE); }
static void on_dismiss (VctDemoScreen *screen)       { emit_simple (screen, VCT_DEMO_EVENT_DISMISS, NULL, FALSE); }

static void on_mode (VctRow *row, GParamSpec *pspec, VctDemoHeld *held);

/* The song picker holds every row of its list, to hear each one's mode. */
static void
hold_songs (VctDemoScreen *screen)
{
  vct_demo_hold_rows (&screen->held, screen->list, 0, g_list_model_get_n_items (G_LIST_MODEL (screen->list)),
                      screen, "notify::mode", G_CALLBACK (on_mode));
}

static void
on_changes_done (VctDemoScreen *screen)
{
  flush_reports (screen);
  if (KIND (screen) == SONGS)
    hold_songs (screen);
  if (screen->rows_changed)
    {
      screen->rows_changed = FALSE;
      emit_simple (screen, VCT_DEMO_EVENT_ROWS, NULL, FALSE);
    }
}

static void
on_title (VctDemoScreen *screen)
{
  g_autofree char *title = vct_screen_dup_title (screen->model);

  emit_title (screen, title);
}

static void
on_navigation_title (VctDemoScreen *screen, const char *title)
{
  if (screen->pending > 0)
    screen->pending--;
  emit_title (screen, title);
}

/* A reload's error ends it as failed, unless it is a failed follow's (which comes after
 * its row went back to normal; with both at once, the follow's is taken first). */
static void
on_error (VctDemoScreen *screen, const char *message)
{
  if (screen->errors_awaited > 0)
    screen->errors_awaited--;
  else if (screen->reload_end_id != 0)
    screen->reload_failed = TRUE;
  g_free (screen->alert);
  screen->alert = g_strdup (message);
  emit_loading (screen);
  emit_simple (screen, VCT_DEMO_EVENT_ERROR, screen->alert, FALSE);
}

static gboolean
on_reload_end (gpointer user_data)
{
  VctDemoScreen *screen = user_data;
  gboolean first = !screen->has_loaded;

  screen->reload_end_id = 0;
  screen->has_loaded |= !screen->reload_failed;
  emit_loading (screen);
  if (screen->reload_failed)
    return G_SOURCE_REMOVE;
  emit_simple (screen, VCT_DEMO_EVENT_RELOADED, NULL, FALSE);
  if (first && screen->select_after_load >= 0)
    {
      g_autoptr (GError) error = NULL;
      guint64 index = (guint64) screen->select_after_load;

      screen->select_after_load = -1;
      if (!vct_demo_screen_select (screen, index, &error))
        emit_simple (screen, VCT_DEMO_EVENT_NOTICE, error->message, FALSE);
    }
  return G_SOURCE_REMOVE;
}

static void
on_loading (VctDemoScreen *screen)
{
  if (vct_screen_is_loading (screen->model))
    {
      emit_loading (screen);
      return;
    }
  screen->reload_failed = FALSE;
  if (screen->reload_end_id == 0)
    screen->reload_end_id = g_idle_add_full (G_PRIORITY_HIGH, on_reload_end, screen, NULL);
}

static void
on_open_detail (VctDemoScreen *screen, VctFeedPhoto *photo)
{
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_DETAIL, .detail = photo };

  if (screen->pending > 0)
    screen->pending--;
  emit (screen, &event);
}

static void
on_state (VctDemoScreen *screen)
{
  emit_simple (screen, VCT_DEMO_EVENT_STATE, nick (VCT_TYPE_SONG_PICKER_STATE, vct_song_picker_model_get_state (SONGS_MODEL (screen))), FALSE);
}

static void
on_button_enabled (VctDemoScreen *screen)
{
  emit_simple (screen, VCT_DEMO_EVENT_BUTTON, NULL, vct_song_picker_model_is_button_enabled (SONGS_MODEL (screen)));
}

static void
on_mode (VctRow *row, G_GNUC_UNUSED GParamSpec *pspec, VctDemoHeld *held)
{
  g_autofree char *mode = NULL;

  g_object_get (row, "mode", &mode, NULL);
  report_row (((VctDemoScreen *) held->owner), row, "mode", mode);
}

/* ------------------------------------------------------------------ follows */

/* The pressed row's follow state changed: report it; the outcome ends the follow. */
static void
on_follow_state (VctRow *row, G_GNUC_UNUSED GParamSpec *pspec, VctDemoHeld *follow)
{
  VctDemoScreen *screen = follow->owner;
  VctFollowState state;

  g_object_get (row, "follow-state", &state, NULL);
  report_row (screen, row, "followState", nick (VCT_TYPE_FOLLOW_STATE, state));
  if (state == VCT_FOLLOW_STATE_LOADING)
    return;
  if (state == VCT_FOLLOW_STATE_NORMAL)
    screen->errors_awaited++;
  g_ptr_array_remove (screen->held, follow);
}

/* Presses the follow button of a member row in state normal, and holds the row. */
static gboolean
follow_row (VctDemoScreen *screen, G_GNUC_UNUSED guint position, VctRow *row, GError **error)
{
  VctFollowState state;
  g_autofree char *name = NULL;

  g_object_get (row, "follow-state", &state, "name", &name, NULL);
  if (state != VCT_FOLLOW_STATE_NORMAL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   state == VCT_FOLLOW_STATE_LOADING ? "following %s is under way" : "%s is followed already",
                   name != NULL ? name : "the member");
      return FALSE;
    }
  g_ptr_array_add (screen->held, vct_demo_held_new (screen, row, "notify::follow-state", G_CALLBACK (on_follow_state)));
  vct_row_press (row);
  return TRUE;
}

static gboolean
follow_command (VctDemoScreen *screen, guint position, VctRow *row, GError **error)
{
  if (VCT_IS_MEMBER_ROW (row))
    return follow_row (screen, position, row, error);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "row %u is not a member",
               vct_list_model_get_row_index (screen->list, position, NULL));
  return FALSE;
}

/* ------------------------------------------------------------------ the songs' commands */

static gboolean
songs_refuse (VctDemoScreen *screen, GError **error, const char *command, const char *when_listening)
{
  VctSongPickerState state = vct_song_picker_model_get_state (SONGS_MODEL (screen));

  if (state != VCT_SONG_PICKER_STATE_LISTENING)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: not listening (the screen is %s)", command,
                 nick (VCT_TYPE_SONG_PICKER_STATE, state));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", command, when_listening);
  return FALSE;
}

static gboolean
songs_start (VctDemoScreen *screen, G_GNUC_UNUSED guint position, G_GNUC_UNUSED VctRow *row, GError **error)
{
  VctSongPickerState state = vct_song_picker_model_get_state (SONGS_MODEL (screen));

  if (vct_song_picker_model_start (SONGS_MODEL (screen)))
    return TRUE;
  if (state != VCT_SONG_PICKER_STATE_PICKING)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "start: not picking (the screen is %s)", nick (VCT_TYPE_SONG_PICKER_STATE, state));
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "start: no song is selected");
  return FALSE;
}

/* next and finish always move while listening: at the last song they finish. */
static gboolean
songs_next (VctDemoScreen *screen, G_GNUC_UNUSED guint position, G_GNUC_UNUSED VctRow *row, GError **error)
{
  return vct_song_picker_model_next (SONGS_MODEL (screen)) || songs_refuse (screen, error, "next", "no song is playing");
}

static gboolean
songs_previous (VctDemoScreen *screen, G_GNUC_UNUSED guint position, G_GNUC_UNUSED VctRow *row, GError **error)
{
  return vct_song_picker_model_previous (SONGS_MODEL (screen))
         || songs_refuse (screen, error, "previous", "the first song is playing");
}

static gboolean
songs_finish (VctDemoScreen *screen, G_GNUC_UNUSED guint position, G_GNUC_UNUSED VctRow *row, GError **error)
{
  return vct_song_picker_model_finish_song (SONGS_MODEL (screen))
         || songs_refuse (screen, error, "finish", "no song is playing");
}

static gboolean
songs_back (VctDemoScreen *screen, G_GNUC_UNUSED guint position, G_GNUC_UNUSED VctRow *row,
            G_GNUC_UNUSED GError **error)
{
  vct_song_picker_model_back (SONGS_MODEL (screen));
  return TRUE;
}

/* ------------------------------------------------------------------ the screens */

static const VctDemoCommand feed_commands[] = {
  { "follow", "N", "follow the member in row N: \"row N: followState loading\", then\n"
    "                       \"... checked\", or \"... normal\" and \"error: ...\" (the next\n"
    "                       command waits for that)", follow_command },
  { NULL, NULL, NULL, NULL }
};

static const VctDemoCommand songs_commands[] = {
  { "start", NULL, "START MEDITATION SESSION (enabled while a song is selected): the\n"
    "                       first selected song plays, the others leave the list", songs_start },
  { "next", NULL, "play the session's next song; at the last song, as finish", songs_next },
  { "previous", NULL, "play the session's previous song", songs_previous },
  { "finish", NULL, "the song playing ends: the next one plays; after the last,\n"
    "                       \"state: finished\" and \"dismiss\", which ends the session", songs_finish },
  { "back", NULL, "back to picking, the selection kept; while picking: \"dismiss\",\n"
    "                       which ends the session (status 0)", songs_back },
  { NULL, NULL, NULL, NULL }
};

const VctDemoScreenInfo vct_demo_screens[VCT_DEMO_N_SCREENS] = {
  [PHOTOS] = { "photos", "the photo table (the default)", "VCTABLE_PHOTOS_URL", "5000 photos", TRUE, NULL,
               "Loading photos...", "No photos.", TRUE },
  [FEED] = { "feed", "the news feed: members to follow and photos, one section per day", "VCTABLE_FEEDS_URL",
             "40 entries over 5 days", FALSE, feed_commands, "Loading feeds...", "No feeds.", FALSE },
  [SONGS] = { "songs", "the meditation song picker and player", "VCTABLE_SONGS_URL", "12 songs", FALSE,
              songs_commands, "Loading songs...", "No songs.", FALSE },
};

const VctDemoScreenInfo *
vct_demo_screens_find (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (screens); i++)
    if (g_str_equal (screens[i].name, name))
      return &screens[i];
  return NULL;
}

/* The rule the library applies to its services' URIs, checked at start. */
static gboolean
check_uri (const char *uri, const char *what, GError **error)
{
  static const char *const schemes[] = { "http://", "https://", "file://" };

  for (gsize i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (g_ascii_strncasecmp (uri, schemes[i], strlen (schemes[i])) == 0 && uri[strlen (schemes[i])] != '\0')
      return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               "Cannot fetch %s from \"%s\": use an http://, https:// or file:// URI.", what, uri);
  return FALSE;
}

static VctScreen *
new_model (int kind, const VctDemoOptions *options, GError **error)
{
  const char *uri = options->uri;

  if (kind == PHOTOS)
    {
      g_autoptr (VctApi) api = NULL;

      if (uri == NULL)
        return VCT_SCREEN (vct_table_model_factory_instance ());
      api = vct_api_new_for_uri_full (uri, (guint) options->timeout_ms, options->max_body_size, error);
      return api != NULL ? VCT_SCREEN (vct_table_model_new_with_manager (api)) : NULL;
    }
  if (uri != NULL && !check_uri (uri, kind == FEED ? "feeds" : "songs", error))
    return NULL;
  if (kind == FEED)
    {
      g_autoptr (VctFeedService) service = uri != NULL ? vct_feed_service_new_for_uri (uri) : NULL;

      return VCT_SCREEN (uri != NULL ? vct_feed_model_new (service) : vct_feed_model_factory_instance ());
    }
  else
    {
      g_autoptr (VctSongService) service = uri != NULL ? vct_song_service_new_for_uri (uri) : NULL;

      return VCT_SCREEN (uri != NULL ? vct_song_picker_model_new (service) : vct_song_picker_model_factory_instance ());
    }
}

/* The screen @options name, on the factory's source or --uri; NULL with @error for a bad URI. */
VctDemoScreen *
vct_demo_screen_new (const VctDemoOptions *options, GError **error)
{
  int kind = (int) (vct_demo_screens_find (options->screen) - screens);
  VctScreen *model = new_model (kind, options, error);
  VctDemoScreen *screen;

  if (model == NULL)
    return NULL;
  screen = g_new0 (VctDemoScreen, 1);
  screen->info = &screens[kind];
  screen->model = model;
  screen->list = g_object_ref (vct_screen_get_list (model));
  screen->title = vct_screen_dup_title (model);
  screen->selected = -1;
  screen->select_after_load = -1;
  screen->reports = g_ptr_array_new_with_free_func (vct_demo_held_free);
  screen->held = g_ptr_array_new_with_free_func (vct_demo_held_free);
  g_signal_connect_swapped (screen->list, "items-changed", G_CALLBACK (on_items_changed), screen);
  g_signal_connect_swapped (screen->list, "changes-done", G_CALLBACK (on_changes_done), screen);
  if (kind != PHOTOS)
    g_signal_connect_swapped (model, "notify::title", G_CALLBACK (on_title), screen);
  g_signal_connect_swapped (model, "notify::loading", G_CALLBACK (on_loading), screen);
  g_signal_connect_swapped (model, "did-error", G_CALLBACK (on_error), screen);
  switch (kind)
    {
    case PHOTOS:
      g_signal_connect_swapped (model, "did-update-navigation-title", G_CALLBACK (on_navigation_title), screen);
      break;
    case FEED:
      g_signal_connect_swapped (model, "notify::list-hidden", G_CALLBACK (on_list_hidden), screen);
      g_signal_connect_swapped (model, "open-detail", G_CALLBACK (on_open_detail), screen);
      break;
    case SONGS:
    default:
      hold_songs (screen);
      g_signal_connect_swapped (model, "notify::state", G_CALLBACK (on_state), screen);
      g_signal_connect_swapped (model, "notify::button-enabled", G_CALLBACK (on_button_enabled), screen);
      g_signal_connect_swapped (model, "dismiss", G_CALLBACK (on_dismiss), screen);
      break;
    }
  return screen;
}

/* Stops every report (not even the rows' changes not told yet are told) and frees it all. */
void
vct_demo_screen_free (VctDemoScreen *screen)
{
  screen->view = NULL;
  g_signal_handlers_disconnect_by_data (screen->list, screen);
  g_signal_handlers_disconnect_by_data (screen->model, screen);
  g_clear_handle_id (&screen->reload_end_id, g_source_remove);
  g_ptr_array_unref (screen->held);
  g_ptr_array_unref (screen->reports);
  g_object_unref (screen->list);
  g_object_unref (screen->model);
  g_free (screen->title);
  g_free (screen->alert);
  g_free (screen);
}

/* ------------------------------------------------------------------ for the views */

/* Asks the model to reload; the selection mark goes. */
void
vct_demo_screen_reload (VctDemoScreen *screen)
{
  screen->selected = -1;
  if (KIND (screen) != PHOTOS && !screen->title_shown)
    {
      g_autofree char *title = g_strdup (screen->title);

      emit_title (screen, title);
    }
  if (KIND (screen) == PHOTOS)
    screen->pending++;
  vct_screen_reload (screen->model);
  emit_loading (screen);
}

static gboolean
select_row (VctDemoScreen *screen, G_GNUC_UNUSED guint position, VctRow *row, G_GNUC_UNUSED GError **error)
{
  if (KIND (screen) == PHOTOS || VCT_IS_FEED_PHOTO_ROW (row))
    screen->pending++;
  vct_row_select (row);
  return TRUE;
}

static gboolean
press_row (VctDemoScreen *screen, guint position, VctRow *row, GError **error)
{
  if (VCT_IS_MEMBER_ROW (row))
    return follow_row (screen, position, row, error);
  if (VCT_IS_FEED_PHOTO_ROW (row))
    screen->pending++;
  vct_row_press (row);
  return TRUE;
}

/* Runs @func on row @index ("no row N" if there is none); a selection marks it. */
static gboolean
on_row (VctDemoScreen *screen, VctDemoRowFunc func, gboolean selects, guint64 index, GError **error)
{
  guint position = index <= G_MAXUINT ? vct_list_model_get_row_position (screen->list, (guint) index, NULL) : G_MAXUINT;
  g_autoptr (VctRow) row = NULL;

  if (position == G_MAXUINT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no row %" G_GUINT64_FORMAT, index);
      return FALSE;
    }
  row = g_list_model_get_item (G_LIST_MODEL (screen->list), position);
  if (!func (screen, position, row, error))
    return FALSE;
  if (selects)
    screen->selected = (gint64) index;
  return TRUE;
}

/* Tells the row's view model it was selected (a tap). */
gboolean
vct_demo_screen_select (VctDemoScreen *screen, guint64 index, GError **error)
{
  return on_row (screen, select_row, TRUE, index, error);
}

/* Presses the row's control (a follow button). */
gboolean
vct_demo_screen_press (VctDemoScreen *screen, guint64 index, GError **error)
{
  return on_row (screen, press_row, FALSE, index, error);
}

/* Enter or a click: the feed presses, the others select. */
gboolean
vct_demo_screen_activate (VctDemoScreen *screen, guint64 index, GError **error)
{
  return on_row (screen, KIND (screen) == FEED ? press_row : select_row, TRUE, index, error);
}

const VctDemoCommand *
vct_demo_screen_find_command (VctDemoScreen *screen, const char *name)
{
  for (const VctDemoCommand *command = screens[KIND (screen)].commands; command != NULL && command->name != NULL;
       command++)
    if (g_str_equal (command->name, name))
      return command;
  return NULL;
}

gboolean
vct_demo_screen_run_command (VctDemoScreen *screen, const VctDemoCommand *command, guint64 index, GError **error)
{
  if (command->args == NULL)
    return command->run (screen, 0, NULL, error);
  return on_row (screen, command->run, FALSE, index, error);
}

/* Whether a reload is in flight, not yet reported. */
gboolean
vct_demo_screen_is_loading (VctDemoScreen *screen)
{
  return vct_screen_is_loading (screen->model) || screen->reload_end_id != 0;
}

/* Whether everything asked for (a title, a detail, a follow's outcome, a row's change)
 * has been reported, so what a view printed or drew is up to date. */
gboolean
vct_demo_screen_is_settled (VctDemoScreen *screen)
{
  return screen->reports->len == 0 && screen->pending == 0 && screen->errors_awaited == 0
         && (KIND (screen) != FEED || screen->held->len == 0);
}

gboolean
vct_demo_screen_is_list_hidden (VctDemoScreen *screen)
{
  return KIND (screen) == FEED && vct_feed_model_is_list_hidden (FEED_MODEL (screen));
}

/* The line under the list: the song picker's button, or what plays; NULL for none. */
const char *
vct_demo_screen_get_status (VctDemoScreen *screen, gboolean *is_button, gboolean *enabled)
{
  *is_button = FALSE;
  *enabled = FALSE;
  if (KIND (screen) != SONGS)
    return NULL;
  switch (vct_song_picker_model_get_state (SONGS_MODEL (screen)))
    {
    case VCT_SONG_PICKER_STATE_PICKING:
      *is_button = TRUE;
      *enabled = vct_song_picker_model_is_button_enabled (SONGS_MODEL (screen));
      return vct_song_picker_model_get_button_title (SONGS_MODEL (screen));
    case VCT_SONG_PICKER_STATE_LISTENING:
      return "Listening: n next, p previous, e end of the song, h back";
    case VCT_SONG_PICKER_STATE_FINISHED:
    default:
      return "Session finished: h goes back to the songs";
    }
}
