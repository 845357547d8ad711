/* vct-screen.c: VctScreen, the interface every screen's view model implements.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Written as GIO writes GListModel (gio/glistmodel.c): the interface declares the
 * properties and the signal its implementations share, and each public function checks
 * its argument and calls the implementation's vfunc. The three classes
 * (vct-table-model.c, vct-feed-model.c, vct-song-picker-model.c) override the four
 * properties and emit `did-error` through _vct_screen_emit_did_error(), by the id the
 * signal got here.
 */

#include <vctable.h>

#include "vctable-private.h"

/**
 * VctScreen:
 *
 * What every screen's view model is: [class@TableModel] (the photo table),
 * [class@FeedModel] (the news feed) and [class@SongPickerModel] (the meditation song
 * picker) all implement it, so a program drives any of them the same way: call
 * [method@Screen.reload], show [method@Screen.get_list] in a list view, bind a header to
 * [property@Screen:title] and a spinner to [property@Screen:loading], and show
 * [signal@Screen::did-error]'s message (the rows stay; [property@Screen:last-error]
 * holds the error until a reload succeeds). What is particular to a screen (the table's
 * selection, the feed's `open-detail`, the picker's session) stays on its class.
 *
 * The originals had no common screen shape: each screen's view model had its own reload
 * (`reloadData`, `start()`) and title callback. VctScreen names what they share, once.
 *
 * Every `notify` of the four properties and every `did-error` is emitted later on the
 * screen's `GMainContext` (the thread-default context of the thread that created it),
 * never inside the call that caused it, and only when the value changed. Read the
 * properties on that thread; [method@Screen.reload] is safe from any thread.
 */

/**
 * VctScreenInterface:
 * @g_iface: the parent interface
 * @reload: the virtual function of [method@Screen.reload]
 * @get_list: the virtual function of [method@Screen.get_list]
 * @dup_title: the virtual function of [method@Screen.dup_title]
 * @is_loading: the virtual function of [method@Screen.is_loading]
 * @dup_last_error: the virtual function of [method@Screen.dup_last_error]
 *
 * The virtual function table of [iface@Screen]. An implementation overrides the
 * interface's four properties (g_object_class_override_property()) and notifies them on
 * its context thread when they change.
 */

G_DEFINE_INTERFACE (VctScreen, vct_screen, G_TYPE_OBJECT)

static guint did_error_signal;

