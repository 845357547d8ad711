/* test-reentrancy.c: every API call a program may make from inside a callback.
 *
 * The matrix: from inside each callback VCTable calls (didUpdateNavigationTitle,
 * didReloadData, didError, and a custom API's get_photos), each of
 *   reload          vct_table_model_reload_data
 *   select          vct_table_model_user_selected_cell (a cell of the previous load)
 *   select-stale    the same with a cell whose load was replaced since (kept by a ref)
 *   set-same        the setter of the slot that is running (replace it)
 *   clear-same      the same setter with NULL
 *   set-other       the setter of another slot
 *   unref           the last g_object_unref of the model
 *   ref-unref       a ref and an unref (not the last)
 * and what vctable.h promises for it:
 *   - nothing runs inline: no callback is entered while another one runs;
 *   - a reload supersedes the one in flight, only the latest result is delivered;
 *   - a selection's title is delivered later, on the context thread;
 *   - a slot replaced or cleared from inside itself gets its notify as it returns (not
 *     before), and the next report goes to the new callback (or nowhere);
 *   - a slot replaced from inside another callback gets its notify at once;
 *   - the last unref runs the other notifies at once, the running callback's as it
 *     returns, and nothing is delivered afterwards; the request still owned by the
 *     custom API can be completed and its result is dropped;
 *   - every GDestroyNotify runs exactly once, the API's after everything else.
 *
 * Then the list's `items-changed` (a GListModel signal, connected on the context thread),
 * whose handler reads the list as a view does: reloading and replacing itself from inside
 * a run, and dropping the model's last reference inside the first run of several, with
 * the list held by the view or not.
 */
#include "common/vct-test.h"

#include <string.h>


typedef enum
{
  TRIGGER_TITLE,
  TRIGGER_RELOAD,
  TRIGGER_ERROR,
  TRIGGER_GET_PHOTOS,
  N_TRIGGERS
} Trigger;

static const char *const trigger_names[] = { "title", "reload", "error", "get-photos" };

typedef enum
{
  ACTION_RELOAD,
  ACTION_SELECT,
  ACTION_SELECT_STALE,
  ACTION_SET_SAME,
  ACTION_CLEAR_SAME,
  ACTION_SET_OTHER,
  ACTION_UNREF,
  ACTION_REF_UNREF,
  N_ACTIONS
} Action;

static const char *const action_names[] = {
  "reload", "select", "select-stale", "set-same", "clear-same", "set-other", "unref", "ref-unref"
};

/* The three model slots. */
enum { SLOT_TITLE, SLOT_RELOAD, SLOT_ERROR, N_SLOTS };

typedef struct Scenario Scenario;

/* One installed callback: which slot, how often called, its notify. */
typedef struct
{
  Scenario *sc;
  int       slot;
  gint      calls;
  gint      notified;
  gint      calls_after_notify;
  gint      notified_while_running; /* the notify ran while this callback was on the stack */
  gint      running;
  gboolean  installed;
} Probe;

struct Scenario
{
  Trigger        trigger;
  Action         action;
  gboolean       armed;
  gboolean       fired;
  VctTableModel *model;        /* NULL once the last unref ran */
  VctApi        *api;
  GQueue         requests;     /* pending VctApiRequest * */
  guint          n_requests;   /* get_photos calls */
  gboolean       fail_next;    /* complete the next request with an error */
  gint64         last_success_first_id;  /* first id of the latest successful completion */
  gint           api_notified;
  gint           depth;        /* callbacks on the stack */
  gint           max_depth;
  gint           wrong_thread;
  GThread       *thread;
  VctCellData   *cell;         /* a ref'd cell of the first load */
  VctCellData   *stale_cell;   /* a ref'd cell of a load since replaced */
  char          *selected_title;
  gint           title_after_select;     /* the selected title arrived later */
  gint           selected_inline;        /* it arrived while the trigger ran */
  gint           fired_during;           /* depth when the action ran */
  Probe          probes[N_SLOTS];
  Probe          replacements[N_SLOTS];
  gint           n_reloads;
  gint           n_errors;
  gint64         last_reload_first_id;
};

static void perform (Scenario *sc, int running_slot);

