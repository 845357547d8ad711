/* test-screen.c: VctScreen, the interface the three screens implement, driven through
 * it alone.
 *
 * Each case runs once per screen (/screen/table/…, /screen/feed/…, /screen/picker/…):
 * the model is made by its class's constructor over a fake source whose requests the
 * test completes, then only the interface is used: vct_screen_reload(), the getters,
 * the properties and the did-error signal as VctScreen declares them. One ordered log
 * takes the interface's reports (`notify::title`, `notify::loading`,
 * `notify::last-error`, each read through the getter inside its handler, and the
 * property compared with the getter there; did-error with the last error read inside
 * it) and the list's items-changed:
 *  - /load: the first reload fills the list (one items-changed) before loading turns
 *    FALSE, and no last-error is told;
 *  - /errors: a failed reload emits did-error through the interface's signal after
 *    notify::last-error (VCT_ERROR, the code the source gave), keeps the rows; the same
 *    failure again tells last-error nothing new; a good reload clears it with one notify;
 *  - /title: the title's notify (the feed's reload; the table's selection and the
 *    picker's session, each undone by a reload) read through the interface;
 *  - /checks: NULL and an object of another type give a critical in each function;
 *  - /changes-done: the list's `changes-done`, once per update, after all of the update's
 *    items-changed runs and the `notify` of its rows (watched: held and logged): the
 *    table's reload (runs and a retitled row), the feed's follow (its row's notifies
 *    alone, no run), the picker's picks (a song picked; the session started: modes, then
 *    the songs not picked leave; a song picked while listening); a reload of the rows
 *    already shown emits none;
 *  - /changes-done/reentrant: a handler reads every item, reloads the screen, and at
 *    last drops the screen's last reference (the list goes after the emission).
 *
 * Nothing sleeps to synchronise: the loop runs until an event is logged (with a guard),
 * and "nothing else happens" is a short quiet period of the loop (settle_loop).
 */
#include "common/vct-test.h"

#include <string.h>

typedef enum
{
  SCREEN_TABLE,
  SCREEN_FEED,
  SCREEN_PICKER,
  N_SCREEN_KINDS
} ScreenKind;

static const char *const kind_names[N_SCREEN_KINDS] = { "table", "feed", "picker" };

/* Each screen's title when it is made, and once its first reload delivered. */
static const char *const initial_titles[N_SCREEN_KINDS] = { TITLE, "Loading...", "Pick meditation song" };
static const char *const loaded_titles[N_SCREEN_KINDS] = { TITLE, "Your Feeds", "Pick meditation song" };

typedef struct
{
  ScreenKind   kind;
  FakeApi      api;      /* the table's */
  FakeService  service;  /* the feed's and the picker's */
  VctScreen   *screen;
  GListModel  *list;
  VctTestLog   log;
  guint        n_rows;   /* how many rows a good reload delivers */
  /* /changes-done/reentrant's handler: */
  guint        n_done;         /* how many changes-done it saw */
  gboolean     reload_in_done; /* reload from the next changes-done */
  gboolean     drop_in_done;   /* drop the screen from the next changes-done */
} ScreenFx;

/* ------------------------------------------------------------- documents */


/* The document a good reload of @fx's screen returns. */
static char *
good_doc (ScreenFx *fx)
{
  switch (fx->kind)
    {
    case SCREEN_TABLE:
      return vct_test_photos_json (1, 3);
    case SCREEN_FEED:
      return vct_test_feed_standard_doc (FALSE);
    case SCREEN_PICKER:
    default:
      return vct_test_songs_json (1, 4);
    }
}

/* ------------------------------------------------------------- the log */

/* A GError as the log shows it: "(null)", or "<VctError nick>:<message>" (another
 * domain: "<domain>:<code>"). */
