/* vct-list-delivery.c: one batch of a VctListModel, applied and emitted
 * (_vct_list_model_deliver), and the settle after it.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A batch comes from the Swift core in one call (VctListDelivery). Rows changed in place
 * notify first; then the new list's records and slots are made from the old ones (kept
 * and moved rows keep theirs; removed rows' objects still held become orphans, found back
 * by added rows of their identity); the runs are emitted, get_item reading the list as the
 * runs so far have left it (vct-list-model.c); the objects made meanwhile that a view
 * holds get their slots; carried objects are shown their new records (each notifies what
 * differs); changes-done ends it. Nothing here calls the core (the view models of live
 * rows' records freed meanwhile are released after, _vct_row_delivery_end).
 */

#include <string.h>

#include "vct-list-model-private.h"

/* ---------------------------------------------------------------- settling after a batch */

static gboolean
keep_expired (G_GNUC_UNUSED gpointer keep)
{
  return G_SOURCE_REMOVE;   /* the source's notify releases the objects */
}

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* In an idle before the next frame after a batch: keeps for a moment each object alive
 * now (those a view held through the batch, and the rows it took while the batch was
 * emitted) and the object of each position that held a live one before the batch (made
 * now if need be): a view binds its rows again at its next layout, and the objects it
 * drops there are not finalized inside that frame, nor the ones it asks for made there. */
static gboolean
settle (gpointer data)
{
  VctListModel *self = g_weak_ref_get (data);
  g_autoptr (GPtrArray) keep = NULL;
  g_autofree guint *before = NULL;
  guint n_before, held = 0;
  gboolean locked;

  if (self == NULL)
    return G_SOURCE_REMOVE;
  g_clear_pointer (&self->settling, g_source_unref);
  before = g_steal_pointer (&self->unsettled);
  n_before = self->n_unsettled;
  self->n_unsettled = 0;

  keep = g_ptr_array_new_with_free_func (g_object_unref);
  locked = _vct_list_model_read_begin (self);
  for (guint position = 0; position < self->table.n_items && held <= KEEP_LIMIT; position++)
    {
      gpointer object = slot_get (self->slots[position]);

      if (object == NULL)
        continue;
      g_ptr_array_add (keep, object);
      held++;
    }
  _vct_list_model_read_end (self, locked);
  for (guint i = 0; held <= KEEP_LIMIT && i < n_before; i++)
    {
      gpointer object = g_list_model_get_item (G_LIST_MODEL (self), before[i]);

      if (object == NULL)
        break;
      g_ptr_array_add (keep, object);
    }

  vct_list_clear_source (&self->keeping);   /* a batch emitted before this settle ran kept nothing */
  if (keep->len > 0)
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

/* After a batch, on the context dispatching its delivery: settles in an idle of its own
 * before the next frame (GTK lays out and paints at G_PRIORITY_HIGH_IDLE + 20). */
static void
settle_later (VctListModel *self)
{
  GSource *current = g_main_current_source ();
  GMainContext *context = current != NULL ? g_source_get_context (current) : NULL;
  GWeakRef *ref;

  if (self->settling != NULL || context == NULL || !g_main_context_is_owner (context))
    return;
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->settling = g_idle_source_new ();
  g_source_set_priority (self->settling, G_PRIORITY_HIGH_IDLE);
  g_source_set_static_name (self->settling, "VctListModel settle");
  g_source_set_callback (self->settling, settle, ref, free_weak_ref);
  g_source_attach (self->settling, context);
}

/* ---------------------------------------------------------------- delivering a batch */

/* The live positions of @slots, none when more than KEEP_LIMIT are (a settle then makes
 * nothing). */
static guint *
live_positions (Slot  **slots,
                guint   n_items,
                guint  *n_live)
{
  GArray *live = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint position = 0; position < n_items; position++)
    {
      if (slots[position] == NULL || !slot_is_alive (slots[position]))
        continue;
      g_array_append_val (live, position);
      if (live->len > KEEP_LIMIT)
        {
          g_array_set_size (live, 0);
          break;
        }
    }
  *n_live = live->len;
  return (guint *) g_array_free (live, live->len == 0);
}

