/* script.c: the scripted views. The script: commands from standard input, one line per
 * event on standard output (what the tests and pipes use). --once: load, print the
 * title, the count and the first rows, exit (a failed load: its message on standard
 * error, status 1). The lines:
 *
 *   title: TITLE                      the title changed (photos: at every reload and select)
 *   reloaded: N items                 a reload delivered (one section without a header)
 *   reloaded: N items in S sections   ... a sectioned list
 *   error: MESSAGE                    the model's error, on one line
 *   row N: PROPERTY VALUE             a row's follow state ("followState") or mode changed
 *   state: STATE / button: enabled|disabled / open-detail: ID TITLE / dismiss
 *   section S: HEADER                 (show) before the first row of a section with a header
 *   row N: ROW                        (show) N counts rows across sections, not headers
 *
 * The script's lines are read by a GIOChannel watch on non-blocking stdin into a queue;
 * a pump runs them in order, one per dispatch, so that the output is deterministic: the
 * pump is a G_PRIORITY_DEFAULT_IDLE source and the models' schedulers dispatch at
 * G_PRIORITY_DEFAULT, so what a command causes at once is reported before the next
 * command runs; the pump holds the next command while the screen is not settled (a title
 * asked for, a follow's outcome), and `wait` until the reload in flight is reported.
 * With --once the pump quits once the load and what --select caused are reported. */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include "demo.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <glib-unix.h>

typedef struct {
  VctDemoScreen        *screen;
  const VctDemoOptions *options;
  GMainLoop            *loop;
  GIOChannel           *input;       /* (nullable): not with --once */
  guint                 input_id;
  int                   input_flags; /* stdin's file status flags, put back at the end */
  GQueue                commands;    /* (element-type utf8): lines read, not yet run */
  gboolean              eof;
  gboolean              waiting;     /* a `wait` holds the queue */
  gboolean              done;
  guint                 pump_id;
  int                   exit_code;
} VctDemoScript;

static void vct_demo_script_schedule_pump (VctDemoScript *self);

static void
vct_demo_script_finish (VctDemoScript *self, int exit_code)
{
  if (self->done)
    return;
  self->done = TRUE;
  self->exit_code = exit_code;
  g_main_loop_quit (self->loop);
}

/* ------------------------------------------------------------------ the lines */

/* The event's line, or NULL for one that is not printed (loading, list changes). */
static char *
report_event (VctDemoScreen *screen, const VctDemoEvent *event)
{
  VctListModel *list = screen->list;
  g_autofree char *text = NULL;

  switch (event->kind)
    {
    case VCT_DEMO_EVENT_TITLE:
      text = vct_demo_format_plain (event->text);
      return g_strdup_printf ("title: %s", text);
    case VCT_DEMO_EVENT_RELOADED:
      {
        guint n_rows = vct_list_model_get_n_rows (list);
        guint n_sections = vct_list_model_get_n_sections (list);

        /* One section without a header is a plain list. */
        if (n_sections == 0 || (n_sections == 1 && (g_list_model_get_n_items (G_LIST_MODEL (list)) == 0
                                                    || vct_demo_is_row (list, 0))))
          return g_strdup_printf ("reloaded: %u items", n_rows);
        return g_strdup_printf ("reloaded: %u items in %u section%s", n_rows, n_sections, n_sections == 1 ? "" : "s");
      }
    case VCT_DEMO_EVENT_ERROR:
    case VCT_DEMO_EVENT_NOTICE:
      text = vct_demo_format_one_line (event->text);
      return g_strdup_printf ("error: %s", text);
    case VCT_DEMO_EVENT_ROW:
      text = vct_demo_format_plain (event->text);
      return g_strdup_printf ("row %u: %s %s", event->index, event->property, text);
    case VCT_DEMO_EVENT_STATE:
      return g_strdup_printf ("state: %s", event->text);
    case VCT_DEMO_EVENT_BUTTON:
      return g_strdup_printf ("button: %s", event->flag ? "enabled" : "disabled");
    case VCT_DEMO_EVENT_DETAIL:
      text = vct_demo_format_plain (vct_feed_photo_get_title (event->detail));
      return g_strdup_printf ("open-detail: %" G_GINT64_FORMAT " %s", vct_feed_photo_get_id (event->detail), text);
    case VCT_DEMO_EVENT_DISMISS:
      return g_strdup ("dismiss");
    case VCT_DEMO_EVENT_LOADING:
    case VCT_DEMO_EVENT_ROWS:
    default:
      return NULL;
    }
}

/* Prints rows @from ... @from + @count - 1 (those that exist), each section's header
 * before its first row. */
