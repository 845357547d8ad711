/* test-transfers.c: HTTP reloads superseded, timed out and released at random points of
 * their transfer (RELIABILITY.md, P3 and P4).
 *
 * A loopback server of its own (127.0.0.1, a free port, one thread per connection, so it
 * needs no loop) answers every request with one behaviour drawn at random: the whole
 * document at once, a trickle, a stall before the headers, a stall mid-body, everything
 * but the last byte and then the last byte, a reset mid-body, or a redirect to one of the
 * others. Three models reload it, superseding each other's transfers at random points
 * (before the headers, mid-body, at the last byte, after completion but before delivery):
 * from the loop, from worker threads, and through short timeouts that fire on VCTable's
 * I/O thread; models are released at random points, from the loop and from the workers.
 *
 * /transfers/superseded checks that nothing crashes (this is the run where today's
 * sanitizers see a use of freed or NULL memory, if any), that every callback runs on the
 * loop's thread, that each model still loads once the server behaves, and that once every
 * model is gone the server sees every connection closed by the client: the I/O thread
 * finished with every transfer. VCT_TRANSFER_ROUNDS sets the rounds (default 300, 60
 * under valgrind; `make soak` runs 2 000).
 *
 * /transfers/cancel-mid-read (P3): one transfer cancelled mid-body; the test waits until
 * the server sees the client close the connection (the I/O thread has closed the stream
 * and released the transfer), then lets the process end: under valgrind nothing of the
 * transfer is lost.
 */
#define _GNU_SOURCE
#include "common/vct-test.h"

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define N_MODELS   3
#define N_WORKERS  2
#define N_PHOTOS   40

/* ------------------------------------------------------------------ the server */

typedef enum
{
  ANSWER_WHOLE,       /* the document at once */
  ANSWER_TRICKLE,     /* 64-byte pieces, 0-2 ms apart */
  ANSWER_STALL_HEAD,  /* 0-60 ms before anything */
  ANSWER_STALL_BODY,  /* half the body, 0-60 ms, the rest */
  ANSWER_LAST_BYTE,   /* all but the last byte, 0-30 ms, the last byte */
  ANSWER_RESET,       /* half the body, then RST */
  ANSWER_REDIRECT,    /* 302 to /target, which answers with one of the above */
  N_ANSWERS
} Answer;

typedef struct
{
  int      fd;
  guint16  port;
  GThread *acceptor;
  gint     stopping;        /* atomic */
  gint     open;            /* atomic: connections whose client has not closed yet */
  gint     served;          /* atomic */
  gint     lingered;        /* atomic: connections the client never closed (10 s) */
  gint     tame;            /* atomic: answer ANSWER_WHOLE only */
  gint     trickle_only;    /* atomic: answer ANSWER_TRICKLE, 100 ms apart */
  gint     mid_body;        /* atomic: bytes of a body sent so far (trickle_only) */
  char    *body;
  gsize    length;
  /* "/sniped": each answer announces one moment of its transfer, for the sniper. */
  GMutex   moment_lock;
  GCond    moment_cond;
  gint     moments;
} Server;

typedef enum
{
  MOMENT_BEFORE_HEAD,
  MOMENT_AFTER_HEAD,
  MOMENT_MID_BODY,
  MOMENT_AFTER_BODY,    /* complete, not delivered yet */
  MOMENT_NONE,          /* a request the sniper does not follow */
  N_MOMENTS = MOMENT_NONE
} Moment;

/* `moments` is atomic and the lock only pairs the wait with the wake-up: GLib's GMutex is a
 * futex ThreadSanitizer does not see through, so nothing relies on it for ordering. */
static void
announce (Server *server, Moment moment, Moment now)
{
  if (moment != now)
    return;
  g_mutex_lock (&server->moment_lock);
  g_atomic_int_inc (&server->moments);
  g_cond_broadcast (&server->moment_cond);
  g_mutex_unlock (&server->moment_lock);
}

