/* vct-row.c: VctRow, the abstract row object, and what its subclasses share.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A row object owns a core from the Swift side (CRow: the row view model it shows,
 * re-pointed by the list when a reload brings new content for the same identity). The
 * subclasses (vct-row-classes.c) only declare their properties: each property reads
 * the view model's property of the same name in camelCase ("album-id" reads "albumId"),
 * and the core reports changes by that name (_vct_row_notify), so a subclass needs no
 * code of its own.
 */

#include <string.h>

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

/* What a subclass property reads, on its GParamSpec (property_quark): the view model's
 * property @name, and the core's handle of that name (row_property_key, made once, so a
 * read passes no string); or, for an image property, the URL property its image follows
 * and the object data that holds the row's VctImage (@slot). One lookup per read. */
typedef struct
{
  char     *name;   /* "albumId" for "album-id" */
  gpointer  key;
  GQuark    slot;   /* an image property's; 0 otherwise */
} VctRowProperty;

static GQuark
property_quark (void)
{
  static gsize quark = 0;

  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark, g_quark_from_static_string ("vct-row-property"));
  return (GQuark) quark;
}

static VctRowProperty *
vct_row_property_get (GParamSpec *pspec)
{
  return g_param_spec_get_qdata (pspec, property_quark ());
}

static void
vct_row_property_free (gpointer data)
{
  VctRowProperty *property = data;

  g_free (property->name);
  g_free (property);
}

/* "albumId" for "album-id". */
static char *
core_name_of (const char *property)
{
  GString *name = g_string_sized_new (strlen (property));

  for (const char *c = property; *c != '\0'; c++)
    {
      if (*c == '-' && c[1] != '\0')
        g_string_append_c (name, g_ascii_toupper (*++c));
      else
        g_string_append_c (name, *c);
    }
  return g_string_free (name, FALSE);
}

/* Sets @pspec's VctRowProperty: the view model's property of kebab-case name @property,
 * read as the image of object data @slot when @slot is not 0. */
