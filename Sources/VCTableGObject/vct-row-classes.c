/* vct-row-classes.c: the VctRow subclasses, one per row view model type of the screens.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Each class only declares its properties (read-only, kebab-case); VctRow reads them
 * from the view model and emits their notify (vct-row.c). The Swift view model declares
 * the same names in camelCase (its `propertyNames`): Tests/VCTableTests/Toolkit/
 * RowClassPropertiesTests.swift fails when the two disagree in a name or a value's type,
 * and a property the view model does not have is a critical when read, never a default.
 */

#include <vctable.h>

#include "vct-row-private.h"

#define ROW_PROPERTY_FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static GParamSpec *
string_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL, ROW_PROPERTY_FLAGS);
}

static GParamSpec *
int64_property (const char *name)
{
  return g_param_spec_int64 (name, NULL, NULL, G_MININT64, G_MAXINT64, 0, ROW_PROPERTY_FLAGS);
}

static GParamSpec *
boolean_property (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE, ROW_PROPERTY_FLAGS);
}

/* ------------------------------------------------------------------ VctPhotoRow */

struct _VctPhotoRow
{
  VctRow parent_instance;
};

G_DEFINE_FINAL_TYPE (VctPhotoRow, vct_photo_row, VCT_TYPE_ROW)

static void
vct_photo_row_class_init (VctPhotoRowClass *klass)
{
  GParamSpec *pspecs[] = {
    /**
     * VctPhotoRow:entry:
     *
     * The row's text as the original's cell shows it: "Entry ID: N", N being the
     * photo's [property@PhotoRow:id].
     */
    string_property ("entry"),
    /**
     * VctPhotoRow:title:
     *
     * The photo's title.
     */
    string_property ("title"),
    /**
     * VctPhotoRow:id:
     *
     * The photo's id: the row's identity across reloads.
     */
    int64_property ("id"),
    /**
     * VctPhotoRow:album-id:
     *
     * The photo's album (the JSON's `albumId`).
     */
    int64_property ("album-id"),
    /**
     * VctPhotoRow:url:
     *
     * The photo's full-size image URL.
     */
    string_property ("url"),
    /**
     * VctPhotoRow:thumbnail-url:
     *
     * The photo's thumbnail URL.
     */
    string_property ("thumbnail-url"),
    /**
     * VctPhotoRow:thumbnail:
     *
     * The photo's thumbnail, loaded from [property@PhotoRow:thumbnail-url] while a view
     * binds it ([method@Image.bind]). The row keeps the same image object for its life;
     * its URI follows the row's.
     */
    _vct_row_image_property ("thumbnail", "thumbnail-url"),
    /**
     * VctPhotoRow:image:
     *
     * The full-size photo, loaded from [property@PhotoRow:url] when a view binds it (a
     * detail view, say); the list shows the [property@PhotoRow:thumbnail].
     */
    _vct_row_image_property ("image", "url"),
  };

  _vct_row_class_install_core_properties (G_OBJECT_CLASS (klass), pspecs, G_N_ELEMENTS (pspecs));
}

static void
vct_photo_row_init (G_GNUC_UNUSED VctPhotoRow *self)
{
}

/* ----------------------------------------------------------------- VctMemberRow */

struct _VctMemberRow
{
  VctRow parent_instance;
};

G_DEFINE_FINAL_TYPE (VctMemberRow, vct_member_row, VCT_TYPE_ROW)

static void
vct_member_row_class_init (VctMemberRowClass *klass)
{
  GParamSpec *pspecs[] = {
    /**
     * VctMemberRow:name:
     *
     * The member's name.
     */
    string_property ("name"),
    /**
     * VctMemberRow:avatar-url:
     *
     * The URL of the member's picture.
     */
    string_property ("avatar-url"),
    /**
     * VctMemberRow:avatar:
     *
     * The member's picture, loaded from [property@MemberRow:avatar-url] while a view
     * binds it ([method@Image.bind]); its URI follows the row's.
     */
    _vct_row_image_property ("avatar", "avatar-url"),
    /**
     * VctMemberRow:follow-state:
     *
     * The follow button's state: normal, loading (a spinner) while a follow request
     * runs, checked once it succeeded or the feed says the member is followed. Notified
     * when it changes.
     */
    g_param_spec_enum ("follow-state", NULL, NULL,
                       VCT_TYPE_FOLLOW_STATE, VCT_FOLLOW_STATE_NORMAL,
                       ROW_PROPERTY_FLAGS),
    /**
     * VctMemberRow:button-hidden:
     *
     * Whether the follow button is hidden: %TRUE while loading.
     */
    boolean_property ("button-hidden"),
    /**
     * VctMemberRow:button-enabled:
     *
     * Whether the follow button can be pressed: %TRUE only while normal.
     */
    boolean_property ("button-enabled"),
    /**
     * VctMemberRow:spinning:
     *
     * Whether the spinner shows: %TRUE while loading.
     */
    boolean_property ("spinning"),
  };

  _vct_row_class_install_core_properties (G_OBJECT_CLASS (klass), pspecs, G_N_ELEMENTS (pspecs));
}

