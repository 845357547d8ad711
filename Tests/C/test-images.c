/* test-images.c: VctImage and VctImageLoader (the Swift AsyncImage and ImagePipeline)
 * against a loopback HTTP server that counts requests and delays or breaks them.
 *
 * Each test uses a loader of its own (vct_image_loader_new), so the counts are its own.
 */

#include <stdlib.h>
#include <string.h>

#include "common/vct-test.h"

/* ------------------------------------------------------------------ fixtures */

/* A PNG of @width × @height filled with @rgba. */
static GBytes *
make_png (int width, int height, guint32 rgba)
{
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, width, height);
  g_autoptr(GError) error = NULL;
  char *buffer = NULL;
  gsize size = 0;

  gdk_pixbuf_fill (pixbuf, rgba);
  g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, "png", &error, NULL));
  g_assert_no_error (error);
  return g_bytes_new_take (buffer, size);
}

static guint32
crc32_of (const guint8 *data, gsize length)
{
  guint32 crc = 0xffffffffu;

  for (gsize i = 0; i < length; i++)
    {
      crc ^= data[i];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
  return crc ^ 0xffffffffu;
}

/* A valid small PNG whose header claims @width × @height (its CRC fixed): a
 * decompression bomb's few bytes. */
static GBytes *
make_bomb (guint32 width, guint32 height)
{
  g_autoptr(GBytes) png = make_png (4, 4, 0xff0000ff);
  gsize size = 0;
  const void *bytes = g_bytes_get_data (png, &size);
  guint8 *data = g_memdup2 (bytes, size);
  guint32 be;

  /* Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), … , CRC at 29. */
  be = GUINT32_TO_BE (width);
  memcpy (data + 16, &be, 4);
  be = GUINT32_TO_BE (height);
  memcpy (data + 20, &be, 4);
  be = GUINT32_TO_BE (crc32_of (data + 12, 17));
  memcpy (data + 29, &be, 4);
  return g_bytes_new_take (data, size);
}

static void
route_bytes (VctTestServer *server, const char *path, guint status, GBytes *bytes)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  /* The route copies one byte past the body (a text body's NUL): give it one. */
  g_autofree char *copy = g_malloc0 (size + 1);

  memcpy (copy, data, size);
  vct_test_server_route (server, "GET", path, status, copy, size);
}

typedef struct
{
  VctImage     *image;
  VctImageState state;
} StateIs;

static gboolean
cond_state (gpointer data)
{
  StateIs *want = data;

  return vct_image_get_state (want->image) == want->state;
}

static void
wait_state (VctImage *image, VctImageState state)
{
  StateIs want = { image, state };

  run_until (NULL, cond_state, &want, VCT_TEST_TIMEOUT_MS);
}

static gboolean
cond_settled (gpointer data)
{
  VctImageState state = vct_image_get_state (data);

  return state == VCT_IMAGE_STATE_LOADED || state == VCT_IMAGE_STATE_FAILED;
}

/* ------------------------------------------------------------------ loading */

static void
test_loads_to_box (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(GBytes) png = make_png (600, 400, 0x336699ff);
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/a.png");
  g_autoptr(VctImage) image = NULL;
  GdkPixbuf *pixbuf;

  route_bytes (server, "/a.png", 200, png);
  image = vct_image_new (loader, uri);
  g_assert_cmpstr (vct_image_get_uri (image), ==, uri);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);
  iterate_for (NULL, 50);
  g_assert_cmpuint (vct_test_server_n_requests (server), ==, 0);  /* nothing before a bind */

  vct_image_bind (image, 150, 150);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_LOADING);
  wait_state (image, VCT_IMAGE_STATE_LOADED);
  pixbuf = vct_image_get_pixbuf (image);
  g_assert_nonnull (pixbuf);
  /* Decoded to fit the box, the aspect ratio kept: not kept at 600 px. */
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, 150);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, 100);
  g_assert_null (vct_image_get_error (image));
  g_assert_cmpuint (vct_test_server_n_requests (server), ==, 1);
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), ==, gdk_pixbuf_get_byte_length (pixbuf));

  /* Unbound: back to none, the pixbuf dropped (the cache keeps it). */
  vct_image_unbind (image);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);
  g_assert_null (vct_image_get_pixbuf (image));

  /* A cache hit is loaded when bind returns: the same frame, no request. */
  vct_image_bind (image, 150, 150);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_LOADED);
  g_assert_nonnull (vct_image_get_pixbuf (image));
  vct_image_unbind (image);
  g_assert_cmpuint (vct_test_server_n_requests (server), ==, 1);

  vct_test_server_free (server);
}

static void
test_one_transfer_per_uri (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(GBytes) png = make_png (64, 64, 0x00ff00ff);
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/shared.png");
  VctImage *images[40];

  route_bytes (server, "/shared.png", 200, png);
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      images[i] = vct_image_new (loader, uri);
      vct_image_bind (images[i], 48, 48);
    }
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    wait_state (images[i], VCT_IMAGE_STATE_LOADED);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/shared.png"), ==, 1);
  g_assert_cmpuint (vct_image_loader_get_n_transfers_started (loader), ==, 1);
  /* Every image shows the one decoded image. */
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    g_assert_true (vct_image_get_pixbuf (images[i]) == vct_image_get_pixbuf (images[0]));
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      vct_image_unbind (images[i]);
      g_object_unref (images[i]);
    }
  vct_test_server_free (server);
}

