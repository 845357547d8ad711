/* vct-table-model.c: VctTableModel, the photo table's view model as a GObject.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * The model itself is the Swift core's VCTableModel, behind CTableModel
 * (Sources/VCTable/CBridge/CTableModel.swift). A reload crosses once each way: this file
 * asks the core to reload (table_reload) and reports the reload's start itself (the
 * title reset, `loading`), as it reports a selection's title; the core hands the reload's
 * end over in one call (_vct_table_model_deliver: the list's batch, the outcome, the
 * state after it). The title, `loading`, `last-error` and the item count are kept here,
 * and every notify and signal is emitted from here, on the model's context thread.
 *
 * The legacy callbacks (the original's blocks: vct_table_model_set_did_*() and their
 * `_block` variants) are set here, into a VctTableModelCallbacks (vct-table-callbacks.c):
 * each report calls its
 * callback first, holding no reference to the object (a callback that drops the last
 * one disposes it, and nothing follows), then the notifies and the signal.
 */

#include <vctable.h>

#include "vct-table-callbacks.h"
#include "vctable-private.h"

/* The Blocks runtime (libBlocksRuntime, which the Swift runtime links): the `_block`
 * setters copy the caller's block and release the copy as its callback's notify. */
extern void *_Block_copy (const void *block);
extern void _Block_release (const void *block);

/* The `_block` setters, which vct-table-model.h declares for compilers with blocks only
 * (`#ifdef __BLOCKS__`). A block is a pointer to its literal, so they are defined with a
 * plain pointer here, and nothing in VCTable is compiled with -fblocks. */
void vct_table_model_set_did_reload_data_block (VctTableModel *model,
                                                gpointer       block);
void vct_table_model_set_did_error_block (VctTableModel *model,
                                          gpointer       block);
void vct_table_model_set_did_update_navigation_title_block (VctTableModel *model,
                                                            gpointer       block);


/* A report the C half makes itself (a reload's start, a selection): its signal's text. */
typedef struct
{
  VctTableModelReport report;
  char               *text;
} Queued;

struct _VctTableModel
{
  GObject parent_instance;

