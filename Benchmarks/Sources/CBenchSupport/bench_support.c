/* GLib side of the VCTable benchmarks: context helpers, loop accounting, the ticker and
 * the two raw-GLib dispatch baselines. See include/bench_support.h. */
#include "bench_support.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t
bench_now_ns (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

/* --- GMainContext helpers ------------------------------------------------------------- */

void *
bench_context_new (void)
{
  return g_main_context_new ();
}

void
bench_context_unref (void *context)
{
  g_main_context_unref (context);
}

int
bench_context_iteration (void *context, int may_block)
{
  return g_main_context_iteration (context, may_block != 0);
}

void
bench_context_wakeup (void *context)
{
  g_main_context_wakeup (context);
}

void
bench_context_push_thread_default (void *context)
{
  g_main_context_push_thread_default (context);
}

void
bench_context_pop_thread_default (void *context)
{
  g_main_context_pop_thread_default (context);
}

/* --- Loop accounting ------------------------------------------------------------------ */

static uint64_t polled_ns;
static uint64_t longest_busy_ns;
static uint64_t poll_calls;
static uint64_t left_poll_at;

static gint
timed_poll (GPollFD *fds, guint count, gint timeout)
{
  uint64_t entered = bench_now_ns ();
  if (left_poll_at != 0 && entered - left_poll_at > longest_busy_ns)
    longest_busy_ns = entered - left_poll_at;
  gint result = g_poll (fds, count, timeout);
  uint64_t left = bench_now_ns ();
  polled_ns += left - entered;
  poll_calls++;
  left_poll_at = left;
  return result;
}

void
bench_loop_accounting_install (void *context)
{
  g_main_context_set_poll_func (context, timed_poll);
  bench_loop_accounting_reset ();
}

void
bench_loop_accounting_reset (void)
{
  polled_ns = 0;
  longest_busy_ns = 0;
  poll_calls = 0;
  left_poll_at = bench_now_ns ();
}

uint64_t
bench_loop_polled_ns (void)
{
  return polled_ns;
}

uint64_t
bench_loop_longest_busy_ns (void)
{
  /* The stretch since the loop last left poll counts too: the iteration that ran the
   * awaited callback is usually the last one before the reading. */
  uint64_t open = bench_now_ns () - left_poll_at;
  return open > longest_busy_ns ? open : longest_busy_ns;
}

uint64_t
bench_loop_iterations (void)
{
  return poll_calls;
}

/* --- Ticker --------------------------------------------------------------------------- */

struct BenchTicker
{
  GSource *source;
  uint64_t last;
  uint64_t max_gap;
  uint64_t ticks;
};

static gboolean
ticker_tick (gpointer data)
{
  BenchTicker *ticker = data;
  uint64_t now = bench_now_ns ();
  if (ticker->last != 0 && now - ticker->last > ticker->max_gap)
    ticker->max_gap = now - ticker->last;
  ticker->last = now;
  ticker->ticks++;
  return G_SOURCE_CONTINUE;
}

BenchTicker *
bench_ticker_start (void *context, unsigned interval_ms)
{
  BenchTicker *ticker = g_new0 (BenchTicker, 1);
  ticker->source = g_timeout_source_new (interval_ms);
  g_source_set_priority (ticker->source, G_PRIORITY_DEFAULT);
  g_source_set_static_name (ticker->source, "bench ticker");
  g_source_set_callback (ticker->source, ticker_tick, ticker, NULL);
  g_source_attach (ticker->source, context);
  bench_ticker_reset (ticker);
  return ticker;
}

void
bench_ticker_reset (BenchTicker *ticker)
{
  /* The time until the first tick counts: a stall right after the reset is seen too. */
  ticker->last = bench_now_ns ();
  ticker->max_gap = 0;
  ticker->ticks = 0;
}

uint64_t
bench_ticker_max_gap_ns (BenchTicker *ticker)
{
  /* A stall that is still going on when this is read counts too. */
  uint64_t open = bench_now_ns () - ticker->last;
  return open > ticker->max_gap ? open : ticker->max_gap;
}

uint64_t
bench_ticker_ticks (BenchTicker *ticker)
{
  return ticker->ticks;
}

void
bench_ticker_stop (BenchTicker *ticker)
{
  g_source_destroy (ticker->source);
  g_source_unref (ticker->source);
  g_free (ticker);
}

/* --- Dispatch baselines --------------------------------------------------------------- */

typedef struct
{
  size_t delivered;
  gboolean ordered;
} Sink;

typedef void (*EventFunc) (Sink *sink, size_t sequence);

typedef struct
{
  EventFunc func;
  Sink *sink;
  size_t sequence;
} Event;

static void
sink_receive (Sink *sink, size_t sequence)
{
  if (sequence != sink->delivered)
    sink->ordered = FALSE;
  sink->delivered++;
}

/* One idle source per event. The sink is one per run, on the iterating thread. */
static Sink *idle_sink;

static gboolean
idle_event (gpointer data)
{
  sink_receive (idle_sink, GPOINTER_TO_SIZE (data));
  return G_SOURCE_REMOVE;
}

typedef struct
{
  GMainContext *context;
  size_t count;
  void *queue;
} Worker;

static gpointer
idle_worker (gpointer data)
{
  Worker *worker = data;
  for (size_t sequence = 0; sequence < worker->count; sequence++)
    {
      GSource *source = g_idle_source_new ();
      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, idle_event, GSIZE_TO_POINTER (sequence), NULL);
      g_source_attach (source, worker->context);
      g_source_unref (source);
    }
  return NULL;
}

