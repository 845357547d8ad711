/* test-screens.c: the feed and song-picker screens through vctable.h (issue 6). */
#include <vctable.h>
#include <string.h>

static gboolean
flag_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the default context until `cond` holds; fails the test after 30 s. */
#define RUN_UNTIL(cond) G_STMT_START {                                  \
    gboolean expired_ = FALSE;                                          \
    guint guard_ = g_timeout_add_seconds (30, flag_timeout, &expired_); \
    while (!(cond) && !expired_)                                        \
      g_main_context_iteration (NULL, TRUE);                            \
    g_assert_false (expired_);                                          \
    g_source_remove (guard_);                                           \
  } G_STMT_END

typedef struct {
  gboolean loaded;
  gboolean updated;
  gboolean error;
  gboolean detail;
  guint title_reports;
  char *title;
  gint64 detail_id;
  int notifies;
} Feed;

static void feed_title (const char *title, gpointer data) { Feed *f = data; g_free (f->title); f->title = g_strdup (title); f->title_reports++; }
static void feed_hidden (gboolean hidden, gpointer data) { Feed *f = data; if (!hidden) f->loaded = TRUE; }
static void feed_error (const char *message, gpointer data) { Feed *f = data; (void) message; f->error = TRUE; }
static void feed_detail (gint64 id, const char *title, const char *description, const char *image, gpointer data)
{
  Feed *f = data;
  g_assert_nonnull (title); g_assert_nonnull (description); g_assert_nonnull (image);
  f->detail = TRUE; f->detail_id = id;
}
static void feed_item_updated (guint section, guint position, gpointer data) { Feed *f = data; (void) section; (void) position; f->updated = TRUE; }
static void count_notify (gpointer data) { ((Feed *) data)->notifies++; }

static gboolean
row_state_is (VctListModel *list, guint section, guint position, const char *state)
{
  g_autofree char *now = vct_row_dup_string (vct_list_model_get_item (list, section, position), "followState");
  return g_strcmp0 (now, state) == 0;
}

/* Finds the first row of `kind` whose boolean `property` is `value`; FALSE when none. */
static gboolean
find_row (VctListModel *list, const char *kind, const char *property, gboolean value, guint *section, guint *position)
{
  for (guint s = 0; s < vct_list_model_get_n_sections (list); s++)
    for (guint i = 0; i < vct_list_model_get_n_items (list, s); i++)
      {
        VctRow *row = vct_list_model_get_item (list, s, i);
        if (g_strcmp0 (vct_row_get_kind (row), kind) == 0 &&
            (property == NULL || vct_row_get_boolean (row, property) == value))
          {
            *section = s; *position = i;
            return TRUE;
          }
      }
  return FALSE;
}

