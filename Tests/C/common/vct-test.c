/* vct-test.c: helpers shared by the GTest programs of VCTable's C API. */
#include "vct-test.h"

#include <glib/gstdio.h>
#include <stdarg.h>
#include <string.h>

static char      *temp_dir;
static GPtrArray *temp_files;
static char      *cache_home;  /* XDG_CACHE_HOME for the test: under temp_dir */
static gint       temp_serial;
static GMutex     temp_lock;

gboolean
vct_test_under_valgrind (void)
{
  const char *value = g_getenv ("VCT_TEST_UNDER_VALGRIND");
  return value != NULL && g_strcmp0 (value, "0") != 0 && *value != '\0';
}

guint
vct_test_scale (guint normal, guint valgrind)
{
  return vct_test_under_valgrind () ? valgrind : normal;
}

void
vct_test_init (int *argc, char ***argv)
{
  GError *error = NULL;

  g_test_init (argc, argv, NULL);
  temp_dir = g_dir_make_tmp ("vct-c-test-XXXXXX", &error);
  g_assert_no_error (error);
  /* The image loader's disk cache (XDG_CACHE_HOME/vctable/images) is the test's own. */
  cache_home = g_build_filename (temp_dir, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  temp_files = g_ptr_array_new_with_free_func (g_free);
}

/* Removes @path and everything under it. */
static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
    }
  g_remove (path);
}

int
vct_test_run (void)
{
  int status = g_test_run ();

  for (guint i = 0; i < temp_files->len; i++)
    g_unlink (g_ptr_array_index (temp_files, i));
  remove_tree (cache_home);
  g_clear_pointer (&cache_home, g_free);
  g_rmdir (temp_dir);
  g_clear_pointer (&temp_files, g_ptr_array_unref);
  g_clear_pointer (&temp_dir, g_free);
  return status;
}

static gboolean
set_flag_cb (gpointer data)
{
  g_atomic_int_set ((gint *) data, 1);
  return G_SOURCE_REMOVE;
}

void
vct_test_run_until (GMainContext *context,
                    gboolean    (*cond) (gpointer),
                    gpointer      data,
                    guint         timeout_ms,
                    const char   *what,
                    const char   *file,
                    int           line,
                    const char   *func)
{
  gint timed_out = 0;
  GSource *source;

  if (context == NULL)
    context = g_main_context_default ();
  if (vct_test_under_valgrind ())
    timeout_ms *= 10;

  source = g_timeout_source_new (timeout_ms);
  g_source_set_callback (source, set_flag_cb, &timed_out, NULL);
  g_source_attach (source, context);

  while (!cond (data) && !g_atomic_int_get (&timed_out))
    g_main_context_iteration (context, TRUE);

  g_source_destroy (source);
  g_source_unref (source);

  /* A condition that only became true while the timeout fired was not noticed (a
   * missed wake-up): that is a failure too. */
  if (g_atomic_int_get (&timed_out))
    {
      char *message = g_strdup_printf ("run_until: timed out after %u ms waiting for %s",
                                       timeout_ms, what);
      g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
      g_free (message);
    }
}

void
iterate_for (GMainContext *context, guint ms)
{
  gint done = 0;
  GSource *source;

  if (context == NULL)
    context = g_main_context_default ();
  source = g_timeout_source_new (ms);
  g_source_set_callback (source, set_flag_cb, &done, NULL);
  g_source_attach (source, context);
  while (!g_atomic_int_get (&done))
    g_main_context_iteration (context, TRUE);
  g_source_destroy (source);
  g_source_unref (source);
}

void
wait_until_pending (GMainContext *context)
{
  gint64 deadline = g_get_monotonic_time () +
                    (gint64) VCT_TEST_TIMEOUT_MS * 1000 * (vct_test_under_valgrind () ? 10 : 1);

  while (!g_main_context_pending (context))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("wait_until_pending: nothing became ready on the context in time");
      g_thread_yield ();
    }
}

void
iterate_pending (GMainContext *context)
{
  if (context == NULL)
    context = g_main_context_default ();
  while (g_main_context_iteration (context, FALSE))
    ;
}

gboolean
cond_flag (gpointer data)
{
  return g_atomic_int_get ((gint *) data) != 0;
}

gboolean
cond_not_loading (gpointer model)
{
  return !vct_table_model_is_loading (model);
}

typedef struct
{
  gint *value;
  gint  target;
} IntWait;

static gboolean
int_at_least_cond (gpointer data)
{
  IntWait *wait = data;
  return g_atomic_int_get (wait->value) >= wait->target;
}

void
wait_int_at_least (GMainContext *context, gint *value, gint target)
{
  IntWait wait = { value, target };
  run_until (context, int_at_least_cond, &wait, VCT_TEST_TIMEOUT_MS);
}

char *
vct_test_songs_json (gint64 first, gint64 last)
{
  GString *doc = g_string_new ("[");

  for (gint64 id = first; id <= last; id++)
    g_string_append_printf (doc,
                            "%s{\"id\": %" G_GINT64_FORMAT ", \"title\": \"song %" G_GINT64_FORMAT
                            "\", \"subtitle\": \"sub %" G_GINT64_FORMAT "\", \"duration\": %" G_GINT64_FORMAT "}",
                            id == first ? "" : ", ", id, id, id, 60 * id + 5);
  g_string_append (doc, "]");
  return g_string_free (doc, FALSE);
}

char *
vct_test_photos_json (gint64 first_id, guint n)
{
  return vct_test_photos_json_ordered (first_id, n, FALSE);
}

char *
vct_test_photos_json_ordered (gint64 first_id, guint n, gboolean reversed)
{
  GString *json = g_string_sized_new ((gsize) n * 160 + 2);

  g_string_append_c (json, '[');
  for (guint i = 0; i < n; i++)
    {
      gint64 id = reversed ? first_id + (n - 1 - i) : first_id + i;
      g_string_append_printf (json,
                              "%s{\"albumId\": %" G_GINT64_FORMAT ", \"id\": %" G_GINT64_FORMAT
                              ", \"title\": \"photo %" G_GINT64_FORMAT "\""
                              ", \"url\": \"https://example.com/600/%" G_GINT64_FORMAT ".png\""
                              ", \"thumbnailUrl\": \"https://example.com/150/%" G_GINT64_FORMAT ".png\"}",
                              i == 0 ? "" : ",\n ", (id - 1) / 50 + 1, id, id, id, id);
    }
  g_string_append (json, "]");
  return g_string_free (json, FALSE);
}

