/* screen-songs.c: the meditation song picker (VctSongPickerModel): one section of
 * "SongRow" rows whose mode follows the screen's state: picking (selected/unselected) →
 * listening (playing/playable; the unselected rows leave the list) → finished, and back.
 *
 * Its commands (start, next, previous, finish, back) run on the loop and the model reports
 * what they changed in its next dispatch: the rows' modes (as in-place updates of the
 * list, reported here with the row's place after the batch; rows the same batch inserted,
 * such as the unselected ones coming back, are new rows, not changes), the state, the
 * title, the button.
 *
 * Reloads: as the feed's: the model reports `loading` true, then (in one dispatch of its
 * scheduler) the list, `loading` false and, after a failure, the error; so when `loading`
 * turns false the screen ends the reload later (vct_demo_screen_end_reload_later()), once
 * the error, if any, has come. A reload that finds the songs already shown changes no
 * row, and ends all the same. */

#include "screens.h"

#include "screen-class.h"

typedef struct {
  VctDemoScreen        base;
  VctSongPickerModel  *model;
} VctDemoSongsScreen;

static const char *
vct_demo_songs_state_name (VctSongPickerState state)
{
  switch (state)
    {
    case VCT_SONG_PICKER_STATE_PICKING:   return "picking";
    case VCT_SONG_PICKER_STATE_LISTENING: return "listening";
    case VCT_SONG_PICKER_STATE_FINISHED:  return "finished";
    default:                              return "unknown";
    }
}

/* ------------------------------------------------------------ the model's reports */

static void
vct_demo_songs_did_update_title (const char *title,
                                 gpointer    user_data)
{
  VctDemoSongsScreen *self = user_data;

  vct_demo_screen_emit_title (&self->base, title);
}

static void
vct_demo_songs_did_change_state (VctSongPickerState state,
                                 gpointer           user_data)
{
  VctDemoSongsScreen *self = user_data;
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_STATE, .text = vct_demo_songs_state_name (state) };

  vct_demo_screen_emit (&self->base, &event);
}

static void
vct_demo_songs_did_change_button_enabled (gboolean enabled,
                                          gpointer user_data)
{
  VctDemoSongsScreen *self = user_data;
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_BUTTON, .flag = enabled };

  vct_demo_screen_emit (&self->base, &event);
}

static void
vct_demo_songs_did_dismiss (gpointer user_data)
{
  VctDemoSongsScreen *self = user_data;
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_DISMISS };

  vct_demo_screen_emit (&self->base, &event);
}

static void
vct_demo_songs_did_error (const char *message,
                          gpointer    user_data)
{
  VctDemoSongsScreen *self = user_data;

  vct_demo_screen_fail_reload (&self->base);
  vct_demo_screen_emit_error (&self->base, message);
}

static void
vct_demo_songs_did_change_loading (gboolean loading,
                                   gpointer user_data)
{
  VctDemoSongsScreen *self = user_data;

  if (loading)
    vct_demo_screen_emit_loading (&self->base);
  else
    vct_demo_screen_end_reload_later (&self->base);
}

/* ----------------------------------------------------------------- the commands */

static gboolean
vct_demo_songs_refuse (VctDemoSongsScreen  *self,
                       GError             **error,
                       const char          *command,
                       const char          *when_listening)
{
  VctSongPickerState state = vct_song_picker_model_get_state (self->model);

  if (state != VCT_SONG_PICKER_STATE_LISTENING)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: not listening (the screen is %s)",
                 command, vct_demo_songs_state_name (state));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", command, when_listening);
  return FALSE;
}

static gboolean
vct_demo_songs_start (VctDemoScreen  *screen,
                      guint           section,
                      guint           position,
                      GError        **error)
{
  VctDemoSongsScreen *self = (VctDemoSongsScreen *) screen;
  VctSongPickerState state = vct_song_picker_model_get_state (self->model);

  (void) section;
  (void) position;
  if (vct_song_picker_model_start (self->model))
    return TRUE;
  if (state != VCT_SONG_PICKER_STATE_PICKING)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "start: not picking (the screen is %s)",
                 vct_demo_songs_state_name (state));
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "start: no song is selected");
  return FALSE;
}

/* A move while listening (next, previous, finish): the model's, or why not. */
static gboolean
vct_demo_songs_step (VctDemoScreen  *screen,
                     gboolean      (*step) (VctSongPickerModel *model),
                     const char     *command,
                     const char     *when_listening,
                     GError        **error)
{
  VctDemoSongsScreen *self = (VctDemoSongsScreen *) screen;

  return step (self->model) || vct_demo_songs_refuse (self, error, command, when_listening);
}

static gboolean
vct_demo_songs_next (VctDemoScreen *screen, guint section, guint position, GError **error)
{
  (void) section;
  (void) position;
  return vct_demo_songs_step (screen, vct_song_picker_model_next, "next", "the last song is playing", error);
}

static gboolean
vct_demo_songs_previous (VctDemoScreen *screen, guint section, guint position, GError **error)
{
  (void) section;
  (void) position;
  return vct_demo_songs_step (screen, vct_song_picker_model_previous, "previous", "the first song is playing", error);
}

static gboolean
vct_demo_songs_finish (VctDemoScreen *screen, guint section, guint position, GError **error)
{
  (void) section;
  (void) position;
  return vct_demo_songs_step (screen, vct_song_picker_model_finish_song, "finish", "no song is playing", error);
}

