/* test-api.c: the live APIs (vct_api_new_for_uri, vct_api_new_for_uri_full) and the
 * VCT_ERROR domain.
 *
 * file:// URIs to files the test writes, and http:// against a loopback server inside
 * this program (a GThreadedSocketService bound to 127.0.0.1 only, on a free port):
 * 200, 404, redirects, truncated bodies, size limits, timeouts, refused connections.
 */
#include "common/vct-test.h"

#include <string.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>


/* The codes are ABI: the header's values must not move. */
G_STATIC_ASSERT (VCT_ERROR_FAILED == 0);
G_STATIC_ASSERT (VCT_ERROR_INVALID_URI == 1);
G_STATIC_ASSERT (VCT_ERROR_CONNECTION_FAILED == 2);
G_STATIC_ASSERT (VCT_ERROR_TIMED_OUT == 3);
G_STATIC_ASSERT (VCT_ERROR_HTTP_STATUS == 4);
G_STATIC_ASSERT (VCT_ERROR_BODY_TOO_LARGE == 5);
G_STATIC_ASSERT (VCT_ERROR_TRUNCATED_BODY == 6);
G_STATIC_ASSERT (VCT_ERROR_EMPTY_RESPONSE == 7);
G_STATIC_ASSERT (VCT_ERROR_INVALID_JSON == 8);
G_STATIC_ASSERT (VCT_ERROR_NOT_AN_ARRAY == 9);
G_STATIC_ASSERT (VCT_ERROR_WRONG_FIELD_TYPE == 10);
G_STATIC_ASSERT (VCT_ERROR_MISSING_FIELD == 11);
G_STATIC_ASSERT (VCT_ERROR_FILE_UNREADABLE == 12);
G_STATIC_ASSERT (VCT_ERROR_CANCELLED == 13);

/* ------------------------------------------------------------------ helpers */

typedef struct
{
  VctTableModel *model;
  Recorder       rec;
} Run;

/* Creates a model over @api (which it unrefs), reloads once and waits for the result.
 * Returns the last error (NULL on success). */
static GError *
reload_api (Run *run, VctApi *api)
{
  g_assert_nonnull (api);
  recorder_init (&run->rec, g_thread_self ());
  run->model = vct_table_model_new_with_manager (api);
  g_object_unref (api);
  recorder_attach (&run->rec, run->model);
  vct_table_model_reload_data (run->model);
  recorder_wait_done (&run->rec, NULL, 1);
  g_assert_false (vct_table_model_is_loading (run->model));
  g_assert_cmpint (run->rec.wrong_thread, ==, 0);
  return vct_table_model_get_last_error (run->model);
}

static void
run_clear (Run *run)
{
  g_clear_object (&run->model);
  recorder_clear (&run->rec);
}

/* Reloads @api and asserts it fails with @code; the didError text is the prefix and
 * the error's message. */
static void
expect_failure (VctApi *api, VctError code, const char *message_part)
{
  Run run = { 0 };
  GError *error = reload_api (&run, api);

  g_assert_error (error, VCT_ERROR, (gint) code);
  g_assert_cmpint (run.rec.n_errors, ==, 1);
  g_assert_cmpint (run.rec.n_reloads, ==, 0);
  g_assert_true (g_str_has_prefix (run.rec.last_error, ERROR_PREFIX));
  g_assert_cmpstr (run.rec.last_error + strlen (ERROR_PREFIX), ==, error->message);
  if (message_part != NULL && strstr (error->message, message_part) == NULL)
    g_error ("expected \"%s\" in the error message \"%s\"", message_part, error->message);
  g_error_free (error);
  run_clear (&run);
}

static void
expect_success (VctApi *api, guint n_items, gint64 first_id)
{
  Run run = { 0 };
  GError *error = reload_api (&run, api);

  g_assert_no_error (error);
  g_assert_cmpint (run.rec.n_reloads, ==, 1);
  g_assert_cmpint (run.rec.n_errors, ==, 0);
  g_assert_cmpuint (run.rec.last_n_items, ==, n_items);
  g_assert_cmpint (run.rec.last_first_id, ==, first_id);
  g_assert_cmpuint (vct_table_model_get_n_items (run.model), ==, n_items);
  run_clear (&run);
}

