#include "tools/json.h"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

namespace angler {

void JsonWriter::NewLine() {
  if (!pretty_) return;
  out_ += '\n';
  out_.append(2 * counts_.size(), ' ');
}

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (counts_.empty()) return;
  if (counts_.back()++ > 0) out_ += ',';
  NewLine();
}

JsonWriter& JsonWriter::BeginObject() {
  BeforeValue();
  out_ += '{';
  counts_.push_back(0);
  return *this;
}

JsonWriter& JsonWriter::BeginArray() {
  BeforeValue();
  out_ += '[';
  counts_.push_back(0);
  return *this;
}

JsonWriter& JsonWriter::End(char close) {
  const bool had_items = counts_.back() > 0;
  counts_.pop_back();
  if (had_items) NewLine();  // empty containers stay "{}" and "[]"
  out_ += close;
  return *this;
}

JsonWriter& JsonWriter::EndObject() { return End('}'); }
JsonWriter& JsonWriter::EndArray() { return End(']'); }

JsonWriter& JsonWriter::Key(std::string_view k) {
  BeforeValue();
  AppendQuoted(k);
  out_ += pretty_ ? ": " : ":";
  after_key_ = true;
  return *this;
}

// nlohmann-json's serializer quotes: JSON's escapes for " \ and control
// characters, UTF-8 passed through, and a byte that is not UTF-8 (a name
// from a damaged record) replaced by U+FFFD, so the output is always JSON.
void JsonWriter::AppendQuoted(std::string_view s) {
  out_ += nlohmann::json(std::string(s))
              .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

JsonWriter& JsonWriter::String(std::string_view s) {
  BeforeValue();
  AppendQuoted(s);
  return *this;
}

JsonWriter& JsonWriter::Int(int64_t v) {
  BeforeValue();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::Uint(uint64_t v) {
  BeforeValue();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::UintString(uint64_t v) { return String(std::to_string(v)); }

JsonWriter& JsonWriter::Bool(bool b) {
  BeforeValue();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::Null() {
  BeforeValue();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::Double(double v, int decimals) {
  if (!std::isfinite(v)) return Null();
  BeforeValue();
  // to_chars is exact and locale-free, unlike printf.
  char buf[512];  // DBL_MAX has 309 integer digits
  const auto result =
      std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
  std::string text(buf, result.ptr);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";  // -0.0 and tiny negatives that round away
  out_ += text;
  return *this;
}

void WriteDiagnostic(JsonWriter& json, const Diagnostic& d) {
  json.BeginObject();
  json.Key("file");
  if (d.pos.file != nullptr) {
    json.String(d.pos.file->name());
  } else {
    json.Null();
  }
  json.Key("line").Int(d.pos.line);
  json.Key("column").Int(d.pos.col);
  json.Key("message").String(d.message);
  json.EndObject();
}

}  // namespace angler
