/* test-feed.c: the feed screen (VctFeedModel, VctFeedService) through vctable.h, one
 * case per documented rule.
 *
 * Most cases use a custom service whose fetches and follows wait for the test
 * (FakeService), so every step is explicit; the HTTP cases use the loopback server of
 * common/vct-test.h. The list is read as a flat GListModel of row objects (sections
 * through vct_list_model_get_section and vct_row_get_role), rows through their
 * properties. Every report goes to one log (VctTestLog, common/vct-test.h): the model's
 * signals and `notify::` (the only way to listen to it), the list's items-changed and the
 * notify of the row objects a case holds, each checked to run on the model's context
 * thread, each model handler's closure notify counted. Nothing sleeps to synchronise: the
 * loop runs until an event arrives (with a guard), and "nothing else happens" is a short
 * quiet period of the loop (settle_loop).
 *
 * Feed documents put every post between 11:00 and 13:00 UTC, so the day sections are
 * the same in any time zone between UTC-11 and UTC+10; the expected day and time texts
 * are computed in the local time zone, as the model computes them.
 */
#include "common/vct-test.h"

#include <string.h>

#define LOADING_TITLE "Loading..."
#define LOADED_TITLE "Your Feeds"

/* ------------------------------------------------------------------ documents */

#define DAY_1 VCT_TEST_FEED_DAY_1
#define DAY_2 VCT_TEST_FEED_DAY_2
#define DAY_3 VCT_TEST_FEED_DAY_3

/* The standard wall, in a shuffled document order (32, 7, 9, 30, the unknown entry, 12, 8,
 * 31, 33), with an entry of an unknown type (skipped). Days newest first, each day's rows
 * in document order, so (flat positions):
 *   0 DAY_1 header, 1 member 7 (12:50), 2 photo 30 (12:30), 3 member 8 (12:10, following)
 *   4 DAY_2 header, 5 member 9 (12:30), 6 photo 31 (11:40, earlier in the document),
 *     7 photo 33 (12:30)
 *   8 DAY_3 header, 9 photo 32 (12:00), 10 member 12 (11:10) */
static char *
standard_doc (void)
{
  return vct_test_feed_standard_doc (TRUE);
}

#define STANDARD_N_ITEMS 11

/* ------------------------------------------------------------------ services */

/* A custom feed service over @fake (FakeService, common/vct-test.h), made on this thread:
 * its functions run on this thread's thread-default context. */
static VctFeedService *
feed_service_over (FakeService *fake)
{
  VctFeedService *service = vct_feed_service_new_custom (fake_service_fetch, fake_service_follow, fake,
                                                         fake_service_notify);
  g_assert_nonnull (service);
  return service;
}

/* ------------------------------------------------------------------ Wall */

/* A feed model with every report logged: its `notify::title` ("title:<text>"),
 * `notify::loading` ("loading:0|1"), `notify::list-hidden` ("hidden:0|1"), each read in
 * the handler, so as of its change; its signals did-error ("error:<message>") and
 * open-detail ("detail:<id>|<title>|<description>|<image URL>" of the VctFeedPhoto); its
 * list's "items-changed:<position>,<removed>,<added>", and
 * "<tag>:notify::<property>=<value>" of the rows a case watches (vct_test_log_watch). */
typedef struct
{
  VctTestLog    log;
  VctFeedModel *model;
  VctListModel *list;
} Wall;

static void
on_detail (VctFeedModel *model, VctFeedPhoto *photo, gpointer slot)
{
  g_assert_true (VCT_IS_FEED_MODEL (model));
  g_assert_true (VCT_IS_FEED_PHOTO (photo));
  vct_test_log_record (slot, g_strdup_printf ("%" G_GINT64_FORMAT "|%s|%s|%s", vct_feed_photo_get_id (photo),
                                              vct_feed_photo_get_title (photo),
                                              vct_feed_photo_get_description (photo), vct_feed_photo_get_url (photo)));
}

/* Connects every signal and `notify::` of @model (taken) with counting closure notifies,
 * and its list's items-changed. @context is the model's context (NULL: the default),
 * iterated by this thread. */
static void
wall_init (Wall *wall, VctFeedModel *model, GMainContext *context)
{
  VctTestLog *log = &wall->log;

  g_assert_nonnull (model);
  vct_test_log_init (log, context);
  wall->model = model;
  wall->list = vct_feed_model_get_list (model);
  g_assert_true (VCT_IS_LIST_MODEL (wall->list));
  vct_test_log_connect (log, model, "notify::title", G_CALLBACK (vct_test_log_on_property), "title");
  vct_test_log_connect (log, model, "notify::loading", G_CALLBACK (vct_test_log_on_property), "loading");
  vct_test_log_connect (log, model, "notify::list-hidden", G_CALLBACK (vct_test_log_on_property), "hidden");
  vct_test_log_connect (log, model, "did-error", G_CALLBACK (vct_test_log_on_text), "error");
  vct_test_log_connect (log, model, "open-detail", G_CALLBACK (on_detail), "detail");
  g_signal_connect (wall->list, "items-changed", G_CALLBACK (vct_test_log_on_items_changed), log);
}

/* A wall over a new model of @service (which the model keeps; the caller keeps its own). */
static void
wall_init_for (Wall *wall, VctFeedService *service)
{
  wall_init (wall, vct_feed_model_new (service), NULL);
}

/* The last unref: every notify has run exactly once when it returns. */
static void
wall_unref (Wall *wall)
{
  g_clear_object (&wall->model);
  wall->list = NULL;
  vct_test_log_assert_all_notified (&wall->log);
}

/* Unrefs the model if still there; checks nothing ran after its notify or on another
 * thread (the rows a case watched must be unwatched first). */
static void
wall_clear (Wall *wall)
{
  if (wall->model != NULL)
    wall_unref (wall);
  iterate_pending (wall->log.context);
  vct_test_log_clear (&wall->log);
}

/* Reloads and completes the fetch with @json; returns when the reload was delivered. */
static void
wall_load (Wall *wall, FakeService *fake, const char *json)
{
  guint mark = vct_test_log_mark (&wall->log);
  VctApiRequest *request;

  vct_feed_model_reload (wall->model);
  request = fake_service_wait_fetch (fake);
  vct_api_request_return_json (request, json, -1);
  vct_test_log_wait (&wall->log, mark, "loading:0", 1);
}

/* Reloads with the standard document. */
static void
wall_load_standard (Wall *wall, FakeService *fake)
{
  char *json = standard_doc ();
  wall_load (wall, fake, json);
  g_free (json);
}

/* The row at flat @position (transfer full), NULL past the end. */
static VctRow *
wall_row (Wall *wall, guint position)
{
  return g_list_model_get_item (G_LIST_MODEL (wall->list), position);
}

/* Finds the flat position of the first row of @type whose string @property is @value. */
static gboolean
find_row (VctListModel *list, GType type, const char *property, const char *value, guint *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (list), i);
      char *text;
      gboolean match;

      if (!G_TYPE_CHECK_INSTANCE_TYPE (row, type))
        continue;
      text = vct_test_dup_property (row, property);
      match = g_strcmp0 (text, value) == 0;
      g_free (text);
      if (match)
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* The row of member @id (transfer full; asserting it is shown). */
static VctRow *
member_row (Wall *wall, gint64 id)
{
  char *name = g_strdup_printf ("member %" G_GINT64_FORMAT, id);
  guint position = 0;

  if (!find_row (wall->list, VCT_TYPE_MEMBER_ROW, "name", name, &position))
    g_error ("%s is not in the list", name);
  g_free (name);
  return wall_row (wall, position);
}

/* Presses the follow button of member @id. */
static void
press_member (Wall *wall, gint64 id)
{
  g_autoptr (VctRow) row = member_row (wall, id);

  vct_row_press (row);
}

/* A member row's button, "<follow-state> hidden=<0|1> enabled=<0|1> spinning=<0|1>". */
static char *
button_of (gpointer row)
{
  VctFollowState state = VCT_FOLLOW_STATE_NORMAL;
  gboolean hidden = FALSE, enabled = FALSE, spinning = FALSE;

  g_assert_true (VCT_IS_MEMBER_ROW (row));
  g_object_get (row, "follow-state", &state, "button-hidden", &hidden, "button-enabled", &enabled, "spinning",
                &spinning, NULL);
  return g_strdup_printf ("%s hidden=%d enabled=%d spinning=%d", vct_test_enum_nick (VCT_TYPE_FOLLOW_STATE, state),
                          hidden, enabled, spinning);
}

static char *
member_button (Wall *wall, gint64 id)
{
  g_autoptr (VctRow) row = member_row (wall, id);

  return button_of (row);
}

#define assert_member_button(wall, id, expected) G_STMT_START { \
    char *button_ = member_button ((wall), (id));                \
    g_assert_cmpstr (button_, ==, (expected));                   \
    g_free (button_);                                            \
  } G_STMT_END

typedef struct
{
  Wall       *wall;
  const char *name;
  const char *state;
} StateWait;

