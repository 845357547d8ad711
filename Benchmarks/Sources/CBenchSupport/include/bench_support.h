/* C side of the VCTable benchmarks: the raw-GLib baselines, loop instrumentation, a
 * loopback HTTP server and an opt-in allocation counter.
 *
 * No GLib type appears here (contexts are `void *` GMainContext pointers), so the Swift
 * benchmark needs no GLib module of its own. */
#ifndef VCTABLE_BENCH_SUPPORT_H
#define VCTABLE_BENCH_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Monotonic clock, nanoseconds. */
uint64_t bench_now_ns (void);

/* --- GMainContext helpers ------------------------------------------------------------- */

/* A new GMainContext (one reference, for bench_context_unref). */
void *bench_context_new (void);
void bench_context_unref (void *context);
/* g_main_context_iteration: returns whether something was dispatched. */
int bench_context_iteration (void *context, int may_block);
void bench_context_wakeup (void *context);
void bench_context_push_thread_default (void *context);
void bench_context_pop_thread_default (void *context);

/* --- Loop accounting ------------------------------------------------------------------
 * Replaces the context's poll function with one that times itself: time outside poll is
 * time the loop was busy (prepare, check, dispatch). One accounted context at a time, read
 * on the thread that iterates it. */
void bench_loop_accounting_install (void *context);
void bench_loop_accounting_reset (void);
/* Total nanoseconds spent inside poll since the last reset. */
uint64_t bench_loop_polled_ns (void);
/* Longest stretch between leaving poll and entering it again since the last reset: the
 * longest time the loop could not react to anything. */
uint64_t bench_loop_longest_busy_ns (void);
/* Number of poll calls since the last reset (one per loop iteration). */
uint64_t bench_loop_iterations (void);

/* --- A ticker on a context: one timeout source every interval_ms --------------------- */
typedef struct BenchTicker BenchTicker;
BenchTicker *bench_ticker_start (void *context, unsigned interval_ms);
/* Forgets the gaps seen so far; the next tick starts a new measurement. */
void bench_ticker_reset (BenchTicker *ticker);
/* Largest interval between two consecutive ticks since the last reset. */
uint64_t bench_ticker_max_gap_ns (BenchTicker *ticker);
uint64_t bench_ticker_ticks (BenchTicker *ticker);
void bench_ticker_stop (BenchTicker *ticker);

/* --- Dispatch baselines ---------------------------------------------------------------
 * A worker thread posts `count` events (a callback, its data and a sequence number) to
 * `context`; the calling thread iterates the context until all arrived, checking FIFO
 * order. Returns the nanoseconds from just before the worker starts to the last
 * delivery, or 0 when an event arrived out of order. */

/* One idle GSource per event (g_idle_source_new + g_source_attach from the worker). */
uint64_t bench_dispatch_idle_per_event (void *context, size_t count);
/* A mutex-protected array of events, drained by one idle GSource that is attached only
 * when the array goes from empty to non-empty (the floor: no allocation per event). */
uint64_t bench_dispatch_c_queue (void *context, size_t count);
/* The same queue, with each event's data in a block malloc'd by the worker and freed
 * after delivery on the loop thread: what a closure per event costs at least. */
uint64_t bench_dispatch_c_queue_malloc (void *context, size_t count);

/* --- Loopback HTTP server -------------------------------------------------------------
 * Serves registered bodies on 127.0.0.1 (HTTP/1.1, Content-Length, Connection: close),
 * one connection at a time on its own thread; it ends with the process. */
/* Starts the server once; returns its port, or 0 on failure. */
uint16_t bench_http_server_start (void);
/* Serves a copy of `bytes` at `path` (e.g. "/photos-5000.json"). */
void bench_http_server_put (const char *path, const void *bytes, size_t length);
/* Requests answered so far. */
uint64_t bench_http_server_requests (void);

/* --- Allocation counter ---------------------------------------------------------------
 * malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign of the whole process
 * (Swift runtime, Foundation, GLib, VCTable) are interposed and forwarded to glibc's own
 * allocator. Counting is off unless enabled, so timed runs pay one predictable branch. */
void bench_alloc_counting_set (int enabled);
/* Allocations and requested bytes since the last reset (while counting was enabled). */
uint64_t bench_alloc_count (void);
uint64_t bench_alloc_bytes (void);
void bench_alloc_reset (void);

/* --- Peak memory ---------------------------------------------------------------------- */
/* Resets the kernel's peak RSS (VmHWM) to the current RSS: writes "5" to
 * /proc/self/clear_refs. Returns 0 on success. */
int bench_peak_rss_reset (void);
/* VmHWM and VmRSS from /proc/self/status, in KiB (0 when unreadable). */
uint64_t bench_peak_rss_kib (void);
uint64_t bench_current_rss_kib (void);

/* --- A stand-in for GtkListView (list_view.c) ----------------------------------------
 * Holds the items at [0, visible) of a GListModel (`list`, a GObject), re-fetching them
 * after each items-changed at a visible position; counts the emissions and the objects
 * it fetched that are still alive. */
typedef struct BenchView BenchView;
BenchView *bench_view_new (void *list, unsigned visible);
void bench_view_free (BenchView *view);
unsigned bench_view_runs (BenchView *view);
unsigned bench_view_rows_alive (BenchView *view);
/* Sets *reloaded on `did-reload-data`, *failed on `did-error` of a VctTableModel. */
void bench_watch_signals (void *model, int *reloaded, int *failed);
void bench_object_unref (void *object);

#ifdef __cplusplus
}
#endif

#endif
