// The record notation, written: FormatRecord and the notes it puts beside
// moves. Read back by notation_read.cc; checked and stored by record_import.cc.
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

}  // namespace angler