/* A handler that holds every request until the gate opens (or the server closes). */
typedef struct
{
  GMutex   lock;
  GCond    cond;
  gboolean open;
  gint     arrived;   /* atomic */
  GBytes  *body;
} Gate;

static gboolean
gate_handler (const VctTestRequest *request, gpointer user_data)
{
  Gate *gate = user_data;
  gsize size = 0;
  const char *data = g_bytes_get_data (gate->body, &size);

  g_atomic_int_inc (&gate->arrived);
  g_mutex_lock (&gate->lock);
  while (!gate->open && !g_cancellable_is_cancelled (request->stop))
    {
      gint64 until = g_get_monotonic_time () + 20 * G_TIME_SPAN_MILLISECOND;

      g_cond_wait_until (&gate->cond, &gate->lock, until);
    }
  g_mutex_unlock (&gate->lock);
  vct_test_server_write_response (request->connection, 200, "image/png", data, size, request->stop);
  return TRUE;
}

/* A closed gate whose requests get @body (owned) once it opens. */
static void
gate_init (Gate *gate, GBytes *body)
{
  memset (gate, 0, sizeof *gate);
  g_mutex_init (&gate->lock);
  g_cond_init (&gate->cond);
  gate->body = body;
}

static void
gate_clear (Gate *gate)
{
  g_bytes_unref (gate->body);
  g_cond_clear (&gate->cond);
  g_mutex_clear (&gate->lock);
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

static gboolean
tick_source (gpointer data)
{
  (void) data;
  return G_SOURCE_CONTINUE;
}

/* run_until() with a ticking source: the loader's counters and the gate change on other
 * threads, which do not wake the loop. */
static void
run_until_ticking (gboolean (*cond) (gpointer), gpointer data)
{
  guint tick = g_timeout_add (5, tick_source, NULL);

  run_until (NULL, cond, data, VCT_TEST_TIMEOUT_MS);
  g_source_remove (tick);
}

/* Runs the loop until @n requests reached the gate: the handler's thread does not wake
 * the loop, so a ticking source does. */
static void
gate_wait_arrived (Gate *gate, gint n)
{
  guint tick = g_timeout_add (5, tick_source, NULL);

  wait_int_at_least (NULL, &gate->arrived, n);
  g_source_remove (tick);
}

static gboolean
cond_no_transfer (gpointer loader)
{
  return vct_image_loader_get_n_transfers (loader) == 0;
}

static gboolean
cond_transfer_started (gpointer loader)
{
  return vct_image_loader_get_n_transfers_started (loader) > 0;
}

typedef struct
{
  VctImageLoader *loader;
  guint64         bytes;
} UsageIs;

static gboolean
cond_memory_usage (gpointer data)
{
  UsageIs *want = data;

  return vct_image_loader_get_memory_usage (want->loader) == want->bytes;
}

/* Runs the loop until @loader's memory cache holds @bytes. */
static void
wait_memory_usage (VctImageLoader *loader, guint64 bytes)
{
  UsageIs want = { loader, bytes };
  run_until_ticking (cond_memory_usage, &want);
}

/* Runs the loop until @loader has started a transfer. */
static void
wait_transfer_started (VctImageLoader *loader)
{
  run_until_ticking (cond_transfer_started, loader);
}

/* Runs the loop until @loader has no transfer running: the count drops on the I/O thread,
 * which does not wake the loop, so a ticking source does. */
static void
wait_no_transfer (VctImageLoader *loader)
{
  run_until_ticking (cond_no_transfer, loader);
}

static void
test_unbind_cancels (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/slow.png");
  Gate gate;
  g_autoptr(VctImage) image = NULL;
  g_autoptr(VctImage) other = NULL;

  gate_init (&gate, make_png (32, 32, 0x0000ffff));
  vct_test_server_set_handler (server, gate_handler, &gate);
  image = vct_image_new (loader, uri);
  other = vct_image_new (loader, uri);

  /* Two images want the URI: one unbinding leaves the transfer running. */
  vct_image_bind (image, 32, 32);
  vct_image_bind (other, 32, 32);
  gate_wait_arrived (&gate, 1);
  g_assert_cmpuint (vct_image_loader_get_n_transfers (loader), ==, 1);
  vct_image_unbind (other);
  g_assert_cmpint (vct_image_get_state (other), ==, VCT_IMAGE_STATE_NONE);
  iterate_for (NULL, 50);
  g_assert_cmpuint (vct_image_loader_get_n_transfers (loader), ==, 1);

  /* The last one unbinding cancels it, before the body arrives (the loader's
   * cancel-delay later: the wait below outlasts it). */
  vct_image_unbind (image);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);
  wait_no_transfer (loader);
  gate_open (&gate);
  iterate_for (NULL, 100);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), ==, 0);

  vct_test_server_free (server);
  gate_clear (&gate);
}

