/* test-feed.c: the feed screen (VctFeedModel, VctFeedService) through vctable.h, one
 * case per documented rule.
 *
 * Most cases use a custom service whose fetches and follows wait for the test
 * (FakeService), so every step is explicit; the HTTP cases use the loopback server of
 * common/vct-test.h. Every callback of the model and its list is recorded as one event
 * string (Events, common/vct-test.h), checked to run on the model's context thread, and
 * its notify is counted.
 * Nothing sleeps to synchronise: the loop runs until an event arrives (with a guard), and
 * "nothing else happens" is a short quiet period of the loop (settle_loop).
 *
 * Feed documents put every post between 11:00 and 13:00 UTC, so the day sections are
 * the same in any time zone between UTC-11 and UTC+10; the expected day and time texts
 * are computed in the local time zone, as the model computes them.
 */
#include "common/vct-test.h"

#include <stdio.h>
#include <string.h>

#define LOADING_TITLE "Loading..."
#define LOADED_TITLE "Your Feeds"

/* ------------------------------------------------------------------ documents */






#define DAY_1 VCT_TEST_FEED_DAY_1
#define DAY_2 VCT_TEST_FEED_DAY_2
#define DAY_3 VCT_TEST_FEED_DAY_3

/* The standard wall, in a shuffled document order, with an entry of an unknown type
 * (skipped). Shown as:
 *   0 DAY_1: member 7 (12:50), photo 30 (12:30), member 8 (12:10, following)
 *   1 DAY_2: member 9 (12:30), photo 33 (12:30, later in the document), photo 31 (11:40)
 *   2 DAY_3: photo 32 (12:00), member 12 (11:10) */
static char *
standard_doc (void)
{
  return vct_test_feed_standard_doc (TRUE);
}

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

/* A feed model with every report (its own five and its list's four) logged as Events:
 * "title:<text>", "loading:0|1", "hidden:0|1", "error:<message>",
 * "detail:<id>|<title>|<description>|<image URL>", and the list's. */
typedef struct
{
  Events        events;
  VctFeedModel *model;
  VctListModel *list;
} Wall;

static void
on_detail (gint64 id, const char *title, const char *description, const char *image_url, gpointer slot)
{
  events_record (slot, g_strdup_printf ("%" G_GINT64_FORMAT "|%s|%s|%s", id, title, description, image_url));
}

/* Sets every callback of @model (taken) with counting notifies. @context is the model's
 * context (NULL: the default), iterated by this thread. */
static void
wall_init (Wall *wall, VctFeedModel *model, GMainContext *context)
{
  g_assert_nonnull (model);
  events_init (&wall->events, context);
  wall->model = model;
  wall->list = vct_feed_model_get_list (model);
  g_assert_nonnull (wall->list);
  vct_feed_model_set_did_update_title (model, events_text_func, events_slot (&wall->events, "title"),
                                       events_slot_notify);
  vct_feed_model_set_did_change_loading (model, events_boolean_func, events_slot (&wall->events, "loading"),
                                         events_slot_notify);
  vct_feed_model_set_did_change_list_hidden (model, events_boolean_func, events_slot (&wall->events, "hidden"),
                                             events_slot_notify);
  vct_feed_model_set_did_error (model, events_text_func, events_slot (&wall->events, "error"), events_slot_notify);
  vct_feed_model_set_did_open_detail (model, on_detail, events_slot (&wall->events, "detail"), events_slot_notify);
  events_attach_list (&wall->events, wall->list);
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
  vct_feed_model_unref (wall->model);
  wall->model = NULL;
  wall->list = NULL;
  events_assert_all_notified (&wall->events);
}

/* Unrefs the model if still there; checks nothing ran after its notify or on another
 * thread. */
static void
wall_clear (Wall *wall)
{
  if (wall->model != NULL)
    wall_unref (wall);
  events_clear (&wall->events);
}

/* Reloads and completes the fetch with @json; returns when the reload was delivered. */
static void
wall_load (Wall *wall, FakeService *fake, const char *json)
{
  guint mark = events_mark (&wall->events);
  VctApiRequest *request;

  vct_feed_model_reload (wall->model);
  request = fake_service_wait_fetch (fake);
  vct_api_request_return_json (request, json, -1);
  events_wait (&wall->events, mark, "loading:0", 1);
}

/* Reloads with the standard document. */
static void
wall_load_standard (Wall *wall, FakeService *fake)
{
  char *json = standard_doc ();
  wall_load (wall, fake, json);
  g_free (json);
}

/* Finds the first row of @kind whose string @property is @value. */
static gboolean
find_row (VctListModel *list, const char *kind, const char *property, const char *value,
          guint *section, guint *position)
{
  for (guint s = 0; s < vct_list_model_get_n_sections (list); s++)
    for (guint i = 0; i < vct_list_model_get_n_items (list, s); i++)
      {
        VctRow *row = vct_list_model_get_item (list, s, i);
        char *text;
        gboolean match;

        if (g_strcmp0 (vct_row_get_kind (row), kind) != 0)
          continue;
        text = vct_row_dup_string (row, property);
        match = g_strcmp0 (text, value) == 0;
        g_free (text);
        if (match)
          {
            *section = s;
            *position = i;
            return TRUE;
          }
      }
  return FALSE;
}

/* The row of member @id (asserting it is shown). */
static VctRow *
member_row (Wall *wall, gint64 id)
{
  char *name = g_strdup_printf ("member %" G_GINT64_FORMAT, id);
  guint section = 0, position = 0;

  if (!find_row (wall->list, "MemberRow", "name", name, &section, &position))
    g_error ("%s is not in the list", name);
  g_free (name);
  return vct_list_model_get_item (wall->list, section, position);
}

