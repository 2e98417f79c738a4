// The structural index: the first of the parser's two passes over a document, sixty-four bytes at a time
// and without a branch per byte. For each block it finds, as bit masks, the quotes that are not escaped,
// which bytes lie inside strings (a prefix XOR of the quote mask: a carry-less multiplication by all ones
// where the CPU has one), the brackets, braces, colons and commas outside strings, and where each run of
// other bytes outside strings (a number or a literal) starts; then it writes the offsets of all of them, in
// order, to an array. The scanner's second pass (`Scanner+StructuralIndex.swift`) walks that array instead of
// the bytes: it never looks at whitespace, and never reads a string's bytes unless the index says the string
// has an escape or a byte above 0x7F.
//
// Each closing quote's offset carries two flags in its top bits: whether its string holds a backslash, and
// whether it holds a byte above 0x7F. Both come from one addition per flag and block: inside strings, the
// bytes that are not the flagged kind form runs; adding each opening quote's bit carries through the run to
// the closing quote only if no flagged byte interrupts it.
//
// The pass does not judge the grammar. It flags only what the second pass cannot see: a control byte inside
// a string, a byte above 0x7F outside one, and a string still open at the end. Every other error (a
// misplaced comma, `tru`, a bad escape or UTF-8 sequence) the second pass finds from the offsets; and for
// any error at all, the scanner scans the document again the ordinary way, which gives the error its exact
// place and message.
//
// x86-64 classifies bytes with AVX2 when the CPU has it (asked once, with cpuid) and SSE2 otherwise; arm64
// with NEON; anything else a byte at a time. `Scripts/check-vector-kernels` runs every variant this machine
// can against a byte-at-a-time reference, here and on arm64 under user-mode emulation.

#ifndef KEEL_STRUCTURAL_INDEX_H
#define KEEL_STRUCTURAL_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include <cpuid.h>
#define KEEL_INDEX_X86 1
#elif defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define KEEL_INDEX_NEON 1
#endif

/// An offset in the index carries this bit when it is a closing quote whose string holds a backslash.
#define KEEL_INDEX_ESCAPES (1u << 31)
/// An offset in the index carries this bit when it is a closing quote whose string holds a byte above 0x7F.
#define KEEL_INDEX_NON_ASCII (1u << 30)
/// The offset itself: documents indexed are shorter than 2^30 bytes.
#define KEEL_INDEX_OFFSET_MASK ((1u << 30) - 1)

/// What one block carries into the next, and whether an error has been seen.
typedef struct {
    /// 1 when the block's first byte is escaped by a backslash at the end of the block before.
    uint64_t escaped;
    /// All ones when the block before ended inside a string.
    uint64_t in_string;
    /// 1 when the block before ended with a byte of a number or literal.
    uint64_t in_scalar;
    /// 1 when the string open at the end of the block before has no backslash so far.
    uint64_t plain_so_far;
    /// 1 when the string open at the end of the block before has no byte above 0x7F so far.
    uint64_t ascii_so_far;
    /// Nonzero once a block showed a control byte in a string or a byte above 0x7F outside one.
    uint64_t error;
} keel_index_state;

/// One block's bytes by class, a bit per byte (bit k for the block's byte k).
typedef struct {
    uint64_t quote, backslash, op, space, control, high;
} keel_block_classes;

// MARK: Classifying a block

/// A byte at a time: the reference, and what the last (padded) block of any build could use.
static inline keel_block_classes keel_classify_bytes(const uint8_t *block) {
    keel_block_classes c = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < 64; k++) {
        uint8_t b = block[k];
        uint64_t bit = (uint64_t)1 << k;
        if (b == '"') c.quote |= bit;
        if (b == '\\') c.backslash |= bit;
        if (b == '{' || b == '}' || b == '[' || b == ']' || b == ':' || b == ',') c.op |= bit;
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r') c.space |= bit;
        if (b < 0x20) c.control |= bit;
        if (b >= 0x80) c.high |= bit;
    }
    return c;
}

