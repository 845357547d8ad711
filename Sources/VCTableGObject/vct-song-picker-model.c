/* vct-song-picker-model.c: VctSongPickerModel, the song picker's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model is the Swift core's SongPickerViewModel behind CScreen
 * (Sources/VCTable/CBridge/CSongPickerModel.swift), which forwards each of its
 * observables and events here, as a notify or a signal, on the context thread. A
 * VctScreenObject: VctScreen, the core's lifetime and the reads through it are
 * vct-screen-object.c's; this file has the picker's own properties, signal and functions.
 */

#include "vct-screen-object.h"

struct _VctSongPickerModel
{
  VctScreenObject screen;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (VctSongPickerModel, vct_song_picker_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (VCT_TYPE_SCREEN, _vct_screen_object_screen_init))

/* The picker's own properties, then VctScreen's four, overridden (vct-screen-object.c). */
enum {
  PROP_0,
  PROP_STATE,
  PROP_BUTTON_TITLE,
  PROP_BUTTON_ENABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What each of them reads from the core. */
static const VctScreenValue property_values[N_PROPS] = {
  [PROP_STATE] = VCT_SCREEN_VALUE_STATE,
  [PROP_BUTTON_TITLE] = VCT_SCREEN_VALUE_BUTTON_TITLE,
  [PROP_BUTTON_ENABLED] = VCT_SCREEN_VALUE_BUTTON_ENABLED,
};

/* did-error is VctScreen's. */
enum {
  DISMISS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
vct_song_picker_model_class_init (VctSongPickerModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _vct_screen_object_class_init (object_class, property_values, N_PROPS);

  /**
   * VctSongPickerModel:state: (getter get_state)
   *
   * The screen state: %VCT_SONG_PICKER_STATE_PICKING when the model is made and after a
   * reload delivers songs, %VCT_SONG_PICKER_STATE_LISTENING after
   * [method@SongPickerModel.start], %VCT_SONG_PICKER_STATE_FINISHED once the session
   * ended. Notified on the context thread when it changes, with
   * [property@SongPickerModel:button-title].
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, VCT_TYPE_SONG_PICKER_STATE, VCT_SONG_PICKER_STATE_PICKING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VctSongPickerModel:button-title: (getter get_button_title)
   *
   * The start button's title: "START MEDITATION SESSION" in every state. Notified with
   * [property@SongPickerModel:state].
   */
  properties[PROP_BUTTON_TITLE] =
    g_param_spec_string ("button-title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VctSongPickerModel:button-enabled: (getter is_button_enabled)
   *
   * Whether the start button can be pressed: %TRUE while a song is selected (after
   * [method@SongPickerModel.start], while the session has songs). Notified on the
   * context thread when it changes.
   */
  properties[PROP_BUTTON_ENABLED] =
    g_param_spec_boolean ("button-enabled", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * VctSongPickerModel::dismiss:
   * @model: the model
   *
   * The screen asks to be closed: [method@SongPickerModel.back] while picking, or the
   * session finished ([method@SongPickerModel.next] or
   * [method@SongPickerModel.finish_song] at the last song), in which case
   * [property@SongPickerModel:state] was notified as %VCT_SONG_PICKER_STATE_FINISHED just
   * before. Emitted later on the context thread, never inside the call.
   */
  signals[DISMISS] =
    g_signal_new ("dismiss", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__VOID,
                  G_TYPE_NONE, 0);
}

static void
vct_song_picker_model_init (G_GNUC_UNUSED VctSongPickerModel *self)
{
}

/* ------------------------------------------------------------ the functions */

/**
 * vct_song_picker_model_new:
 * @service: (transfer none): where songs come from; the model keeps a reference
 *
 * Creates a picker bound to the calling thread's thread-default `GMainContext` (the
 * global default context when none was pushed): its signals and `notify` are emitted
 * there. It starts picking, with an empty list, and fetches nothing until
 * [method@SongPickerModel.reload].
 *
 * Returns: (transfer full): a new picker, bound to the thread-default `GMainContext`
 */
VctSongPickerModel *
vct_song_picker_model_new (VctSongService *service)
{
  g_return_val_if_fail (VCT_IS_SONG_SERVICE (service), NULL);
  g_return_val_if_fail (_vct_song_service_get_core (service) != NULL, NULL);

  return vct_core ()->screen_new (VCT_SCREEN_KIND_SONG_PICKER, _vct_song_service_get_core (service));
}

/**
 * vct_song_picker_model_factory_instance:
 *
 * The picker with its default service: `VCTABLE_SONGS_URL` when set, otherwise the
 * songs fixture installed with VCTable.
 *
 * Returns: (transfer full): a new picker
 */
VctSongPickerModel *
vct_song_picker_model_factory_instance (void)
{
  return vct_core ()->screen_new (VCT_SCREEN_KIND_SONG_PICKER, NULL);
}

/**
 * vct_song_picker_model_get_state:
 * @model: a picker
 *
 * The screen state (the [property@SongPickerModel:state] property); inside its `notify`
 * handler, the state as of that change. Call on the context thread.
 *
 * Returns: the screen state
 */
VctSongPickerState
vct_song_picker_model_get_state (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), VCT_SONG_PICKER_STATE_PICKING);
  g_return_val_if_fail (model->screen.core != NULL, VCT_SONG_PICKER_STATE_PICKING);

  return (VctSongPickerState) _vct_screen_object_get_int (model, VCT_SCREEN_VALUE_STATE);
}

/**
 * vct_song_picker_model_dup_title:
 * @model: a picker
 *
 * The screen's title (the [property@Screen:title] property); inside its `notify`
 * handler, the title as of that change. Call on the context thread.
 *
 * Returns: (transfer full): "Pick meditation song" or "Player"; free with g_free()
 */
char *
vct_song_picker_model_dup_title (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), NULL);
  g_return_val_if_fail (model->screen.core != NULL, NULL);

