/* test-gobject.c: VctTableModel as a GObject.
 *
 * The type, its four read-only properties (title, loading, last-error, list) and its
 * three signals (did-reload-data, did-error, did-update-navigation-title); the order of
 * one delivery (the legacy callback set with vct_table_model_set_did_*, then `notify`
 * for title, loading and last-error, only those that changed, then the signal); every
 * handler on the thread that created the model, whatever thread reloads or completes the
 * request; the last unref disposing at once, with nothing delivered afterwards; the
 * VCT_IS_TABLE_MODEL checks of the entry points; the factory's model through GObject.
 */
#include "common/vct-test.h"

#include <string.h>

/* ------------------------------------------------------------- TgLog */

/* One ordered log of everything a model reports (VctTestLog, common/vct-test.h, with
 * what this file's handlers need): legacy callbacks ("cb-title:<title>", "cb-reload:<n>",
 * "cb-error"), notifies ("notify::<property>"), signals
 * ("did-update-navigation-title:<title>", "did-reload-data:<rows in the list>",
 * "did-error") and the model's weak notify ("finalized"). The legacy callbacks' slots,
 * in order: "cb-title", "cb-reload", "cb-error". */
typedef struct
{
  VctTestLog     base;
  char          *last_message;          /* did-error's message (base.lock) */
  /* When set, the legacy title callback (resp. the did-update-navigation-title handler)
   * drops this reference. */
  VctTableModel *drop_in_legacy_title;
  VctTableModel *drop_in_title_signal;
} TgLog;

/* @thread: where every report must run (NULL: set base.thread before any report). */
static void
tg_log_init (TgLog *log, GThread *thread)
{
  memset (log, 0, sizeof *log);
  vct_test_log_init (&log->base, NULL);
  log->base.thread = thread;
}

static void
tg_log_clear (TgLog *log)
{
  g_assert_null (log->drop_in_legacy_title);
  g_assert_null (log->drop_in_title_signal);
  vct_test_log_clear (&log->base);
  g_clear_pointer (&log->last_message, g_free);
}

#define tg_log_add(log, event) vct_test_log_add (&(log)->base, (event))
#define tg_log_n_events(log) vct_test_log_n_events (&(log)->base)
#define tg_assert_log(log, expected) vct_test_assert_log (&(log)->base, (expected))
/* Runs the default context (the model's, iterated by this thread) until @event is logged. */
#define tg_run_until_event(log, event) vct_test_log_run_until_event (&(log)->base, (event))
/* Blocks (the context is another thread's) until @event is logged. */
#define tg_log_wait_event(log, event) vct_test_log_wait_event (&(log)->base, (event))
#define tg_deadline() vct_test_deadline ()

/* ------------------------------------------------------------- handlers */

/* The log a legacy callback's slot belongs to. */
#define TG_SLOT_LOG(slot) ((TgLog *) ((VctTestLogSlot *) (slot))->log)

static void
tg_legacy_title (const char *title, gpointer slot)
{
  TgLog *log = TG_SLOT_LOG (slot);

  vct_test_log_record (slot, g_strdup (title));
  if (log->drop_in_legacy_title != NULL)
    {
      char *notified;

      g_clear_object (&log->drop_in_legacy_title);
      /* Which notifies have run when the last unref returns, inside this callback. */
      notified = vct_test_log_dup_notified (&log->base);
      vct_test_log_addf (&log->base, "after-unref:%s", notified);
      g_free (notified);
    }
}

static void
tg_legacy_reload (VctCellData *const *items, gsize n_items, gpointer slot)
{
  for (gsize i = 0; i < n_items; i++)
    g_assert_nonnull (items[i]);
  vct_test_log_record (slot, g_strdup_printf ("%" G_GSIZE_FORMAT, n_items));
}

static void
tg_legacy_error (const char *message, gpointer slot)
{
  vct_test_log_record (slot, g_str_has_prefix (message, ERROR_PREFIX) ? NULL : g_strdup ("(no prefix)"));
}

static void
tg_on_notify (G_GNUC_UNUSED GObject *object, GParamSpec *pspec, gpointer data)
{
  tg_log_add ((TgLog *) data, g_strdup_printf ("notify::%s", pspec->name));
}

static void
tg_on_did_reload_data (VctTableModel *model, gpointer data)
{
  /* The rows are in the list by the time the signal is emitted. */
  GListModel *list = G_LIST_MODEL (vct_table_model_get_list (model));

  tg_log_add ((TgLog *) data, g_strdup_printf ("did-reload-data:%u", g_list_model_get_n_items (list)));
}

static void
tg_on_did_error (G_GNUC_UNUSED VctTableModel *model, const char *message, gpointer data)
{
  TgLog *log = data;

  g_mutex_lock (&log->base.lock);
  g_free (log->last_message);
  log->last_message = g_strdup (message);
  g_mutex_unlock (&log->base.lock);
  tg_log_add (log, g_strdup ("did-error"));
}

static void
tg_on_did_update_navigation_title (VctTableModel *model, const char *title, gpointer data)
{
  TgLog *log = data;
  /* The title property is updated before the signal. */
  gboolean stored = g_strcmp0 (vct_table_model_get_title (model), title) == 0;

  tg_log_add (log, g_strdup_printf ("did-update-navigation-title:%s%s", title,
                                    stored ? "" : " (the title property differs)"));
  if (log->drop_in_title_signal != NULL)
    g_clear_object (&log->drop_in_title_signal);
}

