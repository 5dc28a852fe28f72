#include "replay/notation.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "dsl/text.h"
#include "interpreter/chance_outcome.h"
#include "interpreter/view.h"
#include "replay/format.h"
#include "replay/import_checks.h"
#include "replay/store.h"

namespace angler {
namespace {

std::string EscapeComment(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '}' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string EscapeTag(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

// ---- Writing records ----

namespace {

// What a chance move produced: "= top first: blue 7, red 3, ..." after a
// shuffle (draws take the top), "= drawn: 3" after a random pick.
// On a move that opens a search: the card searched and what it shows.
std::string SearchNote(const Game& game, const State& before, const Action& a,
                       const State& after, const std::vector<std::string>& players);

std::string ChanceNote(const Game& game, const State& before, const Action& a) {
  const ChanceOutcome outcome = OutcomeOf(before, a.seed);
  std::string note(kNoteMark);
  if (outcome.pick) return note + "drawn: " + std::to_string(outcome.value);
  note += "top first:";
  for (size_t i = outcome.cards.size(); i-- > 0;) {
    note += (i + 1 == outcome.cards.size() ? " " : ", ") +
            CardInZone(game.rules(), before, outcome.zone, outcome.cards[i]);
  }
  return note;
}

}  // namespace

std::string MoveNote(const Game& game, const State& before, const Action& a,
                     const State& after, const std::vector<std::string>& players) {
  std::string search = SearchNote(game, before, a, after, players);
  if (a.kind != ActionKind::kChance || !game.IsChance(before)) return search;
  std::string chance = ChanceNote(game, before, a);
  if (!search.empty()) chance += "; " + search.substr(kNoteMark.size());
  return chance;
}

namespace {

std::string SearchNote(const Game& game, const State& before, const Action& a,
                       const State& after, const std::vector<std::string>& players) {
  // A stop ends a search: one open after it is the next.
  const bool opened =
      before.decision.kind != DecisionKind::kSearch || a.kind == ActionKind::kStop;
  if (after.decision.kind != DecisionKind::kSearch || !opened) return "";
  const PositionView view = ViewPosition(game, after, Viewpoint::Everything(), players);
  if (!view.search) return "";
  const SearchView& search = *view.search;
  std::string note = std::string(kNoteMark) + "a search opens on " + search.card.name;
  if (!search.card.back.empty()) note += " (" + search.card.back + " back)";
  note += "; the wrong " + game.rules().search->formation.piece + ":";
  for (size_t i = 0; i < search.faults.size(); ++i)
    note += (i ? ", " : " ") + std::to_string(search.faults[i]);
  if (!search.pattern.empty()) note += " (" + search.pattern + ")";
  return note;
}

}  // namespace

namespace {

void WriteMoveLine(std::string& out, const std::string& indent, int ply,
                   const std::string& text, const std::vector<Annotation>& annotations,
                   const std::string& note = "") {
  out += indent + std::to_string(ply) + ". " + text;
  if (!note.empty()) out += " {" + EscapeComment(note) + "}";
  for (const Annotation& a : annotations) {
    if (a.ply != ply) continue;
    if (!a.comment.empty()) out += " {" + EscapeComment(a.comment) + "}";
    if (!a.glyph.empty()) out += " " + a.glyph;
  }
  out += '\n';
}

void WriteLineComment(std::string& out, const std::string& indent, int ply,
                      const std::vector<Annotation>& annotations) {
  for (const Annotation& a : annotations) {
    if (a.ply == ply && !a.comment.empty())
      out += indent + "{" + EscapeComment(a.comment) + "}\n";
  }
}

Status WriteVariation(std::string& out, const Game& game, const State& start,
                      const GameRecord& record, const Variation& v) {
  out += "(\n";
  WriteLineComment(out, "  ", v.ply, v.annotations);
  State s = start;
  for (size_t i = 0; i < v.actions.size(); ++i) {
    const int ply = v.ply + 1 + static_cast<int>(i);
    const Action& a = v.actions[i].action;
    const std::string text = MoveText(game, s, a, record.players);
    const State before = s;
    if (Status st = ApplyChecked(game, s, a); !st) {
      return Diagnostic({}, "variation at ply " + std::to_string(v.ply) + ", ply " +
                                std::to_string(ply) + ": " + st.error().message);
    }
    WriteMoveLine(out, "  ", ply, text, v.annotations,
                  MoveNote(game, before, a, s, record.players));
  }
  out += ")\n";
  return Ok();
}

}  // namespace

Result<std::string> FormatRecord(const Ruleset& rules, const GameRecord& record,
                                 const RecordWriteOptions& options) {
  if (record.players_count() < rules.min_players ||
      record.players_count() > rules.max_players) {
    return Diagnostic({}, std::to_string(record.players_count()) +
                              " players: " + rules.name + " is for " +
                              std::to_string(rules.min_players) + " to " +
                              std::to_string(rules.max_players));
  }
  std::string out;
  auto tag = [&](std::string_view name, const std::string& value) {
    out += "[" + std::string(name) + " \"" + EscapeTag(value) + "\"]\n";
  };
  tag(kRecordMagicTag, std::to_string(kRecordFormatVersion));
  tag("Ruleset", record.ruleset_name);
  tag("Hash", record.ruleset_hash);
  tag("Players", Join(record.players));
  if (record.seed) tag("Seed", std::to_string(*record.seed));
  tag("Source", record.source);
  if (record.created) tag("Date", FormatDate(record.created));
  tag("Plies", std::to_string(record.actions.size()));
  tag("Result", record.result);
  if (options.ruleset_text) tag(kRulesetTextTag, rules.canonical_text);
  out += '\n';
  WriteLineComment(out, "", 0, record.annotations);

  const Game game(rules, record.players_count());
  const int n = static_cast<int>(record.actions.size());
  // Variations come after the move they replace; those from the last
  // position after the last move.
  std::vector<std::vector<const Variation*>> after(static_cast<size_t>(n) + 1);
  for (const Variation& v : record.variations) {
    if (v.ply < 0 || v.ply > n) {
      return Diagnostic({}, "a variation at ply " + std::to_string(v.ply) +
                                ", outside the game (0 to " + std::to_string(n) + ")");
    }
    after[static_cast<size_t>(std::min(v.ply + 1, n))].push_back(&v);
  }
  State s = game.NewInitialState();
  State before = s;
  for (int i = 0; i < n; ++i) {
    const Action& a = record.actions[static_cast<size_t>(i)].action;
    before = s;
    if (Status st = ApplyChecked(game, s, a); !st) {
      return Diagnostic({}, "ply " + std::to_string(i + 1) + ": " + st.error().message);
    }
    WriteMoveLine(out, "", i + 1, MoveText(game, before, a, record.players),
                  record.annotations, MoveNote(game, before, a, s, record.players));
    for (const Variation* v : after[static_cast<size_t>(i + 1)]) {
      const State& start = v->ply == i + 1 ? s : before;
      if (Status st = WriteVariation(out, game, start, record, *v); !st)
        return st.errors();
    }
  }
  if (n == 0) {
    for (const Variation* v : after[0]) {
      if (Status st = WriteVariation(out, game, s, record, *v); !st) return st.errors();
    }
  }
  out += std::string(kRecordEndMark) + " " + record.result + "\n\n";
  return out;
}

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
    const std::string expected = "[" + std::string(kRecordMagicTag) + " \"" +
                                 std::to_string(kRecordFormatVersion) + "\"]";
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
          (text_[i_ + 1] == '}' || text_[i_ + 1] == '\\')) {
        ++i_;
      }
      text += text_[i_++];
    }
    if (i_ >= text_.size())
      return Error(start, r, "unterminated comment: '{' without '}'");
    ++i_;
    return text;
  }

