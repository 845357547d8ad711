/* vct-enum-types.c: the enumeration GTypes of vctable.h.
 *
 * Copyright 2026 The VCTable authors
 * SPDX-License-Identifier: MIT
 *
 * Written as glib-mkenums writes its output (g_once_init_enter, a static GEnumValue
 * table, g_enum_register_static), so that the file can later be generated from
 * vctable.h without changing a type: each type is named after its C typedef, each
 * value's name is its C macro and its nick the macro without the type's prefix, in
 * lower case with dashes. The tables follow vctable.h in order; test-types.c checks
 * every value, and that the Swift core reports the same values (as nicks and codes).
 */

#include <vctable.h>

#include "vctable-private.h"

/* Registers the enum type @name with @values the first time, from any thread (every
 * getter below is this call with its own table). */
static GType
register_enum_once (gsize *type_id, const char *name, const GEnumValue *values)
{
  if (g_once_init_enter (type_id))
    g_once_init_leave (type_id, g_enum_register_static (g_intern_static_string (name), values));
  return *type_id;
}

/* enumerations from "vctable.h": VctError */
static const GEnumValue vct_error_values[] = {
  { VCT_ERROR_FAILED, "VCT_ERROR_FAILED", "failed" },
  { VCT_ERROR_INVALID_URI, "VCT_ERROR_INVALID_URI", "invalid-uri" },
  { VCT_ERROR_CONNECTION_FAILED, "VCT_ERROR_CONNECTION_FAILED", "connection-failed" },
  { VCT_ERROR_TIMED_OUT, "VCT_ERROR_TIMED_OUT", "timed-out" },
  { VCT_ERROR_HTTP_STATUS, "VCT_ERROR_HTTP_STATUS", "http-status" },
  { VCT_ERROR_BODY_TOO_LARGE, "VCT_ERROR_BODY_TOO_LARGE", "body-too-large" },
  { VCT_ERROR_TRUNCATED_BODY, "VCT_ERROR_TRUNCATED_BODY", "truncated-body" },
  { VCT_ERROR_EMPTY_RESPONSE, "VCT_ERROR_EMPTY_RESPONSE", "empty-response" },
  { VCT_ERROR_INVALID_JSON, "VCT_ERROR_INVALID_JSON", "invalid-json" },
  { VCT_ERROR_NOT_AN_ARRAY, "VCT_ERROR_NOT_AN_ARRAY", "not-an-array" },
  { VCT_ERROR_WRONG_FIELD_TYPE, "VCT_ERROR_WRONG_FIELD_TYPE", "wrong-field-type" },
  { VCT_ERROR_MISSING_FIELD, "VCT_ERROR_MISSING_FIELD", "missing-field" },
  { VCT_ERROR_FILE_UNREADABLE, "VCT_ERROR_FILE_UNREADABLE", "file-unreadable" },
  { VCT_ERROR_CANCELLED, "VCT_ERROR_CANCELLED", "cancelled" },
  { VCT_ERROR_INVALID_IMAGE, "VCT_ERROR_INVALID_IMAGE", "invalid-image" },
  { VCT_ERROR_IMAGE_TOO_LARGE, "VCT_ERROR_IMAGE_TOO_LARGE", "image-too-large" },
  { 0, NULL, NULL }
};

GType
vct_error_get_type (void)
{
  static gsize type_id = 0;

  return register_enum_once (&type_id, "VctError", vct_error_values);
}

/* enumerations from "vctable.h": VctRowRole */
static const GEnumValue vct_row_role_values[] = {
  { VCT_ROW_ROLE_ITEM, "VCT_ROW_ROLE_ITEM", "item" },
  { VCT_ROW_ROLE_HEADER, "VCT_ROW_ROLE_HEADER", "header" },
  { VCT_ROW_ROLE_FOOTER, "VCT_ROW_ROLE_FOOTER", "footer" },
  { 0, NULL, NULL }
};

GType
vct_row_role_get_type (void)
{
  static gsize type_id = 0;

  return register_enum_once (&type_id, "VctRowRole", vct_row_role_values);
}

/* enumerations from "vctable.h": VctFollowState */
static const GEnumValue vct_follow_state_values[] = {
  { VCT_FOLLOW_STATE_NORMAL, "VCT_FOLLOW_STATE_NORMAL", "normal" },
  { VCT_FOLLOW_STATE_LOADING, "VCT_FOLLOW_STATE_LOADING", "loading" },
  { VCT_FOLLOW_STATE_CHECKED, "VCT_FOLLOW_STATE_CHECKED", "checked" },
  { 0, NULL, NULL }
};

GType
vct_follow_state_get_type (void)
{
  static gsize type_id = 0;

  return register_enum_once (&type_id, "VctFollowState", vct_follow_state_values);
}

/* enumerations from "vctable.h": VctSongPickerState */
static const GEnumValue vct_song_picker_state_values[] = {
  { VCT_SONG_PICKER_STATE_PICKING, "VCT_SONG_PICKER_STATE_PICKING", "picking" },
  { VCT_SONG_PICKER_STATE_LISTENING, "VCT_SONG_PICKER_STATE_LISTENING", "listening" },
  { VCT_SONG_PICKER_STATE_FINISHED, "VCT_SONG_PICKER_STATE_FINISHED", "finished" },
  { 0, NULL, NULL }
};

GType
vct_song_picker_state_get_type (void)
{
  static gsize type_id = 0;

  return register_enum_once (&type_id, "VctSongPickerState", vct_song_picker_state_values);
}

/* enumerations from "vctable.h": VctImageState */
static const GEnumValue vct_image_state_values[] = {
  { VCT_IMAGE_STATE_NONE, "VCT_IMAGE_STATE_NONE", "none" },
  { VCT_IMAGE_STATE_LOADING, "VCT_IMAGE_STATE_LOADING", "loading" },
  { VCT_IMAGE_STATE_LOADED, "VCT_IMAGE_STATE_LOADED", "loaded" },
  { VCT_IMAGE_STATE_FAILED, "VCT_IMAGE_STATE_FAILED", "failed" },
  { 0, NULL, NULL }
};

GType
vct_image_state_get_type (void)
{
  static gsize type_id = 0;

  return register_enum_once (&type_id, "VctImageState", vct_image_state_values);
}
