/* page.c: VctGtkPage, the abstract base of vctable-gtk's screens (page.h).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "page.h"

#include "list-relayout.h"

typedef struct
{
  GObject     *model;       /* owned */
  GtkListView *list_view;   /* a descendant: GtkBox's dispose drops it */
} VctGtkPagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (VctGtkPage, vct_gtk_page, GTK_TYPE_BOX)

static void
vct_gtk_page_dispose (GObject *object)
{
  VctGtkPagePrivate *priv = vct_gtk_page_get_instance_private (VCT_GTK_PAGE (object));

  priv->list_view = NULL;
  g_clear_object (&priv->model);

  G_OBJECT_CLASS (vct_gtk_page_parent_class)->dispose (object);
}

static gboolean
vct_gtk_page_real_is_ready (G_GNUC_UNUSED VctGtkPage *self)
{
  return TRUE;
}

static void
vct_gtk_page_class_init (VctGtkPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vct_gtk_page_dispose;
  klass->is_ready = vct_gtk_page_real_is_ready;
}

static void
vct_gtk_page_init (VctGtkPage *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
}

GtkWidget *
vct_gtk_page_construct (VctGtkPage  *self,
                        GObject     *model,
                        GtkListView *list_view,
                        GListModel  *list)
{
  VctGtkPagePrivate *priv;
  GtkWidget *scrolled;

  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), NULL);
  g_return_val_if_fail (G_IS_OBJECT (model), NULL);
  g_return_val_if_fail (GTK_IS_LIST_VIEW (list_view), NULL);
  priv = vct_gtk_page_get_instance_private (self);
  g_return_val_if_fail (priv->model == NULL, NULL);

  priv->model = g_object_ref (model);
  priv->list_view = list_view;
  vct_gtk_list_relayout_watch (list_view, list);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (list_view));
  gtk_box_append (GTK_BOX (self), scrolled);
  return scrolled;
}

/**
 * vct_gtk_page_get_model:
 * @self: a page
 *
 * Returns: (transfer none): the page's model (a `title` and a `loading` property)
 */
GObject *
vct_gtk_page_get_model (VctGtkPage *self)
{
  VctGtkPagePrivate *priv;

  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), NULL);
  priv = vct_gtk_page_get_instance_private (self);
  return priv->model;
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
  VCT_GTK_PAGE_GET_CLASS (self)->reload (self);
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
  g_return_val_if_fail (VCT_GTK_IS_PAGE (self), FALSE);
  return VCT_GTK_PAGE_GET_CLASS (self)->is_ready (self);
}
