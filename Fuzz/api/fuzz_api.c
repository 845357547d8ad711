/* Fuzz/api/fuzz_api.c: libFuzzer target that plays random sequences of C API calls.
 *
 * Each input is a program: one byte picks an operation, the next bytes its arguments.
 * Up to two models, each over its own custom API (so a request belongs to one model),
 * on the default GMainContext of the fuzzer's thread:
 *   new model, set / clear / replace a callback (each with a counting notify), reload,
 *   select a current cell or a stale one (kept by a ref), complete the oldest pending
 *   request now with JSON, an error or garbage, or later from a worker thread, iterate
 *   the loop, ref + unref, the last unref, ref + unref a cell.
 * After every step and at the end it checks the contract of vctable.h:
 *   - every GDestroyNotify runs exactly once (a second run aborts at once), the model's
 *     at its last unref, the API's after everything;
 *   - no callback after its notify, none after the model's last unref;
 *   - latest wins: a result is delivered only for a request sent after the model's last
 *     reload call, at most once;
 *   - every callback on this thread.
 * Built by Fuzz/run.sh with clang -fsanitize=fuzzer,address against a libVCTable.so
 * built with -sanitize=fuzzer,address (coverage of the library guides the fuzzer).
 */
#include <vctable.h>

#define FUZZ_TARGET "fuzz_api"
#include "../common/fuzz-common.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_MODELS 2
#define N_SLOTS 3
#define MAX_STEPS 64


typedef struct Model Model;

typedef struct
{
  Model *model;
  gint   calls;
  gint   notified;          /* atomic */
  gint   calls_after_notify;
} Probe;

typedef struct
{
  VctApiRequest *request;
  guint          serial;
  guint64        sent_at;    /* the step counter when get_photos ran */
} Pending;

struct Model
{
  int            index;
  VctTableModel *handle;     /* NULL once finalized */
  VctApi        *api;
  gint           api_notified;   /* atomic */
  GQueue         pending;        /* Pending *, oldest first */
  guint          serials;
  guint64        last_reload_at; /* step counter of the last reload call */
  GHashTable    *delivered;      /* serial → 1 */
  GHashTable    *sent_at;        /* serial → step (as pointer) */
};

static GPtrArray *probes;       /* every Probe of this input */
static Model      models[N_MODELS];
static GThread   *main_thread;
static GThreadPool *workers;
static gint         completions_in_flight;  /* atomic: pushed to a worker, not yet completed */
static guint64    step;
static VctCellData *stale_cell;

/* ------------------------------------------------------------------ callbacks */

static void
called (Probe *p)
{
  CHECK (g_thread_self () == main_thread, "callback off the context thread");
  CHECK (!g_atomic_int_get (&p->notified), "callback of model %d called after its notify", p->model->index);
  CHECK (p->model->handle != NULL, "callback of model %d after its last unref", p->model->index);
  p->calls++;
}

static void
probe_notify (gpointer data)
{
  Probe *p = data;
  CHECK (g_atomic_int_add (&p->notified, 1) == 0, "a notify ran twice");
}

/* The serial of the request a document or message came from. */
static void
check_delivery (Model *m, guint serial)
{
  gpointer sent;

  CHECK (g_hash_table_lookup_extended (m->sent_at, GUINT_TO_POINTER (serial), NULL, &sent),
         "model %d: delivery of request %u, never sent", m->index, serial);
  CHECK (!g_hash_table_contains (m->delivered, GUINT_TO_POINTER (serial)),
         "model %d: request %u delivered twice", m->index, serial);
  CHECK ((guint64) GPOINTER_TO_SIZE (sent) >= m->last_reload_at,
         "model %d: request %u sent at step %" G_GUINT64_FORMAT " delivered after a reload at step %" G_GUINT64_FORMAT,
         m->index, serial, (guint64) GPOINTER_TO_SIZE (sent), m->last_reload_at);
  g_hash_table_add (m->delivered, GUINT_TO_POINTER (serial));
}

static void
on_reload (VctCellData *const *items, gsize n, gpointer data)
{
  Probe *p = data;

  called (p);
  /* Documents carry their request's serial in every id: serial * 1000 + i. */
  if (n > 0)
    check_delivery (p->model, (guint) (vct_cell_data_get_id (items[0]) / 1000));
  for (gsize i = 0; i < n; i++)
    CHECK (vct_cell_data_get_title (items[i]) != NULL, "an item without a title");
}

static void
on_error (const char *message, gpointer data)
{
  Probe *p = data;
  const char *tag = strstr (message, "fuzz error ");

  called (p);
  CHECK (g_str_has_prefix (message, "An Error Occurred\n\n"), "message without the prefix: %s", message);
  if (tag != NULL)
    check_delivery (p->model, (guint) strtoul (tag + strlen ("fuzz error "), NULL, 10));
}

