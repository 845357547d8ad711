/* outline.h: where a sectioned list's rows and headers are when they are read as one
 * column: row numbers across sections (headers not counted) and lines (headers counted),
 * as the scripted views number rows and the full-screen list draws them, each mapped to
 * its flat position in the GListModel. */

#ifndef VCT_DEMO_OUTLINE_H
#define VCT_DEMO_OUTLINE_H

#include <vctable.h>

G_BEGIN_DECLS

typedef struct {
  guint    start;       /* the flat position of its first item (its header, if any) */
  guint    first_row;   /* the row number of its first row */
  guint    first_line;  /* the line of its header, or of its first row */
  guint    n_rows;
  gboolean has_header;
} VctDemoOutlineSection;

typedef struct {
  VctListModel *list;       /* the list it describes (not owned) */
  GArray       *sections;   /* (element-type VctDemoOutlineSection) */
  guint         n_rows;
  guint         n_lines;
} VctDemoOutline;

void     vct_demo_outline_init        (VctDemoOutline       *outline);
void     vct_demo_outline_clear       (VctDemoOutline       *outline);
void     vct_demo_outline_update      (VctDemoOutline       *outline,
                                       VctListModel         *list);
gboolean vct_demo_outline_find_row    (const VctDemoOutline *outline,
                                       guint                 row,
                                       guint                *section,
                                       guint                *position);
gboolean vct_demo_outline_find_line   (const VctDemoOutline *outline,
                                       guint                 line,
                                       guint                *position);
guint    vct_demo_outline_row_at      (const VctDemoOutline *outline,
                                       guint                 position);
guint    vct_demo_outline_row_near    (const VctDemoOutline *outline,
                                       guint                 position);
guint    vct_demo_outline_line_of_row (const VctDemoOutline *outline,
                                       guint                 row,
                                       gboolean             *under_header);

G_END_DECLS

#endif /* VCT_DEMO_OUTLINE_H */