static void
tg_on_finalized (gpointer data, GObject *where_the_object_was)
{
  vct_test_log_finalized (&((TgLog *) data)->base, where_the_object_was);
}

/* Connects notify and the three signals, and sets the three legacy callbacks, all to @log. */
static void
tg_connect (VctTableModel *model, TgLog *log)
{
  vct_table_model_set_did_update_navigation_title (model, tg_legacy_title, vct_test_log_slot (&log->base, "cb-title"),
                                                   vct_test_log_slot_notify);
  vct_table_model_set_did_reload_data (model, tg_legacy_reload, vct_test_log_slot (&log->base, "cb-reload"),
                                       vct_test_log_slot_notify);
  vct_table_model_set_did_error (model, tg_legacy_error, vct_test_log_slot (&log->base, "cb-error"),
                                 vct_test_log_slot_notify);
  g_signal_connect (model, "notify", G_CALLBACK (tg_on_notify), log);
  g_signal_connect (model, "did-reload-data", G_CALLBACK (tg_on_did_reload_data), log);
  g_signal_connect (model, "did-error", G_CALLBACK (tg_on_did_error), log);
  g_signal_connect (model, "did-update-navigation-title", G_CALLBACK (tg_on_did_update_navigation_title), log);
}

/* Every legacy callback's notify ran exactly once. */
#define tg_assert_all_notified(log) vct_test_log_assert_all_notified (&(log)->base)

/* ------------------------------------------------------------- loop helpers */

/* Iterates @context without blocking until nothing is ready (with a guard). */
static void
tg_iterate_idle (GMainContext *context)
{
  guint guard = 0;

  while (g_main_context_iteration (context, FALSE))
    g_assert_cmpuint (++guard, <, 100000);
}

static gboolean
tg_fake_settled (gpointer data)
{
  FakeApi *fake = data;

  return fake_api_was_notified (fake) || fake_api_n_pending (fake) > 0;
}

/* After the API's last unref: completes (with @json) every request the API still gets,
 * until its notify ran, then iterates the default context until idle. */
static void
tg_settle (FakeApi *fake, const char *json)
{
  for (;;)
    {
      VctApiRequest *request;

      run_until (NULL, tg_fake_settled, fake, VCT_TEST_TIMEOUT_MS);
      while ((request = fake_api_pop (fake)) != NULL)
        vct_api_request_return_json (request, json, -1);
      if (fake_api_was_notified (fake))
        break;
    }
  tg_iterate_idle (NULL);
  g_assert_cmpint (g_atomic_int_get (&fake->notified), ==, 1);
}

/* ------------------------------------------------------------- 1. type */

static void
tg_set_flag_weak (gpointer data, G_GNUC_UNUSED GObject *where_the_object_was)
{
  g_atomic_int_inc ((gint *) data);
}

