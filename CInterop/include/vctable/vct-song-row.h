/* vct-song-row.h: VctSongRow, a song of the song picker.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_SONG_ROW_H
#define VCT_SONG_ROW_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <vctable/vct-row.h>

G_BEGIN_DECLS

/**
 * VCT_TYPE_SONG_ROW:
 *
 * The `GType` of [class@SongRow].
 */
#define VCT_TYPE_SONG_ROW (vct_song_row_get_type ())
/**
 * VctSongRow:
 *
 * A song of the song picker (kind "SongRowView"); its properties are its Swift view
 * model's, each documented with this class.
 */
G_DECLARE_FINAL_TYPE (VctSongRow, vct_song_row, VCT, SONG_ROW, VctRow)

G_END_DECLS

#endif /* VCT_SONG_ROW_H */
