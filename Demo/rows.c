/* rows.c: how a row of each kind reads: one line for the scripted views, and columns for
 * the full-screen list, from a table with one entry per row type and a generic fallback
 * (the kind and its properties), so a new row type shows without view code.
 *
 * Every value is read from the row object's properties (g_object_get) when the row is
 * shown (the list is virtualized: only the rows on screen, or asked for by `show`, are
 * read), and text is made safe for one line (control characters become spaces). */

#include "demo.h"

#include <string.h>


/* What a drawing may depend on besides the row. */
typedef struct {
  gboolean utf8;           /* the terminal shows UTF-8 */
  guint    spinner_frame;  /* advances while something spins */
} VctDemoRowStyle;

typedef struct {
  GType   (*get_type) (void);
  char   *(*line)     (VctRow *row);
  void    (*cells)    (VctRow *row, const VctDemoRowStyle *style, VctDemoRowCells *cells);
} VctDemoRowFormat;

/* A string property as one line of text ("" when unset). */
static char *
vct_demo_rows_get (VctRow *row, const char *property)
{
  g_autofree char *value = NULL;

  g_object_get (row, property, &value, NULL);
  return vct_demo_format_plain (value);
}

static gboolean
vct_demo_rows_get_boolean (VctRow *row, const char *property)
{
  gboolean value = FALSE;

  g_object_get (row, property, &value, NULL);
  return value;
}

/* -------------------------------------------------- the photo table: PhotoCellView */

/* "Entry ID: 1 | <title> | album 1" */
static char *
vct_demo_rows_photo_cell_line (VctRow *row)
{
  g_autofree char *entry = vct_demo_rows_get (row, "entry");
  g_autofree char *title = vct_demo_rows_get (row, "title");
  gint64 album_id = 0;

  g_object_get (row, "album-id", &album_id, NULL);
  return g_strdup_printf ("%s | %s | album %" G_GINT64_FORMAT, entry, title, album_id);
}

static void
vct_demo_rows_photo_cell_cells (VctRow *row, G_GNUC_UNUSED const VctDemoRowStyle *style, VctDemoRowCells *cells)
{
  gint64 album_id = 0;

  g_object_get (row, "album-id", &album_id, NULL);
  cells->lead = vct_demo_rows_get (row, "entry");
  cells->lead_width = sizeof "Entry ID: 9999" - 1;
  cells->lead_style = VCT_DEMO_CELL_BOLD;
  cells->text = vct_demo_rows_get (row, "title");
  cells->trailing = g_strdup_printf ("album %" G_GINT64_FORMAT, album_id);
}

/* ------------------------------------------------------- the feed: MemberRowView */

/* How the follow state reads in a script: the button's label. */
static const char *
vct_demo_rows_follow_label (VctRow *row)
{
  VctFollowState state = VCT_FOLLOW_STATE_NORMAL;

  g_object_get (row, "follow-state", &state, NULL);
  switch (state)
    {
    case VCT_FOLLOW_STATE_CHECKED: return "following";
    case VCT_FOLLOW_STATE_LOADING: return "loading";
    case VCT_FOLLOW_STATE_NORMAL:
    default:                       return "follow";
    }
}

/* The last segment of @uri's path ("avatar-3.png" of a resource:// or https:// URI):
 * what a terminal has room to show of an image. Takes @uri. */
static char *
vct_demo_rows_file_name (char *uri)
{
  const char *slash = uri != NULL ? strrchr (uri, '/') : NULL;
  char *name;

  if (slash == NULL || slash[1] == '\0')
    return uri;
  name = g_strdup (slash + 1);
  g_free (uri);
  return name;
}

/* "[member] Tim (following)"; "(follow)" is the button, "(loading)" while it spins */
static char *
vct_demo_rows_member_line (VctRow *row)
{
  g_autofree char *name = vct_demo_rows_get (row, "name");

  return g_strdup_printf ("[member] %s (%s)", name, vct_demo_rows_follow_label (row));
}