static char *
format_error (const GError *error)
{
  if (error == NULL)
    return g_strdup ("(null)");
  if (error->domain != VCT_ERROR)
    return g_strdup_printf ("%s:%d", g_quark_to_string (error->domain), error->code);
  return g_strdup_printf ("%s:%s", vct_test_enum_nick (VCT_TYPE_ERROR, error->code), error->message);
}

/* notify::title, notify::loading, notify::last-error: "<property>=<the getter's value>",
 * after checking that the property reads as the getter does. */
static void
on_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  VctTestLog *log = data;
  VctScreen *screen = VCT_SCREEN (object);
  const char *name = g_param_spec_get_name (pspec);

  g_assert_true (pspec->owner_type == VCT_TYPE_SCREEN);
  if (g_str_equal (name, "title"))
    {
      char *title = vct_screen_dup_title (screen);
      char *property = NULL;

      g_object_get (screen, "title", &property, NULL);
      g_assert_cmpstr (property, ==, title);
      vct_test_log_addf (log, "title=%s", title);
      g_free (property);
      g_free (title);
    }
  else if (g_str_equal (name, "loading"))
    {
      gboolean loading = vct_screen_is_loading (screen);
      gboolean property = !loading;

      g_object_get (screen, "loading", &property, NULL);
      g_assert_cmpint (property, ==, loading);
      vct_test_log_addf (log, "loading=%d", loading);
    }
  else if (g_str_equal (name, "last-error"))
    {
      GError *error = vct_screen_dup_last_error (screen);
      GError *property = NULL;
      char *text = format_error (error);
      char *property_text;

      g_object_get (screen, "last-error", &property, NULL);
      property_text = format_error (property);
      g_assert_cmpstr (property_text, ==, text);
      vct_test_log_addf (log, "last-error=%s", text);
      g_free (property_text);
      g_free (text);
      g_clear_error (&property);
      g_clear_error (&error);
    }
  else
    {
      g_assert_not_reached ();
    }
}

/* did-error: "did-error:<message without the prefix>[<the last error read inside>]". */
static void
on_did_error (VctScreen *screen, const char *message, gpointer data)
{
  GError *error = vct_screen_dup_last_error (screen);
  char *text = format_error (error);

  g_assert_true (VCT_IS_SCREEN (screen));
  g_assert_true (g_str_has_prefix (message, ERROR_PREFIX));
  vct_test_log_addf (data, "did-error:%s[%s]", message + strlen (ERROR_PREFIX), text);
  g_free (text);
  g_clear_error (&error);
}

/* ------------------------------------------------------------- the fixture */

static void
screen_fx_setup (ScreenFx *fx, gconstpointer data)
{
  GObject *model = NULL;
  guint did_error;
  GSignalQuery query;

  memset (fx, 0, sizeof *fx);
  fx->kind = GPOINTER_TO_INT (data);
  switch (fx->kind)
    {
    case SCREEN_TABLE:
      {
        VctApi *api;

        fake_api_init (&fx->api);
        api = fake_api_new (&fx->api);
        model = G_OBJECT (vct_table_model_new_with_manager (api));
        g_object_unref (api);
        fx->n_rows = 3;
      }
      break;
    case SCREEN_FEED:
      {
        VctFeedService *service;

        fake_service_init (&fx->service, NULL);
        service = vct_feed_service_new_custom (fake_service_fetch, fake_service_follow, &fx->service,
                                               fake_service_notify);
        model = G_OBJECT (vct_feed_model_new (service));
        g_object_unref (service);
        fx->n_rows = 11; /* three days: headers, members and photos */
      }
      break;
    case SCREEN_PICKER:
      {
        VctSongService *service;

        fake_service_init (&fx->service, NULL);
        service = vct_song_service_new_custom (fake_service_fetch, &fx->service, fake_service_notify);
        model = G_OBJECT (vct_song_picker_model_new (service));
        g_object_unref (service);
        fx->n_rows = 4;
      }
      break;
    default:
      g_assert_not_reached ();
    }

  /* From here on, the interface alone. */
  g_assert_true (VCT_IS_SCREEN (model));
  fx->screen = VCT_SCREEN (model);
  fx->list = G_LIST_MODEL (vct_screen_get_list (fx->screen));
  g_assert_true (VCT_IS_LIST_MODEL (fx->list));
  vct_test_log_init (&fx->log, NULL);

  /* did-error is the interface's signal, found from each class. */
  did_error = g_signal_lookup ("did-error", VCT_TYPE_SCREEN);
  g_assert_cmpuint (did_error, !=, 0);
  g_assert_cmpuint (g_signal_lookup ("did-error", G_OBJECT_TYPE (model)), ==, did_error);
  g_signal_query (did_error, &query);
  g_assert_true (query.itype == VCT_TYPE_SCREEN);

  g_signal_connect (fx->screen, "notify::title", G_CALLBACK (on_notify), &fx->log);
  g_signal_connect (fx->screen, "notify::loading", G_CALLBACK (on_notify), &fx->log);
  g_signal_connect (fx->screen, "notify::last-error", G_CALLBACK (on_notify), &fx->log);
  g_signal_connect_closure_by_id (fx->screen, did_error, 0,
                                  g_cclosure_new (G_CALLBACK (on_did_error), &fx->log, NULL), FALSE);
  g_signal_connect (fx->list, "items-changed", G_CALLBACK (vct_test_log_on_items_changed), &fx->log);
}