static gboolean
state_wait_cond (gpointer data)
{
  StateWait *wait = data;
  g_autoptr (VctRow) row = NULL;
  guint position = 0;
  char *state;
  gboolean reached;

  if (!find_row (wait->wall->list, VCT_TYPE_MEMBER_ROW, "name", wait->name, &position))
    return FALSE;
  row = wall_row (wait->wall, position);
  state = vct_test_dup_property (row, "follow-state");
  reached = g_strcmp0 (state, wait->state) == 0;
  g_free (state);
  return reached;
}

/* Runs the loop until the member row named @name shows @state (a VctFollowState nick). */
static void
wait_member_state (Wall *wall, const char *name, const char *state)
{
  StateWait wait = { wall, name, state };
  run_until (wall->log.context, state_wait_cond, &wait, VCT_TEST_TIMEOUT_MS);
}

#define NORMAL_BUTTON "normal hidden=0 enabled=1 spinning=0"
#define LOADING_BUTTON "loading hidden=1 enabled=0 spinning=1"
#define CHECKED_BUTTON "checked hidden=0 enabled=0 spinning=0"

/* The notifies of a watched member row (@tag) for a follow's steps: pressed (normal to
 * loading), succeeded (loading to checked), failed (loading to normal). */
#define LOADING_NOTIFIES(tag)                                                   \
  tag ":notify::follow-state=loading|" tag ":notify::button-hidden=1|"         \
  tag ":notify::button-enabled=0|" tag ":notify::spinning=1"
#define CHECKED_NOTIFIES(tag)                                                   \
  tag ":notify::follow-state=checked|" tag ":notify::button-hidden=0|"         \
  tag ":notify::spinning=0"
#define NORMAL_NOTIFIES(tag)                                                    \
  tag ":notify::follow-state=normal|" tag ":notify::button-hidden=0|"          \
  tag ":notify::button-enabled=1|" tag ":notify::spinning=0"

/* Every row of the list as "DAY: a, b / DAY: c" (members by name, photos by title),
 * checking the sections' structure on the way: each a contiguous range that
 * vct_list_model_get_section gives for each of its positions, led by a
 * "DayHeaderView" header (role header), then its rows (role item, "MemberRowView" or
 * "PhotoRowView"), no footer; vct_list_model_get_n_sections counts them. */
static char *
wall_layout (Wall *wall)
{
  GListModel *list = G_LIST_MODEL (wall->list);
  guint n = g_list_model_get_n_items (list);
  guint n_sections = 0, start = 0, end = 0;
  GString *text = g_string_new (NULL);

  for (guint position = 0; position < n; position = end, n_sections++)
    {
      g_assert_cmpuint (vct_list_model_get_section (wall->list, position, &start, &end), ==, n_sections);
      g_assert_cmpuint (start, ==, position);
      g_assert_cmpuint (end, >, start);
      g_assert_cmpuint (end, <=, n);
      if (n_sections > 0)
        g_string_append (text, " / ");
      for (guint i = start; i < end; i++)
        {
          g_autoptr (VctRow) row = g_list_model_get_item (list, i);
          guint row_start = 0, row_end = 0;
          char *label;

          g_assert_nonnull (row);
          g_assert_cmpuint (vct_list_model_get_section (wall->list, i, &row_start, &row_end), ==, n_sections);
          g_assert_cmpuint (row_start, ==, start);
          g_assert_cmpuint (row_end, ==, end);
          if (i == start)
            {
              g_assert_true (VCT_IS_DAY_HEADER_ROW (row));
              g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_HEADER);
              g_assert_cmpstr (vct_row_get_kind (row), ==, "DayHeaderView");
              label = vct_test_dup_property (row, "title");
              g_string_append_printf (text, "%s:", label);
            }
          else
            {
              g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_ITEM);
              if (VCT_IS_MEMBER_ROW (row))
                {
                  g_assert_cmpstr (vct_row_get_kind (row), ==, "MemberRowView");
                  label = vct_test_dup_property (row, "name");
                }
              else
                {
                  g_assert_true (VCT_IS_FEED_PHOTO_ROW (row));
                  g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoRowView");
                  label = vct_test_dup_property (row, "title");
                }
              g_string_append_printf (text, "%s%s", i == start + 1 ? " " : ", ", label);
            }
          g_free (label);
        }
    }
  g_assert_cmpuint (vct_list_model_get_n_sections (wall->list), ==, n_sections);
  /* Past the end: the section count, an empty range at the end (GTK's rule). */
  g_assert_cmpuint (vct_list_model_get_section (wall->list, n, &start, &end), ==, n_sections);
  g_assert_cmpuint (start, ==, n);
  g_assert_cmpuint (end, ==, n);
  g_assert_null (g_list_model_get_item (list, n));
  return g_string_free (text, FALSE);
}

#define assert_layout(wall, expected) G_STMT_START { \
    char *layout_ = wall_layout (wall);               \
    g_assert_cmpstr (layout_, ==, (expected));        \
    g_free (layout_);                                 \
  } G_STMT_END

#define STANDARD_LAYOUT                                        \
  DAY_1 ": member 7, photo 30, member 8 / "                    \
  DAY_2 ": member 9, photo 31, photo 33 / "                    \
  DAY_3 ": photo 32, member 12"

/* Holds the row at flat @position and logs its notifies with @tag. */
static VctRow *
watch_row (Wall *wall, guint position, const char *tag)
{
  VctRow *row = wall_row (wall, position);

  g_assert_nonnull (row);
  vct_test_log_watch (&wall->log, row, tag);
  return row;
}

/* Stops logging @row and drops the case's reference. */
static void
unwatch_row (Wall *wall, VctRow *row)
{
  vct_test_log_unwatch (&wall->log, row);
  g_object_unref (row);
}

/* The item at flat @position is @row (the same object). */
static void
assert_item_is (Wall *wall, guint position, gpointer row)
{
  g_autoptr (VctRow) item = wall_row (wall, position);

  g_assert_true (item == row);
}

/* The standard set-up: a fake service, a wall over it (the test's service reference
 * dropped, the model keeps one). */
static void
standard_setup (FakeService *fake, Wall *wall)
{
  VctFeedService *service;

  fake_service_init (fake, NULL);
  service = feed_service_over (fake);
  wall_init_for (wall, service);
  g_object_unref (service);
}

static void
standard_teardown (FakeService *fake, Wall *wall)
{
  wall_clear (wall);
  fake_service_finish (fake);
}

/* ------------------------------------------------------------------ title, loading, hidden */

/* Since @mark the feed titled "Loading..." then "Your Feeds", and reads "Your Feeds". */
static void
assert_reload_titled (Wall *wall, guint mark)
{
  g_autofree char *title = vct_feed_model_dup_title (wall->model);
  g_autofree char *seen = vct_test_log_since (&wall->log, mark);
  g_autofree char *part = vct_test_log_filter (seen, "title:");

  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_assert_cmpstr (part, ==, "title:" LOADING_TITLE "|title:" LOADED_TITLE);
}

/* "Loading..." before and during every fetch (set by each reload, as the original's
 * start()), "Your Feeds" once it delivered, with data or with an error; each change
 * reported once, later; the rows stay shown during a later reload. */
static void
test_title_loading_then_loaded (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  char *title, *json = standard_doc ();
  guint mark;

  standard_setup (&fake, &wall);
  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADING_TITLE);
  g_free (title);

  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  settle_loop (NULL);
  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADING_TITLE);
  g_free (title);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "title:"), ==, 0);

  vct_api_request_return_json (request, json, -1);
  vct_test_log_wait (&wall.log, 0, "title:", 1);
  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);
  title = vct_test_log_last (&wall.log, 0, "title:");
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);

  /* A second reload: "Loading..." again at once (the original's start()), reported later,
   * never inline; the rows stay shown; "Your Feeds" once it delivered. */
  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADING_TITLE);
  g_free (title);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "title:"), ==, 0);
  request = fake_service_wait_fetch (&fake);
  vct_test_log_wait (&wall.log, mark, "title:" LOADING_TITLE, 1);
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (wall.list)), ==, STANDARD_N_ITEMS);
  vct_api_request_return_json (request, json, -1);
  vct_test_log_wait (&wall.log, mark, "loading:0", 1);
  settle_loop (NULL);
  assert_reload_titled (&wall, mark);

  /* A reload that fails: the same two titles, then the error; the rows still shown. */
  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_HTTP_STATUS, "feeds refused");
  vct_test_log_wait (&wall.log, mark, "error:", 1);
  settle_loop (NULL);
  assert_reload_titled (&wall, mark);
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  assert_layout (&wall, STANDARD_LAYOUT);

  g_free (json);
  standard_teardown (&fake, &wall);
}

