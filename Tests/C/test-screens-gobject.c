/* test-screens-gobject.c: the feed and song-picker screens (VctFeedModel,
 * VctSongPickerModel, their services and rows, VctFeedPhoto) as GObjects.
 *
 * The types (final GObject types, read-only properties of the documented types, the
 * signals and their parameters, g_autoptr); the ordered log of one delivery (`notify` and
 * the signals, the only way to listen to a screen, with the list's `items-changed` and
 * the row objects' `notify` in between, as the code schedules them);
 * a follow as `notify` on the member row object itself (each read as of its change, no
 * items-changed); open-detail's VctFeedPhoto; the song picker's session through its
 * commands, ending with `dismiss`; commands from other threads (every handler on the
 * creating thread); the last unref disposing at once with a fetch pending, nothing
 * delivered afterwards (every handler freed inside it); the VCT_IS_* checks of the entry
 * points.
 *
 * Like test-gobject.c, every report goes to one ordered log (SgLog, over common/'s
 * VctTestLog), checked to run on the model's context thread, each model handler's closure
 * notify counted. Nothing sleeps to synchronise: the loop runs until an event is logged
 * (with a guard), and "nothing else happens" is a short quiet period of the loop
 * (settle_loop).
 *
 * /gobject/feed/follow/completed-before-redraw probes a rule the library broke when it
 * was written (a follow that completes after "loading" reached the member row object but
 * before the list redrew that row never notifies "checked" on the object); it runs in a
 * subprocess, and the program runs with --keep-going, so that its failure is its own and
 * every other case still runs (as test-list-model.c does).
 *
 * Feed documents put every post between 11:00 and 13:00 UTC, so the day sections are the
 * same in any time zone between UTC-11 and UTC+10 (as in test-feed.c).
 */
#include "common/vct-test.h"

#include <string.h>

#define LOADING_TITLE "Loading..."
#define LOADED_TITLE "Your Feeds"
#define PICKING_TITLE "Pick meditation song"
#define PLAYER_TITLE "Player"
#define BUTTON_TITLE "START MEDITATION SESSION"

/* ------------------------------------------------------------- SgLog */

/* The screens' log: VctTestLog (common/vct-test.h) with what this file's handlers need.
 * Its events: notifies ("notify::<property>=<value read in the handler>", "<tag>:notify::…"
 * for a watched row), signals ("did-error:<message without the prefix>",
 * "open-detail:<id>", "dismiss"), the list's "items-changed:<position>,<removed>,<added>"
 * and the model's weak notify ("finalized"). */
typedef struct
{
  VctTestLog  base;
  GPtrArray  *photos; /* VctFeedPhoto * from open-detail, referenced (base.lock) */
  /* When set, the did-error handler (resp. the notify::title handler) drops this
   * reference. */
  GObject    *drop_in_error_signal;
  GObject    *drop_in_title_notify;
  guint       n_handlers;     /* the model handlers connected (sg_connect) */
  gint        handlers_freed; /* atomic: their closure notifies that ran */
} SgLog;

/* The log of the calling thread, reporting on the default context. */
static void
sg_log_init (SgLog *log)
{
  memset (log, 0, sizeof *log);
  vct_test_log_init (&log->base, NULL);
  log->photos = g_ptr_array_new_with_free_func (g_object_unref);
}

static void
sg_log_clear (SgLog *log)
{
  g_assert_null (log->drop_in_error_signal);
  g_assert_null (log->drop_in_title_notify);
  vct_test_log_clear (&log->base);
  g_clear_pointer (&log->photos, g_ptr_array_unref);
}

#define sg_assert_log(log, expected) vct_test_assert_log (&(log)->base, (expected))
#define sg_log_n_events(log) vct_test_log_n_events (&(log)->base)
#define sg_log_take(log) vct_test_log_take (&(log)->base)
/* Runs the default context (the model's, iterated by this thread) until @event is logged. */
#define sg_run_until_event(log, event) vct_test_log_run_until_event (&(log)->base, (event))
/* Blocks (the context is another thread's) until @event is logged. */
#define sg_log_wait_event(log, event) vct_test_log_wait_event (&(log)->base, (event))

/* The events of @seen whose text starts with @prefix (one row object's, "s1:"), in order.
 * Each object's notifies come in the order of its changes; across objects, a batch may
 * report one row's change (as the list re-points it) before another's own report
 * arrives, so tests compare per object. */
#define sg_assert_events_with_prefix(seen, prefix, expected) G_STMT_START { \
    char *kept_ = vct_test_log_filter ((seen), (prefix));                   \
    g_assert_cmpstr (kept_, ==, (expected));                                \
    g_free (kept_);                                                         \
  } G_STMT_END

/* Every model handler @log connected was freed (its closure notify ran once). */
#define sg_assert_handlers_freed(log) \
  g_assert_cmpint (g_atomic_int_get (&(log)->handlers_freed), ==, (gint) (log)->n_handlers)

/* An error message without ERROR_PREFIX ("(no prefix)" when it lacks it). */
static char *
sg_message (const char *message)
{
  if (g_str_has_prefix (message, ERROR_PREFIX))
    return g_strdup (message + strlen (ERROR_PREFIX));
  return g_strdup_printf ("(no prefix)%s", message);
}

/* ------------------------------------------------------------- GObject handlers */

static void
sg_on_did_error (GObject *model, const char *message, gpointer data)
{
  SgLog *log = data;
  char *text = sg_message (message);

  g_assert_true (VCT_IS_FEED_MODEL (model) || VCT_IS_SONG_PICKER_MODEL (model));
  vct_test_log_addf (&log->base, "did-error:%s", text);
  g_free (text);
  if (log->drop_in_error_signal != NULL)
    g_object_unref (g_steal_pointer (&log->drop_in_error_signal));
}

static void
sg_on_open_detail (VctFeedModel *model, VctFeedPhoto *photo, gpointer data)
{
  SgLog *log = data;

  g_assert_true (VCT_IS_FEED_MODEL (model));
  g_assert_true (VCT_IS_FEED_PHOTO (photo));
  g_mutex_lock (&log->base.lock);
  g_ptr_array_add (log->photos, g_object_ref (photo));
  g_mutex_unlock (&log->base.lock);
  vct_test_log_addf (&log->base, "open-detail:%" G_GINT64_FORMAT, vct_feed_photo_get_id (photo));
}

static void
sg_on_dismiss (VctSongPickerModel *model, gpointer data)
{
  g_assert_true (VCT_IS_SONG_PICKER_MODEL (model));
  vct_test_log_add (&((SgLog *) data)->base, g_strdup ("dismiss"));
}

/* A model handler's closure notify: counts it. */
static void
sg_handler_freed (gpointer data, G_GNUC_UNUSED GClosure *closure)
{
  g_atomic_int_inc (&((SgLog *) data)->handlers_freed);
}

/* Connects @callback to @model's @signal with @log as its data (an SgLog is also its
 * VctTestLog: `base` comes first), counting its closure notify (freed at a disconnection
 * or at the model's finalization). */
static void
sg_connect (gpointer model, const char *signal, GCallback callback, SgLog *log)
{
  g_assert_cmpuint (g_signal_connect_data (model, signal, callback, log, sg_handler_freed, 0), !=, 0);
  log->n_handlers++;
}

/* The notify::title handler: when asked, drops the reference it was given (the last one
 * but the delivery's own), then logs whether the model was finalized inside the call. */
static void
sg_on_title (G_GNUC_UNUSED GObject *model, G_GNUC_UNUSED GParamSpec *pspec, gpointer data)
{
  SgLog *log = data;

  if (log->drop_in_title_notify == NULL)
    return;
  g_object_unref (g_steal_pointer (&log->drop_in_title_notify));
  vct_test_log_addf (&log->base, "after-unref:%d", g_atomic_int_get (&log->base.finalized));
}

/* The feed's notify and two signals (with the notify::title handler after the notify
 * one), its list's items-changed. */
static void
sg_connect_feed (VctFeedModel *model, SgLog *log)
{
  sg_connect (model, "notify", G_CALLBACK (vct_test_log_on_notify), log);
  sg_connect (model, "notify::title", G_CALLBACK (sg_on_title), log);
  sg_connect (model, "did-error", G_CALLBACK (sg_on_did_error), log);
  sg_connect (model, "open-detail", G_CALLBACK (sg_on_open_detail), log);
  g_signal_connect (vct_feed_model_get_list (model), "items-changed", G_CALLBACK (vct_test_log_on_items_changed),
                    &log->base);
}

/* The picker's notify and two signals, its list's items-changed. */
static void
sg_connect_picker (VctSongPickerModel *model, SgLog *log)
{
  sg_connect (model, "notify", G_CALLBACK (vct_test_log_on_notify), log);
  sg_connect (model, "did-error", G_CALLBACK (sg_on_did_error), log);
  sg_connect (model, "dismiss", G_CALLBACK (sg_on_dismiss), log);
  g_signal_connect (vct_song_picker_model_get_list (model), "items-changed",
                    G_CALLBACK (vct_test_log_on_items_changed), &log->base);
}

/* Logs @row's notifies as "<tag>:notify::…" (@tag: a string literal); the log holds its
 * own reference. */
static void
sg_watch_row (gpointer row, SgLog *log, const char *tag)
{
  vct_test_log_watch (&log->base, row, tag);
}

/* Stops logging @row's notifies and drops the reference the test holds. */
static void
sg_unwatch_row (gpointer row, SgLog *log)
{
  vct_test_log_unwatch (&log->base, row);
  g_object_unref (row);
}

static void
sg_iterate_idle (GMainContext *context)
{
  guint guard = 0;

  while (g_main_context_iteration (context, FALSE))
    g_assert_cmpuint (++guard, <, 100000);
}

static gboolean
sg_cancelled_cond (gpointer cancellable)
{
  return g_cancellable_is_cancelled (cancellable);
}

/* ------------------------------------------------------------- feed documents */

#define DAY_1 VCT_TEST_FEED_DAY_1
#define DAY_2 VCT_TEST_FEED_DAY_2
#define DAY_3 VCT_TEST_FEED_DAY_3

/* test-feed.c's standard wall, in a shuffled document order. Flat (GListModel) order,
 * days newest first, each day's rows in document order:
 *   0 header DAY_1, 1 member 7, 2 photo 30 (12:30), 3 member 8 (following),
 *   4 header DAY_2, 5 member 9, 6 photo 31, 7 photo 33,
 *   8 header DAY_3, 9 photo 32, 10 member 12 */
static char *
standard_doc (void)
{
  return vct_test_feed_standard_doc (FALSE);
}

#define STANDARD_N_ITEMS 11


/* ------------------------------------------------------------- fixtures */

/* A feed over a FakeService, every report logged. The service is made with
 * @service_context (NULL: the default context) as the thread-default context, so its
 * functions run there; the model reports on the default context. */
typedef struct
{
  FakeService   fake;
  VctFeedModel *model;
  GListModel   *list;
  SgLog         log;
} FeedFx;

static void
feed_fx_setup (FeedFx *fx, GMainContext *service_context)
{
  VctFeedService *service;

  memset (fx, 0, sizeof *fx);
  fake_service_init (&fx->fake, service_context);
  if (service_context != NULL)
    g_main_context_push_thread_default (service_context);
  service = vct_feed_service_new_custom (fake_service_fetch, fake_service_follow, &fx->fake, fake_service_notify);
  if (service_context != NULL)
    g_main_context_pop_thread_default (service_context);
  g_assert_true (VCT_IS_FEED_SERVICE (service));
  fx->model = vct_feed_model_new (service);
  g_assert_true (VCT_IS_FEED_MODEL (fx->model));
  g_object_unref (service); /* the model keeps one */
  fx->list = G_LIST_MODEL (vct_feed_model_get_list (fx->model));
  sg_log_init (&fx->log);
  sg_connect_feed (fx->model, &fx->log);
  g_object_weak_ref (G_OBJECT (fx->model), vct_test_log_finalized, &fx->log.base);
}

/* The last unref of a screen model (*@model, a VctFeedModel or VctSongPickerModel):
 * disposed at once, every handler freed in it. */
static void
sg_fx_unref (gpointer *model, GListModel **list, SgLog *log)
{
  gint before = g_atomic_int_get (&log->base.finalized);

  g_assert_cmpint (g_atomic_int_get (&log->handlers_freed), ==, 0);
  g_object_unref (g_steal_pointer (model));
  *list = NULL;
  g_assert_cmpint (g_atomic_int_get (&log->base.finalized), ==, before + 1);
  sg_assert_handlers_freed (log);
}

