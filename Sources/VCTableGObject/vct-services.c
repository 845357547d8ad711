/* vct-services.c: VctFeedService and VctSongService, where the feed and the song picker
 * fetch from.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * GObjects around a Swift core (CFeedService, CSongService in
 * Sources/VCTable/CBridge/CServices.swift), like VctApi: no properties, the class
 * vct-core-type.h's; the functions that make them are the core's.
 */

#include <vctable.h>

#include "vct-core-type.h"

VCT_DEFINE_CORE_TYPE (VctFeedService, vct_feed_service, VCT_TYPE_FEED_SERVICE)
VCT_DEFINE_CORE_TYPE (VctSongService, vct_song_service, VCT_TYPE_SONG_SERVICE)

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