/* The button properties of a member row, as "followState hidden enabled spinning". */
static char *
member_button (Wall *wall, gint64 id)
{
  VctRow *row = member_row (wall, id);
  char *state = vct_row_dup_string (row, "followState");
  char *text = g_strdup_printf ("%s hidden=%d enabled=%d spinning=%d", state,
                                vct_row_get_boolean (row, "buttonHidden"), vct_row_get_boolean (row, "buttonEnabled"),
                                vct_row_get_boolean (row, "spinning"));
  g_free (state);
  return text;
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
  guint section = 0, position = 0;
  char *state;
  gboolean reached;

  if (!find_row (wait->wall->list, "MemberRow", "name", wait->name, &section, &position))
    return FALSE;
  state = vct_row_dup_string (vct_list_model_get_item (wait->wall->list, section, position), "followState");
  reached = g_strcmp0 (state, wait->state) == 0;
  g_free (state);
  return reached;
}

/* Runs the loop until the member row named @name shows @state. */
static void
wait_member_state (Wall *wall, const char *name, const char *state)
{
  StateWait wait = { wall, name, state };
  run_until (wall->events.context, state_wait_cond, &wait, VCT_TEST_TIMEOUT_MS);
}

#define NORMAL_BUTTON "normal hidden=0 enabled=1 spinning=0"
#define LOADING_BUTTON "loading hidden=1 enabled=0 spinning=1"
#define CHECKED_BUTTON "checked hidden=0 enabled=0 spinning=0"

/* Every row of the list as "kind:name-or-title" per section, "DAY: a, b / DAY: c". */
static char *
wall_layout (Wall *wall)
{
  GString *text = g_string_new (NULL);

  for (guint s = 0; s < vct_list_model_get_n_sections (wall->list); s++)
    {
      VctRow *header = vct_list_model_get_header (wall->list, s);
      char *day = header != NULL ? vct_row_dup_string (header, "title") : g_strdup ("(no header)");

      if (s > 0)
        g_string_append (text, " / ");
      g_string_append_printf (text, "%s:", day);
      g_free (day);
      for (guint i = 0; i < vct_list_model_get_n_items (wall->list, s); i++)
        {
          VctRow *row = vct_list_model_get_item (wall->list, s, i);
          const char *kind = vct_row_get_kind (row);
          char *label = vct_row_dup_string (row, g_strcmp0 (kind, "MemberRow") == 0 ? "name" : "title");
          g_string_append_printf (text, "%s%s", i == 0 ? " " : ", ", label);
          g_free (label);
        }
    }
  return g_string_free (text, FALSE);
}

#define assert_layout(wall, expected) G_STMT_START { \
    char *layout_ = wall_layout (wall);               \
    g_assert_cmpstr (layout_, ==, (expected));        \
    g_free (layout_);                                 \
  } G_STMT_END

#define STANDARD_LAYOUT                                        \
  DAY_1 ": member 7, photo 30, member 8 / "                    \
  DAY_2 ": member 9, photo 33, photo 31 / "                    \
  DAY_3 ": photo 32, member 12"

/* The standard set-up: a fake service, a wall over it (the test's service reference
 * dropped, the model keeps one). */
static void
standard_setup (FakeService *fake, Wall *wall)
{
  VctFeedService *service;

  fake_service_init (fake, NULL);
  service = feed_service_over (fake);
  wall_init_for (wall, service);
  vct_feed_service_unref (service);
}

static void
standard_teardown (FakeService *fake, Wall *wall)
{
  wall_clear (wall);
  fake_service_finish (fake);
}

/* ------------------------------------------------------------------ title, loading, hidden */

