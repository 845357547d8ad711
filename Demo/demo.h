/* demo.h: vctable-demo, a C program over vctable.h (and ncurses) alone: what its files
 * share. A screen (screen.c) is one of the library's VctScreen models (the photo table,
 * the feed, the song picker) as the views see it: its VctListModel, title, loading flag,
 * alert, rows to select or press by number, named commands, and events. The views: the
 * full-screen list (tui.c), the scripted one and --once (script.c). Rows are numbered
 * across sections, headers and footers not counted, as VctListModel numbers them. */

#ifndef VCT_DEMO_H
#define VCT_DEMO_H

#include <vctable.h>

G_BEGIN_DECLS

#define VCT_DEMO_VERSION "0.1.0"
#define VCT_DEMO_SCREEN_DEFAULT "photos"

enum {
  VCT_DEMO_EXIT_OK = 0,
  VCT_DEMO_EXIT_FAILED = 1,       /* the load (or --select) failed with --once */
  VCT_DEMO_EXIT_USAGE = 2,        /* a bad screen, option, argument or URI */
  VCT_DEMO_EXIT_INTERRUPTED = 128 /* + the signal number: SIGINT 130, SIGTERM 143 */
};

typedef struct {
  const char *screen;         /* "photos" (the default), "feed" or "songs" */
  char       *uri;            /* NULL: the factory's choice */
  gint        timeout_ms;     /* with --uri; 0 for the library's default */
  gsize       max_body_size;  /* with --uri; 0 for the library's default */
  gint64      select;         /* the row to select after the first load, or -1 */
  gint64      rows;           /* how many rows --once prints */
  gboolean    once;
  gboolean    script;
} VctDemoOptions;

gboolean vct_demo_options_parse (VctDemoOptions *options, int *argc, char ***argv, int *exit_code);
void     vct_demo_options_clear (VctDemoOptions *options);

/* ------------------------------------------------------------------ screens */

typedef struct _VctDemoScreen VctDemoScreen;

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

typedef struct {
  VctDemoEventKind  kind;
  const char       *text;
  const char       *property;
  guint             index;    /* a row number */
  gboolean          flag;
  VctFeedPhoto     *detail;
} VctDemoEvent;

/* Hears a screen's events, on the main context, after the screen's state is updated. */
typedef void (*VctDemoEventFunc) (VctDemoScreen *screen, const VctDemoEvent *event, gpointer user_data);
/* What a screen does with a row at flat @position (a command without a row: 0, NULL). */
typedef gboolean (*VctDemoRowFunc) (VctDemoScreen *screen, guint position, VctRow *row, GError **error);

typedef struct {
  const char     *name;
  const char     *args;   /* "N" when it takes a row, else NULL */
  const char     *help;   /* for --help */
  VctDemoRowFunc  run;
} VctDemoCommand;

typedef struct {
  const char           *name;          /* "feed", as the command line names it */
  const char           *summary;       /* one line for --help */
  const char           *environment;   /* the variable the factory reads without --uri */
  const char           *fixture;       /* what the bundled fixture holds */
  gboolean              has_api;       /* a VctApi: --timeout and --max-body-size apply */
  const VctDemoCommand *commands;      /* ends with a NULL name */
  const char           *loading_text;  /* the spinner's text */
  const char           *empty_text;    /* the list area when a load brought no rows */
  gboolean              marks_selection; /* the full-screen list marks the selected row */
} VctDemoScreenInfo;

/* A screen: what the views read, then screen.c's own. */
struct _VctDemoScreen {
  const VctDemoScreenInfo *info;
  VctScreen               *model;
  VctListModel            *list;       /* the model's rows */
  VctDemoEventFunc         view;       /* who hears the events, and its data */
  gpointer                 view_data;
  char                    *title;      /* the title to show */
  char                    *alert;      /* the last error, until the view clears it */
  gint64                   selected;   /* the row selected last, -1 after a reload */
  gboolean                 has_loaded; /* a reload has delivered */
  gint64                   select_after_load;  /* --select: selected after the first reload, or -1 */

  gboolean                 title_shown;
  gboolean                 rows_changed;       /* `items-changed` since the last ROWS */
  gboolean                 reload_failed;
  guint                    reload_end_id;
  GPtrArray               *reports;   /* row changes not told yet */
  GPtrArray               *held;      /* rows held: follows, or the songs */
  guint                    pending;   /* titles (photos) or details (feed) asked for */
  guint                    errors_awaited; /* failed follows, their error not reported yet */
};

#define VCT_DEMO_N_SCREENS 3
extern const VctDemoScreenInfo vct_demo_screens[VCT_DEMO_N_SCREENS];   /* the default first */

const VctDemoScreenInfo *vct_demo_screens_find (const char *name);

