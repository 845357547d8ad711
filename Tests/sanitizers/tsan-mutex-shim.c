/* tsan-mutex-shim.c: teaches ThreadSanitizer the slow path of Swift's
 * `Synchronization.Mutex` on Linux, so that every report TSan makes about VCTable is
 * about a real race.
 *
 * WHY: `Mutex.withLock` inlines `_MutexHandle._lock()` into the caller: a
 * compare-exchange on the mutex word that TSan sees (an instrumented atomic). When that
 * fails (contention), it calls `_MutexHandle._lockSlow(_:)` in libswiftSynchronization.so,
 * which spins with uninstrumented atomics and then acquires the lock *inside the
 * kernel* with FUTEX_LOCK_PI; `_unlockSlow()` releases it with FUTEX_UNLOCK_PI. Neither
 * is visible to TSan, so under contention it loses the happens-before edge and reports
 * "Swift access race" on state that is only ever touched under the lock (seen on
 * ContextQueue.Jobs.state, Observable.state, VCTableModel.state).
 * Upstream: the Swift standard library's Linux Mutex (stdlib/public/Synchronization/
 * Mutex/LinuxImpl.swift) has no TSan annotations on its futex slow path, unlike the
 * runtime's own locks (swiftlang/swift PR #66721, "[Threading][TSan] Fix TSan errors from
 * lazy init on Linux", which annotated swift_once's ulock the same way). No upstream
 * issue found for Mutex itself (searched; unverified): remove this shim once
 * LinuxImpl.swift calls tsan_acquire/tsan_release.
 *
 * HOW: this file defines the two (three) slow-path symbols itself. Linked into a test
 * program (the C tests) or LD_PRELOADed (the Swift test bundle), it comes before
 * libswiftSynchronization.so in the symbol search order, so the PLT calls from the
 * inlined fast paths land here. Each trampoline calls the real function (found with
 * dlsym (RTLD_NEXT)) and tells TSan what happened on the mutex word's address, the same
 * address the inlined fast path's atomics use:
 *   _lockSlow:    real lock, then __tsan_acquire (word)
 *   _unlockSlow:  __tsan_release (word), then real unlock (tail call)
 *   _tryLockSlow: real try-lock, then __tsan_acquire (word) when it succeeded
 * Swift passes `self` (the address of the mutex word) in r13 (swiftself), which the
 * SysV ABI makes callee-saved, so the trampolines are a few lines of x86-64 assembly.
 * Without TSan in the process (__tsan_acquire not found) the annotations are no-ops.
 *
 * It suppresses nothing: a race on data outside a Mutex is still reported.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__) && defined(__linux__)

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"

typedef void (*AnnotateFunc) (void *address);

static void *real_lock_slow;
static void *real_unlock_slow;
static void *real_try_lock_slow;
static AnnotateFunc tsan_acquire;
static AnnotateFunc tsan_release;

static void
annotate_nothing (void *address)
{
  (void) address;
}

/* A process without libswiftSynchronization.so (swift-frontend, a shell) never calls
 * the trampolines: resolve () then finds nothing and the process runs on. */
static void *
must (void *symbol, const char *name)
{
  if (symbol == NULL)
    {
      fprintf (stderr, "tsan-mutex-shim: %s not found after the shim\n", name);
      abort ();
    }
  return symbol;
}

static void
resolve (void)
{
  AnnotateFunc acquire, release;

  if (__atomic_load_n (&real_unlock_slow, __ATOMIC_ACQUIRE) != NULL)
    return;
  void *lock_slow = dlsym (RTLD_NEXT, LOCK_SLOW);
  void *try_lock_slow = dlsym (RTLD_NEXT, TRY_LOCK_SLOW);
  void *unlock_slow = dlsym (RTLD_NEXT, UNLOCK_SLOW);

  if (lock_slow == NULL || try_lock_slow == NULL || unlock_slow == NULL)
    return;
  acquire = (AnnotateFunc) dlsym (RTLD_DEFAULT, "__tsan_acquire");
  release = (AnnotateFunc) dlsym (RTLD_DEFAULT, "__tsan_release");
  if (acquire == NULL || release == NULL)
    acquire = release = annotate_nothing;
  __atomic_store_n (&tsan_acquire, acquire, __ATOMIC_RELAXED);
  __atomic_store_n (&tsan_release, release, __ATOMIC_RELAXED);
  __atomic_store_n (&real_lock_slow, lock_slow, __ATOMIC_RELAXED);
  __atomic_store_n (&real_try_lock_slow, try_lock_slow, __ATOMIC_RELAXED);
  __atomic_store_n (&real_unlock_slow, unlock_slow, __ATOMIC_RELEASE);
}

__attribute__ ((constructor)) static void
shim_init (void)
{
  resolve ();
}

/* Called from the trampolines (plain C ABI; r13 survives them: callee-saved). */
__attribute__ ((used, visibility ("hidden"))) void *
vct_tsan_shim_lock_slow (void)
{
  resolve ();
  return must (real_lock_slow, "lock_slow");
}

__attribute__ ((used, visibility ("hidden"))) void *
vct_tsan_shim_try_lock_slow (void)
{
  resolve ();
  return must (real_try_lock_slow, "try_lock_slow");
}

__attribute__ ((used, visibility ("hidden"))) void *
vct_tsan_shim_unlock_slow (void)
{
  resolve ();
  return must (real_unlock_slow, "unlock_slow");
}

__attribute__ ((used, visibility ("hidden"))) void
vct_tsan_shim_acquire (void *address)
{
  resolve ();
  tsan_acquire (address);
}

__attribute__ ((used, visibility ("hidden"))) void
vct_tsan_shim_release (void *address)
{
  resolve ();
  tsan_release (address);
}

