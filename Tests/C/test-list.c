/* test-list.c: GTest program for the list toolkit's C API (VctListModel, VctRow,
 * VctBinding) as the photo table exposes it (vct_table_model_get_list).
 *
 * Self-contained: every helper is static and prefixed tl_. The loop is driven to a
 * condition with a timeout guard (tl_run_until); nothing sleeps to synchronise.
 *
 * Build:
 *   cc -std=c11 -Wall -Wextra -Werror test-list.c -I<vctable.h dir> \
 *      $(pkg-config --cflags --libs gio-2.0) -L<lib dir> -Wl,-rpath,<lib dir> -lVCTable
 *
 * Environment:
 *   VCT_TEST_UNDER_VALGRIND=1  fewer rounds, longer timeouts
 *   VCT_TEST_SEED=<n>          the seed of the random reload rounds (printed with -v / TAP)
 */

#include <vctable.h>
#include <string.h>

#define TL_TIMEOUT_MS 15000
#define TL_TITLE "MVVM Table View Example"
#define TL_ID_POOL 40

/* ------------------------------------------------------------------ helpers */

static gboolean
tl_under_valgrind (void)
{
  return g_strcmp0 (g_getenv ("VCT_TEST_UNDER_VALGRIND"), "1") == 0;
}

static guint
tl_seed (guint fallback)
{
  const char *text = g_getenv ("VCT_TEST_SEED");
  return text != NULL && *text != '\0' ? (guint) g_ascii_strtoull (text, NULL, 10) : fallback;
}

typedef gboolean (*TlCond) (gpointer data);

static gboolean
tl_set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates @context (blocking) until @cond (@data) holds; fails the test naming @what
 * when the timeout (x10 under valgrind) passes first. */
static void
tl_run_until_impl (GMainContext *context, TlCond cond, gpointer data,
                   const char *what, const char *file, int line, const char *func)
{
  gboolean expired = FALSE;
  guint timeout = TL_TIMEOUT_MS * (tl_under_valgrind () ? 10 : 1);
  GSource *source = g_timeout_source_new (timeout);

  g_source_set_callback (source, tl_set_flag, &expired, NULL);
  g_source_attach (source, context);
  while (!cond (data) && !expired)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (source);
  g_source_unref (source);
  if (!cond (data))
    {
      char *message = g_strdup_printf ("timed out after %u ms waiting for %s", timeout, what);
      g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
      g_free (message);
    }
}

