// The scenario parser and runner on any text, as `angler check FILE` runs it.
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  angler::fuzz::RunChecked({"check", angler::fuzz::WriteInput("input.scn", data, size)});
  return 0;
}