/* A fixture's end: the model's last unref if the case left it, then the service's
 * notify, and nothing else logged. */
static void
sg_fx_teardown (gpointer *model, GListModel **list, FakeService *fake, SgLog *log)
{
  if (*model != NULL)
    {
      sg_fx_unref (model, list, log);
      sg_assert_log (log, "finalized");
    }
  fake_service_finish (fake);
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (log), ==, 0);
  sg_assert_handlers_freed (log);
  sg_log_clear (log);
}

static void
feed_fx_unref (FeedFx *fx)
{
  sg_fx_unref ((gpointer *) &fx->model, &fx->list, &fx->log);
}

static void
feed_fx_teardown (FeedFx *fx)
{
  sg_fx_teardown ((gpointer *) &fx->model, &fx->list, &fx->fake, &fx->log);
}

/* Reloads with @json; returns once the reload was delivered (notify::loading=0). */
static void
feed_fx_load (FeedFx *fx, const char *json)
{
  VctApiRequest *request;

  vct_feed_model_reload (fx->model);
  request = fake_service_wait_fetch (&fx->fake);
  vct_api_request_return_json (request, json, -1);
  sg_run_until_event (&fx->log, "notify::loading=0");
  settle_loop (NULL);
}

static void
feed_fx_load_standard (FeedFx *fx)
{
  char *json = standard_doc ();

  feed_fx_load (fx, json);
  g_free (json);
  g_assert_cmpuint (g_list_model_get_n_items (fx->list), ==, STANDARD_N_ITEMS);
  g_free (sg_log_take (&fx->log));
}

/* A picker over a FakeService on the default context, every report logged. */
typedef struct
{
  FakeService         fake;
  VctSongPickerModel *model;
  GListModel         *list;
  SgLog               log;
} SongsFx;

static void
songs_fx_setup (SongsFx *fx)
{
  VctSongService *service;

  memset (fx, 0, sizeof *fx);
  fake_service_init (&fx->fake, NULL);
  service = vct_song_service_new_custom (fake_service_fetch, &fx->fake, fake_service_notify);
  g_assert_true (VCT_IS_SONG_SERVICE (service));
  fx->model = vct_song_picker_model_new (service);
  g_assert_true (VCT_IS_SONG_PICKER_MODEL (fx->model));
  g_object_unref (service);
  fx->list = G_LIST_MODEL (vct_song_picker_model_get_list (fx->model));
  sg_log_init (&fx->log);
  sg_connect_picker (fx->model, &fx->log);
  g_object_weak_ref (G_OBJECT (fx->model), vct_test_log_finalized, &fx->log.base);
}

static void
songs_fx_unref (SongsFx *fx)
{
  sg_fx_unref ((gpointer *) &fx->model, &fx->list, &fx->log);
}

static void
songs_fx_teardown (SongsFx *fx)
{
  sg_fx_teardown ((gpointer *) &fx->model, &fx->list, &fx->fake, &fx->log);
}

/* ------------------------------------------------------------- 1. types */

typedef struct
{
  const char *name;
  GType       type;
} SgProperty;

/* @type: a final, instantiatable GObject type named @name under @parent, whose own
 * properties are @props (read-only, the given value types) besides @n_inherited. A
 * screen's title, loading, last-error and list are VctScreen's (overridden): their
 * GParamSpec is the interface's. */
static void
sg_assert_class (GType type, const char *name, GType parent, const SgProperty *props, guint n_props,
                 guint n_inherited)
{
  GObjectClass *klass;
  GParamSpec **all;
  guint n_all = 0;

  g_test_message ("class %s", name);
  g_assert_true (G_TYPE_IS_OBJECT (type));
  g_assert_true (G_TYPE_IS_FINAL (type));
  g_assert_false (G_TYPE_IS_ABSTRACT (type));
  g_assert_true (g_type_parent (type) == parent);
  g_assert_cmpstr (g_type_name (type), ==, name);

  klass = g_type_class_ref (type);
  for (guint i = 0; i < n_props; i++)
    {
      GParamSpec *pspec = g_object_class_find_property (klass, props[i].name);

      g_test_message ("property %s:%s", name, props[i].name);
      g_assert_nonnull (pspec);
      g_assert_cmpstr (g_param_spec_get_name (pspec), ==, props[i].name);
      if (g_type_is_a (type, VCT_TYPE_SCREEN) &&
          g_object_interface_find_property (g_type_default_interface_peek (VCT_TYPE_SCREEN), props[i].name) != NULL)
        g_assert_true (pspec->owner_type == VCT_TYPE_SCREEN);
      else
        g_assert_true (pspec->owner_type == type);
      g_assert_cmpstr (g_type_name (G_PARAM_SPEC_VALUE_TYPE (pspec)), ==, g_type_name (props[i].type));
      g_assert_true (pspec->flags & G_PARAM_READABLE);
      g_assert_false (pspec->flags & G_PARAM_WRITABLE);
      g_assert_false (pspec->flags & (G_PARAM_CONSTRUCT | G_PARAM_CONSTRUCT_ONLY));
    }
  all = g_object_class_list_properties (klass, &n_all);
  g_assert_cmpuint (n_all, ==, n_props + n_inherited);
  g_free (all);
  g_type_class_unref (klass);
}

/* @type has exactly the signals @names (run-last, no return value); @n_params[i] and
 * @param_types[i] (the first parameter's type, when it has one) for each. A screen's
 * did-error is VctScreen's (checked on VCT_TYPE_SCREEN). */
static void
sg_assert_signals (GType type, const char *const *names, const guint *n_params, const GType *param_types, guint n)
{
  guint n_ids = 0;
  guint *ids = g_signal_list_ids (type, &n_ids);

  g_assert_cmpuint (n_ids, ==, n);
  g_free (ids);
  for (guint i = 0; i < n; i++)
    {
      guint id = g_signal_lookup (names[i], type);
      GSignalQuery query;

      g_test_message ("signal %s::%s", g_type_name (type), names[i]);
      g_assert_cmpuint (id, !=, 0);
      g_signal_query (id, &query);
      g_assert_cmpstr (query.signal_name, ==, names[i]);
      g_assert_true (query.itype == type);
      g_assert_true ((query.return_type & ~G_SIGNAL_TYPE_STATIC_SCOPE) == G_TYPE_NONE);
      g_assert_true (query.signal_flags & G_SIGNAL_RUN_LAST);
      g_assert_cmpuint (query.n_params, ==, n_params[i]);
      if (n_params[i] == 1)
        g_assert_cmpstr (g_type_name (query.param_types[0] & ~G_SIGNAL_TYPE_STATIC_SCOPE), ==,
                         g_type_name (param_types[i]));
    }
}

/* @type is an enum type named @name whose values 0, 1, 2 have @nicks. */
static void
sg_assert_enum (GType type, const char *name, const char *const nicks[3])
{
  GEnumClass *klass;

  g_assert_true (G_TYPE_IS_ENUM (type));
  g_assert_cmpstr (g_type_name (type), ==, name);
  klass = g_type_class_ref (type);
  g_assert_cmpuint (klass->n_values, ==, 3);
  for (gint i = 0; i < 3; i++)
    {
      GEnumValue *value = g_enum_get_value (klass, i);
      g_assert_nonnull (value);
      g_assert_cmpstr (value->value_nick, ==, nicks[i]);
    }
  g_type_class_unref (klass);
}

static void
sg_count_weak (gpointer data, G_GNUC_UNUSED GObject *where_the_object_was)
{
  g_atomic_int_inc ((gint *) data);
}

