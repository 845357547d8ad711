/* vct-row.h: VctRow, the abstract row object, with what rows share.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Its enums (VctPropertyType, VctRowRole), the legacy row functions (properties by name,
 * vct_row_observe()) and VctBinding, the observer they return. The subclasses have a
 * header each (vct-photo-row.h, vct-member-row.h, vct-feed-photo-row.h,
 * vct-day-header-row.h, vct-song-row.h).
 */

#ifndef VCT_ROW_H
#define VCT_ROW_H

#if !defined (__VCTABLE_H_INSIDE__) && !defined (VCTABLE_COMPILATION)
#error "Only <vctable.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * VctRow:
 *
 * One row, section header or section footer of a [class@ListModel]: an abstract
 * `GObject`, one subclass per kind of row ([class@PhotoRow], [class@MemberRow],
 * [class@FeedPhotoRow], [class@DayHeaderRow], [class@SongRow]), each with read-only
 * properties that emit `notify` on the list's context thread when they change.
 *
 * A row object lives as long as its holders' references; it shows the row with its
 * identity in the list (a photo's id, a member's id), whatever the row's position.
 */
#define VCT_TYPE_ROW (vct_row_get_type ())
G_DECLARE_DERIVABLE_TYPE (VctRow, vct_row, VCT, ROW, GObject)

/**
 * VctRowClass:
 * @parent_class: the parent class
 *
 * The class of [class@Row]. Subclasses are made by VCTable for the row types of its
 * screens; the padding keeps room for virtual methods.
 */
