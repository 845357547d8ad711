/* rows.c: how a row of each kind reads: one line for the scripted views, and columns for
 * the full-screen list, from a table with one entry per kind and a generic fallback (the
 * kind and its properties), so a new row kind shows without view code.
 *
 * Every value is read by name with vct_row_dup_string() when the row is shown (the list
 * is virtualized: only the rows on screen, or asked for by `show`, are read), and made
 * safe for one line (control characters become spaces). */

#include "rows.h"

#include "format.h"

typedef struct {
  const char *kind;
  char     *(*line)  (VctRow *row);
  void      (*cells) (VctRow *row, const VctDemoRowStyle *style, VctDemoRowCells *cells);
} VctDemoRowFormat;

/* A property as one line of text ("" when the row has no such property). */
static char *
vct_demo_rows_get (VctRow     *row,
                   const char *property)
{
  g_autofree char *value = vct_row_dup_string (row, property);

  return vct_demo_format_plain (value);
}

static gboolean
vct_demo_rows_is (VctRow     *row,
                  const char *property,
                  const char *value)
{
  g_autofree char *now = vct_row_dup_string (row, property);

  return g_strcmp0 (now, value) == 0;
}

/* ------------------------------------------------------ the photo table: PhotoCell */

/* "Entry ID: 1 | <title> | album 1" */
static char *
vct_demo_rows_photo_cell_line (VctRow *row)
{
  g_autofree char *entry = vct_demo_rows_get (row, "entry");
  g_autofree char *title = vct_demo_rows_get (row, "title");
  g_autofree char *album = vct_demo_rows_get (row, "albumId");

  return g_strdup_printf ("%s | %s | album %s", entry, title, album);
}

static void
vct_demo_rows_photo_cell_cells (VctRow                *row,
                                const VctDemoRowStyle *style,
                                VctDemoRowCells       *cells)
{
  g_autofree char *album = vct_demo_rows_get (row, "albumId");

  (void) style;
  cells->lead = vct_demo_rows_get (row, "entry");
  cells->lead_width = sizeof "Entry ID: 9999" - 1;
  cells->lead_style = VCT_DEMO_CELL_BOLD;
  cells->text = vct_demo_rows_get (row, "title");
  cells->trailing = g_strdup_printf ("album %s", album);
}

/* ----------------------------------------------------------- the feed: MemberRow */

/* How the follow state reads in a script: the button's label. */
static const char *
vct_demo_rows_follow_label (VctRow *row)
{
  if (vct_demo_rows_is (row, "followState", "checked"))
    return "following";
  if (vct_demo_rows_is (row, "followState", "loading"))
    return "loading";
  return "follow";
}

/* "[member] Tim (following)"; "(follow)" is the button, "(loading)" while it spins */
static char *
vct_demo_rows_member_line (VctRow *row)
{
  g_autofree char *name = vct_demo_rows_get (row, "name");

  return g_strdup_printf ("[member] %s (%s)", name, vct_demo_rows_follow_label (row));
}

static void
vct_demo_rows_member_cells (VctRow                *row,
                            const VctDemoRowStyle *style,
                            VctDemoRowCells       *cells)
{
  static const char ascii_frames[] = "|/-\\";

  cells->lead = g_strdup ("member");
  cells->text = vct_demo_rows_get (row, "name");
  cells->text_style = VCT_DEMO_CELL_BOLD;
  cells->detail = vct_demo_rows_get (row, "avatarUrl");
  if (vct_row_get_boolean (row, "spinning"))
    cells->trailing = g_strdup_printf ("%c following...", ascii_frames[style->spinner_frame % 4]);
  else if (vct_row_get_boolean (row, "buttonHidden"))
    cells->trailing = NULL;
  else if (vct_row_get_boolean (row, "buttonEnabled"))
    cells->trailing = g_strdup ("[ Follow ]");
  else
    cells->trailing = g_strdup (style->utf8 ? "[ \u2713 Following ]" : "[ Following ]");
  cells->trailing_style = vct_row_get_boolean (row, "buttonEnabled") ? VCT_DEMO_CELL_BUTTON
                                                                     : VCT_DEMO_CELL_DISABLED;
  if (vct_row_get_boolean (row, "spinning"))
    cells->trailing_style = VCT_DEMO_CELL_BOLD;
}

/* ------------------------------------------------------------ the feed: PhotoRow */

/* "[photo] Lantern market | 2026-11-20 11:34" */
static char *
vct_demo_rows_photo_row_line (VctRow *row)
{
  g_autofree char *title = vct_demo_rows_get (row, "title");
  g_autofree char *date = vct_demo_rows_get (row, "date");

  return g_strdup_printf ("[photo] %s | %s", title, date);
}

static void
vct_demo_rows_photo_row_cells (VctRow                *row,
                               const VctDemoRowStyle *style,
                               VctDemoRowCells       *cells)
{
  (void) style;
  cells->lead = g_strdup ("photo");
  cells->text = vct_demo_rows_get (row, "title");
  cells->detail = vct_demo_rows_get (row, "description");
  cells->trailing = vct_demo_rows_get (row, "date");
}

/* --------------------------------------------------------- the song picker: SongRow */

/* Check boxes while picking, radio buttons while listening (one plays). */
static const char *
vct_demo_rows_song_mark (VctRow *row)
{
  if (vct_demo_rows_is (row, "mode", "selected"))
    return "[x]";
  if (vct_demo_rows_is (row, "mode", "unselected"))
    return "[ ]";
  if (vct_demo_rows_is (row, "mode", "playing"))
    return "(>)";
  return "( )";
}