char *
vct_test_write_temp (const char *contents, gssize length, char **path_out)
{
  GError *error = NULL;
  char *name, *path, *uri;

  g_mutex_lock (&temp_lock);
  name = g_strdup_printf ("photos-%d.json", ++temp_serial);
  path = g_build_filename (temp_dir, name, NULL);
  g_ptr_array_add (temp_files, g_strdup (path));
  g_mutex_unlock (&temp_lock);

  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  uri = g_filename_to_uri (path, NULL, &error);
  g_assert_no_error (error);

  if (path_out != NULL)
    *path_out = path;
  else
    g_free (path);
  g_free (name);
  return uri;
}

char *
vct_test_missing_uri (void)
{
  GError *error = NULL;
  char *path = g_build_filename (temp_dir, "does-not-exist.json", NULL);
  char *uri = g_filename_to_uri (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_free (path);
  return uri;
}

/* ------------------------------------------------------------- Recorder */

void
recorder_init (Recorder *rec, GThread *expected_thread)
{
  memset (rec, 0, sizeof *rec);
  g_mutex_init (&rec->lock);
  rec->events = g_ptr_array_new_with_free_func (g_free);
  rec->expected_thread = expected_thread;
}

void
recorder_clear (Recorder *rec)
{
  g_clear_pointer (&rec->events, g_ptr_array_unref);
  g_clear_pointer (&rec->last_title, g_free);
  g_clear_pointer (&rec->last_error, g_free);
  g_mutex_clear (&rec->lock);
}

static void
recorder_check_thread (Recorder *rec)
{
  if (rec->expected_thread != NULL && g_thread_self () != rec->expected_thread)
    g_atomic_int_inc (&rec->wrong_thread);
}

void
recorder_on_title (const char *title, gpointer user_data)
{
  Recorder *rec = user_data;

  g_assert_nonnull (title);
  recorder_check_thread (rec);
  g_mutex_lock (&rec->lock);
  g_ptr_array_add (rec->events, g_strconcat ("title:", title, NULL));
  g_free (rec->last_title);
  rec->last_title = g_strdup (title);
  g_mutex_unlock (&rec->lock);
  g_atomic_int_inc (&rec->n_titles);
}

void
recorder_on_reload (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  Recorder *rec = user_data;
  gint64 first = n_items > 0 ? vct_cell_data_get_id (items[0]) : -1;
  gint64 last = n_items > 0 ? vct_cell_data_get_id (items[n_items - 1]) : -1;

  g_assert_true (n_items == 0 || items != NULL);
  recorder_check_thread (rec);
  g_mutex_lock (&rec->lock);
  g_ptr_array_add (rec->events,
                   g_strdup_printf ("reload:%" G_GSIZE_FORMAT ":%" G_GINT64_FORMAT, n_items, first));
  rec->last_n_items = n_items;
  rec->last_first_id = first;
  rec->last_last_id = last;
  g_mutex_unlock (&rec->lock);
  g_atomic_int_inc (&rec->n_reloads);
}

void
recorder_on_error (const char *message, gpointer user_data)
{
  Recorder *rec = user_data;

  g_assert_nonnull (message);
  recorder_check_thread (rec);
  g_mutex_lock (&rec->lock);
  g_ptr_array_add (rec->events, g_strconcat ("error:", message, NULL));
  g_free (rec->last_error);
  rec->last_error = g_strdup (message);
  g_mutex_unlock (&rec->lock);
  g_atomic_int_inc (&rec->n_errors);
}

void
recorder_title_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Recorder *) user_data)->n_title_notifies);
}

void
recorder_reload_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Recorder *) user_data)->n_reload_notifies);
}

void
recorder_error_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Recorder *) user_data)->n_error_notifies);
}

void
recorder_attach (Recorder *rec, VctTableModel *model)
{
  vct_table_model_set_did_update_navigation_title (model, recorder_on_title, rec, recorder_title_notify);
  vct_table_model_set_did_reload_data (model, recorder_on_reload, rec, recorder_reload_notify);
  vct_table_model_set_did_error (model, recorder_on_error, rec, recorder_error_notify);
}

const char *
recorder_event (Recorder *rec, guint index)
{
  const char *event = NULL;

  g_mutex_lock (&rec->lock);
  if (index < rec->events->len)
    event = g_ptr_array_index (rec->events, index);
  g_mutex_unlock (&rec->lock);
  return event;
}

guint
recorder_n_events (Recorder *rec)
{
  guint n;

  g_mutex_lock (&rec->lock);
  n = rec->events->len;
  g_mutex_unlock (&rec->lock);
  return n;
}

gint
recorder_n_done (Recorder *rec)
{
  return g_atomic_int_get (&rec->n_reloads) + g_atomic_int_get (&rec->n_errors);
}

typedef struct
{
  Recorder *rec;
  gint      n;
} DoneWait;

static gboolean
recorder_done_cond (gpointer data)
{
  DoneWait *wait = data;
  return recorder_n_done (wait->rec) >= wait->n;
}

void
recorder_wait_done (Recorder *rec, GMainContext *context, gint n)
{
  DoneWait wait = { rec, n };
  run_until (context, recorder_done_cond, &wait, VCT_TEST_TIMEOUT_MS);
}

/* ------------------------------------------------------------- FakeApi */

static void
fake_api_get_photos (VctApiRequest *request, gpointer user_data)
{
  FakeApi *fake = user_data;

  g_assert_nonnull (request);
  g_assert_cmpint (g_atomic_int_get (&fake->notified), ==, 0);
  g_mutex_lock (&fake->lock);
  fake->call_thread = g_thread_self ();
  g_mutex_unlock (&fake->lock);
  g_atomic_int_inc (&fake->n_calls);

  if (fake->auto_json != NULL)
    {
      vct_api_request_return_json (request, fake->auto_json, -1);
      return;
    }
  g_mutex_lock (&fake->lock);
  g_queue_push_tail (&fake->pending, request);
  g_mutex_unlock (&fake->lock);
}

static void
fake_api_notify (gpointer user_data)
{
  FakeApi *fake = user_data;

  g_mutex_lock (&fake->lock);
  fake->notify_thread = g_thread_self ();
  g_mutex_unlock (&fake->lock);
  g_atomic_int_inc (&fake->notified);
  /* It may run on any thread: wake the default context a test may be iterating. */
  g_main_context_wakeup (NULL);
}

void
fake_api_init (FakeApi *fake)
{
  memset (fake, 0, sizeof *fake);
  g_mutex_init (&fake->lock);
  g_queue_init (&fake->pending);
}

void
fake_api_clear (FakeApi *fake)
{
  g_assert_cmpuint (fake_api_n_pending (fake), ==, 0);
  g_mutex_clear (&fake->lock);
}

VctApi *
fake_api_new (FakeApi *fake)
{
  VctApi *api = vct_api_new_custom (fake_api_get_photos, fake, fake_api_notify);
  g_assert_nonnull (api);
  return api;
}