  gpointer                core;
  VctTableModelCallbacks *callbacks;
  GMainContext           *context;       /* where it reports */
  char                   *title;         /* the title as last reported */
  char                   *reset_title;   /* what a reload reports (the core's title) */
  gint                    loading;       /* atomic: a reload is in flight */
  guint                   reloads;       /* atomic: reloads started, ever */
  gboolean                loading_told;  /* what `loading`'s notifies told */
  GError                 *last_error;
  GError                 *error_told;    /* what `last-error`'s notifies told */
  guint                   n_items;
  gint                    disposed;      /* atomic */
  GMutex                  queue_lock;    /* guards queued and queued_source */
  GQueue                  queued;        /* of Queued, not yet reported */
  GSource                *queued_source;
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

/* What every setter does once @self is known to be a model: holds a reference to the
 * slots while one changes, since a notify may drop the model's last reference. */
static void
set_callback (VctTableModel  *self,
              Slot            slot,
              GCallback       func,
              gpointer        user_data,
              GDestroyNotify  notify)
{
  VctTableModelCallbacks *callbacks;

  /* A model made with g_object_new() has no core: nothing is ever delivered. */
  if (self->callbacks == NULL)
    {
      if (notify != NULL)
        notify (user_data);
      return;
    }

  callbacks = _vct_table_callbacks_ref (self->callbacks);
  _vct_table_callbacks_set (callbacks, slot, func, user_data, notify);
  /* The reload's task makes every item's object when the callback will get them all. */
  if (slot == SLOT_DID_RELOAD_DATA && self->core != NULL)
    vct_core ()->table_set_wants_items (self->core, _vct_table_callbacks_has_reload (callbacks));
  _vct_table_callbacks_unref (callbacks);
}

/* ------------------------------------------------------------------ blocks */

/* A block literal as the Blocks ABI lays it out; only @invoke is read. Its first
 * argument is the block itself. */
typedef struct
{
  gpointer isa;
  int      flags;
  int      reserved;
  void   (*invoke) (void);
} BlockLiteral;

typedef void (*BlockReloadInvoke) (gpointer block, VctCellData *const *items, gsize n_items);
typedef void (*BlockTextInvoke)   (gpointer block, const char *text);

static void
block_reload_trampoline (VctCellData *const *items,
                         gsize               n_items,
                         gpointer            block)
{
  ((BlockReloadInvoke) ((BlockLiteral *) block)->invoke) (block, items, n_items);
}

static void
block_text_trampoline (const char *text,
                       gpointer    block)
{
  ((BlockTextInvoke) ((BlockLiteral *) block)->invoke) (block, text);
}

static void
block_release (gpointer block)
{
  _Block_release (block);
}

/* Sets @slot of @self to a copy of @block (NULL clears it), called through @trampoline
 * and released as the copy's notify, so exactly once. */
static void
set_block (VctTableModel *self,
           Slot           slot,
           gpointer       block,
           GCallback      trampoline)
{
  if (block == NULL)
    set_callback (self, slot, NULL, NULL, NULL);
  else
    set_callback (self, slot, trampoline, _Block_copy (block), block_release);
}

/* ------------------------------------------------------------------ the object */

static void
vct_table_model_dispose (GObject *object)
{
  VctTableModel *self = VCT_TABLE_MODEL (object);

  g_atomic_int_set (&self->disposed, TRUE);
  g_atomic_int_set (&self->loading, FALSE);
  g_mutex_lock (&self->queue_lock);
  if (self->queued_source != NULL)
    {
      g_source_destroy (self->queued_source);
      g_clear_pointer (&self->queued_source, g_source_unref);
    }
  g_mutex_unlock (&self->queue_lock);
  if (self->callbacks != NULL)
    _vct_table_callbacks_dispose (self->callbacks);
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
  g_clear_pointer (&self->callbacks, _vct_table_callbacks_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->reset_title, g_free);
  g_clear_error (&self->last_error);
  g_clear_error (&self->error_told);
  while (!g_queue_is_empty (&self->queued))
    {
      Queued *queued = g_queue_pop_head (&self->queued);

      g_free (queued->text);
      g_free (queued);
    }
  g_mutex_clear (&self->queue_lock);

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
  g_mutex_init (&self->queue_lock);
  g_queue_init (&self->queued);
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
_vct_table_model_new (gpointer    core,
                      const char *title)
{
  VctTableModel *self = g_object_new (VCT_TYPE_TABLE_MODEL, NULL);

  self->core = core;
  self->callbacks = _vct_table_callbacks_new ();
  self->context = g_main_context_ref_thread_default ();
  self->title = g_strdup (title);
  self->reset_title = g_strdup (title);
  return self;
}

/* Whether two errors are the same report. */
static gboolean
errors_equal (const GError *a,
              const GError *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->domain == b->domain && a->code == b->code && g_strcmp0 (a->message, b->message) == 0;
}

/* The notifies of what changed since they last told (the title, when @report says so;
 * `loading`, `last-error`), then the signal @report names, with @text. */
static void
emit_report (VctTableModel       *self,
             VctTableModelReport  report,
             const char          *text)
{
  gboolean loading = g_atomic_int_get (&self->loading);

  if (loading != self->loading_told)
    {
      self->loading_told = loading;
      report |= VCT_TABLE_MODEL_REPORT_LOADING_CHANGED;
    }
  if (!errors_equal (self->last_error, self->error_told))
    {
      g_clear_error (&self->error_told);
      self->error_told = self->last_error != NULL ? g_error_copy (self->last_error) : NULL;
      report |= VCT_TABLE_MODEL_REPORT_ERROR_CHANGED;
    }

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

/* One report: its legacy callback, holding no reference to @self (whose reference this
 * takes), then, if @self lives, its notifies and signal. */
static void
report_and_release (VctTableModel       *self,
                    VctTableModelReport  report,
                    const char          *text,
                    gpointer            *items,
                    gsize                n_items)
{
  VctTableModelCallbacks *callbacks = _vct_table_callbacks_ref (self->callbacks);
  GWeakRef weak;

  /* The title first: the callback reads it as reported. */
  if ((report & VCT_TABLE_MODEL_REPORT_TITLE) && g_strcmp0 (self->title, text) != 0)
    {
      g_free (self->title);
      self->title = g_strdup (text);
      report |= VCT_TABLE_MODEL_REPORT_TITLE_CHANGED;
    }
  g_weak_ref_init (&weak, self);
  g_object_unref (self);
  _vct_table_callbacks_call (callbacks, report, text, items, n_items);
  _vct_table_callbacks_unref (callbacks);
  self = g_weak_ref_get (&weak);
  g_weak_ref_clear (&weak);
  if (self == NULL)
    return;
  if (!g_atomic_int_get (&self->disposed))
    emit_report (self, report, text);
  g_object_unref (self);
}

/* Reports what was queued, in order, while @self lives. Takes @self's reference (no
 * reference is held across a callback: one that drops the last disposes at once) and
 * returns one, or NULL once @self is gone. */
static VctTableModel *
flush_queued (VctTableModel *self)
{
  for (;;)
    {
      Queued *queued;
      GWeakRef weak;

      g_mutex_lock (&self->queue_lock);
      queued = g_atomic_int_get (&self->disposed) ? NULL : g_queue_pop_head (&self->queued);
      g_mutex_unlock (&self->queue_lock);
      if (queued == NULL)
        return self;
      g_weak_ref_init (&weak, self);
      report_and_release (self, queued->report, queued->text, NULL, 0);
      self = g_weak_ref_get (&weak);
      g_weak_ref_clear (&weak);
      g_free (queued->text);
      g_free (queued);
      if (self == NULL)
        return NULL;
    }
}

static gboolean
queued_dispatch (gpointer data)
{
  VctTableModel *self = g_weak_ref_get (data);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_mutex_lock (&self->queue_lock);
  g_clear_pointer (&self->queued_source, g_source_unref);
  g_mutex_unlock (&self->queue_lock);
  self = flush_queued (self);
  if (self != NULL)
    g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* Queues a report the C half makes itself, delivered later on the model's context, in
 * order with the core's deliveries (each reports what is queued first). Any thread. */
static void
queue_report (VctTableModel       *self,
              VctTableModelReport  report,
              const char          *text)
{
  Queued *queued;

  if (self->core == NULL || g_atomic_int_get (&self->disposed))
    return;
  queued = g_new (Queued, 1);
  queued->report = report;
  queued->text = g_strdup (text);
  g_mutex_lock (&self->queue_lock);
  g_queue_push_tail (&self->queued, queued);
  if (self->queued_source == NULL)
    {
      GWeakRef *ref = g_new0 (GWeakRef, 1);

      g_weak_ref_init (ref, self);
      self->queued_source = g_idle_source_new ();
      g_source_set_priority (self->queued_source, G_PRIORITY_DEFAULT);
      g_source_set_static_name (self->queued_source, "VctTableModel report");
      g_source_set_callback (self->queued_source, queued_dispatch, ref, free_weak_ref);
      g_source_attach (self->queued_source, self->context);
    }
  g_mutex_unlock (&self->queue_lock);
}

void
_vct_table_model_queue_title (gpointer    model,
                              const char *title)
{
  queue_report (VCT_TABLE_MODEL (model), VCT_TABLE_MODEL_REPORT_TITLE, title);
}

void
_vct_table_model_deliver (gpointer                model,
                          const VctTableDelivery *delivery)
{
  VctTableModel *self = VCT_TABLE_MODEL (model);
  GWeakRef weak;
  guint reloads = g_atomic_int_get ((gint *) &((VctTableModel *) model)->reloads);
  gpointer *items = delivery->items;
  gsize n_items = delivery->n_boxes;
  gboolean fetched = FALSE;

  self = flush_queued (self);
  /* The list's batch whatever becomes of the model (a program may hold the list), with
   * no reference to the model: a handler that drops the last disposes it at once. */
  if (self != NULL)
    {
      g_weak_ref_init (&weak, self);
      g_object_unref (self);
    }
  if (delivery->list != NULL && delivery->list_delivery != NULL)
    _vct_list_model_deliver (delivery->list, delivery->list_delivery);
  if (self == NULL)
    return;
  self = g_weak_ref_get (&weak);
  g_weak_ref_clear (&weak);
  if (self == NULL)
    return;
  if (g_atomic_int_get (&self->disposed))
    {
      g_object_unref (self);
      return;
    }
  self->n_items = delivery->n_items;
  /* A reload started from a handler of the list's batch is in flight still. */
  if ((guint) g_atomic_int_get ((gint *) &self->reloads) == reloads)
    g_atomic_int_set (&self->loading, delivery->loading);
  if (!errors_equal (self->last_error, delivery->error))
    {
      g_clear_error (&self->last_error);
      self->last_error = delivery->error != NULL ? g_error_copy (delivery->error) : NULL;
    }
  /* A callback set after the reload's task ran: its items are made now. */
  if ((delivery->report & VCT_TABLE_MODEL_REPORT_RELOADED) && items == NULL && self->core != NULL
      && _vct_table_callbacks_has_reload (self->callbacks))
    {
      items = vct_core ()->table_get_items (self->core, &n_items);
      fetched = TRUE;
    }
  report_and_release (self, delivery->report, delivery->text, items, n_items);
  if (fetched)
    g_free (items);
}

/* ------------------------------------------------------------------ public API */

/**
 * vct_table_model_new_with_manager:
 * @api: (transfer none): where photos come from; the model keeps a reference
 *
 * Creates a model bound to the calling thread's thread-default `GMainContext` (the
 * global default context when none was pushed): its callbacks run there.
 *
 * Returns: (transfer full): a new model; free with g_object_unref()
 */
VctTableModel *
vct_table_model_new_with_manager (VctApi *api)
{
  g_return_val_if_fail (VCT_IS_API (api), NULL);
  g_return_val_if_fail (_vct_api_get_core (api) != NULL, NULL);

  return vct_core ()->table_new (_vct_api_get_core (api));
}

/**
 * vct_table_model_factory_instance:
 *
 * Assembles the screen's model with its default API (the original's `VCTable+Factory`):
 * the URI (or absolute path) in the environment variable `VCTABLE_PHOTOS_URL` when set,
 * otherwise the photos fixture installed with VCTable (5000 records), so everything
 * works offline. Bound like [ctor@TableModel.new_with_manager].
 *
 * Returns: (transfer full): a new model; free with g_object_unref()
 */
VctTableModel *
vct_table_model_factory_instance (void)
{
  return vct_core ()->table_new (NULL);
}

/**
 * vct_table_model_reload_data:
 * @model: a model
 *
 * Reloads: reports the title reset through `didUpdateNavigationTitle`, fetches through
 * the model's API, then reports `didReloadData` or `didError`. A reload in flight is
 * superseded: it is cancelled (its request may never be sent) and its result is never
 * delivered. Safe from any thread.
 */
void
vct_table_model_reload_data (VctTableModel *model)
{
  g_return_if_fail (VCT_IS_TABLE_MODEL (model));

  if (model->core == NULL || g_atomic_int_get (&model->disposed))
    return;
  vct_core ()->table_reload (model->core);
  g_atomic_int_inc ((gint *) &model->reloads);
  g_atomic_int_set (&model->loading, TRUE);
  queue_report (model, VCT_TABLE_MODEL_REPORT_TITLE, model->reset_title);
}

/**
 * vct_table_model_user_selected_cell:
 * @model: a model
 * @cell: (transfer none): the selected cell
 *
 * Reports @cell's title through `didUpdateNavigationTitle`. Safe from any thread.
 */
void
vct_table_model_user_selected_cell (VctTableModel *model,
                                    VctCellData   *cell)
{
  g_return_if_fail (VCT_IS_TABLE_MODEL (model));
  g_return_if_fail (VCT_IS_CELL_DATA (cell));

  queue_report (model, VCT_TABLE_MODEL_REPORT_TITLE, vct_cell_data_get_title (cell));
}

/**
 * vct_table_model_get_n_items:
 * @model: a model
 *
 * How many items the last successful reload delivered (kept after an error). Call on
 * the model's context thread.
 *
 * Returns: the number of items
 */
guint
vct_table_model_get_n_items (VctTableModel *model)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), 0);

  return model->n_items;
}

/**
 * vct_table_model_get_item:
 * @model: a model
 * @position: an index below [method@TableModel.get_n_items]
 *
 * The item at @position, for a virtualized view. Call on the model's context thread.
 *
 * Returns: (transfer none) (nullable): the item, valid until the next reload is
 *   delivered (g_object_ref() keeps it longer), or %NULL when @position is out of range
 */
VctCellData *
vct_table_model_get_item (VctTableModel *model,
                          guint          position)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), NULL);

  return model->core != NULL ? vct_core ()->table_get_item (model->core, position) : NULL;
}

