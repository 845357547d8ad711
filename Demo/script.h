/* script.h: the scripted view: commands from standard input, one line per event on
 * standard output (the mode tests and pipes use). */

#ifndef VCT_DEMO_SCRIPT_H
#define VCT_DEMO_SCRIPT_H

#include "options.h"
#include "screen.h"

G_BEGIN_DECLS

int vct_demo_script_run (VctDemoScreen        *screen,
                         const VctDemoOptions *options);

G_END_DECLS

#endif /* VCT_DEMO_SCRIPT_H */
