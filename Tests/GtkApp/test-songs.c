/* test-songs.c: vctable-gtk's song picker, read from the widget tree GTK built.
 *
 *   /gtk-app/songs/picking     "Pick meditation song"; each row's title, subtitle,
 *                              duration and an unselected mark; the start button shows
 *                              "START MEDITATION SESSION", insensitive, no player
 *   /gtk-app/songs/listening   two rows picked (marks, the button sensitive), start:
 *                              "Player", the unselected rows leave the list, the first
 *                              picked plays, the player's buttons show, the start one not
 *   /gtk-app/songs/session-ends next at the last song: dismiss -> "Session ended", back
 *                              to picking with the selection kept
 *
 * Every case ends by destroying the window: the picker is finalized (a weak pointer).
 */
#include "app-test.h"

#include "../../Gtk/pages.h"

#define PICKING_TITLE "Pick meditation song"
#define BUTTON_TITLE  "START MEDITATION SESSION"

static void
get_songs (VctApiRequest *request, G_GNUC_UNUSED gpointer data)
{
  static const char json[] =
    "[{\"id\": 1, \"title\": \"song 1\", \"subtitle\": \"about 1\", \"duration\": 61},"
    " {\"id\": 2, \"title\": \"song 2\", \"subtitle\": \"about 2\", \"duration\": 62},"
    " {\"id\": 3, \"title\": \"song 3\", \"subtitle\": \"about 3\", \"duration\": 63},"
    " {\"id\": 4, \"title\": \"song 4\", \"subtitle\": \"about 4\", \"duration\": 600}]";
  vct_api_request_return_json (request, json, -1);
}

typedef struct
{
  VctSongPickerModel *model;
  VctGtkWindow       *window;
  GtkWidget          *page;
  GtkWidget          *view;
} Fixture;

static guint
n_rows_shown (Fixture *fx)
{
  g_autoptr (GPtrArray) titles = app_test_row_labels (fx->view, "title");
  return titles->len;
}

static gboolean
rows_shown_4 (gpointer data)
{
  return n_rows_shown (data) == 4;
}

static void
fixture_set_up (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_autoptr (VctSongService) songs = vct_song_service_new_custom (get_songs, NULL, NULL);
  fx->model = vct_song_picker_model_new (songs);
  fx->window = vct_gtk_window_new (NULL, NULL, NULL, fx->model);
  fx->page = vct_gtk_window_get_page (fx->window, VCT_GTK_SCREEN_SONGS);
  fx->view = GTK_WIDGET (vct_gtk_page_get_list_view (VCT_GTK_PAGE (fx->page)));
  gtk_window_present (GTK_WINDOW (fx->window));
  app_test_wait (rows_shown_4, fx);
}

static void
fixture_tear_down (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  GObject *models[] = { G_OBJECT (fx->model), NULL };
  app_test_close_window (fx->window, models);
}

/* The marks' icon names, in the rows' order, joined with ",". */
static char *
marks (Fixture *fx)
{
  GString *text = g_string_new (NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (fx->view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *mark = app_test_find_named (row, "mark", TRUE);
      if (mark != NULL)
        g_string_append_printf (text, "%s%s", text->len > 0 ? "," : "", gtk_image_get_icon_name (GTK_IMAGE (mark)));
    }
  return g_string_free (text, FALSE);
}

typedef struct
{
  Fixture    *fx;
  const char *marks;
} MarksWait;

static gboolean
marks_are (gpointer data)
{
  MarksWait *wait = data;
  g_autofree char *now = marks (wait->fx);
  return g_strcmp0 (now, wait->marks) == 0;
}

static GtkWidget *
named (Fixture *fx, const char *name)
{
  GtkWidget *widget = app_test_find_named (fx->page, name, FALSE);
  g_assert_nonnull (widget);
  return widget;
}

static const char *
title_shown (Fixture *fx)
{
  return gtk_label_get_text (GTK_LABEL (app_test_find_named (GTK_WIDGET (fx->window), "window-title", FALSE)));
}

static void
test_picking (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  g_assert_cmpstr (title_shown (fx), ==, PICKING_TITLE);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *title = g_strdup_printf ("song %u", i + 1);
      g_autofree char *subtitle = g_strdup_printf ("about %u", i + 1);
      g_assert_cmpstr (app_test_row_label (fx->view, i, "title"), ==, title);
      g_assert_cmpstr (app_test_row_label (fx->view, i, "subtitle"), ==, subtitle);
    }
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "duration"), ==, "1:01");
  g_assert_cmpstr (app_test_row_label (fx->view, 3, "duration"), ==, "10:00");
  g_autofree char *now = marks (fx);
  g_assert_cmpstr (now, ==, "radio-symbolic,radio-symbolic,radio-symbolic,radio-symbolic");

  GtkWidget *start = named (fx, "start-button");
  g_assert_true (gtk_widget_get_mapped (start));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (start)), ==, BUTTON_TITLE);
  g_assert_false (gtk_widget_get_sensitive (start));
  g_assert_false (gtk_widget_get_mapped (named (fx, "player")));
  g_assert_false (gtk_widget_get_mapped (named (fx, "session-status")));
}

