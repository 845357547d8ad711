/* feed-page.c: VctGtkFeedPage, the news feed.
 *
 * One GtkListView over the screen's list (vct_screen_get_list()): a day's header
 * (VctDayHeaderRow, the section's header role), then its member rows (VctMemberRow)
 * and photo rows (VctFeedPhotoRow). One GtkSignalListItemFactory makes the child by the
 * row's GType at "bind" (GTK 4.8 gives a list item no type at "setup"), and keeps it
 * while the item shows rows of the same type.
 *
 * A member row's follow button follows the row's `follow-state`: "Follow" (normal), a
 * spinner (loading: a request runs), "Following" with a check (checked); its
 * sensitivity is the row's `button-enabled`. Clicking it is vct_row_press(). Activating
 * a photo row (Enter, a double click) is vct_row_select(): the model's `open-detail`
 * then opens a small window with the photo's title, date and description. The list is
 * hidden (`list-hidden`) until the first reload delivers.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "pages.h"

#include "list-item-bindings.h"

#define ROW_TYPE_KEY "vct-gtk-row-type"

struct _VctGtkFeedPage
{
  VctGtkPage        parent_instance;

  VctFeedModel *model;   /* the base's, typed (page.h) */
  GtkWindow    *detail;   /* weak */
};

G_DEFINE_FINAL_TYPE (VctGtkFeedPage, vct_gtk_feed_page, VCT_GTK_TYPE_PAGE)

static GtkWidget *
new_row_box (GtkOrientation orientation)
{
  GtkWidget *box = gtk_box_new (orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? 12 : 2);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  return box;
}

/* ---------------------------------------------------------------- day header */

static GtkWidget *
new_header_child (void)
{
  GtkWidget *box = new_row_box (GTK_ORIENTATION_HORIZONTAL);

  gtk_widget_set_margin_top (box, 14);
  gtk_box_append (GTK_BOX (box), vct_gtk_page_new_label ("day", "heading"));
  return box;
}

/* ---------------------------------------------------------------- member */

/* The follow button's look, from the row's follow-state. */
static void
update_follow_button (GObject    *row,
                      GParamSpec *pspec G_GNUC_UNUSED,
                      GtkWidget  *button)
{
  VctFollowState state;
  GtkWidget *check = gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (button)));
  GtkWidget *label = gtk_widget_get_next_sibling (check);
  GtkWidget *spinner = gtk_widget_get_next_sibling (label);

  g_object_get (row, "follow-state", &state, NULL);
  gtk_widget_set_visible (check, state == VCT_FOLLOW_STATE_CHECKED);
  gtk_widget_set_visible (label, state != VCT_FOLLOW_STATE_LOADING);
  gtk_label_set_text (GTK_LABEL (label), state == VCT_FOLLOW_STATE_CHECKED ? "Following" : "Follow");
  gtk_widget_set_visible (spinner, state == VCT_FOLLOW_STATE_LOADING);
  gtk_spinner_set_spinning (GTK_SPINNER (spinner), state == VCT_FOLLOW_STATE_LOADING);
  if (state == VCT_FOLLOW_STATE_CHECKED)
    gtk_widget_add_css_class (button, "suggested-action");
  else
    gtk_widget_remove_css_class (button, "suggested-action");
}

static void
on_follow_clicked (G_GNUC_UNUSED GtkButton *button,
                   GtkListItem             *item)
{
  VctRow *row = gtk_list_item_get_item (item);

  if (row != NULL)
    vct_row_press (row);
}

/* The images' boxes, in logical pixels. */
#define AVATAR_SIZE 32
#define PHOTO_SIZE 64

static GtkWidget *
new_member_child (GtkListItem *item)
{
  GtkWidget *box = new_row_box (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *avatar = gtk_image_new_from_icon_name ("avatar-default-symbolic");
  GtkWidget *name = vct_gtk_page_new_label ("name", NULL);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_name (avatar, "avatar");
  gtk_image_set_pixel_size (GTK_IMAGE (avatar), AVATAR_SIZE);
  gtk_widget_set_hexpand (name, TRUE);

  gtk_widget_set_name (button, "follow-button");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (button, 120, -1);
  gtk_widget_set_halign (content, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (content), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_box_append (GTK_BOX (content), gtk_label_new ("Follow"));
  gtk_box_append (GTK_BOX (content), gtk_spinner_new ());
  gtk_widget_set_name (gtk_widget_get_first_child (content), "follow-check");
  gtk_widget_set_name (gtk_widget_get_next_sibling (gtk_widget_get_first_child (content)), "follow-label");
  gtk_widget_set_name (gtk_widget_get_last_child (content), "follow-spinner");
  gtk_button_set_child (GTK_BUTTON (button), content);
  g_signal_connect (button, "clicked", G_CALLBACK (on_follow_clicked), item);

  gtk_box_append (GTK_BOX (box), avatar);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

/* ---------------------------------------------------------------- photo */

static GtkWidget *
new_photo_child (void)
{
  GtkWidget *box = new_row_box (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *image = gtk_image_new_from_icon_name ("image-x-generic-symbolic");
  GtkWidget *date = vct_gtk_page_new_label ("date", "dim-label");

  gtk_widget_set_name (image, "photo");
  gtk_image_set_pixel_size (GTK_IMAGE (image), PHOTO_SIZE);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), vct_gtk_page_new_label ("title", NULL));
  gtk_box_append (GTK_BOX (text), vct_gtk_page_new_label ("description", "dim-label"));
  gtk_widget_add_css_class (date, "numeric");
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), date);
  return box;
}