/* A failed first fetch still ends the "Loading..." title. */
static void
test_title_after_failed_first_fetch (void)
{
  FakeService fake;
  Wall wall;
  char *title;

  standard_setup (&fake, &wall);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_HTTP_STATUS, "feeds refused");
  vct_test_log_wait (&wall.log, 0, "error:", 1);
  settle_loop (NULL);

  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "title:" LOADED_TITLE), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "title:"), ==, 1);
  title = vct_test_log_last (&wall.log, 0, "error:");
  g_assert_cmpstr (title, ==, ERROR_PREFIX "feeds refused");
  g_free (title);
  g_assert_false (vct_feed_model_is_loading (wall.model));
  standard_teardown (&fake, &wall);
}

/* The loading flag is TRUE while a reload runs, and each change is reported (later). */
static void
test_loading_flag (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *first, *second;
  char *json = standard_doc ();
  guint mark;

  standard_setup (&fake, &wall);
  g_assert_false (vct_feed_model_is_loading (wall.model));

  vct_feed_model_reload (wall.model);
  g_assert_true (vct_feed_model_is_loading (wall.model));
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "loading:"), ==, 0);  /* never inline */
  first = fake_service_wait_fetch (&fake);
  vct_test_log_wait (&wall.log, 0, "loading:1", 1);
  g_assert_true (vct_feed_model_is_loading (wall.model));
  vct_api_request_return_json (first, json, -1);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  g_assert_false (vct_feed_model_is_loading (wall.model));
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "loading:"), ==, 2);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "loading:1"), ==, 1);

  /* A failed reload: TRUE then FALSE again. */
  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_FAILED, "no");
  vct_test_log_wait (&wall.log, mark, "loading:0", 1);
  g_assert_false (vct_feed_model_is_loading (wall.model));
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "loading:1"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "loading:0"), ==, 1);

  /* Two reloads in a row: one TRUE, one FALSE (when the latest ends). */
  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  first = fake_service_wait_fetch (&fake);
  vct_feed_model_reload (wall.model);
  second = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (first, json, -1);  /* superseded: dropped */
  settle_loop (NULL);
  g_assert_true (vct_feed_model_is_loading (wall.model));
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "loading:0"), ==, 0);
  vct_api_request_return_json (second, json, -1);
  vct_test_log_wait (&wall.log, mark, "loading:0", 1);
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "loading:1"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "loading:0"), ==, 1);

  g_free (json);
  standard_teardown (&fake, &wall);
}

/* Inside its notify::loading handler the flag reads as of the change being notified, and
 * from a reload called there on it reads TRUE, as the header promises (the fuzzer found
 * it reading FALSE once the screens' callback setters were gone). */
typedef struct
{
  gboolean reloaded;
  gboolean as_of;      /* the flag inside the handler, before the reload */
  gboolean after;      /* the flag right after the reload call */
} ReloadInNotify;

static void
reload_in_loading_notify (VctFeedModel *model, G_GNUC_UNUSED GParamSpec *pspec, ReloadInNotify *seen)
{
  if (seen->reloaded || vct_feed_model_is_loading (model))
    return;
  seen->reloaded = TRUE;
  seen->as_of = vct_feed_model_is_loading (model);
  vct_feed_model_reload (model);
  seen->after = vct_feed_model_is_loading (model);
}

static void
test_reload_inside_loading_notify (void)
{
  FakeService fake;
  Wall wall;
  ReloadInNotify seen = { FALSE, TRUE, FALSE };
  char *json = standard_doc ();
  gulong handler;

  standard_setup (&fake, &wall);
  vct_feed_model_reload (wall.model);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), json, -1);
  handler = g_signal_connect (wall.model, "notify::loading", G_CALLBACK (reload_in_loading_notify), &seen);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  g_assert_true (seen.reloaded);
  g_assert_false (seen.as_of);
  g_assert_true (seen.after);
  g_assert_true (vct_feed_model_is_loading (wall.model));
  g_signal_handler_disconnect (wall.model, handler);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), json, -1);
  vct_test_log_wait (&wall.log, 0, "loading:0", 2);
  g_assert_false (vct_feed_model_is_loading (wall.model));

  g_free (json);
  standard_teardown (&fake, &wall);
}

/* The list is hidden until data first arrives (a failed fetch does not show it), then
 * never hidden again; the change is reported once. */
static void
test_list_hidden_until_data (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  guint mark;

  standard_setup (&fake, &wall);
  g_assert_true (vct_feed_model_is_list_hidden (wall.model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (wall.list)), ==, 0);
  g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 0);

  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  g_assert_true (vct_feed_model_is_list_hidden (wall.model));
  vct_test_return_error (request, VCT_ERROR_TIMED_OUT, "too slow");
  vct_test_log_wait (&wall.log, 0, "error:", 1);
  settle_loop (NULL);
  g_assert_true (vct_feed_model_is_list_hidden (wall.model));
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "hidden:"), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (wall.list)), ==, 0);

  wall_load_standard (&wall, &fake);
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  assert_layout (&wall, STANDARD_LAYOUT);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "hidden:"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "hidden:0"), ==, 1);

  /* Later reloads, failed or not, leave it shown without a report. */
  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_FAILED, "no");
  vct_test_log_wait (&wall.log, mark, "error:", 1);
  wall_load_standard (&wall, &fake);
  settle_loop (NULL);
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "hidden:"), ==, 0);
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ sections and rows */

/* One section per day, newest first; in a day the rows in document order (photo 31 before
 * the newer photo 33); each section starts with a "DayHeaderView" header (role header)
 * whose title is the day, and has no footer; unknown types skipped. The first load is one
 * items-changed. */
static void
test_sections_by_day (void)
{
  FakeService fake;
  Wall wall;
  const char *days[] = { DAY_1, DAY_2, DAY_3 };
  const guint starts[] = { 0, 4, 8, STANDARD_N_ITEMS };
  GListModel *list;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  list = G_LIST_MODEL (wall.list);

  g_assert_cmpuint (g_list_model_get_n_items (list), ==, STANDARD_N_ITEMS);
  g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 3);
  for (guint s = 0; s < 3; s++)
    {
      g_autoptr (VctRow) header = g_list_model_get_item (list, starts[s]);
      g_autoptr (VctRow) last = g_list_model_get_item (list, starts[s + 1] - 1);
      guint start = 0, end = 0;

      g_assert_cmpuint (vct_list_model_get_section (wall.list, starts[s], &start, &end), ==, s);
      g_assert_cmpuint (start, ==, starts[s]);
      g_assert_cmpuint (end, ==, starts[s + 1]);
      g_assert_true (VCT_IS_DAY_HEADER_ROW (header));
      g_assert_cmpint (vct_row_get_role (header), ==, VCT_ROW_ROLE_HEADER);
      g_assert_cmpstr (vct_row_get_kind (header), ==, "DayHeaderView");
      vct_test_assert_property (header, "title", days[s]);
      /* No footer: the section ends with one of its rows. */
      g_assert_cmpint (vct_row_get_role (last), ==, VCT_ROW_ROLE_ITEM);
    }
  assert_layout (&wall, STANDARD_LAYOUT);

  /* The view was told about the rows once, with the three sections, nothing else. */
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "items-changed:"), ==, 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "items-changed:0,0,11"), ==, 1);
  standard_teardown (&fake, &wall);
}

/* Row numbers count rows across sections, not headers: vct_list_model_get_n_rows,
 * vct_list_model_get_row_position and vct_list_model_get_row_index map them to flat
 * positions both ways; vct_list_model_find finds a held row object where a reload took
 * it, and nowhere once a reload removed its row. */
