/* vct-list-model.h: VctListModel, a screen's rows as a GListModel.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
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
 * starts and ends. Rows are also numbered across sections, headers and footers not
 * counted ([method@ListModel.get_row_position] and [method@ListModel.get_row_index] map
 * those numbers to flat positions), and [method@ListModel.find] tells where a row object
 * is now. A reload is reported as the fewest `items-changed` runs the diff
 * finds when they are few (at most 8), else as one run covering them, the unchanged rows
 * before and after it left out (as `GtkSortListModel` does): what a view pays less for.
 * Applied in order the runs turn a consumer's copy into the new list, and while each one
 * is emitted the list reads as that run has left it (GTK's rule), so a view may read
 * items inside its handler. A row whose content changes but whose identity stays (same
 * photo id, same member) keeps its object and is reported as `notify` on that object,
 * not as a remove and an add. Once a batch of changes is out (its runs and its rows'
 * `notify`), the list emits [signal@ListModel::changes-done], once per batch: where a
 * view that redraws once per batch does so.
 *
 * Every position has its own row object, made on demand by g_list_model_get_item() and
 * held weakly: the list keeps no row alive, so a reload of 100 000 photos makes no
 * 100 000 objects. (For a moment after a reload that moves many rows, 100 ms or until
 * the next one, the list holds the row objects alive then and those of the positions
 * a view held before it, so that the view's next layout neither finalizes nor makes
 * them: an object a view drops then is finalized a little later, on the list's context
 * thread.) An object is never at two positions, even when a document repeats an id. A
 * view holding an object gets it back at the row's new position after a reload: moved
 * rows follow the diff, which pairs the k-th row with an id before the reload with the
 * k-th row with that id after it. An object nobody holds may be handed out again,
 * for another row, while a reload is being emitted.
 *
 * Signals and `notify` are emitted on the list's context thread (the thread-default
 * context of the thread that created its model); read it there too. (On another thread,
 * g_list_model_get_item() waits while the context thread emits a batch's `items-changed`,
 * and answers once the list reads as the new one.)
 *
 * The model that made the list holds a reference to it, and the list does not keep the
 * model alive: a reference of your own (g_object_ref()) keeps the list past its model.
 *
 * A selection or a press goes to the row object: [method@Row.select], [method@Row.press].
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
 * are the item count (GTK's rule). Inside an `items-changed` handler, sections read as
 * the runs so far have left the list, as its items do; inside the batch's last run,
 * as the list is at rest.
 *
 * Returns: the index of the section, or the section count when @position is past the end
 */
guint vct_list_model_get_section (VctListModel *list,
                                  guint         position,
                                  guint        *out_start,
                                  guint        *out_end);

/**
 * vct_list_model_get_n_sections:
 * @list: a list
 *
 * How many sections the list has; inside an `items-changed` handler, as the runs so far
 * have left the list (as [method@ListModel.get_section] answers). Call on the list's
 * context thread.
 *
 * Returns: how many sections the list has
 */
guint vct_list_model_get_n_sections (VctListModel *list);

guint vct_list_model_get_n_rows (VctListModel *list);

guint vct_list_model_get_row_position (VctListModel *list,
                                       guint         row,
                                       guint        *out_section);

guint vct_list_model_get_row_index (VctListModel *list,
                                    guint         position,
                                    gboolean     *out_is_row);

gboolean vct_list_model_find (VctListModel *list,
                              VctRow       *row,
                              guint        *out_position);

G_END_DECLS

#endif /* VCT_LIST_MODEL_H */
