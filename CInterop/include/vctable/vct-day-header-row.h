/* vct-day-header-row.h: VctDayHeaderRow, the header of one day of the feed.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_DAY_HEADER_ROW_H
#define VCT_DAY_HEADER_ROW_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <vctable/vct-row.h>

G_BEGIN_DECLS

/**
 * VCT_TYPE_DAY_HEADER_ROW:
 *
 * The `GType` of [class@DayHeaderRow].
 */
#define VCT_TYPE_DAY_HEADER_ROW (vct_day_header_row_get_type ())
/**
 * VctDayHeaderRow:
 *
 * The header of one day of the feed (kind "DayHeaderView", role [enum@RowRole.HEADER]):
 * property `title`.
 */
G_DECLARE_FINAL_TYPE (VctDayHeaderRow, vct_day_header_row, VCT, DAY_HEADER_ROW, VctRow)

G_END_DECLS

#endif /* VCT_DAY_HEADER_ROW_H */
