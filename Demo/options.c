/* options.c: vctable-demo's command line (GOptionContext): the screen (a positional
 * argument), the options; prints --help (the screens, the script commands, the keys) and
 * --version itself, so the context is always freed. */

#include "demo.h"
#include "size-option.h"

#include <stdarg.h>
#include <stdio.h>

#define VCT_DEMO_SCRIPT_HELP \
  "On a terminal (standard input and output both terminals, no --script or --once) it is a\n" \
  "full-screen list. Otherwise it reads one command per line from standard input and\n" \
  "prints one line per event on standard output. Rows are numbered from 0 across\n" \
  "sections; section headers are not rows. Every screen has:\n" \
  "  reload               reload: \"reloaded: N items\" (a sectioned list: \"reloaded: N\n" \
  "                       items in S sections\"), or \"error: ...\"\n" \
  "  select N             select row N (photos: \"title: <its title>\"; a feed photo:\n" \
  "                       \"open-detail: ...\"; a song: toggled, or played)\n" \
  "  press N              press row N's control (a feed member: follow; a feed photo:\n" \
  "                       open its detail)\n" \
  "  show [FROM [COUNT]]  print rows FROM..FROM+COUNT-1 (default 0 and 10), as\n" \
  "                       \"row N: ...\", each section's header first as \"section S: ...\"\n" \
  "  wait                 wait until the reload in flight has been reported\n" \
  "  quit                 quit (so does the end of input, after any wait)\n" \
  "%s" \
  "--uri is the screen's document (photos, feeds or songs); over HTTP the feed follows a\n" \
  "member with a POST to members/<id>/follow beside it (over file:// a follow succeeds).\n" \
  "Event lines: \"title: T\", \"reloaded: ...\", \"error: MESSAGE\" (on one line),\n" \
  "\"row N: PROPERTY VALUE\" (feed: followState normal|loading|checked; songs: mode\n" \
  "selected|unselected|playing|playable), \"open-detail: ID TITLE\", \"state: picking|\n" \
  "listening|finished\", \"button: enabled|disabled\", \"dismiss\". Rows read\n" \
  "\"Entry ID: 1 | TITLE | album 1\" (photos), \"[member] NAME (follow|loading|following)\",\n" \
  "\"[photo] TITLE | yyyy-MM-dd HH:mm\", \"[x] TITLE | SUBTITLE | m:ss\" ([x]/[ ] picked or\n" \
  "not, (>)/( ) playing or not), \"[Kind] name=value ...\" for any other kind.\n" \
  "Nothing loads in that mode until \"reload\". A command runs once what the one before\n" \
  "caused has been printed: a title asked for, a follow's outcome, a song's new mode. The\n" \
  "first title the feed and the songs show is printed at the first reload."

#define VCT_DEMO_EXIT_TEXT \
  "Exit status: 0 success (also when the song picker is dismissed), 1 the load failed\n" \
  "(--once), 2 a usage error (bad screen, option or URI), 128+N when stopped by signal N\n" \
  "(130 for Ctrl-C).\n" \
  "\n" \
  "Environment (without --uri): %s.\n" \
  "TZ: the time zone the feed's days are in."

/* Prints a usage error; returns FALSE. */
G_GNUC_PRINTF (1, 2)
static gboolean
vct_demo_options_usage_error (const char *format, ...)
{
  va_list args;

  fputs ("vctable-demo: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputs ("\nTry \"vctable-demo --help\".\n", stderr);
  return FALSE;
}

/* --timeout and --max-body-size set up the screen's VctApi: the photos' with --uri. */
static gboolean
vct_demo_options_check_api_option (const char *option, const VctDemoScreenInfo *screen, const VctDemoOptions *options)
{
  if (!screen->has_api)
    return vct_demo_options_usage_error ("%s does not apply to the %s screen", option, screen->name);
  if (options->uri == NULL)
    return vct_demo_options_usage_error ("%s only applies with --uri", option);
  return TRUE;
}

/* The help's summary (the screens, the script commands, the screens' own) and description
 * (the keys, the exit codes, the environment). */
static void
vct_demo_options_set_help (GOptionContext *context)
{
  GString *summary = g_string_new ("Shows a VCTable screen: the \"view\" of an MVVM list screen.\n\nSCREEN is:\n");
  g_autoptr (GString) commands = g_string_new (NULL);
  g_autoptr (GString) variables = g_string_new (NULL);
  g_autofree char *keys = vct_demo_keys_help_all ();
  g_autofree char *description = NULL;

  for (guint i = 0; i < VCT_DEMO_N_SCREENS; i++)
    {
      const VctDemoScreenInfo *screen = &vct_demo_screens[i];

      g_string_append_printf (summary, "  %-8s %s\n", screen->name, screen->summary);
      g_string_append_printf (variables, "%s%s (%s; default: the fixture installed with VCTable, %s)",
                              i > 0 ? ", " : "", screen->environment, screen->name, screen->fixture);
      if (screen->commands != NULL)
        g_string_append_printf (commands, "In %s:\n", screen->name);
      for (const VctDemoCommand *command = screen->commands; command != NULL && command->name != NULL; command++)
        {
          g_autofree char *usage = g_strconcat (command->name, command->args != NULL ? " " : "", command->args, NULL);

          g_string_append_printf (commands, "  %-20s %s\n", usage, command->help);
        }
    }
  g_string_append_c (summary, '\n');
  g_string_append_printf (summary, VCT_DEMO_SCRIPT_HELP, commands->str);
  g_option_context_set_summary (context, summary->str);
  g_string_free (summary, TRUE);
  description = g_strdup_printf ("Keys in the full-screen list, on every screen:\n%s\n" VCT_DEMO_EXIT_TEXT, keys,
                                 variables->str);
  g_option_context_set_description (context, description);
}

