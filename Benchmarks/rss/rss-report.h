/* rss-report.h: what the rss-*.c programs print at exit, read from /proc/self (no other
 * dependency): the peak RSS (VmHWM) and the shared libraries mapped.
 *
 *   rss: peak-kb 4012
 *   rss: libraries 12
 *   rss: library /usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6
 *   …
 *
 * With RSS_SMAPS=1 in the environment, also the resident kB of each mapped file (and of the
 * anonymous memory, [heap] and the rest) at exit, from /proc/self/smaps, largest first.
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

/* The programs' one option: TRUE in *@reload for --reload; FALSE (after the usage on
 * stderr) for anything else. */
static gboolean
rss_parse_arguments (int argc, char **argv, gboolean *reload)
{
  *reload = argc > 1 && strcmp (argv[1], "--reload") == 0;
  if (argc > 2 || (argc == 2 && !*reload))
    {
      fprintf (stderr, "usage: %s [--reload]\n", argv[0]);
      return FALSE;
    }
  return TRUE;
}

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

typedef struct
{
  char *name;
  long  kb;
} RssMapping;

static gint
rss_mapping_compare (gconstpointer a, gconstpointer b)
{
  long ka = (*(RssMapping *const *) a)->kb, kb = (*(RssMapping *const *) b)->kb;
  return ka < kb ? 1 : ka > kb ? -1 : 0;
}

static void
rss_mapping_free (gpointer data)
{
  g_free (((RssMapping *) data)->name);
  g_free (data);
}

/* The resident kB of each name of /proc/self/smaps (anonymous mappings as "[anonymous]"). */
static void
rss_print_smaps (void)
{
  g_autofree char *smaps = NULL;
  if (!g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
    return;
  g_autoptr (GPtrArray) mappings = g_ptr_array_new_with_free_func (rss_mapping_free);
  g_autoptr (GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto (GStrv) lines = g_strsplit (smaps, "\n", -1);
  RssMapping *current = NULL;
  for (char **line = lines; *line != NULL; line++)
    {
      if (g_ascii_isxdigit ((*line)[0]) && strchr (*line, '-') != NULL && strchr (*line, ' ') != NULL
          && strchr (*line, '-') < strchr (*line, ' '))
        {
          /* A mapping's header: address perms offset dev inode [name]. */
          int offset = 0;
          const char *name = "[anonymous]";
          if (sscanf (*line, "%*s %*s %*s %*s %*s %n", &offset) >= 0 && offset > 0 && (*line)[offset] != '\0')
            name = *line + offset;
          current = g_hash_table_lookup (by_name, name);
          if (current == NULL)
            {
              current = g_new0 (RssMapping, 1);
              current->name = g_strdup (name);
              g_ptr_array_add (mappings, current);
              g_hash_table_insert (by_name, current->name, current);
            }
        }
      else if (current != NULL && g_str_has_prefix (*line, "Rss:"))
        current->kb += strtol (*line + strlen ("Rss:"), NULL, 10);
    }
  g_ptr_array_sort (mappings, rss_mapping_compare);
  for (guint i = 0; i < mappings->len; i++)
    {
      RssMapping *m = g_ptr_array_index (mappings, i);
      if (m->kb > 0)
        printf ("rss: resident-kb %6ld %s\n", m->kb, m->name);
    }
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
  if (g_strcmp0 (g_getenv ("RSS_SMAPS"), "1") == 0)
    rss_print_smaps ();
  fflush (stdout);
}

#endif /* RSS_REPORT_H */
