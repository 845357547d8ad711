/* vct-feed-model.c: VctFeedModel, the feed screen's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model is the Swift core's FeedViewModel behind CScreen
 * (Sources/VCTable/CBridge/CFeedModel.swift), which forwards each of its observables
 * and events here, as a notify or a signal, on the context thread. The properties read
 * the core's getters.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctFeedModel
{
  GObject parent_instance;

  gpointer core;
};

G_DEFINE_FINAL_TYPE (VctFeedModel, vct_feed_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_LOADING,
  PROP_LIST_HIDDEN,
  PROP_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DID_ERROR,
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
   * VctFeedModel:title:
   *
   * The screen's title: "Loading..." from the model's creation and while a reload runs
   * (every reload), then "Your Feeds" once it delivered, with data or with an error.
   * Notified on the context thread when it changes.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VctFeedModel:loading: (getter is_loading)
   *
   * Whether a reload is in flight (show a spinner): %TRUE from the call to
   * [method@FeedModel.reload] until its outcome is delivered. Notified on the context
   * thread when it changes.
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  /**
   * VctFeedModel:list: (getter get_list)
   *
   * The rows: a [class@ListModel] of day headers ([class@DayHeaderRow]), members
   * ([class@MemberRow]) and photos ([class@FeedPhotoRow]); the same object for the
   * model's whole life, so it is never notified.
   */
  properties[PROP_LIST] =
    g_param_spec_object ("list", NULL, NULL, VCT_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * VctFeedModel::did-error:
   * @model: the model
   * @message: the text to show: "An Error Occurred\n\n" and a description
   *
   * A reload or a follow failed. After a failed reload the rows are kept (and the title
   * is "Your Feeds" again); after a failed follow the member's row is back to
   * %VCT_FOLLOW_STATE_NORMAL. Emitted later on the context thread.
   */
  signals[DID_ERROR] =
    g_signal_new ("did-error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__STRING,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

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

gpointer
_vct_feed_model_new (gpointer core)
{
  VctFeedModel *self = g_object_new (VCT_TYPE_FEED_MODEL, NULL);

  self->core = core;
  return self;
}

gpointer
_vct_feed_model_get_core (gconstpointer model)
{
  return model != NULL && VCT_IS_FEED_MODEL ((gpointer) model) ? VCT_FEED_MODEL ((gpointer) model)->core : NULL;
}

