/* test-soak.c: load. Nothing lost, nothing leaked, nothing called twice.
 *
 * /soak/reload-cycles: VCT_SOAK_CYCLES reload cycles (default 2000; 100 under valgrind;
 *   `make soak` runs 10 000) against one custom API, mixing successes, HTTP-like errors,
 *   invalid JSON, supersessions (a second reload while the first is in flight, the first
 *   completed late), selections, callbacks replaced every few cycles and the model
 *   recreated every 250 cycles. Each cycle checks that exactly the latest outcome was
 *   delivered, with the right items or error code, and the items kept after an error.
 *   At the end every GDestroyNotify ran exactly once (callbacks and API). Resident memory
 *   is sampled after the warm-up (10% of the cycles) and at the end, printed as
 *   "# soak: ... rss first=… KiB last=… KiB", and (not under valgrind or a sanitizer)
 *   its growth must stay under 16 MiB.
 *
 * /soak/threads: VCT_THREADS_SECONDS seconds (default 1; `make sanitize` runs 10 under
 *   ThreadSanitizer) of 8 threads calling the thread-safe functions at random: reload,
 *   select a cell, set a callback, ref/unref the model, its cells and the API, and
 *   complete the custom API's requests (JSON, error, garbage), while this thread runs the
 *   loop. Every callback runs on this thread, none after its notify, every notify once.
 */
#include "common/vct-test.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ counting callbacks */

typedef struct
{
  gint calls;               /* atomic */
  gint notified;            /* atomic */
  gint calls_after_notify;  /* atomic */
} Slot;

typedef struct
{
  GThread *thread;
  gint     wrong_thread;     /* atomic */
  gint     installed;        /* atomic: callbacks set with a notify */
  gint     notified;         /* atomic: notifies run */
  gint     twice;            /* atomic: a notify that ran again */
  gint     reloads;
  gint     errors;
  gint     titles;
  gint64   last_first_id;
  gsize    last_n;
  gint     last_code;
  char    *last_title;
  GMutex   lock;
  GPtrArray *slots;          /* every Slot ever installed, freed at the end */
} Counts;

static Slot *
new_slot (Counts *c)
{
  Slot *s = g_new0 (Slot, 1);

  g_mutex_lock (&c->lock);
  g_ptr_array_add (c->slots, s);
  g_mutex_unlock (&c->lock);
  g_atomic_int_inc (&c->installed);
  return s;
}

static Counts *counts_for_slots; /* the callbacks' user_data is the Slot */

static void
check_call (Slot *s)
{
  if (g_thread_self () != counts_for_slots->thread)
    g_atomic_int_inc (&counts_for_slots->wrong_thread);
  if (g_atomic_int_get (&s->notified))
    g_atomic_int_inc (&s->calls_after_notify);
  g_atomic_int_inc (&s->calls);
}

static void
slot_notify (gpointer data)
{
  Slot *s = data;

  if (g_atomic_int_add (&s->notified, 1) != 0)
    g_atomic_int_inc (&counts_for_slots->twice);
  g_atomic_int_inc (&counts_for_slots->notified);
}

static void
on_title (const char *title, gpointer data)
{
  Counts *c = counts_for_slots;

  check_call (data);
  c->titles++;
  g_free (c->last_title);
  c->last_title = g_strdup (title);
}

static void
on_reload (VctCellData *const *items, gsize n, gpointer data)
{
  Counts *c = counts_for_slots;

  check_call (data);
  c->reloads++;
  c->last_n = n;
  c->last_first_id = n > 0 ? vct_cell_data_get_id (items[0]) : -1;
  for (gsize i = 0; i < n; i++)
    g_assert_nonnull (vct_cell_data_get_title (items[i]));
}

static void
on_error (const char *message, gpointer data)
{
  check_call (data);
  g_assert_true (g_str_has_prefix (message, "An Error Occurred\n\n"));
  counts_for_slots->errors++;
}

