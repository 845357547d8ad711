/* test-types.c: the enumeration GTypes of vctable.h (vct_*_get_type, VCT_TYPE_*).
 *
 * Each type is registered as glib-mkenums registers one: named after its C typedef, each
 * value named by its C macro, with the macro's tail in lower case with dashes as its nick.
 * Every value the header declares is checked, in the header's order, and each type in a
 * GValue and as a GParamSpec's default. The last cases check that the Swift core
 * reports the same values: a song picker's state through picking, listening and
 * finished, the error code of each reload failure that needs no network, and a feed
 * member row's `follow-state` property (a VctFollowState) through a follow.
 */
#include "common/vct-test.h"

#include <string.h>

/* ------------------------------------------------------------------ the tables */

typedef struct
{
  gint        value;
  const char *name;
  const char *nick;
} ExpectedValue;

#define VALUE(macro, nick) { macro, #macro, nick }

static const ExpectedValue error_values[] = {
  VALUE (VCT_ERROR_FAILED, "failed"),
  VALUE (VCT_ERROR_INVALID_URI, "invalid-uri"),
  VALUE (VCT_ERROR_CONNECTION_FAILED, "connection-failed"),
  VALUE (VCT_ERROR_TIMED_OUT, "timed-out"),
  VALUE (VCT_ERROR_HTTP_STATUS, "http-status"),
  VALUE (VCT_ERROR_BODY_TOO_LARGE, "body-too-large"),
  VALUE (VCT_ERROR_TRUNCATED_BODY, "truncated-body"),
  VALUE (VCT_ERROR_EMPTY_RESPONSE, "empty-response"),
  VALUE (VCT_ERROR_INVALID_JSON, "invalid-json"),
  VALUE (VCT_ERROR_NOT_AN_ARRAY, "not-an-array"),
  VALUE (VCT_ERROR_WRONG_FIELD_TYPE, "wrong-field-type"),
  VALUE (VCT_ERROR_MISSING_FIELD, "missing-field"),
  VALUE (VCT_ERROR_FILE_UNREADABLE, "file-unreadable"),
  VALUE (VCT_ERROR_CANCELLED, "cancelled"),
  VALUE (VCT_ERROR_INVALID_IMAGE, "invalid-image"),
  VALUE (VCT_ERROR_IMAGE_TOO_LARGE, "image-too-large"),
};

static const ExpectedValue row_role_values[] = {
  VALUE (VCT_ROW_ROLE_ITEM, "item"),
  VALUE (VCT_ROW_ROLE_HEADER, "header"),
  VALUE (VCT_ROW_ROLE_FOOTER, "footer"),
};

static const ExpectedValue follow_state_values[] = {
  VALUE (VCT_FOLLOW_STATE_NORMAL, "normal"),
  VALUE (VCT_FOLLOW_STATE_LOADING, "loading"),
  VALUE (VCT_FOLLOW_STATE_CHECKED, "checked"),
};

static const ExpectedValue image_state_values[] = {
  VALUE (VCT_IMAGE_STATE_NONE, "none"),
  VALUE (VCT_IMAGE_STATE_LOADING, "loading"),
  VALUE (VCT_IMAGE_STATE_LOADED, "loaded"),
  VALUE (VCT_IMAGE_STATE_FAILED, "failed"),
};

static const ExpectedValue song_picker_state_values[] = {
  VALUE (VCT_SONG_PICKER_STATE_PICKING, "picking"),
  VALUE (VCT_SONG_PICKER_STATE_LISTENING, "listening"),
  VALUE (VCT_SONG_PICKER_STATE_FINISHED, "finished"),
};

typedef struct
{
  const char          *path;
  GType              (*get_type) (void);
  const char          *type_name;
  const ExpectedValue *values;
  guint                n_values;
} EnumCase;