static void
test_feed_types (void)
{
  SgProperty props[5];
  const SgProperty photo_props[] = {
    { "id", G_TYPE_INT64 },
    { "title", G_TYPE_STRING },
    { "description", G_TYPE_STRING },
    { "url", G_TYPE_STRING },
    { "date", G_TYPE_DATE_TIME },
  };
  const SgProperty member_props[] = {
    { "name", G_TYPE_STRING },
    { "avatar-url", G_TYPE_STRING },
    { "follow-state", VCT_TYPE_FOLLOW_STATE },
    { "button-hidden", G_TYPE_BOOLEAN },
    { "button-enabled", G_TYPE_BOOLEAN },
    { "spinning", G_TYPE_BOOLEAN },
    { "avatar", VCT_TYPE_IMAGE },
  };
  const SgProperty feed_photo_row_props[] = {
    { "title", G_TYPE_STRING },
    { "description", G_TYPE_STRING },
    { "image-url", G_TYPE_STRING },
    { "date", G_TYPE_STRING },
    { "image", VCT_TYPE_IMAGE },
  };
  const SgProperty header_props[] = {
    { "title", G_TYPE_STRING },
  };
  const char *const signals[] = { "open-detail" };
  const guint n_params[] = { 1 };
  GType param_types[1];
  const char *const screen_signals[] = { "did-error" };
  const guint screen_n_params[] = { 1 };
  const GType screen_param_types[] = { G_TYPE_STRING };
  const char *const follow_nicks[3] = { "normal", "loading", "checked" };
  FakeService fake;
  VctFeedService *service;
  VctFeedModel *feed;
  VctListModel *list = NULL;
  char *title = NULL;
  gboolean loading = TRUE, hidden = FALSE;
  gint gone = 0;

  props[0] = (SgProperty) { "title", G_TYPE_STRING };
  props[1] = (SgProperty) { "loading", G_TYPE_BOOLEAN };
  props[2] = (SgProperty) { "list-hidden", G_TYPE_BOOLEAN };
  props[3] = (SgProperty) { "list", VCT_TYPE_LIST_MODEL };
  props[4] = (SgProperty) { "last-error", G_TYPE_ERROR };
  param_types[0] = VCT_TYPE_FEED_PHOTO;

  /* The classes, their properties and signals. */
  sg_assert_class (VCT_TYPE_FEED_MODEL, "VctFeedModel", G_TYPE_OBJECT, props, G_N_ELEMENTS (props), 0);
  sg_assert_class (VCT_TYPE_FEED_SERVICE, "VctFeedService", G_TYPE_OBJECT, NULL, 0, 0);
  sg_assert_class (VCT_TYPE_FEED_PHOTO, "VctFeedPhoto", G_TYPE_OBJECT, photo_props, G_N_ELEMENTS (photo_props), 0);
  /* The rows: VctRow's "kind" and "role" besides their own. */
  sg_assert_class (VCT_TYPE_MEMBER_ROW, "VctMemberRow", VCT_TYPE_ROW, member_props, G_N_ELEMENTS (member_props), 2);
  sg_assert_class (VCT_TYPE_FEED_PHOTO_ROW, "VctFeedPhotoRow", VCT_TYPE_ROW, feed_photo_row_props,
                   G_N_ELEMENTS (feed_photo_row_props), 2);
  sg_assert_class (VCT_TYPE_DAY_HEADER_ROW, "VctDayHeaderRow", VCT_TYPE_ROW, header_props,
                   G_N_ELEMENTS (header_props), 2);
  sg_assert_signals (VCT_TYPE_FEED_MODEL, signals, n_params, param_types, 1);
  g_assert_true (g_type_is_a (VCT_TYPE_FEED_MODEL, VCT_TYPE_SCREEN));
  sg_assert_signals (VCT_TYPE_SCREEN, screen_signals, screen_n_params, screen_param_types, 1);
  g_assert_cmpuint (g_signal_lookup ("did-error", VCT_TYPE_FEED_MODEL), ==, g_signal_lookup ("did-error", VCT_TYPE_SCREEN));
  sg_assert_signals (VCT_TYPE_FEED_SERVICE, NULL, NULL, NULL, 0);
  sg_assert_signals (VCT_TYPE_FEED_PHOTO, NULL, NULL, NULL, 0);
  sg_assert_enum (VCT_TYPE_FOLLOW_STATE, "VctFollowState", follow_nicks);

  /* An instance and its values at creation. */
  fake_service_init (&fake, NULL);
  service = vct_feed_service_new_custom (fake_service_fetch, fake_service_follow, &fake, fake_service_notify);
  g_assert_true (G_OBJECT_TYPE (service) == VCT_TYPE_FEED_SERVICE);
  feed = vct_feed_model_new (service);
  g_assert_true (G_OBJECT_TYPE (feed) == VCT_TYPE_FEED_MODEL);
  g_object_get (feed, "title", &title, "loading", &loading, "list-hidden", &hidden, "list", &list, NULL);
  g_assert_cmpstr (title, ==, LOADING_TITLE);
  g_assert_false (loading);
  g_assert_true (hidden);
  g_assert_true (VCT_IS_LIST_MODEL (list));
  g_assert_true (list == vct_feed_model_get_list (feed));
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (list)) == VCT_TYPE_ROW);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  g_clear_object (&list);
  g_clear_pointer (&title, g_free);

  /* Read-only: GObject refuses to set them. */
  g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*title*not writable*");
  g_object_set (feed, "title", "Another title", NULL);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*list-hidden*not writable*");
  g_object_set (feed, "list-hidden", FALSE, NULL);
  g_test_assert_expected_messages ();
  g_assert_true (vct_feed_model_is_list_hidden (feed));

  /* g_autoptr unrefs at the end of the scope: the last reference each time. */
  {
    g_autoptr (VctFeedModel) scoped = vct_feed_model_new (service);

    g_assert_true (VCT_IS_FEED_MODEL (scoped));
    g_object_weak_ref (G_OBJECT (scoped), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 1);
  {
    g_autoptr (VctFeedService) scoped = vct_feed_service_new_for_uri ("file:///nonexistent/vct-feeds.json");

    g_assert_true (VCT_IS_FEED_SERVICE (scoped));
    g_object_weak_ref (G_OBJECT (scoped), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 2);
  {
    /* A photo as g_object_new makes it: no data (open-detail's are filled, see
     * /gobject/feed/open-detail). */
    g_autoptr (VctFeedPhoto) scoped = g_object_new (VCT_TYPE_FEED_PHOTO, NULL);

    g_assert_true (VCT_IS_FEED_PHOTO (scoped));
    g_assert_cmpint (vct_feed_photo_get_id (scoped), ==, 0);
    g_assert_null (vct_feed_photo_get_title (scoped));
    g_assert_null (vct_feed_photo_get_date (scoped));
    g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*id*not writable*");
    g_object_set (scoped, "id", (gint64) 5, NULL);
    g_test_assert_expected_messages ();
    g_assert_cmpint (vct_feed_photo_get_id (scoped), ==, 0);
    g_object_weak_ref (G_OBJECT (scoped), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 3);
  {
    g_autoptr (VctFeedModel) factory = vct_feed_model_factory_instance ();

    g_assert_true (G_OBJECT_TYPE (factory) == VCT_TYPE_FEED_MODEL);
    g_object_weak_ref (G_OBJECT (factory), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 4);

  g_object_weak_ref (G_OBJECT (feed), sg_count_weak, &gone);
  g_object_unref (feed);
  g_assert_cmpint (gone, ==, 5);
  g_object_unref (service);
  fake_service_finish (&fake);
  g_assert_cmpint (fake.n_fetches, ==, 0);
}

static void
test_songs_types (void)
{
  const SgProperty song_row_props[] = {
    { "title", G_TYPE_STRING },
    { "subtitle", G_TYPE_STRING },
    { "duration", G_TYPE_STRING },
    { "mode", G_TYPE_STRING },
  };
  SgProperty picker_props[7];
  const char *const signals[] = { "dismiss" };
  const guint n_params[] = { 0 };
  const GType param_types[] = { G_TYPE_NONE };
  const char *const state_nicks[3] = { "picking", "listening", "finished" };
  FakeService fake;
  VctSongService *service;
  VctSongPickerModel *picker;
  VctListModel *list = NULL;
  char *title = NULL, *button_title = NULL;
  gboolean loading = TRUE, enabled = TRUE;
  VctSongPickerState state = VCT_SONG_PICKER_STATE_FINISHED;
  gint gone = 0;

  picker_props[0] = (SgProperty) { "state", VCT_TYPE_SONG_PICKER_STATE };
  picker_props[1] = (SgProperty) { "title", G_TYPE_STRING };
  picker_props[2] = (SgProperty) { "button-title", G_TYPE_STRING };
  picker_props[3] = (SgProperty) { "button-enabled", G_TYPE_BOOLEAN };
  picker_props[4] = (SgProperty) { "loading", G_TYPE_BOOLEAN };
  picker_props[5] = (SgProperty) { "list", VCT_TYPE_LIST_MODEL };
  picker_props[6] = (SgProperty) { "last-error", G_TYPE_ERROR };

  sg_assert_class (VCT_TYPE_SONG_PICKER_MODEL, "VctSongPickerModel", G_TYPE_OBJECT, picker_props,
                   G_N_ELEMENTS (picker_props), 0);
  sg_assert_class (VCT_TYPE_SONG_SERVICE, "VctSongService", G_TYPE_OBJECT, NULL, 0, 0);
  sg_assert_class (VCT_TYPE_SONG_ROW, "VctSongRow", VCT_TYPE_ROW, song_row_props, G_N_ELEMENTS (song_row_props), 2);
  sg_assert_signals (VCT_TYPE_SONG_PICKER_MODEL, signals, n_params, param_types, 1);
  g_assert_true (g_type_is_a (VCT_TYPE_SONG_PICKER_MODEL, VCT_TYPE_SCREEN));
  g_assert_cmpuint (g_signal_lookup ("did-error", VCT_TYPE_SONG_PICKER_MODEL), ==,
                    g_signal_lookup ("did-error", VCT_TYPE_SCREEN));
  sg_assert_signals (VCT_TYPE_SONG_SERVICE, NULL, NULL, NULL, 0);
  sg_assert_enum (VCT_TYPE_SONG_PICKER_STATE, "VctSongPickerState", state_nicks);

  fake_service_init (&fake, NULL);
  service = vct_song_service_new_custom (fake_service_fetch, &fake, fake_service_notify);
  g_assert_true (G_OBJECT_TYPE (service) == VCT_TYPE_SONG_SERVICE);
  picker = vct_song_picker_model_new (service);
  g_assert_true (G_OBJECT_TYPE (picker) == VCT_TYPE_SONG_PICKER_MODEL);
  g_object_get (picker, "state", &state, "title", &title, "button-title", &button_title, "button-enabled", &enabled,
                "loading", &loading, "list", &list, NULL);
  g_assert_cmpint (state, ==, VCT_SONG_PICKER_STATE_PICKING);
  g_assert_cmpstr (title, ==, PICKING_TITLE);
  g_assert_cmpstr (button_title, ==, BUTTON_TITLE);
  g_assert_false (enabled);
  g_assert_false (loading);
  g_assert_true (VCT_IS_LIST_MODEL (list));
  g_assert_true (list == vct_song_picker_model_get_list (picker));
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (list)) == VCT_TYPE_ROW);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  g_clear_object (&list);
  g_clear_pointer (&title, g_free);
  g_clear_pointer (&button_title, g_free);

  g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*state*not writable*");
  g_object_set (picker, "state", VCT_SONG_PICKER_STATE_LISTENING, NULL);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GLib-GObject", G_LOG_LEVEL_WARNING, "*button-enabled*not writable*");
  g_object_set (picker, "button-enabled", TRUE, NULL);
  g_test_assert_expected_messages ();
  g_assert_cmpint (vct_song_picker_model_get_state (picker), ==, VCT_SONG_PICKER_STATE_PICKING);
  g_assert_false (vct_song_picker_model_is_button_enabled (picker));

  {
    g_autoptr (VctSongPickerModel) scoped = vct_song_picker_model_new (service);

    g_assert_true (VCT_IS_SONG_PICKER_MODEL (scoped));
    g_object_weak_ref (G_OBJECT (scoped), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 1);
  {
    g_autoptr (VctSongService) scoped = vct_song_service_new_for_uri ("file:///nonexistent/vct-songs.json");

    g_assert_true (VCT_IS_SONG_SERVICE (scoped));
    g_object_weak_ref (G_OBJECT (scoped), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 2);
  {
    g_autoptr (VctSongPickerModel) factory = vct_song_picker_model_factory_instance ();

    g_assert_true (G_OBJECT_TYPE (factory) == VCT_TYPE_SONG_PICKER_MODEL);
    g_object_weak_ref (G_OBJECT (factory), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 3);

  g_object_weak_ref (G_OBJECT (picker), sg_count_weak, &gone);
  g_object_unref (picker);
  g_assert_cmpint (gone, ==, 4);
  g_object_unref (service);
  fake_service_finish (&fake);
  g_assert_cmpint (fake.n_fetches, ==, 0);
}

/* ------------------------------------------------------------- 2. feed load order */

/* @list's items as "H:<day>", "M:<name>", "P:<title>", checking each class and role. */
static char *
feed_layout (GListModel *list)
{
  GString *text = g_string_new (NULL);
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    {
      VctRow *row = g_list_model_get_item (list, i);
      char *label;

      g_assert_true (VCT_IS_ROW (row));
      if (i > 0)
        g_string_append (text, ", ");
      if (VCT_IS_DAY_HEADER_ROW (row))
        {
          g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_HEADER);
          g_assert_cmpstr (vct_row_get_kind (row), ==, "DayHeaderView");
          label = vct_test_dup_property (row, "title");
          g_string_append_printf (text, "H:%s", label);
        }
      else if (VCT_IS_MEMBER_ROW (row))
        {
          g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_ITEM);
          g_assert_cmpstr (vct_row_get_kind (row), ==, "MemberRowView");
          label = vct_test_dup_property (row, "name");
          g_string_append_printf (text, "M:%s", label);
        }
      else
        {
          g_assert_true (VCT_IS_FEED_PHOTO_ROW (row));
          g_assert_cmpint (vct_row_get_role (row), ==, VCT_ROW_ROLE_ITEM);
          g_assert_cmpstr (vct_row_get_kind (row), ==, "PhotoRowView");
          label = vct_test_dup_property (row, "title");
          g_string_append_printf (text, "P:%s", label);
        }
      g_free (label);
      g_object_unref (row);
    }
  return g_string_free (text, FALSE);
}

#define STANDARD_LAYOUT                                         \
  "H:" DAY_1 ", M:member 7, P:photo 30, M:member 8, "           \
  "H:" DAY_2 ", M:member 9, P:photo 31, P:photo 33, "           \
  "H:" DAY_3 ", P:photo 32, M:member 12"

static void
test_feed_load_order (void)
{
  FeedFx fx;
  VctApiRequest *request;
  VctRow *row;
  char *json = standard_doc ();
  char *layout, *date;
  gboolean hidden = TRUE;
  VctFollowState follow = VCT_FOLLOW_STATE_LOADING;
  gboolean button_hidden = TRUE, button_enabled = FALSE, spinning = TRUE;
  guint start = 0, end = 0;

  feed_fx_setup (&fx, NULL);

  /* The reload: loading becomes TRUE (reported later, never inline). */
  vct_feed_model_reload (fx.model);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  g_assert_true (vct_feed_model_is_loading (fx.model));
  request = fake_service_wait_fetch (&fx.fake);
  sg_run_until_event (&fx.log, "notify::loading=1");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1");

  /* Its outcome: the rows (one items-changed), then the notifies of list-hidden, the
   * title, loading. */
  vct_api_request_return_json (request, json, -1);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  sg_run_until_event (&fx.log, "notify::loading=0");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "items-changed:0,0,11"
                          "|notify::list-hidden=0"
                          "|notify::title=" LOADED_TITLE
                          "|notify::loading=0");
  g_object_get (fx.model, "list-hidden", &hidden, NULL);
  g_assert_false (hidden);
  g_assert_false (vct_feed_model_is_list_hidden (fx.model));
  g_assert_false (vct_feed_model_is_loading (fx.model));

  /* The list: day headers, members and photos as their classes, in flat order. */
  g_assert_cmpuint (g_list_model_get_n_items (fx.list), ==, STANDARD_N_ITEMS);
  layout = feed_layout (fx.list);
  g_assert_cmpstr (layout, ==, STANDARD_LAYOUT);
  g_free (layout);
  g_assert_null (g_list_model_get_item (fx.list, STANDARD_N_ITEMS));
  g_assert_cmpuint (vct_list_model_get_section (VCT_LIST_MODEL (fx.list), 5, &start, &end), ==, 1);
  g_assert_cmpuint (start, ==, 4);
  g_assert_cmpuint (end, ==, 8);

  row = g_list_model_get_item (fx.list, 1);
  g_assert_true (VCT_IS_MEMBER_ROW (row));
  vct_test_assert_property (row, "avatar-url", "https://example.com/avatars/7.png");
  g_object_get (row, "follow-state", &follow, "button-hidden", &button_hidden, "button-enabled", &button_enabled,
                "spinning", &spinning, NULL);
  g_assert_cmpint (follow, ==, VCT_FOLLOW_STATE_NORMAL);
  g_assert_false (button_hidden);
  g_assert_true (button_enabled);
  g_assert_false (spinning);
  g_object_unref (row);
  row = g_list_model_get_item (fx.list, 3); /* member 8: following, by the data */
  g_object_get (row, "follow-state", &follow, "button-enabled", &button_enabled, NULL);
  g_assert_cmpint (follow, ==, VCT_FOLLOW_STATE_CHECKED);
  g_assert_false (button_enabled);
  g_object_unref (row);
  row = g_list_model_get_item (fx.list, 2);
  g_assert_true (VCT_IS_FEED_PHOTO_ROW (row));
  vct_test_assert_property (row, "description", "about 30");
  vct_test_assert_property (row, "image-url", "https://example.com/photos/30.png");
  date = vct_test_local_text (DAY_1 "T12:30:00Z", "%Y-%m-%d %H:%M");
  vct_test_assert_property (row, "date", date);
  g_free (date);
  g_object_unref (row);

  /* A failed reload: loading and "Loading..." again, then "Your Feeds", loading off,
   * the last error and the error; the rows stay shown. */
  vct_feed_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  sg_run_until_event (&fx.log, "notify::title=Loading...");
  sg_assert_log (&fx.log, "notify::loading=1|notify::title=Loading...");
  g_assert_false (vct_feed_model_is_list_hidden (fx.model));
  vct_test_return_error (request, VCT_ERROR_HTTP_STATUS, "feeds refused");
  sg_run_until_event (&fx.log, "did-error:feeds refused");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::title=Your Feeds|notify::loading=0|"
                          "notify::last-error=http-status:feeds refused|did-error:feeds refused");
  g_assert_cmpuint (g_list_model_get_n_items (fx.list), ==, STANDARD_N_ITEMS);
  g_assert_false (vct_feed_model_is_list_hidden (fx.model));

  /* The same document again: nothing in the list changes, only loading, the title and
   * the last error (cleared) are reported. */
  vct_feed_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  vct_api_request_return_json (request, json, -1);
  sg_run_until_event (&fx.log, "notify::loading=0");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|notify::title=Loading...|"
                          "notify::title=Your Feeds|notify::loading=0|notify::last-error=(null)");
  layout = feed_layout (fx.list);
  g_assert_cmpstr (layout, ==, STANDARD_LAYOUT);
  g_free (layout);

  feed_fx_teardown (&fx);
  g_free (json);
}