#define tl_run_until(context, cond, data) \
  tl_run_until_impl ((context), (cond), (data), #cond, __FILE__, __LINE__, G_STRFUNC)

/* Runs what is ready now (the scheduler's idle source included) without blocking. */
static void
tl_iterate_pending (GMainContext *context)
{
  while (g_main_context_iteration (context, FALSE))
    ;
}

/* Counts calls and notifies of a callback. */
typedef struct
{
  gint calls;
  gint notified;
  gint calls_after_notify;
} TlCount;

static void
tl_count_notify (gpointer data)
{
  TlCount *count = data;
  count->notified++;
}

/* ----------------------------------------------------------------- fixture */

/* One photo of a generated document. */
typedef struct
{
  gint64 id;
  char  *title;
} TlPhoto;

static void
tl_photo_free (gpointer data)
{
  TlPhoto *photo = data;
  g_free (photo->title);
  g_free (photo);
}

typedef struct
{
  GMainContext  *context;
  char          *json;          /* what the custom API returns next */
  GPtrArray     *expected;      /* TlPhoto *: the photos of json */
  gint           n_requests;
  gint           api_notified;  /* atomic: the API's notify ran (on any thread) */
  VctApi        *api;
  VctTableModel *model;
  VctListModel  *list;          /* borrowed from model */
  gint           n_reloads;
  gint           n_errors;
  gsize          last_n_items;
  GPtrArray     *titles;        /* navigation titles, char * */
  TlCount        reload_count;
  TlCount        title_count;
} TlFixture;

static void
tl_get_photos (VctApiRequest *request, gpointer user_data)
{
  TlFixture *fx = user_data;
  fx->n_requests++;
  vct_api_request_return_json (request, fx->json, -1);
}

/* The API's notify: it runs once the API, the model and every fetch let go of it, on
 * whichever thread was last; it wakes the context so tl_run_until sees it. */
static void
tl_api_notify (gpointer user_data)
{
  TlFixture *fx = user_data;
  g_atomic_int_inc (&fx->api_notified);
  g_main_context_wakeup (fx->context);
}

static gboolean
tl_cond_api_notified (gpointer data)
{
  TlFixture *fx = data;
  return g_atomic_int_get (&fx->api_notified) > 0;
}

static void
tl_on_reload (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  TlFixture *fx = user_data;
  g_assert_cmpint (fx->reload_count.notified, ==, 0);
  fx->reload_count.calls++;
  /* The items are the document's photos. */
  g_assert_cmpuint (n_items, ==, fx->expected->len);
  for (gsize i = 0; i < n_items; i++)
    {
      TlPhoto *photo = g_ptr_array_index (fx->expected, i);
      g_assert_cmpint (vct_cell_data_get_id (items[i]), ==, photo->id);
      g_assert_cmpstr (vct_cell_data_get_title (items[i]), ==, photo->title);
    }
  fx->last_n_items = n_items;
  fx->n_reloads++;
}

static void
tl_on_title (const char *title, gpointer user_data)
{
  TlFixture *fx = user_data;
  g_assert_cmpint (fx->title_count.notified, ==, 0);
  fx->title_count.calls++;
  g_ptr_array_add (fx->titles, g_strdup (title));
}

static void
tl_on_error (const char *message, gpointer user_data)
{
  TlFixture *fx = user_data;
  fx->n_errors++;
  g_test_message ("unexpected didError: %s", message);
}

/* Sets the document the next reload returns. */
static void
tl_fixture_set_photos (TlFixture *fx, GPtrArray *photos)
{
  GString *json = g_string_new ("[");

  g_ptr_array_set_size (fx->expected, 0);
  for (guint i = 0; i < photos->len; i++)
    {
      TlPhoto *photo = g_ptr_array_index (photos, i);
      TlPhoto *copy = g_new0 (TlPhoto, 1);
      char *escaped = g_strescape (photo->title, NULL);

      copy->id = photo->id;
      copy->title = g_strdup (photo->title);
      g_ptr_array_add (fx->expected, copy);
      g_string_append_printf (json,
                              "%s{\"albumId\":%" G_GINT64_FORMAT ",\"id\":%" G_GINT64_FORMAT
                              ",\"title\":\"%s\",\"url\":\"https://example.com/%" G_GINT64_FORMAT
                              ".png\",\"thumbnailUrl\":\"https://example.com/t/%" G_GINT64_FORMAT ".png\"}",
                              i == 0 ? "" : ",", photo->id / 10 + 1, photo->id, escaped, photo->id, photo->id);
      g_free (escaped);
    }
  g_string_append (json, "]");
  g_free (fx->json);
  fx->json = g_string_free (json, FALSE);
}

/* A document of @n photos with ids @ids and titles "photo <id>" (or @titles[i] when given). */
static GPtrArray *
tl_photos_new (const gint64 *ids, guint n, const char *const *titles)
{
  GPtrArray *photos = g_ptr_array_new_with_free_func (tl_photo_free);
  for (guint i = 0; i < n; i++)
    {
      TlPhoto *photo = g_new0 (TlPhoto, 1);
      photo->id = ids[i];
      photo->title = titles != NULL && titles[i] != NULL ? g_strdup (titles[i])
                                                         : g_strdup_printf ("photo %" G_GINT64_FORMAT, ids[i]);
      g_ptr_array_add (photos, photo);
    }
  return photos;
}

static void
tl_fixture_set_ids (TlFixture *fx, const gint64 *ids, guint n, const char *const *titles)
{
  GPtrArray *photos = tl_photos_new (ids, n, titles);
  tl_fixture_set_photos (fx, photos);
  g_ptr_array_unref (photos);
}

typedef struct
{
  TlFixture *fx;
  gint       target;
} TlWait;

static gboolean
tl_cond_titles (gpointer data)
{
  TlWait *wait = data;
  return (gint) wait->fx->titles->len >= wait->target;
}

/* Runs the loop until @n navigation titles were reported (TlWait.target: a count). */
static void
tl_fixture_wait_titles (TlFixture *fx, gint n)
{
  TlWait wait = { fx, n };
  tl_run_until (fx->context, tl_cond_titles, &wait);
}

static gboolean
tl_cond_reloaded (gpointer data)
{
  TlWait *wait = data;
  return wait->fx->n_reloads + wait->fx->n_errors >= wait->target;
}

/* Reloads and runs the loop until that reload is reported. */
static void
tl_fixture_reload (TlFixture *fx)
{
  TlWait wait = { fx, fx->n_reloads + fx->n_errors + 1 };
  gint requests = fx->n_requests;
  vct_table_model_reload_data (fx->model);
  tl_run_until (fx->context, tl_cond_reloaded, &wait);
  g_assert_cmpint (fx->n_errors, ==, 0);
  g_assert_cmpint (fx->n_requests, ==, requests + 1);
  tl_iterate_pending (fx->context);
}

static void
tl_fixture_reload_notify (gpointer user_data)
{
  TlFixture *fx = user_data;
  fx->reload_count.notified++;
}

static void
tl_fixture_title_notify (gpointer user_data)
{
  TlFixture *fx = user_data;
  fx->title_count.notified++;
}

static void
tl_fixture_setup (TlFixture *fx, gconstpointer data)
{
  (void) data;
  memset (fx, 0, sizeof *fx);
  fx->context = g_main_context_new ();
  g_main_context_push_thread_default (fx->context);
  fx->expected = g_ptr_array_new_with_free_func (tl_photo_free);
  fx->titles = g_ptr_array_new_with_free_func (g_free);
  fx->json = g_strdup ("[]");
  fx->api = vct_api_new_custom (tl_get_photos, fx, tl_api_notify);
  fx->model = vct_table_model_new_with_manager (fx->api);
  g_assert_nonnull (fx->model);
  fx->list = vct_table_model_get_list (fx->model);
  g_assert_nonnull (fx->list);
  vct_table_model_set_did_reload_data (fx->model, tl_on_reload, fx, tl_fixture_reload_notify);
  vct_table_model_set_did_update_navigation_title (fx->model, tl_on_title, fx, tl_fixture_title_notify);
  vct_table_model_set_did_error (fx->model, tl_on_error, fx, NULL);
}

static void
tl_fixture_teardown (TlFixture *fx, gconstpointer data)
{
  (void) data;
  if (fx->model != NULL)
    vct_table_model_unref (fx->model);
  /* The last unref ran the table's notifies, once each. */
  g_assert_cmpint (fx->reload_count.notified, ==, 1);
  g_assert_cmpint (fx->title_count.notified, ==, 1);
  vct_api_unref (fx->api);
  /* Every fetch task let go of the API (and of the model's list): nothing of this test
   * is still alive on another thread when the next one starts or the program exits. */
  tl_run_until (fx->context, tl_cond_api_notified, fx);
  g_assert_cmpint (g_atomic_int_get (&fx->api_notified), ==, 1);
  tl_iterate_pending (fx->context);
  g_main_context_pop_thread_default (fx->context);
  g_main_context_unref (fx->context);
  g_ptr_array_unref (fx->expected);
  g_ptr_array_unref (fx->titles);
  g_free (fx->json);
}

/* ------------------------------------------------------------------ mirror */

/* A consumer's copy of section 0, kept through items-changed and item-updated. */
typedef struct
{
  VctListModel *list;
  GPtrArray    *rows;             /* TlPhoto * */
  guint         n_items_changed;
  guint         n_item_updated;
  guint         n_other;          /* sections-changed / section-updated: never for photos */
  guint         first_section, first_position, first_removed, first_added;
  TlCount       items_count;
  TlCount       updated_count;
} TlMirror;

static TlPhoto *
tl_read_row (VctListModel *list, guint position)
{
  VctRow *row = vct_list_model_get_item (list, 0, position);
  TlPhoto *photo;

  g_assert_nonnull (row);
  photo = g_new0 (TlPhoto, 1);
  photo->id = vct_row_get_int (row, "id");
  photo->title = vct_row_dup_string (row, "title");
  g_assert_nonnull (photo->title);
  return photo;
}

static void
tl_mirror_items_changed (guint section, guint position, guint removed, guint added, gpointer user_data)
{
  TlMirror *mirror = user_data;

  g_assert_cmpint (mirror->items_count.notified, ==, 0);
  if (mirror->n_items_changed == 0)
    {
      mirror->first_section = section;
      mirror->first_position = position;
      mirror->first_removed = removed;
      mirror->first_added = added;
    }
  mirror->n_items_changed++;
  mirror->items_count.calls++;
  g_assert_cmpuint (section, ==, 0);
  g_assert_cmpuint (position + removed, <=, mirror->rows->len);
  g_assert_cmpuint (position + added, <=, vct_list_model_get_n_items (mirror->list, 0));
  g_assert_true (removed > 0 || added > 0);
  if (removed > 0)
    g_ptr_array_remove_range (mirror->rows, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror->rows, (gint) (position + i), tl_read_row (mirror->list, position + i));
}

static void
tl_mirror_item_updated (guint section, guint position, gpointer user_data)
{
  TlMirror *mirror = user_data;
  TlPhoto *fresh, *old;

  g_assert_cmpint (mirror->updated_count.notified, ==, 0);
  mirror->n_item_updated++;
  mirror->updated_count.calls++;
  g_assert_cmpuint (section, ==, 0);
  g_assert_cmpuint (position, <, mirror->rows->len);
  fresh = tl_read_row (mirror->list, position);
  old = g_ptr_array_index (mirror->rows, position);
  g_assert_cmpint (old->id, ==, fresh->id);   /* an update keeps the identity */
  g_ptr_array_index (mirror->rows, position) = fresh;
  tl_photo_free (old);
}

static void
tl_mirror_sections_changed (guint position, guint removed, guint added, gpointer user_data)
{
  TlMirror *mirror = user_data;
  (void) position; (void) removed; (void) added;
  mirror->n_other++;
}

static void
tl_mirror_section_updated (guint section, gpointer user_data)
{
  TlMirror *mirror = user_data;
  (void) section;
  mirror->n_other++;
}

static void
tl_mirror_items_notify (gpointer user_data)
{
  TlMirror *mirror = user_data;
  mirror->items_count.notified++;
}

static void
tl_mirror_updated_notify (gpointer user_data)
{
  TlMirror *mirror = user_data;
  mirror->updated_count.notified++;
}

static void
tl_mirror_init (TlMirror *mirror, VctListModel *list)
{
  memset (mirror, 0, sizeof *mirror);
  mirror->list = list;
  mirror->rows = g_ptr_array_new_with_free_func (tl_photo_free);
}

static void
tl_mirror_clear (TlMirror *mirror)
{
  g_ptr_array_unref (mirror->rows);
}

/* The mirror equals the list (ids and titles), which equals the fixture's document. */
static void
tl_mirror_check (TlMirror *mirror, TlFixture *fx, guint seed, guint round)
{
  guint n = vct_list_model_get_n_items (mirror->list, 0);
  gboolean same = n == mirror->rows->len && n == fx->expected->len;

  for (guint i = 0; same && i < n; i++)
    {
      TlPhoto *mine = g_ptr_array_index (mirror->rows, i);
      TlPhoto *wanted = g_ptr_array_index (fx->expected, i);
      TlPhoto *model = tl_read_row (mirror->list, i);
      same = mine->id == model->id && g_strcmp0 (mine->title, model->title) == 0
             && model->id == wanted->id && g_strcmp0 (model->title, wanted->title) == 0;
      if (!same)
        g_test_message ("seed %u round %u: row %u: mirror %" G_GINT64_FORMAT " \"%s\", model %" G_GINT64_FORMAT
                        " \"%s\", document %" G_GINT64_FORMAT " \"%s\"", seed, round, i, mine->id, mine->title,
                        model->id, model->title, wanted->id, wanted->title);
      tl_photo_free (model);
    }
  if (n != mirror->rows->len || n != fx->expected->len)
    g_test_message ("seed %u round %u: mirror has %u rows, model %u, document %u",
                    seed, round, mirror->rows->len, n, fx->expected->len);
  g_assert_true (same);
  g_assert_cmpuint (vct_list_model_get_n_sections (mirror->list), ==, 1);
  g_assert_cmpuint (vct_table_model_get_n_items (fx->model), ==, n);
}

/* The next random document: ids from a pool of TL_ID_POOL, mostly kept from @current
 * (some deleted, inserted, moved, renamed; rarely a duplicate, an empty document, or a
 * shuffle). @versions holds each id's title version. */
static GPtrArray *
tl_random_photos (GRand *rand, GPtrArray *current, guint *versions)
{
  GArray *ids;
  GPtrArray *photos;
  gint roll = g_rand_int_range (rand, 0, 100);

  if (roll < 3)
    return tl_photos_new (NULL, 0, NULL);
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < current->len; i++)
    {
      TlPhoto *photo = g_ptr_array_index (current, i);
      if (g_rand_int_range (rand, 0, 100) >= 15)
        g_array_append_val (ids, photo->id);
    }
  /* Inserts of ids not there yet. */
  for (gint n = g_rand_int_range (rand, 0, 5); n > 0; n--)
    {
      gint64 id = g_rand_int_range (rand, 1, TL_ID_POOL + 1);
      gboolean present = FALSE;
      for (guint i = 0; i < ids->len; i++)
        present = present || g_array_index (ids, gint64, i) == id;
      if (!present)
        g_array_insert_val (ids, (guint) g_rand_int_range (rand, 0, (gint) ids->len + 1), id);
    }
  /* Moves. */
  for (gint n = g_rand_int_range (rand, 0, 3); n > 0 && ids->len > 1; n--)
    {
      guint from = (guint) g_rand_int_range (rand, 0, (gint) ids->len);
      gint64 id = g_array_index (ids, gint64, from);
      g_array_remove_index (ids, from);
      g_array_insert_val (ids, (guint) g_rand_int_range (rand, 0, (gint) ids->len + 1), id);
    }
  /* A shuffle, rarely. */
  if (roll >= 95)
    for (guint i = ids->len; i > 1; i--)
      {
        guint j = (guint) g_rand_int_range (rand, 0, (gint) i);
        gint64 tmp = g_array_index (ids, gint64, i - 1);
        g_array_index (ids, gint64, i - 1) = g_array_index (ids, gint64, j);
        g_array_index (ids, gint64, j) = tmp;
      }
  /* A duplicate identity, rarely. */
  if (roll >= 90 && roll < 95 && ids->len > 0)
    {
      gint64 id = g_array_index (ids, gint64, g_rand_int_range (rand, 0, (gint) ids->len));
      g_array_insert_val (ids, (guint) g_rand_int_range (rand, 0, (gint) ids->len + 1), id);
    }
  /* Title changes. */
  for (gint n = g_rand_int_range (rand, 0, 4); n > 0; n--)
    versions[g_rand_int_range (rand, 1, TL_ID_POOL + 1)]++;

  photos = g_ptr_array_new_with_free_func (tl_photo_free);
  for (guint i = 0; i < ids->len; i++)
    {
      TlPhoto *photo = g_new0 (TlPhoto, 1);
      photo->id = g_array_index (ids, gint64, i);
      photo->title = g_strdup_printf ("photo %" G_GINT64_FORMAT " \"v%u\"", photo->id, versions[photo->id]);
      g_ptr_array_add (photos, photo);
    }
  g_array_unref (ids);
  return photos;
}

