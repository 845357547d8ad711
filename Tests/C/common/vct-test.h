/* vct-test.h: helpers shared by the GTest programs of VCTable's C API.
 *
 * Compiled into every test program (Tests/C/run.sh adds common/vct-test.c).
 * Nothing here sleeps to synchronise: the loop is driven to a condition with a
 * timeout guard (run_until), and a fixed quiet period is a timeout source too.
 */
#ifndef VCT_TEST_H
#define VCT_TEST_H

#include <vctable.h>

G_BEGIN_DECLS

/* The normal guard for run_until, scaled up under valgrind. */
#define VCT_TEST_TIMEOUT_MS 15000

/* The table model's title, and the prefix of every didError message (vctable.h). */
#define TITLE "MVVM Table View Example"
#define ERROR_PREFIX "An Error Occurred\n\n"

/* Whether VCT_TEST_UNDER_VALGRIND=1 is set: tests shrink their iteration counts. */
gboolean vct_test_under_valgrind (void);

/* @normal, or @valgrind when running under valgrind. */
guint vct_test_scale (guint normal, guint valgrind);

/* g_test_init plus the test environment (a private temp directory); call first. */
void vct_test_init (int *argc, char ***argv);

/* g_test_run, then removes the temp files; return its value from main. */
int vct_test_run (void);

/* Iterates @context (blocking iterations) until @cond (@data) holds; fails the test
 * (an assertion naming @cond) when @timeout_ms pass first. Timeouts are multiplied by
 * 10 under valgrind. @context NULL means the global default context. */
void vct_test_run_until (GMainContext *context,
                         gboolean    (*cond) (gpointer),
                         gpointer      data,
                         guint         timeout_ms,
                         const char   *what,
                         const char   *file,
                         int           line,
                         const char   *func);
