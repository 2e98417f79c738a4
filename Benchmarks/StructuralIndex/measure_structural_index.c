// Times the structural index's first pass alone (KeelStructuralIndex.h) on each file named on the command
// line, for every way of classifying blocks this machine runs: the best of 200 passes over the whole file in
// 64 KiB windows, in MB/s of input, with the number of offsets written. Run by `run` beside this file.

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "KeelStructuralIndex.h"

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    static const char *names[] = {"a byte at a time", "SSE2 / NEON", "AVX2 + CLMUL"};
    const size_t window = 65536;
    uint32_t *offsets = malloc(sizeof(uint32_t) * (window + 64));
    for (int k = 1; k < argc; k++) {
        FILE *file = fopen(argv[k], "rb");
        if (!file) { perror(argv[k]); return 1; }
        fseek(file, 0, SEEK_END);
        size_t size = (size_t)ftell(file);
        fseek(file, 0, SEEK_SET);
        uint8_t *bytes = malloc(size);
        if (!bytes || fread(bytes, 1, size, file) != size) { fprintf(stderr, "cannot read %s\n", argv[k]); return 1; }
        fclose(file);
        for (int mode = 0; mode <= keel_index_best_mode(); mode++) {
            double best = 1e9;
            size_t count = 0;
            for (int round = 0; round < 200; round++) {
                double start = seconds_now();
                keel_index_state state = keel_index_start();
                size_t at = 0;
                count = 0;
                while (at < size) {
                    size_t stopped;
                    count += keel_index_window(bytes, at, size, window, mode, offsets, &state, &stopped);
                    at = stopped;
                }
                double elapsed = seconds_now() - start;
                if (elapsed < best) best = elapsed;
            }
            const char *name = strrchr(argv[k], '/') ? strrchr(argv[k], '/') + 1 : argv[k];
            printf("%-20s %-18s %8zu offsets %7.0f MB/s\n", name, names[mode], count, (double)size / best / 1e6);
        }
        free(bytes);
    }
    free(offsets);
    return 0;
}
