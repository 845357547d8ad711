/* vct-cell-data.c: VctCellData, one photo (the original's VCTableCellData).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A plain GObject: the Swift core makes it from a VCTableCellData
 * (Sources/VCTable/CBridge/CCellData.swift) and never sees it again. Immutable once made,
 * so every getter is safe from any thread; its properties read its fields
 * (vct-field-property.c).
 */

#include <vctable.h>

#include "vct-field-property.h"

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

/* The properties, one per field (vct-field-property.c). */
static const VctFieldProperty cell_data_fields[] = {
  /**
   * VctCellData:id: (getter get_id)
   *
   * The photo's id (the JSON's `id`): the row's identity across reloads.
   */
  { "id", VCT_FIELD_INT64, G_STRUCT_OFFSET (VctCellData, id) },

  /**
   * VctCellData:album-id: (getter get_album_id)
   *
   * The photo's album (the JSON's `albumId`).
   */
  { "album-id", VCT_FIELD_INT64, G_STRUCT_OFFSET (VctCellData, album_id) },

  /**
   * VctCellData:title: (getter get_title)
   *
   * The photo's title.
   */
  { "title", VCT_FIELD_STRING, G_STRUCT_OFFSET (VctCellData, title) },

  /**
   * VctCellData:url: (getter get_url)
   *
   * The photo's full-size image URL.
   */
  { "url", VCT_FIELD_STRING, G_STRUCT_OFFSET (VctCellData, url) },

  /**
   * VctCellData:thumbnail-url: (getter get_thumbnail_url)
   *
   * The photo's thumbnail URL.
   */
  { "thumbnail-url", VCT_FIELD_STRING, G_STRUCT_OFFSET (VctCellData, thumbnail_url) },

  { NULL, 0, 0 }
};

static void
vct_cell_data_class_init (VctCellDataClass *klass)
{
  _vct_field_properties_install (G_OBJECT_CLASS (klass), cell_data_fields);
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
