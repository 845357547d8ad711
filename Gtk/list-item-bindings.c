/* list-item-bindings.c: the property bindings a list item holds while it shows a row.
 *
 * A GtkSignalListItemFactory's "bind" ties the row object (the item's item) to the
 * widgets of the item's child with g_object_bind_property(), and "unbind" must undo
 * exactly that, or a recycled widget keeps following a row it no longer shows. The
 * bindings, signal handlers and bound row images are kept on the list item (ItemRow);
 * vct_gtk_list_item_unbind_all() drops them all.
 *
 * GTK 4.8's factory unbinds and binds again every row widget whose position changes, with
 * the same row: an insertion at the top does it for the ~200 widgets a GtkListView keeps.
 * So "unbind" keeps what the item holds until the loop is idle (a G_PRIORITY_HIGH_IDLE
 * source drops it then, "teardown" at once), and a "bind" of the same row takes it back
 * as it is
 * (vct_gtk_list_item_keeps_row()): no binding made again, no image unbound and bound
 * again (which would make its texture anew), nothing drawn anew. A bind of another row
 * drops it first. Meanwhile the item's widgets may be torn down: the bindings are held by
 * reference (a GBinding whose target is finalized is released, and unbinding it again is
 * harmless), the handlers die with their widget (g_signal_connect_object()), and an image
 * forgets a finalized widget (a weak pointer).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "list-item-bindings.h"

#define ITEM_ROW_KEY "vct-gtk-item-row"

/* One row image a list item shows: bound while the item shows the row. */
typedef struct
{
  VctImage  *image;    /* (owned) */
  GtkWidget *widget;   /* a GtkImage in the item's child (a weak pointer) */
  gulong     handler;
  gboolean   loading;  /* counted in n_loading */
} ItemImage;

/* What a list item holds for the row it shows. */
typedef struct
{
  GObject   *row;        /* (owned) (nullable): the row of everything below */
  GPtrArray *bindings;   /* (element-type GBinding) (owned): references */
  GArray    *handlers;   /* gulong: handlers of row */
  GPtrArray *images;     /* (element-type ItemImage) (owned) */
  gboolean   unbound;    /* unbound, kept until the flush for a bind of the same row */
} ItemRow;

/* How many bound images are loading, in every list (the main thread's only). */
static guint n_loading;

/* Items unbound and kept (references), and the idle source that drops what they hold. */
static GPtrArray *unbound_items;
static guint flush_source;

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
  g_clear_weak_pointer (&shown->widget);
  vct_image_unbind (shown->image);
  item_image_count (shown);
  g_object_unref (shown->image);
  g_free (shown);
}

/* Sets @widget's tooltip to @text, if it is another. GTK 4.8's
 * gtk_widget_set_tooltip_text() queries the tooltip again even for the same text
 * (gtk_widget_trigger_tooltip_query: about 36 000 instructions and, on X11, a round trip
 * for the pointer), and a row's image is shown on every bind: with it, binding the ~200
 * rows a reversed reload moves cost the window's frame 20–30 ms (BENCHMARKS.md). */
static void
set_tooltip (GtkWidget  *widget,
             const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

/* Shows the icon @name in @image, if it shows another thing (an icon is looked up again
 * on every set). */
static void
set_icon (GtkImage   *image,
          const char *name)
{
  if (gtk_image_get_storage_type (image) != GTK_IMAGE_ICON_NAME ||
      g_strcmp0 (gtk_image_get_icon_name (image), name) != 0)
    gtk_image_set_from_icon_name (image, name);
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
        set_tooltip (widget, NULL);
      }
      break;

    case VCT_IMAGE_STATE_FAILED:
      set_icon (GTK_IMAGE (widget), "image-missing-symbolic");
      gtk_widget_add_css_class (widget, "dim-label");
      set_tooltip (widget, vct_image_get_error (image)->message);
      break;

    case VCT_IMAGE_STATE_NONE:
    case VCT_IMAGE_STATE_LOADING:
    default:
      set_icon (GTK_IMAGE (widget), "image-x-generic-symbolic");
      gtk_widget_add_css_class (widget, "dim-label");
      set_tooltip (widget, NULL);
      break;
    }
}

static void
on_image_state (VctImage *image, GParamSpec *pspec, ItemImage *shown)
{
  (void) pspec;
  item_image_count (shown);
  if (shown->widget != NULL)
    show_image (image, shown->widget);
}

