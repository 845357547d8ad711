/* vct-song-picker-model.h: VctSongPickerModel, the song picker's view model, and its
 * VctSongPickerState.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_SONG_PICKER_MODEL_H
#define VCT_SONG_PICKER_MODEL_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-list-model.h>
#include <vctable/vct-song-service.h>

G_BEGIN_DECLS

/**
 * VctSongPickerModel:
 *
 * The meditation song picker: one section of [class@SongRow] rows. While picking,
 * selecting a row ([method@Row.select]) toggles it; [method@SongPickerModel.start]
 * plays the first selected song and hides the unselected ones (they leave the list
 * through its changes); selecting a playable song plays it; [method@SongPickerModel.next]
 * at the last song finishes the session: %VCT_SONG_PICKER_STATE_FINISHED, then
 * [signal@SongPickerModel::dismiss].
 *
 * A `GObject`, listened to through its signals and `notify` alone: its own properties
 * [property@SongPickerModel:state] ([enum@SongPickerState]),
 * [property@SongPickerModel:button-title] and [property@SongPickerModel:button-enabled]
 * and its signal [signal@SongPickerModel::dismiss]; and, as a [iface@Screen], the
 * properties [property@Screen:title], [property@Screen:loading],
 * [property@Screen:last-error] (the error of the last fetch) and [property@Screen:list],
 * and the signal [signal@Screen::did-error] (a failed fetch; the songs shown are kept).
 * Each property has `notify`. All are emitted on the context thread of the thread that
 * created the model, never inline. Its rows are [class@SongRow] objects. The
 * last g_object_unref() finalizes it at once: its signal handlers are disconnected (their
 * destroy notifies have run) when it returns, and nothing is emitted afterwards.
 */
#define VCT_TYPE_SONG_PICKER_MODEL (vct_song_picker_model_get_type ())
G_DECLARE_FINAL_TYPE (VctSongPickerModel, vct_song_picker_model, VCT, SONG_PICKER_MODEL, GObject)

/**
 * VctSongPickerState:
 * @VCT_SONG_PICKER_STATE_PICKING: choosing songs ("Pick meditation song")
 * @VCT_SONG_PICKER_STATE_LISTENING: playing the selected songs ("Player")
 * @VCT_SONG_PICKER_STATE_FINISHED: the session ended ([method@SongPickerModel.next] or
 *   [method@SongPickerModel.finish_song] at the last song): "Player", no song playing;
 *   `dismiss` is reported next, and [method@SongPickerModel.back] returns to picking
 *
 * The song picker's screen state. The values match, in order, the cases of the Swift
 * `SongPickerState`.
 */
typedef enum {
  VCT_SONG_PICKER_STATE_PICKING = 0,
  VCT_SONG_PICKER_STATE_LISTENING = 1,
  VCT_SONG_PICKER_STATE_FINISHED = 2
} VctSongPickerState;

/**
 * VCT_TYPE_SONG_PICKER_STATE:
 *
 * The `GType` of [enum@SongPickerState]: see [func@song_picker_state_get_type].
 */
#define VCT_TYPE_SONG_PICKER_STATE (vct_song_picker_state_get_type ())

/**
 * vct_song_picker_state_get_type:
 *
 * Registers [enum@SongPickerState] ("VctSongPickerState"; nicks "picking", "listening",
 * "finished") on the first call, from any thread.
 *
 * Returns: the GType of [enum@SongPickerState]
 */
GType vct_song_picker_state_get_type (void) G_GNUC_CONST;

VctSongPickerModel *vct_song_picker_model_new (VctSongService *service);

VctSongPickerModel *vct_song_picker_model_factory_instance (void);

VctSongPickerState vct_song_picker_model_get_state (VctSongPickerModel *model);

char *vct_song_picker_model_dup_title (VctSongPickerModel *model);

const char *vct_song_picker_model_get_button_title (VctSongPickerModel *model);

gboolean vct_song_picker_model_is_button_enabled (VctSongPickerModel *model);

gboolean vct_song_picker_model_is_loading (VctSongPickerModel *model);

VctListModel *vct_song_picker_model_get_list (VctSongPickerModel *model);

void vct_song_picker_model_reload (VctSongPickerModel *model);

gboolean vct_song_picker_model_start (VctSongPickerModel *model);

gboolean vct_song_picker_model_next (VctSongPickerModel *model);

gboolean vct_song_picker_model_previous (VctSongPickerModel *model);

gboolean vct_song_picker_model_finish_song (VctSongPickerModel *model);

void vct_song_picker_model_back (VctSongPickerModel *model);

G_END_DECLS

#endif /* VCT_SONG_PICKER_MODEL_H */
