/* test-faults.c: the fault matrix through the C API, against the loopback HTTP server of
 * common/vct-test.h (127.0.0.1, a free port) with a handler for each fault.
 *
 * Every fault runs as three reloads of one model: a good load (the items A), the fault,
 * then a good load again (the items B). The fault must give the right VctError code and
 * a clear didError message (or succeed, for the faults that are not errors), leave the
 * items A in place (get_n_items, get_item, the last didReloadData), and the next reload
 * must succeed with B. Tests/VCTableTests/Reliability/ReliabilityFaultMatrixTests.swift
 * runs the same matrix, and more, through the Swift API.
 */
#define _GNU_SOURCE
#include "common/vct-test.h"

#include <string.h>
#include <sys/socket.h>


typedef enum
{
  BODY_GOOD,         /* 200, the current good document */
  BODY_STATUS,       /* `status` with a short body */
  BODY_RAW,          /* 200 with `raw` as it is */
  BODY_TRUNCATED,    /* Content-Length says more than is sent, then FIN */
  BODY_RESET,        /* half the body, then RST */
  BODY_HANG,         /* reads the request, answers nothing */
  BODY_TRICKLE,      /* the good document in 64-byte pieces, `pause_ms` apart */
  BODY_REDIRECT,     /* `status` with Location: /good */
  BODY_REDIRECT_LOOP /* 302 to itself */
} Behaviour;

/* The behaviours, on the shared loopback server (common/vct-test.h), which accepts the
 * connections, reads the requests and waits for this handler before it frees anything. */
typedef struct
{
  VctTestServer  *http;
  GMutex          lock;
  Behaviour       behaviour;
  guint           status;
  char           *good;        /* the good document */
  char           *raw;
  gsize           raw_length;
  guint           pause_ms;
} Server;

