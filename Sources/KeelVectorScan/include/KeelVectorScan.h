// The scanner's and the writer's hottest searches, sixteen bytes at a time: SSE2 on x86-64 (every x86-64 processor has it),
// NEON on arm64 (every arm64 processor has it: Apple silicon, Graviton, Ampere).
//
// Swift 6.3 has no portable way to get vector code for these: operations on `SIMD16<UInt8>` compile element
// by element on baseline x86-64, and there is no movemask. These functions are `static inline`, so the Swift
// compiler sees their bodies and inlines them into the scanner like Swift code.
//
// Each function looks only at whole sixteen-byte blocks that fit before `end`, and returns where it stopped:
// at the byte it was looking for, or where fewer than sixteen bytes are left. The scanner's own word-at-a-time
// loop carries on from there, so the answer is the same whether or not a vector loop ran before it. Where
// neither is available the functions return `start` at once.
//
// NEON has no movemask: `keel_neon_nibble_mask` narrows a comparison's sixteen 0x00/0xFF bytes to sixteen
// four-bit groups of one 64-bit word, so the first set byte is the word's trailing zero count over four.
// `Scripts/check-vector-kernels` runs these functions against byte-at-a-time references, on x86-64 and on
// arm64 under user-mode emulation.

#ifndef KEEL_VECTOR_SCAN_H
#define KEEL_VECTOR_SCAN_H

#include <stddef.h>
#include <stdint.h>

// Not a search: the claim on a document's member tables by the thread that searches it first, here because this
// is the package's one C target.
#include "KeelThreadOwnership.h"
// Not a search either: the count of open decoding-override scopes, read on decoding's fast paths.
#include "KeelOverrideScopes.h"
// Nor this: a per-thread message between the bridge's defaults and its keyed container.
#include "KeelDefaultedRead.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define KEEL_NEON 1

/// Sixteen comparison results (each byte 0x00 or 0xFF) as sixteen four-bit groups of one word, in order.
static inline uint64_t keel_neon_nibble_mask(uint8x16_t matches) {
    uint8x8_t narrowed = vshrn_n_u16(vreinterpretq_u16_u8(matches), 4);
    return vget_lane_u64(vreinterpret_u64_u8(narrowed), 0);
}

/// The bytes a string's scan must look at: a quote, a backslash, a control byte or a byte above 0x7F.
static inline uint8x16_t keel_neon_string_specials(uint8x16_t block) {
    uint8x16_t quote = vceqq_u8(block, vdupq_n_u8('"'));
    uint8x16_t backslash = vceqq_u8(block, vdupq_n_u8('\\'));
    // A signed comparison, as on x86-64: bytes 0x80 to 0xFF are negative, so they count as below 0x20.
    uint8x16_t low = vcltq_s8(vreinterpretq_s8_u8(block), vdupq_n_s8(0x20));
    return vorrq_u8(vorrq_u8(quote, backslash), low);
}
#endif

/// Whether the functions below use vector instructions on this build (SSE2 or NEON), rather than returning
/// `start`.
static inline int keel_vector_scan_available(void) {
#if defined(__SSE2__) || defined(KEEL_NEON)
    return 1;
#else
    return 0;
#endif
}

/// The index of the first byte at or after `start` that a string's scan must look at: a quote, a backslash,
/// a control byte (below 0x20) or a byte above 0x7F. Stops early where fewer than 16 bytes remain.
static inline ptrdiff_t keel_skip_plain_string_bytes(const uint8_t *base, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    while (i + 16 <= end) {
        __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(base + i));
        // A signed comparison: bytes 0x80 to 0xFF are negative, so "below 0x20" also finds every non-ASCII byte.
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                                       _mm_cmplt_epi8(block, space));
        unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) return i + __builtin_ctz(mask);
        i += 16;
    }
#elif defined(KEEL_NEON)
    while (i + 16 <= end) {
        uint64_t mask = keel_neon_nibble_mask(keel_neon_string_specials(vld1q_u8(base + i)));
        if (mask != 0) return i + (__builtin_ctzll(mask) >> 2);
        i += 16;
    }
#endif
    return i;
}

/// How many of the sixteen bytes at `bytes` come before the first one that a string's scan must look at (a quote,
/// a backslash, a control byte or a byte above 0x7F): 0 to 15, or 16 when there is none. All sixteen bytes must
/// be readable. Without vector instructions it says 16, so that callers take their general path.
static inline ptrdiff_t keel_plain_prefix_length(const uint8_t *bytes) {
#if defined(__SSE2__)
    __m128i block = _mm_loadu_si128((const __m128i *)(const void *)bytes);
    __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, _mm_set1_epi8('"')),
                                                _mm_cmpeq_epi8(block, _mm_set1_epi8('\\'))),
                                   _mm_cmplt_epi8(block, _mm_set1_epi8(0x20)));
    return __builtin_ctz((unsigned)_mm_movemask_epi8(special) | 0x10000u);
#elif defined(KEEL_NEON)
    uint64_t mask = keel_neon_nibble_mask(keel_neon_string_specials(vld1q_u8(bytes)));
    return mask == 0 ? 16 : (ptrdiff_t)(__builtin_ctzll(mask) >> 2);
#else
    (void)bytes;
    return 16;
#endif
}

