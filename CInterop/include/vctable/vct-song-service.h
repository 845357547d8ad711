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

VctSongService *vct_song_service_new_for_uri (const char *uri);

VctSongService *vct_song_service_new_custom (VctServiceFetchFunc get_songs,
                                             gpointer            user_data,
                                             GDestroyNotify      notify);

G_END_DECLS

#endif /* VCT_SONG_SERVICE_H */