/* ------------------------------------------------------------------ VCT_ERROR */

static void
test_error_quark (void)
{
  GQuark quark = vct_error_quark ();

  g_assert_cmpuint (quark, !=, 0);
  g_assert_cmpuint (VCT_ERROR, ==, quark);
  g_assert_cmpuint (vct_error_quark (), ==, quark);
  g_assert_nonnull (g_quark_to_string (quark));
  g_assert_cmpuint (quark, !=, G_IO_ERROR);
}

/* ------------------------------------------------------------------ file:// */

static void
test_file_success (void)
{
  char *json = vct_test_photos_json (21, 9);
  char *uri = vct_test_write_temp (json, -1, NULL);

  expect_success (vct_api_new_for_uri (uri), 9, 21);
  g_free (uri);
  g_free (json);
}

/* The writer of /api/file/fetch-off-the-loop's FIFO: it opens and fills it when the test
 * says so, or after 20 s on its own (then the loop was blocked, and the test fails). */
typedef struct
{
  GMutex      lock;
  GCond       cond;
  gboolean    go;
  gboolean    timed_out;
  char       *path;
  char       *json;
} FifoWriter;

static gpointer
fifo_writer_thread (gpointer data)
{
  FifoWriter *writer = data;
  gint64 deadline = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;

  g_mutex_lock (&writer->lock);
  while (!writer->go)
    if (!g_cond_wait_until (&writer->cond, &writer->lock, deadline))
      {
        writer->timed_out = TRUE;
        break;
      }
  g_mutex_unlock (&writer->lock);
  /* Opening a FIFO for writing waits for its reader: the fetch. */
  FILE *fifo = fopen (writer->path, "w");
  g_assert_nonnull (fifo);
  fputs (writer->json, fifo);
  fclose (fifo);
  return NULL;
}

static gboolean
count_tick (gpointer ticks)
{
  g_atomic_int_inc ((gint *) ticks);
  return G_SOURCE_CONTINUE;
}

/* PORTING G12: the live API fetches off the model's context, as the original's MyAPI
 * works off the main queue. The document is a FIFO with no writer yet: opening it blocks
 * whoever reads it. The loop keeps running (a timeout ticks) while the fetch waits; then
 * the test lets the writer in and the rows arrive. A fetch on the loop's thread would
 * block reload_data or the loop until the writer's own 20 s deadline: the test fails. */
static void
test_file_fetch_off_the_loop (void)
{
  FifoWriter writer = { 0 };
  g_autofree char *scratch = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *ignored = vct_test_write_temp ("[]", -1, &scratch);
  g_autoptr (VctApi) api = NULL;
  g_autoptr (VctTableModel) model = NULL;
  Recorder rec;
  GThread *thread;
  gint ticks = 0;
  guint tick_id;

  dir = g_path_get_dirname (scratch);
  writer.path = g_build_filename (dir, "photos.fifo", NULL);
  writer.json = vct_test_photos_json (1, 3);
  g_assert_cmpint (mkfifo (writer.path, 0600), ==, 0);
  uri = g_filename_to_uri (writer.path, NULL, NULL);
  g_mutex_init (&writer.lock);
  g_cond_init (&writer.cond);
  thread = g_thread_new ("fifo-writer", fifo_writer_thread, &writer);

  api = vct_api_new_for_uri (uri);
  model = vct_table_model_new_with_manager (api);
  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  tick_id = g_timeout_add (5, count_tick, &ticks);
  wait_int_at_least (NULL, &ticks, 3);
  g_assert_cmpint (recorder_n_done (&rec), ==, 0);  /* still fetching */

  g_mutex_lock (&writer.lock);
  g_assert_false (writer.timed_out);
  writer.go = TRUE;
  g_cond_signal (&writer.cond);
  g_mutex_unlock (&writer.lock);
  recorder_wait_done (&rec, NULL, 1);
  g_thread_join (thread);
  g_assert_false (writer.timed_out);
  g_assert_cmpint (g_atomic_int_get (&rec.n_reloads), ==, 1);
  g_assert_cmpuint (rec.last_n_items, ==, 3);
  g_assert_cmpint (g_atomic_int_get (&rec.wrong_thread), ==, 0);

  g_source_remove (tick_id);
  g_clear_object (&model);
  recorder_clear (&rec);
  unlink (writer.path);
  g_free (writer.path);
  g_free (writer.json);
  g_cond_clear (&writer.cond);
  g_mutex_clear (&writer.lock);
}