static void
on_title (const char *title, gpointer data)
{
  called (data);
  CHECK (title != NULL, "NULL title");
}

static void
set_slot (Model *m, int slot, gboolean clear)
{
  Probe *p = NULL;

  if (!clear)
    {
      p = g_new0 (Probe, 1);
      p->model = m;
      g_ptr_array_add (probes, p);
    }
  switch (slot)
    {
    case 0:
      vct_table_model_set_did_reload_data (m->handle, p ? on_reload : NULL, p, p ? probe_notify : NULL);
      break;
    case 1:
      vct_table_model_set_did_error (m->handle, p ? on_error : NULL, p, p ? probe_notify : NULL);
      break;
    default:
      vct_table_model_set_did_update_navigation_title (m->handle, p ? on_title : NULL, p, p ? probe_notify : NULL);
      break;
    }
}

/* ------------------------------------------------------------------ the custom API */

static void
get_photos (VctApiRequest *request, gpointer data)
{
  Model *m = data;
  Pending *pending = g_new0 (Pending, 1);

  CHECK (g_thread_self () == main_thread, "get_photos off the API's context thread");
  pending->request = request;
  pending->serial = ++m->serials;
  pending->sent_at = step;
  g_hash_table_insert (m->sent_at, GUINT_TO_POINTER (pending->serial), GSIZE_TO_POINTER ((gsize) step));
  g_queue_push_tail (&m->pending, pending);
}

static void
api_notify (gpointer data)
{
  Model *m = data;
  CHECK (g_atomic_int_add (&m->api_notified, 1) == 0, "the API's notify ran twice");
  g_main_context_wakeup (NULL);
}


static char *
document (guint serial, guint n)
{
  GString *json = g_string_new ("[");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"albumId\": 1, \"id\": %u, \"title\": \"t%u\", \"url\": \"u\", \"thumbnailUrl\": \"v\"}",
                            i ? "," : "", serial * 1000 + i, i);
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

/* Takes the oldest pending request of @m and makes its completion (@how: 0 JSON,
 * 1 error, 2 garbage, 3 an empty array). */
static Completion *
take (Model *m, guint how, guint n, const uint8_t *bytes, size_t length)
{
  Pending *pending = g_queue_pop_head (&m->pending);
  Completion *c;

  if (pending == NULL)
    return NULL;
  c = g_new0 (Completion, 1);
  c->request = pending->request;
  switch (how % 4)
    {
    case 0:
      c->json = document (pending->serial, 1 + n % 5);
      break;
    case 1:
      c->error = g_error_new (n % 2 ? VCT_ERROR : G_IO_ERROR, (gint) (n % 14), "fuzz error %u", pending->serial);
      break;
    case 2:
      c->json = g_strndup ((const char *) bytes, MIN (length, 32));
      break;
    default:
      c->json = g_strdup ("[]");
      break;
    }
  g_free (pending);
  return c;
}

/* ------------------------------------------------------------------ models */

static void
model_new (Model *m, int index)
{
  m->index = index;
  m->api = vct_api_new_custom (get_photos, m, api_notify);
  m->handle = vct_table_model_new_with_manager (m->api);
  m->delivered = g_hash_table_new (NULL, NULL);
  m->sent_at = g_hash_table_new (NULL, NULL);
  m->last_reload_at = 0;
  for (int slot = 0; slot < N_SLOTS; slot++)
    set_slot (m, slot, FALSE);
}

static void
model_last_unref (Model *m)
{
  VctTableModel *handle = m->handle;

  m->handle = NULL;
  g_object_unref (handle);
  /* Every callback's notify has run when the last unref returns. */
  for (guint i = 0; i < probes->len; i++)
    {
      Probe *p = g_ptr_array_index (probes, i);
      if (p->model == m)
        CHECK (g_atomic_int_get (&p->notified) == 1, "model %d: a notify missing after its last unref", m->index);
    }
}

/* Finishes model @m: last unref, every request completed, the API released; waits for
 * the API's notify. */
