/* CSoup: libsoup-3.0, the GLib ecosystem's HTTP client, for the Swift side of
 * VCTable. Imported with `internal import CSoup`; nothing here is public API. */
#ifndef VCTABLE_CSOUP_SHIM_H
#define VCTABLE_CSOUP_SHIM_H

#include <libsoup/soup.h>

/* A session that opens up to @max_conns_per_host connections to one host, @max_conns in
 * all (libsoup's defaults, 2 and 10, would run only 2 of the image pipeline's 6 transfers
 * to a host at once). soup_session_new_with_options() is variadic: Swift cannot call it. */
static inline SoupSession *
vct_soup_session_new (int max_conns, int max_conns_per_host)
{
  return soup_session_new_with_options ("max-conns", max_conns, "max-conns-per-host", max_conns_per_host, NULL);
}

#endif
