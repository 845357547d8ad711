/* vct-feed-photo-row.h: VctFeedPhotoRow, a photo row of the feed.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_FEED_PHOTO_ROW_H
#define VCT_FEED_PHOTO_ROW_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <vctable/vct-row.h>

G_BEGIN_DECLS

/**
 * VCT_TYPE_FEED_PHOTO_ROW:
 *
 * The `GType` of [class@FeedPhotoRow].
 */
#define VCT_TYPE_FEED_PHOTO_ROW (vct_feed_photo_row_get_type ())
/**
 * VctFeedPhotoRow:
 *
 * A photo row of the feed (kind "PhotoRowView"); its properties are its Swift view
 * model's, each documented with this class. Selecting or pressing it ([method@Row.select],
 * [method@Row.press]) calls its Swift view model's `cellPressed` (the original's
 * `ViewModelPressible`), which reports the photo through the feed's
 * [signal@FeedModel::open-detail].
 */
G_DECLARE_FINAL_TYPE (VctFeedPhotoRow, vct_feed_photo_row, VCT, FEED_PHOTO_ROW, VctRow)

G_END_DECLS

#endif /* VCT_FEED_PHOTO_ROW_H */
