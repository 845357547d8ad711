/* vct-table-model.c: VctTableModel, the photo table's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model itself is the Swift core's VCTableModel, behind CTableModel
 * (Sources/VCTable/CBridge/CTableModel.swift), which owns the legacy callback slots and
 * reports each delivery here: the title is stored here (so the getter can hand out a
 * pointer), the other properties are read from the core, and the signals are emitted
 * from here. Everything the core reports arrives on the model's context thread.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctTableModel
{
  GObject parent_instance;

  gpointer core;
  char    *title;
};

static void vct_table_model_screen_init (VctScreenInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (VctTableModel, vct_table_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (VCT_TYPE_SCREEN, vct_table_model_screen_init))

/* The properties are VctScreen's, overridden. */
enum {
  PROP_0,
  PROP_TITLE,
  PROP_LOADING,
  PROP_LAST_ERROR,
  PROP_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* did-error is VctScreen's (_vct_screen_emit_did_error). */
enum {
  DID_RELOAD_DATA,
  DID_UPDATE_NAVIGATION_TITLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
vct_table_model_dispose (GObject *object)
{
  VctTableModel *self = VCT_TABLE_MODEL (object);

  if (self->core != NULL)
    vct_core ()->table_dispose (self->core);

  G_OBJECT_CLASS (vct_table_model_parent_class)->dispose (object);
}

static void
vct_table_model_finalize (GObject *object)
{
  VctTableModel *self = VCT_TABLE_MODEL (object);

  if (self->core != NULL)
    vct_core ()->table_release (g_steal_pointer (&self->core));
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (vct_table_model_parent_class)->finalize (object);
}

static void
vct_table_model_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  VctTableModel *self = VCT_TABLE_MODEL (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, vct_table_model_is_loading (self));
      break;

    case PROP_LAST_ERROR:
      g_value_take_boxed (value, vct_table_model_get_last_error (self));
      break;

