/* vct-list-model.c: VctListModel, a screen's rows as a GListModel.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Shaped like GLib's gliststore.c: the GListModel vfuncs, `item-type` and `n-items`
 * properties, `items-changed` emitted with `n-items` notified after it, and
 * `changes-done` once a batch's runs and its rows' notifies are all out.
 *
 * The list's content lives here: per flat position a row record (VctRowRecord: what the
 * row shows, written by the Swift core) and a slot holding its row object weakly, made
 * on first get_item; the sections' table. The Swift core (CListModel) computes each batch
 * and hands it over in one call (_vct_list_model_deliver, vct-list-delivery.c). This file
 * is the object and its reads: get_item, the counts, the sections, the row numbers, find,
 * and a row object's actions. Nothing here calls the core but an action (list_act) and the
 * object's dispose and finalize.
 *
 * **One object per position.** A position's slot holds its object while someone holds
 * it: an object is never at two positions, and get_item of a position whose object lives
 * is an array read and a weak-reference read.
 *
 * **While a batch is emitted**, get_item on the emitting thread reads the list as the
 * runs so far have left it (positions before `new_end` read the new list, the others the
 * rest of the old one, as FlatTransition does), with no lock; on any other thread it
 * waits for the batch's end. After an items-changed that removes a row it tracks, GTK asks
 * for every added item and drops those it does not hold (two get_item calls per row of a
 * covering run): such probes are served by one object per row class, shown the probed
 * row's record while only the list holds it (no GObject made per probe).
 *
 * **After a batch that moves many rows**, the list keeps some row objects alive for a
 * moment (settle, vct-list-delivery.c): the ones alive then, and the ones of the positions a view held before
 * it, made then if need be. A view binds its rows again at its next layout, a frame or two
 * after the batch: the objects it drops then are finalized later, at low priority, and
 * the ones it asks for were made before the frame, in an idle of their own.
 */

#include <string.h>

#include "vct-list-model-private.h"

gpointer
_vct_list_token_ref (gpointer token)
{
  g_atomic_ref_count_inc (&((VctListToken *) token)->ref_count);
  return token;
}

void
_vct_list_token_unref (gpointer data)
{
  VctListToken *token = data;

  if (token != NULL && g_atomic_ref_count_dec (&token->ref_count))
    {
      g_weak_ref_clear (&token->list);
      g_free (token);
    }
}

static guint
table_section_end (const Table *table,
                   guint        index)
{
  return index + 1 < table->n_sections ? table->sections[index + 1].start : table->n_items;
}

/* The last of @table's sections whose field at @offset (a guint of VctListSection: its
 * start or its first row's number) is at most @value; 0 when none is. O(log sections). */
static guint
table_last_at_most (const Table *table,
                    gsize        offset,
                    guint        value)
{
  guint low = 0, high = table->n_sections - 1;

  while (low < high)
    {
      guint middle = low + (high - low + 1) / 2;

      if (G_STRUCT_MEMBER (guint, &table->sections[middle], offset) <= value)
        low = middle;
      else
        high = middle - 1;
    }
  return low;
}

/* The section holding @position (the last one starting at or before it: an empty section
 * shares its start with the next), or NONE past the end. */
static guint
table_section_at (const Table *table,
                  guint        position)
{
  if (position >= table->n_items || table->n_sections == 0)
    return NONE;
  return table_last_at_most (table, G_STRUCT_OFFSET (VctListSection, start), position);
}

/* Row @row's flat position and section, or NONE past the last row. */
static guint
table_row (const Table *table,
           guint        row,
           guint       *section)
{
  guint index;

  if (row >= table->n_rows || table->n_sections == 0)
    return NONE;
  index = table_last_at_most (table, G_STRUCT_OFFSET (VctListSection, row_number), row);
  *section = index;
  return table->sections[index].rows_start + row - table->sections[index].row_number;
}

/* How many rows come before @position, and whether it holds one. */
static guint
table_rows_before (const Table *table,
                   guint        position,
                   gboolean    *is_row)
{
  guint index = table_section_at (table, position);
  const VctListSection *section;

  *is_row = FALSE;
  if (index == NONE)
    return table->n_rows;
  section = &table->sections[index];
  if (position < section->rows_start)
    return section->row_number;
  if (position < section->rows_end)
    {
      *is_row = TRUE;
      return section->row_number + position - section->rows_start;
    }
  return section->row_number + section->rows_end - section->rows_start;
}

