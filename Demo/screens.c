/* screens.c: the screens vctable-demo can show, by the name the command line gives them:
 * each one's GType (whose class has its commands, for --help) and how it is made from the
 * options (its document URI). */

#include "screens.h"

#include <string.h>

#include "screen-private.h"

static const VctDemoScreenInfo screens[] = {
  { "photos", "the photo table (the default)", "VCTABLE_PHOTOS_URL", "5000 photos",
    TRUE, vct_demo_photos_screen_get_type, vct_demo_photos_screen_new },
  { "feed", "the news feed: members to follow and photos, one section per day",
    "VCTABLE_FEEDS_URL", "40 entries over 5 days", FALSE, vct_demo_feed_screen_get_type,
    vct_demo_feed_screen_new },
  { "songs", "the meditation song picker and player", "VCTABLE_SONGS_URL", "12 songs",
    FALSE, vct_demo_songs_screen_get_type, vct_demo_songs_screen_new },
};

/**
 * vct_demo_screens_find:
 * @name: a screen's name
 *
 * Returns: (nullable): the screen of that name, or %NULL
 */
const VctDemoScreenInfo *
vct_demo_screens_find (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (screens); i++)
    if (g_str_equal (screens[i].name, name))
      return &screens[i];
  return NULL;
}

/**
 * vct_demo_screens_get_all:
 * @n_screens: (out): how many there are
 *
 * Returns: (array length=n_screens): every screen, the default first
 */
const VctDemoScreenInfo *
vct_demo_screens_get_all (guint *n_screens)
{
  *n_screens = G_N_ELEMENTS (screens);
  return screens;
}

/**
 * vct_demo_screens_list_names:
 * @conjunction: the word before the last name ("or", "and")
 *
 * Returns: (transfer full): "photos, feed or songs"
 */
char *
vct_demo_screens_list_names (const char *conjunction)
{
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (screens); i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == G_N_ELEMENTS (screens) ? " " : ", ");
      if (i > 0 && i + 1 == G_N_ELEMENTS (screens))
        g_string_append_printf (text, "%s ", conjunction);
      g_string_append (text, screens[i].name);
    }
  return g_string_free (text, FALSE);
}

/**
 * vct_demo_screens_help_text:
 *
 * Returns: (transfer full): the screens' own script commands, for --help:
 *   "songs:\n  start   START MEDITATION SESSION: ...\n"
 */
char *
vct_demo_screens_help_text (void)
{
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (screens); i++)
    {
      g_autoptr (VctDemoScreenClass) screen_class = g_type_class_ref (screens[i].get_type ());
      const VctDemoCommand *command = screen_class->commands;

      if (command == NULL || command->name == NULL)
        continue;
      g_string_append_printf (text, "In %s:\n", screen_class->name);
      for (; command->name != NULL; command++)
        {
          g_autofree char *usage = g_strdup_printf ("%s%s%s", command->name, command->args != NULL ? " " : "",
                                                    command->args != NULL ? command->args : "");

          g_string_append_printf (text, "  %-20s %s\n", usage, command->help);
        }
    }
  return g_string_free (text, FALSE);
}

/**
 * vct_demo_screens_check_uri:
 * @uri: a document URI from --uri
 * @what: what it holds ("feeds")
 * @error: return location for an error naming @uri
 *
 * The rule the library applies to its services' URIs (which it reports only when a
 * reload fails): `http://`, `https://` or `file://` followed by something. Checked at
 * start, so a bad --uri is a usage error on every screen.
 *
 * Returns: whether @uri can be used
 */
gboolean
vct_demo_screens_check_uri (const char  *uri,
                            const char  *what,
                            GError     **error)
{
  static const char *const schemes[] = { "http://", "https://", "file://" };

  for (gsize i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      gsize length = strlen (schemes[i]);

      if (g_ascii_strncasecmp (uri, schemes[i], length) == 0 && uri[length] != '\0')
        return TRUE;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               "Cannot fetch %s from \"%s\": use an http://, https:// or file:// URI.", what, uri);
  return FALSE;
}
