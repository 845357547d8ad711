/* vct-image-loader.c: VctImageLoader, the pipeline that loads images: its limits, its
 * caches and what it has done.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The pipeline is the Swift core's ImagePipeline (Sources/VCTable/Images); every
 * function here is one call to it through the core table. The default loader wraps
 * ImagePipeline.shared, which Swift's AsyncImage uses too.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctImageLoader
{
  GObject parent_instance;

  gpointer core;  /* (owned): the Swift core (CImageLoader) */
};

G_DEFINE_FINAL_TYPE (VctImageLoader, vct_image_loader, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MEMORY_LIMIT,
  PROP_MAX_TRANSFERS,
  PROP_DISK_CACHE_LIMIT,
  PROP_TIMEOUT,
  PROP_CANCEL_DELAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
vct_image_loader_finalize (GObject *object)
{
  VctImageLoader *self = VCT_IMAGE_LOADER (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (vct_image_loader_parent_class)->finalize (object);
}

/* Each property is one of the core's values, read and written through the core table. */
static const VctImageLoaderValue property_values[N_PROPS] = {
  [PROP_MEMORY_LIMIT] = VCT_IMAGE_LOADER_MEMORY_LIMIT,
  [PROP_MAX_TRANSFERS] = VCT_IMAGE_LOADER_MAX_TRANSFERS,
  [PROP_DISK_CACHE_LIMIT] = VCT_IMAGE_LOADER_DISK_CACHE_LIMIT,
  [PROP_TIMEOUT] = VCT_IMAGE_LOADER_TIMEOUT_MS,
  [PROP_CANCEL_DELAY] = VCT_IMAGE_LOADER_CANCEL_DELAY_MS,
};

/* What the setters and set_property share: sets the core's value of property @prop_id
 * to @value (checked: within the property's range), notifying if it changed. */
static void
vct_image_loader_store (VctImageLoader *self,
                        guint           prop_id,
                        guint64         value)
{
  if (vct_core ()->image_loader_get (self->core, property_values[prop_id]) == value)
    return;
  vct_core ()->image_loader_set (self->core, property_values[prop_id], value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
vct_image_loader_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  VctImageLoader *self = VCT_IMAGE_LOADER (object);
  guint64 current;

  if (prop_id == PROP_0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_return_if_fail (self->core != NULL);

  current = vct_core ()->image_loader_get (self->core, property_values[prop_id]);
  if (G_VALUE_HOLDS_UINT64 (value))
    g_value_set_uint64 (value, current);
  else
    g_value_set_uint (value, (guint) current);
}

static void
vct_image_loader_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  VctImageLoader *self = VCT_IMAGE_LOADER (object);

  if (prop_id == PROP_0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_return_if_fail (self->core != NULL);

  vct_image_loader_store (self, prop_id,
                          G_VALUE_HOLDS_UINT64 (value) ? g_value_get_uint64 (value) : g_value_get_uint (value));
}

static void
vct_image_loader_class_init (VctImageLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = vct_image_loader_finalize;
  object_class->get_property = vct_image_loader_get_property;
  object_class->set_property = vct_image_loader_set_property;

  /**
   * VctImageLoader:memory-limit:
   *
   * The bound of the memory cache of decoded images, in bytes of pixels (default 64 MiB):
   * past it, the least recently used images leave first. Lowering it evicts at once.
   */
  properties[PROP_MEMORY_LIMIT] =
    g_param_spec_uint64 ("memory-limit", NULL, NULL,
                         0, G_MAXINT64, 64 << 20,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImageLoader:max-transfers:
   *
   * How many transfers run at once (default 6); the others wait, the most recently
   * requested starting first.
   */
  properties[PROP_MAX_TRANSFERS] =
    g_param_spec_uint ("max-transfers", NULL, NULL,
                       1, 1024, 6,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImageLoader:disk-cache-limit:
   *
   * The bound of the disk cache of HTTP image responses, in bytes (default 128 MiB, at
   * most 4 GiB). There is one disk cache for the process, libsoup's `SoupCache` on
   * VCTable's HTTP session, under `$XDG_CACHE_HOME/vctable/images`: every loader shares
   * it. It is kept across restarts and honours HTTP freshness and validators (a fresh
   * response is read from disk with no request; a stale one with an `ETag` or
   * `Last-Modified` is revalidated, a 304 reusing the file). Documents (photos, feeds,
   * songs) are never written to it.
   */
  properties[PROP_DISK_CACHE_LIMIT] =
    g_param_spec_uint64 ("disk-cache-limit", NULL, NULL,
                         0, G_MAXUINT32, 128 << 20,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImageLoader:timeout:
   *
   * How long one transfer may take, in milliseconds (default 30 000), from the request
   * to the body's last byte; past it the images waiting for it fail with
   * %VCT_ERROR_TIMED_OUT. For transfers started from then on.
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       1, G_MAXUINT, 30000,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctImageLoader:cancel-delay:
   *
   * How long a running transfer outlives the last image waiting for it, in milliseconds
   * (default 250; 0: cancelled at once). An image of the same URI bound meanwhile joins
   * the transfer: a `GtkListView` unbinds and rebinds the rows it moves (GTK 4.8 every
   * row after an insertion), and a fling brings rows back, without a second request. A
   * transfer that ends in the delay is decoded into the memory cache at the size the last
   * image asked for. Such a transfer keeps its slot until then (cancelling an HTTP/1.1
   * request closes its connection, and the next one pays for a new connection): the
   * delay bounds how long the images in view wait for it. For unbindings from then on.
   */
  properties[PROP_CANCEL_DELAY] =
    g_param_spec_uint ("cancel-delay", NULL, NULL,
                       0, 60000, 250,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
vct_image_loader_init (G_GNUC_UNUSED VctImageLoader *self)
{
}

static VctImageLoader *
vct_image_loader_new_with_core (gpointer core)
{
  VctImageLoader *self = g_object_new (VCT_TYPE_IMAGE_LOADER, NULL);

  self->core = core;
  return self;
}

/**
 * vct_image_loader_new:
 *
 * A loader with its own caches and limits: images made with it ([ctor@Image.new]) share
 * its transfers and its memory cache, and nothing with another loader's.
 *
 * Returns: (transfer full): a new loader
 */
VctImageLoader *
vct_image_loader_new (void)
{
  return vct_image_loader_new_with_core (vct_core ()->image_loader_new (FALSE));
}

/**
 * vct_image_loader_get_default:
 *
 * The loader of the rows' images, made on first use and kept for the life of the
 * process. It is the Swift `ImagePipeline.shared`. Safe from any thread.
 *
 * Returns: (transfer none): the default loader
 */
VctImageLoader *
vct_image_loader_get_default (void)
{
  static VctImageLoader *loader = NULL;

  if (g_once_init_enter (&loader))
    g_once_init_leave (&loader, vct_image_loader_new_with_core (vct_core ()->image_loader_new (TRUE)));
  return loader;
}

/**
 * vct_image_loader_get_memory_limit:
 * @loader: a loader
 *
 * The memory cache's bound (the [property@ImageLoader:memory-limit] property).
 *
 * Returns: the bound, in bytes
 */
guint64
vct_image_loader_get_memory_limit (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_MEMORY_LIMIT);
}

/**
 * vct_image_loader_set_memory_limit:
 * @loader: a loader
 * @bytes: the new bound, in bytes of decoded pixels
 *
 * Sets the memory cache's bound (the [property@ImageLoader:memory-limit] property);
 * lowering it evicts the least recently used images at once. Safe from any thread.
 */
void
vct_image_loader_set_memory_limit (VctImageLoader *loader,
                                   guint64         bytes)
{
  g_return_if_fail (VCT_IS_IMAGE_LOADER (loader));
  g_return_if_fail (loader->core != NULL);

  vct_image_loader_store (loader, PROP_MEMORY_LIMIT, MIN (bytes, (guint64) G_MAXINT64));
}

/**
 * vct_image_loader_get_max_transfers:
 * @loader: a loader
 *
 * How many transfers run at once (the [property@ImageLoader:max-transfers] property).
 *
 * Returns: the limit
 */
guint
vct_image_loader_get_max_transfers (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_MAX_TRANSFERS);
}

/**
 * vct_image_loader_set_max_transfers:
 * @loader: a loader
 * @max_transfers: how many transfers may run at once, at least 1
 *
 * Sets the [property@ImageLoader:max-transfers] property; a higher limit starts waiting
 * transfers at once. Safe from any thread.
 */
void
vct_image_loader_set_max_transfers (VctImageLoader *loader,
                                    guint           max_transfers)
{
  g_return_if_fail (VCT_IS_IMAGE_LOADER (loader));
  g_return_if_fail (loader->core != NULL);
  g_return_if_fail (max_transfers >= 1);

  vct_image_loader_store (loader, PROP_MAX_TRANSFERS, max_transfers);
}

/**
 * vct_image_loader_get_disk_cache_limit:
 * @loader: a loader
 *
 * The process's disk cache bound (the [property@ImageLoader:disk-cache-limit] property).
 *
 * Returns: the bound, in bytes
 */
guint64
vct_image_loader_get_disk_cache_limit (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_DISK_CACHE_LIMIT);
}

/**
 * vct_image_loader_set_disk_cache_limit:
 * @loader: a loader
 * @bytes: the new bound, in bytes (at most 4 GiB)
 *
 * Sets the bound of the process's disk cache of image responses (the
 * [property@ImageLoader:disk-cache-limit] property, shared by every loader). Safe from
 * any thread.
 */
void
vct_image_loader_set_disk_cache_limit (VctImageLoader *loader,
                                       guint64         bytes)
{
  g_return_if_fail (VCT_IS_IMAGE_LOADER (loader));
  g_return_if_fail (loader->core != NULL);

  vct_image_loader_store (loader, PROP_DISK_CACHE_LIMIT, MIN (bytes, (guint64) G_MAXUINT32));
}

/**
 * vct_image_loader_get_timeout:
 * @loader: a loader
 *
 * How long one transfer may take (the [property@ImageLoader:timeout] property).
 *
 * Returns: the timeout, in milliseconds
 */
guint
vct_image_loader_get_timeout (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_TIMEOUT_MS);
}

/**
 * vct_image_loader_set_timeout:
 * @loader: a loader
 * @timeout_ms: how long one transfer may take, in milliseconds, at least 1
 *
 * Sets the [property@ImageLoader:timeout] property. Safe from any thread.
 */
void
vct_image_loader_set_timeout (VctImageLoader *loader,
                              guint           timeout_ms)
{
  g_return_if_fail (VCT_IS_IMAGE_LOADER (loader));
  g_return_if_fail (loader->core != NULL);
  g_return_if_fail (timeout_ms >= 1);

  vct_image_loader_store (loader, PROP_TIMEOUT, timeout_ms);
}

/**
 * vct_image_loader_get_cancel_delay:
 * @loader: a loader
 *
 * How long a running transfer outlives the last image waiting for it (the
 * [property@ImageLoader:cancel-delay] property). Safe from any thread.
 *
 * Returns: the delay, in milliseconds
 */
guint
vct_image_loader_get_cancel_delay (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_CANCEL_DELAY_MS);
}

/**
 * vct_image_loader_set_cancel_delay:
 * @loader: a loader
 * @delay_ms: how long a running transfer outlives its last image, in milliseconds, at
 *   most 60 000; 0 cancels it at once
 *
 * Sets the [property@ImageLoader:cancel-delay] property. Safe from any thread.
 */
void
vct_image_loader_set_cancel_delay (VctImageLoader *loader,
                                   guint           delay_ms)
{
  g_return_if_fail (VCT_IS_IMAGE_LOADER (loader));
  g_return_if_fail (loader->core != NULL);
  g_return_if_fail (delay_ms <= 60000);

  vct_image_loader_store (loader, PROP_CANCEL_DELAY, delay_ms);
}

/**
 * vct_image_loader_get_memory_usage:
 * @loader: a loader
 *
 * The bytes of decoded pixels the memory cache holds now: at most
 * [property@ImageLoader:memory-limit]. Safe from any thread.
 *
 * Returns: the bytes
 */
guint64
vct_image_loader_get_memory_usage (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_MEMORY_USAGE);
}

/**
 * vct_image_loader_get_n_transfers:
 * @loader: a loader
 *
 * How many transfers are running now. Safe from any thread.
 *
 * Returns: the transfers in flight
 */
guint
vct_image_loader_get_n_transfers (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_TRANSFERS_IN_FLIGHT);
}

/**
 * vct_image_loader_get_n_transfers_started:
 * @loader: a loader
 *
 * How many transfers the loader has started since it was made: each is one HTTP request
 * (or one file read), however many images wanted it. Safe from any thread.
 *
 * Returns: the transfers started
 */
guint64
vct_image_loader_get_n_transfers_started (VctImageLoader *loader)
{
  g_return_val_if_fail (VCT_IS_IMAGE_LOADER (loader), 0);
  g_return_val_if_fail (loader->core != NULL, 0);

  return vct_core ()->image_loader_get (loader->core, VCT_IMAGE_LOADER_TRANSFERS_STARTED);
}

/**
 * vct_image_loader_clear_cache:
 * @loader: a loader
 *
 * Empties the loader's memory cache; images already loaded keep their pixbufs. Safe
 * from any thread.
 */
void
vct_image_loader_clear_cache (VctImageLoader *loader)
{
  g_return_if_fail (VCT_IS_IMAGE_LOADER (loader));
  g_return_if_fail (loader->core != NULL);

  vct_core ()->image_loader_clear_cache (loader->core);
}

gpointer
_vct_image_loader_get_core (gpointer loader)
{
  return ((VctImageLoader *) loader)->core;
}
