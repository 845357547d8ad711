/* terminal.c: the terminal's curses session: entering it, and always leaving it (on
 * quit, exit(), a log message, or a fatal signal), so the shell gets its screen back.
 *
 * A fatal signal (SIGSEGV, SIGABRT, a Swift trap's SIGILL or SIGTRAP...) cannot call
 * endwin() safely, so the handler writes the terminal's own "leave" sequences, prepared
 * when curses starts, and restores the saved tty modes: both async-signal-safe. */

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include "demo.h"

#include <gio/gio.h>

#include <curses.h>
#include <errno.h>
#include <signal.h>
#include <glib-unix.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
static const char *const leave_capabilities[] = { "sgr0", "cnorm", "rmkx", "rmcup" };
static struct sigaction previous_actions[G_N_ELEMENTS (fatal_signals)];

static SCREEN          *screen;
static volatile sig_atomic_t active; /* curses owns the terminal */
static gboolean         atexit_done;
static struct termios   saved_modes;
static gboolean         have_saved_modes;
static char             leave_sequence[512];
static gsize            leave_length;

static void
vct_demo_terminal_add_capability (const char *name)
{
  char *value = tigetstr ((char *) name);
  gsize length;

  if (value == NULL || value == (char *) -1)
    return;
  length = strlen (value);
  if (leave_length + length < sizeof leave_sequence)
    {
      memcpy (leave_sequence + leave_length, value, length);
      leave_length += length;
    }
}

static void
vct_demo_terminal_on_fatal_signal (int signum, siginfo_t *info, G_GNUC_UNUSED void *context)
{
  int saved_errno = errno;

  if (active)
    {
      ssize_t ignored = write (STDOUT_FILENO, leave_sequence, leave_length);

      (void) ignored;
      if (have_saved_modes)
        tcsetattr (STDIN_FILENO, TCSANOW, &saved_modes);
    }
  /* Hand the signal to whoever had it before (the Swift runtime's backtracer, or the
   * default action): a faulting instruction faults again when this returns, with its
   * real context; a signal that was sent (kill, abort) or a trap is sent again. */
  for (gsize i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    if (fatal_signals[i] == signum)
      sigaction (signum, &previous_actions[i], NULL);
  if (info == NULL || info->si_code <= 0 || signum == SIGTRAP)
    raise (signum);
  errno = saved_errno;
}

static void
vct_demo_terminal_set_fatal_handlers (gboolean install)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  sigemptyset (&action.sa_mask);
  action.sa_sigaction = vct_demo_terminal_on_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  for (gsize i = 0; i < G_N_ELEMENTS (fatal_signals); i++)
    sigaction (fatal_signals[i], install ? &action : &previous_actions[i], install ? &previous_actions[i] : NULL);
}

static void vct_demo_terminal_at_exit (void) { vct_demo_terminal_stop (); }

/* Enters curses on standard input and output: the alternate screen, no echo, keys one by
 * one without blocking (nodelay), mouse clicks where the terminal has them. Returns
 * %TRUE, or %FALSE with @error set */
gboolean
vct_demo_terminal_start (GError **error)
{
  const char *term = g_getenv ("TERM");

  g_return_val_if_fail (!active, FALSE);
  have_saved_modes = tcgetattr (STDIN_FILENO, &saved_modes) == 0;
  screen = newterm (NULL, stdout, stdin);
  if (screen == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "cannot drive the terminal (TERM=%s); try --script or --once",
                   term != NULL ? term : "unset");
      return FALSE;
    }
  set_term (screen);
  active = TRUE;
  if (!atexit_done)
    atexit_done = atexit (vct_demo_terminal_at_exit) == 0;

  cbreak ();
  noecho ();
  nonl ();
  intrflush (stdscr, FALSE);
  keypad (stdscr, TRUE);
  nodelay (stdscr, TRUE);
  set_escdelay (25);
  curs_set (0);
  mouseinterval (0);
  mousemask (BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);

  leave_length = 0;
  if (has_mouse ())
    {
      static const char mouse_off[] = "\033[?1000l\033[?1006l";

      memcpy (leave_sequence, mouse_off, sizeof mouse_off - 1);
      leave_length = sizeof mouse_off - 1;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (leave_capabilities); i++)
    vct_demo_terminal_add_capability (leave_capabilities[i]);
  vct_demo_terminal_set_fatal_handlers (TRUE);
  return TRUE;
}

/* Leaves curses for good (the normal screen, the cursor and the tty modes come back) and
 * frees it. Harmless when curses is not running; also runs at exit(). */
void
vct_demo_terminal_stop (void)
{
  if (!active)
    return;
  active = FALSE;
  vct_demo_terminal_set_fatal_handlers (FALSE);
  mousemask (0, NULL);
  endwin ();
  delscreen (screen);
  screen = NULL;
  if (have_saved_modes)
    tcsetattr (STDIN_FILENO, TCSANOW, &saved_modes);
}

/* Takes the terminal's new size (after SIGWINCH) so the next drawing fits it. */
void
vct_demo_terminal_resize (void)
{
  struct winsize size;

  if (!active)
    return;
  if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0)
    resizeterm (size.ws_row, size.ws_col);
}

/* A message logged while curses owns the screen would be drawn over, or would scribble
 * on the list: leave curses first (a temporary endwin(); the next refresh comes back),
 * so it lands on the normal screen, readable after quitting, and a fatal one leaves the
 * terminal restored. */
static GLogWriterOutput
vct_demo_terminal_log_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields,
                              G_GNUC_UNUSED gpointer user_data)
{
  if (active)
    {
      const char *domain = NULL;

      for (gsize i = 0; i < n_fields; i++)
        if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
          domain = fields[i].value;
      if ((log_level & (G_LOG_FLAG_FATAL | G_LOG_LEVEL_ERROR)) != 0)
        vct_demo_terminal_stop ();
      else if (!g_log_writer_default_would_drop (log_level, domain))
        endwin ();
    }
  return g_log_writer_default (log_level, fields, n_fields, NULL);
}

/* Routes GLib's log messages through the writer that leaves curses first. Call once,
 * before anything logs. */
void
vct_demo_terminal_install_log_writer (void)
{
  g_log_set_writer_func (vct_demo_terminal_log_writer, NULL, NULL);
}

static gboolean vct_demo_terminal_swallow_signal (G_GNUC_UNUSED gpointer data) { return G_SOURCE_CONTINUE; }

/* From now until the process exits, SIGINT, SIGTERM and SIGHUP are swallowed. Call it
 * once a view's loop has ended, before it removes its own signal sources: removing the
 * last g_unix_signal_add() source of a signal puts back its default action, and a second
 * Ctrl-C (or the copy of the first that a `timeout` wrapper forwards) would then kill
 * the process halfway through its teardown, before the terminal is restored. The sources
 * added here stay (nothing dispatches them once the loop has ended). */
void
vct_demo_terminal_hold_signals (void)
{
  static const int held_signals[] = { SIGINT, SIGTERM, SIGHUP };
  static gboolean held;

  if (held)
    return;
  held = TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (held_signals); i++)
    g_unix_signal_add (held_signals[i], vct_demo_terminal_swallow_signal, NULL);
}
