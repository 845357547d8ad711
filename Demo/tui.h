/* tui.h: the interactive view: a screen's list full-screen and virtualized, on the GLib
 * main loop (ncurses), as the original view controllers showed them. */

#ifndef VCT_DEMO_TUI_H
#define VCT_DEMO_TUI_H

#include "options.h"
#include "screen.h"

G_BEGIN_DECLS

int vct_demo_tui_run (VctDemoScreen        *screen,
                      const VctDemoOptions *options);

G_END_DECLS

#endif /* VCT_DEMO_TUI_H */
