/* vct-error.h: the error domain of VCTable (VCT_ERROR) and its codes (VctError).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef VCT_ERROR_H
#define VCT_ERROR_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * VCT_ERROR:
 *
 * The error domain of VCTable: codes are in [enum@Error].
 */
#define VCT_ERROR (vct_error_quark ())

/**
 * VctError:
 * @VCT_ERROR_FAILED: a failure with no more specific code, such as one a custom API reported
 * @VCT_ERROR_INVALID_URI: the URI is not an `http://`, `https://` or `file://` URI
 * @VCT_ERROR_CONNECTION_FAILED: the server could not be reached (refused, unreachable, TLS)
 * @VCT_ERROR_TIMED_OUT: the request did not complete within its timeout
 * @VCT_ERROR_HTTP_STATUS: the server answered with a status outside 200–299
 * @VCT_ERROR_BODY_TOO_LARGE: the body is larger than the size limit
 * @VCT_ERROR_TRUNCATED_BODY: the connection ended before the whole body arrived
 * @VCT_ERROR_EMPTY_RESPONSE: the body is empty
 * @VCT_ERROR_INVALID_JSON: the body is not JSON
 * @VCT_ERROR_NOT_AN_ARRAY: the JSON document is not an array
 * @VCT_ERROR_WRONG_FIELD_TYPE: an element or a field has the wrong JSON type
 * @VCT_ERROR_MISSING_FIELD: a required field is missing or null
 * @VCT_ERROR_FILE_UNREADABLE: the file could not be read
 * @VCT_ERROR_CANCELLED: the request was cancelled
 * @VCT_ERROR_INVALID_IMAGE: the data is not an image gdk-pixbuf can decode, or a truncated
 *   or corrupt one
 * @VCT_ERROR_IMAGE_TOO_LARGE: the image claims more pixels than the loader accepts (a
 *   decompression bomb), refused before decoding
 *
 * Why a reload or an image load failed: one code per failure kind, in the %VCT_ERROR domain. The values
 * are the raw values of the Swift `VCTableError.Code`.
 */
typedef enum {
  VCT_ERROR_FAILED = 0,
  VCT_ERROR_INVALID_URI = 1,
  VCT_ERROR_CONNECTION_FAILED = 2,
  VCT_ERROR_TIMED_OUT = 3,
  VCT_ERROR_HTTP_STATUS = 4,
  VCT_ERROR_BODY_TOO_LARGE = 5,
  VCT_ERROR_TRUNCATED_BODY = 6,
  VCT_ERROR_EMPTY_RESPONSE = 7,
  VCT_ERROR_INVALID_JSON = 8,
  VCT_ERROR_NOT_AN_ARRAY = 9,
  VCT_ERROR_WRONG_FIELD_TYPE = 10,
  VCT_ERROR_MISSING_FIELD = 11,
  VCT_ERROR_FILE_UNREADABLE = 12,
  VCT_ERROR_CANCELLED = 13,
  VCT_ERROR_INVALID_IMAGE = 14,
  VCT_ERROR_IMAGE_TOO_LARGE = 15
} VctError;

GQuark vct_error_quark (void);

/**
 * VCT_TYPE_ERROR:
 *
 * The `GType` of [enum@Error], for a `GValue` or a property: see [func@error_get_type].
 */
#define VCT_TYPE_ERROR (vct_error_get_type ())

/**
 * vct_error_get_type:
 *
 * Registers [enum@Error] as an enumeration type on the first call (from any thread), as
 * `glib-mkenums` output does: the type is named "VctError", each value's name is its C
 * name (`VCT_ERROR_INVALID_JSON`) and its nick that name without the prefix, in lower
 * case with dashes ("invalid-json").
 *
 * Returns: the GType of [enum@Error]
 */
GType vct_error_get_type (void) G_GNUC_CONST;

G_END_DECLS

#endif /* VCT_ERROR_H */
