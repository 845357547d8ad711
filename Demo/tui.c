/* tui.c: the interactive view: a full-screen, virtualized photo list on the GLib main
 * loop (ncurses), the screen the original VCTable view controller showed.
 *
 *   line 0        the navigation title, as the model reports it
 *   line 1        while loading: the pull-to-refresh spinner
 *   lines ...     the rows on screen, and only those, read from the model on each draw:
 *                 ">" and reverse video on the cursor's row, "*" on the selected one
 *   last line     key hints (or a notice) and the position
 *   on top        the "Oops..." alert with [ OK ], or the help overlay
 *
 * Input: a g_unix_fd_add() source on stdin; getch() runs (non-blocking) only when it
 * fires. SIGWINCH, SIGINT, SIGTERM and SIGHUP come through g_unix_signal_add(). */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include "tui.h"

#include <curses.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <glib-unix.h>

#include "format.h"
#include "keys.h"
#include "terminal.h"

#define VCT_DEMO_SPINNER_INTERVAL_MS 100
#define VCT_DEMO_KEY_ESCAPE 27

typedef struct {
  VctDemoApp *app;
  GMainLoop  *loop;
  guint       stdin_id;
  guint       signal_ids[4];
  guint       spinner_id;
  guint       spinner_frame;
  guint       cursor;        /* the highlighted row */
  guint       top;           /* the first row on screen */
  gboolean    help_visible;
  gboolean    utf8;
  char       *notice;        /* shown in the footer until the next key */
  int         ok_y;          /* where the alert's [ OK ] is, for a click; -1 when hidden */
  int         exit_code;
} VctDemoTui;

static void vct_demo_tui_draw (VctDemoTui *self);

/* ------------------------------------------------------------------ geometry */

static int
vct_demo_tui_list_y (VctDemoTui *self)
{
  return vct_demo_app_is_loading (self->app) ? 2 : 1;
}

/* How many rows fit between the title (and spinner) and the footer. */
static guint
vct_demo_tui_page_size (VctDemoTui *self)
{
  int rows = LINES - 1 - vct_demo_tui_list_y (self);

  return rows > 0 ? (guint) rows : 0;
}

/* Keeps the cursor on a row and on screen. */
static void
vct_demo_tui_clamp (VctDemoTui *self)
{
  guint n_items = vct_demo_app_get_n_items (self->app);
  guint page = MAX (vct_demo_tui_page_size (self), 1);

  if (n_items == 0)
    {
      self->top = 0;
      return;
    }
  if (self->cursor >= n_items)
    self->cursor = n_items - 1;
  if (self->cursor < self->top)
    self->top = self->cursor;
  if (self->cursor >= self->top + page)
    self->top = self->cursor - page + 1;
  if (self->top + page > n_items)
    self->top = n_items > page ? n_items - page : 0;
}

/* ------------------------------------------------------------------ drawing */

