#include <stdio.h>
#include <stdlib.h>
#include "CFuzzingEngine.h"

/* A debug build links libFuzzer's own main, which names this function: SwiftPM renames the
   target's main there, so the linker takes libFuzzer's for the name. The target's main still
   runs, and hands its test to LLVMFuzzerRunDriver; were this ever called, the run stops here. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    fputs("fuzz: libFuzzer's main ran instead of the target's\n", stderr);
    abort();
}
