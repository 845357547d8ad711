/* vct-cell-data.h: VctCellData, one photo (the original's VCTableCellData).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_CELL_DATA_H
#define VCT_CELL_DATA_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * VctCellData:
 *
 * One photo: the original's `VCTableCellData`, as an immutable `GObject` with read-only
 * properties `id`, `album-id`, `title`, `url` and `thumbnail-url`; safe to read and to
 * pass between threads.
 */
#define VCT_TYPE_CELL_DATA (vct_cell_data_get_type ())
G_DECLARE_FINAL_TYPE (VctCellData, vct_cell_data, VCT, CELL_DATA, GObject)

gint64 vct_cell_data_get_id (VctCellData *cell);
gint64 vct_cell_data_get_album_id (VctCellData *cell);
const char *vct_cell_data_get_title (VctCellData *cell);
const char *vct_cell_data_get_url (VctCellData *cell);
const char *vct_cell_data_get_thumbnail_url (VctCellData *cell);

G_END_DECLS

#endif /* VCT_CELL_DATA_H */