static gboolean
send_all (int fd, const void *data, gsize length)
{
  const char *p = data;

  while (length > 0)
    {
      ssize_t n = send (fd, p, length, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static gboolean
send_head (int fd, guint status, gsize length)
{
  char *head = g_strdup_printf ("HTTP/1.1 %u %s\r\nContent-Type: application/json\r\n"
                                "Content-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n",
                                status, status == 200 ? "OK" : "Found", length);
  gboolean ok = send_all (fd, head, strlen (head));

  g_free (head);
  return ok;
}

static void
pause_ms (guint ms)
{
  if (ms > 0)
    g_usleep (ms * 1000);
}

/* Reads the request head; returns its path (g_free), or NULL. */
static char *
read_request (int fd)
{
  GString *request = g_string_new (NULL);
  char buffer[1024], *path = NULL;

  while (strstr (request->str, "\r\n\r\n") == NULL && request->len < 16384)
    {
      ssize_t n = recv (fd, buffer, sizeof buffer, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      g_string_append_len (request, buffer, n);
    }
  if (strstr (request->str, "\r\n\r\n") != NULL)
    {
      char **words = g_strsplit (request->str, " ", 3);
      if (g_strv_length (words) == 3)
        path = g_strdup (words[1]);
      g_strfreev (words);
    }
  g_string_free (request, TRUE);
  return path;
}

static void
answer (Server *server, int fd, Answer kind, Moment moment)
{
  const char *body = server->body;
  gsize length = server->length, half = length / 2;

  switch (kind)
    {
    case ANSWER_WHOLE:
      announce (server, moment, MOMENT_BEFORE_HEAD);
      if (send_head (fd, 200, length))
        {
          announce (server, moment, MOMENT_AFTER_HEAD);
          if (send_all (fd, body, half))
            {
              announce (server, moment, MOMENT_MID_BODY);
              send_all (fd, body + half, length - half);
            }
          announce (server, moment, MOMENT_AFTER_BODY);
        }
      break;
    case ANSWER_TRICKLE:
      {
        gboolean slow = g_atomic_int_get (&server->trickle_only);
        if (send_head (fd, 200, length))
          for (gsize offset = 0; offset < length && !g_atomic_int_get (&server->stopping); offset += 64)
            {
              if (!send_all (fd, body + offset, MIN (64, length - offset)))
                break;
              if (slow)
                {
                  g_atomic_int_set (&server->mid_body, (gint) (offset + 64));
                  g_main_context_wakeup (NULL);
                }
              pause_ms (slow ? 100 : g_random_int_range (0, 3));
            }
        break;
      }
    case ANSWER_STALL_HEAD:
      pause_ms (g_random_int_range (0, 61));
      if (send_head (fd, 200, length))
        send_all (fd, body, length);
      break;
    case ANSWER_STALL_BODY:
      if (send_head (fd, 200, length) && send_all (fd, body, half))
        {
          pause_ms (g_random_int_range (0, 61));
          send_all (fd, body + half, length - half);
        }
      break;
    case ANSWER_LAST_BYTE:
      if (send_head (fd, 200, length) && send_all (fd, body, length - 1))
        {
          pause_ms (g_random_int_range (0, 31));
          send_all (fd, body + length - 1, 1);
        }
      break;
    case ANSWER_RESET:
      if (send_head (fd, 200, length) && send_all (fd, body, half))
        {
          struct linger linger = { 1, 0 };
          pause_ms (g_random_int_range (0, 11));
          setsockopt (fd, SOL_SOCKET, SO_LINGER, &linger, sizeof linger);
        }
      break;
    case ANSWER_REDIRECT:
      {
        const char *head = "HTTP/1.1 302 Found\r\nLocation: /target\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
        send_all (fd, head, strlen (head));
        break;
      }
    default:
      g_assert_not_reached ();
    }
}

static gpointer
serve_connection (gpointer data)
{
  Server *server = ((gpointer *) data)[0];
  int fd = GPOINTER_TO_INT (((gpointer *) data)[1]);
  struct timeval timeout = { 10, 0 };
  char *path;
  Answer kind;

  g_free (data);
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  path = read_request (fd);
  if (path != NULL)
    {
      Moment moment = MOMENT_NONE;

      if (g_atomic_int_get (&server->tame))
        kind = ANSWER_WHOLE;
      else if (g_atomic_int_get (&server->trickle_only))
        kind = ANSWER_TRICKLE;
      else if (g_str_equal (path, "/sniped"))
        {
          kind = ANSWER_WHOLE;
          moment = g_random_int_range (0, N_MOMENTS);
        }
      else if (g_str_equal (path, "/target"))
        kind = g_random_int_range (0, ANSWER_REDIRECT);
      else
        kind = g_random_int_range (0, N_ANSWERS);
      answer (server, fd, kind, moment);
      g_atomic_int_inc (&server->served);
      if (kind != ANSWER_RESET)
        {
          /* Done writing; now wait for the client to close its side: that is when
           * VCTable's I/O thread has closed the response stream. */
          char buffer[256];
          ssize_t n;
          shutdown (fd, SHUT_WR);
          do
            n = recv (fd, buffer, sizeof buffer, 0);
          while (n > 0 || (n < 0 && errno == EINTR));
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            g_atomic_int_inc (&server->lingered);
        }
    }
  g_free (path);
  close (fd);
  g_atomic_int_add (&server->open, -1);
  g_main_context_wakeup (NULL); /* the test's run_until looks again */
  return NULL;
}

static gpointer
accept_connections (gpointer data)
{
  Server *server = data;

  while (!g_atomic_int_get (&server->stopping))
    {
      struct pollfd pfd = { server->fd, POLLIN, 0 };
      int fd;
      gpointer *args;

      if (poll (&pfd, 1, 20) <= 0)
        continue;
      fd = accept (server->fd, NULL, NULL);
      if (fd < 0)
        continue;
      g_atomic_int_inc (&server->open);
      args = g_new (gpointer, 2);
      args[0] = server;
      args[1] = GINT_TO_POINTER (fd);
      g_thread_unref (g_thread_new ("transfers-server", serve_connection, args));
    }
  return NULL;
}

static Server *
server_new (void)
{
  Server *server = g_new0 (Server, 1);
  struct sockaddr_in address = { 0 };
  socklen_t size = sizeof address;

  g_mutex_init (&server->moment_lock);
  g_cond_init (&server->moment_cond);
  server->body = vct_test_photos_json (1, N_PHOTOS);
  server->length = strlen (server->body);
  server->fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  g_assert_cmpint (server->fd, >=, 0);
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  g_assert_cmpint (bind (server->fd, (struct sockaddr *) &address, sizeof address), ==, 0);
  g_assert_cmpint (listen (server->fd, 128), ==, 0);
  g_assert_cmpint (getsockname (server->fd, (struct sockaddr *) &address, &size), ==, 0);
  server->port = ntohs (address.sin_port);
  server->acceptor = g_thread_new ("transfers-accept", accept_connections, server);
  return server;
}

static gboolean
server_idle (gpointer data)
{
  return g_atomic_int_get (&((Server *) data)->open) == 0;
}

/* Stops accepting and waits (a deadline) for every connection to end. */
static void
server_free (Server *server)
{
  g_atomic_int_set (&server->stopping, 1);
  g_thread_join (server->acceptor);
  close (server->fd);
  run_until (NULL, server_idle, server, 30000);
  g_mutex_clear (&server->moment_lock);
  g_cond_clear (&server->moment_cond);
  g_free (server->body);
  g_free (server);
}

static char *
server_uri (Server *server, const char *path)
{
  return g_strdup_printf ("http://127.0.0.1:%u%s", server->port, path);
}

/* ------------------------------------------------------------------ the clients */

typedef struct
{
  GThread *loop_thread;
  gint     reloaded;        /* atomic: did-reload-data */
  gint     errors;          /* atomic: did-error */
  gint     wrong_thread;    /* atomic: a signal off the loop's thread */
} Counts;

static void
on_reloaded (VctTableModel *model, gpointer data)
{
  Counts *counts = data;

  (void) model;
  if (g_thread_self () != counts->loop_thread)
    g_atomic_int_inc (&counts->wrong_thread);
  g_atomic_int_inc (&counts->reloaded);
}

static void
on_error (VctTableModel *model, const char *message, gpointer data)
{
  Counts *counts = data;

  (void) model;
  g_assert_nonnull (message);
  if (g_thread_self () != counts->loop_thread)
    g_atomic_int_inc (&counts->wrong_thread);
  g_atomic_int_inc (&counts->errors);
}

static VctTableModel *
model_new_for_path (Server *server, const char *path, Counts *counts, guint timeout_ms)
{
  char *uri = server_uri (server, path);
  GError *error = NULL;
  VctApi *api = vct_api_new_for_uri_full (uri, timeout_ms, 0, &error);
  VctTableModel *model;

  g_assert_no_error (error);
  model = vct_table_model_new_with_manager (api);
  g_object_unref (api);
  g_free (uri);
  g_signal_connect (model, "did-reload-data", G_CALLBACK (on_reloaded), counts);
  g_signal_connect (model, "did-error", G_CALLBACK (on_error), counts);
  return model;
}

static VctTableModel *
model_new (Server *server, Counts *counts, guint timeout_ms)
{
  return model_new_for_path (server, "/photos", counts, timeout_ms);
}

/* The sniper: its model's every answer announces one moment of the transfer (before the
 * headers, after them, mid-body, after the body); 0-400 µs later, on this thread, the
 * sniper supersedes that transfer with a new reload, whose answer announces the next
 * moment. Those few microseconds are where libsoup hands the response stream over
 * (RELIABILITY.md, P4). */
typedef struct
{
  Server        *server;
  VctTableModel *model;
  gint           stop;   /* atomic */
  guint          shots;
} Sniper;

static gpointer
snipe (gpointer data)
{
  Sniper *sniper = data;
  Server *server = sniper->server;
  guint seen = 0;

  vct_table_model_reload_data (sniper->model);
  while (!g_atomic_int_get (&sniper->stop))
    {
      gint64 until;

      g_mutex_lock (&server->moment_lock);
      if ((guint) g_atomic_int_get (&server->moments) == seen)
        g_cond_wait_until (&server->moment_cond, &server->moment_lock, g_get_monotonic_time () + 50 * 1000);
      seen = (guint) g_atomic_int_get (&server->moments);
      g_mutex_unlock (&server->moment_lock);
      until = g_get_monotonic_time () + g_random_int_range (0, 401);
      while (g_get_monotonic_time () < until)
        ;
      vct_table_model_reload_data (sniper->model);
      sniper->shots++;
    }
  return NULL;
}

/* The workers' queue, on a pthread mutex and condition variable: handing a model made on
 * the loop's thread to a worker must be an edge ThreadSanitizer sees (GAsyncQueue's GMutex
 * is a futex it does not). */
typedef struct
{
  pthread_mutex_t lock;
  pthread_cond_t  cond;
  GQueue          items;
} WorkQueue;

static void
work_queue_init (WorkQueue *queue)
{
  pthread_mutex_init (&queue->lock, NULL);
  pthread_cond_init (&queue->cond, NULL);
  g_queue_init (&queue->items);
}

static void
work_queue_clear (WorkQueue *queue)
{
  g_assert_true (g_queue_is_empty (&queue->items));
  pthread_cond_destroy (&queue->cond);
  pthread_mutex_destroy (&queue->lock);
}

static void
work_queue_push (WorkQueue *queue, gpointer item)
{
  pthread_mutex_lock (&queue->lock);
  g_queue_push_tail (&queue->items, item);
  pthread_cond_signal (&queue->cond);
  pthread_mutex_unlock (&queue->lock);
}

static gpointer
work_queue_pop (WorkQueue *queue)
{
  gpointer item;

  pthread_mutex_lock (&queue->lock);
  while (g_queue_is_empty (&queue->items))
    pthread_cond_wait (&queue->cond, &queue->lock);
  item = g_queue_pop_head (&queue->items);
  pthread_mutex_unlock (&queue->lock);
  return item;
}

/* A worker reloads the model it is given (a reference it owns), then releases it: when
 * the loop dropped the model meanwhile, the model goes on this thread. The queue itself
 * ends it. */
static gpointer
work (gpointer data)
{
  WorkQueue *queue = data;
  VctTableModel *model;

  while ((model = work_queue_pop (queue)) != (gpointer) queue)
    {
      vct_table_model_reload_data (model);
      if (g_random_boolean ())
        g_thread_yield ();
      g_object_unref (model);
    }
  return NULL;
}

static guint
rounds (void)
{
  const char *value = g_getenv ("VCT_TRANSFER_ROUNDS");

  if (value != NULL && *value != '\0')
    return (guint) g_ascii_strtoull (value, NULL, 10);
  return vct_test_scale (300, 60);
}

typedef struct
{
  VctTableModel *model;
  gint           loaded;
} Settle;

static void
settle_reloaded (VctTableModel *model, gpointer data)
{
  (void) model;
  g_atomic_int_set (&((Settle *) data)->loaded, 1);
}

static void
test_superseded (void)
{
  Server *server = server_new ();
  Counts counts = { g_thread_self (), 0, 0, 0 };
  WorkQueue queue_storage, *queue = &queue_storage;
  GThread *workers[N_WORKERS];
  VctTableModel *models[N_MODELS];
  GWeakRef released[64];
  guint n_released = 0, n = rounds ();
  /* Short timeouts for one model: they fire on the I/O thread at every point of a
   * transfer, the send's completion among them. */
  const guint timeouts[N_MODELS] = { 20000, 20000, 40 };

  Sniper sniper = { server, model_new_for_path (server, "/sniped", &counts, 20000), 0, 0 };
  GThread *sniping;

  work_queue_init (queue);
  for (guint i = 0; i < N_WORKERS; i++)
    workers[i] = g_thread_new ("transfers-worker", work, queue);
  for (guint i = 0; i < N_MODELS; i++)
    models[i] = model_new (server, &counts, timeouts[i]);
  sniping = g_thread_new ("transfers-sniper", snipe, &sniper);

  for (guint round = 0; round < n; round++)
    {
      guint slot = g_random_int_range (0, N_MODELS);
      guint action = g_random_int_range (0, 10);

      if (action < 4)
        vct_table_model_reload_data (models[slot]);
      else if (action < 7)
        work_queue_push (queue, g_object_ref (models[slot]));
      else if (action == 7)
        {
          /* Released mid-transfer, maybe last on a worker. */
          if (g_random_boolean ())
            work_queue_push (queue, g_object_ref (models[slot]));
          if (n_released < G_N_ELEMENTS (released))
            g_weak_ref_init (&released[n_released++], models[slot]);
          g_object_unref (models[slot]);
          models[slot] = model_new (server, &counts, timeouts[slot]);
          vct_table_model_reload_data (models[slot]);
        }
      /* Otherwise the loop only runs: deliveries, and transfers the loop does not wait for. */
      /* Under valgrind every thread runs ten times slower: so does the loop between rounds,
       * or the transfers would not get anywhere. */
      if (g_random_int_range (0, 4) == 0)
        iterate_pending (NULL);
      else
        iterate_for (NULL, (guint) g_random_int_range (0, 6) * vct_test_scale (1, 10));
    }

  /* Once the server behaves, every model loads, whatever came before. */
  g_atomic_int_set (&sniper.stop, 1);
  g_thread_join (sniping);
  if (n_released < G_N_ELEMENTS (released))
    g_weak_ref_init (&released[n_released++], sniper.model);
  g_object_unref (sniper.model);
  g_atomic_int_set (&server->tame, 1);
  for (guint i = 0; i < N_WORKERS; i++)
    work_queue_push (queue, queue);
  for (guint i = 0; i < N_WORKERS; i++)
    g_thread_join (workers[i]);
  for (guint i = 0; i < N_MODELS; i++)
    {
      Settle settle = { models[i], 0 };
      gulong handler = g_signal_connect (models[i], "did-reload-data", G_CALLBACK (settle_reloaded), &settle);

      /* The short-timeout model gets a patient twin for the check. */
      if (timeouts[i] < 1000)
        {
          g_signal_handler_disconnect (models[i], handler);
          if (n_released < G_N_ELEMENTS (released))
            g_weak_ref_init (&released[n_released++], models[i]);
          g_object_unref (models[i]);
          models[i] = model_new (server, &counts, 20000);
          settle.model = models[i];
          handler = g_signal_connect (models[i], "did-reload-data", G_CALLBACK (settle_reloaded), &settle);
        }
      vct_table_model_reload_data (models[i]);
      run_until (NULL, cond_flag, &settle.loaded, 20000);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (vct_table_model_get_list (models[i]))), ==, N_PHOTOS);
      g_signal_handler_disconnect (models[i], handler);
    }

  g_assert_cmpint (g_atomic_int_get (&counts.wrong_thread), ==, 0);
  g_test_message ("%u rounds, %u sniper shots: %d requests served, %d reloads delivered, %d errors",
                  n, sniper.shots, g_atomic_int_get (&server->served), g_atomic_int_get (&counts.reloaded),
                  g_atomic_int_get (&counts.errors));

  /* Every model goes; then every connection is closed by the client, and the models
   * released along the way are gone. */
  for (guint i = 0; i < N_MODELS; i++)
    g_object_unref (models[i]);
  run_until (NULL, server_idle, server, 30000);
  g_assert_cmpint (g_atomic_int_get (&server->lingered), ==, 0);
  iterate_pending (NULL);
  for (guint i = 0; i < n_released; i++)
    {
      GObject *alive = g_weak_ref_get (&released[i]);
      g_assert_null (alive);
      g_weak_ref_clear (&released[i]);
    }
  work_queue_clear (queue);
  server_free (server);
}

static gboolean
mid_body (gpointer data)
{
  return g_atomic_int_get (&((Server *) data)->mid_body) >= 1024;
}

static void
test_cancel_mid_read (void)
{
  Server *server = server_new ();
  Counts counts = { g_thread_self (), 0, 0, 0 };
  VctTableModel *model;
  GWeakRef weak;

  g_atomic_int_set (&server->trickle_only, 1);
  model = model_new (server, &counts, 20000);
  g_weak_ref_init (&weak, model);
  vct_table_model_reload_data (model);
  run_until (NULL, mid_body, server, 20000);

  /* Releasing the model cancels its transfer mid-read. */
  g_object_unref (model);
  iterate_pending (NULL);
  g_assert_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);

  /* The client closing the connection is the I/O thread closing the stream, in finish:
   * from then on it holds nothing of the transfer. */
  run_until (NULL, server_idle, server, 20000);
  g_assert_cmpint (g_atomic_int_get (&server->lingered), ==, 0);
  g_assert_cmpint (g_atomic_int_get (&counts.reloaded), ==, 0);
  g_assert_cmpint (g_atomic_int_get (&counts.errors), ==, 0);
  server_free (server);
}

int
main (int argc, char **argv)
{
  vct_test_init (&argc, &argv);
  g_test_add_func ("/transfers/superseded", test_superseded);
  g_test_add_func ("/transfers/cancel-mid-read", test_cancel_mid_read);
  return vct_test_run ();
}