static void
report_rows (VctDemoScreen *screen, guint64 from, guint64 count)
{
  VctListModel *list = screen->list;
  guint64 end = MIN (from + count, (guint64) vct_list_model_get_n_rows (list));

  for (guint64 index = from; index < end; index++)
    {
      guint section = 0, start = 0;
      guint position = vct_list_model_get_row_position (list, (guint) index, &section);
      g_autoptr (VctRow) row = g_list_model_get_item (G_LIST_MODEL (list), position);
      g_autofree char *line = vct_demo_rows_line (row);

      vct_list_model_get_section (list, position, &start, NULL);
      if (position == start + 1 && !vct_demo_is_row (list, start))
        {
          g_autoptr (VctRow) header = g_list_model_get_item (G_LIST_MODEL (list), start);
          g_autofree char *header_line = vct_demo_rows_header_line (header);

          printf ("section %u: %s\n", section, header_line);
        }
      printf ("row %" G_GUINT64_FORMAT ": %s\n", index, line);
    }
  fflush (stdout);
}

/* ------------------------------------------------------------------ the view */

/* Each line flushed at once, so a reader sees events as they happen. */
static void
vct_demo_script_on_event (VctDemoScreen *screen, const VctDemoEvent *event, gpointer user_data)
{
  VctDemoScript *self = user_data;
  g_autofree char *line = report_event (screen, event);
  gboolean failed = event->kind == VCT_DEMO_EVENT_NOTICE || (self->options->once && event->kind == VCT_DEMO_EVENT_ERROR);

  if (line != NULL)
    fprintf (failed ? stderr : stdout, "%s\n", line);
  fflush (stdout);
  if (self->options->once && failed)
    vct_demo_script_finish (self, VCT_DEMO_EXIT_FAILED);
  if (self->options->once && event->kind == VCT_DEMO_EVENT_RELOADED)
    report_rows (screen, 0, (guint64) self->options->rows);
  if (event->kind == VCT_DEMO_EVENT_DISMISS)
    vct_demo_script_finish (self, VCT_DEMO_EXIT_OK);
  vct_demo_script_schedule_pump (self);
}

/* -------------------------------------------------------------- the commands */

static gboolean
vct_demo_script_parse_index (const char *text, guint64 *value)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, value, NULL);
}

static void
vct_demo_script_show (VctDemoScript *self, char **args)
{
  guint64 from = 0, count = 10;

  if ((args[0] != NULL && !vct_demo_script_parse_index (args[0], &from))
      || (args[0] != NULL && args[1] != NULL && !vct_demo_script_parse_index (args[1], &count))
      || (args[0] != NULL && args[1] != NULL && args[2] != NULL))
    {
      g_printerr ("error: usage: show [FROM [COUNT]]\n");
      return;
    }
  report_rows (self->screen, from, count);
}

/* `select N`, `press N`, or a command of the screen's own (`start`, `follow N`): %FALSE
 * when @words are none of those. */
static gboolean
vct_demo_script_row_command (VctDemoScript *self, char **words)
{
  const VctDemoCommand *command = vct_demo_screen_find_command (self->screen, words[0]);
  gboolean builtin = g_str_equal (words[0], "select") || g_str_equal (words[0], "press");
  gboolean takes_row = builtin || (command != NULL && command->args != NULL);
  guint64 index = 0;
  g_autoptr (GError) error = NULL;

  if ((!builtin && command == NULL) || (takes_row ? (words[1] == NULL || words[2] != NULL) : words[1] != NULL))
    return FALSE;
  if (takes_row && !vct_demo_script_parse_index (words[1], &index))
    g_printerr ("error: no row %s\n", words[1]);
  else if (builtin ? !(words[0][0] == 's' ? vct_demo_screen_select : vct_demo_screen_press) (self->screen, index, &error)
                   : !vct_demo_screen_run_command (self->screen, command, index, &error))
    g_printerr ("error: %s\n", error->message);
  return TRUE;
}

/* Runs one command line. */
static void
vct_demo_script_run_command (VctDemoScript *self, const char *line)
{
  g_autofree char *text = g_strstrip (g_strdup (line));
  g_auto (GStrv) words = NULL;
  const char *verb;

  if (*text == '\0' || *text == '#')
    return;
  words = g_regex_split_simple ("\\s+", text, 0, 0);
  verb = words[0];

  if (g_str_equal (verb, "reload") && words[1] == NULL)
    vct_demo_screen_reload (self->screen);
  else if (g_str_equal (verb, "show"))
    vct_demo_script_show (self, words + 1);
  else if (g_str_equal (verb, "wait") && words[1] == NULL)
    self->waiting = vct_demo_screen_is_loading (self->screen);
  else if (g_str_equal (verb, "quit") && words[1] == NULL)
    vct_demo_script_finish (self, VCT_DEMO_EXIT_OK);
  else if (!vct_demo_script_row_command (self, words))
    g_printerr ("unknown command: %s\n", text);
}

