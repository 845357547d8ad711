/* vct-table-callbacks.c: a table model's legacy callback slots: the original's blocks,
 * vct_table_model_set_did_*() and their `_block` variants (vct-table-model.c).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#include "vct-table-callbacks.h"

/* One callback as set: @func, @user_data, @notify. @notify runs exactly once, when the
 * callback is detached and no call of it is on the stack; the callback is freed then.
 * Every field is guarded by the mutex of the VctTableModelCallbacks it was set in. */
typedef struct
{
  GCallback      func;
  gpointer       user_data;
  GDestroyNotify notify;
  guint          n_running;   /* calls of it on the stack (one thread's: the mutex's) */
  gboolean       detached;    /* replaced, cleared or disposed: never called again */
} Callback;

/* The callbacks of one model, and the rule that makes them safe across threads: after a
 * setter returns, the callback it replaced is never called again.
 *
 * A recursive mutex is held while a callback runs and while a slot changes. A setter (or
 * the last unref) on another thread therefore waits for a running callback to return;
 * on the same thread (from inside a callback) it goes ahead, and a callback replaced from
 * inside itself gets its notify as it returns. Each notify runs exactly once. The price:
 * a callback must not block waiting for another thread that is calling a setter of the
 * same model.
 *
 * Its own reference count keeps the mutex alive across a callback that drops the model's
 * last reference: the object holds one reference, and a report in progress another. */
struct _VctTableModelCallbacks
{
  gatomicrefcount ref_count;
  GRecMutex       mutex;
  Callback       *slots[N_SLOTS];
  gboolean        disposed;     /* the model's dispose ran: nothing is set or called again */
};


static Callback *
callback_new (GCallback      func,
              gpointer       user_data,
              GDestroyNotify notify)
{
  Callback *callback = g_new0 (Callback, 1);

  callback->func = func;
  callback->user_data = user_data;
  callback->notify = notify;
  return callback;
}

/* Frees @callback and runs its notify once it is detached and no call of it is running. */
static void
callback_release_if_done (Callback *callback)
{
  GDestroyNotify notify;
  gpointer user_data;

  if (!callback->detached || callback->n_running > 0)
    return;

  notify = callback->notify;
  user_data = callback->user_data;
  g_free (callback);
  if (notify != NULL)
    notify (user_data);
}

/* @callback is never called again; its notify runs now, or as its running call returns. */
static void
callback_detach (Callback *callback)
{
  callback->detached = TRUE;
  callback_release_if_done (callback);
}

VctTableModelCallbacks *
_vct_table_callbacks_new (void)
{
  VctTableModelCallbacks *callbacks = g_new0 (VctTableModelCallbacks, 1);

  g_atomic_ref_count_init (&callbacks->ref_count);
  g_rec_mutex_init (&callbacks->mutex);
  return callbacks;
}

VctTableModelCallbacks *
_vct_table_callbacks_ref (VctTableModelCallbacks *callbacks)
{
  g_atomic_ref_count_inc (&callbacks->ref_count);
  return callbacks;
}

void
_vct_table_callbacks_unref (VctTableModelCallbacks *callbacks)
{
  if (!g_atomic_ref_count_dec (&callbacks->ref_count))
    return;

  /* The object's dispose emptied the slots (this is only in case it never ran). */
  for (guint i = 0; i < N_SLOTS; i++)
    if (callbacks->slots[i] != NULL)
      callback_detach (g_steal_pointer (&callbacks->slots[i]));
  g_rec_mutex_clear (&callbacks->mutex);
  g_free (callbacks);
}

/* Sets @slot to @func (NULL clears it); the previous callback's notify runs now or, when
 * it is running on this thread, as it returns. A NULL @func's @notify runs at once: it
 * still owns @user_data. */
void
_vct_table_callbacks_set (VctTableModelCallbacks *callbacks,
               Slot                    slot,
               GCallback               func,
               gpointer                user_data,
               GDestroyNotify          notify)
{
  Callback *callback = NULL;
  Callback *previous;

  if (func != NULL)
    callback = callback_new (func, user_data, notify);
  else if (notify != NULL)
    notify (user_data);

  g_rec_mutex_lock (&callbacks->mutex);

  previous = g_steal_pointer (&callbacks->slots[slot]);
  if (!callbacks->disposed)
    callbacks->slots[slot] = g_steal_pointer (&callback);

  /* A disposed model takes no callback: its notify runs now. */
  if (callback != NULL)
    callback_detach (callback);
  if (previous != NULL)
    callback_detach (previous);

  g_rec_mutex_unlock (&callbacks->mutex);
}

/* The model's dispose: every slot is cleared for good (the notifies run now, a running
 * callback's as it returns) and no callback runs again. */
void
_vct_table_callbacks_dispose (VctTableModelCallbacks *callbacks)
{
  g_rec_mutex_lock (&callbacks->mutex);

  callbacks->disposed = TRUE;
  for (guint i = 0; i < N_SLOTS; i++)
    if (callbacks->slots[i] != NULL)
      callback_detach (g_steal_pointer (&callbacks->slots[i]));

  g_rec_mutex_unlock (&callbacks->mutex);
}

/* Calls the legacy callback of @report (VCT_TABLE_MODEL_REPORT_TITLE or _ERROR with
 * @text, _RELOADED with @items), if one is set and the model is not disposed. */
void
_vct_table_callbacks_call (VctTableModelCallbacks *callbacks,
                VctTableModelReport     report,
                const char             *text,
                gpointer               *items,
                gsize                   n_items)
{
  Slot slot;
  Callback *callback;

  if (report & VCT_TABLE_MODEL_REPORT_TITLE)
    slot = SLOT_DID_UPDATE_NAVIGATION_TITLE;
  else if (report & VCT_TABLE_MODEL_REPORT_ERROR)
    slot = SLOT_DID_ERROR;
  else if (report & VCT_TABLE_MODEL_REPORT_RELOADED)
    slot = SLOT_DID_RELOAD_DATA;
  else
    g_return_if_reached ();

  g_rec_mutex_lock (&callbacks->mutex);

  callback = callbacks->slots[slot];
  if (callback != NULL)
    {
      callback->n_running++;

      if (slot == SLOT_DID_RELOAD_DATA)
        ((VctDidReloadDataFunc) callback->func) ((VctCellData *const *) items, n_items, callback->user_data);
      else
        ((VctDidErrorFunc) callback->func) (text, callback->user_data);

      callback->n_running--;
      callback_release_if_done (callback);
    }

  g_rec_mutex_unlock (&callbacks->mutex);
}

/* Whether @callbacks has a didReloadData callback now. */
gboolean
_vct_table_callbacks_has_reload (VctTableModelCallbacks *callbacks)
{
  gboolean set;

  g_rec_mutex_lock (&callbacks->mutex);
  set = callbacks->slots[SLOT_DID_RELOAD_DATA] != NULL;
  g_rec_mutex_unlock (&callbacks->mutex);
  return set;
}

