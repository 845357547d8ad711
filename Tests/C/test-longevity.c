/* test-longevity.c: a long-lived object costs the same on its millionth operation as on
 * its first, through vctable.h.
 *
 * Found in the field: a C program keeping one vct_row_observe binding on song 1 of the
 * song picker while it played next/previous in turn took 164 us a round for the first
 * 4 000 rounds, 4.4 ms a round (27x) by round 40 000, then overflowed the stack in
 * vct_binding_dispose (a closure kept bare in a Mutex gained one reabstraction thunk per
 * delivery: O(n) per delivery, n deep to release). Each /longevity case keeps bindings
 * alive through many rounds, every round driven on the GLib loop until its change was
 * delivered to the binding (counted, and the row's value as of each change checked), and
 * asserts:
 *
 *   - time per round: the last tenth of the rounds costs at most MAX_RATIO times the
 *     first tenth, after half a tenth of unmeasured rounds (WARMUP_DIVISOR) (the feed's first
 *     rounds can be faster than its steady state, before its allocations settle). Time
 *     is the process's CPU time (CLOCK_PROCESS_CPUTIME_ID: the work of every thread of
 *     this program, none of another program's). Each tenth is timed in windows of
 *     WINDOW_ROUNDS rounds and its figure is its fastest window's time per round:
 *     thousands of windows a tenth, so load from
 *     elsewhere on this shared two-core machine (which slows some windows, or even most:
 *     the feed's rounds hop between threads) does not count, while growth does: it
 *     raises every window of the last tenth. A machine busy for the whole last tenth
 *     (a core shared with someone's build runs every round slower for a second or so)
 *     only extends it: it runs more rounds until a window is back under the limit, up to
 *     MAX_EXTENSIONS tenths (MAX_EXTENSION_SECONDS) more, which growth never is (it gets worse with each round).
 *   - RSS (VmRSS) after the last tenth is at most RSS_SLACK_KIB above RSS after the first
 *     tenth (see RSS_SLACK_KIB);
 *   - disposing the binding after all those deliveries runs its GDestroyNotify exactly
 *     once, at once; a later change of the row reaches the list but not the binding; the
 *     model's last unref runs each of its notifies once (the custom service's too); then
 *     the loop drains with nothing delivered.
 *
 * Each prints "# longevity: <case>: <rounds> rounds, first tenth <x> us/round, last tenth
 * <y> us/round (ratio <r>), RSS <a> -> <b> KiB" (a TAP comment; -v adds each tenth).
 *
 * Sizes: VCT_LONGEVITY_ROUNDS rounds for every case when set; otherwise each case's
 * default below, or the VALGRIND_ sizes with VCT_TEST_UNDER_VALGRIND=1 (the valgrind run
 * of Tests/C/run.sh, and the sanitizer runs, which set it too). There the time ratio and
 * the RSS are printed but not checked: valgrind and the sanitizers replace the allocator
 * (RSS counts their shadow memory and quarantine) and slow code unevenly. The "done
 * when" run: `VCT_LONGEVITY_ROUNDS=200000 ./test-longevity` (200 000 next/previous with
 * the bound song row, and as many rounds of the other cases).
 *
 * /error/quark-name: g_quark_to_string (VCT_ERROR) is "vct-error-quark" after the process
 * allocated and freed many strings and ran the library (it was a dangling pointer: the
 * quark was registered with g_quark_from_static_string from a Swift temporary).
 *
 * Nothing sleeps to synchronise: the loop is driven to a condition with a timeout guard.
 */
#define _POSIX_C_SOURCE 200809L

#include "common/vct-test.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* Default rounds per case (one round: one next or previous; one select; one follow press
 * that fails). A round costs 50-100 us against the debug library: ~12 s in all. */
#define SONGS_ROUNDS 100000    /* 10^5 next/previous: ~6.5 s */
#define BINDING_ROUNDS 30000   /* ~2.5 s */
#define FEED_ROUNDS 25000      /* eleven reports a round, via a worker thread: ~3.5 s */
/* Under valgrind a round costs 30-60x. */
#define VALGRIND_ROUNDS 1000
#define VALGRIND_FEED_ROUNDS 400
/* The fewest rounds measured: a tenth of at least one round. */
#define MIN_ROUNDS 10
/* Each tenth is timed in windows of this many rounds, and counts its fastest window. */
#define WINDOW_ROUNDS 2
#define MAX_RATIO 1.5
/* How many tenths a last tenth over MAX_RATIO may be extended by (see meter_run). */
#define MAX_EXTENSIONS 40
/* ... and for at most this long (wall clock): a load that lasts longer is a finding. */
#define MAX_EXTENSION_SECONDS 30
/* Unmeasured rounds before the first tenth: half a tenth. */
#define WARMUP_DIVISOR 2

/* RSS may grow by this much between the end of the first tenth (by then the allocator's
 * arenas, the worker threads, GLib's and Swift's caches and the metadata of every code
 * path a round takes are in place) and the end of the last tenth. It is over ten times
 * what a flat run moves (50-150 KiB: malloc trimming, arena reuse, a worker thread's
 * stack), while a leak of B bytes a round shows once B x (nine tenths of the rounds)
 * passes it: at the default sizes B >= 24 (song picker), 80 (binding), 160 (feed); at
 * 200 000 rounds B >= 12. The smallest Swift object or closure context is a 32-byte
 * malloc chunk; the reported bug's thunk was 48. */
#define RSS_SLACK_KIB (2 * 1024)

/* ------------------------------------------------------------------ sizes */

