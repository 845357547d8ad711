/* vct-row-properties.h: every row class's properties, declared once.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * An X-macro list, read three ways from this one declaration:
 *
 * - vctable-private.h makes each entry a key, VCT_ROW_<CLASS>_<KEY> of the VctRowProperty
 *   enumeration: what the Swift core and the C half name a property by when they cross
 *   (a row record's values are in key order: VctRowRecord), never by its name;
 * - vct-row.c makes each entry a line of its table, from which every VctRow subclass
 *   installs its GParamSpecs (read-only, explicitly notified) and answers get_property
 *   from the row's record;
 * - the Swift core reads that table once (_vct_row_property_get_info, CRowProperties.swift):
 *   a view model answers `value(for:)` by key, which a record is written from
 *   (CRowRecord.swift), and its Swift `propertyNames` are the names here in camelCase
 *   ("album-id" is "albumId").
 *
 * An entry is
 *
 *   VCT_ROW_PROPERTY (CLASS, KEY, "name", VALUE, EXTRA)
 *
 * CLASS the row class (VCT_ROW_CLASS_<CLASS>); KEY names the key; "name" is the GObject
 * property's name (kebab-case); VALUE is what it holds: STRING, INT64, BOOLEAN, ENUM
 * (EXTRA: the enumeration's get_type function; the Swift view model gives its nick) or
 * IMAGE (a VctImage the row makes on first read and keeps, loaded from the URL of the
 * class's STRING property of key EXTRA, which it follows); EXTRA is NONE otherwise.
 *
 * The doc comment above an entry is the property's documentation (g-ir-scanner reads this
 * file: mk/gir.mk). Adding a property to a row class is one entry here and its value in
 * the Swift view model (or, for the photo row, in VCTableCellData).
 *
 * Each inclusion expands the list again (no include guard), with the caller's
 * VCT_ROW_PROPERTY; without one, to nothing (as g-ir-scanner reads it: its preprocessor
 * keeps the doc comments, which an #ifdef around the list would drop).
 */

#ifndef VCT_ROW_PROPERTY
#define VCT_ROW_PROPERTY(klass, key, name, value, extra)
#define VCT_ROW_PROPERTY_EMPTY
#endif

/* ------------------------------------------------------------------ VctPhotoRow */

/**
 * VctPhotoRow:entry:
 *
 * The row's text as the original's cell shows it: "Entry ID: N", N being the photo's
 * [property@PhotoRow:id].
 */
VCT_ROW_PROPERTY (PHOTO, ENTRY, "entry", STRING, NONE)
/**
 * VctPhotoRow:title:
 *
 * The photo's title.
 */
VCT_ROW_PROPERTY (PHOTO, TITLE, "title", STRING, NONE)
/**
 * VctPhotoRow:id:
 *
 * The photo's id: the row's identity across reloads.
 */
VCT_ROW_PROPERTY (PHOTO, ID, "id", INT64, NONE)
/**
 * VctPhotoRow:album-id:
 *
 * The photo's album (the JSON's `albumId`).
 */
VCT_ROW_PROPERTY (PHOTO, ALBUM_ID, "album-id", INT64, NONE)
/**
 * VctPhotoRow:url:
 *
 * The photo's full-size image URL.
 */
VCT_ROW_PROPERTY (PHOTO, URL, "url", STRING, NONE)
/**
 * VctPhotoRow:thumbnail-url:
 *
 * The photo's thumbnail URL.
 */
VCT_ROW_PROPERTY (PHOTO, THUMBNAIL_URL, "thumbnail-url", STRING, NONE)
/**
 * VctPhotoRow:thumbnail:
 *
 * The photo's thumbnail, loaded from [property@PhotoRow:thumbnail-url] while a view
 * binds it ([method@Image.bind]). The row keeps the same image object for its life;
 * its URI follows the row's.
 */
VCT_ROW_PROPERTY (PHOTO, THUMBNAIL, "thumbnail", IMAGE, THUMBNAIL_URL)
/**
 * VctPhotoRow:image:
 *
 * The full-size photo, loaded from [property@PhotoRow:url] when a view binds it (a
 * detail view, say); the list shows the [property@PhotoRow:thumbnail].
 */
VCT_ROW_PROPERTY (PHOTO, IMAGE, "image", IMAGE, URL)

/* ----------------------------------------------------------------- VctMemberRow */

/**
 * VctMemberRow:name:
 *
 * The member's name.
 */