static void
screen_fx_teardown (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_clear_object (&fx->screen); /* /changes-done/reentrant dropped it already */
  fx->list = NULL;
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_n_events (&fx->log), ==, 0);
  if (fx->kind == SCREEN_TABLE)
    {
      run_until (NULL, fake_api_was_notified, &fx->api, VCT_TEST_TIMEOUT_MS);
      fake_api_clear (&fx->api);
    }
  else
    {
      fake_service_finish (&fx->service);
    }
  vct_test_log_clear (&fx->log);
}

/* The fetch the screen's reload asked for. */
static VctApiRequest *
screen_fx_wait_fetch (ScreenFx *fx)
{
  if (fx->kind == SCREEN_TABLE)
    return fake_api_wait_request (&fx->api, NULL);
  return fake_service_wait_fetch (&fx->service);
}

/* Reloads through the interface and completes the fetch with the good document; returns
 * once loading=0 was logged and the loop is quiet. */
static void
screen_fx_reload_good (ScreenFx *fx)
{
  char *doc = good_doc (fx);
  VctApiRequest *request;

  vct_screen_reload (fx->screen);
  g_assert_true (vct_screen_is_loading (fx->screen));
  request = screen_fx_wait_fetch (fx);
  vct_api_request_return_json (request, doc, -1);
  vct_test_log_run_until_event (&fx->log, "loading=0");
  settle_loop (NULL);
  g_assert_false (vct_screen_is_loading (fx->screen));
  g_free (doc);
}

/* ------------------------------------------------------------- cases */

/* The first reload: loading on, the rows in one items-changed, loading off; no error. */
static void
test_load (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  char *title = vct_screen_dup_title (fx->screen);
  GError *error = NULL;
  VctListModel *list = NULL;
  char *expected;

  /* As made: the initial title, not loading, no error, an empty list. */
  g_assert_cmpstr (title, ==, initial_titles[fx->kind]);
  g_free (title);
  g_assert_false (vct_screen_is_loading (fx->screen));
  g_assert_null (vct_screen_dup_last_error (fx->screen));
  g_object_get (fx->screen, "last-error", &error, "list", &list, NULL);
  g_assert_null (error);
  g_assert_true (list == VCT_LIST_MODEL (fx->list));
  g_object_unref (list);
  g_assert_cmpuint (g_list_model_get_n_items (fx->list), ==, 0);

  screen_fx_reload_good (fx);
  /* The feed's title goes "Loading..." → "Your Feeds" (it was "Loading..." already). */
  expected = g_strdup_printf ("loading=1|items-changed:0,0,%u|%sloading=0", fx->n_rows,
                              fx->kind == SCREEN_FEED ? "title=Your Feeds|" : "");
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);
  g_assert_cmpuint (g_list_model_get_n_items (fx->list), ==, fx->n_rows);
  title = vct_screen_dup_title (fx->screen);
  g_assert_cmpstr (title, ==, loaded_titles[fx->kind]);
  g_free (title);
  g_assert_null (vct_screen_dup_last_error (fx->screen));
  g_assert_true (vct_screen_get_list (fx->screen) == VCT_LIST_MODEL (fx->list));
}

