/* fuzz-common.h: what the C API fuzzers (Fuzz/api, Fuzz/screens) share: the contract
 * check, and completing a custom service's request now, on the fuzzer's thread, or later
 * from a worker thread (a GThreadPool whose function is fuzz_completion_worker). */
#ifndef VCT_FUZZ_COMMON_H
#define VCT_FUZZ_COMMON_H

#include <vctable.h>

#include <stdio.h>
#include <stdlib.h>

/* Aborts with "<FUZZ_TARGET>: contract broken at file:line: cond: <message>" unless @cond
 * holds; each target defines FUZZ_TARGET before including this header. */
#define CHECK(cond, ...)                                                                          \
  do {                                                                                            \
    if (!(cond))                                                                                  \
      {                                                                                           \
        fprintf (stderr, FUZZ_TARGET ": contract broken at %s:%d: %s: ", __FILE__, __LINE__, #cond); \
        fprintf (stderr, __VA_ARGS__);                                                            \
        fprintf (stderr, "\n");                                                                   \
        abort ();                                                                                 \
      }                                                                                           \
  } while (0)

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

#endif /* VCT_FUZZ_COMMON_H */
