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

gboolean
_vct_screen_object_get_property (GObject *object,
                                 guint    prop_id,
                                 guint    first_prop,
                                 GValue  *value)
{
  switch (prop_id >= first_prop ? prop_id - first_prop : G_MAXUINT)
    {
    case 0:
      g_value_take_string (value, _vct_screen_object_dup_string (object, VCT_SCREEN_VALUE_TITLE));
      return TRUE;
    case 1:
      g_value_set_boolean (value, _vct_screen_object_get_int (object, VCT_SCREEN_VALUE_LOADING) != 0);
      return TRUE;
    case 2:
      g_value_take_boxed (value, vct_screen_dup_last_error (VCT_SCREEN (object)));
      return TRUE;
    case 3:
      g_value_set_object (value, _vct_screen_object_get_list (object));
      return TRUE;
    default:
      return FALSE;
    }
}

void
_vct_screen_object_class_init (GObjectClass *object_class,
                               guint         first_prop)
{
  object_class->dispose = vct_screen_object_dispose;
  object_class->finalize = vct_screen_object_finalize;

  /* VctScreen's (documented there), notified by the core by name. */
  g_object_class_override_property (object_class, first_prop, "title");
  g_object_class_override_property (object_class, first_prop + 1, "loading");
  g_object_class_override_property (object_class, first_prop + 2, "last-error");
  g_object_class_override_property (object_class, first_prop + 3, "list");
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
