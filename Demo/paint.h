/* paint.h: drawing text on the curses screen: in a number of columns (cut at a character
 * boundary, or with an ellipsis), centered, and framed boxes with lines of text. */

#ifndef VCT_DEMO_PAINT_H
#define VCT_DEMO_PAINT_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  gboolean utf8;   /* the terminal shows UTF-8 (else text is transliterated to ASCII) */
} VctDemoPaint;

guint vct_demo_paint_text       (const VctDemoPaint *paint,
                                 int                 y,
                                 int                 x,
                                 const char         *text,
                                 int                 max_columns);
guint vct_demo_paint_ellipsized (const VctDemoPaint *paint,
                                 int                 y,
                                 int                 x,
                                 const char         *text,
                                 int                 max_columns);
void  vct_demo_paint_centered   (const VctDemoPaint *paint,
                                 int                 y,
                                 int                 x,
                                 int                 width,
                                 const char         *text);
guint vct_demo_paint_width      (const VctDemoPaint *paint,
                                 const char         *text);
void  vct_demo_paint_box        (int                 y,
                                 int                 x,
                                 int                 height,
                                 int                 width);

G_END_DECLS

#endif /* VCT_DEMO_PAINT_H */