/* A failed reload: did-error through the interface, last-error (VCT_ERROR and the code)
 * notified just before, the rows kept. The same failure again notifies nothing new; a
 * good reload clears the error with one notify. */
static void
test_errors (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  const char *reload_start = fx->kind == SCREEN_FEED ? "loading=1|title=Loading..." : "loading=1";
  const char *reload_end = fx->kind == SCREEN_FEED ? "title=Your Feeds|loading=0" : "loading=0";
  GError *error;
  GError *property = NULL;
  char *expected;

  screen_fx_reload_good (fx);
  g_free (vct_test_log_take (&fx->log));

  /* A failure: the rows stay. */
  vct_screen_reload (fx->screen);
  vct_test_return_error (screen_fx_wait_fetch (fx), VCT_ERROR_HTTP_STATUS, "refused");
  vct_test_log_run_until_event (&fx->log, "did-error:refused[http-status:refused]");
  settle_loop (NULL);
  expected = g_strdup_printf ("%s|%s|last-error=http-status:refused|did-error:refused[http-status:refused]",
                              reload_start, reload_end);
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);
  g_assert_cmpuint (g_list_model_get_n_items (fx->list), ==, fx->n_rows);
  g_assert_false (vct_screen_is_loading (fx->screen));
  error = vct_screen_dup_last_error (fx->screen);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_HTTP_STATUS);
  g_assert_cmpstr (error->message, ==, "refused");
  g_object_get (fx->screen, "last-error", &property, NULL);
  g_assert_error (property, VCT_ERROR, VCT_ERROR_HTTP_STATUS);
  g_assert_true (property != error); /* each read is a copy */
  g_clear_error (&property);
  g_clear_error (&error);

  /* The same failure again: did-error, but last-error did not change. */
  vct_screen_reload (fx->screen);
  vct_test_return_error (screen_fx_wait_fetch (fx), VCT_ERROR_HTTP_STATUS, "refused");
  vct_test_log_run_until_event (&fx->log, "did-error:refused[http-status:refused]");
  settle_loop (NULL);
  expected = g_strdup_printf ("%s|%s|did-error:refused[http-status:refused]", reload_start, reload_end);
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);

  /* Another failure: the new error replaces it. */
  vct_screen_reload (fx->screen);
  vct_test_return_error (screen_fx_wait_fetch (fx), VCT_ERROR_TIMED_OUT, "too slow");
  vct_test_log_run_until_event (&fx->log, "did-error:too slow[timed-out:too slow]");
  settle_loop (NULL);
  expected = g_strdup_printf ("%s|%s|last-error=timed-out:too slow|did-error:too slow[timed-out:too slow]",
                              reload_start, reload_end);
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);
  g_assert_cmpuint (g_list_model_get_n_items (fx->list), ==, fx->n_rows);

  /* A good reload (the same rows): last-error back to NULL, told once; no did-error. */
  screen_fx_reload_good (fx);
  expected = g_strdup_printf ("%s|%s|last-error=(null)", reload_start, reload_end);
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);
  g_assert_null (vct_screen_dup_last_error (fx->screen));
  g_assert_cmpuint (g_list_model_get_n_items (fx->list), ==, fx->n_rows);

  /* Another good one: nothing about the error. */
  screen_fx_reload_good (fx);
  expected = g_strdup_printf ("%s|%s", reload_start, reload_end);
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);
}