  Status Body(ParsedRecord& r) {
    r.main.pos = Pos(i_);
    bool in_variation = false;
    size_t open_at = 0;
    auto line = [&]() -> ParsedLine& {
      return in_variation ? r.variations.back().line : r.main;
    };
    auto attach_glyph = [&](size_t at, const std::string& glyph) -> Status {
      if (!IsGlyph(glyph)) {
        return Error(at, r, "'" + glyph + "' is not a glyph: ! ? !! ?? !? ?!");
      }
      if (line().moves.empty()) return Error(at, r, "a glyph must follow a move");
      ParsedMove& m = line().moves.back();
      if (!m.glyph.empty())
        return Error(at, r, "a second glyph on move " + std::to_string(m.number));
      m.glyph = glyph;
      return Ok();
    };
    auto close = [&](size_t at) -> Status {
      if (!in_variation) return Error(at, r, "')' without '('");
      if (r.variations.back().line.moves.empty()) {
        return Error(at, r, "an empty variation: '(' needs moves before ')'");
      }
      in_variation = false;
      return Ok();
    };
    while (true) {
      SkipSpace();
      if (i_ >= text_.size()) break;
      const char c = text_[i_];
      if (c == '[' && AtLineStart(i_)) break;  // the next record
      if (AtLineStart(i_) &&
          text_.compare(i_, kRecordEndMark.size(), kRecordEndMark) == 0) {
        if (in_variation) return Error(i_, r, "the end line inside a variation");
        return EndLine(r);
      }
      if (c == '{') {
        Result<std::string> comment = Comment(r);
        if (!comment) return comment.errors();
        // A note the export wrote for readers: the moves say it all again.
        if (comment.value().rfind(kNoteMark, 0) == 0) continue;
        ParsedLine& l = line();
        std::string* into;
        if (l.moves.empty()) {
          if (!l.comment) l.comment.emplace();
          into = &*l.comment;
        } else {
          into = &l.moves.back().comment;
        }
        if (!into->empty()) *into += ' ';
        *into += comment.value();
        continue;
      }
      if (c == '(') {
        if (in_variation) {
          return Error(i_, r,
                       "a variation inside a variation: variations branch from the "
                       "main line only");
        }
        in_variation = true;
        open_at = i_;
        r.variations.push_back({r.main.moves.size(), ParsedLine{Pos(i_), {}, {}}});
        ++i_;
        continue;
      }
      if (c == ')') {
        if (Status st = close(i_); !st) return st;
        ++i_;
        continue;
      }
      if (c == '!' || c == '?') {
        const size_t start = i_;
        while (i_ < text_.size() && (text_[i_] == '!' || text_[i_] == '?')) ++i_;
        if (Status st = attach_glyph(start, text_.substr(start, i_ - start)); !st)
          return st;
        continue;
      }
      if (std::isdigit(static_cast<unsigned char>(c))) {
        const size_t start = i_;
        int number = 0;
        while (i_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i_]))) {
          if (number > 100000000) return Error(start, r, "a move number too large");
          number = number * 10 + (text_[i_++] - '0');
        }
        if (i_ >= text_.size() || text_[i_] != '.') {
          return Error(i_, r,
                       "expected '.' after the move number " + std::to_string(number));
        }
        ++i_;
        SkipBlanks();
        const size_t text_start = i_;
        while (i_ < text_.size() && text_[i_] != '\n' && text_[i_] != '{') ++i_;
        std::string_view move(text_.data() + text_start, i_ - text_start);
        // Glyphs and a closing ')' may end the move's line: "Anne plays red 5 !? )".
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
        line().moves.push_back(std::move(m));
        for (auto it = trailing.rbegin(); it != trailing.rend(); ++it) {
          Status st =
              it->second == ")" ? close(it->first) : attach_glyph(it->first, it->second);
          if (!st) return st;
        }
        continue;
      }
      return Error(
          i_, r,
          "expected a move like '12. Anne plays yellow 7', a {comment}, a glyph, "
          "'(' or ')'");
    }
    if (in_variation) return Error(open_at, r, "a variation without its ')'");
    // A record of this version always ends with its end line: without it, the
    // text was cut here.
    const std::string* version = r.Tag(kRecordMagicTag);
    if (version && *version == std::to_string(kRecordFormatVersion)) {
      const std::string what =
          r.main.moves.empty()
              ? "after its header"
              : "after move " + std::to_string(r.main.moves.back().number) + " (line " +
                    std::to_string(r.main.moves.back().pos.line) + ")";
      return Error(i_, r,
                   "truncated: the record is cut " + what + ": it has no '" +
                       std::string(kRecordEndMark) + " RESULT' line");
    }
    return Ok();
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
};

}  // namespace

