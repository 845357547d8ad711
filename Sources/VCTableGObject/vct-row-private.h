/* vct-row-private.h: what VctRow gives its subclasses (C half only).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#ifndef VCT_ROW_PRIVATE_H
#define VCT_ROW_PRIVATE_H

#include <vctable.h>

#include "vctable-private.h"

G_BEGIN_DECLS

/* Installs, on the VctRow subclass of @class_id, the properties vct-row-properties.h
 * declares for it (read-only; each read from the row view model by its key). */
G_GNUC_INTERNAL void _vct_row_class_install_properties (GObjectClass  *object_class,
                                                        VctRowClassId  class_id);

/* A new reference to @record. Any thread. */
G_GNUC_INTERNAL VctRowRecord *_vct_row_record_ref (VctRowRecord *record);

/* A new row object of @record's class showing @record (a reference is taken), of the
 * list whose token is @token (a reference is taken; NULL: of no list), found last at
 * @position. Transfer full. */
G_GNUC_INTERNAL VctRow *_vct_row_new_for_list (VctRowRecord *record, gpointer token, guint position);

/* The record @row shows (borrowed). On its list's context thread, which alone writes it. */
G_GNUC_INTERNAL VctRowRecord *_vct_row_peek_record (VctRow *row);

/* @row shows @record from now on (a reference is taken); with @notify, it notifies each
 * property whose value differs from the record it showed, in declaration order (an image
 * whose URL changed follows it). On its list's context thread. */
G_GNUC_INTERNAL void _vct_row_show (VctRow *row, VctRowRecord *record, gboolean notify);

/* Around a list's delivery, on its thread: live rows (VctRowRecord.core) read their
 * records meanwhile, and the view models of the records freed meanwhile are released
 * once the outermost delivery ends. */
G_GNUC_INTERNAL void _vct_row_delivery_begin (void);
G_GNUC_INTERNAL void _vct_row_delivery_end   (void);

/* A probe object of its list (only the list holds it) shows @record from now on, borrowed:
 * no reference, no lock, no notify, while the batch that holds @record is emitted;
 * _vct_row_own takes a reference, before anything else may hold @row past that batch. */
G_GNUC_INTERNAL void _vct_row_point (VctRow *row, VctRowRecord *record);
G_GNUC_INTERNAL void _vct_row_own   (VctRow *row);

/* Where @row's list last found it (a hint the list checks). */
G_GNUC_INTERNAL guint _vct_row_get_position_hint (VctRow *row);
G_GNUC_INTERNAL void  _vct_row_set_position_hint (VctRow *row, guint position);

/* vct-list-model.c: VctListToken, what a list's row objects hold of it: a weak
 * reference to the list, shared by all of them (one GWeakRef per row object would make
 * each one's finalize walk the list's weak locations). */
G_GNUC_INTERNAL gpointer _vct_list_token_ref   (gpointer token);
G_GNUC_INTERNAL void     _vct_list_token_unref (gpointer token);
/* Routes @action of @row to the view model at its place in the list, if the list lives
 * and holds @row; nothing otherwise. */
G_GNUC_INTERNAL void     _vct_list_token_act   (gpointer token, VctRow *row, VctRowAction action);

/* VctGenericRow: the class of a row whose view model type has no class of its own (a
 * Swift program's own row type): the base class's `kind` and `role` only. */
G_GNUC_INTERNAL GType _vct_generic_row_get_type (void) G_GNUC_CONST;

G_END_DECLS

#endif /* VCT_ROW_PRIVATE_H */