/* Where old row @index is once every run is emitted, or NONE if a run removes it. */
static guint
emission_final_position (const Emission *emission,
                         guint           index)
{
  guint low = 0, high = emission->n_ranges;
  const OldRange *range;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (emission->ranges[middle].start <= index)
        low = middle + 1;
      else
        high = middle;
    }
  if (low == 0)
    return index;
  range = &emission->ranges[low - 1];
  if (index < range->end)
    return NONE;
  return (guint) ((gint64) index + range->shift);
}

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

gboolean
_vct_list_model_read_begin (VctListModel *self)
{
  if (vct_list_is_emitter (self))
    return FALSE;
  g_mutex_lock (&self->lock);
  while (self->emitter != NULL)
    g_cond_wait (&self->ended, &self->lock);
  return TRUE;
}

void
_vct_list_model_read_end (VctListModel *self,
          gboolean      locked)
{
  if (locked)
    g_mutex_unlock (&self->lock);
}

/* ---------------------------------------------------------------- reading the list */

/* The object at @position of the list at rest (transfer full), made if need be; NULL
 * past the end. With the lock held, or on the emitting thread. */
static gpointer
rest_get_item (VctListModel *self,
               guint         position)
{
  gpointer object;

  if (position >= self->table.n_items)
    return NULL;
  object = slot_get (self->slots[position]);
  if (object != NULL)
    return object;
  object = _vct_row_new_for_list (self->records[position], self->token, position);
  slot_unref (self->slots[position]);
  self->slots[position] = slot_new (object);
  self->stored++;
  return object;
}

/* Empties the slots whose objects are gone, once as many slots were filled since the
 * last sweep as lived after it (at least 4 096): memory stays proportional to the objects
 * alive, at a constant cost per object made. */
void
_vct_list_model_sweep_if_due (VctListModel *self)
{
  gboolean locked = _vct_list_model_read_begin (self);
  guint live = 0;

  if (self->emission == NULL && self->stored >= self->sweep_at)
    {
      for (guint position = 0; position < self->table.n_items; position++)
        {
          if (self->slots[position] == NULL)
            continue;
          if (slot_is_alive (self->slots[position]))
            live++;
          else
            g_clear_pointer (&self->slots[position], slot_unref);
        }
      self->stored = 0;
      self->sweep_at = MAX (4096, live * 2);
    }
  _vct_list_model_read_end (self, locked);
}

/* get_item on the emitting thread while the runs are emitted: the list as the runs so
 * far have left it. */
static gpointer
emission_get_item (VctListModel *self,
                   Emission     *emission,
                   guint         position)
{
  VctRowRecord *record;
  gpointer object;
  Probe *probe;
  guint index, final;
  Slot *slot;

  if (position >= emission_count (emission))
    return NULL;
  if (position >= emission->new_end)
    {
      /* A row of the old list the runs have not reached: a slot there, and where the row
       * ends up if it stays, for as long as a view holds the object. */
      index = emission->old_resume + position - emission->new_end;
      object = slot_get (emission->old_slots[index]);
      if (object != NULL)
        return object;
      object = _vct_row_new_for_list (emission->old_records[index], self->token, position);
      slot = slot_new (object);
      slot_unref (emission->old_slots[index]);
      emission->old_slots[index] = slot;
      final = emission_final_position (emission, index);
      if (final != NONE && final < emission->new.n_items)
        {
          slot_unref (emission->new_slots[final]);
          emission->new_slots[final] = slot_ref (slot);
          g_array_append_val (emission->repoint, final);
        }
      self->stored++;
      return object;
    }

  object = slot_get (emission->new_slots[position]);
  if (object != NULL)
    return object;
  if (emission->made != NULL && emission->made[position] != NULL)
    return g_object_ref (emission->made[position]);

  /* The class of the row: its section's, when its rows share one (GTK probes front to
   * back: the last section found is checked first), so that a probe reads no record. */
  record = emission->new_records[position];
  {
    const Table *table = &emission->new;
    guint section = emission->last_section;
    gint class_id = -1;

    if (section >= table->n_sections || position < table->sections[section].start
        || position >= table_section_end (table, section))
      emission->last_section = section = table_section_at (table, position);
    if (section != NONE && position >= table->sections[section].rows_start
        && position < table->sections[section].rows_end)
      class_id = table->sections[section].row_class;
    if (class_id < 0 || class_id >= N_CLASSES)
      class_id = record->class_id < N_CLASSES ? record->class_id : VCT_ROW_CLASS_GENERIC;
    probe = &emission->probes[class_id];
  }
  if (probe->object != NULL)
    {
      if (probe->position == position)
        return g_object_ref (probe->object);
      if (!vct_list_is_shared (probe->object))
        {
          /* Only the list holds it: it shows @position from now on (its record borrowed
           * from the new list's while the batch is emitted). */
          _vct_row_point ((VctRow *) probe->object, record);
          _vct_row_set_position_hint ((VctRow *) probe->object, position);
          probe->position = position;
          return g_object_ref (probe->object);
        }
      /* Held: it stays its position's object (the list's reference moves to made), its
       * record its own. */
      _vct_row_own ((VctRow *) probe->object);
      if (emission->made == NULL)
        emission->made = g_new0 (GObject *, emission->new.n_items);
      if (emission->made[probe->position] == NULL)
        {
          emission->made[probe->position] = probe->object;
          g_array_append_val (emission->made_at, probe->position);
        }
      else
        g_object_unref (probe->object);
      probe->object = NULL;
    }
  object = _vct_row_new_for_list (record, self->token, position);
  probe->object = object;
  probe->position = position;
  return g_object_ref (object);
}