static void
test_type (void)
{
  const char *names[] = { "title", "loading", "last-error", "list" };
  GType types[4];
  const struct
  {
    const char *name;
    guint       n_params;
  } sigs[] = {
    { "did-reload-data", 0 },
    { "did-error", 1 },
    { "did-update-navigation-title", 1 },
  };
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  GObjectClass *klass;
  GParamSpec **all;
  guint n_all;
  char *title = NULL;
  gboolean loading = TRUE;
  GError *error = NULL;
  VctListModel *list = NULL;
  gint gone = 0;

  types[0] = G_TYPE_STRING;
  types[1] = G_TYPE_BOOLEAN;
  types[2] = G_TYPE_ERROR;
  types[3] = VCT_TYPE_LIST_MODEL;

  g_assert_true (G_TYPE_IS_OBJECT (VCT_TYPE_TABLE_MODEL));
  g_assert_true (G_TYPE_IS_FINAL (VCT_TYPE_TABLE_MODEL));
  g_assert_false (G_TYPE_IS_ABSTRACT (VCT_TYPE_TABLE_MODEL));
  g_assert_true (g_type_parent (VCT_TYPE_TABLE_MODEL) == G_TYPE_OBJECT);
  g_assert_cmpstr (g_type_name (VCT_TYPE_TABLE_MODEL), ==, "VctTableModel");

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  g_assert_true (G_IS_OBJECT (model));
  g_assert_true (VCT_IS_TABLE_MODEL (model));
  g_assert_true (G_OBJECT_TYPE (model) == VCT_TYPE_TABLE_MODEL);

  /* The four properties (VctScreen's, overridden: their GParamSpec is the
   * interface's): the right value types, readable, never writable. */
  klass = G_OBJECT_GET_CLASS (model);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GParamSpec *pspec = g_object_class_find_property (klass, names[i]);

      g_test_message ("property %s", names[i]);
      g_assert_nonnull (pspec);
      g_assert_cmpstr (g_param_spec_get_name (pspec), ==, names[i]);
      g_assert_true (pspec->owner_type == VCT_TYPE_SCREEN);
      g_assert_true (G_PARAM_SPEC_VALUE_TYPE (pspec) == types[i]);
      g_assert_true (pspec->flags & G_PARAM_READABLE);
      g_assert_false (pspec->flags & G_PARAM_WRITABLE);
      g_assert_false (pspec->flags & (G_PARAM_CONSTRUCT | G_PARAM_CONSTRUCT_ONLY));
    }
  all = g_object_class_list_properties (klass, &n_all);
  g_assert_cmpuint (n_all, ==, G_N_ELEMENTS (names));
  g_free (all);

  /* The three signals: no return value, run-last, the parameters of the blocks;
   * did-error is VctScreen's. */
  for (guint i = 0; i < G_N_ELEMENTS (sigs); i++)
    {
      guint id = g_signal_lookup (sigs[i].name, VCT_TYPE_TABLE_MODEL);
      GSignalQuery query;

      g_test_message ("signal %s", sigs[i].name);
      g_assert_cmpuint (id, !=, 0);
      g_signal_query (id, &query);
      g_assert_cmpuint (query.signal_id, ==, id);
      g_assert_cmpstr (query.signal_name, ==, sigs[i].name);
      g_assert_true (query.itype == (g_str_equal (sigs[i].name, "did-error") ? VCT_TYPE_SCREEN : VCT_TYPE_TABLE_MODEL));
      g_assert_true ((query.return_type & ~G_SIGNAL_TYPE_STATIC_SCOPE) == G_TYPE_NONE);
      g_assert_true (query.signal_flags & G_SIGNAL_RUN_LAST);
      g_assert_cmpuint (query.n_params, ==, sigs[i].n_params);
      if (sigs[i].n_params == 1)
        g_assert_true ((query.param_types[0] & ~G_SIGNAL_TYPE_STATIC_SCOPE) == G_TYPE_STRING);
    }
  g_assert_cmpuint (g_signal_lookup ("did-reload", VCT_TYPE_TABLE_MODEL), ==, 0);

  /* The values at creation; "list" is the model's list. */
  g_object_get (model, "title", &title, "loading", &loading, "last-error", &error, "list", &list, NULL);
  g_assert_cmpstr (title, ==, TITLE);
  g_assert_cmpstr (vct_table_model_get_title (model), ==, TITLE);
  g_assert_false (loading);
  g_assert_null (error);
  g_assert_nonnull (list);
  g_assert_true (list == vct_table_model_get_list (model));
  g_assert_true (VCT_IS_LIST_MODEL (list));
  g_assert_true (G_IS_LIST_MODEL (list));
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (list)) == VCT_TYPE_ROW);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  g_object_unref (list);
  g_free (title);

  /* Read-only: GObject refuses to set them. */
  g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*title*not writable*");
  g_object_set (model, "title", "Another title", NULL);
  g_test_assert_expected_messages ();
  g_assert_cmpstr (vct_table_model_get_title (model), ==, TITLE);

  /* g_autoptr (VctTableModel) unrefs at the end of the scope. */
  {
    g_autoptr (VctTableModel) scoped = vct_table_model_new_with_manager (api);

    g_assert_true (VCT_IS_TABLE_MODEL (scoped));
    g_object_weak_ref (G_OBJECT (scoped), tg_set_flag_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 1);

  g_object_weak_ref (G_OBJECT (model), tg_set_flag_weak, &gone);
  g_object_unref (model);
  g_assert_cmpint (gone, ==, 2);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fake.n_calls, ==, 0);
  fake_api_clear (&fake);
}

/* ------------------------------------------------------------- 2. order */

