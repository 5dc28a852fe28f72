// A store file with any bytes: listed, its first game shown and exported, as
// `angler replay` does on a file from elsewhere.
#include <string>

#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using angler::fuzz::RunChecked;
  const std::string db = angler::fuzz::FuzzDir() + "/store.db";
  for (const char* suffix : {"-wal", "-shm", "-journal"})
    std::remove((db + suffix).c_str());
  angler::fuzz::WriteInput("store.db", data, size);
  RunChecked({"replay", "list", "--db", db});
  RunChecked({"replay", "show", "1", "--db", db});
  RunChecked({"replay", "export", "1", "--db", db});
  return 0;
}
