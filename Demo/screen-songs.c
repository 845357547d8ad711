/* screen-songs.c: VctDemoSongsScreen (a final VctDemoScreen), the meditation song
 * picker (VctSongPickerModel): one section of VctSongRow ("SongRowView") rows whose `mode`
 * follows the screen's state: picking (selected/unselected) → listening
 * (playing/playable; the unselected rows leave the list) → finished, and back. The end
 * of the session (next or finish at the last song) reports "state: finished", then the
 * model's `dismiss`, which closes the screen, as the original closes the meditation.
 *
 * Its commands (start, next, previous, finish, back) run on the loop and the model reports
 * what they changed in its next dispatch: the rows' modes (in place: `notify::mode` on
 * the row objects), the list's changes (the rows leaving or coming back), the state, the
 * title, the button. The picker's rows are few, so the screen holds every row of its
 * list (following the list's changes) to hear each one's mode; it reports a change with
 * the row's place after the list's changes of the same batch (a song that starts
 * playing is notified before the songs not picked leave the list; those are notified
 * "hidden" as they go, and not reported). Rows that come back into the list are new
 * objects: what they show is no change.
 *
 * Reloads, the title, loading and errors are the base's, through VctScreen. A reload
 * that finds the songs already shown changes no row, and ends all the same.
 *
 * Its held rows go in its finalize, after the base's dispose has stopped the list's
 * changes and the reports. */

#include "screens.h"

#include "held.h"
#include "screen-private.h"

G_DECLARE_FINAL_TYPE (VctDemoSongsScreen, vct_demo_songs_screen, VCT_DEMO, SONGS_SCREEN, VctDemoScreen)

struct _VctDemoSongsScreen {
  VctDemoScreen        parent_instance;
  GPtrArray           *rows;   /* (element-type VctDemoHeldRow): the list's rows, in its order */
};

G_DEFINE_FINAL_TYPE (VctDemoSongsScreen, vct_demo_songs_screen, VCT_DEMO_TYPE_SCREEN)

#define VCT_DEMO_SONGS_MODEL(screen) (VCT_SONG_PICKER_MODEL (vct_demo_screen_get_model (VCT_DEMO_SCREEN (screen))))

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
vct_demo_songs_on_state (VctDemoSongsScreen *self)
{
  VctDemoEvent event = {
    .kind = VCT_DEMO_EVENT_STATE,
    .text = vct_demo_songs_state_name (vct_song_picker_model_get_state (VCT_DEMO_SONGS_MODEL (self))),
  };

  vct_demo_screen_emit (VCT_DEMO_SCREEN (self), &event);
}

static void
vct_demo_songs_on_button_enabled (VctDemoSongsScreen *self)
{
  VctDemoEvent event = {
    .kind = VCT_DEMO_EVENT_BUTTON,
    .flag = vct_song_picker_model_is_button_enabled (VCT_DEMO_SONGS_MODEL (self)),
  };

  vct_demo_screen_emit (VCT_DEMO_SCREEN (self), &event);
}

static void
vct_demo_songs_on_dismiss (VctDemoSongsScreen *self)
{
  VctDemoEvent event = { .kind = VCT_DEMO_EVENT_DISMISS };

  vct_demo_screen_emit (VCT_DEMO_SCREEN (self), &event);
}

/* A row's mode changed: report it at the row's place (reported once the list's changes
 * of this batch are in). */
static void
vct_demo_songs_on_mode (VctRow             *row,
                        GParamSpec         *pspec,
                        VctDemoSongsScreen *self)
{
  g_autofree char *mode = NULL;

  (void) pspec;
  g_object_get (row, "mode", &mode, NULL);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const VctDemoHeldRow *held = g_ptr_array_index (self->rows, i);

      if (held->row == row)
        {
          vct_demo_screen_report_row (VCT_DEMO_SCREEN (self), i, "mode", mode);
          return;
        }
    }
}

/* ----------------------------------------------------------------- the commands */

