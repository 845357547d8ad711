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

/**
 * vct_song_picker_model_new:
 * @service: (transfer none): where songs come from; the model keeps a reference
 *
 * Creates a picker bound to the calling thread's thread-default `GMainContext` (the
 * global default context when none was pushed): its signals and `notify` are emitted
 * there. It starts picking, with an empty list, and fetches nothing until
 * [method@SongPickerModel.reload].
 *
 * Returns: (transfer full): a new picker, bound to the thread-default `GMainContext`
 */
VctSongPickerModel *vct_song_picker_model_new (VctSongService *service);

/**
 * vct_song_picker_model_factory_instance:
 *
 * The picker with its default service: `VCTABLE_SONGS_URL` when set, otherwise the
 * songs fixture installed with VCTable.
 *
 * Returns: (transfer full): a new picker
 */
VctSongPickerModel *vct_song_picker_model_factory_instance (void);

/**
 * vct_song_picker_model_get_state:
 * @model: a picker
 *
 * The screen state (the [property@SongPickerModel:state] property); inside its `notify`
 * handler, the state as of that change. Call on the context thread.
 *
 * Returns: the screen state
 */
VctSongPickerState vct_song_picker_model_get_state (VctSongPickerModel *model);

/**
 * vct_song_picker_model_dup_title:
 * @model: a picker
 *
 * The screen's title (the [property@Screen:title] property); inside its `notify`
 * handler, the title as of that change. Call on the context thread.
 *
 * Returns: (transfer full): "Pick meditation song" or "Player"; free with g_free()
 */
char *vct_song_picker_model_dup_title (VctSongPickerModel *model);

/**
 * vct_song_picker_model_get_button_title:
 * @model: a picker
 *
 * The start button's title (the [property@SongPickerModel:button-title] property): the
 * same text in every state.
 *
 * Returns: (transfer none): "START MEDITATION SESSION", a static string
 */
const char *vct_song_picker_model_get_button_title (VctSongPickerModel *model);

/**
 * vct_song_picker_model_is_button_enabled:
 * @model: a picker
 *
 * Whether the start button can be pressed (the
 * [property@SongPickerModel:button-enabled] property). Call on the context thread.
 *
 * Returns: whether the start button is enabled (a song is selected)
 */
gboolean vct_song_picker_model_is_button_enabled (VctSongPickerModel *model);

/**
 * vct_song_picker_model_is_loading:
 * @model: a picker
 *
 * Whether the songs are being fetched (the [property@Screen:loading] property):
 * %TRUE from the call to [method@SongPickerModel.reload] until its outcome is delivered.
 * Call on the context thread.
 *
 * Returns: whether a reload is in flight (show a spinner); it goes back to %FALSE when
 *   the reload ends, whether or not the songs changed
 */
gboolean vct_song_picker_model_is_loading (VctSongPickerModel *model);

/**
 * vct_song_picker_model_get_list:
 * @model: a picker
 *
 * The songs shown (the [property@Screen:list] property): one section of
 * [class@SongRow] objects, the songs a session leaves out removed while listening. The
 * same list for the model's whole life.
 *
 * Returns: (transfer none): the visible songs, valid while @model lives
 */
VctListModel *vct_song_picker_model_get_list (VctSongPickerModel *model);

/**
 * vct_song_picker_model_reload:
 * @model: a picker
 *
 * Fetches the songs. Safe from any thread.
 */
void vct_song_picker_model_reload (VctSongPickerModel *model);

/**
 * vct_song_picker_model_start:
 * @model: a picker
 *
 * Starts listening: the first selected song in list order (not the first picked) plays,
 * the other selected songs are playable, the unselected ones leave the list. Call on the
 * context thread.
 *
 * Returns: %FALSE when not picking or nothing is selected
 */
gboolean vct_song_picker_model_start (VctSongPickerModel *model);

/**
 * vct_song_picker_model_next:
 * @model: a picker
 *
 * Plays the next playable song. At the last song the session finishes, as the
 * original's `playNext` does: the state becomes %VCT_SONG_PICKER_STATE_FINISHED (no song
 * playing), then `dismiss` is reported (the screen asks to be closed).
 *
 * Returns: %TRUE when listening (a song played, or the session finished); %FALSE, doing
 *   nothing, when not listening
 */
gboolean vct_song_picker_model_next (VctSongPickerModel *model);

/**
 * vct_song_picker_model_previous:
 * @model: a picker
 *
 * Plays the previous playable song.
 *
 * Returns: %FALSE when not listening or at the first song
 */
gboolean vct_song_picker_model_previous (VctSongPickerModel *model);

/**
 * vct_song_picker_model_finish_song:
 * @model: a picker
 *
 * The playing song ended: what [method@SongPickerModel.next] does. Plays the next song;
 * after the last one the state becomes %VCT_SONG_PICKER_STATE_FINISHED (no song playing),
 * then `dismiss` is reported.
 *
 * Returns: %TRUE when listening; %FALSE, doing nothing, when not listening
 */
gboolean vct_song_picker_model_finish_song (VctSongPickerModel *model);

/**
 * vct_song_picker_model_back:
 * @model: a picker
 *
 * Goes back: from listening or finished to picking, keeping the selection; from picking,
 * reports `dismiss`.
 */
void vct_song_picker_model_back (VctSongPickerModel *model);

G_END_DECLS

#endif /* VCT_SONG_PICKER_MODEL_H */
