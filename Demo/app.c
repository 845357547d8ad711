/* app.c: the demo's model wiring: one VctTableModel, its three callbacks, and the state
 * a view shows (title, loading, pending alert, selected row), reported to one view.
 *
 * The model is the source of truth: the title is whatever didUpdateNavigationTitle said
 * last, the rows are read from the model on demand (never copied), and "loading" is
 * vct_table_model_is_loading(). */

#include "app.h"

struct _VctDemoApp {
  VctTableModel  *model;
  VctDemoAppView  view;
  gpointer        view_data;

  char           *title;          /* the last reported navigation title */
  char           *alert;          /* the last error message, until dismissed */
  gint64          selected;       /* the row last selected, -1 after a reload */
  gint64          select_after_load;
  guint           titles_pending; /* title reports asked for and not yet delivered */
  gboolean        has_loaded;
};

static void
vct_demo_app_did_update_navigation_title (const char *title,
                                          gpointer    user_data)
{
  VctDemoApp *app = user_data;

  g_free (app->title);
  app->title = g_strdup (title);
  if (app->titles_pending > 0)
    app->titles_pending--;
  if (app->view.title_changed != NULL)
    app->view.title_changed (app, app->title, app->view_data);
}

static void
vct_demo_app_did_reload_data (VctCellData *const *items,
                              gsize               n_items,
                              gpointer            user_data)
{
  VctDemoApp *app = user_data;
  gboolean first = !app->has_loaded;

  (void) items; /* the view reads rows through vct_table_model_get_item() */
  app->has_loaded = TRUE;
  if (app->view.loading_changed != NULL)
    app->view.loading_changed (app, vct_table_model_is_loading (app->model), app->view_data);
  if (app->view.reloaded != NULL)
    app->view.reloaded (app, (guint) MIN (n_items, G_MAXUINT), app->view_data);

  if (first && app->select_after_load >= 0)
    {
      g_autoptr (GError) error = NULL;
      guint64 index = (guint64) app->select_after_load;

      app->select_after_load = -1;
      if (!vct_demo_app_select (app, index, &error) && app->view.notice != NULL)
        app->view.notice (app, error->message, app->view_data);
    }
}

static void
vct_demo_app_did_error (const char *message,
                        gpointer    user_data)
{
  VctDemoApp *app = user_data;

  g_free (app->alert);
  app->alert = g_strdup (message);
  if (app->view.loading_changed != NULL)
    app->view.loading_changed (app, vct_table_model_is_loading (app->model), app->view_data);
  if (app->view.failed != NULL)
    app->view.failed (app, app->alert, app->view_data);
}

/**
 * vct_demo_app_new:
 * @model: (transfer full): the screen's model
 *
 * Wires the model's callbacks to a new app. Nothing loads until vct_demo_app_reload().
 *
 * Returns: (transfer full): the app; free with vct_demo_app_free()
 */
VctDemoApp *
vct_demo_app_new (VctTableModel *model)
{
  VctDemoApp *app = g_new0 (VctDemoApp, 1);

  app->model = model;
  app->title = g_strdup (vct_table_model_get_title (model));
  app->selected = -1;
  app->select_after_load = -1;
  vct_table_model_set_did_update_navigation_title (model, vct_demo_app_did_update_navigation_title, app, NULL);
  vct_table_model_set_did_reload_data (model, vct_demo_app_did_reload_data, app, NULL);
  vct_table_model_set_did_error (model, vct_demo_app_did_error, app, NULL);
  return app;
}

/**
 * vct_demo_app_free:
 * @app: (transfer full) (nullable): an app
 *
 * Drops the model (cancelling a reload in flight; no callback runs afterwards) and frees
 * the state.
 */
void
vct_demo_app_free (VctDemoApp *app)
{
  if (app == NULL)
    return;
  g_clear_pointer (&app->model, vct_table_model_unref);
  g_free (app->title);
  g_free (app->alert);
  g_free (app);
}

/**
 * vct_demo_app_set_view:
 * @app: an app
 * @view: (nullable): the view's callbacks, copied
 * @user_data: data for them
 *
 * Sets who hears the app's events.
 */
