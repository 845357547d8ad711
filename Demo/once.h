/* once.h: the --once view: load, print the title, the count and the first rows, exit. */

#ifndef VCT_DEMO_ONCE_H
#define VCT_DEMO_ONCE_H

#include "app.h"
#include "options.h"

G_BEGIN_DECLS

int vct_demo_once_run (VctDemoApp           *app,
                       const VctDemoOptions *options);

G_END_DECLS

#endif /* VCT_DEMO_ONCE_H */