/* Random reload rounds through @mirror; checks it after every didReloadData. */
static void
tl_mirror_rounds (TlFixture *fx, TlMirror *mirror, guint seed, guint rounds)
{
  GRand *rand = g_rand_new_with_seed (seed);
  guint versions[TL_ID_POOL + 1] = { 0 };
  GPtrArray *current;
  gint64 first_ids[12];
  guint total_updates = 0, total_changes = 0;

  g_test_message ("seed %u (set VCT_TEST_SEED to replay), %u rounds", seed, rounds);

  /* The first load: one items-changed (0, 0, 0, N). */
  for (guint i = 0; i < G_N_ELEMENTS (first_ids); i++)
    first_ids[i] = (gint64) (i * 3 + 1);
  tl_fixture_set_ids (fx, first_ids, G_N_ELEMENTS (first_ids), NULL);
  tl_fixture_reload (fx);
  g_assert_cmpuint (mirror->n_items_changed, ==, 1);
  g_assert_cmpuint (mirror->first_section, ==, 0);
  g_assert_cmpuint (mirror->first_position, ==, 0);
  g_assert_cmpuint (mirror->first_removed, ==, 0);
  g_assert_cmpuint (mirror->first_added, ==, G_N_ELEMENTS (first_ids));
  g_assert_cmpuint (mirror->n_item_updated, ==, 0);
  tl_mirror_check (mirror, fx, seed, 0);

  current = tl_photos_new (first_ids, G_N_ELEMENTS (first_ids), NULL);
  for (guint round = 1; round <= rounds; round++)
    {
      GPtrArray *next = tl_random_photos (rand, current, versions);
      guint changes_before = mirror->n_items_changed, updates_before = mirror->n_item_updated;
      gint reloads_before = fx->n_reloads;

      tl_fixture_set_photos (fx, next);
      tl_fixture_reload (fx);
      g_assert_cmpint (fx->n_reloads, ==, reloads_before + 1);
      tl_mirror_check (mirror, fx, seed, round);
      total_changes += mirror->n_items_changed - changes_before;
      total_updates += mirror->n_item_updated - updates_before;
      g_ptr_array_unref (current);
      current = next;
    }
  g_assert_cmpuint (mirror->n_other, ==, 0);
  /* The rounds must exercise both kinds of callback. */
  g_assert_cmpuint (total_changes, >, rounds / 2);
  g_assert_cmpuint (total_updates, >, rounds / 10);
  g_test_message ("%u items-changed, %u item-updated", total_changes, total_updates);
  g_ptr_array_unref (current);
  g_rand_free (rand);
}