static gpointer
vct_list_model_get_item (GListModel *list,
                         guint       position)
{
  /* g_list_model_get_item() checked @list; a checked cast here would cost a probe a
   * third of its time (GTK probes every added item of a covering run). */
  VctListModel *self = (VctListModel *) list;
  gpointer object;
  gboolean due;

  if (vct_list_is_emitter (self))
    {
      if (self->emission != NULL)
        return emission_get_item (self, self->emission, position);
      return rest_get_item (self, position);
    }
  g_mutex_lock (&self->lock);
  while (self->emitter != NULL)
    g_cond_wait (&self->ended, &self->lock);
  object = rest_get_item (self, position);
  due = self->stored >= self->sweep_at;
  g_mutex_unlock (&self->lock);
  if (due)
    _vct_list_model_sweep_if_due (self);
  return object;
}

/* @read's answer, read as a view reads the list now: on the emitting thread as the runs so
 * far have left it, elsewhere under the lock once no batch is delivered. */
static guint
read_now (VctListModel *self,
          guint       (*read) (VctListModel *self))
{
  gboolean locked = _vct_list_model_read_begin (self);
  guint value = read (self);

  _vct_list_model_read_end (self, locked);
  return value;
}

static guint
n_items_now (VctListModel *self)
{
  return self->emission != NULL ? emission_count (self->emission) : self->table.n_items;
}

static guint
vct_list_model_get_n_items (GListModel *list)
{
  return read_now ((VctListModel *) list, n_items_now);
}

/* Where @row is in the list as the batch being delivered leaves it (at rest, as it is),
 * or NONE. Its position hint first, then a scan. With the lock held, or on the emitting
 * thread. */
static guint
find_locked (VctListModel *self,
             VctRow       *row)
{
  Emission *emission = self->emission;
  Slot **slots = emission != NULL ? emission->new_slots : self->slots;
  guint n_items = emission != NULL ? emission->new.n_items : self->table.n_items;
  guint hint = _vct_row_get_position_hint (row);
  gpointer object;

  if (emission != NULL)
    {
      for (guint key = 0; key < N_CLASSES; key++)
        {
          if (emission->probes[key].object == (GObject *) row)
            return emission->probes[key].position;
        }
      if (emission->made != NULL && hint < n_items && emission->made[hint] == (GObject *) row)
        return hint;
    }
  if (hint < n_items && slots[hint] != NULL)
    {
      object = slot_get (slots[hint]);
      if (object != NULL)
        g_object_unref (object);
      if (object == (gpointer) row)
        return hint;
    }
  for (guint position = 0; position < n_items; position++)
    {
      if (slots[position] == NULL)
        continue;
      object = slot_get (slots[position]);
      if (object == NULL)
        continue;
      g_object_unref (object);
      if (object == (gpointer) row)
        {
          _vct_row_set_position_hint (row, position);
          return position;
        }
    }
  return NONE;
}