static void
test_order (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  GListModel *list;
  VctCellData *cell;
  VctRow *row;
  TgLog log;
  GError *error = NULL;
  gboolean loading = FALSE;
  char *title = NULL;
  char *json = vct_test_photos_json (1, 5);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  tg_log_init (&log, g_thread_self ());
  tg_connect (model, &log);
  list = G_LIST_MODEL (vct_table_model_get_list (model));

  /* A reload. The title reset does not change the title: no notify::title, but the
   * signal, and loading becomes TRUE. */
  vct_table_model_reload_data (model);
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0); /* never inline */
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE);
  g_object_get (model, "loading", &loading, NULL);
  g_assert_true (loading);
  g_assert_true (vct_table_model_is_loading (model));

  /* Its outcome: 5 rows, in the list when did-reload-data is emitted. */
  vct_api_request_return_json (request, json, -1);
  tg_run_until_event (&log, "did-reload-data:5");
  tg_assert_log (&log, "cb-reload:5|notify::loading|did-reload-data:5");
  g_object_get (model, "loading", &loading, "last-error", &error, NULL);
  g_assert_false (loading);
  g_assert_null (error);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 5);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 5);

  /* A failed reload: loading, then last-error, then did-error. */
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE);
  vct_test_return_error (request, VCT_ERROR_HTTP_STATUS, "the server said 503");
  tg_run_until_event (&log, "did-error");
  tg_assert_log (&log, "cb-error|notify::loading|notify::last-error|did-error");
  g_assert_true (g_str_has_prefix (log.last_message, ERROR_PREFIX));
  g_assert_nonnull (strstr (log.last_message, "the server said 503"));
  g_object_get (model, "last-error", &error, "loading", &loading, NULL);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_HTTP_STATUS);
  g_assert_nonnull (strstr (error->message, "the server said 503"));
  g_clear_error (&error);
  g_assert_false (loading);
  error = vct_table_model_get_last_error (model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_HTTP_STATUS);
  g_clear_error (&error);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 5); /* the rows are kept */

  /* A successful reload clears last-error. */
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE);
  vct_api_request_return_json (request, json, -1);
  tg_run_until_event (&log, "did-reload-data:5");
  tg_assert_log (&log, "cb-reload:5|notify::loading|notify::last-error|did-reload-data:5");
  g_object_get (model, "last-error", &error, NULL);
  g_assert_null (error);
  g_assert_null (vct_table_model_get_last_error (model));

  /* Selecting a cell: the title changes (notify::title), then the signal. */
  cell = vct_table_model_get_item (model, 2);
  g_assert_nonnull (cell);
  g_assert_cmpstr (vct_cell_data_get_title (cell), ==, "photo 3");
  vct_table_model_user_selected_cell (model, cell);
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0); /* never inline */
  tg_run_until_event (&log, "did-update-navigation-title:photo 3");
  tg_assert_log (&log, "cb-title:photo 3|notify::title|did-update-navigation-title:photo 3");
  g_assert_cmpstr (vct_table_model_get_title (model), ==, "photo 3");
  g_object_get (model, "title", &title, NULL);
  g_assert_cmpstr (title, ==, "photo 3");
  g_clear_pointer (&title, g_free);

  /* The same cell again: the title does not change, the signal is emitted again. */
  vct_table_model_user_selected_cell (model, cell);
  tg_run_until_event (&log, "did-update-navigation-title:photo 3");
  tg_assert_log (&log, "cb-title:photo 3|did-update-navigation-title:photo 3");

  /* Selecting a row of the list is the same tap. */
  row = g_list_model_get_item (list, 4);
  g_assert_true (VCT_IS_PHOTO_ROW (row));
  vct_row_select (row);
  tg_run_until_event (&log, "did-update-navigation-title:photo 5");
  tg_assert_log (&log, "cb-title:photo 5|notify::title|did-update-navigation-title:photo 5");
  g_assert_cmpstr (vct_table_model_get_title (model), ==, "photo 5");
  g_object_unref (row);

  /* A reload now changes the title back: notify::title before notify::loading. */
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::title|notify::loading|did-update-navigation-title:" TITLE);
  vct_api_request_return_json (request, json, -1);
  tg_run_until_event (&log, "did-reload-data:5");
  tg_assert_log (&log, "cb-reload:5|notify::loading|did-reload-data:5");

  g_object_unref (model);
  tg_assert_all_notified (&log);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0);
  tg_log_clear (&log);
  fake_api_clear (&fake);
  g_free (json);
}

/* ------------------------------------------------------------- 3. threads */

typedef enum { TG_CALL_RELOAD, TG_CALL_SELECT_CELL, TG_CALL_SELECT_ROW, TG_CALL_RETURN_ERROR } TgCallKind;

typedef struct
{
  TgCallKind     kind;
  VctTableModel *model;
  VctCellData   *cell;
  VctRow        *row;
  VctApiRequest *request;
} TgCall;

static gpointer
tg_call_thread (gpointer data)
{
  TgCall *call = data;

  switch (call->kind)
    {
    case TG_CALL_RELOAD:
      vct_table_model_reload_data (call->model);
      break;
    case TG_CALL_SELECT_CELL:
      vct_table_model_user_selected_cell (call->model, call->cell);
      break;
    case TG_CALL_SELECT_ROW:
      vct_row_select (call->row);
      break;
    case TG_CALL_RETURN_ERROR:
      vct_test_return_error (call->request, VCT_ERROR_TIMED_OUT, "too slow");
      break;
    }
  return NULL;
}

/* Makes @call on a new thread, and joins it. */
static void
tg_call_in_thread (TgCall call)
{
  g_thread_join (g_thread_new ("tg-caller", tg_call_thread, &call));
}

/* The model made by this thread (the default context); everything else from others. */
static void
test_threads_other_callers (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  VctCellData *cell;
  VctRow *row;
  TgLog log;
  char *json = vct_test_photos_json (1, 4);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  tg_log_init (&log, g_thread_self ());
  tg_connect (model, &log);

  /* Reloaded from another thread, completed from another thread. */
  tg_call_in_thread ((TgCall) { .kind = TG_CALL_RELOAD, .model = model });
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0);
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE);
  vct_test_return_json_in_thread (request, json);
  tg_run_until_event (&log, "did-reload-data:4");
  tg_assert_log (&log, "cb-reload:4|notify::loading|did-reload-data:4");

  /* An error, likewise. */
  tg_call_in_thread ((TgCall) { .kind = TG_CALL_RELOAD, .model = model });
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE);
  tg_call_in_thread ((TgCall) { .kind = TG_CALL_RETURN_ERROR, .request = request });
  tg_run_until_event (&log, "did-error");
  tg_assert_log (&log, "cb-error|notify::loading|notify::last-error|did-error");

  /* A cell and a row selected from other threads. */
  cell = g_object_ref (vct_table_model_get_item (model, 0));
  tg_call_in_thread ((TgCall) { .kind = TG_CALL_SELECT_CELL, .model = model, .cell = cell });
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0);
  tg_run_until_event (&log, "did-update-navigation-title:photo 1");
  tg_assert_log (&log, "cb-title:photo 1|notify::title|did-update-navigation-title:photo 1");
  g_object_unref (cell);

  row = g_list_model_get_item (G_LIST_MODEL (vct_table_model_get_list (model)), 1);
  tg_call_in_thread ((TgCall) { .kind = TG_CALL_SELECT_ROW, .row = row });
  tg_run_until_event (&log, "did-update-navigation-title:photo 2");
  tg_assert_log (&log, "cb-title:photo 2|notify::title|did-update-navigation-title:photo 2");
  g_object_unref (row);

  g_assert_cmpint (g_atomic_int_get (&log.base.wrong_thread), ==, 0);
  g_object_unref (model);
  tg_assert_all_notified (&log);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  tg_log_clear (&log);
  fake_api_clear (&fake);
  g_free (json);
}

