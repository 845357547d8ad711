/* rows.h: how a row of each kind reads: one line for the scripted views, and columns for
 * the full-screen list, from a table with one entry per row type (VctPhotoRow,
 * VctMemberRow, VctFeedPhotoRow, VctSongRow, VctDayHeaderRow) and a generic fallback (the
 * kind and its properties), so a new row type shows without view code. */

#ifndef VCT_DEMO_ROWS_H
#define VCT_DEMO_ROWS_H

#include <vctable.h>

G_BEGIN_DECLS

typedef enum {
  VCT_DEMO_CELL_PLAIN,
  VCT_DEMO_CELL_BOLD,
  VCT_DEMO_CELL_BUTTON,    /* a control that can be pressed */
  VCT_DEMO_CELL_DISABLED   /* a control that cannot */
} VctDemoCellStyle;

/* A row as the full-screen list draws it:
 *   [lead]  text  detail                                     trailing
 * lead is a column as wide as the widest lead on screen (at least lead_width); text is
 * cut with an ellipsis when too long; detail (dim) fills what room is left; trailing is
 * right-aligned. Strings are NULL when absent. */
typedef struct {
  char             *lead;
  guint             lead_width;
  VctDemoCellStyle  lead_style;
  char             *text;
  VctDemoCellStyle  text_style;
  char             *detail;
  char             *trailing;
  VctDemoCellStyle  trailing_style;
} VctDemoRowCells;

/* What a drawing may depend on besides the row. */
typedef struct {
  gboolean utf8;           /* the terminal shows UTF-8 */
  guint    spinner_frame;  /* advances while something spins */
} VctDemoRowStyle;

char *vct_demo_rows_line        (VctRow                *row);
char *vct_demo_rows_header_line (VctRow                *header);
void  vct_demo_rows_cells       (VctRow                *row,
                                 const VctDemoRowStyle *style,
                                 VctDemoRowCells       *cells);
void  vct_demo_rows_cells_clear (VctDemoRowCells       *cells);

G_END_DECLS

#endif /* VCT_DEMO_ROWS_H */
