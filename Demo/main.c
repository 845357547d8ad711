/* main.c: vctable-demo's entry point: reads the options, builds the model (the factory's,
 * or one for --uri), picks the view (full-screen, scripted or --once), and frees it all. */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>

#include <vctable.h>

#include "app.h"
#include "once.h"
#include "options.h"
#include "script.h"
#include "terminal.h"
#include "tui.h"

/* A closed standard descriptor would be handed to the next file opened (a GLib wakeup
 * fd, a socket) and then read or written as if it were stdin or stdout: fill the gaps. */
static void
vct_demo_main_ensure_standard_fds (void)
{
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
    if (fcntl (fd, F_GETFD) == -1 && errno == EBADF)
      {
        int opened = open ("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);

        if (opened != fd && opened >= 0)
          close (opened);
      }
}

/* The screen's model: the factory's (VCTABLE_PHOTOS_URL or the bundled fixture), or one
 * fetching from --uri, which is checked here. */
static VctTableModel *
vct_demo_main_new_model (const VctDemoOptions  *options,
                         GError               **error)
{
  VctApi *api;
  VctTableModel *model;

  if (options->uri == NULL)
    return vct_table_model_factory_instance ();
  api = vct_api_new_for_uri_full (options->uri, (guint) options->timeout_ms, 0, error);
  if (api == NULL)
    return NULL;
  model = vct_table_model_new_with_manager (api);
  vct_api_unref (api);
  return model;
}

int
main (int    argc,
      char **argv)
{
  VctDemoOptions options;
  g_autoptr (GError) error = NULL;
  VctTableModel *model;
  VctDemoApp *app;
  int exit_code;

  setlocale (LC_ALL, "");
  vct_demo_main_ensure_standard_fds ();
  vct_demo_terminal_install_log_writer ();

  if (!vct_demo_options_parse (&options, &argc, &argv, &exit_code))
    {
      vct_demo_options_clear (&options);
      return exit_code;
    }

  model = vct_demo_main_new_model (&options, &error);
  if (model == NULL)
    {
      fprintf (stderr, "vctable-demo: invalid --uri: %s\n",
               error != NULL ? error->message : "no model");
      vct_demo_options_clear (&options);
      return VCT_DEMO_EXIT_USAGE;
    }
  app = vct_demo_app_new (model);

  if (options.once)
    exit_code = vct_demo_once_run (app, &options);
  else if (options.script || !isatty (STDOUT_FILENO) || !isatty (STDIN_FILENO))
    exit_code = vct_demo_script_run (app, &options);
  else
    exit_code = vct_demo_tui_run (app, &options);

  vct_demo_app_free (app);
  vct_demo_options_clear (&options);
  return exit_code;
}