#if defined(KEEL_INDEX_X86)
/// Sixteen bytes at a time with SSE2, which every x86-64 processor has.
static inline keel_block_classes keel_classify_sse2(const uint8_t *block) {
    keel_block_classes c = {0, 0, 0, 0, 0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(block + 16 * part));
        // Setting bit 5 turns '[' into '{' and ']' into '}', and no other byte into either.
        __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
        __m128i op = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')), _mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))),
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')), _mm_cmpeq_epi8(v, _mm_set1_epi8(','))));
        __m128i space = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
        // Signed: bytes above 0x7F are negative, so this is "below 0x20 or above 0x7F".
        __m128i low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
        unsigned shift = 16u * (unsigned)part;
        uint64_t high = (uint64_t)(unsigned)_mm_movemask_epi8(v);
        c.quote |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))) << shift;
        c.backslash |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))) << shift;
        c.op |= (uint64_t)(unsigned)_mm_movemask_epi8(op) << shift;
        c.space |= (uint64_t)(unsigned)_mm_movemask_epi8(space) << shift;
        c.control |= ((uint64_t)(unsigned)_mm_movemask_epi8(low) & ~high) << shift;
        c.high |= high << shift;
    }
    return c;
}

/// Thirty-two bytes at a time with AVX2, for processors that have it.
__attribute__((target("avx2")))
static inline keel_block_classes keel_classify_avx2(const uint8_t *block) {
    keel_block_classes c = {0, 0, 0, 0, 0, 0};
    for (int part = 0; part < 2; part++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(block + 32 * part));
        __m256i folded = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
        __m256i op = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(folded, _mm256_set1_epi8('{')), _mm256_cmpeq_epi8(folded, _mm256_set1_epi8('}'))),
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(':')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8(','))));
        __m256i space = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t'))),
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r'))));
        __m256i low = _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v);
        unsigned shift = 32u * (unsigned)part;
        uint64_t high = (uint64_t)(uint32_t)_mm256_movemask_epi8(v);
        c.quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))) << shift;
        c.backslash |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))) << shift;
        c.op |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << shift;
        c.space |= (uint64_t)(uint32_t)_mm256_movemask_epi8(space) << shift;
        c.control |= ((uint64_t)(uint32_t)_mm256_movemask_epi8(low) & ~high) << shift;
        c.high |= high << shift;
    }
    return c;
}

/// Whether this processor and its operating system run AVX2 (and carry-less multiplication): asked once.
static inline int keel_index_has_avx2(void) {
    static int known = -1;
    if (known >= 0) return known;
    unsigned a, b, c, d;
    int answer = 0;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, pclmul = (c >> 1) & 1;
        if (osxsave && avx && pclmul) {
            unsigned lo, hi;
            __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
            (void)hi;
            // The operating system saves the XMM and YMM registers.
            if ((lo & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) answer = (b >> 5) & 1;
        }
    }
    known = answer;
    return answer;
}
#endif

#if defined(KEEL_INDEX_NEON)
/// Sixty-four comparison results (bytes 0x00 or 0xFF, in four vectors) as one bit each.
static inline uint64_t keel_neon_bits(uint8x16_t m0, uint8x16_t m1, uint8x16_t m2, uint8x16_t m3) {
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t w = vld1q_u8(weights);
    uint8x16_t s0 = vpaddq_u8(vandq_u8(m0, w), vandq_u8(m1, w));
    uint8x16_t s1 = vpaddq_u8(vandq_u8(m2, w), vandq_u8(m3, w));
    s0 = vpaddq_u8(s0, s1);
    s0 = vpaddq_u8(s0, s0);
    return vgetq_lane_u64(vreinterpretq_u64_u8(s0), 0);
}

