// Reads JSON text into a tree: what `sim merge` reads back from `sim --json`
// and `serve` from request bodies. The parsing is nlohmann-json's (RFC 8259);
// this is the small tree the tools walk.
//
// Numbers keep their text, so 64-bit seeds and hashes read back exactly.
// Errors name the line and column; nesting deeper than 64 is refused.
#ifndef ANGLER_TOOLS_JSON_READER_H_
#define ANGLER_TOOLS_JSON_READER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dsl/source.h"

namespace angler {

// An object's member. Not std::pair: a pair of the incomplete JsonValue inside
// JsonValue does not compile with clang (libstdc++ asserts completeness).
struct JsonMember;

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  std::string text;                 // a string's value, or a number as written
  std::vector<JsonValue> items;     // kArray
  std::vector<JsonMember> members;  // kObject, in order

  // The member named `key` of an object, else null.
  const JsonValue* Find(std::string_view key) const;
  bool is_number() const { return kind == Kind::kNumber; }
  // A number's value as a whole number, when it is one.
  std::optional<int64_t> AsInt() const;
  // Also a string of digits: how angler writes 64-bit values (UintString).
  std::optional<uint64_t> AsUint() const;
};

struct JsonMember {
  JsonMember(std::string key, JsonValue value)
      : first(std::move(key)), second(std::move(value)) {}
  std::string first;
  JsonValue second;
};

// `file` names the text in errors.
Result<JsonValue> ParseJson(std::string_view text, const std::string& file);

}  // namespace angler

#endif  // ANGLER_TOOLS_JSON_READER_H_