static void
test_feed_fixture (void)
{
  Feed f = { 0 };
  VctFeedModel *model = vct_feed_model_factory_instance ();
  g_autofree char *initial = vct_feed_model_dup_title (model);
  g_assert_cmpstr (initial, ==, "Loading...");
  g_assert_true (vct_feed_model_is_list_hidden (model));
  vct_feed_model_set_did_update_title (model, feed_title, &f, count_notify);
  vct_feed_model_set_did_change_list_hidden (model, feed_hidden, &f, count_notify);
  vct_feed_model_set_did_error (model, feed_error, &f, count_notify);
  vct_feed_model_set_did_open_detail (model, feed_detail, &f, count_notify);
  VctListModel *list = vct_feed_model_get_list (model);
  vct_list_model_set_item_updated (list, feed_item_updated, &f, count_notify);

  vct_feed_model_reload (model);
  RUN_UNTIL (f.loaded);
  g_assert_false (f.error);
  g_autofree char *title = vct_feed_model_dup_title (model);
  g_assert_cmpstr (title, ==, "Your Feeds");
  g_assert_false (vct_feed_model_is_list_hidden (model));

  /* Sections by day, newest first, each with a DayHeader. */
  guint n_sections = vct_list_model_get_n_sections (list);
  g_assert_cmpuint (n_sections, >, 1);
  g_autofree char *previous = NULL;
  for (guint s = 0; s < n_sections; s++)
    {
      VctRow *header = vct_list_model_get_header (list, s);
      g_assert_nonnull (header);
      g_assert_cmpstr (vct_row_get_kind (header), ==, "DayHeader");
      g_autofree char *day = vct_row_dup_string (header, "title");
      g_assert_cmpuint (strlen (day), ==, 10);
      if (previous != NULL)
        g_assert_cmpint (strcmp (previous, day), >, 0);
      g_free (previous);
      previous = g_strdup (day);
    }

  /* Pressing a photo row opens its detail. */
  guint section, position;
  g_assert_true (find_row (list, "PhotoRow", NULL, FALSE, &section, &position));
  gint64 photo_id = vct_row_get_int (vct_list_model_get_item (list, section, position), "id");
  g_assert_true (vct_list_model_press (list, section, position));
  RUN_UNTIL (f.detail);
  if (photo_id != 0)
    g_assert_cmpint (f.detail_id, ==, photo_id);

  /* Following a member (the file service always succeeds): normal -> loading -> checked,
   * as in-place updates of that row. */
  g_assert_true (find_row (list, "MemberRow", "buttonEnabled", TRUE, &section, &position));
  g_autofree char *before = vct_row_dup_string (vct_list_model_get_item (list, section, position), "followState");
  g_assert_cmpstr (before, ==, "normal");
  g_assert_true (vct_list_model_press (list, section, position));
  RUN_UNTIL (row_state_is (list, section, position, "checked"));
  RUN_UNTIL (f.updated);
  g_assert_false (vct_row_get_boolean (vct_list_model_get_item (list, section, position), "buttonEnabled"));

  vct_feed_model_unref (model);
  g_assert_cmpint (f.notifies, ==, 5);
  g_free (f.title);
}

typedef struct {
  VctSongPickerState state;
  gboolean enabled;
  gboolean dismissed;
  guint state_reports;
  guint enabled_reports;
  guint items_changed;
} Songs;

static void songs_state (VctSongPickerState state, gpointer data) { Songs *s = data; s->state = state; s->state_reports++; }
static void songs_enabled (gboolean enabled, gpointer data) { Songs *s = data; s->enabled = enabled; s->enabled_reports++; }
static void songs_dismiss (gpointer data) { ((Songs *) data)->dismissed = TRUE; }
static void songs_changed (guint section, guint position, guint removed, guint added, gpointer data)
{ (void) section; (void) position; (void) removed; (void) added; ((Songs *) data)->items_changed++; }

