/* rss-report.h: what the rss-*.c programs print at exit, read from /proc/self (no other
 * dependency): the peak RSS (VmHWM) and the shared libraries mapped.
 *
 *   rss: peak-kb 4012
 *   rss: libraries 12
 *   rss: library /usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6
 *   …
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */

#ifndef RSS_REPORT_H
#define RSS_REPORT_H

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* VmHWM of /proc/self/status, in kB; -1 when it cannot be read. */
static long
rss_peak_kb (void)
{
  g_autofree char *status = NULL;
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  const char *line = strstr (status, "\nVmHWM:");
  if (line == NULL)
    return -1;
  return strtol (line + strlen ("\nVmHWM:"), NULL, 10);
}

/* The files of /proc/self/maps whose name has ".so" in it, each once, in map order. */
static GPtrArray *
rss_libraries (void)
{
  GPtrArray *libraries = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *maps = NULL;
  if (!g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL))
    return libraries;
  g_auto (GStrv) lines = g_strsplit (maps, "\n", -1);
  for (char **line = lines; *line != NULL; line++)
    {
      const char *path = strchr (*line, '/');
      if (path == NULL || strstr (path, ".so") == NULL)
        continue;
      gboolean seen = FALSE;
      for (guint i = 0; i < libraries->len && !seen; i++)
        seen = strcmp (g_ptr_array_index (libraries, i), path) == 0;
      if (!seen)
        g_ptr_array_add (libraries, g_strdup (path));
    }
  return libraries;
}

/* Prints the peak RSS and the libraries; call it last, just before main returns. */
static void
rss_report (void)
{
  /* Read first: the report's own allocations come after. */
  long peak = rss_peak_kb ();
  g_autoptr (GPtrArray) libraries = rss_libraries ();
  printf ("rss: peak-kb %ld\n", peak);
  printf ("rss: libraries %u\n", libraries->len);
  for (guint i = 0; i < libraries->len; i++)
    printf ("rss: library %s\n", (const char *) g_ptr_array_index (libraries, i));
  fflush (stdout);
}

#endif /* RSS_REPORT_H */