/* "Loading..." before and during the first fetch, "Your Feeds" once it delivered, and it
 * stays so (reported once) through later reloads. */
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
  g_assert_cmpuint (events_count (&wall.events, 0, "title:"), ==, 0);

  vct_api_request_return_json (request, json, -1);
  events_wait (&wall.events, 0, "title:", 1);
  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);
  title = events_last (&wall.events, 0, "title:");
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);

  /* A second reload: the title stays, and is not reported again. */
  mark = events_mark (&wall.events);
  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);
  vct_api_request_return_json (request, json, -1);
  events_wait (&wall.events, mark, "loading:0", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&wall.events, 0, "title:"), ==, 1);

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
  events_wait (&wall.events, 0, "error:", 1);
  settle_loop (NULL);

  title = vct_feed_model_dup_title (wall.model);
  g_assert_cmpstr (title, ==, LOADED_TITLE);
  g_free (title);
  g_assert_cmpuint (events_count (&wall.events, 0, "title:" LOADED_TITLE), ==, 1);
  g_assert_cmpuint (events_count (&wall.events, 0, "title:"), ==, 1);
  title = events_last (&wall.events, 0, "error:");
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
  g_assert_cmpuint (events_count (&wall.events, 0, "loading:"), ==, 0);  /* never inline */
  first = fake_service_wait_fetch (&fake);
  events_wait (&wall.events, 0, "loading:1", 1);
  g_assert_true (vct_feed_model_is_loading (wall.model));
  vct_api_request_return_json (first, json, -1);
  events_wait (&wall.events, 0, "loading:0", 1);
  g_assert_false (vct_feed_model_is_loading (wall.model));
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&wall.events, 0, "loading:"), ==, 2);
  g_assert_cmpuint (events_count (&wall.events, 0, "loading:1"), ==, 1);

  /* A failed reload: TRUE then FALSE again. */
  mark = events_mark (&wall.events);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_FAILED, "no");
  events_wait (&wall.events, mark, "loading:0", 1);
  g_assert_false (vct_feed_model_is_loading (wall.model));
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&wall.events, mark, "loading:1"), ==, 1);
  g_assert_cmpuint (events_count (&wall.events, mark, "loading:0"), ==, 1);

  /* Two reloads in a row: one TRUE, one FALSE (when the latest ends). */
  mark = events_mark (&wall.events);
  vct_feed_model_reload (wall.model);
  first = fake_service_wait_fetch (&fake);
  vct_feed_model_reload (wall.model);
  second = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (first, json, -1);  /* superseded: dropped */
  settle_loop (NULL);
  g_assert_true (vct_feed_model_is_loading (wall.model));
  g_assert_cmpuint (events_count (&wall.events, mark, "loading:0"), ==, 0);
  vct_api_request_return_json (second, json, -1);
  events_wait (&wall.events, mark, "loading:0", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&wall.events, mark, "loading:1"), ==, 1);
  g_assert_cmpuint (events_count (&wall.events, mark, "loading:0"), ==, 1);

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
  g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 0);

  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  g_assert_true (vct_feed_model_is_list_hidden (wall.model));
  vct_test_return_error (request, VCT_ERROR_TIMED_OUT, "too slow");
  events_wait (&wall.events, 0, "error:", 1);
  settle_loop (NULL);
  g_assert_true (vct_feed_model_is_list_hidden (wall.model));
  g_assert_cmpuint (events_count (&wall.events, 0, "hidden:"), ==, 0);

  wall_load_standard (&wall, &fake);
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  assert_layout (&wall, STANDARD_LAYOUT);
  g_assert_cmpuint (events_count (&wall.events, 0, "hidden:"), ==, 1);
  g_assert_cmpuint (events_count (&wall.events, 0, "hidden:0"), ==, 1);

  /* Later reloads, failed or not, leave it shown without a report. */
  mark = events_mark (&wall.events);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_FAILED, "no");
  events_wait (&wall.events, mark, "error:", 1);
  wall_load_standard (&wall, &fake);
  settle_loop (NULL);
  g_assert_false (vct_feed_model_is_list_hidden (wall.model));
  g_assert_cmpuint (events_count (&wall.events, mark, "hidden:"), ==, 0);
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ sections and rows */

/* One section per day, newest first; in a day newest first, ties in document order;
 * each section has a "DayHeader" header whose title is the day; unknown types skipped. */