static gboolean
vct_demo_songs_back (VctDemoScreen  *screen,
                     guint           section,
                     guint           position,
                     GError        **error)
{
  (void) section;
  (void) position;
  (void) error;
  vct_song_picker_model_back (((VctDemoSongsScreen *) screen)->model);
  return TRUE;
}

/* --------------------------------------------------------------- the screen class */

static void
vct_demo_songs_reload (VctDemoScreen *screen)
{
  vct_song_picker_model_reload (((VctDemoSongsScreen *) screen)->model);
}

static gboolean
vct_demo_songs_is_loading (VctDemoScreen *screen)
{
  return vct_song_picker_model_is_loading (((VctDemoSongsScreen *) screen)->model);
}

/* The button while picking; what plays while listening; the end of the session. */
static const char *
vct_demo_songs_get_status (VctDemoScreen *screen,
                           gboolean      *is_button,
                           gboolean      *enabled)
{
  VctDemoSongsScreen *self = (VctDemoSongsScreen *) screen;

  switch (vct_song_picker_model_get_state (self->model))
    {
    case VCT_SONG_PICKER_STATE_PICKING:
      *is_button = TRUE;
      *enabled = vct_song_picker_model_is_button_enabled (self->model);
      return vct_song_picker_model_get_button_title (self->model);
    case VCT_SONG_PICKER_STATE_LISTENING:
      return "Listening: n next, p previous, e end of the song, h back";
    case VCT_SONG_PICKER_STATE_FINISHED:
    default:
      return "Session finished: h goes back to the songs";
    }
}

static void
vct_demo_songs_item_updated (VctDemoScreen *screen,
                             guint          section,
                             guint          position)
{
  VctRow *row;
  g_autofree char *mode = NULL;

  if (vct_demo_screen_is_new_row (screen, section, position))
    return;
  row = vct_list_model_get_item (screen->list, section, position);
  mode = row != NULL ? vct_row_dup_string (row, "mode") : NULL;
  if (mode != NULL)
    vct_demo_screen_emit_row (screen, section, position, "mode", mode);
}

static void
vct_demo_songs_finalize (VctDemoScreen *screen)
{
  g_clear_pointer (&((VctDemoSongsScreen *) screen)->model, vct_song_picker_model_unref);
}

static const VctDemoCommand vct_demo_songs_commands[] = {
  { "start", NULL, "START MEDITATION SESSION (enabled while a song is selected): the\n"
    "                       first selected song plays, the others leave the list", vct_demo_songs_start },
  { "next", NULL, "play the session's next song", vct_demo_songs_next },
  { "previous", NULL, "play the session's previous song", vct_demo_songs_previous },
  { "finish", NULL, "the song playing ends: the next one plays, or \"state: finished\"",
    vct_demo_songs_finish },
  { "back", NULL, "back to picking, the selection kept; while picking: \"dismiss\",\n"
    "                       which ends the session (status 0)", vct_demo_songs_back },
  { NULL, NULL, NULL, NULL }
};

const VctDemoScreenClass vct_demo_songs_class = {
  .name = "songs",
  .loading_text = "Loading songs...",
  .empty_text = "No songs.",
  .commands = vct_demo_songs_commands,
  .reload = vct_demo_songs_reload,
  .is_loading = vct_demo_songs_is_loading,
  .get_status = vct_demo_songs_get_status,
  .item_updated = vct_demo_songs_item_updated,
  .finalize = vct_demo_songs_finalize,
};

/**
 * vct_demo_songs_screen_new:
 * @uri: (nullable): the songs document; %NULL for the factory's choice
 *   (VCTABLE_SONGS_URL or the bundled fixture)
 * @timeout_ms: unused: the song service has the library's timeout
 * @error: return location for an invalid @uri
 *
 * Returns: (transfer full) (nullable): the screen, or %NULL with @error set
 */
VctDemoScreen *
vct_demo_songs_screen_new (const char  *uri,
                           guint        timeout_ms,
                           GError     **error)
{
  VctDemoSongsScreen *self;
  VctSongPickerModel *model;
  g_autofree char *title = NULL;

  (void) timeout_ms;
  if (uri == NULL)
    model = vct_song_picker_model_factory_instance ();
  else
    {
      g_autoptr (VctSongService) service = NULL;

      if (!vct_demo_screens_check_uri (uri, "songs", error))
        return NULL;
      service = vct_song_service_new_for_uri (uri);
      model = vct_song_picker_model_new (service);
    }

  self = g_new0 (VctDemoSongsScreen, 1);
  self->model = model;
  title = vct_song_picker_model_dup_title (model);
  vct_demo_screen_construct (&self->base, &vct_demo_songs_class, vct_song_picker_model_get_list (model), title);
  vct_song_picker_model_set_did_update_title (model, vct_demo_songs_did_update_title, self, NULL);
  vct_song_picker_model_set_did_change_state (model, vct_demo_songs_did_change_state, self, NULL);
  vct_song_picker_model_set_did_change_button_enabled (model, vct_demo_songs_did_change_button_enabled, self, NULL);
  vct_song_picker_model_set_did_dismiss (model, vct_demo_songs_did_dismiss, self, NULL);
  vct_song_picker_model_set_did_error (model, vct_demo_songs_did_error, self, NULL);
  vct_song_picker_model_set_did_change_loading (model, vct_demo_songs_did_change_loading, self, NULL);
  return &self->base;
}
