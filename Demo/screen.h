/* screen.h: a screen of the demo as its views see it: one view model of the toolkit
 * (the photo table, the feed, the song picker) behind one small interface: its rows as a
 * VctListModel (a GListModel, read through an outline of its sections), a title, a
 * loading flag, an alert, rows to select or press, named commands (start, next,
 * follow...), and the events a view shows or prints.
 *
 * VctDemoScreen is an abstract GObject: a screen is one of its final subclasses (see
 * screens.h), made by the registry and dropped with g_object_unref(). What a subclass
 * fills in (its class) and the helpers it calls are in screen-private.h. */

#ifndef VCT_DEMO_SCREEN_H
#define VCT_DEMO_SCREEN_H

#include <vctable.h>

#include "outline.h"

G_BEGIN_DECLS

#define VCT_DEMO_TYPE_SCREEN (vct_demo_screen_get_type ())
G_DECLARE_DERIVABLE_TYPE (VctDemoScreen, vct_demo_screen, VCT_DEMO, SCREEN, GObject)

/* What happened, for the view. Which members of VctDemoEvent are set is said per kind. */
typedef enum {
  VCT_DEMO_EVENT_TITLE,     /* text: the title now */
  VCT_DEMO_EVENT_LOADING,   /* flag: whether a reload is in flight */
  VCT_DEMO_EVENT_RELOADED,  /* a reload delivered: the list holds its rows */
  VCT_DEMO_EVENT_ERROR,     /* text: the model's error message (it may span lines) */
  VCT_DEMO_EVENT_ROWS,      /* the list changed (once per change batch): redraw */
  VCT_DEMO_EVENT_ROW,       /* index, property, text: a row's property that matters changed */
  VCT_DEMO_EVENT_STATE,     /* text: the screen's new state ("listening") */
  VCT_DEMO_EVENT_BUTTON,    /* flag: whether the screen's button is enabled now */
  VCT_DEMO_EVENT_DETAIL,    /* detail: show this photo */
  VCT_DEMO_EVENT_DISMISS,   /* the screen asks to be closed */
  VCT_DEMO_EVENT_NOTICE     /* text: a problem of the demo's own, such as "no row 7" */
} VctDemoEventKind;

/* A photo's detail (the feed's open-detail). */
typedef struct {
  gint64      id;
  const char *title;
  const char *description;
  const char *image_url;
  GDateTime  *date;         /* when it was posted */
} VctDemoDetail;

typedef struct {
  VctDemoEventKind     kind;
  const char          *text;
  const char          *property;
  guint                index;     /* a row number across sections */
  gboolean             flag;
  const VctDemoDetail *detail;
} VctDemoEvent;

/* Hears a screen's events, on the main context, after the screen's state is updated. */
typedef void (*VctDemoEventFunc) (VctDemoScreen      *screen,
                                  const VctDemoEvent *event,
                                  gpointer            user_data);

/* A row's flat position in the list, kept through the list's changes while it is added
 * to a screen (the full-screen list's cursor, a follow under way). When the row is
 * removed, `gone` is set and the place stays where it was. */
typedef struct {
  guint    position;
  gboolean gone;
} VctDemoAnchor;

/* A named command of a screen, as a script and a key run it. */
typedef struct _VctDemoCommand VctDemoCommand;

const char           *vct_demo_screen_get_name          (VctDemoScreen    *screen);
void                  vct_demo_screen_set_view          (VctDemoScreen    *screen,
                                                         VctDemoEventFunc  func,
                                                         gpointer          user_data);

VctListModel         *vct_demo_screen_get_list          (VctDemoScreen    *screen);
const VctDemoOutline *vct_demo_screen_get_outline       (VctDemoScreen    *screen);

void                  vct_demo_screen_add_anchor        (VctDemoScreen    *screen,
                                                         VctDemoAnchor    *anchor);
void                  vct_demo_screen_remove_anchor     (VctDemoScreen    *screen,
                                                         VctDemoAnchor    *anchor);
void                  vct_demo_screen_set_anchor        (VctDemoScreen    *screen,
                                                         VctDemoAnchor    *anchor,
                                                         guint             index);
guint                 vct_demo_screen_get_anchor        (VctDemoScreen    *screen,
                                                         const VctDemoAnchor *anchor);

void                  vct_demo_screen_reload            (VctDemoScreen    *screen);
gboolean              vct_demo_screen_select            (VctDemoScreen    *screen,
                                                         guint64           index,
                                                         GError          **error);
gboolean              vct_demo_screen_press             (VctDemoScreen    *screen,
                                                         guint64           index,
                                                         GError          **error);
gboolean              vct_demo_screen_activate          (VctDemoScreen    *screen,
                                                         guint64           index,
                                                         GError          **error);
const VctDemoCommand *vct_demo_screen_find_command      (VctDemoScreen    *screen,
                                                         const char       *name);
gboolean              vct_demo_screen_command_takes_row (const VctDemoCommand *command);
gboolean              vct_demo_screen_run_command       (VctDemoScreen    *screen,
                                                         const VctDemoCommand *command,
                                                         guint64           index,
                                                         GError          **error);
void                  vct_demo_screen_select_after_load (VctDemoScreen    *screen,
                                                         gint64            index);

const char           *vct_demo_screen_get_title         (VctDemoScreen    *screen);
gboolean              vct_demo_screen_is_loading        (VctDemoScreen    *screen);
gboolean              vct_demo_screen_is_settled        (VctDemoScreen    *screen);
gboolean              vct_demo_screen_is_list_hidden    (VctDemoScreen    *screen);
gboolean              vct_demo_screen_has_loaded        (VctDemoScreen    *screen);
gboolean              vct_demo_screen_marks_selection   (VctDemoScreen    *screen);
gint64                vct_demo_screen_get_selected      (VctDemoScreen    *screen);
const char           *vct_demo_screen_get_loading_text  (VctDemoScreen    *screen);
const char           *vct_demo_screen_get_empty_text    (VctDemoScreen    *screen);
const char           *vct_demo_screen_get_status        (VctDemoScreen    *screen,
                                                         gboolean         *is_button,
                                                         gboolean         *enabled);
const char           *vct_demo_screen_get_alert         (VctDemoScreen    *screen);
void                  vct_demo_screen_dismiss_alert     (VctDemoScreen    *screen);

G_END_DECLS

#endif /* VCT_DEMO_SCREEN_H */
