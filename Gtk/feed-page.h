/* feed-page.h: VctGtkFeedPage, the news feed.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_FEED_PAGE_H
#define VCT_GTK_FEED_PAGE_H

#include <gtk/gtk.h>

#include "page.h"
#include <vctable.h>

G_BEGIN_DECLS

#define VCT_GTK_TYPE_FEED_PAGE (vct_gtk_feed_page_get_type ())
G_DECLARE_FINAL_TYPE (VctGtkFeedPage, vct_gtk_feed_page, VCT_GTK, FEED_PAGE, VctGtkPage)

GtkWidget    *vct_gtk_feed_page_new               (VctFeedModel   *model);
GtkWindow    *vct_gtk_feed_page_get_detail_window (VctGtkFeedPage *self);

G_END_DECLS

#endif /* VCT_GTK_FEED_PAGE_H */
