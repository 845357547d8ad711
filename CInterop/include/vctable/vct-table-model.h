/* vct-table-model.h: VctTableModel, the photo table's view model (the original's
 * VCTableModel).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_TABLE_MODEL_H
#define VCT_TABLE_MODEL_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-api.h>
#include <vctable/vct-callbacks.h>
#include <vctable/vct-cell-data.h>
#include <vctable/vct-list-model.h>

G_BEGIN_DECLS

/**
 * VctTableModel:
 *
 * The photo table's view model: the original's `VCTableModel`, as a `GObject`.
 *
 * It asks its [class@Api] for photos, shows them as [class@PhotoRow] objects in its
 * [class@ListModel] ([method@TableModel.get_list]) and reports back through three
 * signals named after the original's blocks, each emitted later on the model's
 * `GMainContext` (the thread-default context of the thread that created it):
 * [signal@TableModel::did-update-navigation-title], [signal@TableModel::did-reload-data]
 * (the rows are in the list by then) and [signal@Screen::did-error].
 *
 * It is a [iface@Screen]: its state is in the interface's read-only properties with
 * `notify`, [property@Screen:title] (the navigation title), [property@Screen:loading],
 * [property@Screen:last-error] and [property@Screen:list], and
 * [method@Screen.reload] is [method@TableModel.reload_data].
 *
 * The block-style setters ([method@TableModel.set_did_reload_data] and the others) are
 * the original's API: each sets one callback, run just before the matching signal.
 *
 * Connect to the signals on the context thread (GTK's rule). The commands
 * ([method@TableModel.reload_data], [method@TableModel.user_selected_cell]) and the
 * setters are safe from any thread.
 *
 * The last g_object_unref() (from any thread) disposes and finalizes the model at once:
 * its request is cancelled, nothing is delivered afterwards, and every callback's notify
 * has run when it returns (when it is called from inside a callback, that callback's own
 * notify runs as the callback returns).
 */
#define VCT_TYPE_TABLE_MODEL (vct_table_model_get_type ())
G_DECLARE_FINAL_TYPE (VctTableModel, vct_table_model, VCT, TABLE_MODEL, GObject)

/**
 * VctDidReloadDataFunc:
 * @items: (array length=n_items) (transfer none): the new items, valid during the call
 *   (and, each, until the next reload is delivered; g_object_ref() keeps one longer)
 * @n_items: how many items there are
 * @user_data: (closure): the data given to the setter
 *
 * Reports a successful reload, on the model's context thread.
 */
typedef void (*VctDidReloadDataFunc) (VctCellData *const *items,
                                      gsize               n_items,
                                      gpointer            user_data);

/**
 * VctDidUpdateNavigationTitleFunc:
 * @title: the title to show, valid during the call
 * @user_data: (closure): the data given to the setter
 *
 * Reports a new navigation title, on the model's context thread: the model's title when a
 * reload starts, a cell's title when it is selected.
 */
typedef void (*VctDidUpdateNavigationTitleFunc) (const char *title,
                                                 gpointer    user_data);

/**
 * vct_table_model_new_with_manager:
 * @api: (transfer none): where photos come from; the model keeps a reference
 *
 * Creates a model bound to the calling thread's thread-default `GMainContext` (the
 * global default context when none was pushed): its callbacks run there.
 *
 * Returns: (transfer full): a new model; free with g_object_unref()
 */
VctTableModel *vct_table_model_new_with_manager (VctApi *api);

/**
 * vct_table_model_factory_instance:
 *
 * Assembles the screen's model with its default API (the original's `VCTable+Factory`):
 * the URI (or absolute path) in the environment variable `VCTABLE_PHOTOS_URL` when set,
 * otherwise the photos fixture installed with VCTable (5000 records), so everything
 * works offline. Bound like [ctor@TableModel.new_with_manager].
 *
 * Returns: (transfer full): a new model; free with g_object_unref()
 */
VctTableModel *vct_table_model_factory_instance (void);

/**
 * vct_table_model_get_title:
 * @model: a model
 *
 * The navigation title the model last reported: "MVVM Table View Example" until a
 * reload or a selection reports another. Call on the context thread.
 *
 * Returns: (transfer none): the title, valid until the title next changes
 */
