/* vct-list-model.c: VctListModel, a screen's rows as a GListModel.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Shaped like GLib's gliststore.c: the GListModel vfuncs, `item-type` and `n-items`
 * properties, `items-changed` emitted with `n-items` notified after it, and
 * `changes-done` once a batch's runs and its rows' notifies are all out. The list itself
 * lives in the Swift core (CListModel: the sectioned ListModel, its flat view, the weak
 * cache of row objects); this file is the GObject around it. While a batch is emitted,
 * get_item on the emitting thread is answered from the emission's table when it can be
 * (vct-list-emission.c), without the core.
 *
 * After a batch that moves many rows, the list keeps some row objects alive for a moment
 * (settle, CListModel.settle): the ones alive then, and the ones of the positions a view
 * held before it, made then if need be. A view binds
 * its rows again at its next layout, a frame or two after the batch (GTK 4.8 after its
 * relayout nudge): the objects it drops then are finalized later, at low priority, and
 * the ones it asks for were made before the frame, in an idle of their own. Without
 * this, a reversed list of 10 000 rows made and finalized some 200 row objects inside
 * that frame, a tenth of its CPU time (BENCHMARKS.md, "Session 13").
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctListModel
{
  GObject parent_instance;

  gpointer         core;
  guint            last_n_items;
  VctListEmission *emission;  /* what get_item answers while a batch is emitted */
  GSource         *settling;  /* the idle that runs list_settle after a batch */
  GSource         *keeping;   /* the timeout that owns the objects list_settle gave */
};

static void vct_list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (VctListModel, vct_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, vct_list_model_iface_init))

