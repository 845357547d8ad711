/* vct-list-emission.c: what a VctListModel answers, while it emits a batch, without
 * calling its core.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * After an items-changed that removes a row it tracks, GTK asks for every added item
 * (gtk_list_item_manager_try_reacquire_list_item, GtkSingleSelection) and drops those it
 * does not hold: two get_item calls per row of a covering run. A GListStore answers each
 * with a pointer it has. The core (CListModel, under its lock) serves such probes with
 * one object per row class, re-pointed while only the list holds it (ARCHITECTURE.md,
 * "Probes are cheap"); this table holds what that takes, so that the emitting thread's
 * get_item is a few reads and a g_object_ref here, no lock and no call into Swift:
 *
 * - new_end: positions before it read the new list (FlatTransition);
 * - per new position, whether a slot there may hold a live object (the core answers),
 *   and the object made for it while emitting, if any (borrowed: the core holds it);
 * - per section of the new list, the range of its rows and the probe class they all
 *   share (found by the core on the section's first probe);
 * - per probe class, the probe object (a reference of the list's), its core and the
 *   position it shows.
 *
 * Only the emitting thread reads or writes the table (the core writes it under its lock,
 * on that thread): while a batch is emitted, get_item on another thread waits for the
 * emission's end (_vct_list_emission_wait, from the core), as the list's reads belong on
 * its context thread (vct-list-model.h) and a probe object re-pointed here must not be
 * handed out there meanwhile.
 */

#include <pthread.h>
#include <string.h>

#include <vctable.h>

#include "vctable-private.h"

/* The rows of one section of the new list. */
typedef struct
{
  guint start;
  guint end;
  gint  key;  /* the probe class of every row, or VCT_LIST_EMISSION_KEY_* */
} RowRange;

typedef struct
{
  gpointer object;  /* a reference of the list's, or NULL */
  gpointer core;    /* the object's core (CRow), borrowed */
  guint    position;
} Probe;

struct _VctListEmission
{
  /* Whether a batch is emitted, and by which thread. Written under lock, and read
   * without it by get_item: the emitter is stored before `emitting` is set, and only the
   * thread that stored it can find itself there. pthread_self() is a register read where
   * g_thread_self() is a GPrivate lookup, a third of a probe. */
  gint      emitting;
  gpointer  emitter;     /* the emitting thread's pthread_t */
  guint     n_items;     /* the new list's */
  guint     new_end;
  guint8   *carried;     /* a bit per new position; NULL: none */
  gpointer *made;        /* per new position; NULL until the first */
  RowRange *ranges;      /* per section of the new list */
  guint     n_ranges;
  guint     last_range;  /* the one a probe found last: GTK probes front to back */
  Probe     probes[VCT_LIST_EMISSION_PROBE_CLASSES];

  GMutex    lock;
  GCond     ended;
};

G_STATIC_ASSERT (sizeof (pthread_t) <= sizeof (gpointer));

static inline gpointer
this_thread (void)
{
  return (gpointer) (guintptr) pthread_self ();
}

VctListEmission *
_vct_list_emission_new (void)
{
  VctListEmission *emission = g_new0 (VctListEmission, 1);

  g_mutex_init (&emission->lock);
  g_cond_init (&emission->ended);
  return emission;
}

void
_vct_list_emission_free (VctListEmission *emission)
{
  if (emission == NULL)
    return;
  g_assert (!emission->emitting);
  g_mutex_clear (&emission->lock);
  g_cond_clear (&emission->ended);
  g_free (emission);
}

void
_vct_list_emission_begin (VctListEmission *emission,
                          guint            n_items,
                          guint            n_sections)
{
  g_assert (!emission->emitting);

  emission->n_items = n_items;
  emission->new_end = 0;
  emission->ranges = g_new0 (RowRange, n_sections);
  emission->n_ranges = n_sections;
  emission->last_range = 0;
  memset (emission->probes, 0, sizeof emission->probes);

  g_mutex_lock (&emission->lock);
  g_atomic_pointer_set (&emission->emitter, this_thread ());
  g_atomic_int_set (&emission->emitting, TRUE);
  g_mutex_unlock (&emission->lock);
}

void
_vct_list_emission_end (VctListEmission *emission)
{
  for (guint key = 0; key < VCT_LIST_EMISSION_PROBE_CLASSES; key++)
    g_assert (emission->probes[key].object == NULL);

  g_mutex_lock (&emission->lock);
  g_atomic_int_set (&emission->emitting, FALSE);
  g_atomic_pointer_set (&emission->emitter, NULL);
  g_cond_broadcast (&emission->ended);
  g_mutex_unlock (&emission->lock);

  g_clear_pointer (&emission->carried, g_free);
  g_clear_pointer (&emission->made, g_free);
  g_clear_pointer (&emission->ranges, g_free);
  emission->n_ranges = 0;
  emission->n_items = 0;
  emission->new_end = 0;
}

