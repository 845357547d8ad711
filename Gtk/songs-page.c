/* songs-page.c: VctGtkSongsPage, the meditation song picker.
 *
 * The list shows the screen's list, vct_screen_get_list() (VctSongRow: a mark for the
 * row's `mode`, `title`, `subtitle`, `duration`); activating a row (a click) is
 * vct_row_select(): while picking it toggles the song, while listening it plays a
 * playable one. Below the list, by the model's `state`:
 *  - picking: the "START MEDITATION SESSION" button, its label bound to `button-title`
 *    and its sensitivity to `button-enabled`;
 *  - listening: the player's Previous, Next, Finish song and Back buttons. The
 *    unselected songs left the list through its items-changed; the marks show which
 *    one plays.
 * `dismiss` (the session finished, or back while picking) has nothing to close in a
 * stack: the page says "Session ended" and goes back to picking (vct_song_picker_model_back(),
 * which keeps the selection), so a new session can start at once. The status goes
 * away at the next start.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "pages.h"

#include "list-item-bindings.h"

struct _VctGtkSongsPage
{
  VctGtkPage              parent_instance;

  VctSongPickerModel *model;   /* the base's, typed (page.h) */
  GtkWidget          *status;
  GtkWidget          *start;
  GtkWidget          *player;
};

G_DEFINE_FINAL_TYPE (VctGtkSongsPage, vct_gtk_songs_page, VCT_GTK_TYPE_PAGE)

/* The mark before a song, per mode. */
static gboolean
mode_to_mark (G_GNUC_UNUSED GBinding *binding,
              const GValue           *from,
              GValue                 *to,
              G_GNUC_UNUSED gpointer  data)
{
  const char *mode = g_value_get_string (from);
  const char *mark = "";

  if (g_strcmp0 (mode, "selected") == 0)
    mark = "object-select-symbolic";
  else if (g_strcmp0 (mode, "unselected") == 0)
    mark = "radio-symbolic";
  else if (g_strcmp0 (mode, "playing") == 0)
    mark = "media-playback-start-symbolic";
  else if (g_strcmp0 (mode, "playable") == 0)
    mark = "folder-music-symbolic";
  g_value_set_string (to, mark);
  return TRUE;
}

static void
setup_row (GtkListItem *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *mark = gtk_image_new ();
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *duration = vct_gtk_page_new_label ("duration", "numeric");

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_name (mark, "mark");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), vct_gtk_page_new_label ("title", NULL));
  gtk_box_append (GTK_BOX (text), vct_gtk_page_new_label ("subtitle", "dim-label"));
  gtk_box_append (GTK_BOX (box), mark);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), duration);
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkListItem *item)
{
  GtkWidget *mark = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *text = gtk_widget_get_next_sibling (mark);
  GtkWidget *duration = gtk_widget_get_next_sibling (text);

  vct_gtk_list_item_bind_full (item, "mode", mark, "icon-name", mode_to_mark);
  vct_gtk_list_item_bind (item, "mode", mark, "tooltip-text");
  vct_gtk_list_item_bind (item, "title", gtk_widget_get_first_child (text), "label");
  vct_gtk_list_item_bind (item, "subtitle", gtk_widget_get_last_child (text), "label");
  vct_gtk_list_item_bind (item, "duration", duration, "label");
}

/* What shows below the list, by state. */
static void
on_state (VctGtkSongsPage *self)
{
  VctSongPickerState state = vct_song_picker_model_get_state (self->model);

  gtk_widget_set_visible (self->start, state == VCT_SONG_PICKER_STATE_PICKING);
  gtk_widget_set_visible (self->player, state != VCT_SONG_PICKER_STATE_PICKING);
  if (state == VCT_SONG_PICKER_STATE_LISTENING)
    gtk_widget_set_visible (self->status, FALSE);
}

/* Nothing to close in a stack: say so, and pick again. */
static void
on_dismiss (VctGtkSongsPage *self)
{
  gtk_widget_set_visible (self->status, TRUE);
  if (vct_song_picker_model_get_state (self->model) != VCT_SONG_PICKER_STATE_PICKING)
    vct_song_picker_model_back (self->model);
}

/* The picker's steps, a button each, which calls the model's function of its name. */
typedef gboolean (*Step) (VctSongPickerModel *model);

