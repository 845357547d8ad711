/* window.h: VctGtkWindow, vctable-gtk's window: the screens in a stack.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_WINDOW_H
#define VCT_GTK_WINDOW_H

#include <gtk/gtk.h>
#include <vctable.h>

G_BEGIN_DECLS

/* The screens' names, for --screen and vct_gtk_window_set_screen(). */
#define VCT_GTK_SCREEN_PHOTOS "photos"
#define VCT_GTK_SCREEN_FEED   "feed"
#define VCT_GTK_SCREEN_SONGS  "songs"

#define VCT_GTK_TYPE_WINDOW (vct_gtk_window_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkWindow, vct_gtk_window, VCT_GTK, WINDOW, GtkApplicationWindow)

VctGtkWindow *vct_gtk_window_new              (GtkApplication     *application,
                                               VctTableModel      *photos,
                                               VctFeedModel       *feed,
                                               VctSongPickerModel *songs);
gboolean      vct_gtk_window_set_screen       (VctGtkWindow       *self,
                                               const char         *name);
const char   *vct_gtk_window_get_screen       (VctGtkWindow       *self);
GtkWidget    *vct_gtk_window_get_page         (VctGtkWindow       *self,
                                               const char         *name);
void          vct_gtk_window_reload           (VctGtkWindow       *self);
gboolean      vct_gtk_window_is_screen_ready  (VctGtkWindow       *self);
GtkWindow    *vct_gtk_window_get_error_dialog (VctGtkWindow       *self);

G_END_DECLS

#endif /* VCT_GTK_WINDOW_H */