/* ------------------------------------------------------------- 3. feed follow */

/* Waits, without iterating the row's context, until the row's current @property reads
 * @value (as vct_test_dup_property formats it): the change was made (on another thread)
 * but not yet delivered. Spins with g_thread_yield under the usual guard. */
static void
sg_wait_row_value (gpointer row, const char *property, const char *value)
{
  gint64 deadline = vct_test_deadline ();

  for (;;)
    {
      char *now = vct_test_dup_property (row, property);
      gboolean reached = g_strcmp0 (now, value) == 0;

      g_free (now);
      if (reached)
        return;
      if (g_get_monotonic_time () > deadline)
        g_error ("the row's %s did not become \"%s\" in time", property, value);
      g_thread_yield ();
    }
}

static void
test_feed_follow (void)
{
  GMainContext *service_context = g_main_context_new ();
  FeedFx fx;
  GObject *m7, *m9, *again;
  VctApiRequest *request;
  VctFollowState follow = VCT_FOLLOW_STATE_NORMAL;

  /* The service runs its functions on its own context, so the follow can be completed
   * while the model's context has not run yet. */
  feed_fx_setup (&fx, service_context);
  feed_fx_load_standard (&fx);

  m7 = g_list_model_get_item (fx.list, 1);
  g_assert_true (VCT_IS_MEMBER_ROW (m7));
  vct_test_assert_property (m7, "name", "member 7");
  sg_watch_row (m7, &fx.log, "m7");

  /* The press: the row reads loading at once, reported later. */
  vct_row_press (VCT_ROW (m7));
  g_object_get (m7, "follow-state", &follow, NULL);
  g_assert_cmpint (follow, ==, VCT_FOLLOW_STATE_LOADING);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);

  /* The follow request, completed before the model's context runs: both changes are
   * queued, and each notify reads the row as of its own change. */
  request = fake_service_wait_follow (&fx.fake, 7);
  vct_api_request_return_json (request, "{}", -1);
  sg_wait_row_value (m7, "follow-state", "checked");
  g_object_get (m7, "follow-state", &follow, NULL);
  g_assert_cmpint (follow, ==, VCT_FOLLOW_STATE_CHECKED);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);

  sg_run_until_event (&fx.log, "m7:notify::spinning=0");
  settle_loop (NULL);
  /* On the row object only: no items-changed, nothing on the model. */
  sg_assert_log (&fx.log, "m7:notify::follow-state=loading|m7:notify::button-hidden=1"
                          "|m7:notify::button-enabled=0|m7:notify::spinning=1"
                          "|m7:notify::follow-state=checked|m7:notify::button-hidden=0|m7:notify::spinning=0");
  again = g_list_model_get_item (fx.list, 1);
  g_assert_true (again == m7);
  g_object_unref (again);
  g_assert_cmpuint (g_list_model_get_n_items (fx.list), ==, STANDARD_N_ITEMS);

  /* Pressing a checked row does nothing. */
  vct_row_press (VCT_ROW (m7));
  settle_loop (NULL);
  sg_iterate_idle (service_context);
  g_assert_cmpuint (fake_service_n_follows (&fx.fake), ==, 1);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);

  /* A failing follow: loading, back to normal, then did-error. */
  m9 = g_list_model_get_item (fx.list, 5);
  g_assert_true (VCT_IS_MEMBER_ROW (m9));
  vct_test_assert_property (m9, "name", "member 9");
  sg_watch_row (m9, &fx.log, "m9");
  vct_row_press (VCT_ROW (m9));
  request = fake_service_wait_follow (&fx.fake, 9);
  sg_run_until_event (&fx.log, "m9:notify::spinning=1");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "m9:notify::follow-state=loading|m9:notify::button-hidden=1"
                          "|m9:notify::button-enabled=0|m9:notify::spinning=1");
  vct_test_return_error (request, VCT_ERROR_HTTP_STATUS, "follow refused");
  sg_run_until_event (&fx.log, "did-error:follow refused");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "m9:notify::follow-state=normal|m9:notify::button-hidden=0"
                          "|m9:notify::button-enabled=1|m9:notify::spinning=0"
                          "|did-error:follow refused");
  g_object_get (m9, "follow-state", &follow, NULL);
  g_assert_cmpint (follow, ==, VCT_FOLLOW_STATE_NORMAL);
  again = g_list_model_get_item (fx.list, 5);
  g_assert_true (again == m9);
  g_object_unref (again);

  sg_unwatch_row (m7, &fx.log);
  sg_unwatch_row (m9, &fx.log);
  feed_fx_teardown (&fx);
  sg_iterate_idle (service_context);
  g_main_context_unref (service_context);
}

/* Runs @body in a GTest subprocess, so that its failure (a known library bug it probes)
 * fails this case alone and the cases after it still run (main passes --keep-going);
 * the subprocess's stderr (the failed assertion) is passed through. As
 * test-list-model.c's tlm_in_subprocess. */
static void
sg_in_subprocess (void (*body) (void))
{
  if (g_test_subprocess ())
    {
      body ();
      return;
    }
  g_test_trap_subprocess (NULL, (guint64) vct_test_scale (60, 600) * G_USEC_PER_SEC,
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  if (!g_test_trap_has_passed ())
    g_test_fail_printf ("the case failed in its subprocess (its assertion is on stderr above): %s",
                        g_test_get_path ());
}

/* The follow completes after "loading" was delivered to the member row object but before
 * the list's redraw of that row (a batch the list schedules when it hears of the change,
 * dispatched in a later iteration): the row object must still notify "checked" on
 * itself. The natural order of a view that waits for "loading", then for the network. */
static void
follow_completed_before_redraw (void)
{
  GMainContext *service_context = g_main_context_new ();
  FeedFx fx;
  GObject *m7;
  VctApiRequest *request;
  VctFollowState follow = VCT_FOLLOW_STATE_NORMAL;

  feed_fx_setup (&fx, service_context);
  feed_fx_load_standard (&fx);
  m7 = g_list_model_get_item (fx.list, 1);
  sg_watch_row (m7, &fx.log, "m7");

  vct_row_press (VCT_ROW (m7));
  request = fake_service_wait_follow (&fx.fake, 7); /* runs the service's context only */
  /* One iteration of the model's context delivers "loading" to the row object; the
   * list's redraw of the row is queued behind it. */
  sg_run_until_event (&fx.log, "m7:notify::spinning=1");
  sg_assert_log (&fx.log, "m7:notify::follow-state=loading|m7:notify::button-hidden=1"
                          "|m7:notify::button-enabled=0|m7:notify::spinning=1");

  /* The follow succeeds now, before that redraw ran. */
  vct_api_request_return_json (request, "{}", -1);
  sg_wait_row_value (m7, "follow-state", "checked");
  /* Its delivery is queued now (behind the redraw): the loop delivers it. */
  settle_loop (NULL);
  sg_assert_log (&fx.log, "m7:notify::follow-state=checked|m7:notify::button-hidden=0|m7:notify::spinning=0");
  g_object_get (m7, "follow-state", &follow, NULL);
  g_assert_cmpint (follow, ==, VCT_FOLLOW_STATE_CHECKED);

  sg_unwatch_row (m7, &fx.log);
  feed_fx_teardown (&fx);
  sg_iterate_idle (service_context);
  g_main_context_unref (service_context);
}

static void
test_feed_follow_completed_before_redraw (void)
{
  sg_in_subprocess (follow_completed_before_redraw);
}

/* ------------------------------------------------------------- 4. feed open-detail */

/* @photo carries photo @id of the standard document, posted at @iso (UTC). */
static void
sg_assert_photo (VctFeedPhoto *photo, gint64 id, const char *iso)
{
  char *title = g_strdup_printf ("photo %" G_GINT64_FORMAT, id);
  char *description = g_strdup_printf ("about %" G_GINT64_FORMAT, id);
  char *url = g_strdup_printf ("https://example.com/photos/%" G_GINT64_FORMAT ".png", id);
  GDateTime *expected = g_date_time_new_from_iso8601 (iso, NULL);
  GDateTime *date = vct_feed_photo_get_date (photo);
  GDateTime *prop_date = NULL;
  gint64 prop_id = 0;
  char *prop_title = NULL, *prop_description = NULL, *prop_url = NULL, *text;

  g_assert_cmpint (vct_feed_photo_get_id (photo), ==, id);
  g_assert_cmpstr (vct_feed_photo_get_title (photo), ==, title);
  g_assert_cmpstr (vct_feed_photo_get_description (photo), ==, description);
  g_assert_cmpstr (vct_feed_photo_get_url (photo), ==, url);

  /* The date: the document's instant, in UTC, printed back in the document's format. */
  g_assert_nonnull (expected);
  g_assert_nonnull (date);
  g_assert_true (g_date_time_equal (date, expected));
  g_assert_cmpint (g_date_time_get_utc_offset (date), ==, 0);
  text = g_date_time_format (date, "%Y-%m-%dT%H:%M:%SZ");
  g_assert_cmpstr (text, ==, iso);
  g_free (text);

  /* The properties are the getters. */
  g_object_get (photo, "id", &prop_id, "title", &prop_title, "description", &prop_description, "url", &prop_url,
                "date", &prop_date, NULL);
  g_assert_cmpint (prop_id, ==, id);
  g_assert_cmpstr (prop_title, ==, title);
  g_assert_cmpstr (prop_description, ==, description);
  g_assert_cmpstr (prop_url, ==, url);
  g_assert_nonnull (prop_date);
  g_assert_true (g_date_time_equal (prop_date, expected));

  g_date_time_unref (prop_date);
  g_date_time_unref (expected);
  g_free (prop_title);
  g_free (prop_description);
  g_free (prop_url);
  g_free (title);
  g_free (description);
  g_free (url);
}

static void
test_feed_open_detail (void)
{
  FeedFx fx;
  GObject *p30, *p33, *m7;
  gint gone = 0;

  feed_fx_setup (&fx, NULL);
  feed_fx_load_standard (&fx);

  /* Selecting a photo row. */
  p30 = g_list_model_get_item (fx.list, 2);
  g_assert_true (VCT_IS_FEED_PHOTO_ROW (p30));
  vct_row_select (VCT_ROW (p30));
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0); /* never inline */
  sg_run_until_event (&fx.log, "open-detail:30");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "open-detail:30");
  g_assert_cmpuint (fx.log.photos->len, ==, 1);
  {
    g_autoptr (VctFeedPhoto) photo = g_object_ref (g_ptr_array_index (fx.log.photos, 0));

    sg_assert_photo (photo, 30, DAY_1 "T12:30:00Z");
    g_ptr_array_set_size (fx.log.photos, 0);
    g_object_weak_ref (G_OBJECT (photo), sg_count_weak, &gone);
  }
  g_assert_cmpint (gone, ==, 1); /* nobody else kept the photo */

  /* Pressing one opens it too. */
  p33 = g_list_model_get_item (fx.list, 7);
  g_assert_true (VCT_IS_FEED_PHOTO_ROW (p33));
  vct_row_press (VCT_ROW (p33));
  sg_run_until_event (&fx.log, "open-detail:33");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "open-detail:33");
  sg_assert_photo (g_ptr_array_index (fx.log.photos, 0), 33, DAY_2 "T12:30:00Z");

  /* Selecting a member row opens nothing and follows nobody. */
  m7 = g_list_model_get_item (fx.list, 1);
  vct_row_select (VCT_ROW (m7));
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  g_assert_cmpuint (fake_service_n_follows (&fx.fake), ==, 0);

  g_object_unref (m7);
  g_object_unref (p30);
  g_object_unref (p33);
  feed_fx_teardown (&fx);
}