static void
enter (Probe *p)
{
  Scenario *sc = p->sc;

  if (g_thread_self () != sc->thread)
    sc->wrong_thread++;
  if (p->notified)
    p->calls_after_notify++;
  p->calls++;
  p->running++;
  sc->depth++;
  sc->max_depth = MAX (sc->max_depth, sc->depth);
}

static void
leave (Probe *p)
{
  p->running--;
  p->sc->depth--;
}

static void
probe_notify (gpointer data)
{
  Probe *p = data;

  p->notified++;
  if (p->running > 0)
    p->notified_while_running++;
}

static gboolean
should_fire (Scenario *sc, Trigger trigger)
{
  if (!sc->armed || sc->fired || sc->trigger != trigger)
    return FALSE;
  sc->fired = TRUE;
  return TRUE;
}

static void
on_title (const char *title, gpointer data)
{
  Probe *p = data;
  Scenario *sc = p->sc;

  enter (p);
  if (sc->selected_title != NULL && g_strcmp0 (title, sc->selected_title) == 0)
    {
      if (sc->fired && sc->depth == 1)
        sc->title_after_select++;
      else
        sc->selected_inline++;
    }
  if (should_fire (sc, TRIGGER_TITLE))
    perform (sc, SLOT_TITLE);
  leave (p);
}

static void
on_reload (VctCellData *const *items, gsize n_items, gpointer data)
{
  Probe *p = data;
  Scenario *sc = p->sc;

  enter (p);
  sc->n_reloads++;
  sc->last_reload_first_id = n_items > 0 ? vct_cell_data_get_id (items[0]) : -1;
  if (should_fire (sc, TRIGGER_RELOAD))
    perform (sc, SLOT_RELOAD);
  /* The items stay valid during the call, whatever the action did. */
  if (n_items > 0)
    g_assert_cmpint (vct_cell_data_get_id (items[n_items - 1]), ==, sc->last_reload_first_id + (gint64) n_items - 1);
  leave (p);
}

static void
on_error (const char *message, gpointer data)
{
  Probe *p = data;
  Scenario *sc = p->sc;

  enter (p);
  sc->n_errors++;
  g_assert_true (g_str_has_prefix (message, "An Error Occurred\n\n"));
  if (should_fire (sc, TRIGGER_ERROR))
    perform (sc, SLOT_ERROR);
  g_assert_true (g_str_has_prefix (message, "An Error Occurred\n\n"));
  leave (p);
}

static void
set_slot (VctTableModel *model, int slot, Probe *p)
{
  if (p != NULL)
    p->installed = TRUE;
  switch (slot)
    {
    case SLOT_TITLE:
      vct_table_model_set_did_update_navigation_title (model, p ? on_title : NULL, p, p ? probe_notify : NULL);
      break;
    case SLOT_RELOAD:
      vct_table_model_set_did_reload_data (model, p ? on_reload : NULL, p, p ? probe_notify : NULL);
      break;
    default:
      vct_table_model_set_did_error (model, p ? on_error : NULL, p, p ? probe_notify : NULL);
      break;
    }
}