struct _VctRowClass
{
  GObjectClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

/**
 * VctBinding:
 *
 * An observer of one row's property changes, ended with [method@Binding.dispose].
 */
typedef struct _VctBinding VctBinding;

/**
 * VctPropertyType:
 * @VCT_PROPERTY_TYPE_NONE: no such property
 * @VCT_PROPERTY_TYPE_STRING: a UTF-8 string
 * @VCT_PROPERTY_TYPE_INT: a 64-bit integer
 * @VCT_PROPERTY_TYPE_BOOLEAN: a boolean
 *
 * The type of a row property: none for a missing one, then the cases of the Swift
 * `PropertyValue` (`string`, `integer`, `boolean`), in order.
 */
typedef enum {
  VCT_PROPERTY_TYPE_NONE = 0,
  VCT_PROPERTY_TYPE_STRING = 1,
  VCT_PROPERTY_TYPE_INT = 2,
  VCT_PROPERTY_TYPE_BOOLEAN = 3
} VctPropertyType;

/**
 * VCT_TYPE_PROPERTY_TYPE:
 *
 * The `GType` of [enum@PropertyType]: see [func@property_type_get_type].
 */
#define VCT_TYPE_PROPERTY_TYPE (vct_property_type_get_type ())

/**
 * vct_property_type_get_type:
 *
 * Registers [enum@PropertyType] ("VctPropertyType"; nicks "none", "string", "int",
 * "boolean") on the first call, from any thread.
 *
 * Returns: the GType of [enum@PropertyType]
 */
GType vct_property_type_get_type (void) G_GNUC_CONST;

/**
 * VctRowRole:
 * @VCT_ROW_ROLE_ITEM: one of the section's rows ([method@ListModel.get_item])
 * @VCT_ROW_ROLE_HEADER: the section's header ([method@ListModel.get_header])
 * @VCT_ROW_ROLE_FOOTER: the section's footer ([method@ListModel.get_footer])
 *
 * Where a row view model shows in its section. The values match, in order, the cases of
 * the Swift `RowRole` (`row`, `header`, `footer`).
 */
typedef enum {
  VCT_ROW_ROLE_ITEM = 0,
  VCT_ROW_ROLE_HEADER = 1,
  VCT_ROW_ROLE_FOOTER = 2
} VctRowRole;

/**
 * VCT_TYPE_ROW_ROLE:
 *
 * The `GType` of [enum@RowRole]: see [func@row_role_get_type].
 */
#define VCT_TYPE_ROW_ROLE (vct_row_role_get_type ())

/**
 * vct_row_role_get_type:
 *
 * Registers [enum@RowRole] ("VctRowRole"; nicks "item", "header", "footer") on the first
 * call, from any thread.
 *
 * Returns: the GType of [enum@RowRole]
 */
GType vct_row_role_get_type (void) G_GNUC_CONST;

/**
 * vct_row_select:
 * @row: a row
 *
 * Reports "row selected" to the row's view model, which decides what happens (the photo
 * table's row changes the table's title; a feed photo opens its detail). Safe from any
 * thread; what it causes is reported later on the context thread.
 */
void vct_row_select (VctRow *row);

/**
 * vct_row_press:
 * @row: a row
 *
 * Reports "the row's control was pressed" (the feed's follow button) to the row's view
 * model. Safe from any thread.
 */
void vct_row_press (VctRow *row);

/**
 * vct_row_get_role:
 * @row: a row
 *
 * Returns: where @row shows in its section (the `role` property)
 */
VctRowRole vct_row_get_role (VctRow *row);

/**
 * VctRowChangedFunc:
 * @row: (transfer none): the row
 * @property: (nullable): the property that changed, or %NULL for "draw everything"
 *   (the first call of a binding)
 * @user_data: (closure): the data given with the function
 *
 * Reports a row property change, on the list's context thread. Changes are delivered
 * later, so the row may have changed again meanwhile: during the call, @row's getters
 * ([method@Row.dup_string] and the others) answer as of this change, so every change is
 * seen in order with its own values (a follow's "loading", then its "checked").
 */
typedef void (*VctRowChangedFunc) (VctRow     *row,
                                   const char *property,
                                   gpointer    user_data);

/**
 * vct_row_ref:
 * @row: a row
 *
 * Returns: (transfer full): @row, kept past the next change batch
 */
VctRow *vct_row_ref (VctRow *row);

/**
 * vct_row_unref:
 * @row: (nullable) (transfer full): a row, or %NULL
 */
void vct_row_unref (VctRow *row);

/**
 * vct_row_get_kind:
 * @row: a row
 *
 * Returns: (transfer none) (nullable): the row's kind, the name of the widget that shows
 *   it (the photo table's rows: "PhotoCell"), valid while @row lives
 */
const char *vct_row_get_kind (VctRow *row);

/**
 * vct_row_dup_property_names:
 * @row: a row
 *
 * Returns: (transfer full) (array zero-terminated=1): the property names, in display
 *   order; free with g_strfreev()
 */
char **vct_row_dup_property_names (VctRow *row);

/**
 * vct_row_get_property_type:
 * @row: a row
 * @property: a property name
 *
 * Returns: the property's type, %VCT_PROPERTY_TYPE_NONE when @row has no such property
 */
VctPropertyType vct_row_get_property_type (VctRow     *row,
                                           const char *property);

/**
 * vct_row_dup_string:
 * @row: a row
 * @property: a property name
 *
 * Returns: (transfer full) (nullable): the property as text (integers and booleans
 *   formatted), or %NULL when there is no such property; free with g_free()
 */
char *vct_row_dup_string (VctRow     *row,
                          const char *property);

/**
 * vct_row_get_int:
 * @row: a row
 * @property: a property name
 *
 * Returns: the integer property (a boolean reads as 0 or 1), or 0
 */
gint64 vct_row_get_int (VctRow     *row,
                        const char *property);

/**
 * vct_row_get_boolean:
 * @row: a row
 * @property: a property name
 *
 * Returns: the boolean property (an integer reads as non-zero), or %FALSE
 */
gboolean vct_row_get_boolean (VctRow     *row,
                              const char *property);

/**
 * vct_row_observe:
 * @row: a row
 * @func: (scope notified) (closure user_data): called with each changed property's name
 * @user_data: data for @func
 * @notify: (nullable) (destroy user_data): frees @user_data
 *
 * Observes @row's property changes, on the list's context thread, until
 * [method@Binding.dispose].
 *
 * Returns: (transfer full): the binding; end it with [method@Binding.dispose]
 */
VctBinding *vct_row_observe (VctRow            *row,
                             VctRowChangedFunc  func,
                             gpointer           user_data,
                             GDestroyNotify     notify);

/**
 * vct_binding_dispose:
 * @binding: (nullable) (transfer full): a binding, or %NULL
 *
 * Ends @binding and frees it: its function is never called again and its notify runs
 * now (or, from inside the function, as it returns).
 */
void vct_binding_dispose (VctBinding *binding);

G_END_DECLS

#endif /* VCT_ROW_H */