/* Parses the command line. --help and --version print here. Returns %TRUE to run; %FALSE
 * to exit at once with @exit_code */
gboolean
vct_demo_options_parse (VctDemoOptions *options, int *argc, char ***argv, int *exit_code)
{
  gboolean help = FALSE, version = FALSE;
  gint64 timeout_ms = -1;
  g_autofree char *max_body_size = NULL;
  GOptionEntry entries[] = {
    { "uri", 'u', 0, G_OPTION_ARG_STRING, &options->uri,
      "Read the screen's document from URI (http://, https:// or file://)", "URI" },
    { "timeout", 0, 0, G_OPTION_ARG_INT64, &timeout_ms,
      "Photos with --uri: give up a transfer after MS milliseconds (default 30000)", "MS" },
    { "max-body-size", 0, 0, G_OPTION_ARG_STRING, &max_body_size,
      "Photos with --uri: refuse a document larger than BYTES, a number of bytes or with "
      "K, M or G for KiB, MiB or GiB (default 64M; 10^6 photos are about 150M)", "BYTES" },
    { "select", 's', 0, G_OPTION_ARG_INT64, &options->select,
      "After the first successful load, select row N (0-based)", "N" },
    { "once", 0, 0, G_OPTION_ARG_NONE, &options->once,
      "Load once, print the title and the first rows, and exit", NULL },
    { "rows", 'n', 0, G_OPTION_ARG_INT64, &options->rows,
      "With --once: print N rows (default 10)", "N" },
    { "script", 0, 0, G_OPTION_ARG_NONE, &options->script,
      "Read commands from standard input even on a terminal", NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &version, "Print the version and exit", NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help and exit", NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  const VctDemoScreenInfo *screen;

  *options = (VctDemoOptions) { .screen = VCT_DEMO_SCREEN_DEFAULT, .select = G_MININT64 /* not given */, .rows = 10 };
  *exit_code = VCT_DEMO_EXIT_OK;

  context = g_option_context_new ("[SCREEN] - the VCTable screens");
  g_option_context_set_help_enabled (context, FALSE);
  vct_demo_options_set_help (context);
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *exit_code = VCT_DEMO_EXIT_USAGE;
      return vct_demo_options_usage_error ("%s", error->message);
    }
  if (help || version)
    {
      g_autofree char *text = help ? g_option_context_get_help (context, TRUE, NULL)
                                   : g_strdup ("vctable-demo " VCT_DEMO_VERSION "\n");

      fputs (text, stdout);
      return FALSE;
    }

  *exit_code = VCT_DEMO_EXIT_USAGE;
  if (*argc > 1 && vct_demo_screens_find ((*argv)[1]) == NULL)
    return vct_demo_options_usage_error ("unknown screen \"%s\": the screens are %s, %s or %s", (*argv)[1],
                                         vct_demo_screens[0].name, vct_demo_screens[1].name, vct_demo_screens[2].name);
  if (*argc > 1)
    options->screen = vct_demo_screens_find ((*argv)[1])->name;
  if (*argc > 2)
    return vct_demo_options_usage_error ("unexpected argument \"%s\"", (*argv)[2]);
  screen = vct_demo_screens_find (options->screen);
  if (options->once && options->script)
    return vct_demo_options_usage_error ("--once and --script cannot be combined");
  if (options->select == G_MININT64)
    options->select = -1;
  else if (options->select < 0 || options->select > G_MAXUINT)
    return vct_demo_options_usage_error ("--select needs a row number (0 or more)");
  if (options->rows < 0 || options->rows > G_MAXUINT)
    return vct_demo_options_usage_error ("--rows needs a count (0 or more)");
  if (timeout_ms != -1 && !vct_demo_options_check_api_option ("--timeout", screen, options))
    return FALSE;
  if (timeout_ms != -1 && (timeout_ms < 1 || timeout_ms > G_MAXINT))
    return vct_demo_options_usage_error ("--timeout needs milliseconds (1 or more)");
  options->timeout_ms = timeout_ms != -1 ? (gint) timeout_ms : 0;
  if (max_body_size != NULL && !vct_demo_options_check_api_option ("--max-body-size", screen, options))
    return FALSE;
  if (max_body_size != NULL && !vct_demo_parse_size (max_body_size, &options->max_body_size))
    return vct_demo_options_usage_error ("--max-body-size needs a size in bytes (1 or more), optionally with K, M "
                                         "or G: not \"%s\"", max_body_size);
  *exit_code = VCT_DEMO_EXIT_OK;
  return TRUE;
}

/* Frees what the options hold. */
void
vct_demo_options_clear (VctDemoOptions *options)
{
  g_clear_pointer (&options->uri, g_free);
}
