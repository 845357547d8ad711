/* vct-row.h: VctRow, the abstract row object, with what rows share.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * With VctRowRole. The subclasses have a header each (vct-photo-row.h, vct-member-row.h,
 * vct-feed-photo-row.h, vct-day-header-row.h, vct-song-row.h).
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
 * A row object lives as long as its holders' references; it shows the row it was handed
 * out for, and after a reload the row the list's diff pairs it with (the same id; among
 * rows that share an id, the same occurrence), whatever the row's position.
 *
 * Changes are delivered later, so by the time a `notify` is emitted the row may have
 * changed again: while it is emitted, the row's properties read as of that change, so
 * every change is seen in order with its own values (a follow's "loading", then its
 * "checked"). A row's `notify` and the list's `items-changed` are separate deliveries:
 * a row may notify before the `items-changed` that moves or removes it (the song
 * picker's rows change mode, then the hidden ones leave), so a handler should not
 * look the row up by position.
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
 * VctRowRole:
 * @VCT_ROW_ROLE_ITEM: one of the section's rows
 * @VCT_ROW_ROLE_HEADER: the section's header, first in its section
 * @VCT_ROW_ROLE_FOOTER: the section's footer, last in its section
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
 * table's row changes the table's title; a feed photo opens its detail; a song toggles
 * or plays). Safe from any thread; what it causes is reported later on the context
 * thread.
 *
 * A row a reload has dropped, but a view still holds, still acts while its model lives
 * (a tap that raced the reload is not lost: the photo's title is still shown); once the
 * model is finalized, it does nothing. A header or a footer does nothing.
 */
void vct_row_select (VctRow *row);

/**
 * vct_row_press:
 * @row: a row
 *
 * Reports "the row's control was pressed" (the feed's follow button; a feed photo opens
 * its detail) to the row's view model. Safe from any thread. A dropped row acts as
 * [method@Row.select] says: while its model lives; a member's follow is sent by nobody
 * once the feed is finalized.
 */
void vct_row_press (VctRow *row);

/**
 * vct_row_get_role:
 * @row: a row
 *
 * Where the row shows in its section (the [property@Row:role] property), fixed for the
 * object's life. Safe from any thread.
 *
 * Returns: where @row shows in its section (the `role` property)
 */
VctRowRole vct_row_get_role (VctRow *row);

const char *vct_row_get_kind (VctRow *row);

G_END_DECLS

#endif /* VCT_ROW_H */
