/* vct-feed-model.c: VctFeedModel, the feed screen's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model is the Swift core's FeedViewModel behind CScreen
 * (Sources/VCTable/CBridge/CFeedModel.swift), which forwards each of its observables
 * and events here, as a notify or a signal, on the context thread. The functions below
 * check their arguments and call the core through its table (vctable-private.h); the
 * properties read those functions. It implements VctScreen (vct-screen.c), whose four
 * properties it overrides and whose did-error it emits.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctFeedModel
{
  GObject parent_instance;

  gpointer core;
};

static void vct_feed_model_screen_init (VctScreenInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (VctFeedModel, vct_feed_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (VCT_TYPE_SCREEN, vct_feed_model_screen_init))

/* The feed's own properties, then VctScreen's (overridden). */
enum {
  PROP_0,
  PROP_LIST_HIDDEN,
  N_PROPS,
  PROP_TITLE = N_PROPS,
  PROP_LOADING,
  PROP_LAST_ERROR,
  PROP_LIST
};

static GParamSpec *properties[N_PROPS];

/* did-error is VctScreen's. */
enum {
  OPEN_DETAIL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
vct_feed_model_dispose (GObject *object)
{
  VctFeedModel *self = VCT_FEED_MODEL (object);

  if (self->core != NULL)
    vct_core ()->core_dispose (self->core);

  G_OBJECT_CLASS (vct_feed_model_parent_class)->dispose (object);
}

static void
vct_feed_model_finalize (GObject *object)
{
  VctFeedModel *self = VCT_FEED_MODEL (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (vct_feed_model_parent_class)->finalize (object);
}

static void
vct_feed_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  VctFeedModel *self = VCT_FEED_MODEL (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_take_string (value, vct_feed_model_dup_title (self));
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, vct_feed_model_is_loading (self));
      break;
    case PROP_LAST_ERROR:
      g_value_take_boxed (value, vct_screen_dup_last_error (VCT_SCREEN (self)));
      break;
    case PROP_LIST_HIDDEN:
      g_value_set_boolean (value, vct_feed_model_is_list_hidden (self));
      break;
    case PROP_LIST:
      g_value_set_object (value, vct_feed_model_get_list (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_feed_model_class_init (VctFeedModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = vct_feed_model_dispose;
  object_class->finalize = vct_feed_model_finalize;
  object_class->get_property = vct_feed_model_get_property;

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

  /* VctScreen's (documented there), notified by the core by name. */
  g_object_class_override_property (object_class, PROP_TITLE, "title");
  g_object_class_override_property (object_class, PROP_LOADING, "loading");
  g_object_class_override_property (object_class, PROP_LAST_ERROR, "last-error");
  g_object_class_override_property (object_class, PROP_LIST, "list");

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

/* ------------------------------------------------------------------ VctScreen */

static void
vct_feed_model_screen_reload (VctScreen *screen)
{
  vct_feed_model_reload (VCT_FEED_MODEL (screen));
}

static VctListModel *
vct_feed_model_screen_get_list (VctScreen *screen)
{
  return vct_feed_model_get_list (VCT_FEED_MODEL (screen));
}

static char *
vct_feed_model_screen_dup_title (VctScreen *screen)
{
  return vct_feed_model_dup_title (VCT_FEED_MODEL (screen));
}

static gboolean
vct_feed_model_screen_is_loading (VctScreen *screen)
{
  return vct_feed_model_is_loading (VCT_FEED_MODEL (screen));
}

static GError *
vct_feed_model_screen_dup_last_error (VctScreen *screen)
{
  VctFeedModel *self = VCT_FEED_MODEL (screen);

  return self->core != NULL ? vct_core ()->screen_dup_last_error (self->core) : NULL;
}

static void
vct_feed_model_screen_init (VctScreenInterface *iface)
{
  iface->reload = vct_feed_model_screen_reload;
  iface->get_list = vct_feed_model_screen_get_list;
  iface->dup_title = vct_feed_model_screen_dup_title;
  iface->is_loading = vct_feed_model_screen_is_loading;
  iface->dup_last_error = vct_feed_model_screen_dup_last_error;
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

  return vct_core ()->feed_model_new (_vct_feed_service_get_core (service));
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
  return vct_core ()->feed_model_new_factory ();
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
  g_return_val_if_fail (model->core != NULL, NULL);

  return vct_core ()->feed_model_dup_title (model->core);
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
  g_return_val_if_fail (model->core != NULL, FALSE);

  return vct_core ()->feed_model_is_loading (model->core);
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
  g_return_val_if_fail (model->core != NULL, TRUE);

  return vct_core ()->feed_model_is_list_hidden (model->core);
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
  g_return_val_if_fail (model->core != NULL, NULL);

  return vct_core ()->feed_model_get_list (model->core);
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
  g_return_if_fail (model->core != NULL);

  vct_core ()->feed_model_reload (model->core);
}

/* ------------------------------------------------------------ the seam, for Swift */

gpointer
_vct_feed_model_new (gpointer core)
{
  VctFeedModel *self = g_object_new (VCT_TYPE_FEED_MODEL, NULL);

  self->core = core;
  return self;
}