static void
test_sections_by_day (void)
{
  FakeService fake;
  Wall wall;
  const char *days[] = { DAY_1, DAY_2, DAY_3 };
  guint added = 0;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 3);
  for (guint s = 0; s < 3; s++)
    {
      VctRow *header = vct_list_model_get_header (wall.list, s);
      char **names;
      char *title;

      g_assert_nonnull (header);
      g_assert_cmpstr (vct_row_get_kind (header), ==, "DayHeader");
      names = vct_row_dup_property_names (header);
      g_assert_cmpuint (g_strv_length (names), ==, 1);
      g_assert_cmpstr (names[0], ==, "title");
      g_strfreev (names);
      g_assert_cmpint (vct_row_get_property_type (header, "title"), ==, VCT_PROPERTY_TYPE_STRING);
      title = vct_row_dup_string (header, "title");
      g_assert_cmpstr (title, ==, days[s]);
      g_free (title);
      g_assert_null (vct_list_model_get_footer (wall.list, s));
    }
  g_assert_null (vct_list_model_get_header (wall.list, 3));
  assert_layout (&wall, STANDARD_LAYOUT);

  /* The view was told about the three sections (with their rows), nothing else. */
  for (guint i = 0; i < wall.events.log->len; i++)
    {
      const char *event = g_ptr_array_index (wall.events.log, i);
      guint position, removed, count;
      if (sscanf (event, "sections:%u,%u,%u", &position, &removed, &count) == 3)
        {
          g_assert_cmpuint (removed, ==, 0);
          added += count;
        }
    }
  g_assert_cmpuint (added, ==, 3);
  g_assert_cmpuint (events_count (&wall.events, 0, "items:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, 0, "updated:"), ==, 0);
  standard_teardown (&fake, &wall);
}

static void
assert_names (VctRow *row, const char *expected)
{
  char **names = vct_row_dup_property_names (row);
  char *joined = g_strjoinv (",", names);

  g_assert_cmpstr (joined, ==, expected);
  g_free (joined);
  g_strfreev (names);
}

static void
assert_string (VctRow *row, const char *property, const char *expected)
{
  char *value = vct_row_dup_string (row, property);

  g_assert_cmpint (vct_row_get_property_type (row, property), ==, VCT_PROPERTY_TYPE_STRING);
  g_assert_cmpstr (value, ==, expected);
  g_free (value);
}

/* "MemberRow" and "PhotoRow" rows with the documented properties. */
static void
test_row_kinds_and_properties (void)
{
  FakeService fake;
  Wall wall;
  VctRow *row;
  char *date;
  const char *flags[] = { "buttonHidden", "buttonEnabled", "spinning" };

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  row = member_row (&wall, 7);
  g_assert_cmpstr (vct_row_get_kind (row), ==, "MemberRow");
  assert_names (row, "name,avatarUrl,followState,buttonHidden,buttonEnabled,spinning");
  assert_string (row, "name", "member 7");
  assert_string (row, "avatarUrl", "https://example.com/avatars/7.png");
  assert_string (row, "followState", "normal");
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    g_assert_cmpint (vct_row_get_property_type (row, flags[i]), ==, VCT_PROPERTY_TYPE_BOOLEAN);
  assert_member_button (&wall, 7, NORMAL_BUTTON);
  /* The data says member 8 is followed. */
  assert_member_button (&wall, 8, CHECKED_BUTTON);

  row = vct_list_model_get_item (wall.list, 0, 1);
  g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoRow");
  assert_names (row, "title,description,imageUrl,date");
  assert_string (row, "title", "photo 30");
  assert_string (row, "description", "about 30");
  assert_string (row, "imageUrl", "https://example.com/photos/30.png");
  date = vct_test_local_text (DAY_1 "T12:30:00Z", "%Y-%m-%d %H:%M");
  assert_string (row, "date", date);
  g_free (date);

  /* An unknown property has no type and no text. */
  g_assert_cmpint (vct_row_get_property_type (row, "followState"), ==, VCT_PROPERTY_TYPE_NONE);
  g_assert_null (vct_row_dup_string (row, "followState"));
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ following */

/* normal → loading → checked through a custom service: each change is one item_updated
 * of that row only (no items_changed), the row's properties follow, a bound widget hears
 * exactly the properties that changed. */
static void
test_follow_custom (void)
{
  FakeService fake;
  Wall wall;
  RowLog log;
  int widget;
  VctApiRequest *request;
  guint mark;

  row_log_init (&log);
  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);
  g_assert_true (vct_list_model_bind (wall.list, &widget, 0, 0, row_log_func, &log, row_log_notify));
  assert_row_log (&log, 0, "(all)");

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  /* The row reads the new state at once; the view hears about it later. */
  assert_member_button (&wall, 7, LOADING_BUTTON);
  assert_events (&wall.events, mark, "");
  request = fake_service_wait_follow (&fake, 7);
  events_wait (&wall.events, mark, "updated:", 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:0,0");
  assert_row_log (&log, 1, "followState,buttonHidden,buttonEnabled,spinning");
  assert_member_button (&wall, 7, LOADING_BUTTON);

  mark = events_mark (&wall.events);
  vct_api_request_return_json (request, "{}", -1);
  events_wait (&wall.events, mark, "updated:", 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:0,0");
  assert_row_log (&log, 5, "followState,buttonHidden,spinning");
  assert_member_button (&wall, 7, CHECKED_BUTTON);

  /* The other members did not move. */
  assert_member_button (&wall, 9, NORMAL_BUTTON);
  assert_member_button (&wall, 12, NORMAL_BUTTON);
  assert_member_button (&wall, 8, CHECKED_BUTTON);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 1);

  g_assert_true (vct_list_model_unbind (wall.list, &widget));
  g_assert_cmpint (log.notified, ==, 1);
  row_log_clear (&log);
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
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 1, 0));  /* member 9 */
  g_assert_true (vct_list_model_press (wall.list, 1, 0));
  request = fake_service_wait_follow (&fake, 9);
  events_wait (&wall.events, mark, "updated:", 1);
  g_assert_true (vct_list_model_press (wall.list, 1, 0));
  settle_loop (NULL);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 1);
  assert_events (&wall.events, mark, "updated:1,0");

  vct_api_request_return_json (request, "{}", -1);
  events_wait (&wall.events, mark, "updated:", 2);
  assert_member_button (&wall, 9, CHECKED_BUTTON);

  /* Checked by the follow, then checked by the data (member 8). */
  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 1, 0));
  g_assert_true (vct_list_model_press (wall.list, 0, 2));
  settle_loop (NULL);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 1);
  assert_events (&wall.events, mark, "");
  assert_member_button (&wall, 9, CHECKED_BUTTON);
  assert_member_button (&wall, 8, CHECKED_BUTTON);
  standard_teardown (&fake, &wall);
}

/* A follow that fails goes back to normal (one item_updated each way), then didError
 * reports it; pressing again sends a new request. */
static void
test_follow_custom_failure (void)
{
  FakeService fake;
  Wall wall;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 2, 1));  /* member 12 */
  vct_test_return_error (fake_service_wait_follow (&fake, 12), VCT_ERROR_HTTP_STATUS, "follow refused");
  events_wait (&wall.events, mark, "error:", 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:2,1 | updated:2,1 | error:" ERROR_PREFIX "follow refused");
  assert_member_button (&wall, 12, NORMAL_BUTTON);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 2, 1));
  vct_api_request_return_json (fake_service_wait_follow (&fake, 12), "{}", -1);
  events_wait (&wall.events, mark, "updated:", 2);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:2,1 | updated:2,1");
  assert_member_button (&wall, 12, CHECKED_BUTTON);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 2);
  standard_teardown (&fake, &wall);
}

/* A custom follow completed from another thread is delivered on the context thread. */
static void
test_follow_from_another_thread (void)
{
  FakeService fake;
  Wall wall;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  vct_test_return_json_in_thread (fake_service_wait_follow (&fake, 7), "{}");
  events_wait (&wall.events, mark, "updated:", 2);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:0,0 | updated:0,0");
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  standard_teardown (&fake, &wall);  /* checks every callback ran on this thread */
}