/* Draws @text at (y, x) in at most @max_columns columns. Returns the columns used. */
static guint
vct_demo_tui_put (VctDemoTui *self,
                  int         y,
                  int         x,
                  const char *text,
                  int         max_columns)
{
  g_autofree char *shown = NULL;
  guint columns;
  gsize length;

  if (max_columns <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
    return 0;
  shown = vct_demo_format_display (text, self->utf8);
  length = vct_demo_format_fit (shown, (guint) max_columns, &columns);
  mvaddnstr (y, x, shown, (int) length);
  return columns;
}

/* Like vct_demo_tui_put(), ending in an ellipsis when @text does not fit. */
static void
vct_demo_tui_put_ellipsized (VctDemoTui *self,
                             int         y,
                             int         x,
                             const char *text,
                             int         max_columns)
{
  g_autofree char *shown = vct_demo_format_display (text, self->utf8);
  const char *ellipsis = self->utf8 ? "\u2026" : "...";
  int ellipsis_width = self->utf8 ? 1 : 3;
  guint columns;

  if ((int) vct_demo_format_width (shown) <= max_columns || max_columns <= ellipsis_width)
    {
      vct_demo_tui_put (self, y, x, shown, max_columns);
      return;
    }
  columns = vct_demo_tui_put (self, y, x, shown, max_columns - ellipsis_width);
  vct_demo_tui_put (self, y, x + (int) columns, ellipsis, ellipsis_width);
}

static void
vct_demo_tui_put_centered (VctDemoTui *self,
                           int         y,
                           int         x,
                           int         width,
                           const char *text)
{
  g_autofree char *shown = vct_demo_format_display (text, self->utf8);
  guint columns = MIN (vct_demo_format_width (shown), (guint) MAX (width, 0));

  vct_demo_tui_put (self, y, x + (width - (int) columns) / 2, shown, width);
}

static void
vct_demo_tui_draw_title (VctDemoTui *self)
{
  g_autofree char *title = vct_demo_format_display (vct_demo_app_get_title (self->app), self->utf8);
  int room = COLS - 2;

  attron (A_REVERSE | A_BOLD);
  mvhline (0, 0, ' ', COLS);
  if ((int) vct_demo_format_width (title) > room)
    vct_demo_tui_put_ellipsized (self, 0, 1, title, room);
  else
    vct_demo_tui_put_centered (self, 0, 1, room, title);
  attroff (A_REVERSE | A_BOLD);
}

static void
vct_demo_tui_draw_spinner (VctDemoTui *self)
{
  static const char frames[] = "|/-\\";
  g_autofree char *text = g_strdup_printf ("%c  Loading photos...", frames[self->spinner_frame % 4]);

  attron (A_BOLD);
  vct_demo_tui_put_centered (self, 1, 0, COLS, text);
  attroff (A_BOLD);
}

static void
vct_demo_tui_draw_rows (VctDemoTui *self)
{
  guint n_items = vct_demo_app_get_n_items (self->app);
  guint page = vct_demo_tui_page_size (self);
  gint64 selected = vct_demo_app_get_selected (self->app);
  int list_y = vct_demo_tui_list_y (self);
  int id_width = (int) strlen ("Entry ID: 9999");
  int album_width = 0;
  guint end = MIN (self->top + page, n_items);

  if (n_items == 0)
    {
      if (!vct_demo_app_is_loading (self->app) && page > 0)
        vct_demo_tui_put_centered (self, list_y + (int) page / 2, 0, COLS,
                                   vct_demo_app_has_loaded (self->app)
                                   ? "No photos."
                                   : "Nothing loaded yet. Press r to reload.");
      return;
    }

  /* Column widths from the rows on screen only: the list is virtualized. */
  for (guint i = self->top; i < end; i++)
    {
      VctCellData *cell = vct_demo_app_get_item (self->app, i);
      g_autofree char *id = NULL;
      g_autofree char *album = NULL;

      if (cell == NULL)
        continue;
      id = g_strdup_printf ("Entry ID: %" G_GINT64_FORMAT, vct_cell_data_get_id (cell));
      album = g_strdup_printf ("album %" G_GINT64_FORMAT, vct_cell_data_get_album_id (cell));
      id_width = MAX (id_width, (int) strlen (id));
      album_width = MAX (album_width, (int) strlen (album));
    }

  for (guint i = self->top; i < end; i++)
    {
      VctCellData *cell = vct_demo_app_get_item (self->app, i);
      int y = list_y + (int) (i - self->top);
      int title_x = 3 + id_width + 2;
      int album_x = COLS - album_width - 1;
      g_autofree char *id = NULL;
      g_autofree char *album = NULL;

      if (cell == NULL)
        continue;
      if (album_x - 2 - title_x < 12)
        album_x = COLS; /* too narrow: drop the album column */
      id = g_strdup_printf ("Entry ID: %" G_GINT64_FORMAT, vct_cell_data_get_id (cell));
      album = g_strdup_printf ("album %" G_GINT64_FORMAT, vct_cell_data_get_album_id (cell));

      if (i == self->cursor)
        attron (A_REVERSE);
      mvhline (y, 0, ' ', COLS);
      if (i == self->cursor)
        vct_demo_tui_put (self, y, 0, ">", 1);
      if ((gint64) i == selected)
        vct_demo_tui_put (self, y, 1, "*", 1);
      attron (A_BOLD);
      vct_demo_tui_put (self, y, 3, id, COLS - 3);
      attroff (A_BOLD);
      vct_demo_tui_put_ellipsized (self, y, title_x, vct_cell_data_get_title (cell),
                                   (album_x < COLS ? album_x - 2 : COLS - 1) - title_x);
      if (album_x < COLS)
        vct_demo_tui_put (self, y, album_x + album_width - (int) strlen (album), album, album_width);
      if (i == self->cursor)
        attroff (A_REVERSE);
    }
}

static void
vct_demo_tui_draw_footer (VctDemoTui *self)
{
  guint n_items = vct_demo_app_get_n_items (self->app);
  g_autofree char *position = NULL;
  int right = 0;
  int y = LINES - 1;

  if (y < 1)
    return;
  attron (A_REVERSE);
  mvhline (y, 0, ' ', COLS);
  if (n_items > 0)
    {
      position = g_strdup_printf ("%u/%u", self->cursor + 1, n_items);
      right = (int) strlen (position) + 2;
      if (right < COLS / 2)
        vct_demo_tui_put (self, y, COLS - right + 1, position, right);
      else
        right = 0;
    }
  vct_demo_tui_put (self, y, 1, self->notice != NULL ? self->notice : vct_demo_keys_footer (),
                    COLS - right - 2);
  attroff (A_REVERSE);
}

/* A framed, cleared rectangle. */
static void
vct_demo_tui_draw_box (int y,
                       int x,
                       int height,
                       int width)
{
  for (int row = y; row < y + height; row++)
    mvhline (row, x, ' ', width);
  mvaddch (y, x, ACS_ULCORNER);
  mvhline (y, x + 1, ACS_HLINE, width - 2);
  mvaddch (y, x + width - 1, ACS_URCORNER);
  mvvline (y + 1, x, ACS_VLINE, height - 2);
  mvvline (y + 1, x + width - 1, ACS_VLINE, height - 2);
  mvaddch (y + height - 1, x, ACS_LLCORNER);
  mvhline (y + height - 1, x + 1, ACS_HLINE, width - 2);
  mvaddch (y + height - 1, x + width - 1, ACS_LRCORNER);
}

/* The alert: the original's UIAlertController "Oops..." with one OK button. */
static void
vct_demo_tui_draw_alert (VctDemoTui *self,
                         const char *message)
{
  int inner = MIN (COLS - 6, 56);
  g_autoptr (GPtrArray) lines = NULL;
  int n_lines;
  int height;
  int width;
  int y;
  int x;

  self->ok_y = -1;
  if (inner < 8 || LINES < 7)
    return;
  lines = vct_demo_format_wrap (message, (guint) inner);
  n_lines = MIN ((int) lines->len, LINES - 6);
  height = n_lines + 6;
  width = inner + 4;
  y = (LINES - height) / 2;
  x = (COLS - width) / 2;

  vct_demo_tui_draw_box (y, x, height, width);
  attron (A_BOLD);
  vct_demo_tui_put_centered (self, y + 1, x + 2, inner, "Oops...");
  attroff (A_BOLD);
  for (int i = 0; i < n_lines; i++)
    vct_demo_tui_put_centered (self, y + 3 + i, x + 2, inner, g_ptr_array_index (lines, i));
  attron (A_REVERSE | A_BOLD);
  self->ok_y = y + height - 2;
  vct_demo_tui_put_centered (self, self->ok_y, x + 2, inner, "[ OK ]");
  attroff (A_REVERSE | A_BOLD);
}

static void
vct_demo_tui_draw_help (VctDemoTui *self)
{
  g_autofree char *text = vct_demo_keys_help_text ();
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int n_lines = (int) g_strv_length (lines);
  int width = 0;
  int height;
  int y;
  int x;

  while (n_lines > 0 && lines[n_lines - 1][0] == '\0')
    n_lines--;
  for (int i = 0; i < n_lines; i++)
    width = MAX (width, (int) vct_demo_format_width (lines[i]));
  width = MIN (width + 4, COLS);
  height = MIN (n_lines + 6, LINES);
  if (width < 10 || height < 7)
    return;
  y = (LINES - height) / 2;
  x = (COLS - width) / 2;

  vct_demo_tui_draw_box (y, x, height, width);
  attron (A_BOLD);
  vct_demo_tui_put_centered (self, y + 1, x + 1, width - 2, "Keys");
  attroff (A_BOLD);
  for (int i = 0; i < n_lines && i < height - 6; i++)
    vct_demo_tui_put (self, y + 3 + i, x + 1, lines[i], width - 2);
  vct_demo_tui_put_centered (self, y + height - 2, x + 1, width - 2, "Press any key to close");
}

static void
vct_demo_tui_draw (VctDemoTui *self)
{
  const char *alert = vct_demo_app_get_alert (self->app);

  vct_demo_tui_clamp (self);
  erase ();
  if (LINES > 0 && COLS > 0)
    {
      vct_demo_tui_draw_title (self);
      if (vct_demo_app_is_loading (self->app) && LINES > 2)
        vct_demo_tui_draw_spinner (self);
      vct_demo_tui_draw_rows (self);
      vct_demo_tui_draw_footer (self);
      self->ok_y = -1;
      if (alert != NULL)
        vct_demo_tui_draw_alert (self, alert);
      else if (self->help_visible)
        vct_demo_tui_draw_help (self);
    }
  refresh ();
}

/* ------------------------------------------------------------------ actions */

static void
vct_demo_tui_quit (VctDemoTui *self,
                   int         exit_code)
{
  self->exit_code = exit_code;
  g_main_loop_quit (self->loop);
}

static void
vct_demo_tui_set_notice (VctDemoTui *self,
                         const char *text)
{
  g_free (self->notice);
  self->notice = g_strdup (text);
}

static void
vct_demo_tui_select (VctDemoTui *self)
{
  g_autoptr (GError) error = NULL;

  if (vct_demo_app_get_n_items (self->app) == 0)
    return;
  if (!vct_demo_app_select (self->app, self->cursor, &error))
    vct_demo_tui_set_notice (self, error->message);
}

static void
vct_demo_tui_move (VctDemoTui *self,
                   gint64      delta)
{
  gint64 n_items = vct_demo_app_get_n_items (self->app);
  gint64 target = (gint64) self->cursor + delta;

  self->cursor = (guint) CLAMP (target, 0, MAX (n_items - 1, 0));
}

static void
vct_demo_tui_act (VctDemoTui    *self,
                  VctDemoAction  action)
{
  guint page = MAX (vct_demo_tui_page_size (self), 1);

  switch (action)
    {
    case VCT_DEMO_ACTION_UP:        vct_demo_tui_move (self, -1); break;
    case VCT_DEMO_ACTION_DOWN:      vct_demo_tui_move (self, 1); break;
    case VCT_DEMO_ACTION_PAGE_UP:
      vct_demo_tui_move (self, -(gint64) page);
      self->top = self->top > page ? self->top - page : 0;
      break;
    case VCT_DEMO_ACTION_PAGE_DOWN:
      vct_demo_tui_move (self, page);
      self->top += page;
      break;
    case VCT_DEMO_ACTION_HOME:      self->cursor = 0; break;
    case VCT_DEMO_ACTION_END:       vct_demo_tui_move (self, G_MAXUINT); break;
    case VCT_DEMO_ACTION_SELECT:    vct_demo_tui_select (self); break;
    case VCT_DEMO_ACTION_RELOAD:    vct_demo_app_reload (self->app); break;
    case VCT_DEMO_ACTION_HELP:      self->help_visible = !self->help_visible; break;
    case VCT_DEMO_ACTION_REDRAW:    clearok (curscr, TRUE); break;
    case VCT_DEMO_ACTION_QUIT:      vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK); break;
    case VCT_DEMO_ACTION_NONE:
    default:
      break;
    }
}

