/* bench-serve.h: how the benchmarks' custom VctApi answers: with a document held in
 * memory, completed from a worker thread, as an HTTP or file transfer completes off the
 * loop (so copying the document is not the loop's work). Header-only, like
 * bench-support.h.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <vctable.h>

typedef struct
{
  VctApiRequest *request;
  GBytes        *json;
} BenchServe;

static inline gpointer
bench_serve_thread (gpointer data)
{
  BenchServe *serve = data;
  gsize size;
  const char *json = g_bytes_get_data (serve->json, &size);

  vct_api_request_return_json (serve->request, json, (gssize) size);
  g_bytes_unref (serve->json);
  g_free (serve);
  return NULL;
}

/* Completes @request (transfer full) with @json from a new worker thread. */
static inline void
bench_serve_json (VctApiRequest *request, GBytes *json)
{
  BenchServe *serve = g_new (BenchServe, 1);

  serve->request = request;
  serve->json = g_bytes_ref (json);
  g_thread_unref (g_thread_new ("bench-serve", bench_serve_thread, serve));
}
