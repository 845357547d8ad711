/* bench-probes.c: what one covering items-changed costs a list model, without GTK.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * After an items-changed that removes a row it tracks, GTK 4.8 asks for every added item
 * (gtk_list_item_manager_try_reacquire_list_item, GtkSingleSelection) and drops the ones
 * it does not hold. This program does what GTK does there, on both sides of one process:
 *
 * - a handler on items-changed asks for every added item twice, then holds the first
 *   200 rows (GTK 4.8 keeps about 200 row widgets), dropping the ones it held before;
 * - VCTable: a VctTableModel over a custom VctApi serving two documents of N photos, the
 *   second a random permutation of the first (completed from a worker thread, as a
 *   transfer is); a change is a reload; the figure is the longest loop iteration from the
 *   reload to did-reload-data (the delivery: the diff's runs, the emission, the handler);
 * - anchor: a GListStore of N GObjects; a change is one g_list_store_splice (0, N, N) of
 *   the same objects permuted; the figure is the splice's duration (handler included).
 *
 * After each change, a bound label's read: every held row's "title" read as a GBinding reads
 * it (g_object_get_property), VCTable's row objects against the anchor's BenchRow (a final
 * GObject whose title is a char *), per read.
 *
 * Repetitions alternate the permutation and its inverse; medians; ratios VCTable/anchor.
 * Nothing fails on timing: the program exits non-zero only when a reload fails, the list
 * has the wrong length, or a held row shows another row's title.
 *
 *   bench-probes [--rows N[,N…]] [--reps N]
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vctable.h>

#include "bench-row.h"
#include "bench-serve.h"
#include "bench-support.h"

#define HELD 200
#define READ_PASSES 20

typedef struct
{
  GListModel *list;
  GObject    *held[HELD];
  guint       probes;
  gint64      handler_us;
} Probing;

static void
on_items_changed (GListModel *list,
                  guint       position,
                  G_GNUC_UNUSED guint removed,
                  guint       added,
                  gpointer    data)
{
  Probing *probing = data;
  gint64 start = g_get_monotonic_time ();

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < added; i++)
      {
        g_autoptr (GObject) item = g_list_model_get_item (list, position + i);
        probing->probes++;
      }
  for (guint i = 0; i < HELD; i++)
    {
      g_clear_object (&probing->held[i]);
      probing->held[i] = g_list_model_get_item (list, i);
    }
  probing->handler_us += g_get_monotonic_time () - start;
}

/* ns per read of a held row's "title", as a GBinding reads it (g_object_get_property). */
static double
read_ns (Probing *probing)
{
  gint64 start = g_get_monotonic_time ();

  for (guint pass = 0; pass < READ_PASSES; pass++)
    for (guint i = 0; i < HELD; i++)
      {
        GValue title = G_VALUE_INIT;

        g_value_init (&title, G_TYPE_STRING);
        g_object_get_property (probing->held[i], "title", &title);
        g_value_unset (&title);
      }
  return (double) (g_get_monotonic_time () - start) * 1000.0 / (READ_PASSES * HELD);
}

static void
probing_clear (Probing *probing)
{
  for (guint i = 0; i < HELD; i++)
    g_clear_object (&probing->held[i]);
}

/* --------------------------------------------------------------------- VCTable */

static GBytes *serving;

static void
serve_photos (VctApiRequest *request, G_GNUC_UNUSED gpointer data)
{
  bench_serve_json (request, serving);
}

static void
count_signal (G_GNUC_UNUSED gpointer model, gpointer counter)
{
  (*(guint *) counter)++;
}

static void
count_error (G_GNUC_UNUSED gpointer model, G_GNUC_UNUSED const char *message, gpointer counter)
{
  (*(guint *) counter)++;
}

static GBytes *
document (const guint *order, guint n)
{
  GString *json = g_string_sized_new (n * 96);

  g_string_append_c (json, '[');
  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"albumId\":1,\"id\":%u,\"title\":\"photo %u\","
                            "\"url\":\"u\",\"thumbnailUrl\":\"t\"}", i ? "," : "", order[i], order[i]);
  g_string_append_c (json, ']');
  return g_string_free_to_bytes (json);
}

/* The title row @position must show in @order. */
static gboolean
shows (GObject *row, const guint *order, guint position)
{
  g_autofree char *title = NULL;
  g_autofree char *expected = g_strdup_printf ("photo %u", order[position]);

  g_object_get (row, "title", &title, NULL);
  return g_strcmp0 (title, expected) == 0;
}

/* --------------------------------------------------------------------- main */

