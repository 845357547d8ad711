/* tui.c: the interactive view: a screen's list full-screen and virtualized, on the GLib
 * main loop (ncurses), as the original view controllers showed them.
 *
 *   line 0        the title, as the model reports it
 *   line 1        while loading: the pull-to-refresh spinner
 *   lines ...     the list's items on screen, and only those, read on each draw (a line
 *                 is a flat position: no screen has footers): section headers (the
 *                 cursor skips them), and rows drawn by kind (rows.c); ">" and reverse
 *                 video on the cursor's row, "*" on the selected one where the screen
 *                 marks it. The rows on screen are held and their `notify` heard (a
 *                 follow's spinner, a song's mode): a change redraws.
 *   line -2       the screen's status, if it has one (the song picker's button)
 *   last line     key hints (or a notice) and the position
 *   on top        the "Oops..." alert with [ OK ], a photo's detail, or the help
 *
 * The cursor's row object is held too, and found again after a batch
 * (vct_list_model_find), so the cursor stays on its row. Input: a g_unix_fd_add() source
 * on stdin, getch() run (non-blocking) only when it fires; SIGWINCH, SIGINT, SIGTERM and
 * SIGHUP through g_unix_signal_add(). */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include "demo.h"

#include <curses.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <glib-unix.h>

#define VCT_DEMO_SPINNER_INTERVAL_MS 100
#define VCT_DEMO_KEY_ESCAPE 27

typedef struct {
  VctDemoScreen         *screen;
  VctListModel          *list;
  const VctDemoKeyTable *keys;
  GMainLoop             *loop;
  guint                  stdin_id, signal_ids[4], spinner_id, spinner_frame;
  guint                  cursor;        /* the highlighted row, a row number */
  VctRow                *cursor_row;    /* (nullable) (owned): its object */
  guint                  top;           /* the first line on screen */
  GPtrArray             *shown;         /* (element-type VctDemoHeld): the rows on screen, heard */
  guint                  draw_id;       /* a redraw asked for by a row's change */
  gboolean               help_visible;
  VctFeedPhoto          *detail;        /* (nullable) (owned): the photo detail shown */
  char                  *notice;        /* shown in the footer until the next key */
  int                    button_y;      /* the dialog's button's line, for a click; -1 when hidden */
  int                    exit_code;
} VctDemoTui;

static gboolean utf8;   /* the terminal shows UTF-8 (else text is transliterated to ASCII) */

static void vct_demo_tui_draw (VctDemoTui *self);

/* ------------------------------------------------------------------ painting */

