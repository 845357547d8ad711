/* options.h: vctable-demo's command line (GOptionContext): the screen, the options, and
 * the exit codes. */

#ifndef VCT_DEMO_OPTIONS_H
#define VCT_DEMO_OPTIONS_H

#include <glib.h>

G_BEGIN_DECLS

#define VCT_DEMO_VERSION "0.1.0"

/* Exit codes, as --help lists them. */
enum {
  VCT_DEMO_EXIT_OK = 0,
  VCT_DEMO_EXIT_FAILED = 1,       /* the load (or --select) failed with --once */
  VCT_DEMO_EXIT_USAGE = 2,        /* a bad screen, option, argument or URI */
  VCT_DEMO_EXIT_INTERRUPTED = 128 /* + the signal number: SIGINT 130, SIGTERM 143 */
};

typedef struct {
  const char *screen;   /* "photos" (the default), "feed" or "songs" */
  char     *uri;        /* NULL: the factory's choice (VCTABLE_PHOTOS_URL or the fixture) */
  gint      timeout_ms; /* with --uri; 0 for the library's default */
  gsize     max_body_size; /* with --uri; 0 for the library's default (64 MiB) */
  gint64    select;     /* the row to select after the first load, or -1 */
  gint64    rows;       /* how many rows --once prints */
  gboolean  once;
  gboolean  script;
} VctDemoOptions;

gboolean vct_demo_options_parse (VctDemoOptions  *options,
                                 int             *argc,
                                 char          ***argv,
                                 int             *exit_code);
void     vct_demo_options_clear (VctDemoOptions  *options);

G_END_DECLS

#endif /* VCT_DEMO_OPTIONS_H */
