/* vct-object.c: GObject weak references, notifies and signal emissions for the Swift core.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The Swift core keeps weak references to the objects it reports to (a list, a row),
 * so that it never keeps them alive, and reads them from whatever thread it runs on:
 * GWeakRef is the thread-safe way, but it is a union Swift cannot lay out, so it lives
 * on the heap here.
 */

#include <vctable.h>

#include "vctable-private.h"

const VctCore *_vct_core_table = NULL;

GWeakRef *
_vct_weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, object);
  return ref;
}

gpointer
_vct_weak_ref_get (GWeakRef *ref)
{
  return g_weak_ref_get (ref);
}

void
_vct_weak_ref_free (GWeakRef *ref)
{
  if (ref == NULL)
    return;
  g_weak_ref_clear (ref);
  g_free (ref);
}

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