gboolean
_vct_list_emission_is_mine (VctListEmission *emission)
{
  return g_atomic_int_get (&emission->emitting) && g_atomic_pointer_get (&emission->emitter) == this_thread ();
}

void
_vct_list_emission_wait (VctListEmission *emission)
{
  g_mutex_lock (&emission->lock);
  while (emission->emitting && emission->emitter != this_thread ())
    g_cond_wait (&emission->ended, &emission->lock);
  g_mutex_unlock (&emission->lock);
}

void
_vct_list_emission_set_new_end (VctListEmission *emission,
                                guint            new_end)
{
  emission->new_end = MIN (new_end, emission->n_items);
}

void
_vct_list_emission_set_section (VctListEmission *emission,
                                guint            section,
                                guint            rows_start,
                                guint            rows_end)
{
  g_return_if_fail (section < emission->n_ranges);

  emission->ranges[section] = (RowRange) { rows_start, rows_end, VCT_LIST_EMISSION_KEY_UNKNOWN };
}

void
_vct_list_emission_set_section_key (VctListEmission *emission,
                                    guint            section,
                                    gint             key)
{
  g_return_if_fail (section < emission->n_ranges);

  emission->ranges[section].key = key;
}

void
_vct_list_emission_mark_carried (VctListEmission *emission,
                                 guint            position)
{
  g_return_if_fail (position < emission->n_items);

  if (emission->carried == NULL)
    emission->carried = g_new0 (guint8, emission->n_items / 8 + 1);
  emission->carried[position / 8] |= 1u << (position % 8);
}

gpointer
_vct_list_emission_get_made (VctListEmission *emission,
                             guint            position)
{
  return emission->made != NULL && position < emission->n_items ? emission->made[position] : NULL;
}

void
_vct_list_emission_set_made (VctListEmission *emission,
                             guint            position,
                             gpointer         object)
{
  g_return_if_fail (position < emission->n_items);

  if (emission->made == NULL)
    emission->made = g_new0 (gpointer, emission->n_items);
  emission->made[position] = object;
}

gpointer
_vct_list_emission_get_probe (VctListEmission *emission,
                              guint            key,
                              gpointer        *core,
                              guint           *position)
{
  Probe *probe;

  g_return_val_if_fail (key < VCT_LIST_EMISSION_PROBE_CLASSES, NULL);

  probe = &emission->probes[key];
  if (core != NULL)
    *core = probe->core;
  if (position != NULL)
    *position = probe->position;
  return probe->object;
}

void
_vct_list_emission_set_probe (VctListEmission *emission,
                              guint            key,
                              gpointer         object,
                              gpointer         core,
                              guint            position)
{
  g_return_if_fail (key < VCT_LIST_EMISSION_PROBE_CLASSES);

  emission->probes[key] = (Probe) { object, object != NULL ? core : NULL, object != NULL ? position : 0 };
}

/* The section whose rows hold @position, or NULL (a header, a footer, past the end). */
static RowRange *
range_at (VctListEmission *emission,
          guint            position)
{
  RowRange *ranges = emission->ranges;
  guint low = 0, high = emission->n_ranges;

  if (emission->last_range < emission->n_ranges)
    {
      RowRange *last = &ranges[emission->last_range];

      if (last->start <= position && position < last->end)
        return last;
    }
  /* The last section whose rows start at or before @position. */
  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (ranges[middle].start <= position)
        low = middle + 1;
      else
        high = middle;
    }
  if (low == 0 || position >= ranges[low - 1].end)
    return NULL;
  emission->last_range = low - 1;
  return &ranges[low - 1];
}

gpointer
_vct_list_emission_lazy_probe (VctListEmission *emission,
                               guint            position,
                               guint           *unknown_section)
{
  RowRange *range = range_at (emission, position);
  Probe *probe;

  if (range == NULL)
    return NULL;
  if (range->key == VCT_LIST_EMISSION_KEY_UNKNOWN)
    {
      if (unknown_section != NULL)
        *unknown_section = (guint) (range - emission->ranges);
      return NULL;
    }
  if (range->key < 0 || range->key >= VCT_LIST_EMISSION_PROBE_CLASSES)
    return NULL;
  probe = &emission->probes[range->key];
  if (probe->object == NULL)
    return NULL;
  if (probe->position != position)
    {
      /* Only the list holds it: it shows @position from now on, its view model read if
       * someone reads it (CRow.showPending). */
      if (_vct_object_is_shared (probe->object))
        return NULL;
      vct_core ()->row_show_pending (probe->core, position);
      probe->position = position;
    }
  return g_object_ref (probe->object);
}

gpointer
_vct_list_emission_lookup (VctListEmission *emission,
                           guint            position)
{
  if (!_vct_list_emission_is_mine (emission) || position >= emission->new_end)
    return NULL;
  if (emission->made != NULL && emission->made[position] != NULL)
    return g_object_ref (emission->made[position]);
  if (emission->carried != NULL && (emission->carried[position / 8] & (1u << (position % 8))) != 0)
    return NULL;
  return _vct_list_emission_lazy_probe (emission, position, NULL);
}