static void
test_file_missing (void)
{
  char *uri = vct_test_missing_uri ();

  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_FILE_UNREADABLE, NULL);
  g_free (uri);
}

static void
test_file_directory (void)
{
  char *path = NULL;
  char *uri = vct_test_write_temp ("[]", -1, &path);
  char *dir = g_path_get_dirname (path);
  char *dir_uri = g_filename_to_uri (dir, NULL, NULL);

  expect_failure (vct_api_new_for_uri (dir_uri), VCT_ERROR_FILE_UNREADABLE, NULL);
  g_free (dir_uri);
  g_free (dir);
  g_free (path);
  g_free (uri);
}

static void
test_file_invalid_json (void)
{
  char *uri = vct_test_write_temp ("[{\"albumId\": 1, \"id\": ", -1, NULL);

  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_INVALID_JSON, NULL);
  g_free (uri);
}

static void
test_file_decoding_errors (void)
{
  char *uri;

  uri = vct_test_write_temp ("", 0, NULL);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_EMPTY_RESPONSE, NULL);
  g_free (uri);
  uri = vct_test_write_temp ("{\"albumId\": 1}", -1, NULL);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_NOT_AN_ARRAY, NULL);
  g_free (uri);
  uri = vct_test_write_temp ("[{\"albumId\": 1, \"id\": 2, \"title\": null, \"url\": \"u\", \"thumbnailUrl\": \"t\"}]",
                             -1, NULL);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_MISSING_FIELD, NULL);
  g_free (uri);
  uri = vct_test_write_temp ("[{\"albumId\": 1, \"id\": 2, \"title\": 3, \"url\": \"u\", \"thumbnailUrl\": \"t\"}]",
                             -1, NULL);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_WRONG_FIELD_TYPE, NULL);
  g_free (uri);
}

static void
test_success_clears_last_error (void)
{
  char *path = NULL;
  char *uri = vct_test_write_temp ("not json", -1, &path);
  char *json = vct_test_photos_json (1, 4);
  VctApi *api = vct_api_new_for_uri (uri);
  VctTableModel *model = vct_table_model_new_with_manager (api);
  Recorder rec;
  GError *error = NULL;

  recorder_init (&rec, g_thread_self ());
  recorder_attach (&rec, model);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 1);
  error = vct_table_model_get_last_error (model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_JSON);
  g_clear_error (&error);

  g_file_set_contents (path, json, -1, &error);
  g_assert_no_error (error);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 2);
  g_assert_cmpint (rec.n_reloads, ==, 1);
  g_assert_null (vct_table_model_get_last_error (model));
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 4);

  /* And an error again after that: set, and the items are kept. */
  g_file_set_contents (path, "[", -1, &error);
  g_assert_no_error (error);
  vct_table_model_reload_data (model);
  recorder_wait_done (&rec, NULL, 3);
  error = vct_table_model_get_last_error (model);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_JSON);
  g_clear_error (&error);
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, 4);

  g_object_unref (model);
  g_object_unref (api);
  recorder_clear (&rec);
  g_free (json);
  g_free (uri);
  g_free (path);
}

/* One API shared by two models reloading at the same time. */
static void
test_shared_api (void)
{
  char *json = vct_test_photos_json (3, 5);
  char *uri = vct_test_write_temp (json, -1, NULL);
  VctApi *api = vct_api_new_for_uri (uri);
  VctTableModel *a = vct_table_model_new_with_manager (api);
  VctTableModel *b = vct_table_model_new_with_manager (api);
  Recorder ra, rb;

  g_object_unref (api);
  recorder_init (&ra, g_thread_self ());
  recorder_init (&rb, g_thread_self ());
  recorder_attach (&ra, a);
  recorder_attach (&rb, b);
  vct_table_model_reload_data (a);
  vct_table_model_reload_data (b);
  recorder_wait_done (&ra, NULL, 1);
  recorder_wait_done (&rb, NULL, 1);
  g_assert_cmpstr (recorder_event (&ra, 1), ==, "reload:5:3");
  g_assert_cmpstr (recorder_event (&rb, 1), ==, "reload:5:3");
  g_object_unref (a);
  g_object_unref (b);
  recorder_clear (&ra);
  recorder_clear (&rb);
  g_free (uri);
  g_free (json);
}