/* max-transfers transfers to one host are all on the wire at once (libsoup's own
 * default is 2 connections a host). */
static void
test_transfers_per_host (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  VctImage *images[6];
  Gate gate;

  gate_init (&gate, make_png (8, 8, 0x00ffffff));
  vct_test_server_set_handler (server, gate_handler, &gate);
  g_assert_cmpuint (vct_image_loader_get_max_transfers (loader), ==, G_N_ELEMENTS (images));
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      g_autofree char *path = g_strdup_printf ("/wire-%u.png", i);
      g_autofree char *uri = vct_test_server_uri (server, path);

      images[i] = vct_image_new (loader, uri);
      vct_image_bind (images[i], 8, 8);
    }
  gate_wait_arrived (&gate, G_N_ELEMENTS (images));
  gate_open (&gate);
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      wait_state (images[i], VCT_IMAGE_STATE_LOADED);
      vct_image_unbind (images[i]);
      g_object_unref (images[i]);
    }
  vct_test_server_free (server);
  gate_clear (&gate);
}

/* A bind while the fetch's body is being decoded joins the fetch: no second GET (the
 * fetch used to end with its transfer, before its image reached the cache). */
static void
test_bind_while_decoding (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(GBytes) png = make_png (2000, 2000, 0x808080ff);
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/large.png");
  g_autoptr(VctImage) first = NULL;
  g_autoptr(VctImage) second = NULL;

  route_bytes (server, "/large.png", 200, png);
  first = vct_image_new (loader, uri);
  second = vct_image_new (loader, uri);
  vct_image_bind (first, 32, 32);
  wait_transfer_started (loader);
  /* The transfer has ended; decoding 4 million pixels takes a while. */
  wait_no_transfer (loader);
  vct_image_bind (second, 32, 32);
  wait_state (first, VCT_IMAGE_STATE_LOADED);
  wait_state (second, VCT_IMAGE_STATE_LOADED);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/large.png"), ==, 1);
  g_assert_true (vct_image_get_pixbuf (first) == vct_image_get_pixbuf (second));

  vct_image_unbind (first);
  vct_image_unbind (second);
  vct_test_server_free (server);
}

/* GTK 4.8 unbinds and rebinds every row an insertion moves, in one loop iteration: the
 * transfer of an image bound again within the cancel-delay goes on, one GET. */
static void
test_rebind_joins_transfer (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/moved.png");
  g_autoptr(VctImage) image = NULL;
  Gate gate;

  gate_init (&gate, make_png (32, 32, 0x00ff00ff));
  vct_test_server_set_handler (server, gate_handler, &gate);
  g_assert_cmpuint (vct_image_loader_get_cancel_delay (loader), ==, 250);
  image = vct_image_new (loader, uri);
  vct_image_bind (image, 32, 32);
  gate_wait_arrived (&gate, 1);

  vct_image_unbind (image);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);
  vct_image_bind (image, 32, 32);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_LOADING);
  gate_open (&gate);
  wait_state (image, VCT_IMAGE_STATE_LOADED);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/moved.png"), ==, 1);
  g_assert_cmpuint (vct_image_loader_get_n_transfers_started (loader), ==, 1);

  vct_image_unbind (image);
  vct_test_server_free (server);
  gate_clear (&gate);
}

/* A transfer whose last image went ends within the delay: its image is decoded into the
 * memory cache, and the next image of the URI shows it inside its bind, with no GET. */
static void
test_orphan_completes_into_cache (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/left.png");
  g_autoptr(VctImage) image = NULL;
  g_autoptr(VctImage) later = NULL;
  Gate gate;

  gate_init (&gate, make_png (64, 64, 0xff0000ff));
  vct_test_server_set_handler (server, gate_handler, &gate);
  vct_image_loader_set_cancel_delay (loader, 60000);
  image = vct_image_new (loader, uri);
  vct_image_bind (image, 32, 32);
  gate_wait_arrived (&gate, 1);
  vct_image_unbind (image);
  gate_open (&gate);
  /* The transfer ends, then its body is decoded (on another thread): wait for the cache. */
  wait_memory_usage (loader, 32 * 32 * 4);
  g_assert_cmpuint (vct_image_loader_get_n_transfers (loader), ==, 0);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);

  later = vct_image_new (loader, uri);
  vct_image_bind (later, 32, 32);
  g_assert_cmpint (vct_image_get_state (later), ==, VCT_IMAGE_STATE_LOADED);
  g_assert_cmpint (gdk_pixbuf_get_width (vct_image_get_pixbuf (later)), ==, 32);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/left.png"), ==, 1);

  vct_image_unbind (later);
  vct_test_server_free (server);
  gate_clear (&gate);
}

/* A transfer no image waits for keeps its slot until it ends or the delay passes, never
 * longer: then it is cancelled (not decoded), and the image in view takes the slot. */
