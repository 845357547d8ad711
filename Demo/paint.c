/* paint.c: drawing text on the curses screen: in a number of columns (cut at a character
 * boundary, or with an ellipsis), centered, and framed boxes.
 *
 * Text from a model goes through vct_demo_format_display() first: control characters
 * become spaces, and on a terminal that is not UTF-8 letters are transliterated, so a
 * title can never move the cursor or break the layout. */

#include "paint.h"

#include <curses.h>

#include "format.h"

/**
 * vct_demo_paint_text:
 * @paint: how the terminal shows text
 * @y: the line
 * @x: the column
 * @text: UTF-8 text
 * @max_columns: the room
 *
 * Draws @text at (@y, @x), cut to @max_columns columns.
 *
 * Returns: the columns used
 */
guint
vct_demo_paint_text (const VctDemoPaint *paint,
                     int                 y,
                     int                 x,
                     const char         *text,
                     int                 max_columns)
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

/**
 * vct_demo_paint_ellipsized:
 * @paint: how the terminal shows text
 * @y: the line
 * @x: the column
 * @text: UTF-8 text
 * @max_columns: the room
 *
 * Like vct_demo_paint_text(), ending in an ellipsis when @text does not fit.
 *
 * Returns: the columns used
 */
guint
vct_demo_paint_ellipsized (const VctDemoPaint *paint,
                           int                 y,
                           int                 x,
                           const char         *text,
                           int                 max_columns)
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

/**
 * vct_demo_paint_centered:
 * @paint: how the terminal shows text
 * @y: the line
 * @x: where the room starts
 * @width: the room
 * @text: UTF-8 text
 *
 * Draws @text centered in @width columns from @x.
 */
void
vct_demo_paint_centered (const VctDemoPaint *paint,
                         int                 y,
                         int                 x,
                         int                 width,
                         const char         *text)
{
  g_autofree char *shown = vct_demo_format_display (text, paint->utf8);
  guint columns = MIN (vct_demo_format_width (shown), (guint) MAX (width, 0));

  vct_demo_paint_text (paint, y, x + (width - (int) columns) / 2, shown, width);
}

/**
 * vct_demo_paint_width:
 * @paint: how the terminal shows text
 * @text: UTF-8 text
 *
 * Returns: how many columns @text takes once drawn
 */
guint
vct_demo_paint_width (const VctDemoPaint *paint,
                      const char         *text)
{
  g_autofree char *shown = vct_demo_format_display (text, paint->utf8);

  return vct_demo_format_width (shown);
}

/**
 * vct_demo_paint_box:
 * @y: the top line
 * @x: the left column
 * @height: lines, frame included
 * @width: columns, frame included
 *
 * Draws a framed, cleared rectangle.
 */
void
vct_demo_paint_box (int y,
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
