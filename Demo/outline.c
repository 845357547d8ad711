/* outline.c: where a sectioned list's rows and headers are when they are read as one
 * column: row numbers across sections (headers not counted), and lines (headers counted),
 * as the scripted views number rows and the full-screen list draws them.
 *
 * The outline holds one entry per section (never one per row), so a 100 000-row list
 * costs what its sections cost; lookups are binary searches. */

#include "outline.h"

/**
 * vct_demo_outline_init:
 * @outline: (out caller-allocates): an outline to set up, empty
 */
void
vct_demo_outline_init (VctDemoOutline *outline)
{
  outline->sections = g_array_new (FALSE, TRUE, sizeof (VctDemoOutlineSection));
  outline->n_rows = 0;
  outline->n_lines = 0;
}

/**
 * vct_demo_outline_clear:
 * @outline: an outline
 *
 * Frees what the outline holds.
 */
void
vct_demo_outline_clear (VctDemoOutline *outline)
{
  g_clear_pointer (&outline->sections, g_array_unref);
}

/**
 * vct_demo_outline_update:
 * @outline: an outline
 * @list: the list it describes
 *
 * Reads the list's sections (their sizes and whether they have a header; no row is read).
 */
void
vct_demo_outline_update (VctDemoOutline *outline,
                         VctListModel   *list)
{
  guint n_sections = vct_list_model_get_n_sections (list);

  g_array_set_size (outline->sections, n_sections);
  outline->n_rows = 0;
  outline->n_lines = 0;
  for (guint s = 0; s < n_sections; s++)
    {
      VctDemoOutlineSection *section = &g_array_index (outline->sections, VctDemoOutlineSection, s);

      section->first_row = outline->n_rows;
      section->first_line = outline->n_lines;
      section->n_rows = vct_list_model_get_n_items (list, s);
      section->has_header = vct_list_model_get_header (list, s) != NULL;
      outline->n_rows += section->n_rows;
      outline->n_lines += section->n_rows + (section->has_header ? 1 : 0);
    }
}

/* The last section whose first row (by_line: first line) is at or before @value. */
static guint
vct_demo_outline_search (const VctDemoOutline *outline,
                         guint                 value,
                         gboolean              by_line)
{
  guint low = 0;
  guint high = outline->sections->len;

  while (high - low > 1)
    {
      guint middle = low + (high - low) / 2;
      const VctDemoOutlineSection *section = &g_array_index (outline->sections, VctDemoOutlineSection, middle);

      if ((by_line ? section->first_line : section->first_row) <= value)
        low = middle;
      else
        high = middle;
    }
  return low;
}

/**
 * vct_demo_outline_find_row:
 * @outline: an outline
 * @row: a row number, 0-based across sections
 * @section: (out): its section
 * @position: (out): its position in the section
 *
 * Returns: %FALSE when there is no such row
 */
gboolean
vct_demo_outline_find_row (const VctDemoOutline *outline,
                           guint                 row,
                           guint                *section,
                           guint                *position)
{
  guint s;
  const VctDemoOutlineSection *found;

  if (row >= outline->n_rows)
    return FALSE;
  s = vct_demo_outline_search (outline, row, FALSE);
  /* An empty section shares its first row with the next one (the search finds the last). */
  while (g_array_index (outline->sections, VctDemoOutlineSection, s).n_rows == 0
         && s + 1 < outline->sections->len)
    s++;
  found = &g_array_index (outline->sections, VctDemoOutlineSection, s);
  *section = s;
  *position = row - found->first_row;
  return TRUE;
}

/**
 * vct_demo_outline_find_line:
 * @outline: an outline
 * @line: a line, 0-based, headers counted
 * @section: (out): the line's section
 * @position: (out): the row's position in the section, or -1 for the section's header
 *
 * Returns: %FALSE when there is no such line
 */
gboolean
vct_demo_outline_find_line (const VctDemoOutline *outline,
                            guint                 line,
                            guint                *section,
                            gint                 *position)
{
  guint s;
  const VctDemoOutlineSection *found;
  guint offset;

  if (line >= outline->n_lines)
    return FALSE;
  s = vct_demo_outline_search (outline, line, TRUE);
  /* A section with neither a header nor rows takes no line (the search finds the last). */
  found = &g_array_index (outline->sections, VctDemoOutlineSection, s);
  while (found->n_rows == 0 && !found->has_header && s + 1 < outline->sections->len)
    found = &g_array_index (outline->sections, VctDemoOutlineSection, ++s);
  offset = line - found->first_line;
  *section = s;
  if (found->has_header)
    *position = offset == 0 ? -1 : (gint) (offset - 1);
  else
    *position = (gint) offset;
  return TRUE;
}

/**
 * vct_demo_outline_row_number:
 * @outline: an outline
 * @section: a section
 * @position: a row of it
 *
 * Returns: the row's number across sections (G_MAXUINT when out of range)
 */
guint
vct_demo_outline_row_number (const VctDemoOutline *outline,
                             guint                 section,
                             guint                 position)
{
  const VctDemoOutlineSection *found;

  if (section >= outline->sections->len)
    return G_MAXUINT;
  found = &g_array_index (outline->sections, VctDemoOutlineSection, section);
  return position < found->n_rows ? found->first_row + position : G_MAXUINT;
}

/**
 * vct_demo_outline_line_of_row:
 * @outline: an outline
 * @row: a row number that exists
 * @under_header: (out) (optional): whether the line above is the row's section header
 *
 * Returns: the row's line
 */
guint
vct_demo_outline_line_of_row (const VctDemoOutline *outline,
                              guint                 row,
                              gboolean             *under_header)
{
  guint section = 0;
  guint position = 0;
  const VctDemoOutlineSection *found;

  if (under_header != NULL)
    *under_header = FALSE;
  if (!vct_demo_outline_find_row (outline, row, &section, &position))
    return 0;
  found = &g_array_index (outline->sections, VctDemoOutlineSection, section);
  if (under_header != NULL)
    *under_header = found->has_header && position == 0;
  return found->first_line + (found->has_header ? 1 : 0) + position;
}