VctApiRequest *
fake_api_pop (FakeApi *fake)
{
  VctApiRequest *request;

  g_mutex_lock (&fake->lock);
  request = g_queue_pop_head (&fake->pending);
  g_mutex_unlock (&fake->lock);
  return request;
}

guint
fake_api_n_pending (FakeApi *fake)
{
  guint n;

  g_mutex_lock (&fake->lock);
  n = g_queue_get_length (&fake->pending);
  g_mutex_unlock (&fake->lock);
  return n;
}

gboolean
fake_api_has_pending (gpointer data)
{
  return fake_api_n_pending (data) > 0;
}

gboolean
fake_api_was_notified (gpointer data)
{
  return g_atomic_int_get (&((FakeApi *) data)->notified) > 0;
}

VctApiRequest *
fake_api_wait_request (FakeApi *fake, GMainContext *context)
{
  run_until (context, fake_api_has_pending, fake, VCT_TEST_TIMEOUT_MS);
  return fake_api_pop (fake);
}

/* ------------------------------------------------------------- Counters */

void
counter_text_func (const char *text, gpointer user_data)
{
  Counter *counter = user_data;

  if (g_atomic_int_get (&counter->notified))
    g_atomic_int_inc (&counter->calls_after_notify);
  g_atomic_int_inc (&counter->calls);
  g_free (counter->last_text);
  counter->last_text = g_strdup (text);
}

void
counter_reload_func (VctCellData *const *items, gsize n_items, gpointer user_data)
{
  Counter *counter = user_data;

  (void) items;
  (void) n_items;
  if (g_atomic_int_get (&counter->notified))
    g_atomic_int_inc (&counter->calls_after_notify);
  g_atomic_int_inc (&counter->calls);
}

void
counter_notify (gpointer user_data)
{
  g_atomic_int_inc (&((Counter *) user_data)->notified);
}

/* ------------------------------------------------------------- Loopback HTTP server */

typedef struct
{
  char  *method;  /* NULL: any */
  char  *path;
  guint  status;
  char  *body;
  gsize  length;
} ServerRoute;

struct _VctTestServer
{
  GSocketService       *service;
  guint16               port;
  GMutex                lock;
  GCond                 idle;
  guint                 active;   /* connections accepted and not yet served (lock) */
  GCancellable         *stop;     /* (lock) replaced by each close */
  GPtrArray            *routes;   /* ServerRoute * (lock) */
  GPtrArray            *requests; /* "METHOD path" (lock) */
  VctTestServerHandler  handler;  /* (lock) */
  gpointer              handler_data;
};

static void
server_route_free (gpointer data)
{
  ServerRoute *route = data;
  g_free (route->method);
  g_free (route->path);
  g_free (route->body);
  g_free (route);
}

static const char *
server_reason (guint status)
{
  switch (status)
    {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 404: return "Not Found";
    case 500: return "Internal Server Error";
    default: return "Status";
    }
}

gboolean
vct_test_server_write (GSocketConnection *connection, const void *data, gsize length, GCancellable *stop)
{
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  return g_output_stream_write_all (out, data, length, NULL, stop, NULL);
}

gboolean
vct_test_server_write_response (GSocketConnection *connection,
                                guint              status,
                                const char        *content_type,
                                const char        *body,
                                gsize              length,
                                GCancellable      *stop)
{
  GString *head = g_string_new (NULL);
  gboolean ok;

  g_string_append_printf (head, "HTTP/1.1 %u %s\r\n", status, server_reason (status));
  if (content_type != NULL)
    g_string_append_printf (head, "Content-Type: %s\r\n", content_type);
  g_string_append_printf (head, "Content-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n", length);
  ok = vct_test_server_write (connection, head->str, head->len, stop) &&
       (length == 0 || vct_test_server_write (connection, body, length, stop));
  g_string_free (head, TRUE);
  return ok;
}

/* Reads the request line and the headers (into @headers: lower-case name → value), then
 * the body Content-Length announces (so the client never sees its request cut short).
 * *@method and *@path: g_free. */
static void
server_read_request (GSocketConnection *connection, GCancellable *stop, char **method, char **path,
                     GHashTable *headers)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  GDataInputStream *lines = g_data_input_stream_new (in);
  gsize content_length = 0;
  char *line;

  *method = NULL;
  *path = NULL;
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (lines), FALSE);
  g_data_input_stream_set_newline_type (lines, G_DATA_STREAM_NEWLINE_TYPE_CR_LF);
  while ((line = g_data_input_stream_read_line (lines, NULL, stop, NULL)) != NULL)
    {
      gboolean end = line[0] == '\0';
      if (*method == NULL)
        {
          char **parts = g_strsplit (line, " ", 3);
          *method = g_strdup (parts[0] != NULL ? parts[0] : "?");
          *path = g_strdup (parts[0] != NULL && parts[1] != NULL ? parts[1] : "?");
          g_strfreev (parts);
        }
      else if (!end && strchr (line, ':') != NULL)
        {
          const char *colon = strchr (line, ':');
          char *name = g_ascii_strdown (line, colon - line);

          g_hash_table_replace (headers, name, g_strstrip (g_strdup (colon + 1)));
          if (strcmp (name, "content-length") == 0)
            content_length = (gsize) g_ascii_strtoull (colon + 1, NULL, 10);
        }
      g_free (line);
      if (end)
        break;
    }
  if (content_length > 0 && content_length < 16 * 1024 * 1024)
    {
      char *body = g_malloc (content_length);
      g_input_stream_read_all (G_INPUT_STREAM (lines), body, content_length, NULL, stop, NULL);
      g_free (body);
    }
  g_object_unref (lines);
  if (*method == NULL)
    {
      *method = g_strdup ("?");
      *path = g_strdup ("?");
    }
}

/* "incoming" runs on the thread iterating the listener's context, before the threaded
 * service queues the job: the connection is counted before any handler can run. */
static gboolean
server_incoming (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer data)
{
  VctTestServer *server = data;

  (void) service;
  (void) connection;
  (void) source;
  g_mutex_lock (&server->lock);
  server->active++;
  g_mutex_unlock (&server->lock);
  return FALSE; /* the threaded service's own handler queues the job */
}

