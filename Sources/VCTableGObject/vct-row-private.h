/* vct-row-private.h: what VctRow gives its subclasses (C half only).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#ifndef VCT_ROW_PRIVATE_H
#define VCT_ROW_PRIVATE_H

#include <vctable.h>

G_BEGIN_DECLS

/* Installs @pspecs (read-only, kebab-case) on a VctRow subclass: each reads, and
 * notifies for, the row view model's property of the same name in camelCase. */
G_GNUC_INTERNAL void _vct_row_class_install_core_properties (GObjectClass *object_class,
                                                             GParamSpec  **pspecs,
                                                             guint         n_pspecs);

/* An image property (a VctImage, read-only) for _vct_row_class_install_core_properties:
 * the row's image of its view model's URL property @url_property (kebab-case), made on
 * first read (a VctImage of the default loader, on the reading thread's context) and
 * kept by the row; its URI follows the view model's whenever the row changes. */
G_GNUC_INTERNAL GParamSpec *_vct_row_image_property (const char *name,
                                                     const char *url_property);

/* VctGenericRow: the class of a row whose view model type has no class of its own (a
 * Swift program's own row type): the base class's `kind` and `role` only. */
G_GNUC_INTERNAL GType _vct_generic_row_get_type (void) G_GNUC_CONST;

G_END_DECLS

#endif /* VCT_ROW_PRIVATE_H */