static void
vct_demo_rows_member_cells (VctRow *row, const VctDemoRowStyle *style, VctDemoRowCells *cells)
{
  static const char ascii_frames[] = "|/-\\";
  gboolean spinning = vct_demo_rows_get_boolean (row, "spinning");
  gboolean button_enabled = vct_demo_rows_get_boolean (row, "button-enabled");

  cells->lead = g_strdup ("member");
  cells->text = vct_demo_rows_get (row, "name");
  cells->text_style = VCT_DEMO_CELL_BOLD;
  cells->detail = vct_demo_rows_file_name (vct_demo_rows_get (row, "avatar-url"));
  if (spinning)
    cells->trailing = g_strdup_printf ("%c following...", ascii_frames[style->spinner_frame % 4]);
  else if (vct_demo_rows_get_boolean (row, "button-hidden"))
    cells->trailing = NULL;
  else if (button_enabled)
    cells->trailing = g_strdup ("[ Follow ]");
  else
    cells->trailing = g_strdup (style->utf8 ? "[ \u2713 Following ]" : "[ Following ]");
  if (spinning)
    cells->trailing_style = VCT_DEMO_CELL_BOLD;
  else
    cells->trailing_style = button_enabled ? VCT_DEMO_CELL_BUTTON : VCT_DEMO_CELL_DISABLED;
}

/* -------------------------------------------------------- the feed: PhotoRowView */

/* "[photo] Lantern market | 2026-11-20 11:34" */
static char *
vct_demo_rows_photo_row_line (VctRow *row)
{
  g_autofree char *title = vct_demo_rows_get (row, "title");
  g_autofree char *date = vct_demo_rows_get (row, "date");

  return g_strdup_printf ("[photo] %s | %s", title, date);
}

static void
vct_demo_rows_photo_row_cells (VctRow *row, G_GNUC_UNUSED const VctDemoRowStyle *style, VctDemoRowCells *cells)
{
  cells->lead = g_strdup ("photo");
  cells->text = vct_demo_rows_get (row, "title");
  cells->detail = vct_demo_rows_get (row, "description");
  cells->trailing = vct_demo_rows_get (row, "date");
}

/* ----------------------------------------------------- the song picker: SongRowView */

/* Check boxes while picking, radio buttons while listening (one plays). */
static const char *
vct_demo_rows_song_mark (const char *mode)
{
  if (g_strcmp0 (mode, "selected") == 0)
    return "[x]";
  if (g_strcmp0 (mode, "unselected") == 0)
    return "[ ]";
  if (g_strcmp0 (mode, "playing") == 0)
    return "(>)";
  return "( )";
}

/* "[x] Open Horizon | Guided breathing | 14:54" */
static char *
vct_demo_rows_song_line (VctRow *row)
{
  g_autofree char *mode = vct_demo_rows_get (row, "mode");
  g_autofree char *title = vct_demo_rows_get (row, "title");
  g_autofree char *subtitle = vct_demo_rows_get (row, "subtitle");
  g_autofree char *duration = vct_demo_rows_get (row, "duration");

  return g_strdup_printf ("%s %s | %s | %s", vct_demo_rows_song_mark (mode), title, subtitle, duration);
}

static void
vct_demo_rows_song_cells (VctRow *row, const VctDemoRowStyle *style, VctDemoRowCells *cells)
{
  g_autofree char *mode = vct_demo_rows_get (row, "mode");
  gboolean playing = g_str_equal (mode, "playing");

  cells->lead = g_strdup (playing && style->utf8 ? "(\u25b6)" : vct_demo_rows_song_mark (mode));
  cells->lead_style = playing ? VCT_DEMO_CELL_BOLD : VCT_DEMO_CELL_PLAIN;
  cells->text = vct_demo_rows_get (row, "title");
  cells->text_style = playing ? VCT_DEMO_CELL_BOLD : VCT_DEMO_CELL_PLAIN;
  cells->detail = vct_demo_rows_get (row, "subtitle");
  cells->trailing = vct_demo_rows_get (row, "duration");
}

/* ------------------------------------------------------ headers: DayHeaderView */

static char *
vct_demo_rows_title_line (VctRow *row)
{
  return vct_demo_rows_get (row, "title");
}

/* ------------------------------------------------------ any other type: a fallback */

/* A property's value as text: a string as it is, a boolean as true/false, an enum by its
 * nick, anything else as GLib writes it (a number in decimal). */