/* ------------------------------------------------------------------ URI checks */

static void
test_invalid_uri_lazy (void)
{
  const char *const bad[] = { "ftp://x", "", "not a uri", "http://", "photos.json", "mailto:me@example.com" };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      /* Not an error at creation (and no critical): every reload fails. */
      VctApi *api = vct_api_new_for_uri (bad[i]);
      g_test_message ("uri \"%s\"", bad[i]);
      g_assert_nonnull (api);
      expect_failure (api, VCT_ERROR_INVALID_URI, NULL);
    }
}

static void
test_invalid_uri_full (void)
{
  GError *error = NULL;
  VctApi *api;

  api = vct_api_new_for_uri_full ("ftp://x", 0, 0, &error);
  g_assert_null (api);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_URI);
  g_assert_nonnull (error->message);
  g_clear_error (&error);

  api = vct_api_new_for_uri_full ("", 1000, 1000, &error);
  g_assert_null (api);
  g_assert_error (error, VCT_ERROR, VCT_ERROR_INVALID_URI);
  g_clear_error (&error);

  /* A NULL error location is allowed. */
  api = vct_api_new_for_uri_full ("gopher://x", 0, 0, NULL);
  g_assert_null (api);
}

static void
test_full_file (void)
{
  char *json = vct_test_photos_json (1, 30);
  char *uri = vct_test_write_temp (json, -1, NULL);
  gsize length = strlen (json);
  GError *error = NULL;
  VctApi *api;

  api = vct_api_new_for_uri_full (uri, 0, 0, &error);
  g_assert_no_error (error);
  expect_success (api, 30, 1);

  /* Exactly at the limit: accepted. */
  api = vct_api_new_for_uri_full (uri, 5000, length, &error);
  g_assert_no_error (error);
  expect_success (api, 30, 1);

  /* Over it: VCT_ERROR_BODY_TOO_LARGE. */
  api = vct_api_new_for_uri_full (uri, 5000, length - 1, &error);
  g_assert_no_error (error);
  expect_failure (api, VCT_ERROR_BODY_TOO_LARGE, NULL);

  api = vct_api_new_for_uri_full (uri, 0, 16, NULL);
  expect_failure (api, VCT_ERROR_BODY_TOO_LARGE, NULL);

  /* The largest gsize means no limit (it once read as -1 and refused everything). */
  api = vct_api_new_for_uri_full (uri, 0, G_MAXSIZE, &error);
  g_assert_no_error (error);
  expect_success (api, 30, 1);
  g_free (uri);
  g_free (json);
}

/* ------------------------------------------------------------------ HTTP */

typedef enum
{
  MODE_NORMAL,     /* status, Content-Length, body */
  MODE_TRUNCATE,   /* Content-Length larger than the body sent, then close */
  MODE_NO_LENGTH,  /* no Content-Length: the body ends at close */
  MODE_HANG        /* read the request, answer nothing until the client goes */
} Mode;

typedef struct
{
  GSocketService *service;
  GCancellable   *stop;
  char           *base;       /* http://127.0.0.1:PORT */
  GMutex          lock;
  guint           status;
  const char     *reason;
  char           *body;
  Mode            mode;
  gint            n_requests; /* atomic */
  GPtrArray      *paths;      /* request paths, in order */
  guint           active;     /* connections accepted and not yet served (lock) */
  GCond           idle;       /* signalled when active drops */
} Server;

/* GThreadedSocketService runs each connection in a pool thread that may outlive
 * g_object_unref (service): jobs hold their own references. So the server counts a
 * connection when it is accepted ("incoming", emitted on the thread that iterates the
 * listener's context, before the job is queued) and server_stop waits until every one
 * was served before freeing what the handlers use. */
