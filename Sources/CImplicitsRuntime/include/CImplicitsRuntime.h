// Small C layer under the Implicits runtime.
//
// Two things Swift cannot express directly:
//  1. A thread-local pointer that is read with one instruction (`_Thread_local`).
//  2. Imperative task-local bindings. Swift's public API binds task-local
//     values only around a closure (`TaskLocal.withValue`), but an
//     `ImplicitScope` is opened and ended by statements. `withValue` itself is
//     inlined into client code as calls to the three runtime entry points
//     declared below, so they are part of the Concurrency library's stable ABI.
#ifndef C_IMPLICITS_RUNTIME_H
#define C_IMPLICITS_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#if __has_attribute(swiftcall)
#define IMPLICITS_SWIFTCALL __attribute__((swiftcall))
#else
#define IMPLICITS_SWIFTCALL
#endif

#ifdef __cplusplus
extern "C" {
#endif

IMPLICITS_SWIFTCALL extern void *_Nullable swift_task_getCurrent(void);
IMPLICITS_SWIFTCALL extern void swift_task_localValuePush(const void *_Nonnull key,
                                                          void *_Nonnull value,
                                                          const void *_Nonnull valueType);
IMPLICITS_SWIFTCALL extern void swift_task_localValuePop(void);
IMPLICITS_SWIFTCALL extern void *_Nullable swift_task_localValueGet(const void *_Nonnull key);

/// Whether the native Swift object at `object` has exactly one strong
/// reference (exported by the Swift runtime, C calling convention).
extern _Bool swift_isUniquelyReferenced_nonNull_native(const void *_Nonnull object);

/// The key under which the runtime binds its task-local values.
extern const char implicits_task_local_key;

/// The thread's own context, used when no task is running.
extern _Thread_local void *_Nullable implicits_thread_context;

/// A task context whose last scope ended on this thread, kept for reuse.
extern _Thread_local void *_Nullable implicits_spare_context;

/// The task whose context this thread found last, and that context (+1):
/// where a task's reads find their context without a task-local look-up.
extern _Thread_local void *_Nullable implicits_cached_task;
extern _Thread_local void *_Nullable implicits_cached_context;

/// A context's owner, read and written atomically (relaxed): a thread may
/// check the owner of the context it cached while another thread attaches
/// that context to another task. Equality with the current task is all a
/// reader concludes, and only the current task makes it true.
static inline void *_Nullable implicits_load_owner(void *_Nullable const *_Nonnull cell) {
  return __atomic_load_n(cell, __ATOMIC_RELAXED);
}

static inline void implicits_store_owner(void *_Nullable *_Nonnull cell, void *_Nullable owner) {
  __atomic_store_n(cell, owner, __ATOMIC_RELAXED);
}

/// The task that runs on this thread, or NULL.
static inline void *_Nullable implicits_current_task(void) {
  return swift_task_getCurrent();
}

/// The storage of the topmost task-local value bound under the runtime's
/// key (an object reference), or NULL.
static inline void *_Nullable implicits_task_binding(void) {
  return swift_task_localValueGet(&implicits_task_local_key);
}

/// The object held in a binding's storage (read atomically, see
/// `implicits_swap_binding`).
static inline void *_Nonnull implicits_binding_object(void *_Nonnull slot) {
  return __atomic_load_n((void **)slot, __ATOMIC_ACQUIRE);
}

/// The object held by the topmost task-local value bound under the runtime's
/// key, or NULL.
static inline void *_Nullable implicits_task_binding_object(void) {
  void *slot = implicits_task_binding();
  return slot ? implicits_binding_object(slot) : (void *)0;
}

/// Binds `object` (+1, consumed) as the topmost task-local value.
/// `type` is the object's class metadata.
static inline void implicits_push_task_binding(void *_Nonnull object, const void *_Nonnull type) {
  void *slot = object;
  swift_task_localValuePush(&implicits_task_local_key, &slot, type);
}

/// Replaces the object held in a binding's storage (`implicits_task_binding`)
/// with `object` (+1, consumed) and returns the old one (+1). The storage is
/// written atomically: child tasks may read it concurrently.
static inline void *_Nonnull implicits_swap_binding(void *_Nonnull slot, void *_Nonnull object) {
  return __atomic_exchange_n((void **)slot, object, __ATOMIC_RELEASE);
}

/// Removes the topmost task-local value.
static inline void implicits_pop_task_binding(void) {
  swift_task_localValuePop();
}

static inline void *_Nullable implicits_get_thread_context(void) {
  return implicits_thread_context;
}

static inline void implicits_set_thread_context(void *_Nullable context) {
  implicits_thread_context = context;
}

/// Arranges for `release` to be called with this thread's context, spare
/// context and cached context when the thread exits.
void implicits_release_at_thread_exit(void (*_Nonnull release)(void *_Nullable));

static inline void *_Nullable implicits_get_cached_task(void) {
  return implicits_cached_task;
}

static inline void *_Nullable implicits_get_cached_context(void) {
  return implicits_cached_context;
}

static inline void implicits_set_cached(void *_Nullable task, void *_Nullable context) {
  implicits_cached_task = task;
  implicits_cached_context = context;
}

static inline void *_Nullable implicits_get_spare_context(void) {
  return implicits_spare_context;
}

static inline void implicits_set_spare_context(void *_Nullable context) {
  implicits_spare_context = context;
}

#ifdef __cplusplus
}
#endif

#endif