static void
test_row_numbers (void)
{
  FakeService fake;
  Wall wall;
  /* The standard layout: headers at 0, 4 and 8. */
  const guint positions[] = { 1, 2, 3, 5, 6, 7, 9, 10 };
  const guint sections[] = { 0, 0, 0, 1, 1, 1, 2, 2 };
  VctRow *m8, *m9;
  GString *doc;
  char *json;
  guint position = 0, section = 99;
  gboolean is_row = TRUE;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  assert_layout (&wall, STANDARD_LAYOUT);
  g_assert_cmpuint (vct_list_model_get_n_rows (wall.list), ==, G_N_ELEMENTS (positions));
  for (guint row = 0; row < G_N_ELEMENTS (positions); row++)
    {
      g_assert_cmpuint (vct_list_model_get_row_position (wall.list, row, &section), ==, positions[row]);
      g_assert_cmpuint (section, ==, sections[row]);
      g_assert_cmpuint (vct_list_model_get_row_index (wall.list, positions[row], &is_row), ==, row);
      g_assert_true (is_row);
    }
  g_assert_cmpuint (vct_list_model_get_row_position (wall.list, 8, NULL), ==, G_MAXUINT);
  /* A header: the number of the row under it; past the end: the row count. */
  g_assert_cmpuint (vct_list_model_get_row_index (wall.list, 4, &is_row), ==, 3);
  g_assert_false (is_row);
  g_assert_cmpuint (vct_list_model_get_row_index (wall.list, 0, NULL), ==, 0);
  g_assert_cmpuint (vct_list_model_get_row_index (wall.list, STANDARD_N_ITEMS, &is_row), ==, 8);
  g_assert_false (is_row);

  m8 = watch_row (&wall, 3, "m8");
  m9 = watch_row (&wall, 5, "m9");
  g_assert_true (vct_list_model_find (wall.list, m8, &position));
  g_assert_cmpuint (position, ==, 3);
  g_assert_true (vct_list_model_find (wall.list, m9, NULL));

  /* Member 7, then member 9 under the second day; member 8 and the photos gone. */
  doc = vct_test_feed_doc_new ();
  vct_test_feed_doc_member (doc, 7, DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_member (doc, 9, DAY_2 "T12:30:00Z", FALSE);
  json = vct_test_feed_doc_end (doc);
  wall_load (&wall, &fake, json);
  g_free (json);
  settle_loop (NULL);
  assert_layout (&wall, DAY_1 ": member 7 / " DAY_2 ": member 9");
  g_assert_cmpuint (vct_list_model_get_n_rows (wall.list), ==, 2);
  g_assert_true (vct_list_model_find (wall.list, m9, &position));
  g_assert_cmpuint (position, ==, 3);
  g_assert_cmpuint (vct_list_model_get_row_index (wall.list, position, NULL), ==, 1);
  g_assert_false (vct_list_model_find (wall.list, m8, NULL));
  g_assert_cmpuint (vct_list_model_get_row_position (wall.list, 2, NULL), ==, G_MAXUINT);

  unwatch_row (&wall, m8);
  unwatch_row (&wall, m9);
  standard_teardown (&fake, &wall);
}

/* Member rows (VctMemberRow, "MemberRowView") and photo rows (VctFeedPhotoRow,
 * "PhotoRowView") with the documented properties. */
static void
test_row_kinds_and_properties (void)
{
  FakeService fake;
  Wall wall;
  g_autoptr (VctRow) member = NULL;
  g_autoptr (VctRow) photo = NULL;
  char *date;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  member = wall_row (&wall, 1);
  g_assert_true (VCT_IS_MEMBER_ROW (member));
  g_assert_cmpstr (vct_row_get_kind (member), ==, "MemberRowView");
  g_assert_cmpint (vct_row_get_role (member), ==, VCT_ROW_ROLE_ITEM);
  vct_test_assert_property (member, "name", "member 7");
  vct_test_assert_property (member, "avatar-url", "https://example.com/avatars/7.png");
  assert_member_button (&wall, 7, NORMAL_BUTTON);
  /* The data says member 8 is followed. */
  assert_member_button (&wall, 8, CHECKED_BUTTON);

  photo = wall_row (&wall, 2);
  g_assert_true (VCT_IS_FEED_PHOTO_ROW (photo));
  g_assert_cmpstr (vct_row_get_kind (photo), ==, "PhotoRowView");
  g_assert_cmpint (vct_row_get_role (photo), ==, VCT_ROW_ROLE_ITEM);
  vct_test_assert_property (photo, "title", "photo 30");
  vct_test_assert_property (photo, "description", "about 30");
  vct_test_assert_property (photo, "image-url", "https://example.com/photos/30.png");
  date = vct_test_local_text (DAY_1 "T12:30:00Z", "%Y-%m-%d %H:%M");
  vct_test_assert_property (photo, "date", date);
  g_free (date);

  /* A photo row has no follow state; the properties have their kebab-case names only. */
  g_assert_null (g_object_class_find_property (G_OBJECT_GET_CLASS (photo), "follow-state"));
  g_assert_null (g_object_class_find_property (G_OBJECT_GET_CLASS (member), "followState"));
  g_assert_null (g_object_class_find_property (G_OBJECT_GET_CLASS (photo), "imageUrl"));
  g_clear_object (&member);  /* a held row keeps its model's service */
  g_clear_object (&photo);
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ following */

/* normal → loading → checked through a custom service: each step is `notify` of exactly
 * the properties that changed, on that member's row object (no items-changed), read as
 * of the step; the row reads the new state at once; the other members do not move. */
static void
test_follow_custom (void)
{
  FakeService fake;
  Wall wall;
  VctRow *m7, *m9;
  VctApiRequest *request;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  m7 = watch_row (&wall, 1, "m7");
  m9 = watch_row (&wall, 5, "m9");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);
  /* The row reads the new state at once; the view hears about it later. */
  assert_member_button (&wall, 7, LOADING_BUTTON);
  vct_test_assert_log_since (&wall.log, mark, "");
  request = fake_service_wait_follow (&fake, 7);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=1", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m7"));
  assert_member_button (&wall, 7, LOADING_BUTTON);

  mark = vct_test_log_mark (&wall.log);
  vct_api_request_return_json (request, "{}", -1);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=0", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, CHECKED_NOTIFIES ("m7"));
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  assert_item_is (&wall, 1, m7);

  /* The other members did not move. */
  assert_member_button (&wall, 9, NORMAL_BUTTON);
  assert_member_button (&wall, 12, NORMAL_BUTTON);
  assert_member_button (&wall, 8, CHECKED_BUTTON);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 1);

  unwatch_row (&wall, m7);
  unwatch_row (&wall, m9);
  standard_teardown (&fake, &wall);
}

/* Two presses while loading send one request; a press on a checked row sends none and
 * changes nothing, whether it was checked by a follow or by the data. */
static void
test_follow_presses (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  VctRow *m8, *m9;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  m8 = watch_row (&wall, 3, "m8");
  m9 = watch_row (&wall, 5, "m9");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m9);
  vct_row_press (m9);
  request = fake_service_wait_follow (&fake, 9);
  vct_test_log_wait (&wall.log, mark, "m9:notify::spinning=1", 1);
  vct_row_press (m9);
  settle_loop (NULL);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 1);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m9"));

  vct_api_request_return_json (request, "{}", -1);
  vct_test_log_wait (&wall.log, mark, "m9:notify::spinning=0", 1);
  assert_member_button (&wall, 9, CHECKED_BUTTON);

  /* Checked by the follow, then checked by the data (member 8). */
  settle_loop (NULL);
  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m9);
  vct_row_press (m8);
  settle_loop (NULL);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 1);
  vct_test_assert_log_since (&wall.log, mark, "");
  assert_member_button (&wall, 9, CHECKED_BUTTON);
  assert_member_button (&wall, 8, CHECKED_BUTTON);

  unwatch_row (&wall, m8);
  unwatch_row (&wall, m9);
  standard_teardown (&fake, &wall);
}

/* A follow that fails goes back to normal (on the row object, each way), then didError
 * reports it; pressing again sends a new request. */
static void
test_follow_custom_failure (void)
{
  FakeService fake;
  Wall wall;
  VctRow *m12;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  m12 = watch_row (&wall, 10, "m12");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m12);
  vct_test_return_error (fake_service_wait_follow (&fake, 12), VCT_ERROR_HTTP_STATUS, "follow refused");
  vct_test_log_wait (&wall.log, mark, "error:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m12") "|" NORMAL_NOTIFIES ("m12")
                                              "|error:" ERROR_PREFIX "follow refused");
  assert_member_button (&wall, 12, NORMAL_BUTTON);

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m12);
  vct_api_request_return_json (fake_service_wait_follow (&fake, 12), "{}", -1);
  vct_test_log_wait (&wall.log, mark, "m12:notify::spinning=0", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m12") "|" CHECKED_NOTIFIES ("m12"));
  assert_member_button (&wall, 12, CHECKED_BUTTON);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 2);
  unwatch_row (&wall, m12);
  standard_teardown (&fake, &wall);
}

/* A custom follow completed from another thread is delivered on the context thread. */
static void
test_follow_from_another_thread (void)
{
  FakeService fake;
  Wall wall;
  VctRow *m7;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  m7 = watch_row (&wall, 1, "m7");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);
  vct_test_return_json_in_thread (fake_service_wait_follow (&fake, 7), "{}");
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=0", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m7") "|" CHECKED_NOTIFIES ("m7"));
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  unwatch_row (&wall, m7);
  standard_teardown (&fake, &wall);  /* checks every report ran on this thread */
}

/* A wall over the loopback server, loaded. */
static void
http_wall_load (Wall *wall, VctTestServer *server)
{
  char *uri = vct_test_server_uri (server, "/api/feeds.json");
  VctFeedService *service = vct_feed_service_new_for_uri (uri);
  guint mark;

  wall_init_for (wall, service);
  g_object_unref (service);
  g_free (uri);
  mark = vct_test_log_mark (&wall->log);
  vct_feed_model_reload (wall->model);
  vct_test_log_wait (&wall->log, mark, "loading:0", 1);
  g_assert_cmpuint (vct_test_log_count (&wall->log, mark, "error:"), ==, 0);
  assert_layout (wall, STANDARD_LAYOUT);
}

static VctTestServer *
feed_server (void)
{
  VctTestServer *server = vct_test_server_new ();
  char *json = standard_doc ();

  vct_test_server_route (server, "GET", "/api/feeds.json", 200, json, -1);
  g_free (json);
  return server;
}

static void
assert_requests (VctTestServer *server, const char *expected)
{
  char **requests = vct_test_server_dup_requests (server);
  char *joined = g_strjoinv (" | ", requests);

  g_assert_cmpstr (joined, ==, expected);
  g_free (joined);
  g_strfreev (requests);
}