#define run_until(context, cond, data, timeout_ms) \
  vct_test_run_until ((context), (cond), (data), (timeout_ms), #cond, __FILE__, __LINE__, G_STRFUNC)

/* Iterates @context for @ms milliseconds (a g_timeout source ends it): a quiet period
 * in which nothing must happen. Not scaled under valgrind. */
void iterate_for (GMainContext *context, guint ms);

/* Waits, without dispatching anything, until @context has a source ready: for a
 * context nobody iterates, "a delivery is queued". Spins with g_thread_yield under a
 * deadline (VCT_TEST_TIMEOUT_MS, x10 under valgrind); @context must not be owned by
 * another thread. */
void wait_until_pending (GMainContext *context);

/* Iterates @context without blocking until nothing is ready. */
void iterate_pending (GMainContext *context);

/* Condition helpers: *(gint *) data != 0, read atomically. */
gboolean cond_flag (gpointer data);

/* cond: !vct_table_model_is_loading (data). */
gboolean cond_not_loading (gpointer model);

/* Runs @context until the atomic int at @value reaches at least @target. */
void wait_int_at_least (GMainContext *context, gint *value, gint target);

/* A JSON photos document with @n records, ids @first_id.., albumId (id-1)/50+1,
 * titles "photo <id>". Free with g_free. */
char *vct_test_photos_json (gint64 first_id, guint n);

/* The same records, in id order or (@reversed) from the last id down. */
char *vct_test_photos_json_ordered (gint64 first_id, guint n, gboolean reversed);

/* A songs document: songs @first..@last, title "song <id>", subtitle "sub <id>",
 * 60 * id + 5 seconds. g_free. */
char *vct_test_songs_json (gint64 first, gint64 last);

/* A feed document (the JSON array a feed service returns), built entry by entry:
 * vct_test_feed_doc_new, then members and photos, then vct_test_feed_doc_end (returns
 * the text, g_free). A member @id is named "member @id" with an avatar URL; a photo @id
 * is titled "photo @id", described "about @id", with an image URL; @date is ISO 8601. */
GString *vct_test_feed_doc_new (void);
void vct_test_feed_doc_member (GString *doc, gint64 id, const char *date, gboolean following);
void vct_test_feed_doc_photo (GString *doc, gint64 id, const char *date);
char *vct_test_feed_doc_end (GString *doc);

/* The days of the standard wall, newest first. */
#define VCT_TEST_FEED_DAY_1 "2026-11-20"
#define VCT_TEST_FEED_DAY_2 "2026-11-19"
#define VCT_TEST_FEED_DAY_3 "2026-11-18"

/* test-feed.c's standard wall, in a shuffled document order (g_free): members 7, 8
 * (following), 9, 12 and photos 30–33 over three days; with @with_unknown_entry, an
 * entry of a type the feed skips ("place") in the middle. */
char *vct_test_feed_standard_doc (gboolean with_unknown_entry);

/* @iso (ISO 8601) in the local time zone, formatted with @format (g_date_time_format):
 * how the feed shows a date. g_free. */
char *vct_test_local_text (const char *iso, const char *format);

/* Writes @contents (@length bytes, -1 for NUL-terminated) to a new file in the test's
 * temp directory; returns its file:// URI (g_free). *@path_out gets the path (g_free)
 * when not NULL. The file is removed by vct_test_run. */
char *vct_test_write_temp (const char *contents, gssize length, char **path_out);

/* A file:// URI of a path that does not exist (in the temp directory). */
char *vct_test_missing_uri (void);

/* ------------------------------------------------------------- Recorder */

/* Records every report a model delivers, with the thread it ran on. */
typedef struct
{
  GMutex     lock;
  GPtrArray *events;          /* "title:<title>", "reload:<n>:<first id>", "error:<message>" */
  gint       n_titles;        /* atomic */
  gint       n_reloads;       /* atomic */
  gint       n_errors;        /* atomic */
  char      *last_title;
  char      *last_error;
  gsize      last_n_items;
  gint64     last_first_id;
  gint64     last_last_id;
  GThread   *expected_thread; /* when set, calls on another thread are counted */
  gint       wrong_thread;    /* atomic */
  gint       n_title_notifies;   /* atomic */
  gint       n_reload_notifies;  /* atomic */
  gint       n_error_notifies;   /* atomic */
} Recorder;

void recorder_init (Recorder *rec, GThread *expected_thread);
void recorder_clear (Recorder *rec);
/* Sets the three callbacks of @model to the recorder's (with counting notifies). */
void recorder_attach (Recorder *rec, VctTableModel *model);
/* The event at @index as a string, or NULL past the end. */
const char *recorder_event (Recorder *rec, guint index);
guint recorder_n_events (Recorder *rec);
/* n_reloads + n_errors */
gint recorder_n_done (Recorder *rec);
/* Runs @context until n_reloads + n_errors >= @n. */
void recorder_wait_done (Recorder *rec, GMainContext *context, gint n);

void recorder_on_title (const char *title, gpointer user_data);
void recorder_on_reload (VctCellData *const *items, gsize n_items, gpointer user_data);
void recorder_on_error (const char *message, gpointer user_data);
void recorder_title_notify (gpointer user_data);
void recorder_reload_notify (gpointer user_data);
void recorder_error_notify (gpointer user_data);

/* ------------------------------------------------------------- FakeApi */

/* A custom API whose requests the test completes by hand (or at once with auto_json). */
typedef struct
{
  GMutex       lock;
  GQueue       pending;       /* VctApiRequest *, oldest first */
  gint         n_calls;       /* atomic */
  GThread     *call_thread;   /* thread of the last get_photos */
  gint         notified;      /* atomic: how many times the API's notify ran */
  GThread     *notify_thread;
  const char  *auto_json;     /* when set, get_photos completes with it at once */
} FakeApi;

void fake_api_init (FakeApi *fake);
/* Asserts no request is left pending. */
void fake_api_clear (FakeApi *fake);
/* vct_api_new_custom over @fake, with a counting notify. */
VctApi *fake_api_new (FakeApi *fake);
/* Takes the oldest pending request (NULL when none). */
VctApiRequest *fake_api_pop (FakeApi *fake);
guint fake_api_n_pending (FakeApi *fake);
/* cond: a request is pending (data: FakeApi *). */
gboolean fake_api_has_pending (gpointer data);
/* cond: the API's notify ran (data: FakeApi *). */
gboolean fake_api_was_notified (gpointer data);
/* Runs @context until a request is pending, and takes it. */
VctApiRequest *fake_api_wait_request (FakeApi *fake, GMainContext *context);


/* ------------------------------------------------------------- TableFixture */

/* A table model over a FakeApi, every report recorded (with counting notifies), on the
 * calling thread's default context. */
typedef struct
{
  FakeApi        fake;
  VctApi        *api;
  VctTableModel *model;
  Recorder       rec;
} TableFixture;

void table_fixture_setup (TableFixture *fx);
/* Unrefs the model (if still there) and the API, waits for the API's notify and checks it
 * ran once and that no report ran on another thread; frees the rest. */
void table_fixture_teardown (TableFixture *fx);

/* ------------------------------------------------------------- Counters */

/* user_data for plain callbacks: counts calls and its notify. */
typedef struct
{
  gint calls;     /* atomic */
  gint notified;  /* atomic */
  gint calls_after_notify; /* atomic: must stay 0 */
  char *last_text;
} Counter;

void counter_text_func (const char *text, gpointer user_data);
void counter_reload_func (VctCellData *const *items, gsize n_items, gpointer user_data);
void counter_notify (gpointer user_data);

/* ------------------------------------------------------------- Loopback HTTP server */

/* A small HTTP/1.1 server on 127.0.0.1 (a free port), one GThreadedSocketService: each
 * connection is one request, served on a pool thread, answered with "Connection: close".
 * Every request is recorded ("METHOD path", in arrival order). A request is answered by
 * the handler when one is set and it returns TRUE, else by the route for its method and
 * path (vct_test_server_route), else 404.
 *
 * Connections are accepted by the thread that iterates the default GMainContext (the
 * test's), so a test must run its loop for requests to be served. Closing or freeing
 * the server cancels the handlers' `stop` and waits for every connection accepted so
 * far to be served: nothing a handler uses is freed under it. */
typedef struct _VctTestServer VctTestServer;

/* One request as a handler sees it (valid during the call). */
typedef struct
{
  const char        *method;
  const char        *path;       /* the request target, as sent */
  GSocketConnection *connection; /* write the response here; the server closes it */
  GCancellable      *stop;       /* cancelled when the server closes */
  GHashTable        *headers;    /* the request's headers: lower-case name → value (the
                                  * last one sent of a name) */
} VctTestRequest;

/* Answers @request itself (returns TRUE), or leaves it to the routes (FALSE). Runs on a
 * pool thread. */
typedef gboolean (*VctTestServerHandler) (const VctTestRequest *request, gpointer user_data);

/* A server listening on a free loopback port; free with vct_test_server_free. */
VctTestServer *vct_test_server_new (void);
/* Stops listening, waits for the handlers, frees everything. */
void vct_test_server_free (VctTestServer *server);
/* Stops listening (the port then refuses connections) and waits for the handlers. */
void vct_test_server_close (VctTestServer *server);
/* Listens again on the same port after vct_test_server_close. */
void vct_test_server_listen (VctTestServer *server);
guint16 vct_test_server_get_port (VctTestServer *server);
/* "http://127.0.0.1:<port>" followed by @path; g_free. */
char *vct_test_server_uri (VctTestServer *server, const char *path);
/* Answers @method (NULL: any) @path with @status and @body (@length bytes, -1 for
 * NUL-terminated; NULL for an empty body), as application/json. Replaces an earlier
 * route of the same method and path. */
void vct_test_server_route (VctTestServer *server,
                            const char    *method,
                            const char    *path,
                            guint          status,
                            const char    *body,
                            gssize         length);
/* Sets (NULL: clears) the handler tried before the routes. */
void vct_test_server_set_handler (VctTestServer        *server,
                                  VctTestServerHandler  handler,
                                  gpointer              user_data);
/* How many requests were received, and how many of them were @method (NULL: any)
 * @path (NULL: any). */
guint vct_test_server_n_requests (VctTestServer *server);
guint vct_test_server_count (VctTestServer *server, const char *method, const char *path);
/* The requests received so far, "METHOD path" each, in order; g_strfreev. */
char **vct_test_server_dup_requests (VctTestServer *server);

/* For handlers: writes a whole response (status line with a generic reason,
 * Content-Type when not NULL, Content-Length, Connection: close, the body). Returns
 * FALSE when the client went away or @stop was cancelled. */
gboolean vct_test_server_write_response (GSocketConnection *connection,
                                         guint              status,
                                         const char        *content_type,
                                         const char        *body,
                                         gsize              length,
                                         GCancellable      *stop);
/* For handlers: writes @length raw bytes. */
gboolean vct_test_server_write (GSocketConnection *connection,
                                const void        *data,
                                gsize              length,
                                GCancellable      *stop);

/* ------------------------------------------------------------- VctTestLog */

/* One ordered log of everything a model, its list and the rows a test watches report,
 * one string per report, for the screens' and the GObject tests:
 *  - the table model's legacy callbacks (vct_table_model_set_did_*), and the screens'
 *    signal and `notify::` handlers connected with vct_test_log_connect, each through a
 *    slot with its own counting notify (the setter's GDestroyNotify, or the handler's
 *    closure notify): "<slot name>:<what>", or "<slot name>" alone (vct_test_log_record);
 *  - `notify` of a model or a watched row: "[<tag>:]notify::<property>=<value read in
 *    the handler>" (vct_test_log_on_notify, vct_test_log_watch);
 *  - a list's runs: "items-changed:<position>,<removed>,<added>"
 *    (vct_test_log_on_items_changed);
 *  - the model's weak notify: "finalized" (vct_test_log_finalized);
 *  - anything else a test adds (vct_test_log_add).
 * Every report must run on the log's thread (the one that made it, or one the test sets
 * in `thread` before anything is reported); one on another thread, and a slot's call
 * after its notify, are counted (vct_test_log_clear checks both stay 0).
 *
 * Two ways to read it, both over the same events (nothing is ever removed):
 *  - take: vct_test_log_take returns the events since the previous take and moves past
 *    them (vct_test_assert_log, vct_test_log_run_until_event, vct_test_log_n_events);
 *  - marks: vct_test_log_mark is a position; vct_test_log_since / _count / _last /
 *    vct_test_log_wait read from one (vct_test_assert_log_since).
 * Events are joined with "|". */
#define VCT_TEST_LOG_MAX_SLOTS 16

typedef struct _VctTestLog VctTestLog;

/* One legacy callback or signal handler: its name in the log and its notify count. */
typedef struct
{
  VctTestLog *log;
  const char *name;
  gint        notified; /* atomic */
  gulong      handler;  /* vct_test_log_connect's handler id (0: none) */
} VctTestLogSlot;

struct _VctTestLog
{
  GMutex          lock;
  GCond           cond;               /* broadcast on every event */
  GPtrArray      *events;             /* char *, every event so far (lock) */
  guint           taken;              /* events before this one were taken (lock) */
  GMainContext   *context;            /* iterated by the waits (NULL: the default) */
  GThread        *thread;             /* every report must run here */
  gint            wrong_thread;       /* atomic */
  gint            calls_after_notify; /* atomic */
  gint            finalized;          /* atomic: how many times vct_test_log_finalized ran */
  VctTestLogSlot  slots[VCT_TEST_LOG_MAX_SLOTS];
  guint           n_slots;
  GPtrArray      *watches;            /* the watched rows (vct_test_log_watch; lock) */
};

/* @context: the reporting model's context, which this thread iterates (NULL: the
 * default). The log's thread is the calling thread. */
void vct_test_log_init (VctTestLog *log, GMainContext *context);
/* Checks that nothing ran on another thread or after its notify and that no row is still
 * watched; frees the events. */
void vct_test_log_clear (VctTestLog *log);
/* Appends @event (taken), counting a call on another thread than the log's. */
void vct_test_log_add (VctTestLog *log, char *event);
void vct_test_log_addf (VctTestLog *log, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* ---- take */
/* How many events were logged since the last take. */
guint vct_test_log_n_events (VctTestLog *log);
/* The events since the last take, joined with "|"; moves past them. g_free. */
char *vct_test_log_take (VctTestLog *log);
#define vct_test_assert_log(log, expected) G_STMT_START { \
    char *seen_ = vct_test_log_take (log);                 \
    g_assert_cmpstr (seen_, ==, (expected));               \
    g_free (seen_);                                        \
  } G_STMT_END
/* Iterates the log's context until @event (exactly) was logged since the last take;
 * fails naming what was logged when the guard (VCT_TEST_TIMEOUT_MS) passes first. */
void vct_test_log_run_until_event_at (VctTestLog *log, const char *event, const char *file, int line);
#define vct_test_log_run_until_event(log, event) \
  vct_test_log_run_until_event_at ((log), (event), __FILE__, __LINE__)
/* The same without iterating anything, for a context another thread iterates: blocks on
 * the log's condition. */
void vct_test_log_wait_event_at (VctTestLog *log, const char *event, const char *file, int line);
#define vct_test_log_wait_event(log, event) \
  vct_test_log_wait_event_at ((log), (event), __FILE__, __LINE__)

/* ---- marks */
/* How many events were logged in all: a mark for the functions below. */
guint vct_test_log_mark (VctTestLog *log);
/* The events since @mark joined with "|" ("" when none); g_free. */
char *vct_test_log_since (VctTestLog *log, guint mark);
/* How many events since @mark start with @prefix ("": all of them). */
guint vct_test_log_count (VctTestLog *log, guint mark, const char *prefix);
/* The last event since @mark starting with @prefix, without the prefix, or NULL; g_free. */
char *vct_test_log_last (VctTestLog *log, guint mark, const char *prefix);
/* Iterates the log's context until @n events starting with @prefix were logged since
 * @mark; fails naming what was logged when the guard passes first. */
void vct_test_log_wait_at (VctTestLog *log, guint mark, const char *prefix, guint n, const char *file, int line);
#define vct_test_log_wait(log, mark, prefix, n) \
  vct_test_log_wait_at ((log), (mark), (prefix), (n), __FILE__, __LINE__)
#define vct_test_assert_log_since(log, mark, expected) G_STMT_START { \
    char *seen_ = vct_test_log_since ((log), (mark));                  \
    g_assert_cmpstr (seen_, ==, (expected));                           \
    g_free (seen_);                                                    \
  } G_STMT_END

