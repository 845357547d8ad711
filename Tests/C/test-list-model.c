/* test-list-model.c: VctListModel as a GListModel of VctRow objects.
 *
 * The flat list a view reads (vct_table_model_get_list, vct_feed_model_get_list) through
 * GListModel alone: its types (VctRow abstract, one final subclass per row kind), the
 * first load as one items-changed, random reload sequences checked against a consumer's
 * copy kept by items-changed alone (GTK's rule: while a run is emitted the list reads as
 * the runs so far have left it), and against a view that holds every row and draws it
 * from items-changed and the rows' `notify` alone (every in-place change notified); row
 * objects cached weakly by identity (the same object while someone holds it, `notify` for
 * a content change, finalized when dropped, even from inside its own `notify`), the
 * sections' ranges, the VCT_IS_* checks, vct_row_select from any thread, and a row or the
 * list held past its model. (The cases of test-list.c, the photo table's list through the
 * sectioned API before GListModel, live here now.)
 *
 * Every case uses a FakeApi (or a FakeService for the feed) from common/vct-test.h, whose
 * requests the test completes by hand; the loop is driven to a condition (run_until),
 * nothing sleeps to synchronise. Helpers are static and prefixed tlm_.
 *
 * /list-model/duplicate-ids and /list-model/feed/kept-headers probe two rules the library
 * broke when they were written; they run in a subprocess, and the program runs with
 * --keep-going, so that their failure is theirs alone and every other case still runs.
 *
 * Environment:
 *   VCT_TEST_UNDER_VALGRIND=1  fewer rounds, longer timeouts
 *   VCT_TEST_SEED=<n>          the seed of /list-model/conformance and /list-model/held-rows
 *                              (printed with -v / TAP)
 *   VCT_TEST_ROUNDS=<n>        their number of rounds (default 300 and 250; 40 and 25 under
 *                              valgrind)
 */
#include "common/vct-test.h"

#include <string.h>

#define TLM_ID_POOL 40
#define TLM_DEFAULT_SEED 20261124u

/* ------------------------------------------------------------------ photos, documents */

/* One record of a photos document. */
typedef struct
{
  gint64  id;
  char   *title;
} TlmPhoto;

static TlmPhoto *
tlm_photo_new (gint64 id, const char *title)
{
  TlmPhoto *photo = g_new0 (TlmPhoto, 1);

  photo->id = id;
  photo->title = title != NULL ? g_strdup (title) : g_strdup_printf ("photo %" G_GINT64_FORMAT, id);
  return photo;
}

static void
tlm_photo_free (gpointer data)
{
  TlmPhoto *photo = data;

  g_free (photo->title);
  g_free (photo);
}

static GPtrArray *
tlm_photos_new (void)
{
  return g_ptr_array_new_with_free_func (tlm_photo_free);
}

static GPtrArray *
tlm_photos_copy (GPtrArray *photos)
{
  GPtrArray *copy = tlm_photos_new ();

  for (guint i = 0; i < photos->len; i++)
    {
      TlmPhoto *photo = g_ptr_array_index (photos, i);
      g_ptr_array_add (copy, tlm_photo_new (photo->id, photo->title));
    }
  return copy;
}

/* Photos with @ids (titles "photo <id>"). */
static GPtrArray *
tlm_photos_from_ids (const gint64 *ids, guint n)
{
  GPtrArray *photos = tlm_photos_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (photos, tlm_photo_new (ids[i], NULL));
  return photos;
}

/* Retitles photos @first … @last of @photos "photo <id>, @suffix". */
static void
tlm_retitle (GPtrArray *photos, guint first, guint last, const char *suffix)
{
  for (guint i = first; i <= last; i++)
    {
      TlmPhoto *photo = g_ptr_array_index (photos, i);

      g_free (photo->title);
      photo->title = g_strdup_printf ("photo %" G_GINT64_FORMAT ", %s", photo->id, suffix);
    }
}

static gint64
tlm_album_of (gint64 id)
{
  return id % 7 + 1;
}

/* The JSON document of @photos; urls and album derived from the id. g_free. */
static char *
tlm_photos_json (GPtrArray *photos)
{
  GString *json = g_string_new ("[");

  for (guint i = 0; i < photos->len; i++)
    {
      TlmPhoto *photo = g_ptr_array_index (photos, i);

      g_assert_null (strpbrk (photo->title, "\"\\"));
      g_string_append_printf (json,
                              "%s{\"albumId\": %" G_GINT64_FORMAT ", \"id\": %" G_GINT64_FORMAT
                              ", \"title\": \"%s\", \"url\": \"https://example.com/600/%" G_GINT64_FORMAT
                              ".png\", \"thumbnailUrl\": \"https://example.com/150/%" G_GINT64_FORMAT ".png\"}",
                              i == 0 ? "" : ",\n ", tlm_album_of (photo->id), photo->id, photo->title,
                              photo->id, photo->id);
    }
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

static gboolean
tlm_photos_have_duplicates (GPtrArray *photos)
{
  for (guint i = 0; i < photos->len; i++)
    for (guint j = i + 1; j < photos->len; j++)
      if (((TlmPhoto *) g_ptr_array_index (photos, i))->id == ((TlmPhoto *) g_ptr_array_index (photos, j))->id)
        return TRUE;
  return FALSE;
}

static gboolean
tlm_photos_contain (GPtrArray *photos, gint64 id)
{
  for (guint i = 0; i < photos->len; i++)
    if (((TlmPhoto *) g_ptr_array_index (photos, i))->id == id)
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ reading rows */

static gint64
tlm_row_id (gpointer row)
{
  gint64 id = -1;

  g_object_get (row, "id", &id, NULL);
  return id;
}

/* The `title` property; g_free. */
static char *
tlm_row_title (gpointer row)
{
  char *title = NULL;

  g_object_get (row, "title", &title, NULL);
  return title;
}

/* What a row shows, as one comparable string. g_free. */
static char *
tlm_row_key (gpointer row)
{
  g_assert_true (VCT_IS_ROW (row));
  if (VCT_IS_PHOTO_ROW (row))
    {
      g_autofree char *title = tlm_row_title (row);
      return g_strdup_printf ("photo %" G_GINT64_FORMAT " \"%s\"", tlm_row_id (row), title);
    }
  if (VCT_IS_MEMBER_ROW (row))
    {
      g_autofree char *name = NULL;
      VctFollowState state = VCT_FOLLOW_STATE_NORMAL;

      g_object_get (row, "name", &name, "follow-state", &state, NULL);
      return g_strdup_printf ("member \"%s\" %d", name, (int) state);
    }
  if (VCT_IS_FEED_PHOTO_ROW (row))
    {
      g_autofree char *title = tlm_row_title (row);
      return g_strdup_printf ("feed-photo \"%s\"", title);
    }
  if (VCT_IS_DAY_HEADER_ROW (row))
    {
      g_autofree char *title = tlm_row_title (row);
      return g_strdup_printf ("day %s", title);
    }
  if (VCT_IS_SONG_ROW (row))
    {
      g_autofree char *title = tlm_row_title (row);
      return g_strdup_printf ("song \"%s\"", title);
    }
  return g_strdup (G_OBJECT_TYPE_NAME (row));
}

static char *
tlm_photo_key (const TlmPhoto *photo)
{
  return g_strdup_printf ("photo %" G_GINT64_FORMAT " \"%s\"", photo->id, photo->title);
}

/* The keys of @photos, as a GPtrArray of char *. */
static GPtrArray *
tlm_photo_keys (GPtrArray *photos)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < photos->len; i++)
    g_ptr_array_add (keys, tlm_photo_key (g_ptr_array_index (photos, i)));
  return keys;
}

/* g_list_model_get_item, which must be a row. Transfer full. */
static VctRow *
tlm_get (GListModel *list, guint position)
{
  gpointer item = g_list_model_get_item (list, position);

  g_assert_nonnull (item);
  g_assert_true (VCT_IS_ROW (item));
  return item;
}

/* Counts finalizations (g_object_weak_ref). */
static void
tlm_count_weak_notify (gpointer data, GObject *where_the_object_was)
{
  (void) where_the_object_was;
  (*(guint *) data)++;
}

/* Runs the case in a GTest subprocess, so that its failure (a known library bug it
 * probes) fails this case alone and the cases after it still run. The subprocess's
 * stderr (the failed assertion) is passed through. */
static void
tlm_in_subprocess (void (*body) (void))
{
  if (g_test_subprocess ())
    {
      body ();
      return;
    }
  g_test_trap_subprocess (NULL, (guint64) vct_test_scale (60, 600) * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  if (!g_test_trap_has_passed ())
    g_test_fail_printf ("the case failed in its subprocess (its assertion is on stderr above): %s",
                        g_test_get_path ());
}

/* ------------------------------------------------------------------ the table fixture */

/* A table model over a FakeApi (TableFixture), with a did-reload-data callback that also
 * checks the rows are in the list when it runs. */
typedef struct
{
  TableFixture  base;
  VctListModel *list;   /* borrowed from the model */
  gboolean      check_list_on_reload;
} TlmFixture;

static void
tlm_on_reload (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  TlmFixture *fx = user_data;

  recorder_on_reload (items, n_items, &fx->base.rec);
  if (!fx->check_list_on_reload)
    return;
  /* "The rows are in the list by then". */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fx->list)), ==, n_items);
  for (gsize i = 0; i < n_items; i++)
    {
      g_autoptr (VctRow) row = tlm_get (G_LIST_MODEL (fx->list), (guint) i);
      g_assert_cmpint (tlm_row_id (row), ==, vct_cell_data_get_id (items[i]));
    }
}

static void
tlm_fixture_setup (TlmFixture *fx)
{
  table_fixture_setup (&fx->base);
  fx->list = vct_table_model_get_list (fx->base.model);
  g_assert_nonnull (fx->list);
  fx->check_list_on_reload = TRUE;
  vct_table_model_set_did_reload_data (fx->base.model, tlm_on_reload, fx, NULL);
}

static void
tlm_fixture_teardown (TlmFixture *fx)
{
  fx->list = NULL;
  table_fixture_teardown (&fx->base);
}

/* Reloads, completes the request with @json, and runs the loop until the reload is
 * reported; it must succeed. */
static void
tlm_load_json (TlmFixture *fx, const char *json)
{
  gint done = recorder_n_done (&fx->base.rec);
  gint errors = g_atomic_int_get (&fx->base.rec.n_errors);
  VctApiRequest *request;

  vct_table_model_reload_data (fx->base.model);
  request = fake_api_wait_request (&fx->base.fake, NULL);
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx->base.rec, NULL, done + 1);
  if (g_atomic_int_get (&fx->base.rec.n_errors) != errors)
    g_error ("the reload failed: %s", fx->base.rec.last_error);
}

static void
tlm_load (TlmFixture *fx, GPtrArray *photos)
{
  g_autofree char *json = tlm_photos_json (photos);
  tlm_load_json (fx, json);
}

static void
tlm_load_ids (TlmFixture *fx, const gint64 *ids, guint n)
{
  GPtrArray *photos = tlm_photos_from_ids (ids, n);
  tlm_load (fx, photos);
  g_ptr_array_unref (photos);
}

/* The flat position of the first photo row with @id, or -1. */
static gint
tlm_find_id (GListModel *list, gint64 id)
{
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = tlm_get (list, i);
      if (tlm_row_id (row) == id)
        return (gint) i;
    }
  return -1;
}

/* ------------------------------------------------------------------ the consumer's copy */

/* One item of the copy: the row object when the consumer holds it, and what it showed. */
typedef struct
{
  VctRow *row;  /* a reference, or NULL once the consumer dropped it */
  char   *key;  /* tlm_row_key when fetched (brought up to date after each reload) */
} TlmEntry;

static void
tlm_entry_free (gpointer data)
{
  TlmEntry *entry = data;

  g_clear_object (&entry->row);
  g_free (entry->key);
  g_free (entry);
}

/* A view's copy of a list, kept from items-changed alone (items read inside the
 * handler), checked against the list after every run. */
typedef struct
{
  GListModel *list;
  GThread    *thread;        /* the list's context thread */
  GPtrArray  *entries;       /* TlmEntry * */
  GRand      *rand;          /* decides which rows are held */
  guint       keep_percent;  /* how many fetched rows are held, in percent */
  /* The list the reload in flight leads to (char * keys), or NULL when unknown; strict:
   * no identity occurs twice, so a dropped row's identity has no live object. */
  GPtrArray  *expected;
  gboolean    strict;
  /* Counts since tlm_mirror_reset. */
  guint       n_runs;
  guint       n_count_changes;  /* runs with removed != added */
  guint       n_notifies;       /* notify::n-items */
  guint       n_trimmable;      /* runs whose first or last removed item is the added one */
  GString    *runs;             /* "(p,r,a)" each */
  /* Totals. */
  guint       total_runs;
  gint        wrong_thread;
  gulong      items_handler;
  gulong      notify_handler;
} TlmMirror;

/* Whether the removed entry @gone and the added entry @added show the same identity. */
static gboolean
tlm_same_identity (TlmEntry *gone, TlmEntry *added)
{
  if (gone->row != NULL && added->row != NULL)
    return gone->row == added->row;
  if (g_str_has_prefix (gone->key, "photo ") && g_str_has_prefix (added->key, "photo "))
    return g_ascii_strtoll (gone->key + 6, NULL, 10) == g_ascii_strtoll (added->key + 6, NULL, 10);
  return strcmp (gone->key, added->key) == 0;
}

