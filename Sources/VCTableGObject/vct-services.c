/* vct-services.c: VctFeedService and VctSongService, where the feed and the song picker
 * fetch from.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * GObjects around a Swift core (CFeedService, CSongService in
 * Sources/VCTable/CBridge/CServices.swift), like VctApi: no properties; the functions
 * that make them are the core's.
 */

#include <vctable.h>

#include "vctable-private.h"

#define DEFINE_SERVICE(TypeName, type_name, TYPE_MACRO, IS_MACRO, CAST)                 \
  struct _##TypeName                                                                    \
  {                                                                                     \
    GObject parent_instance;                                                            \
    gpointer core;                                                                      \
  };                                                                                    \
                                                                                        \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, G_TYPE_OBJECT)                              \
                                                                                        \
  static void                                                                           \
  type_name##_finalize (GObject *object)                                                \
  {                                                                                     \
    TypeName *self = CAST (object);                                                     \
                                                                                        \
    if (self->core != NULL)                                                             \
      vct_core ()->core_release (g_steal_pointer (&self->core));                       \
    G_OBJECT_CLASS (type_name##_parent_class)->finalize (object);                       \
  }                                                                                     \
                                                                                        \
  static void                                                                           \
  type_name##_class_init (TypeName##Class *klass)                                       \
  {                                                                                     \
    G_OBJECT_CLASS (klass)->finalize = type_name##_finalize;                            \
  }                                                                                     \
                                                                                        \
  static void                                                                           \
  type_name##_init (G_GNUC_UNUSED TypeName *self)                                       \
  {                                                                                     \
  }                                                                                     \
                                                                                        \
  gpointer                                                                              \
  _##type_name##_new (gpointer core)                                                    \
  {                                                                                     \
    TypeName *self = g_object_new (TYPE_MACRO, NULL);                                   \
                                                                                        \
    self->core = core;                                                                  \
    return self;                                                                        \
  }                                                                                     \
                                                                                        \
  gpointer                                                                              \
  _##type_name##_get_core (gconstpointer object)                                        \
  {                                                                                     \
    return object != NULL && IS_MACRO ((gpointer) object) ? CAST ((gpointer) object)->core : NULL; \
  }

DEFINE_SERVICE (VctFeedService, vct_feed_service, VCT_TYPE_FEED_SERVICE, VCT_IS_FEED_SERVICE, VCT_FEED_SERVICE)
DEFINE_SERVICE (VctSongService, vct_song_service, VCT_TYPE_SONG_SERVICE, VCT_IS_SONG_SERVICE, VCT_SONG_SERVICE)

/**
 * vct_feed_service_new_for_uri:
 * @uri: the feeds document: an `http://`, `https://` or `file://` URI
 *
 * Feeds over HTTP(S) (following is a `POST` to `members/<id>/follow` beside @uri) or
 * from a file (following always succeeds). A bad @uri makes every reload fail with
 * %VCT_ERROR_INVALID_URI.
 *
 * Returns: (transfer full): a new service
 */
VctFeedService *
vct_feed_service_new_for_uri (const char *uri)
{
  g_return_val_if_fail (uri != NULL, NULL);

  return vct_core ()->feed_service_new_for_uri (uri);
}

/**
 * vct_feed_service_new_custom:
 * @get_feeds: (scope notified) (closure user_data): fetches the feeds
 * @follow: (scope notified) (closure user_data): follows a member
 * @user_data: data for both functions
 * @notify: (nullable) (destroy user_data): frees @user_data, exactly once, when the last
 *   owner lets go (as for [ctor@Api.new_custom])
 *
 * Creates a feed service whose feeds and follows come from your code. Both functions run
 * on the thread-default `GMainContext` of the calling thread, one call per reload or
 * follow, and must complete their request exactly once, from any thread; the feeds
 * document goes through the same decoding and errors as one fetched from a URI.
 *
 * Returns: (transfer full): a new service backed by your functions
 */
VctFeedService *
vct_feed_service_new_custom (VctServiceFetchFunc get_feeds,
                             VctFeedFollowFunc   follow,
                             gpointer            user_data,
                             GDestroyNotify      notify)
{
  g_return_val_if_fail (get_feeds != NULL, NULL);
  g_return_val_if_fail (follow != NULL, NULL);

  return vct_core ()->feed_service_new_custom ((GCallback) get_feeds, (GCallback) follow, user_data, notify);
}

/**
 * vct_song_service_new_for_uri:
 * @uri: the songs document: an `http://`, `https://` or `file://` URI
 *
 * The document is a JSON array of `{id, title, subtitle, duration}` (duration in
 * seconds); ids must be unique (a repeated one fails the reload with
 * %VCT_ERROR_WRONG_FIELD_TYPE, naming both items).
 *
 * Returns: (transfer full): a new service
 */
VctSongService *
vct_song_service_new_for_uri (const char *uri)
{
  g_return_val_if_fail (uri != NULL, NULL);

  return vct_core ()->song_service_new_for_uri (uri);
}

/**
 * vct_song_service_new_custom:
 * @get_songs: (scope notified) (closure user_data): fetches the songs
 * @user_data: data for @get_songs
 * @notify: (nullable) (destroy user_data): frees @user_data, exactly once, when the last
 *   owner lets go (as for [ctor@Api.new_custom])
 *
 * Creates a song service whose songs come from your code. @get_songs runs on the
 * thread-default `GMainContext` of the calling thread, once per reload, and must complete
 * its request exactly once, from any thread, with a document as
 * [ctor@SongService.new_for_uri] describes.
 *
 * Returns: (transfer full): a new service backed by your function
 */
VctSongService *
vct_song_service_new_custom (VctServiceFetchFunc get_songs,
                             gpointer            user_data,
                             GDestroyNotify      notify)
{
  g_return_val_if_fail (get_songs != NULL, NULL);

  return vct_core ()->song_service_new_custom ((GCallback) get_songs, user_data, notify);
}
