// The language parser, compiler and evaluator on any text: the input is the
// `setup:` statements of Fishing changed by a scenario, which then plays the
// game to its end.
#include <string>

#include "tests/fuzz/fuzz_input.h"

namespace {

// The input as a YAML double-quoted scalar.
std::string Quoted(const uint8_t* data, size_t size) {
  std::string out = "\"";
  for (size_t i = 0; i < size; ++i) {
    const unsigned char c = data[i];
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace angler;
  const std::string scenario =
      "scenario \"fuzz\" {\n  ruleset fishing with { setup: " + Quoted(data, size) +
      " }\n  players Anne, Paul, Debbie\n  seed 1\n"
      "  run until over\n}\n";
  const std::string path = fuzz::WriteInput(
      "statements.scn", reinterpret_cast<const uint8_t*>(scenario.data()),
      scenario.size());
  fuzz::RunChecked({"check", path});
  return 0;
}