/* Shows the object at @slot (if alive) @record, notifying what differs. */
static void
slot_show (Slot         *slot,
           VctRowRecord *record)
{
  gpointer object = slot_get (slot);

  if (object == NULL)
    return;
  _vct_row_show (object, record, TRUE);
  g_object_unref (object);
}

VctRowRecord *
_vct_list_empty_record (void)
{
  VctRowRecord *record = g_new0 (VctRowRecord, 1);

  record->ref_count = 1;
  record->class_id = VCT_ROW_CLASS_GENERIC;
  record->role = VCT_ROW_ROLE_ITEM;
  return record;
}

/* The delivery's table, copied (its arrays are the core's, for the call only). */
Table
_vct_list_table_copy (const VctListDelivery *delivery)
{
  Table table = {
    g_memdup2 (delivery->sections, sizeof (VctListSection) * delivery->n_sections),
    delivery->n_sections, delivery->n_items, delivery->n_rows
  };

  return table;
}

/* A live row's change (@record, of the view model @record->core): every position showing
 * that view model takes it, and every object showing it, a removed row's a program holds
 * included, notifies what differs. A scan of the list: such rows are few (a feed's
 * members, a picker's songs). */
static void
show_change (VctListModel *self,
             VctRowRecord *record)
{
  GHashTableIter iter;
  gpointer value;

  for (guint position = 0; position < self->table.n_items; position++)
    {
      if (self->records[position]->core != record->core)
        continue;
      _vct_row_record_unref (self->records[position]);
      self->records[position] = _vct_row_record_ref (record);
      slot_show (self->slots[position], record);
    }
  if (self->orphans != NULL)
    {
      g_hash_table_iter_init (&iter, self->orphans);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          gpointer object = slot_get (value);

          if (object == NULL)
            continue;
          if (_vct_row_peek_record (object)->core == record->core)
            _vct_row_show (object, record, TRUE);
          g_object_unref (object);
        }
    }
  _vct_row_record_unref (record);
}

/* Rows changed in place (@records at positions of the list as it is, or G_MAXUINT for a
 * live row's change, show_change): each record replaces its position's, and a live object
 * there notifies what differs. */
static void
show_in_place (VctListModel          *self,
               const VctListRecordAt *records,
               guint                  n_records)
{
  for (guint i = 0; i < n_records; i++)
    {
      guint position = records[i].position;
      VctRowRecord *record = records[i].record;

      if (position == G_MAXUINT && record->core != NULL)
        {
          show_change (self, record);
          continue;
        }
      if (position >= self->table.n_items)
        {
          g_critical ("VctListModel: a record for position %u of %u", position, self->table.n_items);
          _vct_row_record_unref (record);
          continue;
        }
      _vct_row_record_unref (self->records[position]);
      self->records[position] = record;
      slot_show (self->slots[position], record);
    }
}

/* The objects of the rows the runs remove that no move takes along and someone still
 * holds become orphans (by identity: the first one of each); then each added row with no
 * object whose identity has one gets it back (to show its new record). */
static void
adopt_orphans (VctListModel    *self,
               Emission        *emission,
               VctListDelivery *delivery)
{
  GHashTableIter iter;
  gpointer value;
  gint shift = 0;
  GArray *orphaned = NULL;

  for (guint i = 0; i < delivery->n_runs; i++)
    {
      const VctListRun *run = &delivery->runs[i];
      guint start = (guint) ((gint64) run->position - shift);

      shift += (gint) run->added - (gint) run->removed;
      for (guint index = start; index < start + run->removed && index < emission->old.n_items; index++)
        {
          guint64 identity;
          Slot *held;

          if (emission->old_slots[index] == NULL || bit_get (emission->carried, index)
              || !slot_is_alive (emission->old_slots[index]))
            continue;
          identity = emission->old_records[index]->identity;
          if (self->orphans == NULL)
            self->orphans = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                   (GDestroyNotify) slot_unref);
          held = g_hash_table_lookup (self->orphans, &identity);
          if (held == NULL || !slot_is_alive (held))
            {
              g_hash_table_replace (self->orphans, g_memdup2 (&identity, sizeof identity),
                                    slot_ref (emission->old_slots[index]));
              if (orphaned == NULL)
                orphaned = g_array_new (FALSE, FALSE, sizeof (guint));
              g_array_append_val (orphaned, index);
            }
        }
    }
  if (orphaned != NULL)
    {
      delivery->n_orphaned = orphaned->len;
      delivery->orphaned = (guint *) g_array_free (orphaned, FALSE);
    }
  if (self->orphans == NULL)
    return;
  g_hash_table_iter_init (&iter, self->orphans);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      if (!slot_is_alive (value))
        g_hash_table_iter_remove (&iter);
    }
  if (g_hash_table_size (self->orphans) == 0)
    {
      g_clear_pointer (&self->orphans, g_hash_table_unref);
      return;
    }
  for (guint i = 0; i < delivery->n_runs; i++)
    {
      const VctListRun *run = &delivery->runs[i];

      for (guint position = run->position; position < run->position + run->added; position++)
        {
          guint64 identity = emission->new_records[position]->identity;
          gpointer key;
          Slot *held;

          if (emission->new_slots[position] != NULL
              || !g_hash_table_lookup_extended (self->orphans, &identity, &key, (gpointer *) &held))
            continue;
          g_hash_table_steal (self->orphans, &identity);
          g_free (key);
          emission->new_slots[position] = held;   /* the table's reference */
          g_array_append_val (emission->repoint, position);
        }
    }
}

