/* tui.c: the interactive view: a screen's list full-screen and virtualized, on the GLib
 * main loop (ncurses), as the original view controllers showed them.
 *
 *   line 0        the title, as the model reports it
 *   line 1        while loading: the pull-to-refresh spinner
 *   lines ...     the lines on screen, and only those, read from the list on each draw:
 *                 section headers (not selectable: the cursor skips them), and rows drawn
 *                 by kind (rows.c); ">" and reverse video on the cursor's row, "*" on the
 *                 selected one where the screen marks it. The view holds the row objects
 *                 on screen and hears their `notify` (a follow's spinner, a song's mode:
 *                 changes in place, with no change to the list): a change redraws.
 *   line -2       the screen's status, if it has one (the song picker's button)
 *   last line     key hints (or a notice) and the position
 *   on top        the "Oops..." alert with [ OK ], a photo's detail, or the help
 *
 * Input: a g_unix_fd_add() source on stdin; getch() runs (non-blocking) only when it
 * fires. SIGWINCH, SIGINT, SIGTERM and SIGHUP come through g_unix_signal_add(). */

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
  gboolean utf8;   /* the terminal shows UTF-8 (else text is transliterated to ASCII) */
} VctDemoPaint;

/* A row on screen, held, its `notify` heard. */
typedef struct {
  VctRow *row;
  gulong  id;
} VctDemoTuiHeld;

typedef struct {
  VctDemoScreen         *screen;
  const VctDemoKeyTable *keys;
  VctDemoPaint           paint;
  GMainLoop             *loop;
  guint                  stdin_id;
  guint                  signal_ids[4];
  guint                  spinner_id;
  guint                  spinner_frame;
  guint                  cursor;        /* the highlighted row, a row number across sections */
  VctRow                *cursor_row;    /* (nullable) (owned): its object, found again after a batch */
  guint                  top;           /* the first line on screen: lines are flat positions */
  GPtrArray             *shown;         /* (element-type VctDemoTuiHeld): the rows on screen */
  guint                  draw_id;       /* a redraw asked for by a row's change */
  gboolean               help_visible;
  VctFeedPhoto          *detail;        /* (nullable) (owned): the photo detail shown */
  char                  *notice;        /* shown in the footer until the next key */
  int                    button_y;      /* where the [ OK ] / [ Close ] is, for a click; -1 when hidden */
  int                    exit_code;
} VctDemoTui;

static void vct_demo_tui_draw (VctDemoTui *self);

/* ------------------------------------------------------------------ painting */