/* A tap: a click on a row selects it; the wheel scrolls; a click on [ OK ] presses it. */
static void
vct_demo_tui_mouse (VctDemoTui *self)
{
  MEVENT event;
  int list_y = vct_demo_tui_list_y (self);

  if (getmouse (&event) != OK)
    return;
  if (vct_demo_app_get_alert (self->app) != NULL)
    {
      if ((event.bstate & BUTTON1_PRESSED) && event.y == self->ok_y)
        vct_demo_app_dismiss_alert (self->app);
      return;
    }
  if (self->help_visible)
    {
      self->help_visible = FALSE;
      return;
    }
  if (event.bstate & BUTTON4_PRESSED)
    vct_demo_tui_move (self, -3);
  else if (event.bstate & BUTTON5_PRESSED)
    vct_demo_tui_move (self, 3);
  else if ((event.bstate & BUTTON1_PRESSED) && event.y >= list_y
           && event.y < list_y + (int) vct_demo_tui_page_size (self))
    {
      guint index = self->top + (guint) (event.y - list_y);

      if (index < vct_demo_app_get_n_items (self->app))
        {
          self->cursor = index;
          vct_demo_tui_select (self);
        }
    }
}

static void
vct_demo_tui_key (VctDemoTui *self,
                  int         key)
{
  g_clear_pointer (&self->notice, g_free);
  if (key == KEY_RESIZE)
    return; /* the terminal has resized itself: just draw */
  if (key == KEY_MOUSE)
    {
      vct_demo_tui_mouse (self);
      return;
    }
  if (vct_demo_app_get_alert (self->app) != NULL)
    {
      /* Modal, like the original's alert: OK dismisses it; q still quits. */
      if (key == '\r' || key == '\n' || key == KEY_ENTER || key == ' ' || key == VCT_DEMO_KEY_ESCAPE
          || key == 'o')
        vct_demo_app_dismiss_alert (self->app);
      else if (key == 'q')
        vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK);
      return;
    }
  if (self->help_visible)
    {
      self->help_visible = FALSE;
      return;
    }
  vct_demo_tui_act (self, vct_demo_keys_action (key));
}