/// The index of the first byte at or after `start` that a JSON string cannot hold as it is: a quote, a
/// backslash or a control byte (below 0x20). Bytes above 0x7F pass: the writer copies valid UTF-8 whole.
/// Stops early where fewer than 16 bytes remain.
static inline ptrdiff_t keel_skip_unescaped_bytes(const uint8_t *base, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i highestControl = _mm_set1_epi8(0x1F);
    while (i + 16 <= end) {
        __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(base + i));
        // Unsigned: a byte is at most 0x1F exactly when the larger of it and 0x1F is 0x1F.
        __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(block, highestControl), highestControl);
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)), control);
        unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) return i + __builtin_ctz(mask);
        i += 16;
    }
#elif defined(KEEL_NEON)
    while (i + 16 <= end) {
        uint8x16_t block = vld1q_u8(base + i);
        uint8x16_t special = vorrq_u8(vorrq_u8(vceqq_u8(block, vdupq_n_u8('"')), vceqq_u8(block, vdupq_n_u8('\\'))),
                                      vcltq_u8(block, vdupq_n_u8(0x20)));
        uint64_t mask = keel_neon_nibble_mask(special);
        if (mask != 0) return i + (__builtin_ctzll(mask) >> 2);
        i += 16;
    }
#endif
    return i;
}

/// The index where a run of three-byte UTF-8 characters from `start` stops being taken fifteen bytes (five
/// characters) at a time: each lead E1 to EF but ED, whose second byte may be any continuation byte, each followed by two
/// continuation bytes (80 to BF), as in most CJK text. `start` must be a character's first byte. What is
/// returned is a character's first byte too, and everything before it is well-formed; where a group of five is
/// not all such characters, or fewer than sixteen bytes remain, the scanner's own checks carry on.
static inline ptrdiff_t keel_skip_three_byte_characters(const uint8_t *base, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
#if defined(__SSE2__)
    // A lead's high four bits are 1110, a continuation's high two 10; the sixteenth byte is not looked at.
    const __m128i shape = _mm_setr_epi8((char)0xF0, (char)0xC0, (char)0xC0, (char)0xF0, (char)0xC0, (char)0xC0,
        (char)0xF0, (char)0xC0, (char)0xC0, (char)0xF0, (char)0xC0, (char)0xC0, (char)0xF0, (char)0xC0, (char)0xC0, 0);
    const __m128i wanted = _mm_setr_epi8((char)0xE0, (char)0x80, (char)0x80, (char)0xE0, (char)0x80, (char)0x80,
        (char)0xE0, (char)0x80, (char)0x80, (char)0xE0, (char)0x80, (char)0x80, (char)0xE0, (char)0x80, (char)0x80, 0);
    // E0 and ED restrict their second byte (overlong forms, surrogates): leads only, so the other places hold
    // bytes no continuation byte equals.
    const __m128i e0 = _mm_setr_epi8((char)0xE0, 0, 0, (char)0xE0, 0, 0, (char)0xE0, 0, 0, (char)0xE0, 0, 0, (char)0xE0, 0, 0, 0);
    const __m128i ed = _mm_setr_epi8((char)0xED, 0, 0, (char)0xED, 0, 0, (char)0xED, 0, 0, (char)0xED, 0, 0, (char)0xED, 0, 0, 0);
    while (i + 16 <= end) {
        __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(base + i));
        unsigned shaped = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(block, shape), wanted));
        unsigned restricted = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(block, e0), _mm_cmpeq_epi8(block, ed)));
        if (((shaped & ~restricted) & 0x7FFFu) != 0x7FFFu) return i;
        i += 15;
    }
#elif defined(KEEL_NEON)
    static const uint8_t shapeBytes[16] = {0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0};
    static const uint8_t wantedBytes[16] = {0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0};
    static const uint8_t e0Bytes[16] = {0xE0, 0, 0, 0xE0, 0, 0, 0xE0, 0, 0, 0xE0, 0, 0, 0xE0, 0, 0, 0};
    static const uint8_t edBytes[16] = {0xED, 0, 0, 0xED, 0, 0, 0xED, 0, 0, 0xED, 0, 0, 0xED, 0, 0, 0};
    const uint8x16_t shape = vld1q_u8(shapeBytes), wanted = vld1q_u8(wantedBytes);
    const uint8x16_t e0 = vld1q_u8(e0Bytes), ed = vld1q_u8(edBytes);
    while (i + 16 <= end) {
        uint8x16_t block = vld1q_u8(base + i);
        uint8x16_t good = vbicq_u8(vceqq_u8(vandq_u8(block, shape), wanted), vorrq_u8(vceqq_u8(block, e0), vceqq_u8(block, ed)));
        // Fifteen four-bit groups, the sixteenth byte's left out.
        if ((keel_neon_nibble_mask(good) & 0x0FFFFFFFFFFFFFFFu) != 0x0FFFFFFFFFFFFFFFu) return i;
        i += 15;
    }
#endif
    return i;
}

/// The index of the first byte at or after `start` that is not a space (0x20). Stops early where fewer than
/// 16 bytes remain.
static inline ptrdiff_t keel_skip_spaces(const uint8_t *base, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(0x20);
    while (i + 16 <= end) {
        __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(base + i));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, space)) ^ 0xFFFFu;
        if (mask != 0) return i + __builtin_ctz(mask);
        i += 16;
    }
#elif defined(KEEL_NEON)
    while (i + 16 <= end) {
        uint64_t mask = keel_neon_nibble_mask(vmvnq_u8(vceqq_u8(vld1q_u8(base + i), vdupq_n_u8(' '))));
        if (mask != 0) return i + (__builtin_ctzll(mask) >> 2);
        i += 16;
    }
#endif
    return i;
}

#endif
