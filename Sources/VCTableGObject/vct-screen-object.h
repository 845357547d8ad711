/* vct-screen-object.h: what the screens' classes share (C half only).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * VctFeedModel and VctSongPickerModel are final classes of their own (their public
 * parent is GObject), each a VctScreenObject: a GObject that owns one core, a CScreen of
 * the Swift side. What VctScreen asks of them, their dispose and finalize, and the
 * reads and calls through the core are written once, in vct-screen-object.c, the way
 * GTK's GtkEditable lets its implementations delegate (gtk_editable_delegate_get_property):
 * a class keeps only its own properties (their specs, and which core value each reads),
 * signals and functions.
 */
#ifndef VCT_SCREEN_OBJECT_H
#define VCT_SCREEN_OBJECT_H

#include <vctable.h>

#include "vctable-private.h"

G_BEGIN_DECLS

/* The instance of every screen class: its instance struct is this, and nothing more. */
typedef struct
{
  GObject  parent_instance;

  gpointer core;
} VctScreenObject;

/* How many of VctScreen's properties _vct_screen_object_class_init overrides: title,
 * loading, last-error and list, after the class's own. */
#define VCT_SCREEN_OBJECT_N_PROPS 4

/* A screen class's class_init: its dispose and finalize (the core's), its get_property,
 * and VctScreen's four properties overridden at ids @n_props ... @n_props + 3. The class
 * installs its own properties, ids 1 ... @n_props - 1; each reads the core's value
 * @values[id] (static, @n_props long): a string, a boolean or an enum, as the property
 * is. */
G_GNUC_INTERNAL void _vct_screen_object_class_init (GObjectClass         *object_class,
                                                    const VctScreenValue *values,
                                                    guint                 n_props);

/* VctScreen's vfuncs, for G_IMPLEMENT_INTERFACE: all through the core. */
G_GNUC_INTERNAL void _vct_screen_object_screen_init (VctScreenInterface *iface);

/* The core's string @what (transfer full), its gint64 @what, and @action's result. The
 * caller has checked @self's class; a screen whose core is gone (never: set at
 * construction) answers NULL, 0, FALSE. */
G_GNUC_INTERNAL char    *_vct_screen_object_dup_string (gpointer self, VctScreenValue what);
G_GNUC_INTERNAL gint64   _vct_screen_object_get_int    (gpointer self, VctScreenValue what);
G_GNUC_INTERNAL gboolean _vct_screen_object_act        (gpointer self, VctScreenAction action);
G_GNUC_INTERNAL VctListModel *_vct_screen_object_get_list (gpointer self);

G_END_DECLS

#endif /* VCT_SCREEN_OBJECT_H */
