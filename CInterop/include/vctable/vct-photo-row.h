/* vct-photo-row.h: VctPhotoRow, a row of the photo table.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_PHOTO_ROW_H
#define VCT_PHOTO_ROW_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <vctable/vct-row.h>

G_BEGIN_DECLS

/**
 * VCT_TYPE_PHOTO_ROW:
 *
 * The `GType` of [class@PhotoRow].
 */
#define VCT_TYPE_PHOTO_ROW (vct_photo_row_get_type ())
/**
 * VctPhotoRow:
 *
 * A row of the photo table (kind "PhotoCellView"); its properties are its Swift view
 * model's, each documented with this class (`entry` is the row's text, "Entry ID: N", as
 * the original's cell shows it). Selecting it
 * ([method@Row.select]) is the original's cell tap: the table's title becomes the
 * photo's title.
 */
G_DECLARE_FINAL_TYPE (VctPhotoRow, vct_photo_row, VCT, PHOTO_ROW, VctRow)

G_END_DECLS

#endif /* VCT_PHOTO_ROW_H */