/* The action, from inside the callback of @running_slot (-1: get_photos). */
static void
perform (Scenario *sc, int running_slot)
{
  int slot = running_slot < 0 ? SLOT_TITLE : running_slot;

  sc->fired_during = sc->depth;
  switch (sc->action)
    {
    case ACTION_RELOAD:
      vct_table_model_reload_data (sc->model);
      break;
    case ACTION_SELECT:
    case ACTION_SELECT_STALE:
      {
        VctCellData *cell = sc->action == ACTION_SELECT ? sc->cell : sc->stale_cell;
        sc->selected_title = g_strdup (vct_cell_data_get_title (cell));
        vct_table_model_user_selected_cell (sc->model, cell);
        break;
      }
    case ACTION_SET_SAME:
      set_slot (sc->model, slot, &sc->replacements[slot]);
      /* Replaced from inside itself: its notify waits until it returns. */
      if (running_slot >= 0)
        g_assert_cmpint (sc->probes[slot].notified, ==, 0);
      break;
    case ACTION_CLEAR_SAME:
      set_slot (sc->model, slot, NULL);
      if (running_slot >= 0)
        g_assert_cmpint (sc->probes[slot].notified, ==, 0);
      break;
    case ACTION_SET_OTHER:
      {
        int other = (slot + 1) % N_SLOTS;
        set_slot (sc->model, other, &sc->replacements[other]);
        /* Not running: its notify ran now. */
        g_assert_cmpint (sc->probes[other].notified, ==, 1);
        break;
      }
    case ACTION_UNREF:
      g_clear_object (&sc->model);
      for (int i = 0; i < N_SLOTS; i++)
        if (i != running_slot)
          g_assert_cmpint (sc->probes[i].notified, ==, 1);
      if (running_slot >= 0)
        g_assert_cmpint (sc->probes[running_slot].notified, ==, 0);
      break;
    case ACTION_REF_UNREF:
      g_object_unref (g_object_ref (sc->model));
      break;
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------ the custom API */

static void
api_get_photos (VctApiRequest *request, gpointer data)
{
  Scenario *sc = data;

  if (g_thread_self () != sc->thread)
    sc->wrong_thread++;
  sc->n_requests++;
  g_queue_push_tail (&sc->requests, request);
  sc->depth++;
  sc->max_depth = MAX (sc->max_depth, sc->depth);
  if (should_fire (sc, TRIGGER_GET_PHOTOS))
    perform (sc, -1);
  sc->depth--;
}

static void
api_notify (gpointer data)
{
  ((Scenario *) data)->api_notified++;
}

/* Completes every pending request: an error for the first when fail_next is set,
 * otherwise 3 photos with ids 100 * n + 1.. (n: the request's number). */
static guint
complete_pending (Scenario *sc)
{
  guint n = 0;
  VctApiRequest *request;

  while ((request = g_queue_pop_head (&sc->requests)) != NULL)
    {
      if (sc->fail_next)
        {
          GError *error = g_error_new_literal (VCT_ERROR, VCT_ERROR_HTTP_STATUS, "The server answered HTTP 500.");
          sc->fail_next = FALSE;
          vct_api_request_return_error (request, error);
          g_error_free (error);
        }
      else
        {
          gint64 first = 100 * (gint64) (sc->n_requests - g_queue_get_length (&sc->requests)) + 1;
          char *json = vct_test_photos_json (first, 3);
          sc->last_success_first_id = first;
          vct_api_request_return_json (request, json, -1);
          g_free (json);
        }
      n++;
    }
  return n;
}

static gboolean
settled_cond (gpointer data)
{
  Scenario *sc = data;

  complete_pending (sc);
  if (sc->model != NULL && vct_table_model_is_loading (sc->model))
    return FALSE;
  return g_queue_is_empty (&sc->requests);
}

/* Runs the loop, completing requests, until the model is idle; then a quiet period in
 * which nothing more may arrive. */
static void
settle (Scenario *sc)
{
  gint before;

  run_until (NULL, settled_cond, sc, VCT_TEST_TIMEOUT_MS);
  before = sc->n_reloads + sc->n_errors;
  iterate_for (NULL, 30);
  complete_pending (sc);
  iterate_pending (NULL);
  if (sc->model != NULL && vct_table_model_is_loading (sc->model))
    settle (sc);
  else if (sc->model != NULL)
    g_assert_cmpint (sc->n_reloads + sc->n_errors, >=, before);
}

static void
run_case (gconstpointer data)
{
  Trigger trigger = GPOINTER_TO_INT (data) / N_ACTIONS;
  Action action = GPOINTER_TO_INT (data) % N_ACTIONS;
  Scenario *sc = g_new0 (Scenario, 1);
  gint done_before;

  sc->trigger = trigger;
  sc->action = action;
  sc->thread = g_thread_self ();
  g_queue_init (&sc->requests);
  for (int i = 0; i < N_SLOTS; i++)
    {
      sc->probes[i] = (Probe) { .sc = sc, .slot = i };
      sc->replacements[i] = (Probe) { .sc = sc, .slot = i };
    }

  sc->api = vct_api_new_custom (api_get_photos, sc, api_notify);
  sc->model = vct_table_model_new_with_manager (sc->api);
  for (int i = 0; i < N_SLOTS; i++)
    set_slot (sc->model, i, &sc->probes[i]);

  /* Two loads first: a stale cell (kept by a ref) and a current one. */
  vct_table_model_reload_data (sc->model);
  settle (sc);
  sc->stale_cell = g_object_ref (vct_table_model_get_item (sc->model, 0));
  vct_table_model_reload_data (sc->model);
  settle (sc);
  g_assert_cmpint (sc->n_reloads, ==, 2);
  sc->cell = g_object_ref (vct_table_model_get_item (sc->model, 1));
  g_assert_cmpint (vct_cell_data_get_id (sc->cell), !=, vct_cell_data_get_id (sc->stale_cell));

  /* The reload in which the trigger fires. */
  sc->armed = TRUE;
  sc->fail_next = trigger == TRIGGER_ERROR;
  done_before = sc->n_reloads + sc->n_errors;
  vct_table_model_reload_data (sc->model);
  settle (sc);
  g_assert_true (sc->fired);

  /* Nothing ran inline: never two callbacks on the stack (the action's own reports
   * came later), and everything on this thread. */
  g_assert_cmpint (sc->max_depth, ==, 1);
  g_assert_cmpint (sc->wrong_thread, ==, 0);

  switch (action)
    {
    case ACTION_RELOAD:
      /* The reload started from inside superseded the one in flight: the result
       * delivered last is the latest request's. */
      g_assert_nonnull (sc->model);
      g_assert_cmpint (sc->n_reloads + sc->n_errors, >, done_before);
      if (trigger != TRIGGER_RELOAD && trigger != TRIGGER_ERROR)
        g_assert_cmpint (sc->n_reloads + sc->n_errors, ==, done_before + 1);
      g_assert_cmpint (sc->last_reload_first_id, ==, sc->last_success_first_id);
      g_assert_cmpuint (vct_table_model_get_n_items (sc->model), ==, 3);
      g_assert_null (vct_table_model_get_last_error (sc->model));
      break;
    case ACTION_SELECT:
    case ACTION_SELECT_STALE:
      g_assert_cmpint (sc->selected_inline, ==, 0);
      g_assert_cmpint (sc->title_after_select, ==, 1);
      break;
    case ACTION_SET_SAME:
    case ACTION_CLEAR_SAME:
      {
        int slot = trigger == TRIGGER_GET_PHOTOS ? SLOT_TITLE : (int) trigger;
        Probe *old = &sc->probes[slot];
        g_assert_cmpint (old->notified, ==, 1);
        g_assert_cmpint (old->notified_while_running, ==, 0);
        /* One more load: the old callback is never called again. */
        sc->fail_next = slot == SLOT_ERROR;
        vct_table_model_reload_data (sc->model);
        settle (sc);
        g_assert_cmpint (old->calls_after_notify, ==, 0);
        if (action == ACTION_SET_SAME)
          g_assert_cmpint (sc->replacements[slot].calls, >=, 1);
        else
          g_assert_cmpint (sc->replacements[slot].calls, ==, 0);
        break;
      }
    case ACTION_SET_OTHER:
      {
        int slot = trigger == TRIGGER_GET_PHOTOS ? SLOT_TITLE : (int) trigger;
        int other = (slot + 1) % N_SLOTS;
        g_assert_cmpint (sc->probes[other].notified, ==, 1);
        sc->fail_next = other == SLOT_ERROR;
        vct_table_model_reload_data (sc->model);
        settle (sc);
        g_assert_cmpint (sc->probes[other].calls_after_notify, ==, 0);
        g_assert_cmpint (sc->replacements[other].calls, >=, 1);
        break;
      }
    case ACTION_UNREF:
      {
        gint calls = 0;
        g_assert_null (sc->model);
        for (int i = 0; i < N_SLOTS; i++)
          {
            g_assert_cmpint (sc->probes[i].notified, ==, 1);
            g_assert_cmpint (sc->probes[i].notified_while_running, ==, 0);
            calls += sc->probes[i].calls;
          }
        /* Nothing after the unref, even with the request completed now. */
        complete_pending (sc);
        iterate_for (NULL, 50);
        for (int i = 0; i < N_SLOTS; i++)
          {
            calls -= sc->probes[i].calls;
            g_assert_cmpint (sc->probes[i].calls_after_notify, ==, 0);
          }
        g_assert_cmpint (calls, ==, 0);
        break;
      }
    case ACTION_REF_UNREF:
      g_assert_nonnull (sc->model);
      g_assert_cmpint (sc->n_reloads + sc->n_errors, ==, done_before + 1);
      for (int i = 0; i < N_SLOTS; i++)
        g_assert_cmpint (sc->probes[i].notified, ==, 0);
      break;
    default:
      g_assert_not_reached ();
    }

  /* The end: every notify exactly once, the API's last. */
  if (sc->model != NULL)
    {
      g_clear_object (&sc->model);
      complete_pending (sc);
    }
  g_object_unref (sc->cell);
  g_object_unref (sc->stale_cell);
  g_assert_cmpint (sc->api_notified, ==, 0);
  g_object_unref (sc->api);
  run_until (NULL, cond_flag, &sc->api_notified, VCT_TEST_TIMEOUT_MS);
  iterate_for (NULL, 10);
  g_assert_cmpint (sc->api_notified, ==, 1);
  for (int i = 0; i < N_SLOTS; i++)
    {
      g_assert_cmpint (sc->probes[i].notified, ==, 1);
      g_assert_cmpint (sc->probes[i].calls_after_notify, ==, 0);
      g_assert_cmpint (sc->replacements[i].notified, ==, sc->replacements[i].installed ? 1 : 0);
      g_assert_cmpint (sc->replacements[i].calls_after_notify, ==, 0);
    }
  g_assert_true (g_queue_is_empty (&sc->requests));
  g_free (sc->selected_title);
  g_free (sc);
}

/* ------------------------------------------------------------------ the list */

/* The list's `items-changed`, connected on the model's context thread (this one). A
 * handler may call the API too: reload, disconnect itself (connecting another), drop the
 * last reference to the model. What a view needs then: no run is emitted inside another
 * (the handler's own reload is reported later), every run it receives applies to its copy,
 * and the list reads as the runs it received have left it. */
typedef struct
{
  VctTableModel *model;       /* NULL once the handler dropped it */
  VctListModel  *list;        /* borrowed, or a reference of the "view" (view_holds_list) */
  GArray        *copy;        /* gint64: the ids, kept from items-changed alone */
  GString       *runs;        /* "(p,r,a)" each */
  gint           changes;
  gint           reloads;
  gint           depth;
  gint           max_depth;
  gint           wrong_thread;
  GThread       *thread;
  gint           handlers_freed;  /* each handler's GClosureNotify */
  gulong         handler;
  gboolean       replace_in_first_run; /* reload and replace the handler in the first run */
  gint           drop_model_at;   /* drop the model's last reference in this run (1-based; 0: never) */
  gint           finalized;       /* weak notifies: the model's and the list's */
  Counter        reload_callback; /* did-reload-data's legacy callback and its notify */
} ListReentry;

static gint64
list_row_id (GListModel *list, guint position)
{
  VctRow *row = g_list_model_get_item (list, position);
  gint64 id = -1;

  g_assert_nonnull (row);
  g_object_get (row, "id", &id, NULL);
  g_object_unref (row);
  return id;
}

/* The run applies to the copy; the added rows are read now (the list already reads as
 * this run left it). */
static void
list_apply_run (ListReentry *r, GListModel *list, guint position, guint removed, guint added)
{
  g_assert_cmpuint (position + removed, <=, r->copy->len);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, r->copy->len - removed + added);
  g_array_remove_range (r->copy, position, removed);
  for (guint i = 0; i < added; i++)
    {
      gint64 id = list_row_id (list, position + i);
      g_array_insert_val (r->copy, position + i, id);
    }
  g_string_append_printf (r->runs, "(%u,%u,%u)", position, removed, added);
}

/* The copy is what the list reads now. */
static void
list_assert_copy (ListReentry *r, GListModel *list)
{
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, r->copy->len);
  for (guint i = 0; i < r->copy->len; i++)
    g_assert_cmpint (list_row_id (list, i), ==, g_array_index (r->copy, gint64, i));
}