static gboolean
vct_demo_songs_refuse (VctDemoSongsScreen  *self,
                       GError             **error,
                       const char          *command,
                       const char          *when_listening)
{
  VctSongPickerState state = vct_song_picker_model_get_state (VCT_DEMO_SONGS_MODEL (self));

  if (state != VCT_SONG_PICKER_STATE_LISTENING)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: not listening (the screen is %s)",
                 command, vct_demo_songs_state_name (state));
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", command, when_listening);
  return FALSE;
}

static gboolean
vct_demo_songs_start (VctDemoScreen  *screen,
                      guint           position,
                      VctRow         *row,
                      GError        **error)
{
  VctDemoSongsScreen *self = VCT_DEMO_SONGS_SCREEN (screen);
  VctSongPickerState state = vct_song_picker_model_get_state (VCT_DEMO_SONGS_MODEL (self));

  (void) position;
  (void) row;
  if (vct_song_picker_model_start (VCT_DEMO_SONGS_MODEL (self)))
    return TRUE;
  if (state != VCT_SONG_PICKER_STATE_PICKING)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "start: not picking (the screen is %s)",
                 vct_demo_songs_state_name (state));
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "start: no song is selected");
  return FALSE;
}

/* A move while listening (next, previous, finish): the model's, or why not (next and
 * finish always move while listening: at the last song they finish the session). */
static gboolean
vct_demo_songs_step (VctDemoScreen  *screen,
                     gboolean      (*step) (VctSongPickerModel *model),
                     const char     *command,
                     const char     *when_listening,
                     GError        **error)
{
  VctDemoSongsScreen *self = VCT_DEMO_SONGS_SCREEN (screen);

  return step (VCT_DEMO_SONGS_MODEL (self)) || vct_demo_songs_refuse (self, error, command, when_listening);
}

static gboolean
vct_demo_songs_next (VctDemoScreen *screen, guint position, VctRow *row, GError **error)
{
  (void) position;
  (void) row;
  return vct_demo_songs_step (screen, vct_song_picker_model_next, "next", "no song is playing", error);
}

static gboolean
vct_demo_songs_previous (VctDemoScreen *screen, guint position, VctRow *row, GError **error)
{
  (void) position;
  (void) row;
  return vct_demo_songs_step (screen, vct_song_picker_model_previous, "previous", "the first song is playing", error);
}

static gboolean
vct_demo_songs_finish (VctDemoScreen *screen, guint position, VctRow *row, GError **error)
{
  (void) position;
  (void) row;
  return vct_demo_songs_step (screen, vct_song_picker_model_finish_song, "finish", "no song is playing", error);
}

static gboolean
vct_demo_songs_back (VctDemoScreen  *screen,
                     guint           position,
                     VctRow         *row,
                     GError        **error)
{
  (void) position;
  (void) row;
  (void) error;
  vct_song_picker_model_back (VCT_DEMO_SONGS_MODEL (screen));
  return TRUE;
}

/* ------------------------------------------------------------------- the class */

/* The button while picking; what plays while listening; the end of the session. */
static const char *
vct_demo_songs_get_status (VctDemoScreen *screen,
                           gboolean      *is_button,
                           gboolean      *enabled)
{
  VctDemoSongsScreen *self = VCT_DEMO_SONGS_SCREEN (screen);

  switch (vct_song_picker_model_get_state (VCT_DEMO_SONGS_MODEL (self)))
    {
    case VCT_SONG_PICKER_STATE_PICKING:
      *is_button = TRUE;
      *enabled = vct_song_picker_model_is_button_enabled (VCT_DEMO_SONGS_MODEL (self));
      return vct_song_picker_model_get_button_title (VCT_DEMO_SONGS_MODEL (self));
    case VCT_SONG_PICKER_STATE_LISTENING:
      return "Listening: n next, p previous, e end of the song, h back";
    case VCT_SONG_PICKER_STATE_FINISHED:
    default:
      return "Session finished: h goes back to the songs";
    }
}

