/* report.h: what the scripted views (script.c, once.c) print: one line per event, and the
 * rows as `show` and --once list them. */

#ifndef VCT_DEMO_REPORT_H
#define VCT_DEMO_REPORT_H

#include "screen.h"

G_BEGIN_DECLS

char *vct_demo_report_event (VctDemoScreen      *screen,
                             const VctDemoEvent *event);
void  vct_demo_report_rows  (VctDemoScreen      *screen,
                             guint64             from,
                             guint64             count);

G_END_DECLS

#endif /* VCT_DEMO_REPORT_H */