/* ------------------------------------------------------------------ sources */

static gboolean
vct_demo_tui_on_stdin (int          fd,
                       GIOCondition condition,
                       gpointer     user_data)
{
  VctDemoTui *self = user_data;
  int key;

  (void) fd;
  while ((key = getch ()) != ERR)
    vct_demo_tui_key (self, key);
  if (condition & (G_IO_HUP | G_IO_ERR | G_IO_NVAL))
    {
      /* The terminal went away. */
      self->stdin_id = 0;
      vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGHUP);
      return G_SOURCE_REMOVE;
    }
  vct_demo_tui_draw (self);
  return G_SOURCE_CONTINUE;
}

static gboolean
vct_demo_tui_on_winch (gpointer user_data)
{
  VctDemoTui *self = user_data;

  vct_demo_terminal_resize ();
  vct_demo_tui_draw (self);
  return G_SOURCE_CONTINUE;
}

static gboolean vct_demo_tui_on_sigint (gpointer self)  { vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGINT);  return G_SOURCE_CONTINUE; }
static gboolean vct_demo_tui_on_sigterm (gpointer self) { vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGTERM); return G_SOURCE_CONTINUE; }
static gboolean vct_demo_tui_on_sighup (gpointer self)  { vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGHUP);  return G_SOURCE_CONTINUE; }

