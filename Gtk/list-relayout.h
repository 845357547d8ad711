/* list-relayout.h: the GTK 4.8 GtkListView relayout workaround.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_LIST_RELAYOUT_H
#define VCT_GTK_LIST_RELAYOUT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

void vct_gtk_list_relayout_watch (GtkListView *view,
                                  GListModel  *list);

G_END_DECLS

#endif /* VCT_GTK_LIST_RELAYOUT_H */
