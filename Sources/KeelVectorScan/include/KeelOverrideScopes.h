// How many decoding-override scopes are open in the process (`JSONDecodingOverrides`). Decoding reads the
// count on its fast paths, so it must cost one plain load: a relaxed atomic read of a C global. A thread that
// opens a scope has itself raised the count, so it always sees it; other threads read a count that is merely
// not zero, and then look for overrides of their own (finding none, they decode as usual).

#ifndef KEEL_OVERRIDE_SCOPES_H
#define KEEL_OVERRIDE_SCOPES_H

extern long keel_override_scopes;

/// The number of open override scopes (relaxed).
static inline long keel_override_scopes_open(void) {
    return __atomic_load_n(&keel_override_scopes, __ATOMIC_RELAXED);
}

/// Adds `delta` (+1 on opening a scope, -1 on closing it).
static inline void keel_override_scopes_add(long delta) {
    __atomic_fetch_add(&keel_override_scopes, delta, __ATOMIC_ACQ_REL);
}

#endif