static void
test_orphan_slot_bounded (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *gone_uri = vct_test_server_uri (server, "/gone.png");
  g_autofree char *shown_uri = vct_test_server_uri (server, "/shown.png");
  g_autoptr(VctImage) gone = NULL;
  g_autoptr(VctImage) shown = NULL;
  Gate gate;
  gint64 bound_at;

  gate_init (&gate, make_png (16, 16, 0x0000ffff));
  vct_test_server_set_handler (server, gate_handler, &gate);
  vct_image_loader_set_max_transfers (loader, 1);
  vct_image_loader_set_cancel_delay (loader, 200);
  gone = vct_image_new (loader, gone_uri);
  shown = vct_image_new (loader, shown_uri);
  vct_image_bind (gone, 16, 16);
  gate_wait_arrived (&gate, 1);
  vct_image_unbind (gone);

  bound_at = g_get_monotonic_time ();
  vct_image_bind (shown, 16, 16);
  gate_wait_arrived (&gate, 2);
  g_assert_cmpint (g_get_monotonic_time () - bound_at, >=, 200 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/shown.png"), ==, 1);
  gate_open (&gate);
  wait_state (shown, VCT_IMAGE_STATE_LOADED);
  wait_no_transfer (loader);
  /* The cancelled one was not decoded: only the image in view is cached. */
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), ==, 16 * 16 * 4);
  g_assert_cmpint (vct_image_get_state (gone), ==, VCT_IMAGE_STATE_NONE);

  vct_image_unbind (shown);
  vct_test_server_free (server);
  gate_clear (&gate);
}

/* ------------------------------------------------------------------ bad input */

static gboolean
redirect_handler (const VctTestRequest *request, gpointer user_data)
{
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (request->connection));
  g_autofree char *head = NULL;

  (void) user_data;
  if (strcmp (request->path, "/loop.png") != 0)
    return FALSE;
  head = g_strdup_printf ("HTTP/1.1 302 Found\r\nLocation: /loop.png\r\nContent-Length: 0\r\n"
                          "Connection: close\r\n\r\n");
  g_output_stream_write_all (out, head, strlen (head), NULL, request->stop, NULL);
  return TRUE;
}

static void
assert_fails (VctImageLoader *loader, const char *uri, VctError code)
{
  g_autoptr(VctImage) image = vct_image_new (loader, uri);
  const GError *error;

  vct_image_bind (image, 100, 100);
  run_until (NULL, cond_settled, image, VCT_TEST_TIMEOUT_MS);
  if (vct_image_get_state (image) != VCT_IMAGE_STATE_FAILED)
    g_error ("%s: loaded, expected code %d", uri, code);
  g_assert_null (vct_image_get_pixbuf (image));
  error = vct_image_get_error (image);
  g_assert_nonnull (error);
  if (!g_error_matches (error, VCT_ERROR, code))
    g_error ("%s: expected code %d, got %s %d: %s", uri, code,
             g_quark_to_string (error->domain), error->code, error->message);
  g_assert_cmpuint (strlen (error->message), >, 0);
  vct_image_unbind (image);
}

static void
test_bad_input (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autoptr(GBytes) png = make_png (300, 300, 0x808080ff);
  g_autoptr(GBytes) bomb = make_bomb (100000, 100000);
  g_autoptr(GBytes) truncated = g_bytes_new_from_bytes (png, 0, g_bytes_get_size (png) / 2);
  struct { const char *path; VctError code; } cases[] = {
    { "/404.png", VCT_ERROR_HTTP_STATUS },
    { "/500.png", VCT_ERROR_HTTP_STATUS },
    { "/text.png", VCT_ERROR_INVALID_IMAGE },
    { "/empty.png", VCT_ERROR_INVALID_IMAGE },
    { "/truncated.png", VCT_ERROR_INVALID_IMAGE },
    { "/bomb.png", VCT_ERROR_IMAGE_TOO_LARGE },
    { "/loop.png", VCT_ERROR_HTTP_STATUS },
  };

  vct_test_server_route (server, "GET", "/500.png", 500, "oops", -1);
  vct_test_server_route (server, "GET", "/text.png", 200, "<html>not an image</html>", -1);
  vct_test_server_route (server, "GET", "/empty.png", 200, NULL, 0);
  route_bytes (server, "/truncated.png", 200, truncated);
  route_bytes (server, "/bomb.png", 200, bomb);
  vct_test_server_set_handler (server, redirect_handler, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *uri = vct_test_server_uri (server, cases[i].path);

      assert_fails (loader, uri, cases[i].code);
    }
  assert_fails (loader, "gopher://example.com/a.png", VCT_ERROR_INVALID_URI);
  assert_fails (loader, "not a uri", VCT_ERROR_INVALID_URI);
  assert_fails (loader, "file:///nonexistent/vctable/a.png", VCT_ERROR_FILE_UNREADABLE);
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), ==, 0);

  vct_test_server_free (server);
}