/* The ranges vct_list_model_get_section gives partition [0, n). */
static void
tlm_assert_sections_partition (VctListModel *list, guint n)
{
  guint position = 0;

  while (position < n)
    {
      guint start = G_MAXUINT, end = G_MAXUINT;
      guint section = vct_list_model_get_section (list, position, &start, &end);

      g_assert_cmpuint (section, <, G_MAXUINT);
      g_assert_cmpuint (start, ==, position);
      g_assert_cmpuint (end, >, position);
      g_assert_cmpuint (end, <=, n);
      position = end;
    }
  {
    guint start = 0, end = 0;
    vct_list_model_get_section (list, n, &start, &end);
    g_assert_cmpuint (start, ==, n);
    g_assert_cmpuint (end, ==, n);
  }
}

/* Whether the copy holds @row at some position. */
static gboolean
tlm_mirror_holds (TlmMirror *mirror, VctRow *row)
{
  for (guint i = 0; i < mirror->entries->len; i++)
    if (((TlmEntry *) g_ptr_array_index (mirror->entries, i))->row == row)
      return TRUE;
  return FALSE;
}

/* After a run: the copy is the list, as far as a consumer can tell.
 *
 * A dropped row is compared by what it shows (strict) unless its identity may have a live
 * object: one that occurs twice (duplicate ids), or one the copy holds elsewhere, which
 * happens for a moved row between the run that adds it at its new place and the one that
 * removes it from the old. The list then hands out that object, which shows the old
 * content until the batch's runs are over (its `notify` comes then): only the identity
 * is compared. */
static void
tlm_mirror_check_now (TlmMirror *mirror, guint new_end)
{
  guint n = g_list_model_get_n_items (mirror->list);

  g_assert_cmpuint (n, ==, mirror->entries->len);
  for (guint i = 0; i < n; i++)
    {
      TlmEntry *entry = g_ptr_array_index (mirror->entries, i);
      g_autoptr (VctRow) row = tlm_get (mirror->list, i);

      if (entry->row != NULL)
        {
          /* A held row: the list gives the same object. */
          g_assert_true (row == entry->row);
          continue;
        }
      if (i >= new_end)
        {
          /* Not reached by the runs yet: the list still shows the old item. */
          g_autofree char *key = tlm_row_key (row);
          if (mirror->strict && !tlm_mirror_holds (mirror, row))
            g_assert_cmpstr (key, ==, entry->key);
          else
            g_assert_true (tlm_same_identity (entry, &(TlmEntry) { NULL, key }));
        }
      else if (mirror->expected != NULL)
        {
          /* Already the new list. */
          g_autofree char *key = tlm_row_key (row);
          TlmEntry want = { NULL, g_ptr_array_index (mirror->expected, i) };

          g_assert_cmpuint (i, <, mirror->expected->len);
          if (mirror->strict && !tlm_mirror_holds (mirror, row))
            g_assert_cmpstr (key, ==, want.key);
          else
            g_assert_true (tlm_same_identity (&want, &(TlmEntry) { NULL, key }));
          g_assert_true (tlm_same_identity (&want, entry));
        }
    }
  tlm_assert_sections_partition (VCT_LIST_MODEL (mirror->list), n);
}

static void
tlm_mirror_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  TlmMirror *mirror = data;
  g_autoptr (GPtrArray) gone = g_ptr_array_new_with_free_func (tlm_entry_free);

  if (g_thread_self () != mirror->thread)
    g_atomic_int_inc (&mirror->wrong_thread);
  g_assert_true (list == mirror->list);
  g_assert_true (removed > 0 || added > 0);
  g_assert_cmpuint (position + removed, <=, mirror->entries->len);
  /* GTK's rule: the list already reads as this run left it. */
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, mirror->entries->len - removed + added);

  g_string_append_printf (mirror->runs, "(%u,%u,%u)", position, removed, added);
  mirror->n_runs++;
  mirror->total_runs++;
  if (removed != added)
    mirror->n_count_changes++;

  for (guint i = 0; i < removed; i++)
    g_ptr_array_add (gone, g_ptr_array_steal_index (mirror->entries, position));
  for (guint i = 0; i < added; i++)
    {
      TlmEntry *entry = g_new0 (TlmEntry, 1);
      VctRow *row = tlm_get (list, position + i);

      entry->key = tlm_row_key (row);
      if (mirror->rand == NULL || (guint) g_rand_int_range (mirror->rand, 0, 100) < mirror->keep_percent)
        entry->row = row;
      else
        g_object_unref (row);
      g_ptr_array_insert (mirror->entries, (gint) (position + i), entry);
    }
  if (removed > 0 && added > 0 &&
      (tlm_same_identity (g_ptr_array_index (gone, 0), g_ptr_array_index (mirror->entries, position)) ||
       tlm_same_identity (g_ptr_array_index (gone, removed - 1),
                          g_ptr_array_index (mirror->entries, position + added - 1))))
    mirror->n_trimmable++;
  g_clear_pointer (&gone, g_ptr_array_unref);

  tlm_mirror_check_now (mirror, position + added);
}

static void
tlm_mirror_n_items_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  TlmMirror *mirror = data;
  guint n = 0;

  g_assert_cmpstr (g_param_spec_get_name (pspec), ==, "n-items");
  if (g_thread_self () != mirror->thread)
    g_atomic_int_inc (&mirror->wrong_thread);
  g_object_get (object, "n-items", &n, NULL);
  g_assert_cmpuint (n, ==, mirror->entries->len);
  g_assert_cmpuint (g_list_model_get_n_items (mirror->list), ==, mirror->entries->len);
  mirror->n_notifies++;
}

static void
tlm_mirror_reset (TlmMirror *mirror)
{
  mirror->n_runs = 0;
  mirror->n_count_changes = 0;
  mirror->n_notifies = 0;
  mirror->n_trimmable = 0;
  g_string_truncate (mirror->runs, 0);
}

/* Starts a copy of @list (read now), holding @keep_percent of the rows it fetches
 * (chosen by @rand; NULL: all). */
static void
tlm_mirror_init (TlmMirror *mirror, VctListModel *list, GRand *rand, guint keep_percent)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  memset (mirror, 0, sizeof *mirror);
  mirror->list = G_LIST_MODEL (list);
  mirror->thread = g_thread_self ();
  mirror->entries = g_ptr_array_new_with_free_func (tlm_entry_free);
  mirror->rand = rand;
  mirror->keep_percent = keep_percent;
  mirror->strict = TRUE;
  mirror->runs = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      TlmEntry *entry = g_new0 (TlmEntry, 1);
      entry->row = tlm_get (mirror->list, i);
      entry->key = tlm_row_key (entry->row);
      g_ptr_array_add (mirror->entries, entry);
    }
  mirror->items_handler = g_signal_connect (list, "items-changed", G_CALLBACK (tlm_mirror_items_changed), mirror);
  mirror->notify_handler = g_signal_connect (list, "notify::n-items", G_CALLBACK (tlm_mirror_n_items_notify), mirror);
}

static void
tlm_mirror_clear (TlmMirror *mirror)
{
  g_assert_cmpint (g_atomic_int_get (&mirror->wrong_thread), ==, 0);
  g_signal_handler_disconnect (mirror->list, mirror->items_handler);
  g_signal_handler_disconnect (mirror->list, mirror->notify_handler);
  g_clear_pointer (&mirror->entries, g_ptr_array_unref);
  g_string_free (mirror->runs, TRUE);
  mirror->runs = NULL;
}

/* After a reload: the copy is @keys, the list shows @keys (held objects included: their
 * content was re-pointed by now), and the copy's keys are brought up to date. */
static void
tlm_mirror_check_final (TlmMirror *mirror, GPtrArray *keys)
{
  guint n = g_list_model_get_n_items (mirror->list);
  guint n_property = 0;

  g_object_get (mirror->list, "n-items", &n_property, NULL);
  g_assert_cmpuint (n_property, ==, n);
  g_assert_cmpuint (mirror->entries->len, ==, keys->len);
  g_assert_cmpuint (n, ==, keys->len);
  g_assert_null (g_list_model_get_item (mirror->list, n));
  for (guint i = 0; i < n; i++)
    {
      TlmEntry *entry = g_ptr_array_index (mirror->entries, i);
      g_autoptr (VctRow) row = tlm_get (mirror->list, i);
      g_autofree char *key = tlm_row_key (row);
      const char *want = g_ptr_array_index (keys, i);

      if (entry->row != NULL)
        {
          g_assert_true (row == entry->row);
        }
      g_assert_cmpstr (key, ==, want);
      g_assert_true (tlm_same_identity (&(TlmEntry) { NULL, (char *) want }, entry));
      g_free (entry->key);
      entry->key = g_strdup (want);
    }
  tlm_assert_sections_partition (VCT_LIST_MODEL (mirror->list), n);
}

/* ------------------------------------------------------------------ /list-model/type */

static void
tlm_assert_property (GObjectClass *klass, const char *name, GType value_type)
{
  GParamSpec *pspec = g_object_class_find_property (klass, name);

  if (pspec == NULL)
    g_error ("%s has no property %s", G_OBJECT_CLASS_NAME (klass), name);
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (pspec) == value_type);
  g_assert_true ((pspec->flags & G_PARAM_READABLE) != 0);
  g_assert_true ((pspec->flags & G_PARAM_WRITABLE) == 0);
}

typedef struct
{
  const char *name;
  GType       type;
} TlmPropertySpec;

static void
tlm_assert_row_class (GType type, const TlmPropertySpec *properties, guint n_properties)
{
  GObjectClass *klass;

  g_assert_true (g_type_is_a (type, VCT_TYPE_ROW));
  g_assert_true (type != VCT_TYPE_ROW);
  g_assert_true (G_TYPE_IS_FINAL (type));
  g_assert_false (G_TYPE_IS_ABSTRACT (type));
  g_assert_false (G_TYPE_IS_DERIVABLE (type) && !G_TYPE_IS_FINAL (type));
  klass = g_type_class_ref (type);
  tlm_assert_property (klass, "kind", G_TYPE_STRING);
  tlm_assert_property (klass, "role", VCT_TYPE_ROW_ROLE);
  for (guint i = 0; i < n_properties; i++)
    tlm_assert_property (klass, properties[i].name, properties[i].type);
  g_type_class_unref (klass);
}

static void
test_type (void)
{
  TlmFixture fx;
  GListModel *list;
  GType item_type = G_TYPE_INVALID;
  guint n_items = G_MAXUINT;
  guint finalized = 0;
  const TlmPropertySpec photo[] = {
    { "entry", G_TYPE_STRING }, { "title", G_TYPE_STRING }, { "id", G_TYPE_INT64 },
    { "album-id", G_TYPE_INT64 }, { "url", G_TYPE_STRING }, { "thumbnail-url", G_TYPE_STRING },
    { "thumbnail", VCT_TYPE_IMAGE }, { "image", VCT_TYPE_IMAGE },
  };
  const TlmPropertySpec member[] = {
    { "name", G_TYPE_STRING }, { "avatar-url", G_TYPE_STRING }, { "follow-state", VCT_TYPE_FOLLOW_STATE },
    { "button-hidden", G_TYPE_BOOLEAN }, { "button-enabled", G_TYPE_BOOLEAN }, { "spinning", G_TYPE_BOOLEAN },
    { "avatar", VCT_TYPE_IMAGE },
  };
  const TlmPropertySpec feed_photo[] = {
    { "title", G_TYPE_STRING }, { "description", G_TYPE_STRING }, { "image-url", G_TYPE_STRING },
    { "date", G_TYPE_STRING }, { "image", VCT_TYPE_IMAGE },
  };
  const TlmPropertySpec day_header[] = { { "title", G_TYPE_STRING } };
  const TlmPropertySpec song[] = {
    { "title", G_TYPE_STRING }, { "subtitle", G_TYPE_STRING }, { "duration", G_TYPE_STRING },
    { "mode", G_TYPE_STRING },
  };
  GObjectClass *row_class;

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);

  /* The list: a final GObject implementing GListModel, items VctRow. */
  g_assert_true (G_IS_LIST_MODEL (list));
  g_assert_true (VCT_IS_LIST_MODEL (list));
  g_assert_true (G_IS_OBJECT (list));
  g_assert_true (g_type_is_a (VCT_TYPE_LIST_MODEL, G_TYPE_LIST_MODEL));
  g_assert_true (G_TYPE_IS_FINAL (VCT_TYPE_LIST_MODEL));
  g_assert_true (G_OBJECT_TYPE (list) == VCT_TYPE_LIST_MODEL);
  g_assert_true (g_list_model_get_item_type (list) == VCT_TYPE_ROW);
  g_object_get (list, "item-type", &item_type, "n-items", &n_items, NULL);
  g_assert_true (item_type == VCT_TYPE_ROW);
  g_assert_cmpuint (n_items, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);
  g_assert_null (g_list_model_get_item (list, 0));

  /* VctRow: abstract, derivable, a GObject, with `kind` and `role`. */
  g_assert_true (G_TYPE_IS_ABSTRACT (VCT_TYPE_ROW));
  g_assert_true (G_TYPE_IS_DERIVABLE (VCT_TYPE_ROW));
  g_assert_false (G_TYPE_IS_FINAL (VCT_TYPE_ROW));
  g_assert_true (g_type_is_a (VCT_TYPE_ROW, G_TYPE_OBJECT));
  row_class = g_type_class_ref (VCT_TYPE_ROW);
  tlm_assert_property (row_class, "kind", G_TYPE_STRING);
  tlm_assert_property (row_class, "role", VCT_TYPE_ROW_ROLE);
  g_type_class_unref (row_class);

  /* Each subclass: final, with its documented read-only properties. */
  tlm_assert_row_class (VCT_TYPE_PHOTO_ROW, photo, G_N_ELEMENTS (photo));
  tlm_assert_row_class (VCT_TYPE_MEMBER_ROW, member, G_N_ELEMENTS (member));
  tlm_assert_row_class (VCT_TYPE_FEED_PHOTO_ROW, feed_photo, G_N_ELEMENTS (feed_photo));
  tlm_assert_row_class (VCT_TYPE_DAY_HEADER_ROW, day_header, G_N_ELEMENTS (day_header));
  tlm_assert_row_class (VCT_TYPE_SONG_ROW, song, G_N_ELEMENTS (song));
  g_assert_true (G_TYPE_IS_ENUM (VCT_TYPE_ROW_ROLE));
  g_assert_true (G_TYPE_IS_ENUM (VCT_TYPE_FOLLOW_STATE));

  /* g_autoptr for both: a reference of our own on the list, and a row. */
  {
    static const gint64 ids[] = { 3, 1, 2 };
    tlm_load_ids (&fx, ids, G_N_ELEMENTS (ids));
  }
  {
    g_autoptr (VctListModel) held = g_object_ref (fx.list);
    g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (held), 0);

    g_assert_nonnull (row);
    g_assert_true (VCT_IS_PHOTO_ROW (row));
    g_assert_true (G_OBJECT_TYPE (row) == VCT_TYPE_PHOTO_ROW);
    g_assert_cmpint (tlm_row_id (row), ==, 3);
    g_object_weak_ref (G_OBJECT (row), tlm_count_weak_notify, &finalized);
    g_object_get (held, "n-items", &n_items, NULL);
    g_assert_cmpuint (n_items, ==, 3);
  }
  /* Both cleanups ran: the row (which only we held) is gone, the list is still there. */
  g_assert_cmpuint (finalized, ==, 1);
  g_assert_true (VCT_IS_LIST_MODEL (fx.list));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fx.list)), ==, 3);

  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/first-load */

