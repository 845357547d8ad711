/* test-longevity.c: a long-lived object costs the same on its millionth operation as on
 * its first, through vctable.h.
 *
 * Found in the field: a C program keeping one row binding (of the sectioned API before
 * GListModel) on song 1 of the song picker while it played next/previous in turn took
 * 164 us a round for the first 4 000 rounds, 4.4 ms a round (27x) by round 40 000, then
 * overflowed the stack when the binding was released (a closure kept bare in a Mutex
 * gained one reabstraction thunk per delivery: O(n) per delivery, n deep to release).
 * Each /longevity case holds row objects from a screen's flat list (g_list_model_get_item)
 * with `notify` handlers connected, through many rounds, every round driven on the GLib
 * loop until its change was notified (counted, and the row's value read in the handler,
 * as of each change, checked), and asserts:
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
 *   - disconnecting a handler after all those notifies runs its closure's notify exactly
 *     once, at once; a later change of the row still reaches the row object and the
 *     model, not the handler; dropping the row object then finalizes it at once (the list
 *     keeps no row); the model's last unref runs each of its notifies once (the list goes
 *     with it, its items-changed handler freed; the custom service's notify too); then
 *     the loop drains with nothing delivered.
 *
 * Each prints "# longevity: <case>: <rounds> rounds, first tenth <x> us/round, last tenth
 * <y> us/round (ratio <r>), RSS <a> -> <b> KiB" (a TAP comment; -v adds each tenth).
 *
 * Sizes: VCT_LONGEVITY_ROUNDS rounds for every case when set (list-reloads: at most
 * RELOAD_MAX_ROUNDS); otherwise each case's
 * default below, or the VALGRIND_ sizes with VCT_TEST_UNDER_VALGRIND=1 (the valgrind run
 * of Tests/C/run.sh, and the sanitizer runs, which set it too). There the time ratio and
 * the RSS are printed but not checked: valgrind and the sanitizers replace the allocator
 * (RSS counts their shadow memory and quarantine) and slow code unevenly. The "done
 * when" run: `VCT_LONGEVITY_ROUNDS=200000 ./test-longevity` (200 000 next/previous with
 * the watched song rows, and as many rounds of the other cases but list-reloads, which
 * stops at RELOAD_MAX_ROUNDS reloads).
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
#define TOGGLE_ROUNDS 30000    /* ~2.5 s */
#define FEED_ROUNDS 25000      /* eleven reports a round, via a worker thread: ~3.5 s */
#define IMAGE_ROUNDS 1000000   /* 10^6 binds and unbinds of one image, each a cache hit */
#define RELOAD_ROUNDS 1200     /* a reload of LIST_ROWS rows through the custom API, checked: ~8 s */
/* The most list-reloads runs, VCT_LONGEVITY_ROUNDS or not: its round is a whole reload,
 * fifty times a next/previous, so the soak's 200 000 would take a quarter of an hour. */
#define RELOAD_MAX_ROUNDS 12000
/* Under valgrind a round costs 30-60x. */
#define VALGRIND_ROUNDS 1000
#define VALGRIND_FEED_ROUNDS 400
#define VALGRIND_RELOAD_ROUNDS 30
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
 * passes it: at the default sizes B >= 24 (song rows), 80 (select toggle), 160 (feed); at
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

/* Prints the case's line (before the handlers are disconnected and the rows released, so
 * it is there even when the release crashes). */
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

/* ------------------------------------------------------------------ counting handlers */

/* Every signal and `notify` handler is counted with a Counter (common/vct-test.h): its
 * calls, its closure's notify, and any call after the notify (must stay 0). common/ has
 * the notify; the handler shapes are here. */

static void
counter_hit (Counter *counter)
{
  if (g_atomic_int_get (&counter->notified))
    g_atomic_int_inc (&counter->calls_after_notify);
  g_atomic_int_inc (&counter->calls);
}

/* A `notify::…` handler of a model, counted. */
static void
counter_on_notify (GObject *object, GParamSpec *pspec, gpointer counter)
{
  (void) object;
  (void) pspec;
  counter_hit (counter);
}

/* A did-error handler, counted; keeps the last message. */
static void
counter_on_text (GObject *object, const char *text, gpointer counter)
{
  (void) object;
  counter_hit (counter);
  g_free (((Counter *) counter)->last_text);
  ((Counter *) counter)->last_text = g_strdup (text);
}

/* A signal without arguments (dismiss), counted. */
static void
counter_on_event (GObject *object, gpointer counter)
{
  (void) object;
  counter_hit (counter);
}

/* open-detail, counted. */
static void
counter_on_detail (GObject *object, VctFeedPhoto *photo, gpointer counter)
{
  (void) object;
  (void) photo;
  counter_hit (counter);
}

/* A list's `items-changed` handler, counted; its closure's notify is the counter's. */
static void
counter_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer counter)
{
  (void) list;
  (void) position;
  (void) removed;
  (void) added;
  counter_hit (counter);
}

static void
counter_closure_notify (gpointer counter, GClosure *closure)
{
  (void) closure;
  counter_notify (counter);
}

/* Connects @callback, counted in @counter, to @object's @signal; disconnecting it or
 * finalizing @object frees it (counter->notified). */
