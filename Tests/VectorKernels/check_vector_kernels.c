// Checks KeelVectorScan's searches against byte-at-a-time references: every start offset of generated
// buffers (every byte value, specials sparse and dense, every length up to 80; runs of three-byte characters
// with a byte or two changed) and, for each file named on
// the command line, the first 64 KiB's offsets and every 61st after, each search ending within 2 KiB. Built and run by
// Scripts/check-vector-kernels for the machine's own architecture and for arm64 under user-mode emulation.
// Prints what it checked; exits 1 at the first disagreement, naming it.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "KeelVectorScan.h"

static int is_string_special(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80; }

// What the kernels promise: whole sixteen-byte blocks from `start`, stopping at the first byte sought or
// where fewer than sixteen bytes remain.
static ptrdiff_t reference_skip(const uint8_t *base, ptrdiff_t start, ptrdiff_t end, int (*sought)(uint8_t)) {
    ptrdiff_t i = start;
    while (i + 16 <= end) {
        for (int k = 0; k < 16; k++) {
            if (sought(base[i + k])) return i + k;
        }
        i += 16;
    }
    return i;
}

// Five characters at a time while each is a lead E1-EF but ED and two continuation bytes, with sixteen bytes left.
static ptrdiff_t reference_three_byte_run(const uint8_t *base, ptrdiff_t start, ptrdiff_t end) {
    ptrdiff_t i = start;
    while (i + 16 <= end) {
        for (int k = 0; k < 15; k += 3) {
            uint8_t lead = base[i + k];
            if (lead < 0xE1 || lead > 0xEF || lead == 0xED) return i;
            if ((base[i + k + 1] & 0xC0) != 0x80 || (base[i + k + 2] & 0xC0) != 0x80) return i;
        }
        i += 15;
    }
    return i;
}

static int is_not_space(uint8_t byte) { return byte != ' '; }
static int needs_escape(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20; }

static long checks = 0;

static void check(const uint8_t *base, ptrdiff_t start, ptrdiff_t end, const char *what) {
    ptrdiff_t expected = reference_skip(base, start, end, is_string_special);
    ptrdiff_t found = keel_skip_plain_string_bytes(base, start, end);
    if (found != expected) {
        fprintf(stderr, "keel_skip_plain_string_bytes(%s, start %td, end %td): %td, expected %td\n", what, start, end, found, expected);
        exit(1);
    }
    expected = reference_skip(base, start, end, needs_escape);
    found = keel_skip_unescaped_bytes(base, start, end);
    if (found != expected) {
        fprintf(stderr, "keel_skip_unescaped_bytes(%s, start %td, end %td): %td, expected %td\n", what, start, end, found, expected);
        exit(1);
    }
    expected = reference_skip(base, start, end, is_not_space);
    found = keel_skip_spaces(base, start, end);
    if (found != expected) {
        fprintf(stderr, "keel_skip_spaces(%s, start %td, end %td): %td, expected %td\n", what, start, end, found, expected);
        exit(1);
    }
    expected = reference_three_byte_run(base, start, end);
    found = keel_skip_three_byte_characters(base, start, end);
    if (found != expected) {
        fprintf(stderr, "keel_skip_three_byte_characters(%s, start %td, end %td): %td, expected %td\n", what, start, end, found, expected);
        exit(1);
    }
    if (start + 16 <= end) {
        ptrdiff_t prefix = 16;
        for (int k = 15; k >= 0; k--) {
            if (is_string_special(base[start + k])) prefix = k;
        }
        found = keel_plain_prefix_length(base + start);
        if (found != prefix) {
            fprintf(stderr, "keel_plain_prefix_length(%s, at %td): %td, expected %td\n", what, start, found, prefix);
            exit(1);
        }
    }
    checks++;
}

// A small generator with a fixed seed, so that a failure repeats.
static uint64_t state = 0x9E3779B97F4A7C15u;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void check_generated(void) {
    uint8_t buffer[96];
    const uint8_t plain[] = "abcdefghijklmnopqrstuvwxyz0123456789 ,:{}[]";
    for (int round = 0; round < 20000; round++) {
        int length = (int)(next_random() % 81);
        int density = (int)(next_random() % 4);  // how often a byte is drawn from all 256 values
        for (int k = 0; k < length; k++) {
            uint64_t r = next_random();
            int any = density == 0 ? (r % 64 == 0) : density == 1 ? (r % 8 == 0) : density == 2 ? (r % 2 == 0) : 1;
            buffer[k] = any ? (uint8_t)(r >> 8) : plain[(r >> 8) % (sizeof plain - 1)];
        }
        // Runs of spaces, for the space search.
        if (round % 3 == 0) {
            for (int k = 0; k < length; k++) {
                if (next_random() % 5 != 0) buffer[k] = ' ';
            }
        }
        for (int start = 0; start <= length; start++) check(buffer, start, length, "generated");
    }
    // Runs of three-byte characters (E3 81 82, as in Japanese text), with now and then one byte of a
    // character replaced: by a restricted lead (E0, ED), another lead, ASCII, or any value.
    const uint8_t odd[] = {0xE0, 0xED, 0xE1, 0xEF, 0xF0, 0xC3, 0x7F, 0xC0, 0x80, 0xBF, '"', 'a'};
    for (int round = 0; round < 20000; round++) {
        int length = (int)(next_random() % 91);
        for (int k = 0; k + 2 < length; k += 3) {
            buffer[k] = (uint8_t)(0xE1 + next_random() % 15);
            if (buffer[k] == 0xED) buffer[k] = 0xE3;
            buffer[k + 1] = (uint8_t)(0x80 + next_random() % 64);
            buffer[k + 2] = (uint8_t)(0x80 + next_random() % 64);
        }
        for (int k = length - length % 3; k < length; k++) buffer[k] = 'a';
        int changes = (int)(next_random() % 3);
        for (int c = 0; c < changes && length > 0; c++) {
            uint64_t r = next_random();
            buffer[r % (uint64_t)length] = (r >> 32) % 2 ? odd[(r >> 8) % sizeof odd] : (uint8_t)(r >> 16);
        }
        for (int start = 0; start <= length; start++) check(buffer, start, length, "three-byte characters");
    }
    // Every byte value at every place of a block, in a field of plain bytes (or spaces).
    for (int filler = 0; filler < 2; filler++) {
        for (int value = 0; value < 256; value++) {
            for (int place = 0; place < 48; place++) {
                memset(buffer, filler ? ' ' : 'a', 48);
                buffer[place] = (uint8_t)value;
                for (int start = 0; start <= 48; start++) check(buffer, start, 48, "one byte");
            }
        }
    }
}

static void check_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc((size_t)size + 1);
    if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
    fclose(file);
    // Each search from a start ends within 2 KiB (or at the file's end), so that long runs without a sought
    // byte (canada.json's numbers) keep the check linear.
    for (long start = 0; start <= size; start += start < 65536 ? 1 : 61) {
        check(bytes, start, start + 2048 < size ? start + 2048 : size, path);
    }
    free(bytes);
}

int main(int argc, char **argv) {
    if (!keel_vector_scan_available()) {
        fprintf(stderr, "this build has no vector kernels to check\n");
        return 1;
    }
    check_generated();
    for (int k = 1; k < argc; k++) check_file(argv[k]);
    printf("vector kernels agree with the references: %ld start offsets, %d files\n", checks, argc - 1);
    return 0;
}