/**
 * vct_table_model_is_loading:
 * @model: a model
 *
 * Whether a reload is in flight: %TRUE from the call to [method@TableModel.reload_data]
 * until its outcome is delivered on the context thread (the
 * [property@Screen:loading] property is notified as that change reaches the context).
 *
 * Returns: whether a reload is in flight
 */
gboolean
vct_table_model_is_loading (VctTableModel *model)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), FALSE);

  return g_atomic_int_get (&model->loading);
}

/**
 * vct_table_model_get_last_error:
 * @model: a model
 *
 * The error of the last reload, when it failed. Call on the model's context thread.
 *
 * Returns: (transfer full) (nullable): a copy of the error in the %VCT_ERROR domain, or
 *   %NULL when the last delivered reload succeeded (or none was delivered)
 */
GError *
vct_table_model_get_last_error (VctTableModel *model)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), NULL);

  return model->last_error != NULL ? g_error_copy (model->last_error) : NULL;
}

/**
 * vct_table_model_get_list:
 * @model: a model
 *
 * The photo table's rows as a list: one section of [class@PhotoRow] objects (kind
 * "PhotoCellView"). A reload that returns mostly the same photos (by id) reports only the
 * differences as `items-changed`, emitted just before `did-reload-data`; the first load
 * is one insert of everything.
 *
 * Returns: (transfer none): the list, valid while @model lives
 */