/* The title: read through the interface inside its notify. The feed's reload changes it;
 * the table's title follows a selection and the picker's a session (their own calls),
 * and a reload brings either back. */
static void
test_title (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_autoptr (VctRow) row = NULL;
  char *title;

  screen_fx_reload_good (fx);
  g_free (vct_test_log_take (&fx->log));

  row = g_list_model_get_item (fx->list, 0);
  switch (fx->kind)
    {
    case SCREEN_TABLE:
      vct_row_select (row);
      vct_test_log_run_until_event (&fx->log, "title=photo 1");
      break;
    case SCREEN_PICKER:
      vct_row_select (row);
      settle_loop (NULL);
      g_assert_true (vct_song_picker_model_start (VCT_SONG_PICKER_MODEL (fx->screen)));
      vct_test_log_run_until_event (&fx->log, "title=Player");
      break;
    case SCREEN_FEED:
    default:
      break;
    }
  settle_loop (NULL);
  g_free (vct_test_log_take (&fx->log));

  screen_fx_reload_good (fx);
  switch (fx->kind)
    {
    case SCREEN_TABLE:
      /* The reload's title reset comes with loading on. */
      vct_test_assert_log (&fx->log, "title=" TITLE "|loading=1|loading=0");
      break;
    case SCREEN_FEED:
      vct_test_assert_log (&fx->log, "loading=1|title=Loading...|title=Your Feeds|loading=0");
      break;
    case SCREEN_PICKER:
    default:
      /* The hidden songs come back to the list, the screen returns to picking. */
      {
        char *seen = vct_test_log_take (&fx->log);
        char *titles = vct_test_log_filter (seen, "title=");

        g_assert_cmpstr (titles, ==, "title=Pick meditation song");
        g_assert_true (g_str_has_prefix (seen, "loading=1|"));
        g_assert_true (g_str_has_suffix (seen, "|loading=0"));
        g_free (titles);
        g_free (seen);
      }
      break;
    }
  title = vct_screen_dup_title (fx->screen);
  g_assert_cmpstr (title, ==, loaded_titles[fx->kind]);
  g_free (title);
}

/* NULL and an object of another type: a critical in each function, and a neutral answer. */
static void
test_checks (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  /* A GObject that is no screen (the screen's own list), and NULL. */
  VctScreen *const wrong[] = { NULL, (VctScreen *) fx->list };

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*vct_screen_reload*VCT_IS_SCREEN (screen)*failed*");
      vct_screen_reload (wrong[i]);
      g_test_assert_expected_messages ();
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*vct_screen_get_list*VCT_IS_SCREEN (screen)*failed*");
      g_assert_null (vct_screen_get_list (wrong[i]));
      g_test_assert_expected_messages ();
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*vct_screen_dup_title*VCT_IS_SCREEN (screen)*failed*");
      g_assert_null (vct_screen_dup_title (wrong[i]));
      g_test_assert_expected_messages ();
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*vct_screen_is_loading*VCT_IS_SCREEN (screen)*failed*");
      g_assert_false (vct_screen_is_loading (wrong[i]));
      g_test_assert_expected_messages ();
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL,
                             "*vct_screen_dup_last_error*VCT_IS_SCREEN (screen)*failed*");
      g_assert_null (vct_screen_dup_last_error (wrong[i]));
      g_test_assert_expected_messages ();
    }
  /* Nothing was asked of the screen. */
  settle_loop (NULL);
  g_assert_false (vct_screen_is_loading (fx->screen));
  g_assert_cmpuint (vct_test_log_n_events (&fx->log), ==, 0);
}

/* ------------------------------------------------------------- changes-done */

/* changes-done: "changes-done", after reading every item (each a row) through the list
 * the handler is given. */
