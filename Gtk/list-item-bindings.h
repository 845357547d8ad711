/* list-item-bindings.h: the property bindings a list item holds while it shows a row.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_LIST_ITEM_BINDINGS_H
#define VCT_GTK_LIST_ITEM_BINDINGS_H

#include <gtk/gtk.h>
#include <vctable.h>

G_BEGIN_DECLS

/* What a page does with a list item: make its widgets ("setup"), fill them ("bind"). */
typedef void (*VctGtkListItemFunc) (GtkListItem *item);

GtkListItemFactory *vct_gtk_list_item_factory_new (VctGtkListItemFunc setup,
                                                   VctGtkListItemFunc bind);

void vct_gtk_list_item_bind         (GtkListItem           *item,
                                     const char            *source_property,
                                     GtkWidget             *target,
                                     const char            *target_property);
void vct_gtk_list_item_bind_full    (GtkListItem           *item,
                                     const char            *source_property,
                                     GtkWidget             *target,
                                     const char            *target_property,
                                     GBindingTransformFunc  transform);
void vct_gtk_list_item_connect      (GtkListItem           *item,
                                     const char            *detailed_signal,
                                     GCallback              handler,
                                     gpointer               data);
void vct_gtk_list_item_bind_image  (GtkListItem           *item,
                                     const char            *image_property,
                                     GtkWidget             *image_widget,
                                     int                    size);
void vct_gtk_list_item_unbind_all   (GtkListItem           *item);
gboolean vct_gtk_list_item_keeps_row (GtkListItem          *item);
void vct_gtk_list_item_teardown     (GtkListItem           *item);
void vct_gtk_list_item_connect_factory (GtkListItemFactory *factory);
guint vct_gtk_list_item_get_n_images_loading (void);

G_END_DECLS

#endif /* VCT_GTK_LIST_ITEM_BINDINGS_H */
