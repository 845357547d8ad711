/* screen-photos.c: VctDemoPhotosScreen (a final VctDemoScreen), the photo table
 * (VctTableModel), the demo's default screen: its rows are the model's list of
 * VctPhotoRow ("PhotoCellView"); selecting one makes the title show its photo.
 *
 * The base drives the model as a VctScreen (reload, loading, error, list). The title is
 * whatever did-update-navigation-title said last: the table reports it at every reload
 * and selection, even unchanged (VctScreen:title is notified only when it changes), so
 * the screen reports titles itself. A reload and a selection each cause one title
 * report; the screen counts the ones not delivered yet, so a script can wait for them. */

#include "screens.h"

#include "screen-private.h"

G_DECLARE_FINAL_TYPE (VctDemoPhotosScreen, vct_demo_photos_screen, VCT_DEMO, PHOTOS_SCREEN, VctDemoScreen)

struct _VctDemoPhotosScreen {
  VctDemoScreen   parent_instance;
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

static void
vct_demo_photos_reload (VctDemoScreen *screen)
{
  VCT_DEMO_PHOTOS_SCREEN (screen)->titles_pending++;
  VCT_DEMO_SCREEN_CLASS (vct_demo_photos_screen_parent_class)->reload (screen);
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
vct_demo_photos_screen_class_init (VctDemoPhotosScreenClass *klass)
{
  VctDemoScreenClass *screen_class = VCT_DEMO_SCREEN_CLASS (klass);

  screen_class->name = "photos";
  screen_class->loading_text = "Loading photos...";
  screen_class->empty_text = "No photos.";
  screen_class->marks_selection = TRUE;
  screen_class->titles_on_reload = TRUE;
  screen_class->reload = vct_demo_photos_reload;
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
  vct_demo_screen_construct (VCT_DEMO_SCREEN (self), VCT_SCREEN (model));
  g_signal_connect_swapped (model, "did-update-navigation-title",
                            G_CALLBACK (vct_demo_photos_on_navigation_title), self);
  return VCT_DEMO_SCREEN (self);
}