/* The new list's records and slots, from the old ones and the delivery: kept rows keep
 * theirs (the records taken over, marked in emission->carried), moved rows take theirs
 * along, the delivered records go where they belong. */
static gboolean
carry (VctListModel    *self,
       Emission        *emission,
       VctListDelivery *delivery)
{
  guint n_old = emission->old.n_items, n_new = emission->new.n_items;
  guint old_index = 0, new_index = 0;

  emission->new_records = g_new0 (VctRowRecord *, MAX (n_new, 1));
  emission->new_slots = g_new0 (Slot *, MAX (n_new, 1));
  emission->carried = g_new0 (guint8, n_old / 8 + 1);

  for (guint i = 0; i <= delivery->n_runs; i++)
    {
      const VctListRun *run = i < delivery->n_runs ? &delivery->runs[i] : NULL;
      guint keep = run != NULL ? run->position - new_index : n_new - new_index;

      if ((run != NULL && run->position < new_index) || old_index + keep > n_old || new_index + keep > n_new
          || (run == NULL && old_index + keep != n_old))
        {
          g_critical ("VctListModel: a batch whose runs do not turn %u items into %u", n_old, n_new);
          return FALSE;
        }
      for (guint k = 0; k < keep; k++)
        {
          emission->new_records[new_index + k] = emission->old_records[old_index + k];
          emission->new_slots[new_index + k] = slot_ref (emission->old_slots[old_index + k]);
          bit_set (emission->carried, old_index + k);
        }
      old_index += keep;
      new_index += keep;
      if (run == NULL)
        break;
      old_index += run->removed;
      new_index += run->added;
    }

  for (guint i = 0; i < delivery->n_moves; i++)
    {
      const VctListMove *move = &delivery->moves[i];

      if (move->from >= n_old || move->to >= n_new || bit_get (emission->carried, move->from)
          || emission->new_records[move->to] != NULL)
        {
          g_critical ("VctListModel: a move from %u to %u that is not one", move->from, move->to);
          continue;
        }
      emission->new_records[move->to] = emission->old_records[move->from];
      emission->new_slots[move->to] = slot_ref (emission->old_slots[move->from]);
      bit_set (emission->carried, move->from);
      if (emission->new_slots[move->to] != NULL)
        g_array_append_val (emission->repoint, move->to);
    }

  for (guint i = 0; i < delivery->n_records; i++)
    {
      guint position = delivery->records[i].position;
      VctRowRecord *record = delivery->records[i].record;

      if (position >= n_new)
        {
          g_critical ("VctListModel: a record for position %u of %u", position, n_new);
          _vct_row_record_unref (record);
          continue;
        }
      /* A carried record this replaces is the new list's to drop, once the old list is
       * read no more. */
      if (emission->new_records[position] != NULL)
        g_ptr_array_add (emission->replaced, emission->new_records[position]);
      emission->new_records[position] = record;
      if (emission->new_slots[position] != NULL)
        g_array_append_val (emission->repoint, position);
    }

  for (guint position = 0; position < n_new; position++)
    {
      if (emission->new_records[position] == NULL)
        {
          g_critical ("VctListModel: no record for position %u", position);
          emission->new_records[position] = _vct_list_empty_record ();
        }
    }
  adopt_orphans (self, emission, delivery);
  return TRUE;
}