static guint
longevity_rounds (guint normal, guint valgrind)
{
  return MAX (vct_test_env_uint ("VCT_LONGEVITY_ROUNDS", vct_test_scale (normal, valgrind)), MIN_ROUNDS);
}

/* ------------------------------------------------------------------ measuring */

/* CPU time of the whole process, in us: the rounds' work on every thread, and nothing of
 * the other programs sharing the machine (a CI run beside a build measured 2.27x in wall
 * time with a flat profile). */
static double
now_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1e6 + now.tv_nsec / 1e3;
}

typedef void (*RoundFunc) (gpointer data, guint round);

/* Each tenth's fastest window, in us per round. */
typedef struct
{
  guint  rounds;     /* run in all, extensions included */
  double tenth[10];
  guint  windows;    /* windows timed per tenth (at least) */
  guint  extensions; /* tenths added to the last one */
  guint  per_tenth;  /* rounds in a tenth */
  gsize  rss_first;  /* after the first tenth */
  gsize  rss_last;   /* after the last */
} Meter;

/* Runs @n rounds from *@round as windows of WINDOW_ROUNDS; returns the fastest window's
 * time per round. */
static double
meter_windows (guint *round, guint n, RoundFunc func, gpointer data)
{
  guint end = *round + n;
  double fastest = G_MAXDOUBLE;

  while (*round < end)
    {
      guint size = MIN (WINDOW_ROUNDS, end - *round);
      double start = now_us ();

      for (guint i = 0; i < size; i++)
        func (data, (*round)++);
      fastest = MIN (fastest, (now_us () - start) / size);
    }
  return fastest;
}

static double meter_ratio (const Meter *meter);

/* Runs @func for rounds 0 … @rounds - 1 (the last tenth also runs the remainder),
 * timing each tenth. When the last tenth is over MAX_RATIO, it goes on for up to
 * MAX_EXTENSIONS more tenths while no window of it is at or under MAX_RATIO: a busy
 * machine can slow every window of a tenth (a core shared with another build runs this
 * one slower for a second at a time), but not of the minutes after it, whereas growth
 * only gets worse with more rounds. meter->rounds says how many rounds ran. */
static void
meter_run (Meter *meter, guint rounds, RoundFunc func, gpointer data)
{
  guint tenth = rounds / 10;
  guint round = 0;
  gint64 extension_start;

  g_assert_cmpuint (tenth, >=, 1);
  memset (meter, 0, sizeof *meter);
  meter->windows = MAX (tenth / WINDOW_ROUNDS, 1);
  meter->per_tenth = tenth;
  /* Warm-up, unmeasured: the first tenth is then the steady state's first. */
  for (guint end = tenth / WARMUP_DIVISOR; round < end;)
    func (data, round++);
  rounds += round;
  for (guint t = 0; t < 10; t++)
    {
      meter->tenth[t] = meter_windows (&round, t == 9 ? rounds - round : tenth, func, data);
      if (t == 0)
        meter->rss_first = vct_test_resident_kib ();
    }
  extension_start = g_get_monotonic_time ();
  while (meter_ratio (meter) > MAX_RATIO && meter->extensions < MAX_EXTENSIONS
         && g_get_monotonic_time () - extension_start < MAX_EXTENSION_SECONDS * G_USEC_PER_SEC)
    {
      meter->tenth[9] = MIN (meter->tenth[9], meter_windows (&round, tenth, func, data));
      meter->extensions++;
    }
  meter->rounds = round;
  meter->rss_last = vct_test_resident_kib ();
}

static double
meter_ratio (const Meter *meter)
{
  return meter->tenth[9] / MAX (meter->tenth[0], 0.001);
}

/* us/round of each tenth, "a b c …"; g_free. */
static char *
meter_profile (const Meter *meter)
{
  GString *profile = g_string_new (NULL);

  for (guint t = 0; t < 10; t++)
    g_string_append_printf (profile, "%s%.1f", t == 0 ? "" : " ", meter->tenth[t]);
  return g_string_free (profile, FALSE);
}

/* Prints the case's line (before the binding is disposed, so it is there even when the
 * dispose crashes). */
static void
meter_report (const Meter *meter, const char *name)
{
  printf ("# longevity: %s: %u rounds, first tenth %.1f us/round, last tenth %.1f us/round (ratio %.2f), "
          "RSS %" G_GSIZE_FORMAT " -> %" G_GSIZE_FORMAT " KiB\n",
          name, meter->rounds, meter->tenth[0], meter->tenth[9], meter_ratio (meter), meter->rss_first,
          meter->rss_last);
  fflush (stdout);
  if (meter->extensions > 0)
    g_test_message ("%s: the last tenth was over %.1fx the first, so it ran %u tenths more (%u rounds in all); "
                    "its fastest window counts", name, MAX_RATIO, meter->extensions, meter->rounds);
  if (g_test_verbose ())
    {
      char *profile = meter_profile (meter);
      g_test_message ("%s: fastest window of each tenth (%u+ windows of %d rounds), us/round: %s",
                      name, meter->windows, WINDOW_ROUNDS, profile);
      g_free (profile);
    }
}