void
vct_demo_app_set_view (VctDemoApp           *app,
                       const VctDemoAppView *view,
                       gpointer              user_data)
{
  app->view = view != NULL ? *view : (VctDemoAppView) { 0 };
  app->view_data = user_data;
}

/**
 * vct_demo_app_reload:
 * @app: an app
 *
 * Asks the model to reload: the title resets, then the rows or an error arrive.
 */
void
vct_demo_app_reload (VctDemoApp *app)
{
  app->selected = -1;
  app->titles_pending++;
  vct_table_model_reload_data (app->model);
  if (app->view.loading_changed != NULL)
    app->view.loading_changed (app, vct_table_model_is_loading (app->model), app->view_data);
}

/**
 * vct_demo_app_select:
 * @app: an app
 * @index: a row
 * @error: return location for a "no row N" error
 *
 * Tells the model the cell at @index was selected (a tap): the title then shows it.
 *
 * Returns: %TRUE, or %FALSE with @error set when there is no such row
 */
gboolean
vct_demo_app_select (VctDemoApp  *app,
                     guint64      index,
                     GError     **error)
{
  VctCellData *cell = NULL;

  if (index < vct_table_model_get_n_items (app->model))
    cell = vct_table_model_get_item (app->model, (guint) index);
  if (cell == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no row %" G_GUINT64_FORMAT, index);
      return FALSE;
    }
  app->selected = (gint64) index;
  app->titles_pending++;
  vct_table_model_user_selected_cell (app->model, cell);
  return TRUE;
}

/**
 * vct_demo_app_select_after_load:
 * @app: an app
 * @index: the row to select once the first reload succeeds, or -1 for none
 *
 * Arranges --select: a row that does not exist then is reported through `notice`.
 */
void
vct_demo_app_select_after_load (VctDemoApp *app,
                                gint64      index)
{
  app->select_after_load = index;
}

/** vct_demo_app_get_title: Returns: (transfer none): the navigation title to show */
const char *
vct_demo_app_get_title (VctDemoApp *app)
{
  return app->title;
}

/** vct_demo_app_is_loading: Returns: whether the model has a reload in flight */
gboolean
vct_demo_app_is_loading (VctDemoApp *app)
{
  return vct_table_model_is_loading (app->model);
}

/**
 * vct_demo_app_is_settled:
 * @app: an app
 *
 * Returns: whether every title report asked for (by a reload or a selection) has been
 *   delivered, so what the view printed or drew is up to date
 */
gboolean
vct_demo_app_is_settled (VctDemoApp *app)
{
  return app->titles_pending == 0;
}

/** vct_demo_app_has_loaded: Returns: whether a reload has succeeded */
gboolean
vct_demo_app_has_loaded (VctDemoApp *app)
{
  return app->has_loaded;
}

/** vct_demo_app_get_n_items: Returns: the number of rows the model holds */
guint
vct_demo_app_get_n_items (VctDemoApp *app)
{
  return vct_table_model_get_n_items (app->model);
}

/**
 * vct_demo_app_get_item:
 * @app: an app
 * @index: a row
 *
 * Returns: (transfer none) (nullable): the row's cell, valid until the next reload is
 *   delivered, or %NULL
 */
VctCellData *
vct_demo_app_get_item (VctDemoApp *app,
                       guint       index)
{
  return vct_table_model_get_item (app->model, index);
}

/** vct_demo_app_get_selected: Returns: the row selected last, or -1 */
gint64
vct_demo_app_get_selected (VctDemoApp *app)
{
  return app->selected;
}

/** vct_demo_app_get_alert: Returns: (nullable): the error message to show until dismissed */
const char *
vct_demo_app_get_alert (VctDemoApp *app)
{
  return app->alert;
}

/** vct_demo_app_dismiss_alert: the alert's OK button. */
void
vct_demo_app_dismiss_alert (VctDemoApp *app)
{
  g_clear_pointer (&app->alert, g_free);
}