/// Sixteen bytes at a time with NEON, which every arm64 processor has.
static inline keel_block_classes keel_classify_neon(const uint8_t *block) {
    uint8x16_t quote[4], backslash[4], op[4], space[4], control[4], high[4];
    for (int part = 0; part < 4; part++) {
        uint8x16_t v = vld1q_u8(block + 16 * part);
        uint8x16_t folded = vorrq_u8(v, vdupq_n_u8(0x20));
        quote[part] = vceqq_u8(v, vdupq_n_u8('"'));
        backslash[part] = vceqq_u8(v, vdupq_n_u8('\\'));
        op[part] = vorrq_u8(vorrq_u8(vceqq_u8(folded, vdupq_n_u8('{')), vceqq_u8(folded, vdupq_n_u8('}'))),
                            vorrq_u8(vceqq_u8(v, vdupq_n_u8(':')), vceqq_u8(v, vdupq_n_u8(','))));
        space[part] = vorrq_u8(vorrq_u8(vceqq_u8(v, vdupq_n_u8(' ')), vceqq_u8(v, vdupq_n_u8('\t'))),
                               vorrq_u8(vceqq_u8(v, vdupq_n_u8('\n')), vceqq_u8(v, vdupq_n_u8('\r'))));
        control[part] = vcltq_u8(v, vdupq_n_u8(0x20));
        high[part] = vcgeq_u8(v, vdupq_n_u8(0x80));
    }
    keel_block_classes c;
    c.quote = keel_neon_bits(quote[0], quote[1], quote[2], quote[3]);
    c.backslash = keel_neon_bits(backslash[0], backslash[1], backslash[2], backslash[3]);
    c.op = keel_neon_bits(op[0], op[1], op[2], op[3]);
    c.space = keel_neon_bits(space[0], space[1], space[2], space[3]);
    c.control = keel_neon_bits(control[0], control[1], control[2], control[3]);
    c.high = keel_neon_bits(high[0], high[1], high[2], high[3]);
    return c;
}
#endif

// MARK: From classes to offsets

/// Each bit set to the XOR of itself and every bit below it: set from an opening quote up to (not
/// including) its closing quote.
static inline uint64_t keel_prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

#if defined(KEEL_INDEX_X86)
/// The same with one carry-less multiplication by all ones.
__attribute__((target("pclmul")))
static inline uint64_t keel_prefix_xor_clmul(uint64_t x) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}
#endif

/// The bits of `x` after adding `carry` (0 or 1), and the carry out of the top bit in `*out`.
static inline uint64_t keel_add_carrying(uint64_t x, uint64_t y, uint64_t carry, uint64_t *out) {
    uint64_t sum = x + y;
    uint64_t overflow = sum < x;
    uint64_t total = sum + carry;
    *out = overflow | (total < sum);
    return total;
}

/// The closing quotes (among `closing`) of strings with none of `flagged` inside, as the bits of those
/// quotes; `inside` is every string's bytes from its opening quote on, `opening` the opening quotes. The
/// carry says whether a string left open by the block before has none so far, and is updated for the next.
static inline uint64_t keel_clean_closings(uint64_t inside, uint64_t opening, uint64_t closing, uint64_t flagged,
                                           uint64_t *carry) {
    uint64_t out;
    uint64_t reached = keel_add_carrying(inside & ~flagged, opening, *carry, &out);
    *carry = out;
    return reached & closing;
}

/// Writes the offset of each set bit of `bits`, in order, from `position`; returns how many. With `fast`
/// (a caller compiled for AVX2, which has TZCNT and POPCNT) eight at a time without a branch per offset,
/// writing up to seven offsets past the end that the next block overwrites.
static inline __attribute__((always_inline)) size_t keel_write_offsets(uint64_t bits, uint32_t position, uint32_t *out,
                                                                       int fast) {
#if defined(KEEL_INDEX_X86)
    if (fast) {
        size_t count = (size_t)__builtin_popcountll(bits);
        uint32_t *o = out;
        while (bits) {
            for (int k = 0; k < 8; k++) {
                // TZCNT of zero is 64: past the block, and overwritten or beyond the count.
                o[k] = position + (uint32_t)__builtin_ia32_tzcnt_u64(bits);
                bits &= bits - 1;
            }
            o += 8;
        }
        return count;
    }
#else
    (void)fast;
#endif
    size_t count = 0;
    while (bits) {
        out[count++] = position + (uint32_t)__builtin_ctzll(bits);
        bits &= bits - 1;
    }
    return count;
}

