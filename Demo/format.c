/* format.c: the demo's text rules, shared by every view: one-line event text and fitting
 * UTF-8 text into terminal columns. */

#include "demo.h"

#include <string.h>

/* Valid UTF-8 with every control character (newline, tab, escape...) turned into a
 * space, so a title from the network can never break a line or drive the terminal.
 * Returns the text, on one line */
char *
vct_demo_format_plain (const char *text)
{
  char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        g_string_append_c (out, ' ');
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  g_free (valid);
  return g_string_free (out, FALSE);
}

/* Joins the non-empty lines of @text: the first with ": ", the others with " ", so "An
 * Error Occurred\n\nHTTP 404" reads "An Error Occurred: HTTP 404". Returns (transfer
 * full): the one-line text */
char *
vct_demo_format_one_line (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  GString *out = g_string_new (NULL);
  guint n_parts = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = vct_demo_format_plain (lines[i]);

      g_strstrip (line);
      if (*line == '\0')
        continue;
      g_string_append (out, n_parts == 1 ? ": " : n_parts > 1 ? " " : "");
      g_string_append (out, line);
      n_parts++;
    }
  return g_string_free (out, FALSE);
}

/* @text made safe for one terminal line: control characters become spaces and, when the
 * terminal cannot show UTF-8, letters are transliterated to ASCII. Returns (transfer
 * full): the text to draw */
char *
vct_demo_format_display (const char *text, gboolean utf8_terminal)
{
  g_autofree char *clean = vct_demo_format_plain (text);

  return utf8_terminal ? g_steal_pointer (&clean) : g_str_to_ascii (clean, "C");
}

static guint
vct_demo_format_char_width (gunichar c)
{
  return g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
}

/* Returns the length in bytes of the longest prefix of @text (whole characters only)
 * that fits in @max_columns terminal columns */
gsize
vct_demo_format_fit (const char *text, guint max_columns, guint *columns)
{
  const char *p = text;
  guint used = 0;

  while (*p != '\0')
    {
      guint w = vct_demo_format_char_width (g_utf8_get_char (p));

      if (used + w > max_columns)
        break;
      used += w;
      p = g_utf8_next_char (p);
    }
  if (columns != NULL)
    *columns = used;
  return (gsize) (p - text);
}

/* Returns how many terminal columns @text takes */
guint
vct_demo_format_width (const char *text)
{
  guint columns;

  vct_demo_format_fit (text, G_MAXUINT, &columns);
  return columns;
}

/* Word-wraps @text (a word longer than a line is cut). Returns (transfer full) (element-
 * type utf8): the lines */
GPtrArray *
vct_demo_format_wrap (const char *text, guint max_columns)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) paragraphs = g_strsplit (text != NULL ? text : "", "\n", -1);

  if (max_columns == 0)
    max_columns = 1;
  for (guint i = 0; paragraphs[i] != NULL; i++)
    {
      g_autofree char *para = vct_demo_format_plain (paragraphs[i]);
      const char *p = para;

      g_strchomp (para);
      if (*p == '\0')
        g_ptr_array_add (out, g_strdup (""));
      while (*p != '\0')
        {
          gsize fit = vct_demo_format_fit (p, max_columns, NULL);
          gsize take = fit;

          if (p[fit] != '\0')
            {
              /* Break at the last space inside the fitting prefix, if any. */
              const char *space = g_strrstr_len (p, (gssize) fit + 1, " ");

              if (space != NULL && space > p)
                take = (gsize) (space - p);
              if (take == 0)
                take = fit > 0 ? fit : (gsize) (g_utf8_next_char (p) - p);
            }
          g_ptr_array_add (out, g_strndup (p, take));
          p += take;
          while (*p == ' ')
            p++;
        }
    }
  return out;
}
