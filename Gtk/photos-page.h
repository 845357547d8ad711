/* photos-page.h: VctGtkPhotosPage, the photo table.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_PHOTOS_PAGE_H
#define VCT_GTK_PHOTOS_PAGE_H

#include <gtk/gtk.h>
#include <vctable.h>

G_BEGIN_DECLS

#define VCT_GTK_TYPE_PHOTOS_PAGE (vct_gtk_photos_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkPhotosPage, vct_gtk_photos_page, VCT_GTK, PHOTOS_PAGE, GtkBox)

GtkWidget     *vct_gtk_photos_page_new           (VctTableModel    *model);
VctTableModel *vct_gtk_photos_page_get_model     (VctGtkPhotosPage *self);
GtkListView   *vct_gtk_photos_page_get_list_view (VctGtkPhotosPage *self);
void           vct_gtk_photos_page_reload        (VctGtkPhotosPage *self);
gboolean       vct_gtk_photos_page_is_ready      (VctGtkPhotosPage *self);

G_END_DECLS

#endif /* VCT_GTK_PHOTOS_PAGE_H */
