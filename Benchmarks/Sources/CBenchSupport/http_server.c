/* A loopback HTTP/1.1 server for the reload benchmark: bodies registered in memory, served
 * with Content-Length and Connection: close, one connection at a time, on a thread that
 * ends with the process (nothing to stop, nothing left behind). 127.0.0.1 only. */
#define _GNU_SOURCE
#include "bench_support.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define MAX_BODIES 16

typedef struct
{
  char *path;
  char *bytes;
  size_t length;
} Body;

static pthread_mutex_t bodies_lock = PTHREAD_MUTEX_INITIALIZER;
static Body bodies[MAX_BODIES];
static int body_count;
static int listen_fd = -1;
static uint16_t server_port;
static _Atomic uint64_t answered;

void
bench_http_server_put (const char *path, const void *bytes, size_t length)
{
  pthread_mutex_lock (&bodies_lock);
  int slot = -1;
  for (int index = 0; index < body_count; index++)
    if (strcmp (bodies[index].path, path) == 0)
      slot = index;
  if (slot < 0 && body_count < MAX_BODIES)
    {
      slot = body_count++;
      bodies[slot].path = strdup (path);
    }
  if (slot >= 0)
    {
      free (bodies[slot].bytes);
      bodies[slot].bytes = malloc (length ? length : 1);
      memcpy (bodies[slot].bytes, bytes, length);
      bodies[slot].length = length;
    }
  pthread_mutex_unlock (&bodies_lock);
}

uint64_t
bench_http_server_requests (void)
{
  return atomic_load (&answered);
}

static int
send_all (int fd, const char *bytes, size_t length)
{
  while (length > 0)
    {
      ssize_t sent = send (fd, bytes, length, MSG_NOSIGNAL);
      if (sent < 0)
        {
          if (errno == EINTR)
            continue;
          return -1;
        }
      bytes += sent;
      length -= (size_t) sent;
    }
  return 0;
}

static void
serve (int fd)
{
  char request[8192];
  size_t used = 0;
  /* A request that never completes does not hold the server: 5 s, then drop it. */
  struct timeval limit = { 5, 0 };
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  while (used < sizeof request - 1)
    {
      ssize_t got = recv (fd, request + used, sizeof request - 1 - used, 0);
      if (got <= 0)
        return;
      used += (size_t) got;
      request[used] = '\0';
      if (strstr (request, "\r\n\r\n") != NULL)
        break;
    }
  char path[1024] = "";
  if (sscanf (request, "GET %1023s ", path) != 1)
    return;

  pthread_mutex_lock (&bodies_lock);
  Body *found = NULL;
  for (int index = 0; index < body_count; index++)
    if (strcmp (bodies[index].path, path) == 0)
      found = &bodies[index];
  char header[256];
  if (found != NULL)
    {
      int length = snprintf (header, sizeof header,
                             "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                             "Content-Length: %zu\r\nConnection: close\r\n\r\n",
                             found->length);
      if (send_all (fd, header, (size_t) length) == 0)
        send_all (fd, found->bytes, found->length);
    }
  else
    {
      const char *missing = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
      send_all (fd, missing, strlen (missing));
    }
  pthread_mutex_unlock (&bodies_lock);
  atomic_fetch_add (&answered, 1);

  /* Let the client read everything before the socket goes: no reset on close. */
  shutdown (fd, SHUT_WR);
  struct timeval linger = { 1, 0 };
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &linger, sizeof linger);
  while (recv (fd, request, sizeof request, 0) > 0)
    ;
}

static void *
accept_loop (void *unused)
{
  (void) unused;
  for (;;)
    {
      int fd = accept4 (listen_fd, NULL, NULL, SOCK_CLOEXEC);
      if (fd < 0)
        {
          if (errno == EINTR || errno == ECONNABORTED)
            continue;
          return NULL;
        }
      int one = 1;
      setsockopt (fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      serve (fd);
      close (fd);
    }
}

uint16_t
bench_http_server_start (void)
{
  if (listen_fd >= 0)
    return server_port;
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return 0;
  struct sockaddr_in address;
  memset (&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t size = sizeof address;
  if (bind (fd, (struct sockaddr *) &address, sizeof address) != 0 || listen (fd, 16) != 0
      || getsockname (fd, (struct sockaddr *) &address, &size) != 0)
    {
      close (fd);
      return 0;
    }
  listen_fd = fd;
  server_port = ntohs (address.sin_port);
  pthread_t thread;
  pthread_attr_t attributes;
  pthread_attr_init (&attributes);
  pthread_attr_setdetachstate (&attributes, PTHREAD_CREATE_DETACHED);
  if (pthread_create (&thread, &attributes, accept_loop, NULL) != 0)
    {
      close (fd);
      listen_fd = -1;
      server_port = 0;
    }
  pthread_attr_destroy (&attributes);
  return server_port;
}
