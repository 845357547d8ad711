/* screen-class.h: what a screen implements (screen-photos.c, screen-feed.c,
 * screen-songs.c): a class of functions over its view model, a base it embeds first, and
 * the helpers that turn the model's reports into the events of screen.h. */

#ifndef VCT_DEMO_SCREEN_CLASS_H
#define VCT_DEMO_SCREEN_CLASS_H

#include "screen.h"

G_BEGIN_DECLS

/* A named command: `name` (and a row number N when `args` is "N") in a script, a key in
 * the full-screen list (with the cursor's row). */
struct _VctDemoCommand {
  const char *name;
  const char *args;         /* "N" when it takes a row, else NULL */
  const char *help;         /* one line for --help */
  gboolean  (*run) (VctDemoScreen *screen,
                    guint          section,
                    guint          position,
                    GError       **error);
};

typedef struct {
  const char           *name;             /* "photos", as the command line names it */
  const char           *loading_text;     /* the spinner's text */
  const char           *empty_text;       /* the list area when a load brought no rows */
  gboolean              marks_selection;  /* the full-screen list marks the selected row */
  gboolean              titles_on_reload; /* the model reports its title at every reload (else
                                             the base shows the first one at the first reload) */
  const VctDemoCommand *commands;         /* ends with an entry whose name is NULL */

  /* Required. */
  void          (*reload)           (VctDemoScreen *screen);
  gboolean      (*is_loading)       (VctDemoScreen *screen);
  void          (*finalize)         (VctDemoScreen *screen);
  /* Optional: NULL means always settled, never hidden, vct_list_model_select(),
   * vct_list_model_press(), `select`, no status line. */
  gboolean      (*is_settled)       (VctDemoScreen *screen);
  gboolean      (*is_list_hidden)   (VctDemoScreen *screen);
  gboolean      (*select)           (VctDemoScreen *screen, guint section, guint position, GError **error);
  gboolean      (*press)            (VctDemoScreen *screen, guint section, guint position, GError **error);
  gboolean      (*activate)         (VctDemoScreen *screen, guint section, guint position, GError **error);
  const char   *(*get_status)       (VctDemoScreen *screen, gboolean *is_button, gboolean *enabled);
  /* Optional: the list's changes, after the base has taken them, in the list's order. */
  void          (*sections_changed) (VctDemoScreen *screen, guint position, guint removed, guint added);
  void          (*items_changed)    (VctDemoScreen *screen, guint section, guint position, guint removed, guint added);
  void          (*item_updated)     (VctDemoScreen *screen, guint section, guint position);
} VctDemoScreenClass;

struct _VctDemoScreen {
  const VctDemoScreenClass *klass;
  VctDemoEventFunc          view;
  gpointer                  view_data;
  VctListModel             *list;               /* (transfer none): the model's */
  VctDemoOutline            outline;
  gboolean                  outline_stale;
  char                     *title;              /* the last title reported */
  char                     *alert;              /* the last error, until dismissed */
  gint64                    selected;           /* the row selected last, -1 after a reload */
  gint64                    select_after_load;  /* --select, -1 for none */
  gboolean                  has_loaded;
  GArray                   *inserted;           /* (element-type VctDemoInserted): this batch's */
  GPtrArray                *anchors;            /* (element-type VctDemoAnchor): not owned */
  guint                     batch_end_id;
  gboolean                  title_shown;        /* a title has been reported */
  guint                     reload_end_id;      /* vct_demo_screen_end_reload_later()'s idle */
  gboolean                  reload_failed;
};

/* The classes, for the registry (screens.c). */
extern const VctDemoScreenClass vct_demo_photos_class;
extern const VctDemoScreenClass vct_demo_feed_class;
extern const VctDemoScreenClass vct_demo_songs_class;

void     vct_demo_screen_construct     (VctDemoScreen            *screen,
                                        const VctDemoScreenClass *klass,
                                        VctListModel             *list,
                                        const char               *title);
void     vct_demo_screen_emit          (VctDemoScreen            *screen,
                                        const VctDemoEvent       *event);
void     vct_demo_screen_emit_title    (VctDemoScreen            *screen,
                                        const char               *title);
void     vct_demo_screen_emit_loading  (VctDemoScreen            *screen);
void     vct_demo_screen_emit_reloaded (VctDemoScreen            *screen);
void     vct_demo_screen_emit_error    (VctDemoScreen            *screen,
                                        const char               *message);
void     vct_demo_screen_emit_row      (VctDemoScreen            *screen,
                                        guint                     section,
                                        guint                     position,
                                        const char               *property,
                                        const char               *value);
void     vct_demo_screen_emit_notice   (VctDemoScreen            *screen,
                                        const char               *text);
void     vct_demo_screen_end_reload_later (VctDemoScreen         *screen);
gboolean vct_demo_screen_fail_reload   (VctDemoScreen            *screen);
gboolean vct_demo_screen_is_new_row    (VctDemoScreen            *screen,
                                        guint                     section,
                                        guint                     position);
const char *vct_demo_screen_get_row_kind (VctDemoScreen         *screen,
                                        guint                     section,
                                        guint                     position);

G_END_DECLS

#endif /* VCT_DEMO_SCREEN_CLASS_H */
