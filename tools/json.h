// A streaming JSON writer whose output is byte-identical across runs and machines
// (no locale, no hash ordering: keys come out in the order they are written).
// Streaming, so `sim --json` over a million games builds no tree; strings are
// quoted by nlohmann-json's serializer.
//
// REQUIRES: calls form valid JSON: inside an object every value follows a Key(),
// Key() is only called inside an object, and every Begin has a matching End.
// Double() needs 0 <= decimals <= 17.
#ifndef ANGLER_TOOLS_JSON_H_
#define ANGLER_TOOLS_JSON_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"

namespace angler {

class JsonWriter {
 public:
  // pretty: 2-space indent, one key or array element per line.
  explicit JsonWriter(bool pretty = false) : pretty_(pretty) {}

  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view k);

  // Escapes " \ and control characters (\n, \t, ... or \u00XX); UTF-8 passes
  // through; a byte that is not UTF-8 becomes U+FFFD.
  JsonWriter& String(std::string_view s);
  JsonWriter& Int(int64_t v);
  // Seeds and hashes are full 64-bit unsigned values.
  JsonWriter& Uint(uint64_t v);
  // A 64-bit value such as a seed, as a string of digits: readers that hold
  // numbers as doubles (JavaScript) lose precision above 2^53.
  JsonWriter& UintString(uint64_t v);
  JsonWriter& Bool(bool b);
  JsonWriter& Null();
  // Fixed notation with trailing zeros trimmed ("0.5", "12", "-3.25"); non-finite ->
  // null.
  JsonWriter& Double(double v, int decimals = 4);

  const std::string& str() const { return out_; }

 private:
  void BeforeValue();
  void NewLine();
  JsonWriter& End(char close);
  void AppendQuoted(std::string_view s);

  bool pretty_;
  bool after_key_ = false;
  std::vector<int> counts_;  // items written so far in each open container
  std::string out_;
};

// A diagnostic as every command's --json writes it:
// {"file": name or null, "line", "column", "message"}.
void WriteDiagnostic(JsonWriter& json, const Diagnostic& d);

}  // namespace angler

#endif  // ANGLER_TOOLS_JSON_H_
