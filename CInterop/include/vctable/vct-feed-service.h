/* vct-feed-service.h: VctFeedService, where the feed fetches from and follows members.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_FEED_SERVICE_H
#define VCT_FEED_SERVICE_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-api.h>
#include <vctable/vct-callbacks.h>

G_BEGIN_DECLS

/**
 * VctFeedService:
 *
 * Where a [class@FeedModel] gets its feeds and follows members: a URI or your own
 * functions. A `GObject` with no properties; safe to share between threads.
 */
#define VCT_TYPE_FEED_SERVICE (vct_feed_service_get_type ())
G_DECLARE_FINAL_TYPE (VctFeedService, vct_feed_service, VCT, FEED_SERVICE, GObject)

/**
 * VctFeedFollowFunc:
 * @request: (transfer full): the call to complete: [method@ApiRequest.return_json] with
 *   any JSON (ignored) for success, [method@ApiRequest.return_error] for failure
 * @member_id: the member to follow
 * @user_data: (closure): the data given with the function
 *
 * Follows a member for a custom feed service.
 */
typedef void (*VctFeedFollowFunc) (VctApiRequest *request,
                                   gint64         member_id,
                                   gpointer       user_data);

VctFeedService *vct_feed_service_new_for_uri (const char *uri);

VctFeedService *vct_feed_service_new_custom (VctServiceFetchFunc get_feeds,
                                             VctFeedFollowFunc   follow,
                                             gpointer            user_data,
                                             GDestroyNotify      notify);

G_END_DECLS

#endif /* VCT_FEED_SERVICE_H */