/* A custom API for a model on another thread: the test waits for requests on a GCond. */
typedef struct
{
  GMutex        lock;
  GCond         cond;
  GQueue        pending;  /* VctApiRequest * (lock) */
  gint          notified; /* (lock) */
  GMainContext *wake;     /* woken by the notify */
} TgRequests;

static void
tg_requests_get_photos (VctApiRequest *request, gpointer data)
{
  TgRequests *requests = data;

  g_mutex_lock (&requests->lock);
  g_queue_push_tail (&requests->pending, request);
  g_cond_broadcast (&requests->cond);
  g_mutex_unlock (&requests->lock);
}

static void
tg_requests_notify (gpointer data)
{
  TgRequests *requests = data;

  g_mutex_lock (&requests->lock);
  requests->notified++;
  g_cond_broadcast (&requests->cond);
  g_mutex_unlock (&requests->lock);
  g_main_context_wakeup (requests->wake);
}

static gboolean
tg_requests_notified (gpointer data)
{
  TgRequests *requests = data;
  gboolean notified;

  g_mutex_lock (&requests->lock);
  notified = requests->notified > 0;
  g_mutex_unlock (&requests->lock);
  return notified;
}

static VctApiRequest *
tg_requests_wait (TgRequests *requests)
{
  gint64 deadline = tg_deadline ();
  VctApiRequest *request;

  g_mutex_lock (&requests->lock);
  while (g_queue_is_empty (&requests->pending))
    if (!g_cond_wait_until (&requests->cond, &requests->lock, deadline) &&
        g_queue_is_empty (&requests->pending))
      g_error ("tg_requests_wait: no request in time");
  request = g_queue_pop_head (&requests->pending);
  g_mutex_unlock (&requests->lock);
  return request;
}

typedef struct
{
  TgLog          log;      /* its thread: the worker */
  TgRequests     requests;
  GMutex         lock;
  GCond          cond;
  GMainContext  *context;  /* the worker's; the main thread holds a reference */
  VctTableModel *model;    /* the main thread's reference (lock) */
  VctCellData   *cell;     /* item 1 and row 3 of the first reload, kept by the worker */
  VctRow        *row;
  gint           stop;     /* atomic */
} TgWorker;

/* Connected before the logging handler: item 1 and row 3 are kept before the main
 * thread sees did-reload-data in the log. */
static void
tg_worker_keep_items (VctTableModel *model, gpointer data)
{
  TgWorker *worker = data;

  if (worker->cell != NULL)
    return;
  worker->cell = g_object_ref (vct_table_model_get_item (model, 1));
  worker->row = g_list_model_get_item (G_LIST_MODEL (vct_table_model_get_list (model)), 3);
}

static gpointer
tg_worker_thread (gpointer data)
{
  TgWorker *worker = data;
  GMainContext *context = g_main_context_new ();
  VctApi *api;
  VctTableModel *model;

  g_main_context_push_thread_default (context);
  worker->requests.wake = context;
  api = vct_api_new_custom (tg_requests_get_photos, &worker->requests, tg_requests_notify);
  model = vct_table_model_new_with_manager (api);
  worker->log.base.thread = g_thread_self ();
  g_signal_connect (model, "did-reload-data", G_CALLBACK (tg_worker_keep_items), worker);
  tg_connect (model, &worker->log);

  g_mutex_lock (&worker->lock);
  worker->context = g_main_context_ref (context);
  worker->model = g_object_ref (model);
  g_cond_broadcast (&worker->cond);
  g_mutex_unlock (&worker->lock);

  while (!g_atomic_int_get (&worker->stop))
    g_main_context_iteration (context, TRUE);

  g_clear_object (&worker->row);
  g_clear_object (&worker->cell);
  g_object_unref (model); /* the last reference: the main thread dropped its own */
  g_object_unref (api);
  run_until (context, tg_requests_notified, &worker->requests, VCT_TEST_TIMEOUT_MS);
  tg_iterate_idle (context);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return NULL;
}

/* The model made by a worker thread on its own context, iterated there; the main thread
 * reloads, completes and selects. */
