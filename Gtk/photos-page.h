/* photos-page.h: VctGtkPhotosPage, the photo table.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_PHOTOS_PAGE_H
#define VCT_GTK_PHOTOS_PAGE_H

#include <gtk/gtk.h>

#include "page.h"
#include <vctable.h>

G_BEGIN_DECLS

#define VCT_GTK_TYPE_PHOTOS_PAGE (vct_gtk_photos_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkPhotosPage, vct_gtk_photos_page, VCT_GTK, PHOTOS_PAGE, VctGtkPage)

GtkWidget     *vct_gtk_photos_page_new           (VctTableModel    *model);

G_END_DECLS

#endif /* VCT_GTK_PHOTOS_PAGE_H */
