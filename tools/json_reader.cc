#include "tools/json_reader.h"

#include <cerrno>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <utility>

namespace angler {
namespace {

// Objects and arrays nested deeper than this are refused: the tree is freed
// recursively, so its depth must stay bounded.
constexpr int kMaxDepth = 64;

// Builds the JsonValue tree from nlohmann's SAX events. Numbers keep their
// text (an integer's digits, a fraction as written), so 64-bit values read
// back exactly.
class TreeBuilder : public nlohmann::json_sax<nlohmann::json> {
 public:
  JsonValue& root() { return root_; }
  bool too_deep() const { return too_deep_; }
  const std::string& error() const { return error_; }
  size_t error_at() const { return error_at_; }

  bool null() override { return Add(JsonValue::Kind::kNull); }
  bool boolean(bool v) override {
    if (!Add(JsonValue::Kind::kBool)) return false;
    last_->boolean = v;
    return true;
  }
  bool number_integer(number_integer_t v) override { return Number(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return Number(std::to_string(v)); }
  bool number_float(number_float_t, const string_t& text) override {
    return Number(text);
  }
  bool string(string_t& v) override {
    if (!Add(JsonValue::Kind::kString)) return false;
    last_->text = std::move(v);
    return true;
  }
  bool binary(binary_t&) override { return false; }  // not in JSON text
  bool start_object(std::size_t) override { return Open(JsonValue::Kind::kObject); }
  bool key(string_t& k) override {
    key_ = std::move(k);
    return true;
  }
  bool end_object() override { return Close(); }
  bool start_array(std::size_t) override { return Open(JsonValue::Kind::kArray); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t at, const std::string&,
                   const nlohmann::detail::exception& e) override {
    // e.what() reads "[json.exception.parse_error.101] parse error at line 2,
    // column 6: syntax error ..."; the place is ours to write.
    std::string what = e.what();
    const size_t colon = what.find(": ");
    error_ = colon == std::string::npos ? what : what.substr(colon + 2);
    error_at_ = at == 0 ? 0 : at - 1;
    return false;
  }

 private:
  // A new value where the parser is: the root, an array's next item or the
  // member named by the last key.
  bool Add(JsonValue::Kind kind) {
    JsonValue* v = &root_;
    if (!open_.empty()) {
      JsonValue& parent = *open_.back();
      if (parent.kind == JsonValue::Kind::kArray) {
        v = &parent.items.emplace_back();
      } else {
        v = &parent.members.emplace_back(std::move(key_), JsonValue{}).second;
      }
    }
    v->kind = kind;
    last_ = v;
    return true;
  }
  bool Number(std::string text) {
    if (!Add(JsonValue::Kind::kNumber)) return false;
    last_->text = std::move(text);
    return true;
  }
  bool Open(JsonValue::Kind kind) {
    if (static_cast<int>(open_.size()) >= kMaxDepth) {
      too_deep_ = true;
      return false;
    }
    Add(kind);
    open_.push_back(last_);
    return true;
  }
  bool Close() {
    open_.pop_back();
    return true;
  }

  JsonValue root_;
  JsonValue* last_ = nullptr;
  std::vector<JsonValue*> open_;  // the objects and arrays being read
  std::string key_;
  bool too_deep_ = false;
  std::string error_;
  size_t error_at_ = 0;
};

// Where the bracket that nests past kMaxDepth opens (the SAX interface gives
// no place with its events).
size_t TooDeepAt(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return text.size();
}

}  // namespace

const JsonValue* JsonValue::Find(std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

std::optional<int64_t> JsonValue::AsInt() const {
  if (kind != Kind::kNumber || text.find_first_of(".eE") != std::string::npos) return {};
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return {};
  return v;
}

std::optional<uint64_t> JsonValue::AsUint() const {
  if (kind == Kind::kString) {
    if (text.empty() || text.size() > 20 ||
        text.find_first_not_of("0123456789") != std::string::npos) {
      return {};
    }
  } else if (kind != Kind::kNumber || text.empty() || text[0] == '-' ||
             text.find_first_of(".eE") != std::string::npos) {
    return {};
  }
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return {};
  return v;
}

Result<JsonValue> ParseJson(std::string_view text, const std::string& file) {
  TreeBuilder tree;
  if (nlohmann::json::sax_parse(text, &tree)) return std::move(tree.root());
  auto source = SourceFile::Make(file, std::string(text));
  const size_t at = tree.too_deep() ? TooDeepAt(text) : tree.error_at();
  auto [line, col] = source->PositionOf(at);
  return Diagnostic(SourcePos{source, line, col},
                    tree.too_deep() ? "JSON nested too deeply" : tree.error());
}

}  // namespace angler
