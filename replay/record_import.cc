// Parsed records checked move by move against their rules (ResolveRecord)
// and stored all or none (StoreRecords, ImportRecords).
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

// What the rules wait for at a kReveal decision, in the record's words.
std::string Needed(const Game& game, const State& s,
                   const std::vector<std::string>& players) {
  const Decision& d = s.decision;
  const int from_top = s.ZoneSize(d.zone) - d.options[0];
  const std::string zone = ZoneNameFor(game.rules(), d.zone, players);
  return "the rules read card " + std::to_string(from_top) + " from the top of " + zone +
         ", which the record has not stated: reveal it first ('reveal " + zone +
         ": CARD')";
}

// The actions of one move line: a move, or the cards a reveal line states.
Result<std::vector<Action>> ReadLine(const Game& game, const State& s,
                                     const ParsedMove& m,
                                     const std::vector<std::string>& players) {
  if (IsStatementText(m.text)) return ParseStatement(game, s, m.text, players);
  if (s.decision.kind == DecisionKind::kReveal && !s.over) {
    return Diagnostic({}, Needed(game, s, players));
  }
  Result<Action> action = ParseMove(game, s, m.text, players);
  if (!action) {
    std::string why = action.error().message;
    if (s.unstated_count != 0) {
      why += " (" + std::to_string(s.unstated_count) +
             " cards are not stated yet: a card nobody saw is revealed before it is "
             "played or chosen)";
    }
    return Diagnostic({}, why);
  }
  return std::vector<Action>{action.value()};
}

// Replays one line of moves from `s`, appending actions and annotations. A
// reveal line stating k cards is k actions: the next line is numbered k on.
Status ResolveLine(const Game& game, const ParsedRecord& r, const ParsedLine& line,
                   int first_ply, const std::vector<std::string>& players, State& s,
                   std::vector<RecordedAction>& actions,
                   std::vector<Annotation>& annotations, std::vector<State>* positions) {
  if (line.comment) annotations.push_back({first_ply - 1, *line.comment, ""});
  int ply = first_ply;
  for (const ParsedMove& m : line.moves) {
    if (m.number != ply) {
      return At(m.pos, r,
                "ply " + std::to_string(ply) + ": the move is numbered " +
                    std::to_string(m.number) + " (lines reordered or missing?)");
    }
    Result<std::vector<Action>> read = ReadLine(game, s, m, players);
    if (!read)
      return At(m.pos, r, "ply " + std::to_string(ply) + ": " + read.error().message);
    for (const Action& action : read.value()) {
      const int legal = LegalCount(game, s);
      if (Status st = ApplyChecked(game, s, action); !st) {
        return At(m.pos, r,
                  "ply " + std::to_string(ply) + ": " +
                      WithSeatNames(game.rules(), st.error().message, players));
      }
      actions.push_back({action, legal});
      if (positions) positions->push_back(s);
      ++ply;
    }
    if (!m.comment.empty() || !m.glyph.empty())
      annotations.push_back({ply - 1, m.comment, m.glyph});
  }
  return Ok();
}

// The Angler tag: a format this angler reads.
Status CheckVersion(const ParsedRecord& r) {
  const std::string* version = r.Tag(kRecordMagicTag);
  if (!version) return At(r.pos, r, "no Angler tag");
  int v = 0;
  auto [end, ec] = std::from_chars(version->data(), version->data() + version->size(), v);
  const bool number = ec == std::errc() && end == version->data() + version->size() &&
                      std::to_string(v) == *version;
  if (number && v >= kRecordOldestReadable && v <= kRecordFormatVersion) return Ok();
  if (number && v > kRecordFormatVersion) {
    return At(r.TagPos(kRecordMagicTag), r,
              "record format version " + *version + " is newer than this angler reads (" +
                  std::to_string(kRecordFormatVersion) + ")");
  }
  return At(r.TagPos(kRecordMagicTag), r,
            "unknown record format version '" + *version + "'");
}

// The ruleset the Ruleset, Hash and RulesetText tags name.
Result<RulesetPtr> FindRules(const ParsedRecord& r, const RulesetLookup& lookup) {
  for (const char* required : {"Ruleset", "Hash", "Players"}) {
    if (!r.Tag(required)) return At(r.pos, r, std::string("no ") + required + " tag");
  }
  const std::string& hash = *r.Tag("Hash");
  const std::string* text = r.Tag(kRulesetTextTag);
  if (text && ContentHashOf(*text) != hash) {
    return At(r.TagPos(kRulesetTextTag), r,
              "the RulesetText tag has content hash " + ContentHashOf(*text) +
                  ", not the Hash tag's " + hash + " (one of them was edited)");
  }
  Result<RulesetPtr> rules = lookup(*r.Tag("Ruleset"), hash, text);
  if (!rules) return At(r.TagPos("Hash"), r, rules.error().message);
  return rules;
}

// Players, Seed, Source and Date into the record.
Status ReadTags(const ParsedRecord& r, const Ruleset& ruleset, GameRecord& record) {
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
  return Ok();
}

// The Plies and Result tags and the end line against what the moves gave.
Status CheckOutcomeTags(const ParsedRecord& r, const GameRecord& record) {
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
  return Ok();
}