static void
test_song_picker_fixture (void)
{
  Songs s = { 0 };
  g_autoptr (VctSongPickerModel) model = vct_song_picker_model_factory_instance ();
  VctListModel *list = vct_song_picker_model_get_list (model);
  g_assert_cmpint (vct_song_picker_model_get_state (model), ==, VCT_SONG_PICKER_STATE_PICKING);
  g_assert_cmpstr (vct_song_picker_model_get_button_title (model), ==, "START MEDITATION SESSION");
  g_autofree char *title = vct_song_picker_model_dup_title (model);
  g_assert_cmpstr (title, ==, "Pick meditation song");
  vct_song_picker_model_set_did_change_state (model, songs_state, &s, NULL);
  vct_song_picker_model_set_did_change_button_enabled (model, songs_enabled, &s, NULL);
  vct_song_picker_model_set_did_dismiss (model, songs_dismiss, &s, NULL);
  vct_list_model_set_items_changed (list, songs_changed, &s, NULL);

  vct_song_picker_model_reload (model);
  RUN_UNTIL (vct_list_model_get_n_items (list, 0) > 0);
  g_assert_cmpuint (s.items_changed, >, 0);
  guint total = vct_list_model_get_n_items (list, 0);
  g_assert_cmpuint (total, >=, 3);
  g_assert_false (vct_song_picker_model_is_button_enabled (model));
  g_assert_false (vct_song_picker_model_start (model));

  /* Select two songs: the button is enabled. */
  g_assert_true (vct_list_model_select (list, 0, 0));
  g_assert_true (vct_list_model_select (list, 0, 2));
  RUN_UNTIL (s.enabled);
  g_autofree char *mode = vct_row_dup_string (vct_list_model_get_item (list, 0, 0), "mode");
  g_assert_cmpstr (mode, ==, "selected");

  /* Start: two visible rows (unselected ones hidden through the list's changes). */
  g_assert_true (vct_song_picker_model_start (model));
  RUN_UNTIL (s.state == VCT_SONG_PICKER_STATE_LISTENING);
  RUN_UNTIL (vct_list_model_get_n_items (list, 0) == 2);
  g_autofree char *first = vct_row_dup_string (vct_list_model_get_item (list, 0, 0), "mode");
  g_assert_cmpstr (first, ==, "playing");
  g_autofree char *player = vct_song_picker_model_dup_title (model);
  g_assert_cmpstr (player, ==, "Player");

  g_assert_true (vct_song_picker_model_next (model));
  g_assert_false (vct_song_picker_model_next (model));
  g_assert_true (vct_song_picker_model_finish_song (model));
  RUN_UNTIL (vct_song_picker_model_get_state (model) == VCT_SONG_PICKER_STATE_FINISHED);

  /* Back: picking again with the selection kept; back again: dismiss. */
  vct_song_picker_model_back (model);
  RUN_UNTIL (vct_list_model_get_n_items (list, 0) == total);
  g_assert_true (vct_song_picker_model_is_button_enabled (model));
  vct_song_picker_model_back (model);
  RUN_UNTIL (s.dismissed);
}

static void
fetch_feeds (VctApiRequest *request, gpointer data)
{
  (void) data;
  vct_api_request_return_json (request,
      "[{\"type\":\"member\",\"id\":7,\"name\":\"Ada\",\"avatarUrl\":\"a\",\"date\":\"2026-11-20T10:00:00Z\",\"following\":false}]", -1);
}

static void
follow_fails (VctApiRequest *request, gint64 member_id, gpointer data)
{
  g_assert_cmpint (member_id, ==, 7);
  (*(int *) data)++;
  g_autoptr (GError) error = g_error_new_literal (VCT_ERROR, VCT_ERROR_HTTP_STATUS, "follow refused");
  vct_api_request_return_error (request, error);
}

static void
test_feed_custom_follow_failure (void)
{
  int follows = 0;
  Feed f = { 0 };
  g_autoptr (VctFeedService) service = vct_feed_service_new_custom (fetch_feeds, follow_fails, &follows, NULL);
  g_autoptr (VctFeedModel) model = vct_feed_model_new (service);
  vct_feed_model_set_did_change_list_hidden (model, feed_hidden, &f, NULL);
  vct_feed_model_set_did_error (model, feed_error, &f, NULL);
  vct_feed_model_reload (model);
  RUN_UNTIL (f.loaded);
  VctListModel *list = vct_feed_model_get_list (model);
  g_assert_true (vct_list_model_press (list, 0, 0));
  g_assert_true (vct_list_model_press (list, 0, 0));   /* a second press while loading sends nothing */
  RUN_UNTIL (f.error);
  g_assert_cmpint (follows, ==, 1);
  g_autofree char *state = vct_row_dup_string (vct_list_model_get_item (list, 0, 0), "followState");
  g_assert_cmpstr (state, ==, "normal");
}

static void
test_null_arguments (void)
{
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_feed_model_new (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_null (vct_song_picker_model_new (NULL));
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*assertion*failed*");
  g_assert_false (vct_song_picker_model_start (NULL));
  g_test_assert_expected_messages ();
  vct_feed_model_unref (NULL);
  vct_song_picker_model_unref (NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/screens/feed/fixture", test_feed_fixture);
  g_test_add_func ("/screens/feed/custom-follow-failure", test_feed_custom_follow_failure);
  g_test_add_func ("/screens/songs/fixture", test_song_picker_fixture);
  g_test_add_func ("/screens/null-arguments", test_null_arguments);
  return g_test_run ();
}