/* Asserts flat time and RSS (not under valgrind or a sanitizer). */
static void
meter_check (const Meter *meter, const char *name)
{
  guint measured = meter->rounds - meter->per_tenth;  /* rounds between the two RSS readings */

  if (vct_test_under_valgrind ())
    {
      g_test_message ("%s: under valgrind (or a sanitizer) the time ratio and the RSS are not checked", name);
      return;
    }
  if (meter_ratio (meter) > MAX_RATIO)
    {
      char *profile = meter_profile (meter);
      char *message = g_strdup_printf ("%s: time per round grows: the last tenth costs %.2fx the first "
                                       "(us/round, fastest window of each tenth: %s)",
                                       name, meter_ratio (meter), profile);
      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, message);
      g_free (message);
      g_free (profile);
    }
  if (meter->rss_first > 0 && meter->rss_last > meter->rss_first + RSS_SLACK_KIB)
    {
      char *message = g_strdup_printf ("%s: RSS grew from %" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT
                                       " KiB in %u rounds, %.0f bytes a round (allowed: %d KiB in all)",
                                       name, meter->rss_first, meter->rss_last, measured,
                                       (meter->rss_last - meter->rss_first) * 1024.0 / measured, RSS_SLACK_KIB);
      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, message);
      g_free (message);
    }
}

/* ------------------------------------------------------------------ counting callbacks */

/* Calls and notifies of one callback, on the context thread. */
typedef struct
{
  guint calls;
  gint  notified;      /* atomic */
  guint after_notify;  /* must stay 0 */
} Tally;

static void
tally_hit (Tally *tally)
{
  if (g_atomic_int_get (&tally->notified))
    tally->after_notify++;
  tally->calls++;
}

static void
tally_notify (gpointer tally)
{
  g_atomic_int_inc (&((Tally *) tally)->notified);
}

static void
tally_text (const char *text, gpointer tally)
{
  g_assert_nonnull (text);
  tally_hit (tally);
}

static void
tally_boolean (gboolean value, gpointer tally)
{
  (void) value;
  tally_hit (tally);
}

static void
tally_item_updated (guint section, guint position, gpointer tally)
{
  (void) section;
  (void) position;
  tally_hit (tally);
}

static void
tally_items_changed (guint section, guint position, guint removed, guint added, gpointer tally)
{
  (void) section;
  (void) position;
  (void) removed;
  (void) added;
  tally_hit (tally);
}

static void
tally_sections_changed (guint position, guint removed, guint added, gpointer tally)
{
  (void) position;
  (void) removed;
  (void) added;
  tally_hit (tally);
}

static void
tally_section_updated (guint section, gpointer tally)
{
  (void) section;
  tally_hit (tally);
}

static void
assert_tally_done (const Tally *tally, const char *what)
{
  if (g_atomic_int_get (&tally->notified) != 1 || tally->after_notify != 0)
    g_error ("%s: notify ran %d times (must be 1), %u calls after it", what,
             g_atomic_int_get (&tally->notified), tally->after_notify);
}

/* The list's four callbacks, counted. */
typedef struct
{
  Tally sections;
  Tally items;
  Tally section_updated;
  Tally updated;
} ListTallies;

static void
list_tallies_attach (ListTallies *tallies, VctListModel *list)
{
  memset (tallies, 0, sizeof *tallies);
  vct_list_model_set_sections_changed (list, tally_sections_changed, &tallies->sections, tally_notify);
  vct_list_model_set_items_changed (list, tally_items_changed, &tallies->items, tally_notify);
  vct_list_model_set_section_updated (list, tally_section_updated, &tallies->section_updated, tally_notify);
  vct_list_model_set_item_updated (list, tally_item_updated, &tallies->updated, tally_notify);
}

static void
list_tallies_assert_done (const ListTallies *tallies)
{
  assert_tally_done (&tallies->sections, "sections-changed");
  assert_tally_done (&tallies->items, "items-changed");
  assert_tally_done (&tallies->section_updated, "section-updated");
  assert_tally_done (&tallies->updated, "item-updated");
}

/* ------------------------------------------------------------------ the bound row */

/* What one binding on a row received: every call counted; the changes of @property
 * checked, in order, against @values (in rotation), read from the row as of each change. */
typedef struct
{
  Tally              tally;
  guint              null_calls;  /* "draw everything" (vct_list_model_bind's first call) */
  const char        *property;
  const char *const *values;
  guint              n_values;
  guint              seen;        /* changes of @property so far */
} RowWatch;

static void
row_watch_init (RowWatch *watch, const char *property, const char *const *values, guint n_values)
{
  memset (watch, 0, sizeof *watch);
  watch->property = property;
  watch->values = values;
  watch->n_values = n_values;
}

static void
row_watch_func (VctRow *row, const char *property, gpointer data)
{
  RowWatch *watch = data;

  g_assert_nonnull (row);
  tally_hit (&watch->tally);
  if (property == NULL)
    watch->null_calls++;
  else if (strcmp (property, watch->property) == 0)
    {
      char *value = vct_row_dup_string (row, property);
      const char *expected = watch->values[watch->seen % watch->n_values];

      if (g_strcmp0 (value, expected) != 0)
        g_error ("change %u of \"%s\": the row said \"%s\", expected \"%s\"", watch->seen, property, value, expected);
      g_free (value);
      watch->seen++;
    }
}

/* ------------------------------------------------------------------ /error/quark-name */

/* Writes over @depth KiB of stack, so a dangling pointer into an old stack frame reads
 * something else. */
static guint
scribble_stack (guint depth)
{
  volatile char buffer[1024];

  memset ((char *) buffer, 'x', sizeof buffer);
  buffer[depth % sizeof buffer] = (char) depth;
  return depth == 0 ? (guint) buffer[7] : buffer[depth % sizeof buffer] + scribble_stack (depth - 1);
}

