#include "CImplicitsRuntime.h"

#include <pthread.h>
#include <stdatomic.h>

const char implicits_task_local_key = 0;
_Thread_local void *implicits_thread_context = NULL;
_Thread_local void *implicits_spare_context = NULL;
_Thread_local void *implicits_cached_task = NULL;
_Thread_local void *implicits_cached_context = NULL;

static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
/// Set by the first thread that keeps a context, read by every exiting
/// thread: atomic, so that neither races (ThreadSanitizer checks it).
static void (*_Atomic release_hook)(void *);

/// Runs when a thread that kept a context exits (its key value is set).
static void thread_exited(void *unused) {
  (void)unused;
  void *context = implicits_thread_context;
  void *spare = implicits_spare_context;
  void *cached = implicits_cached_context;
  implicits_thread_context = NULL;
  implicits_spare_context = NULL;
  implicits_cached_task = NULL;
  implicits_cached_context = NULL;
  void (*release)(void *) = atomic_load_explicit(&release_hook, memory_order_acquire);
  if (release) {
    if (context) release(context);
    if (spare) release(spare);
    if (cached) release(cached);
  }
}

static void make_exit_key(void) {
  pthread_key_create(&exit_key, thread_exited);
}

void implicits_release_at_thread_exit(void (*release)(void *)) {
  if (atomic_load_explicit(&release_hook, memory_order_acquire) == NULL) {
    atomic_store_explicit(&release_hook, release, memory_order_release);
  }
  pthread_once(&exit_key_once, make_exit_key);
  if (pthread_getspecific(exit_key) == NULL) {
    pthread_setspecific(exit_key, (void *)1);
  }
}
