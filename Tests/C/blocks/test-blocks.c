/* test-blocks.c: the *_block setters (clang -fblocks, -lBlocksRuntime).
 *
 * Each block gets the right arguments; a __block counter captured by a block counts
 * across calls; a block is copied by the setter and released exactly once when it is
 * replaced, cleared or the model finalized; a NULL block clears.
 *
 * Watching a release: a GObject pointer typed with __attribute__((NSObject)) is an
 * "object" capture for the Blocks ABI, so _Block_copy retains it and the copy's
 * disposal releases it through the runtime's retain/release hooks, which this program
 * installs with _Block_use_RR2 as g_object_ref/g_object_unref (counted). The object's
 * weak-ref notify then proves when, and that, the copied block was released.
 */
#include "../common/vct-test.h"

#ifndef __BLOCKS__
#error "build with clang -fblocks"
#endif

#define TITLE "MVVM Table View Example"
#define ERROR_PREFIX "An Error Occurred\n\n"

/* An object capture: retained by _Block_copy, released when the copy is released. */
typedef GObject *ObjectRef __attribute__ ((NSObject));

/* The Blocks runtime's hooks for object captures (BlocksRuntime's Block_private.h). */
struct Block_callbacks_RR
{
  size_t size;
  void (*retain) (const void *);
  void (*release) (const void *);
  void (*destructInstance) (const void *);
};
void _Block_use_RR2 (const struct Block_callbacks_RR *callbacks);

static gint n_retains;
static gint n_releases;

static void
hook_retain (const void *object)
{
  g_atomic_int_inc (&n_retains);
  g_object_ref ((gpointer) object);
}

static void
hook_release (const void *object)
{
  g_atomic_int_inc (&n_releases);
  g_object_unref ((gpointer) object);
}

static void
hook_destruct (const void *object)
{
  (void) object;
}

/* A tracked object: finalized counts how often its weak notify ran. */
typedef struct
{
  GObject *object;
  gint     finalized;
} Tracked;

static void
tracked_weak_notify (gpointer data, GObject *where_the_object_was)
{
  (void) where_the_object_was;
  g_atomic_int_inc (&((Tracked *) data)->finalized);
}

static ObjectRef
tracked_new (Tracked *t)
{
  t->finalized = 0;
  t->object = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_weak_ref (t->object, tracked_weak_notify, t);
  return (ObjectRef) t->object;
}

typedef struct
{
  FakeApi        fake;
  VctApi        *api;
  VctTableModel *model;
} Fixture;

static void
fixture_setup (Fixture *fx)
{
  fake_api_init (&fx->fake);
  fx->api = fake_api_new (&fx->fake);
  fx->model = vct_table_model_new_with_manager (fx->api);
}

static void
fixture_teardown (Fixture *fx)
{
  g_clear_object (&fx->model);
  g_clear_object (&fx->api);
  run_until (NULL, fake_api_was_notified, &fx->fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fx->fake);
}

static void
reload_json (Fixture *fx, const char *json)
{
  VctApiRequest *request;

  vct_table_model_reload_data (fx->model);
  request = fake_api_wait_request (&fx->fake, NULL);
  vct_api_request_return_json (request, json, -1);
  run_until (NULL, cond_not_loading, fx->model, VCT_TEST_TIMEOUT_MS);
  iterate_pending (NULL);
}

static void
reload_error (Fixture *fx, const char *message)
{
  VctApiRequest *request;
  GError *error = g_error_new_literal (VCT_ERROR, VCT_ERROR_HTTP_STATUS, message);

  vct_table_model_reload_data (fx->model);
  request = fake_api_wait_request (&fx->fake, NULL);
  vct_api_request_return_error (request, error);
  g_error_free (error);
  run_until (NULL, cond_not_loading, fx->model, VCT_TEST_TIMEOUT_MS);
  iterate_pending (NULL);
}

/* ------------------------------------------------------------------ */