/* Logs items-changed runs and n-items notifies. */
typedef struct
{
  GListModel *list;
  GString    *runs;
  guint       n_runs;
  guint       n_notifies;
  guint       n_items_in_handler;  /* get_n_items during the last run */
  gint        wrong_thread;
  GThread    *thread;
  gulong      items_handler;
  gulong      notify_handler;
} TlmRunLog;

static void
tlm_run_log_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  TlmRunLog *log = data;

  if (g_thread_self () != log->thread)
    g_atomic_int_inc (&log->wrong_thread);
  g_string_append_printf (log->runs, "(%u,%u,%u)", position, removed, added);
  log->n_runs++;
  log->n_items_in_handler = g_list_model_get_n_items (list);
}

static void
tlm_run_log_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  TlmRunLog *log = data;

  (void) object;
  (void) pspec;
  if (g_thread_self () != log->thread)
    g_atomic_int_inc (&log->wrong_thread);
  log->n_notifies++;
}

static void
tlm_run_log_init (TlmRunLog *log, VctListModel *list)
{
  memset (log, 0, sizeof *log);
  log->list = G_LIST_MODEL (list);
  log->runs = g_string_new (NULL);
  log->thread = g_thread_self ();
  log->items_handler = g_signal_connect (list, "items-changed", G_CALLBACK (tlm_run_log_items_changed), log);
  log->notify_handler = g_signal_connect (list, "notify::n-items", G_CALLBACK (tlm_run_log_notify), log);
}

static void
tlm_run_log_reset (TlmRunLog *log)
{
  g_string_truncate (log->runs, 0);
  log->n_runs = 0;
  log->n_notifies = 0;
}

static void
tlm_run_log_clear (TlmRunLog *log)
{
  g_assert_cmpint (g_atomic_int_get (&log->wrong_thread), ==, 0);
  g_signal_handler_disconnect (log->list, log->items_handler);
  g_signal_handler_disconnect (log->list, log->notify_handler);
  g_string_free (log->runs, TRUE);
}

static void
test_first_load (void)
{
  TlmFixture fx;
  TlmRunLog log;
  GListModel *list;
  g_autofree char *json = vct_test_photos_json (1, 50);
  char *expected_runs;

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_run_log_init (&log, fx.list);

  tlm_load_json (&fx, json);
  settle_loop (NULL);

  /* One run covering everything, read as the whole list inside it; n-items once. */
  expected_runs = g_strdup_printf ("(0,0,%u)", 50);
  g_assert_cmpstr (log.runs->str, ==, expected_runs);
  g_free (expected_runs);
  g_assert_cmpuint (log.n_items_in_handler, ==, 50);
  g_assert_cmpuint (log.n_notifies, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 50);

  for (guint i = 0; i < 50; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (list, i);
      gint64 id = i + 1;
      g_autofree char *entry = NULL, *title = NULL, *url = NULL, *thumbnail_url = NULL, *kind = NULL;
      g_autofree char *want_title = g_strdup_printf ("photo %" G_GINT64_FORMAT, id);
      g_autofree char *want_url = g_strdup_printf ("https://example.com/600/%" G_GINT64_FORMAT ".png", id);
      g_autofree char *want_thumbnail = g_strdup_printf ("https://example.com/150/%" G_GINT64_FORMAT ".png", id);
      g_autofree char *want_entry = g_strdup_printf ("Entry ID: %" G_GINT64_FORMAT, id);
      gint64 got_id = 0, album_id = 0;
      VctRowRole role = VCT_ROW_ROLE_FOOTER;

      g_assert_nonnull (row);
      g_assert_true (VCT_IS_PHOTO_ROW (row));
      g_object_get (row, "entry", &entry, "title", &title, "id", &got_id, "album-id", &album_id, "url", &url,
                    "thumbnail-url", &thumbnail_url, "kind", &kind, "role", &role, NULL);
      g_assert_cmpint (got_id, ==, id);
      g_assert_cmpint (album_id, ==, (id - 1) / 50 + 1);
      g_assert_cmpstr (title, ==, want_title);
      g_assert_cmpstr (url, ==, want_url);
      g_assert_cmpstr (thumbnail_url, ==, want_thumbnail);
      /* `entry` is the row's text as the cell shows it (PhotoCellViewModel.entryText). */
      g_assert_cmpstr (entry, ==, want_entry);
      g_assert_cmpstr (kind, ==, "PhotoCellView");
      g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoCellView");
      g_assert_cmpint (role, ==, VCT_ROW_ROLE_ITEM);
      g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_ITEM);
    }
  /* Past the end: NULL. */
  g_assert_null (g_list_model_get_item (list, 50));
  g_assert_null (g_list_model_get_item (list, 51));
  g_assert_null (g_list_model_get_item (list, G_MAXUINT));

  /* The same document again: nothing changes, nothing is reported. */
  tlm_run_log_reset (&log);
  tlm_load_json (&fx, json);
  settle_loop (NULL);
  g_assert_cmpstr (log.runs->str, ==, "");
  g_assert_cmpuint (log.n_notifies, ==, 0);

  tlm_run_log_clear (&log);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/conformance */

/* VCT_TEST_SEED, or @fallback when unset. */
static guint
tlm_seed (guint fallback)
{
  const char *text = g_getenv ("VCT_TEST_SEED");
  guint64 seed;

  if (text == NULL || *text == '\0')
    return fallback;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &seed, NULL))
    g_error ("VCT_TEST_SEED=%s: not a number", text);
  return (guint) seed;
}

/* An id of the pool that @photos lacks, or -1 when it has them all. */
static gint64
tlm_unused_id (GRand *rand, GPtrArray *photos)
{
  gint64 start = g_rand_int_range (rand, 1, TLM_ID_POOL + 1);

  for (gint64 k = 0; k < TLM_ID_POOL; k++)
    {
      gint64 id = (start - 1 + k) % TLM_ID_POOL + 1;
      if (!tlm_photos_contain (photos, id))
        return id;
    }
  return -1;
}

static guint
tlm_index (GRand *rand, guint n)
{
  return (guint) g_rand_int_range (rand, 0, (gint32) n);
}

/* Sets the title of every record with @id (duplicates stay identical records). */
static void
tlm_photos_retitle (GPtrArray *photos, gint64 id, const char *title)
{
  for (guint i = 0; i < photos->len; i++)
    {
      TlmPhoto *photo = g_ptr_array_index (photos, i);
      if (photo->id == id)
        {
          g_free (photo->title);
          photo->title = g_strdup (title);
        }
    }
}

/* How tlm_next_photos repeats ids. */
enum
{
  TLM_NO_DUPLICATES,
  TLM_SAME_DUPLICATES,      /* a repeated id is the same record again */
  TLM_DISTINCT_DUPLICATES   /* a repeated id has a title of its own, edited on its own */
};

/* The next document of a round: @previous changed at random (reorders, inserts, deletes,
 * title edits, duplicate ids at times), sometimes replaced, emptied or left as it is.
 * @duplicates: whether duplicate ids may appear (TLM_*_DUPLICATES): identical records,
 * or records with the same id and their own content, as real documents have them (pages
 * that overlap, a re-posted entry with a new title). */
static GPtrArray *
tlm_next_photos (GRand *rand, GPtrArray *previous, guint round, guint duplicates)
{
  GPtrArray *next;
  guint choice = tlm_index (rand, 100);

  if (choice < 4)
    return tlm_photos_new ();  /* everything goes */
  if (choice < 10)
    {
      /* A new document, from the pool, in a random order. */
      guint n = tlm_index (rand, 30);
      next = tlm_photos_new ();
      while (next->len < n)
        {
          gint64 id = tlm_unused_id (rand, next);
          g_ptr_array_insert (next, (gint) tlm_index (rand, next->len + 1), tlm_photo_new (id, NULL));
        }
      return next;
    }
  next = tlm_photos_copy (previous);
  if (choice < 16)
    return next;  /* the same again */

  for (guint op = 0, n_ops = 1 + tlm_index (rand, 5); op < n_ops; op++)
    {
      guint kind = tlm_index (rand, duplicates != TLM_NO_DUPLICATES ? 13 : 11);

      switch (kind)
        {
        case 0:
        case 1: /* delete */
          if (next->len > 0)
            g_ptr_array_remove_index (next, tlm_index (rand, next->len));
          break;

        case 2:
        case 3: /* insert a new id */
          {
            gint64 id = tlm_unused_id (rand, next);
            if (id > 0)
              g_ptr_array_insert (next, (gint) tlm_index (rand, next->len + 1), tlm_photo_new (id, NULL));
          }
          break;

        case 4:
        case 5: /* move one */
          if (next->len > 1)
            {
              TlmPhoto *photo = g_ptr_array_steal_index (next, tlm_index (rand, next->len));
              g_ptr_array_insert (next, (gint) tlm_index (rand, next->len + 1), photo);
            }
          break;

        case 6: /* reverse a range */
          if (next->len > 1)
            {
              guint a = tlm_index (rand, next->len), b = tlm_index (rand, next->len);
              guint low = MIN (a, b), high = MAX (a, b);
              while (low < high)
                {
                  gpointer swap = next->pdata[low];
                  next->pdata[low++] = next->pdata[high];
                  next->pdata[high--] = swap;
                }
            }
          break;

        case 7:
        case 8: /* edit a title in place */
          if (next->len > 0)
            {
              TlmPhoto *photo = g_ptr_array_index (next, tlm_index (rand, next->len));
              g_autofree char *title = g_strdup_printf ("photo %" G_GINT64_FORMAT " r%u%s", photo->id, round,
                                                        tlm_index (rand, 4) == 0 ? " caf\xc3\xa9 \xe2\x9c\x93" : "");
              if (duplicates == TLM_DISTINCT_DUPLICATES)
                {
                  g_free (photo->title);
                  photo->title = g_strdup (title);
                }
              else
                tlm_photos_retitle (next, photo->id, title);
            }
          break;

        case 9: /* move one and edit it */
          if (next->len > 1)
            {
              TlmPhoto *photo = g_ptr_array_steal_index (next, tlm_index (rand, next->len));
              g_autofree char *title = g_strdup_printf ("photo %" G_GINT64_FORMAT " moved r%u", photo->id, round);
              g_ptr_array_insert (next, (gint) tlm_index (rand, next->len + 1), photo);
              if (duplicates == TLM_DISTINCT_DUPLICATES)
                {
                  g_free (photo->title);
                  photo->title = g_strdup (title);
                }
              else
                tlm_photos_retitle (next, photo->id, title);
            }
          break;

        case 10: /* swap two */
          if (next->len > 1)
            {
              guint a = tlm_index (rand, next->len), b = tlm_index (rand, next->len);
              gpointer swap = next->pdata[a];
              next->pdata[a] = next->pdata[b];
              next->pdata[b] = swap;
            }
          break;

        case 11: /* a duplicate id: the same record again, or one of its own */
          if (next->len > 0)
            {
              TlmPhoto *photo = g_ptr_array_index (next, tlm_index (rand, next->len));
              g_autofree char *title = duplicates == TLM_DISTINCT_DUPLICATES
                ? g_strdup_printf ("photo %" G_GINT64_FORMAT " again r%u.%u", photo->id, round, op)
                : g_strdup (photo->title);
              g_ptr_array_insert (next, (gint) tlm_index (rand, next->len + 1), tlm_photo_new (photo->id, title));
            }
          break;

        default: /* drop duplicates, keeping first occurrences */
          for (guint i = 0; i < next->len; i++)
            for (guint j = next->len; j-- > i + 1;)
              if (((TlmPhoto *) g_ptr_array_index (next, j))->id == ((TlmPhoto *) g_ptr_array_index (next, i))->id)
                g_ptr_array_remove_index (next, j);
          break;
        }
    }
  return next;
}

/* The table model's own items (VctCellData) are @photos too. */
static void
tlm_assert_cells (VctTableModel *model, GPtrArray *photos)
{
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, photos->len);
  for (guint i = 0; i < photos->len; i++)
    {
      TlmPhoto *photo = g_ptr_array_index (photos, i);
      VctCellData *cell = vct_table_model_get_item (model, i);

      g_assert_nonnull (cell);
      g_assert_cmpint (vct_cell_data_get_id (cell), ==, photo->id);
      g_assert_cmpstr (vct_cell_data_get_title (cell), ==, photo->title);
    }
}