/* The emitted runs in old positions. */
static void
emission_set_ranges (Emission              *emission,
                     const VctListDelivery *delivery)
{
  gint shift = 0;

  emission->ranges = g_new (OldRange, MAX (delivery->n_emitted, 1));
  emission->n_ranges = delivery->n_emitted;
  for (guint i = 0; i < delivery->n_emitted; i++)
    {
      const VctListRun *run = &delivery->emitted[i];
      guint start = (guint) ((gint64) run->position - shift);

      shift += (gint) run->added - (gint) run->removed;
      emission->ranges[i] = (OldRange) { start, start + run->removed, shift };
    }
}

/* After the last run: the probe objects and the objects made while emitting that a view
 * still holds get their positions' slots; the list's references go to @drop. */
static void
emission_settle_objects (VctListModel *self,
                         Emission     *emission,
                         GPtrArray    *drop)
{
  for (guint key = 0; key < N_CLASSES; key++)
    {
      Probe *probe = &emission->probes[key];

      if (probe->object == NULL)
        continue;
      _vct_row_own ((VctRow *) probe->object);
      if (emission->made == NULL)
        emission->made = g_new0 (GObject *, MAX (emission->new.n_items, 1));
      if (emission->made[probe->position] == NULL)
        {
          emission->made[probe->position] = probe->object;
          g_array_append_val (emission->made_at, probe->position);
        }
      else
        g_ptr_array_add (drop, probe->object);
      probe->object = NULL;
    }
  for (guint i = 0; i < emission->made_at->len; i++)
    {
      guint position = g_array_index (emission->made_at, guint, i);
      GObject *object = emission->made[position];

      /* A probe's borrowed record becomes its own before the batch's records can go. */
      _vct_row_own ((VctRow *) object);

      if (vct_list_is_shared (object) && !slot_is_alive (emission->new_slots[position]))
        {
          slot_unref (emission->new_slots[position]);
          emission->new_slots[position] = slot_new (object);
          self->stored++;
        }
      g_ptr_array_add (drop, object);
    }
}

void
_vct_list_free_rows (Table         *table,
                     VctRowRecord **records,
                     Slot         **slots,
                     const guint8  *carried)
{
  for (guint index = 0; index < table->n_items; index++)
    {
      if (carried == NULL || !bit_get (carried, index))
        _vct_row_record_unref (records[index]);
      slot_unref (slots[index]);
    }
  g_free (records);
  g_free (slots);
  g_free (table->sections);
}

static void
emission_free (Emission *emission)
{
  _vct_list_free_rows (&emission->old, emission->old_records, emission->old_slots, emission->carried);
  g_free (emission->carried);
  g_free (emission->ranges);
  g_free (emission->made);
  g_array_unref (emission->made_at);
  g_array_unref (emission->repoint);
  g_ptr_array_unref (emission->replaced);
  g_free (emission);
}

/* Emits @emitted's items-changed, each followed by `n-items`' notify if it changed it. */
static void
emit_run (VctListModel     *self,
          Emission         *emission,
          const VctListRun *run,
          gboolean          last)
{
  guint n_items;

  emission->old_resume += (run->position - emission->new_end) + run->removed;
  emission->new_end = run->position + run->added;
  emission->finished = last;
  g_list_model_items_changed (G_LIST_MODEL (self), run->position, run->removed, run->added);
  n_items = emission_count (emission);
  if (n_items != self->last_n_items)
    {
      self->last_n_items = n_items;
      _vct_list_model_notify_n_items (self);
    }
}

/* The identities of the removed rows whose objects are still held. */
static void
report_orphans (VctListModel    *self,
                VctListDelivery *delivery)
{
  GHashTableIter iter;
  gpointer key;
  guint n = 0;

  if (self->orphans == NULL || g_hash_table_size (self->orphans) == 0)
    return;
  delivery->orphans = g_new (guint64, g_hash_table_size (self->orphans));
  g_hash_table_iter_init (&iter, self->orphans);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    delivery->orphans[n++] = *(guint64 *) key;
  delivery->n_orphans = n;
}

