/* vct-image.c: VctImage, the image of a row: a URI, and the image loaded from it while a
 * view shows it.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The state machine is the Swift core's AsyncImage (Sources/VCTable/Images); this object
 * keeps what it reports (_vct_image_store: the state, the pixbuf, the error), so the
 * getters and properties read plain fields, and forwards bind, unbind and a row's new URI
 * to it through the core table.
 */

#include <vctable.h>

#include "vctable-private.h"
#include "vct-pixbuf.h"

struct _VctImage
{
  GObject parent_instance;

  gpointer        core;     /* (owned): the Swift core (CImage) */
  VctImageLoader *loader;   /* (owned) */
  GMainContext   *context;  /* (owned): where it reports */
  char           *uri;
  VctImageState   state;
  GdkPixbuf      *pixbuf;
  GError         *error;
};

G_DEFINE_FINAL_TYPE (VctImage, vct_image, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_URI,
  PROP_STATE,
  PROP_PIXBUF,
  PROP_ERROR,
  PROP_LOADER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
vct_image_finalize (GObject *object)
{
  VctImage *self = VCT_IMAGE (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));
  g_clear_object (&self->loader);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->uri, g_free);
  g_clear_object (&self->pixbuf);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (vct_image_parent_class)->finalize (object);
}

static void
vct_image_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  VctImage *self = VCT_IMAGE (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_PIXBUF:
      g_value_set_object (value, self->pixbuf);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_LOADER:
      g_value_set_object (value, self->loader);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_image_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_URI:
      vct_image_set_uri (VCT_IMAGE (object), g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_image_class_init (VctImageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = vct_image_finalize;
  object_class->get_property = vct_image_get_property;
  object_class->set_property = vct_image_set_property;

  /**
   * VctImage:uri:
   *
   * Where the image is loaded from: `http://`, `https://`, `file://` or `resource://`;
   * %NULL or empty for none. A row's image follows its row: when the row's URL property
   * changes, this does. Setting it ([method@Image.set_uri]) drops what was loaded or
   * loading for the old URI.
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImage:state:
   *
   * What the image shows: none (not bound), loading, loaded or failed. Notified on the
   * image's context thread; a memory-cache hit is loaded when [method@Image.bind]
   * returns.
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       VCT_TYPE_IMAGE_STATE, VCT_IMAGE_STATE_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImage:pixbuf:
   *
   * The loaded image, decoded to fit the box the bindings asked for; %NULL unless
   * [property@Image:state] is %VCT_IMAGE_STATE_LOADED. GTK 4 shows it with
   * `gdk_texture_new_for_pixbuf()`.
   */
  properties[PROP_PIXBUF] =
    g_param_spec_object ("pixbuf", NULL, NULL,
                         _vct_pixbuf_get_type (), /* GDK_TYPE_PIXBUF, gdk-pixbuf loaded now */
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImage:error:
   *
   * Why the last load failed (a %VCT_ERROR), or %NULL unless [property@Image:state] is
   * %VCT_IMAGE_STATE_FAILED.
   */
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL,
                        G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImage:loader:
   *
   * The loader that loads it and caches what it loaded.
   */
  properties[PROP_LOADER] =
    g_param_spec_object ("loader", NULL, NULL,
                         VCT_TYPE_IMAGE_LOADER,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
vct_image_init (VctImage *self)
{
  self->state = VCT_IMAGE_STATE_NONE;
}

/* Whether the calling thread may act for @self: no other thread owns its context. */
static gboolean
vct_image_on_context (VctImage *self)
{
  if (!g_main_context_acquire (self->context))
    return FALSE;
  g_main_context_release (self->context);
  return TRUE;
}

/**
 * vct_image_new:
 * @loader: (nullable): the loader, or %NULL for [func@ImageLoader.get_default]
 * @uri: (nullable): where the image is: `http://`, `https://`, `file://` or `resource://`
 *
 * An image of @uri, not loaded until a view binds it ([method@Image.bind]). It reports
 * on the thread-default main context of the calling thread; bind, unbind and read it on
 * that context's thread. A row's images come with the row ([property@PhotoRow:thumbnail],
 * [property@MemberRow:avatar], …): this is for an image of a program's own.
 *
 * Returns: (transfer full): a new image
 */
VctImage *
vct_image_new (VctImageLoader *loader,
               const char     *uri)
{
  VctImage *self;

  g_return_val_if_fail (loader == NULL || VCT_IS_IMAGE_LOADER (loader), NULL);

  if (loader == NULL)
    loader = vct_image_loader_get_default ();
  g_return_val_if_fail (_vct_image_loader_get_core (loader) != NULL, NULL);

  self = g_object_new (VCT_TYPE_IMAGE, NULL);
  self->loader = g_object_ref (loader);
  self->context = g_main_context_ref_thread_default ();
  self->uri = g_strdup (uri);
  self->core = vct_core ()->image_new (self, _vct_image_loader_get_core (loader), uri);
  return self;
}

/**
 * vct_image_get_uri:
 * @image: an image
 *
 * Where the image is loaded from (the [property@Image:uri] property).
 *
 * Returns: (nullable) (transfer none): the URI, valid until it changes
 */
const char *
vct_image_get_uri (VctImage *image)
{
  g_return_val_if_fail (VCT_IS_IMAGE (image), NULL);

  return image->uri;
}

/**
 * vct_image_get_state:
 * @image: an image
 *
 * What the image shows (the [property@Image:state] property).
 *
 * Returns: the state
 */
VctImageState
vct_image_get_state (VctImage *image)
{
  g_return_val_if_fail (VCT_IS_IMAGE (image), VCT_IMAGE_STATE_NONE);

  return image->state;
}

/**
 * vct_image_get_pixbuf:
 * @image: an image
 *
 * The loaded image (the [property@Image:pixbuf] property).
 *
 * Returns: (nullable) (transfer none): the image, or %NULL unless loaded
 */
GdkPixbuf *
vct_image_get_pixbuf (VctImage *image)
{
  g_return_val_if_fail (VCT_IS_IMAGE (image), NULL);

  return image->pixbuf;
}

/**
 * vct_image_get_error:
 * @image: an image
 *
 * Why the last load failed (the [property@Image:error] property).
 *
 * Returns: (nullable) (transfer none): the error, or %NULL unless failed
 */
const GError *
vct_image_get_error (VctImage *image)
{
  g_return_val_if_fail (VCT_IS_IMAGE (image), NULL);

  return image->error;
}

/**
 * vct_image_bind:
 * @image: an image
 * @width: the width of the box the view shows it in, in pixels; 0 for no bound
 * @height: the height of that box; 0 for no bound
 *
 * Starts showing @image: a view calls it when it binds a row (a list item factory's
 * `bind`) and calls [method@Image.unbind] when it stops. The first binding loads it:
 * from the loader's memory cache at once (the image is loaded when this returns, so the
 * view paints it in the same frame), else off the loop, the state loading until it
 * arrives. It is decoded to fit the box, never larger than it is; a later binding with
 * a larger box loads it again at that size. After a failure, a new binding tries again.
 *
 * Bindings count: each needs its own [method@Image.unbind]. Call on the image's context
 * thread.
 */
void
vct_image_bind (VctImage *image,
                int       width,
                int       height)
{
  g_return_if_fail (VCT_IS_IMAGE (image));
  g_return_if_fail (image->core != NULL);
  g_return_if_fail (width >= 0 && height >= 0);
  g_return_if_fail (vct_image_on_context (image));

  vct_core ()->image_bind (image->core, width, height);
}

/**
 * vct_image_unbind:
 * @image: an image
 *
 * Ends one binding of [method@Image.bind]. After the last, a load still running is
 * cancelled (its transfer too, when no other image wants it), and the image goes back to
 * %VCT_IMAGE_STATE_NONE, dropping its pixbuf: the loader's memory cache keeps it within
 * its bound for the next binding. Call on the image's context thread.
 */
void
vct_image_unbind (VctImage *image)
{
  g_return_if_fail (VCT_IS_IMAGE (image));
  g_return_if_fail (image->core != NULL);
  g_return_if_fail (vct_image_on_context (image));

  vct_core ()->image_unbind (image->core);
}

/**
 * vct_image_set_uri:
 * @image: an image
 * @uri: (nullable): the new URI, or %NULL for none
 *
 * Points @image at another URI (the [property@Image:uri] property): what was loaded or
 * loading for the old one is dropped (a late result of it never shows), and while
 * bound, the new one loads, a memory-cache hit at once. A view that recycles one image
 * object for the rows it shows can call this instead of unbinding and binding another.
 * A row's image follows its row by itself. Call on the image's context thread.
 */
void
vct_image_set_uri (VctImage   *image,
                   const char *uri)
{
  g_return_if_fail (VCT_IS_IMAGE (image));
  g_return_if_fail (image->core != NULL);
  g_return_if_fail (vct_image_on_context (image));

  _vct_image_set_uri (image, uri);
}

void
_vct_image_set_uri (gpointer    image,
                    const char *uri)
{
  VctImage *self = image;

  if (g_strcmp0 (self->uri, uri) == 0)
    return;
  g_free (self->uri);
  self->uri = g_strdup (uri);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URI]);
  vct_core ()->image_set_uri (self->core, uri);
}

void
_vct_image_store (gpointer      image,
                  gint          state,
                  gpointer      pixbuf,
                  const GError *error)
{
  VctImage *self = image;
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  if (self->pixbuf != pixbuf)
    {
      g_set_object (&self->pixbuf, pixbuf);
      g_object_notify_by_pspec (object, properties[PROP_PIXBUF]);
    }
  if (self->error != NULL || error != NULL)
    {
      g_clear_error (&self->error);
      self->error = error != NULL ? g_error_copy (error) : NULL;
      g_object_notify_by_pspec (object, properties[PROP_ERROR]);
    }
  if (self->state != (VctImageState) state)
    {
      self->state = state;
      g_object_notify_by_pspec (object, properties[PROP_STATE]);
    }
  g_object_thaw_notify (object);
}
