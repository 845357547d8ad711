/* vct-field-property.h: read-only properties that read a field of an immutable object
 * (C half only).
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * VctCellData and VctFeedPhoto are plain data: fields set once when the Swift core makes
 * them, a read-only property per field. Each describes its fields in a table, the
 * property's documentation beside its entry (g-ir-scanner reads it there), and
 * vct-field-property.c installs the properties, answers get_property and frees the
 * fields in finalize for both, the way GObject reads a field by its offset
 * (G_STRUCT_MEMBER).
 */
#ifndef VCT_FIELD_PROPERTY_H
#define VCT_FIELD_PROPERTY_H

#include <vctable.h>

#include "vctable-private.h"

G_BEGIN_DECLS

/* What a field holds, and so its property's type. */
typedef enum {
  VCT_FIELD_INT64,      /* gint64 */
  VCT_FIELD_STRING,     /* char *, owned */
  VCT_FIELD_DATE_TIME   /* GDateTime *, owned */
} VctFieldType;

/* One field, and the read-only property of the same name that reads it. */
typedef struct
{
  const char   *name;
  VctFieldType  type;
  gsize         offset;   /* G_STRUCT_OFFSET of the field in the instance struct */
} VctFieldProperty;

/* A class_init's: installs @fields (static, ended by an entry with no name) as the
 * class's properties, ids 1, 2, ... in order (readable, static strings; an int64 over
 * its whole range with 0 as its default), and sets @object_class's get_property (reads
 * the field) and finalize (frees the owned fields, then GObject's: the class is a final
 * child of GObject). */
G_GNUC_INTERNAL void _vct_field_properties_install (GObjectClass           *object_class,
                                                    const VctFieldProperty *fields);

G_END_DECLS

#endif /* VCT_FIELD_PROPERTY_H */
