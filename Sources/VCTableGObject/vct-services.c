/* vct-services.c: VctFeedService and VctSongService, where the feed and the song picker
 * fetch from.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * GObjects around a Swift core (CFeedService, CSongService in
 * Sources/VCTable/CBridge/CServices.swift), like VctApi: no properties; the functions
 * that make them are the core's.
 */

#include <vctable.h>

#include "vctable-private.h"

#define DEFINE_SERVICE(TypeName, type_name, TYPE_MACRO, IS_MACRO, CAST)                 \
  struct _##TypeName                                                                    \
  {                                                                                     \
    GObject parent_instance;                                                            \
    gpointer core;                                                                      \
  };                                                                                    \
                                                                                        \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, G_TYPE_OBJECT)                              \
                                                                                        \
  static void                                                                           \
  type_name##_finalize (GObject *object)                                                \
  {                                                                                     \
    TypeName *self = CAST (object);                                                     \
                                                                                        \
    if (self->core != NULL)                                                             \
      vct_core ()->core_release (g_steal_pointer (&self->core));                       \
    G_OBJECT_CLASS (type_name##_parent_class)->finalize (object);                       \
  }                                                                                     \
                                                                                        \
  static void                                                                           \
  type_name##_class_init (TypeName##Class *klass)                                       \
  {                                                                                     \
    G_OBJECT_CLASS (klass)->finalize = type_name##_finalize;                            \
  }                                                                                     \
                                                                                        \
  static void                                                                           \
  type_name##_init (G_GNUC_UNUSED TypeName *self)                                       \
  {                                                                                     \
  }                                                                                     \
                                                                                        \
  gpointer                                                                              \
  _##type_name##_new (gpointer core)                                                    \
  {                                                                                     \
    TypeName *self = g_object_new (TYPE_MACRO, NULL);                                   \
                                                                                        \
    self->core = core;                                                                  \
    return self;                                                                        \
  }                                                                                     \
                                                                                        \
  gpointer                                                                              \
  _##type_name##_get_core (gconstpointer object)                                        \
  {                                                                                     \
    return object != NULL && IS_MACRO ((gpointer) object) ? CAST ((gpointer) object)->core : NULL; \
  }

DEFINE_SERVICE (VctFeedService, vct_feed_service, VCT_TYPE_FEED_SERVICE, VCT_IS_FEED_SERVICE, VCT_FEED_SERVICE)
DEFINE_SERVICE (VctSongService, vct_song_service, VCT_TYPE_SONG_SERVICE, VCT_IS_SONG_SERVICE, VCT_SONG_SERVICE)