static void
test_mirror_random_reloads (TlFixture *fx, gconstpointer data)
{
  TlMirror mirror;
  (void) data;

  tl_mirror_init (&mirror, fx->list);
  vct_list_model_set_items_changed (fx->list, tl_mirror_items_changed, &mirror, tl_mirror_items_notify);
  vct_list_model_set_item_updated (fx->list, tl_mirror_item_updated, &mirror, tl_mirror_updated_notify);
  vct_list_model_set_sections_changed (fx->list, tl_mirror_sections_changed, &mirror, NULL);
  vct_list_model_set_section_updated (fx->list, tl_mirror_section_updated, &mirror, NULL);

  tl_mirror_rounds (fx, &mirror, tl_seed (20260521), tl_under_valgrind () ? 25 : 250);

  g_assert_cmpint (mirror.items_count.notified + mirror.updated_count.notified, ==, 0);
  vct_table_model_unref (fx->model);
  fx->model = NULL;
  g_assert_cmpint (mirror.items_count.notified, ==, 1);
  g_assert_cmpint (mirror.updated_count.notified, ==, 1);
  tl_mirror_clear (&mirror);
}

static void
test_mirror_shorthand (TlFixture *fx, gconstpointer data)
{
  TlMirror mirror;
  (void) data;

  tl_mirror_init (&mirror, fx->list);
  vct_table_model_set_items_changed (fx->model, tl_mirror_items_changed, &mirror, NULL);
  vct_list_model_set_item_updated (fx->list, tl_mirror_item_updated, &mirror, NULL);
  tl_mirror_rounds (fx, &mirror, tl_seed (7), tl_under_valgrind () ? 10 : 60);

  /* Clearing through the shorthand stops the calls. */
  vct_table_model_set_items_changed (fx->model, NULL, NULL, NULL);
  {
    guint before = mirror.n_items_changed;
    const gint64 ids[] = { 1000, 1001 };
    tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), NULL);
    tl_fixture_reload (fx);
    g_assert_cmpuint (mirror.n_items_changed, ==, before);
  }
  vct_table_model_unref (fx->model);
  fx->model = NULL;
  tl_mirror_clear (&mirror);
}

/* The notify of a callback set through either setter runs exactly once, when replaced. */
static void
tl_nop_items_changed (guint section, guint position, guint removed, guint added, gpointer user_data)
{
  TlCount *count = user_data;
  (void) section; (void) position; (void) removed; (void) added;
  if (count->notified > 0)
    count->calls_after_notify++;
  count->calls++;
}

