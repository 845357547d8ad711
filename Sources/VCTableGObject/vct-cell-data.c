/* vct-cell-data.c: VctCellData, one photo (the original's VCTableCellData).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A GObject around a Swift core (CCellData in Sources/VCTable/CBridge/CCellData.swift),
 * which keeps the photo and its strings as C text; the getters are the core's, and the
 * properties read them.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctCellData
{
  GObject parent_instance;

  gpointer core;
};

G_DEFINE_FINAL_TYPE (VctCellData, vct_cell_data, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_ALBUM_ID,
  PROP_TITLE,
  PROP_URL,
  PROP_THUMBNAIL_URL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
vct_cell_data_finalize (GObject *object)
{
  VctCellData *self = VCT_CELL_DATA (object);

  if (self->core != NULL)
    vct_core ()->core_release (g_steal_pointer (&self->core));

  G_OBJECT_CLASS (vct_cell_data_parent_class)->finalize (object);
}

static void
vct_cell_data_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  VctCellData *self = VCT_CELL_DATA (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, vct_cell_data_get_id (self));
      break;

    case PROP_ALBUM_ID:
      g_value_set_int64 (value, vct_cell_data_get_album_id (self));
      break;

    case PROP_TITLE:
      g_value_set_string (value, vct_cell_data_get_title (self));
      break;

    case PROP_URL:
      g_value_set_string (value, vct_cell_data_get_url (self));
      break;

    case PROP_THUMBNAIL_URL:
      g_value_set_string (value, vct_cell_data_get_thumbnail_url (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_cell_data_class_init (VctCellDataClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = vct_cell_data_finalize;
  object_class->get_property = vct_cell_data_get_property;

  /**
   * VctCellData:id: (getter get_id)
   *
   * The photo's id (the JSON's `id`): the row's identity across reloads.
   */
  properties[PROP_ID] =
    g_param_spec_int64 ("id", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * VctCellData:album-id: (getter get_album_id)
   *
   * The photo's album (the JSON's `albumId`).
   */
  properties[PROP_ALBUM_ID] =
    g_param_spec_int64 ("album-id", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * VctCellData:title: (getter get_title)
   *
   * The photo's title.
   */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * VctCellData:url: (getter get_url)
   *
   * The photo's full-size image URL.
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * VctCellData:thumbnail-url: (getter get_thumbnail_url)
   *
   * The photo's thumbnail URL.
   */
  properties[PROP_THUMBNAIL_URL] =
    g_param_spec_string ("thumbnail-url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
vct_cell_data_init (G_GNUC_UNUSED VctCellData *self)
{
}

/* ------------------------------------------------------------ the seam, for Swift */

gpointer
_vct_cell_data_new (gpointer core)
{
  VctCellData *self = g_object_new (VCT_TYPE_CELL_DATA, NULL);

  self->core = core;
  return self;
}

gpointer
_vct_cell_data_get_core (gconstpointer cell)
{
  return cell != NULL && VCT_IS_CELL_DATA ((gpointer) cell) ? VCT_CELL_DATA ((gpointer) cell)->core : NULL;
}
