/* vct-field-property.c: read-only properties that read a field of an immutable object
 * (vct-field-property.h).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A class keeps its table as its type's qdata, so get_property and finalize, shared by
 * every such class, find the fields of the object in hand; a property's id is its
 * entry's position, from 1.
 */

#include "vct-field-property.h"

/* Where a class keeps its table; set by the first class_init (class_init runs under
 * GLib's type lock, before any instance). */
static GQuark fields_quark;

static const VctFieldProperty *
vct_field_properties_of (GObject *object)
{
  return g_type_get_qdata (G_OBJECT_TYPE (object), fields_quark);
}

static void
vct_field_property_get (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  const VctFieldProperty *field = &vct_field_properties_of (object)[prop_id - 1];
  gpointer member = G_STRUCT_MEMBER_P (object, field->offset);

  switch (field->type)
    {
    case VCT_FIELD_INT64:
      g_value_set_int64 (value, *(gint64 *) member);
      break;
    case VCT_FIELD_STRING:
      g_value_set_string (value, *(char **) member);
      break;
    case VCT_FIELD_DATE_TIME:
      g_value_set_boxed (value, *(GDateTime **) member);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
vct_field_properties_finalize (GObject *object)
{
  for (const VctFieldProperty *field = vct_field_properties_of (object); field->name != NULL; field++)
    {
      gpointer member = G_STRUCT_MEMBER_P (object, field->offset);

      if (field->type == VCT_FIELD_STRING)
        g_clear_pointer ((char **) member, g_free);
      else if (field->type == VCT_FIELD_DATE_TIME)
        g_clear_pointer ((GDateTime **) member, g_date_time_unref);
    }

  G_OBJECT_CLASS (g_type_class_peek (G_TYPE_OBJECT))->finalize (object);
}

static GParamSpec *
vct_field_property_spec (const VctFieldProperty *field)
{
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  switch (field->type)
    {
    case VCT_FIELD_INT64:
      return g_param_spec_int64 (field->name, NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
    case VCT_FIELD_STRING:
      return g_param_spec_string (field->name, NULL, NULL, NULL, flags);
    case VCT_FIELD_DATE_TIME:
      return g_param_spec_boxed (field->name, NULL, NULL, G_TYPE_DATE_TIME, flags);
    default:
      g_assert_not_reached ();
    }
}

void
_vct_field_properties_install (GObjectClass           *object_class,
                               const VctFieldProperty *fields)
{
  if (fields_quark == 0)
    fields_quark = g_quark_from_static_string ("vct-field-properties");
  g_type_set_qdata (G_OBJECT_CLASS_TYPE (object_class), fields_quark, (gpointer) fields);

  object_class->get_property = vct_field_property_get;
  object_class->finalize = vct_field_properties_finalize;
  for (guint i = 0; fields[i].name != NULL; i++)
    g_object_class_install_property (object_class, i + 1, vct_field_property_spec (&fields[i]));
}
