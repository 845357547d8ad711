/* vct-library.c: a system library loaded on first use (vct-library.h).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "vct-library.h"

#include <dlfcn.h>

void
_vct_library_load (gsize                  *loaded,
                   const char             *soname,
                   const char             *purpose,
                   const VctLibrarySymbol *symbols,
                   gsize                   n_symbols)
{
  gpointer library;

  if (!g_once_init_enter (loaded))
    return;
  library = dlopen (soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL)
    g_error ("VCTable: cannot load %s, needed for %s: %s", soname, purpose, dlerror ());
  for (gsize i = 0; i < n_symbols; i++)
    {
      gpointer symbol = dlsym (library, symbols[i].name);

      if (symbol == NULL)
        g_error ("VCTable: %s has no %s: %s", soname, symbols[i].name, dlerror ());
      *symbols[i].slot = symbol;
    }
  g_once_init_leave (loaded, 1);
}
