/* fuzz_image.c: libFuzzer over the image decode path (vct-image-decode.c, the C half the
 * Swift ImageDecoder calls off the loop): any bytes give either a pixbuf that fits the
 * box asked for, or a VCT_ERROR (not an image, truncated, or over the pixel limit checked
 * from the header before decoding), and never a crash, a leak or an allocation past the
 * limit (ASan; -rss_limit_mb in run.sh).
 *
 * Built by Fuzz/run.sh from vct-image-decode.c and vct-error.c themselves, with
 * -fsanitize=fuzzer,address; gdk-pixbuf's loaders are the system's.
 */

#include <stdio.h>
#include <stdlib.h>

#include <vctable.h>

#include "vctable-private.h"

/* The box a list's thumbnail asks for, and a pixel limit low enough that a header
 * claiming more is refused at once (4 Mpx: 16 MiB of RGBA at most). */
#define BOX 64
#define MAX_PIXELS (4 * 1000 * 1000)

static void
contract (gboolean holds, const char *what)
{
  if (!holds)
    {
      fprintf (stderr, "contract broken: %s\n", what);
      abort ();
    }
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = _vct_image_decode (data, size, BOX, BOX, MAX_PIXELS, "fuzz://input", &error);

  if (pixbuf != NULL)
    {
      contract (error == NULL, "a pixbuf and an error");
      contract (gdk_pixbuf_get_width (pixbuf) >= 1 && gdk_pixbuf_get_width (pixbuf) <= BOX, "width within the box");
      contract (gdk_pixbuf_get_height (pixbuf) >= 1 && gdk_pixbuf_get_height (pixbuf) <= BOX, "height within the box");
    }
  else
    {
      contract (error != NULL, "no pixbuf and no error");
      contract (error->domain == VCT_ERROR, "an error outside VCT_ERROR");
      contract (error->code == VCT_ERROR_INVALID_IMAGE || error->code == VCT_ERROR_IMAGE_TOO_LARGE,
                "an error code other than invalid-image or image-too-large");
      contract (error->message != NULL && error->message[0] != '\0', "an empty message");
    }
  return 0;
}