uint64_t
bench_dispatch_idle_per_event (void *context, size_t count)
{
  Sink sink = { 0, TRUE };
  idle_sink = &sink;
  Worker worker = { context, count, NULL };
  uint64_t start = bench_now_ns ();
  GThread *thread = g_thread_new ("bench-idle-worker", idle_worker, &worker);
  while (sink.delivered < count)
    g_main_context_iteration (context, TRUE);
  uint64_t elapsed = bench_now_ns () - start;
  g_thread_join (thread);
  idle_sink = NULL;
  return sink.ordered ? elapsed : 0;
}

/* The floor: the same algorithm as VCTable's ContextQueue (append under a lock; attach
 * one idle source when the queue goes from empty to non-empty; the source swaps the array
 * out under the lock, runs it, and keeps its storage as the spare), with plain structs
 * instead of closures, so nothing is allocated per event. */
typedef struct
{
  GMutex lock;
  GMainContext *context;
  Event *pending;
  size_t pending_length;
  size_t pending_capacity;
  Event *spare;
  size_t spare_capacity;
  gboolean attached;
} CQueue;

static gboolean
cqueue_drain (gpointer data)
{
  CQueue *queue = data;
  g_mutex_lock (&queue->lock);
  Event *batch = queue->pending;
  size_t length = queue->pending_length;
  size_t capacity = queue->pending_capacity;
  queue->pending = queue->spare;
  queue->pending_capacity = queue->spare_capacity;
  queue->pending_length = 0;
  queue->spare = NULL;
  queue->spare_capacity = 0;
  g_mutex_unlock (&queue->lock);

  for (size_t index = 0; index < length; index++)
    batch[index].func (batch[index].sink, batch[index].sequence);

  g_mutex_lock (&queue->lock);
  if (queue->spare == NULL || queue->spare_capacity < capacity)
    {
      free (queue->spare);
      queue->spare = batch;
      queue->spare_capacity = capacity;
    }
  else
    free (batch);
  gboolean more = queue->pending_length > 0;
  if (!more)
    queue->attached = FALSE;
  g_mutex_unlock (&queue->lock);
  return more;
}

static void
cqueue_push (CQueue *queue, Event event)
{
  g_mutex_lock (&queue->lock);
  if (queue->pending_length == queue->pending_capacity)
    {
      queue->pending_capacity = queue->pending_capacity ? queue->pending_capacity * 2 : 16;
      queue->pending = realloc (queue->pending, queue->pending_capacity * sizeof (Event));
      if (queue->pending == NULL)
        abort ();
    }
  queue->pending[queue->pending_length++] = event;
  gboolean attach = !queue->attached;
  queue->attached = TRUE;
  g_mutex_unlock (&queue->lock);
  if (attach)
    {
      GSource *source = g_idle_source_new ();
      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_static_name (source, "bench C queue");
      g_source_set_callback (source, cqueue_drain, queue, NULL);
      g_source_attach (source, queue->context);
      g_source_unref (source);
    }
}

typedef struct
{
  CQueue *queue;
  Sink *sink;
  size_t count;
  gboolean allocate;
} QueueWorker;

/* What a closure is: its captures in a heap block, freed after it ran. */
typedef struct
{
  Sink *sink;
  size_t sequence;
  void *padding[2];
} Boxed;

static void
boxed_receive (Sink *box, size_t unused)
{
  (void) unused;
  Boxed *boxed = (Boxed *) box;
  sink_receive (boxed->sink, boxed->sequence);
  free (boxed);
}

static gpointer
queue_worker (gpointer data)
{
  QueueWorker *worker = data;
  for (size_t sequence = 0; sequence < worker->count; sequence++)
    {
      if (worker->allocate)
        {
          Boxed *boxed = malloc (sizeof (Boxed));
          boxed->sink = worker->sink;
          boxed->sequence = sequence;
          cqueue_push (worker->queue, (Event) { boxed_receive, (Sink *) boxed, 0 });
        }
      else
        cqueue_push (worker->queue, (Event) { sink_receive, worker->sink, sequence });
    }
  return NULL;
}

static uint64_t run_c_queue (void *context, size_t count, gboolean allocate);

uint64_t
bench_dispatch_c_queue (void *context, size_t count)
{
  return run_c_queue (context, count, FALSE);
}

uint64_t
bench_dispatch_c_queue_malloc (void *context, size_t count)
{
  return run_c_queue (context, count, TRUE);
}

static uint64_t
run_c_queue (void *context, size_t count, gboolean allocate)
{
  CQueue queue;
  memset (&queue, 0, sizeof queue);
  g_mutex_init (&queue.lock);
  queue.context = context;
  Sink sink = { 0, TRUE };
  QueueWorker worker = { &queue, &sink, count, allocate };
  uint64_t start = bench_now_ns ();
  GThread *thread = g_thread_new ("bench-queue-worker", queue_worker, &worker);
  while (sink.delivered < count)
    g_main_context_iteration (context, TRUE);
  uint64_t elapsed = bench_now_ns () - start;
  g_thread_join (thread);
  /* The source removed itself when it found the queue empty. */
  while (g_main_context_iteration (context, FALSE))
    ;
  free (queue.pending);
  free (queue.spare);
  g_mutex_clear (&queue.lock);
  return sink.ordered ? elapsed : 0;
}