/* ---------------------------------------------------------------- the factory */

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
bind_row (GtkListItem *item)
{
  GObject *row = gtk_list_item_get_item (item);
  GType type = G_OBJECT_TYPE (row);
  GtkWidget *child = gtk_list_item_get_child (item);

  if (child == NULL || GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (child), ROW_TYPE_KEY)) != type)
    {
      if (type == VCT_TYPE_MEMBER_ROW)
        child = new_member_child (item);
      else if (type == VCT_TYPE_FEED_PHOTO_ROW)
        child = new_photo_child ();
      else
        child = new_header_child ();   /* VctDayHeaderRow, and any header to come */
      g_object_set_data (G_OBJECT (child), ROW_TYPE_KEY, GSIZE_TO_POINTER (type));
      gtk_list_item_set_child (item, child);
    }

  /* Only a photo is activated (it opens); headers and members are neither. */
  gtk_list_item_set_activatable (item, type == VCT_TYPE_FEED_PHOTO_ROW);
  gtk_list_item_set_selectable (item, FALSE);

  if (type == VCT_TYPE_MEMBER_ROW)
    {
      GtkWidget *button = find_named (child, "follow-button");

      vct_gtk_list_item_bind_image (item, "avatar", find_named (child, "avatar"), AVATAR_SIZE);
      vct_gtk_list_item_bind (item, "name", find_named (child, "name"), "label");
      vct_gtk_list_item_bind (item, "button-enabled", button, "sensitive");
      vct_gtk_list_item_connect (item, "notify::follow-state", G_CALLBACK (update_follow_button), button);
      update_follow_button (row, NULL, button);
    }
  else if (type == VCT_TYPE_FEED_PHOTO_ROW)
    {
      vct_gtk_list_item_bind_image (item, "image", find_named (child, "photo"), PHOTO_SIZE);
      vct_gtk_list_item_bind (item, "title", find_named (child, "title"), "label");
      vct_gtk_list_item_bind (item, "description", find_named (child, "description"), "label");
      vct_gtk_list_item_bind (item, "date", find_named (child, "date"), "label");
    }
  else
    {
      vct_gtk_list_item_bind (item, "title", find_named (child, "day"), "label");
    }
}

/* ---------------------------------------------------------------- the detail */

static void
on_open_detail (VctGtkFeedPage *self,
                VctFeedPhoto   *photo)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *title = gtk_label_new (vct_feed_photo_get_title (photo));
  GtkWidget *date;
  GtkWidget *description = gtk_label_new (vct_feed_photo_get_description (photo));
  GtkWidget *url = gtk_label_new (vct_feed_photo_get_url (photo));
  GDateTime *when = vct_feed_photo_get_date (photo);
  g_autoptr (GDateTime) local = when != NULL ? g_date_time_to_local (when) : NULL;
  g_autofree char *date_text = local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("");
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->detail != NULL)
    gtk_window_destroy (self->detail);

  gtk_window_set_title (window, vct_feed_photo_get_title (photo));
  gtk_window_set_default_size (window, 360, -1);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (window, GTK_WINDOW (root));
  gtk_window_set_destroy_with_parent (window, TRUE);

  gtk_widget_set_name (title, "detail-title");
  gtk_widget_add_css_class (title, "title-2");
  date = gtk_label_new (date_text);
  gtk_widget_set_name (date, "detail-date");
  gtk_widget_add_css_class (date, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_widget_add_css_class (url, "dim-label");
  gtk_label_set_selectable (GTK_LABEL (url), TRUE);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), date);
  gtk_box_append (GTK_BOX (box), description);
  gtk_box_append (GTK_BOX (box), url);
  gtk_window_set_child (window, box);

  self->detail = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->detail);
  gtk_window_present (window);
}

/* ---------------------------------------------------------------- the page */

static void
vct_gtk_feed_page_dispose (GObject *object)
{
  VctGtkFeedPage *self = VCT_GTK_FEED_PAGE (object);

  if (self->detail != NULL)
    gtk_window_destroy (self->detail);

  G_OBJECT_CLASS (vct_gtk_feed_page_parent_class)->dispose (object);
}

static void
vct_gtk_feed_page_class_init (VctGtkFeedPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vct_gtk_feed_page_dispose;
}

static void
vct_gtk_feed_page_init (G_GNUC_UNUSED VctGtkFeedPage *self)
{
}

/**
 * vct_gtk_feed_page_new:
 * @model: (transfer none): the feed; the page keeps a reference
 *
 * Creates the page and starts the feed's first reload.
 *
 * Returns: (transfer floating): the page
 */
GtkWidget *
vct_gtk_feed_page_new (VctFeedModel *model)
{
  VctGtkFeedPage *self;
  GtkWidget *scrolled;

  g_return_val_if_fail (VCT_IS_FEED_MODEL (model), NULL);

  self = g_object_new (VCT_GTK_TYPE_FEED_PAGE, NULL);
  self->model = model;   /* the base keeps the reference */

  g_signal_connect_object (model, "open-detail", G_CALLBACK (on_open_detail), self, G_CONNECT_SWAPPED);
  /* Each row's widgets are made by its bind, by the row's type. Activating a photo row
   * opens its detail (open-detail); the other rows do nothing. */
  scrolled = vct_gtk_page_construct (VCT_GTK_PAGE (self), VCT_SCREEN (model), NULL, NULL, bind_row,
                                     VCT_TYPE_FEED_PHOTO_ROW);
  g_object_bind_property (model, "list-hidden", scrolled, "visible", G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  return GTK_WIDGET (self);
}

/**
 * vct_gtk_feed_page_get_detail_window:
 * @self: a feed page
 *
 * Returns: (transfer none) (nullable): the photo detail window while it shows
 */
GtkWindow *
vct_gtk_feed_page_get_detail_window (VctGtkFeedPage *self)
{
  g_return_val_if_fail (VCT_GTK_IS_FEED_PAGE (self), NULL);
  return self->detail;
}