static void
test_arguments (void)
{
  Fixture fx;
  char *json = vct_test_photos_json (61, 4);
  __block int titles = 0, reloads = 0, errors = 0, wrong_thread = 0;
  __block char *last_title = NULL, *last_error = NULL;
  __block gsize last_n = 0;
  __block gint64 first_id = 0, last_id = 0;
  GThread *self = g_thread_self ();

  fixture_setup (&fx);
  vct_table_model_set_did_update_navigation_title_block (fx.model, ^(const char *title) {
    titles++;
    wrong_thread += g_thread_self () != self;
    g_free (last_title);
    last_title = g_strdup (title);
  });
  vct_table_model_set_did_reload_data_block (fx.model, ^(VctCellData *const *items, gsize n_items) {
    reloads++;
    wrong_thread += g_thread_self () != self;
    last_n = n_items;
    first_id = n_items > 0 ? vct_cell_data_get_id (items[0]) : -1;
    last_id = n_items > 0 ? vct_cell_data_get_id (items[n_items - 1]) : -1;
  });
  vct_table_model_set_did_error_block (fx.model, ^(const char *message) {
    errors++;
    wrong_thread += g_thread_self () != self;
    g_free (last_error);
    last_error = g_strdup (message);
  });

  /* Not called inline. */
  vct_table_model_reload_data (fx.model);
  g_assert_cmpint (titles, ==, 0);
  {
    VctApiRequest *request = fake_api_wait_request (&fx.fake, NULL);
    vct_api_request_return_json (request, json, -1);
  }
  run_until (NULL, cond_not_loading, fx.model, VCT_TEST_TIMEOUT_MS);
  iterate_pending (NULL);
  g_assert_cmpint (titles, ==, 1);
  g_assert_cmpstr (last_title, ==, TITLE);
  g_assert_cmpint (reloads, ==, 1);
  g_assert_cmpuint (last_n, ==, 4);
  g_assert_cmpint (first_id, ==, 61);
  g_assert_cmpint (last_id, ==, 64);

  reload_error (&fx, "HTTP 502 from upstream");
  g_assert_cmpint (errors, ==, 1);
  g_assert_cmpstr (last_error, ==, ERROR_PREFIX "HTTP 502 from upstream");
  g_assert_cmpint (titles, ==, 2);
  g_assert_cmpint (reloads, ==, 1);

  vct_table_model_user_selected_cell (fx.model, vct_table_model_get_item (fx.model, 2));
  wait_int_at_least (NULL, &titles, 3);
  g_assert_cmpstr (last_title, ==, "photo 63");
  g_assert_cmpint (wrong_thread, ==, 0);

  fixture_teardown (&fx);
  g_free (last_title);
  g_free (last_error);
  g_free (json);
}

static void
test_block_counter (void)
{
  Fixture fx;
  __block int count = 0;
  __block gsize total_items = 0;

  fixture_setup (&fx);
  vct_table_model_set_did_reload_data_block (fx.model, ^(VctCellData *const *items, gsize n_items) {
    (void) items;
    count++;
    total_items += n_items;
  });
  reload_json (&fx, "[]");
  reload_json (&fx, "[{\"albumId\": 1, \"id\": 1, \"title\": \"t\", \"url\": \"u\", \"thumbnailUrl\": \"v\"}]");
  reload_json (&fx, "[]");
  g_assert_cmpint (count, ==, 3);
  g_assert_cmpuint (total_items, ==, 1);
  fixture_teardown (&fx);
  g_assert_cmpint (count, ==, 3);
}

/* Replaced, cleared, finalized: the copy is released exactly once each time. */
static void
test_release_once (void)
{
  Fixture fx;
  Tracked a, b, c, d, e, f;
  __block int a_calls = 0, b_calls = 0;

  fixture_setup (&fx);
  n_retains = n_releases = 0;

  {
    ObjectRef obj = tracked_new (&a);
    vct_table_model_set_did_update_navigation_title_block (fx.model, ^(const char *title) {
      (void) title;
      (void) obj;
      a_calls++;
    });
    g_assert_cmpint (n_retains, ==, 1);     /* the setter copied the block */
    g_object_unref (obj);                   /* the copy keeps it alive */
    g_assert_cmpint (a.finalized, ==, 0);
  }
  reload_json (&fx, "[]");
  g_assert_cmpint (a_calls, ==, 1);

  {
    ObjectRef obj = tracked_new (&b);
    vct_table_model_set_did_update_navigation_title_block (fx.model, ^(const char *title) {
      (void) title;
      (void) obj;
      b_calls++;
    });
    g_object_unref (obj);
  }
  /* Replaced: the old copy was released, once, inside the setter. */
  g_assert_cmpint (a.finalized, ==, 1);
  g_assert_cmpint (b.finalized, ==, 0);
  g_assert_cmpint (n_releases, ==, 1);
  reload_json (&fx, "[]");
  g_assert_cmpint (a_calls, ==, 1);
  g_assert_cmpint (b_calls, ==, 1);

  /* Cleared with a NULL block. */
  vct_table_model_set_did_update_navigation_title_block (fx.model, NULL);
  g_assert_cmpint (b.finalized, ==, 1);
  g_assert_cmpint (n_releases, ==, 2);
  reload_json (&fx, "[]");
  g_assert_cmpint (b_calls, ==, 1);

  /* One per slot, released when the model is finalized. */
  {
    ObjectRef oc = tracked_new (&c), od = tracked_new (&d), oe = tracked_new (&e);
    vct_table_model_set_did_update_navigation_title_block (fx.model, ^(const char *t) { (void) t; (void) oc; });
    vct_table_model_set_did_reload_data_block (fx.model, ^(VctCellData *const *i, gsize n) { (void) i; (void) n; (void) od; });
    vct_table_model_set_did_error_block (fx.model, ^(const char *m) { (void) m; (void) oe; });
    g_object_unref (oc);
    g_object_unref (od);
    g_object_unref (oe);
  }
  /* A block replaced by a plain callback is released too. */
  {
    ObjectRef of = tracked_new (&f);
    Counter counter = { 0 };
    vct_table_model_set_did_error_block (fx.model, ^(const char *m) { (void) m; (void) of; });
    g_assert_cmpint (e.finalized, ==, 1);
    g_object_unref (of);
    vct_table_model_set_did_error (fx.model, counter_text_func, &counter, counter_notify);
    g_assert_cmpint (f.finalized, ==, 1);
    reload_error (&fx, "boom");
    g_assert_cmpint (counter.calls, ==, 1);
    vct_table_model_set_did_error (fx.model, NULL, NULL, NULL);
    g_assert_cmpint (counter.notified, ==, 1);
    g_free (counter.last_text);
  }
  reload_json (&fx, "[]");
  g_assert_cmpint (c.finalized, ==, 0);
  g_assert_cmpint (d.finalized, ==, 0);
  g_clear_object (&fx.model);
  g_assert_cmpint (c.finalized, ==, 1);
  g_assert_cmpint (d.finalized, ==, 1);

  iterate_for (NULL, 30);
  g_assert_cmpint (a.finalized, ==, 1);
  g_assert_cmpint (b.finalized, ==, 1);
  g_assert_cmpint (c.finalized, ==, 1);
  g_assert_cmpint (d.finalized, ==, 1);
  g_assert_cmpint (e.finalized, ==, 1);
  g_assert_cmpint (f.finalized, ==, 1);
  g_assert_cmpint (n_retains, ==, 6);
  g_assert_cmpint (n_releases, ==, 6);
  fixture_teardown (&fx);
}