static void
assert_vct_domain (const GError *error, gint code)
{
  g_assert_error (error, VCT_ERROR, code);
  g_assert_cmpstr (g_quark_to_string (error->domain), ==, "vct-error-quark");
}

/* The domain's name survives heap and stack churn and the library's own activity; the
 * library's GErrors carry it. */
static void
test_quark_name (void)
{
  GQuark quark = vct_error_quark ();  /* registers the domain if nothing did yet */
  TableFixture fx;
  VctApiRequest *request;
  GError *error = NULL;
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpuint (quark, !=, 0);

  /* 10 000 strings of 1 … 200 bytes, most freed at once, some kept a while. */
  for (guint i = 0; i < 10000; i++)
    {
      char *text = g_strdup_printf ("%0*u-%s", (int) (i % 191), i, i % 2 ? "vct-error-quark" : "churn");
      if (i % 37 == 0)
        g_ptr_array_add (kept, text);
      else
        g_free (text);
      if (i % 1000 == 0)
        {
          g_ptr_array_set_size (kept, 0);
          (void) scribble_stack (64);
        }
    }

  /* Swift-side activity: GErrors made by the library, each with its own message. */
  for (guint i = 0; i < 200; i++)
    {
      char *uri = g_strdup_printf ("gopher://example.com/%u/%s", i, i % 3 ? "photos.json" : "");
      VctApi *api = vct_api_new_for_uri_full (uri, 0, 0, &error);

      g_assert_null (api);
      assert_vct_domain (error, VCT_ERROR_INVALID_URI);
      g_clear_error (&error);
      g_free (uri);
    }

  /* A failed reload through a custom API: the library's own GErrors, from a document that
   * is not JSON and from an error of another domain (which becomes VCT_ERROR_FAILED). */
  table_fixture_setup (&fx);
  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  vct_api_request_return_json (request, "{\"albumId\": [", -1);
  recorder_wait_done (&fx.rec, NULL, 1);
  error = vct_table_model_get_last_error (fx.model);
  assert_vct_domain (error, VCT_ERROR_INVALID_JSON);
  g_clear_error (&error);

  vct_table_model_reload_data (fx.model);
  request = fake_api_wait_request (&fx.fake, NULL);
  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no photos here");
  vct_api_request_return_error (request, error);
  g_clear_error (&error);
  recorder_wait_done (&fx.rec, NULL, 2);
  error = vct_table_model_get_last_error (fx.model);
  assert_vct_domain (error, VCT_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==, "no photos here");
  g_clear_error (&error);
  g_assert_cmpint (fx.rec.n_errors, ==, 2);
  table_fixture_teardown (&fx);

  (void) scribble_stack (256);
  g_ptr_array_unref (kept);

  g_assert_cmpuint (VCT_ERROR, ==, quark);
  g_assert_cmpstr (g_quark_to_string (VCT_ERROR), ==, "vct-error-quark");
  g_assert_cmpuint (g_quark_from_string ("vct-error-quark"), ==, VCT_ERROR);
  g_assert_cmpuint (g_quark_try_string ("vct-error-quark"), ==, VCT_ERROR);
}

/* ------------------------------------------------------------------ the song picker */

/* Songs 1 … @n: title "song <id>", subtitle "sub <id>", 60 * id + 5 seconds. */
static char *
songs_doc (guint n)
{
  GString *doc = g_string_new ("[");

  for (guint id = 1; id <= n; id++)
    g_string_append_printf (doc, "%s{\"id\": %u, \"title\": \"song %u\", \"subtitle\": \"sub %u\", \"duration\": %u}",
                            id == 1 ? "" : ", ", id, id, id, 60 * id + 5);
  g_string_append (doc, "]");
  return g_string_free (doc, FALSE);
}

/* A picker over a FakeService (common/vct-test.h), every callback counted. */
typedef struct
{
  FakeService         fake;
  VctSongPickerModel *model;
  VctListModel       *list;
  Tally               state;
  Tally               title;
  Tally               button;
  Tally               dismiss;
  Tally               loading;
  Tally               error;
  ListTallies         lists;
  guint               target;  /* what the round's condition waits for */
} Picker;

static void
tally_state (VctSongPickerState state, gpointer tally)
{
  (void) state;
  tally_hit (tally);
}

static void
tally_dismiss (gpointer tally)
{
  tally_hit (tally);
}

static gboolean
picker_has_rows (gpointer data)
{
  Picker *picker = data;
  return vct_list_model_get_n_items (picker->list, 0) == picker->target;
}

static gboolean
picker_updated_at_target (gpointer data)
{
  Picker *picker = data;
  return picker->lists.updated.calls >= picker->target;
}

static gboolean
picker_state_at_target (gpointer data)
{
  Picker *picker = data;
  return picker->state.calls >= picker->target;
}