/* A wall over the loopback server, loaded. */
static void
http_wall_load (Wall *wall, VctTestServer *server)
{
  char *uri = vct_test_server_uri (server, "/api/feeds.json");
  VctFeedService *service = vct_feed_service_new_for_uri (uri);
  guint mark;

  wall_init_for (wall, service);
  vct_feed_service_unref (service);
  g_free (uri);
  mark = events_mark (&wall->events);
  vct_feed_model_reload (wall->model);
  events_wait (&wall->events, mark, "loading:0", 1);
  g_assert_cmpuint (events_count (&wall->events, mark, "error:"), ==, 0);
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
 * often the button is pressed while it runs; normal → loading → checked, one
 * item_updated of that row each. */
static void
test_follow_http (void)
{
  VctTestServer *server = feed_server ();
  Gate gate;
  Wall wall;
  guint mark;

  vct_test_server_route (server, "POST", "/api/members/7/follow", 204, NULL, 0);
  gate_init (&gate, server, "/api/members/7/follow");
  http_wall_load (&wall, server);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  assert_member_button (&wall, 7, LOADING_BUTTON);
  run_until (NULL, gate_arrived_cond, &gate, VCT_TEST_TIMEOUT_MS);
  events_wait (&wall.events, mark, "updated:", 1);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:0,0");
  assert_member_button (&wall, 7, LOADING_BUTTON);

  gate_release (&gate);
  events_wait (&wall.events, mark, "updated:", 2);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:0,0 | updated:0,0");
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  settle_loop (NULL);
  assert_requests (server, "GET /api/feeds.json | POST /api/members/7/follow");

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
  g_assert_true (vct_list_model_press (wall.list, 1, 0));
  run_until (NULL, gate_arrived_cond, &gate, VCT_TEST_TIMEOUT_MS);

  mark = events_mark (&wall.events);
  wall_unref (&wall);
  gate_release (&gate);
  vct_test_server_free (server);  /* waits until the answer was written */
  settle_loop (NULL);
  assert_events (&wall.events, mark, "");
  wall_clear (&wall);
  gate_clear (&gate);
}

/* Over HTTP, a 500 on the follow puts the button back to normal and reports the status. */
static void
test_follow_http_500 (void)
{
  VctTestServer *server = feed_server ();
  Wall wall;
  char *message, *follow_uri;
  guint mark;

  vct_test_server_route (server, "POST", "/api/members/9/follow", 500, "boom", -1);
  http_wall_load (&wall, server);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 1, 0));
  events_wait (&wall.events, mark, "error:", 1);
  settle_loop (NULL);
  /* Back to normal (one item_updated each way, that row only), then the error. */
  message = events_since (&wall.events, mark);
  g_assert_true (g_str_has_prefix (message, "updated:1,0 | updated:1,0 | error:" ERROR_PREFIX));
  g_assert_cmpuint (events_count (&wall.events, mark, ""), ==, 3);
  g_free (message);
  message = events_last (&wall.events, mark, "error:");
  follow_uri = vct_test_server_uri (server, "/api/members/9/follow");
  g_test_message ("didError: %s", message);
  g_assert_true (g_str_has_prefix (message, ERROR_PREFIX));
  g_assert_nonnull (strstr (message, "500"));
  g_assert_nonnull (strstr (message, follow_uri));
  assert_member_button (&wall, 9, NORMAL_BUTTON);
  assert_requests (server, "GET /api/feeds.json | POST /api/members/9/follow");

  g_free (follow_uri);
  g_free (message);
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
  guint mark;

  wall_init_for (&wall, service);
  vct_feed_service_unref (service);
  vct_feed_model_reload (wall.model);
  events_wait (&wall.events, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);

  /* The follow may end before the loop shows "loading": the two changes of the row
   * then reach the view as one item_updated (a batch shows the latest state). */
  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  wait_member_state (&wall, "member 7", "checked");
  settle_loop (NULL);
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  g_assert_cmpuint (events_count (&wall.events, mark, "updated:0,0"), >=, 1);
  g_assert_cmpuint (events_count (&wall.events, mark, "updated:0,0"), <=, 2);
  g_assert_cmpuint (events_count (&wall.events, mark, "updated:0,0"), ==, events_count (&wall.events, mark, ""));
  g_assert_cmpuint (events_count (&wall.events, 0, "error:"), ==, 0);

  wall_clear (&wall);
  g_free (uri);
  g_free (json);
}

/* ------------------------------------------------------------------ reloads */

/* A reload keeps follow states by member: checked stays checked (even where the data
 * does not say following yet), loading stays loading and completes into the new row, a
 * row whose data now says following is checked. */