static void
item_row_release (ItemRow *state)
{
  if (state->images != NULL)
    g_ptr_array_set_size (state->images, 0);  /* unbinds each: a load still running is cancelled */
  if (state->bindings != NULL)
    {
      for (guint i = 0; i < state->bindings->len; i++)
        g_binding_unbind (g_ptr_array_index (state->bindings, i));
      g_ptr_array_set_size (state->bindings, 0);
    }
  if (state->handlers != NULL)
    {
      /* A handler whose widget was finalized (g_signal_connect_object()) is gone already. */
      for (guint i = 0; i < state->handlers->len; i++)
        if (g_signal_handler_is_connected (state->row, g_array_index (state->handlers, gulong, i)))
          g_signal_handler_disconnect (state->row, g_array_index (state->handlers, gulong, i));
      g_array_set_size (state->handlers, 0);
    }
  g_clear_object (&state->row);
  state->unbound = FALSE;
}

static void
item_row_free (gpointer data)
{
  ItemRow *state = data;

  item_row_release (state);
  g_clear_pointer (&state->bindings, g_ptr_array_unref);
  g_clear_pointer (&state->handlers, g_array_unref);
  g_clear_pointer (&state->images, g_ptr_array_unref);
  g_free (state);
}

/* What @item holds for its row; made for @item's row if it holds nothing. */
static ItemRow *
item_row (GtkListItem *item)
{
  ItemRow *state = g_object_get_data (G_OBJECT (item), ITEM_ROW_KEY);

  if (state == NULL)
    {
      state = g_new0 (ItemRow, 1);
      state->bindings = g_ptr_array_new_with_free_func (g_object_unref);
      state->handlers = g_array_new (FALSE, FALSE, sizeof (gulong));
      state->images = g_ptr_array_new_with_free_func (item_image_free);
      g_object_set_data_full (G_OBJECT (item), ITEM_ROW_KEY, state, item_row_free);
    }
  if (state->unbound)
    item_row_release (state);  /* bound to another row without vct_gtk_list_item_keeps_row() */
  if (state->row == NULL)
    state->row = g_object_ref (gtk_list_item_get_item (item));
  return state;
}

static gboolean
flush_unbound (G_GNUC_UNUSED gpointer data)
{
  g_autoptr (GPtrArray) items = g_steal_pointer (&unbound_items);

  flush_source = 0;
  for (guint i = 0; i < items->len; i++)
    {
      ItemRow *state = g_object_get_data (g_ptr_array_index (items, i), ITEM_ROW_KEY);

      if (state != NULL && state->unbound)
        item_row_release (state);
    }
  return G_SOURCE_REMOVE;
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
  ItemImage *shown;

  g_return_if_fail (row != NULL);
  g_return_if_fail (GTK_IS_IMAGE (image_widget));

  shown = g_new0 (ItemImage, 1);
  g_object_get (row, image_property, &shown->image, NULL);
  g_return_if_fail (VCT_IS_IMAGE (shown->image));
  g_set_weak_pointer (&shown->widget, image_widget);
  /* The scale factor: a 48 px image on a 2× display is decoded at 96 px. */
  size *= gtk_widget_get_scale_factor (image_widget);
  /* Bound first: a cache hit is loaded when this returns, and painted in this frame. */
  vct_image_bind (shown->image, size, size);
  on_image_state (shown->image, NULL, shown);
  shown->handler = g_signal_connect (shown->image, "notify::state", G_CALLBACK (on_image_state), shown);
  g_ptr_array_add (item_row (item)->images, shown);
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
  g_ptr_array_add (item_row (item)->bindings, g_object_ref (binding));
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
  gulong id;

  g_return_if_fail (row != NULL);

  id = g_signal_connect_object (row, detailed_signal, handler, data, 0);
  g_array_append_val (item_row (item)->handlers, id);
}

/**
 * vct_gtk_list_item_unbind_all:
 * @item: a list item
 *
 * Ends what vct_gtk_list_item_bind(), vct_gtk_list_item_connect() and
 * vct_gtk_list_item_bind_image() made for the row @item shows: call it from "unbind".
 * It is kept until the loop is idle, for a bind of the same row
 * (vct_gtk_list_item_keeps_row()), then dropped: images unbound (a load still running
 * is cancelled), bindings and handlers undone.
 */
