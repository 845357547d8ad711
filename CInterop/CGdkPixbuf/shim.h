/* CGdkPixbuf: gdk-pixbuf-2.0, which decodes the rows' images (Sources/VCTableGObject/
 * vct-image-decode.c) and is how a decoded image reaches C (GdkPixbuf). Only the C half
 * includes it; the Swift core holds a decoded image as an opaque GObject pointer. */
#ifndef VCTABLE_CGDKPIXBUF_SHIM_H
#define VCTABLE_CGDKPIXBUF_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>

#endif