static gboolean
server_run (GThreadedSocketService *service, GSocketConnection *connection, GObject *source, gpointer data)
{
  VctTestServer *server = data;
  VctTestServerHandler handler;
  gpointer handler_data;
  GCancellable *stop;
  ServerRoute *found = NULL;
  char *method, *path, *body = NULL;
  GHashTable *headers;
  gsize length = 0;
  guint status = 404;
  gboolean handled = FALSE;

  (void) service;
  (void) source;
  /* A close replaces server->stop: keep the one this connection started with. */
  g_mutex_lock (&server->lock);
  stop = g_object_ref (server->stop);
  g_mutex_unlock (&server->lock);
  g_socket_set_timeout (g_socket_connection_get_socket (connection), 30);

  headers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  server_read_request (connection, stop, &method, &path, headers);

  g_mutex_lock (&server->lock);
  g_ptr_array_add (server->requests, g_strdup_printf ("%s %s", method, path));
  handler = server->handler;
  handler_data = server->handler_data;
  for (guint i = 0; i < server->routes->len && found == NULL; i++)
    {
      ServerRoute *route = g_ptr_array_index (server->routes, i);
      if ((route->method == NULL || strcmp (route->method, method) == 0) && strcmp (route->path, path) == 0)
        found = route;
    }
  if (found != NULL)
    {
      status = found->status;
      body = g_memdup2 (found->body, found->length + 1);
      length = found->length;
    }
  g_mutex_unlock (&server->lock);

  if (handler != NULL)
    {
      VctTestRequest request = { method, path, connection, stop, headers };
      handled = handler (&request, handler_data);
    }
  if (!handled)
    vct_test_server_write_response (connection, status, "application/json", body != NULL ? body : "", length, stop);
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);

  g_free (body);
  g_free (method);
  g_free (path);
  g_hash_table_unref (headers);
  g_object_unref (stop);

  g_mutex_lock (&server->lock);
  server->active--;
  g_cond_broadcast (&server->idle);
  g_mutex_unlock (&server->lock);
  return TRUE;
}

void
vct_test_server_listen (VctTestServer *server)
{
  GError *error = NULL;
  GInetAddress *loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  GSocketAddress *address = g_inet_socket_address_new (loopback, server->port);
  GSocketAddress *effective = NULL;

  g_assert_null (server->service);
  server->service = g_threaded_socket_service_new (8);
  g_signal_connect (server->service, "incoming", G_CALLBACK (server_incoming), server);
  g_signal_connect (server->service, "run", G_CALLBACK (server_run), server);
  g_socket_listener_add_address (G_SOCKET_LISTENER (server->service), address, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error);
  g_assert_no_error (error);
  server->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_socket_service_start (server->service);
  g_object_unref (effective);
  g_object_unref (address);
  g_object_unref (loopback);
}

VctTestServer *
vct_test_server_new (void)
{
  VctTestServer *server = g_new0 (VctTestServer, 1);

  g_mutex_init (&server->lock);
  g_cond_init (&server->idle);
  server->stop = g_cancellable_new ();
  server->routes = g_ptr_array_new_with_free_func (server_route_free);
  server->requests = g_ptr_array_new_with_free_func (g_free);
  vct_test_server_listen (server);
  return server;
}

void
vct_test_server_close (VctTestServer *server)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND * (vct_test_under_valgrind () ? 10 : 1);

  if (server->service == NULL)
    return;
  g_mutex_lock (&server->lock);
  g_cancellable_cancel (server->stop);
  g_mutex_unlock (&server->lock);
  g_socket_service_stop (server->service);
  g_socket_listener_close (G_SOCKET_LISTENER (server->service));
  /* The pool threads may outlive the service object (each job holds a reference): wait
   * until every accepted connection was served, then no handler can touch @server. */
  g_mutex_lock (&server->lock);
  while (server->active > 0)
    if (!g_cond_wait_until (&server->idle, &server->lock, deadline))
      g_error ("vct_test_server_close: %u handler(s) still running after 30 s", server->active);
  g_object_unref (server->stop);
  server->stop = g_cancellable_new ();
  g_mutex_unlock (&server->lock);
  g_signal_handlers_disconnect_by_data (server->service, server);
  g_clear_object (&server->service);
}

void
vct_test_server_free (VctTestServer *server)
{
  if (server == NULL)
    return;
  vct_test_server_close (server);
  g_object_unref (server->stop);
  g_ptr_array_unref (server->routes);
  g_ptr_array_unref (server->requests);
  g_mutex_clear (&server->lock);
  g_cond_clear (&server->idle);
  g_free (server);
}

guint16
vct_test_server_get_port (VctTestServer *server)
{
  return server->port;
}

char *
vct_test_server_uri (VctTestServer *server, const char *path)
{
  return g_strdup_printf ("http://127.0.0.1:%u%s", server->port, path);
}

void
vct_test_server_route (VctTestServer *server, const char *method, const char *path,
                       guint status, const char *body, gssize length)
{
  ServerRoute *route = g_new0 (ServerRoute, 1);

  route->method = g_strdup (method);
  route->path = g_strdup (path);
  route->status = status;
  route->length = body == NULL ? 0 : length < 0 ? strlen (body) : (gsize) length;
  route->body = body == NULL ? g_strdup ("") : g_memdup2 (body, route->length + 1);
  route->body[route->length] = '\0';
  g_mutex_lock (&server->lock);
  for (guint i = 0; i < server->routes->len; i++)
    {
      ServerRoute *old = g_ptr_array_index (server->routes, i);
      if (g_strcmp0 (old->method, method) == 0 && strcmp (old->path, path) == 0)
        {
          g_ptr_array_remove_index (server->routes, i);
          break;
        }
    }
  g_ptr_array_add (server->routes, route);
  g_mutex_unlock (&server->lock);
}

void
vct_test_server_set_handler (VctTestServer *server, VctTestServerHandler handler, gpointer user_data)
{
  g_mutex_lock (&server->lock);
  server->handler = handler;
  server->handler_data = user_data;
  g_mutex_unlock (&server->lock);
}

guint
vct_test_server_n_requests (VctTestServer *server)
{
  guint n;

  g_mutex_lock (&server->lock);
  n = server->requests->len;
  g_mutex_unlock (&server->lock);
  return n;
}

guint
vct_test_server_count (VctTestServer *server, const char *method, const char *path)
{
  guint n = 0;

  g_mutex_lock (&server->lock);
  for (guint i = 0; i < server->requests->len; i++)
    {
      const char *seen = g_ptr_array_index (server->requests, i);
      const char *space = strchr (seen, ' ');
      gsize method_length = space != NULL ? (gsize) (space - seen) : strlen (seen);
      if ((method == NULL || (strlen (method) == method_length && strncmp (seen, method, method_length) == 0)) &&
          (path == NULL || (space != NULL && strcmp (space + 1, path) == 0)))
        n++;
    }
  g_mutex_unlock (&server->lock);
  return n;
}