void
vct_gtk_list_item_unbind_all (GtkListItem *item)
{
  ItemRow *state = g_object_get_data (G_OBJECT (item), ITEM_ROW_KEY);

  if (state == NULL || state->row == NULL || state->unbound)
    return;
  state->unbound = TRUE;
  if (unbound_items == NULL)
    unbound_items = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (unbound_items, g_object_ref (item));
  if (flush_source == 0)
    {
      flush_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, flush_unbound, NULL, NULL);
      g_source_set_static_name (g_main_context_find_source_by_id (NULL, flush_source), "vct-gtk unbound rows");
    }
}

/**
 * vct_gtk_list_item_teardown:
 * @item: a list item being torn down
 *
 * Drops at once what @item holds for its row: call it from "teardown" (after GTK 4.8's
 * "unbind"), so that a destroyed view lets its rows go without waiting for the loop.
 */
void
vct_gtk_list_item_teardown (GtkListItem *item)
{
  ItemRow *state = g_object_get_data (G_OBJECT (item), ITEM_ROW_KEY);

  if (state != NULL)
    item_row_release (state);
}

/**
 * vct_gtk_list_item_keeps_row:
 * @item: a list item being bound
 *
 * Call it first in "bind": whether @item is bound again to the row it was unbound from
 * (GTK 4.8 does it to every row widget whose position changes), in which case everything
 * bound for the row is still in place and the handler has nothing to do. Otherwise what
 * @item held for another row is dropped, and the handler binds anew.
 *
 * Returns: %TRUE when @item keeps its row's bindings
 */
gboolean
vct_gtk_list_item_keeps_row (GtkListItem *item)
{
  ItemRow *state = g_object_get_data (G_OBJECT (item), ITEM_ROW_KEY);

  if (state == NULL || state->row == NULL)
    return FALSE;
  if (state->unbound && state->row == gtk_list_item_get_item (item))
    {
      state->unbound = FALSE;
      return TRUE;
    }
  item_row_release (state);
  return FALSE;
}

static void
on_unbind (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED gpointer data)
{
  vct_gtk_list_item_unbind_all (item);
}

static void
on_teardown (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, G_GNUC_UNUSED gpointer data)
{
  vct_gtk_list_item_teardown (item);
}

/**
 * vct_gtk_list_item_connect_factory:
 * @factory: the factory whose "bind" uses these bindings
 *
 * Connects @factory's "unbind" to vct_gtk_list_item_unbind_all() and its "teardown" to
 * vct_gtk_list_item_teardown().
 */
void
vct_gtk_list_item_connect_factory (GtkListItemFactory *factory)
{
  g_signal_connect (factory, "unbind", G_CALLBACK (on_unbind), NULL);
  g_signal_connect (factory, "teardown", G_CALLBACK (on_teardown), NULL);
}

/* A factory's "setup" and "bind": vct_gtk_list_item_factory_new's. */
typedef struct
{
  VctGtkListItemFunc setup;
  VctGtkListItemFunc bind;
} ItemFuncs;

static void
on_setup (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  ((ItemFuncs *) data)->setup (item);
}

static void
on_bind (G_GNUC_UNUSED GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  if (!vct_gtk_list_item_keeps_row (item))   /* else GTK 4.8 moved the row: it shows it already */
    ((ItemFuncs *) data)->bind (item);
}

static void
item_funcs_free (gpointer data, G_GNUC_UNUSED GClosure *closure)
{
  g_free (data);
}

/**
 * vct_gtk_list_item_factory_new:
 * @setup: (nullable): makes an item's widgets, or %NULL when @bind makes them
 * @bind: fills an item's widgets for its row, with vct_gtk_list_item_bind() and the
 *   others
 *
 * The factory of a page's rows: a #GtkSignalListItemFactory whose "bind" calls @bind
 * unless vct_gtk_list_item_keeps_row() (GTK 4.8 bound the item again to the row it
 * shows), connected as vct_gtk_list_item_connect_factory() connects one.
 *
 * Returns: (transfer full): the factory
 */
GtkListItemFactory *
vct_gtk_list_item_factory_new (VctGtkListItemFunc setup,
                               VctGtkListItemFunc bind)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  ItemFuncs *funcs = g_new (ItemFuncs, 1);

  funcs->setup = setup;
  funcs->bind = bind;
  if (setup != NULL)
    g_signal_connect (factory, "setup", G_CALLBACK (on_setup), funcs);
  g_signal_connect_data (factory, "bind", G_CALLBACK (on_bind), funcs, item_funcs_free, 0);
  vct_gtk_list_item_connect_factory (factory);
  return factory;
}
