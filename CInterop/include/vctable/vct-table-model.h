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

VctTableModel *vct_table_model_new_with_manager (VctApi *api);

VctTableModel *vct_table_model_factory_instance (void);

const char *vct_table_model_get_title (VctTableModel *model);

void vct_table_model_reload_data (VctTableModel *model);

void vct_table_model_user_selected_cell (VctTableModel *model,
                                        VctCellData   *cell);

guint vct_table_model_get_n_items (VctTableModel *model);

VctCellData *vct_table_model_get_item (VctTableModel *model,
                                       guint          position);

gboolean vct_table_model_is_loading (VctTableModel *model);

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

VctListModel *vct_table_model_get_list (VctTableModel *model);

G_END_DECLS

#endif /* VCT_TABLE_MODEL_H */
