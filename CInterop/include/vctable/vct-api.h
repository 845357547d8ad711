/* vct-api.h: VctApi and VctApiRequest, the photo source and one call to it.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_API_H
#define VCT_API_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * VctApi:
 *
 * Where a [class@TableModel] fetches photos from: the original's `MyAPI`.
 *
 * An immutable `GObject` with no properties; safe to share between threads and models.
 * Create one with [ctor@Api.new_for_uri] or [ctor@Api.new_custom].
 */
#define VCT_TYPE_API (vct_api_get_type ())
G_DECLARE_FINAL_TYPE (VctApi, vct_api, VCT, API, GObject)

/**
 * VctApiRequest:
 *
 * One get-photos call to a custom [class@Api]: a `GObject` the custom API receives with
 * a reference it owns, and completes exactly once, from any thread, with
 * [method@ApiRequest.return_json] or [method@ApiRequest.return_error], which take that
 * reference.
 */
#define VCT_TYPE_API_REQUEST (vct_api_request_get_type ())
G_DECLARE_FINAL_TYPE (VctApiRequest, vct_api_request, VCT, API_REQUEST, GObject)

/**
 * VctApiGetPhotosFunc:
 * @request: (transfer full): the call to complete; owned by the function until it
 *   completes it
 * @user_data: (closure): the data given to [ctor@Api.new_custom]
 *
 * Fetches the photos document for one reload. The function (or whatever it hands
 * @request to) must complete @request exactly once, now or later, from any thread, with
 * [method@ApiRequest.return_json] or [method@ApiRequest.return_error]. It runs on the
 * thread-default `GMainContext` of the thread that called [ctor@Api.new_custom].
 */
typedef void (*VctApiGetPhotosFunc) (VctApiRequest *request,
                                     gpointer       user_data);

VctApi *vct_api_new_for_uri (const char *uri);

VctApi *vct_api_new_for_uri_full (const char  *uri,
                                  guint        timeout_ms,
                                  gsize        max_body_size,
                                  GError     **error);

VctApi *vct_api_new_custom (VctApiGetPhotosFunc get_photos,
                            gpointer            user_data,
                            GDestroyNotify      notify);

GCancellable *vct_api_request_get_cancellable (VctApiRequest *request);

void vct_api_request_return_json (VctApiRequest *request,
                                  const char    *json,
                                  gssize         length);

void vct_api_request_return_error (VctApiRequest *request,
                                   const GError  *error);

G_END_DECLS

#endif /* VCT_API_H */
