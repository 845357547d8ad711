/* vct-object.c: notifies and signal emissions for the Swift core, and the core table
 * once read.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include <vctable.h>

#include "vctable-private.h"

const VctCore *_vct_core_table = NULL;

void
_vct_object_notify (gpointer object, const char *property)
{
  g_object_notify (object, property);
}

void
_vct_object_emit (gpointer object, const char *signal)
{
  g_signal_emit_by_name (object, signal);
}

void
_vct_object_emit_object (gpointer object, const char *signal, gpointer argument)
{
  g_signal_emit_by_name (object, signal, argument);
}