/* Songs 1 … @n_songs loaded, picking. */
static void
picker_setup (Picker *picker, guint n_songs)
{
  VctSongService *service;
  char *json = songs_doc (n_songs);

  memset (picker, 0, sizeof *picker);
  fake_service_init (&picker->fake, NULL);
  service = vct_song_service_new_custom (fake_service_fetch, &picker->fake, fake_service_notify);
  picker->model = vct_song_picker_model_new (service);
  vct_song_service_unref (service);
  g_assert_nonnull (picker->model);
  picker->list = vct_song_picker_model_get_list (picker->model);
  vct_song_picker_model_set_did_change_state (picker->model, tally_state, &picker->state, tally_notify);
  vct_song_picker_model_set_did_update_title (picker->model, tally_text, &picker->title, tally_notify);
  vct_song_picker_model_set_did_change_button_enabled (picker->model, tally_boolean, &picker->button, tally_notify);
  vct_song_picker_model_set_did_dismiss (picker->model, tally_dismiss, &picker->dismiss, tally_notify);
  vct_song_picker_model_set_did_change_loading (picker->model, tally_boolean, &picker->loading, tally_notify);
  vct_song_picker_model_set_did_error (picker->model, tally_text, &picker->error, tally_notify);
  list_tallies_attach (&picker->lists, picker->list);

  vct_song_picker_model_reload (picker->model);
  vct_api_request_return_json (fake_service_wait_fetch (&picker->fake), json, -1);
  picker->target = n_songs;
  run_until (NULL, picker_has_rows, picker, VCT_TEST_TIMEOUT_MS);
  iterate_pending (NULL);
  g_assert_cmpuint (picker->error.calls, ==, 0);
  g_free (json);
}

/* Selects row @position (picking) and waits for its update. */
static void
picker_select (Picker *picker, guint position)
{
  picker->target = picker->lists.updated.calls + 1;
  g_assert_true (vct_list_model_select (picker->list, 0, position));
  run_until (NULL, picker_updated_at_target, picker, VCT_TEST_TIMEOUT_MS);
}

/* The last unref runs every notify once; the service's notify runs once; then the loop
 * drains with nothing delivered. */
static void
picker_finish (Picker *picker)
{
  vct_song_picker_model_unref (picker->model);
  picker->model = NULL;
  assert_tally_done (&picker->state, "state");
  assert_tally_done (&picker->title, "title");
  assert_tally_done (&picker->button, "button");
  assert_tally_done (&picker->dismiss, "dismiss");
  assert_tally_done (&picker->loading, "loading");
  assert_tally_done (&picker->error, "error");
  list_tallies_assert_done (&picker->lists);
  fake_service_finish (&picker->fake);
  settle_loop (NULL);
  assert_tally_done (&picker->state, "state");
  list_tallies_assert_done (&picker->lists);
  g_assert_cmpuint (picker->error.calls, ==, 0);
}

/* /longevity/song-picker-bound-row */

typedef struct
{
  Picker   picker;
  RowWatch song1;
} SongsRun;

static gboolean
song1_delivered (gpointer data)
{
  SongsRun *run = data;
  return run->song1.seen >= run->picker.target;
}

/* Round r: next (even r) or previous (odd r); song 1 becomes playable, then playing. */
static void
songs_round (gpointer data, guint round)
{
  SongsRun *run = data;
  gboolean moved = round % 2 == 0 ? vct_song_picker_model_next (run->picker.model)
                                  : vct_song_picker_model_previous (run->picker.model);

  if (!moved)
    g_error ("round %u: %s returned FALSE", round, round % 2 == 0 ? "next" : "previous");
  run->picker.target = round + 1;
  run_until (NULL, song1_delivered, run, VCT_TEST_TIMEOUT_MS);
}