static void list_changed (GListModel *list, guint position, guint removed, guint added, gpointer data);

static void
list_handler_freed (gpointer data, G_GNUC_UNUSED GClosure *closure)
{
  ((ListReentry *) data)->handlers_freed++;
}

static void
list_connect (ListReentry *r)
{
  r->handler = g_signal_connect_data (r->list, "items-changed", G_CALLBACK (list_changed), r, list_handler_freed, 0);
}

static void
list_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  ListReentry *r = data;

  if (g_thread_self () != r->thread)
    r->wrong_thread++;
  r->depth++;
  r->max_depth = MAX (r->max_depth, r->depth);
  list_apply_run (r, list, position, removed, added);
  r->changes++;
  if (r->changes == 1 && r->replace_in_first_run)
    {
      /* From inside the first run: reload, and replace this very handler. */
      vct_table_model_reload_data (r->model);
      g_signal_handler_disconnect (list, r->handler);
      list_connect (r);
      /* Disconnected during its emission: freed once the emission is over. */
      g_assert_cmpint (r->handlers_freed, ==, 0);
    }
  if (r->changes == r->drop_model_at)
    {
      /* The last reference, from inside a run: every legacy notify runs now; the list
       * is still the one this handler was given. */
      g_clear_object (&r->model);
      g_assert_cmpint (g_atomic_int_get (&r->reload_callback.notified), ==, 1);
      g_assert_cmpuint (g_list_model_get_n_items (list), ==, r->copy->len);
    }
  r->depth--;
}