/* Holds the rows the list brings (and drops those it removes), with their mode heard. */
static void
vct_demo_songs_items_changed (VctDemoScreen *screen,
                              guint          position,
                              guint          removed,
                              guint          added)
{
  VctDemoSongsScreen *self = VCT_DEMO_SONGS_SCREEN (screen);

  g_ptr_array_remove_range (self->rows, position, removed);
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (vct_demo_screen_get_list (screen)), i);

      g_ptr_array_insert (self->rows, (gint) i,
                          vct_demo_held_row_new (row, "notify::mode", G_CALLBACK (vct_demo_songs_on_mode), self));
    }
}

static void
vct_demo_songs_screen_finalize (GObject *object)
{
  VctDemoSongsScreen *self = VCT_DEMO_SONGS_SCREEN (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (vct_demo_songs_screen_parent_class)->finalize (object);
}

static const VctDemoCommand vct_demo_songs_commands[] = {
  { "start", NULL, "START MEDITATION SESSION (enabled while a song is selected): the\n"
    "                       first selected song plays, the others leave the list", vct_demo_songs_start },
  { "next", NULL, "play the session's next song; at the last song, as finish", vct_demo_songs_next },
  { "previous", NULL, "play the session's previous song", vct_demo_songs_previous },
  { "finish", NULL, "the song playing ends: the next one plays; after the last,\n"
    "                       \"state: finished\" and \"dismiss\", which ends the session", vct_demo_songs_finish },
  { "back", NULL, "back to picking, the selection kept; while picking: \"dismiss\",\n"
    "                       which ends the session (status 0)", vct_demo_songs_back },
  { NULL, NULL, NULL, NULL }
};

static void
vct_demo_songs_screen_class_init (VctDemoSongsScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  VctDemoScreenClass *screen_class = VCT_DEMO_SCREEN_CLASS (klass);

  object_class->finalize = vct_demo_songs_screen_finalize;

  screen_class->name = "songs";
  screen_class->loading_text = "Loading songs...";
  screen_class->empty_text = "No songs.";
  screen_class->commands = vct_demo_songs_commands;
  screen_class->get_status = vct_demo_songs_get_status;
  screen_class->items_changed = vct_demo_songs_items_changed;
}

static void
vct_demo_songs_screen_init (VctDemoSongsScreen *self)
{
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) vct_demo_held_row_free);
}

/**
 * vct_demo_songs_screen_new:
 * @uri: (nullable): the songs document; %NULL for the factory's choice
 *   (VCTABLE_SONGS_URL or the bundled fixture)
 * @timeout_ms: unused: the song service has the library's timeout
 * @max_body_size: unused: the song service has the library's size limit
 * @error: return location for an invalid @uri
 *
 * Returns: (transfer full) (nullable): the screen, or %NULL with @error set
 */
VctDemoScreen *
vct_demo_songs_screen_new (const char  *uri,
                           guint        timeout_ms,
                           gsize        max_body_size,
                           GError     **error)
{
  VctDemoSongsScreen *self;
  VctSongPickerModel *model;
  VctListModel *list;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  (void) timeout_ms;
  (void) max_body_size;
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

  self = g_object_new (VCT_DEMO_TYPE_SONGS_SCREEN, NULL);
  vct_demo_screen_construct (VCT_DEMO_SCREEN (self), VCT_SCREEN (model));
  list = vct_demo_screen_get_list (VCT_DEMO_SCREEN (self));
  vct_demo_songs_items_changed (VCT_DEMO_SCREEN (self), 0, 0, g_list_model_get_n_items (G_LIST_MODEL (list)));
  g_signal_connect_swapped (model, "notify::state", G_CALLBACK (vct_demo_songs_on_state), self);
  g_signal_connect_swapped (model, "notify::button-enabled", G_CALLBACK (vct_demo_songs_on_button_enabled), self);
  g_signal_connect_swapped (model, "dismiss", G_CALLBACK (vct_demo_songs_on_dismiss), self);
  return VCT_DEMO_SCREEN (self);
}