char **
vct_test_server_dup_requests (VctTestServer *server)
{
  char **copy;

  g_mutex_lock (&server->lock);
  copy = g_new0 (char *, server->requests->len + 1);
  for (guint i = 0; i < server->requests->len; i++)
    copy[i] = g_strdup (g_ptr_array_index (server->requests, i));
  g_mutex_unlock (&server->lock);
  return copy;
}

/* ------------------------------------------------------------- VctTestLog */

/* One watched row: the handler's data. */
typedef struct
{
  VctTestLog *log;
  GObject    *row;     /* a reference */
  const char *tag;
  gulong      handler;
} LogWatch;

void
vct_test_log_init (VctTestLog *log, GMainContext *context)
{
  memset (log, 0, sizeof *log);
  g_mutex_init (&log->lock);
  g_cond_init (&log->cond);
  log->events = g_ptr_array_new_with_free_func (g_free);
  log->watches = g_ptr_array_new ();
  log->context = context;
  log->thread = g_thread_self ();
}

void
vct_test_log_clear (VctTestLog *log)
{
  g_assert_cmpint (g_atomic_int_get (&log->wrong_thread), ==, 0);
  g_assert_cmpint (g_atomic_int_get (&log->calls_after_notify), ==, 0);
  g_assert_cmpuint (log->watches->len, ==, 0);
  g_clear_pointer (&log->watches, g_ptr_array_unref);
  g_clear_pointer (&log->events, g_ptr_array_unref);
  g_mutex_clear (&log->lock);
  g_cond_clear (&log->cond);
}

void
vct_test_log_add (VctTestLog *log, char *event)
{
  if (g_thread_self () != log->thread)
    g_atomic_int_inc (&log->wrong_thread);
  g_mutex_lock (&log->lock);
  g_ptr_array_add (log->events, event);
  g_cond_broadcast (&log->cond);
  g_mutex_unlock (&log->lock);
}

void
vct_test_log_addf (VctTestLog *log, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  vct_test_log_add (log, g_strdup_vprintf (format, args));
  va_end (args);
}

/* The events from @from joined with "|" (lock held). */
static char *
log_join_locked (VctTestLog *log, guint from)
{
  GString *joined = g_string_new (NULL);

  for (guint i = from; i < log->events->len; i++)
    {
      if (i > from)
        g_string_append_c (joined, '|');
      g_string_append (joined, g_ptr_array_index (log->events, i));
    }
  return g_string_free (joined, FALSE);
}

guint
vct_test_log_n_events (VctTestLog *log)
{
  guint n;

  g_mutex_lock (&log->lock);
  n = log->events->len - log->taken;
  g_mutex_unlock (&log->lock);
  return n;
}

char *
vct_test_log_take (VctTestLog *log)
{
  char *joined;

  g_mutex_lock (&log->lock);
  joined = log_join_locked (log, log->taken);
  log->taken = log->events->len;
  g_mutex_unlock (&log->lock);
  return joined;
}

guint
vct_test_log_mark (VctTestLog *log)
{
  guint n;

  g_mutex_lock (&log->lock);
  n = log->events->len;
  g_mutex_unlock (&log->lock);
  return n;
}

char *
vct_test_log_since (VctTestLog *log, guint mark)
{
  char *joined;

  g_mutex_lock (&log->lock);
  g_assert_cmpuint (mark, <=, log->events->len);
  joined = log_join_locked (log, mark);
  g_mutex_unlock (&log->lock);
  return joined;
}

/* How many events from @from start with @prefix (@exact: are @prefix); lock held. */
static guint
log_count_locked (VctTestLog *log, guint from, const char *prefix, gboolean exact)
{
  guint n = 0;

  for (guint i = from; i < log->events->len; i++)
    {
      const char *event = g_ptr_array_index (log->events, i);
      if (exact ? strcmp (event, prefix) == 0 : g_str_has_prefix (event, prefix))
        n++;
    }
  return n;
}

guint
vct_test_log_count (VctTestLog *log, guint mark, const char *prefix)
{
  guint n;

  g_mutex_lock (&log->lock);
  n = log_count_locked (log, mark, prefix, FALSE);
  g_mutex_unlock (&log->lock);
  return n;
}

char *
vct_test_log_last (VctTestLog *log, guint mark, const char *prefix)
{
  char *found = NULL;

  g_mutex_lock (&log->lock);
  for (guint i = log->events->len; i > mark && found == NULL; i--)
    {
      const char *event = g_ptr_array_index (log->events, i - 1);
      if (g_str_has_prefix (event, prefix))
        found = g_strdup (event + strlen (prefix));
    }
  g_mutex_unlock (&log->lock);
  return found;
}

/* What a wait waits for: @n events from @from (G_MAXUINT: since the last take) that are
 * (@exact) or start with @what. */
typedef struct
{
  VctTestLog *log;
  guint       from;
  const char *what;
  gboolean    exact;
  guint       n;
} LogWait;

static gboolean
log_wait_cond_locked (LogWait *wait)
{
  guint from = wait->from == G_MAXUINT ? wait->log->taken : wait->from;
  return log_count_locked (wait->log, from, wait->what, wait->exact) >= wait->n;
}

static gboolean
log_wait_cond (gpointer data)
{
  LogWait *wait = data;
  gboolean reached;

  g_mutex_lock (&wait->log->lock);
  reached = log_wait_cond_locked (wait);
  g_mutex_unlock (&wait->log->lock);
  return reached;
}

static void
log_wait_failed (LogWait *wait, const char *file, int line, const char *func)
{
  char *seen, *message;

  g_mutex_lock (&wait->log->lock);
  seen = log_join_locked (wait->log, wait->from == G_MAXUINT ? wait->log->taken : wait->from);
  g_mutex_unlock (&wait->log->lock);
  message = g_strdup_printf ("timed out waiting for %u event(s) %s\"%s\"; logged: \"%s\"", wait->n,
                             wait->exact ? "" : "starting with ", wait->what, seen);
  g_assertion_message (G_LOG_DOMAIN, file, line, func, message);
  g_free (message);
  g_free (seen);
}

/* Iterates the log's context until @wait holds, under the guard. */
static void
log_iterate_until (LogWait *wait, const char *file, int line, const char *func)
{
  GMainContext *context = wait->log->context != NULL ? wait->log->context : g_main_context_default ();
  GSource *guard = g_timeout_source_new (vct_test_scale (VCT_TEST_TIMEOUT_MS, VCT_TEST_TIMEOUT_MS * 10));
  gint expired = 0;

  g_source_set_callback (guard, set_flag_cb, &expired, NULL);
  g_source_attach (guard, context);
  while (!log_wait_cond (wait) && !g_atomic_int_get (&expired))
    g_main_context_iteration (context, TRUE);
  g_source_destroy (guard);
  g_source_unref (guard);
  if (!log_wait_cond (wait))
    log_wait_failed (wait, file, line, func);
}