static void
test_reload_keeps_follow_state (void)
{
  FakeService fake;
  Wall wall;
  VctApiRequest *pending;
  GString *doc;
  char *json;
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

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));  /* 7: checked */
  vct_api_request_return_json (fake_service_wait_follow (&fake, 7), "{}", -1);
  events_wait (&wall.events, mark, "updated:", 2);
  g_assert_true (vct_list_model_press (wall.list, 0, 2));  /* 9: stays loading */
  pending = fake_service_wait_follow (&fake, 9);
  events_wait (&wall.events, mark, "updated:", 3);

  /* The service has not caught up with 7, now says 12 is followed, and adds 11. */
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
  assert_member_button (&wall, 7, CHECKED_BUTTON);
  assert_member_button (&wall, 8, CHECKED_BUTTON);
  assert_member_button (&wall, 9, LOADING_BUTTON);
  assert_member_button (&wall, 12, CHECKED_BUTTON);
  assert_member_button (&wall, 11, CHECKED_BUTTON);

  /* The request still running completes into the reloaded row. */
  mark = events_mark (&wall.events);
  vct_api_request_return_json (pending, "{}", -1);
  events_wait (&wall.events, mark, "updated:", 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "updated:0,2");
  assert_member_button (&wall, 9, CHECKED_BUTTON);
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 2);
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
  events_wait (&wall.events, 0, "loading:0", 1);
  assert_layout (&wall, DAY_2 ": photo 41");
  mark = events_mark (&wall.events);
  vct_api_request_return_json (first, standard, -1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "");
  assert_layout (&wall, DAY_2 ": photo 41");

  /* The older completes first: dropped; the newer is shown when it completes. */
  vct_feed_model_reload (wall.model);
  first = fake_service_wait_fetch (&fake);
  vct_feed_model_reload (wall.model);
  second = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (first, standard, -1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "loading:1");
  assert_layout (&wall, DAY_2 ": photo 41");
  vct_api_request_return_json (second, one, -1);
  events_wait (&wall.events, mark, "loading:0", 1);
  assert_layout (&wall, DAY_1 ": member 40");
  g_assert_cmpuint (events_count (&wall.events, 0, "error:"), ==, 0);

  g_free (one);
  g_free (two);
  g_free (standard);
  standard_teardown (&fake, &wall);
}

/* A failed reload reports didError and keeps the last good rows (no list change). */
static void
test_reload_failure_keeps_rows (void)
{
  FakeService fake;
  Wall wall;
  char *message;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  mark = events_mark (&wall.events);
  vct_feed_model_reload (wall.model);
  vct_test_return_error (fake_service_wait_fetch (&fake), VCT_ERROR_INVALID_JSON, "Item 3 is not JSON.");
  events_wait (&wall.events, mark, "error:", 1);
  settle_loop (NULL);
  message = events_last (&wall.events, mark, "error:");
  g_assert_cmpstr (message, ==, ERROR_PREFIX "Item 3 is not JSON.");
  g_free (message);
  g_assert_cmpuint (events_count (&wall.events, mark, "sections:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, mark, "items:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, mark, "updated:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, mark, "hidden:"), ==, 0);
  g_assert_false (vct_feed_model_is_loading (wall.model));
  assert_layout (&wall, STANDARD_LAYOUT);

  /* A document that does not decode fails the same way. */
  mark = events_mark (&wall.events);
  vct_feed_model_reload (wall.model);
  vct_api_request_return_json (fake_service_wait_fetch (&fake), "{\"feeds\": []}", -1);
  events_wait (&wall.events, mark, "error:", 1);
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&wall.events, mark, "items:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, mark, "sections:"), ==, 0);
  assert_layout (&wall, STANDARD_LAYOUT);
  standard_teardown (&fake, &wall);
}

/* ------------------------------------------------------------------ detail, ranges */

/* Pressing or selecting a photo row opens its detail (later); selecting a member row
 * opens nothing and follows nobody. */
static void
test_open_detail (void)
{
  FakeService fake;
  Wall wall;
  guint mark;

  standard_setup (&fake, &wall);
  wall_load_standard (&wall, &fake);

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 1));  /* photo 30 */
  assert_events (&wall.events, mark, "");
  events_wait (&wall.events, mark, "detail:", 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "detail:30|photo 30|about 30|https://example.com/photos/30.png");

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_select (wall.list, 1, 2));  /* photo 31 */
  assert_events (&wall.events, mark, "");
  events_wait (&wall.events, mark, "detail:", 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "detail:31|photo 31|about 31|https://example.com/photos/31.png");

  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_select (wall.list, 0, 0));  /* member 7 */
  g_assert_true (vct_list_model_select (wall.list, 0, 2));  /* member 8 */
  settle_loop (NULL);
  assert_events (&wall.events, mark, "");
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 0);
  assert_member_button (&wall, 7, NORMAL_BUTTON);
  standard_teardown (&fake, &wall);
}

static void
count_notify (gpointer data)
{
  (*(gint *) data)++;
}

static void
never_called (VctRow *row, const char *property, gpointer data)
{
  (void) row;
  (void) property;
  (void) data;
  g_assert_not_reached ();
}

/* Out-of-range press and select return FALSE and do nothing, before and after a load. */
static void
test_out_of_range (void)
{
  FakeService fake;
  Wall wall;
  gint notified = 0;
  int widget;
  guint mark;

  standard_setup (&fake, &wall);
  g_assert_false (vct_list_model_press (wall.list, 0, 0));
  g_assert_false (vct_list_model_select (wall.list, 0, 0));
  wall_load_standard (&wall, &fake);

  mark = events_mark (&wall.events);
  g_assert_false (vct_list_model_press (wall.list, 3, 0));
  g_assert_false (vct_list_model_press (wall.list, 0, 3));
  g_assert_false (vct_list_model_press (wall.list, 2, 2));
  g_assert_false (vct_list_model_select (wall.list, 3, 0));
  g_assert_false (vct_list_model_select (wall.list, 1, 3));
  g_assert_false (vct_list_model_select (wall.list, G_MAXUINT, G_MAXUINT));
  g_assert_null (vct_list_model_get_item (wall.list, 0, 3));
  g_assert_null (vct_list_model_get_item (wall.list, 3, 0));
  g_assert_false (vct_list_model_bind (wall.list, &widget, 0, 3, never_called, &notified, count_notify));
  g_assert_cmpint (notified, ==, 1);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "");
  g_assert_cmpuint (fake_service_n_follows (&fake), ==, 0);
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
      vct_feed_service_unref (service);
      vct_feed_model_reload (wall.model);
      events_wait (&wall.events, 0, "error:", 1);
      message = events_last (&wall.events, 0, "error:");
      expected = g_strdup_printf (ERROR_PREFIX "Cannot fetch feeds from \"%s\": use an http://, https:// or file:// URI.",
                                  uris[i]);
      g_assert_cmpstr (message, ==, expected);
      g_assert_true (vct_feed_model_is_list_hidden (wall.model));
      g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 0);
      /* Again on the next reload. */
      vct_feed_model_reload (wall.model);
      events_wait (&wall.events, 0, "error:", 2);
      g_free (message);
      message = events_last (&wall.events, 0, "error:");
      g_assert_cmpstr (message, ==, expected);
      g_free (expected);
      g_free (message);
      wall_clear (&wall);
    }
}

