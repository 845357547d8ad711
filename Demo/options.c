/* options.c: vctable-demo's command line (GOptionContext): parses and checks the
 * options, and prints --help (with the key list) and --version itself, so the context is
 * always freed. */

#include "options.h"

#include <stdio.h>

#include "keys.h"

#define VCT_DEMO_SUMMARY \
  "Shows the VCTable photo list: the \"view\" of the MVVM table screen.\n" \
  "\n" \
  "On a terminal (standard input and output both terminals, no --script or --once) it is a\n" \
  "full-screen list. Otherwise it reads one command per line from standard input and\n" \
  "prints one line per model event on standard output:\n" \
  "  reload               reload (prints \"title: ...\", then \"reloaded: N items\" or \"error: ...\")\n" \
  "  select N             select row N, 0-based (prints \"title: <its title>\")\n" \
  "  show [FROM [COUNT]]  print rows FROM..FROM+COUNT-1 (default 0 and 10)\n" \
  "  wait                 wait until the reload in flight has been reported\n" \
  "  quit                 quit (so does the end of input, after any wait)\n" \
  "Nothing loads in that mode until \"reload\"."

#define VCT_DEMO_EXIT_TEXT \
  "Exit status: 0 success, 1 the load failed (--once), 2 a usage error (bad option or\n" \
  "URI), 128+N when stopped by signal N (130 for Ctrl-C).\n" \
  "\n" \
  "Environment: VCTABLE_PHOTOS_URL, the photos URI used without --uri (default: the\n" \
  "fixture installed with VCTable, 5000 photos)."

static void
vct_demo_options_usage_error (const char *message)
{
  fprintf (stderr, "vctable-demo: %s\nTry \"vctable-demo --help\".\n", message);
}

/**
 * vct_demo_options_parse:
 * @options: (out caller-allocates): the options, to free with vct_demo_options_clear()
 * @argc: the argument count
 * @argv: the arguments
 * @exit_code: (out): where to exit with when this returns %FALSE
 *
 * Parses the command line. --help and --version print here.
 *
 * Returns: %TRUE to run; %FALSE to exit at once with @exit_code
 */
gboolean
vct_demo_options_parse (VctDemoOptions   *options,
                        int              *argc,
                        char           ***argv,
                        int              *exit_code)
{
  gboolean help = FALSE;
  gboolean version = FALSE;
  gint64 timeout_ms = -1;
  GOptionEntry entries[] = {
    { "uri", 'u', 0, G_OPTION_ARG_STRING, &options->uri,
      "Fetch photos from URI (http://, https:// or file://) instead of the default", "URI" },
    { "timeout", 0, 0, G_OPTION_ARG_INT64, &timeout_ms,
      "With --uri: give up a transfer after MS milliseconds (default 30000)", "MS" },
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
  g_autofree char *description = NULL;
  g_autofree char *keys = vct_demo_keys_help_text ();

  *options = (VctDemoOptions) { .select = G_MININT64 /* not given */, .rows = 10 };
  *exit_code = VCT_DEMO_EXIT_OK;

  context = g_option_context_new ("- the VCTable photo list");
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_summary (context, VCT_DEMO_SUMMARY);
  description = g_strdup_printf ("Keys in the full-screen list:\n%s\n%s", keys, VCT_DEMO_EXIT_TEXT);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      vct_demo_options_usage_error (error->message);
      *exit_code = VCT_DEMO_EXIT_USAGE;
      return FALSE;
    }
  if (help)
    {
      g_autofree char *text = g_option_context_get_help (context, TRUE, NULL);

      fputs (text, stdout);
      return FALSE;
    }
  if (version)
    {
      printf ("vctable-demo %s\n", VCT_DEMO_VERSION);
      return FALSE;
    }

  *exit_code = VCT_DEMO_EXIT_USAGE;
  if (*argc > 1)
    {
      g_autofree char *message = g_strdup_printf ("unexpected argument \"%s\"", (*argv)[1]);

      vct_demo_options_usage_error (message);
      return FALSE;
    }
  if (options->once && options->script)
    {
      vct_demo_options_usage_error ("--once and --script cannot be combined");
      return FALSE;
    }
  if (options->select == G_MININT64)
    options->select = -1;
  else if (options->select < 0 || options->select > G_MAXUINT)
    {
      vct_demo_options_usage_error ("--select needs a row number (0 or more)");
      return FALSE;
    }
  if (options->rows < 0 || options->rows > G_MAXUINT)
    {
      vct_demo_options_usage_error ("--rows needs a count (0 or more)");
      return FALSE;
    }
  if (timeout_ms != -1)
    {
      if (options->uri == NULL)
        {
          vct_demo_options_usage_error ("--timeout only applies with --uri");
          return FALSE;
        }
      if (timeout_ms < 1 || timeout_ms > G_MAXINT)
        {
          vct_demo_options_usage_error ("--timeout needs milliseconds (1 or more)");
          return FALSE;
        }
      options->timeout_ms = (gint) timeout_ms;
    }
  *exit_code = VCT_DEMO_EXIT_OK;
  return TRUE;
}

/**
 * vct_demo_options_clear:
 * @options: parsed options
 *
 * Frees what the options hold.
 */
void
vct_demo_options_clear (VctDemoOptions *options)
{
  g_clear_pointer (&options->uri, g_free);
}
