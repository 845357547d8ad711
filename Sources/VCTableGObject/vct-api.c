/* vct-api.c: VctApi and VctApiRequest, the photo source and one call to it.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Both are GObjects around a Swift core (CApi, CApiRequest in
 * Sources/VCTable/CBridge/CApi.swift): the API's MyAPI, the request's waiter. They have
 * no properties; the functions that make and complete them are the core's.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctApi
{
  GObject parent_instance;

  gpointer core;
};

G_DEFINE_FINAL_TYPE (VctApi, vct_api, G_TYPE_OBJECT)

static void
vct_api_finalize (GObject *object)
{
  VctApi *self = VCT_API (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (vct_api_parent_class)->finalize (object);
}

static void
vct_api_class_init (VctApiClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = vct_api_finalize;
}

static void
vct_api_init (G_GNUC_UNUSED VctApi *self)
{
}

struct _VctApiRequest
{
  GObject parent_instance;

  gpointer core;
};

G_DEFINE_FINAL_TYPE (VctApiRequest, vct_api_request, G_TYPE_OBJECT)

static void
vct_api_request_finalize (GObject *object)
{
  VctApiRequest *self = VCT_API_REQUEST (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (vct_api_request_parent_class)->finalize (object);
}

static void
vct_api_request_class_init (VctApiRequestClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = vct_api_request_finalize;
}

static void
vct_api_request_init (G_GNUC_UNUSED VctApiRequest *self)
{
}

/* ------------------------------------------------------------ the seam, for Swift */

gpointer
_vct_api_new (gpointer core)
{
  VctApi *self = g_object_new (VCT_TYPE_API, NULL);

  self->core = core;
  return self;
}

gpointer
_vct_api_get_core (gconstpointer api)
{
  return api != NULL && VCT_IS_API ((gpointer) api) ? VCT_API ((gpointer) api)->core : NULL;
}

gpointer
_vct_api_request_new (gpointer core)
{
  VctApiRequest *self = g_object_new (VCT_TYPE_API_REQUEST, NULL);

  self->core = core;
  return self;
}

gpointer
_vct_api_request_get_core (gconstpointer request)
{
  return request != NULL && VCT_IS_API_REQUEST ((gpointer) request)
    ? VCT_API_REQUEST ((gpointer) request)->core : NULL;
}