const char *vct_table_model_get_title (VctTableModel *model);

/**
 * vct_table_model_reload_data:
 * @model: a model
 *
 * Reloads: reports the title reset through `didUpdateNavigationTitle`, fetches through
 * the model's API, then reports `didReloadData` or `didError`. A reload in flight is
 * superseded: it is cancelled (its request may never be sent) and its result is never
 * delivered. Safe from any thread.
 */
void vct_table_model_reload_data (VctTableModel *model);

/**
 * vct_table_model_user_selected_cell:
 * @model: a model
 * @cell: (transfer none): the selected cell
 *
 * Reports @cell's title through `didUpdateNavigationTitle`. Safe from any thread.
 */
void vct_table_model_user_selected_cell (VctTableModel *model,
                                        VctCellData   *cell);

/**
 * vct_table_model_get_n_items:
 * @model: a model
 *
 * How many items the last successful reload delivered (kept after an error). Call on
 * the model's context thread.
 *
 * Returns: the number of items
 */
guint vct_table_model_get_n_items (VctTableModel *model);

/**
 * vct_table_model_get_item:
 * @model: a model
 * @position: an index below [method@TableModel.get_n_items]
 *
 * The item at @position, for a virtualized view. Call on the model's context thread.
 *
 * Returns: (transfer none) (nullable): the item, valid until the next reload is
 *   delivered (g_object_ref() keeps it longer), or %NULL when @position is out of range
 */
VctCellData *vct_table_model_get_item (VctTableModel *model,
                                       guint          position);

/**
 * vct_table_model_is_loading:
 * @model: a model
 *
 * Whether a reload is in flight: %TRUE from the call to [method@TableModel.reload_data]
 * until its outcome is delivered on the context thread (the
 * [property@Screen:loading] property is notified as that change reaches the context).
 *
 * Returns: whether a reload is in flight
 */
gboolean vct_table_model_is_loading (VctTableModel *model);

/**
 * vct_table_model_get_last_error:
 * @model: a model
 *
 * The error of the last reload, when it failed. Call on the model's context thread.
 *
 * Returns: (transfer full) (nullable): a copy of the error in the %VCT_ERROR domain, or
 *   %NULL when the last delivered reload succeeded (or none was delivered)
 */
GError *vct_table_model_get_last_error (VctTableModel *model);

/* The legacy setters (the original's block properties) are documented with their
 * definitions, in vct-table-model.c. */
void vct_table_model_set_did_reload_data (VctTableModel        *model,
                                          VctDidReloadDataFunc  func,
                                          gpointer              user_data,
                                          GDestroyNotify        notify);

void vct_table_model_set_did_error (VctTableModel   *model,
                                    VctDidErrorFunc  func,
                                    gpointer         user_data,
                                    GDestroyNotify   notify);

void vct_table_model_set_did_update_navigation_title (VctTableModel                   *model,
                                                      VctDidUpdateNavigationTitleFunc  func,
                                                      gpointer                         user_data,
                                                      GDestroyNotify                   notify);

#ifdef __BLOCKS__
void vct_table_model_set_did_reload_data_block (VctTableModel *model,
                                                void (^block) (VctCellData *const *items, gsize n_items));

void vct_table_model_set_did_error_block (VctTableModel *model,
                                          void (^block) (const char *message));

void vct_table_model_set_did_update_navigation_title_block (VctTableModel *model,
                                                            void (^block) (const char *title));
#endif

/**
 * vct_table_model_get_list:
 * @model: a model
 *
 * The photo table's rows as a list: one section of [class@PhotoRow] objects (kind
 * "PhotoCellView"). A reload that returns mostly the same photos (by id) reports only the
 * differences as `items-changed`, emitted just before `did-reload-data`; the first load
 * is one insert of everything.
 *
 * Returns: (transfer none): the list, valid while @model lives
 */
VctListModel *vct_table_model_get_list (VctTableModel *model);

G_END_DECLS

#endif /* VCT_TABLE_MODEL_H */
