/* vct-row-classes.c: the VctRow subclasses, one per row view model type of the screens.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A class has no code of its own: its properties are its entries in vct-row-properties.h
 * (with their documentation), which VctRow installs and reads (vct-row.c).
 */

#include <vctable.h>

#include "vct-row-private.h"

/* A final VctRow subclass @TypeName whose properties are those of @class_id. */
#define VCT_DEFINE_ROW_CLASS(TypeName, type_name, class_id)                     \
  struct _##TypeName                                                            \
  {                                                                             \
    VctRow parent_instance;                                                     \
  };                                                                            \
                                                                                \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, VCT_TYPE_ROW)                       \
                                                                                \
  static void                                                                   \
  type_name##_class_init (TypeName##Class *klass)                               \
  {                                                                             \
    _vct_row_class_install_properties (G_OBJECT_CLASS (klass), class_id);      \
  }                                                                             \
                                                                                \
  static void                                                                   \
  type_name##_init (G_GNUC_UNUSED TypeName *self)                               \
  {                                                                             \
  }

VCT_DEFINE_ROW_CLASS (VctPhotoRow, vct_photo_row, VCT_ROW_CLASS_PHOTO)
VCT_DEFINE_ROW_CLASS (VctMemberRow, vct_member_row, VCT_ROW_CLASS_MEMBER)
VCT_DEFINE_ROW_CLASS (VctFeedPhotoRow, vct_feed_photo_row, VCT_ROW_CLASS_FEED_PHOTO)
VCT_DEFINE_ROW_CLASS (VctDayHeaderRow, vct_day_header_row, VCT_ROW_CLASS_DAY_HEADER)
VCT_DEFINE_ROW_CLASS (VctSongRow, vct_song_row, VCT_ROW_CLASS_SONG)

/* ---------------------------------------------------------------- VctGenericRow */

typedef struct
{
  VctRow parent_instance;
} VctGenericRow;

typedef struct
{
  VctRowClass parent_class;
} VctGenericRowClass;

G_DEFINE_FINAL_TYPE (VctGenericRow, _vct_generic_row, VCT_TYPE_ROW)

static void
_vct_generic_row_class_init (G_GNUC_UNUSED VctGenericRowClass *klass)
{
}

static void
_vct_generic_row_init (G_GNUC_UNUSED VctGenericRow *self)
{
}
