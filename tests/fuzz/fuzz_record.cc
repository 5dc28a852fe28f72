// Record import on any text (the notation of `replay export`, or its JSON)
// into a private in-memory store: parsed, resolved and every move checked.
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  angler::fuzz::RunChecked({"replay", "import",
                            angler::fuzz::WriteInput("input.rec", data, size), "--db",
                            ":memory:"});
  return 0;
}