static gboolean
step_back (VctSongPickerModel *model)
{
  vct_song_picker_model_back (model);
  return TRUE;
}

enum { STEP_START, STEP_BACK, STEP_PREVIOUS, STEP_FINISH, STEP_NEXT, N_STEPS };

static const struct
{
  const char *name;    /* the button's (the tests find it by name) */
  const char *label;   /* NULL: the model's button-title */
  Step        step;
} steps[N_STEPS] = {
  [STEP_START] = { "start-button", NULL, vct_song_picker_model_start },
  [STEP_BACK] = { "back-button", "Back", step_back },
  [STEP_PREVIOUS] = { "previous-button", "Previous", vct_song_picker_model_previous },
  [STEP_FINISH] = { "finish-button", "Finish song", vct_song_picker_model_finish_song },
  [STEP_NEXT] = { "next-button", "Next", vct_song_picker_model_next },
};

static void
on_step_clicked (GtkButton       *button,
                 VctGtkSongsPage *self)
{
  guint step = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "vct-step"));

  steps[step].step (self->model);
}

/* The button of step @step. */
static GtkWidget *
new_step_button (VctGtkSongsPage *self,
                 guint            step)
{
  GtkWidget *button = gtk_button_new_with_label (steps[step].label);

  gtk_widget_set_name (button, steps[step].name);
  g_object_set_data (G_OBJECT (button), "vct-step", GUINT_TO_POINTER (step));
  g_signal_connect (button, "clicked", G_CALLBACK (on_step_clicked), self);
  return button;
}

static void
vct_gtk_songs_page_class_init (G_GNUC_UNUSED VctGtkSongsPageClass *klass)
{
}

static void
vct_gtk_songs_page_init (G_GNUC_UNUSED VctGtkSongsPage *self)
{
}

/**
 * vct_gtk_songs_page_new:
 * @model: (transfer none): the song picker; the page keeps a reference
 *
 * Creates the page and starts the picker's first reload.
 *
 * Returns: (transfer floating): the page
 */
GtkWidget *
vct_gtk_songs_page_new (VctSongPickerModel *model)
{
  VctGtkSongsPage *self;
  GtkWidget *bottom;

  g_return_val_if_fail (VCT_IS_SONG_PICKER_MODEL (model), NULL);

  self = g_object_new (VCT_GTK_TYPE_SONGS_PAGE, NULL);
  self->model = model;   /* the base keeps the reference */

  /* The picker's selection is the model's (a row's mode), not GTK's. */
  vct_gtk_page_construct (VCT_GTK_PAGE (self), VCT_SCREEN (model), NULL, setup_row, bind_row, VCT_TYPE_ROW);
  gtk_list_view_set_single_click_activate (vct_gtk_page_get_list_view (VCT_GTK_PAGE (self)), TRUE);

  bottom = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (bottom, 12);
  gtk_widget_set_margin_end (bottom, 12);
  gtk_widget_set_margin_top (bottom, 8);
  gtk_widget_set_margin_bottom (bottom, 12);

  self->status = gtk_label_new ("Session ended");
  gtk_widget_set_name (self->status, "session-status");
  gtk_widget_add_css_class (self->status, "dim-label");
  gtk_widget_set_visible (self->status, FALSE);
  gtk_box_append (GTK_BOX (bottom), self->status);

  self->start = new_step_button (self, STEP_START);
  gtk_widget_add_css_class (self->start, "suggested-action");
  g_object_bind_property (model, "button-title", self->start, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (model, "button-enabled", self->start, "sensitive", G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (bottom), self->start);

  self->player = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_name (self->player, "player");
  gtk_widget_set_halign (self->player, GTK_ALIGN_CENTER);
  for (guint step = STEP_BACK; step < N_STEPS; step++)
    gtk_box_append (GTK_BOX (self->player), new_step_button (self, step));
  gtk_box_append (GTK_BOX (bottom), self->player);
  gtk_box_append (GTK_BOX (self), bottom);

  g_signal_connect_object (model, "notify::state", G_CALLBACK (on_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (model, "dismiss", G_CALLBACK (on_dismiss), self, G_CONNECT_SWAPPED);
  on_state (self);
  return GTK_WIDGET (self);
}