static void
test_timeout (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autofree char *uri = vct_test_server_uri (server, "/never.png");
  Gate gate;
  g_autoptr(VctImage) image = NULL;
  const GError *error;

  gate_init (&gate, make_png (8, 8, 0xffffffff));
  vct_test_server_set_handler (server, gate_handler, &gate);
  vct_image_loader_set_timeout (loader, 300);
  g_assert_cmpuint (vct_image_loader_get_timeout (loader), ==, 300);
  image = vct_image_new (loader, uri);
  vct_image_bind (image, 8, 8);
  wait_state (image, VCT_IMAGE_STATE_FAILED);
  error = vct_image_get_error (image);
  g_assert_error ((GError *) error, VCT_ERROR, VCT_ERROR_TIMED_OUT);
  vct_image_unbind (image);
  wait_no_transfer (loader);

  gate_open (&gate);
  vct_test_server_free (server);
  gate_clear (&gate);
}

static void
test_failure_retried_on_bind_only (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autoptr(GBytes) png = make_png (20, 20, 0xffffffff);
  g_autofree char *uri = vct_test_server_uri (server, "/flaky.png");
  g_autoptr(VctImage) image = vct_image_new (loader, uri);

  vct_test_server_route (server, "GET", "/flaky.png", 503, "busy", -1);
  vct_image_bind (image, 20, 20);
  wait_state (image, VCT_IMAGE_STATE_FAILED);
  /* Never in a loop: no request while nobody binds again. */
  iterate_for (NULL, 200);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/flaky.png"), ==, 1);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_FAILED);

  /* The next bind tries again. */
  route_bytes (server, "/flaky.png", 200, png);
  vct_image_unbind (image);
  vct_image_bind (image, 20, 20);
  wait_state (image, VCT_IMAGE_STATE_LOADED);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/flaky.png"), ==, 2);
  vct_image_unbind (image);
  vct_test_server_free (server);
}

/* ------------------------------------------------------------------ the cache */

static void
test_lru_bound (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  const guint64 one = 50 * 50 * 4;  /* a 50 × 50 RGBA pixbuf */
  char *uris[5];

  vct_image_loader_set_memory_limit (loader, 3 * one);
  g_assert_cmpuint (vct_image_loader_get_memory_limit (loader), ==, 3 * one);
  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    {
      g_autofree char *path = g_strdup_printf ("/%u.png", i);
      g_autoptr(GBytes) png = make_png (50, 50, 0x10101000u * (i + 1) | 0xff);
      g_autoptr(VctImage) image = NULL;

      route_bytes (server, path, 200, png);
      uris[i] = vct_test_server_uri (server, path);
      image = vct_image_new (loader, uris[i]);
      vct_image_bind (image, 50, 50);
      wait_state (image, VCT_IMAGE_STATE_LOADED);
      vct_image_unbind (image);
      g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), <=, 3 * one);
    }
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), ==, 3 * one);

  /* The two least recently used are out; the last three answer at bind time (asked
   * first: a miss loads again and would evict one of them). */
  for (guint i = G_N_ELEMENTS (uris); i-- > 0; )
    {
      g_autoptr(VctImage) image = vct_image_new (loader, uris[i]);
      VctImageState expected = i >= 2 ? VCT_IMAGE_STATE_LOADED : VCT_IMAGE_STATE_LOADING;

      vct_image_bind (image, 50, 50);
      g_assert_cmpint (vct_image_get_state (image), ==, expected);
      vct_image_unbind (image);
    }
  /* Lowering the bound evicts at once. */
  vct_image_loader_set_memory_limit (loader, one);
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), <=, one);

  for (guint i = 0; i < G_N_ELEMENTS (uris); i++)
    g_free (uris[i]);
  vct_test_server_free (server);
}

/* ------------------------------------------------------------------ recycled views */

/* A server answering /img/N.png with an N+1 px wide image, after a random delay. */
static gboolean
latency_handler (const VctTestRequest *request, gpointer user_data)
{
  guint n = 0;
  g_autoptr(GBytes) png = NULL;
  gsize size = 0;
  const char *data;

  (void) user_data;
  if (sscanf (request->path, "/img/%u.png", &n) != 1)
    return FALSE;
  g_usleep (g_random_int_range (0, 4000));  /* latency, not synchronisation */
  png = make_png (n + 1, 2, 0x204060ff);
  data = g_bytes_get_data (png, &size);
  vct_test_server_write_response (request->connection, 200, "image/png", data, size, request->stop);
  return TRUE;
}

typedef struct
{
  VctImage *shown;   /* the image the view is bound to, or NULL */
  guint     index;   /* its URL's index */
  guint     wrong;
} View;

/* What a view paints on every notify of the image it shows. */
static void
on_view_state (VctImage *image, GParamSpec *pspec, gpointer user_data)
{
  View *view = user_data;
  GdkPixbuf *pixbuf = vct_image_get_pixbuf (image);
  guint n = 0;

  (void) pspec;
  g_assert_true (image == view->shown);  /* a handler of an image it left never runs */
  if (pixbuf == NULL)
    return;
  g_assert_cmpint (sscanf (strrchr (vct_image_get_uri (image), '/'), "/%u.png", &n), ==, 1);
  if ((guint) gdk_pixbuf_get_width (pixbuf) != n + 1 || n != view->index)
    view->wrong++;
}