/* The events of @seen (events joined with "|") that start with @prefix (one row's,
 * "s1:"), in order, joined with "|"; g_free. */
char *vct_test_log_filter (const char *seen, const char *prefix);

/* ---- slots: legacy callbacks (the table model's) */
/* A new slot named @name (a string literal): give it as the callback's user_data, with
 * vct_test_log_slot_notify as its notify. */
VctTestLogSlot *vct_test_log_slot (VctTestLog *log, const char *name);
/* The slot named @name, or NULL. */
VctTestLogSlot *vct_test_log_find_slot (VctTestLog *log, const char *name);
void vct_test_log_slot_notify (gpointer slot);
/* Logs "<slot name>:<what>" (@what is taken), or "<slot name>" when @what is NULL,
 * counting a call after the slot's notify. */
void vct_test_log_record (VctTestLogSlot *slot, char *what);

/* Asserts every slot's notify ran exactly once. */
void vct_test_log_assert_all_notified (VctTestLog *log);
/* Each slot's notify count, in the order the slots were made ("0110"); g_free. */
char *vct_test_log_dup_notified (VctTestLog *log);

/* ---- signal and `notify` handlers through slots (the screens) */
/* Connects @callback to @object's @signal ("did-error", "notify::title", …) with a new slot
 * named @name (a string literal) as its data; the slot's notify is the handler's closure
 * notify, so it runs once: when the handler is disconnected (slot->handler) or @object is
 * finalized. Returns the slot. */