/* Holds the server's requests for one path until the test releases them (or the server
 * closes), then lets the routes answer: a follow over HTTP stays in flight meanwhile. */
typedef struct
{
  GMutex      lock;
  GCond       cond;
  gboolean    released;
  const char *path;
  gint        arrived; /* atomic */
} Gate;

static void
gate_wake (GCancellable *stop, gpointer data)
{
  Gate *gate = data;

  (void) stop;
  g_mutex_lock (&gate->lock);
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

static gboolean
gate_handler (const VctTestRequest *request, gpointer data)
{
  Gate *gate = data;
  gulong handler;

  if (g_strcmp0 (request->path, gate->path) != 0)
    return FALSE;
  g_atomic_int_inc (&gate->arrived);
  g_main_context_wakeup (NULL);
  handler = g_cancellable_connect (request->stop, G_CALLBACK (gate_wake), gate, NULL);
  g_mutex_lock (&gate->lock);
  while (!gate->released && !g_cancellable_is_cancelled (request->stop))
    g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
  g_cancellable_disconnect (request->stop, handler);
  return FALSE;
}

static void
gate_init (Gate *gate, VctTestServer *server, const char *path)
{
  memset (gate, 0, sizeof *gate);
  g_mutex_init (&gate->lock);
  g_cond_init (&gate->cond);
  gate->path = path;
  vct_test_server_set_handler (server, gate_handler, gate);
}

static void
gate_release (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->released = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

/* Call after the server was freed (no handler runs any more). */
static void
gate_clear (Gate *gate)
{
  g_mutex_clear (&gate->lock);
  g_cond_clear (&gate->cond);
}

static gboolean
gate_arrived_cond (gpointer data)
{
  return g_atomic_int_get (&((Gate *) data)->arrived) > 0;
}

/* Over HTTP, a follow is one POST to members/<id>/follow beside the feeds URI, however
 * often the button is pressed while it runs; normal → loading → checked on the row
 * object. */
static void
test_follow_http (void)
{
  VctTestServer *server = feed_server ();
  Gate gate;
  Wall wall;
  VctRow *m7;
  guint mark;

  vct_test_server_route (server, "POST", "/api/members/7/follow", 204, NULL, 0);
  gate_init (&gate, server, "/api/members/7/follow");
  http_wall_load (&wall, server);
  m7 = watch_row (&wall, 1, "m7");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);
  vct_row_press (m7);
  assert_member_button (&wall, 7, LOADING_BUTTON);
  run_until (NULL, gate_arrived_cond, &gate, VCT_TEST_TIMEOUT_MS);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=1", 1);
  vct_row_press (m7);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m7"));
  assert_member_button (&wall, 7, LOADING_BUTTON);

  gate_release (&gate);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=0", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, LOADING_NOTIFIES ("m7") "|" CHECKED_NOTIFIES ("m7"));
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  vct_row_press (m7);
  settle_loop (NULL);
  assert_requests (server, "GET /api/feeds.json | POST /api/members/7/follow");

  unwatch_row (&wall, m7);
  wall_clear (&wall);
  vct_test_server_free (server);
  gate_clear (&gate);
}

/* The last unref with a follow in flight over HTTP: the notifies have run when it
 * returns, and the answer that comes later reports nothing. */
static void
test_unref_with_http_follow_in_flight (void)
{
  VctTestServer *server = feed_server ();
  Gate gate;
  Wall wall;
  guint mark;

  vct_test_server_route (server, "POST", "/api/members/9/follow", 500, "late", -1);
  gate_init (&gate, server, "/api/members/9/follow");
  http_wall_load (&wall, server);
  press_member (&wall, 9);
  run_until (NULL, gate_arrived_cond, &gate, VCT_TEST_TIMEOUT_MS);

  mark = vct_test_log_mark (&wall.log);
  wall_unref (&wall);
  gate_release (&gate);
  vct_test_server_free (server);  /* waits until the answer was written */
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  wall_clear (&wall);
  gate_clear (&gate);
}

/* Over HTTP, a 500 on the follow puts the button back to normal and reports the status. */
static void
test_follow_http_500 (void)
{
  VctTestServer *server = feed_server ();
  Wall wall;
  VctRow *m9;
  char *message, *follow_uri;
  guint mark;

  vct_test_server_route (server, "POST", "/api/members/9/follow", 500, "boom", -1);
  http_wall_load (&wall, server);
  m9 = watch_row (&wall, 5, "m9");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m9);
  vct_test_log_wait (&wall.log, mark, "error:", 1);
  settle_loop (NULL);
  /* Back to normal (on that row object only), then the error. */
  message = vct_test_log_since (&wall.log, mark);
  g_assert_true (g_str_has_prefix (message, LOADING_NOTIFIES ("m9") "|" NORMAL_NOTIFIES ("m9")
                                            "|error:" ERROR_PREFIX));
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, ""), ==, 9);
  g_free (message);
  message = vct_test_log_last (&wall.log, mark, "error:");
  follow_uri = vct_test_server_uri (server, "/api/members/9/follow");
  g_test_message ("didError: %s", message);
  g_assert_true (g_str_has_prefix (message, ERROR_PREFIX));
  g_assert_nonnull (strstr (message, "500"));
  g_assert_nonnull (strstr (message, follow_uri));
  assert_member_button (&wall, 9, NORMAL_BUTTON);
  assert_requests (server, "GET /api/feeds.json | POST /api/members/9/follow");

  g_free (follow_uri);
  g_free (message);
  unwatch_row (&wall, m9);
  wall_clear (&wall);
  vct_test_server_free (server);
}

/* A file:// feed: follows always succeed, without a request anywhere. */
static void
test_follow_file_service (void)
{
  char *json = standard_doc ();
  char *uri = vct_test_write_temp (json, -1, NULL);
  VctFeedService *service = vct_feed_service_new_for_uri (uri);
  Wall wall;
  VctRow *m7;
  char *seen, *states;
  guint mark;

  wall_init_for (&wall, service);
  g_object_unref (service);
  vct_feed_model_reload (wall.model);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);
  m7 = watch_row (&wall, 1, "m7");

  /* The follow may end before the loop delivered "loading": the row object then tells
   * both steps or only the last one, each notify read as of its own step. */
  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);
  wait_member_state (&wall, "member 7", "checked");
  vct_test_log_wait (&wall.log, mark, "m7:notify::follow-state=checked", 1);
  settle_loop (NULL);
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  seen = vct_test_log_since (&wall.log, mark);
  g_test_message ("file follow: %s", seen);
  states = vct_test_log_filter (seen, "m7:notify::follow-state=");
  if (g_strcmp0 (states, "m7:notify::follow-state=checked") != 0)
    g_assert_cmpstr (states, ==, "m7:notify::follow-state=loading|m7:notify::follow-state=checked");
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "m7:"), ==, vct_test_log_count (&wall.log, mark, ""));
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "error:"), ==, 0);
  g_free (states);
  g_free (seen);

  unwatch_row (&wall, m7);
  wall_clear (&wall);
  g_free (uri);
  g_free (json);
}

/* ------------------------------------------------------------------ reloads */

/* A reload keeps follow states by member: checked stays checked (even where the data
 * does not say following yet), loading stays loading and completes into the row, a row
 * whose data now says following is checked; the rows keep their objects. */
