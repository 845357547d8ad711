/* once.c: the --once view: load, print the title, the count and the first rows, exit.
 *
 * Standard output gets the same lines as the scripted view ("title: ...",
 * "reloaded: N items", "row 0: ..."); a failed load prints its message on standard error
 * and exits 1. */

#include "once.h"

#include <signal.h>
#include <stdio.h>
#include <glib-unix.h>

#include "format.h"

typedef struct {
  VctDemoApp           *app;
  const VctDemoOptions *options;
  GMainLoop            *loop;
  guint                 check_id;
  int                   exit_code;
} VctDemoOnce;

/* Quits once the load is reported and any --select title has been printed. */
static gboolean
vct_demo_once_check (gpointer user_data)
{
  VctDemoOnce *self = user_data;

  self->check_id = 0;
  if (!vct_demo_app_is_loading (self->app) && vct_demo_app_is_settled (self->app))
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
vct_demo_once_title_changed (VctDemoApp *app,
                             const char *title,
                             gpointer    user_data)
{
  g_autofree char *line = vct_demo_format_plain (title);

  (void) app;
  printf ("title: %s\n", line);
  fflush (stdout);
  vct_demo_once_maybe_quit (user_data);
}

static void
vct_demo_once_reloaded (VctDemoApp *app,
                        guint       n_items,
                        gpointer    user_data)
{
  VctDemoOnce *self = user_data;

  printf ("reloaded: %u items\n", n_items);
  for (guint i = 0; i < n_items && i < self->options->rows; i++)
    {
      VctCellData *cell = vct_demo_app_get_item (app, i);
      g_autofree char *line = NULL;

      if (cell == NULL)
        break;
      line = vct_demo_format_row (i, cell);
      printf ("%s\n", line);
    }
  fflush (stdout);
  /* The app selects --select's row right after this returns: check later. */
  vct_demo_once_maybe_quit (self);
}

static void
vct_demo_once_failed (VctDemoApp *app,
                      const char *message,
                      gpointer    user_data)
{
  VctDemoOnce *self = user_data;
  g_autofree char *line = vct_demo_format_one_line (message);

  (void) app;
  fprintf (stderr, "error: %s\n", line);
  self->exit_code = VCT_DEMO_EXIT_FAILED;
  g_main_loop_quit (self->loop);
}

static void
vct_demo_once_notice (VctDemoApp *app,
                      const char *text,
                      gpointer    user_data)
{
  VctDemoOnce *self = user_data;

  (void) app;
  fprintf (stderr, "error: %s\n", text);
  self->exit_code = VCT_DEMO_EXIT_FAILED;
  g_main_loop_quit (self->loop);
}

static const VctDemoAppView vct_demo_once_view = {
  .title_changed = vct_demo_once_title_changed,
  .reloaded = vct_demo_once_reloaded,
  .failed = vct_demo_once_failed,
  .notice = vct_demo_once_notice,
};

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
 * @app: the app, not loaded yet
 * @options: the command line (--rows, --select)
 *
 * Loads once and prints the result.
 *
 * Returns: the exit code: 0, or 1 when the load or --select failed
 */
int
vct_demo_once_run (VctDemoApp           *app,
                   const VctDemoOptions *options)
{
  VctDemoOnce self = { .app = app, .options = options, .exit_code = VCT_DEMO_EXIT_OK };
  guint int_id;

  self.loop = g_main_loop_new (NULL, FALSE);
  vct_demo_app_set_view (app, &vct_demo_once_view, &self);
  vct_demo_app_select_after_load (app, options->select);
  int_id = g_unix_signal_add (SIGINT, vct_demo_once_on_signal, &self);

  vct_demo_app_reload (app);
  g_main_loop_run (self.loop);

  vct_demo_app_set_view (app, NULL, NULL);
  g_source_remove (int_id);
  g_clear_handle_id (&self.check_id, g_source_remove);
  g_main_loop_unref (self.loop);
  return self.exit_code;
}