/* ------------------------------------------------------------- 5. songs */

/* The titles of @list's rows and their modes, "song 1=unselected, …"; checks each is a
 * VctSongRow. */
static char *
songs_layout (GListModel *list)
{
  GString *text = g_string_new (NULL);
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    {
      GObject *row = g_list_model_get_item (list, i);
      char *title, *mode;

      g_assert_true (VCT_IS_SONG_ROW (row));
      g_assert_cmpint (vct_row_get_role (VCT_ROW (row)), ==, VCT_ROW_ROLE_ITEM);
      title = vct_test_dup_property (row, "title");
      mode = vct_test_dup_property (row, "mode");
      g_string_append_printf (text, "%s%s=%s", i == 0 ? "" : ", ", title, mode);
      g_free (title);
      g_free (mode);
      g_object_unref (row);
    }
  return g_string_free (text, FALSE);
}

#define assert_songs(list, expected) G_STMT_START { \
    char *layout_ = songs_layout (list);             \
    g_assert_cmpstr (layout_, ==, (expected));       \
    g_free (layout_);                                \
  } G_STMT_END

static void
assert_picker (VctSongPickerModel *model, VctSongPickerState state, const char *title, gboolean enabled)
{
  VctSongPickerState read_state = 0;
  char *read_title = NULL, *button_title = NULL;
  gboolean read_enabled = !enabled;

  g_object_get (model, "state", &read_state, "title", &read_title, "button-title", &button_title,
                "button-enabled", &read_enabled, NULL);
  g_assert_cmpint (read_state, ==, state);
  g_assert_cmpint (vct_song_picker_model_get_state (model), ==, state);
  g_assert_cmpstr (read_title, ==, title);
  g_assert_cmpstr (button_title, ==, BUTTON_TITLE);
  g_assert_cmpint (read_enabled, ==, enabled);
  g_free (read_title);
  g_free (button_title);
}

/* The item at @position is @row (the same object). */
static void
assert_item_is (GListModel *list, guint position, gpointer row)
{
  GObject *item = g_list_model_get_item (list, position);

  g_assert_true (item == row);
  g_object_unref (item);
}

#define STATE_NOTIFIES(nick) \
  "notify::state=" nick "|notify::button-title=" BUTTON_TITLE

static void
test_songs (void)
{
  SongsFx fx;
  VctApiRequest *request;
  GObject *rows[4];
  const char *const tags[4] = { "s1", "s2", "s3", "s4" };
  char *json = vct_test_songs_json (1, 4);

  songs_fx_setup (&fx);
  assert_picker (fx.model, VCT_SONG_PICKER_STATE_PICKING, PICKING_TITLE, FALSE);

  /* The load: one items-changed with every row, loading around it. */
  vct_song_picker_model_reload (fx.model);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  request = fake_service_wait_fetch (&fx.fake);
  vct_api_request_return_json (request, json, -1);
  sg_run_until_event (&fx.log, "notify::loading=0");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|items-changed:0,0,4|notify::loading=0");
  assert_songs (fx.list, "song 1=unselected, song 2=unselected, song 3=unselected, song 4=unselected");
  for (guint i = 0; i < 4; i++)
    {
      rows[i] = g_list_model_get_item (fx.list, i);
      sg_watch_row (rows[i], &fx.log, tags[i]);
    }
  vct_test_assert_property (rows[1], "subtitle", "sub 2");
  vct_test_assert_property (rows[1], "duration", "2:05");

  /* Picking: selecting a row toggles its mode (on that object), the button follows. */
  vct_row_select (VCT_ROW (rows[1]));
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  sg_run_until_event (&fx.log, "notify::button-enabled=1");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s2:notify::mode=selected|notify::button-enabled=1");
  vct_row_select (VCT_ROW (rows[3]));
  sg_run_until_event (&fx.log, "s4:notify::mode=selected");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s4:notify::mode=selected");
  vct_row_select (VCT_ROW (rows[0]));  /* on, then off again: two reports of that row */
  vct_row_select (VCT_ROW (rows[0]));
  sg_run_until_event (&fx.log, "s1:notify::mode=unselected");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s1:notify::mode=selected|s1:notify::mode=unselected");
  assert_songs (fx.list, "song 1=unselected, song 2=selected, song 3=unselected, song 4=selected");
  assert_picker (fx.model, VCT_SONG_PICKER_STATE_PICKING, PICKING_TITLE, TRUE);

  /* start: every row's mode (the unselected ones "hidden"), then the unselected rows
   * leave the list (items-changed removals), then the state with the button title, then
   * the title. */
  g_assert_true (vct_song_picker_model_start (fx.model));
  g_assert_cmpint (vct_song_picker_model_get_state (fx.model), ==, VCT_SONG_PICKER_STATE_LISTENING);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  sg_run_until_event (&fx.log, "notify::title=" PLAYER_TITLE);
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s1:notify::mode=hidden|s2:notify::mode=playing|s3:notify::mode=hidden"
                          "|s4:notify::mode=playable"
                          "|items-changed:0,1,0|items-changed:1,1,0"
                          "|" STATE_NOTIFIES ("listening")
                          "|notify::title=" PLAYER_TITLE);
  assert_songs (fx.list, "song 2=playing, song 4=playable");
  assert_item_is (fx.list, 0, rows[1]);
  assert_item_is (fx.list, 1, rows[3]);
  vct_test_assert_property (rows[0], "mode", "hidden");
  assert_picker (fx.model, VCT_SONG_PICKER_STATE_LISTENING, PLAYER_TITLE, TRUE);
  g_assert_false (vct_song_picker_model_start (fx.model));

  /* next, previous: the two rows involved only. */
  g_assert_false (vct_song_picker_model_previous (fx.model));
  g_assert_true (vct_song_picker_model_next (fx.model));
  sg_run_until_event (&fx.log, "s4:notify::mode=playing");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s2:notify::mode=playable|s4:notify::mode=playing");
  g_assert_true (vct_song_picker_model_previous (fx.model));
  sg_run_until_event (&fx.log, "s4:notify::mode=playable");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s2:notify::mode=playing|s4:notify::mode=playable");

  /* finish_song: the next song; then next at the last one finishes the session:
   * FINISHED (title unchanged), then the dismiss signal. */
  g_assert_true (vct_song_picker_model_finish_song (fx.model));
  sg_run_until_event (&fx.log, "s4:notify::mode=playing");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s2:notify::mode=playable|s4:notify::mode=playing");
  g_assert_true (vct_song_picker_model_next (fx.model));
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  sg_run_until_event (&fx.log, "dismiss");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s4:notify::mode=playable|" STATE_NOTIFIES ("finished") "|dismiss");
  assert_picker (fx.model, VCT_SONG_PICKER_STATE_FINISHED, PLAYER_TITLE, TRUE);
  assert_songs (fx.list, "song 2=playable, song 4=playable");
  g_assert_false (vct_song_picker_model_finish_song (fx.model));
  g_assert_false (vct_song_picker_model_next (fx.model));
  g_assert_false (vct_song_picker_model_previous (fx.model));
  vct_row_select (VCT_ROW (rows[1]));  /* nothing while finished */
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);

  /* back: picking again, the selection kept, the hidden rows back (insertions); no
   * dismiss from back. */
  vct_song_picker_model_back (fx.model);
  g_assert_cmpint (vct_song_picker_model_get_state (fx.model), ==, VCT_SONG_PICKER_STATE_PICKING);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  sg_run_until_event (&fx.log, "notify::title=" PICKING_TITLE);
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s1:notify::mode=unselected|s2:notify::mode=selected|s3:notify::mode=unselected"
                          "|s4:notify::mode=selected"
                          "|items-changed:0,0,1|items-changed:2,0,1"
                          "|" STATE_NOTIFIES ("picking")
                          "|notify::title=" PICKING_TITLE);
  assert_songs (fx.list, "song 1=unselected, song 2=selected, song 3=unselected, song 4=selected");
  for (guint i = 0; i < 4; i++)
    assert_item_is (fx.list, i, rows[i]);
  assert_picker (fx.model, VCT_SONG_PICKER_STATE_PICKING, PICKING_TITLE, TRUE);

  /* A failed reload while picking: loading, then the error; the rows stay. */
  vct_song_picker_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  vct_test_return_error (request, VCT_ERROR_TIMED_OUT, "songs too slow");
  sg_run_until_event (&fx.log, "did-error:songs too slow");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|notify::loading=0"
                          "|notify::last-error=timed-out:songs too slow|did-error:songs too slow");
  assert_songs (fx.list, "song 1=unselected, song 2=selected, song 3=unselected, song 4=selected");

  /* back while picking: the session ends, dismiss once (later, never inline). */
  vct_song_picker_model_back (fx.model);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  sg_run_until_event (&fx.log, "dismiss");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "dismiss");
  assert_picker (fx.model, VCT_SONG_PICKER_STATE_PICKING, PICKING_TITLE, TRUE);

  for (guint i = 0; i < 4; i++)
    sg_unwatch_row (rows[i], &fx.log);
  songs_fx_teardown (&fx);
  g_free (json);
}

/* ------------------------------------------------------------- 6. threads */

typedef enum
{
  SG_FEED_RELOAD,
  SG_PICKER_RELOAD,
  SG_ROW_PRESS,
  SG_ROW_SELECT,
  SG_PICKER_NEXT,
  SG_PICKER_PREVIOUS,
  SG_PICKER_FINISH,
  SG_PICKER_BACK,
  SG_RETURN_ERROR,
} SgCallKind;

typedef struct
{
  SgCallKind kind;
  gpointer   target;
  gboolean   result;
} SgCall;

static gpointer
sg_call_thread (gpointer data)
{
  SgCall *call = data;

  switch (call->kind)
    {
    case SG_FEED_RELOAD:
      vct_feed_model_reload (call->target);
      break;
    case SG_PICKER_RELOAD:
      vct_song_picker_model_reload (call->target);
      break;
    case SG_ROW_PRESS:
      vct_row_press (call->target);
      break;
    case SG_ROW_SELECT:
      vct_row_select (call->target);
      break;
    case SG_PICKER_NEXT:
      call->result = vct_song_picker_model_next (call->target);
      break;
    case SG_PICKER_PREVIOUS:
      call->result = vct_song_picker_model_previous (call->target);
      break;
    case SG_PICKER_FINISH:
      call->result = vct_song_picker_model_finish_song (call->target);
      break;
    case SG_PICKER_BACK:
      vct_song_picker_model_back (call->target);
      break;
    case SG_RETURN_ERROR:
      vct_test_return_error (call->target, VCT_ERROR_TIMED_OUT, "too slow");
      break;
    }
  return NULL;
}

/* Makes one call on a new thread, and joins it; returns its result. */
static gboolean
sg_call_in_thread (SgCallKind kind, gpointer target)
{
  SgCall call = { kind, target, FALSE };

  g_thread_join (g_thread_new ("sg-caller", sg_call_thread, &call));
  return call.result;
}