VctTestLogSlot *vct_test_log_connect (VctTestLog *log, gpointer object, const char *signal, GCallback callback,
                                      const char *name);
/* Handlers whose data is a slot: "<name>:<the property read in the handler, as
 * vct_test_format_property writes it>" for a `notify::<property>` (so a boolean is 0|1,
 * as of its change); "<name>:<text>" for a signal carrying a string (did-error); "<name>"
 * for a signal without arguments (dismiss). */
void vct_test_log_on_property (GObject *object, GParamSpec *pspec, gpointer slot);
void vct_test_log_on_text (GObject *object, const char *text, gpointer slot);
void vct_test_log_on_event (GObject *object, gpointer slot);

/* ---- GObject */
/* A `notify` handler (data: the log): "notify::<property>=<value>". */
void vct_test_log_on_notify (GObject *object, GParamSpec *pspec, gpointer log);
/* An `items-changed` handler (data: the log): "items-changed:<position>,<removed>,<added>". */
void vct_test_log_on_items_changed (GListModel *list, guint position, guint removed, guint added, gpointer log);
/* A weak notify (data: the log): "finalized", and counts it. */
void vct_test_log_finalized (gpointer log, GObject *where_the_object_was);
/* Watches @row (a VctRow, or any GObject): holds a reference and logs its `notify` as
 * "<tag>:notify::<property>=<value read in the handler>" (@tag: a string literal), until
 * vct_test_log_unwatch. Call on the log's thread. */
