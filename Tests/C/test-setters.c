/* test-setters.c: vct_table_model_set_did_*() and their notifies.
 *
 * A notify runs exactly once: when its callback is replaced, cleared or the model is
 * finalized; a callback replaced from inside itself gets its notify as it returns; a
 * NULL func with a notify runs that notify at once; after a setter returns the old
 * callback is never called again, even for a delivery already queued; a setter on another
 * thread waits for the callback it replaces to return.
 */
#include "common/vct-test.h"


typedef enum
{
  SLOT_TITLE,
  SLOT_RELOAD,
  SLOT_ERROR,
  N_SLOTS
} Slot;

static const char *const slot_names[N_SLOTS] = { "title", "reload", "error" };

/* Sets @slot of @model to the counting callback on @counter (NULL clears). */
static void
set_slot (VctTableModel *model, Slot slot, Counter *counter)
{
  switch (slot)
    {
    case SLOT_TITLE:
      vct_table_model_set_did_update_navigation_title (model, counter ? counter_text_func : NULL,
                                                       counter, counter ? counter_notify : NULL);
      break;
    case SLOT_RELOAD:
      vct_table_model_set_did_reload_data (model, counter ? counter_reload_func : NULL,
                                           counter, counter ? counter_notify : NULL);
      break;
    case SLOT_ERROR:
      vct_table_model_set_did_error (model, counter ? counter_text_func : NULL,
                                     counter, counter ? counter_notify : NULL);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Clears @slot with a NULL func but a notify for @data. */
static void
clear_slot_with_notify (VctTableModel *model, Slot slot, Counter *data)
{
  switch (slot)
    {
    case SLOT_TITLE:
      vct_table_model_set_did_update_navigation_title (model, NULL, data, counter_notify);
      break;
    case SLOT_RELOAD:
      vct_table_model_set_did_reload_data (model, NULL, data, counter_notify);
      break;
    case SLOT_ERROR:
      vct_table_model_set_did_error (model, NULL, data, counter_notify);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
counter_reset (Counter *c)
{
  g_free (c->last_text);
  c->last_text = NULL;
  c->calls = 0;
  c->notified = 0;
  c->calls_after_notify = 0;
}

/* Runs one reload (success, or failure when @fail) through @fake and waits until it is
 * delivered (is_loading turns FALSE) on @context. */
static void
reload_once (VctTableModel *model, FakeApi *fake, GMainContext *context, gboolean fail)
{
  VctApiRequest *request;

  vct_table_model_reload_data (model);
  request = fake_api_wait_request (fake, NULL);
  if (fail)
    {
      GError *error = g_error_new_literal (VCT_ERROR, VCT_ERROR_FAILED, "failure");
      vct_api_request_return_error (request, error);
      g_error_free (error);
    }
  else
    vct_api_request_return_json (request, "[{\"albumId\": 1, \"id\": 1, \"title\": \"t\","
                                          " \"url\": \"u\", \"thumbnailUrl\": \"v\"}]", -1);
  run_until (context, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  iterate_pending (context);
}

static void
test_notify_replace_clear_finalize (void)
{
  for (Slot slot = 0; slot < N_SLOTS; slot++)
    {
      FakeApi fake;
      VctApi *api;
      VctTableModel *model;
      Counter a = { 0 }, b = { 0 }, c = { 0 }, d = { 0 };

      g_test_message ("slot %s", slot_names[slot]);
      fake_api_init (&fake);
      api = fake_api_new (&fake);
      model = vct_table_model_new_with_manager (api);

      set_slot (model, slot, &a);
      g_assert_cmpint (a.notified, ==, 0);

      /* Replaced: the old notify runs now, once. */
      set_slot (model, slot, &b);
      g_assert_cmpint (a.notified, ==, 1);
      g_assert_cmpint (b.notified, ==, 0);
      reload_once (model, &fake, NULL, slot == SLOT_ERROR);
      g_assert_cmpint (a.calls, ==, 0);
      g_assert_cmpint (b.calls, ==, 1);

      /* Each registration gets its own notify: setting b again notifies the old b. */
      set_slot (model, slot, &b);
      g_assert_cmpint (b.notified, ==, 1);
      counter_reset (&b);

      /* Cleared with NULL: notify now, nothing called afterwards. */
      set_slot (model, slot, NULL);
      g_assert_cmpint (b.notified, ==, 1);
      reload_once (model, &fake, NULL, slot == SLOT_ERROR);
      g_assert_cmpint (b.calls, ==, 0);

      /* Clearing an empty slot is harmless. */
      set_slot (model, slot, NULL);

      set_slot (model, slot, &c);
      set_slot (model, slot, &d);
      g_assert_cmpint (c.notified, ==, 1);

      /* Finalized: the notify has run when the last unref returns. */
      g_object_unref (model);
      g_assert_cmpint (d.notified, ==, 1);
      iterate_for (NULL, 20);
      g_assert_cmpint (a.notified, ==, 1);
      g_assert_cmpint (b.notified, ==, 1);
      g_assert_cmpint (c.notified, ==, 1);
      g_assert_cmpint (d.notified, ==, 1);
      g_assert_cmpint (a.calls_after_notify + b.calls_after_notify + c.calls_after_notify +
                       d.calls_after_notify, ==, 0);

      g_object_unref (api);
      run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
      fake_api_clear (&fake);
      counter_reset (&a);
      counter_reset (&b);
      counter_reset (&c);
      counter_reset (&d);
    }
}

static void
test_null_func_with_notify (void)
{
  for (Slot slot = 0; slot < N_SLOTS; slot++)
    {
      FakeApi fake;
      VctApi *api;
      VctTableModel *model;
      Counter a = { 0 }, data = { 0 }, data2 = { 0 };

      fake_api_init (&fake);
      api = fake_api_new (&fake);
      model = vct_table_model_new_with_manager (api);

      /* On an empty slot: the notify runs right away. */
      clear_slot_with_notify (model, slot, &data);
      g_assert_cmpint (data.notified, ==, 1);

      /* Replacing a set callback: both notifies run, once each. */
      set_slot (model, slot, &a);
      clear_slot_with_notify (model, slot, &data2);
      g_assert_cmpint (a.notified, ==, 1);
      g_assert_cmpint (data2.notified, ==, 1);

      reload_once (model, &fake, NULL, slot == SLOT_ERROR);
      g_assert_cmpint (a.calls, ==, 0);
      g_assert_cmpint (data.calls + data2.calls, ==, 0);

      g_object_unref (model);
      /* Not again at finalize. */
      g_assert_cmpint (data.notified, ==, 1);
      g_assert_cmpint (data2.notified, ==, 1);
      g_assert_cmpint (a.notified, ==, 1);
      g_object_unref (api);
      run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
      fake_api_clear (&fake);
      counter_reset (&a);
    }
}

static void
test_queued_delivery_goes_to_new (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  VctApiRequest *request;
  GMainContext *context = g_main_context_new ();
  Counter title_a = { 0 }, title_b = { 0 };
  Counter reload_a = { 0 }, reload_b = { 0 };
  Counter error_a = { 0 }, error_b = { 0 };
  GError *error;

  /* The API answers on the default context; the model reports on its own context,
   * which only this test iterates, so deliveries stay queued until it does. */
  fake_api_init (&fake);
  api = fake_api_new (&fake);
  g_main_context_push_thread_default (context);
  model = vct_table_model_new_with_manager (api);
  g_main_context_pop_thread_default (context);
  set_slot (model, SLOT_TITLE, &title_a);
  set_slot (model, SLOT_RELOAD, &reload_a);
  set_slot (model, SLOT_ERROR, &error_a);

  /* The title report is queued by reload_data itself. */
  vct_table_model_reload_data (model);
  g_assert_true (g_main_context_pending (context));
  set_slot (model, SLOT_TITLE, &title_b);
  g_assert_cmpint (title_a.notified, ==, 1);
  wait_int_at_least (context, &title_b.calls, 1);
  g_assert_cmpint (title_a.calls, ==, 0);
  g_assert_cmpstr (title_b.last_text, ==, TITLE);

  /* The reload result: complete, wait until it is queued, then replace. */
  request = fake_api_wait_request (&fake, NULL);
  iterate_pending (context);
  g_assert_false (g_main_context_pending (context));
  vct_api_request_return_json (request, "[]", -1);
  wait_until_pending (context);
  set_slot (model, SLOT_RELOAD, &reload_b);
  g_assert_cmpint (reload_a.notified, ==, 1);
  wait_int_at_least (context, &reload_b.calls, 1);
  g_assert_cmpint (reload_a.calls, ==, 0);
  g_assert_false (vct_table_model_is_loading (model));

  /* The error report likewise. */
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  wait_int_at_least (context, &title_b.calls, 2);
  iterate_pending (context);
  error = g_error_new_literal (VCT_ERROR, VCT_ERROR_HTTP_STATUS, "HTTP 503");
  vct_api_request_return_error (request, error);
  g_error_free (error);
  wait_until_pending (context);
  set_slot (model, SLOT_ERROR, &error_b);
  g_assert_cmpint (error_a.notified, ==, 1);
  wait_int_at_least (context, &error_b.calls, 1);
  g_assert_cmpint (error_a.calls, ==, 0);
  g_assert_cmpstr (error_b.last_text, ==, ERROR_PREFIX "HTTP 503");

  /* Cleared while queued: nobody is called. */
  vct_table_model_reload_data (model);
  request = fake_api_wait_request (&fake, NULL);
  wait_int_at_least (context, &title_b.calls, 3);
  iterate_pending (context);
  vct_api_request_return_json (request, "[]", -1);
  wait_until_pending (context);
  set_slot (model, SLOT_RELOAD, NULL);
  g_assert_cmpint (reload_b.notified, ==, 1);
  run_until (context, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  iterate_pending (context);
  g_assert_cmpint (reload_b.calls, ==, 1);

  /* A queued title replaced from another thread: the same rule. */
  {
    Counter title_c = { 0 };
    VctCellData *cell;

    vct_table_model_reload_data (model);
    request = fake_api_wait_request (&fake, NULL);
    vct_api_request_return_json (request, "[{\"albumId\": 1, \"id\": 1, \"title\": \"picked\","
                                          " \"url\": \"u\", \"thumbnailUrl\": \"v\"}]", -1);
    run_until (context, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
    iterate_pending (context);
    cell = vct_table_model_get_item (model, 0);
    g_assert_nonnull (cell);
    vct_table_model_user_selected_cell (model, cell);
    g_assert_true (g_main_context_pending (context));
    set_slot (model, SLOT_TITLE, &title_c);
    wait_int_at_least (context, &title_c.calls, 1);
    g_assert_cmpstr (title_c.last_text, ==, "picked");
    g_assert_cmpint (title_b.calls, ==, 4);
    g_object_unref (model);
    g_assert_cmpint (title_c.notified, ==, 1);
    g_free (title_c.last_text);
  }

  g_assert_cmpint (title_b.notified, ==, 1);
  g_assert_cmpint (error_b.notified, ==, 1);
  g_assert_cmpint (title_a.calls_after_notify + title_b.calls_after_notify +
                   reload_a.calls_after_notify + reload_b.calls_after_notify +
                   error_a.calls_after_notify + error_b.calls_after_notify, ==, 0);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
  iterate_pending (context);
  g_main_context_unref (context);
  counter_reset (&title_a);
  counter_reset (&title_b);
  counter_reset (&error_a);
  counter_reset (&error_b);
}

/* A callback that replaces (or clears) its own slot from inside itself. */
typedef struct
{
  VctTableModel *model;
  Slot           slot;
  gboolean       clear;       /* clear instead of replacing with next */
  Counter       *next;
  gint           calls;
  gint           notified;
  gint           notified_during_call;
  gint           next_notified_during_call;
} SelfReplacer;

static void
self_replacer_notify (gpointer data)
{
  ((SelfReplacer *) data)->notified++;
}

static void
self_replacer_run (SelfReplacer *r)
{
  r->calls++;
  if (r->clear)
    set_slot (r->model, r->slot, NULL);
  else
    set_slot (r->model, r->slot, r->next);
  /* Still running: the notify must wait until we return. */
  r->notified_during_call = r->notified;
  if (r->next != NULL)
    r->next_notified_during_call = r->next->notified;
}

static void
self_replacer_text (const char *text, gpointer data)
{
  (void) text;
  self_replacer_run (data);
}

static void
self_replacer_reload (VctCellData *const *items, gsize n_items, gpointer data)
{
  (void) items;
  (void) n_items;
  self_replacer_run (data);
}

static void
set_self_replacer (SelfReplacer *r)
{
  switch (r->slot)
    {
    case SLOT_TITLE:
      vct_table_model_set_did_update_navigation_title (r->model, self_replacer_text, r, self_replacer_notify);
      break;
    case SLOT_RELOAD:
      vct_table_model_set_did_reload_data (r->model, self_replacer_reload, r, self_replacer_notify);
      break;
    case SLOT_ERROR:
      vct_table_model_set_did_error (r->model, self_replacer_text, r, self_replacer_notify);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
test_replace_from_inside (void)
{
  for (Slot slot = 0; slot < N_SLOTS; slot++)
    for (int clear = 0; clear <= 1; clear++)
      {
        FakeApi fake;
        VctApi *api;
        VctTableModel *model;
        Counter next = { 0 };
        SelfReplacer r = { 0 };

        g_test_message ("slot %s, %s", slot_names[slot], clear ? "clear" : "replace");
        fake_api_init (&fake);
        api = fake_api_new (&fake);
        model = vct_table_model_new_with_manager (api);
        r.model = model;
        r.slot = slot;
        r.clear = clear;
        r.next = clear ? NULL : &next;
        set_self_replacer (&r);

        reload_once (model, &fake, NULL, slot == SLOT_ERROR);
        g_assert_cmpint (r.calls, ==, 1);
        g_assert_cmpint (r.notified_during_call, ==, 0);
        g_assert_cmpint (r.next_notified_during_call, ==, 0);
        g_assert_cmpint (r.notified, ==, 1);

        /* The next report goes to the replacement, never to the old one. */
        reload_once (model, &fake, NULL, slot == SLOT_ERROR);
        g_assert_cmpint (r.calls, ==, 1);
        g_assert_cmpint (next.calls, ==, clear ? 0 : 1);
        g_assert_cmpint (next.notified, ==, 0);

        g_object_unref (model);
        g_assert_cmpint (r.notified, ==, 1);
        g_assert_cmpint (next.notified, ==, clear ? 0 : 1);
        g_object_unref (api);
        run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
        fake_api_clear (&fake);
        counter_reset (&next);
      }
}

/* A callback that replaces another slot from inside itself: that one's notify runs
 * at once (it is not running). */
typedef struct
{
  VctTableModel *model;
  Counter       *other_old;
  Counter       *other_new;
  gint           other_old_notified_during_call;
} OtherReplacer;

static void
other_replacer_title (const char *title, gpointer data)
{
  OtherReplacer *o = data;

  (void) title;
  if (o->other_new == NULL)
    return;
  set_slot (o->model, SLOT_RELOAD, o->other_new);
  o->other_old_notified_during_call = o->other_old->notified;
  o->other_new = NULL;
}

static void
test_replace_other_from_inside (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  Counter old = { 0 }, replacement = { 0 };
  OtherReplacer o = { 0 };

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  o.model = model;
  o.other_old = &old;
  o.other_new = &replacement;
  set_slot (model, SLOT_RELOAD, &old);
  vct_table_model_set_did_update_navigation_title (model, other_replacer_title, &o, NULL);

  reload_once (model, &fake, NULL, FALSE);
  g_assert_cmpint (o.other_old_notified_during_call, ==, 1);
  g_assert_cmpint (old.notified, ==, 1);
  g_assert_cmpint (old.calls, ==, 0);
  g_assert_cmpint (replacement.calls, ==, 1);

  g_object_unref (model);
  g_assert_cmpint (replacement.notified, ==, 1);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
}

/* A setter from another thread while the callback is not running: the old callback is
 * never called after the setter returns. */
typedef struct
{
  VctTableModel *model;
  Counter       *next;
} ThreadSet;

static gpointer
thread_set (gpointer data)
{
  ThreadSet *ts = data;
  set_slot (ts->model, SLOT_TITLE, ts->next);
  return NULL;
}

static void
test_set_from_other_thread (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  Counter old = { 0 }, next = { 0 };
  ThreadSet ts;

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  set_slot (model, SLOT_TITLE, &old);

  vct_table_model_reload_data (model);     /* the title is queued */
  ts.model = model;
  ts.next = &next;
  g_thread_join (g_thread_new ("setter", thread_set, &ts));
  g_assert_cmpint (old.notified, ==, 1);
  {
    VctApiRequest *request = fake_api_wait_request (&fake, NULL);
    vct_api_request_return_json (request, "[]", -1);
  }
  run_until (NULL, cond_not_loading, model, VCT_TEST_TIMEOUT_MS);
  wait_int_at_least (NULL, &next.calls, 1);
  g_assert_cmpint (old.calls, ==, 0);
  g_assert_cmpstr (next.last_text, ==, TITLE);

  g_object_unref (model);
  g_assert_cmpint (next.notified, ==, 1);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
  counter_reset (&next);
}

/* A setter on another thread while the callback it replaces runs on the context thread:
 * it waits for the callback to return (the slot's lock is held during the call), so
 * neither its return nor the old notify happens during the call. */
typedef struct
{
  VctTableModel *model;
  Counter       *next;
  GThread       *setter;
  gint           calls;
  gint           notified;              /* atomic */
  gint           setter_started;        /* atomic */
  gint           setter_returned;       /* atomic */
  gint           callback_done;         /* atomic: the callback is about to return */
  gint           returned_during_call;
  gint           notified_during_call;
  gint           done_when_set;         /* the callback had finished when the setter returned */
} BusyCallback;

static void
busy_notify (gpointer data)
{
  g_atomic_int_inc (&((BusyCallback *) data)->notified);
}

static gpointer
busy_setter (gpointer data)
{
  BusyCallback *b = data;

  g_atomic_int_set (&b->setter_started, 1);
  set_slot (b->model, SLOT_TITLE, b->next);
  b->done_when_set = g_atomic_int_get (&b->callback_done);
  g_atomic_int_set (&b->setter_returned, 1);
  return NULL;
}

static void
busy_title (const char *title, gpointer data)
{
  BusyCallback *b = data;

  (void) title;
  b->calls++;
  b->setter = g_thread_new ("setter", busy_setter, b);
  while (!g_atomic_int_get (&b->setter_started))
    g_usleep (1000);
  /* Long enough for the setter to reach the slot's lock, or, were it not held, to return. */
  g_usleep (200 * 1000);
  b->returned_during_call = g_atomic_int_get (&b->setter_returned);
  b->notified_during_call = g_atomic_int_get (&b->notified);
  g_atomic_int_set (&b->callback_done, 1);
}

static void
test_set_from_other_thread_while_running (void)
{
  FakeApi fake;
  VctApi *api;
  VctTableModel *model;
  Counter next = { 0 };
  BusyCallback b = { 0 };

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  model = vct_table_model_new_with_manager (api);
  b.model = model;
  b.next = &next;
  vct_table_model_set_did_update_navigation_title (model, busy_title, &b, busy_notify);

  reload_once (model, &fake, NULL, FALSE);
  g_assert_nonnull (b.setter);
  g_thread_join (b.setter);
  g_assert_cmpint (b.calls, ==, 1);
  g_assert_cmpint (b.returned_during_call, ==, 0);
  g_assert_cmpint (b.notified_during_call, ==, 0);
  g_assert_cmpint (b.done_when_set, ==, 1);
  g_assert_cmpint (g_atomic_int_get (&b.notified), ==, 1);

  /* The next report goes to the replacement. */
  reload_once (model, &fake, NULL, FALSE);
  g_assert_cmpint (b.calls, ==, 1);
  g_assert_cmpint (next.calls, ==, 1);
  g_assert_cmpstr (next.last_text, ==, TITLE);

  g_object_unref (model);
  g_assert_cmpint (next.notified, ==, 1);
  g_assert_cmpint (g_atomic_int_get (&b.notified), ==, 1);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
  counter_reset (&next);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/setters/notify/replace-clear-finalize", test_notify_replace_clear_finalize);
  g_test_add_func ("/setters/notify/null-func", test_null_func_with_notify);
  g_test_add_func ("/setters/queued-delivery-goes-to-new", test_queued_delivery_goes_to_new);
  g_test_add_func ("/setters/replace-from-inside/self", test_replace_from_inside);
  g_test_add_func ("/setters/replace-from-inside/other", test_replace_other_from_inside);
  g_test_add_func ("/setters/from-other-thread", test_set_from_other_thread);
  g_test_add_func ("/setters/from-other-thread/while-running", test_set_from_other_thread_while_running);
  return vct_test_run ();
}