typedef struct
{
  guint rounds;
  guint errors;
  guint superseded;
  guint unchanged;
  guint with_duplicates;
  guint runs;
  guint trimmable_with_duplicates;
} TlmStats;

/* One reload of a conformance round, succeeding with @next. */
static void
tlm_round_load (TlmFixture *fx, TlmMirror *mirror, GRand *rand, GPtrArray *previous, GPtrArray *next,
                guint round, TlmStats *stats)
{
  g_autofree char *json = tlm_photos_json (next);
  g_autoptr (GPtrArray) keys = tlm_photo_keys (next);
  gboolean duplicates = tlm_photos_have_duplicates (previous) || tlm_photos_have_duplicates (next);
  gboolean same = previous->len == next->len;
  gint done = recorder_n_done (&fx->base.rec);
  gint errors = g_atomic_int_get (&fx->base.rec.n_errors);
  VctApiRequest *request;

  for (guint i = 0; same && i < next->len; i++)
    {
      TlmPhoto *a = g_ptr_array_index (previous, i), *b = g_ptr_array_index (next, i);
      same = a->id == b->id && strcmp (a->title, b->title) == 0;
    }
  tlm_mirror_reset (mirror);
  mirror->expected = keys;
  mirror->strict = !duplicates;

  vct_table_model_reload_data (fx->base.model);
  request = fake_api_wait_request (&fx->base.fake, NULL);
  if (tlm_index (rand, 10) == 0)
    {
      /* Superseded: a second reload while the first is out; the first's late result
       * (another document) is dropped. */
      VctApiRequest *latest;
      g_autoptr (GPtrArray) other = tlm_next_photos (rand, next, round + 100000, TLM_NO_DUPLICATES);
      g_autofree char *other_json = tlm_photos_json (other);

      vct_table_model_reload_data (fx->base.model);
      latest = fake_api_wait_request (&fx->base.fake, NULL);
      vct_api_request_return_json (request, other_json, -1);
      request = latest;
      stats->superseded++;
    }
  vct_api_request_return_json (request, json, -1);
  recorder_wait_done (&fx->base.rec, NULL, done + 1);
  iterate_pending (NULL);
  g_assert_cmpint (recorder_n_done (&fx->base.rec), ==, done + 1);
  if (g_atomic_int_get (&fx->base.rec.n_errors) != errors)
    g_error ("round %u: the reload failed: %s", round, fx->base.rec.last_error);
  mirror->expected = NULL;

  tlm_mirror_check_final (mirror, keys);
  tlm_assert_cells (fx->base.model, next);
  /* n-items: one notify per run that changed the count. */
  g_assert_cmpuint (mirror->n_notifies, ==, mirror->n_count_changes);
  if (same)
    {
      g_assert_cmpuint (mirror->n_runs, ==, 0);
      stats->unchanged++;
    }
  if (!duplicates)
    {
      /* A run never removes and re-adds a row with the same identity at its edge: that
       * row is kept (with a notify if its content changed). */
      if (mirror->n_trimmable != 0)
        {
          g_autofree char *message = g_strdup_printf ("round %u: %u run(s) replaced a row by itself at an edge: %s",
                                                      round, mirror->n_trimmable, mirror->runs->str);
          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, message);
        }
    }
  else
    {
      stats->with_duplicates++;
      stats->trimmable_with_duplicates += mirror->n_trimmable;
    }
  stats->runs += mirror->n_runs;
}

/* One failing reload: the list does not change. */
static void
tlm_round_error (TlmFixture *fx, TlmMirror *mirror, GRand *rand, GPtrArray *current, guint round)
{
  g_autoptr (GPtrArray) keys = tlm_photo_keys (current);
  gint done = recorder_n_done (&fx->base.rec);
  gint errors = g_atomic_int_get (&fx->base.rec.n_errors);
  VctApiRequest *request;

  tlm_mirror_reset (mirror);
  mirror->expected = keys;
  mirror->strict = !tlm_photos_have_duplicates (current);
  vct_table_model_reload_data (fx->base.model);
  request = fake_api_wait_request (&fx->base.fake, NULL);
  switch (tlm_index (rand, 3))
    {
    case 0:
      vct_test_return_error (request, VCT_ERROR_FAILED, "round failed");
      break;
    case 1:
      vct_api_request_return_json (request, "[{\"albumId\": 1, \"id\": ", -1);
      break;
    default:
      vct_api_request_return_json (request, "{\"not\": \"an array\"}", -1);
      break;
    }
  recorder_wait_done (&fx->base.rec, NULL, done + 1);
  iterate_pending (NULL);
  g_assert_cmpint (g_atomic_int_get (&fx->base.rec.n_errors), ==, errors + 1);
  mirror->expected = NULL;
  if (mirror->n_runs != 0 || mirror->n_notifies != 0)
    g_error ("round %u: a failed reload changed the list: %s", round, mirror->runs->str);
  tlm_mirror_check_final (mirror, keys);
  tlm_assert_cells (fx->base.model, current);
}

