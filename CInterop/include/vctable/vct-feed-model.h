/* vct-feed-model.h: VctFeedModel, the feed screen's view model.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_FEED_MODEL_H
#define VCT_FEED_MODEL_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-feed-service.h>
#include <vctable/vct-list-model.h>

G_BEGIN_DECLS

/**
 * VctFeedModel:
 *
 * The news feed ("the wall"): member rows ([class@MemberRow]) and photo rows
 * ([class@FeedPhotoRow]) in one section per day, newest day first, each with a [class@DayHeaderRow] header (`title`: "yyyy-MM-dd");
 * within a day the rows keep the service's order.
 * Pressing a member row
 * ([method@Row.press]) follows the member: the row's state goes normal → loading →
 * checked, or back to normal and an error; only that row is updated. Selecting or
 * pressing a photo row reports `open-detail`.
 *
 * A `GObject`, listened to through its signals and `notify` alone: its own property
 * [property@FeedModel:list-hidden] and signal [signal@FeedModel::open-detail] (a
 * [class@FeedPhoto]); and, as a [iface@Screen], the properties [property@Screen:title],
 * [property@Screen:loading], [property@Screen:last-error] (the error of the last
 * reload) and [property@Screen:list], and the signal [signal@Screen::did-error] (a
 * failed reload or follow). Each property has `notify`. All are emitted on the context
 * thread of the thread that created the model, never inline. Its rows are
 * [class@DayHeaderRow], [class@MemberRow] and [class@FeedPhotoRow] objects. The last
 * g_object_unref() finalizes it at once: its signal handlers are disconnected (their
 * destroy notifies have run) when it returns, and nothing is emitted afterwards.
 */
#define VCT_TYPE_FEED_MODEL (vct_feed_model_get_type ())
G_DECLARE_FINAL_TYPE (VctFeedModel, vct_feed_model, VCT, FEED_MODEL, GObject)

VctFeedModel *vct_feed_model_new (VctFeedService *service);

VctFeedModel *vct_feed_model_factory_instance (void);

char *vct_feed_model_dup_title (VctFeedModel *model);

gboolean vct_feed_model_is_loading (VctFeedModel *model);

gboolean vct_feed_model_is_list_hidden (VctFeedModel *model);

VctListModel *vct_feed_model_get_list (VctFeedModel *model);

void vct_feed_model_reload (VctFeedModel *model);

G_END_DECLS

#endif /* VCT_FEED_MODEL_H */