static void
test_threads_worker_model (void)
{
  TgWorker worker;
  GThread *thread;
  VctTableModel *model;
  VctApiRequest *request;
  gint64 deadline = tg_deadline ();
  char *json = vct_test_photos_json (1, 5);

  memset (&worker, 0, sizeof worker);
  tg_log_init (&worker.log, NULL);
  g_mutex_init (&worker.lock);
  g_cond_init (&worker.cond);
  g_mutex_init (&worker.requests.lock);
  g_cond_init (&worker.requests.cond);
  g_queue_init (&worker.requests.pending);

  thread = g_thread_new ("tg-model-worker", tg_worker_thread, &worker);
  g_mutex_lock (&worker.lock);
  while (worker.model == NULL)
    if (!g_cond_wait_until (&worker.cond, &worker.lock, deadline) && worker.model == NULL)
      g_error ("the worker did not make its model in time");
  model = worker.model;
  g_mutex_unlock (&worker.lock);

  /* Reloaded and completed from this thread. */
  vct_table_model_reload_data (model);
  request = tg_requests_wait (&worker.requests);
  tg_log_wait_event (&worker.log, "did-update-navigation-title:" TITLE);
  vct_api_request_return_json (request, json, -1);
  tg_log_wait_event (&worker.log, "did-reload-data:5");
  tg_assert_log (&worker.log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE
                              "|cb-reload:5|notify::loading|did-reload-data:5");

  /* An error completed from a third thread. */
  vct_table_model_reload_data (model);
  request = tg_requests_wait (&worker.requests);
  tg_log_wait_event (&worker.log, "did-update-navigation-title:" TITLE);
  tg_call_in_thread ((TgCall) { .kind = TG_CALL_RETURN_ERROR, .request = request });
  tg_log_wait_event (&worker.log, "did-error");
  tg_assert_log (&worker.log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE
                              "|cb-error|notify::loading|notify::last-error|did-error");

  /* A cell and a row the worker kept, selected from this thread. */
  g_assert_nonnull (worker.cell);
  g_assert_nonnull (worker.row);
  vct_table_model_user_selected_cell (model, worker.cell);
  tg_log_wait_event (&worker.log, "did-update-navigation-title:photo 2");
  tg_assert_log (&worker.log, "cb-title:photo 2|notify::title|did-update-navigation-title:photo 2");
  vct_row_select (worker.row);
  tg_log_wait_event (&worker.log, "did-update-navigation-title:photo 4");
  tg_assert_log (&worker.log, "cb-title:photo 4|notify::title|did-update-navigation-title:photo 4");

  g_assert_cmpint (g_atomic_int_get (&worker.log.base.wrong_thread), ==, 0);

  g_object_unref (model);
  g_atomic_int_set (&worker.stop, 1);
  g_main_context_wakeup (worker.context);
  g_thread_join (thread);

  /* The worker's last unref delivered nothing, and ran every notify once. */
  g_assert_cmpuint (tg_log_n_events (&worker.log), ==, 0);
  tg_assert_all_notified (&worker.log);
  g_assert_cmpint (worker.requests.notified, ==, 1);
  g_assert_true (g_queue_is_empty (&worker.requests.pending));
  g_main_context_unref (worker.context);
  tg_log_clear (&worker.log);
  g_mutex_clear (&worker.lock);
  g_cond_clear (&worker.cond);
  g_mutex_clear (&worker.requests.lock);
  g_cond_clear (&worker.requests.cond);
  g_free (json);
}

/* ------------------------------------------------------------- 4. lifetime */

/* The last unref with a request pending: finalized at once, every notify once, and the
 * request completed afterwards delivers nothing. */
static void
test_lifetime_unref_pending (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  GCancellable *cancellable;
  TgLog log;
  char *json = vct_test_photos_json (1, 5);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  tg_log_init (&log, g_thread_self ());
  tg_connect (model, &log);
  g_object_weak_ref (G_OBJECT (model), tg_on_finalized, &log);

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  tg_run_until_event (&log, "did-update-navigation-title:" TITLE);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE);
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));
  g_assert_false (g_cancellable_is_cancelled (cancellable));

  g_object_unref (model);
  /* Synchronously, before any iteration. */
  g_assert_cmpint (g_atomic_int_get (&log.base.finalized), ==, 1);
  tg_assert_all_notified (&log);
  g_assert_true (g_cancellable_is_cancelled (cancellable));
  tg_assert_log (&log, "finalized");

  /* The abandoned request completed afterwards: nothing is delivered. */
  vct_api_request_return_json (request, json, -1);
  tg_iterate_idle (NULL);
  g_object_unref (api);
  tg_settle (&fake, json);
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0);
  tg_assert_all_notified (&log);
  g_assert_cmpint (fake.n_calls, ==, 1);

  g_object_unref (cancellable);
  tg_log_clear (&log);
  fake_api_clear (&fake);
  g_free (json);
}

/* The last unref with the title reset queued but not yet dispatched. */
static void
test_lifetime_unref_queued (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  TgLog log;
  char *json = vct_test_photos_json (1, 5);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  tg_log_init (&log, g_thread_self ());
  tg_connect (model, &log);
  g_object_weak_ref (G_OBJECT (model), tg_on_finalized, &log);

  vct_table_model_reload_data (model);
  wait_until_pending (NULL);
  g_object_unref (model);
  g_assert_cmpint (g_atomic_int_get (&log.base.finalized), ==, 1);
  tg_assert_all_notified (&log);
  tg_assert_log (&log, "finalized");

  tg_iterate_idle (NULL);
  g_object_unref (api);
  tg_settle (&fake, json);
  g_assert_cmpuint (tg_log_n_events (&log), ==, 0);
  tg_assert_all_notified (&log);

  tg_log_clear (&log);
  fake_api_clear (&fake);
  g_free (json);
}

