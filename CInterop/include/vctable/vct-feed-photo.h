/* vct-feed-photo.h: VctFeedPhoto, the photo the feed's open-detail carries.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_FEED_PHOTO_H
#define VCT_FEED_PHOTO_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * VctFeedPhoto:
 *
 * The photo the feed's [signal@FeedModel::open-detail] carries: an immutable `GObject`
 * with read-only properties `id`, `title`, `description`, `url` and `date`.
 */
#define VCT_TYPE_FEED_PHOTO (vct_feed_photo_get_type ())
G_DECLARE_FINAL_TYPE (VctFeedPhoto, vct_feed_photo, VCT, FEED_PHOTO, GObject)

/**
 * vct_feed_photo_get_id:
 * @photo: a photo
 *
 * The photo's id in the feeds document (the [property@FeedPhoto:id] property). Safe from
 * any thread (a photo is immutable).
 *
 * Returns: the photo's id
 */
gint64 vct_feed_photo_get_id (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_title:
 * @photo: a photo
 *
 * The photo's title (the [property@FeedPhoto:title] property). Safe from any thread.
 *
 * Returns: (transfer none): the photo's title, valid while @photo lives
 */
const char *vct_feed_photo_get_title (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_description:
 * @photo: a photo
 *
 * The photo's description (the [property@FeedPhoto:description] property). Safe from any
 * thread.
 *
 * Returns: (transfer none): the photo's description, valid while @photo lives
 */
const char *vct_feed_photo_get_description (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_url:
 * @photo: a photo
 *
 * The URL of the photo's image (the [property@FeedPhoto:url] property). Safe from any
 * thread.
 *
 * Returns: (transfer none): the image's URL, valid while @photo lives
 */
const char *vct_feed_photo_get_url (VctFeedPhoto *photo);

/**
 * vct_feed_photo_get_date:
 * @photo: a photo
 *
 * When the photo was posted (the [property@FeedPhoto:date] property), to the second.
 * Safe from any thread.
 *
 * Returns: (transfer none): when the photo was posted, in UTC, valid while @photo lives
 *   (g_date_time_ref() keeps it longer)
 */
GDateTime *vct_feed_photo_get_date (VctFeedPhoto *photo);

G_END_DECLS

#endif /* VCT_FEED_PHOTO_H */
