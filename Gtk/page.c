/* page.c: VctGtkPage, the abstract base of vctable-gtk's screens (page.h): everything
 * it does with its model goes through VctScreen (vct_screen_reload,
 * vct_screen_is_loading, vct_screen_get_list).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "page.h"

#include "list-relayout.h"

typedef struct
{
  VctScreen   *screen;      /* owned */
  GtkListView *list_view;   /* a descendant: GtkBox's dispose drops it */
} VctGtkPagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (VctGtkPage, vct_gtk_page, GTK_TYPE_BOX)

static void
vct_gtk_page_dispose (GObject *object)
{
  VctGtkPagePrivate *priv = vct_gtk_page_get_instance_private (VCT_GTK_PAGE (object));

  priv->list_view = NULL;
  g_clear_object (&priv->screen);

  G_OBJECT_CLASS (vct_gtk_page_parent_class)->dispose (object);
}

static void
vct_gtk_page_class_init (VctGtkPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vct_gtk_page_dispose;
}

static void
vct_gtk_page_init (VctGtkPage *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
}

/* The list view's "activate": selects the row at @position if it is a @selectable (a
 * GType through GSIZE_TO_POINTER). */
static void
select_activated (GtkListView *view,
                  guint        position,
                  gpointer     selectable)
{
  g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (view)), position);

  if (row != NULL && G_TYPE_CHECK_INSTANCE_TYPE (row, (GType) GPOINTER_TO_SIZE (selectable)))
    vct_row_select (row);
}

GtkWidget *
vct_gtk_page_construct (VctGtkPage         *self,
                        VctScreen          *screen,
                        GtkSelectionModel  *selection,
                        VctGtkListItemFunc  setup,
                        VctGtkListItemFunc  bind,
                        GType               selectable)
{
  VctGtkPagePrivate *priv;
  GListModel *list;
  GtkWidget *scrolled;

  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), NULL);
  g_return_val_if_fail (VCT_IS_SCREEN (screen), NULL);
  g_return_val_if_fail (selection == NULL || GTK_IS_SELECTION_MODEL (selection), NULL);
  priv = vct_gtk_page_get_instance_private (self);
  g_return_val_if_fail (priv->screen == NULL, NULL);

  priv->screen = g_object_ref (screen);
  list = G_LIST_MODEL (vct_screen_get_list (screen));
  if (selection == NULL)
    selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (list)));
  priv->list_view = GTK_LIST_VIEW (gtk_list_view_new (selection, vct_gtk_list_item_factory_new (setup, bind)));
  if (selectable != 0)
    g_signal_connect (priv->list_view, "activate", G_CALLBACK (select_activated), GSIZE_TO_POINTER (selectable));
  vct_gtk_list_relayout_watch (priv->list_view, list);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (priv->list_view));
  gtk_box_append (GTK_BOX (self), scrolled);

  vct_screen_reload (screen);
  return scrolled;
}

/**
 * vct_gtk_page_get_screen:
 * @self: a page
 *
 * Returns: (transfer none): the page's model, as the screen it is (its `title`,
 *   `loading` and `last-error`, its `did-error`)
 */
VctScreen *
vct_gtk_page_get_screen (VctGtkPage *self)
{
  VctGtkPagePrivate *priv;

  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), NULL);
  priv = vct_gtk_page_get_instance_private (self);
  return priv->screen;
}

/**
 * vct_gtk_page_get_list_view:
 * @self: a page
 *
 * Returns: (transfer none): the list view showing the model's rows
 */
GtkListView *
vct_gtk_page_get_list_view (VctGtkPage *self)
{
  VctGtkPagePrivate *priv;

  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), NULL);
  priv = vct_gtk_page_get_instance_private (self);
  return priv->list_view;
}

/**
 * vct_gtk_page_reload:
 * @self: a page
 *
 * Reloads the page's model: the spinner shows, the rows stay until the new ones arrive
 * (or, after an error, stay).
 */
void
vct_gtk_page_reload (VctGtkPage *self)
{
  g_return_if_fail (VCT_GTK_IS_PAGE (self));

  vct_screen_reload (vct_gtk_page_get_screen (self));
}

/**
 * vct_gtk_page_is_ready:
 * @self: a page
 *
 * Returns: whether the page has its rows and no reload is running
 */
gboolean
vct_gtk_page_is_ready (VctGtkPage *self)
{
  VctScreen *screen;

  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), FALSE);

  screen = vct_gtk_page_get_screen (self);
  return !vct_screen_is_loading (screen) && g_list_model_get_n_items (G_LIST_MODEL (vct_screen_get_list (screen))) > 0;
}

GtkWidget *
vct_gtk_page_new_label (const char *name,
                        const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_name (label, name);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}
