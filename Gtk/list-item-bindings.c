/* list-item-bindings.c: the property bindings a list item holds while it shows a row.
 *
 * A GtkSignalListItemFactory's "bind" ties the row object (the item's item) to the
 * widgets of the item's child with g_object_bind_property(), and "unbind" must undo
 * exactly that, or a recycled widget keeps following a row it no longer shows. The
 * bindings and signal handlers are kept on the list item; vct_gtk_list_item_unbind_all()
 * drops them all.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "list-item-bindings.h"

#define BINDINGS_KEY "vct-gtk-bindings"
#define HANDLERS_KEY "vct-gtk-handlers"

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
  GObject *row = gtk_list_item_get_item (item);

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