static gboolean
start_sensitive (gpointer data)
{
  return gtk_widget_get_sensitive (named (data, "start-button"));
}

static void
pick_1_and_3 (Fixture *fx)
{
  g_signal_emit_by_name (fx->view, "activate", 0u);
  g_signal_emit_by_name (fx->view, "activate", 2u);
  MarksWait picked = { fx, "object-select-symbolic,radio-symbolic,object-select-symbolic,radio-symbolic" };
  app_test_wait (marks_are, &picked);
  app_test_wait (start_sensitive, fx);
}

typedef struct
{
  Fixture    *fx;
  const char *title;
} TitleWait;

static gboolean
title_is (gpointer data)
{
  TitleWait *wait = data;
  return g_strcmp0 (title_shown (wait->fx), wait->title) == 0;
}

static gboolean
rows_shown_2 (gpointer data)
{
  return n_rows_shown (data) == 2;
}

static void
start_listening (Fixture *fx)
{
  pick_1_and_3 (fx);
  g_signal_emit_by_name (named (fx, "start-button"), "clicked");
  TitleWait player = { fx, "Player" };
  app_test_wait (title_is, &player);
  app_test_wait (rows_shown_2, fx);
  MarksWait playing = { fx, "media-playback-start-symbolic,folder-music-symbolic" };
  app_test_wait (marks_are, &playing);
}

static void
test_listening (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  start_listening (fx);
  g_assert_cmpstr (app_test_row_label (fx->view, 0, "title"), ==, "song 1");
  g_assert_cmpstr (app_test_row_label (fx->view, 1, "title"), ==, "song 3");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (vct_song_picker_model_get_list (fx->model))), ==, 2);
  g_assert_false (gtk_widget_get_mapped (named (fx, "start-button")));
  g_assert_true (gtk_widget_get_mapped (named (fx, "player")));
  g_assert_true (gtk_widget_get_mapped (named (fx, "next-button")));
  g_assert_true (gtk_widget_get_mapped (named (fx, "previous-button")));
  g_assert_true (gtk_widget_get_mapped (named (fx, "finish-button")));
  g_assert_true (gtk_widget_get_mapped (named (fx, "back-button")));

  /* Next plays song 3; Previous song 1 again. */
  g_signal_emit_by_name (named (fx, "next-button"), "clicked");
  MarksWait second = { fx, "folder-music-symbolic,media-playback-start-symbolic" };
  app_test_wait (marks_are, &second);
  g_signal_emit_by_name (named (fx, "previous-button"), "clicked");
  MarksWait first = { fx, "media-playback-start-symbolic,folder-music-symbolic" };
  app_test_wait (marks_are, &first);
}

static gboolean
session_ended (gpointer data)
{
  Fixture *fx = data;
  return gtk_widget_get_mapped (named (fx, "session-status"))
      && vct_song_picker_model_get_state (fx->model) == VCT_SONG_PICKER_STATE_PICKING
      && gtk_widget_get_mapped (named (fx, "start-button"))
      && n_rows_shown (fx) == 4;
}

static void
test_session_ends (Fixture *fx, G_GNUC_UNUSED gconstpointer data)
{
  start_listening (fx);
  g_signal_emit_by_name (named (fx, "finish-button"), "clicked");   /* song 1 ends: song 3 */
  MarksWait second = { fx, "folder-music-symbolic,media-playback-start-symbolic" };
  app_test_wait (marks_are, &second);
  g_signal_emit_by_name (named (fx, "next-button"), "clicked");     /* the last: finished, dismiss */
  app_test_wait (session_ended, fx);

  g_assert_true (app_test_find_label (fx->page, "Session ended") != NULL);
  TitleWait picking = { fx, PICKING_TITLE };
  app_test_wait (title_is, &picking);
  MarksWait kept = { fx, "object-select-symbolic,radio-symbolic,object-select-symbolic,radio-symbolic" };
  app_test_wait (marks_are, &kept);
  g_assert_false (gtk_widget_get_mapped (named (fx, "player")));

  /* A new session hides the status. */
  g_signal_emit_by_name (named (fx, "start-button"), "clicked");
  app_test_wait (rows_shown_2, fx);
  g_assert_false (gtk_widget_get_mapped (named (fx, "session-status")));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/gtk-app/songs/picking", test_picking);
  ADD ("/gtk-app/songs/listening", test_listening);
  ADD ("/gtk-app/songs/session-ends", test_session_ends);
  return g_test_run ();
}
