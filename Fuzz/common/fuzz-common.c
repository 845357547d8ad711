/* fuzz-common.c: completing a custom service's request, now or from a worker. */
#include "fuzz-common.h"

void
fuzz_completion_complete (Completion *c)
{
  if (c->error != NULL)
    vct_api_request_return_error (c->request, c->error);
  else
    vct_api_request_return_json (c->request, c->json, -1);
  g_clear_error (&c->error);
  g_free (c->json);
  g_free (c);
}

void
fuzz_completion_worker (gpointer completion, gpointer in_flight)
{
  g_usleep (g_random_int_range (0, 300));
  fuzz_completion_complete (completion);
  if (in_flight != NULL)
    g_atomic_int_add ((gint *) in_flight, -1);
}