static void
test_conformance (void)
{
  TlmFixture fx;
  TlmMirror mirror;
  TlmStats stats = { 0 };
  guint seed = tlm_seed (TLM_DEFAULT_SEED);
  guint rounds = vct_test_env_uint ("VCT_TEST_ROUNDS", vct_test_scale (300, 40));
  GRand *rand = g_rand_new_with_seed (seed);
  GPtrArray *current = tlm_photos_new ();

  g_test_message ("seed %u (VCT_TEST_SEED), %u rounds", seed, rounds);
  tlm_fixture_setup (&fx);
  tlm_mirror_init (&mirror, fx.list, rand, 50);

  for (guint round = 0; round < rounds; round++)
    {
      stats.rounds++;
      /* A failing reload every tenth round, and some at random. */
      if (round % 10 == 7 || (round > 0 && tlm_index (rand, 100) < 6))
        {
          tlm_round_error (&fx, &mirror, rand, current, round);
          stats.errors++;
        }
      else
        {
          GPtrArray *next = tlm_next_photos (rand, current, round, TLM_SAME_DUPLICATES);

          tlm_round_load (&fx, &mirror, rand, current, next, round, &stats);
          g_ptr_array_unref (current);
          current = next;
        }
    }
  g_test_message ("%u rounds: %u runs, %u failed reloads, %u superseded, %u unchanged, %u with duplicate ids "
                  "(%u edge-replacing runs there)",
                  stats.rounds, stats.runs, stats.errors, stats.superseded, stats.unchanged, stats.with_duplicates,
                  stats.trimmable_with_duplicates);
  g_assert_cmpuint (stats.runs, >, rounds / 2);
  g_assert_cmpuint (stats.errors, >, 0);

  tlm_mirror_clear (&mirror);
  g_ptr_array_unref (current);
  g_rand_free (rand);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/identity */

/* The property names a row notified, in order. */
typedef struct
{
  GString *names;
  guint    n;
  gint     wrong_thread;
  GThread *thread;
} TlmNotifyLog;

static void
tlm_notify_log_func (GObject *object, GParamSpec *pspec, gpointer data)
{
  TlmNotifyLog *log = data;

  (void) object;
  if (g_thread_self () != log->thread)
    g_atomic_int_inc (&log->wrong_thread);
  g_string_append_printf (log->names, "%s%s", log->n++ == 0 ? "" : ",", g_param_spec_get_name (pspec));
}

static void
test_identity (void)
{
  static const gint64 first[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
  static const gint64 reversed[] = { 20, 10, 9, 8, 21, 7, 6, 5, 4, 3, 2, 1, 22 };
  TlmFixture fx;
  TlmRunLog log;
  TlmNotifyLog notes = { g_string_new (NULL), 0, 0, g_thread_self () };
  GListModel *list;
  VctRow *row7;
  VctRow *row8;
  VctRow *again;
  GPtrArray *photos;
  gint position;
  gulong handler;
  g_autofree char *title = NULL;

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_load_ids (&fx, first, G_N_ELEMENTS (first));
  tlm_run_log_init (&log, fx.list);

  row7 = tlm_get (list, 6);
  g_assert_cmpint (tlm_row_id (row7), ==, 7);
  /* While held, every get_item of that identity is the same object. */
  again = tlm_get (list, 6);
  g_assert_true (again == row7);
  g_object_unref (again);
  handler = g_signal_connect (row7, "notify", G_CALLBACK (tlm_notify_log_func), &notes);

  /* Reversed, with rows inserted around it: 7 moves, keeps its object, nothing notified. */
  tlm_load_ids (&fx, reversed, G_N_ELEMENTS (reversed));
  settle_loop (NULL);
  g_assert_cmpuint (log.n_runs, >, 0);
  position = tlm_find_id (list, 7);
  g_assert_cmpint (position, ==, 5);
  again = tlm_get (list, (guint) position);
  g_assert_true (again == row7);
  g_object_unref (again);
  g_assert_cmpstr (notes.names->str, ==, "");

  /* 7's title changes in place (and 8's, whose object nobody holds): one notify::title
   * on 7's object, no run at all, the new titles read. */
  tlm_run_log_reset (&log);
  photos = tlm_photos_from_ids (reversed, G_N_ELEMENTS (reversed));
  g_free (((TlmPhoto *) g_ptr_array_index (photos, 5))->title);
  ((TlmPhoto *) g_ptr_array_index (photos, 5))->title = g_strdup ("photo 7, edited");
  g_free (((TlmPhoto *) g_ptr_array_index (photos, 3))->title);
  ((TlmPhoto *) g_ptr_array_index (photos, 3))->title = g_strdup ("photo 8, edited");
  tlm_load (&fx, photos);
  settle_loop (NULL);
  g_assert_cmpstr (log.runs->str, ==, "");
  g_assert_cmpuint (log.n_notifies, ==, 0);
  g_assert_cmpstr (notes.names->str, ==, "title");
  title = tlm_row_title (row7);
  g_assert_cmpstr (title, ==, "photo 7, edited");
  g_clear_pointer (&title, g_free);
  g_assert_cmpint (tlm_row_id (row7), ==, 7);
  again = tlm_get (list, 5);
  g_assert_true (again == row7);
  g_object_unref (again);
  row8 = tlm_get (list, 3);
  title = tlm_row_title (row8);
  g_assert_cmpstr (title, ==, "photo 8, edited");
  g_clear_pointer (&title, g_free);
  g_clear_object (&row8);

  /* 7 moves to the front and its title changes with it: still the same object, one
   * more notify::title and nothing else. */
  g_string_truncate (notes.names, 0);
  notes.n = 0;
  g_ptr_array_insert (photos, 0, g_ptr_array_steal_index (photos, 5));
  g_free (((TlmPhoto *) g_ptr_array_index (photos, 0))->title);
  ((TlmPhoto *) g_ptr_array_index (photos, 0))->title = g_strdup ("photo 7, moved");
  tlm_load (&fx, photos);
  settle_loop (NULL);
  again = tlm_get (list, 0);
  g_assert_true (again == row7);
  g_object_unref (again);
  g_assert_cmpstr (notes.names->str, ==, "title");
  title = tlm_row_title (row7);
  g_assert_cmpstr (title, ==, "photo 7, moved");
  g_clear_pointer (&title, g_free);

  /* 7 goes away: the held object stays readable, as it last was. */
  g_string_truncate (notes.names, 0);
  notes.n = 0;
  g_ptr_array_remove_index (photos, 0);
  tlm_load (&fx, photos);
  settle_loop (NULL);
  g_assert_cmpint (tlm_find_id (list, 7), ==, -1);
  g_assert_cmpint (tlm_row_id (row7), ==, 7);
  title = tlm_row_title (row7);
  g_assert_cmpstr (title, ==, "photo 7, moved");
  g_clear_pointer (&title, g_free);
  g_assert_cmpstr (notes.names->str, ==, "");

  /* ...and comes back while still held: the same object again, re-pointed. */
  g_ptr_array_insert (photos, 2, tlm_photo_new (7, "photo 7, back"));
  tlm_load (&fx, photos);
  settle_loop (NULL);
  again = tlm_get (list, 2);
  g_assert_true (again == row7);
  g_object_unref (again);
  g_assert_cmpstr (notes.names->str, ==, "title");
  title = tlm_row_title (row7);
  g_assert_cmpstr (title, ==, "photo 7, back");
  g_clear_pointer (&title, g_free);

  g_assert_cmpint (g_atomic_int_get (&notes.wrong_thread), ==, 0);
  g_signal_handler_disconnect (row7, handler);
  g_object_unref (row7);
  g_ptr_array_unref (photos);
  g_string_free (notes.names, TRUE);
  tlm_run_log_clear (&log);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/held-mid-batch */

/* An object a view takes inside an items-changed, for a row the batch's later runs have not
 * reached yet and that stays where it is, is that row's own object from then on: it is the
 * one get_item hands out after the batch, and it notifies the row's later changes. */
typedef struct
{
  VctRow *taken;
  guint   position;
} TlmTake;

static void
tlm_take_in_first_run (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  TlmTake *take = data;

  (void) position;
  (void) removed;
  (void) added;
  if (take->taken == NULL)
    take->taken = tlm_get (list, take->position);
}

static void
test_held_mid_batch (void)
{
  /* Two runs: an insert at the top, a delete at the end; row 5 is in neither. */
  static const gint64 before[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
  static const gint64 after[] = { 20, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  TlmFixture fx;
  TlmTake take = { NULL, 5 };
  TlmNotifyLog notes = { g_string_new (NULL), 0, 0, g_thread_self () };
  GListModel *list;
  GPtrArray *photos;
  VctRow *again;
  gulong handler;
  g_autofree char *title = NULL;

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_load_ids (&fx, before, G_N_ELEMENTS (before));
  handler = g_signal_connect (list, "items-changed", G_CALLBACK (tlm_take_in_first_run), &take);
  tlm_load_ids (&fx, after, G_N_ELEMENTS (after));
  settle_loop (NULL);
  g_signal_handler_disconnect (list, handler);

  /* Taken inside the first run at position 5: photo 5, then (past the insert) at 6... */
  g_assert_nonnull (take.taken);
  g_assert_cmpint (tlm_row_id (take.taken), ==, 5);
  again = tlm_get (list, 5);
  g_assert_true (again == take.taken);
  g_object_unref (again);

  /* ...and it notifies when its row changes. */
  g_signal_connect (take.taken, "notify", G_CALLBACK (tlm_notify_log_func), &notes);
  photos = tlm_photos_from_ids (after, G_N_ELEMENTS (after));
  g_free (((TlmPhoto *) g_ptr_array_index (photos, 5))->title);
  ((TlmPhoto *) g_ptr_array_index (photos, 5))->title = g_strdup ("photo 5, edited");
  tlm_load (&fx, photos);
  settle_loop (NULL);
  g_assert_cmpstr (notes.names->str, ==, "title");
  title = tlm_row_title (take.taken);
  g_assert_cmpstr (title, ==, "photo 5, edited");

  g_object_unref (take.taken);
  g_ptr_array_unref (photos);
  g_string_free (notes.names, TRUE);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/probes-mid-batch */

/* While a batch is emitted, get_item on the emitting thread is answered from the list's
 * emission table (vct-list-emission.c: one probe object per row class, re-pointed while
 * only the list holds it, and the objects made while emitting), without the core; any
 * other thread's get_item waits for the emission's end. A reversal of TLM_PROBED_ROWS rows
 * is one covering run; its handler does what GTK does (every added item, twice), holds
 * some of them and drops some of those again, while a second thread asks for one row.
 * Inside the run: a held object is the one the list hands out for its position, every
 * object shows its position's row (a probe object read shows where it was asked for), the
 * rows held before the reload come back at their new positions, and the other thread is
 * not answered. After it: the same objects at the same positions, the other thread's
 * included. */
#define TLM_PROBED_ROWS 600

typedef struct
{
  GListModel *list;
  guint       position;
  VctRow     *row;       /* what it got */
  gint        asking;    /* under lock: about to call get_item */
  gint        answered;  /* atomic: get_item returned */
  GMutex      lock;
  GCond       cond;
} TlmAsker;

static gpointer
tlm_asker_thread (gpointer data)
{
  TlmAsker *asker = data;

  g_mutex_lock (&asker->lock);
  asker->asking = TRUE;
  g_cond_signal (&asker->cond);
  g_mutex_unlock (&asker->lock);
  asker->row = g_list_model_get_item (asker->list, asker->position);
  g_atomic_int_set (&asker->answered, TRUE);
  return NULL;
}

typedef struct
{
  TlmAsker  asker;
  GThread  *thread;
  VctRow   *held[TLM_PROBED_ROWS];      /* by new position: held inside the run */
  VctRow   *before[2];                  /* held before the reload: ids 3 and 400 */
  guint     n_runs;
} TlmProber;

/* The id the reversed list shows at @position. */
static gint64
tlm_reversed_id (guint position)
{
  return TLM_PROBED_ROWS - (gint64) position;
}

static void
tlm_probe_run (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  TlmProber *prober = data;

  prober->n_runs++;
  g_assert_cmpuint (position, ==, 0);
  g_assert_cmpuint (removed, ==, TLM_PROBED_ROWS);
  g_assert_cmpuint (added, ==, TLM_PROBED_ROWS);

  /* The other thread asks once the run is under way. */
  prober->thread = g_thread_new ("tlm-asker", tlm_asker_thread, &prober->asker);
  g_mutex_lock (&prober->asker.lock);
  while (!prober->asker.asking)
    g_cond_wait (&prober->asker.cond, &prober->asker.lock);
  g_mutex_unlock (&prober->asker.lock);

  /* GTK's two passes: every added item, read and dropped... */
  for (guint i = 0; i < added; i++)
    {
      g_autoptr (VctRow) row = tlm_get (list, i);
      g_assert_cmpint (tlm_row_id (row), ==, tlm_reversed_id (i));
    }
  /* ...then again, holding every seventh (without reading the others). */
  for (guint i = 0; i < added; i++)
    {
      VctRow *row = tlm_get (list, i);

      if (i % 7 == 0)
        prober->held[i] = row;
      else
        g_object_unref (row);
    }
  /* Every other held one is dropped again; asked for anew, each shows its row. */
  for (guint i = 0; i < added; i += 14)
    g_clear_object (&prober->held[i]);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr (VctRow) row = tlm_get (list, i);

      if (prober->held[i] != NULL)
        g_assert_true (row == prober->held[i]);
      g_assert_cmpint (tlm_row_id (row), ==, tlm_reversed_id (i));
    }
  /* The rows held since before the reload are at their new places. */
  for (guint k = 0; k < G_N_ELEMENTS (prober->before); k++)
    {
      gint64 id = tlm_row_id (prober->before[k]);
      g_autoptr (VctRow) row = tlm_get (list, (guint) (TLM_PROBED_ROWS - id));

      g_assert_true (row == prober->before[k]);
    }
  /* Still emitting: the other thread waits. */
  g_assert_false (g_atomic_int_get (&prober->asker.answered));
}

static void
test_probes_mid_batch (void)
{
  TlmFixture fx;
  TlmProber prober = { 0 };
  g_autofree gint64 *ids = g_new (gint64, TLM_PROBED_ROWS);
  GListModel *list;
  gulong handler;

  for (guint i = 0; i < TLM_PROBED_ROWS; i++)
    ids[i] = i + 1;
  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_load_ids (&fx, ids, TLM_PROBED_ROWS);
  prober.before[0] = tlm_get (list, 2);
  prober.before[1] = tlm_get (list, 399);
  g_mutex_init (&prober.asker.lock);
  g_cond_init (&prober.asker.cond);
  prober.asker.list = list;
  prober.asker.position = 123;

  for (guint i = 0; i < TLM_PROBED_ROWS; i++)
    ids[i] = TLM_PROBED_ROWS - i;
  handler = g_signal_connect (list, "items-changed", G_CALLBACK (tlm_probe_run), &prober);
  tlm_load_ids (&fx, ids, TLM_PROBED_ROWS);
  g_signal_handler_disconnect (list, handler);
  g_thread_join (prober.thread);

  g_assert_cmpuint (prober.n_runs, ==, 1);
  g_assert_true (g_atomic_int_get (&prober.asker.answered));
  g_assert_nonnull (prober.asker.row);
  for (guint i = 0; i < TLM_PROBED_ROWS; i++)
    {
      g_autoptr (VctRow) row = tlm_get (list, i);

      if (prober.held[i] != NULL)
        g_assert_true (row == prober.held[i]);
      if (i == prober.asker.position)
        g_assert_true (row == prober.asker.row);
      g_assert_cmpint (tlm_row_id (row), ==, tlm_reversed_id (i));
    }
  for (guint k = 0; k < G_N_ELEMENTS (prober.before); k++)
    {
      gint64 id = tlm_row_id (prober.before[k]);
      g_autoptr (VctRow) row = tlm_get (list, (guint) (TLM_PROBED_ROWS - id));

      g_assert_true (row == prober.before[k]);
      g_object_unref (prober.before[k]);
    }
  for (guint i = 0; i < TLM_PROBED_ROWS; i++)
    g_clear_object (&prober.held[i]);
  g_clear_object (&prober.asker.row);
  g_mutex_clear (&prober.asker.lock);
  g_cond_clear (&prober.asker.cond);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/held-rows */

/* What a view shows at one position: the row object it holds, and the id and title it
 * drew, kept from items-changed (read in the handler) and the row's notify (read in the
 * handler) alone. */
typedef struct
{
  VctRow *row;      /* a reference */
  gulong  handler;  /* its notify handler */
  gint64  id;
  char   *title;
} TlmShown;

typedef struct
{
  GListModel *list;
  GThread    *thread;
  GPtrArray  *shown;           /* TlmShown * */
  guint       n_runs;
  guint       n_title_notifies;
  gint        wrong_thread;
  gulong      handler;
} TlmView;

static void
tlm_shown_free (gpointer data)
{
  TlmShown *shown = data;

  g_signal_handler_disconnect (shown->row, shown->handler);
  g_object_unref (shown->row);
  g_free (shown->title);
  g_free (shown);
}

/* A held row changed in place: redraw every position showing it. Only the title can
 * change here (album and urls follow the id); the identity never does. */
static void
tlm_view_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  TlmView *view = data;
  guint redrawn = 0;

  if (g_thread_self () != view->thread)
    g_atomic_int_inc (&view->wrong_thread);
  g_assert_cmpstr (g_param_spec_get_name (pspec), ==, "title");
  for (guint i = 0; i < view->shown->len; i++)
    {
      TlmShown *shown = g_ptr_array_index (view->shown, i);

      if ((GObject *) shown->row != object)
        continue;
      g_assert_cmpint (tlm_row_id (object), ==, shown->id);
      g_free (shown->title);
      shown->title = tlm_row_title (object);
      redrawn++;
    }
  g_assert_cmpuint (redrawn, >, 0);
  view->n_title_notifies++;
}

static void
tlm_view_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  TlmView *view = data;

  if (g_thread_self () != view->thread)
    g_atomic_int_inc (&view->wrong_thread);
  g_assert_true (removed > 0 || added > 0);
  g_assert_cmpuint (position + removed, <=, view->shown->len);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, view->shown->len - removed + added);
  g_ptr_array_remove_range (view->shown, position, removed);
  for (guint i = 0; i < added; i++)
    {
      TlmShown *shown = g_new0 (TlmShown, 1);

      shown->row = tlm_get (list, position + i);
      shown->handler = g_signal_connect (shown->row, "notify", G_CALLBACK (tlm_view_notify), view);
      shown->id = tlm_row_id (shown->row);
      shown->title = tlm_row_title (shown->row);
      g_ptr_array_insert (view->shown, (gint) (position + i), shown);
    }
  view->n_runs++;

  /* Inside the signal too, the list hands out at every position the object the view
   * holds there, and it shows that position's identity. */
  for (guint i = 0; i < view->shown->len; i++)
    {
      TlmShown *shown = g_ptr_array_index (view->shown, i);
      g_autoptr (VctRow) row = tlm_get (list, i);

      if (row != shown->row)
        g_error ("inside items-changed (%u, %u, %u): row %u: the list hands out another object than the one "
                 "the view holds (%" G_GINT64_FORMAT " \"%s\")", position, removed, added, i, shown->id, shown->title);
      g_assert_cmpint (tlm_row_id (row), ==, shown->id);
    }
}

/* What the view shows is @photos, and so is what the list reads. */
static void
tlm_view_check (TlmView *view, GPtrArray *photos, guint seed, guint round)
{
  guint n = g_list_model_get_n_items (view->list);

  if (view->shown->len != photos->len || n != photos->len)
    g_error ("seed %u round %u: the view shows %u rows, the list has %u, the document %u", seed, round,
             view->shown->len, n, photos->len);
  for (guint i = 0; i < photos->len; i++)
    {
      TlmPhoto *photo = g_ptr_array_index (photos, i);
      TlmShown *shown = g_ptr_array_index (view->shown, i);
      g_autoptr (VctRow) row = tlm_get (view->list, i);

      if (shown->id != photo->id || strcmp (shown->title, photo->title) != 0)
        g_error ("seed %u round %u: row %u: the view shows %" G_GINT64_FORMAT " \"%s\", the document has %"
                 G_GINT64_FORMAT " \"%s\"", seed, round, i, shown->id, shown->title, photo->id, photo->title);
      /* Held: the list hands out that object. */
      g_assert_true (row == shown->row);
    }
  g_assert_cmpuint (vct_list_model_get_n_sections (VCT_LIST_MODEL (view->list)), ==, 1);
}

/* A view holding every row it shows, drawing it from items-changed and the row objects'
 * notify alone, through random reloads (moves, inserts, deletes, title edits, duplicate
 * identities, emptied or replaced documents): after each, it shows the document. So every
 * in-place change of a held row is notified, with the identity kept. */
static void
tlm_held_rows (guint duplicates)
{
  TlmFixture fx;
  TlmView view;
  guint seed = tlm_seed (20260521u);
  guint rounds = vct_test_env_uint ("VCT_TEST_ROUNDS", vct_test_scale (250, 25));
  GRand *rand = g_rand_new_with_seed (seed);
  GPtrArray *current = tlm_photos_new ();

  g_test_message ("seed %u (VCT_TEST_SEED), %u rounds", seed, rounds);
  tlm_fixture_setup (&fx);
  memset (&view, 0, sizeof view);
  view.list = G_LIST_MODEL (fx.list);
  view.thread = g_thread_self ();
  view.shown = g_ptr_array_new_with_free_func (tlm_shown_free);
  /* A reference of the view's own, taken and dropped: the list goes on as before. */
  g_object_unref (g_object_ref (fx.list));
  view.handler = g_signal_connect (fx.list, "items-changed", G_CALLBACK (tlm_view_items_changed), &view);

  for (guint round = 0; round < rounds; round++)
    {
      GPtrArray *next = tlm_next_photos (rand, current, round, duplicates);

      tlm_load (&fx, next);
      iterate_pending (NULL);
      tlm_view_check (&view, next, seed, round);
      tlm_assert_cells (fx.base.model, next);
      g_ptr_array_unref (current);
      current = next;
    }
  g_test_message ("%u runs, %u title notifies", view.n_runs, view.n_title_notifies);
  /* The rounds exercised both. */
  g_assert_cmpuint (view.n_runs, >, rounds / 2);
  g_assert_cmpuint (view.n_title_notifies, >, rounds / 10);
  g_assert_cmpint (g_atomic_int_get (&view.wrong_thread), ==, 0);

  g_signal_handler_disconnect (fx.list, view.handler);
  g_ptr_array_unref (view.shown);
  g_ptr_array_unref (current);
  g_rand_free (rand);
  tlm_fixture_teardown (&fx);
}

static void
test_held_rows (void)
{
  tlm_held_rows (TLM_SAME_DUPLICATES);
}

/* The same view through documents that repeat ids with content of their own, the way real
 * ones do: each position keeps its own object, and what the view shows is the document. */
static void
test_held_rows_distinct_duplicates (void)
{
  tlm_held_rows (TLM_DISTINCT_DUPLICATES);
}

/* ------------------------------------------------------------------ /list-model/duplicate-ids/minimal */

/* The case of issue 21: [{1, "a"}, {1, "b"}, {2, "c"}]. Inside the first items-changed the
 * three positions are three objects titled a, b and c, and stay so after it; reloading
 * [{2, "c"}, {1, "b"}, {1, "a"}] and back, the view holding the objects shows the model's
 * titles, and the first occurrence's object stays the first occurrence's (the diff's
 * pairing: the k-th occurrence of an id with its k-th occurrence). */
static void
test_duplicate_ids_minimal (void)
{
  static const struct { gint64 id; const char *title; } forward[] = { { 1, "a" }, { 1, "b" }, { 2, "c" } },
                                                          backward[] = { { 2, "c" }, { 1, "b" }, { 1, "a" } };
  TlmFixture fx;
  TlmView view;
  GPtrArray *there = tlm_photos_new (), *back = tlm_photos_new ();
  VctRow *first_one, *second_one;

  for (guint i = 0; i < G_N_ELEMENTS (forward); i++)
    {
      g_ptr_array_add (there, tlm_photo_new (forward[i].id, forward[i].title));
      g_ptr_array_add (back, tlm_photo_new (backward[i].id, backward[i].title));
    }
  tlm_fixture_setup (&fx);
  memset (&view, 0, sizeof view);
  view.list = G_LIST_MODEL (fx.list);
  view.thread = g_thread_self ();
  view.shown = g_ptr_array_new_with_free_func (tlm_shown_free);
  view.handler = g_signal_connect (fx.list, "items-changed", G_CALLBACK (tlm_view_items_changed), &view);

  tlm_load (&fx, there);
  iterate_pending (NULL);
  g_assert_cmpuint (view.n_runs, ==, 1);
  tlm_view_check (&view, there, 0, 0);
  first_one = ((TlmShown *) g_ptr_array_index (view.shown, 0))->row;
  second_one = ((TlmShown *) g_ptr_array_index (view.shown, 1))->row;
  g_assert_true (first_one != second_one);

  for (guint round = 1; round <= 6; round++)
    {
      gboolean backward_now = round % 2 == 1;

      tlm_load (&fx, backward_now ? back : there);
      iterate_pending (NULL);
      tlm_view_check (&view, backward_now ? back : there, 0, round);
      /* The first 1 is the first 1's object, the second the second's, whatever their titles. */
      g_assert_true (((TlmShown *) g_ptr_array_index (view.shown, backward_now ? 1 : 0))->row == first_one);
      g_assert_true (((TlmShown *) g_ptr_array_index (view.shown, backward_now ? 2 : 1))->row == second_one);
    }
  g_assert_cmpint (g_atomic_int_get (&view.wrong_thread), ==, 0);

  g_signal_handler_disconnect (fx.list, view.handler);
  g_ptr_array_unref (view.shown);
  g_ptr_array_unref (there);
  g_ptr_array_unref (back);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/drop-in-notify */

typedef struct
{
  VctRow *row;       /* the view's only reference, dropped in the handler */
  gulong  handler;
  guint   calls;
  guint   finalized;
  char   *title;     /* read in the handler */
} TlmDropper;

static void
tlm_drop_in_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  TlmDropper *dropper = data;

  g_assert_true (object == (GObject *) dropper->row);
  g_assert_cmpstr (g_param_spec_get_name (pspec), ==, "title");
  dropper->calls++;
  dropper->title = tlm_row_title (object);
  /* The view recycles the widget: it stops listening and lets the row go, here. */
  g_signal_handler_disconnect (object, dropper->handler);
  g_clear_object (&dropper->row);
  /* Not finalized under its own emission. */
  g_assert_cmpuint (dropper->finalized, ==, 0);
  g_assert_cmpint (tlm_row_id (object), >, 0);
}

/* Notify handlers that disconnect themselves and drop the last reference to their row
 * from inside the row's notify (a view recycling the row's widget): each object is
 * finalized once its emission is over, the other held rows are still notified, and the
 * list goes on (a later change makes a new object with the new content). */
static void
test_drop_in_notify (void)
{
  static const gint64 ids[] = { 1, 2, 3, 4, 5 };
  TlmFixture fx;
  GListModel *list;
  GPtrArray *photos;
  TlmDropper droppers[2] = { { 0 } };
  const guint positions[2] = { 1, 3 };
  VctRow *held;
  TlmNotifyLog notes = { g_string_new (NULL), 0, 0, g_thread_self () };
  gulong handler;
  g_autofree char *title = NULL;

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_load_ids (&fx, ids, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (droppers); i++)
    {
      droppers[i].row = tlm_get (list, positions[i]);
      droppers[i].handler = g_signal_connect (droppers[i].row, "notify", G_CALLBACK (tlm_drop_in_notify), &droppers[i]);
      g_object_weak_ref (G_OBJECT (droppers[i].row), tlm_count_weak_notify, &droppers[i].finalized);
    }
  /* A row between them, held with a plain logging handler. */
  held = tlm_get (list, 2);
  handler = g_signal_connect (held, "notify", G_CALLBACK (tlm_notify_log_func), &notes);

  /* Rows 2, 3 and 4 retitled in place. */
  photos = tlm_photos_from_ids (ids, G_N_ELEMENTS (ids));
  tlm_retitle (photos, 1, 3, "retitled");
  tlm_load (&fx, photos);
  settle_loop (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (droppers); i++)
    {
      g_autofree char *want = g_strdup_printf ("photo %u, retitled", positions[i] + 1);

      g_assert_cmpuint (droppers[i].calls, ==, 1);
      g_assert_null (droppers[i].row);
      g_assert_cmpuint (droppers[i].finalized, ==, 1);
      g_assert_cmpstr (droppers[i].title, ==, want);
      g_free (droppers[i].title);
    }
  g_assert_cmpstr (notes.names->str, ==, "title");
  title = tlm_row_title (held);
  g_assert_cmpstr (title, ==, "photo 3, retitled");
  g_clear_pointer (&title, g_free);

  /* Retitled again: the dropped rows come back as new objects with the new content. */
  tlm_retitle (photos, 1, 3, "again");
  tlm_load (&fx, photos);
  settle_loop (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (droppers); i++)
    {
      g_autoptr (VctRow) row = tlm_get (list, positions[i]);
      g_autofree char *want = g_strdup_printf ("photo %u, again", positions[i] + 1);

      title = tlm_row_title (row);
      g_assert_cmpstr (title, ==, want);
      g_clear_pointer (&title, g_free);
      g_assert_cmpuint (droppers[i].calls, ==, 1);
    }
  g_assert_cmpstr (notes.names->str, ==, "title,title");

  g_assert_cmpint (g_atomic_int_get (&notes.wrong_thread), ==, 0);
  g_signal_handler_disconnect (held, handler);
  g_object_unref (held);
  g_string_free (notes.names, TRUE);
  g_ptr_array_unref (photos);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/duplicate-ids */

/* Two records with one id and different titles (the diff and ListModel accept duplicate
 * identities): each position shows its own record, whether or not a view holds the row
 * object of the other. */
static void
tlm_duplicate_ids_body (void)
{
  TlmFixture fx;
  GListModel *list;
  GPtrArray *photos = tlm_photos_new ();
  VctRow *first, *second;
  g_autofree char *title = NULL;

  g_ptr_array_add (photos, tlm_photo_new (5, NULL));
  g_ptr_array_add (photos, tlm_photo_new (6, "six a"));
  g_ptr_array_add (photos, tlm_photo_new (7, NULL));
  g_ptr_array_add (photos, tlm_photo_new (6, "six b"));
  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_load (&fx, photos);
  g_assert_cmpstr (vct_cell_data_get_title (vct_table_model_get_item (fx.base.model, 3)), ==, "six b");

  /* Nothing held: each read makes a row of its own position. */
  second = tlm_get (list, 3);
  title = tlm_row_title (second);
  g_assert_cmpstr (title, ==, "six b");
  g_clear_pointer (&title, g_free);
  g_clear_object (&second);

  /* The first 6 held: the second position still reads as its own record. */
  first = tlm_get (list, 1);
  title = tlm_row_title (first);
  g_assert_cmpstr (title, ==, "six a");
  g_clear_pointer (&title, g_free);
  second = tlm_get (list, 3);
  title = tlm_row_title (second);
  g_assert_cmpstr (title, ==, "six b");
  g_clear_pointer (&title, g_free);
  g_assert_cmpint (tlm_row_id (second), ==, 6);

  g_object_unref (second);
  g_object_unref (first);
  g_ptr_array_unref (photos);
  tlm_fixture_teardown (&fx);
}

static void
test_duplicate_ids (void)
{
  tlm_in_subprocess (tlm_duplicate_ids_body);
}

/* ------------------------------------------------------------------ /list-model/weak */

static void
test_weak (void)
{
  TlmFixture fx;
  GListModel *list;
  guint n = 1000;
  guint finalized = 0;
  g_autofree char *json = vct_test_photos_json (1, n);
  VctRow **rows = g_new0 (VctRow *, n);

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  fx.check_list_on_reload = FALSE;
  tlm_load_json (&fx, json);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, n);

  /* Every row held at once, then dropped: each is finalized at its last unref. */
  for (guint i = 0; i < n; i++)
    {
      rows[i] = tlm_get (list, i);
      g_object_weak_ref (G_OBJECT (rows[i]), tlm_count_weak_notify, &finalized);
    }
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (tlm_row_id (rows[i]), ==, (gint64) i + 1);
  g_assert_cmpuint (finalized, ==, 0);
  for (guint i = 0; i < n; i++)
    {
      g_object_unref (rows[i]);
      rows[i] = NULL;
      g_assert_cmpuint (finalized, ==, i + 1);
    }

  /* Fetched again: live objects with the right ids. */
  finalized = 0;
  for (guint i = 0; i < n; i++)
    {
      VctRow *row = tlm_get (list, i);

      g_object_weak_ref (G_OBJECT (row), tlm_count_weak_notify, &finalized);
      g_assert_cmpint (tlm_row_id (row), ==, (gint64) i + 1);
      g_object_unref (row);
      /* One at a time: gone as soon as dropped. */
      g_assert_cmpuint (finalized, ==, i + 1);
    }

  /* A reload does not bring any of them back to life, nor keep new ones. */
  {
    g_autofree char *shifted = vct_test_photos_json (501, n);
    guint before = finalized;

    tlm_load_json (&fx, shifted);
    settle_loop (NULL);
    g_assert_cmpuint (finalized, ==, before);
    rows[0] = tlm_get (list, 0);
    g_assert_cmpint (tlm_row_id (rows[0]), ==, 501);
    g_object_weak_ref (G_OBJECT (rows[0]), tlm_count_weak_notify, &finalized);
    g_clear_object (&rows[0]);
    g_assert_cmpuint (finalized, ==, before + 1);
  }

  g_free (rows);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/keeps-after-batch */

/* After a batch that moves more rows than a view shows, the list keeps for a moment
 * (VCT_LIST_MODEL_KEEP_MS) the objects a view held and the objects of the positions it
 * held, made in an idle before the next frame:
 * a view's next layout, which binds its window again, then neither finalizes the rows it
 * drops nor makes the ones it asks for (a tenth of that frame for a reversed list of
 * 10 000 rows, BENCHMARKS.md "Session 13"). Then they go; with the list, at once. */
static void
test_keeps_after_batch (void)
{
  enum { N = 300, WINDOW = 50 };
  TlmFixture fx;
  GListModel *list;
  VctRow *rows[WINDOW];
  guint old_finalized = 0, new_finalized = 0, last_finalized = 0;
  g_autofree char *forward = vct_test_photos_json_ordered (1, N, FALSE);
  g_autofree char *reversed = vct_test_photos_json_ordered (1, N, TRUE);

  tlm_fixture_setup (&fx);
  list = G_LIST_MODEL (fx.list);
  tlm_load_json (&fx, forward);
  settle_loop (NULL);

  /* A view's window: the first rows, held across a reload that reverses them. */
  for (guint i = 0; i < WINDOW; i++)
    {
      rows[i] = tlm_get (list, i);
      g_object_weak_ref (G_OBJECT (rows[i]), tlm_count_weak_notify, &old_finalized);
    }
  tlm_load_json (&fx, reversed);
  iterate_pending (NULL);   /* the batch's settle */

  /* The view binds its window again: it drops what it held, finalized later... */
  for (guint i = 0; i < WINDOW; i++)
    g_clear_object (&rows[i]);
  g_assert_cmpuint (old_finalized, ==, 0);
  /* ...and reads the rows now there, made already and kept too. */
  for (guint i = 0; i < WINDOW; i++)
    {
      VctRow *row = tlm_get (list, i);

      g_assert_cmpint (tlm_row_id (row), ==, N - (gint64) i);
      g_object_weak_ref (G_OBJECT (row), tlm_count_weak_notify, &new_finalized);
      g_object_unref (row);
    }
  g_assert_cmpuint (new_finalized, ==, 0);

  /* A moment later both go. */
  wait_int_at_least (NULL, (gint *) &old_finalized, WINDOW);
  wait_int_at_least (NULL, (gint *) &new_finalized, WINDOW);
  g_assert_cmpuint (old_finalized, ==, WINDOW);
  g_assert_cmpuint (new_finalized, ==, WINDOW);

  /* What a batch keeps goes with the list. */
  for (guint i = 0; i < WINDOW; i++)
    {
      rows[i] = tlm_get (list, i);
      g_object_weak_ref (G_OBJECT (rows[i]), tlm_count_weak_notify, &last_finalized);
    }
  tlm_load_json (&fx, forward);
  iterate_pending (NULL);
  for (guint i = 0; i < WINDOW; i++)
    g_clear_object (&rows[i]);
  g_assert_cmpuint (last_finalized, ==, 0);
  g_clear_object (&fx.base.model);
  fx.list = NULL;
  g_assert_cmpuint (last_finalized, ==, WINDOW);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/sections */

static void
test_sections_photos (void)
{
  TlmFixture fx;
  guint start = G_MAXUINT, end = G_MAXUINT;
  guint n = 25;
  g_autofree char *json = vct_test_photos_json (100, n);

  tlm_fixture_setup (&fx);

  /* Empty: one section with nothing in it. */
  g_assert_cmpuint (vct_list_model_get_n_sections (fx.list), ==, 1);
  g_assert_cmpuint (vct_list_model_get_section (fx.list, 0, &start, &end), ==, 1);
  g_assert_cmpuint (start, ==, 0);
  g_assert_cmpuint (end, ==, 0);

  tlm_load_json (&fx, json);
  g_assert_cmpuint (vct_list_model_get_n_sections (fx.list), ==, 1);
  for (guint p = 0; p < n; p++)
    {
      start = end = G_MAXUINT;
      g_assert_cmpuint (vct_list_model_get_section (fx.list, p, &start, &end), ==, 0);
      g_assert_cmpuint (start, ==, 0);
      g_assert_cmpuint (end, ==, n);
    }
  for (guint p = n; p < n + 3; p++)
    {
      start = end = 0;
      g_assert_cmpuint (vct_list_model_get_section (fx.list, p, &start, &end), ==, 1);
      g_assert_cmpuint (start, ==, n);
      g_assert_cmpuint (end, ==, n);
    }
  start = end = 0;
  g_assert_cmpuint (vct_list_model_get_section (fx.list, G_MAXUINT, &start, &end), ==, 1);
  g_assert_cmpuint (start, ==, n);
  g_assert_cmpuint (end, ==, n);
  /* The out arguments are optional. */
  g_assert_cmpuint (vct_list_model_get_section (fx.list, 3, NULL, NULL), ==, 0);
  g_assert_cmpuint (vct_list_model_get_section (fx.list, 3, &start, NULL), ==, 0);
  g_assert_cmpuint (start, ==, 0);
  g_assert_cmpuint (vct_list_model_get_section (fx.list, 3, NULL, &end), ==, 0);
  g_assert_cmpuint (end, ==, n);

  tlm_fixture_teardown (&fx);
}

#define TLM_DAY_0 "2026-11-21"
#define TLM_DAY_1 "2026-11-20"
#define TLM_DAY_2 "2026-11-19"
#define TLM_DAY_3 "2026-11-18"




static void
tlm_add_day_key (GPtrArray *keys, const char *iso)
{
  g_autofree char *day = vct_test_local_text (iso, "%Y-%m-%d");
  g_ptr_array_add (keys, g_strdup_printf ("day %s", day));
}

static void
tlm_add_member_key (GPtrArray *keys, gint64 id, gboolean following)
{
  g_ptr_array_add (keys, g_strdup_printf ("member \"member %" G_GINT64_FORMAT "\" %d", id,
                                          following ? VCT_FOLLOW_STATE_CHECKED : VCT_FOLLOW_STATE_NORMAL));
}

static void
tlm_add_photo_key (GPtrArray *keys, gint64 id)
{
  g_ptr_array_add (keys, g_strdup_printf ("feed-photo \"photo %" G_GINT64_FORMAT "\"", id));
}

/* `notify::loading` of a feed: counts the reloads that ended (loading read as of that
 * change). */
static void
tlm_on_loading (VctFeedModel *model, G_GNUC_UNUSED GParamSpec *pspec, gpointer data)
{
  if (!vct_feed_model_is_loading (model))
    g_atomic_int_inc ((gint *) data);
}

static void
tlm_feed_load (VctFeedModel *model, FakeService *fake, gint *loaded, const char *json)
{
  gint before = g_atomic_int_get (loaded);
  VctApiRequest *request;

  vct_feed_model_reload (model);
  request = fake_service_wait_fetch (fake);
  vct_api_request_return_json (request, json, -1);
  wait_int_at_least (NULL, loaded, before + 1);
  iterate_pending (NULL);
}

/* Each section starts with its day header (role header), the rest are items; the
 * ranges partition the list; there are @n_sections of them, starting at @starts. */
static void
tlm_assert_feed_sections (VctListModel *list, const guint *starts, guint n_sections)
{
  GListModel *model = G_LIST_MODEL (list);
  guint n = g_list_model_get_n_items (model);

  g_assert_cmpuint (vct_list_model_get_n_sections (list), ==, n_sections);
  tlm_assert_sections_partition (list, n);
  for (guint s = 0; s < n_sections; s++)
    {
      guint want_end = s + 1 < n_sections ? starts[s + 1] : n;

      for (guint p = starts[s]; p < want_end; p++)
        {
          guint start = G_MAXUINT, end = G_MAXUINT;
          g_autoptr (VctRow) row = tlm_get (model, p);
          VctRowRole role = VCT_ROW_ROLE_FOOTER;

          g_assert_cmpuint (vct_list_model_get_section (list, p, &start, &end), ==, s);
          g_assert_cmpuint (start, ==, starts[s]);
          g_assert_cmpuint (end, ==, want_end);
          g_object_get (row, "role", &role, NULL);
          g_assert_cmpint (vct_row_get_role (row), ==, role);
          if (p == starts[s])
            {
              g_assert_true (VCT_IS_DAY_HEADER_ROW (row));
              g_assert_cmpint (role, ==, VCT_ROW_ROLE_HEADER);
              g_assert_cmpstr (vct_row_get_kind (row), ==, "DayHeaderView");
            }
          else
            {
              g_assert_true (VCT_IS_MEMBER_ROW (row) || VCT_IS_FEED_PHOTO_ROW (row));
              g_assert_cmpint (role, ==, VCT_ROW_ROLE_ITEM);
              g_assert_cmpstr (vct_row_get_kind (row), ==, VCT_IS_MEMBER_ROW (row) ? "MemberRowView" : "PhotoRowView");
            }
        }
    }
  {
    guint start = 0, end = 0;
    g_assert_cmpuint (vct_list_model_get_section (list, n, &start, &end), ==, n_sections);
    g_assert_cmpuint (start, ==, n);
    g_assert_cmpuint (end, ==, n);
  }
}

/* A feed model over a FakeService, on this thread's default context. */
typedef struct
{
  FakeService   fake;
  VctFeedModel *model;
  VctListModel *list;  /* borrowed from the model */
  gint          loaded; /* atomic: reloads that ended */
} TlmFeed;

static void
tlm_feed_setup (TlmFeed *feed)
{
  VctFeedService *service;

  fake_service_init (&feed->fake, NULL);
  service = vct_feed_service_new_custom (fake_service_fetch, fake_service_follow, &feed->fake, fake_service_notify);
  feed->model = vct_feed_model_new (service);
  g_object_unref (service);
  feed->list = vct_feed_model_get_list (feed->model);
  feed->loaded = 0;
  g_assert_true (G_IS_LIST_MODEL (feed->list));
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (feed->list)) == VCT_TYPE_ROW);
  g_signal_connect (feed->model, "notify::loading", G_CALLBACK (tlm_on_loading), &feed->loaded);
}

static void
tlm_feed_teardown (TlmFeed *feed)
{
  g_clear_object (&feed->model);
  feed->list = NULL;
  fake_service_finish (&feed->fake);
}

static void
test_sections_feed (void)
{
  TlmFeed feed;
  VctListModel *list;
  TlmMirror mirror;
  g_autoptr (GPtrArray) keys1 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) keys2 = g_ptr_array_new_with_free_func (g_free);
  static const guint starts1[] = { 0, 4, 7 };
  static const guint starts2[] = { 0, 2, 7 };
  GString *doc;
  g_autofree char *json1 = NULL, *json2 = NULL;
  VctRow *header1, *member7, *again;
  VctFollowState state = VCT_FOLLOW_STATE_NORMAL;

  /* Three days, newest first; in each, the rows in document order. */
  doc = g_string_new ("[");
  vct_test_feed_doc_photo (doc, 32, TLM_DAY_3 "T12:00:00Z");
  vct_test_feed_doc_member (doc, 7, TLM_DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_member (doc, 9, TLM_DAY_2 "T12:30:00Z", FALSE);
  vct_test_feed_doc_photo (doc, 30, TLM_DAY_1 "T12:30:00Z");
  vct_test_feed_doc_member (doc, 12, TLM_DAY_3 "T11:10:00Z", FALSE);
  vct_test_feed_doc_member (doc, 8, TLM_DAY_1 "T12:10:00Z", TRUE);
  vct_test_feed_doc_photo (doc, 31, TLM_DAY_2 "T11:40:00Z");
  g_string_append (doc, "]");
  json1 = g_string_free (doc, FALSE);
  tlm_add_day_key (keys1, TLM_DAY_1 "T12:00:00Z");
  tlm_add_member_key (keys1, 7, FALSE);
  tlm_add_photo_key (keys1, 30);
  tlm_add_member_key (keys1, 8, TRUE);
  tlm_add_day_key (keys1, TLM_DAY_2 "T12:00:00Z");
  tlm_add_member_key (keys1, 9, FALSE);
  tlm_add_photo_key (keys1, 31);
  tlm_add_day_key (keys1, TLM_DAY_3 "T12:00:00Z");
  tlm_add_photo_key (keys1, 32);
  tlm_add_member_key (keys1, 12, FALSE);

  /* The second day goes, a newer one comes, day 1 gains a member. */
  doc = g_string_new ("[");
  vct_test_feed_doc_photo (doc, 32, TLM_DAY_3 "T12:00:00Z");
  vct_test_feed_doc_member (doc, 7, TLM_DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_photo (doc, 40, TLM_DAY_0 "T12:00:00Z");
  vct_test_feed_doc_photo (doc, 30, TLM_DAY_1 "T12:30:00Z");
  vct_test_feed_doc_member (doc, 12, TLM_DAY_3 "T11:10:00Z", FALSE);
  vct_test_feed_doc_member (doc, 8, TLM_DAY_1 "T12:10:00Z", TRUE);
  vct_test_feed_doc_member (doc, 10, TLM_DAY_1 "T11:30:00Z", FALSE);
  g_string_append (doc, "]");
  json2 = g_string_free (doc, FALSE);
  tlm_add_day_key (keys2, TLM_DAY_0 "T12:00:00Z");
  tlm_add_photo_key (keys2, 40);
  tlm_add_day_key (keys2, TLM_DAY_1 "T12:00:00Z");
  tlm_add_member_key (keys2, 7, FALSE);
  tlm_add_photo_key (keys2, 30);
  tlm_add_member_key (keys2, 8, TRUE);
  tlm_add_member_key (keys2, 10, FALSE);
  tlm_add_day_key (keys2, TLM_DAY_3 "T12:00:00Z");
  tlm_add_photo_key (keys2, 32);
  tlm_add_member_key (keys2, 12, FALSE);

  tlm_feed_setup (&feed);
  list = feed.list;
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  tlm_assert_sections_partition (list, 0);

  /* Hold every row the copy fetches. */
  tlm_mirror_init (&mirror, list, NULL, 100);
  mirror.expected = keys1;
  tlm_feed_load (feed.model, &feed.fake, &feed.loaded, json1);
  mirror.expected = NULL;
  tlm_mirror_check_final (&mirror, keys1);
  g_test_message ("first feed load: %s", mirror.runs->str);
  g_assert_cmpuint (mirror.n_notifies, ==, mirror.n_count_changes);
  tlm_assert_feed_sections (list, starts1, G_N_ELEMENTS (starts1));

  member7 = tlm_get (G_LIST_MODEL (list), 1);
  g_assert_true (VCT_IS_MEMBER_ROW (member7));
  g_object_get (member7, "follow-state", &state, NULL);
  g_assert_cmpint (state, ==, VCT_FOLLOW_STATE_NORMAL);
  header1 = tlm_get (G_LIST_MODEL (list), 0);

  tlm_mirror_reset (&mirror);
  mirror.expected = keys2;
  tlm_feed_load (feed.model, &feed.fake, &feed.loaded, json2);
  mirror.expected = NULL;
  g_test_message ("second feed load: %s", mirror.runs->str);
  tlm_mirror_check_final (&mirror, keys2);
  g_assert_cmpuint (mirror.n_notifies, ==, mirror.n_count_changes);
  tlm_assert_feed_sections (list, starts2, G_N_ELEMENTS (starts2));
  /* The kept day's header and member are the same objects. */
  again = tlm_get (G_LIST_MODEL (list), 2);
  g_assert_true (again == header1);
  g_object_unref (again);
  again = tlm_get (G_LIST_MODEL (list), 3);
  g_assert_true (again == member7);
  g_object_unref (again);
  /* (Whether a kept day's header is re-spliced: /list-model/feed/kept-headers.) */

  g_object_unref (header1);
  g_object_unref (member7);
  tlm_mirror_clear (&mirror);
  tlm_feed_teardown (&feed);
}

/* ------------------------------------------------------------------ /list-model/feed/kept-headers */

/* One member more in the first of two days: one run, the insert. Each kept day's header
 * neither comes nor goes, so no run touches it (FlatSections.splices' own rule: "a kept
 * section whose header or footer comes or goes gets a splice for that slot"); a
 * (start, 1, 1) run for it would make a view drop and rebuild the header's widget. */
static void
tlm_feed_kept_headers_body (void)
{
  TlmFeed feed;
  TlmMirror mirror;
  GString *doc;
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);

  doc = g_string_new ("[");
  vct_test_feed_doc_member (doc, 7, TLM_DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_photo (doc, 31, TLM_DAY_2 "T11:40:00Z");
  g_string_append (doc, "]");
  before = g_string_free (doc, FALSE);
  doc = g_string_new ("[");
  vct_test_feed_doc_member (doc, 7, TLM_DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_member (doc, 10, TLM_DAY_1 "T11:30:00Z", FALSE);
  vct_test_feed_doc_photo (doc, 31, TLM_DAY_2 "T11:40:00Z");
  g_string_append (doc, "]");
  after = g_string_free (doc, FALSE);
  tlm_add_day_key (keys, TLM_DAY_1 "T12:00:00Z");
  tlm_add_member_key (keys, 7, FALSE);
  tlm_add_member_key (keys, 10, FALSE);
  tlm_add_day_key (keys, TLM_DAY_2 "T12:00:00Z");
  tlm_add_photo_key (keys, 31);

  tlm_feed_setup (&feed);
  tlm_feed_load (feed.model, &feed.fake, &feed.loaded, before);
  tlm_mirror_init (&mirror, feed.list, NULL, 100);
  mirror.expected = keys;
  tlm_feed_load (feed.model, &feed.fake, &feed.loaded, after);
  mirror.expected = NULL;
  tlm_mirror_check_final (&mirror, keys);
  g_assert_cmpstr (mirror.runs->str, ==, "(2,0,1)");
  g_assert_cmpuint (mirror.n_trimmable, ==, 0);
  tlm_mirror_clear (&mirror);
  tlm_feed_teardown (&feed);
}

static void
test_feed_kept_headers (void)
{
  tlm_in_subprocess (tlm_feed_kept_headers_body);
}

/* ------------------------------------------------------------------ /list-model/is-checks */

#define tlm_expect_critical() g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*VCT_IS_*")

static void
test_is_checks (void)
{
  static const gint64 ids[] = { 1, 2 };
  TlmFixture fx;
  VctRow *row;
  guint start = 77, end = 77;

  tlm_fixture_setup (&fx);
  tlm_load_ids (&fx, ids, G_N_ELEMENTS (ids));
  row = tlm_get (G_LIST_MODEL (fx.list), 0);

  tlm_expect_critical ();
  g_assert_cmpuint (vct_list_model_get_section (NULL, 0, &start, &end), ==, 0);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_cmpuint (vct_list_model_get_section (NULL, 0, NULL, NULL), ==, 0);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_cmpuint (vct_list_model_get_section ((VctListModel *) row, 0, &start, &end), ==, 0);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_cmpuint (vct_list_model_get_n_sections ((VctListModel *) row), ==, 0);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_cmpuint (vct_list_model_get_n_sections (NULL), ==, 0);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  vct_row_select (NULL);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  vct_row_select ((VctRow *) fx.list);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  vct_row_press ((VctRow *) fx.list);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  vct_row_press (NULL);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_cmpint (vct_row_get_role (NULL), ==, VCT_ROW_ROLE_ITEM);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_cmpint (vct_row_get_role ((VctRow *) fx.list), ==, VCT_ROW_ROLE_ITEM);
  g_test_assert_expected_messages ();

  tlm_expect_critical ();
  g_assert_null (vct_row_get_kind ((VctRow *) fx.list));
  g_test_assert_expected_messages ();

  /* NULL: a critical where the argument is not nullable, and a safe return. */
  tlm_expect_critical ();
  g_assert_null (vct_row_get_kind (NULL));
  g_test_assert_expected_messages ();

  /* Nothing happened to either: the list and the row still work. */
  iterate_pending (NULL);
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.n_titles), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fx.list)), ==, 2);
  g_assert_cmpint (tlm_row_id (row), ==, 1);
  g_assert_cmpuint (vct_list_model_get_n_sections (fx.list), ==, 1);

  g_object_unref (row);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/select */

static gpointer
tlm_select_thread (gpointer row)
{
  vct_row_select (row);
  return NULL;
}

static void
test_select (void)
{
  static const gint64 ids[] = { 1, 2, 3, 4, 5 };
  TlmFixture fx;
  VctRow *row;
  gint titles;

  tlm_fixture_setup (&fx);
  tlm_load_ids (&fx, ids, G_N_ELEMENTS (ids));
  settle_loop (NULL);
  titles = g_atomic_int_get (&fx.base.rec.n_titles);
  g_assert_cmpstr (fx.base.rec.last_title, ==, TITLE);

  /* On the context thread: reported later, never inline. */
  row = tlm_get (G_LIST_MODEL (fx.list), 2);
  vct_row_select (row);
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.n_titles), ==, titles);
  wait_int_at_least (NULL, &fx.base.rec.n_titles, titles + 1);
  g_assert_cmpstr (fx.base.rec.last_title, ==, "photo 3");
  g_object_unref (row);

  /* From another thread: the callback still runs on the context thread. */
  titles = g_atomic_int_get (&fx.base.rec.n_titles);
  row = tlm_get (G_LIST_MODEL (fx.list), 3);
  g_thread_join (g_thread_new ("tlm-select", tlm_select_thread, row));
  wait_int_at_least (NULL, &fx.base.rec.n_titles, titles + 1);
  g_assert_cmpstr (fx.base.rec.last_title, ==, "photo 4");
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.wrong_thread), ==, 0);

  /* A row whose title changed in place selects with the new title. */
  {
    GPtrArray *photos = tlm_photos_from_ids (ids, G_N_ELEMENTS (ids));

    g_free (((TlmPhoto *) g_ptr_array_index (photos, 3))->title);
    ((TlmPhoto *) g_ptr_array_index (photos, 3))->title = g_strdup ("photo 4, renamed");
    tlm_load (&fx, photos);
    settle_loop (NULL);
    titles = g_atomic_int_get (&fx.base.rec.n_titles);
    g_thread_join (g_thread_new ("tlm-select", tlm_select_thread, row));
    wait_int_at_least (NULL, &fx.base.rec.n_titles, titles + 1);
    g_assert_cmpstr (fx.base.rec.last_title, ==, "photo 4, renamed");
    g_ptr_array_unref (photos);
  }
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.wrong_thread), ==, 0);

  /* vct_row_press on a photo row: nothing to press, nothing reported. */
  titles = g_atomic_int_get (&fx.base.rec.n_titles);
  vct_row_press (row);
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.n_titles), ==, titles);

  g_object_unref (row);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ /list-model/lifetime */

