// A word that one thread claims for good, for a document's member tables (`MemberTables`): the first thread to
// search a document's objects owns its tables, and only that thread ever reads or writes them, so they need
// no lock. C's atomics and `pthread_self` are here because Swift's `Atomic` needs macOS 15 and its peers.

#ifndef KEEL_THREAD_OWNERSHIP_H
#define KEEL_THREAD_OWNERSHIP_H

#include <stdint.h>
#if !defined(_WIN32)
#include <pthread.h>
#endif

/// A number for the calling thread, different from that of every other running thread and never 0; 0 where
/// the platform has no `pthread_self` (then no thread owns anything, and every search takes the general way).
static inline uint64_t keel_current_thread(void) {
#if defined(_WIN32)
    return 0;
#else
    return (uint64_t)(uintptr_t)pthread_self();
#endif
}

/// The word at `word`, read atomically (relaxed: an owner reads back its own claim, and any other thread only
/// needs to see that the word is not its own).
static inline uint64_t keel_load_relaxed(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

/// Sets the word at `word` to `owner` if it is still 0, atomically; whether it did.
static inline int keel_claim(uint64_t *word, uint64_t owner) {
    uint64_t unclaimed = 0;
    return __atomic_compare_exchange_n(word, &unclaimed, owner, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

#endif