static void
list_reload (VctCellData *const *items, gsize n, gpointer data)
{
  ListReentry *r = data;

  counter_reload_func (items, n, &r->reload_callback);
  r->reloads++;
}

static void
list_reload_notify (gpointer data)
{
  counter_notify (&((ListReentry *) data)->reload_callback);
}

static void
list_finalized (gpointer data, G_GNUC_UNUSED GObject *where_the_object_was)
{
  ((ListReentry *) data)->finalized++;
}

static void
list_reentry_init (ListReentry *r, VctApi *api)
{
  memset (r, 0, sizeof *r);
  r->thread = g_thread_self ();
  r->copy = g_array_new (FALSE, FALSE, sizeof (gint64));
  r->runs = g_string_new (NULL);
  r->model = vct_table_model_new_with_manager (api);
  r->list = vct_table_model_get_list (r->model);
  vct_table_model_set_did_reload_data (r->model, list_reload, r, list_reload_notify);
  g_object_weak_ref (G_OBJECT (r->model), list_finalized, r);
  g_object_weak_ref (G_OBJECT (r->list), list_finalized, r);
  list_connect (r);
}

static void
list_reentry_clear (ListReentry *r)
{
  g_assert_cmpint (r->wrong_thread, ==, 0);
  g_assert_cmpint (r->reload_callback.calls_after_notify, ==, 0);
  g_array_unref (r->copy);
  g_string_free (r->runs, TRUE);
}

