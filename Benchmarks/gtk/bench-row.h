/* bench-row.h: BenchRow, the anchor's row object: a final GObject with a "title", what a
 * GTK program that owns its list keeps in a GListStore. Header-only, like bench-serve.h.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include <glib-object.h>

#define BENCH_TYPE_ROW (bench_row_get_type ())
G_DECLARE_FINAL_TYPE (BenchRow, bench_row, BENCH, ROW, GObject)

struct _BenchRow
{
  GObject  parent_instance;
  char    *title;
};

G_DEFINE_FINAL_TYPE (BenchRow, bench_row, G_TYPE_OBJECT)

enum { ROW_PROP_TITLE = 1, ROW_N_PROPS };
static GParamSpec *row_props[ROW_N_PROPS];

static void
bench_row_set_title (BenchRow *row, const char *title)
{
  if (g_strcmp0 (row->title, title) == 0)
    return;
  g_free (row->title);
  row->title = g_strdup (title);
  g_object_notify_by_pspec (G_OBJECT (row), row_props[ROW_PROP_TITLE]);
}

static void
bench_row_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  if (id == ROW_PROP_TITLE)
    g_value_set_string (value, BENCH_ROW (object)->title);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
bench_row_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  if (id == ROW_PROP_TITLE)
    bench_row_set_title (BENCH_ROW (object), g_value_get_string (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
bench_row_finalize (GObject *object)
{
  g_free (BENCH_ROW (object)->title);
  G_OBJECT_CLASS (bench_row_parent_class)->finalize (object);
}

static void
bench_row_class_init (BenchRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = bench_row_get_property;
  object_class->set_property = bench_row_set_property;
  object_class->finalize = bench_row_finalize;
  row_props[ROW_PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                   G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ROW_N_PROPS, row_props);
}

static void
bench_row_init (G_GNUC_UNUSED BenchRow *row)
{
}
