/* held.h: a row the demo holds to hear its in-place changes: a reference to the row
 * object (the list caches rows weakly: an object nobody holds is gone, and so are its
 * notifies) and one handler of its `notify`, dropped together. */

#ifndef VCT_DEMO_HELD_H
#define VCT_DEMO_HELD_H

#include <vctable.h>

G_BEGIN_DECLS

typedef struct {
  VctRow *row;
  gulong  handler_id;
} VctDemoHeldRow;

VctDemoHeldRow *vct_demo_held_row_new  (VctRow         *row,
                                        const char     *detailed_signal,
                                        GCallback       callback,
                                        gpointer        user_data);
void            vct_demo_held_row_free (VctDemoHeldRow *held);

G_END_DECLS

#endif /* VCT_DEMO_HELD_H */