void
vct_test_log_run_until_event_at (VctTestLog *log, const char *event, const char *file, int line)
{
  LogWait wait = { log, G_MAXUINT, event, TRUE, 1 };
  log_iterate_until (&wait, file, line, "vct_test_log_run_until_event");
}

void
vct_test_log_wait_at (VctTestLog *log, guint mark, const char *prefix, guint n, const char *file, int line)
{
  LogWait wait = { log, mark, prefix, FALSE, n };
  log_iterate_until (&wait, file, line, "vct_test_log_wait");
}

void
vct_test_log_wait_event_at (VctTestLog *log, const char *event, const char *file, int line)
{
  LogWait wait = { log, G_MAXUINT, event, TRUE, 1 };
  gint64 deadline = vct_test_deadline ();
  gboolean reached;

  g_mutex_lock (&log->lock);
  while (!(reached = log_wait_cond_locked (&wait)))
    if (!g_cond_wait_until (&log->cond, &log->lock, deadline))
      {
        reached = log_wait_cond_locked (&wait);
        break;
      }
  g_mutex_unlock (&log->lock);
  if (!reached)
    log_wait_failed (&wait, file, line, "vct_test_log_wait_event");
}

char *
vct_test_log_filter (const char *seen, const char *prefix)
{
  g_auto (GStrv) events = g_strsplit (seen, "|", -1);
  GString *kept = g_string_new (NULL);

  for (guint i = 0; events[i] != NULL; i++)
    if (g_str_has_prefix (events[i], prefix))
      {
        if (kept->len > 0)
          g_string_append_c (kept, '|');
        g_string_append (kept, events[i]);
      }
  return g_string_free (kept, FALSE);
}

VctTestLogSlot *
vct_test_log_slot (VctTestLog *log, const char *name)
{
  VctTestLogSlot *slot;

  g_assert_cmpuint (log->n_slots, <, VCT_TEST_LOG_MAX_SLOTS);
  slot = &log->slots[log->n_slots++];
  slot->log = log;
  slot->name = name;
  slot->notified = 0;
  slot->handler = 0;
  return slot;
}

VctTestLogSlot *
vct_test_log_find_slot (VctTestLog *log, const char *name)
{
  for (guint i = 0; i < log->n_slots; i++)
    if (strcmp (log->slots[i].name, name) == 0)
      return &log->slots[i];
  return NULL;
}

void
vct_test_log_slot_notify (gpointer slot)
{
  g_atomic_int_inc (&((VctTestLogSlot *) slot)->notified);
}

void
vct_test_log_record (VctTestLogSlot *slot, char *what)
{
  if (g_atomic_int_get (&slot->notified) > 0)
    g_atomic_int_inc (&slot->log->calls_after_notify);
  if (what == NULL)
    vct_test_log_add (slot->log, g_strdup (slot->name));
  else
    vct_test_log_add (slot->log, g_strconcat (slot->name, ":", what, NULL));
  g_free (what);
}

static void
log_slot_closure_notify (gpointer slot, G_GNUC_UNUSED GClosure *closure)
{
  vct_test_log_slot_notify (slot);
}

VctTestLogSlot *
vct_test_log_connect (VctTestLog *log, gpointer object, const char *signal, GCallback callback, const char *name)
{
  VctTestLogSlot *slot = vct_test_log_slot (log, name);

  slot->handler = g_signal_connect_data (object, signal, callback, slot, log_slot_closure_notify, 0);
  g_assert_cmpuint (slot->handler, !=, 0);
  return slot;
}

void
vct_test_log_on_property (GObject *object, GParamSpec *pspec, gpointer slot)
{
  vct_test_log_record (slot, vct_test_format_property (object, pspec));
}

void
vct_test_log_on_text (G_GNUC_UNUSED GObject *object, const char *text, gpointer slot)
{
  g_assert_nonnull (text);
  vct_test_log_record (slot, g_strdup (text));
}

void
vct_test_log_on_event (G_GNUC_UNUSED GObject *object, gpointer slot)
{
  vct_test_log_record (slot, NULL);
}

void
vct_test_log_assert_all_notified (VctTestLog *log)
{
  for (guint i = 0; i < log->n_slots; i++)
    if (g_atomic_int_get (&log->slots[i].notified) != 1)
      g_error ("the notify of \"%s\" ran %d times, not once", log->slots[i].name,
               g_atomic_int_get (&log->slots[i].notified));
}

char *
vct_test_log_dup_notified (VctTestLog *log)
{
  GString *counts = g_string_new (NULL);

  for (guint i = 0; i < log->n_slots; i++)
    g_string_append_printf (counts, "%d", g_atomic_int_get (&log->slots[i].notified));
  return g_string_free (counts, FALSE);
}

const char *
vct_test_enum_nick (GType type, gint value)
{
  GEnumClass *klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (klass, value);
  const char *nick = found != NULL ? found->value_nick : "(invalid)";

  g_type_class_unref (klass); /* the class stays: the nick is static */
  return nick;
}

char *
vct_test_format_property (GObject *object, GParamSpec *pspec)
{
  GValue value = G_VALUE_INIT;
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);
  char *text;

  g_value_init (&value, type);
  g_object_get_property (object, pspec->name, &value);
  if (type == G_TYPE_STRING)
    text = g_strdup (g_value_get_string (&value) != NULL ? g_value_get_string (&value) : "(null)");
  else if (type == G_TYPE_BOOLEAN)
    text = g_strdup (g_value_get_boolean (&value) ? "1" : "0");
  else if (type == G_TYPE_INT64)
    text = g_strdup_printf ("%" G_GINT64_FORMAT, g_value_get_int64 (&value));
  else if (G_TYPE_IS_ENUM (type))
    text = g_strdup (vct_test_enum_nick (type, g_value_get_enum (&value)));
  else if (type == G_TYPE_DATE_TIME)
    text = g_value_get_boxed (&value) != NULL ? g_date_time_format_iso8601 (g_value_get_boxed (&value))
                                              : g_strdup ("(null)");
  else if (type == G_TYPE_ERROR)
    {
      const GError *error = g_value_get_boxed (&value);

      if (error == NULL)
        text = g_strdup ("(null)");
      else if (error->domain == VCT_ERROR)
        text = g_strdup_printf ("%s:%s", vct_test_enum_nick (VCT_TYPE_ERROR, error->code), error->message);
      else
        text = g_strdup_printf ("%s:%d:%s", g_quark_to_string (error->domain), error->code, error->message);
    }
  else if (G_TYPE_IS_OBJECT (type))
    text = g_strdup (g_value_get_object (&value) != NULL ? G_OBJECT_TYPE_NAME (g_value_get_object (&value))
                                                         : "(null)");
  else
    text = g_strdup_printf ("(%s)", g_type_name (type));
  g_value_unset (&value);
  return text;
}

