/* vctable-private.h: the seam between the two halves of libVCTable.so, the C half
 * (Sources/VCTableGObject: GType boilerplate, written as GLib writes it) and the Swift
 * core (Sources/VCTable).
 *
 * Internal: never installed, no part of the API. Programs include <vctable.h>
 * (CInterop/include), which the C half includes too. SwiftPM makes this directory the
 * clang module VCTableGObject (its generated module map), which the Swift core imports
 * with `internal import VCTableGObject`, so nothing declared here reaches the public
 * Swift API.
 *
 * What belongs here: the functions one half calls in the other, each marked
 * G_GNUC_INTERNAL (hidden: linked inside libVCTable.so, never exported, so the
 * symbol check of Tests/C/run.sh keeps the exports equal to vctable.h) and each with
 * a comment saying which half implements it and why it exists. This header is
 * self-contained (GLib only), so the Swift side needs no search path to import it.
 * Nothing crosses yet: the enum types in vct-enum-types.c need nothing from Swift.
 */
#ifndef VCTABLE_PRIVATE_H
#define VCTABLE_PRIVATE_H

/* Only libVCTable itself: its C half (VCTABLE_COMPILATION, Package.swift) or its Swift
 * core (the clang importer defines __swift__). */
#if !defined (VCTABLE_COMPILATION) && !defined (__swift__)
#error "vctable-private.h is internal to libVCTable: include <vctable.h>"
#endif

#include <glib-object.h>

#endif /* VCTABLE_PRIVATE_H */