/* A block that replaces itself from inside: released as it returns, not before. */
static void
test_replace_from_inside (void)
{
  Fixture fx;
  Tracked a;
  __block int calls = 0, finalized_inside = -1, next_calls = 0;
  VctTableModel *model;

  fixture_setup (&fx);
  model = fx.model;
  {
    ObjectRef obj = tracked_new (&a);
    Tracked *tracked = &a;
    vct_table_model_set_did_update_navigation_title_block (model, ^(const char *title) {
      (void) title;
      (void) obj;
      calls++;
      vct_table_model_set_did_update_navigation_title_block (model, ^(const char *t) {
        (void) t;
        next_calls++;
      });
      finalized_inside = tracked->finalized;
    });
    g_object_unref (obj);
  }
  reload_json (&fx, "[]");
  g_assert_cmpint (calls, ==, 1);
  g_assert_cmpint (finalized_inside, ==, 0);
  g_assert_cmpint (a.finalized, ==, 1);
  reload_json (&fx, "[]");
  g_assert_cmpint (calls, ==, 1);
  g_assert_cmpint (next_calls, ==, 1);
  fixture_teardown (&fx);
}

static void
test_null_block_clears (void)
{
  Fixture fx;
  __block int titles = 0, reloads = 0, errors = 0;

  fixture_setup (&fx);
  vct_table_model_set_did_update_navigation_title_block (fx.model, ^(const char *t) { (void) t; titles++; });
  vct_table_model_set_did_reload_data_block (fx.model, ^(VctCellData *const *i, gsize n) { (void) i; (void) n; reloads++; });
  vct_table_model_set_did_error_block (fx.model, ^(const char *m) { (void) m; errors++; });
  vct_table_model_set_did_update_navigation_title_block (fx.model, NULL);
  vct_table_model_set_did_reload_data_block (fx.model, NULL);
  vct_table_model_set_did_error_block (fx.model, NULL);
  reload_json (&fx, "[]");
  reload_error (&fx, "x");
  g_assert_cmpint (titles + reloads + errors, ==, 0);

  /* Clearing an empty slot with NULL is harmless. */
  vct_table_model_set_did_error_block (fx.model, NULL);
  fixture_teardown (&fx);
}

static void
test_null_model (void)
{
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL,
                         "*vct_table_model_set_did_reload_data_block*assertion*failed*");
  vct_table_model_set_did_reload_data_block (NULL, ^(VctCellData *const *i, gsize n) { (void) i; (void) n; });
  g_test_assert_expected_messages ();

  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL,
                         "*vct_table_model_set_did_error_block*assertion*failed*");
  vct_table_model_set_did_error_block (NULL, ^(const char *m) { (void) m; });
  g_test_assert_expected_messages ();

  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL,
                         "*vct_table_model_set_did_update_navigation_title_block*assertion*failed*");
  vct_table_model_set_did_update_navigation_title_block (NULL, ^(const char *t) { (void) t; });
  g_test_assert_expected_messages ();
}

int
main (int argc, char **argv)
{
  static const struct Block_callbacks_RR hooks = {
    sizeof (struct Block_callbacks_RR), hook_retain, hook_release, hook_destruct
  };

  _Block_use_RR2 (&hooks);
  vct_test_init (&argc, &argv);
  g_test_add_func ("/blocks/arguments", test_arguments);
  g_test_add_func ("/blocks/block-counter", test_block_counter);
  g_test_add_func ("/blocks/release-once", test_release_once);
  g_test_add_func ("/blocks/replace-from-inside", test_replace_from_inside);
  g_test_add_func ("/blocks/null-block-clears", test_null_block_clears);
  g_test_add_func ("/blocks/null-model", test_null_model);
  return vct_test_run ();
}