static void
on_changes_done (VctListModel *list, gpointer data)
{
  ScreenFx *fx = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  g_assert_true (VCT_IS_LIST_MODEL (list));
  for (guint i = 0; i < n; i++)
    {
      VctRow *row = g_list_model_get_item (G_LIST_MODEL (list), i);

      g_assert_true (VCT_IS_ROW (row));
      g_object_unref (row);
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (list), n));
  fx->n_done++;
  vct_test_log_add (&fx->log, g_strdup ("changes-done"));
  if (fx->reload_in_done)
    {
      fx->reload_in_done = FALSE;
      vct_screen_reload (fx->screen);
      g_assert_true (vct_screen_is_loading (fx->screen));
    }
  if (fx->drop_in_done)
    {
      fx->drop_in_done = FALSE;
      g_clear_object (&fx->screen);
      /* The list this handler runs for is still there, as it was. */
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, n);
    }
}

/* Asserts that @seen (one update's events) has exactly one changes-done, after every
 * items-changed and every row's notify ("<tag>:notify::…"), and at least @min_runs runs
 * and @min_notifies row notifies before it. */
static void
assert_one_changes_done (const char *seen, guint min_runs, guint min_notifies)
{
  char **events = g_strsplit (seen, "|", -1);
  guint n_done = 0, n_runs = 0, n_notifies = 0;
  gint done_at = -1;

  for (gint i = 0; events[i] != NULL; i++)
    {
      if (g_str_equal (events[i], "changes-done"))
        {
          n_done++;
          done_at = i;
        }
      else if (g_str_has_prefix (events[i], "items-changed:"))
        {
          if (done_at >= 0)
            g_error ("%s comes after changes-done in %s", events[i], seen);
          n_runs++;
        }
      else if (strstr (events[i], ":notify::") != NULL)
        {
          if (done_at >= 0)
            g_error ("%s comes after changes-done in %s", events[i], seen);
          n_notifies++;
        }
    }
  if (n_done != 1)
    g_error ("%u changes-done, not one, in %s", n_done, seen);
  if (n_runs < min_runs || n_notifies < min_notifies)
    g_error ("%u runs and %u row notifies (at least %u and %u expected) in %s", n_runs, n_notifies, min_runs,
             min_notifies, seen);
  g_strfreev (events);
}

/* A photos document of @ids, photo @retitled (0: none) titled "photo <id>, again". */
static char *
photos_doc (const gint64 *ids, guint n, gint64 retitled)
{
  GString *json = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json,
                            "%s{\"albumId\": 1, \"id\": %" G_GINT64_FORMAT ", \"title\": \"photo %" G_GINT64_FORMAT
                            "%s\", \"url\": \"https://example.com/600/%" G_GINT64_FORMAT
                            ".png\", \"thumbnailUrl\": \"https://example.com/150/%" G_GINT64_FORMAT ".png\"}",
                            i == 0 ? "" : ", ", ids[i], ids[i], ids[i] == retitled ? ", again" : "", ids[i], ids[i]);
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

/* Watches the item at @position as @tag; returns it (borrowed: the log holds it). */
static gpointer
watch_item (ScreenFx *fx, guint position, const char *tag)
{
  gpointer row = g_list_model_get_item (fx->list, position);

  g_assert_nonnull (row);
  vct_test_log_watch (&fx->log, row, tag);
  g_object_unref (row);
  return row;
}

/* Runs the loop until a changes-done was logged since the last take, then a quiet
 * period; returns what was logged (g_free). */
static char *
take_update (ScreenFx *fx)
{
  vct_test_log_run_until_event (&fx->log, "changes-done");
  settle_loop (NULL);
  return vct_test_log_take (&fx->log);
}

/* The table: a reload that removes a row, moves one, retitles one and adds one; then
 * one that brings the same rows again. */
