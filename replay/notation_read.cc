// The record notation, read: ParseRecordText turns a file into ParsedRecords
// (tags, moves, comments, glyphs, variations), naming the place of any error.
#include <algorithm>
#include <charconv>
#include <map>

#include "dsl/text.h"
#include "interpreter/chance_outcome.h"
#include "interpreter/view.h"
#include "replay/format.h"
#include "replay/import_checks.h"
#include "replay/notation.h"
#include "replay/store.h"

namespace angler {

// ---- Reading records ----

const std::string* ParsedRecord::Tag(std::string_view name) const {
  for (const auto& [key, value] : tags) {
    if (key == name) return &value;
  }
  return nullptr;
}

SourcePos ParsedRecord::TagPos(std::string_view name) const {
  for (size_t i = 0; i < tags.size(); ++i) {
    if (tags[i].first == name) return tag_pos[i];
  }
  return pos;
}

namespace {

class RecordParser {
 public:
  explicit RecordParser(std::shared_ptr<const SourceFile> file)
      : file_(std::move(file)), text_(file_->text()) {}

  Result<std::vector<ParsedRecord>> Parse() {
    std::vector<ParsedRecord> records;
    SkipSpace();
    if (i_ >= text_.size()) {
      return Diagnostic(Pos(0), "no game record: the file is empty");
    }
    while (i_ < text_.size()) {
      ParsedRecord record;
      record.index = static_cast<int>(records.size()) + 1;
      record.pos = Pos(i_);
      if (Status st = Header(record); !st) return st.errors();
      if (Status st = Body(record); !st) return st.errors();
      records.push_back(std::move(record));
      SkipSpace();
    }
    return records;
  }

 private:
  SourcePos Pos(size_t offset) const {
    auto [line, col] = file_->PositionOf(offset);
    return SourcePos{file_, line, col};
  }
  Diagnostic Error(size_t offset, const ParsedRecord& r,
                   const std::string& message) const {
    return Diagnostic(Pos(offset), "game " + std::to_string(r.index) + ": " + message);
  }
  bool AtLineStart(size_t offset) const {
    return offset == 0 || text_[offset - 1] == '\n';
  }
  void SkipSpace() {
    while (i_ < text_.size() && (text_[i_] == ' ' || text_[i_] == '\t' ||
                                 text_[i_] == '\r' || text_[i_] == '\n')) {
      ++i_;
    }
  }
  void SkipBlanks() {
    while (i_ < text_.size() &&
           (text_[i_] == ' ' || text_[i_] == '\t' || text_[i_] == '\r')) {
      ++i_;
    }
  }