/* Whether the next command must wait for an event. */
static gboolean
vct_demo_script_is_held (VctDemoScript *self)
{
  if (self->waiting && !vct_demo_screen_is_loading (self->screen))
    self->waiting = FALSE;
  return self->waiting || !vct_demo_screen_is_settled (self->screen);
}

/* Runs the next command, unless held; then comes back after what it caused at once. */
static gboolean
vct_demo_script_pump (gpointer user_data)
{
  VctDemoScript *self = user_data;
  char *line;

  self->pump_id = 0;
  if (!self->done && self->options->once && self->screen->has_loaded
      && !vct_demo_screen_is_loading (self->screen) && vct_demo_screen_is_settled (self->screen))
    vct_demo_script_finish (self, VCT_DEMO_EXIT_OK);
  if (self->done || self->options->once || vct_demo_script_is_held (self))
    return G_SOURCE_REMOVE;
  line = g_queue_pop_head (&self->commands);
  if (line == NULL)
    {
      if (self->eof)
        vct_demo_script_finish (self, VCT_DEMO_EXIT_OK);
      return G_SOURCE_REMOVE;
    }
  vct_demo_script_run_command (self, line);
  g_free (line);
  vct_demo_script_schedule_pump (self);
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
vct_demo_script_on_input (GIOChannel *channel, G_GNUC_UNUSED GIOCondition condition, gpointer user_data)
{
  VctDemoScript *self = user_data;
  gboolean more = TRUE;

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
          g_printerr ("vctable-demo: reading standard input: %s\n", error->message);
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

static gboolean vct_demo_script_on_sigint (gpointer self)  { vct_demo_script_finish (self, VCT_DEMO_EXIT_INTERRUPTED + SIGINT);  return G_SOURCE_CONTINUE; }
static gboolean vct_demo_script_on_sigterm (gpointer self) { vct_demo_script_finish (self, VCT_DEMO_EXIT_INTERRUPTED + SIGTERM); return G_SOURCE_CONTINUE; }

/* Runs commands from standard input until `quit`, its end, or the screen's dismissal;
 * with --once, loads and prints the result. Returns the exit code. */
int
vct_demo_script_run (VctDemoScreen *screen, const VctDemoOptions *options)
{
  VctDemoScript self = { .screen = screen, .options = options };
  guint int_id, term_id;

  self.loop = g_main_loop_new (NULL, FALSE);
  g_queue_init (&self.commands);
  /* Commands are bytes (no charset conversion); O_NONBLOCK so a partial line never
   * blocks the loop. The flags are shared with whoever else has this stdin (a shell on
   * a terminal), so they are put back at the end. */
  self.input_flags = options->once ? -1 : fcntl (STDIN_FILENO, F_GETFL);
  if (!options->once)
    {
      self.input = g_io_channel_unix_new (STDIN_FILENO);
      g_io_channel_set_encoding (self.input, NULL, NULL);
      g_io_channel_set_flags (self.input, G_IO_FLAG_NONBLOCK, NULL);
      self.input_id = g_io_add_watch (self.input, G_IO_IN | G_IO_HUP | G_IO_ERR, vct_demo_script_on_input, &self);
    }
  screen->view = vct_demo_script_on_event;
  screen->view_data = &self;
  screen->select_after_load = options->select;
  int_id = g_unix_signal_add (SIGINT, vct_demo_script_on_sigint, &self);
  term_id = g_unix_signal_add (SIGTERM, vct_demo_script_on_sigterm, &self);
  if (options->once)
    vct_demo_screen_reload (screen);

  g_main_loop_run (self.loop);

  vct_demo_terminal_hold_signals ();
  screen->view = NULL;
  g_clear_handle_id (&self.input_id, g_source_remove);
  g_source_remove (int_id);
  g_source_remove (term_id);
  g_clear_handle_id (&self.pump_id, g_source_remove);
  g_queue_clear_full (&self.commands, g_free);
  g_clear_pointer (&self.input, g_io_channel_unref);
  if (self.input_flags != -1)
    fcntl (STDIN_FILENO, F_SETFL, self.input_flags);
  g_main_loop_unref (self.loop);
  return self.exit_code;
}