static void
test_lifetime (void)
{
  static const gint64 ids[] = { 1, 2, 3 };
  TlmFixture fx;
  VctRow *row;
  VctListModel *list;
  guint row_finalized = 0, list_finalized = 0;
  gint titles;
  g_autofree char *title = NULL, *kind = NULL;
  TlmNotifyLog notes = { g_string_new (NULL), 0, 0, g_thread_self () };
  gulong handler;

  tlm_fixture_setup (&fx);
  tlm_load_ids (&fx, ids, G_N_ELEMENTS (ids));
  settle_loop (NULL);
  row = tlm_get (G_LIST_MODEL (fx.list), 1);
  g_object_weak_ref (G_OBJECT (row), tlm_count_weak_notify, &row_finalized);
  handler = g_signal_connect (row, "notify", G_CALLBACK (tlm_notify_log_func), &notes);
  list = fx.list;
  g_object_weak_ref (G_OBJECT (list), tlm_count_weak_notify, &list_finalized);
  titles = g_atomic_int_get (&fx.base.rec.n_titles);

  /* The model's last unref: the list goes with it (nobody else holds it)... */
  g_clear_object (&fx.base.model);
  fx.list = NULL;
  g_assert_cmpuint (list_finalized, ==, 1);
  g_assert_cmpuint (row_finalized, ==, 0);

  /* ...the row stays, readable, and selecting or pressing it is harmless. */
  g_assert_true (VCT_IS_PHOTO_ROW (row));
  g_assert_cmpint (tlm_row_id (row), ==, 2);
  g_object_get (row, "title", &title, "kind", &kind, NULL);
  g_assert_cmpstr (title, ==, "photo 2");
  g_assert_cmpstr (kind, ==, "PhotoCellView");
  g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_ITEM);
  vct_row_select (row);
  vct_row_press (row);
  g_thread_join (g_thread_new ("tlm-select", tlm_select_thread, row));
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.n_titles), ==, titles);
  /* Its handler heard nothing from the model's end on. */
  g_assert_cmpstr (notes.names->str, ==, "");

  g_signal_handler_disconnect (row, handler);
  g_string_free (notes.names, TRUE);
  g_object_unref (row);
  g_assert_cmpuint (row_finalized, ==, 1);
  tlm_fixture_teardown (&fx);
}

