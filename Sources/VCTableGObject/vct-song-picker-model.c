/* vct-song-picker-model.c: VctSongPickerModel, the song picker's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model is the Swift core's SongPickerViewModel behind CScreen
 * (Sources/VCTable/CBridge/CSongPickerModel.swift), which forwards each of its
 * observables and events here, as a notify or a signal, on the context thread. The
 * properties read the core's getters. It implements VctScreen (vct-screen.c), whose four
 * properties it overrides and whose did-error it emits.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctSongPickerModel
{
  GObject parent_instance;

  gpointer core;
};

static void vct_song_picker_model_screen_init (VctScreenInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (VctSongPickerModel, vct_song_picker_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (VCT_TYPE_SCREEN, vct_song_picker_model_screen_init))

/* The picker's own properties, then VctScreen's (overridden). */
enum {
  PROP_0,
  PROP_STATE,
  PROP_BUTTON_TITLE,
  PROP_BUTTON_ENABLED,
  N_PROPS,
  PROP_TITLE = N_PROPS,
  PROP_LOADING,
  PROP_LAST_ERROR,
  PROP_LIST
};

static GParamSpec *properties[N_PROPS];

/* did-error is VctScreen's. */
enum {
  DISMISS,
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
    case PROP_LAST_ERROR:
      g_value_take_boxed (value, vct_screen_dup_last_error (VCT_SCREEN (self)));
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

  /* VctScreen's (documented there), notified by the core by name. */
  g_object_class_override_property (object_class, PROP_TITLE, "title");
  g_object_class_override_property (object_class, PROP_LOADING, "loading");
  g_object_class_override_property (object_class, PROP_LAST_ERROR, "last-error");
  g_object_class_override_property (object_class, PROP_LIST, "list");

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

/* ------------------------------------------------------------------ VctScreen */

static void
vct_song_picker_model_screen_reload (VctScreen *screen)
{
  vct_song_picker_model_reload (VCT_SONG_PICKER_MODEL (screen));
}

static VctListModel *
vct_song_picker_model_screen_get_list (VctScreen *screen)
{
  return vct_song_picker_model_get_list (VCT_SONG_PICKER_MODEL (screen));
}

static char *
vct_song_picker_model_screen_dup_title (VctScreen *screen)
{
  return vct_song_picker_model_dup_title (VCT_SONG_PICKER_MODEL (screen));
}

static gboolean
vct_song_picker_model_screen_is_loading (VctScreen *screen)
{
  return vct_song_picker_model_is_loading (VCT_SONG_PICKER_MODEL (screen));
}

static GError *
vct_song_picker_model_screen_dup_last_error (VctScreen *screen)
{
  VctSongPickerModel *self = VCT_SONG_PICKER_MODEL (screen);

  return self->core != NULL ? vct_core ()->screen_dup_last_error (self->core) : NULL;
}

static void
vct_song_picker_model_screen_init (VctScreenInterface *iface)
{
  iface->reload = vct_song_picker_model_screen_reload;
  iface->get_list = vct_song_picker_model_screen_get_list;
  iface->dup_title = vct_song_picker_model_screen_dup_title;
  iface->is_loading = vct_song_picker_model_screen_is_loading;
  iface->dup_last_error = vct_song_picker_model_screen_dup_last_error;
}

/* ------------------------------------------------------------ the seam, for Swift */

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

