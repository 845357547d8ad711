/* CSoup: libsoup-3.0, the GLib ecosystem's HTTP client, for the Swift side of
 * VCTable. Imported with `internal import CSoup`; nothing here is public API. */
#ifndef VCTABLE_CSOUP_SHIM_H
#define VCTABLE_CSOUP_SHIM_H

#include <libsoup/soup.h>

#endif
