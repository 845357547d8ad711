/* vct-image.h: VctImage, the image of a row (the Swift AsyncImage), and VctImageLoader,
 * the pipeline that loads, caches and shares images.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_IMAGE_H
#define VCT_IMAGE_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>
/* GdkPixbuf comes from gdk-pixbuf (vctable.pc requires it). A program built with GLib's
 * flags alone still compiles this header: the type is then only declared, and a program
 * that uses its pixels adds gdk-pixbuf-2.0's flags, which include the real header. */
#ifdef __has_include
#if __has_include(<gdk-pixbuf/gdk-pixbuf.h>)
#include <gdk-pixbuf/gdk-pixbuf.h>
#else
typedef struct _GdkPixbuf GdkPixbuf;
#endif
#else
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif

G_BEGIN_DECLS

/**
 * VctImageState:
 * @VCT_IMAGE_STATE_NONE: not bound, or no URI: a view shows its placeholder
 * @VCT_IMAGE_STATE_LOADING: being fetched or decoded
 * @VCT_IMAGE_STATE_LOADED: loaded: [property@Image:pixbuf] holds it
 * @VCT_IMAGE_STATE_FAILED: the last load failed: [property@Image:error] says why, and
 *   the next [method@Image.bind] tries again
 *
 * What a [class@Image] shows.
 */
typedef enum {
  VCT_IMAGE_STATE_NONE = 0,
  VCT_IMAGE_STATE_LOADING = 1,
  VCT_IMAGE_STATE_LOADED = 2,
  VCT_IMAGE_STATE_FAILED = 3
} VctImageState;

/**
 * VCT_TYPE_IMAGE_STATE:
 *
 * The `GType` of [enum@ImageState].
 */
#define VCT_TYPE_IMAGE_STATE (vct_image_state_get_type ())

/**
 * vct_image_state_get_type:
 *
 * Registers [enum@ImageState] on the first call (from any thread), as `glib-mkenums`
 * output does.
 *
 * Returns: the GType of [enum@ImageState]
 */
GType vct_image_state_get_type (void) G_GNUC_CONST;

/**
 * VctImageLoader:
 *
 * Loads images for [class@Image]s, the way the best iOS and Android pipelines do: one
 * transfer per URI however many images show it, run on VCTable's I/O thread (HTTP(S)
 * through libsoup, `file://` and `resource://` through GIO), at most
 * [property@ImageLoader:max-transfers] at once, the most recently bound first; decoded
 * off the loop with gdk-pixbuf at the size a view asks for, the dimensions checked before
 * any pixel is decoded; cached in memory within [property@ImageLoader:memory-limit]
 * bytes, least recently used out first. A transfer is cancelled when the last image
 * waiting for it is unbound, [property@ImageLoader:cancel-delay] later: an image bound
 * again meanwhile joins it. The rows' images use [func@ImageLoader.get_default].
 */
#define VCT_TYPE_IMAGE_LOADER (vct_image_loader_get_type ())
G_DECLARE_FINAL_TYPE (VctImageLoader, vct_image_loader, VCT, IMAGE_LOADER, GObject)

VctImageLoader *vct_image_loader_new (void);
VctImageLoader *vct_image_loader_get_default (void);
guint64 vct_image_loader_get_memory_limit (VctImageLoader *loader);
void vct_image_loader_set_memory_limit (VctImageLoader *loader,
                                        guint64         bytes);
guint vct_image_loader_get_max_transfers (VctImageLoader *loader);
void vct_image_loader_set_max_transfers (VctImageLoader *loader,
                                         guint           max_transfers);
guint64 vct_image_loader_get_disk_cache_limit (VctImageLoader *loader);
void vct_image_loader_set_disk_cache_limit (VctImageLoader *loader,
                                            guint64         bytes);
guint vct_image_loader_get_timeout (VctImageLoader *loader);
void vct_image_loader_set_timeout (VctImageLoader *loader,
                                   guint           timeout_ms);
guint vct_image_loader_get_cancel_delay (VctImageLoader *loader);
void vct_image_loader_set_cancel_delay (VctImageLoader *loader,
                                        guint           delay_ms);
guint64 vct_image_loader_get_memory_usage (VctImageLoader *loader);
guint vct_image_loader_get_n_transfers (VctImageLoader *loader);
guint64 vct_image_loader_get_n_transfers_started (VctImageLoader *loader);
void vct_image_loader_clear_cache (VctImageLoader *loader);

/**
 * VctImage:
 *
 * The image of a row (the Swift `AsyncImage`, the original feed's
 * `PhotoViewModel.image`): a URI, and the image loaded from it while a view shows it. A
 * view binds it when it starts showing the row and unbinds it when it stops (a list item
 * factory's `bind` and `unbind`); nothing is fetched for an image never bound. Its
 * [property@Image:state], [property@Image:pixbuf] and [property@Image:error] are
 * notified on the context thread of the thread that made it. A late result for a URI the
 * image no longer shows is dropped, so a recycled widget never shows another row's image.
 */
#define VCT_TYPE_IMAGE (vct_image_get_type ())
G_DECLARE_FINAL_TYPE (VctImage, vct_image, VCT, IMAGE, GObject)

VctImage *vct_image_new (VctImageLoader *loader,
                         const char     *uri);
const char *vct_image_get_uri (VctImage *image);
void vct_image_set_uri (VctImage   *image,
                        const char *uri);
VctImageState vct_image_get_state (VctImage *image);
GdkPixbuf *vct_image_get_pixbuf (VctImage *image);
const GError *vct_image_get_error (VctImage *image);
void vct_image_bind (VctImage *image,
                     int       width,
                     int       height);
void vct_image_unbind (VctImage *image);

G_END_DECLS

#endif /* VCT_IMAGE_H */
