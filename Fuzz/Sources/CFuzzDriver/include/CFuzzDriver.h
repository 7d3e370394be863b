#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's entry point for programs that keep their own main (compiler-rt FuzzerInterface.h). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/* Runs libFuzzer with the process arguments and `callback` as LLVMFuzzerTestOneInput. */
int passkey_fuzz_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));

#endif
