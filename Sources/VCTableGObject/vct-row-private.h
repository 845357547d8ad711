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

/* VctGenericRow: the class of a row whose view model type has no class of its own (a
 * Swift program's own row type): the base class's `kind` and `role` only. */
G_GNUC_INTERNAL GType _vct_generic_row_get_type (void) G_GNUC_CONST;

G_END_DECLS

#endif /* VCT_ROW_PRIVATE_H */