static void
changes_done_table (ScreenFx *fx)
{
  static const gint64 ids[] = { 3, 2, 4 };
  gpointer rows[3];
  char *doc = photos_doc (ids, G_N_ELEMENTS (ids), 2);
  char *seen;

  rows[0] = watch_item (fx, 0, "p1");
  rows[1] = watch_item (fx, 1, "p2");
  rows[2] = watch_item (fx, 2, "p3");
  vct_screen_reload (fx->screen);
  vct_api_request_return_json (screen_fx_wait_fetch (fx), doc, -1);
  seen = take_update (fx);
  assert_one_changes_done (seen, 1, 1);
  g_assert_true (g_str_has_prefix (seen, "loading=1|"));
  g_assert_true (g_str_has_suffix (seen, "|changes-done|loading=0"));
  g_assert_nonnull (strstr (seen, "p2:notify::title=photo 2, again"));
  g_free (seen);

  /* The same rows: no change, no changes-done. */
  vct_screen_reload (fx->screen);
  vct_api_request_return_json (screen_fx_wait_fetch (fx), doc, -1);
  vct_test_log_run_until_event (&fx->log, "loading=0");
  settle_loop (NULL);
  vct_test_assert_log (&fx->log, "loading=1|loading=0");

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    vct_test_log_unwatch (&fx->log, rows[i]);
  g_free (doc);
}

/* The feed: member 7's follow, loading then (completed) checked: two updates of its row
 * alone, each with one changes-done after the row's notifies. */
static void
changes_done_feed (ScreenFx *fx)
{
  gpointer m7 = watch_item (fx, 1, "m7");
  VctApiRequest *request;

  vct_test_assert_property (m7, "name", "member 7");
  vct_row_press (VCT_ROW (m7));
  request = fake_service_wait_follow (&fx->service, 7);
  {
    char *seen = take_update (fx);

    g_assert_cmpstr (seen, ==, "m7:notify::follow-state=loading|m7:notify::button-hidden=1"
                               "|m7:notify::button-enabled=0|m7:notify::spinning=1|changes-done");
    g_free (seen);
  }
  vct_api_request_return_json (request, "{}", -1);
  {
    char *seen = take_update (fx);

    g_assert_cmpstr (seen, ==, "m7:notify::follow-state=checked|m7:notify::button-hidden=0"
                               "|m7:notify::spinning=0|changes-done");
    g_free (seen);
  }
  vct_test_log_unwatch (&fx->log, m7);
}

/* The picker: songs 1 and 3 picked (a row's notify, then changes-done, each); the
 * session started (the modes notified, then the songs not picked leave the list, then
 * changes-done, then the title); song 3 picked while listening (two rows' notifies, then
 * changes-done). */
static void
changes_done_picker (ScreenFx *fx)
{
  gpointer s[4];
  char *seen;

  s[0] = watch_item (fx, 0, "s1");
  s[1] = watch_item (fx, 1, "s2");
  s[2] = watch_item (fx, 2, "s3");
  s[3] = watch_item (fx, 3, "s4");

  vct_row_select (VCT_ROW (s[0]));
  seen = take_update (fx);
  g_assert_cmpstr (seen, ==, "s1:notify::mode=selected|changes-done");
  g_free (seen);
  vct_row_select (VCT_ROW (s[2]));
  seen = take_update (fx);
  g_assert_cmpstr (seen, ==, "s3:notify::mode=selected|changes-done");
  g_free (seen);

  g_assert_true (vct_song_picker_model_start (VCT_SONG_PICKER_MODEL (fx->screen)));
  seen = take_update (fx);
  assert_one_changes_done (seen, 2, 4);
  g_assert_cmpstr (seen, ==, "s1:notify::mode=playing|s2:notify::mode=hidden|s3:notify::mode=playable"
                             "|s4:notify::mode=hidden|items-changed:1,1,0|items-changed:2,1,0|changes-done"
                             "|title=Player");
  g_free (seen);

  /* Song 3, playable, picked: it plays, song 1 waits. */
  vct_row_select (VCT_ROW (s[2]));
  seen = take_update (fx);
  g_assert_cmpstr (seen, ==, "s1:notify::mode=playable|s3:notify::mode=playing|changes-done");
  g_free (seen);

  for (guint i = 0; i < G_N_ELEMENTS (s); i++)
    vct_test_log_unwatch (&fx->log, s[i]);
}

