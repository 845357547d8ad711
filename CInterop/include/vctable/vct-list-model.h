/* vct-list-model.h: VctListModel, a screen's rows as a GListModel.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * With the legacy sectioned getters and their change callbacks.
 */

#ifndef VCT_LIST_MODEL_H
#define VCT_LIST_MODEL_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
#include <vctable/vct-row.h>

G_BEGIN_DECLS

/**
 * VctListModel:
 *
 * The rows of a screen as a [iface@Gio.ListModel] of [class@Row] objects, ready for
 * `GtkListView` (`gtk_no_selection_new (g_object_ref (G_LIST_MODEL (list)))`).
 *
 * The list is sectioned; its flat order is, section by section, the header (if any), the
 * rows, the footer (if any), and [method@ListModel.get_section] tells where each section
 * starts and ends. A reload is reported as the fewest `items-changed` runs the diff
 * finds: applied in order they turn a consumer's copy into the new list, and while each
 * one is emitted the list reads as that run has left it (GTK's rule), so a view may read
 * items inside its handler. A row whose content changes but whose identity stays (same
 * photo id, same member) keeps its object and is reported as `notify` on that object,
 * not as a remove and an add.
 *
 * Row objects are made on demand by g_list_model_get_item() and cached weakly: the list
 * keeps no row alive, so a reload of 100 000 photos makes no 100 000 objects, and a view
 * holding a row gets the same object back while the row's identity stays.
 *
 * Signals and `notify` are emitted on the list's context thread (the thread-default
 * context of the thread that created its model); read it there too.
 *
 * The sectioned getters and callbacks below ([method@ListModel.get_item],
 * [method@ListModel.set_items_changed], [method@ListModel.bind], …) are the API before
 * `GListModel`: they stay until the demo and the screens have moved to the flat list.
 */
#define VCT_TYPE_LIST_MODEL (vct_list_model_get_type ())
G_DECLARE_FINAL_TYPE (VctListModel, vct_list_model, VCT, LIST_MODEL, GObject)

/**
 * vct_list_model_get_section:
 * @list: a list
 * @position: a flat position (less than the list's `n-items`)
 * @out_start: (out) (optional): the flat position of the section's first item
 * @out_end: (out) (optional): the flat position just after the section's last item
 *
 * The half-open range `[start, end)` of the section that holds @position, as GTK
 * 4.12's `gtk_section_model_get_section()` answers. For a @position past the end, both
 * are the item count (GTK's rule).
 *
 * Returns: the index of the section, or the section count when @position is past the end
 */
guint vct_list_model_get_section (VctListModel *list,
                                  guint         position,
                                  guint        *out_start,
                                  guint        *out_end);

/**
 * VctSectionsChangedFunc:
 * @position: the first section that changed
 * @removed: how many sections were removed there
 * @added: how many sections were added there (each with all its rows)
 * @user_data: (closure): the data given to the setter
 *
 * One contiguous run of section changes. A batch's section runs come first, in an order
 * a consumer can apply one by one to its own copy.
 */
typedef void (*VctSectionsChangedFunc) (guint    position,
                                        guint    removed,
                                        guint    added,
                                        gpointer user_data);

/**
 * VctItemsChangedFunc:
 * @section: the section, in the list's current numbering
 * @position: the first row that changed
 * @removed: how many rows were removed there
 * @added: how many rows were added there
 * @user_data: (closure): the data given to the setter
 *
 * One contiguous run of row changes, as `GListModel::items-changed` reports it. Applied
 * in order after the batch's section runs, they turn a consumer's copy into the new list;
 * the added rows are the list's rows at @position … @position + @added - 1 now.
 */
typedef void (*VctItemsChangedFunc) (guint    section,
                                     guint    position,
                                     guint    removed,
                                     guint    added,
                                     gpointer user_data);

/**
 * VctSectionUpdatedFunc:
 * @section: the section whose header or footer changed content in place
 * @user_data: (closure): the data given to the setter
 */
typedef void (*VctSectionUpdatedFunc) (guint    section,
                                       gpointer user_data);

/**
 * VctItemUpdatedFunc:
 * @section: the row's section
 * @position: the row whose content changed in place (same identity): redraw only it
 * @user_data: (closure): the data given to the setter
 */
typedef void (*VctItemUpdatedFunc) (guint    section,
                                    guint    position,
                                    gpointer user_data);

/**
 * vct_list_model_ref:
 * @list: a list
 *
 * Adds a reference. Safe from any thread.
 *
 * Returns: (transfer full): @list
 */
VctListModel *vct_list_model_ref (VctListModel *list);

/**
 * vct_list_model_unref:
 * @list: (nullable) (transfer full): a list, or %NULL
 *
 * Drops a reference; the last one (counting the reference its owning model holds) runs
 * every callback's and binding's notify and delivers nothing afterwards.
 */