static void
set_callbacks (Counts *c, VctTableModel *model, int which)
{
  if (which < 0 || which == 0)
    vct_table_model_set_did_update_navigation_title (model, on_title, new_slot (c), slot_notify);
  if (which < 0 || which == 1)
    vct_table_model_set_did_reload_data (model, on_reload, new_slot (c), slot_notify);
  if (which < 0 || which == 2)
    vct_table_model_set_did_error (model, on_error, new_slot (c), slot_notify);
}

static void
counts_init (Counts *c)
{
  memset (c, 0, sizeof *c);
  c->thread = g_thread_self ();
  g_mutex_init (&c->lock);
  c->slots = g_ptr_array_new_with_free_func (g_free);
  counts_for_slots = c;
}

static void
counts_check_and_clear (Counts *c)
{
  g_assert_cmpint (c->wrong_thread, ==, 0);
  g_assert_cmpint (c->twice, ==, 0);
  g_assert_cmpint (c->notified, ==, c->installed);
  for (guint i = 0; i < c->slots->len; i++)
    {
      Slot *s = g_ptr_array_index (c->slots, i);
      g_assert_cmpint (s->notified, ==, 1);
      g_assert_cmpint (s->calls_after_notify, ==, 0);
    }
  g_ptr_array_unref (c->slots);
  g_free (c->last_title);
  g_mutex_clear (&c->lock);
  counts_for_slots = NULL;
}

/* ------------------------------------------------------------------ the custom API */

/* The pending requests, shared by the threads. A GQueue under a GMutex the test locks
 * itself rather than a GAsyncQueue: GAsyncQueue locks inside GLib, where ThreadSanitizer
 * cannot see it (Tests/sanitizers/tsan-mutex-shim.c annotates only the calls made from
 * instrumented code), and would report the hand-over of a request as a race. */
typedef struct
{
  GMutex lock;
  GQueue queue;
} Requests;

static void
requests_push (Requests *r, VctApiRequest *request)
{
  g_mutex_lock (&r->lock);
  g_queue_push_tail (&r->queue, request);
  g_mutex_unlock (&r->lock);
}

static VctApiRequest *
requests_try_pop (Requests *r)
{
  VctApiRequest *request;

  g_mutex_lock (&r->lock);
  request = g_queue_pop_head (&r->queue);
  g_mutex_unlock (&r->lock);
  return request;
}

static guint
requests_length (Requests *r)
{
  guint n;

  g_mutex_lock (&r->lock);
  n = g_queue_get_length (&r->queue);
  g_mutex_unlock (&r->lock);
  return n;
}

typedef struct
{
  Requests    *requests;
  gint         calls;      /* atomic */
  gint         notified;   /* atomic */
} Api;

static Requests *
requests_new (void)
{
  Requests *r = g_new0 (Requests, 1);
  g_mutex_init (&r->lock);
  g_queue_init (&r->queue);
  return r;
}

static void
requests_free (Requests *r)
{
  g_assert_cmpuint (requests_length (r), ==, 0);
  g_mutex_clear (&r->lock);
  g_free (r);
}

static void
api_get_photos (VctApiRequest *request, gpointer data)
{
  Api *api = data;

  g_atomic_int_inc (&api->calls);
  requests_push (api->requests, request);
}

static void
api_notify (gpointer data)
{
  g_atomic_int_inc (&((Api *) data)->notified);
  g_main_context_wakeup (NULL);
}

/* ------------------------------------------------------------------ reload cycles */

typedef struct
{
  Api           *api;
  Counts        *counts;
  VctTableModel *model;
  gint           delivered;   /* reloads + errors of this model so far */
} Soak;

static gboolean
delivered_cond (gpointer data)
{
  Soak *soak = data;
  return soak->counts->reloads + soak->counts->errors >= soak->delivered;
}

static VctApiRequest *
next_request (Api *api)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) VCT_TEST_TIMEOUT_MS * 1000 * (vct_test_under_valgrind () ? 10 : 1);
  VctApiRequest *request;

  while ((request = requests_try_pop (api->requests)) == NULL)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("soak: no request arrived in time");
      g_main_context_iteration (NULL, FALSE);
      if (requests_length (api->requests) == 0)
        g_usleep (50);
    }
  return request;
}