  return _vct_screen_object_dup_string (model, VCT_SCREEN_VALUE_TITLE);
}

/**
 * vct_song_picker_model_get_button_title:
 * @model: a picker
 *
 * The start button's title (the [property@SongPickerModel:button-title] property): the
 * same text in every state.
 *
 * Returns: (transfer none): "START MEDITATION SESSION", a static string
 */
const char *
vct_song_picker_model_get_button_title (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), NULL);
  g_return_val_if_fail (model->screen.core != NULL, NULL);

  /* The same text for every picker (the original's constant), interned once. */
  static const char *button_title = NULL;

  if (g_once_init_enter (&button_title))
    {
      g_autofree char *title = _vct_screen_object_dup_string (model, VCT_SCREEN_VALUE_BUTTON_TITLE);

      g_once_init_leave (&button_title, g_intern_string (title));
    }
  return button_title;
}

/**
 * vct_song_picker_model_is_button_enabled:
 * @model: a picker
 *
 * Whether the start button can be pressed (the
 * [property@SongPickerModel:button-enabled] property). Call on the context thread.
 *
 * Returns: whether the start button is enabled (a song is selected)
 */
gboolean
vct_song_picker_model_is_button_enabled (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_get_int (model, VCT_SCREEN_VALUE_BUTTON_ENABLED) != 0;
}

/**
 * vct_song_picker_model_is_loading:
 * @model: a picker
 *
 * Whether the songs are being fetched (the [property@Screen:loading] property):
 * %TRUE from the call to [method@SongPickerModel.reload] until its outcome is delivered.
 * Call on the context thread.
 *
 * Returns: whether a reload is in flight (show a spinner); it goes back to %FALSE when
 *   the reload ends, whether or not the songs changed
 */
gboolean
vct_song_picker_model_is_loading (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_get_int (model, VCT_SCREEN_VALUE_LOADING) != 0;
}

/**
 * vct_song_picker_model_get_list:
 * @model: a picker
 *
 * The songs shown (the [property@Screen:list] property): one section of
 * [class@SongRow] objects, the songs a session leaves out removed while listening. The
 * same list for the model's whole life.
 *
 * Returns: (transfer none): the visible songs, valid while @model lives
 */
VctListModel *
vct_song_picker_model_get_list (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), NULL);
  g_return_val_if_fail (model->screen.core != NULL, NULL);

  return _vct_screen_object_get_list (model);
}

/**
 * vct_song_picker_model_reload:
 * @model: a picker
 *
 * Fetches the songs. Safe from any thread.
 */
void
vct_song_picker_model_reload (VctSongPickerModel *model)
{
  g_return_if_fail (VCT_IS_SONG_PICKER_MODEL (model));
  g_return_if_fail (model->screen.core != NULL);

  _vct_screen_object_act (model, VCT_SCREEN_ACTION_RELOAD);
}

/**
 * vct_song_picker_model_start:
 * @model: a picker
 *
 * Starts listening: the first selected song in list order (not the first picked) plays,
 * the other selected songs are playable, the unselected ones leave the list. Call on the
 * context thread.
 *
 * Returns: %FALSE when not picking or nothing is selected
 */
gboolean
vct_song_picker_model_start (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_act (model, VCT_SCREEN_ACTION_START);
}

/**
 * vct_song_picker_model_next:
 * @model: a picker
 *
 * Plays the next playable song. At the last song the session finishes, as the
 * original's `playNext` does: the state becomes %VCT_SONG_PICKER_STATE_FINISHED (no song
 * playing), then `dismiss` is reported (the screen asks to be closed).
 *
 * Returns: %TRUE when listening (a song played, or the session finished); %FALSE, doing
 *   nothing, when not listening
 */
gboolean
vct_song_picker_model_next (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_act (model, VCT_SCREEN_ACTION_NEXT);
}

/**
 * vct_song_picker_model_previous:
 * @model: a picker
 *
 * Plays the previous playable song.
 *
 * Returns: %FALSE when not listening or at the first song
 */
gboolean
vct_song_picker_model_previous (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_act (model, VCT_SCREEN_ACTION_PREVIOUS);
}

/**
 * vct_song_picker_model_finish_song:
 * @model: a picker
 *
 * The playing song ended: what [method@SongPickerModel.next] does. Plays the next song;
 * after the last one the state becomes %VCT_SONG_PICKER_STATE_FINISHED (no song playing),
 * then `dismiss` is reported.
 *
 * Returns: %TRUE when listening; %FALSE, doing nothing, when not listening
 */
gboolean
vct_song_picker_model_finish_song (VctSongPickerModel *model)
{
  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_act (model, VCT_SCREEN_ACTION_FINISH_SONG);
}

/**
 * vct_song_picker_model_back:
 * @model: a picker
 *
 * Goes back: from listening or finished to picking, keeping the selection; from picking,
 * reports `dismiss`.
 */
void
vct_song_picker_model_back (VctSongPickerModel *model)
{
  g_return_if_fail (VCT_IS_SONG_PICKER_MODEL (model));
  g_return_if_fail (model->screen.core != NULL);

  _vct_screen_object_act (model, VCT_SCREEN_ACTION_BACK);
}
