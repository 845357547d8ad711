/* vct-library.h: a system library loaded on first use (dlopen), its functions found by
 * name: how the C half calls libsoup (vct-soup.c) and gdk-pixbuf (vct-pixbuf.c) without
 * linking them, so a program that never needs them does not map them. C half only.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#ifndef VCT_LIBRARY_H
#define VCT_LIBRARY_H

#include <glib.h>

G_BEGIN_DECLS

/* A function to find: its name, and the function pointer of a table it goes into (cast to
 * gpointer *: dlsym returns an object pointer, which POSIX guarantees converts to a
 * function pointer). */
typedef struct
{
  const char *name;
  gpointer   *slot;
} VctLibrarySymbol;

/* Loads @soname and fills each of @symbols' slots, once per @loaded (a static gsize, 0 at
 * first), from any thread. A library or a function that is missing is fatal (g_error,
 * naming it and @purpose): it is a dependency of the library's package, and a program
 * linked against it could not have started. */
G_GNUC_INTERNAL void _vct_library_load (gsize                  *loaded,
                                        const char             *soname,
                                        const char             *purpose,
                                        const VctLibrarySymbol *symbols,
                                        gsize                   n_symbols);

G_END_DECLS

#endif /* VCT_LIBRARY_H */