void
_vct_list_token_act (gpointer      data,
                     VctRow       *row,
                     VctRowAction  action)
{
  VctListToken *token = data;
  VctListModel *self = g_weak_ref_get (&token->list);
  guint64 identity = 0;
  gboolean locked;
  guint position;

  if (self == NULL)
    return;
  locked = _vct_list_model_read_begin (self);
  position = find_locked (self, row);
  if (position == NONE && self->orphans != NULL)
    {
      /* A removed row's object a program still holds: its view model acts. */
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, self->orphans);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          gpointer object = slot_get (value);

          if (object != NULL)
            g_object_unref (object);
          if (object == (gpointer) row)
            {
              identity = *(guint64 *) key;
              break;
            }
        }
    }
  _vct_list_model_read_end (self, locked);
  if ((position != NONE || identity != 0) && self->core != NULL)
    vct_core ()->list_act (self->core, position, action, identity);
  g_object_unref (self);
}

/* ---------------------------------------------------------------- the GObject */

void
_vct_list_model_notify_n_items (VctListModel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

void
_vct_list_model_emit_changes_done (VctListModel *self)
{
  g_signal_emit (self, signals[CHANGES_DONE], 0);
}

static void
vct_list_model_dispose (GObject *object)
{
  VctListModel *self = VCT_LIST_MODEL (object);

  vct_list_clear_source (&self->settling);
  vct_list_clear_source (&self->keeping);
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
  _vct_list_free_rows (&self->table, self->records, self->slots, NULL);
  g_free (self->unsettled);
  g_clear_pointer (&self->orphans, g_hash_table_unref);
  _vct_list_token_unref (self->token);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->ended);

  G_OBJECT_CLASS (vct_list_model_parent_class)->finalize (object);
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
  g_mutex_init (&self->lock);
  g_cond_init (&self->ended);
  self->sweep_at = 4096;
  self->token = g_new0 (VctListToken, 1);
  g_atomic_ref_count_init (&self->token->ref_count);
  g_weak_ref_init (&self->token->list, self);
}

static GType
vct_list_model_get_item_type (G_GNUC_UNUSED GListModel *list)
{
  return VCT_TYPE_ROW;
}

static void
vct_list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = vct_list_model_get_item_type;
  iface->get_n_items = vct_list_model_get_n_items;
  iface->get_item = vct_list_model_get_item;
}

gpointer
_vct_list_model_new (gpointer               core,
                     const VctListDelivery *initial)
{
  VctListModel *self = g_object_new (VCT_TYPE_LIST_MODEL, NULL);
  guint n_items = initial->n_items;

  self->core = core;
  self->table = _vct_list_table_copy (initial);
  self->records = g_new0 (VctRowRecord *, MAX (n_items, 1));
  self->slots = g_new0 (Slot *, MAX (n_items, 1));
  for (guint i = 0; i < initial->n_records; i++)
    {
      guint position = initial->records[i].position;

      if (position < n_items && self->records[position] == NULL)
        self->records[position] = initial->records[i].record;
      else
        _vct_row_record_unref (initial->records[i].record);
    }
  for (guint position = 0; position < n_items; position++)
    {
      if (self->records[position] == NULL)
        {
          g_critical ("VctListModel: no record for position %u", position);
          self->records[position] = _vct_list_empty_record ();
        }
    }
  self->last_n_items = n_items;
  return self;
}

/* The sections as the runs so far have left the list (FlatTransition.section): the new
 * list's up to new_end, then the old one's from old_resume, the section on both sides of
 * the seam (one id) being one section; once finished, the new list's. */
