/* rows.c: how a row of each kind reads: one line for the scripted views, and columns for
 * the full-screen list, from a table with one entry per row type and a generic fallback
 * (the kind and its properties), so a new row type shows without view code.
 *
 * Every value is read from the row object's properties (g_object_get) when the row is
 * shown (the list is virtualized: only the rows on screen, or asked for by `show`, are
 * read), and text is made safe for one line (control characters become spaces). */

#include "demo.h"

#include <string.h>

/* Each type's function fills the row's columns and returns its line. */
typedef char *(*VctDemoRowFormat) (VctRow *row, gboolean utf8, guint spinner_frame, VctDemoRowCells *cells);

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

/* The photo table's PhotoCellView: "Entry ID: 1 | <title> | album 1". */
static char *
vct_demo_rows_photo_cell (VctRow *row, G_GNUC_UNUSED gboolean utf8, G_GNUC_UNUSED guint frame,
                          VctDemoRowCells *cells)
{
  gint64 album_id = 0;

  g_object_get (row, "album-id", &album_id, NULL);
  cells->lead = vct_demo_rows_get (row, "entry");
  cells->lead_width = sizeof "Entry ID: 9999" - 1;
  cells->lead_style = VCT_DEMO_CELL_BOLD;
  cells->text = vct_demo_rows_get (row, "title");
  cells->trailing = g_strdup_printf ("album %" G_GINT64_FORMAT, album_id);
  return g_strdup_printf ("%s | %s | %s", cells->lead, cells->text, cells->trailing);
}

/* The feed's MemberRowView: "[member] Tim (following)", the follow state as the button's
 * label ("(loading)" while it spins); on screen the avatar's file name and the button. */
static char *
vct_demo_rows_member (VctRow *row, gboolean utf8, guint frame, VctDemoRowCells *cells)
{
  static const char *const labels[] = { "follow", "loading", "following" };
  gboolean spinning = vct_demo_rows_get_boolean (row, "spinning");
  gboolean button_enabled = vct_demo_rows_get_boolean (row, "button-enabled");
  g_autofree char *avatar = vct_demo_rows_get (row, "avatar-url");
  const char *slash = strrchr (avatar, '/');
  VctFollowState state = VCT_FOLLOW_STATE_NORMAL;

  g_object_get (row, "follow-state", &state, NULL);
  cells->lead = g_strdup ("member");
  cells->text = vct_demo_rows_get (row, "name");
  cells->text_style = VCT_DEMO_CELL_BOLD;
  cells->detail = g_strdup (slash != NULL && slash[1] != '\0' ? slash + 1 : avatar);
  if (spinning)
    cells->trailing = g_strdup_printf ("%c following...", "|/-\\"[frame % 4]);
  else if (!vct_demo_rows_get_boolean (row, "button-hidden"))
    cells->trailing = g_strdup (button_enabled ? "[ Follow ]" : utf8 ? "[ \u2713 Following ]" : "[ Following ]");
  cells->trailing_style = spinning ? VCT_DEMO_CELL_BOLD : button_enabled ? VCT_DEMO_CELL_BUTTON : VCT_DEMO_CELL_DISABLED;
  return g_strdup_printf ("[member] %s (%s)", cells->text, labels[CLAMP ((int) state, 0, 2)]);
}

/* The feed's PhotoRowView: "[photo] Lantern market | 2026-11-20 11:34". */
static char *
vct_demo_rows_feed_photo (VctRow *row, G_GNUC_UNUSED gboolean utf8, G_GNUC_UNUSED guint frame,
                          VctDemoRowCells *cells)
{
  cells->lead = g_strdup ("photo");
  cells->text = vct_demo_rows_get (row, "title");
  cells->detail = vct_demo_rows_get (row, "description");
  cells->trailing = vct_demo_rows_get (row, "date");
  return g_strdup_printf ("[photo] %s | %s", cells->text, cells->trailing);
}

/* The song picker's SongRowView: "[x] Open Horizon | Guided breathing | 14:54": check
 * boxes while picking, radio buttons while listening (one plays). */
static char *
vct_demo_rows_song (VctRow *row, gboolean utf8, G_GNUC_UNUSED guint frame, VctDemoRowCells *cells)
{
  g_autofree char *mode = vct_demo_rows_get (row, "mode");
  gboolean playing = g_str_equal (mode, "playing");
  const char *mark = g_str_equal (mode, "selected") ? "[x]" : g_str_equal (mode, "unselected") ? "[ ]"
                     : playing ? "(>)" : "( )";

  cells->lead = g_strdup (playing && utf8 ? "(\u25b6)" : mark);
  cells->lead_style = cells->text_style = playing ? VCT_DEMO_CELL_BOLD : VCT_DEMO_CELL_PLAIN;
  cells->text = vct_demo_rows_get (row, "title");
  cells->detail = vct_demo_rows_get (row, "subtitle");
  cells->trailing = vct_demo_rows_get (row, "duration");
  return g_strdup_printf ("%s %s | %s | %s", mark, cells->text, cells->detail, cells->trailing);
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

/* "[Kind] name=value name=value"; lead: the kind, text: the properties. */
static char *
vct_demo_rows_generic (VctRow *row, G_GNUC_UNUSED gboolean utf8, G_GNUC_UNUSED guint frame, VctDemoRowCells *cells)
{
  const char *kind = vct_row_get_kind (row);

  cells->lead = g_strdup (kind != NULL ? kind : "row");
  cells->text = vct_demo_rows_properties (row);
  return g_strdup_printf ("[%s] %s", cells->lead, cells->text);
}


static VctDemoRowFormat
vct_demo_rows_format (VctRow *row)
{
  if (VCT_IS_PHOTO_ROW (row))
    return vct_demo_rows_photo_cell;
  if (VCT_IS_MEMBER_ROW (row))
    return vct_demo_rows_member;
  if (VCT_IS_FEED_PHOTO_ROW (row))
    return vct_demo_rows_feed_photo;
  if (VCT_IS_SONG_ROW (row))
    return vct_demo_rows_song;
  return vct_demo_rows_generic;
}

/* The row as a script prints it after "row N: ". */
char *
vct_demo_rows_line (VctRow *row)
{
  VctDemoRowCells cells = { 0 };
  char *line = vct_demo_rows_format (row) (row, FALSE, 0, &cells);

  vct_demo_rows_cells_clear (&cells);
  return line;
}

/* A header as a script prints it after "section S: ": its `title` ("2026-11-20"), or
 * for a kind without one, as any other row. */
char *
vct_demo_rows_header_line (VctRow *header)
{
  GParamSpec *title = g_object_class_find_property (G_OBJECT_GET_CLASS (header), "title");

  if (title != NULL && G_PARAM_SPEC_VALUE_TYPE (title) == G_TYPE_STRING)
    return vct_demo_rows_get (header, "title");
  return vct_demo_rows_line (header);
}

/* The row's columns in the full-screen list; clear with vct_demo_rows_cells_clear(). */
void
vct_demo_rows_cells (VctRow *row, gboolean utf8, guint spinner_frame, VctDemoRowCells *cells)
{
  *cells = (VctDemoRowCells) { 0 };
  g_free (vct_demo_rows_format (row) (row, utf8, spinner_frame, cells));
}

void
vct_demo_rows_cells_clear (VctDemoRowCells *cells)
{
  g_clear_pointer (&cells->lead, g_free);
  g_clear_pointer (&cells->text, g_free);
  g_clear_pointer (&cells->detail, g_free);
  g_clear_pointer (&cells->trailing, g_free);
}
