/* vct-song-picker-model.c: VctSongPickerModel, the song picker's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model is the Swift core's SongPickerViewModel behind CScreen
 * (Sources/VCTable/CBridge/CSongPickerModel.swift), which forwards each of its
 * observables and events here, as a notify or a signal, on the context thread. The
 * properties read the core's getters.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctSongPickerModel
{
  GObject parent_instance;

  gpointer core;
};

G_DEFINE_FINAL_TYPE (VctSongPickerModel, vct_song_picker_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_TITLE,
  PROP_BUTTON_TITLE,
  PROP_BUTTON_ENABLED,
  PROP_LOADING,
  PROP_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DISMISS,
  DID_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
vct_song_picker_model_dispose (GObject *object)
{
  VctSongPickerModel *self = VCT_SONG_PICKER_MODEL (object);

  if (self->core != NULL)
    vct_core ()->core_dispose (self->core);

  G_OBJECT_CLASS (vct_song_picker_model_parent_class)->dispose (object);
}

static void
vct_song_picker_model_finalize (GObject *object)
{
  VctSongPickerModel *self = VCT_SONG_PICKER_MODEL (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (vct_song_picker_model_parent_class)->finalize (object);
}

static void
vct_song_picker_model_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  VctSongPickerModel *self = VCT_SONG_PICKER_MODEL (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, vct_song_picker_model_get_state (self));
      break;
    case PROP_TITLE:
      g_value_take_string (value, vct_song_picker_model_dup_title (self));
      break;
    case PROP_BUTTON_TITLE:
      g_value_set_string (value, vct_song_picker_model_get_button_title (self));
      break;
    case PROP_BUTTON_ENABLED:
      g_value_set_boolean (value, vct_song_picker_model_is_button_enabled (self));
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, vct_song_picker_model_is_loading (self));
      break;
    case PROP_LIST:
      g_value_set_object (value, vct_song_picker_model_get_list (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_song_picker_model_class_init (VctSongPickerModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = vct_song_picker_model_dispose;
  object_class->finalize = vct_song_picker_model_finalize;
  object_class->get_property = vct_song_picker_model_get_property;

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
   * VctSongPickerModel:title:
   *
   * The screen's title: "Pick meditation song" while picking, "Player" while listening or
   * finished. Notified on the context thread when it changes.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
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
  /**
   * VctSongPickerModel:loading: (getter is_loading)
   *
   * Whether the songs are being fetched: %TRUE from the call to
   * [method@SongPickerModel.reload] until its outcome is delivered, whether or not the
   * songs changed. Notified on the context thread when it changes.
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VctSongPickerModel:list: (getter get_list)
   *
   * The songs: a [class@ListModel] of [class@SongRow], the songs a session leaves out
   * removed while listening; the same object for the model's whole life, so it is never
   * notified.
   */
  properties[PROP_LIST] =
    g_param_spec_object ("list", NULL, NULL, VCT_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

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

  /**
   * VctSongPickerModel::did-error:
   * @model: the model
   * @message: the text to show: "An Error Occurred\n\n" and a description
   *
   * Fetching the songs failed: the songs shown are kept, and
   * [property@SongPickerModel:loading] was notified %FALSE just before. Emitted later on
   * the context thread.
   */
  signals[DID_ERROR] =
    g_signal_new ("did-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__STRING,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
vct_song_picker_model_init (G_GNUC_UNUSED VctSongPickerModel *self)
{
}

gpointer
_vct_song_picker_model_new (gpointer core)
{
  VctSongPickerModel *self = g_object_new (VCT_TYPE_SONG_PICKER_MODEL, NULL);

  self->core = core;
  return self;
}

gpointer
_vct_song_picker_model_get_core (gconstpointer model)
{
  return model != NULL && VCT_IS_SONG_PICKER_MODEL ((gpointer) model)
    ? VCT_SONG_PICKER_MODEL ((gpointer) model)->core : NULL;
}