static gboolean
server_incoming (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer user_data)
{
  Server *server = user_data;
  (void) service; (void) connection; (void) source;
  g_mutex_lock (&server->lock);
  server->active++;
  g_mutex_unlock (&server->lock);
  return FALSE;  /* let the threaded service's own handler queue the job */
}

static gboolean server_serve (GThreadedSocketService *service, GSocketConnection *connection,
                              GObject *source_object, gpointer user_data);

static gboolean
server_run (GThreadedSocketService *service, GSocketConnection *connection, GObject *source_object, gpointer user_data)
{
  Server *server = user_data;
  gboolean handled = server_serve (service, connection, source_object, user_data);
  g_mutex_lock (&server->lock);
  server->active--;
  g_cond_broadcast (&server->idle);
  g_mutex_unlock (&server->lock);
  return handled;
}

static gboolean
server_serve (GThreadedSocketService *service,
              GSocketConnection      *connection,
              GObject                *source_object,
              gpointer                user_data)
{
  Server *server = user_data;
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  GDataInputStream *data = g_data_input_stream_new (in);
  char *line, *path = NULL;
  guint status;
  const char *reason;
  char *body;
  Mode mode;
  GString *response;
  gsize body_length;

  (void) service;
  (void) source_object;
  g_socket_set_timeout (g_socket_connection_get_socket (connection), 20);
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (data), FALSE);
  g_data_input_stream_set_newline_type (data, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  while ((line = g_data_input_stream_read_line (data, NULL, server->stop, NULL)) != NULL)
    {
      gboolean end = line[0] == '\0';
      if (path == NULL)
        {
          char **parts = g_strsplit (line, " ", 3);
          path = g_strdup (parts[0] && parts[1] ? parts[1] : "?");
          g_strfreev (parts);
        }
      g_free (line);
      if (end)
        break;
    }
  g_object_unref (data);

  g_mutex_lock (&server->lock);
  g_ptr_array_add (server->paths, g_strdup (path ? path : "?"));
  status = server->status;
  reason = server->reason;
  body = g_strdup (server->body);
  mode = server->mode;
  g_mutex_unlock (&server->lock);
  g_atomic_int_inc (&server->n_requests);
  body_length = strlen (body);

  response = g_string_new (NULL);
  if (g_strcmp0 (path, "/redirect") == 0)
    g_string_append (response, "HTTP/1.1 302 Found\r\nLocation: /photos.json\r\n"
                               "Content-Length: 0\r\nConnection: close\r\n\r\n");
  else if (mode == MODE_HANG)
    ;
  else if (mode == MODE_NO_LENGTH)
    g_string_append_printf (response, "HTTP/1.1 %u %s\r\nConnection: close\r\n\r\n%s",
                            status, reason, body);
  else
    g_string_append_printf (response, "HTTP/1.1 %u %s\r\nContent-Length: %" G_GSIZE_FORMAT
                            "\r\nConnection: close\r\n\r\n%s",
                            status, reason,
                            mode == MODE_TRUNCATE ? body_length + 1000 : body_length, body);

  if (response->len > 0)
    g_output_stream_write_all (out, response->str, response->len, NULL, server->stop, NULL);
  else
    {
      /* MODE_HANG: wait for the client to give up (EOF) or the test to stop us. */
      char buffer[256];
      while (g_input_stream_read (in, buffer, sizeof buffer, server->stop, NULL) > 0)
        ;
    }
  g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
  g_string_free (response, TRUE);
  g_free (body);
  g_free (path);
  return TRUE;
}