/* The list held past its model keeps answering with what it last showed. */
static void
test_lifetime_list (void)
{
  static const gint64 ids[] = { 1, 2, 3 };
  TlmFixture fx;
  VctListModel *list;
  VctRow *row, *again;
  guint finalized = 0;
  TlmRunLog log;
  gint titles;
  g_autofree char *title = NULL;

  tlm_fixture_setup (&fx);
  tlm_load_ids (&fx, ids, G_N_ELEMENTS (ids));
  list = g_object_ref (fx.list);
  row = tlm_get (G_LIST_MODEL (list), 2);
  g_object_weak_ref (G_OBJECT (list), tlm_count_weak_notify, &finalized);
  tlm_run_log_init (&log, list);
  settle_loop (NULL);
  titles = g_atomic_int_get (&fx.base.rec.n_titles);

  g_clear_object (&fx.base.model);
  fx.list = NULL;
  settle_loop (NULL);
  g_assert_cmpuint (finalized, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 3);
  again = tlm_get (G_LIST_MODEL (list), 2);
  g_assert_true (again == row);
  g_object_unref (again);
  again = tlm_get (G_LIST_MODEL (list), 0);
  g_assert_cmpint (tlm_row_id (again), ==, 1);
  g_object_unref (again);
  g_assert_cmpuint (vct_list_model_get_n_sections (list), ==, 1);
  title = tlm_row_title (row);
  g_assert_cmpstr (title, ==, "photo 3");
  g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoCellView");

  /* Its rows, selected or pressed while it lives on: their model is gone, nothing is
   * reported; the list emits nothing. */
  again = tlm_get (G_LIST_MODEL (list), 0);
  vct_row_select (again);
  vct_row_press (again);
  g_object_unref (again);
  vct_row_select (row);
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&fx.base.rec.n_titles), ==, titles);
  g_assert_cmpstr (log.runs->str, ==, "");
  g_assert_cmpuint (log.n_notifies, ==, 0);
  tlm_run_log_clear (&log);

  /* The list goes first, the row after it. */
  g_object_unref (list);
  g_assert_cmpuint (finalized, ==, 1);
  g_assert_cmpint (tlm_row_id (row), ==, 3);
  vct_row_select (row);
  settle_loop (NULL);
  g_object_unref (row);
  tlm_fixture_teardown (&fx);
}