void vct_test_log_watch (VctTestLog *log, gpointer row, const char *tag);
/* Disconnects the handler vct_test_log_watch connected and drops its reference. */
void vct_test_log_unwatch (VctTestLog *log, gpointer row);

/* @object's property @pspec as text, read now: strings as they are ("(null)"), booleans
 * 0/1, enums by nick, 64-bit integers, objects by type name, dates in ISO 8601, a GError
 * as "<VctError nick>:<message>" (another domain: "<domain>:<code>:<message>"); g_free. */
char *vct_test_format_property (GObject *object, GParamSpec *pspec);
/* The same by name. */
char *vct_test_dup_property (gpointer object, const char *name);
/* Asserts that @object's property @name reads as @expected (vct_test_dup_property's text). */
#define vct_test_assert_property(object, name, expected) G_STMT_START { \
    char *value_ = vct_test_dup_property ((object), (name));             \
    g_assert_cmpstr (value_, ==, (expected));                            \
    g_free (value_);                                                     \
  } G_STMT_END
/* The nick of @value of the enum @type ("(invalid)" when none); static. */
const char *vct_test_enum_nick (GType type, gint value);
/* A monotonic deadline VCT_TEST_TIMEOUT_MS from now (x10 under valgrind). */
gint64 vct_test_deadline (void);