static void
vct_member_row_init (G_GNUC_UNUSED VctMemberRow *self)
{
}

/* -------------------------------------------------------------- VctFeedPhotoRow */

struct _VctFeedPhotoRow
{
  VctRow parent_instance;
};

G_DEFINE_FINAL_TYPE (VctFeedPhotoRow, vct_feed_photo_row, VCT_TYPE_ROW)

static void
vct_feed_photo_row_class_init (VctFeedPhotoRowClass *klass)
{
  GParamSpec *pspecs[] = {
    /**
     * VctFeedPhotoRow:title:
     *
     * The photo's title.
     */
    string_property ("title"),
    /**
     * VctFeedPhotoRow:description:
     *
     * The photo's description.
     */
    string_property ("description"),
    /**
     * VctFeedPhotoRow:image-url:
     *
     * The URL of the photo's image.
     */
    string_property ("image-url"),
    /**
     * VctFeedPhotoRow:image:
     *
     * The photo, loaded from [property@FeedPhotoRow:image-url] while a view binds it
     * ([method@Image.bind]); its URI follows the row's.
     */
    _vct_row_image_property ("image", "image-url"),
    /**
     * VctFeedPhotoRow:date:
     *
     * When the photo was posted, as the feed shows it: "yyyy-MM-dd HH:mm" in the
     * local time zone.
     */
    string_property ("date"),
  };

  _vct_row_class_install_core_properties (G_OBJECT_CLASS (klass), pspecs, G_N_ELEMENTS (pspecs));
}

static void
vct_feed_photo_row_init (G_GNUC_UNUSED VctFeedPhotoRow *self)
{
}

/* -------------------------------------------------------------- VctDayHeaderRow */

struct _VctDayHeaderRow
{
  VctRow parent_instance;
};

G_DEFINE_FINAL_TYPE (VctDayHeaderRow, vct_day_header_row, VCT_TYPE_ROW)

static void
vct_day_header_row_class_init (VctDayHeaderRowClass *klass)
{
  GParamSpec *pspecs[] = {
    /**
     * VctDayHeaderRow:title:
     *
     * The day, as the feed shows it: "yyyy-MM-dd" in the local time zone (also the
     * section's identity).
     */
    string_property ("title"),
  };

  _vct_row_class_install_core_properties (G_OBJECT_CLASS (klass), pspecs, G_N_ELEMENTS (pspecs));
}

static void
vct_day_header_row_init (G_GNUC_UNUSED VctDayHeaderRow *self)
{
}

/* ------------------------------------------------------------------- VctSongRow */

struct _VctSongRow
{
  VctRow parent_instance;
};

G_DEFINE_FINAL_TYPE (VctSongRow, vct_song_row, VCT_TYPE_ROW)

static void
vct_song_row_class_init (VctSongRowClass *klass)
{
  GParamSpec *pspecs[] = {
    /**
     * VctSongRow:title:
     *
     * The song's title.
     */
    string_property ("title"),
    /**
     * VctSongRow:subtitle:
     *
     * The song's subtitle.
     */
    string_property ("subtitle"),
    /**
     * VctSongRow:duration:
     *
     * The song's length as text, "m:ss" ("5:07"), rounded down to the second.
     */
    string_property ("duration"),
    /**
     * VctSongRow:mode:
     *
     * The row's mode: "selected" or "unselected" while picking; "playing",
     * "playable" or "hidden" (a song the session leaves out, which then leaves the list)
     * while listening. Notified when it changes.
     */
    string_property ("mode"),
  };

  _vct_row_class_install_core_properties (G_OBJECT_CLASS (klass), pspecs, G_N_ELEMENTS (pspecs));
}

static void
vct_song_row_init (G_GNUC_UNUSED VctSongRow *self)
{
}

/* ---------------------------------------------------------------- VctGenericRow */

typedef struct
{
  VctRow parent_instance;
} VctGenericRow;

typedef struct
{
  VctRowClass parent_class;
} VctGenericRowClass;

G_DEFINE_FINAL_TYPE (VctGenericRow, _vct_generic_row, VCT_TYPE_ROW)

static void
_vct_generic_row_class_init (G_GNUC_UNUSED VctGenericRowClass *klass)
{
}

static void
_vct_generic_row_init (G_GNUC_UNUSED VctGenericRow *self)
{
}