    case PROP_LIST:
      g_value_set_object (value, vct_table_model_get_list (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_table_model_class_init (VctTableModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = vct_table_model_dispose;
  object_class->finalize = vct_table_model_finalize;
  object_class->get_property = vct_table_model_get_property;

  /* VctScreen's (documented there): the title is the navigation title, notified just
   * before did-update-navigation-title; last-error is notified just before did-error
   * and did-reload-data when it changes; the list holds VctPhotoRow objects. */
  g_object_class_override_property (object_class, PROP_TITLE, "title");
  g_object_class_override_property (object_class, PROP_LOADING, "loading");
  g_object_class_override_property (object_class, PROP_LAST_ERROR, "last-error");
  g_object_class_override_property (object_class, PROP_LIST, "list");
  properties[PROP_TITLE] = g_object_class_find_property (object_class, "title");
  properties[PROP_LOADING] = g_object_class_find_property (object_class, "loading");
  properties[PROP_LAST_ERROR] = g_object_class_find_property (object_class, "last-error");
  properties[PROP_LIST] = g_object_class_find_property (object_class, "list");

  /**
   * VctTableModel::did-reload-data:
   * @model: the model
   *
   * A reload succeeded: the original's `didReloadData`. The rows are in
   * [method@TableModel.get_list] by then (its `items-changed` runs were emitted just
   * before), and [property@Screen:loading] and [property@Screen:last-error] were
   * notified if they changed. Emitted later on the context thread, never inside
   * [method@TableModel.reload_data].
   */
  signals[DID_RELOAD_DATA] =
    g_signal_new ("did-reload-data",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__VOID,
                  G_TYPE_NONE, 0);
  g_signal_set_va_marshaller (signals[DID_RELOAD_DATA], G_TYPE_FROM_CLASS (klass),
                              g_cclosure_marshal_VOID__VOIDv);

  /**
   * VctTableModel::did-update-navigation-title:
   * @model: the model
   * @title: the title to show
   *
   * The navigation title changed or was reported again: the original's
   * `didUpdateNavigationTitle` (a reload's reset, a selected photo's title). Emitted later
   * on the context thread, after [property@Screen:title] is updated (and notified,
   * when it changed).
   */
  signals[DID_UPDATE_NAVIGATION_TITLE] =
    g_signal_new ("did-update-navigation-title",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__STRING,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  g_signal_set_va_marshaller (signals[DID_UPDATE_NAVIGATION_TITLE], G_TYPE_FROM_CLASS (klass),
                              g_cclosure_marshal_VOID__STRINGv);
}

static void
vct_table_model_init (VctTableModel *self)
{
  self->title = g_strdup ("MVVM Table View Example");
}

/* ------------------------------------------------------------------ VctScreen */

static void
vct_table_model_screen_reload (VctScreen *screen)
{
  vct_table_model_reload_data (VCT_TABLE_MODEL (screen));
}

static VctListModel *
vct_table_model_screen_get_list (VctScreen *screen)
{
  return vct_table_model_get_list (VCT_TABLE_MODEL (screen));
}

static char *
vct_table_model_screen_dup_title (VctScreen *screen)
{
  return g_strdup (VCT_TABLE_MODEL (screen)->title);
}

static gboolean
vct_table_model_screen_is_loading (VctScreen *screen)
{
  return vct_table_model_is_loading (VCT_TABLE_MODEL (screen));
}

static GError *
vct_table_model_screen_dup_last_error (VctScreen *screen)
{
  return vct_table_model_get_last_error (VCT_TABLE_MODEL (screen));
}

static void
vct_table_model_screen_init (VctScreenInterface *iface)
{
  iface->reload = vct_table_model_screen_reload;
  iface->get_list = vct_table_model_screen_get_list;
  iface->dup_title = vct_table_model_screen_dup_title;
  iface->is_loading = vct_table_model_screen_is_loading;
  iface->dup_last_error = vct_table_model_screen_dup_last_error;
}

/* ------------------------------------------------------------ the seam, for Swift */

gpointer
_vct_table_model_new (gpointer core)
{
  VctTableModel *self = g_object_new (VCT_TYPE_TABLE_MODEL, NULL);

  self->core = core;
  return self;
}

gboolean
_vct_is_table_model (gconstpointer model)
{
  return model != NULL && VCT_IS_TABLE_MODEL ((gpointer) model);
}

gpointer
_vct_table_model_get_core (gpointer model)
{
  return _vct_is_table_model (model) ? VCT_TABLE_MODEL (model)->core : NULL;
}

gboolean
_vct_table_model_store_title (gpointer    model,
                              const char *title)
{
  VctTableModel *self = VCT_TABLE_MODEL (model);

  if (g_strcmp0 (self->title, title) == 0)
    return FALSE;
  g_free (self->title);
  self->title = g_strdup (title);
  return TRUE;
}

void
_vct_table_model_report (gpointer               model,
                         VctTableModelReport    report,
                         const char            *text)
{
  VctTableModel *self = VCT_TABLE_MODEL (model);

  if (report & VCT_TABLE_MODEL_REPORT_TITLE_CHANGED)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  if (report & VCT_TABLE_MODEL_REPORT_LOADING_CHANGED)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  if (report & VCT_TABLE_MODEL_REPORT_ERROR_CHANGED)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAST_ERROR]);

  if (report & VCT_TABLE_MODEL_REPORT_TITLE)
    g_signal_emit (self, signals[DID_UPDATE_NAVIGATION_TITLE], 0, text);
  else if (report & VCT_TABLE_MODEL_REPORT_ERROR)
    _vct_screen_emit_did_error (self, text);
  else if (report & VCT_TABLE_MODEL_REPORT_RELOADED)
    g_signal_emit (self, signals[DID_RELOAD_DATA], 0);
}

/* ------------------------------------------------------------------ public API */

const char *
vct_table_model_get_title (VctTableModel *model)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), NULL);
  return model->title;
}