/* A did-update-navigation-title handler drops the only other reference: the model is
 * finalized once that delivery ends, and nothing follows. */
static void
test_lifetime_unref_in_signal (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  TgLog log;
  char *json = vct_test_photos_json (1, 5);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  tg_log_init (&log, g_thread_self ());
  tg_connect (model, &log);
  g_object_weak_ref (G_OBJECT (model), tg_on_finalized, &log);

  log.drop_in_title_signal = g_object_ref (model);
  vct_table_model_reload_data (model);
  g_object_unref (model); /* the handler's reference is the only one */
  g_assert_cmpint (g_atomic_int_get (&log.base.finalized), ==, 0);

  run_until (NULL, cond_flag, &log.base.finalized, VCT_TEST_TIMEOUT_MS);
  g_assert_null (log.drop_in_title_signal);
  tg_assert_all_notified (&log);

  g_object_unref (api);
  tg_settle (&fake, json);
  tg_assert_log (&log, "cb-title:" TITLE "|notify::loading|did-update-navigation-title:" TITLE "|finalized");
  tg_assert_all_notified (&log);

  tg_log_clear (&log);
  fake_api_clear (&fake);
  g_free (json);
}

/* The legacy title callback drops the last reference: disposed at once inside it (the
 * other callbacks' notifies have run, its own runs as it returns), and neither the
 * notifies nor the signal of that delivery follow. */
static void
test_lifetime_unref_in_legacy_callback (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  TgLog log;
  char *json = vct_test_photos_json (1, 5);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  tg_log_init (&log, g_thread_self ());
  tg_connect (model, &log);
  g_object_weak_ref (G_OBJECT (model), tg_on_finalized, &log);

  vct_table_model_reload_data (model);
  log.drop_in_legacy_title = g_steal_pointer (&model); /* the callback's is the only one */

  run_until (NULL, cond_flag, &log.base.finalized, VCT_TEST_TIMEOUT_MS);
  tg_assert_all_notified (&log);

  g_object_unref (api);
  tg_settle (&fake, json);
  tg_assert_log (&log, "cb-title:" TITLE "|finalized|after-unref:011");
  tg_assert_all_notified (&log);

  tg_log_clear (&log);
  fake_api_clear (&fake);
  g_free (json);
}

/* ------------------------------------------------------------- 5. is-checks */

#define TG_EXPECT_IS_CHECK(function) \
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*" function "*VCT_IS_TABLE_MODEL (model)*")

/* The real model's list must not change while the wrong instances are called. */
static void
tg_items_changed (G_GNUC_UNUSED GListModel *list, G_GNUC_UNUSED guint position,
                  G_GNUC_UNUSED guint removed, G_GNUC_UNUSED guint added, gpointer data)
{
  g_atomic_int_inc (&((Counter *) data)->calls);
}

static void
test_is_checks (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  GSimpleAction *action = g_simple_action_new ("tg-not-a-model", NULL);
  VctTableModel *wrong[3];
  const char *what[] = { "NULL", "a GSimpleAction", "the model's VctListModel" };
  Counter list_changes = { 0 };
  gulong handler;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  handler = g_signal_connect (vct_table_model_get_list (model), "items-changed", G_CALLBACK (tg_items_changed),
                              &list_changes);
  wrong[0] = NULL;
  wrong[1] = (VctTableModel *) action;
  wrong[2] = (VctTableModel *) vct_table_model_get_list (model);

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      VctTableModel *m = wrong[i];
      Counter counters[3];

      memset (counters, 0, sizeof counters);
      g_test_message ("model: %s", what[i]);

      TG_EXPECT_IS_CHECK ("vct_table_model_reload_data");
      vct_table_model_reload_data (m);
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_get_title");
      g_assert_null (vct_table_model_get_title (m));
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_get_list");
      g_assert_null (vct_table_model_get_list (m));
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_is_loading");
      g_assert_false (vct_table_model_is_loading (m));
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_get_n_items");
      g_assert_cmpuint (vct_table_model_get_n_items (m), ==, 0);
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_get_item");
      g_assert_null (vct_table_model_get_item (m, 0));
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_get_last_error");
      g_assert_null (vct_table_model_get_last_error (m));
      g_test_assert_expected_messages ();

      TG_EXPECT_IS_CHECK ("vct_table_model_user_selected_cell");
      vct_table_model_user_selected_cell (m, NULL);
      g_test_assert_expected_messages ();

      /* A setter's notify still runs, exactly once, at once: user_data was handed over. */
      TG_EXPECT_IS_CHECK ("vct_table_model_set_did_error");
      vct_table_model_set_did_error (m, counter_text_func, &counters[0], counter_notify);
      g_test_assert_expected_messages ();
      g_assert_cmpint (counters[0].notified, ==, 1);

      TG_EXPECT_IS_CHECK ("vct_table_model_set_did_reload_data");
      vct_table_model_set_did_reload_data (m, counter_reload_func, &counters[1], counter_notify);
      g_test_assert_expected_messages ();
      g_assert_cmpint (counters[1].notified, ==, 1);

      TG_EXPECT_IS_CHECK ("vct_table_model_set_did_update_navigation_title");
      vct_table_model_set_did_update_navigation_title (m, counter_text_func, &counters[2], counter_notify);
      g_test_assert_expected_messages ();
      g_assert_cmpint (counters[2].notified, ==, 1);

      for (guint c = 0; c < G_N_ELEMENTS (counters); c++)
        {
          g_assert_cmpint (counters[c].calls, ==, 0);
          g_assert_cmpint (counters[c].notified, ==, 1);
        }
    }

  /* Nothing happened to the real model or to the action. */
  tg_iterate_idle (NULL);
  g_assert_cmpstr (vct_table_model_get_title (model), ==, TITLE);
  g_assert_false (vct_table_model_is_loading (model));
  g_assert_cmpint (fake.n_calls, ==, 0);
  g_assert_cmpint (g_atomic_int_get (&list_changes.calls), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (vct_table_model_get_list (model))), ==, 0);
  g_assert_cmpuint (G_OBJECT (action)->ref_count, ==, 1);

  g_signal_handler_disconnect (vct_table_model_get_list (model), handler);
  g_object_unref (action);
  g_object_unref (model);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
}

