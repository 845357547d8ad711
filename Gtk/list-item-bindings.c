/* list-item-bindings.c: the property bindings a list item holds while it shows a row.
 *
 * A GtkSignalListItemFactory's "bind" ties the row object (the item's item) to the
 * widgets of the item's child with g_object_bind_property(), and "unbind" must undo
 * exactly that, or a recycled widget keeps following a row it no longer shows. The
 * bindings, signal handlers and bound row images are kept on the list item;
 * vct_gtk_list_item_unbind_all() drops them all.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "list-item-bindings.h"

#define BINDINGS_KEY "vct-gtk-bindings"
#define HANDLERS_KEY "vct-gtk-handlers"
#define IMAGES_KEY "vct-gtk-images"

/* One row image a list item shows: bound while the item shows the row. */
typedef struct
{
  VctImage  *image;    /* (owned) */
  GtkWidget *widget;   /* a GtkImage in the item's child (not owned) */
  gulong     handler;
  gboolean   loading;  /* counted in n_loading */
} ItemImage;

/* How many bound images are loading, in every list (the main thread's only). */
static guint n_loading;

static void
item_image_count (ItemImage *shown)
{
  gboolean loading = vct_image_get_state (shown->image) == VCT_IMAGE_STATE_LOADING;

  if (loading != shown->loading)
    {
      shown->loading = loading;
      n_loading = loading ? n_loading + 1 : n_loading - 1;
    }
}

static void
item_image_free (gpointer data)
{
  ItemImage *shown = data;

  g_clear_signal_handler (&shown->handler, shown->image);
  vct_image_unbind (shown->image);
  item_image_count (shown);
  g_object_unref (shown->image);
  g_free (shown);
}

/* Shows @image's state in @widget: the image once loaded, a placeholder while loading, a
 * glyph after a failure. The texture wraps the pixbuf's pixels (no copy) and belongs to
 * the widget: nothing of GTK's is attached to the pixbuf, whose last reference may go on
 * any thread (the loader's memory cache evicts off the loop). */
static void
show_image (VctImage *image, GtkWidget *widget)
{
  GdkPixbuf *pixbuf = vct_image_get_pixbuf (image);

  switch (vct_image_get_state (image))
    {
    case VCT_IMAGE_STATE_LOADED:
      {
        g_autoptr (GdkTexture) texture = gdk_texture_new_for_pixbuf (pixbuf);

        gtk_image_set_from_paintable (GTK_IMAGE (widget), GDK_PAINTABLE (texture));
        gtk_widget_remove_css_class (widget, "dim-label");
        gtk_widget_set_tooltip_text (widget, NULL);
      }
      break;

    case VCT_IMAGE_STATE_FAILED:
      gtk_image_set_from_icon_name (GTK_IMAGE (widget), "image-missing-symbolic");
      gtk_widget_add_css_class (widget, "dim-label");
      gtk_widget_set_tooltip_text (widget, vct_image_get_error (image)->message);
      break;

    case VCT_IMAGE_STATE_NONE:
    case VCT_IMAGE_STATE_LOADING:
    default:
      gtk_image_set_from_icon_name (GTK_IMAGE (widget), "image-x-generic-symbolic");
      gtk_widget_add_css_class (widget, "dim-label");
      gtk_widget_set_tooltip_text (widget, NULL);
      break;
    }
}

static void
on_image_state (VctImage *image, GParamSpec *pspec, ItemImage *shown)
{
  (void) pspec;
  item_image_count (shown);
  show_image (image, shown->widget);
}

/**
 * vct_gtk_list_item_bind_image:
 * @item: a list item showing a row
 * @image_property: the row's image property (a #VctImage: "thumbnail", "avatar", …)
 * @image_widget: a #GtkImage of the item's child
 * @size: the box the image is shown in, in logical pixels (a square)
 *
 * Shows the row's image in @image_widget until vct_gtk_list_item_unbind_all(): binds it
 * (vct_image_bind(), at @size times the widget's scale factor), a placeholder while it
 * loads, a glyph if it failed. Unbinding unbinds it, which cancels a load still running.
 */
void
vct_gtk_list_item_bind_image (GtkListItem *item,
                              const char  *image_property,
                              GtkWidget   *image_widget,
                              int          size)
{
  GObject *row = gtk_list_item_get_item (item);
  GPtrArray *images = g_object_get_data (G_OBJECT (item), IMAGES_KEY);
  ItemImage *shown;

  g_return_if_fail (row != NULL);
  g_return_if_fail (GTK_IS_IMAGE (image_widget));

  if (images == NULL)
    {
      images = g_ptr_array_new_with_free_func (item_image_free);
      g_object_set_data_full (G_OBJECT (item), IMAGES_KEY, images, (GDestroyNotify) g_ptr_array_unref);
    }
  shown = g_new0 (ItemImage, 1);
  g_object_get (row, image_property, &shown->image, NULL);
  g_return_if_fail (VCT_IS_IMAGE (shown->image));
  shown->widget = image_widget;
  /* The scale factor: a 48 px image on a 2× display is decoded at 96 px. */
  size *= gtk_widget_get_scale_factor (image_widget);
  /* Bound first: a cache hit is loaded when this returns, and painted in this frame. */
  vct_image_bind (shown->image, size, size);
  on_image_state (shown->image, NULL, shown);
  shown->handler = g_signal_connect (shown->image, "notify::state", G_CALLBACK (on_image_state), shown);
  g_ptr_array_add (images, shown);
}