static void
test_items_changed_notifies (TlFixture *fx, gconstpointer data)
{
  TlCount via_list = { 0 }, via_table = { 0 }, last = { 0 };
  const gint64 ids[] = { 1, 2, 3 };
  (void) data;

  vct_list_model_set_items_changed (fx->list, tl_nop_items_changed, &via_list, tl_count_notify);
  vct_table_model_set_items_changed (fx->model, tl_nop_items_changed, &via_table, tl_count_notify);
  g_assert_cmpint (via_list.notified, ==, 1);   /* the shorthand replaced the list's callback */
  vct_list_model_set_items_changed (fx->list, tl_nop_items_changed, &last, tl_count_notify);
  g_assert_cmpint (via_table.notified, ==, 1);
  tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), NULL);
  tl_fixture_reload (fx);
  g_assert_cmpint (last.calls, ==, 1);
  g_assert_cmpint (via_list.calls + via_table.calls, ==, 0);
  g_assert_cmpint (last.notified, ==, 0);
  vct_table_model_unref (fx->model);           /* finalizes the list: its notifies run */
  fx->model = NULL;
  g_assert_cmpint (last.notified, ==, 1);
  g_assert_cmpint (via_list.notified + via_table.notified, ==, 2);
  g_assert_cmpint (via_list.calls_after_notify + via_table.calls_after_notify + last.calls_after_notify, ==, 0);
}

/* ----------------------------------------------------------------- row API */

static gboolean
tl_strv_contains (char **strv, const char *text)
{
  return strv != NULL && g_strv_contains ((const char *const *) strv, text);
}

static void
test_row_api (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 7, 8, 9 };
  const char *titles[] = { "seven", "eight", NULL };
  const gint64 later[] = { 100, 101 };
  const char *names[] = { "entry", "title", "id", "albumId", "url", "thumbnailUrl" };
  const VctPropertyType types[] = { VCT_PROPERTY_TYPE_STRING, VCT_PROPERTY_TYPE_STRING, VCT_PROPERTY_TYPE_INT,
                                    VCT_PROPERTY_TYPE_INT, VCT_PROPERTY_TYPE_STRING, VCT_PROPERTY_TYPE_STRING };
  VctRow *row, *kept;
  char **property_names;
  char *text;
  (void) data;

  tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), titles);
  tl_fixture_reload (fx);
  g_assert_cmpuint (vct_list_model_get_n_items (fx->list, 0), ==, 3);

  row = vct_list_model_get_item (fx->list, 0, 0);
  g_assert_nonnull (row);
  g_assert_true (row == vct_list_model_get_item (fx->list, 0, 0));   /* stable until the next batch */
  g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoCell");

  property_names = vct_row_dup_property_names (row);
  g_assert_nonnull (property_names);
  g_assert_cmpuint (g_strv_length (property_names), ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (tl_strv_contains (property_names, names[i]));
      g_assert_cmpstr (property_names[i], ==, names[i]);            /* display order */
      g_assert_cmpint (vct_row_get_property_type (row, names[i]), ==, types[i]);
    }
  g_strfreev (property_names);
  g_assert_cmpint (vct_row_get_property_type (row, "nope"), ==, VCT_PROPERTY_TYPE_NONE);
  g_assert_cmpint (vct_row_get_property_type (row, ""), ==, VCT_PROPERTY_TYPE_NONE);

  /* Strings. */
  text = vct_row_dup_string (row, "title");
  g_assert_cmpstr (text, ==, "seven");
  g_free (text);
  text = vct_row_dup_string (row, "entry");
  g_assert_cmpstr (text, ==, "Entry ID: 7");
  g_free (text);
  text = vct_row_dup_string (row, "url");
  g_assert_cmpstr (text, ==, "https://example.com/7.png");
  g_free (text);
  text = vct_row_dup_string (row, "thumbnailUrl");
  g_assert_cmpstr (text, ==, "https://example.com/t/7.png");
  g_free (text);
  /* An integer property as text. */
  text = vct_row_dup_string (row, "id");
  g_assert_cmpstr (text, ==, "7");
  g_free (text);
  text = vct_row_dup_string (row, "albumId");
  g_assert_cmpstr (text, ==, "1");
  g_free (text);
  g_assert_null (vct_row_dup_string (row, "nope"));

  /* Integers and booleans, with the documented conversions. */
  g_assert_cmpint (vct_row_get_int (row, "id"), ==, 7);
  g_assert_cmpint (vct_row_get_int (row, "albumId"), ==, 1);
  g_assert_cmpint (vct_row_get_int (row, "title"), ==, 0);        /* a string: 0 */
  g_assert_cmpint (vct_row_get_int (row, "nope"), ==, 0);
  g_assert_true (vct_row_get_boolean (row, "id"));                  /* an integer reads as non-zero */
  g_assert_false (vct_row_get_boolean (row, "title"));
  g_assert_false (vct_row_get_boolean (row, "nope"));
  {
    VctRow *third = vct_list_model_get_item (fx->list, 0, 2);
    text = vct_row_dup_string (third, "title");
    g_assert_cmpstr (text, ==, "photo 9");
    g_free (text);
  }

  /* vct_row_ref keeps a row past the next batch. */
  kept = vct_row_ref (row);
  g_assert_true (kept == row);
  tl_fixture_set_ids (fx, later, G_N_ELEMENTS (later), NULL);
  tl_fixture_reload (fx);
  g_assert_cmpuint (vct_list_model_get_n_items (fx->list, 0), ==, 2);
  text = vct_row_dup_string (kept, "title");
  g_assert_cmpstr (text, ==, "seven");
  g_free (text);
  g_assert_cmpstr (vct_row_get_kind (kept), ==, "PhotoCell");
  g_assert_cmpint (vct_row_get_int (kept, "id"), ==, 7);
  vct_row_unref (kept);
  vct_row_unref (NULL);   /* nullable */
  row = vct_list_model_get_item (fx->list, 0, 1);
  g_assert_cmpint (vct_row_get_int (row, "id"), ==, 101);
}

