/* vct-core-type.h: the classes that are only a Swift core (C half only).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * VctApi, VctApiRequest, VctFeedService and VctSongService are each a GObject around one
 * core of the Swift side, with no properties: their functions check their arguments and
 * hand the rest to the core. VCT_DEFINE_CORE_TYPE writes such a class once, the way
 * G_DEFINE_FINAL_TYPE writes a type: its instance struct (the core, nothing more), its
 * type (final, a child of GObject), a finalize that releases the core, and the seam's
 * two functions (vctable-private.h):
 *
 * - _type_name_new (core): a new object owning @core (core_release runs in its
 *   finalize; transfer full);
 * - _type_name_get_core (object): the core of @object, NULL for anything else.
 */
#ifndef VCT_CORE_TYPE_H
#define VCT_CORE_TYPE_H

#include <vctable.h>

#include "vctable-private.h"

#define VCT_DEFINE_CORE_TYPE(TypeName, type_name, TYPE)                                  \
  struct _##TypeName                                                                     \
  {                                                                                      \
    GObject parent_instance;                                                             \
                                                                                         \
    gpointer core;   /* (owned) */                                                       \
  };                                                                                     \
                                                                                         \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, G_TYPE_OBJECT)                               \
                                                                                         \
  static void                                                                            \
  type_name##_finalize (GObject *object)                                                 \
  {                                                                                      \
    TypeName *self = (TypeName *) object;                                                \
                                                                                         \
    if (self->core != NULL)                                                              \
      vct_core ()->core_release (g_steal_pointer (&self->core));                        \
    G_OBJECT_CLASS (type_name##_parent_class)->finalize (object);                        \
  }                                                                                      \
                                                                                         \
  static void                                                                            \
  type_name##_class_init (TypeName##Class *klass)                                        \
  {                                                                                      \
    G_OBJECT_CLASS (klass)->finalize = type_name##_finalize;                             \
  }                                                                                      \
                                                                                         \
  static void                                                                            \
  type_name##_init (G_GNUC_UNUSED TypeName *self)                                        \
  {                                                                                      \
  }                                                                                      \
                                                                                         \
  G_GNUC_INTERNAL gpointer                                                               \
  _##type_name##_new (gpointer core)                                                     \
  {                                                                                      \
    TypeName *self = g_object_new (TYPE, NULL);                                          \
                                                                                         \
    self->core = core;                                                                   \
    return self;                                                                         \
  }                                                                                      \
                                                                                         \
  G_GNUC_INTERNAL gpointer                                                               \
  _##type_name##_get_core (gconstpointer object)                                         \
  {                                                                                      \
    return object != NULL && G_TYPE_CHECK_INSTANCE_TYPE (object, TYPE)                   \
           ? ((const TypeName *) object)->core : NULL;                                   \
  }

#endif /* VCT_CORE_TYPE_H */