/* ------------------------------------------------------------- 6. factory */

typedef struct
{
  gint  reloaded; /* atomic */
  gint  errored;  /* atomic */
  char *message;
} TgOutcome;

static void
tg_outcome_reloaded (G_GNUC_UNUSED VctTableModel *model, gpointer data)
{
  g_atomic_int_inc (&((TgOutcome *) data)->reloaded);
}

static void
tg_outcome_error (G_GNUC_UNUSED VctTableModel *model, const char *message, gpointer data)
{
  TgOutcome *outcome = data;

  g_free (outcome->message);
  outcome->message = g_strdup (message);
  g_atomic_int_inc (&outcome->errored);
}

static gboolean
tg_outcome_done (gpointer data)
{
  TgOutcome *outcome = data;

  return g_atomic_int_get (&outcome->reloaded) > 0 || g_atomic_int_get (&outcome->errored) > 0;
}

static void
test_factory (void)
{
  const guint positions[] = { 0, 1, 2, 2499, 4998, 4999 };
  VctTableModel *model = vct_table_model_factory_instance ();
  TgOutcome outcome = { 0 };
  GListModel *list;
  char *title = NULL;
  gboolean loading = TRUE;
  GError *error = NULL;

  g_assert_true (VCT_IS_TABLE_MODEL (model));
  g_object_get (model, "title", &title, "loading", &loading, "last-error", &error, NULL);
  g_assert_cmpstr (title, ==, TITLE);
  g_assert_false (loading);
  g_assert_null (error);
  g_clear_pointer (&title, g_free);

  g_signal_connect (model, "did-reload-data", G_CALLBACK (tg_outcome_reloaded), &outcome);
  g_signal_connect (model, "did-error", G_CALLBACK (tg_outcome_error), &outcome);
  vct_table_model_reload_data (model);
  run_until (NULL, tg_outcome_done, &outcome, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpstr (outcome.message, ==, NULL);
  g_assert_cmpint (outcome.reloaded, ==, 1);

  list = G_LIST_MODEL (vct_table_model_get_list (model));
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 5000);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 5000);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      VctRow *row = g_list_model_get_item (list, positions[i]);
      VctCellData *cell = vct_table_model_get_item (model, positions[i]);
      gint64 id = -1;

      g_test_message ("position %u", positions[i]);
      g_assert_true (VCT_IS_PHOTO_ROW (row));
      g_assert_nonnull (cell);
      g_object_get (row, "title", &title, "id", &id, NULL);
      g_assert_cmpstr (title, ==, vct_cell_data_get_title (cell));
      g_assert_cmpint (id, ==, vct_cell_data_get_id (cell));
      g_clear_pointer (&title, g_free);
      g_object_unref (row);
    }
  g_assert_null (g_list_model_get_item (list, 5000));

  g_object_get (model, "title", &title, "loading", &loading, "last-error", &error, NULL);
  g_assert_cmpstr (title, ==, TITLE);
  g_assert_false (loading);
  g_assert_null (error);
  g_free (title);

  g_object_unref (model);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/gobject/table-model/type", test_type);
  g_test_add_func ("/gobject/table-model/order", test_order);
  g_test_add_func ("/gobject/table-model/threads/other-callers", test_threads_other_callers);
  g_test_add_func ("/gobject/table-model/threads/worker-model", test_threads_worker_model);
  g_test_add_func ("/gobject/table-model/lifetime/unref-pending", test_lifetime_unref_pending);
  g_test_add_func ("/gobject/table-model/lifetime/unref-queued", test_lifetime_unref_queued);
  g_test_add_func ("/gobject/table-model/lifetime/unref-in-signal", test_lifetime_unref_in_signal);
  g_test_add_func ("/gobject/table-model/lifetime/unref-in-legacy-callback", test_lifetime_unref_in_legacy_callback);
  g_test_add_func ("/gobject/table-model/is-checks", test_is_checks);
  g_test_add_func ("/gobject/table-model/factory", test_factory);
  return vct_test_run ();
}
