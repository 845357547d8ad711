/* page.h: VctGtkPage, what every screen of vctable-gtk is: a vertical box over a
 * VctScreen (the library's interface every screen's model implements: a title, a loading
 * flag, the last error, a list, a reload and did-error), showing the screen's list in a
 * GtkListView. The window reloads the visible page, binds its header bar to the page's
 * screen and shows its errors through this class and VctScreen alone; a subclass makes
 * its rows' widgets (and whatever else its screen has of its own).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_GTK_PAGE_H
#define VCT_GTK_PAGE_H

#include <gtk/gtk.h>
#include <vctable.h>

#include "list-item-bindings.h"

G_BEGIN_DECLS

#define VCT_GTK_TYPE_PAGE (vct_gtk_page_get_type ())
G_DECLARE_DERIVABLE_TYPE (VctGtkPage, vct_gtk_page, VCT_GTK, PAGE, GtkBox)

struct _VctGtkPageClass
{
  GtkBoxClass parent_class;
};

VctScreen   *vct_gtk_page_get_screen    (VctGtkPage *self);
GtkListView *vct_gtk_page_get_list_view (VctGtkPage *self);
void         vct_gtk_page_reload        (VctGtkPage *self);
gboolean     vct_gtk_page_is_ready      (VctGtkPage *self);

/* For the subclasses: the list view of @screen's rows, over vct_screen_get_list (@screen)
 * as it is, through @selection ((transfer full), a selection model over that list; NULL:
 * a GtkNoSelection), its rows' widgets made and filled by @setup and @bind
 * (vct_gtk_list_item_factory_new()). */
GtkListView *vct_gtk_page_new_list_view (VctScreen          *screen,
                                         GtkSelectionModel  *selection,
                                         VctGtkListItemFunc  setup,
                                         VctGtkListItemFunc  bind);

/* For the subclasses, once, while they construct: the page keeps a reference to @screen,
 * shows @list_view (made over vct_screen_get_list (@screen), as it is) in a scrolled
 * window it appends, keeps GTK 4.8's list view laid out after every change
 * (list-relayout.h), and starts the screen's first reload. Returns the scrolled window
 * (transfer none). */
GtkWidget   *vct_gtk_page_construct     (VctGtkPage  *self,
                                         VctScreen   *screen,
                                         GtkListView *list_view);

/* A label of a row's widget: named @name (the tests find it by name), start-aligned,
 * ellipsized, with the CSS class @css_class unless it is NULL. */
GtkWidget   *vct_gtk_page_new_label     (const char *name,
                                         const char *css_class);

/* A list view's "activate" handler, the original's cell tap: selects the row at @position
 * (vct_row_select), if it is a @row_type (a GType through GSIZE_TO_POINTER; 0: any row). */
void         vct_gtk_page_select_activated (GtkListView *view,
                                            guint        position,
                                            gpointer     row_type);

G_END_DECLS

#endif /* VCT_GTK_PAGE_H */
