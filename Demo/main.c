/* main.c: vctable-demo's entry point: reads the options, builds the screen (photos, feed
 * or songs, on the factory's source or --uri), picks the view (full-screen, scripted or
 * --once), and frees it all. */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>

#include "demo.h"

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

int
main (int argc, char **argv)
{
  VctDemoOptions options;
  g_autoptr (GError) error = NULL;
  VctDemoScreen *screen;
  int exit_code;

  setlocale (LC_ALL, "");
  vct_demo_main_ensure_standard_fds ();
  vct_demo_terminal_install_log_writer ();

  if (!vct_demo_options_parse (&options, &argc, &argv, &exit_code))
    {
      vct_demo_options_clear (&options);
      return exit_code;
    }

  screen = vct_demo_screen_new (&options, &error);
  if (screen == NULL)
    {
      fprintf (stderr, "vctable-demo: invalid --uri: %s\n", error->message);
      vct_demo_options_clear (&options);
      return VCT_DEMO_EXIT_USAGE;
    }

  if (options.once || options.script || !isatty (STDOUT_FILENO) || !isatty (STDIN_FILENO))
    exit_code = vct_demo_script_run (screen, &options);
  else
    exit_code = vct_demo_tui_run (screen, &options);

  vct_demo_screen_free (screen);
  vct_demo_options_clear (&options);
  return exit_code;
}