static void
model_finish (Model *m)
{
  Completion *c;
  gint64 deadline;

  if (m->api == NULL)
    return;
  if (m->handle != NULL)
    model_last_unref (m);
  while ((c = take (m, 3, 0, NULL, 0)) != NULL)
    fuzz_completion_complete (c);
  g_clear_object (&m->api);
  /* Worker completions may still hold requests: wait for them, then for the notify. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!g_atomic_int_get (&m->api_notified))
    {
      CHECK (g_get_monotonic_time () < deadline, "model %d: the API's notify never ran", m->index);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  g_hash_table_unref (m->delivered);
  g_hash_table_unref (m->sent_at);
  memset (m, 0, sizeof *m);
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Lets the work an input started end before the next one: the workers' completions, then
 * (a short sleep) the Swift tasks they resumed, which decode the document they were handed.
 * libFuzzer's leak check after an input (two runs with more mallocs than frees, then a
 * LeakSanitizer pass) otherwise finds a document a worker allocated still in flight, held
 * only inside a Swift enum payload whose spare bits tag the pointer, which LeakSanitizer
 * does not recognise (RELIABILITY.md, P7). */
static void
drain (void)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_atomic_int_get (&completions_in_flight) > 0)
    {
      CHECK (g_get_monotonic_time () < deadline, "a worker's completion never ended");
      g_usleep (100);
    }
  g_usleep (500);
  iterate ();
}

/* ------------------------------------------------------------------ the program */

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  main_thread = g_thread_self ();
  workers = g_thread_pool_new (fuzz_completion_worker, &completions_in_flight, 3, FALSE, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  size_t at = 0;
  guint steps = 0;

  probes = g_ptr_array_new_with_free_func (g_free);
  step = 1;
  model_new (&models[0], 0);

  while (at < size && steps++ < MAX_STEPS)
    {
      guint op = data[at++];
      guint arg = at < size ? data[at++] : 0;
      Model *m = &models[arg % N_MODELS];
      Completion *c;

      step++;
      if (m->api == NULL && op % 16 != 0)
        m = &models[0];
      switch (op % 16)
        {
        case 0: /* a second model */
          if (m->api == NULL)
            model_new (m, (int) (m - models));
          break;
        case 1: /* set or replace a callback */
          if (m->handle)
            set_slot (m, (int) (arg / 2 % N_SLOTS), FALSE);
          break;
        case 2: /* clear a callback */
          if (m->handle)
            set_slot (m, (int) (arg / 2 % N_SLOTS), TRUE);
          break;
        case 3:
        case 4: /* reload */
          if (m->handle)
            {
              m->last_reload_at = step;
              vct_table_model_reload_data (m->handle);
            }
          break;
        case 5: /* select a current cell */
          if (m->handle && vct_table_model_get_n_items (m->handle) > 0)
            {
              VctCellData *cell = vct_table_model_get_item (m->handle, arg % vct_table_model_get_n_items (m->handle));
              CHECK (cell != NULL, "get_item below get_n_items returned NULL");
              vct_table_model_user_selected_cell (m->handle, cell);
              if (stale_cell == NULL)
                stale_cell = g_object_ref (cell);
            }
          break;
        case 6: /* select a stale cell (a ref'd cell of an earlier load, maybe another model's) */
          if (m->handle && stale_cell)
            vct_table_model_user_selected_cell (m->handle, stale_cell);
          break;
        case 7:
        case 8: /* complete the oldest request now */
          if ((c = take (m, arg / 2, arg, data + at, size - at)) != NULL)
            fuzz_completion_complete (c);
          break;
        case 9: /* complete it later, from a worker thread */
          if ((c = take (m, arg / 2, arg, data + at, size - at)) != NULL)
            {
              g_atomic_int_inc (&completions_in_flight);
              g_thread_pool_push (workers, c, NULL);
            }
          break;
        case 10:
        case 11:
          iterate ();
          break;
        case 12: /* a ref and an unref, not the last */
          if (m->handle)
            g_object_unref (g_object_ref (m->handle));
          break;
        case 13: /* the last unref */
          if (m->handle && arg % 4 == 0)
            model_last_unref (m);
          break;
        case 14: /* cell refs */
          if (m->handle && vct_table_model_get_n_items (m->handle) > 0)
            {
              VctCellData *cell = g_object_ref (vct_table_model_get_item (m->handle, 0));
              g_clear_object (&stale_cell);
              stale_cell = cell;
            }
          break;
        default: /* let the loop and the workers run a little */
          g_usleep (arg % 8 * 50);
          iterate ();
          break;
        }
      /* The getters agree with each other after every step. */
      if (m->handle)
        {
          guint n = vct_table_model_get_n_items (m->handle);
          CHECK (vct_table_model_get_item (m->handle, n) == NULL, "get_item past the end");
          if (n > 0)
            CHECK (vct_table_model_get_item (m->handle, n - 1) != NULL, "get_item of the last item");
        }
    }

  iterate ();
  for (int i = 0; i < N_MODELS; i++)
    model_finish (&models[i]);
  iterate ();
  g_clear_object (&stale_cell);
  for (guint i = 0; i < probes->len; i++)
    {
      Probe *p = g_ptr_array_index (probes, i);
      CHECK (g_atomic_int_get (&p->notified) == 1, "a notify did not run exactly once");
    }
  g_clear_pointer (&probes, g_ptr_array_unref);
  drain ();
  return 0;
}
