/* vct-table-callbacks.h: a table model's legacy callback slots (C half only).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#ifndef VCT_TABLE_CALLBACKS_H
#define VCT_TABLE_CALLBACKS_H

#include <vctable.h>

#include "vctable-private.h"

G_BEGIN_DECLS

/* The three slots: the original's blocks. */
typedef enum {
  SLOT_DID_RELOAD_DATA,
  SLOT_DID_ERROR,
  SLOT_DID_UPDATE_NAVIGATION_TITLE,
  N_SLOTS
} Slot;

/* VctTableModelCallbacks: the legacy callback slots of one model
 * (vct_table_model_set_did_*), with a reference count of their own: they outlive a
 * callback that drops the model's last reference. After a setter returns, the callback it
 * replaced is never called again (vct-table-callbacks.c). */
typedef struct _VctTableModelCallbacks VctTableModelCallbacks;

G_GNUC_INTERNAL VctTableModelCallbacks *_vct_table_callbacks_new   (void);
G_GNUC_INTERNAL VctTableModelCallbacks *_vct_table_callbacks_ref   (VctTableModelCallbacks *callbacks);
G_GNUC_INTERNAL void                    _vct_table_callbacks_unref (VctTableModelCallbacks *callbacks);
/* Sets @slot to @func (NULL clears it); the previous callback's notify runs now or, when
 * it is running on this thread, as it returns. A NULL @func's @notify runs at once. */
G_GNUC_INTERNAL void _vct_table_callbacks_set (VctTableModelCallbacks *callbacks, Slot slot, GCallback func,
                                               gpointer user_data, GDestroyNotify notify);
/* The model's dispose: every slot cleared for good, no callback runs again. */
G_GNUC_INTERNAL void _vct_table_callbacks_dispose (VctTableModelCallbacks *callbacks);
/* Calls the callback of @report (VCT_TABLE_MODEL_REPORT_TITLE or _ERROR with @text,
 * _RELOADED with @items), if one is set and the model is not disposed. */
G_GNUC_INTERNAL void _vct_table_callbacks_call (VctTableModelCallbacks *callbacks, VctTableModelReport report,
                                                const char *text, gpointer *items, gsize n_items);
/* Whether a didReloadData callback is set now. */
G_GNUC_INTERNAL gboolean _vct_table_callbacks_has_reload (VctTableModelCallbacks *callbacks);

G_END_DECLS

#endif /* VCT_TABLE_CALLBACKS_H */
