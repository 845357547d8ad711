/* test-threads.c: a thread-safety smoke test.
 *
 * Four worker threads call reload_data, user_selected_cell, the three setters and
 * every ref/unref on one model while the main thread iterates the model's context.
 * Every callback must run on the main thread, every notify exactly once, and no
 * callback after its notify. Kept small: it also runs under valgrind.
 */
#include "common/vct-test.h"

#define N_WORKERS 4

typedef struct
{
  gint calls;
  gint notified;
  gint calls_after_notify;
  gint wrong_thread;
} SlotData;

typedef struct
{
  VctTableModel *model;
  VctApi        *api;
  VctCellData   *cell;
  GThread       *main_thread;
  guint          iterations;
  gint           finished;     /* atomic */
  GMutex         lock;
  GPtrArray     *slot_data;    /* SlotData *, every one handed to a setter */
} Shared;

static Shared *shared;

static SlotData *
slot_data_new (void)
{
  SlotData *d = g_new0 (SlotData, 1);

  g_mutex_lock (&shared->lock);
  g_ptr_array_add (shared->slot_data, d);
  g_mutex_unlock (&shared->lock);
  return d;
}

static void
slot_check (SlotData *d)
{
  if (g_thread_self () != shared->main_thread)
    g_atomic_int_inc (&d->wrong_thread);
  if (g_atomic_int_get (&d->notified))
    g_atomic_int_inc (&d->calls_after_notify);
  g_atomic_int_inc (&d->calls);
}

static void
slot_text (const char *text, gpointer data)
{
  g_assert_nonnull (text);
  slot_check (data);
}

static void
slot_reload (VctCellData *const *items, gsize n_items, gpointer data)
{
  g_assert_cmpuint (n_items, ==, 3);
  g_assert_cmpint (vct_cell_data_get_id (items[2]), ==, 3);
  slot_check (data);
}

static void
slot_notify (gpointer data)
{
  g_atomic_int_inc (&((SlotData *) data)->notified);
}

static gpointer
worker (gpointer data)
{
  guint seed = GPOINTER_TO_UINT (data);

  for (guint i = 0; i < shared->iterations; i++)
    {
      VctTableModel *model = g_object_ref (shared->model);
      VctApi *api = g_object_ref (shared->api);
      VctCellData *cell = g_object_ref (shared->cell);

      switch ((i + seed) % 6)
        {
        case 0:
          vct_table_model_reload_data (model);
          break;
        case 1:
          vct_table_model_user_selected_cell (model, cell);
          break;
        case 2:
          vct_table_model_set_did_update_navigation_title (model, slot_text, slot_data_new (), slot_notify);
          break;
        case 3:
          vct_table_model_set_did_reload_data (model, slot_reload, slot_data_new (), slot_notify);
          break;
        case 4:
          vct_table_model_set_did_error (model, slot_text, slot_data_new (), slot_notify);
          break;
        case 5:
          /* Cleared, with a notify that runs at once. */
          vct_table_model_set_did_update_navigation_title (model, NULL, slot_data_new (), slot_notify);
          vct_table_model_reload_data (model);
          break;
        default:
          g_assert_not_reached ();
        }
      g_object_unref (cell);
      g_object_unref (api);
      g_object_unref (model);
    }
  g_atomic_int_inc (&shared->finished);
  g_main_context_wakeup (NULL);
  return NULL;
}

static gboolean
workers_finished (gpointer data)
{
  (void) data;
  return g_atomic_int_get (&shared->finished) == N_WORKERS;
}

