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

/**
 * vct_cell_data_get_id:
 * @cell: a cell
 *
 * The photo's id (the [property@CellData:id] property). Safe from any thread.
 *
 * Returns: the photo's `id`, the row's identity
 */
gint64 vct_cell_data_get_id (VctCellData *cell);

/**
 * vct_cell_data_get_album_id:
 * @cell: a cell
 *
 * The photo's album (the [property@CellData:album-id] property). Safe from any thread.
 *
 * Returns: the photo's `albumId`
 */
gint64 vct_cell_data_get_album_id (VctCellData *cell);

/**
 * vct_cell_data_get_title:
 * @cell: a cell
 *
 * The photo's title (the [property@CellData:title] property). Safe from any thread.
 *
 * Returns: (transfer none): the photo's title (UTF-8), valid while @cell lives
 */
const char *vct_cell_data_get_title (VctCellData *cell);

/**
 * vct_cell_data_get_url:
 * @cell: a cell
 *
 * The photo's full-size image URL (the [property@CellData:url] property). Safe from any
 * thread.
 *
 * Returns: (transfer none): the full-size image URL, valid while @cell lives
 */
const char *vct_cell_data_get_url (VctCellData *cell);

/**
 * vct_cell_data_get_thumbnail_url:
 * @cell: a cell
 *
 * The photo's thumbnail URL (the [property@CellData:thumbnail-url] property). Safe from
 * any thread.
 *
 * Returns: (transfer none): the thumbnail URL, valid while @cell lives
 */
const char *vct_cell_data_get_thumbnail_url (VctCellData *cell);

G_END_DECLS

#endif /* VCT_CELL_DATA_H */