/// Turns one block's classes into offsets, appended at `out`; returns how many. `position` is the block's
/// offset in the document. `prefix_xor` is chosen by the caller (carry-less multiplication where there is one).
static inline __attribute__((always_inline)) size_t keel_index_block(
    keel_block_classes c, uint32_t position, uint32_t *out, keel_index_state *s, int use_clmul) {
    // Bytes escaped by a backslash: a run of backslashes escapes the byte after it when its length is odd.
    // A backslash escaped itself starts nothing. Runs that start on even and odd bits are told apart by
    // subtracting each run's start from the bits just after the runs: the borrow runs through the run.
    const uint64_t odd_bits = 0xAAAAAAAAAAAAAAAAull;
    uint64_t starts_escape = c.backslash & ~s->escaped;
    uint64_t follows = starts_escape << 1;
    uint64_t codes = ((follows | odd_bits) - starts_escape) ^ odd_bits;
    uint64_t escaped = codes ^ (c.backslash | s->escaped);
    s->escaped = (codes & c.backslash) >> 63;

    uint64_t quote = c.quote & ~escaped;
#if defined(KEEL_INDEX_X86)
    uint64_t inside = (use_clmul ? keel_prefix_xor_clmul(quote) : keel_prefix_xor(quote)) ^ s->in_string;
#else
    (void)use_clmul;
    uint64_t inside = keel_prefix_xor(quote) ^ s->in_string;
#endif
    s->in_string = (uint64_t)((int64_t)inside >> 63);
    uint64_t opening = quote & inside;
    uint64_t closing = quote & ~inside;

    s->error |= (c.control & inside & ~opening) | (c.high & ~inside);

    uint64_t plain_closing = keel_clean_closings(inside, opening, closing, c.backslash, &s->plain_so_far);
    uint64_t ascii_closing = keel_clean_closings(inside, opening, closing, c.high, &s->ascii_so_far);

    uint64_t scalar = ~(c.op | c.space | quote | inside);
    uint64_t scalar_start = scalar & ~((scalar << 1) | s->in_scalar);
    s->in_scalar = scalar >> 63;
    uint64_t structural = (c.op & ~inside) | quote | scalar_start;
    uint64_t all = structural;

    size_t count = keel_write_offsets(structural, position, out, use_clmul);
    // Most offsets carry no flag: mend the few closing quotes that do, finding each one's place by counting
    // the offsets before it.
    uint64_t flagged_closing = closing & ~(plain_closing & ascii_closing);
    while (flagged_closing) {
        uint64_t bit = flagged_closing & (0 - flagged_closing);
        uint32_t flags = ((plain_closing & bit) ? 0 : KEEL_INDEX_ESCAPES) | ((ascii_closing & bit) ? 0 : KEEL_INDEX_NON_ASCII);
        out[__builtin_popcountll(all & (bit - 1))] |= flags;
        flagged_closing &= flagged_closing - 1;
    }
    return count;
}

/// A state for a document's first block (after any byte-order mark, which the caller skips).
static inline keel_index_state keel_index_start(void) {
    keel_index_state s = {0, 0, 0, 0, 0, 0};
    return s;
}

/// Which way blocks are classified: 0 a byte at a time, 1 SSE2 or NEON, 2 AVX2 with carry-less
/// multiplication. `keel_index_best_mode()` is the fastest this machine runs.
static inline int keel_index_best_mode(void) {
#if defined(KEEL_INDEX_X86)
    return keel_index_has_avx2() ? 2 : 1;
#elif defined(KEEL_INDEX_NEON)
    return 1;
#else
    return 0;
#endif
}

static inline keel_block_classes keel_classify(const uint8_t *block, int mode) {
#if defined(KEEL_INDEX_X86)
    if (mode == 2) return keel_classify_avx2(block);
    if (mode == 1) return keel_classify_sse2(block);
#elif defined(KEEL_INDEX_NEON)
    if (mode == 1) return keel_classify_neon(block);
#endif
    return keel_classify_bytes(block);
}

