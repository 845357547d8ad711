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

/* For the subclasses, once, while they construct: the page keeps a reference to @screen
 * and shows its rows, vct_screen_get_list (@screen) as it is, in a GtkListView (then
 * vct_gtk_page_get_list_view()) inside a scrolled window it appends: through @selection
 * ((transfer full), a selection model over that list; NULL: a GtkNoSelection), the rows'
 * widgets made and filled by @setup and @bind (vct_gtk_list_item_factory_new()). Activating
 * a row of type @selectable (VCT_TYPE_ROW: any; 0: none) selects it (vct_row_select: the
 * original's cell tap). It keeps GTK 4.8's list view laid out after every change
 * (list-relayout.h) and starts the screen's first reload. Returns the scrolled window
 * (transfer none). */
GtkWidget   *vct_gtk_page_construct     (VctGtkPage         *self,
                                         VctScreen          *screen,
                                         GtkSelectionModel  *selection,
                                         VctGtkListItemFunc  setup,
                                         VctGtkListItemFunc  bind,
                                         GType               selectable);

/* A label of a row's widget: named @name (the tests find it by name), start-aligned,
 * ellipsized, with the CSS class @css_class unless it is NULL. */
GtkWidget   *vct_gtk_page_new_label     (const char *name,
                                         const char *css_class);

G_END_DECLS

#endif /* VCT_GTK_PAGE_H */