char *
vct_test_dup_property (gpointer object, const char *name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);

  g_assert_nonnull (pspec);
  return vct_test_format_property (object, pspec);
}

void
vct_test_log_on_notify (GObject *object, GParamSpec *pspec, gpointer log)
{
  char *value = vct_test_format_property (object, pspec);

  vct_test_log_addf (log, "notify::%s=%s", pspec->name, value);
  g_free (value);
}

void
vct_test_log_on_items_changed (G_GNUC_UNUSED GListModel *list, guint position, guint removed, guint added,
                               gpointer log)
{
  vct_test_log_addf (log, "items-changed:%u,%u,%u", position, removed, added);
}

void
vct_test_log_finalized (gpointer data, G_GNUC_UNUSED GObject *where_the_object_was)
{
  VctTestLog *log = data;

  g_atomic_int_inc (&log->finalized);
  vct_test_log_add (log, g_strdup ("finalized"));
}

static void
log_watch_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  LogWatch *watch = data;
  char *value = vct_test_format_property (object, pspec);

  g_assert_true (object == watch->row);
  vct_test_log_addf (watch->log, "%s:notify::%s=%s", watch->tag, pspec->name, value);
  g_free (value);
}

void
vct_test_log_watch (VctTestLog *log, gpointer row, const char *tag)
{
  LogWatch *watch = g_new0 (LogWatch, 1);

  g_assert_true (G_IS_OBJECT (row));
  if (g_thread_self () != log->thread)
    g_atomic_int_inc (&log->wrong_thread);
  watch->log = log;
  watch->row = g_object_ref (row);
  watch->tag = tag;
  watch->handler = g_signal_connect (row, "notify", G_CALLBACK (log_watch_notify), watch);
  g_assert_cmpuint (watch->handler, !=, 0);
  g_mutex_lock (&log->lock);
  g_ptr_array_add (log->watches, watch);
  g_mutex_unlock (&log->lock);
}

void
vct_test_log_unwatch (VctTestLog *log, gpointer row)
{
  LogWatch *watch = NULL;

  if (g_thread_self () != log->thread)
    g_atomic_int_inc (&log->wrong_thread);
  g_mutex_lock (&log->lock);
  for (guint i = 0; i < log->watches->len && watch == NULL; i++)
    if (((LogWatch *) g_ptr_array_index (log->watches, i))->row == row)
      watch = g_ptr_array_steal_index (log->watches, i);
  g_mutex_unlock (&log->lock);
  g_assert_nonnull (watch);
  g_signal_handler_disconnect (watch->row, watch->handler);
  g_object_unref (watch->row);
  g_free (watch);
}

gint64
vct_test_deadline (void)
{
  return g_get_monotonic_time () +
         (gint64) VCT_TEST_TIMEOUT_MS * 1000 * (vct_test_under_valgrind () ? 10 : 1);
}

void
settle_loop (GMainContext *context)
{
  iterate_pending (context);
  iterate_for (context, vct_test_scale (150, 600));
  iterate_pending (context);
}

/* ------------------------------------------------------------- Screens: FakeService */

typedef struct
{
  VctApiRequest *request;
  gint64         member_id;
} FakeFollow;

void
fake_service_init (FakeService *fake, GMainContext *context)
{
  memset (fake, 0, sizeof *fake);
  g_mutex_init (&fake->lock);
  g_queue_init (&fake->fetches);
  g_queue_init (&fake->follows);
  fake->follow_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  fake->thread = g_thread_self ();
  fake->context = context != NULL ? context : g_main_context_default ();
}

static void
fake_service_check_call (FakeService *fake)
{
  if (g_atomic_int_get (&fake->notified))
    g_atomic_int_inc (&fake->calls_after_notify);
  if (g_thread_self () != fake->thread)
    g_atomic_int_inc (&fake->wrong_thread);
}

void
fake_service_fetch (VctApiRequest *request, gpointer data)
{
  FakeService *fake = data;

  g_assert_nonnull (request);
  fake_service_check_call (fake);
  g_mutex_lock (&fake->lock);
  g_queue_push_tail (&fake->fetches, request);
  g_mutex_unlock (&fake->lock);
  g_atomic_int_inc (&fake->n_fetches);
}

void
fake_service_follow (VctApiRequest *request, gint64 member_id, gpointer data)
{
  FakeService *fake = data;
  FakeFollow *follow = g_new0 (FakeFollow, 1);

  g_assert_nonnull (request);
  fake_service_check_call (fake);
  follow->request = request;
  follow->member_id = member_id;
  g_mutex_lock (&fake->lock);
  g_queue_push_tail (&fake->follows, follow);
  g_array_append_val (fake->follow_ids, member_id);
  g_mutex_unlock (&fake->lock);
}

void
fake_service_notify (gpointer data)
{
  FakeService *fake = data;

  g_atomic_int_inc (&fake->notified);
  g_main_context_wakeup (fake->context);
}

static gboolean
fake_service_has_fetch (gpointer data)
{
  FakeService *fake = data;
  gboolean has;

  g_mutex_lock (&fake->lock);
  has = fake->fetches.length > 0;
  g_mutex_unlock (&fake->lock);
  return has;
}

static gboolean
fake_service_has_follow (gpointer data)
{
  FakeService *fake = data;
  gboolean has;

  g_mutex_lock (&fake->lock);
  has = fake->follows.length > 0;
  g_mutex_unlock (&fake->lock);
  return has;
}

VctApiRequest *
fake_service_wait_fetch (FakeService *fake)
{
  VctApiRequest *request;

  run_until (fake->context, fake_service_has_fetch, fake, VCT_TEST_TIMEOUT_MS);
  g_mutex_lock (&fake->lock);
  request = g_queue_pop_head (&fake->fetches);
  g_mutex_unlock (&fake->lock);
  return request;
}

VctApiRequest *
fake_service_wait_follow (FakeService *fake, gint64 member_id)
{
  FakeFollow *follow;
  VctApiRequest *request;

  run_until (fake->context, fake_service_has_follow, fake, VCT_TEST_TIMEOUT_MS);
  g_mutex_lock (&fake->lock);
  follow = g_queue_pop_head (&fake->follows);
  g_mutex_unlock (&fake->lock);
  g_assert_cmpint (follow->member_id, ==, member_id);
  request = follow->request;
  g_free (follow);
  return request;
}

guint
fake_service_n_follows (FakeService *fake)
{
  guint n;

  g_mutex_lock (&fake->lock);
  n = fake->follow_ids->len;
  g_mutex_unlock (&fake->lock);
  return n;
}

