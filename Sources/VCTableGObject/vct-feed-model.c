/* vct-feed-model.c: VctFeedModel, the feed screen's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model is the Swift core's FeedViewModel behind CScreen
 * (Sources/VCTable/CBridge/CFeedModel.swift), which forwards each of its observables
 * and events here, as a notify or a signal, on the context thread. A VctScreenObject:
 * VctScreen, the core's lifetime and the reads through it are vct-screen-object.c's;
 * this file has the feed's own property, signal and functions.
 */

#include "vct-screen-object.h"

struct _VctFeedModel
{
  VctScreenObject screen;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (VctFeedModel, vct_feed_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (VCT_TYPE_SCREEN, _vct_screen_object_screen_init))

/* The feed's own properties, then VctScreen's four, overridden (vct-screen-object.c). */
enum {
  PROP_0,
  PROP_LIST_HIDDEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What each of them reads from the core. */
static const VctScreenValue property_values[N_PROPS] = {
  [PROP_LIST_HIDDEN] = VCT_SCREEN_VALUE_LIST_HIDDEN,
};

/* did-error is VctScreen's. */
enum {
  OPEN_DETAIL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
vct_feed_model_class_init (VctFeedModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _vct_screen_object_class_init (object_class, property_values, N_PROPS);

  /**
   * VctFeedModel:list-hidden: (getter is_list_hidden)
   *
   * Whether the list should be hidden: %TRUE until a reload first delivers rows, then
   * %FALSE for good (a later reload, even a failed one, leaves the last good rows shown).
   * Notified on the context thread when it changes.
   */
  properties[PROP_LIST_HIDDEN] =
    g_param_spec_boolean ("list-hidden", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * VctFeedModel::open-detail:
   * @model: the model
   * @photo: the photo to show
   *
   * A photo row was selected or pressed ([method@Row.select], [method@Row.press]): show
   * its detail. Emitted later on the context thread, never inside the call.
   */
  signals[OPEN_DETAIL] =
    g_signal_new ("open-detail", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__OBJECT,
                  G_TYPE_NONE, 1, VCT_TYPE_FEED_PHOTO);
}

static void
vct_feed_model_init (G_GNUC_UNUSED VctFeedModel *self)
{
}

/* ------------------------------------------------------------ the functions */

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
VctFeedModel *
vct_feed_model_new (VctFeedService *service)
{
  g_return_val_if_fail (VCT_IS_FEED_SERVICE (service), NULL);
  g_return_val_if_fail (_vct_feed_service_get_core (service) != NULL, NULL);

  return vct_core ()->screen_new (VCT_SCREEN_KIND_FEED, _vct_feed_service_get_core (service));
}

/**
 * vct_feed_model_factory_instance:
 *
 * The feed with its default service: `VCTABLE_FEEDS_URL` when set, otherwise the feeds
 * fixture installed with VCTable.
 *
 * Returns: (transfer full): a new feed
 */
VctFeedModel *
vct_feed_model_factory_instance (void)
{
  return vct_core ()->screen_new (VCT_SCREEN_KIND_FEED, NULL);
}

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
char *
vct_feed_model_dup_title (VctFeedModel *model)
{
  g_return_val_if_fail (VCT_IS_FEED_MODEL (model), NULL);
  g_return_val_if_fail (model->screen.core != NULL, NULL);

  return _vct_screen_object_dup_string (model, VCT_SCREEN_VALUE_TITLE);
}

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
gboolean
vct_feed_model_is_loading (VctFeedModel *model)
{
  g_return_val_if_fail (VCT_IS_FEED_MODEL (model), FALSE);
  g_return_val_if_fail (model->screen.core != NULL, FALSE);

  return _vct_screen_object_get_int (model, VCT_SCREEN_VALUE_LOADING) != 0;
}

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
gboolean
vct_feed_model_is_list_hidden (VctFeedModel *model)
{
  /* The property's default for anything else. */
  g_return_val_if_fail (VCT_IS_FEED_MODEL (model), TRUE);
  g_return_val_if_fail (model->screen.core != NULL, TRUE);

  return _vct_screen_object_get_int (model, VCT_SCREEN_VALUE_LIST_HIDDEN) != 0;
}

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
VctListModel *
vct_feed_model_get_list (VctFeedModel *model)
{
  g_return_val_if_fail (VCT_IS_FEED_MODEL (model), NULL);
  g_return_val_if_fail (model->screen.core != NULL, NULL);

  return _vct_screen_object_get_list (model);
}

/**
 * vct_feed_model_reload:
 * @model: a feed
 *
 * Fetches the feeds; supersedes a reload in flight. Safe from any thread.
 */
void
vct_feed_model_reload (VctFeedModel *model)
{
  g_return_if_fail (VCT_IS_FEED_MODEL (model));
  g_return_if_fail (model->screen.core != NULL);

  _vct_screen_object_act (model, VCT_SCREEN_ACTION_RELOAD);
}
