// A message between `decode(_:forKey:default:)` and the bridge's keyed container, passed beside the standard
// library's type-erasing box (which carries nothing but the type and the key). The helper asks (1): "for the
// next `decodeIfPresent`, throw a failure instead of salvaging it, and say why you found nothing"; the
// container takes the request first thing and, when it returns `nil`, answers missing (2) or null (3). Per
// thread, so that concurrent decodings never see each other's messages; a thread-local read and write.

#ifndef KEEL_DEFAULTED_READ_H
#define KEEL_DEFAULTED_READ_H

extern _Thread_local int keel_defaulted_read_message;

/// Leaves `message` (0 clears it).
static inline void keel_defaulted_read_set(int message) {
    keel_defaulted_read_message = message;
}

/// The message left, clearing it.
static inline int keel_defaulted_read_take(void) {
    int message = keel_defaulted_read_message;
    keel_defaulted_read_message = 0;
    return message;
}

#endif