gboolean
fake_service_notified (gpointer data)
{
  return g_atomic_int_get (&((FakeService *) data)->notified) > 0;
}

void
fake_service_finish (FakeService *fake)
{
  run_until (fake->context, fake_service_notified, fake, VCT_TEST_TIMEOUT_MS);
  iterate_pending (fake->context);
  g_assert_cmpint (g_atomic_int_get (&fake->notified), ==, 1);
  g_assert_cmpint (g_atomic_int_get (&fake->calls_after_notify), ==, 0);
  g_assert_cmpint (g_atomic_int_get (&fake->wrong_thread), ==, 0);
  g_assert_cmpuint (fake->fetches.length, ==, 0);
  g_assert_cmpuint (fake->follows.length, ==, 0);
  g_array_unref (fake->follow_ids);
  g_mutex_clear (&fake->lock);
}

void
vct_test_return_error (VctApiRequest *request, VctError code, const char *message)
{
  GError *error = g_error_new_literal (VCT_ERROR, code, message);

  vct_api_request_return_error (request, error);
  g_error_free (error);
}

typedef struct
{
  VctApiRequest *request;
  const char    *json;
} ThreadCompletion;

static gpointer
return_json_thread (gpointer data)
{
  ThreadCompletion *completion = data;

  vct_api_request_return_json (completion->request, completion->json, -1);
  return NULL;
}

void
vct_test_return_json_in_thread (VctApiRequest *request, const char *json)
{
  ThreadCompletion completion = { request, json };

  g_thread_join (g_thread_new ("vct-test-completer", return_json_thread, &completion));
}

/* ------------------------------------------------------------- TableFixture */

void
table_fixture_setup (TableFixture *fx)
{
  fake_api_init (&fx->fake);
  fx->api = fake_api_new (&fx->fake);
  fx->model = vct_table_model_new_with_manager (fx->api);
  g_assert_nonnull (fx->model);
  recorder_init (&fx->rec, g_thread_self ());
  recorder_attach (&fx->rec, fx->model);
}

void
table_fixture_teardown (TableFixture *fx)
{
  g_clear_object (&fx->model);
  g_clear_object (&fx->api);
  run_until (NULL, fake_api_was_notified, &fx->fake, VCT_TEST_TIMEOUT_MS);
  g_assert_cmpint (fx->fake.notified, ==, 1);
  g_assert_cmpint (fx->rec.wrong_thread, ==, 0);
  recorder_clear (&fx->rec);
  fake_api_clear (&fx->fake);
}

/* ------------------------------------------------------------- Environment, memory */

guint
vct_test_env_uint (const char *name, guint fallback)
{
  const char *value = g_getenv (name);
  guint64 parsed;

  if (value == NULL || *value == '\0')
    return fallback;
  if (!g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT, &parsed, NULL))
    g_error ("%s=%s: not a positive number", name, value);
  return (guint) parsed;
}

gsize
vct_test_resident_kib (void)
{
  char *status = NULL;
  gsize kib = 0;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    {
      const char *line = strstr (status, "\nVmRSS:");

      if (line != NULL)
        kib = (gsize) g_ascii_strtoull (line + strlen ("\nVmRSS:"), NULL, 10);
    }
  g_free (status);
  return kib;
}

/* ------------------------------------------------------------------ feed documents */

GString *
vct_test_feed_doc_new (void)
{
  return g_string_new ("[");
}

static void
feed_doc_separate (GString *doc)
{
  if (doc->len > 1)
    g_string_append (doc, ",\n ");
}

void
vct_test_feed_doc_member (GString *doc, gint64 id, const char *date, gboolean following)
{
  feed_doc_separate (doc);
  g_string_append_printf (doc,
                          "{\"type\": \"member\", \"id\": %" G_GINT64_FORMAT ", \"name\": \"member %" G_GINT64_FORMAT
                          "\", \"avatarUrl\": \"https://example.com/avatars/%" G_GINT64_FORMAT
                          ".png\", \"date\": \"%s\", \"following\": %s}",
                          id, id, id, date, following ? "true" : "false");
}

void
vct_test_feed_doc_photo (GString *doc, gint64 id, const char *date)
{
  feed_doc_separate (doc);
  g_string_append_printf (doc,
                          "{\"date\": \"%s\", \"type\": \"photo\", \"id\": %" G_GINT64_FORMAT
                          ", \"title\": \"photo %" G_GINT64_FORMAT "\", \"description\": \"about %" G_GINT64_FORMAT
                          "\", \"imageUrl\": \"https://example.com/photos/%" G_GINT64_FORMAT ".png\"}",
                          date, id, id, id, id);
}

char *
vct_test_feed_doc_end (GString *doc)
{
  g_string_append (doc, "]");
  return g_string_free (doc, FALSE);
}

char *
vct_test_feed_standard_doc (gboolean with_unknown_entry)
{
  GString *doc = vct_test_feed_doc_new ();

  vct_test_feed_doc_photo (doc, 32, VCT_TEST_FEED_DAY_3 "T12:00:00Z");
  vct_test_feed_doc_member (doc, 7, VCT_TEST_FEED_DAY_1 "T12:50:00Z", FALSE);
  vct_test_feed_doc_member (doc, 9, VCT_TEST_FEED_DAY_2 "T12:30:00Z", FALSE);
  vct_test_feed_doc_photo (doc, 30, VCT_TEST_FEED_DAY_1 "T12:30:00Z");
  if (with_unknown_entry)
    g_string_append (doc, ",\n {\"type\": \"place\", \"id\": 5, \"name\": \"somewhere\", \"date\": \""
                          VCT_TEST_FEED_DAY_1 "T12:40:00Z\"}");
  vct_test_feed_doc_member (doc, 12, VCT_TEST_FEED_DAY_3 "T11:10:00Z", FALSE);
  vct_test_feed_doc_member (doc, 8, VCT_TEST_FEED_DAY_1 "T12:10:00Z", TRUE);
  vct_test_feed_doc_photo (doc, 31, VCT_TEST_FEED_DAY_2 "T11:40:00Z");
  vct_test_feed_doc_photo (doc, 33, VCT_TEST_FEED_DAY_2 "T12:30:00Z");
  return vct_test_feed_doc_end (doc);
}

char *
vct_test_local_text (const char *iso, const char *format)
{
  GDateTime *utc = g_date_time_new_from_iso8601 (iso, NULL);
  GDateTime *local;
  char *text;

  g_assert_nonnull (utc);
  local = g_date_time_to_local (utc);
  text = g_date_time_format (local, format);
  g_date_time_unref (local);
  g_date_time_unref (utc);
  return text;
}
