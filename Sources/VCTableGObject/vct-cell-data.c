/* vct-cell-data.c: VctCellData, one photo (the original's VCTableCellData).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A plain GObject: the Swift core makes it from a VCTableCellData
 * (Sources/VCTable/CBridge/CCellData.swift) and never sees it again. Immutable once made,
 * so every getter is safe from any thread.
 */

#include <vctable.h>

#include "vctable-private.h"

struct _VctCellData
{
  GObject parent_instance;

  gint64 id;
  gint64 album_id;
  char  *title;
  char  *url;
  char  *thumbnail_url;
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

  g_free (self->title);
  g_free (self->url);
  g_free (self->thumbnail_url);

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

/**
 * vct_cell_data_get_id:
 * @cell: a cell
 *
 * The photo's id (the [property@CellData:id] property). Safe from any thread.
 *
 * Returns: the photo's `id`, the row's identity
 */
gint64
vct_cell_data_get_id (VctCellData *cell)
{
  g_return_val_if_fail (VCT_IS_CELL_DATA (cell), 0);

  return cell->id;
}

/**
 * vct_cell_data_get_album_id:
 * @cell: a cell
 *
 * The photo's album (the [property@CellData:album-id] property). Safe from any thread.
 *
 * Returns: the photo's `albumId`
 */
gint64
vct_cell_data_get_album_id (VctCellData *cell)
{
  g_return_val_if_fail (VCT_IS_CELL_DATA (cell), 0);

  return cell->album_id;
}

/**
 * vct_cell_data_get_title:
 * @cell: a cell
 *
 * The photo's title (the [property@CellData:title] property). Safe from any thread.
 *
 * Returns: (transfer none): the photo's title (UTF-8), valid while @cell lives
 */
const char *
vct_cell_data_get_title (VctCellData *cell)
{
  g_return_val_if_fail (VCT_IS_CELL_DATA (cell), NULL);

  return cell->title;
}

/**
 * vct_cell_data_get_url:
 * @cell: a cell
 *
 * The photo's full-size image URL (the [property@CellData:url] property). Safe from any
 * thread.
 *
 * Returns: (transfer none): the full-size image URL, valid while @cell lives
 */
const char *
vct_cell_data_get_url (VctCellData *cell)
{
  g_return_val_if_fail (VCT_IS_CELL_DATA (cell), NULL);

  return cell->url;
}

/**
 * vct_cell_data_get_thumbnail_url:
 * @cell: a cell
 *
 * The photo's thumbnail URL (the [property@CellData:thumbnail-url] property). Safe from
 * any thread.
 *
 * Returns: (transfer none): the thumbnail URL, valid while @cell lives
 */
const char *
vct_cell_data_get_thumbnail_url (VctCellData *cell)
{
  g_return_val_if_fail (VCT_IS_CELL_DATA (cell), NULL);

  return cell->thumbnail_url;
}

/* ------------------------------------------------------------ the seam, for Swift */

gpointer
_vct_cell_data_new (gint64 id, gint64 album_id, const char *title, const char *url, const char *thumbnail_url)
{
  VctCellData *self = g_object_new (VCT_TYPE_CELL_DATA, NULL);

  self->id = id;
  self->album_id = album_id;
  self->title = g_strdup (title);
  self->url = g_strdup (url);
  self->thumbnail_url = g_strdup (thumbnail_url);
  return self;
}

gboolean
_vct_cell_data_read (gconstpointer cell, gint64 *id, gint64 *album_id, const char **title, const char **url,
                     const char **thumbnail_url)
{
  VctCellData *self;

  if (cell == NULL || !VCT_IS_CELL_DATA ((gpointer) cell))
    return FALSE;
  self = VCT_CELL_DATA ((gpointer) cell);
  *id = self->id;
  *album_id = self->album_id;
  *title = self->title;
  *url = self->url;
  *thumbnail_url = self->thumbnail_url;
  return TRUE;
}
