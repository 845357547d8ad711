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

G_DEFINE_FINAL_TYPE (VctTableModel, vct_table_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TITLE,
  PROP_LOADING,
  PROP_LAST_ERROR,
  PROP_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DID_RELOAD_DATA,
  DID_ERROR,
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

  /**
   * VctTableModel:title: (getter get_title)
   *
   * The navigation title: "MVVM Table View Example" when the model is made and when a
   * reload starts, a photo's title once its row is selected. Notified on the context
   * thread when it changes, just before [signal@TableModel::did-update-navigation-title].
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctTableModel:loading: (getter is_loading)
   *
   * Whether a reload is in flight; %FALSE until the first
   * [method@TableModel.reload_data]. Notified on the context thread when the change
   * reaches it: as the reload's title reset is delivered, and as its outcome is.
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctTableModel:last-error: (getter get_last_error)
   *
   * The error of the last delivered reload, in the %VCT_ERROR domain, or %NULL when it
   * succeeded (or none was delivered). Notified just before
   * [signal@TableModel::did-error] and [signal@TableModel::did-reload-data] when it
   * changes.
   */
  properties[PROP_LAST_ERROR] =
    g_param_spec_boxed ("last-error", NULL, NULL,
                        G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * VctTableModel:list: (getter get_list)
   *
   * The rows, as a [class@ListModel] of [class@PhotoRow]: the same object for the
   * model's whole life, so it is never notified.
   */
  properties[PROP_LIST] =
    g_param_spec_object ("list", NULL, NULL,
                         VCT_TYPE_LIST_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * VctTableModel::did-reload-data:
   * @model: the model
   *
   * A reload succeeded: the original's `didReloadData`. The rows are in
   * [method@TableModel.get_list] by then (its `items-changed` runs were emitted just
   * before), and [property@TableModel:loading] and [property@TableModel:last-error] were
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
   * VctTableModel::did-error:
   * @model: the model
   * @message: the text to show: "An Error Occurred\n\n" and the error's message
   *
   * A reload failed: the original's `didError`. The rows are kept; the error is in
   * [property@TableModel:last-error] (notified just before when it changed). Emitted
   * later on the context thread.
   */
  signals[DID_ERROR] =
    g_signal_new ("did-error",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__STRING,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  g_signal_set_va_marshaller (signals[DID_ERROR], G_TYPE_FROM_CLASS (klass),
                              g_cclosure_marshal_VOID__STRINGv);

  /**
   * VctTableModel::did-update-navigation-title:
   * @model: the model
   * @title: the title to show
   *
   * The navigation title changed or was reported again: the original's
   * `didUpdateNavigationTitle` (a reload's reset, a selected photo's title). Emitted later
   * on the context thread, after [property@TableModel:title] is updated (and notified,
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
    g_signal_emit (self, signals[DID_ERROR], 0, text);
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