VctListModel *
vct_table_model_get_list (VctTableModel *model)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), NULL);

  return model->core != NULL ? vct_core ()->table_get_list (model->core) : NULL;
}

/**
 * vct_table_model_get_title:
 * @model: a model
 *
 * The navigation title the model last reported: "MVVM Table View Example" until a
 * reload or a selection reports another. Call on the context thread.
 *
 * Returns: (transfer none): the title, valid until the title next changes
 */
const char *
vct_table_model_get_title (VctTableModel *model)
{
  g_return_val_if_fail (VCT_IS_TABLE_MODEL (model), NULL);
  return model->title;
}

/* A setter's model check: GLib's critical (g_return_if_fail's, through the function the
 * macro calls) and, since the caller handed @user_data over, @notify still runs. */
#define SETTER_RETURN_IF_NOT_MODEL(model, user_data, notify)                            \
  G_STMT_START {                                                                        \
    if (G_UNLIKELY (!VCT_IS_TABLE_MODEL (model)))                                       \
      {                                                                                 \
        g_return_if_fail_warning (G_LOG_DOMAIN, G_STRFUNC, "VCT_IS_TABLE_MODEL (model)"); \
        if ((notify) != NULL)                                                           \
          (notify) (user_data);                                                         \
        return;                                                                         \
      }                                                                                 \
  } G_STMT_END