static gboolean
vct_demo_tui_on_spinner (gpointer user_data)
{
  VctDemoTui *self = user_data;

  self->spinner_frame++;
  vct_demo_tui_draw (self);
  return G_SOURCE_CONTINUE;
}

/* ------------------------------------------------------------------ the view */

static void
vct_demo_tui_changed (VctDemoApp *app,
                      const char *text,
                      gpointer    user_data)
{
  (void) app;
  (void) text;
  vct_demo_tui_draw (user_data);
}

static void
vct_demo_tui_reloaded (VctDemoApp *app,
                       guint       n_items,
                       gpointer    user_data)
{
  (void) app;
  (void) n_items;
  vct_demo_tui_draw (user_data);
}

static void
vct_demo_tui_loading_changed (VctDemoApp *app,
                              gboolean    loading,
                              gpointer    user_data)
{
  VctDemoTui *self = user_data;

  (void) app;
  if (loading && self->spinner_id == 0)
    self->spinner_id = g_timeout_add (VCT_DEMO_SPINNER_INTERVAL_MS, vct_demo_tui_on_spinner, self);
  else if (!loading)
    g_clear_handle_id (&self->spinner_id, g_source_remove);
  vct_demo_tui_draw (self);
}

static void
vct_demo_tui_notice (VctDemoApp *app,
                     const char *text,
                     gpointer    user_data)
{
  VctDemoTui *self = user_data;

  (void) app;
  vct_demo_tui_set_notice (self, text);
  vct_demo_tui_draw (self);
}