  Status Header(ParsedRecord& r) {
    std::string expected = "[";  // appended: GCC 12 warns falsely on operator+
    expected.append(kRecordMagicTag).append(" \"");
    expected.append(std::to_string(kRecordFormatVersion)).append("\"]");
    while (i_ < text_.size() && text_[i_] == '[') {
      const size_t start = i_++;
      const size_t name_start = i_;
      while (i_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[i_])) || text_[i_] == '_')) {
        ++i_;
      }
      std::string name = text_.substr(name_start, i_ - name_start);
      SkipBlanks();
      if (name.empty() || i_ >= text_.size() || text_[i_] != '"') {
        if (r.tags.empty()) {
          return Error(start, r,
                       "not an angler game record: it must begin with " + expected);
        }
        return Error(i_, r, "expected a tag like [Name \"value\"]");
      }
      ++i_;
      std::string value;
      while (i_ < text_.size() && text_[i_] != '"' && text_[i_] != '\n') {
        if (text_[i_] == '\\' && i_ + 1 < text_.size() && text_[i_ + 1] != '\n') ++i_;
        value += text_[i_++];
      }
      if (i_ >= text_.size() || text_[i_] != '"') {
        return Error(i_, r,
                     "unterminated tag value: a tag is [Name \"value\"] on one line");
      }
      ++i_;
      SkipBlanks();
      if (i_ >= text_.size() || text_[i_] != ']') return Error(i_, r, "expected ']'");
      ++i_;
      SkipBlanks();
      if (i_ < text_.size() && text_[i_] != '\n') {
        return Error(i_, r, "a tag stands alone on its line");
      }
      if (r.tags.empty() && name != kRecordMagicTag) {
        return Error(start, r,
                     "not an angler game record: it must begin with " + expected +
                         ", not [" + name + " ...]");
      }
      if (r.Tag(name)) return Error(start, r, "a second " + name + " tag");
      r.tags.emplace_back(std::move(name), std::move(value));
      r.tag_pos.push_back(Pos(start));
      SkipSpace();
    }
    if (r.tags.empty()) {
      return Error(i_, r, "not an angler game record: it must begin with " + expected);
    }
    return Ok();
  }

  Result<std::string> Comment(const ParsedRecord& r) {
    const size_t start = i_++;
    std::string text;
    while (i_ < text_.size() && text_[i_] != '}') {
      if (text_[i_] == '\\' && i_ + 1 < text_.size() &&
          (text_[i_ + 1] == '}' || text_[i_ + 1] == '\\' || text_[i_ + 1] == '=')) {
        ++i_;
      }
      text += text_[i_++];
    }
    if (i_ >= text_.size())
      return Error(start, r, "unterminated comment: '{' without '}'");
    ++i_;
    return text;
  }

  // The moves after the header: comments, glyphs, variations, up to the end
  // line or the next record.
  Status Body(ParsedRecord& r) {
    r.main.pos = Pos(i_);
    open_.clear();
    while (true) {
      SkipSpace();
      if (i_ >= text_.size()) break;
      const char c = text_[i_];
      if (c == '[' && AtLineStart(i_)) break;  // the next record
      if (AtLineStart(i_) &&
          text_.compare(i_, kRecordEndMark.size(), kRecordEndMark) == 0) {
        if (!open_.empty()) return Error(i_, r, "the end line inside a variation");
        return EndLine(r);
      }
      Status st = Ok();
      if (c == '{') {
        st = BodyComment(r);
      } else if (c == '(') {
        st = OpenVariation(r);
      } else if (c == ')') {
        st = CloseVariation(r, i_++);
      } else if (c == '!' || c == '?') {
        const size_t start = i_;
        while (i_ < text_.size() && (text_[i_] == '!' || text_[i_] == '?')) ++i_;
        st = AttachGlyph(r, start, text_.substr(start, i_ - start));
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        st = MoveLine(r);
      } else {
        return Error(i_, r,
                     "expected a move like '12. Anne plays yellow 7', a {comment}, a "
                     "glyph, '(' or ')'");
      }
      if (!st) return st;
    }
    if (!open_.empty()) {
      return Diagnostic(
          r.variations[open_.back()].line.pos,
          "game " + std::to_string(r.index) + ": a variation without its ')'");
    }
    return NotCut(r);
  }

  // The line being read: the main line or the innermost open variation.
  ParsedLine& Line(ParsedRecord& r) {
    return open_.empty() ? r.main : r.variations[open_.back()].line;
  }

  Status AttachGlyph(ParsedRecord& r, size_t at, const std::string& glyph) {
    if (!IsGlyph(glyph)) {
      return Error(at, r, "'" + glyph + "' is not a glyph: ! ? !! ?? !? ?!");
    }
    if (Line(r).moves.empty()) return Error(at, r, "a glyph must follow a move");
    ParsedMove& m = Line(r).moves.back();
    if (!m.glyph.empty())
      return Error(at, r, "a second glyph on move " + std::to_string(m.number));
    m.glyph = glyph;
    return Ok();
  }

  // '(' at i_: a variation of the line being read (the main line or, nested,
  // the innermost open variation), after the moves of it read so far.
  Status OpenVariation(ParsedRecord& r) {
    if (open_.size() >= kMaxVariationDepth) {
      return Error(i_, r,
                   "variations nested deeper than " + std::to_string(kMaxVariationDepth));
    }
    ParsedVariation v{Line(r).moves.size(), ParsedLine{Pos(i_), {}, {}}};
    v.parent = open_.empty() ? -1 : static_cast<int>(open_.back());
    open_.push_back(r.variations.size());
    r.variations.push_back(std::move(v));
    ++i_;
    return Ok();
  }

  Status CloseVariation(ParsedRecord& r, size_t at) {
    if (open_.empty()) return Error(at, r, "')' without '('");
    if (Line(r).moves.empty()) {
      return Error(at, r, "an empty variation: '(' needs moves before ')'");
    }
    open_.pop_back();
    return Ok();
  }

  // A comment on the last move, or before the first on the line as a whole.
  Status BodyComment(ParsedRecord& r) {
    // A note the export wrote for readers (the moves say it all again) begins
    // kNoteMark as written; a person's comment that begins so has its '='
    // escaped.
    const bool note = text_.compare(i_ + 1, kNoteMark.size(), kNoteMark) == 0;
    Result<std::string> comment = Comment(r);
    if (!comment) return comment.errors();
    if (note) return Ok();
    ParsedLine& l = Line(r);
    std::string* into;
    if (l.moves.empty()) {
      if (!l.comment) l.comment.emplace();
      into = &*l.comment;
    } else {
      into = &l.moves.back().comment;
    }
    if (!into->empty()) *into += ' ';
    *into += comment.value();
    return Ok();
  }

  // "12. Anne plays yellow 7 !? )": the number, the move, then any glyphs and
  // a closing ')' that end its line.
  Status MoveLine(ParsedRecord& r) {
    const size_t start = i_;
    int number = 0;
    while (i_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i_]))) {
      if (number > 100000000) return Error(start, r, "a move number too large");
      number = number * 10 + (text_[i_++] - '0');
    }
    if (i_ >= text_.size() || text_[i_] != '.') {
      return Error(i_, r, "expected '.' after the move number " + std::to_string(number));
    }
    ++i_;
    SkipBlanks();
    const size_t text_start = i_;
    while (i_ < text_.size() && text_[i_] != '\n' && text_[i_] != '{') ++i_;
    std::string_view move(text_.data() + text_start, i_ - text_start);
    std::vector<std::pair<size_t, std::string>> trailing;  // the last one first
    while (true) {
      move = Trim(move);
      const size_t cut = move.find_last_of(" \t");
      if (cut == std::string_view::npos) break;
      const std::string_view last = move.substr(cut + 1);
      if (!IsGlyph(last) && last != ")") break;
      trailing.emplace_back(static_cast<size_t>(last.data() - text_.data()),
                            std::string(last));
      move = move.substr(0, cut);
    }
    ParsedMove m;
    m.number = number;
    m.pos = Pos(start);
    m.text = std::string(Trim(move));
    if (m.text.empty()) {
      return Error(start, r, "move " + std::to_string(number) + " has no text");
    }
    Line(r).moves.push_back(std::move(m));
    for (auto it = trailing.rbegin(); it != trailing.rend(); ++it) {
      Status st = it->second == ")" ? CloseVariation(r, it->first)
                                    : AttachGlyph(r, it->first, it->second);
      if (!st) return st;
    }
    return Ok();
  }

  // A record of this version always ends with its end line: without it, the
  // text was cut here.
  Status NotCut(const ParsedRecord& r) const {
    const std::string* version = r.Tag(kRecordMagicTag);
    if (!version || *version != std::to_string(kRecordFormatVersion)) return Ok();
    const std::string what =
        r.main.moves.empty()
            ? "after its header"
            : "after move " + std::to_string(r.main.moves.back().number) + " (line " +
                  std::to_string(r.main.moves.back().pos.line) + ")";
    return Error(i_, r,
                 "truncated: the record is cut " + what + ": it has no '" +
                     std::string(kRecordEndMark) + " RESULT' line");
  }

  // "end: winner Anne; ...": the record's last line. Only blank lines may
  // follow it before the next record.
  Status EndLine(ParsedRecord& r) {
    r.end_pos = Pos(i_);
    i_ += kRecordEndMark.size();
    const size_t start = i_;
    while (i_ < text_.size() && text_[i_] != '\n') ++i_;
    r.end = std::string(Trim(std::string_view(text_).substr(start, i_ - start)));
    SkipSpace();
    if (i_ < text_.size() && !(text_[i_] == '[' && AtLineStart(i_))) {
      return Error(i_, r, "text after the end line: a record ends with 'end: RESULT'");
    }
    return Ok();
  }

  std::shared_ptr<const SourceFile> file_;
  const std::string& text_;
  size_t i_ = 0;
  std::vector<size_t> open_;  // Body: the variations whose '(' is not closed yet
};

}  // namespace

Result<std::vector<ParsedRecord>> ParseRecordText(
    std::shared_ptr<const SourceFile> file) {
  RecordParser parser(std::move(file));
  return parser.Parse();
}

}  // namespace angler
