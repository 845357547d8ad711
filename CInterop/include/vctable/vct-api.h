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

/**
 * vct_api_new_for_uri:
 * @uri: an `http://`, `https://` or `file://` URI
 *
 * Creates the live API: HTTP(S) through libsoup-3.0 (GLib proxy and TLS settings
 * apply, redirects are followed), files through GIO, on VCTable's own I/O thread, with
 * a 30 s timeout and a 64 MiB size limit. An unusable @uri is not an error here: every
 * reload then fails with %VCT_ERROR_INVALID_URI (use [ctor@Api.new_for_uri_full] to
 * check it at once).
 *
 * Returns: (transfer full): a new API; free with g_object_unref()
 */
VctApi *vct_api_new_for_uri (const char *uri);

/**
 * vct_api_new_for_uri_full:
 * @uri: an `http://`, `https://` or `file://` URI
 * @timeout_ms: how long a whole transfer may take, in milliseconds; 0 for the default (30 000)
 * @max_body_size: the largest body accepted, in bytes; 0 for the default (64 MiB)
 * @error: return location for a %VCT_ERROR_INVALID_URI error, or %NULL
 *
 * Like [ctor@Api.new_for_uri], with a timeout and a size limit of your choice, and
 * checking @uri now.
 *
 * Returns: (transfer full) (nullable): a new API, or %NULL with @error set
 */
VctApi *vct_api_new_for_uri_full (const char  *uri,
                                  guint        timeout_ms,
                                  gsize        max_body_size,
                                  GError     **error);

/**
 * vct_api_new_custom:
 * @get_photos: (scope notified) (closure user_data): called once per reload
 * @user_data: data for @get_photos
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Creates an API whose photos come from your code: a test double, or a transport of your
 * own. The JSON you return goes through the same decoding and the same errors as HTTP.
 *
 * @get_photos is called on the thread-default `GMainContext` of the calling thread.
 * @notify runs exactly once, on whichever thread drops the last reference: after the
 * last g_object_unref() and once every model using the API is finalized and every
 * request is completed or abandoned. Nothing is called after it.
 *
 * Returns: (transfer full): a new API; free with g_object_unref()
 */
VctApi *vct_api_new_custom (VctApiGetPhotosFunc get_photos,
                            gpointer            user_data,
                            GDestroyNotify      notify);

/**
 * vct_api_request_get_cancellable:
 * @request: a pending request
 *
 * The request's cancellable: it is cancelled when the reload is superseded or its model
 * is finalized, so a custom API can stop early (it must still complete @request).
 *
 * Returns: (transfer none): the cancellable, valid until @request is completed
 */
GCancellable *vct_api_request_get_cancellable (VctApiRequest *request);

/**
 * vct_api_request_return_json:
 * @request: (transfer full): the request to complete; freed by this call
 * @json: (array length=length) (element-type guint8): the photos document
 * @length: the length of @json in bytes, or -1 when @json is NUL-terminated
 *
 * Completes @request with the photos document, which is copied. Safe from any thread.
 * A request that was superseded or abandoned can still be completed: the result is
 * dropped. Completing a request twice is a programming error.
 */
void vct_api_request_return_json (VctApiRequest *request,
                                  const char    *json,
                                  gssize         length);

/**
 * vct_api_request_return_error:
 * @request: (transfer full): the request to complete; freed by this call
 * @error: (transfer none): why the fetch failed
 *
 * Completes @request with a failure. Its message appears in the model's `didError`
 * text; a %VCT_ERROR code is kept, any other domain becomes %VCT_ERROR_FAILED. Safe from
 * any thread; a superseded or abandoned request can still be completed.
 */
void vct_api_request_return_error (VctApiRequest *request,
                                   const GError  *error);

G_END_DECLS

#endif /* VCT_API_H */
