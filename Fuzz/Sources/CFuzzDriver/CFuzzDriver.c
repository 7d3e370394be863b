#include "CFuzzDriver.h"

/* SwiftPM links every executable target with `--defsym main=<Module>_main`, so a fuzz target cannot
   rely on libFuzzer's own main: each target defines <Module>_main and calls this, which hands the
   arguments to libFuzzer's driver. */
int passkey_fuzz_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