Result<std::vector<ParsedRecord>> ParseRecordText(
    std::shared_ptr<const SourceFile> file) {
  RecordParser parser(std::move(file));
  return parser.Parse();
}

namespace {

Diagnostic At(const SourcePos& pos, const ParsedRecord& r, const std::string& message) {
  return Diagnostic(pos, "game " + std::to_string(r.index) + ": " + message);
}

std::vector<std::string> SplitPlayers(const std::string& text) {
  std::vector<std::string> names;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    names.emplace_back(Trim(std::string_view(text).substr(
        start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

// Replays one line of moves from `s`, appending actions and annotations.
Status ResolveLine(const Game& game, const ParsedRecord& r, const ParsedLine& line,
                   int first_ply, const std::vector<std::string>& players, State& s,
                   std::vector<RecordedAction>& actions,
                   std::vector<Annotation>& annotations, std::vector<State>* positions) {
  if (line.comment) annotations.push_back({first_ply - 1, *line.comment, ""});
  for (size_t i = 0; i < line.moves.size(); ++i) {
    const ParsedMove& m = line.moves[i];
    const int ply = first_ply + static_cast<int>(i);
    if (m.number != ply) {
      return At(m.pos, r,
                "ply " + std::to_string(ply) + ": the move is numbered " +
                    std::to_string(m.number) + " (lines reordered or missing?)");
    }
    Result<Action> action = ParseMove(game, s, m.text, players);
    if (!action) {
      return At(m.pos, r, "ply " + std::to_string(ply) + ": " + action.error().message);
    }
    const int legal = LegalCount(game, s);
    if (Status st = ApplyChecked(game, s, action.value()); !st) {
      return At(m.pos, r, "ply " + std::to_string(ply) + ": " + st.error().message);
    }
    actions.push_back({action.value(), legal});
    if (positions) positions->push_back(s);
    if (!m.comment.empty() || !m.glyph.empty())
      annotations.push_back({ply, m.comment, m.glyph});
  }
  return Ok();
}

}  // namespace

Result<ResolvedRecord> ResolveRecord(const ParsedRecord& r, const RulesetLookup& lookup) {
  const std::string* version = r.Tag(kRecordMagicTag);
  if (!version) return At(r.pos, r, "no Angler tag");
  int v = 0;
  auto [end, ec] = std::from_chars(version->data(), version->data() + version->size(), v);
  const bool number = ec == std::errc() && end == version->data() + version->size() &&
                      std::to_string(v) == *version;
  if (!number || v < kRecordOldestReadable || v > kRecordFormatVersion) {
    if (number && v > kRecordFormatVersion) {
      return At(r.TagPos(kRecordMagicTag), r,
                "record format version " + *version +
                    " is newer than this angler reads (" +
                    std::to_string(kRecordFormatVersion) + ")");
    }
    return At(r.TagPos(kRecordMagicTag), r,
              "unknown record format version '" + *version + "'");
  }
  for (const char* required : {"Ruleset", "Hash", "Players"}) {
    if (!r.Tag(required)) return At(r.pos, r, std::string("no ") + required + " tag");
  }
  const std::string& name = *r.Tag("Ruleset");
  const std::string& hash = *r.Tag("Hash");
  const std::string* text = r.Tag(kRulesetTextTag);
  if (text && ContentHashOf(*text) != hash) {
    return At(r.TagPos(kRulesetTextTag), r,
              "the RulesetText tag has content hash " + ContentHashOf(*text) +
                  ", not the Hash tag's " + hash + " (one of them was edited)");
  }
  Result<RulesetPtr> rules = lookup(name, hash, text);
  if (!rules) return At(r.TagPos("Hash"), r, rules.error().message);
  const Ruleset& ruleset = *rules.value();

  ResolvedRecord out;
  out.rules = rules.value();
  GameRecord& record = out.record;
  record.ruleset_name = ruleset.name;
  record.ruleset_hash = ruleset.content_hash;
  record.players = SplitPlayers(*r.Tag("Players"));
  if (Status st = CheckPlayerNames(record.players); !st) {
    return At(r.TagPos("Players"), r, st.error().message);
  }
  if (record.players_count() < ruleset.min_players ||
      record.players_count() > ruleset.max_players) {
    return At(r.TagPos("Players"), r,
              std::to_string(record.players_count()) + " players: " + ruleset.name +
                  " is for " + std::to_string(ruleset.min_players) + " to " +
                  std::to_string(ruleset.max_players));
  }
  if (const std::string* seed = r.Tag("Seed"); seed && !seed->empty() && *seed != "?") {
    uint64_t v = 0;
    auto [end, ec] = std::from_chars(seed->data(), seed->data() + seed->size(), v);
    if (ec != std::errc() || end != seed->data() + seed->size()) {
      return At(r.TagPos("Seed"), r, "the Seed tag '" + *seed + "' is not a number");
    }
    record.seed = v;
  }
  record.source = "import";
  if (const std::string* source = r.Tag("Source")) {
    if (std::find(kGameSources.begin(), kGameSources.end(), *source) ==
        kGameSources.end()) {
      return At(r.TagPos("Source"), r,
                "the Source tag '" + *source + "' is not sim, play or import");
    }
    record.source = *source;
  }
  if (const std::string* date = r.Tag("Date")) {
    std::optional<int64_t> t = ParseDate(*date);
    if (!t) {
      return At(r.TagPos("Date"), r,
                "the Date tag '" + *date + "' is not like 2024-05-01T12:00:00Z");
    }
    record.created = *t;
  }

  const Game game(ruleset, record.players_count());
  State s = game.NewInitialState();
  std::vector<State> positions;
  std::vector<State>* keep = nullptr;
  if (!r.variations.empty()) {
    positions.push_back(s);
    keep = &positions;
  }
  record.actions.reserve(r.main.moves.size());
  if (Status st = ResolveLine(game, r, r.main, 1, record.players, s, record.actions,
                              record.annotations, keep);
      !st) {
    return st.errors();
  }
  SetOutcome(game, s, record);
  if (const std::string* plies = r.Tag("Plies")) {
    const std::string count = std::to_string(record.actions.size());
    if (*plies != count) {
      const bool fewer = std::all_of(plies->begin(), plies->end(), ::isdigit) &&
                         plies->size() < 10 && std::stoul(*plies) > record.actions.size();
      return At(fewer ? r.main.pos : r.TagPos("Plies"), r,
                (fewer ? "truncated: the Plies tag says " : "the Plies tag says ") +
                    *plies + " but the record has " + count + " moves");
    }
  }
  if (const std::string* result = r.Tag("Result"); result && *result != record.result) {
    return At(r.TagPos("Result"), r,
              "the Result tag says '" + *result + "' but the moves give '" +
                  record.result + "'");
  }
  if (r.end && *r.end != record.result) {
    return At(
        r.end_pos, r,
        "the end line says '" + *r.end + "' but the moves give '" + record.result + "'");
  }
  for (const ParsedVariation& pv : r.variations) {
    Variation v;
    if (pv.line.moves.empty()) return At(pv.line.pos, r, "a variation without moves");
    v.ply = pv.line.moves.front().number - 1;
    const int after = static_cast<int>(pv.after);
    // Records come from other people: the ply must be a position of the main line.
    if (v.ply < 0 || static_cast<size_t>(v.ply) >= positions.size() ||
        (v.ply != after - 1 && v.ply != after)) {
      return At(
          pv.line.pos, r,
          "a variation starting with move " + std::to_string(v.ply + 1) +
              " must follow main-line move " + std::to_string(v.ply + 1) +
              (v.ply == static_cast<int>(record.actions.size()) ? " or the last move"
                                                                : ""));
    }
    State vs = positions[static_cast<size_t>(v.ply)];
    Status st = ResolveLine(game, r, pv.line, v.ply + 1, record.players, vs, v.actions,
                            v.annotations, nullptr);
    if (!st) {
      Diagnostic e = st.error();
      e.message.insert(e.message.find(": ") + 2,
                       "variation at ply " + std::to_string(v.ply) + ", ");
      return e;
    }
    record.variations.push_back(std::move(v));
  }
  // Stored variations come back ordered by ply, then by when they were added.
  std::stable_sort(record.variations.begin(), record.variations.end(),
                   [](const Variation& a, const Variation& b) { return a.ply < b.ply; });
  return out;
}

Result<std::vector<int64_t>> StoreRecords(Store& store,
                                          const std::vector<ParsedRecord>& parsed,
                                          const ImportOptions& options) {
  // Records of one file share their rules: each hash is looked up once.
  std::map<std::string, RulesetPtr> found;
  const RulesetLookup lookup = [&](const std::string& name, const std::string& hash,
                                   const std::string* text) -> Result<RulesetPtr> {
    if (auto it = found.find(hash); it != found.end()) return it->second;
    Result<RulesetPtr> rules = LookUpRuleset(store, options, name, hash, text);
    if (rules) found.emplace(hash, rules.value());
    return rules;
  };
  // Every record is checked before anything is written.
  std::vector<ResolvedRecord> resolved;
  resolved.reserve(parsed.size());
  for (const ParsedRecord& r : parsed) {
    Result<ResolvedRecord> one = ResolveRecord(r, lookup);
    if (!one) return one.errors();
    resolved.push_back(std::move(one).value());
  }
  if (!options.allow_duplicates) {
    if (Status st = RefuseDuplicates(store, parsed, resolved); !st) return st.errors();
  }
  Result<Store::Batch> batch = store.BeginBatch();
  if (!batch) return batch.errors();
  std::vector<int64_t> ids;
  for (size_t i = 0; i < resolved.size(); ++i) {
    Result<int64_t> id = store.AddReplayedGame(*resolved[i].rules, resolved[i].record);
    if (!id) return At(parsed[i].pos, parsed[i], id.error().message);
    ids.push_back(id.value());
  }
  if (Status st = batch.value().Commit(); !st) return st.errors();
  return ids;
}

Result<std::vector<int64_t>> ImportRecords(Store& store,
                                           std::shared_ptr<const SourceFile> file,
                                           const ImportOptions& options) {
  Result<std::vector<ParsedRecord>> parsed = ParseRecordText(std::move(file));
  if (!parsed) return parsed.errors();
  return StoreRecords(store, parsed.value(), options);
}

}  // namespace angler