/* NULL arguments: a critical in the "VCTable" domain and a safe return. */
#define TL_EXPECT_CRITICAL(statement)                                                    \
  G_STMT_START                                                                          \
  {                                                                                     \
    g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");      \
    statement;                                                                          \
    g_test_assert_expected_messages ();                                                 \
  }                                                                                     \
  G_STMT_END

static void
tl_never_row_changed (VctRow *row, const char *property, gpointer user_data)
{
  TlCount *count = user_data;
  (void) row; (void) property;
  count->calls++;
}

static void
test_null_arguments (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 1 };
  TlCount count = { 0 };
  int widget;
  VctRow *row;
  (void) data;

  tl_fixture_set_ids (fx, ids, 1, NULL);
  tl_fixture_reload (fx);
  row = vct_list_model_get_item (fx->list, 0, 0);
  g_assert_nonnull (row);

  TL_EXPECT_CRITICAL (g_assert_null (vct_row_get_kind (NULL)));
  TL_EXPECT_CRITICAL (g_assert_null (vct_row_dup_property_names (NULL)));
  TL_EXPECT_CRITICAL (g_assert_cmpint (vct_row_get_property_type (NULL, "title"), ==, VCT_PROPERTY_TYPE_NONE));
  TL_EXPECT_CRITICAL (g_assert_cmpint (vct_row_get_property_type (row, NULL), ==, VCT_PROPERTY_TYPE_NONE));
  TL_EXPECT_CRITICAL (g_assert_null (vct_row_dup_string (NULL, "title")));
  TL_EXPECT_CRITICAL (g_assert_null (vct_row_dup_string (row, NULL)));
  TL_EXPECT_CRITICAL (g_assert_cmpint (vct_row_get_int (NULL, "id"), ==, 0));
  TL_EXPECT_CRITICAL (g_assert_cmpint (vct_row_get_int (row, NULL), ==, 0));
  TL_EXPECT_CRITICAL (g_assert_false (vct_row_get_boolean (NULL, "id")));
  TL_EXPECT_CRITICAL (g_assert_false (vct_row_get_boolean (row, NULL)));
  TL_EXPECT_CRITICAL (g_assert_null (vct_row_ref (NULL)));

  /* vct_row_observe: NULL arguments run the notify (it owns user_data) and return NULL. */
  TL_EXPECT_CRITICAL (g_assert_null (vct_row_observe (NULL, tl_never_row_changed, &count, tl_count_notify)));
  g_assert_cmpint (count.notified, ==, 1);
  TL_EXPECT_CRITICAL (g_assert_null (vct_row_observe (row, NULL, &count, tl_count_notify)));
  g_assert_cmpint (count.notified, ==, 2);
  vct_binding_dispose (NULL);   /* nullable */

  TL_EXPECT_CRITICAL (g_assert_null (vct_list_model_ref (NULL)));
  vct_list_model_unref (NULL);  /* nullable */
  TL_EXPECT_CRITICAL (g_assert_cmpuint (vct_list_model_get_n_sections (NULL), ==, 0));
  TL_EXPECT_CRITICAL (g_assert_cmpuint (vct_list_model_get_n_items (NULL, 0), ==, 0));
  TL_EXPECT_CRITICAL (g_assert_null (vct_list_model_get_item (NULL, 0, 0)));
  TL_EXPECT_CRITICAL (g_assert_null (vct_list_model_get_header (NULL, 0)));
  TL_EXPECT_CRITICAL (g_assert_null (vct_list_model_get_footer (NULL, 0)));
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_select (NULL, 0, 0)));
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_press (NULL, 0, 0)));
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_unbind (NULL, &widget)));
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_unbind (fx->list, NULL)));
  TL_EXPECT_CRITICAL (vct_list_model_set_items_changed (NULL, NULL, NULL, NULL));
  TL_EXPECT_CRITICAL (vct_list_model_set_item_updated (NULL, NULL, NULL, NULL));
  TL_EXPECT_CRITICAL (vct_list_model_set_sections_changed (NULL, NULL, NULL, NULL));
  TL_EXPECT_CRITICAL (vct_list_model_set_section_updated (NULL, NULL, NULL, NULL));
  TL_EXPECT_CRITICAL (g_assert_null (vct_table_model_get_list (NULL)));

  /* bind: a NULL list, widget or func runs the notify and returns FALSE. */
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_bind (NULL, &widget, 0, 0, tl_never_row_changed, &count, tl_count_notify)));
  g_assert_cmpint (count.notified, ==, 3);
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_bind (fx->list, NULL, 0, 0, tl_never_row_changed, &count, tl_count_notify)));
  g_assert_cmpint (count.notified, ==, 4);
  TL_EXPECT_CRITICAL (g_assert_false (vct_list_model_bind (fx->list, &widget, 0, 0, NULL, &count, tl_count_notify)));
  g_assert_cmpint (count.notified, ==, 5);
  /* The table's shorthand with a NULL model also runs the notify. */
  TL_EXPECT_CRITICAL (vct_table_model_set_items_changed (NULL, tl_nop_items_changed, &count, tl_count_notify));
  g_assert_cmpint (count.notified, ==, 6);
  g_assert_cmpint (count.calls, ==, 0);
  g_assert_false (vct_list_model_unbind (fx->list, &widget));
}

/* ------------------------------------------------------- select and press */

static void
test_select_and_press (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 21, 22, 23, 24 };
  const char *titles[] = { "one", "two", "three", "four" };
  (void) data;

  tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), titles);
  tl_fixture_reload (fx);
  g_assert_cmpuint (fx->titles->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fx->titles, 0), ==, TL_TITLE);   /* the reload's title reset */
  g_ptr_array_set_size (fx->titles, 0);

  g_assert_true (vct_list_model_select (fx->list, 0, 2));
  g_assert_cmpuint (fx->titles->len, ==, 0);                         /* reported later, on the loop */
  tl_fixture_wait_titles (fx, 1);
  g_assert_cmpstr (g_ptr_array_index (fx->titles, 0), ==, "three");

  g_assert_true (vct_list_model_select (fx->list, 0, 0));
  g_assert_true (vct_list_model_press (fx->list, 0, 3));             /* photo rows ignore presses */
  g_assert_false (vct_list_model_select (fx->list, 0, 4));
  g_assert_false (vct_list_model_select (fx->list, 1, 0));
  g_assert_false (vct_list_model_press (fx->list, 0, 4));
  g_assert_false (vct_list_model_press (fx->list, 7, 0));
  g_assert_null (vct_list_model_get_item (fx->list, 0, 4));
  g_assert_null (vct_list_model_get_item (fx->list, 1, 0));
  g_assert_null (vct_list_model_get_item (fx->list, G_MAXUINT, G_MAXUINT));
  g_assert_null (vct_list_model_get_header (fx->list, 0));
  g_assert_null (vct_list_model_get_footer (fx->list, 0));
  g_assert_null (vct_list_model_get_header (fx->list, 3));
  g_assert_cmpuint (vct_list_model_get_n_sections (fx->list), ==, 1);
  g_assert_cmpuint (vct_list_model_get_n_items (fx->list, 1), ==, 0);
  tl_fixture_wait_titles (fx, 2);
  tl_iterate_pending (fx->context);
  g_assert_cmpuint (fx->titles->len, ==, 2);                         /* only the in-range select */
  g_assert_cmpstr (g_ptr_array_index (fx->titles, 1), ==, "one");
}

