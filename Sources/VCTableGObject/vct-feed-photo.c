/* vct-feed-photo.c: VctFeedPhoto, the photo the feed's `open-detail` carries.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Plain immutable data, all in C: the Swift core makes one per event.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctFeedPhoto
{
  GObject parent_instance;

  gint64     id;
  char      *title;
  char      *description;
  char      *url;
  GDateTime *date;
};

G_DEFINE_FINAL_TYPE (VctFeedPhoto, vct_feed_photo, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_URL,
  PROP_DATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
vct_feed_photo_finalize (GObject *object)
{
  VctFeedPhoto *self = VCT_FEED_PHOTO (object);

  g_free (self->title);
  g_free (self->description);
  g_free (self->url);
  g_clear_pointer (&self->date, g_date_time_unref);

  G_OBJECT_CLASS (vct_feed_photo_parent_class)->finalize (object);
}

static void
vct_feed_photo_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  VctFeedPhoto *self = VCT_FEED_PHOTO (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;
    case PROP_DATE:
      g_value_set_boxed (value, self->date);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_feed_photo_class_init (VctFeedPhotoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = vct_feed_photo_finalize;
  object_class->get_property = vct_feed_photo_get_property;

  /**
   * VctFeedPhoto:id: (getter get_id)
   *
   * The photo's id in the feeds document.
   */
  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * VctFeedPhoto:title: (getter get_title)
   *
   * The photo's title.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * VctFeedPhoto:description: (getter get_description)
   *
   * The photo's description.
   */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * VctFeedPhoto:url: (getter get_url)
   *
   * The image's URL.
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * VctFeedPhoto:date: (getter get_date)
   *
   * When the photo was posted, in UTC, to the second.
   */
  properties[PROP_DATE] =
    g_param_spec_boxed ("date", NULL, NULL, G_TYPE_DATE_TIME, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
vct_feed_photo_init (G_GNUC_UNUSED VctFeedPhoto *self)
{
}

gpointer
_vct_feed_photo_new (gint64      id,
                     const char *title,
                     const char *description,
                     const char *url,
                     gint64      unix_seconds)
{
  VctFeedPhoto *self = g_object_new (VCT_TYPE_FEED_PHOTO, NULL);

  self->id = id;
  self->title = g_strdup (title);
  self->description = g_strdup (description);
  self->url = g_strdup (url);
  self->date = g_date_time_new_from_unix_utc (unix_seconds);
  return self;
}

gint64
vct_feed_photo_get_id (VctFeedPhoto *photo)
{
  g_return_val_if_fail (VCT_IS_FEED_PHOTO (photo), 0);
  return photo->id;
}

const char *
vct_feed_photo_get_title (VctFeedPhoto *photo)
{
  g_return_val_if_fail (VCT_IS_FEED_PHOTO (photo), NULL);
  return photo->title;
}

const char *
vct_feed_photo_get_description (VctFeedPhoto *photo)
{
  g_return_val_if_fail (VCT_IS_FEED_PHOTO (photo), NULL);
  return photo->description;
}

const char *
vct_feed_photo_get_url (VctFeedPhoto *photo)
{
  g_return_val_if_fail (VCT_IS_FEED_PHOTO (photo), NULL);
  return photo->url;
}

GDateTime *
vct_feed_photo_get_date (VctFeedPhoto *photo)
{
  g_return_val_if_fail (VCT_IS_FEED_PHOTO (photo), NULL);
  return photo->date;
}