/* ------------------------------------------------------------------ lifetimes */

/* Each notify runs exactly once: at a setter that replaces or clears its callback, or at
 * the last unref (the list's when its last reference goes); the custom service's when its
 * last owner lets go. Nothing is called after its notify. */
static void
test_notifies_once (void)
{
  FakeService fake;
  Wall wall;
  Counter replacement = { 0 };
  VctListModel *list;
  EventSlot *title, *detail;
  const char *model_slots[] = { "title", "loading", "hidden", "error", "detail" };
  const char *list_slots[] = { "sections", "items", "section-updated", "updated" };
  char *json = standard_doc ();

  standard_setup (&fake, &wall);
  title = events_find (&wall.events, "title");
  detail = events_find (&wall.events, "detail");

  /* Replacing the title callback runs the old notify now; clearing the detail one too. */
  vct_feed_model_set_did_update_title (wall.model, counter_text_func, &replacement, counter_notify);
  g_assert_cmpint (title->notified, ==, 1);
  vct_feed_model_set_did_open_detail (wall.model, NULL, NULL, NULL);
  g_assert_cmpint (detail->notified, ==, 1);
  wall_load (&wall, &fake, json);
  g_assert_cmpint (replacement.calls, ==, 1);
  g_assert_cmpstr (replacement.last_text, ==, LOADED_TITLE);
  g_assert_cmpuint (events_count (&wall.events, 0, "title:"), ==, 0);
  g_assert_true (vct_list_model_press (wall.list, 0, 1));  /* a photo: no detail callback now */
  settle_loop (NULL);
  g_assert_cmpuint (events_count (&wall.events, 0, "detail:"), ==, 0);
  g_assert_cmpint (title->notified, ==, 1);
  g_assert_cmpint (detail->notified, ==, 1);

  /* A reference to the list keeps its callbacks past the model. */
  list = vct_list_model_ref (wall.list);
  vct_feed_model_unref (wall.model);
  wall.model = NULL;
  g_assert_cmpint (replacement.notified, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (model_slots); i++)
    g_assert_cmpint (events_find (&wall.events, model_slots[i])->notified, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (list_slots); i++)
    g_assert_cmpint (events_find (&wall.events, list_slots[i])->notified, ==, 0);
  vct_list_model_unref (list);
  events_assert_all_notified (&wall.events);
  g_assert_cmpint (replacement.calls_after_notify, ==, 0);

  g_free (replacement.last_text);
  g_free (json);
  standard_teardown (&fake, &wall);
}

/* The last unref with a follow in flight: every callback's notify has run when it
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
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  request = fake_service_wait_follow (&fake, 7);
  iterate_pending (NULL);

  mark = events_mark (&wall.events);
  wall_unref (&wall);
  settle_loop (NULL);
  g_assert_cmpint (g_atomic_int_get (&fake.notified), ==, 0);

  vct_test_return_json_in_thread (request, "{}");
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "");
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
  g_assert_true (vct_list_model_press (wall.list, 1, 0));
  request = fake_service_wait_follow (&fake, 9);

  mark = events_mark (&wall.events);
  wall_unref (&wall);
  vct_test_return_error (request, VCT_ERROR_FAILED, "too late");
  run_until (NULL, fake_service_notified, &fake, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  assert_events (&wall.events, mark, "");
  standard_teardown (&fake, &wall);
}

static gboolean
cancelled_cond (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
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
  g_assert_cmpuint (events_count (&wall.events, 0, "hidden:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, 0, "sections:"), ==, 0);
  g_assert_cmpuint (events_count (&wall.events, 0, "title:"), ==, 0);

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
  char *json = standard_doc ();
  guint mark;

  standard_setup (&fake, &wall);
  vct_feed_model_reload (wall.model);
  g_assert_cmpint (g_atomic_int_get (&fake.n_fetches), ==, 0);
  assert_events (&wall.events, 0, "");
  request = fake_service_wait_fetch (&fake);
  iterate_pending (NULL);
  mark = events_mark (&wall.events);
  vct_test_return_json_in_thread (request, json);
  wait_until_pending (NULL);
  assert_events (&wall.events, mark, "");
  events_wait (&wall.events, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);

  /* A follow completed on another thread: queued on the context, delivered only when
   * the loop runs. */
  iterate_pending (NULL);
  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  g_assert_true (vct_list_model_press (wall.list, 0, 1));
  assert_events (&wall.events, mark, "");
  request = fake_service_wait_follow (&fake, 7);
  events_wait (&wall.events, mark, "updated:", 1);
  events_wait (&wall.events, mark, "detail:", 1);
  iterate_pending (NULL);
  mark = events_mark (&wall.events);
  vct_test_return_json_in_thread (request, "{}");
  wait_until_pending (NULL);
  assert_events (&wall.events, mark, "");
  events_wait (&wall.events, mark, "updated:", 1);

  g_free (json);
  standard_teardown (&fake, &wall);
}

