/* vct-test.c: helpers shared by the GTest programs of VCTable's C API. */
#include "vct-test.h"

#include <glib/gstdio.h>
#include <string.h>

static char      *temp_dir;
static GPtrArray *temp_files;
static gint       temp_serial;
static GMutex     temp_lock;

gboolean
vct_test_under_valgrind (void)
{
  const char *value = g_getenv ("VCT_TEST_UNDER_VALGRIND");
  return value != NULL && g_strcmp0 (value, "0") != 0 && *value != '\0';
}

guint
vct_test_scale (guint normal, guint valgrind)
{
  return vct_test_under_valgrind () ? valgrind : normal;
}

void
vct_test_init (int *argc, char ***argv)
{
  GError *error = NULL;

  g_test_init (argc, argv, NULL);
  temp_dir = g_dir_make_tmp ("vct-c-test-XXXXXX", &error);
  g_assert_no_error (error);
  temp_files = g_ptr_array_new_with_free_func (g_free);
}

int
vct_test_run (void)
{
  int status = g_test_run ();

  for (guint i = 0; i < temp_files->len; i++)
    g_unlink (g_ptr_array_index (temp_files, i));
  g_rmdir (temp_dir);
  g_clear_pointer (&temp_files, g_ptr_array_unref);
  g_clear_pointer (&temp_dir, g_free);
  return status;
}

static gboolean
set_flag_cb (gpointer data)
{
  g_atomic_int_set ((gint *) data, 1);
  return G_SOURCE_REMOVE;
}

void
vct_test_run_until (GMainContext *context,
                    gboolean    (*cond) (gpointer),
                    gpointer      data,
                    guint         timeout_ms,
                    const char   *what,
                    const char   *file,
                    int           line,
                    const char   *func)
{
  gint timed_out = 0;
  GSource *source;

  if (context == NULL)
    context = g_main_context_default ();
  if (vct_test_under_valgrind ())
    timeout_ms *= 10;

  source = g_timeout_source_new (timeout_ms);
  g_source_set_callback (source, set_flag_cb, &timed_out, NULL);
  g_source_attach (source, context);

  while (!cond (data) && !g_atomic_int_get (&timed_out))
    g_main_context_iteration (context, TRUE);

  g_source_destroy (source);
  g_source_unref (source);

  /* A condition that only became true while the timeout fired was not noticed (a
   * missed wake-up): that is a failure too. */
  if (g_atomic_int_get (&timed_out))
    {
      char *message = g_strdup_printf ("run_until: timed out after %u ms waiting for %s",
                                       timeout_ms, what);
      g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
      g_free (message);
    }
}

void
iterate_for (GMainContext *context, guint ms)
{
  gint done = 0;
  GSource *source;

  if (context == NULL)
    context = g_main_context_default ();
  source = g_timeout_source_new (ms);
  g_source_set_callback (source, set_flag_cb, &done, NULL);
  g_source_attach (source, context);
  while (!g_atomic_int_get (&done))
    g_main_context_iteration (context, TRUE);
  g_source_destroy (source);
  g_source_unref (source);
}

void
wait_until_pending (GMainContext *context)
{
  gint64 deadline = g_get_monotonic_time () +
                    (gint64) VCT_TEST_TIMEOUT_MS * 1000 * (vct_test_under_valgrind () ? 10 : 1);

  while (!g_main_context_pending (context))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("wait_until_pending: nothing became ready on the context in time");
      g_thread_yield ();
    }
}

void
iterate_pending (GMainContext *context)
{
  if (context == NULL)
    context = g_main_context_default ();
  while (g_main_context_iteration (context, FALSE))
    ;
}

gboolean
cond_flag (gpointer data)
{
  return g_atomic_int_get ((gint *) data) != 0;
}

gboolean
cond_not_loading (gpointer model)
{
  return !vct_table_model_is_loading (model);
}

typedef struct
{
  gint *value;
  gint  target;
} IntWait;

static gboolean
int_at_least_cond (gpointer data)
{
  IntWait *wait = data;
  return g_atomic_int_get (wait->value) >= wait->target;
}

void
wait_int_at_least (GMainContext *context, gint *value, gint target)
{
  IntWait wait = { value, target };
  run_until (context, int_at_least_cond, &wait, VCT_TEST_TIMEOUT_MS);
}

