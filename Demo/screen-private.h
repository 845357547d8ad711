/* screen-private.h: what a screen subclass (screen-photos.c, screen-feed.c,
 * screen-songs.c) sees of VctDemoScreen and the views do not: the class it fills in its
 * class_init (its name and texts, its commands, its virtual functions over its rows), the
 * helper its constructor calls after g_object_new() with its view model (a VctScreen:
 * the base does its reload, title, loading, error and list), and the helpers that turn
 * the model's own reports into the events of screen.h. Rows are addressed by their flat
 * position in the list; outline.c maps row numbers to it. */

#ifndef VCT_DEMO_SCREEN_PRIVATE_H
#define VCT_DEMO_SCREEN_PRIVATE_H

#include "screen.h"

G_BEGIN_DECLS

/* What a screen does with a row: @position is its flat position in the list, @row the
 * row there (transfer none). */
typedef gboolean (*VctDemoRowFunc) (VctDemoScreen  *screen,
                                    guint           position,
                                    VctRow         *row,
                                    GError        **error);

/* A named command: `name` (and a row number N when `args` is "N") in a script, a key in
 * the full-screen list (with the cursor's row). A command that takes no row is run with
 * position 0 and a %NULL row. */
struct _VctDemoCommand {
  const char     *name;
  const char     *args;       /* "N" when it takes a row, else NULL */
  const char     *help;       /* one line for --help */
  VctDemoRowFunc  run;
};

/* A subclass sets the fields it has in its class_init and overrides the functions. */
struct _VctDemoScreenClass {
  GObjectClass          parent_class;

  const char           *name;             /* "photos", as the command line names it */
  const char           *loading_text;     /* the spinner's text */
  const char           *empty_text;       /* the list area when a load brought no rows */
  gboolean              marks_selection;  /* the full-screen list marks the selected row */
  gboolean              titles_on_reload; /* the subclass reports every title itself, as the
                                             model repeats it at each reload (else the base
                                             reports VctScreen:title's changes, and the
                                             first title at the first reload) */
  const VctDemoCommand *commands;         /* (nullable): ends with an entry whose name is NULL */

  /* Optional; the base's: vct_screen_reload(), always settled, never hidden,
   * vct_row_select(), vct_row_press(), the class's `select`, no status line, no error of
   * its own. */
  void            (*reload)         (VctDemoScreen *screen);
  gboolean        (*is_settled)     (VctDemoScreen *screen);
  gboolean        (*is_list_hidden) (VctDemoScreen *screen);
  VctDemoRowFunc    select;
  VctDemoRowFunc    press;
  VctDemoRowFunc    activate;
  const char     *(*get_status)     (VctDemoScreen *screen, gboolean *is_button, gboolean *enabled);
  /* A `did-error` the subclass caused (a failed follow): %TRUE when it is not a reload's. */
  gboolean        (*claims_error)   (VctDemoScreen *screen);
  /* Optional (the base's does nothing): one `items-changed` run of the list, after the
   * base has taken it, while the list reads as the run left it. */
  void            (*items_changed)  (VctDemoScreen *screen, guint position, guint removed, guint added);
};

void       vct_demo_screen_construct   (VctDemoScreen      *screen,
                                        VctScreen          *model);
VctScreen *vct_demo_screen_get_model   (VctDemoScreen      *screen);
void       vct_demo_screen_emit        (VctDemoScreen      *screen,
                                        const VctDemoEvent *event);
void       vct_demo_screen_emit_title  (VctDemoScreen      *screen,
                                        const char         *title);
void       vct_demo_screen_report_row  (VctDemoScreen      *screen,
                                        guint               position,
                                        const char         *property,
                                        const char         *value);
void       vct_demo_screen_emit_notice (VctDemoScreen      *screen,
                                        const char         *text);

G_END_DECLS

#endif /* VCT_DEMO_SCREEN_PRIVATE_H */