VCT_ROW_PROPERTY (MEMBER, NAME, "name", STRING, NONE)
/**
 * VctMemberRow:avatar-url:
 *
 * The URL of the member's picture.
 */
VCT_ROW_PROPERTY (MEMBER, AVATAR_URL, "avatar-url", STRING, NONE)
/**
 * VctMemberRow:avatar:
 *
 * The member's picture, loaded from [property@MemberRow:avatar-url] while a view
 * binds it ([method@Image.bind]); its URI follows the row's.
 */
VCT_ROW_PROPERTY (MEMBER, AVATAR, "avatar", IMAGE, AVATAR_URL)
/**
 * VctMemberRow:follow-state:
 *
 * The follow button's state: normal, loading (a spinner) while a follow request
 * runs, checked once it succeeded or the feed says the member is followed. Notified
 * when it changes.
 */
VCT_ROW_PROPERTY (MEMBER, FOLLOW_STATE, "follow-state", ENUM, vct_follow_state_get_type)
/**
 * VctMemberRow:button-hidden:
 *
 * Whether the follow button is hidden: %TRUE while loading.
 */
VCT_ROW_PROPERTY (MEMBER, BUTTON_HIDDEN, "button-hidden", BOOLEAN, NONE)
/**
 * VctMemberRow:button-enabled:
 *
 * Whether the follow button can be pressed: %TRUE only while normal.
 */
VCT_ROW_PROPERTY (MEMBER, BUTTON_ENABLED, "button-enabled", BOOLEAN, NONE)
/**
 * VctMemberRow:spinning:
 *
 * Whether the spinner shows: %TRUE while loading.
 */
VCT_ROW_PROPERTY (MEMBER, SPINNING, "spinning", BOOLEAN, NONE)

/* -------------------------------------------------------------- VctFeedPhotoRow */

/**
 * VctFeedPhotoRow:title:
 *
 * The photo's title.
 */
VCT_ROW_PROPERTY (FEED_PHOTO, TITLE, "title", STRING, NONE)
/**
 * VctFeedPhotoRow:description:
 *
 * The photo's description.
 */
VCT_ROW_PROPERTY (FEED_PHOTO, DESCRIPTION, "description", STRING, NONE)
/**
 * VctFeedPhotoRow:image-url:
 *
 * The URL of the photo's image.
 */
VCT_ROW_PROPERTY (FEED_PHOTO, IMAGE_URL, "image-url", STRING, NONE)
/**
 * VctFeedPhotoRow:image:
 *
 * The photo, loaded from [property@FeedPhotoRow:image-url] while a view binds it
 * ([method@Image.bind]); its URI follows the row's.
 */
VCT_ROW_PROPERTY (FEED_PHOTO, IMAGE, "image", IMAGE, IMAGE_URL)
/**
 * VctFeedPhotoRow:date:
 *
 * When the photo was posted, as the feed shows it: "yyyy-MM-dd HH:mm" in the
 * local time zone.
 */
VCT_ROW_PROPERTY (FEED_PHOTO, DATE, "date", STRING, NONE)

/* -------------------------------------------------------------- VctDayHeaderRow */

/**
 * VctDayHeaderRow:title:
 *
 * The day, as the feed shows it: "yyyy-MM-dd" in the local time zone (also the
 * section's identity).
 */
VCT_ROW_PROPERTY (DAY_HEADER, TITLE, "title", STRING, NONE)

/* ------------------------------------------------------------------- VctSongRow */

/**
 * VctSongRow:title:
 *
 * The song's title.
 */
VCT_ROW_PROPERTY (SONG, TITLE, "title", STRING, NONE)
/**
 * VctSongRow:subtitle:
 *
 * The song's subtitle.
 */
VCT_ROW_PROPERTY (SONG, SUBTITLE, "subtitle", STRING, NONE)
/**
 * VctSongRow:duration:
 *
 * The song's length as text, "m:ss" ("5:07"), rounded down to the second.
 */
VCT_ROW_PROPERTY (SONG, DURATION, "duration", STRING, NONE)
/**
 * VctSongRow:mode:
 *
 * The row's mode: "selected" or "unselected" while picking; "playing",
 * "playable" or "hidden" (a song the session leaves out, which then leaves the list)
 * while listening. Notified when it changes.
 */
VCT_ROW_PROPERTY (SONG, MODE, "mode", STRING, NONE)

#ifdef VCT_ROW_PROPERTY_EMPTY
#undef VCT_ROW_PROPERTY
#undef VCT_ROW_PROPERTY_EMPTY
#endif