/* The environment variable @name as a positive number; @fallback when it is unset or
 * empty. Any other value is a test error (a typo in VCT_SOAK_CYCLES must not shrink a run). */
guint vct_test_env_uint (const char *name, guint fallback);

/* The process's resident set (VmRSS), in KiB; 0 when /proc cannot be read. */
gsize vct_test_resident_kib (void);

/* A quiet period of @context (NULL: the default): whatever was about to be delivered is
 * (to check that nothing else comes). */
void settle_loop (GMainContext *context);

/* ------------------------------------------------------------- Screens: FakeService */

/* A custom screen service (VctFeedService, VctSongService) whose fetches and follows
 * wait for the test to complete them. */
typedef struct
{
  GMutex        lock;
  GQueue        fetches;    /* VctApiRequest *, oldest first (lock) */
  GQueue        follows;    /* internal, oldest first (lock) */
  GArray       *follow_ids; /* gint64: every follow's member, in order (lock) */
  gint          n_fetches;  /* atomic */
  GThread      *thread;     /* the functions must run here: the creating thread */
  GMainContext *context;    /* the thread's context, woken by the notify */
  gint          wrong_thread;       /* atomic */
  gint          notified;           /* atomic */
  gint          calls_after_notify; /* atomic */
} FakeService;

/* @context: the thread-default context of this thread (NULL: the default). */
void fake_service_init (FakeService *fake, GMainContext *context);
/* A VctServiceFetchFunc, a VctFeedFollowFunc and the notify, with @fake as user_data. */
void fake_service_fetch (VctApiRequest *request, gpointer fake);
void fake_service_follow (VctApiRequest *request, gint64 member_id, gpointer fake);
void fake_service_notify (gpointer fake);
/* Runs the loop until a fetch waits, and takes it. */
VctApiRequest *fake_service_wait_fetch (FakeService *fake);
/* Runs the loop until a follow waits, checks its member, and takes its request. */
VctApiRequest *fake_service_wait_follow (FakeService *fake, gint64 member_id);
/* How many follows were asked for so far. */
guint fake_service_n_follows (FakeService *fake);
/* cond: the notify ran (data: FakeService *). */
gboolean fake_service_notified (gpointer fake);
/* Waits for the notify, checks it ran once, nothing ran after it or on another thread,
 * nothing is left pending; frees. */
void fake_service_finish (FakeService *fake);

/* Completes @request with a VCT_ERROR @code and @message. */
void vct_test_return_error (VctApiRequest *request, VctError code, const char *message);
/* Completes @request with @json on a new thread, and joins it. */
void vct_test_return_json_in_thread (VctApiRequest *request, const char *json);

G_END_DECLS

#endif /* VCT_TEST_H */