static char *
vct_demo_rows_value_text (GParamSpec *pspec, const GValue *value)
{
  g_auto (GValue) text = G_VALUE_INIT;

  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    return g_strdup (g_value_get_boolean (value) ? "true" : "false");
  if (G_IS_PARAM_SPEC_ENUM (pspec))
    {
      GEnumValue *found = g_enum_get_value (G_PARAM_SPEC_ENUM (pspec)->enum_class, g_value_get_enum (value));

      return g_strdup (found != NULL ? found->value_nick : "");
    }
  g_value_init (&text, G_TYPE_STRING);
  if (!g_value_transform (value, &text))
    return g_strdup ("");
  return vct_demo_format_plain (g_value_get_string (&text));
}

/* "name=value name=value ..." for every property of the row's own type (not the kind
 * and role every row has), in the order the type declares them. */
static char *
vct_demo_rows_properties (VctRow *row)
{
  guint n_pspecs = 0;
  g_autofree GParamSpec **pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (row), &n_pspecs);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n_pspecs; i++)
    {
      g_auto (GValue) value = G_VALUE_INIT;
      g_autofree char *value_text = NULL;

      if (pspecs[i]->owner_type == VCT_TYPE_ROW || !(pspecs[i]->flags & G_PARAM_READABLE))
        continue;
      g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspecs[i]));
      g_object_get_property (G_OBJECT (row), pspecs[i]->name, &value);
      value_text = vct_demo_rows_value_text (pspecs[i], &value);
      g_string_append_printf (text, "%s%s=%s", text->len > 0 ? " " : "", pspecs[i]->name, value_text);
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
vct_demo_rows_generic_cells (VctRow *row, G_GNUC_UNUSED const VctDemoRowStyle *style, VctDemoRowCells *cells)
{
  const char *kind = vct_row_get_kind (row);

  cells->lead = g_strdup (kind != NULL ? kind : "row");
  cells->text = vct_demo_rows_properties (row);
}

static const VctDemoRowFormat formats[] = {
  { vct_photo_row_get_type,      vct_demo_rows_photo_cell_line, vct_demo_rows_photo_cell_cells },
  { vct_member_row_get_type,     vct_demo_rows_member_line,     vct_demo_rows_member_cells },
  { vct_feed_photo_row_get_type, vct_demo_rows_photo_row_line,  vct_demo_rows_photo_row_cells },
  { vct_song_row_get_type,       vct_demo_rows_song_line,       vct_demo_rows_song_cells },
  { vct_day_header_row_get_type, vct_demo_rows_title_line,      NULL },
};

static const VctDemoRowFormat generic = {
  NULL, vct_demo_rows_generic_line, vct_demo_rows_generic_cells
};

static const VctDemoRowFormat *
vct_demo_rows_format (VctRow *row)
{
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (row, formats[i].get_type ()))
      return &formats[i];
  return &generic;
}

/* Returns the row as a script prints it after "row N: " */
char *
vct_demo_rows_line (VctRow *row)
{
  return vct_demo_rows_format (row)->line (row);
}

/* Returns the header as a script prints it after "section S: " (a
 * header's `title`, "2026-11-20"; for a kind without one, its kind and properties) */
char *
vct_demo_rows_header_line (VctRow *header)
{
  GParamSpec *title = g_object_class_find_property (G_OBJECT_GET_CLASS (header), "title");

  if (title != NULL && G_PARAM_SPEC_VALUE_TYPE (title) == G_TYPE_STRING)
    return vct_demo_rows_title_line (header);
  return vct_demo_rows_generic_line (header);
}

/* The row's columns in the full-screen list; clear with vct_demo_rows_cells_clear(). */
void
vct_demo_rows_cells (VctRow *row, gboolean utf8, guint spinner_frame, VctDemoRowCells *cells)
{
  const VctDemoRowFormat *format = vct_demo_rows_format (row);
  VctDemoRowStyle style = { utf8, spinner_frame };

  *cells = (VctDemoRowCells) { 0 };
  (format->cells != NULL ? format->cells : generic.cells) (row, &style, cells);
}

void
vct_demo_rows_cells_clear (VctDemoRowCells *cells)
{
  g_clear_pointer (&cells->lead, g_free);
  g_clear_pointer (&cells->text, g_free);
  g_clear_pointer (&cells->detail, g_free);
  g_clear_pointer (&cells->trailing, g_free);
}
