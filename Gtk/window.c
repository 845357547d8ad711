/* window.c: VctGtkWindow, vctable-gtk's window: the screens in a stack.
 *
 * A GtkStack holds one page per screen (the photo table, the feed, the song picker),
 * chosen with a GtkStackSidebar. Every screen is driven through VctScreen, the library's
 * interface its model implements, whatever the screen: the header bar serves the visible
 * screen, its title bound to the screen's `title`, its spinner's `spinning` and
 * `visible` to its `loading`; the reload button (and Ctrl+R, one GtkShortcut) activate
 * "win.reload", which reloads it (vct_screen_reload()). Every screen's `did-error` opens
 * the "Oops..." dialog (a GtkMessageDialog: GTK 4.8 has no GtkAlertDialog) over the rows
 * the screen kept.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "window.h"

#include "pages.h"

/* A screen: its name in the stack and its page (page.h: the VctScreen, reload, ready). */
typedef struct
{
  const char *name;
  const char *title;
  VctGtkPage *page;
} Screen;

enum { SCREEN_PHOTOS, SCREEN_FEED, SCREEN_SONGS, N_SCREENS };

struct _VctGtkWindow
{
  GtkApplicationWindow  parent_instance;

  Screen                screens[N_SCREENS];
  GtkStack             *stack;
  GtkWidget            *title_label;
  GtkWidget            *spinner;
  GBinding             *bindings[4];   /* the visible screen's title and loading */
  GtkWindow            *error_dialog;  /* weak */
};

G_DEFINE_FINAL_TYPE (VctGtkWindow, vct_gtk_window, GTK_TYPE_APPLICATION_WINDOW)

static Screen *
visible_screen (VctGtkWindow *self)
{
  GtkWidget *child = gtk_stack_get_visible_child (self->stack);

  for (guint i = 0; i < N_SCREENS; i++)
    if (self->screens[i].page != NULL && GTK_WIDGET (self->screens[i].page) == child)
      return &self->screens[i];
  return NULL;
}

static Screen *
find_screen (VctGtkWindow *self,
             const char   *name)
{
  for (guint i = 0; i < N_SCREENS; i++)
    if (self->screens[i].page != NULL && g_strcmp0 (self->screens[i].name, name) == 0)
      return &self->screens[i];
  return NULL;
}

static void
unbind_header (VctGtkWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->bindings); i++)
    if (self->bindings[i] != NULL)
      {
        g_binding_unbind (self->bindings[i]);
        self->bindings[i] = NULL;
      }
}

/* The header bar follows the visible screen (VctScreen's title and loading). */
static void
on_visible_child (VctGtkWindow *self)
{
  Screen *screen = visible_screen (self);
  VctScreen *model;

  unbind_header (self);
  if (screen == NULL)
    return;
  model = vct_gtk_page_get_screen (screen->page);
  self->bindings[0] = g_object_bind_property (model, "title", self->title_label, "label", G_BINDING_SYNC_CREATE);
  self->bindings[1] = g_object_bind_property (model, "title", self, "title", G_BINDING_SYNC_CREATE);
  self->bindings[2] = g_object_bind_property (model, "loading", self->spinner, "spinning", G_BINDING_SYNC_CREATE);
  self->bindings[3] = g_object_bind_property (model, "loading", self->spinner, "visible", G_BINDING_SYNC_CREATE);
}

static void
on_reload_activated (G_GNUC_UNUSED GSimpleAction *action,
                     G_GNUC_UNUSED GVariant      *parameter,
                     gpointer                     data)
{
  vct_gtk_window_reload (VCT_GTK_WINDOW (data));
}

/* "Oops...": the screen's message under it, an OK button; the rows stay behind it. A
 * second error while it shows replaces the message. */
static void
on_did_error (VctGtkWindow *self,
              const char   *message)
{
  if (self->error_dialog == NULL)
    {
      GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                                  GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                  GTK_MESSAGE_ERROR, GTK_BUTTONS_OK, "Oops...");

      gtk_window_set_title (GTK_WINDOW (dialog), "Oops...");
      g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
      self->error_dialog = GTK_WINDOW (dialog);
      g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->error_dialog);
    }
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (self->error_dialog), "%s", message);
  gtk_window_present (self->error_dialog);
}

static void
add_screen (VctGtkWindow *self,
            guint         index,
            const char   *name,
            const char   *title,
            GtkWidget    *page)
{
  self->screens[index] = (Screen) { name, title, VCT_GTK_PAGE (page) };
  gtk_stack_add_titled (self->stack, page, name, title);
  g_signal_connect_object (vct_gtk_page_get_screen (VCT_GTK_PAGE (page)), "did-error",
                           G_CALLBACK (on_did_error), self, G_CONNECT_SWAPPED);
}

static void
vct_gtk_window_dispose (GObject *object)
{
  VctGtkWindow *self = VCT_GTK_WINDOW (object);

  unbind_header (self);
  if (self->error_dialog != NULL)
    gtk_window_destroy (self->error_dialog);
  for (guint i = 0; i < N_SCREENS; i++)
    self->screens[i] = (Screen) { 0 };

  G_OBJECT_CLASS (vct_gtk_window_parent_class)->dispose (object);
}

static void
vct_gtk_window_class_init (VctGtkWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vct_gtk_window_dispose;
}

