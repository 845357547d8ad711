/* script.c: the scripted view: commands from standard input, one line per event on
 * standard output (the mode tests and pipes use).
 *
 * Lines are read by a GIOChannel watch on non-blocking stdin into a queue; a pump runs
 * them in order on the main loop. After `reload` or `select` the pump holds the next
 * command until the title report they cause has been printed, and `wait` holds it until
 * the reload in flight has been reported, so a script's output is deterministic. */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include "script.h"

#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include <glib-unix.h>

#include "format.h"

typedef struct {
  VctDemoApp       *app;
  GMainLoop        *loop;
  GIOChannel       *input;
  guint             input_id;
  int               input_flags; /* stdin's file status flags, put back at the end */
  GQueue            commands;    /* (element-type utf8): lines read, not yet run */
  gboolean          eof;
  gboolean          waiting;     /* a `wait` holds the queue */
  gboolean          done;
  guint             pump_id;
  int               exit_code;
} VctDemoScript;

static void vct_demo_script_schedule_pump (VctDemoScript *self);

/* One line on standard output, flushed at once so a reader sees events as they happen. */
G_GNUC_PRINTF (1, 2)
static void
vct_demo_script_emit (const char *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
}

G_GNUC_PRINTF (1, 2)
static void
vct_demo_script_complain (const char *format,
                          ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  fflush (stderr);
}

static void
vct_demo_script_finish (VctDemoScript *self,
                        int            exit_code)
{
  if (self->done)
    return;
  self->done = TRUE;
  self->exit_code = exit_code;
  g_main_loop_quit (self->loop);
}

/* ------------------------------------------------------------------ the view */

static void
vct_demo_script_title_changed (VctDemoApp *app,
                               const char *title,
                               gpointer    user_data)
{
  g_autofree char *line = vct_demo_format_plain (title);

  (void) app;
  vct_demo_script_emit ("title: %s", line);
  vct_demo_script_schedule_pump (user_data);
}

static void
vct_demo_script_reloaded (VctDemoApp *app,
                          guint       n_items,
                          gpointer    user_data)
{
  (void) app;
  vct_demo_script_emit ("reloaded: %u items", n_items);
  vct_demo_script_schedule_pump (user_data);
}

static void
vct_demo_script_failed (VctDemoApp *app,
                        const char *message,
                        gpointer    user_data)
{
  g_autofree char *line = vct_demo_format_one_line (message);

  (void) app;
  vct_demo_script_emit ("error: %s", line);
  vct_demo_script_schedule_pump (user_data);
}

static void
vct_demo_script_notice (VctDemoApp *app,
                        const char *text,
                        gpointer    user_data)
{
  (void) app;
  (void) user_data;
  vct_demo_script_complain ("error: %s", text);
}

static const VctDemoAppView vct_demo_script_view = {
  .title_changed = vct_demo_script_title_changed,
  .reloaded = vct_demo_script_reloaded,
  .failed = vct_demo_script_failed,
  .notice = vct_demo_script_notice,
};

/* -------------------------------------------------------------- the commands */

static gboolean
vct_demo_script_parse_index (const char *text,
                             guint64    *value)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, value, NULL);
}

static void
vct_demo_script_show (VctDemoScript  *self,
                      char          **args)
{
  guint64 from = 0;
  guint64 count = 10;
  guint n_items = vct_demo_app_get_n_items (self->app);

  if ((args[0] != NULL && !vct_demo_script_parse_index (args[0], &from))
      || (args[0] != NULL && args[1] != NULL && !vct_demo_script_parse_index (args[1], &count))
      || (args[0] != NULL && args[1] != NULL && args[2] != NULL))
    {
      vct_demo_script_complain ("error: usage: show [FROM [COUNT]]");
      return;
    }
  for (guint64 i = from; i < from + count && i < n_items; i++)
    {
      VctCellData *cell = vct_demo_app_get_item (self->app, (guint) i);
      g_autofree char *line = NULL;

      if (cell == NULL)
        break;
      line = vct_demo_format_row ((guint) i, cell);
      vct_demo_script_emit ("%s", line);
    }
}

/* Runs one command line. */
static void
vct_demo_script_run_command (VctDemoScript *self,
                             const char    *line)
{
  g_autofree char *text = g_strstrip (g_strdup (line));
  g_auto (GStrv) words = NULL;
  const char *verb;

  if (*text == '\0' || *text == '#')
    return;
  words = g_regex_split_simple ("\\s+", text, 0, 0);
  verb = words[0];

  if (g_str_equal (verb, "reload") && words[1] == NULL)
    vct_demo_app_reload (self->app);
  else if (g_str_equal (verb, "select") && words[1] != NULL && words[2] == NULL)
    {
      guint64 index;
      g_autoptr (GError) error = NULL;

      if (!vct_demo_script_parse_index (words[1], &index))
        vct_demo_script_complain ("error: no row %s", words[1]);
      else if (!vct_demo_app_select (self->app, index, &error))
        vct_demo_script_complain ("error: %s", error->message);
    }
  else if (g_str_equal (verb, "show"))
    vct_demo_script_show (self, words + 1);
  else if (g_str_equal (verb, "wait") && words[1] == NULL)
    self->waiting = vct_demo_app_is_loading (self->app);
  else if (g_str_equal (verb, "quit") && words[1] == NULL)
    vct_demo_script_finish (self, VCT_DEMO_EXIT_OK);
  else
    vct_demo_script_complain ("unknown command: %s", text);
}