/* "[x] Open Horizon | Guided breathing | 14:54" */
static char *
vct_demo_rows_song_line (VctRow *row)
{
  g_autofree char *title = vct_demo_rows_get (row, "title");
  g_autofree char *subtitle = vct_demo_rows_get (row, "subtitle");
  g_autofree char *duration = vct_demo_rows_get (row, "duration");

  return g_strdup_printf ("%s %s | %s | %s", vct_demo_rows_song_mark (row), title, subtitle, duration);
}

static void
vct_demo_rows_song_cells (VctRow                *row,
                          const VctDemoRowStyle *style,
                          VctDemoRowCells       *cells)
{
  gboolean playing = vct_demo_rows_is (row, "mode", "playing");

  cells->lead = g_strdup (playing && style->utf8 ? "(\u25b6)" : vct_demo_rows_song_mark (row));
  cells->lead_style = playing ? VCT_DEMO_CELL_BOLD : VCT_DEMO_CELL_PLAIN;
  cells->text = vct_demo_rows_get (row, "title");
  cells->text_style = playing ? VCT_DEMO_CELL_BOLD : VCT_DEMO_CELL_PLAIN;
  cells->detail = vct_demo_rows_get (row, "subtitle");
  cells->trailing = vct_demo_rows_get (row, "duration");
}

/* ------------------------------------------------------------- headers: DayHeader */

static char *
vct_demo_rows_title_line (VctRow *row)
{
  return vct_demo_rows_get (row, "title");
}

/* ------------------------------------------------------ any other kind: a fallback */

/* "name=value name=value ..." for every property, in display order. */
static char *
vct_demo_rows_properties (VctRow *row)
{
  g_auto (GStrv) names = vct_row_dup_property_names (row);
  GString *text = g_string_new (NULL);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *value = vct_demo_rows_get (row, names[i]);

      g_string_append_printf (text, "%s%s=%s", i > 0 ? " " : "", names[i], value);
    }
  return g_string_free (text, FALSE);
}

/* "[Kind] name=value name=value" */
static char *
vct_demo_rows_generic_line (VctRow *row)
{
  g_autofree char *properties = vct_demo_rows_properties (row);
  const char *kind = vct_row_get_kind (row);

  return g_strdup_printf ("[%s] %s", kind != NULL ? kind : "row", properties);
}

static void
vct_demo_rows_generic_cells (VctRow                *row,
                             const VctDemoRowStyle *style,
                             VctDemoRowCells       *cells)
{
  const char *kind = vct_row_get_kind (row);

  (void) style;
  cells->lead = g_strdup (kind != NULL ? kind : "row");
  cells->text = vct_demo_rows_properties (row);
}

static const VctDemoRowFormat formats[] = {
  { "PhotoCell", vct_demo_rows_photo_cell_line, vct_demo_rows_photo_cell_cells },
  { "MemberRow", vct_demo_rows_member_line,     vct_demo_rows_member_cells },
  { "PhotoRow",  vct_demo_rows_photo_row_line,  vct_demo_rows_photo_row_cells },
  { "SongRow",   vct_demo_rows_song_line,       vct_demo_rows_song_cells },
  { "DayHeader", vct_demo_rows_title_line,      NULL },
};

static const VctDemoRowFormat generic = {
  NULL, vct_demo_rows_generic_line, vct_demo_rows_generic_cells
};

static const VctDemoRowFormat *
vct_demo_rows_format (VctRow *row)
{
  const char *kind = vct_row_get_kind (row);

  for (gsize i = 0; kind != NULL && i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (formats[i].kind, kind))
      return &formats[i];
  return &generic;
}

/**
 * vct_demo_rows_line:
 * @row: a row
 *
 * Returns: (transfer full): the row as a script prints it after "row N: "
 */
char *
vct_demo_rows_line (VctRow *row)
{
  return vct_demo_rows_format (row)->line (row);
}

/**
 * vct_demo_rows_header_line:
 * @header: a section header
 *
 * Returns: (transfer full): the header as a script prints it after "section S: " (a
 *   header's `title`, "2026-11-20"; for a kind without one, its kind and properties)
 */
char *
vct_demo_rows_header_line (VctRow *header)
{
  if (vct_row_get_property_type (header, "title") != VCT_PROPERTY_TYPE_NONE)
    return vct_demo_rows_title_line (header);
  return vct_demo_rows_generic_line (header);
}

/**
 * vct_demo_rows_cells:
 * @row: a row
 * @style: how the terminal draws
 * @cells: (out caller-allocates): the row's columns; clear with vct_demo_rows_cells_clear()
 */
void
vct_demo_rows_cells (VctRow                *row,
                     const VctDemoRowStyle *style,
                     VctDemoRowCells       *cells)
{
  const VctDemoRowFormat *format = vct_demo_rows_format (row);

  *cells = (VctDemoRowCells) { 0 };
  (format->cells != NULL ? format->cells : generic.cells) (row, style, cells);
}

/**
 * vct_demo_rows_cells_clear:
 * @cells: cells filled by vct_demo_rows_cells()
 */
void
vct_demo_rows_cells_clear (VctDemoRowCells *cells)
{
  g_clear_pointer (&cells->lead, g_free);
  g_clear_pointer (&cells->text, g_free);
  g_clear_pointer (&cells->detail, g_free);
  g_clear_pointer (&cells->trailing, g_free);
}