/**
 * vct_gtk_list_item_get_n_images_loading:
 *
 * Returns: how many images bound by vct_gtk_list_item_bind_image() are loading now, in
 *   every list (--screenshot waits for none)
 */
guint
vct_gtk_list_item_get_n_images_loading (void)
{
  return n_loading;
}

static GPtrArray *
get_bindings (GtkListItem *item)
{
  GPtrArray *bindings = g_object_get_data (G_OBJECT (item), BINDINGS_KEY);

  if (bindings == NULL)
    {
      bindings = g_ptr_array_new ();
      g_object_set_data_full (G_OBJECT (item), BINDINGS_KEY, bindings, (GDestroyNotify) g_ptr_array_unref);
    }
  return bindings;
}

/**
 * vct_gtk_list_item_bind_full:
 * @item: a list item showing a row
 * @source_property: the property of the item's row
 * @target: a widget of the item's child
 * @target_property: the property of @target
 * @transform: (nullable): converts the value, or %NULL for the default conversion
 *
 * Binds @source_property of the row @item shows to @target_property of @target, now
 * (%G_BINDING_SYNC_CREATE) and on every `notify`, until vct_gtk_list_item_unbind_all().
 */
void
vct_gtk_list_item_bind_full (GtkListItem           *item,
                             const char            *source_property,
                             GtkWidget             *target,
                             const char            *target_property,
                             GBindingTransformFunc  transform)
{
  GObject *row = gtk_list_item_get_item (item);
  GBinding *binding;

  g_return_if_fail (row != NULL);

  binding = g_object_bind_property_full (row, source_property, target, target_property,
                                         G_BINDING_SYNC_CREATE, transform, NULL, NULL, NULL);
  g_ptr_array_add (get_bindings (item), binding);
}

/**
 * vct_gtk_list_item_bind:
 * @item: a list item showing a row
 * @source_property: the property of the item's row
 * @target: a widget of the item's child
 * @target_property: the property of @target
 *
 * vct_gtk_list_item_bind_full() with the default conversion.
 */
void
vct_gtk_list_item_bind (GtkListItem *item,
                        const char  *source_property,
                        GtkWidget   *target,
                        const char  *target_property)
{
  vct_gtk_list_item_bind_full (item, source_property, target, target_property, NULL);
}

/**
 * vct_gtk_list_item_connect:
 * @item: a list item showing a row
 * @detailed_signal: a signal of the row ("notify::follow-state")
 * @handler: the handler; its first argument is the row
 * @data: the handler's data (a widget of the item's child: the handler is disconnected
 *   when @data is finalized, too)
 *
 * Connects @handler to the row @item shows until vct_gtk_list_item_unbind_all().
 */
void
vct_gtk_list_item_connect (GtkListItem *item,
                           const char  *detailed_signal,
                           GCallback    handler,
                           gpointer     data)
{
  GObject *row = gtk_list_item_get_item (item);
  GArray *handlers = g_object_get_data (G_OBJECT (item), HANDLERS_KEY);
  gulong id;

  g_return_if_fail (row != NULL);

  if (handlers == NULL)
    {
      handlers = g_array_new (FALSE, FALSE, sizeof (gulong));
      g_object_set_data_full (G_OBJECT (item), HANDLERS_KEY, handlers, (GDestroyNotify) g_array_unref);
    }
  id = g_signal_connect_object (row, detailed_signal, handler, data, 0);
  g_array_append_val (handlers, id);
}

/**
 * vct_gtk_list_item_unbind_all:
 * @item: a list item
 *
 * Drops every binding and handler vct_gtk_list_item_bind() and
 * vct_gtk_list_item_connect() made for the row @item shows: call it from "unbind",
 * while the item still has its row.
 */
void
vct_gtk_list_item_unbind_all (GtkListItem *item)
{
  GPtrArray *bindings = g_object_get_data (G_OBJECT (item), BINDINGS_KEY);
  GArray *handlers = g_object_get_data (G_OBJECT (item), HANDLERS_KEY);
  GPtrArray *images = g_object_get_data (G_OBJECT (item), IMAGES_KEY);
  GObject *row = gtk_list_item_get_item (item);

  if (images != NULL)
    g_ptr_array_set_size (images, 0);  /* unbinds each: a load still running is cancelled */
  if (bindings != NULL)
    {
      for (guint i = 0; i < bindings->len; i++)
        g_binding_unbind (g_ptr_array_index (bindings, i));
      g_ptr_array_set_size (bindings, 0);
    }
  if (handlers != NULL)
    {
      for (guint i = 0; row != NULL && i < handlers->len; i++)
        g_clear_signal_handler (&g_array_index (handlers, gulong, i), row);
      g_array_set_size (handlers, 0);
    }
}
