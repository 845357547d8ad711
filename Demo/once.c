/* once.c: the --once view: load, print the title, the count and the first rows, exit.
 *
 * Standard output gets the same lines as the scripted view ("title: ...",
 * "reloaded: N items", "section 0: ...", "row 0: ...", and what --select causes); a
 * failed load prints its message on standard error and exits 1. */

#include "once.h"

#include <signal.h>
#include <stdio.h>
#include <glib-unix.h>

#include "terminal.h"

#include "report.h"

typedef struct {
  VctDemoScreen        *screen;
  const VctDemoOptions *options;
  GMainLoop            *loop;
  guint                 check_id;
  int                   exit_code;
} VctDemoOnce;

/* Quits once the load is reported and what --select caused has been printed (the check
 * is an idle: it runs after the model's scheduler has dispatched what is pending). */
static gboolean
vct_demo_once_check (gpointer user_data)
{
  VctDemoOnce *self = user_data;

  self->check_id = 0;
  if (vct_demo_screen_has_loaded (self->screen) && !vct_demo_screen_is_loading (self->screen)
      && vct_demo_screen_is_settled (self->screen))
    g_main_loop_quit (self->loop);
  return G_SOURCE_REMOVE;
}

static void
vct_demo_once_maybe_quit (VctDemoOnce *self)
{
  if (self->check_id == 0)
    self->check_id = g_idle_add (vct_demo_once_check, self);
}

static void
vct_demo_once_on_event (VctDemoScreen      *screen,
                        const VctDemoEvent *event,
                        gpointer            user_data)
{
  VctDemoOnce *self = user_data;
  g_autofree char *line = vct_demo_report_event (screen, event);

  if (event->kind == VCT_DEMO_EVENT_ERROR || event->kind == VCT_DEMO_EVENT_NOTICE)
    {
      fprintf (stderr, "%s\n", line);
      self->exit_code = VCT_DEMO_EXIT_FAILED;
      g_main_loop_quit (self->loop);
      return;
    }
  if (line != NULL)
    {
      printf ("%s\n", line);
      fflush (stdout);
    }
  if (event->kind == VCT_DEMO_EVENT_RELOADED)
    vct_demo_report_rows (screen, 0, self->options->rows);
  if (event->kind == VCT_DEMO_EVENT_DISMISS)
    g_main_loop_quit (self->loop);
  /* The screen selects --select's row right after RELOADED: check later. */
  vct_demo_once_maybe_quit (self);
}

static gboolean
vct_demo_once_on_signal (gpointer user_data)
{
  VctDemoOnce *self = user_data;

  self->exit_code = VCT_DEMO_EXIT_INTERRUPTED + SIGINT;
  g_main_loop_quit (self->loop);
  return G_SOURCE_CONTINUE;
}

/**
 * vct_demo_once_run:
 * @screen: the screen, not loaded yet
 * @options: the command line (--rows, --select)
 *
 * Loads once and prints the result.
 *
 * Returns: the exit code: 0, or 1 when the load or --select failed
 */
int
vct_demo_once_run (VctDemoScreen        *screen,
                   const VctDemoOptions *options)
{
  VctDemoOnce self = { .screen = screen, .options = options, .exit_code = VCT_DEMO_EXIT_OK };
  guint int_id;

  self.loop = g_main_loop_new (NULL, FALSE);
  vct_demo_screen_set_view (screen, vct_demo_once_on_event, &self);
  vct_demo_screen_select_after_load (screen, options->select);
  int_id = g_unix_signal_add (SIGINT, vct_demo_once_on_signal, &self);

  vct_demo_screen_reload (screen);
  g_main_loop_run (self.loop);

  vct_demo_terminal_hold_signals ();
  vct_demo_screen_set_view (screen, NULL, NULL);
  g_source_remove (int_id);
  g_clear_handle_id (&self.check_id, g_source_remove);
  g_main_loop_unref (self.loop);
  return self.exit_code;
}