int
main (int argc, char **argv)
{
  g_autofree char *rows_arg = g_strdup ("10000,100000");
  int reps = 7;
  GOptionEntry entries[] = {
    { "rows", 0, 0, G_OPTION_ARG_STRING, &rows_arg, "Row counts, comma-separated", "N[,N…]" },
    { "reps", 0, 0, G_OPTION_ARG_INT, &reps, "Changes per side and size (odd: a median)", "N" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) options = g_option_context_new ("- what a covering items-changed costs a list model");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) sizes = NULL;
  int status = 0;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error) || reps < 1)
    {
      g_printerr ("bench-probes: %s\n", error != NULL ? error->message : "--reps must be at least 1");
      return 2;
    }

  printf ("bench-probes: a covering items-changed (a permutation of every row), the handler asking "
          "for every added item twice and holding %d rows, as GTK 4.8 does; median of %d\n", HELD, reps);
  printf ("%9s  %14s  %14s  %7s  %15s  %15s  %14s  %14s  %7s\n", "rows", "VCTable stall", "GListStore", "ratio",
          "VCTable / probe", "GListStore / probe", "VCTable / read", "BenchRow / read", "ratio");

  sizes = g_strsplit (rows_arg, ",", -1);
  for (guint s = 0; sizes[s] != NULL; s++)
    {
      guint n = (guint) g_ascii_strtoull (sizes[s], NULL, 10);
      g_autofree guint *forward = g_new (guint, n);
      g_autofree guint *shuffled = g_new (guint, n);
      g_autofree double *vct_stall = g_new0 (double, reps);
      g_autofree double *vct_probe = g_new0 (double, reps);
      g_autofree double *gls_stall = g_new0 (double, reps);
      g_autofree double *gls_probe = g_new0 (double, reps);
      g_autofree double *vct_read = g_new0 (double, reps);
      g_autofree double *gls_read = g_new0 (double, reps);
      g_autoptr (GRand) rand = g_rand_new_with_seed (21);
      g_autoptr (GBytes) forward_json = NULL;
      g_autoptr (GBytes) shuffled_json = NULL;
      guint reloaded = 0, failed = 0;

      if (n < HELD)
        {
          g_printerr ("bench-probes: --rows must be at least %d\n", HELD);
          return 2;
        }
      for (guint i = 0; i < n; i++)
        forward[i] = shuffled[i] = i + 1;
      for (guint i = n - 1; i > 0; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1), t = shuffled[i];
          shuffled[i] = shuffled[j];
          shuffled[j] = t;
        }
      forward_json = document (forward, n);
      shuffled_json = document (shuffled, n);

      /* VCTable */
      {
        g_autoptr (VctApi) api = vct_api_new_custom (serve_photos, NULL, NULL);
        g_autoptr (VctTableModel) model = vct_table_model_new_with_manager (api);
        Probing probing = { .list = G_LIST_MODEL (vct_table_model_get_list (model)) };

        g_signal_connect (model, "did-reload-data", G_CALLBACK (count_signal), &reloaded);
        g_signal_connect (model, "did-error", G_CALLBACK (count_error), &failed);
        g_signal_connect (probing.list, "items-changed", G_CALLBACK (on_items_changed), &probing);
        for (int rep = -1; rep < reps; rep++)
          {
            const guint *order = rep % 2 == 0 ? shuffled : forward;
            guint want = reloaded + 1;
            gint64 worst = 0;

            serving = rep % 2 == 0 ? shuffled_json : forward_json;
            probing.probes = 0;
            probing.handler_us = 0;
            vct_table_model_reload_data (model);
            while (reloaded < want && failed == 0)
              {
                gint64 start = g_get_monotonic_time ();
                if (!g_main_context_iteration (NULL, FALSE))
                  g_usleep (20);
                worst = MAX (worst, g_get_monotonic_time () - start);
              }
            if (failed > 0 || g_list_model_get_n_items (probing.list) != n)
              {
                g_printerr ("bench-probes: the reload of %u rows failed\n", n);
                return 1;
              }
            for (guint i = 0; i < HELD; i++)
              if (!shows (probing.held[i], order, i))
                {
                  g_printerr ("bench-probes: the row object held at %u shows another row\n", i);
                  status = 1;
                }
            if (rep >= 0) /* rep -1 loads the list */
              {
                vct_stall[rep] = worst / 1000.0;
                vct_probe[rep] = probing.probes ? (double) probing.handler_us * 1000.0 / probing.probes : 0;
                vct_read[rep] = read_ns (&probing);
              }
          }
        probing_clear (&probing);
      }

      /* GListStore */
      {
        g_autoptr (GListStore) store = g_list_store_new (G_TYPE_OBJECT);
        g_autofree GObject **in_order = g_new (GObject *, n);
        g_autofree GObject **permuted = g_new (GObject *, n);
        Probing probing = { .list = G_LIST_MODEL (store) };

        for (guint i = 0; i < n; i++)
          {
            g_autofree char *title = g_strdup_printf ("photo %u", i + 1);

            in_order[i] = g_object_new (BENCH_TYPE_ROW, "title", title, NULL);
          }
        for (guint i = 0; i < n; i++)
          permuted[i] = in_order[shuffled[i] - 1];
        g_list_store_splice (store, 0, 0, (gpointer *) in_order, n);
        g_signal_connect (store, "items-changed", G_CALLBACK (on_items_changed), &probing);
        for (int rep = 0; rep < reps; rep++)
          {
            gint64 start;

            probing.probes = 0;
            probing.handler_us = 0;
            start = g_get_monotonic_time ();
            g_list_store_splice (store, 0, n, (gpointer *) (rep % 2 == 0 ? permuted : in_order), n);
            gls_stall[rep] = (g_get_monotonic_time () - start) / 1000.0;
            gls_probe[rep] = (double) probing.handler_us * 1000.0 / probing.probes;
            gls_read[rep] = read_ns (&probing);
          }
        probing_clear (&probing);
        for (guint i = 0; i < n; i++)
          g_object_unref (in_order[i]);
      }

      printf ("%9u  %11.2f ms  %11.2f ms  %6.2f×  %12.0f ns  %15.0f ns  %11.0f ns  %12.0f ns  %6.2f×\n", n,
              median (vct_stall, reps), median (gls_stall, reps),
              median (vct_stall, reps) / median (gls_stall, reps),
              median (vct_probe, reps), median (gls_probe, reps),
              median (vct_read, reps), median (gls_read, reps),
              median (vct_read, reps) / median (gls_read, reps));
    }
  return status;
}
