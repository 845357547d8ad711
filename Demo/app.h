/* app.h: the demo's model wiring: one VctTableModel, its three callbacks, and the state
 * a view shows (title, loading, pending alert, selected row), reported to one view. */

#ifndef VCT_DEMO_APP_H
#define VCT_DEMO_APP_H

#include <vctable.h>

G_BEGIN_DECLS

typedef struct _VctDemoApp VctDemoApp;

/* What a view hears, always on the main context, after the app's state is updated.
 * Any member may be NULL. */
typedef struct {
  void (*title_changed)   (VctDemoApp *app, const char *title, gpointer user_data);
  void (*reloaded)        (VctDemoApp *app, guint n_items, gpointer user_data);
  void (*failed)          (VctDemoApp *app, const char *message, gpointer user_data);
  void (*loading_changed) (VctDemoApp *app, gboolean loading, gpointer user_data);
  /* A problem of the demo's own, not the model's, such as "no row 7". */
  void (*notice)          (VctDemoApp *app, const char *text, gpointer user_data);
} VctDemoAppView;

VctDemoApp  *vct_demo_app_new              (VctTableModel        *model);
void         vct_demo_app_free             (VctDemoApp           *app);
void         vct_demo_app_set_view         (VctDemoApp           *app,
                                            const VctDemoAppView *view,
                                            gpointer              user_data);

void         vct_demo_app_reload           (VctDemoApp           *app);
gboolean     vct_demo_app_select           (VctDemoApp           *app,
                                            guint64               index,
                                            GError              **error);
void         vct_demo_app_select_after_load (VctDemoApp          *app,
                                            gint64                index);

const char  *vct_demo_app_get_title        (VctDemoApp           *app);
gboolean     vct_demo_app_is_loading       (VctDemoApp           *app);
gboolean     vct_demo_app_is_settled       (VctDemoApp           *app);
gboolean     vct_demo_app_has_loaded       (VctDemoApp           *app);
guint        vct_demo_app_get_n_items      (VctDemoApp           *app);
VctCellData *vct_demo_app_get_item         (VctDemoApp           *app,
                                            guint                 index);
gint64       vct_demo_app_get_selected     (VctDemoApp           *app);
const char  *vct_demo_app_get_alert        (VctDemoApp           *app);
void         vct_demo_app_dismiss_alert    (VctDemoApp           *app);

G_END_DECLS

#endif /* VCT_DEMO_APP_H */
