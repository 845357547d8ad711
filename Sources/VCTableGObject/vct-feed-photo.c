/* vct-feed-photo.c: VctFeedPhoto, the photo the feed's `open-detail` carries.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Plain immutable data, all in C: the Swift core makes one per event. Its properties
 * read its fields (vct-field-property.c).
 */

#include <vctable.h>

#include "vct-field-property.h"

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

/* The properties, one per field (vct-field-property.c). */
static const VctFieldProperty feed_photo_fields[] = {
  /**
   * VctFeedPhoto:id: (getter get_id)
   *
   * The photo's id in the feeds document.
   */
  { "id", VCT_FIELD_INT64, G_STRUCT_OFFSET (VctFeedPhoto, id) },

  /**
   * VctFeedPhoto:title: (getter get_title)
   *
   * The photo's title.
   */
  { "title", VCT_FIELD_STRING, G_STRUCT_OFFSET (VctFeedPhoto, title) },

  /**
   * VctFeedPhoto:description: (getter get_description)
   *
   * The photo's description.
   */
  { "description", VCT_FIELD_STRING, G_STRUCT_OFFSET (VctFeedPhoto, description) },

  /**
   * VctFeedPhoto:url: (getter get_url)
   *
   * The image's URL.
   */
  { "url", VCT_FIELD_STRING, G_STRUCT_OFFSET (VctFeedPhoto, url) },

  /**
   * VctFeedPhoto:date: (getter get_date)
   *
   * When the photo was posted, in UTC, to the second.
   */
  { "date", VCT_FIELD_DATE_TIME, G_STRUCT_OFFSET (VctFeedPhoto, date) },

  { NULL, 0, 0 }
};

static void
vct_feed_photo_class_init (VctFeedPhotoClass *klass)
{
  _vct_field_properties_install (G_OBJECT_CLASS (klass), feed_photo_fields);
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