/* Draws @text at (@y, @x), cut to @max_columns columns; returns the columns used. */
static guint
vct_demo_paint_text (int y, int x, const char *text, int max_columns)
{
  g_autofree char *shown = NULL;
  guint columns;
  gsize length;

  if (max_columns <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
    return 0;
  shown = vct_demo_format_display (text, utf8);
  length = vct_demo_format_fit (shown, (guint) max_columns, &columns);
  mvaddnstr (y, x, shown, (int) length);
  return columns;
}

static guint
vct_demo_paint_width (const char *text)
{
  g_autofree char *shown = vct_demo_format_display (text, utf8);

  return vct_demo_format_width (shown);
}

/* As vct_demo_paint_text(), ending in an ellipsis when @text does not fit. */
static guint
vct_demo_paint_ellipsized (int y, int x, const char *text, int max_columns)
{
  int ellipsis_width = utf8 ? 1 : 3;
  guint columns;

  if ((int) vct_demo_paint_width (text) <= max_columns || max_columns <= ellipsis_width)
    return vct_demo_paint_text (y, x, text, max_columns);
  columns = vct_demo_paint_text (y, x, text, max_columns - ellipsis_width);
  return columns + vct_demo_paint_text (y, x + (int) columns, utf8 ? "\u2026" : "...", ellipsis_width);
}

/* Draws @text centered in @width columns from @x, in @attributes. */
static void
vct_demo_paint_centered (int y, int x, int width, const char *text, attr_t attributes)
{
  guint columns = MIN (vct_demo_paint_width (text), (guint) MAX (width, 0));

  attron (attributes);
  vct_demo_paint_text (y, x + (width - (int) columns) / 2, text, width);
  attroff (attributes);
}

/* ------------------------------------------------------------------ geometry */

static int
vct_demo_tui_list_y (VctDemoTui *self)
{
  return vct_demo_screen_is_loading (self->screen) ? 2 : 1;
}

/* How many lines fit between the title (and spinner) and the status and footer. */
static guint
vct_demo_tui_page_size (VctDemoTui *self)
{
  gboolean is_button, enabled;
  int lines = LINES - 1 - vct_demo_tui_list_y (self)
              - (vct_demo_screen_get_status (self->screen, &is_button, &enabled) != NULL ? 1 : 0);

  return lines > 0 ? (guint) lines : 0;
}

/* Keeps the cursor on a row and on screen, with its section's header above its first row. */
static void
vct_demo_tui_clamp (VctDemoTui *self)
{
  guint page = MAX (vct_demo_tui_page_size (self), 1);
  guint n_rows = vct_list_model_get_n_rows (self->list);
  guint n_lines = g_list_model_get_n_items (G_LIST_MODEL (self->list));
  guint line, first;

  if (n_rows == 0)
    {
      self->top = 0;
      return;
    }
  self->cursor = MIN (self->cursor, n_rows - 1);
  line = vct_list_model_get_row_position (self->list, self->cursor, NULL);
  first = line > 0 && !vct_demo_is_row (self->list, line - 1) ? line - 1 : line;
  self->top = MIN (self->top, first);
  if (line >= self->top + page)
    self->top = line - page + 1;
  if (self->top + page > n_lines)
    self->top = n_lines > page ? n_lines - page : 0;
}

/* Holds the cursor's row (none while the list is empty: --select's row, say). */
static void
vct_demo_tui_anchor_cursor (VctDemoTui *self)
{
  guint position = vct_list_model_get_row_position (self->list, self->cursor, NULL);

  g_clear_object (&self->cursor_row);
  if (position != G_MAXUINT)
    self->cursor_row = g_list_model_get_item (G_LIST_MODEL (self->list), position);
}

/* ------------------------------------------------------------------ drawing */

static attr_t
vct_demo_tui_style (VctDemoCellStyle style)
{
  return style == VCT_DEMO_CELL_BOLD || style == VCT_DEMO_CELL_BUTTON ? A_BOLD
         : style == VCT_DEMO_CELL_DISABLED ? A_DIM : A_NORMAL;
}

/* The columns of the rows on screen (their widths come from those rows only). */
typedef struct {
  int lead_width, trailing_width, text_x;
  int trailing_x;   /* COLS when there is no room for the trailing column */
} VctDemoTuiColumns;

static void
vct_demo_tui_draw_row (VctDemoTui *self, int y, guint index, const VctDemoRowCells *cells,
                       const VctDemoTuiColumns *columns)
{
  int text_room = (columns->trailing_x < COLS ? columns->trailing_x - 2 : COLS - 1) - columns->text_x;

  attrset (index == self->cursor ? A_REVERSE : A_NORMAL);
  mvhline (y, 0, ' ', COLS);
  if (index == self->cursor)
    vct_demo_paint_text (y, 0, ">", 1);
  if (self->screen->info->marks_selection && (gint64) index == self->screen->selected)
    vct_demo_paint_text (y, 1, "*", 1);
  attron (vct_demo_tui_style (cells->lead_style));
  vct_demo_paint_text (y, 3, cells->lead, COLS - 3);
  attroff (vct_demo_tui_style (cells->lead_style));
  if (cells->text != NULL)
    {
      guint used;

      attron (vct_demo_tui_style (cells->text_style));
      used = vct_demo_paint_ellipsized (y, columns->text_x, cells->text, text_room);
      attroff (vct_demo_tui_style (cells->text_style));
      attron (A_DIM);
      if (cells->detail != NULL && *cells->detail != '\0' && (int) used + 2 + 8 <= text_room)
        vct_demo_paint_ellipsized (y, columns->text_x + (int) used + 2, cells->detail, text_room - (int) used - 2);
      attroff (A_DIM);
    }
  if (cells->trailing != NULL && columns->trailing_x < COLS)
    {
      attron (vct_demo_tui_style (cells->trailing_style));
      vct_demo_paint_text (y, columns->trailing_x + columns->trailing_width - (int) vct_demo_paint_width (cells->trailing),
                           cells->trailing, columns->trailing_width);
      attroff (vct_demo_tui_style (cells->trailing_style));
    }
  attrset (A_NORMAL);
}

static gboolean
vct_demo_tui_on_draw (gpointer user_data)
{
  VctDemoTui *self = user_data;

  self->draw_id = 0;
  vct_demo_tui_draw (self);
  return G_SOURCE_REMOVE;
}

/* A row on screen changed in place: redraw (once for the changes that come together). */
static void
vct_demo_tui_on_row_changed (G_GNUC_UNUSED VctRow *row, G_GNUC_UNUSED GParamSpec *pspec, VctDemoHeld *held)
{
  VctDemoTui *self = held->owner;

  if (self->draw_id == 0)
    self->draw_id = g_idle_add (vct_demo_tui_on_draw, self);
}

/* The lines on screen: headers, and rows in columns that fit them. */
static void
vct_demo_tui_draw_lines (VctDemoTui *self)
{
  guint page = vct_demo_tui_page_size (self);
  int list_y = vct_demo_tui_list_y (self);
  guint end = MIN (self->top + page, g_list_model_get_n_items (G_LIST_MODEL (self->list)));
  guint n_lines = end > self->top ? end - self->top : 0;
  gboolean loading = vct_demo_screen_is_loading (self->screen);
  gboolean hidden = vct_demo_screen_is_list_hidden (self->screen);
  g_autofree VctDemoRowCells *cells = NULL;
  VctDemoTuiColumns columns = { 0 };

  if (vct_list_model_get_n_rows (self->list) == 0 || hidden)
    {
      const char *text = hidden && loading ? "Loading..." : loading ? NULL
                         : self->screen->has_loaded && !hidden ? self->screen->info->empty_text
                         : "Nothing loaded yet. Press r to reload.";

      vct_demo_hold_rows (&self->shown, self->list, 0, 0, self, NULL, NULL);
      if (text != NULL && page > 0)
        vct_demo_paint_centered (list_y + (int) page / 2, 0, COLS, text, A_NORMAL);
      return;
    }

  /* The rows on screen (headers too) are held, their `notify` heard; the others dropped. */
  vct_demo_hold_rows (&self->shown, self->list, self->top, end, self, "notify", G_CALLBACK (vct_demo_tui_on_row_changed));
  cells = g_new0 (VctDemoRowCells, MAX (n_lines, 1));
  for (guint i = 0; i < n_lines; i++)
    {
      VctRow *row = ((VctDemoHeld *) g_ptr_array_index (self->shown, i))->row;

      if (!vct_demo_is_row (self->list, self->top + i))
        continue;
      vct_demo_rows_cells (row, utf8, self->spinner_frame, &cells[i]);
      if (cells[i].lead != NULL)
        columns.lead_width = MAX (columns.lead_width, (int) MAX (cells[i].lead_width, vct_demo_paint_width (cells[i].lead)));
      if (cells[i].trailing != NULL)
        columns.trailing_width = MAX (columns.trailing_width, (int) vct_demo_paint_width (cells[i].trailing));
    }
  columns.text_x = columns.lead_width > 0 ? 3 + columns.lead_width + 2 : 3;
  columns.trailing_x = COLS - columns.trailing_width - 1;
  if (columns.trailing_width == 0 || columns.trailing_x - 2 - columns.text_x < 12)
    columns.trailing_x = COLS; /* none, or too narrow: drop the trailing column */

  for (guint i = 0; i < n_lines; i++)
    {
      int y = list_y + (int) i;
      gboolean is_row;
      guint index = vct_list_model_get_row_index (self->list, self->top + i, &is_row);

      if (is_row)
        vct_demo_tui_draw_row (self, y, index, &cells[i], &columns);
      else
        {
          /* A section header: "── 2026-11-20 ─────". */
          g_autofree char *title = vct_demo_rows_header_line (((VctDemoHeld *) g_ptr_array_index (self->shown, i))->row);
          g_autofree char *text = g_strdup_printf (" %s ", title);

          mvhline (y, 0, ' ', COLS);
          mvhline (y, 1, ACS_HLINE, MAX (COLS - 2, 0));
          attron (A_BOLD);
          vct_demo_paint_text (y, 3, text, COLS - 4);
          attroff (A_BOLD);
        }
      vct_demo_rows_cells_clear (&cells[i]);
    }
}

/* The status line (a button: reversed when it can be pressed, dim when not) and the footer. */
static void
vct_demo_tui_draw_bottom (VctDemoTui *self)
{
  gboolean is_button, enabled;
  const char *status = vct_demo_screen_get_status (self->screen, &is_button, &enabled);
  guint n_rows = vct_list_model_get_n_rows (self->list);
  int right = 0;

  if (status != NULL && LINES - 2 >= 1)
    {
      g_autofree char *text = is_button ? g_strdup_printf ("[ %s ]", status) : g_strdup (status);

      mvhline (LINES - 2, 0, ' ', COLS);
      vct_demo_paint_centered (LINES - 2, 0, COLS, text, !is_button ? A_BOLD : enabled ? (A_REVERSE | A_BOLD) : A_DIM);
    }
  if (LINES - 1 < 1)
    return;
  attron (A_REVERSE);
  mvhline (LINES - 1, 0, ' ', COLS);
  if (n_rows > 0 && !vct_demo_screen_is_list_hidden (self->screen))
    {
      g_autofree char *position = g_strdup_printf ("%u/%u", self->cursor + 1, n_rows);

      right = (int) strlen (position) + 2;
      if (right < COLS / 2)
        vct_demo_paint_text (LINES - 1, COLS - right + 1, position, right);
      else
        right = 0;
    }
  vct_demo_paint_text (LINES - 1, 1, self->notice != NULL ? self->notice : vct_demo_keys_footer (self->keys),
                       COLS - right - 2);
  attroff (A_REVERSE);
}

/* A framed box of @lines (centered, or from the left), a bold heading and a button (or
 * a plain last line); sets button_y. */
static void
vct_demo_tui_draw_dialog (VctDemoTui *self, int inner, const char *heading, GPtrArray *lines,
                          const char *button, gboolean centered)
{
  int n_lines = MIN ((int) lines->len, LINES - 6);
  int height = n_lines + 6, width = inner + 4;
  int y = (LINES - height) / 2, x = (COLS - width) / 2;

  if (inner < (centered ? 8 : 6) || LINES < 7)
    return;
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
  vct_demo_paint_centered (y + 1, x + 2, inner, heading, A_BOLD);
  for (int i = 0; i < n_lines; i++)
    if (centered)
      vct_demo_paint_centered (y + 3 + i, x + 2, inner, g_ptr_array_index (lines, i), A_NORMAL);
    else
      vct_demo_paint_text (y + 3 + i, x + 2, g_ptr_array_index (lines, i), inner);
  self->button_y = centered ? y + height - 2 : -1;
  vct_demo_paint_centered (y + height - 2, x + 2, inner, button, centered ? (A_REVERSE | A_BOLD) : A_NORMAL);
}

/* On top: the alert, else a photo's detail, else the help, if any. */
static void
vct_demo_tui_draw_overlay (VctDemoTui *self)
{
  int inner = MIN (COLS - 6, self->detail != NULL ? 64 : 56);
  g_autoptr (GPtrArray) lines = NULL;

  if (self->screen->alert != NULL)
    {
      /* The original's UIAlertController "Oops..." with one OK button. */
      lines = vct_demo_format_wrap (self->screen->alert, (guint) MAX (inner, 1));
      vct_demo_tui_draw_dialog (self, inner, "Oops...", lines, "[ OK ]", TRUE);
    }
  else if (self->detail != NULL)
    {
      /* A photo's detail: its description, image URL and date, under its title. */
      g_autofree char *image = g_strdup_printf ("Image: %s", vct_feed_photo_get_url (self->detail));
      g_autoptr (GPtrArray) image_lines = vct_demo_format_wrap (image, (guint) MAX (inner, 1));
      GDateTime *date = vct_feed_photo_get_date (self->detail);
      g_autoptr (GDateTime) local = date != NULL ? g_date_time_to_local (date) : NULL;

      lines = vct_demo_format_wrap (vct_feed_photo_get_description (self->detail), (guint) MAX (inner, 1));
      g_ptr_array_add (lines, g_strdup (""));
      g_ptr_array_extend_and_steal (lines, g_steal_pointer (&image_lines));
      if (local != NULL)
        g_ptr_array_add (lines, g_date_time_format (local, "Posted: %Y-%m-%d %H:%M"));
      vct_demo_tui_draw_dialog (self, inner, vct_feed_photo_get_title (self->detail), lines, "[ Close ]", TRUE);
    }
  else if (self->help_visible)
    {
      g_autofree char *text = vct_demo_keys_help_text (self->keys);
      g_auto (GStrv) split = g_strsplit (text, "\n", -1);
      int width = 0;

      lines = g_ptr_array_new ();
      for (char **line = split; *line != NULL; line++)
        if (**line != '\0')
          {
            g_ptr_array_add (lines, *line);
            width = MAX (width, (int) vct_demo_format_width (*line));
          }
      vct_demo_tui_draw_dialog (self, MIN (width, COLS - 4), "Keys", lines, "Press any key to close", FALSE);
    }
}

static void
vct_demo_tui_draw (VctDemoTui *self)
{
  vct_demo_tui_clamp (self);
  erase ();
  self->button_y = -1;
  if (LINES > 0 && COLS > 0)
    {
      g_autofree char *title = vct_demo_format_display (self->screen->title, utf8);
      static const char frames[] = "|/-\\";

      attron (A_REVERSE | A_BOLD);
      mvhline (0, 0, ' ', COLS);
      if ((int) vct_demo_format_width (title) > COLS - 2)
        vct_demo_paint_ellipsized (0, 1, title, COLS - 2);
      else
        vct_demo_paint_centered (0, 1, COLS - 2, title, A_NORMAL);
      attroff (A_REVERSE | A_BOLD);
      if (vct_demo_screen_is_loading (self->screen) && LINES > 2)
        {
          g_autofree char *text = g_strdup_printf ("%c  %s", frames[self->spinner_frame % 4],
                                                   self->screen->info->loading_text);

          vct_demo_paint_centered (1, 0, COLS, text, A_BOLD);
        }
      vct_demo_tui_draw_lines (self);
      vct_demo_tui_draw_bottom (self);
      vct_demo_tui_draw_overlay (self);
    }
  refresh ();
}

/* ------------------------------------------------------------------ actions */

static gboolean
vct_demo_tui_on_spinner (gpointer user_data)
{
  VctDemoTui *self = user_data;

  self->spinner_frame++;
  vct_demo_tui_draw (self);
  return G_SOURCE_CONTINUE;
}

/* The spinners turn while a reload or something else asked for (a follow) is under way;
 * then draws. */
static void
vct_demo_tui_update (VctDemoTui *self)
{
  gboolean busy = vct_demo_screen_is_loading (self->screen) || !vct_demo_screen_is_settled (self->screen);

  if (busy && self->spinner_id == 0)
    self->spinner_id = g_timeout_add (VCT_DEMO_SPINNER_INTERVAL_MS, vct_demo_tui_on_spinner, self);
  else if (!busy)
    g_clear_handle_id (&self->spinner_id, g_source_remove);
  vct_demo_tui_draw (self);
}

static void
vct_demo_tui_quit (VctDemoTui *self, int exit_code)
{
  self->exit_code = exit_code;
  g_main_loop_quit (self->loop);
}

/* Enter or a click (@command NULL), or a screen's command, on the cursor's row. */
static void
vct_demo_tui_command (VctDemoTui *self, const char *name)
{
  const VctDemoCommand *command = name != NULL ? vct_demo_screen_find_command (self->screen, name) : NULL;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if ((name != NULL && command == NULL)
      || ((name == NULL || command->args != NULL) && vct_list_model_get_n_rows (self->list) == 0))
    return;
  ok = command != NULL ? vct_demo_screen_run_command (self->screen, command, self->cursor, &error)
                       : vct_demo_screen_activate (self->screen, self->cursor, &error);
  if (!ok)
    {
      g_free (self->notice);
      self->notice = g_strdup (error->message);
    }
}

static void
vct_demo_tui_move (VctDemoTui *self, gint64 delta)
{
  gint64 target = (gint64) self->cursor + delta;

  self->cursor = (guint) CLAMP (target, 0, MAX ((gint64) vct_list_model_get_n_rows (self->list) - 1, 0));
}

/* A dialog's button: the alert's OK, or closing the detail. */
static void
vct_demo_tui_press_dialog_button (VctDemoTui *self)
{
  if (self->screen->alert != NULL)
    g_clear_pointer (&self->screen->alert, g_free);
  else
    g_clear_object (&self->detail);
}

/* A tap: a click on a row activates it; the wheel scrolls; a click on a dialog's button
 * presses it. */
static void
vct_demo_tui_mouse (VctDemoTui *self)
{
  MEVENT event;
  int list_y = vct_demo_tui_list_y (self);
  gboolean is_row = FALSE;
  guint row = 0;

  if (getmouse (&event) != OK)
    return;
  if (self->screen->alert != NULL || self->detail != NULL)
    {
      if ((event.bstate & BUTTON1_PRESSED) && event.y == self->button_y)
        vct_demo_tui_press_dialog_button (self);
    }
  else if (self->help_visible)
    self->help_visible = FALSE;
  else if (event.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))
    vct_demo_tui_move (self, event.bstate & BUTTON4_PRESSED ? -3 : 3);
  else if ((event.bstate & BUTTON1_PRESSED) && event.y >= list_y
           && event.y < list_y + (int) vct_demo_tui_page_size (self)
           && !vct_demo_screen_is_list_hidden (self->screen)
           && (row = vct_list_model_get_row_index (self->list, self->top + (guint) (event.y - list_y), &is_row), is_row))
    {
      self->cursor = row;
      vct_demo_tui_command (self, NULL);
    }
}