static guint
transition_section (const Emission *emission,
                    guint           position,
                    guint          *start,
                    guint          *end)
{
  const Table *old = &emission->old, *new = &emission->new;
  guint last, resumed, index, old_position, old_index, first;
  gboolean joined = FALSE;
  gint64 shift;

  if (position >= emission_count (emission))
    return NONE;
  if (emission->finished)
    {
      index = table_section_at (new, position);
      *start = new->sections[index].start;
      *end = table_section_end (new, index);
      return index;
    }
  last = emission->new_end > 0 ? table_section_at (new, emission->new_end - 1) : NONE;
  resumed = table_section_at (old, emission->old_resume);
  if (last != NONE && resumed != NONE)
    joined = new->sections[last].id == old->sections[resumed].id;
  if (position < emission->new_end)
    {
      index = table_section_at (new, position);
      *start = new->sections[index].start;
      *end = MIN (table_section_end (new, index), emission->new_end);
      if (resumed != NONE && joined && index == last)
        *end = emission->new_end + table_section_end (old, resumed) - emission->old_resume;
      return index;
    }
  old_position = emission->old_resume + position - emission->new_end;
  old_index = table_section_at (old, old_position);
  if (old_index == NONE || resumed == NONE)
    return NONE;
  shift = (gint64) emission->new_end - emission->old_resume;
  *start = (guint) MAX ((gint64) old->sections[old_index].start + shift, (gint64) emission->new_end);
  if (joined && old_index == resumed && last != NONE)
    *start = new->sections[last].start;
  first = (last == NONE ? 0 : last + (joined ? 0 : 1));
  *end = (guint) ((gint64) table_section_end (old, old_index) + shift);
  return first + old_index - resumed;
}

/* How many sections the list has as the runs so far have left it. */
static guint
transition_n_sections (const Emission *emission)
{
  const Table *old = &emission->old, *new = &emission->new;
  guint last, last_old, start, end;

  if (emission->finished)
    return new->n_sections;
  last = emission->new_end > 0 ? table_section_at (new, emission->new_end - 1) : NONE;
  if (emission->old_resume >= old->n_items)
    return emission->new_end == new->n_items ? new->n_sections : (last == NONE ? 0 : last + 1);
  last_old = table_section_at (old, old->n_items - 1);
  return transition_section (emission, emission_count (emission) - 1, &start, &end) + 1
         + (old->n_sections - 1 - last_old);
}

guint
vct_list_model_get_section (VctListModel *list,
                            guint         position,
                            guint        *out_start,
                            guint        *out_end)
{
  guint start, end, section;
  gboolean locked;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  locked = _vct_list_model_read_begin (list);
  if (list->emission != NULL)
    {
      section = transition_section (list->emission, position, &start, &end);
      if (section == NONE)
        {
          section = transition_n_sections (list->emission);
          start = end = emission_count (list->emission);
        }
    }
  else
    {
      section = table_section_at (&list->table, position);
      if (section == NONE)
        {
          section = list->table.n_sections;
          start = end = list->table.n_items;
        }
      else
        {
          start = list->table.sections[section].start;
          end = table_section_end (&list->table, section);
        }
    }
  _vct_list_model_read_end (list, locked);
  if (out_start != NULL)
    *out_start = start;
  if (out_end != NULL)
    *out_end = end;
  return section;
}

static guint
n_sections_now (VctListModel *list)
{
  return list->emission != NULL ? transition_n_sections (list->emission) : list->table.n_sections;
}

guint
vct_list_model_get_n_sections (VctListModel *list)
{
  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  return read_now (list, n_sections_now);
}

/* The table of the list as the batch being delivered leaves it. */
static inline const Table *
settled_table (VctListModel *list)
{
  return list->emission != NULL ? &list->emission->new : &list->table;
}

static guint
n_rows_now (VctListModel *list)
{
  return settled_table (list)->n_rows;
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

  return read_now (list, n_rows_now);
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
  gboolean locked;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), G_MAXUINT);

  locked = _vct_list_model_read_begin (list);
  position = table_row (settled_table (list), row, &section);
  _vct_list_model_read_end (list, locked);
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
  gboolean locked;
  guint rows;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), 0);

  locked = _vct_list_model_read_begin (list);
  rows = table_rows_before (settled_table (list), position, &is_row);
  _vct_list_model_read_end (list, locked);
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
  gboolean locked;

  g_return_val_if_fail (VCT_IS_LIST_MODEL (list), FALSE);
  g_return_val_if_fail (VCT_IS_ROW (row), FALSE);

  locked = _vct_list_model_read_begin (list);
  position = find_locked (list, row);
  _vct_list_model_read_end (list, locked);
  if (position == NONE)
    return FALSE;
  if (out_position != NULL)
    *out_position = position;
  return TRUE;
}
