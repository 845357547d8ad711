/* Allocation counting and peak RSS for the VCTable benchmarks.
 *
 * The allocation entry points are defined here, in the executable, so they take
 * precedence over glibc's for every library in the process; each forwards to glibc's own
 * allocator (__libc_*), so memory from any entry point may be freed by any other, and
 * free() itself is not interposed. Counting is off unless enabled: timed runs pay one
 * relaxed load and a predictable branch per allocation. */
#define _GNU_SOURCE
#include "bench_support.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t count, size_t size);
extern void *__libc_realloc (void *pointer, size_t size);
extern void *__libc_memalign (size_t alignment, size_t size);

static _Atomic int counting;
static _Atomic uint64_t allocations;
static _Atomic uint64_t allocated_bytes;

static inline void
note (size_t size)
{
  if (__builtin_expect (atomic_load_explicit (&counting, memory_order_relaxed), 0))
    {
      atomic_fetch_add_explicit (&allocations, 1, memory_order_relaxed);
      atomic_fetch_add_explicit (&allocated_bytes, size, memory_order_relaxed);
    }
}

void *
malloc (size_t size)
{
  note (size);
  return __libc_malloc (size);
}

void *
calloc (size_t count, size_t size)
{
  note (count * size);
  return __libc_calloc (count, size);
}

void *
realloc (void *pointer, size_t size)
{
  note (size);
  return __libc_realloc (pointer, size);
}

void *
memalign (size_t alignment, size_t size)
{
  note (size);
  return __libc_memalign (alignment, size);
}

void *
aligned_alloc (size_t alignment, size_t size)
{
  note (size);
  return __libc_memalign (alignment, size);
}

int
posix_memalign (void **out, size_t alignment, size_t size)
{
  if (alignment < sizeof (void *) || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  note (size);
  void *pointer = __libc_memalign (alignment, size);
  if (pointer == NULL)
    return ENOMEM;
  *out = pointer;
  return 0;
}

void
bench_alloc_counting_set (int enabled)
{
  atomic_store (&counting, enabled != 0);
}

uint64_t
bench_alloc_count (void)
{
  return atomic_load (&allocations);
}

uint64_t
bench_alloc_bytes (void)
{
  return atomic_load (&allocated_bytes);
}

void
bench_alloc_reset (void)
{
  atomic_store (&allocations, 0);
  atomic_store (&allocated_bytes, 0);
}

/* --- Peak RSS ------------------------------------------------------------------------- */

int
bench_peak_rss_reset (void)
{
  int fd = open ("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t written = write (fd, "5", 1);
  close (fd);
  return written == 1 ? 0 : -1;
}

static uint64_t
status_kib (const char *field)
{
  /* Read with plain syscalls into a stack buffer: no allocation while measuring. */
  char text[8192];
  int fd = open ("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  size_t used = 0;
  ssize_t got;
  while (used < sizeof text - 1 && (got = read (fd, text + used, sizeof text - 1 - used)) > 0)
    used += (size_t) got;
  close (fd);
  text[used] = '\0';
  size_t length = strlen (field);
  for (char *line = text; line != NULL && *line != '\0';)
    {
      if (strncmp (line, field, length) == 0 && line[length] == ':')
        return strtoull (line + length + 1, NULL, 10);
      line = strchr (line, '\n');
      if (line != NULL)
        line++;
    }
  return 0;
}

uint64_t
bench_peak_rss_kib (void)
{
  return status_kib ("VmHWM");
}

uint64_t
bench_current_rss_kib (void)
{
  return status_kib ("VmRSS");
}