static void
vct_demo_tui_key (VctDemoTui *self, int key)
{
  const char *command = NULL;
  guint page = MAX (vct_demo_tui_page_size (self), 1);

  g_clear_pointer (&self->notice, g_free);
  if (key == KEY_RESIZE)
    return; /* the terminal has resized itself: just draw */
  if (key == KEY_MOUSE)
    vct_demo_tui_mouse (self);
  else if (self->screen->alert != NULL || self->detail != NULL)
    {
      /* Modal, like the original's alert: its button dismisses it; q still quits. */
      if (key == '\r' || key == '\n' || key == KEY_ENTER || key == ' ' || key == VCT_DEMO_KEY_ESCAPE || key == 'o')
        vct_demo_tui_press_dialog_button (self);
      else if (key == 'q')
        vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK);
    }
  else if (self->help_visible)
    self->help_visible = FALSE;
  else
    switch (vct_demo_keys_action (self->keys, key, &command))
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
      case VCT_DEMO_ACTION_HOME:      self->cursor = 0; self->top = 0; break;
      case VCT_DEMO_ACTION_END:       vct_demo_tui_move (self, G_MAXUINT); break;
      case VCT_DEMO_ACTION_ACTIVATE:  vct_demo_tui_command (self, NULL); break;
      case VCT_DEMO_ACTION_COMMAND:   vct_demo_tui_command (self, command); break;
      case VCT_DEMO_ACTION_RELOAD:    vct_demo_screen_reload (self->screen); break;
      case VCT_DEMO_ACTION_HELP:      self->help_visible = TRUE; break;
      case VCT_DEMO_ACTION_REDRAW:    clearok (curscr, TRUE); break;
      case VCT_DEMO_ACTION_QUIT:      vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK); break;
      case VCT_DEMO_ACTION_NONE:
      default:                        break;
      }
}

