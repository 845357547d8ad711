/* vct-row.c: VctRow, the abstract row object, and what its subclasses share.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A row object owns a core from the Swift side (CRow: the row view model it shows,
 * re-pointed by the list when a reload brings new content for the same identity). The
 * subclasses (vct-row-classes.c) have no code of their own: their properties are the
 * entries of vct-row-properties.h, installed here from one table, each read from the
 * view model by its key (row_get) and notified by the core by that key
 * (_vct_row_notify).
 */

#include <vctable.h>

#include "vct-row-private.h"
#include "vctable-private.h"

typedef struct
{
  gpointer core;
} VctRowPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (VctRow, vct_row, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_ROLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* vct-row-properties.h as a table, by key. */
#define VCT_ROW_SOURCE_STRING(klass, extra)  -1
#define VCT_ROW_SOURCE_INT64(klass, extra)   -1
#define VCT_ROW_SOURCE_BOOLEAN(klass, extra) -1
#define VCT_ROW_SOURCE_ENUM(klass, extra)    -1
#define VCT_ROW_SOURCE_IMAGE(klass, extra)   VCT_ROW_##klass##_##extra

static const VctRowPropertyInfo row_properties[VCT_ROW_N_PROPERTIES] = {
#define VCT_ROW_PROPERTY(klass, key, name, value, extra) \
  { VCT_ROW_CLASS_##klass, name, VCT_ROW_VALUE_##value, VCT_ROW_SOURCE_##value (klass, extra) },
#include "vct-row-properties.h"
#undef VCT_ROW_PROPERTY
};

/* An ENUM property's type (its EXTRA), by key; 0 for the others. */
static GType
row_property_enum_type (VctRowProperty key)
{
  switch (key)
    {
#define VCT_ROW_ENUM_STRING(extra)  0
#define VCT_ROW_ENUM_INT64(extra)   0
#define VCT_ROW_ENUM_BOOLEAN(extra) 0
#define VCT_ROW_ENUM_IMAGE(extra)   0
#define VCT_ROW_ENUM_ENUM(extra)    extra ()
#define VCT_ROW_PROPERTY(klass, key, name, value, extra) \
    case VCT_ROW_##klass##_##key: return VCT_ROW_ENUM_##value (extra);
#include "vct-row-properties.h"
#undef VCT_ROW_PROPERTY
    case VCT_ROW_N_PROPERTIES:
    default:
      return 0;
    }
}

/* Each property's GParamSpec (installed by its class: each key has one class), the image
 * property that follows each URL property (-1: none), and each image property's object
 * data (the row's VctImage), all written by the class_init of their class. */
static GParamSpec *row_pspecs[VCT_ROW_N_PROPERTIES];
static gint row_image_of[VCT_ROW_N_PROPERTIES];
static GQuark row_image_slots[VCT_ROW_N_PROPERTIES];

const VctRowPropertyInfo *
_vct_row_property_get_info (guint key)
{
  return key < VCT_ROW_N_PROPERTIES ? &row_properties[key] : NULL;
}

static void
vct_row_finalize (GObject *object)
{
  VctRowPrivate *priv = vct_row_get_instance_private (VCT_ROW (object));

  if (priv->core != NULL)
    vct_core ()->row_release (g_steal_pointer (&priv->core));

  G_OBJECT_CLASS (vct_row_parent_class)->finalize (object);
}

static void
vct_row_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_string (value, vct_row_get_kind (VCT_ROW (object)));
      break;

    case PROP_ROLE:
      g_value_set_enum (value, vct_row_get_role (VCT_ROW (object)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_row_class_init (VctRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = vct_row_finalize;
  object_class->get_property = vct_row_get_property;

  /**
   * VctRow:kind:
   *
   * The name of the widget that shows the row, by MVVMKit's convention the row's Swift
   * view model type name without the trailing "Model": "PhotoCellView" (the photo
   * table's rows), "MemberRowView", "PhotoRowView" and "DayHeaderView" (the feed's),
   * "SongRowView" (the song picker's).
   */
  properties[PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * VctRow:role:
   *
   * Where the row shows in its section: an item, the header or the footer; fixed for
   * the object's life, so it is never notified.
   */
  properties[PROP_ROLE] =
    g_param_spec_enum ("role", NULL, NULL,
                       VCT_TYPE_ROW_ROLE,
                       VCT_ROW_ROLE_ITEM,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
vct_row_init (G_GNUC_UNUSED VctRow *self)
{
}

/* The view model's string of @key, or NULL (g_free it). */
static char *
vct_row_dup_core_string (VctRowPrivate *priv,
                         VctRowProperty key)
{
  VctCoreValue read = { VCT_CORE_VALUE_NONE, 0, FALSE, NULL };

  if (priv->core == NULL || vct_core ()->row_get (priv->core, key, &read) != 1)
    return NULL;
  if (read.type != VCT_CORE_VALUE_STRING)
    g_clear_pointer (&read.string, g_free);
  return read.string;
}

/* The row's image of image property @key, made on first use (when @make), its URI the
 * view model's now. */
static VctImage *
vct_row_get_image (GObject        *object,
                   VctRowProperty  key,
                   gboolean        make)
{
  VctRowPrivate *priv = vct_row_get_instance_private (VCT_ROW (object));
  GQuark slot = row_image_slots[key];
  VctImage *image = g_object_get_qdata (object, slot);
  g_autofree char *uri = NULL;

  if (image == NULL && !make)
    return NULL;
  uri = vct_row_dup_core_string (priv, row_properties[key].source);
  if (image == NULL)
    {
      image = vct_image_new (NULL, uri);
      g_object_set_qdata_full (object, slot, image, g_object_unref);
    }
  else
    _vct_image_set_uri (image, uri);
  return image;
}

/* A subclass property (prop_id: its key + 1): the view model's value, converted to the
 * property's type. */
static void
vct_row_get_core_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  /* GObject has checked both types: no checked cast on a path a view takes per bind. */
  VctRowPrivate *priv = vct_row_get_instance_private ((VctRow *) object);
  guint key = prop_id - 1;
  VctCoreValue read = { VCT_CORE_VALUE_NONE, 0, FALSE, NULL };

  if (key >= VCT_ROW_N_PROPERTIES || row_pspecs[key] != pspec)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (row_properties[key].value_type == VCT_ROW_VALUE_IMAGE)
    {
      g_value_set_object (value, vct_row_get_image (object, key, TRUE));
      return;
    }
  if (priv->core == NULL)
    return;  /* the default value */
  switch (vct_core ()->row_get (priv->core, key, &read))
    {
    case 1:
      break;
    case 0:
      return;  /* absent: the default value (NULL for a string) */
    default:
      /* A key the Swift view model does not answer: never read as a default. */
      g_critical ("%s:%s: the row's view model has no such property",
                  G_OBJECT_TYPE_NAME (object), pspec->name);
      return;
    }

  switch (row_properties[key].value_type)
    {
    case VCT_ROW_VALUE_STRING:
      if (read.type == VCT_CORE_VALUE_STRING)
        g_value_take_string (value, g_steal_pointer (&read.string));
      else if (read.type == VCT_CORE_VALUE_INT)
        g_value_take_string (value, g_strdup_printf ("%" G_GINT64_FORMAT, read.integer));
      else
        g_value_set_string (value, read.boolean ? "true" : "false");
      break;
    case VCT_ROW_VALUE_INT64:
      g_value_set_int64 (value, read.type == VCT_CORE_VALUE_BOOLEAN ? read.boolean : read.integer);
      break;
    case VCT_ROW_VALUE_BOOLEAN:
      g_value_set_boolean (value, read.type == VCT_CORE_VALUE_INT ? read.integer != 0 : read.boolean);
      break;
    case VCT_ROW_VALUE_ENUM:
      if (read.string != NULL)
        {
          GEnumValue *found = g_enum_get_value_by_nick (G_PARAM_SPEC_ENUM (pspec)->enum_class, read.string);

          if (found != NULL)
            g_value_set_enum (value, found->value);
        }
      break;
    case VCT_ROW_VALUE_IMAGE:
    default:
      break;
    }

  g_free (read.string);
}

/* @key's GParamSpec, as vct-row-properties.h declares it. */
static GParamSpec *
row_property_new (VctRowProperty key)
{
  const VctRowPropertyInfo *info = &row_properties[key];
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  switch (info->value_type)
    {
    case VCT_ROW_VALUE_STRING:
      return g_param_spec_string (info->name, NULL, NULL, NULL, flags);
    case VCT_ROW_VALUE_INT64:
      return g_param_spec_int64 (info->name, NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
    case VCT_ROW_VALUE_BOOLEAN:
      return g_param_spec_boolean (info->name, NULL, NULL, FALSE, flags);
    case VCT_ROW_VALUE_ENUM:
      {
        GType type = row_property_enum_type (key);
        GEnumClass *enum_class = g_type_class_ref (type);
        GParamSpec *pspec = g_param_spec_enum (info->name, NULL, NULL, type,
                                               enum_class->values[0].value, flags);

        g_type_class_unref (enum_class);
        return pspec;
      }
    case VCT_ROW_VALUE_IMAGE:
    default:
      /* Notified by no one: its object stays, its URI follows the row's. */
      return g_param_spec_object (info->name, NULL, NULL, VCT_TYPE_IMAGE,
                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    }
}

void
_vct_row_class_install_properties (GObjectClass  *object_class,
                                   VctRowClassId  class_id)
{
  object_class->get_property = vct_row_get_core_property;

  for (guint key = 0; key < VCT_ROW_N_PROPERTIES; key++)
    {
      if (row_properties[key].class_id != class_id)
        continue;
      row_image_of[key] = -1;
      if (row_properties[key].value_type == VCT_ROW_VALUE_IMAGE)
        {
          g_autofree char *slot = g_strconcat ("vct-row-image-", row_properties[key].name, NULL);

          row_image_slots[key] = g_quark_from_string (slot);
        }
      row_pspecs[key] = row_property_new (key);
      g_object_class_install_property (object_class, key + 1, row_pspecs[key]);
    }
  for (guint key = 0; key < VCT_ROW_N_PROPERTIES; key++)
    {
      if (row_properties[key].class_id == class_id && row_properties[key].source >= 0)
        row_image_of[row_properties[key].source] = key;
    }
}

gpointer
_vct_row_new (VctRowClassId class_id, gpointer core)
{
  GType type;
  VctRow *row;

  switch (class_id)
    {
    case VCT_ROW_CLASS_PHOTO:
      type = VCT_TYPE_PHOTO_ROW;
      break;
    case VCT_ROW_CLASS_MEMBER:
      type = VCT_TYPE_MEMBER_ROW;
      break;
    case VCT_ROW_CLASS_FEED_PHOTO:
      type = VCT_TYPE_FEED_PHOTO_ROW;
      break;
    case VCT_ROW_CLASS_DAY_HEADER:
      type = VCT_TYPE_DAY_HEADER_ROW;
      break;
    case VCT_ROW_CLASS_SONG:
      type = VCT_TYPE_SONG_ROW;
      break;
    case VCT_ROW_CLASS_GENERIC:
    default:
      type = _vct_generic_row_get_type ();
      break;
    }

  row = g_object_new (type, NULL);
  ((VctRowPrivate *) vct_row_get_instance_private (row))->core = core;
  return row;
}

gboolean
_vct_is_row (gconstpointer row)
{
  return row != NULL && VCT_IS_ROW ((gpointer) row);
}

gpointer
_vct_row_get_core (gpointer row)
{
  if (!_vct_is_row (row))
    return NULL;
  return ((VctRowPrivate *) vct_row_get_instance_private (row))->core;
}

void
_vct_row_notify (gpointer       row,
                 VctRowProperty key)
{
  g_return_if_fail (key < VCT_ROW_N_PROPERTIES && row_pspecs[key] != NULL);

  g_object_notify_by_pspec (row, row_pspecs[key]);
  if (row_image_of[key] >= 0)
    vct_row_get_image (row, row_image_of[key], FALSE);  /* its image follows the new URL */
}

/* The core of @row (NULL for none: a row of no list). */
static inline gpointer
row_core (VctRow *row)
{
  return ((VctRowPrivate *) vct_row_get_instance_private (row))->core;
}

void
vct_row_select (VctRow *row)
{
  g_return_if_fail (VCT_IS_ROW (row));

  if (row_core (row) != NULL)
    vct_core ()->row_select (row_core (row));
}

void
vct_row_press (VctRow *row)
{
  g_return_if_fail (VCT_IS_ROW (row));

  if (row_core (row) != NULL)
    vct_core ()->row_press (row_core (row));
}

VctRowRole
vct_row_get_role (VctRow *row)
{
  g_return_val_if_fail (VCT_IS_ROW (row), VCT_ROW_ROLE_ITEM);

  return row_core (row) != NULL ? vct_core ()->row_get_role (row_core (row)) : VCT_ROW_ROLE_ITEM;
}

/**
 * vct_row_get_kind:
 * @row: a row
 *
 * The row's kind (the [property@Row:kind] property), for a view that picks a widget per
 * kind. Safe from any thread.
 *
 * Returns: (transfer none) (nullable): the row's kind, the name of the widget that shows
 *   it: by MVVMKit's convention its Swift view model type name without the trailing
 *   "Model" ("PhotoCellView" for the photo table's rows, "MemberRowView", "PhotoRowView"
 *   and "DayHeaderView" for the feed's, "SongRowView" for the song picker's), valid while
 *   @row lives
 */
const char *
vct_row_get_kind (VctRow *row)
{
  g_return_val_if_fail (VCT_IS_ROW (row), NULL);

  return row_core (row) != NULL ? vct_core ()->row_get_kind (row_core (row)) : NULL;
}

