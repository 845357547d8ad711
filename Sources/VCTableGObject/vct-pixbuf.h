/* vct-pixbuf.h: the gdk-pixbuf functions the C half calls, through vct-pixbuf.c, which
 * loads gdk-pixbuf (dlopen) on first use. gdk-pixbuf's headers are not included (the C
 * half is compiled without its flags, so libVCTable.so links no gdk-pixbuf): its types
 * are opaque here (GdkPixbuf from vct-image.h) and the one enumeration value used is
 * spelled out, as vct-soup.c does for libsoup. Only the C half includes this header (not
 * vctable-private.h, which the Swift core imports).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#ifndef VCT_PIXBUF_H
#define VCT_PIXBUF_H

#include <vctable.h>

G_BEGIN_DECLS

typedef struct _GdkPixbufLoader GdkPixbufLoader;
#ifndef GDK_PIXBUF_H
/* gdk-pixbuf's own headers define it when they are on the include path. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GdkPixbufLoader, g_object_unref)
#endif

/* GDK_INTERP_BILINEAR, stable across gdk-pixbuf 2. */
#define VCT_PIXBUF_INTERP_BILINEAR 2

typedef struct
{
  GType            (*get_type)          (void);
  int              (*get_width)         (const GdkPixbuf *pixbuf);
  int              (*get_height)        (const GdkPixbuf *pixbuf);
  gsize            (*get_byte_length)   (const GdkPixbuf *pixbuf);
  GdkPixbuf       *(*scale_simple)      (const GdkPixbuf *src, int dest_width, int dest_height,
                                         int interp_type);
  GdkPixbufLoader *(*loader_new)        (void);
  void             (*loader_set_size)   (GdkPixbufLoader *loader, int width, int height);
  gboolean         (*loader_write)      (GdkPixbufLoader *loader, const guchar *buf, gsize count,
                                         GError **error);
  gboolean         (*loader_close)      (GdkPixbufLoader *loader, GError **error);
  GdkPixbuf       *(*loader_get_pixbuf) (GdkPixbufLoader *loader);
} VctPixbufFunctions;

/* gdk-pixbuf's functions, the library loaded on the first call (any thread). */
G_GNUC_INTERNAL const VctPixbufFunctions *_vct_pixbuf (void);

/* GDK_TYPE_PIXBUF, gdk-pixbuf loaded first. */
G_GNUC_INTERNAL GType _vct_pixbuf_get_type (void);

G_END_DECLS

#endif /* VCT_PIXBUF_H */