static void
counter_connect (Counter *counter, gpointer object, const char *signal, GCallback callback)
{
  memset (counter, 0, sizeof *counter);
  g_signal_connect_data (object, signal, callback, counter, counter_closure_notify, 0);
}

/* Connects a counted `items-changed` handler to @list; the list's finalization frees it
 * (counter->notified). */
static void
counter_watch_list (Counter *counter, VctListModel *list)
{
  memset (counter, 0, sizeof *counter);
  g_signal_connect_data (list, "items-changed", G_CALLBACK (counter_items_changed), counter,
                         counter_closure_notify, 0);
}

/* The handler's notify ran once and nothing was called after it; frees the last text. */
static void
assert_counter_done (Counter *counter, const char *what)
{
  if (g_atomic_int_get (&counter->notified) != 1 || g_atomic_int_get (&counter->calls_after_notify) != 0)
    g_error ("%s: notify ran %d times (must be 1), %d calls after it", what,
             g_atomic_int_get (&counter->notified), g_atomic_int_get (&counter->calls_after_notify));
  g_clear_pointer (&counter->last_text, g_free);
}

/* ------------------------------------------------------------------ the watched row */

/* One `notify` handler on a held row object: every notify counted (counter.calls); the
 * notifies of @property checked, in order, against @values (in rotation), read in the
 * handler, so as of that change; the handler's closure notify is counter.notified. */
typedef struct
{
  Counter            counter;
  const char        *property;
  const char *const *values;
  guint              n_values;
  guint              seen;        /* notifies of @property so far */
  GThread           *thread;      /* the model's context thread: every notify runs here */
  GObject           *row;         /* a reference, until row_watch_release */
  gulong             handler;
  guint              finalized;   /* the row's weak notify */
} RowWatch;

static void
row_watch_notify (GObject *row, GParamSpec *pspec, gpointer data)
{
  RowWatch *watch = data;

  g_assert_true (row == watch->row);
  if (g_thread_self () != watch->thread)
    g_error ("a notify of \"%s\" ran on another thread than the model's", g_param_spec_get_name (pspec));
  counter_hit (&watch->counter);
  if (strcmp (g_param_spec_get_name (pspec), watch->property) == 0)
    {
      char *value = vct_test_dup_property (row, watch->property);
      const char *expected = watch->values[watch->seen % watch->n_values];

      if (g_strcmp0 (value, expected) != 0)
        g_error ("change %u of \"%s\": the row said \"%s\", expected \"%s\"", watch->seen, watch->property, value,
                 expected);
      g_free (value);
      watch->seen++;
    }
}

static void
row_watch_finalized (gpointer data, GObject *where_the_object_was)
{
  (void) where_the_object_was;
  ((RowWatch *) data)->finalized++;
}

/* Holds @row (a reference of the caller's, taken) and watches it: @detailed connects
 * "notify::@property" (only that property's notifies are counted), otherwise "notify". */
static void
row_watch_start (RowWatch *watch, gpointer row, gboolean detailed, const char *property,
                 const char *const *values, guint n_values)
{
  char *signal = detailed ? g_strconcat ("notify::", property, NULL) : g_strdup ("notify");

  memset (watch, 0, sizeof *watch);
  g_assert_true (VCT_IS_ROW (row));
  watch->property = property;
  watch->values = values;
  watch->n_values = n_values;
  watch->thread = g_thread_self ();
  watch->row = row;
  watch->handler = g_signal_connect_data (row, signal, G_CALLBACK (row_watch_notify), watch,
                                          counter_closure_notify, 0);
  g_object_weak_ref (watch->row, row_watch_finalized, watch);
  g_free (signal);
}

/* Disconnects the handler: its closure's notify runs once, at once. */
static void
row_watch_stop (RowWatch *watch, const char *what)
{
  g_signal_handler_disconnect (watch->row, watch->handler);
  watch->handler = 0;
  if (g_atomic_int_get (&watch->counter.notified) != 1)
    g_error ("%s: disconnecting the handler ran its notify %d times, not once", what,
             g_atomic_int_get (&watch->counter.notified));
}