VctDemoScreen *vct_demo_screen_new      (const VctDemoOptions *options, GError **error);
void           vct_demo_screen_free     (VctDemoScreen *screen);
void           vct_demo_screen_reload   (VctDemoScreen *screen);
gboolean       vct_demo_screen_select   (VctDemoScreen *screen, guint64 index, GError **error);
gboolean       vct_demo_screen_press    (VctDemoScreen *screen, guint64 index, GError **error);
gboolean       vct_demo_screen_activate (VctDemoScreen *screen, guint64 index, GError **error);
const VctDemoCommand *vct_demo_screen_find_command (VctDemoScreen *screen, const char *name);
gboolean       vct_demo_screen_run_command (VctDemoScreen *screen, const VctDemoCommand *command,
                                            guint64 index, GError **error);
gboolean       vct_demo_screen_is_loading       (VctDemoScreen *screen);
gboolean       vct_demo_screen_is_settled       (VctDemoScreen *screen);
gboolean       vct_demo_screen_is_list_hidden   (VctDemoScreen *screen);
const char    *vct_demo_screen_get_status       (VctDemoScreen *screen, gboolean *is_button, gboolean *enabled);

/* Whether flat @position holds a row (not a header or footer) of @list. */
gboolean       vct_demo_is_row (VctListModel *list, guint position);

/* A row held, one of its signals heard (or a row's change to tell: property, value). */
typedef struct {
  gpointer  owner;
  VctRow   *row;
  gulong    id;
  char     *property;
  char     *value;
} VctDemoHeld;

VctDemoHeld *vct_demo_held_new  (gpointer owner, VctRow *row, const char *signal, GCallback callback);
void         vct_demo_held_free (gpointer held);
void         vct_demo_hold_rows (GPtrArray **held, VctListModel *list, guint start, guint end, gpointer owner,
                                 const char *signal, GCallback callback);

/* ------------------------------------------------------------------ rows and text */

/* BUTTON: a control that can be pressed; DISABLED: one that cannot. */
typedef enum { VCT_DEMO_CELL_PLAIN, VCT_DEMO_CELL_BOLD, VCT_DEMO_CELL_BUTTON, VCT_DEMO_CELL_DISABLED } VctDemoCellStyle;

/* A row as the full-screen list draws it: [lead]  text  detail ... trailing. */
typedef struct {
  char             *lead;
  guint             lead_width;   /* at least this wide */
  VctDemoCellStyle  lead_style;
  char             *text;
  VctDemoCellStyle  text_style;
  char             *detail;       /* dim, in what room is left */
  char             *trailing;     /* right-aligned */
  VctDemoCellStyle  trailing_style;
} VctDemoRowCells;

char *vct_demo_rows_line        (VctRow *row);
char *vct_demo_rows_header_line (VctRow *header);
void  vct_demo_rows_cells       (VctRow *row, gboolean utf8, guint spinner_frame, VctDemoRowCells *cells);
void  vct_demo_rows_cells_clear (VctDemoRowCells *cells);

char      *vct_demo_format_plain    (const char *text);
char      *vct_demo_format_one_line (const char *text);
char      *vct_demo_format_display  (const char *text, gboolean utf8_terminal);
guint      vct_demo_format_width    (const char *text);
gsize      vct_demo_format_fit      (const char *text, guint max_columns, guint *columns);
GPtrArray *vct_demo_format_wrap     (const char *text, guint max_columns);

/* ------------------------------------------------------------------ views */

/* What a key does in the full-screen list: a move, Enter (ACTIVATE: what the screen does
 * with the row), one of the screen's named commands, ... */
typedef enum {
  VCT_DEMO_ACTION_NONE, VCT_DEMO_ACTION_UP, VCT_DEMO_ACTION_DOWN, VCT_DEMO_ACTION_PAGE_UP,
  VCT_DEMO_ACTION_PAGE_DOWN, VCT_DEMO_ACTION_HOME, VCT_DEMO_ACTION_END, VCT_DEMO_ACTION_ACTIVATE,
  VCT_DEMO_ACTION_COMMAND, VCT_DEMO_ACTION_RELOAD, VCT_DEMO_ACTION_HELP, VCT_DEMO_ACTION_REDRAW,
  VCT_DEMO_ACTION_QUIT
} VctDemoAction;

typedef struct _VctDemoKeyTable VctDemoKeyTable;

const VctDemoKeyTable *vct_demo_keys_for_screen (const VctDemoScreenInfo *screen);
VctDemoAction          vct_demo_keys_action     (const VctDemoKeyTable *table, int key, const char **command);
char                  *vct_demo_keys_help_text  (const VctDemoKeyTable *table);
const char            *vct_demo_keys_footer     (const VctDemoKeyTable *table);
char                  *vct_demo_keys_help_all   (void);

gboolean vct_demo_terminal_start              (GError **error);
void     vct_demo_terminal_stop               (void);
void     vct_demo_terminal_resize             (void);
void     vct_demo_terminal_install_log_writer (void);
void     vct_demo_terminal_hold_signals       (void);

int vct_demo_tui_run    (VctDemoScreen *screen, const VctDemoOptions *options);
int vct_demo_script_run (VctDemoScreen *screen, const VctDemoOptions *options);

G_END_DECLS

#endif /* VCT_DEMO_H */