static const VctDemoAppView vct_demo_tui_view = {
  .title_changed = vct_demo_tui_changed,
  .reloaded = vct_demo_tui_reloaded,
  .failed = vct_demo_tui_changed,
  .loading_changed = vct_demo_tui_loading_changed,
  .notice = vct_demo_tui_notice,
};

/**
 * vct_demo_tui_run:
 * @app: the app, not loaded yet
 * @options: the command line (--select)
 *
 * Shows the list full-screen and loads it, until q, Ctrl-C or the terminal closes.
 *
 * Returns: the exit code
 */
int
vct_demo_tui_run (VctDemoApp           *app,
                  const VctDemoOptions *options)
{
  VctDemoTui self = { .app = app, .ok_y = -1, .exit_code = VCT_DEMO_EXIT_OK };
  g_autoptr (GError) error = NULL;

  if (!vct_demo_terminal_start (&error))
    {
      g_printerr ("vctable-demo: %s\n", error->message);
      return VCT_DEMO_EXIT_USAGE;
    }
  self.utf8 = vct_demo_terminal_is_utf8 ();
  self.loop = g_main_loop_new (NULL, FALSE);
  if (options->select >= 0)
    self.cursor = (guint) options->select;

  /* After newterm(), so GLib's handler replaces the one curses installs. */
  self.signal_ids[0] = g_unix_signal_add (SIGWINCH, vct_demo_tui_on_winch, &self);
  self.signal_ids[1] = g_unix_signal_add (SIGINT, vct_demo_tui_on_sigint, &self);
  self.signal_ids[2] = g_unix_signal_add (SIGTERM, vct_demo_tui_on_sigterm, &self);
  self.signal_ids[3] = g_unix_signal_add (SIGHUP, vct_demo_tui_on_sighup, &self);
  self.stdin_id = g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, vct_demo_tui_on_stdin, &self);

  vct_demo_app_set_view (app, &vct_demo_tui_view, &self);
  vct_demo_app_select_after_load (app, options->select);
  vct_demo_app_reload (app); /* the original's viewDidLoad */
  vct_demo_tui_draw (&self);
  g_main_loop_run (self.loop);

  vct_demo_app_set_view (app, NULL, NULL);
  g_clear_handle_id (&self.spinner_id, g_source_remove);
  g_clear_handle_id (&self.stdin_id, g_source_remove);
  for (gsize i = 0; i < G_N_ELEMENTS (self.signal_ids); i++)
    g_clear_handle_id (&self.signal_ids[i], g_source_remove);
  vct_demo_terminal_stop ();
  g_free (self.notice);
  g_main_loop_unref (self.loop);
  return self.exit_code;
}
