// `sim merge` on any text (what `sim --shard K/N --json` prints): read,
// checked and added up into a report, or refused with a message.
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = angler::fuzz::WriteInput("shard.json", data, size);
  angler::fuzz::RunChecked({"sim", "merge", path});
  angler::fuzz::RunChecked({"sim", "merge", "--json", path});
  return 0;
}