/* ----------------------------------------------------------------- binding */

typedef struct
{
  gint    calls;
  gint    null_calls;
  gint    notified;
  gint    calls_after_notify;
  VctRow *last_row;
} TlBind;

static void
tl_bind_func (VctRow *row, const char *property, gpointer user_data)
{
  TlBind *bind = user_data;
  if (bind->notified > 0)
    bind->calls_after_notify++;
  bind->calls++;
  if (property == NULL)
    bind->null_calls++;
  bind->last_row = row;
}

static void
tl_bind_notify (gpointer user_data)
{
  TlBind *bind = user_data;
  bind->notified++;
}

static void
test_bind_unbind (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 1, 2, 3 };
  const gint64 later[] = { 3, 2, 4 };
  TlBind a = { 0 }, b1 = { 0 }, b2 = { 0 }, c = { 0 }, d = { 0 }, e = { 0 }, o = { 0 };
  int widget_a, widget_b, widget_c, widget_d, widget_e;
  VctBinding *binding;
  (void) data;

  tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), NULL);
  tl_fixture_reload (fx);

  /* bind calls func at once with a NULL property. */
  g_assert_true (vct_list_model_bind (fx->list, &widget_a, 0, 0, tl_bind_func, &a, tl_bind_notify));
  g_assert_cmpint (a.calls, ==, 1);
  g_assert_cmpint (a.null_calls, ==, 1);
  g_assert_true (a.last_row == vct_list_model_get_item (fx->list, 0, 0));
  g_assert_cmpint (a.notified, ==, 0);
  /* unbind: notify exactly once, TRUE; FALSE when not bound. */
  g_assert_true (vct_list_model_unbind (fx->list, &widget_a));
  g_assert_cmpint (a.notified, ==, 1);
  g_assert_false (vct_list_model_unbind (fx->list, &widget_a));
  g_assert_cmpint (a.notified, ==, 1);

  /* Binding a widget again ends its previous binding. */
  g_assert_true (vct_list_model_bind (fx->list, &widget_b, 0, 0, tl_bind_func, &b1, tl_bind_notify));
  g_assert_true (vct_list_model_bind (fx->list, &widget_b, 0, 1, tl_bind_func, &b2, tl_bind_notify));
  g_assert_cmpint (b1.notified, ==, 1);
  g_assert_cmpint (b2.calls, ==, 1);
  g_assert_cmpint (b2.null_calls, ==, 1);
  g_assert_cmpint (b2.notified, ==, 0);
  g_assert_true (b2.last_row == vct_list_model_get_item (fx->list, 0, 1));
  g_assert_cmpint (vct_row_get_int (b2.last_row, "id"), ==, 2);

  /* Out of range: FALSE, notify run, func never called. */
  g_assert_false (vct_list_model_bind (fx->list, &widget_c, 0, 3, tl_bind_func, &c, tl_bind_notify));
  g_assert_cmpint (c.notified, ==, 1);
  g_assert_cmpint (c.calls, ==, 0);
  g_assert_false (vct_list_model_bind (fx->list, &widget_c, 1, 0, tl_bind_func, &c, tl_bind_notify));
  g_assert_cmpint (c.notified, ==, 2);
  g_assert_false (vct_list_model_unbind (fx->list, &widget_c));

  /* Live bindings across a reload: photo rows never change, so no calls. */
  g_assert_true (vct_list_model_bind (fx->list, &widget_d, 0, 2, tl_bind_func, &d, tl_bind_notify));
  g_assert_true (vct_list_model_bind (fx->list, &widget_e, 0, 0, tl_bind_func, &e, tl_bind_notify));
  binding = vct_row_observe (vct_list_model_get_item (fx->list, 0, 1), tl_bind_func, &o, tl_bind_notify);
  g_assert_nonnull (binding);
  g_assert_cmpint (o.calls, ==, 0);                 /* observe does not call at once */
  tl_fixture_set_ids (fx, later, G_N_ELEMENTS (later), NULL);
  tl_fixture_reload (fx);
  g_assert_cmpint (d.calls, ==, 1);
  g_assert_cmpint (e.calls, ==, 1);
  g_assert_cmpint (b2.calls, ==, 1);
  g_assert_cmpint (o.calls, ==, 0);
  g_assert_cmpint (d.notified + e.notified + b2.notified + o.notified, ==, 0);

  /* vct_binding_dispose: notify exactly once. */
  vct_binding_dispose (binding);
  g_assert_cmpint (o.notified, ==, 1);

  /* The table model's last unref ends the live bindings (b2, d, e), once each. */
  vct_table_model_unref (fx->model);
  fx->model = NULL;
  g_assert_cmpint (b2.notified, ==, 1);
  g_assert_cmpint (d.notified, ==, 1);
  g_assert_cmpint (e.notified, ==, 1);
  g_assert_cmpint (a.notified, ==, 1);
  g_assert_cmpint (b1.notified, ==, 1);
  g_assert_cmpint (c.notified, ==, 2);
  g_assert_cmpint (o.notified, ==, 1);
  tl_iterate_pending (fx->context);
  g_assert_cmpint (a.calls_after_notify + b1.calls_after_notify + b2.calls_after_notify + c.calls_after_notify
                   + d.calls_after_notify + e.calls_after_notify + o.calls_after_notify, ==, 0);
}

