/* vct-song-service.h: VctSongService, where the song picker fetches from.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_SONG_SERVICE_H
#define VCT_SONG_SERVICE_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-callbacks.h>

G_BEGIN_DECLS

/**
 * VctSongService:
 *
 * Where a [class@SongPickerModel] gets its songs: a URI or your own function. A
 * `GObject` with no properties.
 */
#define VCT_TYPE_SONG_SERVICE (vct_song_service_get_type ())
G_DECLARE_FINAL_TYPE (VctSongService, vct_song_service, VCT, SONG_SERVICE, GObject)

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
VctSongService *vct_song_service_new_for_uri (const char *uri);

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
VctSongService *vct_song_service_new_custom (VctServiceFetchFunc get_songs,
                                             gpointer            user_data,
                                             GDestroyNotify      notify);

G_END_DECLS

#endif /* VCT_SONG_SERVICE_H */
