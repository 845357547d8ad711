/* CGLib: GLib, GObject and GIO for the Swift side of VCTable.
 *
 * Swift imports these headers directly (`internal import CGLib`), so no C type
 * leaks into the public Swift API. The few declarations below exist because no
 * public header carries them.
 */
#ifndef VCTABLE_CGLIB_SHIM_H
#define VCTABLE_CGLIB_SHIM_H

#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>

/* libdispatch SPI: the pair swift-corelibs-foundation's CFRunLoop uses to drain
 * the main dispatch queue from a foreign event loop. On Linux the handle is an
 * eventfd that libdispatch signals when the main queue has work; the callback
 * drains the queue on the calling (main) thread. VCTable watches the eventfd
 * from the default GMainContext so `DispatchQueue.main` and `@MainActor` run
 * in a program whose main thread runs a GMainLoop. */
extern int _dispatch_get_main_queue_handle_4CF (void);
extern void _dispatch_main_queue_callback_4CF (void *msg);

#endif
