/* vct-screen-object.c: what VctFeedModel and VctSongPickerModel share.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Each screen object owns one core, the Swift side's CScreen (Sources/VCTable/CBridge/
 * CScreen.swift), which forwards its view model's observables and events to the object
 * as a notify or a signal, on the context thread. Everything here goes through the core
 * table's generic screen_* entries (vctable-private.h): a screen's value by a
 * VctScreenValue, an action by a VctScreenAction, so a new screen adds cases, not
 * entries (vct-screen-object.h).
 */

#include "vct-screen-object.h"

static void
vct_screen_object_dispose (GObject *object)
{
  VctScreenObject *self = (VctScreenObject *) object;

  if (self->core != NULL)
    vct_core ()->core_dispose (self->core);

  G_OBJECT_CLASS (g_type_class_peek (G_TYPE_OBJECT))->dispose (object);
}

static void
vct_screen_object_finalize (GObject *object)
{
  VctScreenObject *self = (VctScreenObject *) object;

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (g_type_class_peek (G_TYPE_OBJECT))->finalize (object);
}

/* What a screen class told _vct_screen_object_class_init: kept as its type's qdata for
 * the life of the process, as the class is. */
typedef struct
{
  const VctScreenValue *values;    /* by property id: the class's own properties' */
  guint                 n_props;   /* the first of VctScreen's four */
} VctScreenObjectClassData;

static GQuark class_data_quark;

/* @value, of its property's type: the core's @what. */
static void
vct_screen_object_read (gpointer        self,
                        VctScreenValue  what,
                        GValue         *value)
{
  if (G_VALUE_HOLDS_STRING (value))
    g_value_take_string (value, _vct_screen_object_dup_string (self, what));
  else if (G_VALUE_HOLDS_BOOLEAN (value))
    g_value_set_boolean (value, _vct_screen_object_get_int (self, what) != 0);
  else
    g_value_set_enum (value, _vct_screen_object_get_int (self, what));
}

static void
vct_screen_object_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  const VctScreenObjectClassData *data = g_type_get_qdata (G_OBJECT_TYPE (object), class_data_quark);

  if (prop_id < data->n_props)
    {
      vct_screen_object_read (object, data->values[prop_id], value);
      return;
    }

  switch (prop_id - data->n_props)
    {
    case 0:
      vct_screen_object_read (object, VCT_SCREEN_VALUE_TITLE, value);
      break;
    case 1:
      vct_screen_object_read (object, VCT_SCREEN_VALUE_LOADING, value);
      break;
    case 2:
      g_value_take_boxed (value, vct_screen_dup_last_error (VCT_SCREEN (object)));
      break;
    case 3:
      g_value_set_object (value, _vct_screen_object_get_list (object));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

void
_vct_screen_object_class_init (GObjectClass         *object_class,
                               const VctScreenValue *values,
                               guint                 n_props)
{
  VctScreenObjectClassData *data = g_new (VctScreenObjectClassData, 1);

  data->values = values;
  data->n_props = n_props;
  if (class_data_quark == 0)
    class_data_quark = g_quark_from_static_string ("vct-screen-object-class-data");
  g_type_set_qdata (G_OBJECT_CLASS_TYPE (object_class), class_data_quark, data);

  object_class->dispose = vct_screen_object_dispose;
  object_class->finalize = vct_screen_object_finalize;
  object_class->get_property = vct_screen_object_get_property;

  /* VctScreen's (documented there), notified by the core by name. */
  g_object_class_override_property (object_class, n_props, "title");
  g_object_class_override_property (object_class, n_props + 1, "loading");
  g_object_class_override_property (object_class, n_props + 2, "last-error");
  g_object_class_override_property (object_class, n_props + 3, "list");
}

char *
_vct_screen_object_dup_string (gpointer self, VctScreenValue what)
{
  gpointer core = ((VctScreenObject *) self)->core;

  return core != NULL ? vct_core ()->screen_dup_string (core, what) : NULL;
}

gint64
_vct_screen_object_get_int (gpointer self, VctScreenValue what)
{
  gpointer core = ((VctScreenObject *) self)->core;

  return core != NULL ? vct_core ()->screen_get_int (core, what) : 0;
}

gboolean
_vct_screen_object_act (gpointer self, VctScreenAction action)
{
  gpointer core = ((VctScreenObject *) self)->core;

  return core != NULL && vct_core ()->screen_act (core, action);
}

VctListModel *
_vct_screen_object_get_list (gpointer self)
{
  gpointer core = ((VctScreenObject *) self)->core;

  return core != NULL ? vct_core ()->screen_get_list (core) : NULL;
}

/* ------------------------------------------------------------------ VctScreen */

static void
vct_screen_object_screen_reload (VctScreen *screen)
{
  _vct_screen_object_act (screen, VCT_SCREEN_ACTION_RELOAD);
}

static VctListModel *
vct_screen_object_screen_get_list (VctScreen *screen)
{
  return _vct_screen_object_get_list (screen);
}

static char *
vct_screen_object_screen_dup_title (VctScreen *screen)
{
  return _vct_screen_object_dup_string (screen, VCT_SCREEN_VALUE_TITLE);
}

static gboolean
vct_screen_object_screen_is_loading (VctScreen *screen)
{
  return _vct_screen_object_get_int (screen, VCT_SCREEN_VALUE_LOADING) != 0;
}

static GError *
vct_screen_object_screen_dup_last_error (VctScreen *screen)
{
  gpointer core = ((VctScreenObject *) screen)->core;

  return core != NULL ? vct_core ()->screen_dup_last_error (core) : NULL;
}

void
_vct_screen_object_screen_init (VctScreenInterface *iface)
{
  iface->reload = vct_screen_object_screen_reload;
  iface->get_list = vct_screen_object_screen_get_list;
  iface->dup_title = vct_screen_object_screen_dup_title;
  iface->is_loading = vct_screen_object_screen_is_loading;
  iface->dup_last_error = vct_screen_object_screen_dup_last_error;
}

/* ------------------------------------------------------------ the seam, for Swift */

gpointer
_vct_screen_object_new (VctScreenKind kind, gpointer core)
{
  GType type = kind == VCT_SCREEN_KIND_FEED ? VCT_TYPE_FEED_MODEL : VCT_TYPE_SONG_PICKER_MODEL;
  VctScreenObject *self = g_object_new (type, NULL);

  self->core = core;
  return self;
}
