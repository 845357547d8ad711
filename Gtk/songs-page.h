/* songs-page.h: VctGtkSongsPage, the meditation song picker.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_SONGS_PAGE_H
#define VCT_GTK_SONGS_PAGE_H

#include <gtk/gtk.h>

#include "page.h"
#include <vctable.h>

G_BEGIN_DECLS

#define VCT_GTK_TYPE_SONGS_PAGE (vct_gtk_songs_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkSongsPage, vct_gtk_songs_page, VCT_GTK, SONGS_PAGE, VctGtkPage)

GtkWidget          *vct_gtk_songs_page_new           (VctSongPickerModel *model);

G_END_DECLS

#endif /* VCT_GTK_SONGS_PAGE_H */