static void
test_smoke (void)
{
  Shared s = { 0 };
  FakeApi fake;
  GThread *threads[N_WORKERS];
  Recorder rec;
  char *json = vct_test_photos_json (1, 3);
  guint total_calls = 0;

  shared = &s;
  g_mutex_init (&s.lock);
  s.slot_data = g_ptr_array_new_with_free_func (g_free);
  s.main_thread = g_thread_self ();
  s.iterations = vct_test_scale (300, 12);

  fake_api_init (&fake);
  fake.auto_json = json;
  s.api = fake_api_new (&fake);
  s.model = vct_table_model_new_with_manager (s.api);

  /* A first reload gives the workers a cell to select. */
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, s.model);
  vct_table_model_reload_data (s.model);
  recorder_wait_done (&rec, NULL, 1);
  s.cell = g_object_ref (vct_table_model_get_item (s.model, 1));
  vct_table_model_set_did_update_navigation_title (s.model, slot_text, slot_data_new (), slot_notify);
  vct_table_model_set_did_reload_data (s.model, slot_reload, slot_data_new (), slot_notify);
  vct_table_model_set_did_error (s.model, slot_text, slot_data_new (), slot_notify);
  g_assert_cmpint (rec.n_title_notifies + rec.n_reload_notifies + rec.n_error_notifies, ==, 3);

  for (guint i = 0; i < N_WORKERS; i++)
    threads[i] = g_thread_new ("smoke", worker, GUINT_TO_POINTER (i));
  run_until (NULL, workers_finished, NULL, VCT_TEST_TIMEOUT_MS * 2);
  for (guint i = 0; i < N_WORKERS; i++)
    g_thread_join (threads[i]);

  /* Let the last reload land, then finalize. */
  run_until (NULL, cond_not_loading, s.model, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 50);
  g_object_unref (s.model);
  g_object_unref (s.cell);

  g_assert_cmpuint (s.slot_data->len, >, 3);
  for (guint i = 0; i < s.slot_data->len; i++)
    {
      SlotData *d = g_ptr_array_index (s.slot_data, i);
      g_assert_cmpint (d->notified, ==, 1);
      g_assert_cmpint (d->calls_after_notify, ==, 0);
      g_assert_cmpint (d->wrong_thread, ==, 0);
      total_calls += d->calls;
    }
  g_assert_cmpuint (total_calls, >, 0);
  g_assert_cmpint (rec.wrong_thread, ==, 0);
  g_assert_cmpint (fake.call_thread == g_thread_self (), ==, TRUE);

  /* Nothing after the last unref. */
  iterate_for (NULL, 50);
  for (guint i = 0; i < s.slot_data->len; i++)
    {
      SlotData *d = g_ptr_array_index (s.slot_data, i);
      g_assert_cmpint (d->calls_after_notify, ==, 0);
    }

  g_object_unref (s.api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fake.notified, ==, 1);
  recorder_clear (&rec);
  fake_api_clear (&fake);
  g_ptr_array_unref (s.slot_data);
  g_mutex_clear (&s.lock);
  g_free (json);
  shared = NULL;
}

/* Models created, reloaded and released concurrently on four threads, each with its
 * own context that it iterates itself. */
typedef struct
{
  char *uri;
  guint rounds;
  gint  failures;  /* atomic */
} Parallel;

static gpointer
parallel_worker (gpointer data)
{
  Parallel *p = data;
  GMainContext *context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  for (guint i = 0; i < p->rounds; i++)
    {
      VctApi *api = vct_api_new_for_uri (p->uri);
      VctTableModel *model = vct_table_model_new_with_manager (api);
      Recorder rec;

      recorder_init (&rec, g_thread_self ());
      recorder_attach (&rec, model);
      vct_table_model_reload_data (model);
      if (i % 2 == 0)
        vct_table_model_reload_data (model); /* supersede the first */
      recorder_wait_done (&rec, context, 1);
      if (rec.n_reloads != 1 || rec.last_n_items != 5 || rec.wrong_thread != 0)
        g_atomic_int_inc (&p->failures);
      g_object_unref (model);
      g_object_unref (api);
      if (rec.n_title_notifies != 1 || rec.n_reload_notifies != 1 || rec.n_error_notifies != 1)
        g_atomic_int_inc (&p->failures);
      recorder_clear (&rec);
    }
  iterate_pending (context);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return NULL;
}

static void
test_parallel_models (void)
{
  Parallel p = { 0 };
  GThread *threads[N_WORKERS];
  char *json = vct_test_photos_json (1, 5);

  p.uri = vct_test_write_temp (json, -1, NULL);
  p.rounds = vct_test_scale (25, 3);
  for (guint i = 0; i < N_WORKERS; i++)
    threads[i] = g_thread_new ("parallel", parallel_worker, &p);
  for (guint i = 0; i < N_WORKERS; i++)
    g_thread_join (threads[i]);
  g_assert_cmpint (p.failures, ==, 0);
  g_free (p.uri);
  g_free (json);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/threads/smoke", test_smoke);
  g_test_add_func ("/threads/parallel-models", test_parallel_models);
  return vct_test_run ();
}
