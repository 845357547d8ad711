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

/**
 * vct_feed_model_new:
 * @service: (transfer none): where feeds come from; the model keeps a reference
 *
 * Creates a feed bound to the calling thread's thread-default `GMainContext` (the global
 * default context when none was pushed): its signals and `notify` are emitted there. It
 * fetches nothing until [method@FeedModel.reload].
 *
 * Returns: (transfer full): a new feed bound to the thread-default `GMainContext`; its
 *   title is "Loading..." and its list hidden until the first reload delivers
 */
VctFeedModel *vct_feed_model_new (VctFeedService *service);

/**
 * vct_feed_model_factory_instance:
 *
 * The feed with its default service: `VCTABLE_FEEDS_URL` when set, otherwise the feeds
 * fixture installed with VCTable.
 *
 * Returns: (transfer full): a new feed
 */
VctFeedModel *vct_feed_model_factory_instance (void);

/**
 * vct_feed_model_dup_title:
 * @model: a feed
 *
 * The screen's title (the [property@Screen:title] property); inside its `notify`
 * handler, the title as of that change. Call on the context thread.
 *
 * Returns: (transfer full): "Loading..." while a reload runs (from the call to
 *   vct_feed_model_reload(), every time), then "Your Feeds" once it delivered, with data
 *   or with an error; free with g_free()
 */
char *vct_feed_model_dup_title (VctFeedModel *model);

/**
 * vct_feed_model_is_loading:
 * @model: a feed
 *
 * Whether a reload is in flight (the [property@Screen:loading] property): %TRUE from
 * the call to [method@FeedModel.reload] until its outcome is delivered. Call on the
 * context thread.
 *
 * Returns: whether a reload is in flight (show a spinner)
 */
gboolean vct_feed_model_is_loading (VctFeedModel *model);

/**
 * vct_feed_model_is_list_hidden:
 * @model: a feed
 *
 * Whether the list should be hidden (the [property@FeedModel:list-hidden] property). Call
 * on the context thread.
 *
 * Returns: whether the list is hidden: until data first arrives; a later reload leaves the
 *   last good rows shown
 */
gboolean vct_feed_model_is_list_hidden (VctFeedModel *model);

/**
 * vct_feed_model_get_list:
 * @model: a feed
 *
 * The feed's rows (the [property@Screen:list] property): one section per day, newest
 * first, each a [class@DayHeaderRow] then the day's [class@MemberRow] and
 * [class@FeedPhotoRow] objects. The same list for the model's whole life; a reload reports
 * only the differences as its `items-changed`.
 *
 * Returns: (transfer none): the feed's rows, valid while @model lives
 */
VctListModel *vct_feed_model_get_list (VctFeedModel *model);

/**
 * vct_feed_model_reload:
 * @model: a feed
 *
 * Fetches the feeds; supersedes a reload in flight. Safe from any thread.
 */
void vct_feed_model_reload (VctFeedModel *model);

G_END_DECLS

#endif /* VCT_FEED_MODEL_H */