/* Whether the next command must wait for an event. */
static gboolean
vct_demo_script_is_held (VctDemoScript *self)
{
  if (self->waiting && !vct_demo_app_is_loading (self->app))
    self->waiting = FALSE;
  return self->waiting || !vct_demo_app_is_settled (self->app);
}

static gboolean
vct_demo_script_pump (gpointer user_data)
{
  VctDemoScript *self = user_data;

  self->pump_id = 0;
  while (!self->done && !vct_demo_script_is_held (self))
    {
      char *line = g_queue_pop_head (&self->commands);

      if (line == NULL)
        {
          if (self->eof)
            vct_demo_script_finish (self, VCT_DEMO_EXIT_OK);
          break;
        }
      vct_demo_script_run_command (self, line);
      g_free (line);
    }
  return G_SOURCE_REMOVE;
}

static void
vct_demo_script_schedule_pump (VctDemoScript *self)
{
  if (self->pump_id == 0 && !self->done)
    self->pump_id = g_idle_add (vct_demo_script_pump, self);
}

/* ------------------------------------------------------------------ the input */

/* Reads every complete line available now; never blocks (stdin is non-blocking). */
static gboolean
vct_demo_script_on_input (GIOChannel   *channel,
                          GIOCondition  condition,
                          gpointer      user_data)
{
  VctDemoScript *self = user_data;
  gboolean more = TRUE;

  (void) condition;
  while (more)
    {
      g_autoptr (GError) error = NULL;
      char *line = NULL;
      gsize terminator = 0;

      switch (g_io_channel_read_line (channel, &line, NULL, &terminator, &error))
        {
        case G_IO_STATUS_NORMAL:
          line[terminator] = '\0';
          g_queue_push_tail (&self->commands, line);
          break;
        case G_IO_STATUS_AGAIN:
          more = FALSE;
          break;
        case G_IO_STATUS_ERROR:
          vct_demo_script_complain ("vctable-demo: reading standard input: %s", error->message);
          G_GNUC_FALLTHROUGH;
        case G_IO_STATUS_EOF:
        default:
          self->eof = TRUE;
          self->input_id = 0;
          more = FALSE;
          break;
        }
    }
  vct_demo_script_schedule_pump (self);
  return self->eof ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

static gboolean
vct_demo_script_on_signal (gpointer user_data)
{
  VctDemoScript *self = user_data;

  vct_demo_script_finish (self, VCT_DEMO_EXIT_INTERRUPTED + SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
vct_demo_script_on_term (gpointer user_data)
{
  VctDemoScript *self = user_data;

  vct_demo_script_finish (self, VCT_DEMO_EXIT_INTERRUPTED + SIGTERM);
  return G_SOURCE_CONTINUE;
}

/**
 * vct_demo_script_run:
 * @app: the app, not loaded yet
 * @options: the command line
 *
 * Runs commands from standard input until `quit` or its end.
 *
 * Returns: the exit code
 */
int
vct_demo_script_run (VctDemoApp           *app,
                     const VctDemoOptions *options)
{
  VctDemoScript self = { .app = app };
  guint int_id;
  guint term_id;

  self.loop = g_main_loop_new (NULL, FALSE);
  g_queue_init (&self.commands);
  /* Commands are bytes (no charset conversion); O_NONBLOCK so a partial line never
   * blocks the loop. The flags are shared with whoever else has this stdin (a shell on
   * a terminal), so they are put back at the end. */
  self.input_flags = fcntl (STDIN_FILENO, F_GETFL);
  self.input = g_io_channel_unix_new (STDIN_FILENO);
  g_io_channel_set_encoding (self.input, NULL, NULL);
  g_io_channel_set_flags (self.input, G_IO_FLAG_NONBLOCK, NULL);
  self.input_id = g_io_add_watch (self.input, G_IO_IN | G_IO_HUP | G_IO_ERR,
                                  vct_demo_script_on_input, &self);

  vct_demo_app_set_view (app, &vct_demo_script_view, &self);
  vct_demo_app_select_after_load (app, options->select);
  int_id = g_unix_signal_add (SIGINT, vct_demo_script_on_signal, &self);
  term_id = g_unix_signal_add (SIGTERM, vct_demo_script_on_term, &self);

  g_main_loop_run (self.loop);

  vct_demo_app_set_view (app, NULL, NULL);
  g_clear_handle_id (&self.input_id, g_source_remove);
  g_source_remove (int_id);
  g_source_remove (term_id);
  g_clear_handle_id (&self.pump_id, g_source_remove);
  g_queue_clear_full (&self.commands, g_free);
  g_io_channel_unref (self.input);
  if (self.input_flags != -1)
    fcntl (STDIN_FILENO, F_SETFL, self.input_flags);
  g_main_loop_unref (self.loop);
  return self.exit_code;
}