static gboolean
serve (const VctTestRequest *request, gpointer data)
{
  Server *server = data;
  GSocketConnection *connection = request->connection;
  GCancellable *stop = request->stop;
  char *body, *head;
  Behaviour behaviour;
  guint status, pause_ms;
  gsize length;

  g_mutex_lock (&server->lock);
  behaviour = g_strcmp0 (request->path, "/good") == 0 ? BODY_GOOD : server->behaviour;
  status = server->status;
  pause_ms = server->pause_ms;
  if (behaviour == BODY_RAW)
    {
      body = g_memdup2 (server->raw, server->raw_length);
      length = server->raw_length;
    }
  else
    {
      body = g_strdup (server->good);
      length = strlen (body);
    }
  g_mutex_unlock (&server->lock);

  head = NULL;
  switch (behaviour)
    {
    case BODY_GOOD:
    case BODY_RAW:
      vct_test_server_write_response (connection, 200, "application/json", body, length, stop);
      break;
    case BODY_STATUS:
      vct_test_server_write_response (connection, status, NULL, "oops!", 5, stop);
      break;
    case BODY_TRUNCATED:
      head = g_strdup_printf ("HTTP/1.1 200 OK\r\nContent-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n", length);
      if (vct_test_server_write (connection, head, strlen (head), stop))
        vct_test_server_write (connection, body, length / 2, stop);
      break;
    case BODY_RESET:
      {
        struct linger linger = { 1, 0 };
        head = g_strdup_printf ("HTTP/1.1 200 OK\r\nContent-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n", length);
        if (vct_test_server_write (connection, head, strlen (head), stop) &&
            vct_test_server_write (connection, body, length / 2, stop))
          {
            g_usleep (50 * 1000); /* let the half arrive before the RST */
            setsockopt (g_socket_get_fd (g_socket_connection_get_socket (connection)), SOL_SOCKET, SO_LINGER,
                        &linger, sizeof linger);
          }
        break;
      }
    case BODY_HANG:
      {
        GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
        char buffer[256];
        while (g_input_stream_read (in, buffer, sizeof buffer, stop, NULL) > 0)
          ;
        break;
      }
    case BODY_TRICKLE:
      {
        GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
        head = g_strdup_printf ("HTTP/1.1 200 OK\r\nContent-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n", length);
        if (vct_test_server_write (connection, head, strlen (head), stop))
          for (gsize offset = 0; offset < length; offset += 64)
            {
              if (!vct_test_server_write (connection, body + offset, MIN (64, length - offset), stop))
                break;
              g_output_stream_flush (out, NULL, NULL);
              g_usleep (pause_ms * 1000);
              if (g_cancellable_is_cancelled (stop))
                break;
            }
        break;
      }
    case BODY_REDIRECT:
      head = g_strdup_printf ("HTTP/1.1 %u Moved\r\nLocation: /good\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", status);
      vct_test_server_write (connection, head, strlen (head), stop);
      break;
    case BODY_REDIRECT_LOOP:
      head = g_strdup_printf ("HTTP/1.1 302 Found\r\nLocation: %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                              request->path);
      vct_test_server_write (connection, head, strlen (head), stop);
      break;
    default:
      g_assert_not_reached ();
    }
  g_free (head);
  g_free (body);
  return TRUE;
}

static void
server_start (Server *server)
{
  memset (server, 0, sizeof *server);
  g_mutex_init (&server->lock);
  server->http = vct_test_server_new ();
  vct_test_server_set_handler (server->http, serve, server);
}

static void
server_stop (Server *server)
{
  vct_test_server_free (server->http);
  g_free (server->good);
  g_free (server->raw);
  g_mutex_clear (&server->lock);
}

static void
server_set (Server *server, Behaviour behaviour, guint status, const char *raw, gssize raw_length)
{
  g_mutex_lock (&server->lock);
  server->behaviour = behaviour;
  server->status = status;
  g_free (server->raw);
  server->raw_length = raw == NULL ? 0 : raw_length < 0 ? strlen (raw) : (gsize) raw_length;
  server->raw = raw == NULL ? NULL : g_memdup2 (raw, server->raw_length + 1);
  g_mutex_unlock (&server->lock);
}

static void
server_set_good (Server *server, gint64 first, guint n)
{
  g_mutex_lock (&server->lock);
  g_free (server->good);
  server->good = vct_test_photos_json (first, n);
  g_mutex_unlock (&server->lock);
}

/* ------------------------------------------------------------------ the matrix */

typedef struct
{
  const char *name;
  Behaviour   behaviour;
  guint       status;
  const char *raw;          /* for BODY_RAW (NULL: made by the case) */
  gssize      raw_length;
  gint        expected;     /* a VctError code, or -1 for success */
  const char *mention;      /* a fragment the message must contain */
  guint       timeout_ms;   /* 0: 5000 */
  gsize       max_body;     /* 0: the default */
  guint       pause_ms;     /* BODY_TRICKLE */
  guint       records;      /* BODY_RAW made of this many records (when raw is NULL) */
  gboolean    refused;      /* close the listener for the fault */
} Fault;

static const Fault faults[] = {
  { "connection-refused", BODY_GOOD, 0, NULL, 0, VCT_ERROR_CONNECTION_FAILED, "127.0.0.1", 0, 0, 0, 0, TRUE },
  { "reset-mid-body", BODY_RESET, 0, NULL, 0, VCT_ERROR_TRUNCATED_BODY, "/photos", 0, 0, 0, 0, FALSE },
  { "no-answer-timeout", BODY_HANG, 0, NULL, 0, VCT_ERROR_TIMED_OUT, "timed out", 600, 0, 0, 0, FALSE },
  { "trickle-within-timeout", BODY_TRICKLE, 0, NULL, 0, -1, NULL, 0, 0, 2, 0, FALSE },
  { "trickle-past-timeout", BODY_TRICKLE, 0, NULL, 0, VCT_ERROR_TIMED_OUT, "timed out", 600, 0, 100, 0, FALSE },
  { "redirect-301", BODY_REDIRECT, 301, NULL, 0, -1, NULL, 0, 0, 0, 0, FALSE },
  { "redirect-302", BODY_REDIRECT, 302, NULL, 0, -1, NULL, 0, 0, 0, 0, FALSE },
  { "redirect-loop", BODY_REDIRECT_LOOP, 0, NULL, 0, VCT_ERROR_HTTP_STATUS, "redirect", 0, 0, 0, 0, FALSE },
  { "http-404", BODY_STATUS, 404, NULL, 0, VCT_ERROR_HTTP_STATUS, "404", 0, 0, 0, 0, FALSE },
  { "http-500", BODY_STATUS, 500, NULL, 0, VCT_ERROR_HTTP_STATUS, "500", 0, 0, 0, 0, FALSE },
  { "over-size-limit", BODY_RAW, 0, NULL, 0, VCT_ERROR_BODY_TOO_LARGE, "limit", 0, 8192, 0, 200, FALSE },
  { "truncated-body", BODY_TRUNCATED, 0, NULL, 0, VCT_ERROR_TRUNCATED_BODY, "bytes", 0, 0, 0, 0, FALSE },
  { "empty-body", BODY_RAW, 0, "", 0, VCT_ERROR_EMPTY_RESPONSE, "empty", 0, 0, 0, 0, FALSE },
  { "invalid-utf8", BODY_RAW, 0, "[{\"albumId\": 1, \"id\": 1, \"title\": \"\xff\xfe\xc3\", \"url\": \"u\", \"thumbnailUrl\": \"t\"}]", -1, VCT_ERROR_INVALID_JSON, "JSON", 0, 0, 0, 0, FALSE },
  { "invalid-json", BODY_RAW, 0, "[{\"albumId\": 1,, }", -1, VCT_ERROR_INVALID_JSON, "JSON", 0, 0, 0, 0, FALSE },
  { "object-not-array", BODY_RAW, 0, "{\"photos\": []}", -1, VCT_ERROR_NOT_AN_ARRAY, "array", 0, 0, 0, 0, FALSE },
  { "wrong-types", BODY_RAW, 0, "[{\"albumId\": \"1\", \"id\": 1, \"title\": \"t\", \"url\": \"u\", \"thumbnailUrl\": \"v\"}]", -1, VCT_ERROR_WRONG_FIELD_TYPE, "albumId", 0, 0, 0, 0, FALSE },
  { "missing-field", BODY_RAW, 0, "[{\"albumId\": 1, \"id\": 1, \"url\": \"u\", \"thumbnailUrl\": \"v\"}]", -1, VCT_ERROR_MISSING_FIELD, "title", 0, 0, 0, 0, FALSE },
  { "extra-fields-accepted", BODY_RAW, 0, "[{\"albumId\": 1, \"id\": 1, \"title\": \"t\", \"url\": \"u\", \"thumbnailUrl\": \"v\", \"colour\": [1, {\"x\": null}], \"rank\": 2.5}]", -1, -1, NULL, 0, 0, 0, 0, FALSE },
  { "many-records", BODY_RAW, 0, NULL, 0, -1, NULL, 0, 0, 0, 100000, FALSE },
};

typedef struct
{
  gint    reloads;  /* atomic */
  gint    errors;   /* atomic */
  gsize   last_n;
  gint64  last_first;
  char   *message;
} Seen;

static void
seen_reload (VctCellData *const *items, gsize n, gpointer data)
{
  Seen *seen = data;
  seen->last_n = n;
  seen->last_first = n > 0 ? vct_cell_data_get_id (items[0]) : -1;
  g_atomic_int_inc (&seen->reloads);
}

static void
seen_error (const char *message, gpointer data)
{
  Seen *seen = data;
  g_free (seen->message);
  seen->message = g_strdup (message);
  g_atomic_int_inc (&seen->errors);
}

static gboolean
done_cond (gpointer data)
{
  VctTableModel *model = data;
  return !vct_table_model_is_loading (model);
}

static gint
reload_and_wait (VctTableModel *model, Seen *seen)
{
  gint before = g_atomic_int_get (&seen->reloads) + g_atomic_int_get (&seen->errors);

  vct_table_model_reload_data (model);
  run_until (NULL, done_cond, model, VCT_TEST_TIMEOUT_MS * 2);
  iterate_pending (NULL);
  return g_atomic_int_get (&seen->reloads) + g_atomic_int_get (&seen->errors) - before;
}

static void
assert_items (VctTableModel *model, Seen *seen, guint n, gint64 first)
{
  g_assert_cmpuint (vct_table_model_get_n_items (model), ==, n);
  g_assert_cmpint (vct_cell_data_get_id (vct_table_model_get_item (model, 0)), ==, first);
  g_assert_cmpint (vct_cell_data_get_id (vct_table_model_get_item (model, n - 1)), ==, first + n - 1);
  g_assert_null (vct_table_model_get_item (model, n));
  g_assert_cmpuint (seen->last_n, ==, n);
  g_assert_cmpint (seen->last_first, ==, first);
}

static void
test_fault (gconstpointer data)
{
  const Fault *fault = data;
  gboolean valgrind = vct_test_under_valgrind ();
  guint scale = valgrind ? 10 : 1;
  Server server;
  Seen seen = { 0 };
  GError *error = NULL;
  VctApi *api;
  VctTableModel *model;
  char *uri;
  char *made = NULL;
  gsize made_length = 0;

  server_start (&server);
  server_set_good (&server, 1, 12);
  uri = vct_test_server_uri (server.http, "/photos");
  api = vct_api_new_for_uri_full (uri, (fault->timeout_ms ? fault->timeout_ms : 5000) * scale,
                                  fault->max_body, &error);
  g_assert_no_error (error);
  model = vct_table_model_new_with_manager (api);
  g_object_unref (api);
  vct_table_model_set_did_reload_data (model, seen_reload, &seen, NULL);
  vct_table_model_set_did_error (model, seen_error, &seen, NULL);

  /* 1. a good load: the items A */
  g_assert_cmpint (reload_and_wait (model, &seen), ==, 1);
  g_assert_null (vct_table_model_get_last_error (model));
  assert_items (model, &seen, 12, 1);

  /* 2. the fault */
  if (fault->records > 0)
    {
      guint records = fault->records;
      if (records > 1000 && valgrind)
        records = 5000;
      made = vct_test_photos_json (100001, records);
      made_length = strlen (made);
      server_set (&server, fault->behaviour, fault->status, made, (gssize) made_length);
    }
  else
    server_set (&server, fault->behaviour, fault->status, fault->raw, fault->raw_length);
  /* Slower runs (valgrind, sanitizers) get 10x the timeout: the trickle slows as much. */
  g_mutex_lock (&server.lock);
  server.pause_ms = fault->pause_ms * (fault->expected == VCT_ERROR_TIMED_OUT ? scale : 1);
  g_mutex_unlock (&server.lock);
  if (fault->refused)
    vct_test_server_close (server.http);
  g_assert_cmpint (reload_and_wait (model, &seen), ==, 1);
  if (fault->expected >= 0)
    {
      error = vct_table_model_get_last_error (model);
      g_assert_error (error, VCT_ERROR, fault->expected);
      g_test_message ("%s: %s", fault->name, error->message);
      g_assert_cmpint (seen.errors, ==, 1);
      /* A clear message: the prefix, then the error's own text, which names the cause. */
      g_assert_true (g_str_has_prefix (seen.message, ERROR_PREFIX));
      g_assert_cmpstr (seen.message + strlen (ERROR_PREFIX), ==, error->message);
      g_assert_cmpuint (strlen (error->message), >, 10);
      if (fault->mention != NULL && strstr (error->message, fault->mention) == NULL)
        g_error ("%s: expected \"%s\" in \"%s\"", fault->name, fault->mention, error->message);
      g_clear_error (&error);
      /* The previous items are kept. */
      assert_items (model, &seen, 12, 1);
    }
  else
    {
      g_assert_null (vct_table_model_get_last_error (model));
      g_assert_cmpint (seen.errors, ==, 0);
      if (fault->records > 0)
        assert_items (model, &seen, (guint) (made_length > 0 ? (fault->records > 1000 && valgrind ? 5000 : fault->records) : 0), 100001);
      else if (fault->behaviour == BODY_RAW)
        assert_items (model, &seen, 1, 1);
      else
        assert_items (model, &seen, 12, 1);
    }

  /* 3. the next reload succeeds: the items B */
  if (fault->refused)
    vct_test_server_listen (server.http);
  server_set (&server, BODY_GOOD, 0, NULL, 0);
  server_set_good (&server, 501, 7);
  g_assert_cmpint (reload_and_wait (model, &seen), ==, 1);
  g_assert_null (vct_table_model_get_last_error (model));
  assert_items (model, &seen, 7, 501);

  g_object_unref (model);
  server_stop (&server);
  g_free (seen.message);
  g_free (made);
  g_free (uri);
}

int
main (int argc, char **argv)
{
  /* Loopback requests must not go through a proxy from the environment. */
  g_unsetenv ("http_proxy");
  g_unsetenv ("HTTP_PROXY");
  g_unsetenv ("all_proxy");
  g_unsetenv ("ALL_PROXY");
  g_setenv ("no_proxy", "127.0.0.1,localhost", TRUE);

  vct_test_init (&argc, &argv);
  for (gsize i = 0; i < G_N_ELEMENTS (faults); i++)
    {
      char *path = g_strdup_printf ("/faults/%s", faults[i].name);
      g_test_add_data_func (path, &faults[i], test_fault);
      g_free (path);
    }
  return vct_test_run ();
}