/* ------------------------------------------------------------------ GLib
 *
 * The same blind spot in GLib: on Linux GMutex and GCond are futex-based
 * (glib/gthread-posix.c, USE_NATIVE_MUTEX), not pthread, so TSan does not see
 * g_mutex_lock () and reports races on data the tests' recorders and fake APIs guard
 * with a GMutex. (GRecMutex and GRWLock are pthread-based: TSan intercepts those.)
 * Calls from instrumented code (the tests, libVCTable, GIO through its PLT) reach these
 * wrappers; GLib's calls to itself are direct and stay invisible, like the rest of its
 * uninstrumented code. Upstream: GLib documents no TSan support for its native
 * mutex; cf. GNOME/glib issue "Support ThreadSanitizer" (unverified number).
 */
typedef void (*MutexFunc) (void *mutex);
typedef int (*TryLockFunc) (void *mutex);
typedef void (*CondWaitFunc) (void *cond, void *mutex);
typedef int (*CondWaitUntilFunc) (void *cond, void *mutex, long long end_time);

static void *
next_glib (void **slot, const char *name)
{
  void *symbol = __atomic_load_n (slot, __ATOMIC_ACQUIRE);

  if (symbol == NULL)
    {
      symbol = must (dlsym (RTLD_NEXT, name), name);
      __atomic_store_n (slot, symbol, __ATOMIC_RELEASE);
    }
  return symbol;
}

static void
annotate (int acquire, void *address)
{
  resolve ();
  if (acquire)
    (__atomic_load_n (&tsan_acquire, __ATOMIC_RELAXED) ? tsan_acquire : annotate_nothing) (address);
  else
    (__atomic_load_n (&tsan_release, __ATOMIC_RELAXED) ? tsan_release : annotate_nothing) (address);
}

static void *real_g_mutex_lock, *real_g_mutex_unlock, *real_g_mutex_trylock;
static void *real_g_cond_wait, *real_g_cond_wait_until;

void
g_mutex_lock (void *mutex)
{
  ((MutexFunc) next_glib (&real_g_mutex_lock, "g_mutex_lock")) (mutex);
  annotate (1, mutex);
}

int
g_mutex_trylock (void *mutex)
{
  int locked = ((TryLockFunc) next_glib (&real_g_mutex_trylock, "g_mutex_trylock")) (mutex);
  if (locked)
    annotate (1, mutex);
  return locked;
}

void
g_mutex_unlock (void *mutex)
{
  annotate (0, mutex);
  ((MutexFunc) next_glib (&real_g_mutex_unlock, "g_mutex_unlock")) (mutex);
}

void
g_cond_wait (void *cond, void *mutex)
{
  annotate (0, mutex);
  ((CondWaitFunc) next_glib (&real_g_cond_wait, "g_cond_wait")) (cond, mutex);
  annotate (1, mutex);
}

int
g_cond_wait_until (void *cond, void *mutex, long long end_time)
{
  int signalled;

  annotate (0, mutex);
  signalled = ((CondWaitUntilFunc) next_glib (&real_g_cond_wait_until, "g_cond_wait_until")) (cond, mutex, end_time);
  annotate (1, mutex);
  return signalled;
}

/* At entry %rsp = 8 (mod 16); every call below is made with %rsp = 0 (mod 16). */
__asm__ (
  ".text\n"
  /* _lockSlow(selfId: UInt32 in %edi), self in %r13 */
  ".globl \"" LOCK_SLOW "\"\n"
  ".type \"" LOCK_SLOW "\", @function\n"
  "\"" LOCK_SLOW "\":\n"
  "  pushq %r13\n"
  "  pushq %rdi\n"
  "  subq $8, %rsp\n"
  "  call vct_tsan_shim_lock_slow\n"
  "  addq $8, %rsp\n"
  "  popq %rdi\n"
  "  call *%rax\n"
  "  movq %r13, %rdi\n"
  "  call vct_tsan_shim_acquire\n"
  "  popq %r13\n"
  "  ret\n"
  ".size \"" LOCK_SLOW "\", .-\"" LOCK_SLOW "\"\n"

  /* _unlockSlow(), self in %r13: annotate first, then tail-call the real one. */
  ".globl \"" UNLOCK_SLOW "\"\n"
  ".type \"" UNLOCK_SLOW "\", @function\n"
  "\"" UNLOCK_SLOW "\":\n"
  "  pushq %r13\n"
  "  movq %r13, %rdi\n"
  "  call vct_tsan_shim_release\n"
  "  call vct_tsan_shim_unlock_slow\n"
  "  popq %r13\n"
  "  jmp *%rax\n"
  ".size \"" UNLOCK_SLOW "\", .-\"" UNLOCK_SLOW "\"\n"

  /* _tryLockSlow() -> Bool in %al, self in %r13 */
  ".globl \"" TRY_LOCK_SLOW "\"\n"
  ".type \"" TRY_LOCK_SLOW "\", @function\n"
  "\"" TRY_LOCK_SLOW "\":\n"
  "  pushq %r13\n"
  "  call vct_tsan_shim_try_lock_slow\n"
  "  call *%rax\n"
  "  movzbl %al, %eax\n"
  "  pushq %rax\n"
  "  subq $8, %rsp\n"
  "  testl %eax, %eax\n"
  "  je 1f\n"
  "  movq %r13, %rdi\n"
  "  call vct_tsan_shim_acquire\n"
  "1:\n"
  "  addq $8, %rsp\n"
  "  popq %rax\n"
  "  popq %r13\n"
  "  ret\n"
  ".size \"" TRY_LOCK_SLOW "\", .-\"" TRY_LOCK_SLOW "\"\n");

#endif