/**
 * vct_table_model_set_did_reload_data:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the callback for successful reloads, replacing the previous one, whose notify
 * runs now (or, when replaced from inside itself, as it returns). After this returns the
 * previous callback is never called again, even for a delivery already queued. @notify
 * runs exactly once: when the callback is replaced, cleared or the model is finalized.
 * Safe from any thread.
 */
void
vct_table_model_set_did_reload_data (VctTableModel        *model,
                                     VctDidReloadDataFunc  func,
                                     gpointer              user_data,
                                     GDestroyNotify        notify)
{
  SETTER_RETURN_IF_NOT_MODEL (model, user_data, notify);

  set_callback (model, SLOT_DID_RELOAD_DATA, (GCallback) func, user_data, notify);
}

/**
 * vct_table_model_set_did_error:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the callback for failed reloads; as [method@TableModel.set_did_reload_data].
 */
void
vct_table_model_set_did_error (VctTableModel   *model,
                               VctDidErrorFunc  func,
                               gpointer         user_data,
                               GDestroyNotify   notify)
{
  SETTER_RETURN_IF_NOT_MODEL (model, user_data, notify);

  set_callback (model, SLOT_DID_ERROR, (GCallback) func, user_data, notify);
}

/**
 * vct_table_model_set_did_update_navigation_title:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data): the callback, or %NULL to clear it
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Sets the callback for navigation titles; as [method@TableModel.set_did_reload_data].
 */
