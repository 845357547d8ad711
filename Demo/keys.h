/* keys.h: the full-screen list's key bindings: one table that maps keys to actions and
 * writes the help overlay, the footer hints and the key list in --help. */

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
  VCT_DEMO_ACTION_SELECT,
  VCT_DEMO_ACTION_RELOAD,
  VCT_DEMO_ACTION_HELP,
  VCT_DEMO_ACTION_REDRAW,
  VCT_DEMO_ACTION_QUIT
} VctDemoAction;

VctDemoAction  vct_demo_keys_action     (int key);
char          *vct_demo_keys_help_text  (void);
const char    *vct_demo_keys_footer     (void);

G_END_DECLS

#endif /* VCT_DEMO_KEYS_H */