static void
test_reload_keeps_follow_state (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *pending;
  VctRow *m7, *m9, *m12;
  GString *doc;
  char *json, *seen, *part;
  guint mark;

  standard_setup (&fake, &wall);
  doc = vct_test_feed_doc_new ();
  vct_test_feed_doc_member (doc, 7, DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_member (doc, 8, DAY_1 "T12:40:00Z", TRUE);
  vct_test_feed_doc_member (doc, 9, DAY_1 "T12:30:00Z", FALSE);
  vct_test_feed_doc_member (doc, 12, DAY_1 "T12:20:00Z", FALSE);
  json = vct_test_feed_doc_end (doc);
  wall_load (&wall, &fake, json);
  g_free (json);
  assert_layout (&wall, DAY_1 ": member 7, member 8, member 9, member 12");
  m7 = watch_row (&wall, 1, "m7");
  m9 = watch_row (&wall, 3, "m9");
  m12 = watch_row (&wall, 4, "m12");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);  /* 7: checked */
  vct_api_request_return_json (fake_service_wait_follow (&fake, 7), "{}", -1);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=0", 1);
  vct_row_press (m9);  /* 9: stays loading */
  pending = fake_service_wait_follow (&fake, 9);
  vct_test_log_wait (&wall.log, mark, "m9:notify::spinning=1", 1);
  settle_loop (NULL);

  /* The service has not caught up with 7, now says 12 is followed, and adds 11. */
  mark = vct_test_log_mark (&wall.log);
  doc = vct_test_feed_doc_new ();
  vct_test_feed_doc_member (doc, 7, DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_member (doc, 8, DAY_1 "T12:40:00Z", TRUE);
  vct_test_feed_doc_member (doc, 9, DAY_1 "T12:30:00Z", FALSE);
  vct_test_feed_doc_member (doc, 12, DAY_1 "T12:20:00Z", TRUE);
  vct_test_feed_doc_member (doc, 11, DAY_1 "T12:10:00Z", TRUE);
  json = vct_test_feed_doc_end (doc);
  wall_load (&wall, &fake, json);
  g_free (json);
  settle_loop (NULL);
  assert_layout (&wall, DAY_1 ": member 7, member 8, member 9, member 12, member 11");
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  assert_member_button (&wall, 8, CHECKED_BUTTON);
  assert_member_button (&wall, 9, LOADING_BUTTON);
  assert_member_button (&wall, 12, CHECKED_BUTTON);
  assert_member_button (&wall, 11, CHECKED_BUTTON);
  /* One insertion (member 11); member 12 changed in place, 7 and 9 not at all. */
  seen = vct_test_log_since (&wall.log, mark);
  g_test_message ("reload: %s", seen);
  part = vct_test_log_filter (seen, "items-changed:");
  g_assert_cmpstr (part, ==, "items-changed:5,0,1");
  g_free (part);
  part = vct_test_log_filter (seen, "m12:");
  g_assert_cmpstr (part, ==, "m12:notify::follow-state=checked|m12:notify::button-enabled=0");
  g_free (part);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "m7:"), ==, 0);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "m9:"), ==, 0);
  g_free (seen);
  assert_item_is (&wall, 1, m7);
  assert_item_is (&wall, 3, m9);
  assert_item_is (&wall, 4, m12);

  /* The request still running completes into the reloaded row. */
  mark = vct_test_log_mark (&wall.log);
  vct_api_request_return_json (pending, "{}", -1);
  vct_test_log_wait (&wall.log, mark, "m9:notify::spinning=0", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, CHECKED_NOTIFIES ("m9"));
  assert_member_button (&wall, 9, CHECKED_BUTTON);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 2);

  unwatch_row (&wall, m7);
  unwatch_row (&wall, m9);
  unwatch_row (&wall, m12);
  standard_teardown (&fake, &wall);
}

/* A reload superseding another delivers only the latest: the superseded request is
 * cancelled, and its late result is never shown, whichever completes first. */
static void
test_reload_latest_wins (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *first, *second;
  GString *doc;
  char *one, *two, *standard = standard_doc ();
  guint mark;

  standard_setup (&fake, &wall);
  doc = vct_test_feed_doc_new ();
  vct_test_feed_doc_member (doc, 40, DAY_1 "T12:00:00Z", FALSE);
  one = vct_test_feed_doc_end (doc);
  doc = vct_test_feed_doc_new ();
  vct_test_feed_doc_photo (doc, 41, DAY_2 "T12:00:00Z");
  two = vct_test_feed_doc_end (doc);

  /* The newer completes first; the older one's late result is dropped. */
  vct_feed_model_reload (wall.model);
  first = fake_service_wait_fetch (&fake);
  vct_feed_model_reload (wall.model);
  second = fake_service_wait_fetch (&fake);
  g_assert_true (g_cancellable_is_cancelled (vct_api_request_get_cancellable (first)));
  g_assert_false (g_cancellable_is_cancelled (vct_api_request_get_cancellable (second)));
  vct_api_request_return_json (second, two, -1);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  assert_layout (&wall, DAY_2 ": photo 41");
  mark = vct_test_log_mark (&wall.log);
  vct_api_request_return_json (first, standard, -1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  assert_layout (&wall, DAY_2 ": photo 41");

  /* The older completes first: dropped; the newer is shown when it completes. */
  vct_feed_model_reload (wall.model);
  first = fake_service_wait_fetch (&fake);
  vct_feed_model_reload (wall.model);
  second = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (first, standard, -1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "loading:1|title:" LOADING_TITLE);
  assert_layout (&wall, DAY_2 ": photo 41");
  vct_api_request_return_json (second, one, -1);
  vct_test_log_wait (&wall.log, mark, "loading:0", 1);
  assert_layout (&wall, DAY_1 ": member 40");
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "error:"), ==, 0);

  g_free (one);
  g_free (two);
  g_free (standard);
  standard_teardown (&fake, &wall);
}

/* A failed reload reports didError and keeps the last good rows: no items-changed, no
 * row changes in place, the same row objects. */
static void
test_reload_failure_keeps_rows (void)
{
  FakeService fake;
  Wall wall;
  VctRow *m7, *p30;
  char *message;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  m7 = watch_row (&wall, 1, "m7");
  p30 = watch_row (&wall, 2, "p30");
  settle_loop (NULL);

  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_INVALID_JSON, "Item 3 is not JSON.");
  vct_test_log_wait (&wall.log, mark, "error:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark,
                             "loading:1|title:" LOADING_TITLE "|title:" LOADED_TITLE "|loading:0|error:" ERROR_PREFIX
                             "Item 3 is not JSON.");
  g_assert_false (vct_feed_model_is_loading (wall.model));
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  assert_layout (&wall, STANDARD_LAYOUT);
  assert_item_is (&wall, 1, m7);
  assert_item_is (&wall, 2, p30);

  /* A document that does not decode fails the same way. */
  mark = vct_test_log_mark (&wall.log);
  vct_feed_model_reload (wall.model);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), "{\"feeds\": []}", -1);
  vct_test_log_wait (&wall.log, mark, "error:", 1);
  settle_loop (NULL);
  message = vct_test_log_since (&wall.log, mark);
  g_test_message ("undecodable: %s", message);
  g_assert_true (g_str_has_prefix (message, "loading:1|title:" LOADING_TITLE "|title:" LOADED_TITLE
                                            "|loading:0|error:" ERROR_PREFIX));
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, ""), ==, 5);
  g_free (message);
  assert_layout (&wall, STANDARD_LAYOUT);
  assert_item_is (&wall, 1, m7);

  unwatch_row (&wall, m7);
  unwatch_row (&wall, p30);
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ detail, commands */

/* Pressing or selecting a photo row opens its detail (later); selecting a member row
 * opens nothing and follows nobody. */
static void
test_open_detail (void)
{
  FakeService fake;
  Wall wall;
  g_autoptr (VctRow) p30 = NULL;
  g_autoptr (VctRow) p31 = NULL;
  g_autoptr (VctRow) m7 = NULL;
  g_autoptr (VctRow) m8 = NULL;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  p30 = wall_row (&wall, 2);
  p31 = wall_row (&wall, 6);
  m7 = wall_row (&wall, 1);
  m8 = wall_row (&wall, 3);
  vct_test_assert_property (p30, "title", "photo 30");
  vct_test_assert_property (p31, "title", "photo 31");

  mark = vct_test_log_mark (&wall.log);
  vct_row_press (p30);
  vct_test_assert_log_since (&wall.log, mark, "");
  vct_test_log_wait (&wall.log, mark, "detail:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "detail:30|photo 30|about 30|https://example.com/photos/30.png");

  mark = vct_test_log_mark (&wall.log);
  vct_row_select (p31);
  vct_test_assert_log_since (&wall.log, mark, "");
  vct_test_log_wait (&wall.log, mark, "detail:", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "detail:31|photo 31|about 31|https://example.com/photos/31.png");

  mark = vct_test_log_mark (&wall.log);
  vct_row_select (m7);
  vct_row_select (m8);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 0);
  assert_member_button (&wall, 7, NORMAL_BUTTON);
  g_clear_object (&p30);
  g_clear_object (&p31);
  g_clear_object (&m7);
  g_clear_object (&m8);
  standard_teardown (&fake, &wall);
}

/* Nothing but a row answers a command: there is no item past the end (before and after
 * a load), and a day header pressed or selected does nothing. */
static void
test_header_and_past_end (void)
{
  FakeService fake;
  Wall wall;
  g_autoptr (VctRow) header = NULL;
  guint mark;

  standard_setup (&fake, &wall);
  g_assert_null (wall_row (&wall, 0));
  wall_load_standard (&wall, &fake);
  g_assert_null (wall_row (&wall, STANDARD_N_ITEMS));
  g_assert_null (wall_row (&wall, G_MAXUINT));

  header = wall_row (&wall, 4);
  g_assert_true (VCT_IS_DAY_HEADER_ROW (header));
  g_assert_cmpint (vct_row_get_role (header), ==, VCT_ROW_ROLE_HEADER);
  mark = vct_test_log_mark (&wall.log);
  vct_row_press (header);
  vct_row_select (header);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 0);
  assert_layout (&wall, STANDARD_LAYOUT);
  g_clear_object (&header);
  standard_teardown (&fake, &wall);
}

