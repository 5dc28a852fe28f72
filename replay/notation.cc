// The record notation, written: FormatRecord and the notes it puts beside
// moves. Read back by notation_read.cc; checked and stored by record_import.cc.
#include "replay/notation.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <span>

#include "dsl/text.h"
#include "interpreter/chance_outcome.h"
#include "interpreter/view.h"
#include "replay/format.h"
#include "replay/import_checks.h"
#include "replay/store.h"

namespace angler {
namespace {

// A person's comment that begins as a note does would be skipped as one on
// import: its '=' is escaped, and so kNoteMark only ever begins a note.
std::string EscapeComment(std::string_view text, bool note = false) {
  std::string out;
  if (!note && text.rfind('=', 0) == 0) out += '\\';
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
  if (a.kind != ActionKind::kChance || !game.IsChance(before) || IsUnseenShuffle(a))
    return search;
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
  if (!note.empty()) out += " {" + EscapeComment(note, true) + "}";
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

Status WriteVariation(std::string& out, const Game& game, const GameRecord& record,
                      const State& start, const Variation& v, const std::string& indent);

// The moves of one line (the main line, or variation `v`) from `s`, the
// position after `first` plies, each move followed by the variations that
// replace it, nested as deep as they go (PGN's recursive parentheses). A
// variation from the line's last position follows its last move.
Status WriteLine(std::string& out, const Game& game, const GameRecord& record, State s,
                 const Variation* v, const std::string& indent) {
  const std::span<const RecordedAction> actions =
      v ? std::span<const RecordedAction>(v->actions) : record.actions;
  const std::vector<Annotation>& annotations = v ? v->annotations : record.annotations;
  const int first = v ? v->ply : 0;
  const int n = static_cast<int>(actions.size());
  const std::string place = v ? "variation at ply " + std::to_string(v->ply) + ", " : "";
  // A variation not yet stored has no id to be a parent by.
  const bool parents = !v || v->id != 0;
  std::vector<std::vector<const Variation*>> after(static_cast<size_t>(n) + 1);
  for (const Variation& x : record.variations) {
    if (!parents || x.parent != (v ? v->id : 0)) continue;
    const int k = x.ply - first;
    if (k < (v ? 1 : 0) || k > n) {
      return Diagnostic({}, "a variation at ply " + std::to_string(x.ply) + ", outside " +
                                (v ? "the line it branches from (" : "the game (") +
                                std::to_string(first + (v ? 1 : 0)) + " to " +
                                std::to_string(first + n) + ")");
    }
    after[static_cast<size_t>(std::min(k + 1, n))].push_back(&x);
  }
  for (const Variation* x : after[0]) {  // only when the line has no moves
    if (Status st = WriteVariation(out, game, record, s, *x, indent); !st) return st;
  }
  for (int i = 0; i < n; ++i) {
    const int ply = first + 1 + i;
    const Action& a = actions[static_cast<size_t>(i)].action;
    const State before = s;
    if (Status st = ApplyChecked(game, s, a); !st) {
      return Diagnostic({},
                        place + "ply " + std::to_string(ply) + ": " + st.error().message);
    }
    WriteMoveLine(out, indent, ply, MoveText(game, before, a, record.players),
                  annotations, MoveNote(game, before, a, s, record.players));
    for (const Variation* x : after[static_cast<size_t>(i + 1)]) {
      const State& start = x->ply == ply ? s : before;
      if (Status st = WriteVariation(out, game, record, start, *x, indent); !st)
        return st;
    }
  }
  return Ok();
}

Status WriteVariation(std::string& out, const Game& game, const GameRecord& record,
                      const State& start, const Variation& v, const std::string& indent) {
  out += indent + "(\n";
  WriteLineComment(out, indent + "  ", v.ply, v.annotations);
  if (Status st = WriteLine(out, game, record, start, &v, indent + "  "); !st) return st;
  out += indent + ")\n";
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
    // appended: GCC 12 warns falsely on operator+ here
    out.append("[").append(name).append(" \"").append(EscapeTag(value)).append("\"]\n");
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
  if (Status st = WriteLine(out, game, record, game.NewInitialState(), nullptr, "");
      !st) {
    return st.errors();
  }
  out += std::string(kRecordEndMark) + " " + record.result + "\n\n";
  return out;
}

}  // namespace angler