void
_vct_list_model_deliver (gpointer         list,
                         VctListDelivery *delivery)
{
  VctListModel *self = g_object_ref (VCT_LIST_MODEL (list));
  g_autoptr (GPtrArray) drop = g_ptr_array_new_with_free_func (g_object_unref);
  Emission *emission;
  guint *unsettled = NULL, n_unsettled = 0, cost = 0;

  _vct_row_delivery_begin ();
  g_mutex_lock (&self->lock);
  g_atomic_pointer_set (&self->emitter, vct_list_this_thread ());
  g_mutex_unlock (&self->lock);

  /* Rows changed in place notify first, where they are before the batch. */
  show_in_place (self, delivery->before, delivery->n_before);

  if (!delivery->changes_done)
    ;  /* a change in place alone: its batch follows */
  else if (delivery->n_runs == 0 && delivery->n_items == self->table.n_items)
    {
      show_in_place (self, delivery->records, delivery->n_records);
      g_free (self->table.sections);
      self->table = _vct_list_table_copy (delivery);
    }
  else
    {
      if (delivery->n_emitted > 0)
        vct_list_clear_source (&self->keeping);   /* only the objects someone holds live from now on */
      emission = g_new0 (Emission, 1);
      emission->old = self->table;
      emission->new = _vct_list_table_copy (delivery);
      emission->old_records = self->records;
      emission->old_slots = self->slots;
      emission->made_at = g_array_new (FALSE, FALSE, sizeof (guint));
      emission->repoint = g_array_new (FALSE, FALSE, sizeof (guint));
      emission->replaced = g_ptr_array_new_with_free_func ((GDestroyNotify) _vct_row_record_unref);
      if (!carry (self, emission, delivery))
        {
          /* Nothing to emit that a view could follow: the list stays as it was. */
          for (guint i = 0; i < delivery->n_records; i++)
            _vct_row_record_unref (delivery->records[i].record);
          for (guint i = 0; i < emission->new.n_items; i++)
            slot_unref (emission->new_slots[i]);
          g_free (emission->new_records);
          g_free (emission->new_slots);
          g_free (emission->new.sections);
          emission->old = (Table) { NULL, 0, 0, 0 };
          emission->old_records = NULL;
          emission->old_slots = NULL;
          emission_free (emission);
          goto done;
        }
      emission_set_ranges (emission, delivery);
      for (guint i = 0; i < delivery->n_emitted; i++)
        cost += delivery->emitted[i].removed + delivery->emitted[i].added;
      /* When the batch moves more rows than a view shows, the positions of the objects
       * alive before it are the window of rows a view showed, which its settle fills. */
      if (cost > RUN_COST)
        unsettled = live_positions (self->slots, self->table.n_items, &n_unsettled);

      self->emission = emission;
      for (guint i = 0; i < delivery->n_emitted; i++)
        emit_run (self, emission, &delivery->emitted[i], i + 1 == delivery->n_emitted);
      emission_settle_objects (self, emission, drop);

      /* The list reads as the new one. */
      self->records = emission->new_records;
      self->slots = emission->new_slots;
      self->table = emission->new;
      self->emission = NULL;
      for (guint i = 0; i < emission->repoint->len; i++)
        {
          guint position = g_array_index (emission->repoint, guint, i);

          slot_show (self->slots[position], self->records[position]);
        }
      emission_free (emission);
      if (n_unsettled > 0)
        {
          g_free (self->unsettled);
          self->unsettled = g_steal_pointer (&unsettled);
          self->n_unsettled = n_unsettled;
          settle_later (self);
        }
      g_free (unsettled);
    }

done:
  if (delivery->changes_done)
    report_orphans (self, delivery);
  g_mutex_lock (&self->lock);
  g_atomic_pointer_set (&self->emitter, NULL);
  g_cond_broadcast (&self->ended);
  g_mutex_unlock (&self->lock);

  g_clear_pointer (&drop, g_ptr_array_unref);
  _vct_list_model_sweep_if_due (self);
  if (delivery->changes_done)
    _vct_list_model_emit_changes_done (self);
  g_object_unref (self);
  _vct_row_delivery_end ();
}