enum {
  PROP_0,
  PROP_ITEM_TYPE,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGES_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Destroys *@source, if any (its GDestroyNotify releases what it holds). */
static void
clear_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

static gboolean
keep_expired (G_GNUC_UNUSED gpointer keep)
{
  return G_SOURCE_REMOVE;   /* the source's notify releases the objects */
}

static gboolean
settle (gpointer data)
{
  VctListModel *self = g_weak_ref_get (data);
  g_autoptr (GPtrArray) keep = NULL;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_clear_pointer (&self->settling, g_source_unref);
  if (self->core != NULL)
    {
      keep = g_ptr_array_new_with_free_func (g_object_unref);
      vct_core ()->list_settle (self->core, keep);
    }
  clear_source (&self->keeping);   /* a batch emitted before this settle ran kept nothing */
  if (keep != NULL && keep->len > 0)
    {
      self->keeping = g_timeout_source_new (VCT_LIST_MODEL_KEEP_MS);
      g_source_set_priority (self->keeping, G_PRIORITY_LOW);
      g_source_set_static_name (self->keeping, "VctListModel keep");
      g_source_set_callback (self->keeping, keep_expired, g_steal_pointer (&keep),
                             (GDestroyNotify) g_ptr_array_unref);
      g_source_attach (self->keeping, g_source_get_context (g_main_current_source ()));
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

void
_vct_list_model_settle_later (gpointer list)
{
  VctListModel *self = VCT_LIST_MODEL (list);
  /* The context dispatching the batch's delivery: the list's (its thread may not have
   * pushed it as its thread-default). */
  GSource *current = g_main_current_source ();
  GMainContext *context = current != NULL ? g_source_get_context (current) : NULL;
  GWeakRef *ref;

  if (self->settling != NULL || context == NULL || !g_main_context_is_owner (context))
    return;
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  /* Before the next frame (GTK lays out and paints at G_PRIORITY_HIGH_IDLE + 20), in an
   * iteration of its own. */
  self->settling = g_idle_source_new ();
  g_source_set_priority (self->settling, G_PRIORITY_HIGH_IDLE);
  g_source_set_static_name (self->settling, "VctListModel settle");
  g_source_set_callback (self->settling, settle, ref, free_weak_ref);
  g_source_attach (self->settling, context);
}

void
_vct_list_model_release_kept (gpointer list)
{
  clear_source (&VCT_LIST_MODEL (list)->keeping);
}

static void
vct_list_model_dispose (GObject *object)
{
  VctListModel *self = VCT_LIST_MODEL (object);

  clear_source (&self->settling);
  clear_source (&self->keeping);
  if (self->core != NULL)
    vct_core ()->list_dispose (self->core);

  G_OBJECT_CLASS (vct_list_model_parent_class)->dispose (object);
}

static void
vct_list_model_finalize (GObject *object)
{
  VctListModel *self = VCT_LIST_MODEL (object);

  if (self->core != NULL)
    vct_core ()->list_release (g_steal_pointer (&self->core));
  g_clear_pointer (&self->emission, _vct_list_emission_free);

  G_OBJECT_CLASS (vct_list_model_parent_class)->finalize (object);
}

static guint
vct_list_model_get_n_items (GListModel *list)
{
  VctListModel *self = VCT_LIST_MODEL (list);

  return self->core != NULL ? vct_core ()->list_get_n_items (self->core) : 0;
}

static void
vct_list_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ITEM_TYPE:
      g_value_set_gtype (value, VCT_TYPE_ROW);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, vct_list_model_get_n_items (G_LIST_MODEL (object)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_list_model_class_init (VctListModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = vct_list_model_dispose;
  object_class->finalize = vct_list_model_finalize;
  object_class->get_property = vct_list_model_get_property;

  /**
   * VctListModel:item-type:
   *
   * The type of the items: [class@Row] (each item is one of its subclasses). Constant.
   */
  properties[PROP_ITEM_TYPE] =
    g_param_spec_gtype ("item-type", NULL, NULL, VCT_TYPE_ROW,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * VctListModel:n-items:
   *
   * The number of items (headers and footers included). Notified on the list's context
   * thread after the `items-changed` run that changed it.
   */
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * VctListModel::changes-done:
   * @list: the list
   *
   * Emitted once per batch of changes, when the batch is all out: after its last
   * `items-changed` run and after the `notify` of every row object it changed in place.
   * The list then reads as it is at rest and every row as the batch left it, so a view
   * that applies the runs one by one redraws, or tells what it gathered, here once.
   *
   * A batch is what the model changed at once: a reload's rows, rows changed in place
   * (a follow's state, a song's mode), or both. A batch of in-place changes alone emits
   * it with no `items-changed` before it. A row object may notify before the batch's
   * runs (a song that starts playing is notified, then the songs not picked leave the
   * list, then `changes-done`), never after the `changes-done` of the batch that
   * carries the change. A reload that brings the rows already shown changes nothing and
   * emits nothing. (A row object still held after a batch removed its row is in no
   * batch: what it notifies then comes with no `changes-done`.)
   *
   * Emitted on the list's context thread, never inside the call that made the change.
   * A handler may read the list and its rows, reload the model, or drop its reference
   * to the list.
   */
  signals[CHANGES_DONE] =
    g_signal_new ("changes-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, g_cclosure_marshal_VOID__VOID,
                  G_TYPE_NONE, 0);
}

static void
vct_list_model_init (VctListModel *self)
{
  self->emission = _vct_list_emission_new ();
}

static GType
vct_list_model_get_item_type (G_GNUC_UNUSED GListModel *list)
{
  return VCT_TYPE_ROW;
}

static gpointer
vct_list_model_get_item (GListModel *list,
                              guint       position)
{
  /* g_list_model_get_item() checked @list; a checked cast here would cost a probe a
   * third of its time (GTK probes every added item of a covering run). */
  VctListModel *self = (VctListModel *) list;
  gpointer item;

  /* While a batch is emitted, GTK probes every added item on the emitting thread: the
   * answer is in the emission's table, when it has one (vct-list-emission.c). */
  item = _vct_list_emission_lookup (self->emission, position);
  if (item != NULL)
    return item;
  return self->core != NULL ? vct_core ()->list_get_item (self->core, position) : NULL;
}

static void
vct_list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = vct_list_model_get_item_type;
  iface->get_n_items = vct_list_model_get_n_items;
  iface->get_item = vct_list_model_get_item;
}

gpointer
_vct_list_model_new (gpointer core)
{
  VctListModel *self = g_object_new (VCT_TYPE_LIST_MODEL, NULL);

  self->core = core;
  self->last_n_items = vct_core ()->list_get_n_items (core);
  return self;
}

VctListEmission *
_vct_list_model_get_emission (gpointer list)
{
  return VCT_LIST_MODEL (list)->emission;
}

gboolean
_vct_is_list_model (gconstpointer list)
{
  return list != NULL && VCT_IS_LIST_MODEL ((gpointer) list);
}

gpointer
_vct_list_model_get_core (gpointer list)
{
  return _vct_is_list_model (list) ? VCT_LIST_MODEL (list)->core : NULL;
}

void
_vct_list_model_emit_items_changed (gpointer list,
                                    guint    position,
                                    guint    removed,
                                    guint    added)
{
  VctListModel *self = VCT_LIST_MODEL (list);
  guint n_items;

  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);

  n_items = vct_list_model_get_n_items (G_LIST_MODEL (self));
  if (n_items != self->last_n_items)
    {
      self->last_n_items = n_items;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
    }
}

void
_vct_list_model_emit_changes_done (gpointer list)
{
  g_signal_emit (VCT_LIST_MODEL (list), signals[CHANGES_DONE], 0);
}

guint
vct_list_model_get_section (VctListModel *list,
                            guint         position,
                            guint        *out_start,
                            guint        *out_end)
{
  guint start = 0, end = 0;
  guint section;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  section = vct_core ()->list_get_section (list->core, position, &start, &end);
  if (out_start != NULL)
    *out_start = start;
  if (out_end != NULL)
    *out_end = end;
  return section;
}

guint
vct_list_model_get_n_sections (VctListModel *list)
{
  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  return vct_core ()->list_get_n_sections (list->core);
}


/**
 * vct_list_model_get_n_rows:
 * @list: a list
 *
 * How many rows the list has: its items but section headers and footers. Rows are
 * numbered from 0 across sections, in the flat order ([method@ListModel.get_row_position]
 * and [method@ListModel.get_row_index] map a row number and a flat position), as a view
 * that lists rows and shows headers apart counts them.
 *
 * Inside an `items-changed` handler this answers for the list as the whole batch leaves
 * it (as in a [signal@ListModel::changes-done] handler). Call on the list's context thread.
 *
 * Returns: the number of rows
 */
guint
vct_list_model_get_n_rows (VctListModel *list)
{
  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  return vct_core ()->list_get_n_rows (list->core);
}

/**
 * vct_list_model_get_row_position:
 * @list: a list
 * @row: a row number, counted from 0 across sections (headers and footers not counted)
 * @out_section: (out) (optional): the index of the row's section
 *
 * The flat position (the [iface@Gio.ListModel] position) of row @row, found in
 * O(log sections): the inverse of [method@ListModel.get_row_index]. Inside an
 * `items-changed` handler this answers for the list as the whole batch leaves it.
 *
 * Returns: the row's flat position, or `G_MAXUINT` (and @out_section unset) when @row is
 *   not less than [method@ListModel.get_n_rows]
 */
guint
vct_list_model_get_row_position (VctListModel *list,
                                 guint         row,
                                 guint        *out_section)
{
  guint section = 0;
  guint position;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), G_MAXUINT);

  position = vct_core ()->list_get_row (list->core, row, &section);
  if (position != G_MAXUINT && out_section != NULL)
    *out_section = section;
  return position;
}

/**
 * vct_list_model_get_row_index:
 * @list: a list
 * @position: a flat position
 * @out_is_row: (out) (optional): whether @position holds a row (not a header, a footer or
 *   nothing)
 *
 * The row number of the row at @position (rows counted from 0 across sections, headers
 * and footers not counted), found in O(log sections): the inverse of
 * [method@ListModel.get_row_position]. For a header, a footer or a position past the
 * end it is the number of the next row, that is how many rows come before @position
 * (a view keeping a place where a row went finds the row now there). Inside an
 * `items-changed` handler this answers for the list as the whole batch leaves it.
 *
 * Returns: how many rows come before @position
 */
guint
vct_list_model_get_row_index (VctListModel *list,
                              guint         position,
                              gboolean     *out_is_row)
{
  gboolean is_row = FALSE;
  guint rows;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  rows = vct_core ()->list_get_rows_before (list->core, position, &is_row);
  if (out_is_row != NULL)
    *out_is_row = is_row;
  return rows;
}

/**
 * vct_list_model_find:
 * @list: a list
 * @row: a row object
 * @out_position: (out) (optional): where @row is
 *
 * Finds where a row object the caller holds is now: the list keeps a held object on its
 * row through every batch (moved rows take theirs along), so a view that held the row
 * with the cursor, or a row whose change it reports, finds its place after a batch here
 * rather than following the `items-changed` runs. An object whose row a batch removed is
 * found nowhere. As g_list_store_find() does, this scans the list: O(items). Inside an
 * `items-changed` handler it answers for the list as the whole batch leaves it, for the
 * objects the list held before the batch.
 *
 * Returns: whether @row is in the list
 */
gboolean
vct_list_model_find (VctListModel *list,
                     VctRow       *row,
                     guint        *out_position)
{
  guint position;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), FALSE);
  g_return_val_if_fail (VCT_IS_ROW (row), FALSE);

  position = vct_core ()->list_find_item (list->core, row);
  if (position == G_MAXUINT)
    return FALSE;
  if (out_position != NULL)
    *out_position = position;
  return TRUE;
}