static void
vct_gtk_window_init (VctGtkWindow *self)
{
  static const GActionEntry actions[] = {
    { .name = "reload", .activate = on_reload_activated },
  };
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *reload = gtk_button_new_from_icon_name ("view-refresh-symbolic");
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *sidebar = gtk_stack_sidebar_new ();
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  gtk_window_set_default_size (GTK_WINDOW (self), 800, 600);
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);

  /* Ctrl+R: the accelerator of win.reload, on the window itself (no GtkApplication
   * needed, so the tests' windows have it too). */
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>r"),
                                                          gtk_named_action_new ("win.reload")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (reload), "win.reload");
  gtk_widget_set_tooltip_text (reload, "Reload (Ctrl+R)");
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), reload);

  self->title_label = gtk_label_new (NULL);
  gtk_widget_set_name (self->title_label, "window-title");   /* the tests find it by name */
  gtk_widget_add_css_class (self->title_label, "title");
  gtk_label_set_ellipsize (GTK_LABEL (self->title_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (self->title_label), 48);
  gtk_header_bar_set_title_widget (GTK_HEADER_BAR (header), self->title_label);

  self->spinner = gtk_spinner_new ();
  gtk_widget_set_name (self->spinner, "window-spinner");
  gtk_widget_set_visible (self->spinner, FALSE);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), self->spinner);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_stack_sidebar_set_stack (GTK_STACK_SIDEBAR (sidebar), self->stack);
  gtk_widget_set_size_request (sidebar, 140, -1);
  g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (on_visible_child), self, G_CONNECT_SWAPPED);

  gtk_box_append (GTK_BOX (content), sidebar);
  gtk_box_append (GTK_BOX (content), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->stack));
  gtk_window_set_child (GTK_WINDOW (self), content);
}

/**
 * vct_gtk_window_new:
 * @application: (nullable): the application, or %NULL (the tests' windows)
 * @photos: (nullable): the photo table's model, or %NULL for no such screen
 * @feed: (nullable): the feed's model, or %NULL for no such screen
 * @songs: (nullable): the song picker's model, or %NULL for no such screen
 *
 * Creates the window with a page per model (each page keeps a reference to its model
 * and starts its first reload), the first one visible.
 *
 * Returns: (transfer none): the window, owned by GTK's toplevel list until it is
 *   destroyed
 */
VctGtkWindow *
vct_gtk_window_new (GtkApplication     *application,
                    VctTableModel      *photos,
                    VctFeedModel       *feed,
                    VctSongPickerModel *songs)
{
  VctGtkWindow *self;

  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);

  self = g_object_new (VCT_GTK_TYPE_WINDOW, "application", application, NULL);
  if (photos != NULL)
    add_screen (self, SCREEN_PHOTOS, VCT_GTK_SCREEN_PHOTOS, "Photos", vct_gtk_photos_page_new (photos));
  if (feed != NULL)
    add_screen (self, SCREEN_FEED, VCT_GTK_SCREEN_FEED, "Feed", vct_gtk_feed_page_new (feed));
  if (songs != NULL)
    add_screen (self, SCREEN_SONGS, VCT_GTK_SCREEN_SONGS, "Songs", vct_gtk_songs_page_new (songs));
  on_visible_child (self);
  return self;
}

/**
 * vct_gtk_window_set_screen:
 * @self: a window
 * @name: a screen's name: "photos", "feed" or "songs"
 *
 * Shows the screen @name.
 *
 * Returns: %FALSE when the window has no such screen
 */
gboolean
vct_gtk_window_set_screen (VctGtkWindow *self,
                           const char   *name)
{
  Screen *screen;

  g_return_val_if_fail (VCT_GTK_IS_WINDOW (self), FALSE);

  screen = find_screen (self, name);
  if (screen == NULL)
    return FALSE;
  gtk_stack_set_visible_child (self->stack, GTK_WIDGET (screen->page));
  return TRUE;
}

/**
 * vct_gtk_window_get_screen:
 * @self: a window
 *
 * Returns: (nullable): the visible screen's name
 */
const char *
vct_gtk_window_get_screen (VctGtkWindow *self)
{
  Screen *screen;

  g_return_val_if_fail (VCT_GTK_IS_WINDOW (self), NULL);

  screen = visible_screen (self);
  return screen != NULL ? screen->name : NULL;
}

/**
 * vct_gtk_window_get_page:
 * @self: a window
 * @name: a screen's name
 *
 * Returns: (transfer none) (nullable): the page of the screen @name
 */
GtkWidget *
vct_gtk_window_get_page (VctGtkWindow *self,
                         const char   *name)
{
  Screen *screen;

  g_return_val_if_fail (VCT_GTK_IS_WINDOW (self), NULL);

  screen = find_screen (self, name);
  return screen != NULL ? GTK_WIDGET (screen->page) : NULL;
}

/**
 * vct_gtk_window_reload:
 * @self: a window
 *
 * Reloads the visible screen (what "win.reload" does).
 */
void
vct_gtk_window_reload (VctGtkWindow *self)
{
  Screen *screen;

  g_return_if_fail (VCT_GTK_IS_WINDOW (self));

  screen = visible_screen (self);
  if (screen != NULL)
    vct_gtk_page_reload (screen->page);
}

/**
 * vct_gtk_window_is_screen_ready:
 * @self: a window
 *
 * Returns: whether the visible screen has loaded its rows and is not loading
 */
gboolean
vct_gtk_window_is_screen_ready (VctGtkWindow *self)
{
  Screen *screen;

  g_return_val_if_fail (VCT_GTK_IS_WINDOW (self), FALSE);

  screen = visible_screen (self);
  return screen != NULL && vct_gtk_page_is_ready (screen->page);
}

/**
 * vct_gtk_window_get_error_dialog:
 * @self: a window
 *
 * Returns: (transfer none) (nullable): the "Oops..." dialog while it shows
 */
GtkWindow *
vct_gtk_window_get_error_dialog (VctGtkWindow *self)
{
  g_return_val_if_fail (VCT_GTK_IS_WINDOW (self), NULL);
  return self->error_dialog;
}