/* A model made on a thread whose thread-default context is its own reports on that
 * thread, from reloads and presses made there. */
static gpointer
own_context_thread (gpointer data)
{
  GMainContext *context = g_main_context_new ();
  FakeService fake;
  VctFeedService *service;
  Wall wall;
  VctApiRequest *request;
  char *json = standard_doc ();
  guint mark;

  (void) data;
  g_main_context_push_thread_default (context);
  fake_service_init (&fake, context);
  service = feed_service_over (&fake);
  wall_init (&wall, vct_feed_model_new (service), context);
  vct_feed_service_unref (service);

  vct_feed_model_reload (wall.model);
  request = fake_service_wait_fetch (&fake);
  vct_api_request_return_json (request, json, -1);
  events_wait (&wall.events, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);
  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, 0, 0));
  vct_api_request_return_json (fake_service_wait_follow (&fake, 7), "{}", -1);
  events_wait (&wall.events, mark, "updated:", 2);
  assert_member_button (&wall, 7, CHECKED_BUTTON);

  wall_clear (&wall);
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
  guint members = 0, photos = 0, checked = 0, section = 0, position = 0, mark;
  char *previous = NULL;

  wall_init (&wall, vct_feed_model_factory_instance (), NULL);
  vct_feed_model_reload (wall.model);
  events_wait (&wall.events, 0, "loading:0", 1);
  g_assert_cmpuint (events_count (&wall.events, 0, "error:"), ==, 0);

  g_assert_cmpuint (vct_list_model_get_n_sections (wall.list), ==, 5);
  for (guint s = 0; s < 5; s++)
    {
      char *day = vct_row_dup_string (vct_list_model_get_header (wall.list, s), "title");
      g_assert_cmpuint (strlen (day), ==, 10);
      if (previous != NULL)
        g_assert_cmpint (strcmp (previous, day), >, 0);
      g_free (previous);
      previous = day;
      for (guint i = 0; i < vct_list_model_get_n_items (wall.list, s); i++)
        {
          VctRow *row = vct_list_model_get_item (wall.list, s, i);
          if (g_strcmp0 (vct_row_get_kind (row), "MemberRow") == 0)
            {
              char *state = vct_row_dup_string (row, "followState");
              members++;
              checked += g_strcmp0 (state, "checked") == 0;
              g_free (state);
            }
          else
            {
              g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoRow");
              photos++;
            }
        }
    }
  g_free (previous);
  g_assert_cmpuint (members, ==, 16);
  g_assert_cmpuint (photos, ==, 24);
  g_assert_cmpuint (checked, ==, 2);

  g_assert_true (find_row (wall.list, "PhotoRow", "title", "Lantern market", &section, &position));
  mark = events_mark (&wall.events);
  g_assert_true (vct_list_model_press (wall.list, section, position));
  events_wait (&wall.events, mark, "detail:", 1);
  {
    char *detail = events_last (&wall.events, mark, "detail:");
    g_assert_true (g_str_has_prefix (detail, "7|Lantern market|A photo of the field city quiet.|https://"));
    g_free (detail);
  }

  g_assert_true (find_row (wall.list, "MemberRow", "name", "Radia", &section, &position));
  g_assert_true (vct_list_model_press (wall.list, section, position));
  wait_member_state (&wall, "Radia", "checked");
  g_assert_cmpuint (events_count (&wall.events, 0, "error:"), ==, 0);
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
  events_wait (&wall.events, 0, "loading:0", 1);
  assert_layout (&wall, STANDARD_LAYOUT);
  wall_clear (&wall);

  g_setenv ("VCTABLE_FEEDS_URL", "ftp://nope", TRUE);
  wall_init (&wall, vct_feed_model_factory_instance (), NULL);
  vct_feed_model_reload (wall.model);
  events_wait (&wall.events, 0, "error:", 1);
  message = events_last (&wall.events, 0, "error:");
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
  vct_feed_model_unref (NULL);
  vct_feed_service_unref (NULL);
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
  g_test_add_func ("/feed/loading/flag-and-callback", test_loading_flag);
  g_test_add_func ("/feed/list/hidden-until-data", test_list_hidden_until_data);
  g_test_add_func ("/feed/sections/by-day", test_sections_by_day);
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
  g_test_add_func ("/feed/out-of-range", test_out_of_range);
  g_test_add_func ("/feed/service/bad-uri", test_bad_uri);
  g_test_add_func ("/feed/lifetime/notifies-once", test_notifies_once);
  g_test_add_func ("/feed/lifetime/unref-with-follow-in-flight", test_unref_with_follow_in_flight);
  g_test_add_func ("/feed/lifetime/unref-with-failing-follow-in-flight", test_unref_with_failing_follow_in_flight);
  g_test_add_func ("/feed/lifetime/unref-with-reload-in-flight", test_unref_with_reload_in_flight);
  g_test_add_func ("/feed/lifetime/unref-with-http-follow-in-flight", test_unref_with_http_follow_in_flight);
  g_test_add_func ("/feed/thread/never-inline", test_never_inline);
  g_test_add_func ("/feed/thread/own-context", test_own_context_thread);
  g_test_add_func ("/feed/factory/fixture", test_factory_fixture);
  g_test_add_func ("/feed/factory/environment", test_factory_environment);
  g_test_add_func ("/feed/null-arguments", test_null_arguments);
  return vct_test_run ();
}
