/* test-feed.c: vctable-gtk's feed, read from the widget tree GTK built.
 *
 *   /gtk-app/feed/rows          the day headers, the member and photo rows, in the feed's
 *                               order; "Your Feeds" in the header bar
 *   /gtk-app/feed/follow        a member's follow button: "Follow", then (the request
 *                               held by the test's service) a spinner, insensitive, then
 *                               "Following" with a check
 *   /gtk-app/feed/follow-fails  a failed follow: back to "Follow", and the "Oops..." dialog
 *   /gtk-app/feed/open-detail   activating a photo row opens its detail: title and date
 *
 * Every case ends by destroying the window: the feed is finalized (a weak pointer).
 */
#include "app-test.h"

#include "../../Gtk/pages.h"

#define DATE_MEMBER "2026-11-20T10:00:00Z"
#define DATE_PHOTO  "2026-11-20T09:30:00Z"
#define DATE_OLDER  "2026-11-19T08:00:00Z"

typedef struct
{
  GQueue  follows;      /* VctApiRequest * held by follow() */
  gint64  followed;     /* the last member followed */
} Service;

static Service service;

static void
get_feeds (VctApiRequest *request, G_GNUC_UNUSED gpointer data)
{
  GString *doc = vct_test_feed_doc_new ();
  vct_test_feed_doc_member (doc, 7, DATE_MEMBER, FALSE);
  vct_test_feed_doc_photo (doc, 30, DATE_PHOTO);
  vct_test_feed_doc_member (doc, 8, DATE_OLDER, TRUE);
  g_autofree char *json = vct_test_feed_doc_end (doc);
  vct_api_request_return_json (request, json, -1);
}

static void
follow (VctApiRequest *request, gint64 member_id, G_GNUC_UNUSED gpointer data)
{
  service.followed = member_id;
  g_queue_push_tail (&service.follows, request);
}

typedef struct
{
  VctFeedModel *model;
  VctGtkWindow *window;
  GtkWidget    *page;
  GtkWidget    *view;
} Fixture;

static gboolean
page_ready (gpointer data)
{
  Fixture *fx = data;
  return vct_gtk_page_is_ready (VCT_GTK_PAGE (fx->page))
      && app_test_find_named (fx->view, "follow-button", TRUE) != NULL;
}

static void
fixture_set_up (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  service = (Service) { .followed = -1 };
  g_autoptr (VctFeedService) feeds = vct_feed_service_new_custom (get_feeds, follow, NULL, NULL);
  fx->model = vct_feed_model_new (feeds);
  fx->window = vct_gtk_window_new (NULL, NULL, fx->model, NULL);
  fx->page = vct_gtk_window_get_page (fx->window, VCT_GTK_SCREEN_FEED);
  fx->view = GTK_WIDGET (vct_gtk_page_get_list_view (VCT_GTK_PAGE (fx->page)));
  gtk_window_present (GTK_WINDOW (fx->window));
  app_test_wait (page_ready, fx);
}

static void
fixture_tear_down (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  GObject *models[] = { G_OBJECT (fx->model), NULL };

  while (!g_queue_is_empty (&service.follows))
    vct_api_request_return_json (g_queue_pop_head (&service.follows), "{}", -1);
  app_test_close_window (fx->window, models);
}

static void
test_rows (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_find_named (GTK_WIDGET (fx->window), "window-title", FALSE))), ==, "Your Feeds");
  g_autoptr (GPtrArray) days = app_test_row_labels (fx->view, "day");
  g_autoptr (GPtrArray) names = app_test_row_labels (fx->view, "name");
  g_autoptr (GPtrArray) titles = app_test_row_labels (fx->view, "title");
  g_autofree char *day1 = vct_test_local_text (DATE_MEMBER, "%Y-%m-%d");
  g_autofree char *day2 = vct_test_local_text (DATE_OLDER, "%Y-%m-%d");
  g_autofree char *photo_date = vct_test_local_text (DATE_PHOTO, "%Y-%m-%d %H:%M");

  g_assert_cmpuint (days->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (days, 0), ==, day1);
  g_assert_cmpstr (g_ptr_array_index (days, 1), ==, day2);
  g_assert_cmpuint (names->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "member 7");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "member 8");
  g_assert_cmpuint (titles->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (titles, 0), ==, "photo 30");
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "description"), ==, "about 30");
  g_assert_true (app_test_shows_text (fx->view, photo_date));

  /* The order on screen: day 1, member 7, photo 30, day 2, member 8. */
  const char *expected[] = { day1, "member 7", "photo 30", day2, "member 8" };
  guint i = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (fx->view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      if (!gtk_widget_get_mapped (row))
        continue;
      g_assert_cmpuint (i, <, G_N_ELEMENTS (expected));
      g_assert_nonnull (app_test_find_label (row, expected[i]));
      i++;
    }
  g_assert_cmpuint (i, ==, G_N_ELEMENTS (expected));
}

/* The follow button of the row showing @name. */
static GtkWidget *
follow_button_of (Fixture *fx, const char *name)
{
  for (GtkWidget *row = gtk_widget_get_first_child (fx->view); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_mapped (row) && app_test_find_label (row, name) != NULL)
      return app_test_find_named (row, "follow-button", TRUE);
  return NULL;
}