#define ENUM_CASE(path, prefix, type_name, values) \
  { "/types/enum/" path, prefix##_get_type, type_name, values, G_N_ELEMENTS (values) }

static const EnumCase enum_cases[] = {
  ENUM_CASE ("error", vct_error, "VctError", error_values),
  ENUM_CASE ("row-role", vct_row_role, "VctRowRole", row_role_values),
  ENUM_CASE ("follow-state", vct_follow_state, "VctFollowState", follow_state_values),
  ENUM_CASE ("song-picker-state", vct_song_picker_state, "VctSongPickerState", song_picker_state_values),
  ENUM_CASE ("image-state", vct_image_state, "VctImageState", image_state_values),
};

/* The nick of @value in the enumeration @type (NULL when it has no such value). */
static const char *
nick_of (GType type, gint value)
{
  GEnumClass *klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (klass, value);

  g_type_class_unref (klass); /* a static type: the class and its table stay */
  return found != NULL ? found->value_nick : NULL;
}

/* ------------------------------------------------------------------ registration */

#define N_RACERS 4

typedef struct
{
  gint  *go;
  GType  types[G_N_ELEMENTS (enum_cases)];
} Racer;

static gpointer
racer_run (gpointer data)
{
  Racer *racer = data;

  while (!g_atomic_int_get (racer->go))
    g_thread_yield ();
  for (guint i = 0; i < G_N_ELEMENTS (enum_cases); i++)
    racer->types[i] = enum_cases[i].get_type ();
  return NULL;
}

/* The first calls, from several threads at once (this case runs first): one type each. */
static void
test_first_call_from_threads (void)
{
  Racer racers[N_RACERS];
  GThread *threads[N_RACERS];
  gint go = 0;

  for (guint t = 0; t < N_RACERS; t++)
    {
      racers[t].go = &go;
      threads[t] = g_thread_new ("racer", racer_run, &racers[t]);
    }
  g_atomic_int_set (&go, 1);
  for (guint t = 0; t < N_RACERS; t++)
    g_thread_join (threads[t]);

  for (guint i = 0; i < G_N_ELEMENTS (enum_cases); i++)
    {
      GType type = enum_cases[i].get_type ();

      g_assert_cmpuint (type, !=, G_TYPE_INVALID);
      for (guint t = 0; t < N_RACERS; t++)
        g_assert_cmpuint (racers[t].types[i], ==, type);
      g_assert_cmpstr (g_type_name (type), ==, enum_cases[i].type_name);
    }
}

/* VCT_TYPE_* is the get_type call, and each type is found by its name. */
static void
test_macros (void)
{
  g_assert_cmpuint (VCT_TYPE_ERROR, ==, vct_error_get_type ());
  g_assert_cmpuint (VCT_TYPE_ROW_ROLE, ==, vct_row_role_get_type ());
  g_assert_cmpuint (VCT_TYPE_FOLLOW_STATE, ==, vct_follow_state_get_type ());
  g_assert_cmpuint (VCT_TYPE_SONG_PICKER_STATE, ==, vct_song_picker_state_get_type ());

  g_assert_cmpuint (g_type_from_name ("VctError"), ==, VCT_TYPE_ERROR);
  g_assert_cmpuint (g_type_from_name ("VctRowRole"), ==, VCT_TYPE_ROW_ROLE);
  g_assert_cmpuint (g_type_from_name ("VctFollowState"), ==, VCT_TYPE_FOLLOW_STATE);
  g_assert_cmpuint (g_type_from_name ("VctSongPickerState"), ==, VCT_TYPE_SONG_PICKER_STATE);
}

/* One enumeration: its type, every header value with its name and nick, nothing else. */
static void
test_enum (gconstpointer data)
{
  const EnumCase *test = data;
  GType type = test->get_type ();
  GEnumClass *klass;

  g_assert_true (G_TYPE_IS_ENUM (type));
  g_assert_cmpuint (G_TYPE_FUNDAMENTAL (type), ==, G_TYPE_ENUM);
  g_assert_true (G_TYPE_IS_VALUE_TYPE (type));
  g_assert_cmpuint (test->get_type (), ==, type);
  g_assert_cmpstr (g_type_name (type), ==, test->type_name);

  klass = g_type_class_ref (type);
  g_assert_true (G_IS_ENUM_CLASS (klass));
  g_assert_cmpuint (G_ENUM_CLASS_TYPE (klass), ==, type);
  g_assert_cmpuint (klass->n_values, ==, test->n_values);
  g_assert_cmpint (klass->minimum, ==, test->values[0].value);
  g_assert_cmpint (klass->maximum, ==, test->values[test->n_values - 1].value);

  for (guint i = 0; i < test->n_values; i++)
    {
      const ExpectedValue *expected = &test->values[i];
      GEnumValue *value = g_enum_get_value (klass, expected->value);

      g_assert_cmpint (expected->value, ==, (gint) i); /* the header's values: 0, 1, 2, … */
      g_assert_nonnull (value);
      g_assert_cmpint (value->value, ==, expected->value);
      g_assert_cmpstr (value->value_name, ==, expected->name);
      g_assert_cmpstr (value->value_nick, ==, expected->nick);
      g_assert_true (value == &klass->values[i]); /* in the header's order */
      g_assert_true (g_enum_get_value_by_nick (klass, expected->nick) == value);
      g_assert_true (g_enum_get_value_by_name (klass, expected->name) == value);
    }
  g_assert_null (g_enum_get_value (klass, (gint) test->n_values));
  g_assert_null (g_enum_get_value (klass, -1));
  g_assert_null (g_enum_get_value_by_nick (klass, test->values[0].name));

  g_type_class_unref (klass);
}

/* One enumeration in a GValue: held, copied, shown by name, and as a property's
 * default (validation puts an unknown value back to it). */
static void
test_enum_value (gconstpointer data)
{
  const EnumCase *test = data;
  GType type = test->get_type ();
  const ExpectedValue *last = &test->values[test->n_values - 1];
  GValue value = G_VALUE_INIT;
  GValue copy = G_VALUE_INIT;
  GValue text = G_VALUE_INIT;
  GParamSpec *pspec;
  const GValue *fallback;

  g_value_init (&value, type);
  g_assert_true (G_VALUE_HOLDS_ENUM (&value));
  g_assert_true (G_VALUE_HOLDS (&value, type));
  g_assert_cmpint (g_value_get_enum (&value), ==, 0);
  for (guint i = 0; i < test->n_values; i++)
    {
      g_value_set_enum (&value, test->values[i].value);
      g_value_init (&copy, type);
      g_value_copy (&value, &copy);
      g_assert_cmpint (g_value_get_enum (&copy), ==, test->values[i].value);
      g_value_unset (&copy);

      g_value_init (&text, G_TYPE_STRING);
      g_assert_true (g_value_transform (&value, &text));
      g_assert_cmpstr (g_value_get_string (&text), ==, test->values[i].name);
      g_value_unset (&text);
    }

  pspec = g_param_spec_ref_sink (g_param_spec_enum ("value", "Value", "A value of the enumeration", type,
                                                    last->value, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
  g_assert_cmpuint (G_PARAM_SPEC_VALUE_TYPE (pspec), ==, type);
  g_assert_cmpint (G_PARAM_SPEC_ENUM (pspec)->default_value, ==, last->value);
  g_assert_true (G_PARAM_SPEC_ENUM (pspec)->enum_class == g_type_class_peek (type));
  fallback = g_param_spec_get_default_value (pspec);
  g_assert_true (G_VALUE_HOLDS (fallback, type));
  g_assert_cmpint (g_value_get_enum (fallback), ==, last->value);

  g_value_set_enum (&value, test->values[0].value);
  g_assert_false (g_param_value_validate (pspec, &value)); /* a known value stays */
  g_assert_cmpint (g_value_get_enum (&value), ==, test->values[0].value);
  g_value_set_enum (&value, (gint) test->n_values + 7);
  g_assert_true (g_param_value_validate (pspec, &value)); /* an unknown one is reset */
  g_assert_cmpint (g_value_get_enum (&value), ==, last->value);
  g_assert_true (g_param_value_defaults (pspec, &value));

  g_param_spec_unref (pspec);
  g_value_unset (&value);
}

/* ------------------------------------------------------------------ the Swift core */

/* `notify::state`: the state read in the handler (as of that change), by nick. */
static void
on_state (VctSongPickerModel *model, G_GNUC_UNUSED GParamSpec *pspec, gpointer data)
{
  g_ptr_array_add (data, g_strdup (nick_of (VCT_TYPE_SONG_PICKER_STATE, (gint) vct_song_picker_model_get_state (model))));
}

static gboolean
cond_songs_loaded (gpointer model)
{
  return !vct_song_picker_model_is_loading (model) &&
         g_list_model_get_n_items (G_LIST_MODEL (vct_song_picker_model_get_list (model))) > 0;
}

static gboolean
cond_button_enabled (gpointer model)
{
  return vct_song_picker_model_is_button_enabled (model);
}

/* The picker's state, read and reported, is the value whose nick names it: "picking"
 * when created, "listening" after start, "finished" after the last song. */
static void
test_swift_song_picker_state (void)
{
  char *uri = vct_test_write_temp ("[{\"id\": 1, \"title\": \"one\", \"subtitle\": \"s\", \"duration\": 65}]", -1, NULL);
  VctSongService *service = vct_song_service_new_for_uri (uri);
  VctSongPickerModel *model = vct_song_picker_model_new (service);
  GPtrArray *reported = g_ptr_array_new_with_free_func (g_free);
  VctRow *song;
  char *seen;

  g_object_unref (service);
  g_signal_connect (model, "notify::state", G_CALLBACK (on_state), reported);

  g_assert_cmpstr (nick_of (VCT_TYPE_SONG_PICKER_STATE, vct_song_picker_model_get_state (model)), ==, "picking");

  vct_song_picker_model_reload (model);
  run_until (NULL, cond_songs_loaded, model, VCT_TEST_TIMEOUT_MS);
  /* Picking the song (reported later): the button is enabled, start can begin. */
  song = g_list_model_get_item (G_LIST_MODEL (vct_song_picker_model_get_list (model)), 0);
  g_assert_true (VCT_IS_SONG_ROW (song));
  vct_row_select (song);
  g_object_unref (song);
  run_until (NULL, cond_button_enabled, model, VCT_TEST_TIMEOUT_MS);
  g_assert_true (vct_song_picker_model_start (model));
  g_assert_cmpstr (nick_of (VCT_TYPE_SONG_PICKER_STATE, vct_song_picker_model_get_state (model)), ==, "listening");
  g_assert_true (vct_song_picker_model_finish_song (model));
  g_assert_cmpstr (nick_of (VCT_TYPE_SONG_PICKER_STATE, vct_song_picker_model_get_state (model)), ==, "finished");

  settle_loop (NULL);
  g_ptr_array_add (reported, NULL);
  seen = g_strjoinv (",", (char **) reported->pdata);
  g_assert_cmpstr (seen, ==, "listening,finished");

  g_free (seen);
  g_object_unref (model);
  g_ptr_array_unref (reported);
  g_free (uri);
}

/* The code of the error a reload over @api ends with. */
static gint
reload_error_code (VctApi *api)
{
  VctTableModel *model = vct_table_model_new_with_manager (api);
  Recorder rec;
  GError *error;
  gint code;

  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  g_assert_cmpint (rec.n_errors, ==, 1);

  error = vct_table_model_get_last_error (model);
  g_assert_nonnull (error);
  g_assert_true (error->domain == VCT_ERROR);
  code = error->code;
  g_error_free (error);

  g_object_unref (model);
  g_assert_cmpint (rec.n_error_notifies, ==, 1);
  recorder_clear (&rec);
  return code;
}

/* The code of the error a reload over a custom API answering @json ends with. */
static gint
json_error_code (const char *json)
{
  FakeApi fake;
  VctApi *api;
  gint code;

  fake_api_init (&fake);
  fake.auto_json = json;
  api = fake_api_new (&fake);
  code = reload_error_code (api);
  g_object_unref (api);
  run_until (NULL, fake_api_was_notified, &fake, VCT_TEST_TIMEOUT_MS);
  fake_api_clear (&fake);
  return code;
}

/* The code of the error a reload over vct_api_new_for_uri (@uri) ends with. */
static gint
uri_error_code (const char *uri)
{
  VctApi *api = vct_api_new_for_uri (uri);
  gint code;

  g_assert_nonnull (api);
  code = reload_error_code (api);
  g_object_unref (api);
  return code;
}

/* The Swift core's error codes (VCTableError.Code raw values) are the VctError values
 * whose nicks name the failure. */
static void
test_swift_error_codes (void)
{
  static const struct
  {
    const char *json;
    const char *nick;
  } documents[] = {
    { "not json", "invalid-json" },
    { "", "empty-response" },
    { "{\"photos\": []}", "not-an-array" },
    { "[42]", "wrong-field-type" },
    { "[{\"albumId\": 1, \"id\": 1, \"title\": \"t\", \"url\": \"u\"}]", "missing-field" },
  };
  char *missing = vct_test_missing_uri ();

  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    {
      g_test_message ("document %s", documents[i].json);
      g_assert_cmpstr (nick_of (VCT_TYPE_ERROR, json_error_code (documents[i].json)), ==, documents[i].nick);
    }
  g_assert_cmpstr (nick_of (VCT_TYPE_ERROR, uri_error_code (missing)), ==, "file-unreadable");
  g_assert_cmpstr (nick_of (VCT_TYPE_ERROR, uri_error_code ("gopher://example.com/photos")), ==, "invalid-uri");
  g_free (missing);
}

typedef struct
{
  GPtrArray *states;       /* the nick of the row's follow-state at each notify of it */
  GThread   *thread;
  gint       wrong_thread;
} FollowLog;

static void
on_follow_state (GObject *row, GParamSpec *pspec, gpointer data)
{
  FollowLog *log = data;
  VctFollowState state = VCT_FOLLOW_STATE_NORMAL;

  g_assert_cmpstr (g_param_spec_get_name (pspec), ==, "follow-state");
  if (g_thread_self () != log->thread)
    log->wrong_thread++;
  g_object_get (row, "follow-state", &state, NULL);
  g_ptr_array_add (log->states, g_strdup (nick_of (VCT_TYPE_FOLLOW_STATE, (gint) state)));
}

static gboolean
cond_followed (gpointer data)
{
  FollowLog *log = data;

  return log->states->len > 0 && g_strcmp0 (g_ptr_array_index (log->states, log->states->len - 1), "checked") == 0;
}

static gboolean
cond_feed_loaded (gpointer model)
{
  return !vct_feed_model_is_loading (model) && vct_list_model_get_n_sections (vct_feed_model_get_list (model)) > 0;
}

/* A member row's follow-state is a VctFollowState: the property's type, the fixture's rows
 * (normal, checked), and a follow's loading then checked, each a value of the type. */
static void
test_swift_follow_state (void)
{
  VctFeedModel *model = vct_feed_model_factory_instance ();
  GListModel *list = G_LIST_MODEL (vct_feed_model_get_list (model));
  GObjectClass *row_class = g_type_class_ref (VCT_TYPE_MEMBER_ROW);
  GParamSpec *pspec = g_object_class_find_property (row_class, "follow-state");
  VctRow *normal = NULL;
  guint n, n_members = 0, n_checked = 0;
  FollowLog log = { g_ptr_array_new_with_free_func (g_free), g_thread_self (), 0 };
  gulong handler;

  g_assert_nonnull (pspec);
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (pspec) == VCT_TYPE_FOLLOW_STATE);
  g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
  g_type_class_unref (row_class);

  vct_feed_model_reload (model);
  run_until (NULL, cond_feed_loaded, model, VCT_TEST_TIMEOUT_MS);
  n = g_list_model_get_n_items (list);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (VctRow) row = g_list_model_get_item (list, i);
      VctFollowState state = (VctFollowState) -1;
      GEnumClass *klass;

      if (!VCT_IS_MEMBER_ROW (row))
        continue;
      g_assert_cmpstr (vct_row_get_kind (row), ==, "MemberRowView");
      n_members++;
      g_object_get (row, "follow-state", &state, NULL);
      klass = g_type_class_ref (VCT_TYPE_FOLLOW_STATE);
      g_assert_nonnull (g_enum_get_value (klass, (gint) state));
      g_type_class_unref (klass);
      n_checked += state == VCT_FOLLOW_STATE_CHECKED;
      if (normal == NULL && state == VCT_FOLLOW_STATE_NORMAL)
        normal = g_object_ref (row);
    }
  g_assert_cmpuint (n_members, ==, 16);
  g_assert_cmpuint (n_checked, ==, 2);
  g_assert_nonnull (normal);

  handler = g_signal_connect (normal, "notify::follow-state", G_CALLBACK (on_follow_state), &log);
  vct_row_press (normal);
  run_until (NULL, cond_followed, &log, VCT_TEST_TIMEOUT_MS);
  settle_loop (NULL);
  g_signal_handler_disconnect (normal, handler);
  g_assert_cmpint (log.wrong_thread, ==, 0);
  g_assert_cmpuint (log.states->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (log.states, 0), ==, nick_of (VCT_TYPE_FOLLOW_STATE, VCT_FOLLOW_STATE_LOADING));
  g_assert_cmpstr (g_ptr_array_index (log.states, 1), ==, nick_of (VCT_TYPE_FOLLOW_STATE, VCT_FOLLOW_STATE_CHECKED));

  g_object_unref (normal);
  g_object_unref (model);
  g_ptr_array_unref (log.states);
}

int
main (int argc, char **argv)
{
  /* Before any thread starts: the feed factory reads the real environment. */
  g_unsetenv ("VCTABLE_FEEDS_URL");

  vct_test_init (&argc, &argv);

  g_test_add_func ("/types/first-call-from-threads", test_first_call_from_threads);
  g_test_add_func ("/types/macros", test_macros);
  for (guint i = 0; i < G_N_ELEMENTS (enum_cases); i++)
    {
      char *value_path = g_strconcat (enum_cases[i].path, "/gvalue", NULL);

      g_test_add_data_func (enum_cases[i].path, &enum_cases[i], test_enum);
      g_test_add_data_func (value_path, &enum_cases[i], test_enum_value);
      g_free (value_path);
    }
  g_test_add_func ("/types/swift/song-picker-state", test_swift_song_picker_state);
  g_test_add_func ("/types/swift/error-codes", test_swift_error_codes);
  g_test_add_func ("/types/swift/follow-state", test_swift_follow_state);
  return vct_test_run ();
}