static void
test_recycled_views_never_wrong (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  const guint n_images = 200, n_views = 12;
  guint n_ops = vct_test_scale (100000, 2000);
  VctImage *images[200];
  View views[12] = { 0 };
  guint wrong = 0;
  GRand *rand = g_rand_new_with_seed (23);

  vct_test_server_set_handler (server, latency_handler, NULL);
  /* A small cache, so rebinds go to the network as well as to the cache. */
  vct_image_loader_set_memory_limit (loader, 40 * 200 * 2 * 4);
  for (guint i = 0; i < n_images; i++)
    {
      g_autofree char *path = g_strdup_printf ("/img/%u.png", i);
      g_autofree char *uri = vct_test_server_uri (server, path);

      images[i] = vct_image_new (loader, uri);
    }

  for (guint op = 0; op < n_ops; op++)
    {
      View *view = &views[g_rand_int_range (rand, 0, n_views)];
      guint next = g_rand_int_range (rand, 0, n_images);

      /* Sometimes the view's image is re-pointed instead (a recycled image object, or a
       * row a reload gave another URL): a load of the old URI must never show. */
      if (view->shown != NULL && g_rand_int_range (rand, 0, 4) == 0)
        {
          g_autofree char *path = g_strdup_printf ("/img/%u.png", next);
          g_autofree char *uri = vct_test_server_uri (server, path);
          guint j;

          /* The image object that had @next's URI takes the old one: URLs stay distinct. */
          for (j = 0; j < n_images; j++)
            if (g_strcmp0 (vct_image_get_uri (images[j]), uri) == 0)
              break;
          if (images[j] != view->shown)
            {
              g_autofree char *old = g_strdup (vct_image_get_uri (view->shown));
              gboolean other_shown = FALSE;

              for (guint v = 0; v < n_views; v++)
                other_shown |= views[v].shown == images[j]
                               || (&views[v] != view && views[v].shown == view->shown);
              if (!other_shown)
                {
                  vct_image_set_uri (images[j], old);
                  view->index = next;
                  vct_image_set_uri (view->shown, uri);
                  on_view_state (view->shown, NULL, view);
                  continue;
                }
            }
        }
      if (view->shown != NULL)
        {
          g_signal_handlers_disconnect_by_data (view->shown, view);
          vct_image_unbind (view->shown);
          view->shown = NULL;
        }
      view->shown = images[next];
      sscanf (strrchr (vct_image_get_uri (view->shown), '/'), "/%u.png", &view->index);
      g_signal_connect (view->shown, "notify::pixbuf", G_CALLBACK (on_view_state), view);
      g_signal_connect (view->shown, "notify::state", G_CALLBACK (on_view_state), view);
      vct_image_bind (view->shown, 0, 0);
      on_view_state (view->shown, NULL, view);  /* the bind-time paint (a cache hit) */
      if (op % 8 == 0)
        iterate_pending (NULL);
      if (op % 64 == 0)
        g_main_context_iteration (NULL, FALSE);
    }
  for (guint v = 0; v < n_views; v++)
    if (views[v].shown != NULL)
      run_until (NULL, cond_settled, views[v].shown, VCT_TEST_TIMEOUT_MS);
  for (guint v = 0; v < n_views; v++)
    {
      wrong += views[v].wrong;
      if (views[v].shown != NULL)
        {
          g_assert_cmpint (vct_image_get_state (views[v].shown), ==, VCT_IMAGE_STATE_LOADED);
          g_signal_handlers_disconnect_by_data (views[v].shown, &views[v]);
          vct_image_unbind (views[v].shown);
        }
    }
  g_assert_cmpuint (wrong, ==, 0);
  wait_no_transfer (loader);
  /* Bounded: the cache stays within its limit whatever the traffic. */
  g_assert_cmpuint (vct_image_loader_get_memory_usage (loader), <=, 40 * 200 * 2 * 4);
  g_test_message ("%u ops, %" G_GUINT64_FORMAT " transfers", n_ops,
                  vct_image_loader_get_n_transfers_started (loader));

  for (guint i = 0; i < n_images; i++)
    g_object_unref (images[i]);
  g_rand_free (rand);
  vct_test_server_free (server);
}

/* ------------------------------------------------------------------ the disk cache */

/* "Date: <now>\r\n", as every server sends: libsoup computes a response's age from it. */
static char *
date_header (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%a, %d %b %Y %H:%M:%S GMT");

  return g_strdup_printf ("Date: %s\r\n", date);
}

