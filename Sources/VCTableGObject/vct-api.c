/* vct-api.c: VctApi and VctApiRequest, the photo source and one call to it.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Both are GObjects around a Swift core (CApi, CApiRequest in
 * Sources/VCTable/CBridge/CApi.swift): the API's MyAPI, the request's waiter. They have
 * no properties, and nothing of their own but the core (vct-core-type.h). The functions
 * check their arguments here and hand the rest to the core: the constructors to build
 * the MyAPI, the completions to resume the waiter.
 */

#include <string.h>

#include <vctable.h>

#include "vct-core-type.h"

VCT_DEFINE_CORE_TYPE (VctApi, vct_api, VCT_TYPE_API)
VCT_DEFINE_CORE_TYPE (VctApiRequest, vct_api_request, VCT_TYPE_API_REQUEST)

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
VctApi *
vct_api_new_for_uri (const char *uri)
{
  g_return_val_if_fail (uri != NULL, NULL);

  return vct_core ()->api_new_for_uri (uri, 0, 0, TRUE, NULL);
}

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
VctApi *
vct_api_new_for_uri_full (const char  *uri,
                          guint        timeout_ms,
                          gsize        max_body_size,
                          GError     **error)
{
  g_return_val_if_fail (uri != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return vct_core ()->api_new_for_uri (uri, timeout_ms, max_body_size, FALSE, error);
}

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
VctApi *
vct_api_new_custom (VctApiGetPhotosFunc get_photos,
                    gpointer            user_data,
                    GDestroyNotify      notify)
{
  g_return_val_if_fail (get_photos != NULL, NULL);

  return vct_core ()->api_new_custom ((GCallback) get_photos, user_data, notify);
}

/**
 * vct_api_request_get_cancellable:
 * @request: a pending request
 *
 * The request's cancellable: it is cancelled when the reload is superseded or its model
 * is finalized, so a custom API can stop early (it must still complete @request).
 *
 * Returns: (transfer none): the cancellable, valid until @request is completed
 */
GCancellable *
vct_api_request_get_cancellable (VctApiRequest *request)
{
  g_return_val_if_fail (VCT_IS_API_REQUEST (request), NULL);
  g_return_val_if_fail (request->core != NULL, NULL);

  return G_CANCELLABLE (vct_core ()->request_get_cancellable (request->core));
}

/* A completion called wrongly: GLib's critical for the failed @check, and the request
 * still completes (its waiter is resumed) with a %VCT_ERROR of @code. */
static void
request_return_misuse (VctApiRequest *request,
                       const char    *function,
                       const char    *check,
                       VctError       code,
                       const char    *message)
{
  g_autoptr (GError) error = g_error_new_literal (VCT_ERROR, code, message);

  g_return_if_fail_warning (G_LOG_DOMAIN, function, check);
  vct_core ()->request_return_error (request->core, error);
}

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
void
vct_api_request_return_json (VctApiRequest *request,
                             const char    *json,
                             gssize         length)
{
  g_return_if_fail (VCT_IS_API_REQUEST (request));
  g_return_if_fail (request->core != NULL);

  /* The caller's reference goes with the call, whatever its arguments: the waiter is
   * resumed either way, with a failure for a missing document. */
  if (G_LIKELY (json != NULL || length == 0))
    vct_core ()->request_return_json (request->core, json, length < 0 ? strlen (json) : (gsize) length);
  else
    request_return_misuse (request, G_STRFUNC, "json != NULL || length == 0", VCT_ERROR_EMPTY_RESPONSE,
                           "The custom API returned no JSON.");
  g_object_unref (request);
}

/**
 * vct_api_request_return_error:
 * @request: (transfer full): the request to complete; freed by this call
 * @error: (transfer none): why the fetch failed
 *
 * Completes @request with a failure. Its message appears in the model's `didError`
 * text; a %VCT_ERROR code is kept, any other domain becomes %VCT_ERROR_FAILED. Safe from
 * any thread; a superseded or abandoned request can still be completed.
 */
void
vct_api_request_return_error (VctApiRequest *request,
                              const GError  *error)
{
  g_return_if_fail (VCT_IS_API_REQUEST (request));
  g_return_if_fail (request->core != NULL);

  if (G_LIKELY (error != NULL))
    vct_core ()->request_return_error (request->core, error);
  else
    request_return_misuse (request, G_STRFUNC, "error != NULL", VCT_ERROR_FAILED,
                           "The custom API failed without saying why.");
  g_object_unref (request);
}