/* Drops the reference: the list keeps no row, so the object is finalized at once. */
static void
row_watch_release (RowWatch *watch, const char *what)
{
  g_clear_object (&watch->row);
  if (watch->finalized != 1)
    g_error ("%s: the row object was not finalized at its last unref", what);
  assert_counter_done (&watch->counter, what);
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


/* A picker over a FakeService (common/vct-test.h), every signal and `notify::` of the
 * model counted, and its list's items-changed. */
typedef struct
{
  FakeService         fake;
  VctSongPickerModel *model;
  GListModel         *list;   /* borrowed from the model */
  Counter             state;
  Counter             title;
  Counter             button;
  Counter             dismiss;
  Counter             loading;
  Counter             error;
  Counter             items;  /* the list's items-changed runs */
  guint               target; /* what the round's condition waits for */
} Picker;

static gboolean
picker_has_rows (gpointer data)
{
  Picker *picker = data;
  return g_list_model_get_n_items (picker->list) == picker->target;
}

static gboolean
picker_state_at_target (gpointer data)
{
  Picker *picker = data;
  return (guint) g_atomic_int_get (&picker->state.calls) >= picker->target;
}

/* Songs 1 … @n_songs loaded, picking. */
static void
picker_setup (Picker *picker, guint n_songs)
{
  VctSongService *service;
  char *json = vct_test_songs_json (1, n_songs);

  memset (picker, 0, sizeof *picker);
  fake_service_init (&picker->fake, NULL);
  service = vct_song_service_new_custom (fake_service_fetch, &picker->fake, fake_service_notify);
  picker->model = vct_song_picker_model_new (service);
  g_object_unref (service);
  g_assert_nonnull (picker->model);
  picker->list = G_LIST_MODEL (vct_song_picker_model_get_list (picker->model));
  counter_connect (&picker->state, picker->model, "notify::state", G_CALLBACK (counter_on_notify));
  counter_connect (&picker->title, picker->model, "notify::title", G_CALLBACK (counter_on_notify));
  counter_connect (&picker->button, picker->model, "notify::button-enabled", G_CALLBACK (counter_on_notify));
  counter_connect (&picker->dismiss, picker->model, "dismiss", G_CALLBACK (counter_on_event));
  counter_connect (&picker->loading, picker->model, "notify::loading", G_CALLBACK (counter_on_notify));
  counter_connect (&picker->error, picker->model, "did-error", G_CALLBACK (counter_on_text));
  counter_watch_list (&picker->items, VCT_LIST_MODEL (picker->list));

  vct_song_picker_model_reload (picker->model);
  vct_api_request_return_json (fake_service_wait_fetch (&picker->fake), json, -1);
  picker->target = n_songs;
  run_until (NULL, picker_has_rows, picker, VCT_TEST_TIMEOUT_MS);
  iterate_pending (NULL);
  g_assert_cmpint (picker->error.calls, ==, 0);
  g_assert_cmpint (picker->items.calls, ==, 1);  /* the load: one run */
  g_free (json);
}

/* The song row at @position of the flat list (a reference). */
static GObject *
picker_row (Picker *picker, guint position)
{
  GObject *row = g_list_model_get_item (picker->list, position);

  g_assert_true (VCT_IS_SONG_ROW (row));
  return row;
}

typedef struct
{
  GObject    *row;
  const char *before;
} ModeWait;

static gboolean
mode_changed (gpointer data)
{
  ModeWait *wait = data;
  char *mode = vct_test_dup_property (wait->row, "mode");
  gboolean changed = g_strcmp0 (mode, wait->before) != 0;

  g_free (mode);
  return changed;
}

/* Selects the row at @position (picking) and waits until its mode changed. */
static void
picker_select (Picker *picker, guint position)
{
  GObject *row = picker_row (picker, position);
  char *before = vct_test_dup_property (row, "mode");
  ModeWait wait = { row, before };

  vct_row_select (VCT_ROW (row));
  run_until (NULL, mode_changed, &wait, VCT_TEST_TIMEOUT_MS);
  g_free (before);
  g_object_unref (row);
}

/* The last unref runs every notify once (the list goes with the model: its items-changed
 * handler is freed); the service's notify runs once; then the loop drains with nothing
 * delivered. */
static void
picker_finish (Picker *picker)
{
  g_clear_object (&picker->model);
  picker->list = NULL;
  assert_counter_done (&picker->state, "state");
  assert_counter_done (&picker->title, "title");
  assert_counter_done (&picker->button, "button");
  assert_counter_done (&picker->dismiss, "dismiss");
  assert_counter_done (&picker->loading, "loading");
  assert_counter_done (&picker->error, "error");
  assert_counter_done (&picker->items, "items-changed");
  fake_service_finish (&picker->fake);
  settle_loop (NULL);
  assert_counter_done (&picker->state, "state");
  assert_counter_done (&picker->items, "items-changed");
  g_assert_cmpint (picker->error.calls, ==, 0);
}

/* /longevity/song-row-notify: songs 1 and 2 of three picked, listening; the row objects
 * of both held from the flat list with a `notify` handler each, through next and previous
 * in turn. Each round both rows change in place (song 1 playable, song 2 playing, then
 * back): the list re-points the held objects and each notifies `mode`, read in the handler
 * as of its change: what a GtkListView's bound rows see for hours. */

typedef struct
{
  Picker   picker;
  RowWatch song1;
  RowWatch song2;
} SongsRun;

static gboolean
songs_delivered (gpointer data)
{
  SongsRun *run = data;
  return run->song1.seen >= run->picker.target && run->song2.seen >= run->picker.target;
}

/* Round r: next (even r) or previous (odd r). */
static void
songs_round (gpointer data, guint round)
{
  SongsRun *run = data;
  gboolean moved = round % 2 == 0 ? vct_song_picker_model_next (run->picker.model)
                                  : vct_song_picker_model_previous (run->picker.model);

  if (!moved)
    g_error ("round %u: %s returned FALSE", round, round % 2 == 0 ? "next" : "previous");
  run->picker.target = round + 1;
  run_until (NULL, songs_delivered, run, VCT_TEST_TIMEOUT_MS);
}

static gboolean
song2_at_target (gpointer data)
{
  SongsRun *run = data;
  return run->song2.seen >= run->picker.target;
}

static void
test_song_row_notify (void)
{
  static const char *const song1_modes[] = { "playable", "playing" };
  static const char *const song2_modes[] = { "playing", "playable" };
  guint rounds = longevity_rounds (SONGS_ROUNDS, VALGRIND_ROUNDS);
  SongsRun run;
  Picker *picker = &run.picker;
  GObject *row;
  char *text;
  Meter meter;
  gint items;

  /* Songs 1 and 2 selected of three, listening: song 1 plays. */
  picker_setup (picker, 3);
  picker_select (picker, 0);
  picker_select (picker, 1);
  g_assert_true (vct_song_picker_model_start (picker->model));
  picker->target = 1;
  run_until (NULL, picker_state_at_target, picker, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (g_list_model_get_n_items (picker->list), ==, 2);
  g_assert_cmpint (picker->items.calls, ==, 2);  /* the load, the start (song 3 left) */
  row = picker_row (picker, 0);
  text = vct_test_dup_property (row, "title");
  g_assert_cmpstr (text, ==, "song 1");
  g_free (text);
  text = vct_test_dup_property (row, "mode");
  g_assert_cmpstr (text, ==, "playing");
  g_free (text);
  row_watch_start (&run.song1, row, FALSE, "mode", song1_modes, G_N_ELEMENTS (song1_modes));
  row = picker_row (picker, 1);
  text = vct_test_dup_property (row, "title");
  g_assert_cmpstr (text, ==, "song 2");
  g_free (text);
  row_watch_start (&run.song2, row, TRUE, "mode", song2_modes, G_N_ELEMENTS (song2_modes));
  items = picker->items.calls;

  meter_run (&meter, rounds, songs_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "song-row-notify");
  iterate_pending (NULL);
  /* One change of each song a round, in place: a notify of `mode` on each held object and
   * nothing else; no items-changed; the same objects throughout. */
  g_assert_cmpuint (run.song1.seen, ==, rounds);
  g_assert_cmpint (run.song1.counter.calls, ==, (gint) rounds);
  g_assert_cmpuint (run.song2.seen, ==, rounds);
  g_assert_cmpint (run.song2.counter.calls, ==, (gint) rounds);
  g_assert_cmpint (picker->items.calls, ==, items);
  g_assert_cmpint (vct_song_picker_model_get_state (picker->model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  {
    g_autoptr (GObject) again = g_list_model_get_item (picker->list, 0);
    g_assert_true (again == run.song1.row);
  }

  /* Song 1's handler disconnected after the many notifies: its notify once, at once; the
   * next change still re-points song 1's object (and reaches song 2's handler), not the
   * disconnected handler. */
  row_watch_stop (&run.song1, "song 1's handler");
  picker->target = run.song2.seen + 1;
  g_assert_true (rounds % 2 == 0 ? vct_song_picker_model_next (picker->model)
                                 : vct_song_picker_model_previous (picker->model));
  run_until (NULL, song2_at_target, &run, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpint (run.song1.counter.calls, ==, (gint) rounds);
  text = vct_test_dup_property (run.song1.row, "mode");
  g_assert_cmpstr (text, ==, song1_modes[rounds % 2]);
  g_free (text);
  row_watch_stop (&run.song2, "song 2's handler");

  /* Released after all that: each object finalized at its last unref. */
  row_watch_release (&run.song1, "song 1's row");
  row_watch_release (&run.song2, "song 2's row");
  picker_finish (picker);
  meter_check (&meter, "song-row-notify");
}

/* /longevity/select-toggle-notify: while picking, song 2's row object held with two
 * handlers (one on "notify", one on "notify::mode", as two widgets showing the row would
 * connect), the row toggled by vct_row_select each round: the mode notified and read as
 * of each change, the picker's button following. */

typedef struct
{
  Picker   picker;
  RowWatch any;   /* "notify" */
  RowWatch mode;  /* "notify::mode", a second reference to the same object */
} ToggleRun;

static gboolean
both_delivered (gpointer data)
{
  ToggleRun *run = data;
  return run->any.seen >= run->picker.target && run->mode.seen >= run->picker.target;
}

static void
toggle_round (gpointer data, guint round)
{
  ToggleRun *run = data;

  vct_row_select (VCT_ROW (run->any.row));
  run->picker.target = round + 1;
  run_until (NULL, both_delivered, run, VCT_TEST_TIMEOUT_MS);
}

static void
test_select_toggle_notify (void)
{
  static const char *const modes[] = { "selected", "unselected" };
  guint rounds = longevity_rounds (TOGGLE_ROUNDS, VALGRIND_ROUNDS);
  ToggleRun run;
  Picker *picker = &run.picker;
  Meter meter;
  gint items, button;

  picker_setup (picker, 3);
  row_watch_start (&run.any, picker_row (picker, 1), FALSE, "mode", modes, G_N_ELEMENTS (modes));
  row_watch_start (&run.mode, picker_row (picker, 1), TRUE, "mode", modes, G_N_ELEMENTS (modes));
  g_assert_true (run.any.row == run.mode.row);
  items = picker->items.calls;
  button = picker->button.calls;

  meter_run (&meter, rounds, toggle_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "select-toggle-notify");
  iterate_pending (NULL);
  g_assert_cmpuint (run.any.seen, ==, rounds);
  g_assert_cmpint (run.any.counter.calls, ==, (gint) rounds);
  g_assert_cmpuint (run.mode.seen, ==, rounds);
  g_assert_cmpint (run.mode.counter.calls, ==, (gint) rounds);
  g_assert_cmpint (picker->items.calls, ==, items);
  /* The only selected song, toggled: the button follows every round. */
  g_assert_cmpint (picker->button.calls - button, ==, (gint) rounds);
  g_assert_cmpint (vct_song_picker_model_get_state (picker->model), ==, VCT_SONG_PICKER_STATE_PICKING);

  /* Both disconnected, each notify once; the next toggle reaches the model only. */
  row_watch_stop (&run.any, "the notify handler");
  row_watch_stop (&run.mode, "the notify::mode handler");
  picker_select (picker, 1);
  settle_loop (NULL);
  g_assert_cmpint (picker->button.calls - button, ==, (gint) rounds + 1);
  g_assert_cmpint (run.any.counter.calls, ==, (gint) rounds);
  g_assert_cmpint (run.mode.counter.calls, ==, (gint) rounds);

  /* Two references to one object: it goes with the second. */
  g_clear_object (&run.mode.row);
  g_assert_cmpuint (run.any.finalized + run.mode.finalized, ==, 0);
  row_watch_release (&run.any, "song 2's row");
  g_assert_cmpuint (run.mode.finalized, ==, 1);
  assert_counter_done (&run.mode.counter, "the notify::mode handler");
  picker_finish (picker);
  meter_check (&meter, "select-toggle-notify");
}

/* ------------------------------------------------------------------ the photo table */

typedef struct
{
  VctTableModel *model;
  VctRow        *rows[2];  /* two photo rows, held */
  char          *titles[2];
  guint          signals;  /* did-update-navigation-title */
  guint          notifies; /* notify::title */
  guint          mismatches;
  guint          target;   /* the reports this round waits for */
} TableRun;

static void
table_on_title (VctTableModel *model, const char *title, gpointer data)
{
  TableRun *run = data;

  (void) model;
  if (g_strcmp0 (title, run->titles[run->signals % 2]) != 0)
    run->mismatches++;
  run->signals++;
}

static void
table_on_notify_title (GObject *model, GParamSpec *pspec, gpointer data)
{
  TableRun *run = data;

  (void) model;
  (void) pspec;
  run->notifies++;
}

static gboolean
table_reloaded (gpointer data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (vct_table_model_get_list (((TableRun *) data)->model))) > 0;
}

static gboolean
table_titles_delivered (gpointer data)
{
  TableRun *run = data;
  return run->signals >= run->target && run->notifies >= run->target;
}

/* A round: the two held rows selected in turn, so the title changes twice. */
static void
table_round (gpointer data, guint round)
{
  TableRun *run = data;

  vct_row_select (run->rows[0]);
  vct_row_select (run->rows[1]);
  run->target = 2 * (round + 1);
  run_until (NULL, table_titles_delivered, run, VCT_TEST_TIMEOUT_MS);
}

/* /longevity/table-model-signals: the photo table made by the factory, two of its rows
 * held and selected in turn; each selection is one did-update-navigation-title and one
 * notify::title, with the title of the row selected. */
static void
test_table_model_signals (void)
{
  guint rounds = longevity_rounds (TOGGLE_ROUNDS, VALGRIND_ROUNDS);
  TableRun run = { 0 };
  GListModel *list;
  gulong title_id, notify_id;
  Meter meter;

  run.model = vct_table_model_factory_instance ();
  list = G_LIST_MODEL (vct_table_model_get_list (run.model));
  vct_table_model_reload_data (run.model);
  run_until (NULL, table_reloaded, &run, VCT_TEST_TIMEOUT_MS);
  for (guint i = 0; i < 2; i++)
    {
      run.rows[i] = g_list_model_get_item (list, 3 + i);
      g_object_get (run.rows[i], "title", &run.titles[i], NULL);
    }
  g_assert_cmpstr (run.titles[0], !=, run.titles[1]);
  title_id = g_signal_connect (run.model, "did-update-navigation-title", G_CALLBACK (table_on_title), &run);
  notify_id = g_signal_connect (run.model, "notify::title", G_CALLBACK (table_on_notify_title), &run);

  meter_run (&meter, rounds, table_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "table-model-signals");
  settle_loop (NULL);
  g_assert_cmpuint (run.signals, ==, 2 * rounds);
  g_assert_cmpuint (run.notifies, ==, 2 * rounds);
  g_assert_cmpuint (run.mismatches, ==, 0);
  g_assert_cmpstr (vct_table_model_get_title (run.model), ==, run.titles[1]);

  /* Disconnected: the next selection reaches the model, not the handlers. */
  g_signal_handler_disconnect (run.model, title_id);
  g_signal_handler_disconnect (run.model, notify_id);
  vct_row_select (run.rows[0]);
  settle_loop (NULL);
  g_assert_cmpuint (run.signals, ==, 2 * rounds);
  g_assert_cmpstr (vct_table_model_get_title (run.model), ==, run.titles[0]);

  g_object_add_weak_pointer (G_OBJECT (run.model), (gpointer *) &run.model);
  g_object_unref (run.model);
  g_assert_null (run.model);
  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (run.rows[i]);
      g_free (run.titles[i]);
    }
  meter_check (&meter, "table-model-signals");
}

/* /longevity/list-reloads: the photo table's list through thousands of reloads, held as
 * a GtkListView and a Python program hold it. A view mirrors the list: inside each
 * items-changed it applies the run, fetching every added item (GTK asks for them inside
 * the handler), and it holds every row object it was given, across every reload. The
 * documents rotate through LIST_DOCS shapes of LIST_ROWS photos: in order, reversed,
 * shuffled, ids repeated, titles edited, 10% deleted and 10% added. After each round
 * every position of the list is the object the view holds there, showing that
 * position's title in the document; a held object never shows another row's.
 * Asserts flat time and RSS over the rounds: the list's slots, orphans and probes
 * must not grow with the reloads. */

#define LIST_ROWS 200
#define LIST_DOCS 6

typedef struct
{
  TableFixture fx;
  GListModel  *list;                   /* borrowed from the model */
  GPtrArray   *view;                   /* the objects the view holds, by position */
  char        *docs[LIST_DOCS];        /* the documents, JSON */
  GPtrArray   *titles[LIST_DOCS];      /* each document's titles, by position */
  guint        runs;                   /* items-changed emissions */
  guint        wrong;                  /* held rows that showed another position's title */
} ListRun;

static void
list_view_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer data)
{
  ListRun *run = data;

  run->runs++;
  g_assert_cmpuint (position + removed, <=, run->view->len);
  g_ptr_array_remove_range (run->view, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (run->view, position + i, g_list_model_get_item (list, position + i));
}

/* Document @k: LIST_ROWS photos, ids from a pool of LIST_ROWS - LIST_ROWS / 10 (so ids
 * repeat), in one of the LIST_DOCS shapes; titles "id <id> v<version>". */
static void
list_doc (ListRun *run, guint k, GRand *rand)
{
  gint64 ids[LIST_ROWS + LIST_ROWS / 10];
  guint n = LIST_ROWS;
  GString *json = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    ids[i] = i + 1;
  switch (k)
    {
    case 0: /* in order */
      break;
    case 1: /* reversed */
      for (guint i = 0; i < n / 2; i++)
        {
          gint64 t = ids[i];
          ids[i] = ids[n - 1 - i];
          ids[n - 1 - i] = t;
        }
      break;
    case 2: /* shuffled */
    case 3: /* shuffled, a tenth of the ids repeated */
    case 4: /* in order, titles edited */
      for (guint i = n - 1; k != 4 && i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1);
          gint64 t = ids[i];
          ids[i] = ids[j];
          ids[j] = t;
        }
      if (k == 3)
        for (guint i = 0; i < n / 10; i++)
          ids[g_rand_int_range (rand, 0, n)] = ids[g_rand_int_range (rand, 0, n)];
      break;
    case 5: /* a tenth deleted, a tenth of new ids added at random places */
      for (guint i = 0; i < n / 10; i++)
        ids[g_rand_int_range (rand, 0, n)] = 10000 + i;
      break;
    default:
      g_assert_not_reached ();
    }
  run->titles[k] = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      char *title = g_strdup_printf ("id %" G_GINT64_FORMAT " v%u", ids[i], k == 4 ? 1 : 0);
      g_ptr_array_add (run->titles[k], title);
      g_string_append_printf (json,
                              "%s{\"albumId\": 1, \"id\": %" G_GINT64_FORMAT ", \"title\": \"%s\", "
                              "\"url\": \"https://example.com/600/%" G_GINT64_FORMAT ".png\", "
                              "\"thumbnailUrl\": \"https://example.com/150/%" G_GINT64_FORMAT ".png\"}",
                              i == 0 ? "" : ", ", ids[i], title, ids[i], ids[i]);
    }
  g_string_append (json, "]");
  run->docs[k] = g_string_free (json, FALSE);
}

/* Round r: document r % LIST_DOCS loaded, then every position checked. */
static void
list_round (gpointer data, guint round)
{
  ListRun *run = data;
  guint k = round % LIST_DOCS;
  gint done = recorder_n_done (&run->fx.rec);
  GPtrArray *titles = run->titles[k];

  vct_table_model_reload_data (run->fx.model);
  vct_api_request_return_json (fake_api_wait_request (&run->fx.fake, NULL), run->docs[k], -1);
  recorder_wait_done (&run->fx.rec, NULL, done + 1);
  if (g_atomic_int_get (&run->fx.rec.n_errors) != 0)
    g_error ("round %u: the reload failed: %s", round, run->fx.rec.last_error);
  if (g_list_model_get_n_items (run->list) != titles->len || run->view->len != titles->len)
    g_error ("round %u: %u items, the view holds %u, the document has %u", round,
             g_list_model_get_n_items (run->list), run->view->len, titles->len);
  for (guint i = 0; i < titles->len; i++)
    {
      GObject *row = g_list_model_get_item (run->list, i);
      char *title = NULL;

      if (row != g_ptr_array_index (run->view, i))
        g_error ("round %u: position %u is another object than the one the view was given", round, i);
      g_object_get (row, "title", &title, NULL);
      if (g_strcmp0 (title, g_ptr_array_index (titles, i)) != 0)
        run->wrong++;
      g_free (title);
      g_object_unref (row);
    }
}

static void
list_row_finalized (gpointer finalized, GObject *where_the_object_was)
{
  (void) where_the_object_was;
  (*(guint *) finalized)++;
}

static void
test_list_reloads (void)
{
  guint rounds = MIN (longevity_rounds (RELOAD_ROUNDS, VALGRIND_RELOAD_ROUNDS), RELOAD_MAX_ROUNDS);
  ListRun run = { 0 };
  GRand *rand = g_rand_new_with_seed (21);
  gulong handler;
  Meter meter;
  GObject *kept;
  guint n_held, finalized = 0;

  table_fixture_setup (&run.fx);
  run.list = G_LIST_MODEL (vct_table_model_get_list (run.fx.model));
  run.view = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint k = 0; k < LIST_DOCS; k++)
    list_doc (&run, k, rand);
  handler = g_signal_connect (run.list, "items-changed", G_CALLBACK (list_view_items_changed), &run);

  meter_run (&meter, rounds, list_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "list-reloads");
  g_assert_cmpuint (run.wrong, ==, 0);
  g_assert_cmpuint (run.runs, >=, rounds / 2);

  /* The view lets go: every row object it held is finalized, once the moment the list
   * keeps a batch's rows for is over (VCT_LIST_MODEL_KEEP_MS; a reference leaked per
   * object never comes); one kept row outlives its model. */
  kept = g_object_ref (g_ptr_array_index (run.view, 0));
  g_signal_handler_disconnect (run.list, handler);
  n_held = run.view->len;
  for (guint i = 0; i < n_held; i++)
    g_object_weak_ref (g_ptr_array_index (run.view, i), list_row_finalized, &finalized);
  g_ptr_array_unref (run.view);
  wait_int_at_least (NULL, (gint *) &finalized, (gint) n_held - 1);
  g_assert_cmpuint (finalized, ==, n_held - 1);
  g_object_add_weak_pointer (kept, (gpointer *) &kept);
  table_fixture_teardown (&run.fx);
  g_assert_nonnull (kept);
  g_object_unref (kept);
  g_assert_null (kept);
  for (guint k = 0; k < LIST_DOCS; k++)
    {
      g_free (run.docs[k]);
      g_ptr_array_unref (run.titles[k]);
    }
  g_rand_free (rand);
  meter_check (&meter, "list-reloads");
}

