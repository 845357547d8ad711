/* page.h: VctGtkPage, what every screen of vctable-gtk is: a vertical box over a model
 * with a `title` and a `loading` property, showing the model's list in a GtkListView.
 * The window reloads the visible page and binds its header bar to the page's model
 * through this class alone.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_PAGE_H
#define VCT_GTK_PAGE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define VCT_GTK_TYPE_PAGE (vct_gtk_page_get_type ())
G_DECLARE_DERIVABLE_TYPE (VctGtkPage, vct_gtk_page, VCT_GTK, PAGE, GtkBox)

struct _VctGtkPageClass
{
  GtkBoxClass parent_class;

  /* Starts a reload of the page's model. */
  void     (*reload)   (VctGtkPage *self);
  /* Whether the page has its rows and no reload runs. */
  gboolean (*is_ready) (VctGtkPage *self);
};

GObject     *vct_gtk_page_get_model     (VctGtkPage *self);
GtkListView *vct_gtk_page_get_list_view (VctGtkPage *self);
void         vct_gtk_page_reload        (VctGtkPage *self);
gboolean     vct_gtk_page_is_ready      (VctGtkPage *self);

/* For the subclasses, once, while they construct: the page keeps a reference to @model,
 * shows @list_view (made over @list, the model's list as it is) in a scrolled window it
 * appends, and keeps GTK 4.8's list view laid out after every change (list-relayout.h).
 * Returns the scrolled window (transfer none). */
GtkWidget   *vct_gtk_page_construct     (VctGtkPage  *self,
                                         GObject     *model,
                                         GtkListView *list_view,
                                         GListModel  *list);

G_END_DECLS

#endif /* VCT_GTK_PAGE_H */