// "variation at ply 40" or, nested, "variation at ply 43 of the variation at
// ply 40": how an error names a variation of a record that has no ids yet.
std::string VariationName(const std::vector<Variation>& resolved, const Variation& v) {
  std::string name = "variation at ply " + std::to_string(v.ply);
  for (int64_t p = v.parent; p != 0; p = resolved[static_cast<size_t>(p - 1)].parent) {
    name += " of the variation at ply " +
            std::to_string(resolved[static_cast<size_t>(p - 1)].ply);
  }
  return name;
}

// The record's variations, each replayed from its parent's line (the main
// line's `main_positions`, or a variation resolved before it: parents come
// first in a file). Ids are the record's own numbering, its place + 1, so
// that a nested variation can name its parent until the store numbers them.
Status ResolveVariations(const Game& game, const ParsedRecord& r,
                         const std::vector<State>& main_positions, GameRecord& record) {
  std::vector<Variation> resolved;
  std::vector<std::vector<State>> lines(r.variations.size());  // from each one's ply
  for (size_t i = 0; i < r.variations.size(); ++i) {
    const ParsedVariation& pv = r.variations[i];
    if (pv.line.moves.empty()) return At(pv.line.pos, r, "a variation without moves");
    Variation v;
    v.id = static_cast<int64_t>(i) + 1;
    v.ply = pv.line.moves.front().number - 1;
    const Variation* parent =
        pv.parent >= 0 ? &resolved[static_cast<size_t>(pv.parent)] : nullptr;
    const int start = parent ? parent->ply : 0;
    const int end = parent ? parent->end() : static_cast<int>(record.actions.size());
    const int after = start + static_cast<int>(pv.after);
    // Records come from other people: the ply must be a position of its line.
    if (v.ply < start || v.ply > end || (v.ply != after - 1 && v.ply != after)) {
      const std::string move = std::to_string(v.ply + 1);
      return At(pv.line.pos, r,
                "a variation starting with move " + move + " must follow " +
                    (parent ? "move " + move + " of the variation it is in"
                            : "main-line move " + move) +
                    (v.ply == end ? " or the last move" : ""));
    }
    const std::vector<State>& from =
        parent ? lines[static_cast<size_t>(pv.parent)] : main_positions;
    State vs = from[static_cast<size_t>(v.ply - start)];
    // One that replaces its parent's first move branches where its parent does.
    v.parent = parent ? parent->id : 0;
    while (v.parent != 0 && v.ply <= resolved[static_cast<size_t>(v.parent - 1)].ply)
      v.parent = resolved[static_cast<size_t>(v.parent - 1)].parent;
    lines[i].push_back(vs);
    Status st = ResolveLine(game, r, pv.line, v.ply + 1, record.players, vs, v.actions,
                            v.annotations, &lines[i]);
    if (!st) {
      Diagnostic e = st.error();
      e.message.insert(e.message.find(": ") + 2, VariationName(resolved, v) + ", ");
      return e;
    }
    resolved.push_back(std::move(v));
  }
  // Stored variations come back ordered by ply, then by when they were added.
  std::stable_sort(resolved.begin(), resolved.end(),
                   [](const Variation& a, const Variation& b) { return a.ply < b.ply; });
  record.variations = std::move(resolved);
  return Ok();
}

}  // namespace

Result<ResolvedRecord> ResolveRecord(const ParsedRecord& r, const RulesetLookup& lookup) {
  if (Status st = CheckVersion(r); !st) return st.errors();
  Result<RulesetPtr> rules = FindRules(r, lookup);
  if (!rules) return rules.errors();
  const Ruleset& ruleset = *rules.value();
  ResolvedRecord out;
  out.rules = rules.value();
  GameRecord& record = out.record;
  record.ruleset_name = ruleset.name;
  record.ruleset_hash = ruleset.content_hash;
  if (Status st = ReadTags(r, ruleset, record); !st) return st.errors();

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
  if (Status st = CheckOutcomeTags(r, record); !st) return st.errors();
  if (Status st = ResolveVariations(game, r, positions, record); !st) return st.errors();
  return out;
}

Result<StoredRecords> StoreRecords(Store& store, const std::vector<ParsedRecord>& parsed,
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
  StoredRecords stored;
  for (size_t i = 0; i < resolved.size(); ++i) {
    Result<int64_t> id = store.AddReplayedGame(*resolved[i].rules, resolved[i].record);
    if (!id) return At(parsed[i].pos, parsed[i], id.error().message);
    stored.ids.push_back(id.value());
    stored.actions += static_cast<int64_t>(resolved[i].record.actions.size());
  }
  if (Status st = batch.value().Commit(); !st) return st.errors();
  return stored;
}

Result<std::vector<int64_t>> ImportRecords(Store& store,
                                           std::shared_ptr<const SourceFile> file,
                                           const ImportOptions& options) {
  Result<std::vector<ParsedRecord>> parsed = ParseRecordText(std::move(file));
  if (!parsed) return parsed.errors();
  Result<StoredRecords> stored = StoreRecords(store, parsed.value(), options);
  if (!stored) return stored.errors();
  return std::move(stored).value().ids;
}

}  // namespace angler
