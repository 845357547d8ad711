/* vct-pixbuf.c: gdk-pixbuf-2.0, loaded when VctImage's class initializes or the first
 * image is decoded, rather than with the library.
 *
 * A program that shows no image (a C program that makes a table model and reads its
 * rows) does not map gdk-pixbuf and the libraries it needs (libpng, libjpeg: about
 * 0.2 MB of peak RSS, `make bench-rss`). As vct-soup.c does for libsoup: the library is
 * loaded by its SONAME on first use and the functions the C half calls found there
 * (vct-library.c). The C half is compiled without gdk-pixbuf's flags (vct-pixbuf.h), so
 * libVCTable.so records no NEEDED entry for it; vctable.pc keeps it in Requires for
 * consumers' headers (the public vct-image.h names GdkPixbuf).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "vct-pixbuf.h"
#include "vct-library.h"

/* gdk-pixbuf's SONAME: the ABI `pkg-config gdk-pixbuf-2.0` builds against. */
#define VCT_PIXBUF_LIBRARY "libgdk_pixbuf-2.0.so.0"

static VctPixbufFunctions functions;

#define PIXBUF_SYMBOL(field, name) { name, (gpointer *) &functions.field }

static const VctLibrarySymbol pixbuf_symbols[] = {
  PIXBUF_SYMBOL (get_type, "gdk_pixbuf_get_type"),
  PIXBUF_SYMBOL (get_width, "gdk_pixbuf_get_width"),
  PIXBUF_SYMBOL (get_height, "gdk_pixbuf_get_height"),
  PIXBUF_SYMBOL (get_byte_length, "gdk_pixbuf_get_byte_length"),
  PIXBUF_SYMBOL (scale_simple, "gdk_pixbuf_scale_simple"),
  PIXBUF_SYMBOL (loader_new, "gdk_pixbuf_loader_new"),
  PIXBUF_SYMBOL (loader_set_size, "gdk_pixbuf_loader_set_size"),
  PIXBUF_SYMBOL (loader_write, "gdk_pixbuf_loader_write"),
  PIXBUF_SYMBOL (loader_close, "gdk_pixbuf_loader_close"),
  PIXBUF_SYMBOL (loader_get_pixbuf, "gdk_pixbuf_loader_get_pixbuf"),
};

/* Loads gdk-pixbuf and fills the table, once (any thread). */
const VctPixbufFunctions *
_vct_pixbuf (void)
{
  static gsize loaded = 0;

  _vct_library_load (&loaded, VCT_PIXBUF_LIBRARY, "images", pixbuf_symbols, G_N_ELEMENTS (pixbuf_symbols));
  return &functions;
}

GType
_vct_pixbuf_get_type (void)
{
  return _vct_pixbuf ()->get_type ();
}
