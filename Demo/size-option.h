/* size-option.h: the --max-body-size value of vctable-demo and vctable-gtk.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean vct_demo_parse_size (const char *text,
                              gsize      *size);

G_END_DECLS
