/* vct-list-model-private.h: what VctListModel's two files share (C half only):
 * vct-list-model.c (the object and its reads) and vct-list-delivery.c (a batch applied and
 * emitted, and the settle after it).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#ifndef VCT_LIST_MODEL_PRIVATE_H
#define VCT_LIST_MODEL_PRIVATE_H

#include <pthread.h>

#include <vctable.h>

#include "vct-row-private.h"
#include "vctable-private.h"

G_BEGIN_DECLS

#define RUN_COST 256
/* With more live row objects than this, a settle makes no object: a view holds a window
 * of rows (GTK 4.8 some 200 for 30 in view); a program that holds far more is not one. */
#define KEEP_LIMIT 2048
#define N_CLASSES (VCT_ROW_CLASS_SONG + 1)
#define NONE G_MAXUINT

/* ---------------------------------------------------------------- slots and the token */

/* A position's slot: a weak reference to its row object, shared by the old and the new
 * list while a batch is emitted. Only the emitting thread, or a thread holding the list's
 * lock, touches one. */
typedef struct
{
  gint     ref_count;
  GWeakRef ref;
} Slot;

static inline Slot *
slot_new (gpointer object)
{
  Slot *slot = g_new (Slot, 1);

  slot->ref_count = 1;
  g_weak_ref_init (&slot->ref, object);
  return slot;
}

static inline Slot *
slot_ref (Slot *slot)
{
  if (slot != NULL)
    slot->ref_count++;
  return slot;
}

static inline void
slot_unref (Slot *slot)
{
  if (slot != NULL && --slot->ref_count == 0)
    {
      g_weak_ref_clear (&slot->ref);
      g_free (slot);
    }
}

/* The slot's object (transfer full), or NULL. */
static inline gpointer
slot_get (Slot *slot)
{
  return slot != NULL ? g_weak_ref_get (&slot->ref) : NULL;
}

static inline gboolean
slot_is_alive (Slot *slot)
{
  gpointer object = slot_get (slot);

  if (object == NULL)
    return FALSE;
  g_object_unref (object);
  return TRUE;
}

/* ---------------------------------------------------------------- the sections' table */

/* What a list's row objects hold of it (vct-row-private.h). */
typedef struct
{
  gatomicrefcount ref_count;
  GWeakRef        list;
} VctListToken;

typedef struct
{
  VctListSection *sections;
  guint           n_sections;
  guint           n_items;
  guint           n_rows;
} Table;

/* ---------------------------------------------------------------- a batch being emitted */

typedef struct
{
  GObject *object;    /* a reference of the list's, or NULL */
  guint    position;
} Probe;

/* An emitted run in old positions: the old rows [start, end) it removes, and how far the
 * old rows after it have moved (new minus old). */
typedef struct
{
  guint start;
  guint end;
  gint  shift;
} OldRange;

typedef struct
{
  Table          old;
  Table          new;
  VctRowRecord **old_records;
  VctRowRecord **new_records;
  Slot         **old_slots;
  Slot         **new_slots;
  guint8        *carried;      /* a bit per old position: its record went to the new list */
  guint          new_end;      /* positions before it read the new list */
  guint          old_resume;   /* the old position the rest reads from */
  gboolean       finished;     /* the last run is emitted: the list reads as the new one */
  OldRange      *ranges;
  guint          n_ranges;
  GObject      **made;         /* per new position: an object a view held (one reference) */
  GArray        *made_at;      /* the positions of made */
  Probe          probes[N_CLASSES];
  GArray        *repoint;      /* new positions whose objects are shown their new record */
  guint          last_section; /* the new list's section a probe found last */
  GPtrArray     *replaced;     /* carried records a delivered one replaced: the old list
                                  reads them until the emission's end */
} Emission;

static inline guint
emission_count (const Emission *emission)
{
  return emission->new_end + (emission->old.n_items - emission->old_resume);
}

static inline gboolean
bit_get (const guint8 *bits,
         guint         index)
{
  return (bits[index / 8] & (1u << (index % 8))) != 0;
}

static inline void
bit_set (guint8 *bits,
         guint   index)
{
  bits[index / 8] |= 1u << (index % 8);
}/* ---------------------------------------------------------------- the object */

struct _VctListModel
{
  GObject parent_instance;

  gpointer       core;
  VctListToken  *token;       /* what its row objects hold of it */
  GMutex         lock;
  GCond          ended;
  gpointer       emitter;     /* the thread delivering a batch (pthread_t), or NULL */

  /* The list as the last batch left it (while one is delivered, as it was before). */
  Table          table;
  VctRowRecord **records;
  Slot         **slots;
  GHashTable    *orphans;     /* identity → Slot of a removed row's object still held */
  guint          stored;      /* slots filled since the last sweep */
  guint          sweep_at;
  guint          last_n_items;

  Emission      *emission;    /* while a batch's runs are emitted: the emitter's alone */

  GSource       *settling;    /* the idle that settles after a batch */
  GSource       *keeping;     /* the timeout that owns the objects a settle kept */
  guint         *unsettled;   /* the positions whose objects lived before the last batch */
  guint          n_unsettled;
};

G_STATIC_ASSERT (sizeof (pthread_t) <= sizeof (gpointer));

static inline gpointer
vct_list_this_thread (void)
{
  return (gpointer) (guintptr) pthread_self ();
}

/* Whether this thread delivers a batch of @self (then it reads and writes the list with
 * no lock: every other thread waits). */
static inline gboolean
vct_list_is_emitter (VctListModel *self)
{
  return g_atomic_pointer_get (&self->emitter) == vct_list_this_thread ();
}

/* Destroys *@source, if any (its GDestroyNotify releases what it holds). */
static inline void
vct_list_clear_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

/* Whether someone but the list holds @object. */
static inline gboolean
vct_list_is_shared (gpointer object)
{
  return g_atomic_int_get (&G_OBJECT (object)->ref_count) > 1;
}

/* vct-list-model.c: takes the list for a read: on the emitting thread, nothing to take
 * (returns FALSE); elsewhere the lock, once no batch is delivered (returns TRUE: give it
 * back with _vct_list_model_read_end). */
G_GNUC_INTERNAL gboolean _vct_list_model_read_begin (VctListModel *self);
G_GNUC_INTERNAL void     _vct_list_model_read_end   (VctListModel *self, gboolean locked);

/* vct-list-model.c: empties the slots whose objects are gone, when due. */
G_GNUC_INTERNAL void _vct_list_model_sweep_if_due (VctListModel *self);

/* vct-list-model.c: `n-items`' notify; `changes-done`. */
G_GNUC_INTERNAL void _vct_list_model_notify_n_items    (VctListModel *self);
G_GNUC_INTERNAL void _vct_list_model_emit_changes_done (VctListModel *self);

/* vct-list-delivery.c: a copy of @delivery's table; a record for a position the core left
 * without one (a bug): an item of no class. */
G_GNUC_INTERNAL Table         _vct_list_table_copy    (const VctListDelivery *delivery);
G_GNUC_INTERNAL VctRowRecord *_vct_list_empty_record (void);

/* vct-list-delivery.c: frees a list's rows: @table's sections, the @records (but those
 * whose bit @carried, if not NULL, has set: another list took them) and the @slots. */
G_GNUC_INTERNAL void _vct_list_free_rows (Table *table, VctRowRecord **records, Slot **slots,
                                          const guint8 *carried);

G_END_DECLS

#endif /* VCT_LIST_MODEL_PRIVATE_H */