/* The feed made by this thread; reloads, presses, selects and completions from others. */
static void
test_feed_threads_other_callers (void)
{
  FeedFx fx;
  VctApiRequest *request;
  GObject *m7, *p30;
  char *json = standard_doc ();

  feed_fx_setup (&fx, NULL);

  sg_call_in_thread (SG_FEED_RELOAD, fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  vct_test_return_json_in_thread (request, json);
  sg_run_until_event (&fx.log, "notify::loading=0");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|items-changed:0,0,11"
                          "|notify::list-hidden=0"
                          "|notify::title=" LOADED_TITLE
                          "|notify::loading=0");

  /* Member 7 pressed from another thread, its follow completed from another thread
   * once "loading" was delivered and the list has redrawn the row (settle_loop):
   * completing it in between is /gobject/feed/follow/completed-before-redraw. */
  m7 = g_list_model_get_item (fx.list, 1);
  sg_watch_row (m7, &fx.log, "m7");
  sg_call_in_thread (SG_ROW_PRESS, m7);
  request = fake_service_wait_follow (&fx.fake, 7);
  sg_run_until_event (&fx.log, "m7:notify::spinning=1");
  settle_loop (NULL);
  vct_test_return_json_in_thread (request, "{}");
  sg_run_until_event (&fx.log, "m7:notify::spinning=0");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "m7:notify::follow-state=loading|m7:notify::button-hidden=1"
                          "|m7:notify::button-enabled=0|m7:notify::spinning=1"
                          "|m7:notify::follow-state=checked|m7:notify::button-hidden=0|m7:notify::spinning=0");

  p30 = g_list_model_get_item (fx.list, 2);
  sg_call_in_thread (SG_ROW_SELECT, p30);
  sg_run_until_event (&fx.log, "open-detail:30");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "open-detail:30");

  sg_call_in_thread (SG_FEED_RELOAD, fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  sg_call_in_thread (SG_RETURN_ERROR, request);
  sg_run_until_event (&fx.log, "did-error:too slow");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|notify::title=Loading..."
                          "|notify::title=Your Feeds|notify::loading=0"
                          "|notify::last-error=timed-out:too slow|did-error:too slow");

  g_assert_cmpint (g_atomic_int_get (&fx.log.base.wrong_thread), ==, 0);
  sg_unwatch_row (m7, &fx.log);
  g_object_unref (p30);
  feed_fx_teardown (&fx);
  g_free (json);
}

/* The picker made by this thread; reload, selects and the session's commands from
 * others (start, documented as a context-thread call, from this one). */
static void
test_songs_threads_other_callers (void)
{
  SongsFx fx;
  VctApiRequest *request;
  GObject *s1, *s2, *s3;
  char *json = vct_test_songs_json (1, 3);

  songs_fx_setup (&fx);
  sg_call_in_thread (SG_PICKER_RELOAD, fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  vct_test_return_json_in_thread (request, json);
  sg_run_until_event (&fx.log, "notify::loading=0");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|items-changed:0,0,3|notify::loading=0");

  s1 = g_list_model_get_item (fx.list, 0);
  s2 = g_list_model_get_item (fx.list, 1);
  s3 = g_list_model_get_item (fx.list, 2);
  sg_watch_row (s1, &fx.log, "s1");
  sg_watch_row (s2, &fx.log, "s2");
  sg_watch_row (s3, &fx.log, "s3");
  sg_call_in_thread (SG_ROW_SELECT, s1);
  sg_call_in_thread (SG_ROW_SELECT, s3);
  sg_run_until_event (&fx.log, "s3:notify::mode=selected");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s1:notify::mode=selected|notify::button-enabled=1|s3:notify::mode=selected");

  g_assert_true (vct_song_picker_model_start (fx.model));
  sg_run_until_event (&fx.log, "notify::title=" PLAYER_TITLE);
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s1:notify::mode=playing|s2:notify::mode=hidden|s3:notify::mode=playable"
                          "|items-changed:1,1,0|" STATE_NOTIFIES ("listening")
                          "|notify::title=" PLAYER_TITLE);

  g_assert_true (sg_call_in_thread (SG_PICKER_NEXT, fx.model));
  g_assert_true (sg_call_in_thread (SG_PICKER_PREVIOUS, fx.model));
  g_assert_true (sg_call_in_thread (SG_PICKER_FINISH, fx.model));
  g_assert_true (sg_call_in_thread (SG_PICKER_NEXT, fx.model));  /* at the last song: finished */
  g_assert_false (sg_call_in_thread (SG_PICKER_FINISH, fx.model));
  g_assert_false (sg_call_in_thread (SG_PICKER_NEXT, fx.model));
  sg_run_until_event (&fx.log, "dismiss");
  settle_loop (NULL);
  {
    char *seen = sg_log_take (&fx.log);

    sg_assert_events_with_prefix (seen, "s1:", "s1:notify::mode=playable|s1:notify::mode=playing|s1:notify::mode=playable");
    sg_assert_events_with_prefix (seen, "s3:", "s3:notify::mode=playing|s3:notify::mode=playable"
                                               "|s3:notify::mode=playing|s3:notify::mode=playable");
    g_assert_true (g_str_has_suffix (seen, "|" STATE_NOTIFIES ("finished") "|dismiss"));
    g_free (seen);
  }

  sg_call_in_thread (SG_PICKER_BACK, fx.model);
  sg_run_until_event (&fx.log, "notify::title=" PICKING_TITLE);
  settle_loop (NULL);
  sg_assert_log (&fx.log, "s1:notify::mode=selected|s2:notify::mode=unselected|s3:notify::mode=selected"
                          "|items-changed:1,0,1|" STATE_NOTIFIES ("picking")
                          "|notify::title=" PICKING_TITLE);
  sg_call_in_thread (SG_PICKER_BACK, fx.model);
  sg_run_until_event (&fx.log, "dismiss");
  settle_loop (NULL);
  sg_assert_log (&fx.log, "dismiss");

  g_assert_cmpint (g_atomic_int_get (&fx.log.base.wrong_thread), ==, 0);
  sg_unwatch_row (s1, &fx.log);
  sg_unwatch_row (s2, &fx.log);
  sg_unwatch_row (s3, &fx.log);
  songs_fx_teardown (&fx);
  g_free (json);
}

/* A custom feed service for a model on another thread: the test waits for its requests
 * on a GCond. */
typedef struct
{
  GMutex        lock;
  GCond         cond;
  GQueue        fetches;  /* VctApiRequest * (lock) */
  GQueue        follows;  /* VctApiRequest * (lock) */
  GArray       *members;  /* gint64: each follow's member (lock) */
  gint          notified; /* (lock) */
  GMainContext *wake;     /* woken by the notify */
} SgRequests;

static void
sg_requests_fetch (VctApiRequest *request, gpointer data)
{
  SgRequests *requests = data;

  g_mutex_lock (&requests->lock);
  g_queue_push_tail (&requests->fetches, request);
  g_cond_broadcast (&requests->cond);
  g_mutex_unlock (&requests->lock);
}

static void
sg_requests_follow (VctApiRequest *request, gint64 member_id, gpointer data)
{
  SgRequests *requests = data;

  g_mutex_lock (&requests->lock);
  g_queue_push_tail (&requests->follows, request);
  g_array_append_val (requests->members, member_id);
  g_cond_broadcast (&requests->cond);
  g_mutex_unlock (&requests->lock);
}

static void
sg_requests_notify (gpointer data)
{
  SgRequests *requests = data;

  g_mutex_lock (&requests->lock);
  requests->notified++;
  g_cond_broadcast (&requests->cond);
  g_mutex_unlock (&requests->lock);
  g_main_context_wakeup (requests->wake);
}

static gboolean
sg_requests_notified (gpointer data)
{
  SgRequests *requests = data;
  gboolean notified;

  g_mutex_lock (&requests->lock);
  notified = requests->notified > 0;
  g_mutex_unlock (&requests->lock);
  return notified;
}

/* Waits for the oldest request of @queue (fetches or follows). */
static VctApiRequest *
sg_requests_wait (SgRequests *requests, GQueue *queue)
{
  gint64 deadline = vct_test_deadline ();
  VctApiRequest *request;

  g_mutex_lock (&requests->lock);
  while (g_queue_is_empty (queue))
    if (!g_cond_wait_until (&requests->cond, &requests->lock, deadline) && g_queue_is_empty (queue))
      g_error ("sg_requests_wait: no request in time");
  request = g_queue_pop_head (queue);
  g_mutex_unlock (&requests->lock);
  return request;
}

typedef struct
{
  SgLog         log;      /* its thread: the worker */
  SgRequests    requests;
  GMutex        lock;
  GCond         cond;
  GMainContext *context;  /* the worker's; the main thread holds a reference */
  VctFeedModel *model;    /* the main thread's reference (lock) */
  GObject      *m7;       /* member 7 and photo 30 of the first load, kept by the worker */
  GObject      *p30;
  gint          stop;     /* atomic */
} SgWorker;

/* Connected before the logging handler: the rows are kept (and member 7 watched) before
 * the main thread sees the items-changed in the log. */
static void
sg_worker_keep_rows (GListModel *list, G_GNUC_UNUSED guint position, G_GNUC_UNUSED guint removed,
                     G_GNUC_UNUSED guint added, gpointer data)
{
  SgWorker *worker = data;

  if (worker->m7 != NULL)
    return;
  worker->m7 = g_list_model_get_item (list, 1);
  worker->p30 = g_list_model_get_item (list, 2);
  sg_watch_row (worker->m7, &worker->log, "m7");
}

static gboolean
sg_worker_synced (gpointer data)
{
  vct_test_log_add (data, g_strdup ("synced"));
  return G_SOURCE_REMOVE;
}

/* Logs "synced" on the worker once its context has dispatched everything that was ready
 * before (the list's redraw of a row among it): a low-priority idle there. */
static void
sg_worker_sync (SgWorker *worker)
{
  GSource *idle = g_idle_source_new ();

  g_source_set_priority (idle, G_PRIORITY_LOW);
  g_source_set_callback (idle, sg_worker_synced, &worker->log.base, NULL);
  g_source_attach (idle, worker->context);
  g_source_unref (idle);
  sg_log_wait_event (&worker->log, "synced");
}

static gpointer
sg_worker_thread (gpointer data)
{
  SgWorker *worker = data;
  GMainContext *context = g_main_context_new ();
  VctFeedService *service;
  VctFeedModel *model;

  g_main_context_push_thread_default (context);
  worker->requests.wake = context;
  worker->log.base.thread = g_thread_self ();
  service = vct_feed_service_new_custom (sg_requests_fetch, sg_requests_follow, &worker->requests,
                                         sg_requests_notify);
  model = vct_feed_model_new (service);
  g_object_unref (service);
  g_signal_connect (vct_feed_model_get_list (model), "items-changed", G_CALLBACK (sg_worker_keep_rows), worker);
  sg_connect_feed (model, &worker->log);
  g_object_weak_ref (G_OBJECT (model), vct_test_log_finalized, &worker->log.base);

  g_mutex_lock (&worker->lock);
  worker->context = g_main_context_ref (context);
  worker->model = g_object_ref (model);
  g_cond_broadcast (&worker->cond);
  g_mutex_unlock (&worker->lock);

  while (!g_atomic_int_get (&worker->stop))
    g_main_context_iteration (context, TRUE);

  sg_unwatch_row (g_steal_pointer (&worker->m7), &worker->log);
  g_clear_object (&worker->p30);
  g_object_unref (model); /* the last reference: the main thread dropped its own */
  g_assert_cmpint (g_atomic_int_get (&worker->log.base.finalized), ==, 1);
  run_until (context, sg_requests_notified, &worker->requests, VCT_TEST_TIMEOUT_MS);
  sg_iterate_idle (context);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return NULL;
}

/* The feed made by a worker thread on its own context, iterated there; the main thread
 * reloads, presses, selects and completes: every handler runs on the worker. */