/* One changes-done per update, after the update's runs and its rows' notifies. */
static void
test_changes_done (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  char *expected;

  g_signal_connect (fx->list, "changes-done", G_CALLBACK (on_changes_done), fx);
  screen_fx_reload_good (fx);
  expected = g_strdup_printf ("loading=1|items-changed:0,0,%u|changes-done|%sloading=0", fx->n_rows,
                              fx->kind == SCREEN_FEED ? "title=Your Feeds|" : "");
  vct_test_assert_log (&fx->log, expected);
  g_free (expected);

  switch (fx->kind)
    {
    case SCREEN_TABLE:
      changes_done_table (fx);
      break;
    case SCREEN_FEED:
      changes_done_feed (fx);
      break;
    case SCREEN_PICKER:
    default:
      changes_done_picker (fx);
      break;
    }
  g_assert_cmpuint (vct_test_log_n_events (&fx->log), ==, 0);
}

static gboolean
cond_screen_not_loading (gpointer screen)
{
  return !vct_screen_is_loading (screen);
}

/* A handler that reads every item (on_changes_done), reloads the screen from inside the
 * signal (the reload runs later, as any), then drops the screen's last reference from
 * inside it: the list lives until the emission ends, and nothing else is reported. */
static void
test_changes_done_reentrant (ScreenFx *fx, G_GNUC_UNUSED gconstpointer data)
{
  GListModel *list = fx->list;
  char *doc = good_doc (fx);

  g_signal_connect (fx->list, "changes-done", G_CALLBACK (on_changes_done), fx);
  g_object_add_weak_pointer (G_OBJECT (list), (gpointer *) &list);
  fx->reload_in_done = TRUE;
  vct_screen_reload (fx->screen);
  vct_api_request_return_json (screen_fx_wait_fetch (fx), doc, -1);
  vct_test_log_run_until_event (&fx->log, "changes-done");
  g_assert_cmpuint (fx->n_done, ==, 1);
  g_assert_true (vct_screen_is_loading (fx->screen));  /* the handler's reload */
  vct_api_request_return_json (screen_fx_wait_fetch (fx), doc, -1);
  run_until (NULL, cond_screen_not_loading, fx->screen, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (fx->n_done, ==, 1);  /* the same rows: no change */
  g_assert_false (vct_screen_is_loading (fx->screen));
  g_free (vct_test_log_take (&fx->log));

  /* A reload to an empty list: the handler drops the screen, which drops the list once
   * the emission is over. */
  fx->drop_in_done = TRUE;
  vct_screen_reload (fx->screen);
  vct_api_request_return_json (screen_fx_wait_fetch (fx), "[]", -1);
  vct_test_log_run_until_event (&fx->log, "changes-done");
  g_assert_null (fx->screen);
  g_assert_null (list);
  settle_loop (NULL);
  g_assert_cmpuint (fx->n_done, ==, 2);
  g_free (vct_test_log_take (&fx->log));
  fx->list = NULL;
  g_free (doc);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);

  for (gint kind = 0; kind < N_SCREEN_KINDS; kind++)
    {
      const struct
      {
        const char *name;
        void      (*test) (ScreenFx *, gconstpointer);
      } cases[] = {
        { "load", test_load },
        { "errors", test_errors },
        { "title", test_title },
        { "checks", test_checks },
        { "changes-done", test_changes_done },
        { "changes-done/reentrant", test_changes_done_reentrant },
      };

      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          char *path = g_strdup_printf ("/screen/%s/%s", kind_names[kind], cases[i].name);

          g_test_add (path, ScreenFx, GINT_TO_POINTER (kind), screen_fx_setup, cases[i].test, screen_fx_teardown);
          g_free (path);
        }
    }
  return vct_test_run ();
}
