/* vct-pixbuf.c: gdk-pixbuf-2.0, loaded when VctImage's class initializes or the first
 * image is decoded, rather than with the library.
 *
 * A program that shows no image (a C program that makes a table model and reads its
 * rows) does not map gdk-pixbuf and the libraries it needs (libpng, libjpeg: about
 * 0.2 MB of peak RSS, `make bench-rss`). As vct-soup.c does for libsoup: the functions
 * the C half calls are looked up with dlsym() once the library is loaded, by its SONAME,
 * on first use. The C half is compiled without gdk-pixbuf's flags (vct-pixbuf.h), so
 * libVCTable.so records no NEEDED entry for it; vctable.pc keeps it in Requires for
 * consumers' headers (the public vct-image.h names GdkPixbuf).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "vct-pixbuf.h"

#include <dlfcn.h>

/* gdk-pixbuf's SONAME: the ABI `pkg-config gdk-pixbuf-2.0` builds against. */
#define VCT_PIXBUF_LIBRARY "libgdk_pixbuf-2.0.so.0"

static VctPixbufFunctions functions;

static gpointer
pixbuf_symbol (gpointer library, const char *name)
{
  gpointer symbol = dlsym (library, name);
  if (symbol == NULL)
    g_error ("VCTable: %s has no %s: %s", VCT_PIXBUF_LIBRARY, name, dlerror ());
  return symbol;
}

/* Loads gdk-pixbuf and fills the table, once (any thread). A missing gdk-pixbuf, a
 * dependency of the library's package, is fatal, as it was when the library linked it. */
const VctPixbufFunctions *
_vct_pixbuf (void)
{
  static gsize loaded = 0;
  if (!g_once_init_enter (&loaded))
    return &functions;
  gpointer library = dlopen (VCT_PIXBUF_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL)
    g_error ("VCTable: cannot load %s, needed for images: %s", VCT_PIXBUF_LIBRARY, dlerror ());
  /* dlsym returns an object pointer; POSIX guarantees it converts to a function pointer. */
#define VCT_PIXBUF_LOAD(field, name) \
  *(gpointer *) (&functions.field) = pixbuf_symbol (library, name)
  VCT_PIXBUF_LOAD (get_type, "gdk_pixbuf_get_type");
  VCT_PIXBUF_LOAD (get_width, "gdk_pixbuf_get_width");
  VCT_PIXBUF_LOAD (get_height, "gdk_pixbuf_get_height");
  VCT_PIXBUF_LOAD (get_byte_length, "gdk_pixbuf_get_byte_length");
  VCT_PIXBUF_LOAD (scale_simple, "gdk_pixbuf_scale_simple");
  VCT_PIXBUF_LOAD (loader_new, "gdk_pixbuf_loader_new");
  VCT_PIXBUF_LOAD (loader_set_size, "gdk_pixbuf_loader_set_size");
  VCT_PIXBUF_LOAD (loader_write, "gdk_pixbuf_loader_write");
  VCT_PIXBUF_LOAD (loader_close, "gdk_pixbuf_loader_close");
  VCT_PIXBUF_LOAD (loader_get_pixbuf, "gdk_pixbuf_loader_get_pixbuf");
#undef VCT_PIXBUF_LOAD
  g_once_init_leave (&loaded, 1);
  return &functions;
}

GType
_vct_pixbuf_get_type (void)
{
  return _vct_pixbuf ()->get_type ();
}