/* ------------------------------------------------------------------ sources */

static gboolean
vct_demo_tui_on_stdin (G_GNUC_UNUSED int fd, GIOCondition condition, gpointer user_data)
{
  VctDemoTui *self = user_data;
  int key;

  while ((key = getch ()) != ERR)
    vct_demo_tui_key (self, key);
  if (condition & (G_IO_HUP | G_IO_ERR | G_IO_NVAL))
    {
      /* The terminal went away. */
      self->stdin_id = 0;
      vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGHUP);
      return G_SOURCE_REMOVE;
    }
  vct_demo_tui_update (self);
  vct_demo_tui_anchor_cursor (self);
  return G_SOURCE_CONTINUE;
}

static gboolean vct_demo_tui_on_winch (gpointer self)   { vct_demo_terminal_resize (); vct_demo_tui_draw (self); return G_SOURCE_CONTINUE; }
static gboolean vct_demo_tui_on_sigint (gpointer self)  { vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGINT);  return G_SOURCE_CONTINUE; }
static gboolean vct_demo_tui_on_sigterm (gpointer self) { vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGTERM); return G_SOURCE_CONTINUE; }
static gboolean vct_demo_tui_on_sighup (gpointer self)  { vct_demo_tui_quit (self, VCT_DEMO_EXIT_INTERRUPTED + SIGHUP);  return G_SOURCE_CONTINUE; }

