/* screen-photos.c: VctDemoPhotosScreen (a final VctDemoScreen), the photo table
 * (VctTableModel), the demo's default screen: its rows are the model's list of
 * VctPhotoRow ("PhotoCellView"); selecting one makes the title show its photo.
 *
 * The model is the source of truth: the title is whatever did-update-navigation-title
 * said last, the rows are read from the model's list on demand (never copied), and
 * "loading" is vct_table_model_is_loading(). A reload and a selection each cause one
 * title report; the screen counts the ones not delivered yet, so a script can wait for
 * them.
 *
 * Its model goes in its finalize, after the base's dispose has stopped the reports. */

#include "screens.h"

#include "screen-private.h"

G_DECLARE_FINAL_TYPE (VctDemoPhotosScreen, vct_demo_photos_screen, VCT_DEMO, PHOTOS_SCREEN, VctDemoScreen)

struct _VctDemoPhotosScreen {
  VctDemoScreen   parent_instance;
  VctTableModel  *model;
  guint           titles_pending; /* title reports asked for and not yet delivered */
};

G_DEFINE_FINAL_TYPE (VctDemoPhotosScreen, vct_demo_photos_screen, VCT_DEMO_TYPE_SCREEN)

static void
vct_demo_photos_on_navigation_title (VctDemoPhotosScreen *self,
                                     const char          *title)
{
  if (self->titles_pending > 0)
    self->titles_pending--;
  vct_demo_screen_emit_title (VCT_DEMO_SCREEN (self), title);
}

/* The view reads the rows from the list, which the model updated just before this. */
static void
vct_demo_photos_on_reload_data (VctDemoPhotosScreen *self)
{
  vct_demo_screen_emit_reloaded (VCT_DEMO_SCREEN (self));
}

static void
vct_demo_photos_on_error (VctDemoPhotosScreen *self,
                          const char          *message)
{
  vct_demo_screen_emit_error (VCT_DEMO_SCREEN (self), message);
}

static void
vct_demo_photos_reload (VctDemoScreen *screen)
{
  VctDemoPhotosScreen *self = VCT_DEMO_PHOTOS_SCREEN (screen);

  self->titles_pending++;
  vct_table_model_reload_data (self->model);
}

static gboolean
vct_demo_photos_is_loading (VctDemoScreen *screen)
{
  return vct_table_model_is_loading (VCT_DEMO_PHOTOS_SCREEN (screen)->model);
}

static gboolean
vct_demo_photos_is_settled (VctDemoScreen *screen)
{
  return VCT_DEMO_PHOTOS_SCREEN (screen)->titles_pending == 0;
}

/* A tap on a cell: the model reports the cell's title as the navigation title. */
static gboolean
vct_demo_photos_select (VctDemoScreen  *screen,
                        guint           position,
                        VctRow         *row,
                        GError        **error)
{
  VctDemoPhotosScreen *self = VCT_DEMO_PHOTOS_SCREEN (screen);

  (void) position;
  (void) error;
  self->titles_pending++;
  vct_row_select (row);
  return TRUE;
}

static void
vct_demo_photos_screen_finalize (GObject *object)
{
  VctDemoPhotosScreen *self = VCT_DEMO_PHOTOS_SCREEN (object);

  g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (vct_demo_photos_screen_parent_class)->finalize (object);
}

static void
vct_demo_photos_screen_class_init (VctDemoPhotosScreenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  VctDemoScreenClass *screen_class = VCT_DEMO_SCREEN_CLASS (klass);

  object_class->finalize = vct_demo_photos_screen_finalize;

  screen_class->name = "photos";
  screen_class->loading_text = "Loading photos...";
  screen_class->empty_text = "No photos.";
  screen_class->marks_selection = TRUE;
  screen_class->titles_on_reload = TRUE;
  screen_class->reload = vct_demo_photos_reload;
  screen_class->is_loading = vct_demo_photos_is_loading;
  screen_class->is_settled = vct_demo_photos_is_settled;
  screen_class->select = vct_demo_photos_select;
}

static void
vct_demo_photos_screen_init (VctDemoPhotosScreen *self)
{
  (void) self;
}

/**
 * vct_demo_photos_screen_new:
 * @uri: (nullable): where the photos come from; %NULL for the factory's choice
 *   (VCTABLE_PHOTOS_URL or the bundled fixture)
 * @timeout_ms: with @uri, the transfer timeout; 0 for the library's default
 * @max_body_size: with @uri, the largest document accepted in bytes; 0 for the library's
 *   default (64 MiB)
 * @error: return location for an invalid @uri
 *
 * Returns: (transfer full) (nullable): the screen, or %NULL with @error set
 */
VctDemoScreen *
vct_demo_photos_screen_new (const char  *uri,
                            guint        timeout_ms,
                            gsize        max_body_size,
                            GError     **error)
{
  VctDemoPhotosScreen *self;
  VctTableModel *model;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (uri == NULL)
    model = vct_table_model_factory_instance ();
  else
    {
      g_autoptr (VctApi) api = vct_api_new_for_uri_full (uri, timeout_ms, max_body_size, error);

      if (api == NULL)
        return NULL;
      model = vct_table_model_new_with_manager (api);
    }

  self = g_object_new (VCT_DEMO_TYPE_PHOTOS_SCREEN, NULL);
  self->model = model;
  vct_demo_screen_construct (VCT_DEMO_SCREEN (self), vct_table_model_get_list (model),
                             vct_table_model_get_title (model));
  g_signal_connect_swapped (model, "did-update-navigation-title",
                            G_CALLBACK (vct_demo_photos_on_navigation_title), self);
  g_signal_connect_swapped (model, "did-reload-data", G_CALLBACK (vct_demo_photos_on_reload_data), self);
  g_signal_connect_swapped (model, "did-error", G_CALLBACK (vct_demo_photos_on_error), self);
  return VCT_DEMO_SCREEN (self);
}
