/* fuzz-completion.h: how the C API fuzzers complete a custom service's request: now, on
 * the fuzzer's thread, or later from a worker thread (a GThreadPool whose function is
 * fuzz_completion_worker). Shared by Fuzz/api and Fuzz/screens. */
#ifndef VCT_FUZZ_COMPLETION_H
#define VCT_FUZZ_COMPLETION_H

#include <vctable.h>

/* One completion: @json (g_malloc'd) for success, or @error. */
typedef struct
{
  VctApiRequest *request;
  char          *json;
  GError        *error;
} Completion;

/* Completes the request (which consumes it) and frees @c. */
void fuzz_completion_complete (Completion *c);

/* A GThreadPool function: waits 0–300 µs, completes, then decrements the gint that
 * @in_flight points at (atomically) when it is not NULL. */
void fuzz_completion_worker (gpointer completion, gpointer in_flight);

#endif /* VCT_FUZZ_COMPLETION_H */
