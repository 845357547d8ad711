/* vct-row.c: VctRow, the abstract row object, and what its subclasses share.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * A row object shows a record (VctRowRecord, vctable-private.h): its row's content, which
 * the Swift core wrote and its list (vct-list-model.c) delivered. When a batch brings its
 * row new content, the list shows it the new record and it notifies the properties whose
 * values differ (_vct_row_show). The subclasses (vct-row-classes.c) have no code of their
 * own: their properties are the entries of vct-row-properties.h, installed here from one
 * table and read from the record by key, with no call into the Swift core. An action
 * (select, press) goes to the list, which finds the row's place and hands it to the core.
 */

#include <vctable.h>

#include "vct-row-private.h"
#include "vctable-private.h"

typedef struct
{
  VctRowRecord *record;    /* the row's content: read and written under bit lock 0 */
  gpointer      token;     /* its list's (VctListToken), or NULL */
  guint         position;  /* where its list last found it: a hint */
  gboolean      borrowed;  /* @record is its list's, not referenced (_vct_row_point) */
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

  if (!priv->borrowed)
    g_clear_pointer (&priv->record, _vct_row_record_unref);
  g_clear_pointer (&priv->token, _vct_list_token_unref);

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

/* How many list deliveries this thread is inside: a live row reads its record then, not
 * its view model (the values as of the change being told); and the view models of the
 * records freed meanwhile, released once the outermost delivery ends. */
static _Thread_local guint delivering;
static _Thread_local GPtrArray *deferred_cores;

void
_vct_row_delivery_begin (void)
{
  delivering++;
}

void
_vct_row_delivery_end (void)
{
  g_autoptr (GPtrArray) cores = NULL;

  if (--delivering > 0 || deferred_cores == NULL)
    return;
  cores = g_steal_pointer (&deferred_cores);
  for (guint i = 0; i < cores->len; i++)
    vct_core ()->core_release (g_ptr_array_index (cores, i));
}

/* The record's value of @key (a copy of its string in @string, g_free it), read under the
 * row's lock, or for a live row outside a delivery its view model's now; FALSE when the
 * record has no such key (a row of no list, or a bug). */
static gboolean
vct_row_read (VctRowPrivate *priv,
              guint          key,
              char         **string,
              gint64        *integer)
{
  VctRowRecord *record;
  gboolean found = FALSE;

  *string = NULL;
  *integer = 0;
  g_pointer_bit_lock (&priv->record, 0);
  record = (VctRowRecord *) ((guintptr) priv->record & ~(guintptr) 1);
  if (record != NULL && key >= record->first_key && key - record->first_key < record->n_values)
    {
      const VctRowValue *value = &VCT_ROW_RECORD_VALUES (record)[key - record->first_key];

      found = TRUE;
      if (record->core != NULL && delivering == 0)
        {
          _vct_row_record_ref (record);
          g_pointer_bit_unlock (&priv->record, 0);
          {
            VctRowValue live = { NULL, 0 };

            if (vct_core ()->row_get (record->core, key, &live))
              {
                *string = (char *) live.string;
                *integer = live.integer;
              }
          }
          _vct_row_record_unref (record);
          return found;
        }
      *string = g_strdup (value->string);
      *integer = value->integer;
    }
  g_pointer_bit_unlock (&priv->record, 0);
  return found;
}

/* The row's image of image property @key, made on first use (when @make), its URI the
 * record's now. */
static VctImage *
vct_row_get_image (GObject        *object,
                   VctRowProperty  key,
                   gboolean        make)
{
  VctRowPrivate *priv = vct_row_get_instance_private (VCT_ROW (object));
  GQuark slot = row_image_slots[key];
  VctImage *image = g_object_get_qdata (object, slot);
  g_autofree char *uri = NULL;
  gint64 unused;

  if (image == NULL && !make)
    return NULL;
  vct_row_read (priv, row_properties[key].source, &uri, &unused);
  if (image == NULL)
    {
      image = vct_image_new (NULL, uri);
      g_object_set_qdata_full (object, slot, image, g_object_unref);
    }
  else
    _vct_image_set_uri (image, uri);
  return image;
}

/* A subclass property (prop_id: its key + 1): the record's value, as the property's
 * type. */
static void
vct_row_get_core_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  /* GObject has checked both types: no checked cast on a path a view takes per bind. */
  VctRowPrivate *priv = vct_row_get_instance_private ((VctRow *) object);
  guint key = prop_id - 1;
  char *string;
  gint64 integer;

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
  if (!vct_row_read (priv, key, &string, &integer))
    return;  /* a row of no list: the default value */

  switch (row_properties[key].value_type)
    {
    case VCT_ROW_VALUE_STRING:
      g_value_take_string (value, g_steal_pointer (&string));
      break;
    case VCT_ROW_VALUE_INT64:
      g_value_set_int64 (value, integer);
      break;
    case VCT_ROW_VALUE_BOOLEAN:
      g_value_set_boolean (value, integer != 0);
      break;
    case VCT_ROW_VALUE_ENUM:
      if (string != NULL)
        {
          GEnumValue *found = g_enum_get_value_by_nick (G_PARAM_SPEC_ENUM (pspec)->enum_class, string);

          if (found != NULL)
            g_value_set_enum (value, found->value);
        }
      break;
    case VCT_ROW_VALUE_IMAGE:
    default:
      break;
    }
  g_free (string);
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

void
_vct_row_record_unref (VctRowRecord *record)
{
  if (record == NULL || !g_atomic_int_dec_and_test (&record->ref_count))
    return;
  if (record->core != NULL)
    {
      if (delivering > 0)
        {
          if (deferred_cores == NULL)
            deferred_cores = g_ptr_array_new ();
          g_ptr_array_add (deferred_cores, record->core);
        }
      else
        vct_core ()->core_release (record->core);
    }
  g_free (record);
}

VctRowRecord *
_vct_row_record_ref (VctRowRecord *record)
{
  g_atomic_int_inc (&record->ref_count);
  return record;
}

/* The record's values of @key are equal in @a and @b. */
static gboolean
row_values_equal (const VctRowRecord *a,
                  const VctRowRecord *b,
                  guint               index)
{
  const VctRowValue *x = &VCT_ROW_RECORD_VALUES (a)[index];
  const VctRowValue *y = &VCT_ROW_RECORD_VALUES (b)[index];

  return x->integer == y->integer && g_strcmp0 (x->string, y->string) == 0;
}

VctRow *
_vct_row_new_for_list (VctRowRecord *record,
                       gpointer      token,
                       guint         position)
{
  GType type;
  VctRow *row;
  VctRowPrivate *priv;

  switch (record->class_id)
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
  priv = vct_row_get_instance_private (row);
  priv->record = _vct_row_record_ref (record);
  priv->token = token != NULL ? _vct_list_token_ref (token) : NULL;
  priv->position = position;
  return row;
}

gpointer
_vct_row_new (VctRowRecord *record)
{
  VctRow *row = _vct_row_new_for_list (record, NULL, 0);

  _vct_row_record_unref (record);
  return row;
}

void
_vct_row_point (VctRow       *row,
                VctRowRecord *record)
{
  VctRowPrivate *priv = vct_row_get_instance_private (row);

  if (!priv->borrowed)
    {
      _vct_row_record_unref (priv->record);
      priv->borrowed = TRUE;
    }
  priv->record = record;  /* no reader but the caller: no lock */
}

void
_vct_row_own (VctRow *row)
{
  VctRowPrivate *priv = vct_row_get_instance_private (row);

  if (priv->borrowed)
    {
      _vct_row_record_ref (priv->record);
      priv->borrowed = FALSE;
    }
}

VctRowRecord *
_vct_row_peek_record (VctRow *row)
{
  VctRowPrivate *priv = vct_row_get_instance_private (row);

  /* Only the list's context thread writes it: that thread reads it without the lock. */
  return (VctRowRecord *) ((guintptr) g_atomic_pointer_get (&priv->record) & ~(guintptr) 1);
}

guint
_vct_row_get_position_hint (VctRow *row)
{
  return ((VctRowPrivate *) vct_row_get_instance_private (row))->position;
}

void
_vct_row_set_position_hint (VctRow *row,
                            guint   position)
{
  ((VctRowPrivate *) vct_row_get_instance_private (row))->position = position;
}

void
_vct_row_show (VctRow       *row,
               VctRowRecord *record,
               gboolean      notify)
{
  VctRowPrivate *priv = vct_row_get_instance_private (row);
  VctRowRecord *old;

  if (_vct_row_peek_record (row) == record)
    return;
  _vct_row_record_ref (record);
  g_pointer_bit_lock (&priv->record, 0);
  old = (VctRowRecord *) ((guintptr) priv->record & ~(guintptr) 1);
  /* Stored with the lock bit still set: the unlock clears it. */
  g_atomic_pointer_set (&priv->record, (gpointer) ((guintptr) record | 1));
  g_pointer_bit_unlock (&priv->record, 0);

  if (notify && old != NULL && old->class_id == record->class_id && old->first_key == record->first_key)
    {
      guint n = MIN (old->n_values, record->n_values);

      /* In declaration order, one notify per property whose value differs. */
      for (guint index = 0; index < n; index++)
        {
          guint key = record->first_key + index;

          if (row_pspecs[key] == NULL || row_properties[key].value_type == VCT_ROW_VALUE_IMAGE
              || row_values_equal (old, record, index))
            continue;
          g_object_notify_by_pspec (G_OBJECT (row), row_pspecs[key]);
          if (row_image_of[key] >= 0)
            vct_row_get_image (G_OBJECT (row), row_image_of[key], FALSE);  /* its image follows the new URL */
        }
    }
  _vct_row_record_unref (old);
}

/* Routes @action of @row to its view model, through its list. */
static void
vct_row_act (VctRow       *row,
             VctRowAction  action)
{
  VctRowPrivate *priv = vct_row_get_instance_private (row);

  if (priv->token != NULL)
    _vct_list_token_act (priv->token, row, action);
}

void
vct_row_select (VctRow *row)
{
  g_return_if_fail (VCT_IS_ROW (row));

  vct_row_act (row, VCT_ROW_ACTION_SELECT);
}

void
vct_row_press (VctRow *row)
{
  g_return_if_fail (VCT_IS_ROW (row));

  vct_row_act (row, VCT_ROW_ACTION_PRESS);
}

VctRowRole
vct_row_get_role (VctRow *row)
{
  VctRowPrivate *priv;
  VctRowRole role;

  g_return_val_if_fail (VCT_IS_ROW (row), VCT_ROW_ROLE_ITEM);

  priv = vct_row_get_instance_private (row);
  g_pointer_bit_lock (&priv->record, 0);
  role = ((VctRowRecord *) ((guintptr) priv->record & ~(guintptr) 1))->role;
  g_pointer_bit_unlock (&priv->record, 0);
  return role;
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
  const char *kind;

  g_return_val_if_fail (VCT_IS_ROW (row), NULL);

  priv = vct_row_get_instance_private (row);
  g_pointer_bit_lock (&priv->record, 0);
  kind = ((VctRowRecord *) ((guintptr) priv->record & ~(guintptr) 1))->kind;  /* interned */
  g_pointer_bit_unlock (&priv->record, 0);
  return kind;
}

