/* format.h: the demo's text rules, shared by every view: one-line event text and fitting
 * UTF-8 text into terminal columns. */

#ifndef VCT_DEMO_FORMAT_H
#define VCT_DEMO_FORMAT_H

#include <vctable.h>

G_BEGIN_DECLS

char  *vct_demo_format_plain     (const char  *text);
char  *vct_demo_format_one_line  (const char  *text);
char  *vct_demo_format_display   (const char  *text,
                                  gboolean     utf8_terminal);
guint  vct_demo_format_width     (const char  *text);
gsize  vct_demo_format_fit       (const char  *text,
                                  guint        max_columns,
                                  guint       *columns);
GPtrArray *vct_demo_format_wrap  (const char  *text,
                                  guint        max_columns);

G_END_DECLS

#endif /* VCT_DEMO_FORMAT_H */
