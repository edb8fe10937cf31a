#ifndef MOODTUI_CFUZZINGENGINE_H
#define MOODTUI_CFUZZINGENGINE_H
/* libFuzzer's driver, which -sanitize=fuzzer links in. SwiftPM gives an executable a main of
   its own, so libFuzzer's main is not the one that runs: the target's main calls this. */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#endif