static void
vct_row_property_set (GParamSpec *pspec,
                      const char *property,
                      GQuark      slot)
{
  VctRowProperty *read = g_new0 (VctRowProperty, 1);

  read->name = core_name_of (property);
  read->key = vct_core ()->row_property_key (read->name);
  read->slot = slot;
  g_param_spec_set_qdata_full (pspec, property_quark (), read, vct_row_property_free);
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
  VctRowPrivate *priv = vct_row_get_instance_private (VCT_ROW (object));

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_string (value, priv->core != NULL ? vct_core ()->row_get_kind (priv->core) : NULL);
      break;

    case PROP_ROLE:
      g_value_set_enum (value, priv->core != NULL ? vct_core ()->row_get_role (priv->core) : VCT_ROW_ROLE_ITEM);
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

/* The view model's string of @key (row_property_key), or NULL (g_free it). */
static char *
vct_row_dup_core_string (VctRowPrivate *priv,
                         gpointer       key)
{
  VctCoreValue read = { VCT_CORE_VALUE_NONE, 0, FALSE, NULL };

  if (priv->core == NULL || vct_core ()->row_get (priv->core, key, &read) != 1)
    return NULL;
  if (read.type != VCT_CORE_VALUE_STRING)
    g_clear_pointer (&read.string, g_free);
  return read.string;
}

/* The row's image of @pspec, made on first use, its URI the view model's now. */
static VctImage *
vct_row_get_image (GObject    *object,
                   GParamSpec *pspec,
                   gboolean    make)
{
  VctRowPrivate *priv = vct_row_get_instance_private (VCT_ROW (object));
  VctRowProperty *property = vct_row_property_get (pspec);
  VctImage *image = g_object_get_qdata (object, property->slot);
  g_autofree char *uri = NULL;

  if (image == NULL && !make)
    return NULL;
  uri = vct_row_dup_core_string (priv, property->key);
  if (image == NULL)
    {
      image = vct_image_new (NULL, uri);
      g_object_set_qdata_full (object, property->slot, image, g_object_unref);
    }
  else
    _vct_image_set_uri (image, uri);
  return image;
}

/* A subclass property: the view model's value, converted to the property's type. */
static void
vct_row_get_core_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  /* GObject has checked both types: no checked cast on a path a view takes per bind. */
  VctRowPrivate *priv = vct_row_get_instance_private ((VctRow *) object);
  VctRowProperty *property = vct_row_property_get (pspec);
  GType type = pspec->value_type;
  VctCoreValue read = { VCT_CORE_VALUE_NONE, 0, FALSE, NULL };

  if (property == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (property->slot != 0)
    {
      g_value_set_object (value, vct_row_get_image (object, pspec, TRUE));
      return;
    }
  if (priv->core == NULL)
    return;  /* the default value */
  switch (vct_core ()->row_get (priv->core, property->key, &read))
    {
    case 1:
      break;
    case 0:
      return;  /* absent: the default value (NULL for a string) */
    default:
      /* A declaration the Swift view model does not have: never read as a default. */
      g_critical ("%s:%s: the row's view model has no property \"%s\"",
                  G_OBJECT_TYPE_NAME (object), pspec->name, property->name);
      return;
    }

  if (type == G_TYPE_STRING)
    {
      if (read.type == VCT_CORE_VALUE_STRING)
        g_value_take_string (value, g_steal_pointer (&read.string));
      else if (read.type == VCT_CORE_VALUE_INT)
        g_value_take_string (value, g_strdup_printf ("%" G_GINT64_FORMAT, read.integer));
      else
        g_value_set_string (value, read.boolean ? "true" : "false");
    }
  else if (type == G_TYPE_INT64)
    g_value_set_int64 (value, read.type == VCT_CORE_VALUE_BOOLEAN ? read.boolean : read.integer);
  else if (type == G_TYPE_BOOLEAN)
    g_value_set_boolean (value, read.type == VCT_CORE_VALUE_INT ? read.integer != 0 : read.boolean);
  else if (G_TYPE_IS_ENUM (type) && read.string != NULL)
    {
      GEnumClass *enum_class = g_type_class_ref (type);
      GEnumValue *found = g_enum_get_value_by_nick (enum_class, read.string);

      if (found != NULL)
        g_value_set_enum (value, found->value);
      g_type_class_unref (enum_class);
    }

  g_free (read.string);
}

void
_vct_row_class_install_core_properties (GObjectClass *object_class,
                                        GParamSpec  **pspecs,
                                        guint         n_pspecs)
{
  object_class->get_property = vct_row_get_core_property;

  for (guint i = 0; i < n_pspecs; i++)
    {
      if (vct_row_property_get (pspecs[i]) == NULL)
        vct_row_property_set (pspecs[i], g_param_spec_get_name (pspecs[i]), 0);
      g_object_class_install_property (object_class, i + 1, pspecs[i]);
    }
}

GParamSpec *
_vct_row_image_property (const char *name,
                         const char *url_property)
{
  GParamSpec *pspec = g_param_spec_object (name, NULL, NULL, VCT_TYPE_IMAGE,
                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_autofree char *slot = g_strconcat ("vct-row-image-", name, NULL);

  vct_row_property_set (pspec, url_property, g_quark_from_string (slot));
  return pspec;
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
_vct_row_notify (gpointer row, const char *name)
{
  GObjectClass *object_class = G_OBJECT_GET_CLASS (row);
  guint n_pspecs = 0;
  GParamSpec **pspecs = g_object_class_list_properties (object_class, &n_pspecs);

  for (guint i = 0; i < n_pspecs; i++)
    {
      VctRowProperty *property = vct_row_property_get (pspecs[i]);

      if (property == NULL || strcmp (property->name, name) != 0)
        continue;
      if (property->slot == 0)
        g_object_notify_by_pspec (row, pspecs[i]);
      else
        vct_row_get_image (row, pspecs[i], FALSE);  /* its image follows the new URL */
    }
  g_free (pspecs);
}

void
vct_row_select (VctRow *row)
{
  VctRowPrivate *priv;

  g_return_if_fail (VCT_IS_ROW (row));

  priv = vct_row_get_instance_private (row);
  if (priv->core != NULL)
    vct_core ()->row_select (priv->core);
}

void
vct_row_press (VctRow *row)
{
  VctRowPrivate *priv;

  g_return_if_fail (VCT_IS_ROW (row));

  priv = vct_row_get_instance_private (row);
  if (priv->core != NULL)
    vct_core ()->row_press (priv->core);
}

VctRowRole
vct_row_get_role (VctRow *row)
{
  VctRowPrivate *priv;

  g_return_val_if_fail (VCT_IS_ROW (row), VCT_ROW_ROLE_ITEM);

  priv = vct_row_get_instance_private (row);
  return priv->core != NULL ? vct_core ()->row_get_role (priv->core) : VCT_ROW_ROLE_ITEM;
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
  VctRowPrivate *priv;

  g_return_val_if_fail (VCT_IS_ROW (row), NULL);

  priv = vct_row_get_instance_private (row);
  return priv->core != NULL ? vct_core ()->row_get_kind (priv->core) : NULL;
}