char *
vct_test_photos_json (gint64 first_id, guint n)
{
  GString *json = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    {
      gint64 id = first_id + i;
      g_string_append_printf (json,
                              "%s{\"albumId\": %" G_GINT64_FORMAT ", \"id\": %" G_GINT64_FORMAT
                              ", \"title\": \"photo %" G_GINT64_FORMAT "\""
                              ", \"url\": \"https://example.com/600/%" G_GINT64_FORMAT ".png\""
                              ", \"thumbnailUrl\": \"https://example.com/150/%" G_GINT64_FORMAT ".png\"}",
                              i == 0 ? "" : ",\n ", (id - 1) / 50 + 1, id, id, id, id);
    }
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

char *
vct_test_write_temp (const char *contents, gssize length, char **path_out)
{
  GError *error = NULL;
  char *name, *path, *uri;

  g_mutex_lock (&temp_lock);
  name = g_strdup_printf ("photos-%d.json", ++temp_serial);
  path = g_build_filename (temp_dir, name, NULL);
  g_ptr_array_add (temp_files, g_strdup (path));
  g_mutex_unlock (&temp_lock);

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  uri = g_filename_to_uri (path, NULL, &error);
  g_assert_no_error (error);

  if (path_out != NULL)
    *path_out = path;
  else
    g_free (path);
  g_free (name);
  return uri;
}

char *
vct_test_missing_uri (void)
{
  GError *error = NULL;
  char *path = g_build_filename (temp_dir, "does-not-exist.json", NULL);
  char *uri = g_filename_to_uri (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_free (path);
  return uri;
}

/* ------------------------------------------------------------- Recorder */

void
recorder_init (Recorder *rec, GThread *expected_thread)
{
  memset (rec, 0, sizeof *rec);
  g_mutex_init (&rec->lock);
  rec->events = g_ptr_array_new_with_free_func (g_free);
  rec->expected_thread = expected_thread;
}

void
recorder_clear (Recorder *rec)
{
  g_clear_pointer (&rec->events, g_ptr_array_unref);
  g_clear_pointer (&rec->last_title, g_free);
  g_clear_pointer (&rec->last_error, g_free);
  g_mutex_clear (&rec->lock);
}

static void
recorder_check_thread (Recorder *rec)
{
  if (rec->expected_thread != NULL && g_thread_self () != rec->expected_thread)
    g_atomic_int_inc (&rec->wrong_thread);
}

void
recorder_on_title (const char *title, gpointer user_data)
{
  Recorder *rec = user_data;

  g_assert_nonnull (title);
  recorder_check_thread (rec);
  g_mutex_lock (&rec->lock);
  g_ptr_array_add (rec->events, g_strconcat ("title:", title, NULL));
  g_free (rec->last_title);
  rec->last_title = g_strdup (title);
  g_mutex_unlock (&rec->lock);
  g_atomic_int_inc (&rec->n_titles);
}

void
recorder_on_reload (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  Recorder *rec = user_data;
  gint64 first = n_items > 0 ? vct_cell_data_get_id (items[0]) : -1;
  gint64 last = n_items > 0 ? vct_cell_data_get_id (items[n_items - 1]) : -1;

  g_assert_true (n_items == 0 || items != NULL);
  recorder_check_thread (rec);
  g_mutex_lock (&rec->lock);
  g_ptr_array_add (rec->events,
                   g_strdup_printf ("reload:%" G_GSIZE_FORMAT ":%" G_GINT64_FORMAT, n_items, first));
  rec->last_n_items = n_items;
  rec->last_first_id = first;
  rec->last_last_id = last;
  g_mutex_unlock (&rec->lock);
  g_atomic_int_inc (&rec->n_reloads);
}

void
recorder_on_error (const char *message, gpointer user_data)
{
  Recorder *rec = user_data;

  g_assert_nonnull (message);
  recorder_check_thread (rec);
  g_mutex_lock (&rec->lock);
  g_ptr_array_add (rec->events, g_strconcat ("error:", message, NULL));
  g_free (rec->last_error);
  rec->last_error = g_strdup (message);
  g_mutex_unlock (&rec->lock);
  g_atomic_int_inc (&rec->n_errors);
}

void
recorder_title_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Recorder *) user_data)->n_title_notifies);
}

void
recorder_reload_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Recorder *) user_data)->n_reload_notifies);
}

void
recorder_error_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Recorder *) user_data)->n_error_notifies);
}

void
recorder_attach (Recorder *rec, VctTableModel *model)
{
  vct_table_model_set_did_update_navigation_title (model, recorder_on_title, rec, recorder_title_notify);
  vct_table_model_set_did_reload_data (model, recorder_on_reload, rec, recorder_reload_notify);
  vct_table_model_set_did_error (model, recorder_on_error, rec, recorder_error_notify);
}