/* ------------------------------------------------------------------ an image */

typedef struct
{
  VctImage *image;
  guint     wrong;
} ImageRun;

/* A view binding the image (a memory-cache hit: loaded when bind returns) and letting go. */
static void
image_round (gpointer data, G_GNUC_UNUSED guint round)
{
  ImageRun *run = data;

  vct_image_bind (run->image, 16, 16);
  if (vct_image_get_state (run->image) != VCT_IMAGE_STATE_LOADED || vct_image_get_pixbuf (run->image) == NULL)
    run->wrong++;
  vct_image_unbind (run->image);
  if (vct_image_get_pixbuf (run->image) != NULL)
    run->wrong++;
}

static gboolean
image_loaded (gpointer image)
{
  return vct_image_get_state (image) == VCT_IMAGE_STATE_LOADED;
}

static void
test_image_binds (void)
{
  guint rounds = longevity_rounds (IMAGE_ROUNDS, VALGRIND_ROUNDS);
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 32, 32);
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *buffer = NULL;
  g_autofree char *uri = NULL;
  ImageRun run = { 0 };
  Meter meter;
  gsize size = 0;

  gdk_pixbuf_fill (pixbuf, 0x40a0c0ff);
  g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, "png", NULL, NULL));
  uri = vct_test_write_temp (buffer, size, NULL);
  run.image = vct_image_new (loader, uri);
  vct_image_bind (run.image, 16, 16);
  run_until (NULL, image_loaded, run.image, VCT_TEST_TIMEOUT_MS);
  vct_image_unbind (run.image);

  meter_run (&meter, rounds, image_round, &run);
  meter_report (&meter, "image-binds");
  g_assert_cmpuint (run.wrong, ==, 0);
  g_assert_cmpuint (vct_image_loader_get_n_transfers_started (loader), ==, 1);
  g_object_unref (run.image);
  meter_check (&meter, "image-binds");
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
  GListModel   *list;    /* borrowed from the model */
  Counter       title;
  Counter       loading;
  Counter       hidden;
  Counter       error;
  Counter       detail;
  Counter       items;   /* the list's items-changed runs */
  RowWatch      member;  /* member 7's row object */
  guint         target;
} FeedRun;

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
  return (guint) run->error.calls >= run->target && run->member.seen >= 2 * run->target;
}