static void
vct_screen_default_init (VctScreenInterface *iface)
{
  /**
   * VctScreen:title: (getter dup_title)
   *
   * The screen's title, for a header bar: the table's navigation title ("MVVM Table View
   * Example", a selected photo's title), the feed's "Loading..." then "Your Feeds", the
   * picker's "Pick meditation song" or "Player". Notified on the context thread when it
   * changes.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_string ("title", NULL, NULL,
                                                            NULL,
                                                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                            G_PARAM_STATIC_STRINGS));

  /**
   * VctScreen:loading: (getter is_loading)
   *
   * Whether a reload is in flight (show a spinner): %TRUE from the call to
   * [method@Screen.reload] until its outcome is delivered; %FALSE before the first one.
   * Notified on the context thread when the change reaches it.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_boolean ("loading", NULL, NULL,
                                                             FALSE,
                                                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                             G_PARAM_STATIC_STRINGS));

  /**
   * VctScreen:last-error: (getter dup_last_error)
   *
   * The error of the last delivered reload, in the %VCT_ERROR domain, or %NULL when it
   * succeeded (or none was delivered). Notified on the context thread when it changes:
   * after [property@Screen:loading] turned %FALSE and just before
   * [signal@Screen::did-error]; a later good reload notifies it once, back to %NULL.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_boxed ("last-error", NULL, NULL,
                                                           G_TYPE_ERROR,
                                                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                           G_PARAM_STATIC_STRINGS));

  /**
   * VctScreen:list: (getter get_list)
   *
   * The screen's rows, a [class@ListModel] of [class@Row] objects: the same object for
   * the screen's whole life, so it is never notified. A reload reports its changes as
   * the list's `items-changed`, emitted before the reload's `loading` turns %FALSE.
   */
  g_object_interface_install_property (iface,
                                       g_param_spec_object ("list", NULL, NULL,
                                                            VCT_TYPE_LIST_MODEL,
                                                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                            G_PARAM_STATIC_STRINGS));

  /**
   * VctScreen::did-error:
   * @screen: the screen
   * @message: the text to show: "An Error Occurred\n\n" and the error's description
   *
   * Something the screen did failed. After a failed reload the rows are kept and
   * [property@Screen:last-error] holds the error (notified just before, when it
   * changed). The feed also reports a failed follow here (the member's row is back to
   * %VCT_FOLLOW_STATE_NORMAL; [property@Screen:last-error] is left as it was). Emitted
   * later on the context thread, never inside the call that caused it.
   */
  did_error_signal = g_signal_new ("did-error",
                                   G_TYPE_FROM_INTERFACE (iface),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, g_cclosure_marshal_VOID__STRING,
                                   G_TYPE_NONE, 1,
                                   G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  g_signal_set_va_marshaller (did_error_signal, G_TYPE_FROM_INTERFACE (iface),
                              g_cclosure_marshal_VOID__STRINGv);
}

/* ------------------------------------------------------------ the seam */

void
_vct_screen_emit_did_error (gpointer    screen,
                            const char *message)
{
  g_signal_emit (screen, did_error_signal, 0, message);
}

/* ------------------------------------------------------------------ public API */

/**
 * vct_screen_reload:
 * @screen: a screen
 *
 * Reloads the screen: [property@Screen:loading] becomes %TRUE (as the call returns, for
 * the getter; its `notify` follows on the context thread), the screen fetches its
 * document, then shows the new rows (the list's `items-changed`) or keeps the old ones
 * and emits [signal@Screen::did-error]. A reload in flight is superseded: its outcome is
 * never delivered. Safe from any thread.
 *
 * It is the table's [method@TableModel.reload_data], the feed's [method@FeedModel.reload]
 * and the picker's [method@SongPickerModel.reload].
 */
void
vct_screen_reload (VctScreen *screen)
{
  g_return_if_fail (VCT_IS_SCREEN (screen));

  VCT_SCREEN_GET_IFACE (screen)->reload (screen);
}

/**
 * vct_screen_get_list: (get-property list)
 * @screen: a screen
 *
 * The screen's rows (the [property@Screen:list] property): the same list for the
 * screen's whole life. Read it on the context thread.
 *
 * Returns: (transfer none): the list, valid while @screen lives
 */
VctListModel *
vct_screen_get_list (VctScreen *screen)
{
  g_return_val_if_fail (VCT_IS_SCREEN (screen), NULL);

  return VCT_SCREEN_GET_IFACE (screen)->get_list (screen);
}

/**
 * vct_screen_dup_title: (get-property title)
 * @screen: a screen
 *
 * The screen's title (the [property@Screen:title] property); inside its `notify`
 * handler, the title as of that change. Call on the context thread.
 *
 * Returns: (transfer full): the title; free with g_free()
 */
char *
vct_screen_dup_title (VctScreen *screen)
{
  g_return_val_if_fail (VCT_IS_SCREEN (screen), NULL);

  return VCT_SCREEN_GET_IFACE (screen)->dup_title (screen);
}

/**
 * vct_screen_is_loading: (get-property loading)
 * @screen: a screen
 *
 * Whether a reload is in flight (the [property@Screen:loading] property): %TRUE from
 * the call to [method@Screen.reload] until its outcome is delivered on the context
 * thread. Call on the context thread.
 *
 * Returns: whether a reload is in flight
 */
gboolean
vct_screen_is_loading (VctScreen *screen)
{
  g_return_val_if_fail (VCT_IS_SCREEN (screen), FALSE);

  return VCT_SCREEN_GET_IFACE (screen)->is_loading (screen);
}

/**
 * vct_screen_dup_last_error: (get-property last-error)
 * @screen: a screen
 *
 * The error of the last delivered reload (the [property@Screen:last-error] property).
 * Call on the context thread.
 *
 * Returns: (transfer full) (nullable): a copy of the error, in the %VCT_ERROR domain
 *   (its code a [error@Error] value), or %NULL when the last delivered reload succeeded
 *   or none was delivered; free with g_error_free()
 */
GError *
vct_screen_dup_last_error (VctScreen *screen)
{
  g_return_val_if_fail (VCT_IS_SCREEN (screen), NULL);

  return VCT_SCREEN_GET_IFACE (screen)->dup_last_error (screen);
}