/* Waits for the one outcome the latest reload delivers. */
static void
wait_delivered (Soak *soak)
{
  soak->delivered++;
  run_until (NULL, delivered_cond, soak, VCT_TEST_TIMEOUT_MS);
}

static void
return_error (VctApiRequest *request, gint code)
{
  GError *error = g_error_new (VCT_ERROR, code, "soak error %d", code);
  vct_api_request_return_error (request, error);
  g_error_free (error);
}

static gpointer
complete_on_thread (gpointer data)
{
  char *json = vct_test_photos_json (7, 2);
  vct_api_request_return_json (data, json, -1);
  g_free (json);
  return NULL;
}

static void
new_model (Soak *soak, VctApi *api)
{
  soak->model = vct_table_model_new_with_manager (api);
  set_callbacks (soak->counts, soak->model, -1);
}

static void
test_reload_cycles (void)
{
  guint cycles = vct_test_env_uint ("VCT_SOAK_CYCLES", vct_test_scale (2000, 100));
  guint warmup = MAX (cycles / 10, 1);
  GRand *rand = g_rand_new_with_seed (20261121);
  Api api = { requests_new (), 0, 0 };
  Counts counts;
  Soak soak = { &api, &counts, NULL, 0 };
  VctApi *handle = vct_api_new_custom (api_get_photos, &api, api_notify);
  gsize rss_first = 0, rss_last, n_good = 0;
  guint kinds[6] = { 0 };
  gint64 good_first = -1;
  gint64 start = g_get_monotonic_time ();

  counts_init (&counts);
  new_model (&soak, handle);

  for (guint cycle = 0; cycle < cycles; cycle++)
    {
      guint kind = g_rand_int_range (rand, 0, 6);
      gint64 first = 1000 * (gint64) cycle + 1;
      guint n = (guint) g_rand_int_range (rand, 1, 40);
      char *json = vct_test_photos_json (first, n);
      VctApiRequest *request;

      kinds[kind]++;
      if (cycle > 0 && cycle % 250 == 0)
        {
          /* A fresh model: the old one's three notifies run at its last unref. */
          gint before = g_atomic_int_get (&counts.notified);
          g_object_unref (soak.model);
          g_assert_cmpint (g_atomic_int_get (&counts.notified), ==, before + 3);
          counts.reloads = counts.errors = 0;
          soak.delivered = 0;
          new_model (&soak, handle);
          n_good = 0;
          good_first = -1;
        }
      if (cycle % 7 == 3)
        set_callbacks (&counts, soak.model, (int) (cycle % 3));

      vct_table_model_reload_data (soak.model);
      switch (kind)
        {
        case 0: /* success */
        case 5: /* success, completed on another thread */
          request = next_request (&api);
          if (kind == 0)
            vct_api_request_return_json (request, json, -1);
          else
            g_thread_join (g_thread_new ("soak-complete", complete_on_thread, request));
          wait_delivered (&soak);
          n_good = kind == 0 ? n : 2;
          good_first = kind == 0 ? first : 7;
          g_assert_cmpuint (counts.last_n, ==, n_good);
          g_assert_cmpint (counts.last_first_id, ==, good_first);
          break;
        case 1: /* an error: the items stay */
          request = next_request (&api);
          return_error (request, VCT_ERROR_HTTP_STATUS);
          wait_delivered (&soak);
          {
            GError *error = vct_table_model_get_last_error (soak.model);
            g_assert_error (error, VCT_ERROR, VCT_ERROR_HTTP_STATUS);
            g_error_free (error);
          }
          break;
        case 2: /* not JSON */
          request = next_request (&api);
          vct_api_request_return_json (request, "{\"albumId\": [", -1);
          wait_delivered (&soak);
          {
            GError *error = vct_table_model_get_last_error (soak.model);
            g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_JSON);
            g_error_free (error);
          }
          break;
        case 3: /* superseded: the first request completes late, only the second counts */
          {
            VctApiRequest *late = next_request (&api);
            vct_table_model_reload_data (soak.model);
            request = next_request (&api);
            vct_api_request_return_json (late, "[]", -1);
            vct_api_request_return_json (request, json, -1);
            wait_delivered (&soak);
            n_good = n;
            good_first = first;
            g_assert_cmpuint (counts.last_n, ==, n);
            g_assert_cmpint (counts.last_first_id, ==, first);
            break;
          }
        case 4: /* a selection, then a success */
          {
            VctCellData *cell = vct_table_model_get_item (soak.model, 0);
            if (cell != NULL)
              vct_table_model_user_selected_cell (soak.model, cell);
            request = next_request (&api);
            vct_api_request_return_json (request, json, -1);
            wait_delivered (&soak);
            n_good = n;
            good_first = first;
            break;
          }
        default:
          g_assert_not_reached ();
        }
      /* Nothing lost: the items are the last good load's. */
      g_assert_cmpuint (vct_table_model_get_n_items (soak.model), ==, n_good);
      if (n_good > 0)
        g_assert_cmpint (vct_cell_data_get_id (vct_table_model_get_item (soak.model, 0)), ==, good_first);
      g_assert_false (vct_table_model_is_loading (soak.model));
      g_free (json);

      if (cycle + 1 == warmup)
        rss_first = vct_test_resident_kib ();
    }
  /* No stray result arrives later. */
  iterate_for (NULL, 20);
  g_assert_cmpint (counts.reloads + counts.errors, ==, soak.delivered);
  rss_last = vct_test_resident_kib ();

  g_object_unref (soak.model);
  g_object_unref (handle);
  run_until (NULL, cond_flag, &api.notified, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (api.notified, ==, 1);
  g_assert_cmpuint (requests_length (api.requests), ==, 0);
  g_assert_cmpint (api.calls, ==, (gint) (cycles + kinds[3]));
  counts_check_and_clear (&counts);

  printf ("# soak: %u cycles (%u successes, %u on another thread, %u errors, %u invalid JSON, "
          "%u supersessions, %u selections) in %.1f s; rss first=%" G_GSIZE_FORMAT " KiB last=%"
          G_GSIZE_FORMAT " KiB (%+" G_GINT64_FORMAT " KiB)\n",
          cycles, kinds[0], kinds[5], kinds[1], kinds[2], kinds[3], kinds[4],
          (g_get_monotonic_time () - start) / 1e6, rss_first, rss_last,
          (gint64) rss_last - (gint64) rss_first);
  if (!vct_test_under_valgrind () && rss_first > 0)
    g_assert_cmpint ((gint64) rss_last - (gint64) rss_first, <, 16 * 1024);
  requests_free (api.requests);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ 8 threads */

#define N_THREADS 8
#define N_CELLS 16

typedef struct
{
  VctTableModel *model;
  VctApi        *handle;
  Api           *api;
  Counts        *counts;
  VctCellData   *cells[N_CELLS];
  gint           stop;          /* atomic */
  gint           ops;           /* atomic */
  guint          seed;
} Storm;

static gpointer
storm_thread (gpointer data)
{
  Storm *storm = data;
  GRand *rand = g_rand_new_with_seed (storm->seed + (guint) g_atomic_int_add (&storm->ops, 1));
  char *json = vct_test_photos_json (1, 20);

  while (!g_atomic_int_get (&storm->stop))
    {
      guint op = g_rand_int_range (rand, 0, 100);
      VctApiRequest *request;

      if (op < 6)
        vct_table_model_reload_data (storm->model);
      else if (op < 16)
        vct_table_model_user_selected_cell (storm->model, storm->cells[g_rand_int_range (rand, 0, N_CELLS)]);
      else if (op < 21)
        set_callbacks (storm->counts, storm->model, g_rand_int_range (rand, 0, 3));
      else if (op < 66)
        {
          if ((request = requests_try_pop (storm->api->requests)) != NULL)
            {
              guint how = g_rand_int_range (rand, 0, 10);
              if (how < 6)
                vct_api_request_return_json (request, json, -1);
              else if (how < 9)
                return_error (request, VCT_ERROR_CONNECTION_FAILED);
              else
                vct_api_request_return_json (request, "\xff\xfe not json", -1);
            }
        }
      else if (op < 81)
        g_object_unref (g_object_ref (storm->model));
      else if (op < 96)
        {
          VctCellData *cell = g_object_ref (storm->cells[g_rand_int_range (rand, 0, N_CELLS)]);
          g_object_unref (g_object_ref (storm->handle));
          g_assert_nonnull (vct_cell_data_get_title (cell));
          g_object_unref (cell);
        }
      else
        g_usleep (g_rand_int_range (rand, 0, 200));
      /* Leave the context thread some of the two cores. */
      g_usleep (20);
      g_atomic_int_inc (&storm->ops);
    }
  g_free (json);
  g_rand_free (rand);
  return NULL;
}

static gboolean
storm_settled (gpointer data)
{
  Storm *storm = data;
  VctApiRequest *request;
  char *json;

  while ((request = requests_try_pop (storm->api->requests)) != NULL)
    {
      json = vct_test_photos_json (1, 20);
      vct_api_request_return_json (request, json, -1);
      g_free (json);
    }
  return !vct_table_model_is_loading (storm->model);
}

static void
test_threads (void)
{
  double seconds = vct_test_env_uint ("VCT_THREADS_SECONDS", 0);
  Api api = { requests_new (), 0, 0 };
  Counts counts;
  Storm storm = { 0 };
  GThread *threads[N_THREADS];
  char *json = vct_test_photos_json (1, N_CELLS);
  gint64 deadline;
  VctApiRequest *request;

  if (seconds <= 0)
    seconds = vct_test_under_valgrind () ? 0.5 : 1.0;
  counts_init (&counts);
  storm.api = &api;
  storm.counts = &counts;
  storm.seed = 7;
  storm.handle = vct_api_new_custom (api_get_photos, &api, api_notify);
  storm.model = vct_table_model_new_with_manager (storm.handle);
  set_callbacks (&counts, storm.model, -1);

  /* A first load gives the threads cells to select (kept by refs). */
  vct_table_model_reload_data (storm.model);
  request = next_request (&api);
  vct_api_request_return_json (request, json, -1);
  run_until (NULL, cond_not_loading, storm.model, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpuint (vct_table_model_get_n_items (storm.model), ==, N_CELLS);
  for (guint i = 0; i < N_CELLS; i++)
    storm.cells[i] = g_object_ref (vct_table_model_get_item (storm.model, i));

  storm.ops = 0;
  for (guint i = 0; i < N_THREADS; i++)
    threads[i] = g_thread_new ("storm", storm_thread, &storm);
  deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < deadline)
    {
      /* The context thread also reads what only it may read. */
      guint n = vct_table_model_get_n_items (storm.model);
      if (n > 0)
        g_assert_nonnull (vct_table_model_get_item (storm.model, n - 1));
      g_main_context_iteration (NULL, FALSE);
      g_thread_yield ();
    }
  g_atomic_int_set (&storm.stop, 1);
  for (guint i = 0; i < N_THREADS; i++)
    g_thread_join (threads[i]);

  run_until (NULL, storm_settled, &storm, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 20);
  storm_settled (&storm);
  printf ("# threads: %d threads, %.1f s, %d calls; %d titles, %d reloads, %d errors delivered; %d callbacks set\n",
          N_THREADS, seconds, storm.ops, counts.titles, counts.reloads, counts.errors, counts.installed);
  g_assert_cmpint (counts.reloads, >, 0);

  for (guint i = 0; i < N_CELLS; i++)
    g_object_unref (storm.cells[i]);
  g_object_unref (storm.model);
  g_object_unref (storm.handle);
  run_until (NULL, cond_flag, &api.notified, VCT_TEST_TIMEOUT_MS);
  /* Requests superseded but sent are still with us: complete them (dropped). */
  while ((request = requests_try_pop (api.requests)) != NULL)
    vct_api_request_return_json (request, "[]", -1);
  g_assert_cmpint (api.notified, ==, 1);
  counts_check_and_clear (&counts);
  requests_free (api.requests);
  g_free (json);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/soak/reload-cycles", test_reload_cycles);
  g_test_add_func ("/soak/threads", test_threads);
  return vct_test_run ();
}