/* A bad URI: every reload fails with the VCT_ERROR_INVALID_URI text. */
static void
test_bad_uri (void)
{
  const char *uris[] = { "ftp://example.com/feeds.json", "feeds.json" };

  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      VctFeedService *service = vct_feed_service_new_for_uri (uris[i]);
      Wall wall;
      char *message, *expected;

      g_assert_nonnull (service);
      wall_init_for (&wall, service);
      g_object_unref (service);
      vct_feed_model_reload (wall.model);
      vct_test_log_wait (&wall.log, 0, "error:", 1);
      message = vct_test_log_last (&wall.log, 0, "error:");
      expected = g_strdup_printf (ERROR_PREFIX "Cannot fetch feeds from \"%s\": use an http://, https:// or file:// URI.",
                                  uris[i]);
      g_assert_cmpstr (message, ==, expected);
      g_assert_true (vct_feed_model_is_list_hidden (wall.model));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (wall.list)), ==, 0);
      g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 0);
      /* Again on the next reload. */
      vct_feed_model_reload (wall.model);
      vct_test_log_wait (&wall.log, 0, "error:", 2);
      g_free (message);
      message = vct_test_log_last (&wall.log, 0, "error:");
      g_assert_cmpstr (message, ==, expected);
      g_free (expected);
      g_free (message);
      wall_clear (&wall);
    }
}

/* ------------------------------------------------------------------ lifetimes */

/* Each signal and `notify::` handler's closure notify runs exactly once: at its
 * disconnection, or at the model's last unref, even while a view still holds the list
 * (which then reports nothing: a photo row selected there opens nothing); the custom
 * service's when its last owner lets go. No handler is called after its notify. */
static void
test_notifies_once (void)
{
  FakeService fake;
  Wall wall;
  VctListModel *list;
  VctTestLogSlot *title, *detail;
  g_autoptr (VctRow) p30 = NULL;
  char *json = standard_doc ();
  guint mark;

  standard_setup (&fake, &wall);
  title = vct_test_log_find_slot (&wall.log, "title");
  detail = vct_test_log_find_slot (&wall.log, "detail");

  /* Disconnecting the open-detail handler runs its notify now; the others still hear. */
  g_signal_handler_disconnect (wall.model, detail->handler);
  g_assert_cmpint (detail->notified, ==, 1);
  wall_load (&wall, &fake, json);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "title:"), ==, 1);
  p30 = wall_row (&wall, 2);
  vct_row_press (p30);  /* a photo: no open-detail handler now */
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "detail:"), ==, 0);
  g_assert_cmpint (title->notified, ==, 0);
  g_assert_cmpint (detail->notified, ==, 1);

  /* The model's last unref, with the list still held by a view. */
  list = g_object_ref (wall.list);
  mark = vct_test_log_mark (&wall.log);
  g_clear_object (&wall.model);
  wall.list = NULL;
  vct_test_log_assert_all_notified (&wall.log);
  vct_row_select (p30);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  g_clear_object (&p30);
  g_object_unref (list);
  g_assert_cmpint (g_atomic_int_get (&wall.log.calls_after_notify), ==, 0);

  g_free (json);
  standard_teardown (&fake, &wall);
}

/* The last unref with a follow in flight: every handler's notify has run when it
 * returns, nothing is called afterwards, and the service's notify waits until the
 * request is completed (from another thread here). */
static void
test_unref_with_follow_in_flight (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  press_member (&wall, 7);
  request = fake_service_wait_follow (&fake, 7);
  iterate_pending (NULL);

  mark = vct_test_log_mark (&wall.log);
  wall_unref (&wall);
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&fake.notified), ==, 0);

  vct_test_return_json_in_thread (request, "{}");
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  standard_teardown (&fake, &wall);
}

/* The same with a failing follow: its error is never reported after the unref. */
static void
test_unref_with_failing_follow_in_flight (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  press_member (&wall, 9);
  request = fake_service_wait_follow (&fake, 9);

  mark = vct_test_log_mark (&wall.log);
  wall_unref (&wall);
  vct_test_return_error (request, VCT_ERROR_FAILED, "too late");
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  standard_teardown (&fake, &wall);
}

static gboolean
cancelled_cond (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

/* A member row a view still holds after its feed's last unref: the service is released
 * with the feed (its notify runs then, not at the row's unref), and a press follows
 * nobody: no request, the row stays normal. */
static void
test_row_past_model (void)
{
  FakeService fake;
  VctFeedService *service;
  VctFeedModel *model;
  g_autoptr (VctRow) member = NULL;
  VctFollowState state = VCT_FOLLOW_STATE_CHECKED;
  char *json;

  fake_service_init (&fake, NULL);
  service = vct_feed_service_new_custom (fake_service_fetch, fake_service_follow, &fake, fake_service_notify);
  model = vct_feed_model_new (service);
  g_object_unref (service);
  json = vct_test_feed_standard_doc (FALSE);
  vct_feed_model_reload (model);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), json, -1);
  g_free (json);
  settle_loop (NULL);
  member = g_list_model_get_item (G_LIST_MODEL (vct_feed_model_get_list (model)), 1);
  g_assert_true (VCT_IS_MEMBER_ROW (member));
  g_object_add_weak_pointer (G_OBJECT (model), (gpointer *) &model);
  g_object_unref (model);
  g_assert_null (model);
  g_assert_true (fake_service_notified (&fake));

  vct_row_press (member);
  settle_loop (NULL);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 0);
  g_object_get (member, "follow-state", &state, NULL);
  g_assert_cmpint (state, ==, VCT_FOLLOW_STATE_NORMAL);
  fake_service_finish (&fake);
}

/* The last unref with a reload in flight cancels its request; completing it afterwards
 * delivers nothing, and the service's notify runs once after that. */
static void
test_unref_with_reload_in_flight (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  GCancellable *cancellable;
  char *json = standard_doc ();

  standard_setup (&fake, &wall);
  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));
  g_assert_false (g_cancellable_is_cancelled (cancellable));

  wall_unref (&wall);
  run_until (NULL, cancelled_cond, cancellable, VCT_TEST_TIMEOUT_MS);
  vct_api_request_return_json (request, json, -1);
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "hidden:"), ==, 0);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "items-changed:"), ==, 0);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "title:"), ==, 0);

  g_object_unref (cancellable);
  g_free (json);
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ threads */

/* Nothing is delivered inside the call that caused it, nor before the loop iterates: not
 * a reload (the fetch itself waits for the loop), not a follow completed from another
 * thread, not a detail. */
static void
test_never_inline (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *request;
  VctRow *m7;
  g_autoptr (VctRow) p30 = NULL;
  char *json = standard_doc ();
  guint mark;

  standard_setup (&fake, &wall);
  vct_feed_model_reload (wall.model);
  g_assert_cmpint (g_atomic_int_get (&fake.n_fetches), ==, 0);
  vct_test_assert_log_since (&wall.log, 0, "");
  request = fake_service_wait_fetch (&fake);
  iterate_pending (NULL);
  mark = vct_test_log_mark (&wall.log);
  vct_test_return_json_in_thread (request, json);
  wait_until_pending (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);

  /* A follow completed on another thread: queued on the context, delivered only when
   * the loop runs. */
  m7 = watch_row (&wall, 1, "m7");
  p30 = wall_row (&wall, 2);
  iterate_pending (NULL);
  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);
  vct_row_press (p30);
  vct_test_assert_log_since (&wall.log, mark, "");
  request = fake_service_wait_follow (&fake, 7);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=1", 1);
  vct_test_log_wait (&wall.log, mark, "detail:", 1);
  iterate_pending (NULL);
  mark = vct_test_log_mark (&wall.log);
  vct_test_return_json_in_thread (request, "{}");
  wait_until_pending (NULL);
  vct_test_assert_log_since (&wall.log, mark, "");
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=0", 1);
  settle_loop (NULL);
  vct_test_assert_log_since (&wall.log, mark, CHECKED_NOTIFIES ("m7"));

  unwatch_row (&wall, m7);
  g_clear_object (&p30);
  g_free (json);
  standard_teardown (&fake, &wall);
}

/* A model made on a thread whose thread-default context is its own reports on that
 * thread (the list's items-changed and the rows' notify too), from reloads and presses
 * made there. */
static gpointer
own_context_thread (gpointer data)
{
  GMainContext *context = g_main_context_new ();
  FakeService fake;
  VctFeedService *service;
  Wall wall;
  VctApiRequest *request;
  VctRow *m7;
  char *json = standard_doc ();
  guint mark;

  (void) data;
  g_main_context_push_thread_default (context);
  fake_service_init (&fake, context);
  service = feed_service_over (&fake);
  wall_init (&wall, vct_feed_model_new (service), context);
  g_object_unref (service);

  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (request, json, -1);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "items-changed:0,0,11"), ==, 1);
  assert_layout (&wall, STANDARD_LAYOUT);
  m7 = watch_row (&wall, 1, "m7");
  mark = vct_test_log_mark (&wall.log);
  vct_row_press (m7);
  vct_api_request_return_json (fake_service_wait_follow (&fake, 7), "{}", -1);
  vct_test_log_wait (&wall.log, mark, "m7:notify::spinning=0", 1);
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  g_assert_cmpuint (vct_test_log_count (&wall.log, mark, "m7:notify::follow-state=checked"), ==, 1);

  unwatch_row (&wall, m7);
  wall_clear (&wall);  /* checks every report ran on this thread */
  fake_service_finish (&fake);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  g_free (json);
  return GINT_TO_POINTER (1);
}

