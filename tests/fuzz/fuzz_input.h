// What every fuzz target shares: the input as a file, and angler run on it as
// a user would, through RunAngler.
//
// REQUIRES: built with -fsanitize=fuzzer (tests/fuzz/CMakeLists.txt).
// INVARIANT checked on every input: angler ends with exit 0, 1 or 2; anything
// else (another code, a crash, an exception, a sanitizer report, a hang past
// libFuzzer's -timeout) is a finding.
#ifndef ANGLER_TESTS_FUZZ_FUZZ_INPUT_H_
#define ANGLER_TESTS_FUZZ_FUZZ_INPUT_H_

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/commands.h"

namespace angler::fuzz {

// A private folder under the temp folder, per process (libFuzzer's -jobs
// run several at once).
inline std::string FuzzDir() {
  static const std::string dir = [] {
    const auto path = std::filesystem::temp_directory_path() /
                      ("angler-fuzz-" + std::to_string(getpid()));
    std::filesystem::create_directories(path);
    return path.string();
  }();
  return dir;
}

// Writes `size` bytes to FuzzDir()/name (replacing it) and returns the path.
inline std::string WriteInput(const std::string& name, const uint8_t* data, size_t size) {
  const std::string path = FuzzDir() + "/" + name;
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

// `angler WORDS...` with its output dropped; aborts unless the exit code is
// one angler documents. Returns the code.
inline int RunChecked(const std::vector<std::string>& words) {
  std::istringstream in;
  std::ostringstream out, err;
  const int code = RunAngler(words, {in, out, err});
  if (code != kExitOk && code != kExitFailure && code != kExitUsage) {
    std::fprintf(stderr, "angler exited %d\n%s%s", code, out.str().c_str(),
                 err.str().c_str());
    std::abort();
  }
  return code;
}

}  // namespace angler::fuzz

#endif  // ANGLER_TESTS_FUZZ_FUZZ_INPUT_H_
