/* held.c: a row the demo holds to hear its in-place changes: a reference to the row
 * object and one handler of its `notify`, dropped together. */

#include "held.h"

/**
 * vct_demo_held_row_new:
 * @row: a row object
 * @detailed_signal: what to hear: "notify", or "notify::mode"
 * @callback: (scope notified): the handler
 * @user_data: data for @callback, which must outlive the hold
 *
 * Returns: (transfer full): the hold: a reference to @row and @callback connected to it;
 *   free with vct_demo_held_row_free()
 */
VctDemoHeldRow *
vct_demo_held_row_new (VctRow     *row,
                       const char *detailed_signal,
                       GCallback   callback,
                       gpointer    user_data)
{
  VctDemoHeldRow *held = g_new (VctDemoHeldRow, 1);

  held->row = g_object_ref (row);
  held->handler_id = g_signal_connect (row, detailed_signal, callback, user_data);
  return held;
}

/**
 * vct_demo_held_row_free:
 * @held: (transfer full) (nullable): a hold
 *
 * Disconnects the handler and drops the reference; safe from inside the handler (a row
 * object emits `notify` holding a reference of its own).
 */
void
vct_demo_held_row_free (VctDemoHeldRow *held)
{
  if (held == NULL)
    return;
  g_clear_signal_handler (&held->handler_id, held->row);
  g_clear_object (&held->row);
  g_free (held);
}
