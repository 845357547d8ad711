/* photos-page.c: VctGtkPhotosPage, the photo table.
 *
 * The original screen: a table of "Entry ID: N" and the photo's title, a navigation
 * title, a tap that shows the photo's title there. The GtkListView shows the screen's
 * list (vct_screen_get_list()) as it is, through a GtkSingleSelection (no adapter); a
 * GtkSignalListItemFactory binds each VctPhotoRow's `thumbnail` (a VctImage, loaded while
 * the row is bound) to an image and its `entry` and `title` to two labels.
 * Activating a row (Enter, a double click) is the original's cell tap: vct_row_select(),
 * after which the model's `title` (the header bar's, bound by the window) is the
 * photo's. The window shows the spinner, the reload action and the errors.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "pages.h"

#include "list-item-bindings.h"

struct _VctGtkPhotosPage
{
  VctGtkPage parent_instance;
};

G_DEFINE_FINAL_TYPE (VctGtkPhotosPage, vct_gtk_photos_page, VCT_GTK_TYPE_PAGE)

/* The thumbnail's box, in logical pixels. */
#define THUMBNAIL_SIZE 40

static void
setup_row (GtkListItem *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *thumbnail = gtk_image_new ();
  GtkWidget *entry = gtk_label_new (NULL);
  GtkWidget *title = gtk_label_new (NULL);

  gtk_widget_add_css_class (box, "vct-photo-row");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);

  gtk_widget_set_name (thumbnail, "thumbnail");
  gtk_image_set_pixel_size (GTK_IMAGE (thumbnail), THUMBNAIL_SIZE);

  gtk_widget_set_name (entry, "entry");
  gtk_widget_add_css_class (entry, "dim-label");
  gtk_widget_add_css_class (entry, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (entry), 14);
  gtk_label_set_xalign (GTK_LABEL (entry), 0);

  gtk_widget_set_name (title, "title");
  gtk_widget_set_hexpand (title, TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);

  gtk_box_append (GTK_BOX (box), thumbnail);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), title);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *thumbnail = gtk_widget_get_first_child (box);
  GtkWidget *entry = gtk_widget_get_next_sibling (thumbnail);
  GtkWidget *title = gtk_widget_get_next_sibling (entry);

  vct_gtk_list_item_bind_image (item, "thumbnail", thumbnail, THUMBNAIL_SIZE);
  vct_gtk_list_item_bind (item, "entry", entry, "label");
  vct_gtk_list_item_bind (item, "title", title, "label");
}

static void
vct_gtk_photos_page_class_init (G_GNUC_UNUSED VctGtkPhotosPageClass *klass)
{
}

static void
vct_gtk_photos_page_init (G_GNUC_UNUSED VctGtkPhotosPage *self)
{
}

/**
 * vct_gtk_photos_page_new:
 * @model: (transfer none): the photo table's model; the page keeps a reference
 *
 * Creates the page and starts the model's first reload.
 *
 * Returns: (transfer floating): the page
 */
GtkWidget *
vct_gtk_photos_page_new (VctTableModel *model)
{
  VctGtkPhotosPage *self;
  GtkSingleSelection *selection;

  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), NULL);

  self = g_object_new (VCT_GTK_TYPE_PHOTOS_PAGE, NULL);

  /* The library's GListModel as it is: no adapter. */
  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (vct_table_model_get_list (model))));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  /* Activating a row is the original's cell tap: the model's title becomes the photo's. */
  vct_gtk_page_construct (VCT_GTK_PAGE (self), VCT_SCREEN (model), GTK_SELECTION_MODEL (selection),
                          setup_row, bind_row, VCT_TYPE_ROW);
  gtk_widget_add_css_class (GTK_WIDGET (vct_gtk_page_get_list_view (VCT_GTK_PAGE (self))), "rich-list");
  return GTK_WIDGET (self);
}
