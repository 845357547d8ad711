/* GLib for the benchmarks' C target (the root package's CGLib is not importable from
 * another package). Found through pkg-config gio-2.0. */
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
