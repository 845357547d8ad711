/* vct-soup.c: libsoup-3.0, loaded on the first HTTP transfer rather than with the library.
 *
 * A program that never fetches over HTTP (the bundled fixtures are file:// and
 * resource:// URIs) does not map libsoup and the libraries it needs (Kerberos, SQLite,
 * libpsl, brotli, nghttp2: about 1.8 MB of peak RSS, `make bench-rss`). The Swift core
 * calls the few functions it uses through the _vct_soup_* entries below, which load
 * libsoup by its SONAME on first use (vct-library.c) and call it through the pointers
 * found there. libsoup's headers are not included (the library links no libsoup):
 * its types are opaque here and its enumerations' values are spelled out in
 * vctable-private.h (stable across libsoup 3).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "vctable-private.h"
#include "vct-library.h"

/* libsoup's SONAME: the ABI `pkg-config libsoup-3.0` builds against. */
#define VCT_SOUP_LIBRARY "libsoup-3.0.so.0"

static struct
{
  VctSoupSession *(*session_new_with_options) (const char *name, ...);
  void (*session_add_feature) (VctSoupSession *session, gpointer feature);
  void (*session_send_async) (VctSoupSession *session, VctSoupMessage *message, int io_priority,
                              GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
  GInputStream *(*session_send_finish) (VctSoupSession *session, GAsyncResult *result, GError **error);
  GQuark (*session_error_quark) (void);
  VctSoupMessage *(*message_new) (const char *method, const char *uri);
  void (*message_disable_feature) (VctSoupMessage *message, GType feature_type);
  guint (*message_get_status) (VctSoupMessage *message);
  const char *(*message_get_reason_phrase) (VctSoupMessage *message);
  VctSoupMessageHeaders *(*message_get_response_headers) (VctSoupMessage *message);
  int (*message_headers_get_encoding) (VctSoupMessageHeaders *headers);
  goffset (*message_headers_get_content_length) (VctSoupMessageHeaders *headers);
  VctSoupCache *(*cache_new) (const char *directory, int cache_type);
  GType (*cache_get_type) (void);
  void (*cache_set_max_size) (VctSoupCache *cache, guint max_size);
  void (*cache_load) (VctSoupCache *cache);
  void (*cache_dump) (VctSoupCache *cache);
} soup;

#define SOUP_SYMBOL(field, name) { name, (gpointer *) &soup.field }

static const VctLibrarySymbol soup_symbols[] = {
  SOUP_SYMBOL (session_new_with_options, "soup_session_new_with_options"),
  SOUP_SYMBOL (session_add_feature, "soup_session_add_feature"),
  SOUP_SYMBOL (session_send_async, "soup_session_send_async"),
  SOUP_SYMBOL (session_send_finish, "soup_session_send_finish"),
  SOUP_SYMBOL (session_error_quark, "soup_session_error_quark"),
  SOUP_SYMBOL (message_new, "soup_message_new"),
  SOUP_SYMBOL (message_disable_feature, "soup_message_disable_feature"),
  SOUP_SYMBOL (message_get_status, "soup_message_get_status"),
  SOUP_SYMBOL (message_get_reason_phrase, "soup_message_get_reason_phrase"),
  SOUP_SYMBOL (message_get_response_headers, "soup_message_get_response_headers"),
  SOUP_SYMBOL (message_headers_get_encoding, "soup_message_headers_get_encoding"),
  SOUP_SYMBOL (message_headers_get_content_length, "soup_message_headers_get_content_length"),
  SOUP_SYMBOL (cache_new, "soup_cache_new"),
  SOUP_SYMBOL (cache_get_type, "soup_cache_get_type"),
  SOUP_SYMBOL (cache_set_max_size, "soup_cache_set_max_size"),
  SOUP_SYMBOL (cache_load, "soup_cache_load"),
  SOUP_SYMBOL (cache_dump, "soup_cache_dump"),
};

/* Loads libsoup and fills the table, once (any thread; the I/O thread in practice). */
static void
soup_load (void)
{
  static gsize loaded = 0;

  _vct_library_load (&loaded, VCT_SOUP_LIBRARY, "HTTP", soup_symbols, G_N_ELEMENTS (soup_symbols));
}

VctSoupSession *
_vct_soup_session_new (int max_conns, int max_conns_per_host)
{
  soup_load ();
  return soup.session_new_with_options ("max-conns", max_conns, "max-conns-per-host", max_conns_per_host, NULL);
}

void
_vct_soup_session_add_feature (VctSoupSession *session, gpointer feature)
{
  soup_load ();
  soup.session_add_feature (session, feature);
}

void
_vct_soup_session_send_async (VctSoupSession *session, VctSoupMessage *message, int io_priority,
                              GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  soup_load ();
  soup.session_send_async (session, message, io_priority, cancellable, callback, user_data);
}

GInputStream *
_vct_soup_session_send_finish (VctSoupSession *session, GAsyncResult *result, GError **error)
{
  soup_load ();
  return soup.session_send_finish (session, result, error);
}

GQuark
_vct_soup_session_error_quark (void)
{
  /* The quark of the domain's name: no need to load libsoup to compare an error's domain
   * with it (an error from a file transfer is never libsoup's). */
  return g_quark_from_static_string ("soup-session-error-quark");
}

VctSoupMessage *
_vct_soup_message_new (const char *method, const char *uri)
{
  soup_load ();
  return soup.message_new (method, uri);
}

void
_vct_soup_message_disable_cache (VctSoupMessage *message)
{
  soup_load ();
  soup.message_disable_feature (message, soup.cache_get_type ());
}

guint
_vct_soup_message_get_status (VctSoupMessage *message)
{
  soup_load ();
  return soup.message_get_status (message);
}

const char *
_vct_soup_message_get_reason_phrase (VctSoupMessage *message)
{
  soup_load ();
  return soup.message_get_reason_phrase (message);
}

gboolean
_vct_soup_message_get_content_length (VctSoupMessage *message, gint64 *length)
{
  soup_load ();
  VctSoupMessageHeaders *headers = soup.message_get_response_headers (message);
  if (soup.message_headers_get_encoding (headers) != VCT_SOUP_ENCODING_CONTENT_LENGTH)
    return FALSE;
  *length = soup.message_headers_get_content_length (headers);
  return TRUE;
}

VctSoupCache *
_vct_soup_cache_new (const char *directory)
{
  soup_load ();
  return soup.cache_new (directory, VCT_SOUP_CACHE_SINGLE_USER);
}

void
_vct_soup_cache_set_max_size (VctSoupCache *cache, guint max_size)
{
  soup_load ();
  soup.cache_set_max_size (cache, max_size);
}

void
_vct_soup_cache_load (VctSoupCache *cache)
{
  soup_load ();
  soup.cache_load (cache);
}

void
_vct_soup_cache_dump (VctSoupCache *cache)
{
  soup_load ();
  soup.cache_dump (cache);
}