/* Draws @text at (@y, @x), cut to @max_columns columns. Returns the columns used */
static guint
vct_demo_paint_text (const VctDemoPaint *paint, int y, int x, const char *text, int max_columns)
{
  g_autofree char *shown = NULL;
  guint columns;
  gsize length;

  if (max_columns <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
    return 0;
  shown = vct_demo_format_display (text, paint->utf8);
  length = vct_demo_format_fit (shown, (guint) max_columns, &columns);
  mvaddnstr (y, x, shown, (int) length);
  return columns;
}

/* Like vct_demo_paint_text(), ending in an ellipsis when @text does not fit. Returns the
 * columns used */
static guint
vct_demo_paint_ellipsized (const VctDemoPaint *paint, int y, int x, const char *text, int max_columns)
{
  g_autofree char *shown = vct_demo_format_display (text, paint->utf8);
  const char *ellipsis = paint->utf8 ? "\u2026" : "...";
  int ellipsis_width = paint->utf8 ? 1 : 3;
  guint columns;

  if ((int) vct_demo_format_width (shown) <= max_columns || max_columns <= ellipsis_width)
    return vct_demo_paint_text (paint, y, x, shown, max_columns);
  columns = vct_demo_paint_text (paint, y, x, shown, max_columns - ellipsis_width);
  return columns + vct_demo_paint_text (paint, y, x + (int) columns, ellipsis, ellipsis_width);
}

/* Draws @text centered in @width columns from @x. */
static void
vct_demo_paint_centered (const VctDemoPaint *paint, int y, int x, int width, const char *text)
{
  g_autofree char *shown = vct_demo_format_display (text, paint->utf8);
  guint columns = MIN (vct_demo_format_width (shown), (guint) MAX (width, 0));

  vct_demo_paint_text (paint, y, x + (width - (int) columns) / 2, shown, width);
}

/* Returns how many columns @text takes once drawn */
static guint
vct_demo_paint_width (const VctDemoPaint *paint, const char *text)
{
  g_autofree char *shown = vct_demo_format_display (text, paint->utf8);

  return vct_demo_format_width (shown);
}

/* Draws a framed, cleared rectangle. */
static void
vct_demo_paint_box (int y, int x, int height, int width)
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

/* ------------------------------------------------------------------ geometry */

static int
vct_demo_tui_list_y (VctDemoTui *self)
{
  return vct_demo_screen_is_loading (self->screen) ? 2 : 1;
}

static gboolean
vct_demo_tui_has_status (VctDemoTui *self)
{
  gboolean is_button;
  gboolean enabled;

  return vct_demo_screen_get_status (self->screen, &is_button, &enabled) != NULL;
}

/* How many lines fit between the title (and spinner) and the status and footer. */
static guint
vct_demo_tui_page_size (VctDemoTui *self)
{
  int lines = LINES - 1 - vct_demo_tui_list_y (self) - (vct_demo_tui_has_status (self) ? 1 : 0);

  return lines > 0 ? (guint) lines : 0;
}

static guint
vct_demo_tui_n_rows (VctDemoTui *self)
{
  return vct_list_model_get_n_rows (self->screen->list);
}

/* Keeps the cursor on a row and on screen, with its section's header when it is the
 * section's first row. (A line is a flat position: no screen has footers.) */
static void
vct_demo_tui_clamp (VctDemoTui *self)
{
  guint page = MAX (vct_demo_tui_page_size (self), 1);
  guint n_rows = vct_demo_tui_n_rows (self);
  guint n_lines = g_list_model_get_n_items (G_LIST_MODEL (self->screen->list));
  guint line;
  guint first;

  if (n_rows == 0)
    {
      self->top = 0;
      return;
    }
  if (self->cursor >= n_rows)
    self->cursor = n_rows - 1;
  line = vct_list_model_get_row_position (self->screen->list, self->cursor, NULL);
  first = line > 0 && !vct_demo_is_row (self->screen->list, line - 1) ? line - 1 : line;
  if (first < self->top)
    self->top = first;
  if (line >= self->top + page)
    self->top = line - page + 1;
  if (self->top + page > n_lines)
    self->top = n_lines > page ? n_lines - page : 0;
}

/* Holds the cursor's row (none while the list is empty: --select's row, say). */
static void
vct_demo_tui_anchor_cursor (VctDemoTui *self)
{
  guint position = vct_list_model_get_row_position (self->screen->list, self->cursor, NULL);

  g_clear_object (&self->cursor_row);
  if (position != G_MAXUINT)
    self->cursor_row = g_list_model_get_item (G_LIST_MODEL (self->screen->list), position);
}

/* The list changed: the cursor stays on its row (or on its number, if the row went). */
static void
vct_demo_tui_follow_anchor (VctDemoTui *self)
{
  guint position;

  if (self->cursor_row != NULL && vct_list_model_find (self->screen->list, self->cursor_row, &position))
    self->cursor = vct_list_model_get_row_index (self->screen->list, position, NULL);
  vct_demo_tui_clamp (self);
  vct_demo_tui_anchor_cursor (self);
}

/* ------------------------------------------------------------------ drawing */

static attr_t
vct_demo_tui_style (VctDemoCellStyle style)
{
  switch (style)
    {
    case VCT_DEMO_CELL_BOLD:     return A_BOLD;
    case VCT_DEMO_CELL_BUTTON:   return A_BOLD;
    case VCT_DEMO_CELL_DISABLED: return A_DIM;
    case VCT_DEMO_CELL_PLAIN:
    default:                     return A_NORMAL;
    }
}

static void
vct_demo_tui_draw_title (VctDemoTui *self)
{
  g_autofree char *title = vct_demo_format_display (self->screen->title, self->paint.utf8);
  int room = COLS - 2;

  attron (A_REVERSE | A_BOLD);
  mvhline (0, 0, ' ', COLS);
  if ((int) vct_demo_format_width (title) > room)
    vct_demo_paint_ellipsized (&self->paint, 0, 1, title, room);
  else
    vct_demo_paint_centered (&self->paint, 0, 1, room, title);
  attroff (A_REVERSE | A_BOLD);
}

static void
vct_demo_tui_draw_spinner (VctDemoTui *self)
{
  static const char frames[] = "|/-\\";
  g_autofree char *text = g_strdup_printf ("%c  %s", frames[self->spinner_frame % 4],
                                           self->screen->info->loading_text);

  attron (A_BOLD);
  vct_demo_paint_centered (&self->paint, 1, 0, COLS, text);
  attroff (A_BOLD);
}

/* A section header: "── 2026-11-20 ─────". */
static void
vct_demo_tui_draw_header (VctDemoTui *self, int y, VctRow *header)
{
  g_autofree char *title = vct_demo_rows_header_line (header);
  g_autofree char *text = g_strdup_printf (" %s ", title);

  mvhline (y, 0, ' ', COLS);
  mvhline (y, 1, ACS_HLINE, MAX (COLS - 2, 0));
  attron (A_BOLD);
  vct_demo_paint_text (&self->paint, y, 3, text, COLS - 4);
  attroff (A_BOLD);
}

/* The columns of the rows on screen (their widths come from those rows only). */
typedef struct {
  int lead_width;
  int trailing_width;
  int text_x;
  int trailing_x;   /* COLS when there is no room for the trailing column */
} VctDemoTuiColumns;

static void
vct_demo_tui_draw_row (VctDemoTui              *self,
                       int                      y,
                       guint                    index,
                       const VctDemoRowCells   *cells,
                       const VctDemoTuiColumns *columns)
{
  gboolean is_cursor = index == self->cursor;
  int text_room = (columns->trailing_x < COLS ? columns->trailing_x - 2 : COLS - 1) - columns->text_x;

  if (is_cursor)
    attron (A_REVERSE);
  mvhline (y, 0, ' ', COLS);
  if (is_cursor)
    vct_demo_paint_text (&self->paint, y, 0, ">", 1);
  if (self->screen->info->marks_selection && (gint64) index == self->screen->selected)
    vct_demo_paint_text (&self->paint, y, 1, "*", 1);
  if (cells->lead != NULL)
    {
      attron (vct_demo_tui_style (cells->lead_style));
      vct_demo_paint_text (&self->paint, y, 3, cells->lead, COLS - 3);
      attroff (vct_demo_tui_style (cells->lead_style));
    }
  if (cells->text != NULL)
    {
      guint used;

      attron (vct_demo_tui_style (cells->text_style));
      used = vct_demo_paint_ellipsized (&self->paint, y, columns->text_x, cells->text, text_room);
      attroff (vct_demo_tui_style (cells->text_style));
      if (cells->detail != NULL && *cells->detail != '\0' && (int) used + 2 + 8 <= text_room)
        {
          attron (A_DIM);
          vct_demo_paint_ellipsized (&self->paint, y, columns->text_x + (int) used + 2, cells->detail,
                                     text_room - (int) used - 2);
          attroff (A_DIM);
        }
    }
  if (cells->trailing != NULL && columns->trailing_x < COLS)
    {
      int width = (int) vct_demo_paint_width (&self->paint, cells->trailing);

      attron (vct_demo_tui_style (cells->trailing_style));
      vct_demo_paint_text (&self->paint, y, columns->trailing_x + columns->trailing_width - width,
                           cells->trailing, columns->trailing_width);
      attroff (vct_demo_tui_style (cells->trailing_style));
    }
  if (is_cursor)
    attroff (A_REVERSE);
}

/* What the list area says when there are no rows to draw. */
static const char *
vct_demo_tui_empty_text (VctDemoTui *self)
{
  gboolean loading = vct_demo_screen_is_loading (self->screen);

  if (vct_demo_screen_is_list_hidden (self->screen) && loading)
    return "Loading...";
  if (loading)
    return NULL;
  if (self->screen->has_loaded && !vct_demo_screen_is_list_hidden (self->screen))
    return self->screen->info->empty_text;
  return "Nothing loaded yet. Press r to reload.";
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
vct_demo_tui_on_row_changed (G_GNUC_UNUSED VctRow *row, G_GNUC_UNUSED GParamSpec *pspec, VctDemoTui *self)
{
  if (self->draw_id == 0)
    self->draw_id = g_idle_add (vct_demo_tui_on_draw, self);
}

/* A line on screen: a header, or a row and its columns. */
typedef struct {
  VctRow          *row;    /* (nullable) (owned) */
  guint            index;  /* the row number; G_MAXUINT for a header */
  VctDemoRowCells  cells;
} VctDemoTuiLine;

/* Holds the rows of @lines (headers too) with their `notify` heard, and drops the rows
 * held before that left the screen. */
static void
vct_demo_tui_held_free (gpointer data)
{
  VctDemoTuiHeld *held = data;

  g_clear_signal_handler (&held->id, held->row);
  g_object_unref (held->row);
  g_free (held);
}

static void
vct_demo_tui_hold_shown (VctDemoTui *self, const VctDemoTuiLine *lines, guint n_lines)
{
  GPtrArray *shown = g_ptr_array_new_with_free_func (vct_demo_tui_held_free);

  for (guint i = 0; i < n_lines; i++)
    {
      VctDemoTuiHeld *held = NULL;

      if (lines[i].row == NULL)
        continue;
      for (guint j = 0; j < self->shown->len && held == NULL; j++)
        if (((VctDemoTuiHeld *) g_ptr_array_index (self->shown, j))->row == lines[i].row)
          held = g_ptr_array_steal_index_fast (self->shown, j);
      if (held == NULL)
        {
          held = g_new (VctDemoTuiHeld, 1);
          held->row = g_object_ref (lines[i].row);
          held->id = g_signal_connect (held->row, "notify", G_CALLBACK (vct_demo_tui_on_row_changed), self);
        }
      g_ptr_array_add (shown, held);
    }
  g_ptr_array_unref (self->shown);
  self->shown = shown;
}

static void
vct_demo_tui_draw_lines (VctDemoTui *self)
{
  GListModel *list = G_LIST_MODEL (self->screen->list);
  guint page = vct_demo_tui_page_size (self);
  int list_y = vct_demo_tui_list_y (self);
  guint end = MIN (self->top + page, g_list_model_get_n_items (list));
  guint n_lines = end > self->top ? end - self->top : 0;
  VctDemoTuiLine *lines;
  VctDemoTuiColumns columns = { 0 };

  if (vct_demo_tui_n_rows (self) == 0 || vct_demo_screen_is_list_hidden (self->screen))
    {
      const char *text = vct_demo_tui_empty_text (self);

      vct_demo_tui_hold_shown (self, NULL, 0);
      if (text != NULL && page > 0)
        vct_demo_paint_centered (&self->paint, list_y + (int) page / 2, 0, COLS, text);
      return;
    }

  /* Read the lines on screen once; the columns fit their rows (the list is virtualized). */
  lines = g_new0 (VctDemoTuiLine, MAX (n_lines, 1));
  for (guint i = 0; i < n_lines; i++)
    {
      VctDemoTuiLine *line = &lines[i];
      gboolean is_row;

      line->row = g_list_model_get_item (list, self->top + i);
      line->index = vct_list_model_get_row_index (self->screen->list, self->top + i, &is_row);
      if (!is_row)
        line->index = G_MAXUINT;
      if (line->row == NULL || line->index == G_MAXUINT)
        continue;
      vct_demo_rows_cells (line->row, self->paint.utf8, self->spinner_frame, &line->cells);
      if (line->cells.lead != NULL)
        columns.lead_width = MAX (columns.lead_width, (int) MAX (line->cells.lead_width,
                                                                 vct_demo_paint_width (&self->paint, line->cells.lead)));
      if (line->cells.trailing != NULL)
        columns.trailing_width = MAX (columns.trailing_width,
                                      (int) vct_demo_paint_width (&self->paint, line->cells.trailing));
    }
  columns.text_x = columns.lead_width > 0 ? 3 + columns.lead_width + 2 : 3;
  columns.trailing_x = COLS - columns.trailing_width - 1;
  if (columns.trailing_width == 0 || columns.trailing_x - 2 - columns.text_x < 12)
    columns.trailing_x = COLS; /* none, or too narrow: drop the trailing column */

  for (guint i = 0; i < n_lines; i++)
    {
      int y = list_y + (int) i;

      if (lines[i].row == NULL)
        continue;
      if (lines[i].index == G_MAXUINT)
        vct_demo_tui_draw_header (self, y, lines[i].row);
      else
        vct_demo_tui_draw_row (self, y, lines[i].index, &lines[i].cells, &columns);
    }

  vct_demo_tui_hold_shown (self, lines, n_lines);
  for (guint i = 0; i < n_lines; i++)
    {
      g_clear_object (&lines[i].row);
      vct_demo_rows_cells_clear (&lines[i].cells);
    }
  g_free (lines);
}

/* The screen's status line: a button (reversed when it can be pressed, dim when not). */
static void
vct_demo_tui_draw_status (VctDemoTui *self)
{
  gboolean is_button;
  gboolean enabled;
  const char *status = vct_demo_screen_get_status (self->screen, &is_button, &enabled);
  int y = LINES - 2;
  attr_t attributes;
  g_autofree char *text = NULL;

  if (status == NULL || y < 1)
    return;
  text = is_button ? g_strdup_printf ("[ %s ]", status) : g_strdup (status);
  attributes = !is_button ? A_BOLD : enabled ? (A_REVERSE | A_BOLD) : A_DIM;
  mvhline (y, 0, ' ', COLS);
  attron (attributes);
  vct_demo_paint_centered (&self->paint, y, 0, COLS, text);
  attroff (attributes);
}

static void
vct_demo_tui_draw_footer (VctDemoTui *self)
{
  guint n_rows = vct_demo_tui_n_rows (self);
  g_autofree char *position = NULL;
  int right = 0;
  int y = LINES - 1;

  if (y < 1)
    return;
  attron (A_REVERSE);
  mvhline (y, 0, ' ', COLS);
  if (n_rows > 0 && !vct_demo_screen_is_list_hidden (self->screen))
    {
      position = g_strdup_printf ("%u/%u", self->cursor + 1, n_rows);
      right = (int) strlen (position) + 2;
      if (right < COLS / 2)
        vct_demo_paint_text (&self->paint, y, COLS - right + 1, position, right);
      else
        right = 0;
    }
  vct_demo_paint_text (&self->paint, y, 1, self->notice != NULL ? self->notice : vct_demo_keys_footer (self->keys),
                       COLS - right - 2);
  attroff (A_REVERSE);
}

/* A box of wrapped lines, a bold heading and a reversed button; sets button_y. */
static void
vct_demo_tui_draw_dialog (VctDemoTui *self,
                          int         inner,
                          const char *heading,
                          GPtrArray  *lines,
                          const char *button)
{
  int n_lines;
  int height;
  int width;
  int y;
  int x;

  self->button_y = -1;
  if (inner < 8 || LINES < 7)
    return;
  n_lines = MIN ((int) lines->len, LINES - 6);
  height = n_lines + 6;
  width = inner + 4;
  y = (LINES - height) / 2;
  x = (COLS - width) / 2;

  vct_demo_paint_box (y, x, height, width);
  attron (A_BOLD);
  vct_demo_paint_centered (&self->paint, y + 1, x + 2, inner, heading);
  attroff (A_BOLD);
  for (int i = 0; i < n_lines; i++)
    vct_demo_paint_centered (&self->paint, y + 3 + i, x + 2, inner, g_ptr_array_index (lines, i));
  attron (A_REVERSE | A_BOLD);
  self->button_y = y + height - 2;
  vct_demo_paint_centered (&self->paint, self->button_y, x + 2, inner, button);
  attroff (A_REVERSE | A_BOLD);
}

/* The alert: the original's UIAlertController "Oops..." with one OK button. */
static void
vct_demo_tui_draw_alert (VctDemoTui *self, const char *message)
{
  int inner = MIN (COLS - 6, 56);
  g_autoptr (GPtrArray) lines = vct_demo_format_wrap (message, (guint) MAX (inner, 1));

  vct_demo_tui_draw_dialog (self, inner, "Oops...", lines, "[ OK ]");
}

/* A photo's detail: its description, image URL and date, under its title. */
static void
vct_demo_tui_draw_detail (VctDemoTui *self)
{
  int inner = MIN (COLS - 6, 64);
  guint room = (guint) MAX (inner, 1);
  g_autoptr (GPtrArray) lines = vct_demo_format_wrap (vct_feed_photo_get_description (self->detail), room);
  g_autofree char *image = g_strdup_printf ("Image: %s", vct_feed_photo_get_url (self->detail));
  g_autoptr (GPtrArray) image_lines = vct_demo_format_wrap (image, room);
  GDateTime *date = vct_feed_photo_get_date (self->detail);
  g_autoptr (GDateTime) local = date != NULL ? g_date_time_to_local (date) : NULL;

  g_ptr_array_add (lines, g_strdup (""));
  g_ptr_array_extend_and_steal (lines, g_steal_pointer (&image_lines));
  if (local != NULL)
    g_ptr_array_add (lines, g_date_time_format (local, "Posted: %Y-%m-%d %H:%M"));
  vct_demo_tui_draw_dialog (self, inner, vct_feed_photo_get_title (self->detail), lines, "[ Close ]");
}

static void
vct_demo_tui_draw_help (VctDemoTui *self)
{
  g_autofree char *text = vct_demo_keys_help_text (self->keys);
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

  vct_demo_paint_box (y, x, height, width);
  attron (A_BOLD);
  vct_demo_paint_centered (&self->paint, y + 1, x + 1, width - 2, "Keys");
  attroff (A_BOLD);
  for (int i = 0; i < n_lines && i < height - 6; i++)
    vct_demo_paint_text (&self->paint, y + 3 + i, x + 1, lines[i], width - 2);
  vct_demo_paint_centered (&self->paint, y + height - 2, x + 1, width - 2, "Press any key to close");
}

static void
vct_demo_tui_draw (VctDemoTui *self)
{
  const char *alert = self->screen->alert;

  vct_demo_tui_clamp (self);
  erase ();
  if (LINES > 0 && COLS > 0)
    {
      vct_demo_tui_draw_title (self);
      if (vct_demo_screen_is_loading (self->screen) && LINES > 2)
        vct_demo_tui_draw_spinner (self);
      vct_demo_tui_draw_lines (self);
      vct_demo_tui_draw_status (self);
      vct_demo_tui_draw_footer (self);
      self->button_y = -1;
      if (alert != NULL)
        vct_demo_tui_draw_alert (self, alert);
      else if (self->detail != NULL)
        vct_demo_tui_draw_detail (self);
      else if (self->help_visible)
        vct_demo_tui_draw_help (self);
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

/* The spinners turn while a reload or something else asked for (a follow) is under way. */
static void
vct_demo_tui_update_spinner (VctDemoTui *self)
{
  gboolean busy = vct_demo_screen_is_loading (self->screen) || !vct_demo_screen_is_settled (self->screen);

  if (busy && self->spinner_id == 0)
    self->spinner_id = g_timeout_add (VCT_DEMO_SPINNER_INTERVAL_MS, vct_demo_tui_on_spinner, self);
  else if (!busy)
    g_clear_handle_id (&self->spinner_id, g_source_remove);
}

static void
vct_demo_tui_quit (VctDemoTui *self, int exit_code)
{
  self->exit_code = exit_code;
  g_main_loop_quit (self->loop);
}

static void
vct_demo_tui_set_notice (VctDemoTui *self, const char *text)
{
  g_free (self->notice);
  self->notice = g_strdup (text);
}

static void
vct_demo_tui_activate (VctDemoTui *self)
{
  g_autoptr (GError) error = NULL;

  if (vct_demo_tui_n_rows (self) == 0)
    return;
  if (!vct_demo_screen_activate (self->screen, self->cursor, &error))
    vct_demo_tui_set_notice (self, error->message);
}

static void
vct_demo_tui_command (VctDemoTui *self, const char *name)
{
  const VctDemoCommand *command = vct_demo_screen_find_command (self->screen, name);
  g_autoptr (GError) error = NULL;

  if (command == NULL)
    return;
  if (command->args != NULL && vct_demo_tui_n_rows (self) == 0)
    return;
  if (!vct_demo_screen_run_command (self->screen, command, self->cursor, &error))
    vct_demo_tui_set_notice (self, error->message);
}

static void
vct_demo_tui_move (VctDemoTui *self, gint64 delta)
{
  gint64 n_rows = vct_demo_tui_n_rows (self);
  gint64 target = (gint64) self->cursor + delta;

  self->cursor = (guint) CLAMP (target, 0, MAX (n_rows - 1, 0));
}

static void
vct_demo_tui_act (VctDemoTui *self, VctDemoAction action, const char *command)
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
    case VCT_DEMO_ACTION_HOME:      self->cursor = 0; self->top = 0; break;
    case VCT_DEMO_ACTION_END:       vct_demo_tui_move (self, G_MAXUINT); break;
    case VCT_DEMO_ACTION_ACTIVATE:  vct_demo_tui_activate (self); break;
    case VCT_DEMO_ACTION_COMMAND:   vct_demo_tui_command (self, command); break;
    case VCT_DEMO_ACTION_RELOAD:    vct_demo_screen_reload (self->screen); break;
    case VCT_DEMO_ACTION_HELP:      self->help_visible = !self->help_visible; break;
    case VCT_DEMO_ACTION_REDRAW:    clearok (curscr, TRUE); break;
    case VCT_DEMO_ACTION_QUIT:      vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK); break;
    case VCT_DEMO_ACTION_NONE:
    default:
      break;
    }
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
           && event.y < list_y + (int) vct_demo_tui_page_size (self)
           && !vct_demo_screen_is_list_hidden (self->screen)
           && (row = vct_list_model_get_row_index (self->screen->list, self->top + (guint) (event.y - list_y),
                                                   &is_row), is_row))
    {
      self->cursor = row;
      vct_demo_tui_activate (self);
    }
}