static void
test_own_context_thread (void)
{
  GThread *thread = g_thread_new ("feed-context", own_context_thread, NULL);
  g_assert_cmpint (GPOINTER_TO_INT (g_thread_join (thread)), ==, 1);
}

/* ------------------------------------------------------------------ factory */

/* Without VCTABLE_FEEDS_URL the factory loads the installed fixture: 40 entries over 5
 * days, 16 members (2 followed), 24 photos; a photo opens its detail; a follow over the
 * file succeeds. */
static void
test_factory_fixture (void)
{
  Wall wall;
  GListModel *list;
  guint members = 0, photos = 0, checked = 0, position = 0, mark, n;
  char *previous = NULL;

  wall_init (&wall, vct_feed_model_factory_instance (), NULL);
  vct_feed_model_reload (wall.model);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "error:"), ==, 0);

  list = G_LIST_MODEL (wall.list);
  n = g_list_model_get_n_items (list);
  g_assert_cmpuint (n, ==, 5 + 40);
  g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 5);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (list, i);

      if (vct_row_get_role (row) == VCT_ROW_ROLE_HEADER)
        {
          char *day = vct_test_dup_property (row, "title");

          g_assert_true (VCT_IS_DAY_HEADER_ROW (row));
          g_assert_cmpuint (strlen (day), ==, 10);
          if (previous != NULL)
            g_assert_cmpint (strcmp (previous, day), >, 0);
          g_free (previous);
          previous = day;
        }
      else if (VCT_IS_MEMBER_ROW (row))
        {
          VctFollowState state = VCT_FOLLOW_STATE_NORMAL;

          g_object_get (row, "follow-state", &state, NULL);
          members++;
          checked += state == VCT_FOLLOW_STATE_CHECKED;
        }
      else
        {
          g_assert_true (VCT_IS_FEED_PHOTO_ROW (row));
          g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoRowView");
          photos++;
        }
    }
  g_free (previous);
  g_assert_cmpuint (members, ==, 16);
  g_assert_cmpuint (photos, ==, 24);
  g_assert_cmpuint (checked, ==, 2);

  g_assert_true (find_row (wall.list, VCT_TYPE_FEED_PHOTO_ROW, "title", "Lantern market", &position));
  mark = vct_test_log_mark (&wall.log);
  {
    g_autoptr (VctRow) row = wall_row (&wall, position);
    char *detail;

    vct_row_press (row);
    vct_test_log_wait (&wall.log, mark, "detail:", 1);
    detail = vct_test_log_last (&wall.log, mark, "detail:");
    g_assert_cmpstr (detail, ==, "7|Lantern market|A photo of the field city quiet.|resource:///org/vctable/VCTable/images/photos/c0bfbc.png");
    g_free (detail);
  }

  g_assert_true (find_row (wall.list, VCT_TYPE_MEMBER_ROW, "name", "Radia", &position));
  {
    g_autoptr (VctRow) row = wall_row (&wall, position);

    vct_row_press (row);
  }
  wait_member_state (&wall, "Radia", "checked");
  g_assert_cmpuint (vct_test_log_count (&wall.log, 0, "error:"), ==, 0);
  wall_clear (&wall);
}

/* VCTABLE_FEEDS_URL: a file path is loaded; an unusable value is reported, naming it. */
static void
test_factory_environment (void)
{
  char *json, *path = NULL, *uri;
  Wall wall;
  char *message;

  /* setenv is only safe before other threads start: in a new process. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  json = standard_doc ();
  uri = vct_test_write_temp (json, -1, &path);
  g_setenv ("VCTABLE_FEEDS_URL", path, TRUE);
  wall_init (&wall, vct_feed_model_factory_instance (), NULL);
  vct_feed_model_reload (wall.model);
  vct_test_log_wait (&wall.log, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);
  wall_clear (&wall);

  g_setenv ("VCTABLE_FEEDS_URL", "ftp://nope", TRUE);
  wall_init (&wall, vct_feed_model_factory_instance (), NULL);
  vct_feed_model_reload (wall.model);
  vct_test_log_wait (&wall.log, 0, "error:", 1);
  message = vct_test_log_last (&wall.log, 0, "error:");
  g_test_message ("didError: %s", message);
  g_assert_true (g_str_has_prefix (message, ERROR_PREFIX));
  g_assert_nonnull (strstr (message, "VCTABLE_FEEDS_URL"));
  g_assert_nonnull (strstr (message, "ftp://nope"));
  g_free (message);
  wall_clear (&wall);

  g_unsetenv ("VCTABLE_FEEDS_URL");
  g_free (uri);
  g_free (path);
  g_free (json);
}

/* ------------------------------------------------------------------ arguments */

static void
no_fetch (VctApiRequest *request, gpointer data)
{
  (void) request;
  (void) data;
  g_assert_not_reached ();
}

static void
no_follow (VctApiRequest *request, gint64 member_id, gpointer data)
{
  (void) request;
  (void) member_id;
  (void) data;
  g_assert_not_reached ();
}

/* NULL where the header forbids it: a critical and a harmless return. */
static void
test_null_arguments (void)
{
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_model_new (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_service_new_for_uri (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_service_new_custom (NULL, no_follow, NULL, NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_service_new_custom (no_fetch, NULL, NULL, NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_model_dup_title (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_false (vct_feed_model_is_loading (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_model_get_list (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  vct_feed_model_reload (NULL);
  g_test_assert_expected_messages ();
}

int
main (int argc, char **argv)
{
  /* Before any thread starts: the factory reads the real environment, and loopback
   * requests must not go through a proxy from it. */
  g_unsetenv ("VCTABLE_FEEDS_URL");
  g_unsetenv ("http_proxy");
  g_unsetenv ("HTTP_PROXY");
  g_unsetenv ("all_proxy");
  g_unsetenv ("ALL_PROXY");
  g_setenv ("no_proxy", "127.0.0.1,localhost", TRUE);

  vct_test_init (&argc, &argv);

  g_test_add_func ("/feed/title/loading-then-loaded", test_title_loading_then_loaded);
  g_test_add_func ("/feed/title/after-failed-first-fetch", test_title_after_failed_first_fetch);
  g_test_add_func ("/feed/loading/flag-and-notify", test_loading_flag);
  g_test_add_func ("/feed/loading/reload-inside-notify", test_reload_inside_loading_notify);
  g_test_add_func ("/feed/list/hidden-until-data", test_list_hidden_until_data);
  g_test_add_func ("/feed/sections/by-day", test_sections_by_day);
  g_test_add_func ("/feed/sections/row-numbers", test_row_numbers);
  g_test_add_func ("/feed/rows/kinds-and-properties", test_row_kinds_and_properties);
  g_test_add_func ("/feed/follow/custom", test_follow_custom);
  g_test_add_func ("/feed/follow/presses", test_follow_presses);
  g_test_add_func ("/feed/follow/custom-failure", test_follow_custom_failure);
  g_test_add_func ("/feed/follow/from-another-thread", test_follow_from_another_thread);
  g_test_add_func ("/feed/follow/http", test_follow_http);
  g_test_add_func ("/feed/follow/http-500", test_follow_http_500);
  g_test_add_func ("/feed/follow/file-service", test_follow_file_service);
  g_test_add_func ("/feed/reload/keeps-follow-state", test_reload_keeps_follow_state);
  g_test_add_func ("/feed/reload/latest-wins", test_reload_latest_wins);
  g_test_add_func ("/feed/reload/failure-keeps-rows", test_reload_failure_keeps_rows);
  g_test_add_func ("/feed/detail/photo-press-and-select", test_open_detail);
  g_test_add_func ("/feed/rows/header-and-past-end", test_header_and_past_end);
  g_test_add_func ("/feed/service/bad-uri", test_bad_uri);
  g_test_add_func ("/feed/lifetime/notifies-once", test_notifies_once);
  g_test_add_func ("/feed/lifetime/unref-with-follow-in-flight", test_unref_with_follow_in_flight);
  g_test_add_func ("/feed/lifetime/unref-with-failing-follow-in-flight", test_unref_with_failing_follow_in_flight);
  g_test_add_func ("/feed/lifetime/unref-with-reload-in-flight", test_unref_with_reload_in_flight);
  g_test_add_func ("/feed/lifetime/row-past-model", test_row_past_model);
  g_test_add_func ("/feed/lifetime/unref-with-http-follow-in-flight", test_unref_with_http_follow_in_flight);
  g_test_add_func ("/feed/thread/never-inline", test_never_inline);
  g_test_add_func ("/feed/thread/own-context", test_own_context_thread);
  g_test_add_func ("/feed/factory/fixture", test_factory_fixture);
  g_test_add_func ("/feed/factory/environment", test_factory_environment);
  g_test_add_func ("/feed/null-arguments", test_null_arguments);
  return vct_test_run ();
}
