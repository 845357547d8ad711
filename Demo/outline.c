/* outline.c: where a sectioned list's rows and headers are when they are read as one
 * column: row numbers across sections (headers not counted) and lines (headers counted),
 * as the scripted views number rows and the full-screen list draws them, each mapped to
 * its flat position in the GListModel (section by section: the header, the rows, the
 * footer). A footer, which no screen has, takes no row number and no line.
 *
 * This is the one place where row numbers and lines meet flat positions. The list tells
 * where each section is (vct_list_model_get_section(), which also answers which section
 * holds a flat position); the outline adds what it does not: each section's first row
 * number and first line, headers and footers left out of the rows. It holds one entry
 * per section (never one per row), so a 100 000-row list costs what its sections cost;
 * a row number or a line is found by a binary search. */

#include "outline.h"

/**
 * vct_demo_outline_init:
 * @outline: (out caller-allocates): an outline to set up, empty
 */
void
vct_demo_outline_init (VctDemoOutline *outline)
{
  outline->list = NULL;
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

static VctRowRole
vct_demo_outline_role_at (GListModel *items,
                          guint       position)
{
  g_autoptr (VctRow) row = g_list_model_get_item (items, position);

  return row != NULL ? vct_row_get_role (row) : VCT_ROW_ROLE_ITEM;
}

/**
 * vct_demo_outline_update:
 * @outline: an outline
 * @list: the list it describes, settled (not inside its `items-changed`)
 *
 * Reads the list's sections: their ranges, and whether they start with a header and end
 * with a footer (two items read per section, no row).
 */
void
vct_demo_outline_update (VctDemoOutline *outline,
                         VctListModel   *list)
{
  GListModel *items = G_LIST_MODEL (list);
  guint n_sections = vct_list_model_get_n_sections (list);
  guint n_items = g_list_model_get_n_items (items);
  guint position = 0;

  outline->list = list;
  g_array_set_size (outline->sections, 0);
  outline->n_rows = 0;
  outline->n_lines = 0;
  while (outline->sections->len < n_sections)
    {
      VctDemoOutlineSection section = {
        .start = position,
        .first_row = outline->n_rows,
        .first_line = outline->n_lines,
      };
      guint end;

      /* A section without a single item has no flat position: the list answers for the
       * next section there (or for none, past the end). */
      if (position < n_items && vct_list_model_get_section (list, position, NULL, &end) == outline->sections->len)
        {
          section.has_header = vct_demo_outline_role_at (items, position) == VCT_ROW_ROLE_HEADER;
          section.n_rows = end - position - (section.has_header ? 1 : 0);
          if (section.n_rows > 0 && vct_demo_outline_role_at (items, end - 1) == VCT_ROW_ROLE_FOOTER)
            section.n_rows--;
          position = end;
        }
      outline->n_rows += section.n_rows;
      outline->n_lines += section.n_rows + (section.has_header ? 1 : 0);
      g_array_append_val (outline->sections, section);
    }
}

static const VctDemoOutlineSection *
vct_demo_outline_section (const VctDemoOutline *outline,
                          guint                 index)
{
  return &g_array_index (outline->sections, VctDemoOutlineSection, index);
}

/* The last section whose field at @offset (first_row or first_line) is at or
 * before @value: sections that take no row (line) share it with the next one,
 * which is the one that holds it. There must be a section. */
static guint
vct_demo_outline_search (const VctDemoOutline *outline,
                         guint                 value,
                         glong                 offset)
{
  guint low = 0;
  guint high = outline->sections->len;

  while (high - low > 1)
    {
      guint middle = low + (high - low) / 2;

      if (G_STRUCT_MEMBER (guint, vct_demo_outline_section (outline, middle), offset) <= value)
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
 * @section: (out) (optional): its section
 * @position: (out) (optional): its flat position
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
  s = vct_demo_outline_search (outline, row, G_STRUCT_OFFSET (VctDemoOutlineSection, first_row));
  found = vct_demo_outline_section (outline, s);
  if (section != NULL)
    *section = s;
  if (position != NULL)
    *position = found->start + (found->has_header ? 1 : 0) + (row - found->first_row);
  return TRUE;
}

/**
 * vct_demo_outline_find_line:
 * @outline: an outline
 * @line: a line, 0-based, headers counted
 * @position: (out): the flat position of the line's header or row
 *
 * Returns: %FALSE when there is no such line
 */
gboolean
vct_demo_outline_find_line (const VctDemoOutline *outline,
                            guint                 line,
                            guint                *position)
{
  const VctDemoOutlineSection *found;

  if (line >= outline->n_lines)
    return FALSE;
  found = vct_demo_outline_section (outline,
                                    vct_demo_outline_search (outline, line,
                                                             G_STRUCT_OFFSET (VctDemoOutlineSection, first_line)));
  /* A section's lines are its first items: the header, then the rows. */
  *position = found->start + (line - found->first_line);
  return TRUE;
}

/* The section holding flat @position, as the list answers (%NULL past the end), and in
 * *@first the flat position of its first row (after its header). */
static const VctDemoOutlineSection *
vct_demo_outline_section_at (const VctDemoOutline *outline,
                             guint                 position,
                             guint                *first)
{
  guint start;
  guint index = vct_list_model_get_section (outline->list, position, &start, NULL);
  const VctDemoOutlineSection *found;

  if (index >= outline->sections->len)
    return NULL;
  found = vct_demo_outline_section (outline, index);
  *first = start + (found->has_header ? 1 : 0);
  return found;
}

/**
 * vct_demo_outline_row_at:
 * @outline: an outline
 * @position: a flat position
 *
 * Returns: the number of the row at @position, or G_MAXUINT for a header, a footer or a
 *   position past the end
 */
guint
vct_demo_outline_row_at (const VctDemoOutline *outline,
                         guint                 position)
{
  const VctDemoOutlineSection *found;
  guint first;

  if (outline->n_rows == 0)
    return G_MAXUINT;
  found = vct_demo_outline_section_at (outline, position, &first);
  if (found == NULL || position < first || position - first >= found->n_rows)
    return G_MAXUINT;
  return found->first_row + (position - first);
}

/**
 * vct_demo_outline_row_near:
 * @outline: an outline
 * @position: a flat position (where a row was, say)
 *
 * Returns: the number of the row at @position (for a header, the row under it), else of
 *   the last row before it, else of the first row; G_MAXUINT when there is no row
 */
guint
vct_demo_outline_row_near (const VctDemoOutline *outline,
                           guint                 position)
{
  const VctDemoOutlineSection *found;
  guint first;
  guint offset;

  if (outline->n_rows == 0)
    return G_MAXUINT;
  found = vct_demo_outline_section_at (outline, position, &first);
  if (found == NULL)
    return outline->n_rows - 1;
  offset = position > first ? position - first : 0;
  if (offset < found->n_rows)
    return found->first_row + offset;
  return found->first_row + found->n_rows > 0 ? found->first_row + found->n_rows - 1 : 0;
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
  const VctDemoOutlineSection *found;

  if (under_header != NULL)
    *under_header = FALSE;
  if (!vct_demo_outline_find_row (outline, row, &section, NULL))
    return 0;
  found = vct_demo_outline_section (outline, section);
  if (under_header != NULL)
    *under_header = found->has_header && row == found->first_row;
  return found->first_line + (found->has_header ? 1 : 0) + (row - found->first_row);
}