/* Answers @request with @png (status 200, ETag "v1"), fresh for @max_age seconds. */
static void
write_cacheable_png (const VctTestRequest *request, GBytes *png, guint max_age)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (png, &size);
  g_autofree char *date = date_header ();
  g_autofree char *head = g_strdup_printf ("HTTP/1.1 200 OK\r\n%sContent-Type: image/png\r\nContent-Length: %" G_GSIZE_FORMAT
                                           "\r\nCache-Control: max-age=%u\r\nETag: \"v1\"\r\nConnection: close\r\n\r\n",
                                           date, size, max_age);

  if (vct_test_server_write (request->connection, head, strlen (head), request->stop))
    vct_test_server_write (request->connection, data, size, request->stop);
}

/* Answers /cached.png with a PNG that stays fresh for an hour. */
static gboolean
fresh_handler (const VctTestRequest *request, gpointer user_data)
{
  if (strcmp (request->path, "/cached.png") != 0)
    return FALSE;
  write_cacheable_png (request, user_data, 3600);
  return TRUE;
}

static void
on_child_exit (GObject *source, GAsyncResult *result, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  g_atomic_int_set ((gint *) data, 1);
}

/* Runs this program as a process of its own (image_cache_child) loading @uri with its
 * disk cache under @cache_home, while this process's loop serves the requests. */
static void
run_cache_child (const char *uri, const char *cache_home)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GError) error = NULL;
  gint exited = 0;

  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", cache_home, TRUE);
  /* This program's own path: exec'ing /proc/self/exe under valgrind would start valgrind's
   * tool itself, whereas reading the link gives the program's (valgrind answers it). */
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  g_assert_nonnull (self);
  child = g_subprocess_launcher_spawn (launcher, &error, self, "--image-cache-child", uri, NULL);
  g_assert_no_error (error);
  g_subprocess_wait_async (child, NULL, on_child_exit, &exited);
  run_until (NULL, cond_flag, &exited, VCT_TEST_TIMEOUT_MS);
  g_assert_true (g_subprocess_get_if_exited (child));
  g_assert_cmpint (g_subprocess_get_exit_status (child), ==, 0);
}

/* The disk cache's index file and its modification time (µs) before this load. */
typedef struct
{
  const char *path;
  gint64      mtime_before;
} IndexFile;

