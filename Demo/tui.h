/* tui.h: the interactive view: a full-screen, virtualized photo list on the GLib main
 * loop (ncurses), the screen the original VCTable view controller showed. */

#ifndef VCT_DEMO_TUI_H
#define VCT_DEMO_TUI_H

#include "app.h"
#include "options.h"

G_BEGIN_DECLS

int vct_demo_tui_run (VctDemoApp           *app,
                      const VctDemoOptions *options);

G_END_DECLS

#endif /* VCT_DEMO_TUI_H */
