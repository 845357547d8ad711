/* terminal.h: the terminal's curses session: entering it, and always leaving it (on
 * quit, exit(), a log message, or a fatal signal), so the shell gets its screen back. */

#ifndef VCT_DEMO_TERMINAL_H
#define VCT_DEMO_TERMINAL_H

#include <glib.h>

G_BEGIN_DECLS

gboolean vct_demo_terminal_start            (GError **error);
void     vct_demo_terminal_stop             (void);
void     vct_demo_terminal_resize           (void);
gboolean vct_demo_terminal_is_utf8          (void);
void     vct_demo_terminal_install_log_writer (void);
void     vct_demo_terminal_hold_signals     (void);

G_END_DECLS

#endif /* VCT_DEMO_TERMINAL_H */