static void
test_feed_threads_worker_model (void)
{
  SgWorker worker;
  GThread *thread;
  VctFeedModel *model;
  VctApiRequest *request;
  gint64 deadline = vct_test_deadline ();
  char *json = standard_doc ();

  memset (&worker, 0, sizeof worker);
  sg_log_init (&worker.log);
  g_mutex_init (&worker.lock);
  g_cond_init (&worker.cond);
  g_mutex_init (&worker.requests.lock);
  g_cond_init (&worker.requests.cond);
  g_queue_init (&worker.requests.fetches);
  g_queue_init (&worker.requests.follows);
  worker.requests.members = g_array_new (FALSE, FALSE, sizeof (gint64));

  thread = g_thread_new ("sg-feed-worker", sg_worker_thread, &worker);
  g_mutex_lock (&worker.lock);
  while (worker.model == NULL)
    if (!g_cond_wait_until (&worker.cond, &worker.lock, deadline) && worker.model == NULL)
      g_error ("the worker did not make its model in time");
  model = worker.model;
  g_mutex_unlock (&worker.lock);

  /* Reloaded and completed from this thread. */
  vct_feed_model_reload (model);
  request = sg_requests_wait (&worker.requests, &worker.requests.fetches);
  vct_api_request_return_json (request, json, -1);
  sg_log_wait_event (&worker.log, "notify::loading=0");
  sg_assert_log (&worker.log, "notify::loading=1|items-changed:0,0,11"
                              "|notify::list-hidden=0"
                              "|notify::title=" LOADED_TITLE
                              "|notify::loading=0");

  /* Member 7 (kept by the worker) pressed and its follow completed from this thread,
   * once "loading" reached the row object and the worker's context has run what was
   * queued with it, the list's redraw of the row (see
   * /gobject/feed/follow/completed-before-redraw for a completion before that). */
  g_assert_nonnull (worker.m7);
  vct_row_press (VCT_ROW (worker.m7));
  request = sg_requests_wait (&worker.requests, &worker.requests.follows);
  g_assert_cmpint (g_array_index (worker.requests.members, gint64, 0), ==, 7);
  sg_log_wait_event (&worker.log, "m7:notify::spinning=1");
  sg_worker_sync (&worker);
  sg_assert_log (&worker.log, "m7:notify::follow-state=loading|m7:notify::button-hidden=1"
                              "|m7:notify::button-enabled=0|m7:notify::spinning=1|synced");
  vct_api_request_return_json (request, "{}", -1);
  sg_log_wait_event (&worker.log, "m7:notify::spinning=0");
  sg_worker_sync (&worker);
  sg_assert_log (&worker.log, "m7:notify::follow-state=checked|m7:notify::button-hidden=0"
                              "|m7:notify::spinning=0|synced");

  /* Photo 30 selected from this thread. */
  vct_row_select (VCT_ROW (worker.p30));
  sg_log_wait_event (&worker.log, "open-detail:30");
  sg_assert_log (&worker.log, "open-detail:30");

  /* A failed reload, completed from a third thread. */
  vct_feed_model_reload (model);
  request = sg_requests_wait (&worker.requests, &worker.requests.fetches);
  sg_call_in_thread (SG_RETURN_ERROR, request);
  sg_log_wait_event (&worker.log, "did-error:too slow");
  sg_assert_log (&worker.log, "notify::loading=1|notify::title=Loading..."
                              "|notify::title=Your Feeds|notify::loading=0"
                              "|notify::last-error=timed-out:too slow|did-error:too slow");
  g_assert_cmpint (g_atomic_int_get (&worker.log.base.wrong_thread), ==, 0);

  /* The worker's last unref: finalized there, every handler freed once, nothing else. */
  g_object_unref (model);
  g_atomic_int_set (&worker.stop, 1);
  g_main_context_wakeup (worker.context);
  g_thread_join (thread);
  sg_assert_log (&worker.log, "finalized");
  sg_assert_handlers_freed (&worker.log);
  g_assert_cmpint (worker.requests.notified, ==, 1);
  g_assert_true (g_queue_is_empty (&worker.requests.fetches));
  g_assert_true (g_queue_is_empty (&worker.requests.follows));
  g_assert_cmpuint (worker.requests.members->len, ==, 1);

  g_main_context_unref (worker.context);
  sg_log_clear (&worker.log);
  g_array_unref (worker.requests.members);
  g_mutex_clear (&worker.lock);
  g_cond_clear (&worker.cond);
  g_mutex_clear (&worker.requests.lock);
  g_cond_clear (&worker.requests.cond);
  g_free (json);
}

/* ------------------------------------------------------------- 7. lifetime */

/* The feed's last unref with a fetch pending: disposed inside the unref (weak notify,
 * every handler freed once); the request is cancelled; completing it later delivers
 * nothing, not even to the list a view still holds. */
static void
test_feed_lifetime_unref_pending (void)
{
  FeedFx fx;
  VctApiRequest *request;
  GCancellable *cancellable;
  GListModel *list;
  char *json = standard_doc ();

  feed_fx_setup (&fx, NULL);
  list = g_object_ref (fx.list); /* a view's reference */
  vct_feed_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  sg_run_until_event (&fx.log, "notify::loading=1");
  sg_assert_log (&fx.log, "notify::loading=1");
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));
  g_assert_false (g_cancellable_is_cancelled (cancellable));

  feed_fx_unref (&fx); /* checks the weak notify ran and the handlers were freed in it */
  sg_assert_log (&fx.log, "finalized");
  run_until (NULL, sg_cancelled_cond, cancellable, VCT_TEST_TIMEOUT_MS);

  vct_api_request_return_json (request, json, -1);
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);

  g_object_unref (cancellable);
  g_object_unref (list);
  feed_fx_teardown (&fx);
  g_free (json);
}

/* The same for the picker. */
static void
test_songs_lifetime_unref_pending (void)
{
  SongsFx fx;
  VctApiRequest *request;
  GCancellable *cancellable;
  GListModel *list;
  char *json = vct_test_songs_json (1, 3);

  songs_fx_setup (&fx);
  list = g_object_ref (fx.list);
  vct_song_picker_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  sg_run_until_event (&fx.log, "notify::loading=1");
  sg_assert_log (&fx.log, "notify::loading=1");
  cancellable = g_object_ref (vct_api_request_get_cancellable (request));

  songs_fx_unref (&fx);
  sg_assert_log (&fx.log, "finalized");
  run_until (NULL, sg_cancelled_cond, cancellable, VCT_TEST_TIMEOUT_MS);

  vct_test_return_json_in_thread (request, json);
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (&fx.log), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);

  g_object_unref (cancellable);
  g_object_unref (list);
  songs_fx_teardown (&fx);
  g_free (json);
}

/* The did-error handler drops the only other reference: the feed is finalized once that
 * delivery ends, and nothing follows. */
static void
test_feed_lifetime_unref_in_signal (void)
{
  FeedFx fx;
  VctApiRequest *request;

  feed_fx_setup (&fx, NULL);
  vct_feed_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  fx.log.drop_in_error_signal = G_OBJECT (g_steal_pointer (&fx.model)); /* the handler's is the only one */
  fx.list = NULL;
  vct_test_return_error (request, VCT_ERROR_FAILED, "gone");
  run_until (NULL, cond_flag, &fx.log.base.finalized, VCT_TEST_TIMEOUT_MS);
  g_assert_null (fx.log.drop_in_error_signal);
  sg_assert_handlers_freed (&fx.log);
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|notify::title=" LOADED_TITLE
                          "|notify::loading=0|notify::last-error=failed:gone|did-error:gone|finalized");
  feed_fx_teardown (&fx);
}

/* A notify::title handler drops the only other reference in the middle of a delivery
 * (title, then loading and the error are due): the model lives until that notify
 * returns (the delivery holds its own reference), is finalized then, every handler
 * freed, and neither the rest of that delivery nor anything after it follows. */
static void
test_feed_lifetime_unref_in_notify (void)
{
  FeedFx fx;
  VctApiRequest *request;

  feed_fx_setup (&fx, NULL);
  vct_feed_model_reload (fx.model);
  request = fake_service_wait_fetch (&fx.fake);
  sg_run_until_event (&fx.log, "notify::loading=1");
  fx.log.drop_in_title_notify = G_OBJECT (g_steal_pointer (&fx.model)); /* the handler's is the only one */
  fx.list = NULL;
  vct_test_return_error (request, VCT_ERROR_FAILED, "gone");
  run_until (NULL, cond_flag, &fx.log.base.finalized, VCT_TEST_TIMEOUT_MS);
  g_assert_null (fx.log.drop_in_title_notify);
  sg_assert_handlers_freed (&fx.log);
  settle_loop (NULL);
  sg_assert_log (&fx.log, "notify::loading=1|notify::title=" LOADED_TITLE "|after-unref:0|finalized");
  feed_fx_teardown (&fx);
}

/* ------------------------------------------------------------- 8. is-checks */

#define SG_EXPECT_IS_CHECK(function, check) \
  g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*" function "*" check "*")

/* The checks of one screen's entry points (@feed_side: the feed's, its service's, the
 * photo's and the rows'; otherwise the picker's and its service's). */