static void
server_start (Server *server)
{
  GError *error = NULL;
  GInetAddress *loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  GSocketAddress *address = g_inet_socket_address_new (loopback, 0);
  GSocketAddress *effective = NULL;
  char *host;

  memset (server, 0, sizeof *server);
  g_mutex_init (&server->lock);
  g_cond_init (&server->idle);
  server->paths = g_ptr_array_new_with_free_func (g_free);
  server->stop = g_cancellable_new ();
  server->status = 200;
  server->reason = "OK";
  server->body = g_strdup ("[]");
  server->service = g_threaded_socket_service_new (4);
  g_signal_connect (server->service, "incoming", G_CALLBACK (server_incoming), server);
  g_signal_connect (server->service, "run", G_CALLBACK (server_run), server);
  /* Bound to 127.0.0.1 only, port 0: the kernel picks a free one. */
  g_socket_listener_add_address (G_SOCKET_LISTENER (server->service), address,
                                 G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                 &effective, &error);
  g_assert_no_error (error);
  host = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (effective)));
  g_assert_cmpstr (host, ==, "127.0.0.1");
  g_assert_cmpuint (g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)), !=, 0);
  server->base = g_strdup_printf ("http://127.0.0.1:%u",
                                  g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)));
  g_socket_service_start (server->service);
  g_free (host);
  g_object_unref (effective);
  g_object_unref (address);
  g_object_unref (loopback);
}

static void
server_set (Server *server, guint status, const char *reason, const char *body, Mode mode)
{
  g_mutex_lock (&server->lock);
  server->status = status;
  server->reason = reason;
  g_free (server->body);
  server->body = g_strdup (body);
  server->mode = mode;
  g_mutex_unlock (&server->lock);
}

static char *
server_uri (Server *server, const char *path)
{
  return g_strconcat (server->base, path, NULL);
}

static void
server_stop (Server *server)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  g_cancellable_cancel (server->stop);
  g_socket_service_stop (server->service);
  g_socket_listener_close (G_SOCKET_LISTENER (server->service));
  g_mutex_lock (&server->lock);
  while (server->active > 0)
    g_assert_true (g_cond_wait_until (&server->idle, &server->lock, deadline));
  g_mutex_unlock (&server->lock);
  g_object_unref (server->service);
  g_object_unref (server->stop);
  g_ptr_array_unref (server->paths);
  g_free (server->body);
  g_free (server->base);
  g_mutex_clear (&server->lock);
  g_cond_clear (&server->idle);
}

static void
test_http_200 (void)
{
  Server server;
  char *json = vct_test_photos_json (40, 12);
  char *uri;

  server_start (&server);
  server_set (&server, 200, "OK", json, MODE_NORMAL);
  uri = server_uri (&server, "/photos.json");
  expect_success (vct_api_new_for_uri (uri), 12, 40);
  g_assert_cmpint (server.n_requests, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (server.paths, 0), ==, "/photos.json");

  /* The body ending at close (no Content-Length) is fine too. */
  server_set (&server, 200, "OK", json, MODE_NO_LENGTH);
  expect_success (vct_api_new_for_uri (uri), 12, 40);
  g_assert_cmpint (server.n_requests, ==, 2);
  g_free (uri);

  /* Redirects are followed. */
  server_set (&server, 200, "OK", json, MODE_NORMAL);
  uri = server_uri (&server, "/redirect");
  expect_success (vct_api_new_for_uri (uri), 12, 40);
  g_assert_cmpint (server.n_requests, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (server.paths, 2), ==, "/redirect");
  g_assert_cmpstr (g_ptr_array_index (server.paths, 3), ==, "/photos.json");
  g_free (uri);

  server_stop (&server);
  g_free (json);
}

static void
test_http_404 (void)
{
  Server server;
  char *uri;

  server_start (&server);
  server_set (&server, 404, "Not Found", "{\"error\": \"no photos here\"}", MODE_NORMAL);
  uri = server_uri (&server, "/missing.json");
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_HTTP_STATUS, "404");
  g_free (uri);

  server_set (&server, 500, "Internal Server Error", "oops", MODE_NORMAL);
  uri = server_uri (&server, "/photos.json");
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_HTTP_STATUS, "500");
  g_free (uri);
  server_stop (&server);
}