const char *
recorder_event (Recorder *rec, guint index)
{
  const char *event = NULL;

  g_mutex_lock (&rec->lock);
  if (index < rec->events->len)
    event = g_ptr_array_index (rec->events, index);
  g_mutex_unlock (&rec->lock);
  return event;
}

guint
recorder_n_events (Recorder *rec)
{
  guint n;

  g_mutex_lock (&rec->lock);
  n = rec->events->len;
  g_mutex_unlock (&rec->lock);
  return n;
}

gint
recorder_n_done (Recorder *rec)
{
  return g_atomic_int_get (&rec->n_reloads) + g_atomic_int_get (&rec->n_errors);
}

typedef struct
{
  Recorder *rec;
  gint      n;
} DoneWait;

static gboolean
recorder_done_cond (gpointer data)
{
  DoneWait *wait = data;
  return recorder_n_done (wait->rec) >= wait->n;
}

void
recorder_wait_done (Recorder *rec, GMainContext *context, gint n)
{
  DoneWait wait = { rec, n };
  run_until (context, recorder_done_cond, &wait, VCT_TEST_TIMEOUT_MS);
}

/* ------------------------------------------------------------- FakeApi */

static void
fake_api_get_photos (VctApiRequest *request, gpointer user_data)
{
  FakeApi *fake = user_data;

  g_assert_nonnull (request);
  g_assert_cmpint (g_atomic_int_get (&fake->notified), ==, 0);
  g_mutex_lock (&fake->lock);
  fake->call_thread = g_thread_self ();
  g_mutex_unlock (&fake->lock);
  g_atomic_int_inc (&fake->n_calls);

  if (fake->auto_json != NULL)
    {
      vct_api_request_return_json (request, fake->auto_json, -1);
      return;
    }
  g_mutex_lock (&fake->lock);
  g_queue_push_tail (&fake->pending, request);
  g_mutex_unlock (&fake->lock);
}

static void
fake_api_notify (gpointer user_data)
{
  FakeApi *fake = user_data;

  g_mutex_lock (&fake->lock);
  fake->notify_thread = g_thread_self ();
  g_mutex_unlock (&fake->lock);
  g_atomic_int_inc (&fake->notified);
  /* It may run on any thread: wake the default context a test may be iterating. */
  g_main_context_wakeup (NULL);
}

void
fake_api_init (FakeApi *fake)
{
  memset (fake, 0, sizeof *fake);
  g_mutex_init (&fake->lock);
  g_queue_init (&fake->pending);
}

void
fake_api_clear (FakeApi *fake)
{
  g_assert_cmpuint (fake_api_n_pending (fake), ==, 0);
  g_mutex_clear (&fake->lock);
}

VctApi *
fake_api_new (FakeApi *fake)
{
  VctApi *api = vct_api_new_custom (fake_api_get_photos, fake, fake_api_notify);
  g_assert_nonnull (api);
  return api;
}

VctApiRequest *
fake_api_pop (FakeApi *fake)
{
  VctApiRequest *request;

  g_mutex_lock (&fake->lock);
  request = g_queue_pop_head (&fake->pending);
  g_mutex_unlock (&fake->lock);
  return request;
}

guint
fake_api_n_pending (FakeApi *fake)
{
  guint n;

  g_mutex_lock (&fake->lock);
  n = g_queue_get_length (&fake->pending);
  g_mutex_unlock (&fake->lock);
  return n;
}

gboolean
fake_api_has_pending (gpointer data)
{
  return fake_api_n_pending (data) > 0;
}

gboolean
fake_api_was_notified (gpointer data)
{
  return g_atomic_int_get (&((FakeApi *) data)->notified) > 0;
}

VctApiRequest *
fake_api_wait_request (FakeApi *fake, GMainContext *context)
{
  run_until (context, fake_api_has_pending, fake, VCT_TEST_TIMEOUT_MS);
  return fake_api_pop (fake);
}

/* ------------------------------------------------------------- Counters */

void
counter_text_func (const char *text, gpointer user_data)
{
  Counter *counter = user_data;

  if (g_atomic_int_get (&counter->notified))
    g_atomic_int_inc (&counter->calls_after_notify);
  g_atomic_int_inc (&counter->calls);
  g_free (counter->last_text);
  counter->last_text = g_strdup (text);
}

void
counter_reload_func (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  Counter *counter = user_data;

  (void) items;
  (void) n_items;
  if (g_atomic_int_get (&counter->notified))
    g_atomic_int_inc (&counter->calls_after_notify);
  g_atomic_int_inc (&counter->calls);
}

void
counter_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Counter *) user_data)->notified);
}