static void
vct_demo_tui_on_event (G_GNUC_UNUSED VctDemoScreen *screen, const VctDemoEvent *event, gpointer user_data)
{
  VctDemoTui *self = user_data;
  guint position;

  switch (event->kind)
    {
    case VCT_DEMO_EVENT_DETAIL:
      g_set_object (&self->detail, event->detail);
      break;
    case VCT_DEMO_EVENT_NOTICE:
      g_free (self->notice);
      self->notice = g_strdup (event->text);
      break;
    case VCT_DEMO_EVENT_DISMISS:
      vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK);
      return;
    case VCT_DEMO_EVENT_ROWS:
      /* The cursor stays on its row (or on its number, if the row went). */
      if (self->cursor_row != NULL && vct_list_model_find (self->list, self->cursor_row, &position))
        self->cursor = vct_list_model_get_row_index (self->list, position, NULL);
      vct_demo_tui_clamp (self);
      vct_demo_tui_anchor_cursor (self);
      break;
    default:
      break;
    }
  vct_demo_tui_update (self);
}

/* Shows the screen full-screen and loads it, until q, Ctrl-C, the terminal closes or the
 * screen asks to be dismissed; returns the exit code. */
int
vct_demo_tui_run (VctDemoScreen *screen, const VctDemoOptions *options)
{
  VctDemoTui self = { .screen = screen, .list = screen->list, .button_y = -1, .exit_code = VCT_DEMO_EXIT_OK };
  g_autoptr (GError) error = NULL;

  if (!vct_demo_terminal_start (&error))
    {
      g_printerr ("vctable-demo: %s\n", error->message);
      return VCT_DEMO_EXIT_USAGE;
    }
  self.keys = vct_demo_keys_for_screen (screen->info);
  utf8 = g_get_charset (NULL);
  self.loop = g_main_loop_new (NULL, FALSE);
  self.shown = g_ptr_array_new_with_free_func (vct_demo_held_free);
  if (options->select >= 0)
    self.cursor = (guint) options->select;

  /* After newterm(), so GLib's handler replaces the one curses installs. */
  self.signal_ids[0] = g_unix_signal_add (SIGWINCH, vct_demo_tui_on_winch, &self);
  self.signal_ids[1] = g_unix_signal_add (SIGINT, vct_demo_tui_on_sigint, &self);
  self.signal_ids[2] = g_unix_signal_add (SIGTERM, vct_demo_tui_on_sigterm, &self);
  self.signal_ids[3] = g_unix_signal_add (SIGHUP, vct_demo_tui_on_sighup, &self);
  self.stdin_id = g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, vct_demo_tui_on_stdin, &self);

  screen->view = vct_demo_tui_on_event;
  screen->view_data = &self;
  screen->select_after_load = options->select;
  vct_demo_screen_reload (screen); /* the original's viewDidLoad */
  vct_demo_tui_draw (&self);
  g_main_loop_run (self.loop);

  vct_demo_terminal_hold_signals ();
  screen->view = NULL;
  g_clear_object (&self.cursor_row);
  g_clear_handle_id (&self.spinner_id, g_source_remove);
  g_clear_handle_id (&self.draw_id, g_source_remove);
  g_clear_pointer (&self.shown, g_ptr_array_unref);
  g_clear_handle_id (&self.stdin_id, g_source_remove);
  for (gsize i = 0; i < G_N_ELEMENTS (self.signal_ids); i++)
    g_clear_handle_id (&self.signal_ids[i], g_source_remove);
  vct_demo_terminal_stop ();
  g_clear_object (&self.detail);
  g_free (self.notice);
  g_main_loop_unref (self.loop);
  return self.exit_code;
}