/* @path's modification time in µs, 0 when there is no such file. */
static gint64
modification_time (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                 G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return 0;
  return (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* The index was saved after this load: written anew, not the one an earlier run left. */
static gboolean
cond_index_saved (gpointer data)
{
  IndexFile *index = data;
  gint64 mtime = modification_time (index->path);

  return mtime != 0 && mtime != index->mtime_before;
}

/* The child: loads @uri and waits for the disk cache's index to be saved after the load
 * (a restarted run finds the previous run's index there already: waiting for that one
 * alone, it exited while the loaded image's body was still being let go on the pool,
 * which valgrind reports as lost; RELIABILITY.md, T5). Exit status 0 when both happened. */
static int
image_cache_child (const char *uri)
{
  g_autoptr(VctImageLoader) loader = vct_image_loader_new ();
  g_autoptr(VctImage) image = vct_image_new (loader, uri);
  g_autofree char *path = g_build_filename (g_get_user_cache_dir (), "vctable", "images", "soup.cache2", NULL);
  IndexFile index = { path, modification_time (path) };
  gint64 deadline = g_get_monotonic_time () + (g_getenv ("VCT_TEST_UNDER_VALGRIND") != NULL ? 100 : 10) * G_TIME_SPAN_SECOND;
  guint tick = g_timeout_add (10, tick_source, NULL);

  vct_image_bind (image, 0, 0);
  while (!cond_settled (image) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  if (vct_image_get_state (image) != VCT_IMAGE_STATE_LOADED)
    return 1;
  while (!cond_index_saved (&index) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  vct_image_unbind (image);
  return cond_index_saved (&index) ? 0 : 2;
}

static void
test_disk_cache_restart (void)
{
  VctTestServer *server = vct_test_server_new ();
  g_autoptr(GBytes) png = make_png (64, 48, 0x8040c0ff);
  g_autofree char *uri = vct_test_server_uri (server, "/cached.png");
  g_autofree char *cache_home = g_dir_make_tmp ("vct-image-cache-XXXXXX", NULL);
  g_autofree char *command = NULL;

  vct_test_server_set_handler (server, fresh_handler, png);
  /* A first run fetches it; a second process, the program restarted, reads it from disk. */
  run_cache_child (uri, cache_home);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/cached.png"), ==, 1);
  run_cache_child (uri, cache_home);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/cached.png"), ==, 1);

  vct_test_server_free (server);
  command = g_strdup_printf ("rm -rf '%s'", cache_home);
  g_assert_cmpint (system (command), ==, 0);
}

/* /revalidated.png: a PNG that must be revalidated on each use (max-age=0, an ETag),
 * answered 304 when the request carries the ETag. */
typedef struct
{
  GBytes *png;
  gint    conditional;  /* requests that carried If-None-Match */
  gint    not_modified; /* 304s sent */
} Revalidated;

static gboolean
revalidate_handler (const VctTestRequest *request, gpointer user_data)
{
  Revalidated *revalidated = user_data;
  const char *if_none_match = g_hash_table_lookup (request->headers, "if-none-match");

  if (strcmp (request->path, "/revalidated.png") != 0)
    return FALSE;
  if (if_none_match != NULL)
    g_atomic_int_inc (&revalidated->conditional);
  if (g_strcmp0 (if_none_match, "\"v1\"") == 0)
    {
      g_autofree char *date = date_header ();
      g_autofree char *head = g_strdup_printf ("HTTP/1.1 304 Not Modified\r\n%sCache-Control: max-age=0\r\n"
                                               "ETag: \"v1\"\r\nConnection: close\r\n\r\n", date);

      g_atomic_int_inc (&revalidated->not_modified);
      vct_test_server_write (request->connection, head, strlen (head), request->stop);
      return TRUE;
    }
  write_cacheable_png (request, revalidated->png, 0);
  return TRUE;
}

/* A restarted program whose cached image is stale revalidates it: one conditional GET
 * carrying the ETag, a 304 with no body, and the image decoded from the disk cache. */
static void
test_disk_cache_revalidate (void)
{
  VctTestServer *server = vct_test_server_new ();
  Revalidated revalidated = { make_png (64, 48, 0x40c080ff), 0, 0 };
  g_autofree char *uri = vct_test_server_uri (server, "/revalidated.png");
  g_autofree char *cache_home = g_dir_make_tmp ("vct-image-cache-XXXXXX", NULL);
  g_autofree char *command = NULL;

  vct_test_server_set_handler (server, revalidate_handler, &revalidated);
  run_cache_child (uri, cache_home);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/revalidated.png"), ==, 1);
  g_assert_cmpint (g_atomic_int_get (&revalidated.conditional), ==, 0);
  /* The child exits 0 only with the image loaded: a 304 has no body to decode. */
  run_cache_child (uri, cache_home);
  g_assert_cmpuint (vct_test_server_count (server, "GET", "/revalidated.png"), ==, 2);
  g_assert_cmpint (g_atomic_int_get (&revalidated.conditional), ==, 1);
  g_assert_cmpint (g_atomic_int_get (&revalidated.not_modified), ==, 1);

  vct_test_server_free (server);
  g_bytes_unref (revalidated.png);
  command = g_strdup_printf ("rm -rf '%s'", cache_home);
  g_assert_cmpint (system (command), ==, 0);
}

/* ------------------------------------------------------------------ arguments */

static void
test_null_arguments (void)
{
  g_autoptr(VctImage) image = vct_image_new (NULL, NULL);

  g_assert_true (vct_image_get_state (image) == VCT_IMAGE_STATE_NONE);
  g_assert_true (g_object_get_data (G_OBJECT (vct_image_loader_get_default ()), "x") == NULL);
  /* No URI: bound, it stays none (a placeholder), and nothing is fetched. */
  vct_image_bind (image, 10, 10);
  g_assert_cmpint (vct_image_get_state (image), ==, VCT_IMAGE_STATE_NONE);
  vct_image_unbind (image);
  /* An unbind too many is harmless. */
  vct_image_unbind (image);

  if (g_test_undefined ())
    {
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*VCT_IS_IMAGE*");
      vct_image_bind (NULL, 1, 1);
      g_test_assert_expected_messages ();
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*width >= 0*");
      vct_image_bind (image, -1, 1);
      g_test_assert_expected_messages ();
      g_test_expect_message ("VCTable", G_LOG_LEVEL_CRITICAL, "*VCT_IS_IMAGE_LOADER*");
      g_assert_null (vct_image_new ((VctImageLoader *) image, "http://x/"));
      g_test_assert_expected_messages ();
    }
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--image-cache-child") == 0)
    return image_cache_child (argv[2]);
  vct_test_init (&argc, &argv);

  g_test_add_func ("/image/loads-to-box", test_loads_to_box);
  g_test_add_func ("/image/one-transfer-per-uri", test_one_transfer_per_uri);
  g_test_add_func ("/image/unbind-cancels", test_unbind_cancels);
  g_test_add_func ("/image/transfers-per-host", test_transfers_per_host);
  g_test_add_func ("/image/rebind-joins-transfer", test_rebind_joins_transfer);
  g_test_add_func ("/image/bind-while-decoding", test_bind_while_decoding);
  g_test_add_func ("/image/orphan-completes-into-cache", test_orphan_completes_into_cache);
  g_test_add_func ("/image/orphan-slot-bounded", test_orphan_slot_bounded);
  g_test_add_func ("/image/bad-input", test_bad_input);
  g_test_add_func ("/image/timeout", test_timeout);
  g_test_add_func ("/image/failure-retried-on-bind-only", test_failure_retried_on_bind_only);
  g_test_add_func ("/image/lru-bound", test_lru_bound);
  g_test_add_func ("/image/recycled-views-never-wrong", test_recycled_views_never_wrong);
  g_test_add_func ("/image/disk-cache-restart", test_disk_cache_restart);
  g_test_add_func ("/image/disk-cache-revalidate", test_disk_cache_revalidate);
  g_test_add_func ("/image/null-arguments", test_null_arguments);

  return vct_test_run ();
}
