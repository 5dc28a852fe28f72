#include "tools/json_reader.h"

#include <cerrno>
#include <cstdlib>
#include <memory>

namespace angler {
namespace {

// Recursive descent over the text; the first error stops it.
class JsonParser {
 public:
  JsonParser(std::string_view text, const std::string& file)
      : text_(text), file_(SourceFile::Make(file, std::string(text))) {}

  Result<JsonValue> Document() {
    JsonValue value;
    if (!Value(value, 0)) return *error_;
    SkipSpace();
    if (at_ < text_.size()) return Fail("unexpected text after the JSON value");
    return value;
  }

 private:
  static constexpr int kMaxDepth = 64;

  Diagnostic Fail(std::string message) {
    auto [line, col] = file_->PositionOf(at_);
    error_ = Diagnostic(SourcePos{file_, line, col}, std::move(message));
    return *error_;
  }
  void SkipSpace() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' ||
                                  text_[at_] == '\r' || text_[at_] == '\t')) {
      ++at_;
    }
  }
  bool Literal(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  bool Value(JsonValue& out, int depth) {
    SkipSpace();
    if (depth > kMaxDepth) return Fail("JSON nested too deeply"), false;
    if (at_ >= text_.size()) return Fail("expected a JSON value, found the end"), false;
    const char c = text_[at_];
    if (c == '{') return Object(out, depth);
    if (c == '[') return Array(out, depth);
    if (c == '"') {
      out.kind = JsonValue::Kind::kString;
      return String(out.text);
    }
    if (Literal("null")) return out.kind = JsonValue::Kind::kNull, true;
    if (Literal("true")) return out.kind = JsonValue::Kind::kBool, out.boolean = true;
    if (Literal("false")) {
      out.kind = JsonValue::Kind::kBool;
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return Number(out);
    return Fail(std::string("unexpected '") + c + "'"), false;
  }

  bool Number(JsonValue& out) {
    const size_t begin = at_;
    if (text_[at_] == '-') ++at_;
    auto digits = [&] {
      const size_t from = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      return at_ > from;
    };
    bool ok = digits();
    if (ok && at_ < text_.size() && text_[at_] == '.') ++at_, ok = digits();
    if (ok && at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      ok = digits();
    }
    if (!ok) return Fail("malformed number"), false;
    out.kind = JsonValue::Kind::kNumber;
    out.text = std::string(text_.substr(begin, at_ - begin));
    return true;
  }

  bool String(std::string& out) {
    ++at_;  // the opening quote
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (static_cast<unsigned char>(c) < 0x20)
        return Fail("control character in a string"), false;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) break;
      c = text_[at_++];
      switch (c) {
        case '"':
        case '\\':
        case '/':
          out += c;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          if (at_ + 4 > text_.size()) return Fail("short \\u escape"), false;
          const unsigned long code =
              std::strtoul(std::string(text_.substr(at_, 4)).c_str(), nullptr, 16);
          at_ += 4;
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xc0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3f));
          } else {
            out += static_cast<char>(0xe0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (code & 0x3f));
          }
          break;
        }
        default:
          return Fail(std::string("unknown escape '\\") + c + "'"), false;
      }
    }
    if (at_ >= text_.size()) return Fail("unterminated string"), false;
    ++at_;  // the closing quote
    return true;
  }

  bool Array(JsonValue& out, int depth) {
    out.kind = JsonValue::Kind::kArray;
    ++at_;
    SkipSpace();
    if (at_ < text_.size() && text_[at_] == ']') return ++at_, true;
    for (;;) {
      out.items.emplace_back();
      if (!Value(out.items.back(), depth + 1)) return false;
      SkipSpace();
      if (at_ < text_.size() && text_[at_] == ',') {
        ++at_;
        continue;
      }
      if (at_ < text_.size() && text_[at_] == ']') return ++at_, true;
      return Fail("expected ',' or ']'"), false;
    }
  }

  bool Object(JsonValue& out, int depth) {
    out.kind = JsonValue::Kind::kObject;
    ++at_;
    SkipSpace();
    if (at_ < text_.size() && text_[at_] == '}') return ++at_, true;
    for (;;) {
      SkipSpace();
      if (at_ >= text_.size() || text_[at_] != '"') return Fail("expected a key"), false;
      std::string key;
      if (!String(key)) return false;
      SkipSpace();
      if (at_ >= text_.size() || text_[at_] != ':') return Fail("expected ':'"), false;
      ++at_;
      out.members.emplace_back(std::move(key), JsonValue{});
      if (!Value(out.members.back().second, depth + 1)) return false;
      SkipSpace();
      if (at_ < text_.size() && text_[at_] == ',') {
        ++at_;
        continue;
      }
      if (at_ < text_.size() && text_[at_] == '}') return ++at_, true;
      return Fail("expected ',' or '}'"), false;
    }
  }

  std::string_view text_;
  std::shared_ptr<const SourceFile> file_;
  size_t at_ = 0;
  std::optional<Diagnostic> error_;
};

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
  return JsonParser(text, file).Document();
}

}  // namespace angler
