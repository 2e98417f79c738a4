// One 64-bit word read and written atomically with relaxed ordering, for the member-search hints a document's
// views share across threads (`MemberSearchHints`). A hint is only ever a guess that is checked before use, so
// no ordering is needed, only that a word is never seen half written; C's atomics say that on every platform
// the package builds for, where Swift's `Atomic` needs macOS 15 and its peers.

#ifndef KEEL_RELAXED_WORDS_H
#define KEEL_RELAXED_WORDS_H

#include <stdint.h>

/// The word at `word`, read atomically (relaxed).
static inline uint64_t keel_load_relaxed(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

/// Writes `value` to the word at `word` atomically (relaxed).
static inline void keel_store_relaxed(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

#endif