typedef enum { LOOK_FOLLOW, LOOK_LOADING, LOOK_FOLLOWING } Look;

typedef struct
{
  Fixture    *fx;
  const char *name;
  Look        look;
} LookWait;

static gboolean
button_looks (gpointer data)
{
  LookWait *wait = data;
  GtkWidget *button = follow_button_of (wait->fx, wait->name);
  if (button == NULL)
    return FALSE;
  GtkWidget *label = app_test_find_named (button, "follow-label", FALSE);
  GtkWidget *spinner = app_test_find_named (button, "follow-spinner", FALSE);
  GtkWidget *check = app_test_find_named (button, "follow-check", FALSE);
  gboolean spins = gtk_widget_get_mapped (spinner) && gtk_spinner_get_spinning (GTK_SPINNER (spinner));
  const char *text = gtk_widget_get_mapped (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
  switch (wait->look)
    {
    case LOOK_FOLLOW:
      return g_strcmp0 (text, "Follow") == 0 && !spins && !gtk_widget_get_mapped (check)
          && gtk_widget_get_sensitive (button);
    case LOOK_LOADING:
      return text == NULL && spins && !gtk_widget_get_mapped (check) && !gtk_widget_get_sensitive (button);
    case LOOK_FOLLOWING:
      return g_strcmp0 (text, "Following") == 0 && !spins && gtk_widget_get_mapped (check);
    }
  return FALSE;
}

static gboolean
follow_held (G_GNUC_UNUSED gpointer data)
{
  return !g_queue_is_empty (&service.follows);
}

static void
test_follow (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  LookWait wait = { fx, "member 7", LOOK_FOLLOW };
  g_assert_true (button_looks (&wait));
  LookWait other = { fx, "member 8", LOOK_FOLLOWING };
  g_assert_true (button_looks (&other));

  g_signal_emit_by_name (follow_button_of (fx, "member 7"), "clicked");
  wait.look = LOOK_LOADING;
  app_test_wait (button_looks, &wait);
  app_test_wait (follow_held, NULL);
  g_assert_cmpint (service.followed, ==, 7);

  vct_api_request_return_json (g_queue_pop_head (&service.follows), "{}", -1);
  wait.look = LOOK_FOLLOWING;
  app_test_wait (button_looks, &wait);
  g_assert_null (vct_gtk_window_get_error_dialog (fx->window));
}

static gboolean
dialog_shown (gpointer data)
{
  Fixture *fx = data;
  GtkWindow *dialog = vct_gtk_window_get_error_dialog (fx->window);
  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

static void
test_follow_fails (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_signal_emit_by_name (follow_button_of (fx, "member 7"), "clicked");
  LookWait wait = { fx, "member 7", LOOK_LOADING };
  app_test_wait (button_looks, &wait);
  app_test_wait (follow_held, NULL);

  g_autoptr (GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "HTTP 500: follow refused");
  vct_api_request_return_error (g_queue_pop_head (&service.follows), error);
  wait.look = LOOK_FOLLOW;
  app_test_wait (button_looks, &wait);
  app_test_wait (dialog_shown, fx);
  g_assert_true (app_test_shows_text (GTK_WIDGET (vct_gtk_window_get_error_dialog (fx->window)), "follow refused"));
}

static gboolean
detail_shown (gpointer data)
{
  Fixture *fx = data;
  GtkWindow *detail = vct_gtk_feed_page_get_detail_window (VCT_GTK_FEED_PAGE (fx->page));
  return detail != NULL && gtk_widget_get_mapped (GTK_WIDGET (detail));
}

static void
test_open_detail (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  /* Flat positions: 0 the day's header, 1 member 7, 2 photo 30. */
  g_signal_emit_by_name (fx->view, "activate", 2u);
  app_test_wait (detail_shown, fx);

  GtkWidget *detail = GTK_WIDGET (vct_gtk_feed_page_get_detail_window (VCT_GTK_FEED_PAGE (fx->page)));
  g_autofree char *date = vct_test_local_text (DATE_PHOTO, "%Y-%m-%d %H:%M");
  g_assert_nonnull (app_test_find_label (detail, "photo 30"));
  g_assert_nonnull (app_test_find_label (detail, date));
  g_assert_nonnull (app_test_find_label (detail, "about 30"));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (detail)) == GTK_WINDOW (fx->window));

  /* A member row opens nothing. */
  gtk_window_destroy (GTK_WINDOW (detail));
  g_signal_emit_by_name (fx->view, "activate", 1u);
  iterate_for (NULL, 100);
  g_assert_null (vct_gtk_feed_page_get_detail_window (VCT_GTK_FEED_PAGE (fx->page)));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/gtk-app/feed/rows", test_rows);
  ADD ("/gtk-app/feed/follow", test_follow);
  ADD ("/gtk-app/feed/follow-fails", test_follow_fails);
  ADD ("/gtk-app/feed/open-detail", test_open_detail);
  return g_test_run ();
}