/// Indexes the document's bytes from `start` (the first byte after any byte-order mark, or where the last
/// call stopped) for at most `limit` bytes, rounded to whole blocks, writing offsets at `out`, which must have
/// room for `limit` + 64 of them. The document ends at `end` (below 2^30): its last block is read through a
/// copy padded with spaces. Returns how many offsets were written; `*stopped` is where the next call starts
/// (`end` once all is indexed).
/// Whole blocks from `i` while they end by `stop`, classified by `mode`; returns the offsets written.
#define KEEL_INDEX_BLOCKS(classify, clmul) \
    keel_index_state state = *s; \
    size_t count = 0; \
    for (; *i + 64 <= stop; *i += 64) { \
        count += keel_index_block(classify(base + *i), (uint32_t)*i, out + count, &state, clmul); \
    } \
    *s = state; \
    return count;

#if defined(KEEL_INDEX_X86)
__attribute__((target("avx2,pclmul,popcnt,bmi")))
static size_t keel_index_blocks_avx2(const uint8_t *base, size_t *i, size_t stop, uint32_t *out, keel_index_state *s) {
    KEEL_INDEX_BLOCKS(keel_classify_avx2, 1)
}

static size_t keel_index_blocks_sse2(const uint8_t *base, size_t *i, size_t stop, uint32_t *out, keel_index_state *s) {
    KEEL_INDEX_BLOCKS(keel_classify_sse2, 0)
}
#elif defined(KEEL_INDEX_NEON)
static size_t keel_index_blocks_neon(const uint8_t *base, size_t *i, size_t stop, uint32_t *out, keel_index_state *s) {
    KEEL_INDEX_BLOCKS(keel_classify_neon, 0)
}
#endif

static size_t keel_index_blocks_bytes(const uint8_t *base, size_t *i, size_t stop, uint32_t *out, keel_index_state *s) {
    KEEL_INDEX_BLOCKS(keel_classify_bytes, 0)
}

static inline size_t keel_index_blocks(const uint8_t *base, size_t *i, size_t stop, int mode, uint32_t *out,
                                       keel_index_state *s) {
#if defined(KEEL_INDEX_X86)
    if (mode == 2) return keel_index_blocks_avx2(base, i, stop, out, s);
    if (mode == 1) return keel_index_blocks_sse2(base, i, stop, out, s);
#elif defined(KEEL_INDEX_NEON)
    if (mode == 1) return keel_index_blocks_neon(base, i, stop, out, s);
#endif
    return keel_index_blocks_bytes(base, i, stop, out, s);
}

/// Indexes the document's bytes from `start` (the first byte after any byte-order mark, or where the last
/// call stopped) for at most `limit` bytes (a multiple of 64), writing offsets at `out`, which must have
/// room for `limit` + 64 of them. The document ends at `end` (below 2^30): its last block is read through a
/// copy padded with spaces. Returns how many offsets were written; `*stopped` is where the next call starts
/// (`end` once all is indexed).
static inline size_t keel_index_window(const uint8_t *base, size_t start, size_t end, size_t limit, int mode,
                                       uint32_t *out, keel_index_state *s, size_t *stopped) {
    size_t i = start;
    size_t stop = end - start > limit ? start + limit : end;
    size_t count = keel_index_blocks(base, &i, stop, mode, out, s);
    if (i < stop && stop == end) {
        uint8_t padded[64];
        memset(padded, ' ', sizeof padded);
        memcpy(padded, base + i, end - i);
        size_t padded_start = 0;
        size_t before = count;
        count += keel_index_blocks(padded, &padded_start, 64, mode, out + count, s);
        // The padded block's offsets count from the copy: move them to the document's.
        for (size_t k = before; k < count; k++) out[k] += (uint32_t)i;
        i = end;
    }
    *stopped = i;
    return count;
}

#endif