static gboolean
error_at_target (gpointer data)
{
  FeedRun *run = data;
  return (guint) run->error.calls >= run->target;
}

/* Presses member 7's button and completes its follow with an error. */
static void
follow_once (FeedRun *run, VctRow *row)
{
  VctApiRequest *request;

  vct_row_press (row);
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

  follow_once (run, VCT_ROW (run->member.row));
  run->target = round + 1;
  run_until (NULL, follow_failed, run, VCT_TEST_TIMEOUT_MS);
}

/* /longevity/feed-follow-notify: member 7's row object held from the feed's flat list with
 * a `notify` handler, a follow pressed on it and refused each round (the only follow the
 * service allows again and again), the row's four button properties notified to loading
 * and back, follow-state read as of each change. */
static void
test_feed_follow_notify (void)
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
  GObject *row = NULL;
  char *text;
  Meter meter;
  guint per_round;

  memset (&run, 0, sizeof run);
  service = vct_feed_service_new_custom (feed_fake_fetch, feed_fake_follow, &run.fake, feed_fake_notify);
  run.model = vct_feed_model_new (service);
  g_object_unref (service);
  g_assert_nonnull (run.model);
  run.list = G_LIST_MODEL (vct_feed_model_get_list (run.model));
  counter_connect (&run.title, run.model, "notify::title", G_CALLBACK (counter_on_notify));
  counter_connect (&run.loading, run.model, "notify::loading", G_CALLBACK (counter_on_notify));
  counter_connect (&run.hidden, run.model, "notify::list-hidden", G_CALLBACK (counter_on_notify));
  counter_connect (&run.error, run.model, "did-error", G_CALLBACK (counter_on_text));
  counter_connect (&run.detail, run.model, "open-detail", G_CALLBACK (counter_on_detail));
  counter_watch_list (&run.items, VCT_LIST_MODEL (run.list));

  vct_feed_model_reload (run.model);
  run_until (NULL, feed_fake_has_fetch, &run.fake, VCT_TEST_TIMEOUT_MS);
  vct_api_request_return_json (run.fake.fetch, doc, -1);
  run.fake.fetch = NULL;
  run_until (NULL, feed_loaded, &run, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpint (run.error.calls, ==, 0);
  /* One day: its header, then member 7, photo 30, member 8; one run. */
  g_assert_cmpuint (vct_list_model_get_n_sections (VCT_LIST_MODEL (run.list)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (run.list), ==, 4);
  g_assert_cmpint (run.items.calls, ==, 1);
  for (guint i = 0; i < g_list_model_get_n_items (run.list) && row == NULL; i++)
    {
      GObject *item = g_list_model_get_item (run.list, i);

      if (VCT_IS_MEMBER_ROW (item))
        {
          text = vct_test_dup_property (item, "name");
          if (g_strcmp0 (text, "member 7") == 0)
            row = g_object_ref (item);
          g_free (text);
        }
      g_object_unref (item);
    }
  g_assert_nonnull (row);
  text = vct_test_dup_property (row, "follow-state");
  g_assert_cmpstr (text, ==, "normal");
  g_free (text);
  row_watch_start (&run.member, row, FALSE, "follow-state", states, G_N_ELEMENTS (states));

  meter_run (&meter, rounds, feed_round, &run);
  rounds = meter.rounds;
  meter_report (&meter, "feed-follow-notify");
  iterate_pending (NULL);
  /* Every round the same: the four button properties (follow-state, button-hidden,
   * button-enabled, spinning) to loading and back, follow-state read as of each change,
   * on the held object alone (no items-changed), and one error; no other report. */
  per_round = 8;
  g_assert_cmpint (run.member.counter.calls, ==, (gint) (per_round * rounds));
  g_assert_cmpuint (run.member.seen, ==, 2 * rounds);
  g_assert_cmpint (run.error.calls, ==, (gint) rounds);
  g_assert_cmpuint (run.fake.n_follows, ==, rounds);
  g_assert_cmpint (run.items.calls, ==, 1);  /* the load */
  g_assert_cmpint (run.detail.calls, ==, 0);

  /* Disconnected: the notify once, at once; another refused follow reaches the model and
   * the object, not the handler. */
  row_watch_stop (&run.member, "member 7's handler");
  follow_once (&run, VCT_ROW (run.member.row));
  run.target = rounds + 1;
  run_until (NULL, error_at_target, &run, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpint (run.error.calls, ==, (gint) rounds + 1);
  g_assert_cmpint (run.member.counter.calls, ==, (gint) (per_round * rounds));
  text = vct_test_dup_property (run.member.row, "follow-state");
  g_assert_cmpstr (text, ==, "normal");
  g_free (text);
  row_watch_release (&run.member, "member 7's row");

  /* The last unref: every notify once (the list goes with the model, its handler freed),
   * the service's too; then nothing is delivered. */
  g_clear_object (&run.model);
  run.list = NULL;
  assert_counter_done (&run.title, "title");
  assert_counter_done (&run.loading, "loading");
  assert_counter_done (&run.hidden, "hidden");
  assert_counter_done (&run.error, "error");
  assert_counter_done (&run.detail, "detail");
  assert_counter_done (&run.items, "items-changed");
  run_until (NULL, feed_fake_notified, &run.fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&run.fake.notified), ==, 1);
  g_assert_null (run.fake.fetch);
  g_assert_null (run.fake.follow);
  assert_counter_done (&run.items, "items-changed");
  assert_counter_done (&run.error, "error");
  assert_counter_done (&run.member.counter, "member 7's handler");
  meter_check (&meter, "feed-follow-notify");
}

int
main (int argc, char **argv)
{
  g_unsetenv ("VCTABLE_SONGS_URL");
  g_unsetenv ("VCTABLE_FEEDS_URL");
  vct_test_init (&argc, &argv);

  g_test_add_func ("/error/quark-name", test_quark_name);
  g_test_add_func ("/longevity/song-row-notify", test_song_row_notify);
  g_test_add_func ("/longevity/feed-follow-notify", test_feed_follow_notify);
  g_test_add_func ("/longevity/select-toggle-notify", test_select_toggle_notify);
  g_test_add_func ("/longevity/table-model-signals", test_table_model_signals);
  g_test_add_func ("/longevity/list-reloads", test_list_reloads);
  g_test_add_func ("/longevity/image-binds", test_image_binds);
  return vct_test_run ();
}