void
vct_table_model_set_did_update_navigation_title (VctTableModel                   *model,
                                                 VctDidUpdateNavigationTitleFunc  func,
                                                 gpointer                         user_data,
                                                 GDestroyNotify                   notify)
{
  SETTER_RETURN_IF_NOT_MODEL (model, user_data, notify);

  set_callback (model, SLOT_DID_UPDATE_NAVIGATION_TITLE, (GCallback) func, user_data, notify);
}

/**
 * vct_table_model_set_did_reload_data_block:
 * @model: a model
 * @block: (nullable): the callback, or %NULL to clear it
 *
 * Sets the reload callback as a block (`clang -fblocks`; link with `-lBlocksRuntime`).
 * The block is copied here and released exactly once, like a notify.
 */
void
vct_table_model_set_did_reload_data_block (VctTableModel *model,
                                           gpointer       block)
{
  g_return_if_fail (VCT_IS_TABLE_MODEL (model));

  set_block (model, SLOT_DID_RELOAD_DATA, block, G_CALLBACK (block_reload_trampoline));
}

/**
 * vct_table_model_set_did_error_block:
 * @model: a model
 * @block: (nullable): the callback, or %NULL to clear it
 *
 * Sets the error callback as a block; copied here, released exactly once.
 */
void
vct_table_model_set_did_error_block (VctTableModel *model,
                                     gpointer       block)
{
  g_return_if_fail (VCT_IS_TABLE_MODEL (model));

  set_block (model, SLOT_DID_ERROR, block, G_CALLBACK (block_text_trampoline));
}

/**
 * vct_table_model_set_did_update_navigation_title_block:
 * @model: a model
 * @block: (nullable): the callback, or %NULL to clear it
 *
 * Sets the title callback as a block; copied here, released exactly once.
 */
void
vct_table_model_set_did_update_navigation_title_block (VctTableModel *model,
                                                       gpointer       block)
{
  g_return_if_fail (VCT_IS_TABLE_MODEL (model));

  set_block (model, SLOT_DID_UPDATE_NAVIGATION_TITLE, block, G_CALLBACK (block_text_trampoline));
}