static void
vct_demo_tui_key (VctDemoTui *self, int key)
{
  const char *command = NULL;
  VctDemoAction action;

  g_clear_pointer (&self->notice, g_free);
  if (key == KEY_RESIZE)
    return; /* the terminal has resized itself: just draw */
  if (key == KEY_MOUSE)
    {
      vct_demo_tui_mouse (self);
      return;
    }
  if (self->screen->alert != NULL || self->detail != NULL)
    {
      /* Modal, like the original's alert: its button dismisses it; q still quits. */
      if (key == '\r' || key == '\n' || key == KEY_ENTER || key == ' ' || key == VCT_DEMO_KEY_ESCAPE
          || key == 'o')
        vct_demo_tui_press_dialog_button (self);
      else if (key == 'q')
        vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK);
      return;
    }
  if (self->help_visible)
    {
      self->help_visible = FALSE;
      return;
    }
  action = vct_demo_keys_action (self->keys, key, &command);
  vct_demo_tui_act (self, action, command);
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
  vct_demo_tui_update_spinner (self);
  vct_demo_tui_draw (self);
  vct_demo_tui_anchor_cursor (self);
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

/* ------------------------------------------------------------------ the view */

static void
vct_demo_tui_on_event (G_GNUC_UNUSED VctDemoScreen *screen, const VctDemoEvent *event, gpointer user_data)
{
  VctDemoTui *self = user_data;

  switch (event->kind)
    {
    case VCT_DEMO_EVENT_DETAIL:
      g_set_object (&self->detail, event->detail);
      break;
    case VCT_DEMO_EVENT_NOTICE:
      vct_demo_tui_set_notice (self, event->text);
      break;
    case VCT_DEMO_EVENT_DISMISS:
      vct_demo_tui_quit (self, VCT_DEMO_EXIT_OK);
      return;
    case VCT_DEMO_EVENT_ROWS:
      vct_demo_tui_follow_anchor (self);
      break;
    default:
      break;
    }
  vct_demo_tui_update_spinner (self);
  vct_demo_tui_draw (self);
}

/* Shows the screen full-screen and loads it, until q, Ctrl-C, the terminal closes or the
 * screen asks to be dismissed; returns the exit code. */
int
vct_demo_tui_run (VctDemoScreen *screen, const VctDemoOptions *options)
{
  VctDemoTui self = { .screen = screen, .button_y = -1, .exit_code = VCT_DEMO_EXIT_OK };
  g_autoptr (GError) error = NULL;

  if (!vct_demo_terminal_start (&error))
    {
      g_printerr ("vctable-demo: %s\n", error->message);
      return VCT_DEMO_EXIT_USAGE;
    }
  self.keys = vct_demo_keys_for_screen (screen->info->name);
  self.paint.utf8 = g_get_charset (NULL);
  self.loop = g_main_loop_new (NULL, FALSE);
  self.shown = g_ptr_array_new_with_free_func (vct_demo_tui_held_free);
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
  vct_demo_screen_select_after_load (screen, options->select);
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