static void
test_song_picker_bound_row (void)
{
  static const char *const modes[] = { "playable", "playing" };
  guint rounds = longevity_rounds (SONGS_ROUNDS, VALGRIND_ROUNDS);
  SongsRun run;
  Picker *picker = &run.picker;
  VctRow *row;
  VctBinding *binding;
  char *text;
  Meter meter;
  guint updated;

  /* Songs 1 and 2 selected of three, listening: song 1 plays. */
  picker_setup (picker, 3);
  picker_select (picker, 0);
  picker_select (picker, 1);
  g_assert_true (vct_song_picker_model_start (picker->model));
  picker->target = 1;
  run_until (NULL, picker_state_at_target, picker, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (vct_list_model_get_n_items (picker->list, 0), ==, 2);
  row = vct_list_model_get_item (picker->list, 0, 0);
  text = vct_row_dup_string (row, "title");
  g_assert_cmpstr (text, ==, "song 1");
  g_free (text);
  text = vct_row_dup_string (row, "mode");
  g_assert_cmpstr (text, ==, "playing");
  g_free (text);

  row_watch_init (&run.song1, "mode", modes, G_N_ELEMENTS (modes));
  binding = vct_row_observe (row, row_watch_func, &run.song1, tally_notify);
  g_assert_nonnull (binding);
  updated = picker->lists.updated.calls;

  meter_run (&meter, rounds, songs_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "song-picker-bound-row");
  iterate_pending (NULL);
  /* One change of song 1 a round (and of song 2: two rows updated), nothing else. */
  g_assert_cmpuint (run.song1.seen, ==, rounds);
  g_assert_cmpuint (run.song1.tally.calls, ==, rounds);
  g_assert_cmpuint (run.song1.null_calls, ==, 0);
  g_assert_cmpuint (picker->lists.updated.calls - updated, ==, 2 * rounds);
  g_assert_cmpuint (picker->lists.items.calls, ==, 2);  /* the load, the start */
  g_assert_cmpint (vct_song_picker_model_get_state (picker->model), ==, VCT_SONG_PICKER_STATE_LISTENING);

  /* Dispose after the many deliveries: the notify once, at once; a later change of
   * song 1 reaches the list but not the binding. */
  vct_binding_dispose (binding);
  g_assert_cmpint (g_atomic_int_get (&run.song1.tally.notified), ==, 1);
  picker->target = picker->lists.updated.calls + 2;
  g_assert_true (rounds % 2 == 0 ? vct_song_picker_model_next (picker->model)
                                 : vct_song_picker_model_previous (picker->model));
  run_until (NULL, picker_updated_at_target, picker, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (run.song1.tally.calls, ==, rounds);
  assert_tally_done (&run.song1.tally, "song 1's binding");

  picker_finish (picker);
  assert_tally_done (&run.song1.tally, "song 1's binding");
  meter_check (&meter, "song-picker-bound-row");
}

/* /longevity/song-row-notify: the same rounds seen the GObject way: song 1's row object,
 * held from the flat list (g_list_model_get_item), with a `notify::mode` handler. Each
 * round the list re-points the object (its row changed in place) and the object
 * notifies: what a GtkListView binding does for hours. */

typedef struct
{
  Picker   picker;
  guint    notified;  /* notify::mode emissions */
  guint    playing;   /* of which the mode read "playing" in the handler */
  GThread *thread;
} SongObjectRun;

static void
song_object_mode_notified (GObject *row, G_GNUC_UNUSED GParamSpec *pspec, gpointer data)
{
  SongObjectRun *run = data;
  g_autofree char *mode = NULL;

  g_assert_true (g_thread_self () == run->thread);
  g_object_get (row, "mode", &mode, NULL);
  run->notified++;
  if (g_strcmp0 (mode, "playing") == 0)
    run->playing++;
}

static gboolean
song_object_notified (gpointer data)
{
  SongObjectRun *run = data;
  return run->notified >= run->picker.target;
}

static void
song_object_round (gpointer data, guint round)
{
  SongObjectRun *run = data;
  gboolean moved = round % 2 == 0 ? vct_song_picker_model_next (run->picker.model)
                                  : vct_song_picker_model_previous (run->picker.model);

  if (!moved)
    g_error ("round %u: %s returned FALSE", round, round % 2 == 0 ? "next" : "previous");
  run->picker.target = round + 1;
  run_until (NULL, song_object_notified, run, VCT_TEST_TIMEOUT_MS);
}

static void
test_song_row_notify (void)
{
  guint rounds = longevity_rounds (SONGS_ROUNDS, VALGRIND_ROUNDS);
  SongObjectRun run = { 0 };
  Picker *picker = &run.picker;
  GObject *row;
  g_autofree char *title = NULL;
  gulong handler;
  Meter meter;

  run.thread = g_thread_self ();
  picker_setup (picker, 3);
  picker_select (picker, 0);
  picker_select (picker, 1);
  g_assert_true (vct_song_picker_model_start (picker->model));
  picker->target = 1;
  run_until (NULL, picker_state_at_target, picker, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (picker->list)), ==, 2);
  row = g_list_model_get_item (G_LIST_MODEL (picker->list), 0);
  g_assert_true (VCT_IS_SONG_ROW (row));
  g_object_get (row, "title", &title, NULL);
  g_assert_cmpstr (title, ==, "song 1");
  handler = g_signal_connect (row, "notify::mode", G_CALLBACK (song_object_mode_notified), &run);

  meter_run (&meter, rounds, song_object_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "song-row-notify");
  iterate_pending (NULL);
  /* One notify a round, playable and playing in turn; the same object throughout. */
  g_assert_cmpuint (run.notified, ==, rounds);
  g_assert_cmpuint (run.playing, ==, rounds / 2);
  {
    g_autoptr (GObject) again = g_list_model_get_item (G_LIST_MODEL (picker->list), 0);
    g_assert_true (again == row);
  }

  g_signal_handler_disconnect (row, handler);
  g_object_unref (row);
  picker_finish (picker);
  meter_check (&meter, "song-row-notify");
}

/* /longevity/binding: the list API's bindings on one row of the picker while picking,
 * the row toggled by vct_list_model_select each round: a widget bound with
 * vct_list_model_bind and a VctBinding from vct_row_observe. (The photo table's rows
 * never change in place, so a binding on one of them would receive nothing.) */

typedef struct
{
  Picker   picker;
  RowWatch widget;   /* vct_list_model_bind */
  RowWatch observer; /* vct_row_observe */
} BindRun;

static gboolean
both_delivered (gpointer data)
{
  BindRun *run = data;
  return run->widget.seen >= run->picker.target && run->observer.seen >= run->picker.target;
}

static void
bind_round (gpointer data, guint round)
{
  BindRun *run = data;

  if (!vct_list_model_select (run->picker.list, 0, 1))
    g_error ("round %u: select returned FALSE", round);
  run->picker.target = round + 1;
  run_until (NULL, both_delivered, run, VCT_TEST_TIMEOUT_MS);
}

static void
test_binding (void)
{
  static const char *const modes[] = { "selected", "unselected" };
  guint rounds = longevity_rounds (BINDING_ROUNDS, VALGRIND_ROUNDS);
  BindRun run;
  Picker *picker = &run.picker;
  VctBinding *binding;
  int widget;
  Meter meter;
  guint updated, button;

  picker_setup (picker, 3);
  row_watch_init (&run.widget, "mode", modes, G_N_ELEMENTS (modes));
  row_watch_init (&run.observer, "mode", modes, G_N_ELEMENTS (modes));
  g_assert_true (vct_list_model_bind (picker->list, &widget, 0, 1, row_watch_func, &run.widget, tally_notify));
  g_assert_cmpuint (run.widget.null_calls, ==, 1);
  binding = vct_row_observe (vct_list_model_get_item (picker->list, 0, 1), row_watch_func, &run.observer,
                             tally_notify);
  g_assert_nonnull (binding);
  updated = picker->lists.updated.calls;
  button = picker->button.calls;

  meter_run (&meter, rounds, bind_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "binding");
  iterate_pending (NULL);
  g_assert_cmpuint (run.widget.seen, ==, rounds);
  g_assert_cmpuint (run.widget.tally.calls, ==, rounds + 1);
  g_assert_cmpuint (run.observer.seen, ==, rounds);
  g_assert_cmpuint (run.observer.tally.calls, ==, rounds);
  g_assert_cmpuint (picker->lists.updated.calls - updated, ==, rounds);
  /* The only selected song, toggled: the button follows every round. */
  g_assert_cmpuint (picker->button.calls - button, ==, rounds);
  g_assert_cmpint (vct_song_picker_model_get_state (picker->model), ==, VCT_SONG_PICKER_STATE_PICKING);

  /* Both end with their notify once; the next toggle reaches the list only. */
  vct_binding_dispose (binding);
  g_assert_cmpint (g_atomic_int_get (&run.observer.tally.notified), ==, 1);
  g_assert_true (vct_list_model_unbind (picker->list, &widget));
  g_assert_cmpint (g_atomic_int_get (&run.widget.tally.notified), ==, 1);
  g_assert_false (vct_list_model_unbind (picker->list, &widget));
  picker_select (picker, 1);
  settle_loop (NULL);
  g_assert_cmpuint (run.widget.tally.calls, ==, rounds + 1);
  g_assert_cmpuint (run.observer.tally.calls, ==, rounds);

  picker_finish (picker);
  assert_tally_done (&run.widget.tally, "the bound widget");
  assert_tally_done (&run.observer.tally, "the VctBinding");
  meter_check (&meter, "binding");
}

/* ------------------------------------------------------------------ the feed */

/* A custom feed service: one fetch and one follow at a time, held for the test. */
typedef struct
{
  VctApiRequest *fetch;
  VctApiRequest *follow;
  gint64         follow_member;
  guint          n_follows;
  gint           notified;  /* atomic; may run on another thread */
} FeedFake;

static void
feed_fake_fetch (VctApiRequest *request, gpointer data)
{
  FeedFake *fake = data;

  g_assert_null (fake->fetch);
  fake->fetch = request;
}

static void
feed_fake_follow (VctApiRequest *request, gint64 member_id, gpointer data)
{
  FeedFake *fake = data;

  g_assert_null (fake->follow);
  fake->follow = request;
  fake->follow_member = member_id;
  fake->n_follows++;
}

static void
feed_fake_notify (gpointer data)
{
  g_atomic_int_inc (&((FeedFake *) data)->notified);
  g_main_context_wakeup (NULL);
}

static gboolean
feed_fake_has_fetch (gpointer data)
{
  return ((FeedFake *) data)->fetch != NULL;
}

static gboolean
feed_fake_has_follow (gpointer data)
{
  return ((FeedFake *) data)->follow != NULL;
}

static gboolean
feed_fake_notified (gpointer data)
{
  return g_atomic_int_get (&((FeedFake *) data)->notified) > 0;
}

typedef struct
{
  FeedFake      fake;
  VctFeedModel *model;
  VctListModel *list;
  Tally         title;
  Tally         loading;
  Tally         hidden;
  Tally         error;
  Tally         detail;
  ListTallies   lists;
  RowWatch      member;  /* the binding on member 7's row */
  guint         section, position;
  guint         target;
} FeedRun;

static void
tally_detail (gint64 id, const char *title, const char *description, const char *image_url, gpointer tally)
{
  (void) id;
  (void) title;
  (void) description;
  (void) image_url;
  tally_hit (tally);
}

static gboolean
feed_loaded (gpointer data)
{
  FeedRun *run = data;
  return run->loading.calls >= 2 && !vct_feed_model_is_loading (run->model);
}

/* The round's follow failed: its error was reported and the row was seen back at normal. */
static gboolean
follow_failed (gpointer data)
{
  FeedRun *run = data;
  return run->error.calls >= run->target && run->member.seen >= 2 * run->target;
}

static gboolean
error_at_target (gpointer data)
{
  FeedRun *run = data;
  return run->error.calls >= run->target;
}

/* Presses member 7's button and completes its follow with an error. */
static void
follow_once (FeedRun *run)
{
  VctApiRequest *request;

  if (!vct_list_model_press (run->list, run->section, run->position))
    g_error ("press out of range");
  run_until (NULL, feed_fake_has_follow, &run->fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (run->fake.follow_member, ==, 7);
  request = run->fake.follow;
  run->fake.follow = NULL;
  vct_test_return_error (request, VCT_ERROR_HTTP_STATUS, "follow refused");
}

/* A round: a follow that fails, the row normal → loading → normal, one error. */
static void
feed_round (gpointer data, guint round)
{
  FeedRun *run = data;

  follow_once (run);
  run->target = round + 1;
  run_until (NULL, follow_failed, run, VCT_TEST_TIMEOUT_MS);
}

static void
test_feed_follow_bound_row (void)
{
  static const char *const states[] = { "loading", "normal" };
  static const char doc[] =
    "[{\"type\": \"member\", \"id\": 7, \"name\": \"member 7\", \"avatarUrl\": \"https://example.com/a/7.png\", "
    "\"date\": \"2026-11-20T12:50:00Z\", \"following\": false},"
    " {\"type\": \"photo\", \"id\": 30, \"title\": \"photo 30\", \"description\": \"about 30\", "
    "\"imageUrl\": \"https://example.com/p/30.png\", \"date\": \"2026-11-20T12:30:00Z\"},"
    " {\"type\": \"member\", \"id\": 8, \"name\": \"member 8\", \"avatarUrl\": \"https://example.com/a/8.png\", "
    "\"date\": \"2026-11-20T12:10:00Z\", \"following\": true}]";
  guint rounds = longevity_rounds (FEED_ROUNDS, VALGRIND_FEED_ROUNDS);
  FeedRun run;
  VctFeedService *service;
  VctRow *row;
  VctBinding *binding;
  char *text;
  Meter meter;
  guint per_round, updated;

  memset (&run, 0, sizeof run);
  service = vct_feed_service_new_custom (feed_fake_fetch, feed_fake_follow, &run.fake, feed_fake_notify);
  run.model = vct_feed_model_new (service);
  vct_feed_service_unref (service);
  g_assert_nonnull (run.model);
  run.list = vct_feed_model_get_list (run.model);
  vct_feed_model_set_did_update_title (run.model, tally_text, &run.title, tally_notify);
  vct_feed_model_set_did_change_loading (run.model, tally_boolean, &run.loading, tally_notify);
  vct_feed_model_set_did_change_list_hidden (run.model, tally_boolean, &run.hidden, tally_notify);
  vct_feed_model_set_did_error (run.model, tally_text, &run.error, tally_notify);
  vct_feed_model_set_did_open_detail (run.model, tally_detail, &run.detail, tally_notify);
  list_tallies_attach (&run.lists, run.list);

  vct_feed_model_reload (run.model);
  run_until (NULL, feed_fake_has_fetch, &run.fake, VCT_TEST_TIMEOUT_MS);
  vct_api_request_return_json (run.fake.fetch, doc, -1);
  run.fake.fetch = NULL;
  run_until (NULL, feed_loaded, &run, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (run.error.calls, ==, 0);
  g_assert_cmpuint (vct_list_model_get_n_sections (run.list), ==, 1);
  g_assert_cmpuint (vct_list_model_get_n_items (run.list, 0), ==, 3);
  run.section = 0;
  run.position = 0;
  row = vct_list_model_get_item (run.list, run.section, run.position);
  text = vct_row_dup_string (row, "name");
  g_assert_cmpstr (text, ==, "member 7");
  g_free (text);
  text = vct_row_dup_string (row, "followState");
  g_assert_cmpstr (text, ==, "normal");
  g_free (text);

  row_watch_init (&run.member, "followState", states, G_N_ELEMENTS (states));
  binding = vct_row_observe (row, row_watch_func, &run.member, tally_notify);
  g_assert_nonnull (binding);
  updated = run.lists.updated.calls;

  meter_run (&meter, rounds, feed_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "feed-follow-bound-row");
  iterate_pending (NULL);
  /* Every round the same: the four button properties to loading and back (followState
   * checked as of each change), two in-place updates of that row, one error; no other
   * report. */
  per_round = 8;
  g_assert_cmpuint (run.member.tally.calls, ==, per_round * rounds);
  g_assert_cmpuint (run.member.seen, ==, 2 * rounds);
  g_assert_cmpuint (run.member.null_calls, ==, 0);
  g_assert_cmpuint (run.error.calls, ==, rounds);
  g_assert_cmpuint (run.fake.n_follows, ==, rounds);
  g_assert_cmpuint (run.lists.updated.calls - updated, ==, 2 * rounds);
  g_assert_cmpuint (run.lists.items.calls, ==, 0);
  g_assert_cmpuint (run.lists.sections.calls, ==, 1);  /* the load */
  g_assert_cmpuint (run.detail.calls, ==, 0);

  /* Dispose: the notify once, at once; another failed follow reaches the model only. */
  vct_binding_dispose (binding);
  g_assert_cmpint (g_atomic_int_get (&run.member.tally.notified), ==, 1);
  follow_once (&run);
  run.target = rounds + 1;
  run_until (NULL, error_at_target, &run, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (run.error.calls, ==, rounds + 1);
  g_assert_cmpuint (run.member.tally.calls, ==, per_round * rounds);
  assert_tally_done (&run.member.tally, "member 7's binding");

  /* The last unref: every notify once, the service's too; then nothing is delivered. */
  vct_feed_model_unref (run.model);
  run.model = NULL;
  assert_tally_done (&run.title, "title");
  assert_tally_done (&run.loading, "loading");
  assert_tally_done (&run.hidden, "hidden");
  assert_tally_done (&run.error, "error");
  assert_tally_done (&run.detail, "detail");
  list_tallies_assert_done (&run.lists);
  run_until (NULL, feed_fake_notified, &run.fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&run.fake.notified), ==, 1);
  g_assert_null (run.fake.fetch);
  g_assert_null (run.fake.follow);
  list_tallies_assert_done (&run.lists);
  assert_tally_done (&run.error, "error");
  assert_tally_done (&run.member.tally, "member 7's binding");
  meter_check (&meter, "feed-follow-bound-row");
}

int
main (int argc, char **argv)
{
  g_unsetenv ("VCTABLE_SONGS_URL");
  g_unsetenv ("VCTABLE_FEEDS_URL");
  vct_test_init (&argc, &argv);

  g_test_add_func ("/error/quark-name", test_quark_name);
  g_test_add_func ("/longevity/song-picker-bound-row", test_song_picker_bound_row);
  g_test_add_func ("/longevity/song-row-notify", test_song_row_notify);
  g_test_add_func ("/longevity/feed-follow-bound-row", test_feed_follow_bound_row);
  g_test_add_func ("/longevity/binding", test_binding);
  return vct_test_run ();
}