/* Unbinding from inside the binding's own first call: the notify runs as it returns. */
typedef struct
{
  VctListModel *list;
  gpointer      widget;
  gint          notified_inside;
  TlBind        bind;
} TlSelfUnbind;

static void
tl_self_unbind_func (VctRow *row, const char *property, gpointer user_data)
{
  TlSelfUnbind *self = user_data;
  tl_bind_func (row, property, &self->bind);
  g_assert_true (vct_list_model_unbind (self->list, self->widget));
  self->notified_inside = self->bind.notified;
}

static void
tl_self_unbind_notify (gpointer user_data)
{
  TlSelfUnbind *self = user_data;
  self->bind.notified++;
}

static void
test_unbind_from_inside (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 5 };
  int widget;
  TlSelfUnbind self = { fx->list, &widget, 0, { 0 } };
  (void) data;

  tl_fixture_set_ids (fx, ids, 1, NULL);
  tl_fixture_reload (fx);
  g_assert_true (vct_list_model_bind (fx->list, &widget, 0, 0, tl_self_unbind_func, &self, tl_self_unbind_notify));
  g_assert_cmpint (self.bind.calls, ==, 1);
  g_assert_cmpint (self.notified_inside, ==, 0);
  g_assert_cmpint (self.bind.notified, ==, 1);
  g_assert_false (vct_list_model_unbind (fx->list, &widget));
  vct_table_model_unref (fx->model);
  fx->model = NULL;
  g_assert_cmpint (self.bind.notified, ==, 1);
}

/* ---------------------------------------------------- the list outlives its model */

static void
test_list_ref_outlives_model (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 31, 32, 33 };
  const char *titles[] = { "a", "b", "c" };
  TlCount items = { 0 }, updated = { 0 };
  TlBind bound = { 0 };
  int widget;
  VctListModel *list;
  VctRow *row;
  char *text;
  guint titles_before;
  (void) data;

  tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), titles);
  tl_fixture_reload (fx);
  list = vct_list_model_ref (fx->list);
  g_assert_true (list == fx->list);
  vct_list_model_set_items_changed (list, tl_nop_items_changed, &items, tl_count_notify);
  vct_list_model_set_item_updated (list, (VctItemUpdatedFunc) NULL, &updated, tl_count_notify);
  g_assert_cmpint (updated.notified, ==, 1);        /* a NULL func: its notify runs at once */
  g_assert_true (vct_list_model_bind (list, &widget, 0, 1, tl_bind_func, &bound, tl_bind_notify));
  g_assert_cmpint (bound.calls, ==, 1);

  /* The model's last unref: the list lives on, its callbacks and bindings too. */
  titles_before = fx->titles->len;
  vct_table_model_unref (fx->model);
  fx->model = NULL;
  g_assert_cmpint (items.notified, ==, 0);
  g_assert_cmpint (bound.notified, ==, 0);

  /* Getters still work. */
  g_assert_cmpuint (vct_list_model_get_n_sections (list), ==, 1);
  g_assert_cmpuint (vct_list_model_get_n_items (list, 0), ==, 3);
  row = vct_list_model_get_item (list, 0, 2);
  g_assert_nonnull (row);
  text = vct_row_dup_string (row, "title");
  g_assert_cmpstr (text, ==, "c");
  g_free (text);
  g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoCell");
  g_assert_true (vct_list_model_select (list, 0, 0));   /* its model is gone: nothing is reported */
  g_assert_true (vct_list_model_press (list, 0, 0));
  tl_iterate_pending (fx->context);
  g_assert_cmpuint (fx->titles->len, ==, titles_before);
  g_assert_cmpint (items.calls, ==, 0);
  g_assert_cmpint (bound.calls, ==, 1);

  /* Its last unref ends everything, once. */
  vct_list_model_unref (list);
  g_assert_cmpint (items.notified, ==, 1);
  g_assert_cmpint (bound.notified, ==, 1);
  g_assert_cmpint (updated.notified, ==, 1);
  tl_iterate_pending (fx->context);
  g_assert_cmpint (items.calls_after_notify + bound.calls_after_notify, ==, 0);
}

/* A ref and unref while the model lives changes nothing. */
static void
test_list_ref_unref_balanced (TlFixture *fx, gconstpointer data)
{
  const gint64 ids[] = { 1, 2 };
  const gint64 later[] = { 2, 3, 1 };
  TlCount items = { 0 };
  (void) data;

  vct_list_model_set_items_changed (fx->list, tl_nop_items_changed, &items, tl_count_notify);
  vct_list_model_unref (vct_list_model_ref (fx->list));
  g_assert_cmpint (items.notified, ==, 0);
  tl_fixture_set_ids (fx, ids, G_N_ELEMENTS (ids), NULL);
  tl_fixture_reload (fx);
  tl_fixture_set_ids (fx, later, G_N_ELEMENTS (later), NULL);
  tl_fixture_reload (fx);
  g_assert_cmpint (items.calls, >=, 2);
  g_assert_cmpuint (vct_list_model_get_n_items (fx->list, 0), ==, 3);
  vct_table_model_unref (fx->model);
  fx->model = NULL;
  g_assert_cmpint (items.notified, ==, 1);
}

/* ------------------------------------------------------------------- main */

#define TL_ADD(path, func) \
  g_test_add (path, TlFixture, NULL, tl_fixture_setup, func, tl_fixture_teardown)

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  TL_ADD ("/list/mirror/random-reloads", test_mirror_random_reloads);
  TL_ADD ("/list/mirror/table-shorthand", test_mirror_shorthand);
  TL_ADD ("/list/items-changed/notifies", test_items_changed_notifies);
  TL_ADD ("/list/row/api", test_row_api);
  TL_ADD ("/list/row/null-arguments", test_null_arguments);
  TL_ADD ("/list/select-and-press", test_select_and_press);
  TL_ADD ("/list/bind/unbind", test_bind_unbind);
  TL_ADD ("/list/bind/unbind-from-inside", test_unbind_from_inside);
  TL_ADD ("/list/ref/outlives-model", test_list_ref_outlives_model);
  TL_ADD ("/list/ref/balanced", test_list_ref_unref_balanced);

  return g_test_run ();
}