/* ------------------------------------------------------------------ main */

int
main (int argc, char **argv)
{
  /* --keep-going: a case that fails in its subprocess (tlm_in_subprocess) does not stop
   * the cases after it; the exit status still says something failed. */
  char **args = g_new0 (char *, (gsize) argc + 2);
  int n_args = 0;
  int status;

  for (int i = 0; i < argc; i++)
    args[n_args++] = argv[i];
  args[n_args++] = (char *) "--keep-going";
  vct_test_init (&n_args, &args);
  g_test_add_func ("/list-model/type", test_type);
  g_test_add_func ("/list-model/first-load", test_first_load);
  g_test_add_func ("/list-model/conformance", test_conformance);
  g_test_add_func ("/list-model/identity", test_identity);
  g_test_add_func ("/list-model/held-mid-batch", test_held_mid_batch);
  g_test_add_func ("/list-model/probes-mid-batch", test_probes_mid_batch);
  g_test_add_func ("/list-model/held-rows", test_held_rows);
  g_test_add_func ("/list-model/held-rows/distinct-duplicates", test_held_rows_distinct_duplicates);
  g_test_add_func ("/list-model/duplicate-ids/minimal", test_duplicate_ids_minimal);
  g_test_add_func ("/list-model/drop-in-notify", test_drop_in_notify);
  g_test_add_func ("/list-model/weak", test_weak);
  g_test_add_func ("/list-model/duplicate-ids", test_duplicate_ids);
  g_test_add_func ("/list-model/keeps-after-batch", test_keeps_after_batch);
  g_test_add_func ("/list-model/sections/photos", test_sections_photos);
  g_test_add_func ("/list-model/sections/feed", test_sections_feed);
  g_test_add_func ("/list-model/feed/kept-headers", test_feed_kept_headers);
  g_test_add_func ("/list-model/is-checks", test_is_checks);
  g_test_add_func ("/list-model/select", test_select);
  g_test_add_func ("/list-model/lifetime/row", test_lifetime);
  g_test_add_func ("/list-model/lifetime/list", test_lifetime_list);
  status = vct_test_run ();
  g_free (args);
  return status;
}