static void
test_http_body_errors (void)
{
  Server server;
  char *json = vct_test_photos_json (1, 20);
  char *uri;
  GError *error = NULL;
  VctApi *api;

  server_start (&server);
  uri = server_uri (&server, "/photos.json");

  server_set (&server, 200, "OK", "", MODE_NORMAL);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_EMPTY_RESPONSE, NULL);

  server_set (&server, 200, "OK", "<html>hello</html>", MODE_NORMAL);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_INVALID_JSON, NULL);

  server_set (&server, 200, "OK", json, MODE_TRUNCATE);
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_TRUNCATED_BODY, NULL);

  /* A declared length over the limit, and a streamed body over it. */
  server_set (&server, 200, "OK", json, MODE_NORMAL);
  api = vct_api_new_for_uri_full (uri, 0, 100, &error);
  g_assert_no_error (error);
  expect_failure (api, VCT_ERROR_BODY_TOO_LARGE, NULL);
  server_set (&server, 200, "OK", json, MODE_NO_LENGTH);
  api = vct_api_new_for_uri_full (uri, 0, 100, &error);
  g_assert_no_error (error);
  expect_failure (api, VCT_ERROR_BODY_TOO_LARGE, NULL);

  g_free (uri);
  server_stop (&server);
  g_free (json);
}

static void
test_http_timeout (void)
{
  Server server;
  char *uri;
  GError *error = NULL;
  VctApi *api;
  gint64 start;

  server_start (&server);
  server_set (&server, 200, "OK", "[]", MODE_HANG);
  uri = server_uri (&server, "/slow.json");
  api = vct_api_new_for_uri_full (uri, 300, 0, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  expect_failure (api, VCT_ERROR_TIMED_OUT, NULL);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 250 * 1000);
  g_free (uri);
  server_stop (&server);
}

static void
test_http_refused (void)
{
  GError *error = NULL;
  GSocket *socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  GInetAddress *loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  GSocketAddress *address = g_inet_socket_address_new (loopback, 0);
  GSocketAddress *bound;
  char *uri;

  /* A port bound but not listening: connections are refused. */
  g_assert_no_error (error);
  g_socket_bind (socket, address, FALSE, &error);
  g_assert_no_error (error);
  bound = g_socket_get_local_address (socket, &error);
  g_assert_no_error (error);
  uri = g_strdup_printf ("http://127.0.0.1:%u/photos.json",
                         g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  expect_failure (vct_api_new_for_uri (uri), VCT_ERROR_CONNECTION_FAILED, NULL);
  g_free (uri);
  g_object_unref (bound);
  g_object_unref (address);
  g_object_unref (loopback);
  g_object_unref (socket);
}

int
main (int argc, char **argv)
{
  /* Loopback requests must not go through a proxy from the environment. */
  g_unsetenv ("http_proxy");
  g_unsetenv ("HTTP_PROXY");
  g_unsetenv ("https_proxy");
  g_unsetenv ("HTTPS_PROXY");
  g_unsetenv ("all_proxy");
  g_unsetenv ("ALL_PROXY");
  g_setenv ("no_proxy", "127.0.0.1,localhost", TRUE);

  vct_test_init (&argc, &argv);
  g_test_add_func ("/api/error-quark", test_error_quark);
  g_test_add_func ("/api/file/success", test_file_success);
  g_test_add_func ("/api/file/missing", test_file_missing);
  g_test_add_func ("/api/file/fetch-off-the-loop", test_file_fetch_off_the_loop);
  g_test_add_func ("/api/file/directory", test_file_directory);
  g_test_add_func ("/api/file/invalid-json", test_file_invalid_json);
  g_test_add_func ("/api/file/decoding-errors", test_file_decoding_errors);
  g_test_add_func ("/api/file/success-clears-last-error", test_success_clears_last_error);
  g_test_add_func ("/api/file/shared-api", test_shared_api);
  g_test_add_func ("/api/uri/invalid-lazy", test_invalid_uri_lazy);
  g_test_add_func ("/api/uri/invalid-full", test_invalid_uri_full);
  g_test_add_func ("/api/uri/full-file", test_full_file);
  g_test_add_func ("/api/http/200", test_http_200);
  g_test_add_func ("/api/http/404", test_http_404);
  g_test_add_func ("/api/http/body-errors", test_http_body_errors);
  g_test_add_func ("/api/http/timeout", test_http_timeout);
  g_test_add_func ("/api/http/refused", test_http_refused);
  return vct_test_run ();
}
