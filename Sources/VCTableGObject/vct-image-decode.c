/* vct-image-decode.c: an encoded image (PNG, JPEG, GIF, …) to a GdkPixbuf at the size a
 * view asks for, for the Swift image pipeline (Sources/VCTable/Images/ImageDecoder.swift),
 * which calls it off the loop.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A GdkPixbufLoader learns the image's dimensions from its header and emits
 * `size-prepared` before it allocates the pixels. There the dimensions are checked
 * against the pixel limit (a decompression bomb claims enormous ones in a few bytes);
 * over it, the handler sets the size to 0×0, which tells the module it will be closed
 * and must allocate nothing (`GdkPixbufModuleSizeFunc`), and no more bytes are written.
 *
 * A truncated image is refused too: gdk-pixbuf's PNG loader closes without an error on
 * a body cut short and hands out the rows it had (as a browser shows a partial image),
 * so the rows the loader reported (`area-updated`) must reach the image's last row. The
 * loader reports them only when it does not scale, so the image is decoded at its own
 * size, then scaled down (bilinear) to the largest size that fits the requested box,
 * keeping the aspect ratio and never enlarging.
 *
 * gdk-pixbuf is called through _vct_pixbuf () (vct-pixbuf.c), which loads it on first use.
 */

#include "vct-pixbuf.h"

#include <vctable.h>

#include "vctable-private.h"

#define VCT_IMAGE_DECODE_CHUNK (16 * 1024)

typedef struct {
  gint64  max_pixels;
  int     width;       /* the image's own, once known */
  int     height;
  int     rows_done;   /* the bottom of the lowest area the loader reported */
  gboolean too_large;
} VctImageDecode;

static void
vct_image_decode_on_size (GdkPixbufLoader *loader,
                          int              width,
                          int              height,
                          gpointer         user_data)
{
  VctImageDecode *decode = user_data;

  decode->width = width;
  decode->height = height;
  if (width <= 0 || height <= 0 || (gint64) width * (gint64) height > decode->max_pixels)
    {
      decode->too_large = TRUE;
      _vct_pixbuf ()->loader_set_size (loader, 0, 0);
    }
}

static void
vct_image_decode_on_update (GdkPixbufLoader *loader,
                            int              x,
                            int              y,
                            int              width,
                            int              height,
                            gpointer         user_data)
{
  VctImageDecode *decode = user_data;

  (void) loader;
  (void) x;
  (void) width;
  decode->rows_done = MAX (decode->rows_done, y + height);
}

/* @pixbuf scaled down to fit @max_width × @max_height (0: unbounded), or a new
 * reference to it when it fits. */
static GdkPixbuf *
vct_image_decode_fit (GdkPixbuf *pixbuf,
                      int        max_width,
                      int        max_height)
{
  int width = _vct_pixbuf ()->get_width (pixbuf);
  int height = _vct_pixbuf ()->get_height (pixbuf);
  double scale = 1.0;

  if (max_width > 0 && width > max_width)
    scale = MIN (scale, (double) max_width / width);
  if (max_height > 0 && height > max_height)
    scale = MIN (scale, (double) max_height / height);
  if (scale >= 1.0)
    return g_object_ref (pixbuf);
  return _vct_pixbuf ()->scale_simple (pixbuf,
                                       MAX (1, (int) (width * scale + 0.5)),
                                       MAX (1, (int) (height * scale + 0.5)),
                                       VCT_PIXBUF_INTERP_BILINEAR);
}

/* Decodes @length bytes at @data; the result fits @max_width × @max_height (0: no bound
 * on that side). Images of more than @max_pixels pixels are refused before decoding with
 * VCT_ERROR_IMAGE_TOO_LARGE; bytes that are no image, or a truncated or corrupt one, give
 * VCT_ERROR_INVALID_IMAGE. @uri only names the image in messages. Any thread. */
gpointer
_vct_image_decode (const guint8  *data,
                   gsize          length,
                   int            max_width,
                   int            max_height,
                   gint64         max_pixels,
                   const char    *uri,
                   GError       **error)
{
  g_autoptr(GdkPixbufLoader) loader = NULL;
  g_autoptr(GError) local_error = NULL;
  VctImageDecode decode = { max_pixels, 0, 0, 0, FALSE };
  gboolean failed = FALSE;
  GdkPixbuf *pixbuf;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length == 0)
    {
      g_set_error (error, VCT_ERROR, VCT_ERROR_INVALID_IMAGE, "The image at %s is empty.", uri);
      return NULL;
    }
  loader = _vct_pixbuf ()->loader_new ();
  g_signal_connect (loader, "size-prepared", G_CALLBACK (vct_image_decode_on_size), &decode);
  g_signal_connect (loader, "area-updated", G_CALLBACK (vct_image_decode_on_update), &decode);
  for (gsize offset = 0; offset < length && !decode.too_large && !failed; )
    {
      gsize count = MIN (length - offset, VCT_IMAGE_DECODE_CHUNK);

      failed = !_vct_pixbuf ()->loader_write (loader, data + offset, count, &local_error);
      offset += count;
    }
  /* The loader wants closing whatever happened (it warns when finalized open). */
  if (!_vct_pixbuf ()->loader_close (loader, failed || decode.too_large ? NULL : &local_error))
    failed = TRUE;
  if (decode.too_large)
    {
      g_set_error (error, VCT_ERROR, VCT_ERROR_IMAGE_TOO_LARGE,
                   "The image at %s is %d × %d pixels, over the limit of %" G_GINT64_FORMAT " pixels.",
                   uri, decode.width, decode.height, max_pixels);
      return NULL;
    }
  pixbuf = failed ? NULL : _vct_pixbuf ()->loader_get_pixbuf (loader);
  if (pixbuf == NULL)
    {
      g_set_error (error, VCT_ERROR, VCT_ERROR_INVALID_IMAGE, "The data at %s is not a whole image: %s",
                   uri, local_error != NULL ? local_error->message : "no image was decoded.");
      return NULL;
    }
  if (decode.rows_done < _vct_pixbuf ()->get_height (pixbuf))
    {
      g_set_error (error, VCT_ERROR, VCT_ERROR_INVALID_IMAGE,
                   "The image at %s is truncated: %d of its %d rows arrived.",
                   uri, decode.rows_done, _vct_pixbuf ()->get_height (pixbuf));
      return NULL;
    }
  return vct_image_decode_fit (pixbuf, max_width, max_height);
}

/* The facts of @pixbuf the Swift core keeps (it holds the pixbuf opaquely). */
void
_vct_image_pixbuf_describe (gpointer  pixbuf,
                            int      *width,
                            int      *height,
                            gsize    *byte_length)
{
  *width = _vct_pixbuf ()->get_width (pixbuf);
  *height = _vct_pixbuf ()->get_height (pixbuf);
  *byte_length = _vct_pixbuf ()->get_byte_length (pixbuf);
}
