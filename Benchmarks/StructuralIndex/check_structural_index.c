// Checks the structural index (KeelStructuralIndex.h) against a byte-at-a-time reference: every way of
// classifying blocks this build can run (bytes, SSE2 or NEON, and AVX2 where the CPU has it), over windows of
// several sizes, on generated documents (JSON-like text with escapes, non-ASCII bytes, control bytes and
// quotes in every place) and on each file named on the command line. Compared: the offsets with their flags,
// whether an error was flagged, and whether the text ends inside a string. Built and run by
// Scripts/check-vector-kernels, natively and for arm64 under user-mode emulation. Exits 1 at the first
// disagreement, naming it.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "KeelStructuralIndex.h"

typedef struct {
    uint32_t *offsets;
    size_t count;
    int error;
    int open_string;
} index_result;

static int is_op(uint8_t b) { return b == '{' || b == '}' || b == '[' || b == ']' || b == ':' || b == ','; }
static int is_space(uint8_t b) { return b == ' ' || b == '\t' || b == '\n' || b == '\r'; }

// What the index promises, a byte at a time. A backslash escapes the byte after it anywhere (outside strings
// too, where only a quote notices); a quote not escaped opens or closes a string; outside strings, each
// bracket, brace, colon and comma is an offset, and so is the first byte of each run of other bytes that are
// not whitespace.
static index_result reference_index(const uint8_t *bytes, size_t start, size_t end) {
    index_result r = {malloc(sizeof(uint32_t) * (end - start + 1)), 0, 0, 0};
    int in_string = 0, escaped = 0, in_scalar = 0, has_escape = 0, non_ascii = 0;
    for (size_t i = start; i < end; i++) {
        uint8_t b = bytes[i];
        int is_escaped = escaped;
        escaped = !is_escaped && b == '\\';
        int quote = b == '"' && !is_escaped;
        if (in_string) {
            if (quote) {
                uint32_t flags = (has_escape ? KEEL_INDEX_ESCAPES : 0) | (non_ascii ? KEEL_INDEX_NON_ASCII : 0);
                r.offsets[r.count++] = (uint32_t)i | flags;
                in_string = 0;
                continue;
            }
            if (b < 0x20) r.error = 1;
            if (b == '\\') has_escape = 1;
            if (b >= 0x80) non_ascii = 1;
            continue;
        }
        if (quote) {
            r.offsets[r.count++] = (uint32_t)i;
            in_string = 1;
            in_scalar = 0;
            has_escape = 0;
            non_ascii = 0;
        } else if (is_op(b)) {
            r.offsets[r.count++] = (uint32_t)i;
            in_scalar = 0;
        } else if (is_space(b)) {
            in_scalar = 0;
        } else {
            if (b >= 0x80) r.error = 1;
            if (!in_scalar) r.offsets[r.count++] = (uint32_t)i;
            in_scalar = 1;
        }
    }
    r.open_string = in_string;
    return r;
}

static index_result kernel_index(const uint8_t *bytes, size_t start, size_t end, int mode, size_t window) {
    index_result r = {malloc(sizeof(uint32_t) * (end - start + 64 + window)), 0, 0, 0};
    keel_index_state s = keel_index_start();
    size_t at = start;
    while (at < end) {
        size_t stopped;
        r.count += keel_index_window(bytes, at, end, window, mode, r.offsets + r.count, &s, &stopped);
        at = stopped;
    }
    r.error = s.error != 0;
    r.open_string = s.in_string != 0;
    return r;
}

static long documents = 0;

static void check(const uint8_t *bytes, size_t start, size_t end, const char *what) {
    index_result expected = reference_index(bytes, start, end);
    static const size_t windows[] = {64, 128, 4096, 65536};
    for (int mode = 0; mode <= keel_index_best_mode(); mode++) {
        for (int w = 0; w < 4; w++) {
            index_result found = kernel_index(bytes, start, end, mode, windows[w]);
            int same = found.count == expected.count && found.error == expected.error && found.open_string == expected.open_string
                && memcmp(found.offsets, expected.offsets, sizeof(uint32_t) * found.count) == 0;
            if (!same) {
                size_t k = 0;
                while (k < found.count && k < expected.count && found.offsets[k] == expected.offsets[k]) k++;
                fprintf(stderr, "structural index (%s, bytes %zu..<%zu, mode %d, window %zu): %zu offsets, error %d, open %d; "
                        "expected %zu, error %d, open %d; first difference at offset #%zu: 0x%x, expected 0x%x\n",
                        what, start, end, mode, windows[w], found.count, found.error, found.open_string,
                        expected.count, expected.error, expected.open_string, k,
                        k < found.count ? found.offsets[k] : 0, k < expected.count ? expected.offsets[k] : 0);
                exit(1);
            }
            free(found.offsets);
        }
    }
    free(expected.offsets);
    documents++;
}

static uint64_t state = 0x2545F4914F6CDD1Du;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static void check_generated(void) {
    static const char *pieces[] = {
        "\"", "\\", "\\\\", "\\\"", "\"key\":", "{", "}", "[", "]", ",", ":", " ", "\n  ", "\t", "\r\n",
        "true", "null", "-12.5e3", "0", "\xC3\xA9", "\xE3\x81\x82", "\xF0\x9F\x98\x80", "\x01", "\x1F", "\x7F",
        "\\u00e9", "abc", "\"plain string\"", "\"esc\\\"aped\"", "\xFF",
    };
    const int count = sizeof pieces / sizeof pieces[0];
    uint8_t buffer[600];
    for (int round = 0; round < 4000; round++) {
        size_t length = 0;
        size_t target = next_random() % 560;
        while (length < target) {
            const char *piece = pieces[next_random() % count];
            size_t n = strlen(piece);
            memcpy(buffer + length, piece, n);
            length += n;
        }
        check(buffer, 0, length, "generated");
        // Another start, as after a byte-order mark.
        if (length > 3) check(buffer, 3, length, "generated, from byte 3");
    }
    // Runs of backslashes of every length before a quote, at every place across a block boundary.
    for (int run = 0; run < 70; run++) {
        for (int place = 0; place < 140; place++) {
            memset(buffer, 'a', 200);
            buffer[0] = '"';
            int at = 1 + place;
            for (int k = 0; k < run && at + k < 198; k++) buffer[at + k] = '\\';
            buffer[at + run < 198 ? at + run : 198] = '"';
            buffer[199] = '"';
            check(buffer, 0, 200, "backslash run");
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
    check(bytes, 0, (size_t)size, path);
    free(bytes);
}

int main(int argc, char **argv) {
    check_generated();
    for (int k = 1; k < argc; k++) check_file(argv[k]);
    printf("structural index agrees with the reference: %ld documents, %d files, classifying modes 0-%d\n",
           documents, argc - 1, keel_index_best_mode());
    return 0;
}