void vct_list_model_unref (VctListModel *list);

/**
 * vct_list_model_get_n_sections:
 * @list: a list
 *
 * Returns: how many sections the view has been told about
 */
guint vct_list_model_get_n_sections (VctListModel *list);

/**
 * vct_list_model_get_n_items:
 * @list: a list
 * @section: a section index
 *
 * Returns: how many rows @section has (0 when out of range)
 */
guint vct_list_model_get_n_items (VctListModel *list,
                                  guint         section);

/**
 * vct_list_model_get_item:
 * @list: a list
 * @section: a section index
 * @position: a row index
 *
 * Returns: (transfer none) (nullable): the row, valid until the next change batch is
 *   delivered ([method@Row.ref] to keep it), or %NULL when out of range
 */
VctRow *vct_list_model_get_item (VctListModel *list,
                                 guint         section,
                                 guint         position);

/**
 * vct_list_model_get_header:
 * @list: a list
 * @section: a section index
 *
 * Returns: (transfer none) (nullable): the section's header, or %NULL
 */
VctRow *vct_list_model_get_header (VctListModel *list,
                                   guint         section);

/**
 * vct_list_model_get_footer:
 * @list: a list
 * @section: a section index
 *
 * Returns: (transfer none) (nullable): the section's footer, or %NULL
 */
VctRow *vct_list_model_get_footer (VctListModel *list,
                                   guint         section);

/**
 * vct_list_model_select:
 * @list: a list
 * @section: a section index
 * @position: a row index
 *
 * Reports "row selected" to the row's view model, which decides what happens (the photo
 * table's row changes the navigation title). Call on the context thread.
 *
 * Returns: %FALSE when the position is out of range
 */
gboolean vct_list_model_select (VctListModel *list,
                                guint         section,
                                guint         position);

/**
 * vct_list_model_press:
 * @list: a list
 * @section: a section index
 * @position: a row index
 *
 * Reports "the row's control was pressed" (a follow button) to the row's view model.
 *
 * Returns: %FALSE when the position is out of range
 */
gboolean vct_list_model_press (VctListModel *list,
                               guint         section,
                               guint         position);

/**
 * vct_list_model_set_sections_changed:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the section-runs callback; same rules as [method@TableModel.set_did_reload_data].
 */
void vct_list_model_set_sections_changed (VctListModel           *list,
                                          VctSectionsChangedFunc  func,
                                          gpointer                user_data,
                                          GDestroyNotify          notify);

/**
 * vct_list_model_set_items_changed:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the row-runs callback (`items-changed`); same rules as
 * [method@TableModel.set_did_reload_data].
 */
void vct_list_model_set_items_changed (VctListModel        *list,
                                       VctItemsChangedFunc  func,
                                       gpointer             user_data,
                                       GDestroyNotify       notify);

/**
 * vct_list_model_set_section_updated:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the header/footer-updated callback.
 */
void vct_list_model_set_section_updated (VctListModel          *list,
                                         VctSectionUpdatedFunc  func,
                                         gpointer               user_data,
                                         GDestroyNotify         notify);

/**
 * vct_list_model_set_item_updated:
 * @list: a list
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the row-updated-in-place callback: redraw only that row.
 */
void vct_list_model_set_item_updated (VctListModel       *list,
                                      VctItemUpdatedFunc  func,
                                      gpointer            user_data,
                                      GDestroyNotify      notify);

/**
 * vct_list_model_bind:
 * @list: a list
 * @widget: (not nullable): your recycled widget (any pointer identifying it)
 * @section: a section index
 * @position: a row index
 * @func: (scope notified) (closure user_data): called now with a %NULL property, then on
 *   every property change of the row
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Binds the row at (@section, @position) to @widget, ending @widget's previous binding
 * first, so no change of the row it showed before reaches it. The binding ends at
 * [method@ListModel.unbind], at the next bind of @widget, or when the list is finalized;
 * @notify runs exactly once then. Call on the context thread.
 *
 * Returns: %FALSE (having run @notify) when the position is out of range
 */
gboolean vct_list_model_bind (VctListModel      *list,
                              gpointer           widget,
                              guint              section,
                              guint              position,
                              VctRowChangedFunc  func,
                              gpointer           user_data,
                              GDestroyNotify     notify);

/**
 * vct_list_model_unbind:
 * @list: a list
 * @widget: a widget given to [method@ListModel.bind]
 *
 * Ends @widget's binding; its notify runs now. Call on the context thread.
 *
 * Returns: whether @widget was bound
 */
gboolean vct_list_model_unbind (VctListModel *list,
                                gpointer      widget);

G_END_DECLS

#endif /* VCT_LIST_MODEL_H */
