/* once.h: the --once view: load, print the title, the count and the first rows, exit. */

#ifndef VCT_DEMO_ONCE_H
#define VCT_DEMO_ONCE_H

#include "options.h"
#include "screen.h"

G_BEGIN_DECLS

int vct_demo_once_run (VctDemoScreen        *screen,
                       const VctDemoOptions *options);

G_END_DECLS

#endif /* VCT_DEMO_ONCE_H */
