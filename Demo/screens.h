/* screens.h: the screens vctable-demo can show, by the name the command line gives them:
 * the final VctDemoScreen types (their commands are in their classes), and how each is
 * made from the options (its document URI). */

#ifndef VCT_DEMO_SCREENS_H
#define VCT_DEMO_SCREENS_H

#include "screen.h"

G_BEGIN_DECLS

#define VCT_DEMO_SCREEN_DEFAULT "photos"

typedef VctDemoScreen *(*VctDemoScreenNewFunc) (const char  *uri,
                                                guint        timeout_ms,
                                                gsize        max_body_size,
                                                GError     **error);

typedef struct {
  const char           *name;         /* "feed", its class's name */
  const char           *summary;      /* one line for --help */
  const char           *environment;  /* the variable the factory reads without --uri */
  const char           *fixture;      /* what the bundled fixture holds */
  gboolean              has_api;      /* a VctApi: --timeout and --max-body-size apply */
  GType               (*get_type) (void);
  VctDemoScreenNewFunc  create;
} VctDemoScreenInfo;

const VctDemoScreenInfo *vct_demo_screens_find        (const char  *name);
const VctDemoScreenInfo *vct_demo_screens_get_all     (guint       *n_screens);
char                    *vct_demo_screens_list_names  (const char  *conjunction);
char                    *vct_demo_screens_help_text   (void);
gboolean                 vct_demo_screens_check_uri   (const char  *uri,
                                                       const char  *what,
                                                       GError     **error);

#define VCT_DEMO_TYPE_PHOTOS_SCREEN (vct_demo_photos_screen_get_type ())
#define VCT_DEMO_TYPE_FEED_SCREEN   (vct_demo_feed_screen_get_type ())
#define VCT_DEMO_TYPE_SONGS_SCREEN  (vct_demo_songs_screen_get_type ())

GType          vct_demo_photos_screen_get_type (void);
GType          vct_demo_feed_screen_get_type   (void);
GType          vct_demo_songs_screen_get_type  (void);

VctDemoScreen *vct_demo_photos_screen_new (const char  *uri,
                                           guint        timeout_ms,
                                           gsize        max_body_size,
                                           GError     **error);
VctDemoScreen *vct_demo_feed_screen_new   (const char  *uri,
                                           guint        timeout_ms,
                                           gsize        max_body_size,
                                           GError     **error);
VctDemoScreen *vct_demo_songs_screen_new  (const char  *uri,
                                           guint        timeout_ms,
                                           gsize        max_body_size,
                                           GError     **error);

G_END_DECLS

#endif /* VCT_DEMO_SCREENS_H */