static void
sg_is_checks (gboolean feed_side)
{
  FeedFx feed_fx;
  SongsFx songs_fx;
  GSimpleAction *action = g_simple_action_new ("sg-not-a-model", NULL);
  VctFeedService *file_feed_service = vct_feed_service_new_for_uri ("file:///nonexistent/vct-feeds.json");
  VctSongService *file_song_service = vct_song_service_new_for_uri ("file:///nonexistent/vct-songs.json");
  gpointer wrong_feed[4], wrong_picker[4], wrong_service[3], wrong_photo[3], wrong_row[3];
  guint action_refs;

  feed_fx_setup (&feed_fx, NULL);
  songs_fx_setup (&songs_fx);
  action_refs = G_OBJECT (action)->ref_count;

  /* ---- VctFeedModel: NULL, another GObject, its own list, a song picker. */
  wrong_feed[0] = NULL;
  wrong_feed[1] = action;
  wrong_feed[2] = feed_fx.list;
  wrong_feed[3] = songs_fx.model;
  for (guint i = 0; feed_side && i < G_N_ELEMENTS (wrong_feed); i++)
    {
      VctFeedModel *m = wrong_feed[i];

      g_test_message ("feed model %u: %s", i, m != NULL ? G_OBJECT_TYPE_NAME (m) : "NULL");

      SG_EXPECT_IS_CHECK ("vct_feed_model_dup_title", "VCT_IS_FEED_MODEL");
      g_assert_null (vct_feed_model_dup_title (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_model_is_loading", "VCT_IS_FEED_MODEL");
      g_assert_false (vct_feed_model_is_loading (m));
      g_test_assert_expected_messages ();
      /* list-hidden answers its default (TRUE) for a bad model. */
      SG_EXPECT_IS_CHECK ("vct_feed_model_is_list_hidden", "VCT_IS_FEED_MODEL");
      g_assert_true (vct_feed_model_is_list_hidden (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_model_get_list", "VCT_IS_FEED_MODEL");
      g_assert_null (vct_feed_model_get_list (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_model_reload", "VCT_IS_FEED_MODEL");
      vct_feed_model_reload (m);
      g_test_assert_expected_messages ();
    }

  /* ---- VctSongPickerModel: NULL, another GObject, its own list, a feed. */
  wrong_picker[0] = NULL;
  wrong_picker[1] = action;
  wrong_picker[2] = songs_fx.list;
  wrong_picker[3] = feed_fx.model;
  for (guint i = 0; !feed_side && i < G_N_ELEMENTS (wrong_picker); i++)
    {
      VctSongPickerModel *m = wrong_picker[i];

      g_test_message ("picker %u: %s", i, m != NULL ? G_OBJECT_TYPE_NAME (m) : "NULL");

      SG_EXPECT_IS_CHECK ("vct_song_picker_model_get_state", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_cmpint (vct_song_picker_model_get_state (m), ==, VCT_SONG_PICKER_STATE_PICKING);
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_dup_title", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_null (vct_song_picker_model_dup_title (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_get_button_title", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_null (vct_song_picker_model_get_button_title (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_is_button_enabled", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_false (vct_song_picker_model_is_button_enabled (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_is_loading", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_false (vct_song_picker_model_is_loading (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_get_list", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_null (vct_song_picker_model_get_list (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_reload", "VCT_IS_SONG_PICKER_MODEL");
      vct_song_picker_model_reload (m);
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_start", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_false (vct_song_picker_model_start (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_next", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_false (vct_song_picker_model_next (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_previous", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_false (vct_song_picker_model_previous (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_finish_song", "VCT_IS_SONG_PICKER_MODEL");
      g_assert_false (vct_song_picker_model_finish_song (m));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_back", "VCT_IS_SONG_PICKER_MODEL");
      vct_song_picker_model_back (m);
      g_test_assert_expected_messages ();
    }

  /* ---- The services: NULL, another GObject, the other service type. */
  wrong_service[0] = NULL;
  wrong_service[1] = action;
  wrong_service[2] = file_song_service;
  for (guint i = 0; feed_side && i < G_N_ELEMENTS (wrong_service); i++)
    {
      VctFeedService *s = wrong_service[i];

      g_test_message ("feed service %u", i);
      SG_EXPECT_IS_CHECK ("vct_feed_model_new", "VCT_IS_FEED_SERVICE");
      g_assert_null (vct_feed_model_new (s));
      g_test_assert_expected_messages ();
    }
  wrong_service[2] = file_feed_service;
  for (guint i = 0; !feed_side && i < G_N_ELEMENTS (wrong_service); i++)
    {
      VctSongService *s = wrong_service[i];

      g_test_message ("song service %u", i);
      SG_EXPECT_IS_CHECK ("vct_song_picker_model_new", "VCT_IS_SONG_SERVICE");
      g_assert_null (vct_song_picker_model_new (s));
      g_test_assert_expected_messages ();
    }

  /* ---- VctFeedPhoto: NULL, another GObject, a feed. */
  wrong_photo[0] = NULL;
  wrong_photo[1] = action;
  wrong_photo[2] = feed_fx.model;
  for (guint i = 0; feed_side && i < G_N_ELEMENTS (wrong_photo); i++)
    {
      VctFeedPhoto *p = wrong_photo[i];

      g_test_message ("photo %u", i);
      SG_EXPECT_IS_CHECK ("vct_feed_photo_get_id", "VCT_IS_FEED_PHOTO");
      g_assert_cmpint (vct_feed_photo_get_id (p), ==, 0);
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_photo_get_title", "VCT_IS_FEED_PHOTO");
      g_assert_null (vct_feed_photo_get_title (p));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_photo_get_description", "VCT_IS_FEED_PHOTO");
      g_assert_null (vct_feed_photo_get_description (p));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_photo_get_url", "VCT_IS_FEED_PHOTO");
      g_assert_null (vct_feed_photo_get_url (p));
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_feed_photo_get_date", "VCT_IS_FEED_PHOTO");
      g_assert_null (vct_feed_photo_get_date (p));
      g_test_assert_expected_messages ();
    }

  /* ---- The row commands the screens rely on: NULL, another GObject, a model. */
  wrong_row[0] = NULL;
  wrong_row[1] = action;
  wrong_row[2] = feed_fx.model;
  for (guint i = 0; feed_side && i < G_N_ELEMENTS (wrong_row); i++)
    {
      VctRow *r = wrong_row[i];

      g_test_message ("row %u", i);
      SG_EXPECT_IS_CHECK ("vct_row_press", "VCT_IS_ROW");
      vct_row_press (r);
      g_test_assert_expected_messages ();
      SG_EXPECT_IS_CHECK ("vct_row_select", "VCT_IS_ROW");
      vct_row_select (r);
      g_test_assert_expected_messages ();
    }

  /* Nothing happened to the real models, the services or the action. */
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (&feed_fx.log), ==, 0);
  g_assert_cmpuint (sg_log_n_events (&songs_fx.log), ==, 0);
  g_assert_false (vct_feed_model_is_loading (feed_fx.model));
  g_assert_false (vct_song_picker_model_is_loading (songs_fx.model));
  g_assert_cmpint (feed_fx.fake.n_fetches, ==, 0);
  g_assert_cmpint (songs_fx.fake.n_fetches, ==, 0);
  g_assert_cmpuint (G_OBJECT (action)->ref_count, ==, action_refs);
  g_assert_cmpuint (G_OBJECT (file_feed_service)->ref_count, ==, 1);
  g_assert_cmpuint (G_OBJECT (file_song_service)->ref_count, ==, 1);

  g_object_unref (action);
  g_object_unref (file_feed_service);
  g_object_unref (file_song_service);
  feed_fx_teardown (&feed_fx);
  songs_fx_teardown (&songs_fx);
}

static void
test_feed_is_checks (void)
{
  sg_is_checks (TRUE);
}

static void
test_songs_is_checks (void)
{
  sg_is_checks (FALSE);
}

/* ------------------------------------------------------------- factories */

/* The factory feed through GObject: "Lantern market" (photo 7 of the fixture) opens its
 * detail with the fixture's data. */
static void
test_feed_factory (void)
{
  VctFeedModel *model = vct_feed_model_factory_instance ();
  GListModel *list = G_LIST_MODEL (vct_feed_model_get_list (model));
  SgLog log;
  GObject *found = NULL;
  VctFeedPhoto *photo;
  GDateTime *expected;

  sg_log_init (&log);
  sg_connect_feed (model, &log);
  vct_feed_model_reload (model);
  sg_run_until_event (&log, "notify::loading=0");
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 5 + 40);
  for (guint i = 0; i < g_list_model_get_n_items (list) && found == NULL; i++)
    {
      GObject *row = g_list_model_get_item (list, i);

      if (VCT_IS_FEED_PHOTO_ROW (row))
        {
          char *title = vct_test_dup_property (row, "title");
          if (g_strcmp0 (title, "Lantern market") == 0)
            found = g_object_ref (row);
          g_free (title);
        }
      g_object_unref (row);
    }
  g_assert_nonnull (found);
  g_free (sg_log_take (&log));
  vct_row_select (VCT_ROW (found));
  sg_run_until_event (&log, "open-detail:7");
  g_assert_cmpuint (log.photos->len, ==, 1);
  photo = g_ptr_array_index (log.photos, 0);
  g_assert_cmpstr (vct_feed_photo_get_title (photo), ==, "Lantern market");
  g_assert_cmpstr (vct_feed_photo_get_description (photo), ==, "A photo of the field city quiet.");
  g_assert_cmpstr (vct_feed_photo_get_url (photo), ==, "resource:///org/vctable/VCTable/images/photos/c0bfbc.png");
  expected = g_date_time_new_from_iso8601 ("2026-11-20T11:34:00Z", NULL);
  g_assert_true (g_date_time_equal (vct_feed_photo_get_date (photo), expected));
  g_assert_cmpint (g_date_time_get_utc_offset (vct_feed_photo_get_date (photo)), ==, 0);
  g_date_time_unref (expected);

  g_object_unref (found);
  g_object_unref (model);
  sg_assert_handlers_freed (&log);
  g_free (sg_log_take (&log));
  sg_log_clear (&log);
}

/* The factory picker through GObject: the fixture's 12 songs as VctSongRow objects. */
static void
test_songs_factory (void)
{
  VctSongPickerModel *model = vct_song_picker_model_factory_instance ();
  GListModel *list = G_LIST_MODEL (vct_song_picker_model_get_list (model));
  SgLog log;
  GObject *row;

  sg_log_init (&log);
  sg_connect_picker (model, &log);
  vct_song_picker_model_reload (model);
  sg_run_until_event (&log, "notify::loading=0");
  sg_assert_log (&log, "notify::loading=1|items-changed:0,0,12|notify::loading=0");
  row = g_list_model_get_item (list, 0);
  g_assert_true (VCT_IS_SONG_ROW (row));
  vct_test_assert_property (row, "title", "Open Horizon");
  vct_test_assert_property (row, "subtitle", "Guided breathing");
  vct_test_assert_property (row, "duration", "14:54");
  vct_test_assert_property (row, "mode", "unselected");
  g_object_unref (row);

  g_object_unref (model);
  sg_assert_handlers_freed (&log);
  settle_loop (NULL);
  g_assert_cmpuint (sg_log_n_events (&log), ==, 0);
  sg_log_clear (&log);
}

/* ------------------------------------------------------------------ identity under change */

static void
race_fetch (VctApiRequest *request, gpointer data)
{
  (void) data;
  vct_api_request_return_json (request, "[{\"id\": 1, \"title\": \"a\", \"subtitle\": \"x\", \"duration\": 5},"
                                        " {\"id\": 2, \"title\": \"b\", \"subtitle\": \"x\", \"duration\": 6}]", -1);
}

typedef struct
{
  VctRow *row;
  guint   toggles;
  gint    done;  /* atomic */
} RaceToggler;

static gpointer
race_toggle (gpointer data)
{
  RaceToggler *toggler = data;

  for (guint i = 0; i < toggler->toggles; i++)
    vct_row_select (toggler->row);
  g_atomic_int_set (&toggler->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static gboolean
race_loaded (gpointer list)
{
  return g_list_model_get_n_items (list) == 2;
}

/* A view holds song 1's row while another thread toggles it again and again: every
 * g_list_model_get_item of its position, between the loop's deliveries, is the held
 * object, even when the row's mode has changed and its notify is not delivered yet
 * (the list took such a row for a duplicate id and made a fresh object: the fuzzer's
 * "another object than the runs left there"). */
static void
test_songs_held_row_identity (void)
{
  VctSongService *service = vct_song_service_new_custom (race_fetch, NULL, NULL);
  VctSongPickerModel *picker = vct_song_picker_model_new (service);
  GListModel *list = G_LIST_MODEL (vct_song_picker_model_get_list (picker));
  RaceToggler toggler = { NULL, vct_test_under_valgrind () ? 2000 : 50000, 0 };
  guint other = 0, reads = 0;
  GThread *thread;

  vct_song_picker_model_reload (picker);
  run_until (NULL, race_loaded, list, VCT_TEST_TIMEOUT_MS);
  toggler.row = g_list_model_get_item (list, 0);
  thread = g_thread_new ("toggle", race_toggle, &toggler);
  while (!g_atomic_int_get (&toggler.done))
    {
      VctRow *again = g_list_model_get_item (list, 0);

      other += again != toggler.row;
      reads++;
      g_object_unref (again);
      if (reads % 64 == 0)
        g_main_context_iteration (NULL, FALSE);
    }
  g_thread_join (thread);
  settle_loop (NULL);
  g_assert_cmpuint (other, ==, 0);
  g_object_unref (toggler.row);
  g_object_unref (picker);
  g_object_unref (service);
}

int
main (int argc, char **argv)
{
  /* --keep-going: a case that fails in its subprocess (sg_in_subprocess) does not stop
   * the cases after it; the exit status still says something failed. */
  char **args = g_new0 (char *, (gsize) argc + 2);
  int n_args = 0;
  int status;

  for (int i = 0; i < argc; i++)
    args[n_args++] = argv[i];
  args[n_args++] = (char *) "--keep-going";

  /* Before any thread starts: the factories read the real environment. */
  g_unsetenv ("VCTABLE_FEEDS_URL");
  g_unsetenv ("VCTABLE_SONGS_URL");

  vct_test_init (&n_args, &args);
  g_test_add_func ("/gobject/feed/types", test_feed_types);
  g_test_add_func ("/gobject/feed/load-order", test_feed_load_order);
  g_test_add_func ("/gobject/feed/follow", test_feed_follow);
  g_test_add_func ("/gobject/feed/follow/completed-before-redraw", test_feed_follow_completed_before_redraw);
  g_test_add_func ("/gobject/feed/open-detail", test_feed_open_detail);
  g_test_add_func ("/gobject/feed/threads/other-callers", test_feed_threads_other_callers);
  g_test_add_func ("/gobject/feed/threads/worker-model", test_feed_threads_worker_model);
  g_test_add_func ("/gobject/feed/lifetime/unref-pending", test_feed_lifetime_unref_pending);
  g_test_add_func ("/gobject/feed/lifetime/unref-in-signal", test_feed_lifetime_unref_in_signal);
  g_test_add_func ("/gobject/feed/lifetime/unref-in-notify", test_feed_lifetime_unref_in_notify);
  g_test_add_func ("/gobject/feed/is-checks", test_feed_is_checks);
  g_test_add_func ("/gobject/feed/factory", test_feed_factory);
  g_test_add_func ("/gobject/songs/types", test_songs_types);
  g_test_add_func ("/gobject/songs/session", test_songs);
  g_test_add_func ("/gobject/songs/threads/other-callers", test_songs_threads_other_callers);
  g_test_add_func ("/gobject/songs/lifetime/unref-pending", test_songs_lifetime_unref_pending);
  g_test_add_func ("/gobject/songs/is-checks", test_songs_is_checks);
  g_test_add_func ("/gobject/songs/factory", test_songs_factory);
  g_test_add_func ("/gobject/songs/held-row-identity", test_songs_held_row_identity);
  status = vct_test_run ();
  g_free (args);
  return status;
}
