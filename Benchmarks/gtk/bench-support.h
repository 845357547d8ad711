/* bench-support.h: what the GTK benchmarks (bench-window.c, bench-listview.c) measure
 * with: the loop's ticker and the median. Header-only: each benchmark is one program.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <stdlib.h>

#include <glib.h>

/* The 1 ms ticker: the longest gap between ticks. */
typedef struct
{
  gint64 last;
  gint64 max_gap;
} Ticker;

static inline gboolean
tick (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();

  ticker->max_gap = MAX (ticker->max_gap, now - ticker->last);
  ticker->last = now;
  return G_SOURCE_CONTINUE;
}

static inline int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The median of @n values (@values is left as it was). */
static inline double
median (const double *values, guint n)
{
  g_autofree double *sorted = g_memdup2 (values, n * sizeof (double));
  qsort (sorted, n, sizeof (double), compare_doubles);
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}
