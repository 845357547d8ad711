/* keys.h: the full-screen list's key bindings: one table per screen (the keys every
 * screen shares, and the screen's own) that maps keys to actions and writes the help
 * overlay, the footer hints and the key list in --help. */

#ifndef VCT_DEMO_KEYS_H
#define VCT_DEMO_KEYS_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  VCT_DEMO_ACTION_NONE,
  VCT_DEMO_ACTION_UP,
  VCT_DEMO_ACTION_DOWN,
  VCT_DEMO_ACTION_PAGE_UP,
  VCT_DEMO_ACTION_PAGE_DOWN,
  VCT_DEMO_ACTION_HOME,
  VCT_DEMO_ACTION_END,
  VCT_DEMO_ACTION_ACTIVATE,   /* Enter: what the screen does with the row */
  VCT_DEMO_ACTION_COMMAND,    /* one of the screen's named commands */
  VCT_DEMO_ACTION_RELOAD,
  VCT_DEMO_ACTION_HELP,
  VCT_DEMO_ACTION_REDRAW,
  VCT_DEMO_ACTION_QUIT
} VctDemoAction;

typedef struct _VctDemoKeyTable VctDemoKeyTable;

const VctDemoKeyTable *vct_demo_keys_for_screen (const char            *screen);
VctDemoAction          vct_demo_keys_action     (const VctDemoKeyTable *table,
                                                 int                    key,
                                                 const char           **command);
char                  *vct_demo_keys_help_text  (const VctDemoKeyTable *table);
const char            *vct_demo_keys_footer     (const VctDemoKeyTable *table);
char                  *vct_demo_keys_help_all   (void);

G_END_DECLS

#endif /* VCT_DEMO_KEYS_H */