/* A handler reloads from inside the first load's run and replaces itself: the second load
 * comes later, to the new handler; the old one is freed once. */
static void
test_list_items_changed (void)
{
  ListReentry r;
  char *json = vct_test_photos_json (1, 5);
  char *path = NULL;
  char *uri = vct_test_write_temp (json, -1, &path);
  VctApi *api = vct_api_new_for_uri (uri);

  list_reentry_init (&r, api);
  r.replace_in_first_run = TRUE;
  g_object_unref (api);
  vct_table_model_reload_data (r.model);
  wait_int_at_least (NULL, &r.reloads, 2);
  run_until (NULL, cond_not_loading, r.model, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpint (r.max_depth, ==, 1);
  g_assert_cmpint (r.reloads, ==, 2);
  /* The first load's one run; the second load (the same document) changes nothing. */
  g_assert_cmpstr (r.runs->str, ==, "(0,0,5)");
  g_assert_cmpint (r.handlers_freed, ==, 1);
  g_assert_cmpuint (vct_table_model_get_n_items (r.model), ==, 5);
  list_assert_copy (&r, G_LIST_MODEL (r.list));

  /* The replacement receives the next change. */
  {
    char *more = vct_test_photos_json (1, 7);

    g_assert_true (g_file_set_contents (path, more, -1, NULL));
    g_free (more);
  }
  vct_table_model_reload_data (r.model);
  wait_int_at_least (NULL, &r.reloads, 3);
  settle_loop (NULL);
  g_assert_cmpstr (r.runs->str, ==, "(0,0,5)(5,0,2)");
  list_assert_copy (&r, G_LIST_MODEL (r.list));
  g_assert_cmpint (r.max_depth, ==, 1);

  /* The model's last unref finalizes the list: the replacement is freed with it. */
  g_clear_object (&r.model);
  g_assert_cmpint (r.finalized, ==, 2);
  g_assert_cmpint (r.handlers_freed, ==, 2);
  g_assert_cmpint (g_atomic_int_get (&r.reload_callback.notified), ==, 1);
  list_reentry_clear (&r);
  g_free (path);
  g_free (uri);
  g_free (json);
}

/* A handler drops the model's last reference inside the first run of a reload that has
 * several: the model is finalized at once, its did-reload-data is never delivered, and
 * whatever runs the list still emits, a view's copy kept from them is what the list reads
 * (held by the view, it keeps answering; not held, it goes once the emission is over). */
static void
list_drop_model_in_run (gboolean view_holds_list)
{
  ListReentry r;
  FakeApi fake;
  VctApi *api;
  /* 1..8, then every other one gone and four new at the end: several runs. */
  static const gint64 second[] = { 2, 4, 6, 8, 20, 21, 22, 23 };
  GString *doc = g_string_new ("[");
  char *first_json = vct_test_photos_json (1, 8);
  char *second_json;
  gint reloads;

  for (guint i = 0; i < G_N_ELEMENTS (second); i++)
    {
      char *one = vct_test_photos_json (second[i], 1);
      g_string_append_printf (doc, "%s%.*s", i == 0 ? "" : ", ", (int) strlen (one) - 2, one + 1);
      g_free (one);
    }
  g_string_append (doc, "]");
  second_json = g_string_free (doc, FALSE);

  fake_api_init (&fake);
  api = fake_api_new (&fake);
  list_reentry_init (&r, api);
  if (view_holds_list)
    g_object_ref (r.list);

  vct_table_model_reload_data (r.model);
  vct_api_request_return_json (fake_api_wait_request (&fake, NULL), first_json, -1);
  wait_int_at_least (NULL, &r.reloads, 1);
  settle_loop (NULL);
  g_assert_cmpstr (r.runs->str, ==, "(0,0,8)");
  g_string_truncate (r.runs, 0);

  /* The second reload: the handler drops the model in the first of its runs. */
  r.drop_model_at = r.changes + 1;
  reloads = r.reloads;
  vct_table_model_reload_data (r.model);
  vct_api_request_return_json (fake_api_wait_request (&fake, NULL), second_json, -1);
  run_until (NULL, cond_flag, &r.finalized, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_test_message ("runs after the reload: %s", r.runs->str);
  g_assert_null (r.model);
  g_assert_cmpint (r.max_depth, ==, 1);
  g_assert_cmpint (r.reloads, ==, reloads);
  g_assert_cmpint (r.reload_callback.calls_after_notify, ==, 0);
  if (view_holds_list)
    {
      /* The model is gone, the list is not: it reads as the runs it emitted left it. */
      g_assert_cmpint (r.finalized, ==, 1);
      list_assert_copy (&r, G_LIST_MODEL (r.list));
      g_signal_handler_disconnect (r.list, r.handler);
      g_assert_cmpint (r.handlers_freed, ==, 1);
      g_object_unref (r.list);
    }
  g_assert_cmpint (r.finalized, ==, 2);
  g_assert_cmpint (r.handlers_freed, ==, 1);

  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
  list_reentry_clear (&r);
  g_free (first_json);
  g_free (second_json);
}

static void
test_list_drop_model (void)
{
  list_drop_model_in_run (FALSE);
}

static void
test_list_drop_model_view_holds_list (void)
{
  list_drop_model_in_run (TRUE);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  for (int t = 0; t < N_TRIGGERS; t++)
    for (int a = 0; a < N_ACTIONS; a++)
      {
        char *path = g_strdup_printf ("/reentrancy/%s/%s", trigger_names[t], action_names[a]);
        g_test_add_data_func (path, GINT_TO_POINTER (t * N_ACTIONS + a), run_case);
        g_free (path);
      }
  g_test_add_func ("/reentrancy/list/items-changed", test_list_items_changed);
  g_test_add_func ("/reentrancy/list/drop-model/list-dropped", test_list_drop_model);
  g_test_add_func ("/reentrancy/list/drop-model/list-held", test_list_drop_model_view_holds_list);
  return vct_test_run ();
}
