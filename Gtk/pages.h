/* pages.h: the window's three pages, each a VctGtkPage (page.h) over one screen model:
 * VctGtkPhotosPage, the photo table (photos-page.c); VctGtkFeedPage, the news feed
 * (feed-page.c); VctGtkSongsPage, the meditation song picker (songs-page.c).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_PAGES_H
#define VCT_GTK_PAGES_H

#include <gtk/gtk.h>
#include <vctable.h>

#include "page.h"

G_BEGIN_DECLS

#define VCT_GTK_TYPE_PHOTOS_PAGE (vct_gtk_photos_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkPhotosPage, vct_gtk_photos_page, VCT_GTK, PHOTOS_PAGE, VctGtkPage)

GtkWidget *vct_gtk_photos_page_new (VctTableModel *model);

#define VCT_GTK_TYPE_FEED_PAGE (vct_gtk_feed_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkFeedPage, vct_gtk_feed_page, VCT_GTK, FEED_PAGE, VctGtkPage)

GtkWidget *vct_gtk_feed_page_new               (VctFeedModel   *model);
GtkWindow *vct_gtk_feed_page_get_detail_window (VctGtkFeedPage *self);

#define VCT_GTK_TYPE_SONGS_PAGE (vct_gtk_songs_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkSongsPage, vct_gtk_songs_page, VCT_GTK, SONGS_PAGE, VctGtkPage)

GtkWidget *vct_gtk_songs_page_new (VctSongPickerModel *model);

G_END_DECLS

#endif /* VCT_GTK_PAGES_H */
