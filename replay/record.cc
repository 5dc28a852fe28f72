#include "replay/record.h"

#include <algorithm>

#include "interpreter/move_text.h"
#include "replay/format.h"

namespace angler {

namespace {

// A variation's parent as its place in the record (-1 the main line): ids
// differ between stores, places do not.
std::ptrdiff_t ParentPlace(const GameRecord& r, const Variation& v) {
  for (size_t i = 0; i < r.variations.size(); ++i) {
    if (v.parent != 0 && r.variations[i].id == v.parent)
      return static_cast<std::ptrdiff_t>(i);
  }
  return -1;
}

}  // namespace

bool GameRecord::SameContent(const GameRecord& o) const {
  if (variations.size() != o.variations.size()) return false;
  for (size_t i = 0; i < variations.size(); ++i) {
    if (!variations[i].SameContent(o.variations[i])) return false;
    if (ParentPlace(*this, variations[i]) != ParentPlace(o, o.variations[i]))
      return false;
  }
  return ruleset_name == o.ruleset_name && ruleset_hash == o.ruleset_hash &&
         players == o.players && seed == o.seed && source == o.source &&
         created == o.created && actions == o.actions && finished == o.finished &&
         result == o.result && ranks == o.ranks && winners == o.winners &&
         annotations == o.annotations;
}

const Variation* GameRecord::FindVariation(int64_t id) const {
  if (id == 0) return nullptr;  // the main line (and not a variation not numbered yet)
  for (const Variation& v : variations) {
    if (v.id == id) return &v;
  }
  return nullptr;
}

int64_t GameRecord::LineAt(int64_t line, int ply) const {
  // Bounded: a damaged record with a cycle of parents stops at the main line.
  for (size_t hops = 0; line != 0 && hops <= variations.size(); ++hops) {
    const Variation* v = FindVariation(line);
    if (!v || ply > v->ply) return line;
    line = v->parent;
  }
  return 0;
}

std::vector<const Variation*> GameRecord::VariationsFrom(int64_t line, int ply) const {
  const int64_t parent = LineAt(line, ply);
  std::vector<const Variation*> out;
  for (const Variation& v : variations) {
    if (v.parent == parent && v.ply == ply) out.push_back(&v);
  }
  return out;
}

Status CheckPlayerNames(const std::vector<std::string>& names) {
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& n = names[i];
    const std::string which = "player " + std::to_string(i + 1) + " '" + n + "'";
    if (n.empty())
      return Diagnostic({}, "player " + std::to_string(i + 1) + " has no name");
    if (n.size() > static_cast<size_t>(kMaxPlayerNameBytes)) {
      return Diagnostic({}, which + ": a name has at most " +
                                std::to_string(kMaxPlayerNameBytes) + " bytes");
    }
    if (n.front() == ' ' || n.back() == ' ') {
      return Diagnostic({}, which + ": a name neither begins nor ends with a space");
    }
    if (n.front() >= '0' && n.front() <= '9') {
      return Diagnostic({}, which + ": a name does not begin with a digit");
    }
    for (char c : n) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f ||
          kPlayerNameForbidden.find(c) != std::string_view::npos) {
        return Diagnostic(
            {}, which + ": a name may not contain control characters or any of " +
                    std::string(kPlayerNameForbidden));
      }
    }
    for (size_t j = 0; j < i; ++j) {
      if (names[j] == n) return Diagnostic({}, which + " is named twice");
    }
  }
  return Ok();
}

int LegalCount(const Game& game, const State& s) {
  if (game.IsTerminal(s)) return 0;
  if (game.IsChance(s)) {
    return s.decision.chance_pick ? s.decision.count : s.ZoneSize(s.decision.zone);
  }
  // Not decision.count: some decisions (lays) enumerate their actions.
  ActionList legal;
  game.LegalActions(s, legal);
  return legal.count;
}

Status ApplyChecked(const Game& game, State& s, const Action& a) {
  if (game.IsTerminal(s)) return Diagnostic({}, "the game is already over");
  const bool card = a.kind == ActionKind::kPlay || a.kind == ActionKind::kChoose;
  if (card && (a.value < 0 || a.value >= static_cast<int>(game.rules().cards.size()))) {
    return Diagnostic({}, "card #" + std::to_string(a.value) + " does not exist in " +
                              game.rules().name);
  }
  // -1: no one seat's action (chance, or several players stopping together).
  if (a.player < -1 || a.player >= game.players()) {
    return Diagnostic({}, "seat " + std::to_string(a.player) + " is not in this game");
  }
  return game.Apply(s, a);
}

std::string ResultText(const Game& game, const State& last,
                       const std::vector<std::string>& players) {
  if (last.error) return "ruleset error";
  if (!last.over) return "unfinished";
  const Ruleset& rules = game.rules();
  std::string text;
  if (last.end_reason > 0 && last.end_reason < rules.end_reasons.size()) {
    text = rules.end_reasons[last.end_reason] + "; ";
  }
  const std::vector<int> winners = game.Winners(last);
  text += winners.size() == 1 ? "winner " : "winners ";
  for (size_t i = 0; i < winners.size(); ++i) {
    text += (i ? ", " : "") + players[static_cast<size_t>(winners[i])];
  }
  text += ";";
  for (int p = 0; p < game.players(); ++p) {
    text += (p ? ", " : " ") + players[static_cast<size_t>(p)] + " " +
            std::to_string(game.Rank(last, p));
  }
  return text;
}

void SetOutcome(const Game& game, const State& last, GameRecord& record) {
  record.finished = last.over && !last.error;
  record.result = ResultText(game, last, record.players);
  record.ranks.clear();
  for (int p = 0; p < game.players(); ++p) record.ranks.push_back(game.Rank(last, p));
  record.winners = record.finished ? game.Winners(last) : std::vector<int>{};
}

Result<GameRecord> MakeGameRecord(const Game& game, std::span<const Action> actions,
                                  std::vector<std::string> players,
                                  std::optional<uint64_t> seed, std::string source) {
  GameRecord record;
  record.ruleset_name = game.rules().name;
  record.ruleset_hash = game.rules().content_hash;
  record.players = players.empty() ? SeatNames(game.players()) : std::move(players);
  if (record.players_count() != game.players()) {
    return Diagnostic({}, std::to_string(record.players.size()) + " player names for a " +
                              std::to_string(game.players()) + "-player game");
  }
  if (Status names = CheckPlayerNames(record.players); !names) return names.errors();
  if (std::find(kGameSources.begin(), kGameSources.end(), source) == kGameSources.end()) {
    return Diagnostic({}, "unknown game source '" + source + "' (sim, play or import)");
  }
  record.seed = seed;
  record.source = std::move(source);
  record.actions.reserve(actions.size());
  State s = game.NewInitialState();
  for (size_t i = 0; i < actions.size(); ++i) {
    const int legal = LegalCount(game, s);
    if (Status applied = ApplyChecked(game, s, actions[i]); !applied) {
      return Diagnostic({},
                        "ply " + std::to_string(i + 1) + ": " + applied.error().message);
    }
    record.actions.push_back({actions[i], legal});
  }
  SetOutcome(game, s, record);
  return record;
}

namespace {

// Applies actions[from..to) to s, naming the ply of a failure.
Status ApplyLine(const Game& game, State& s, std::span<const RecordedAction> actions,
                 int first_ply, std::vector<State>* positions) {
  for (size_t i = 0; i < actions.size(); ++i) {
    if (Status applied = ApplyChecked(game, s, actions[i].action); !applied) {
      return Diagnostic({}, "ply " + std::to_string(first_ply + static_cast<int>(i)) +
                                ": " + applied.error().message);
    }
    if (positions) positions->push_back(s);
  }
  return Ok();
}

}  // namespace

Result<std::vector<RecordedAction>> LineActions(const GameRecord& record,
                                                const Variation* variation) {
  // The chain from the variation up to the main line, then walked down.
  std::vector<const Variation*> chain;
  for (const Variation* v = variation; v;) {
    if (chain.size() > record.variations.size()) {
      return Diagnostic({}, "variation " + std::to_string(variation->id) +
                                " is its own ancestor (a damaged record)");
    }
    chain.push_back(v);
    if (v->parent == 0) break;
    const Variation* parent = record.FindVariation(v->parent);
    if (!parent) {
      return Diagnostic({}, "variation " + std::to_string(v->id) +
                                " branches from variation " + std::to_string(v->parent) +
                                ", which the game does not have");
    }
    v = parent;
  }
  std::vector<RecordedAction> line = record.actions;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const Variation& v = **it;
    if (v.ply < 0 || v.ply > static_cast<int>(line.size())) {
      return Diagnostic({}, "the variation starts after ply " + std::to_string(v.ply) +
                                ", past the " +
                                (v.parent ? "end of the line it branches from"
                                          : std::string("game's end")));
    }
    line.resize(static_cast<size_t>(v.ply));
    line.insert(line.end(), v.actions.begin(), v.actions.end());
  }
  return line;
}

Result<State> PositionAt(const Game& game, const GameRecord& record, int ply,
                         const Variation* variation) {
  const int end = variation ? variation->end() : static_cast<int>(record.actions.size());
  if (ply < 0 || ply > end) {
    return Diagnostic({}, "ply " + std::to_string(ply) + " is out of range: the " +
                              (variation ? "variation" : "game") + " has plies 0 to " +
                              std::to_string(end));
  }
  State s = game.NewInitialState();
  if (!variation) {
    std::span<const RecordedAction> main(record.actions);
    Status st = ApplyLine(game, s, main.first(static_cast<size_t>(ply)), 1, nullptr);
    if (!st) return st.errors();
    return s;
  }
  Result<std::vector<RecordedAction>> line = LineActions(record, variation);
  if (!line) return line.errors();
  std::span<const RecordedAction> actions(line.value());
  Status st = ApplyLine(game, s, actions.first(static_cast<size_t>(ply)), 1, nullptr);
  if (!st) return st.errors();
  return s;
}

Result<std::vector<State>> Positions(const Game& game, const GameRecord& record,
                                     const Variation* variation) {
  std::vector<RecordedAction> copy;
  std::span<const RecordedAction> actions(record.actions);
  if (variation) {
    Result<std::vector<RecordedAction>> line = LineActions(record, variation);
    if (!line) return line.errors();
    copy = std::move(line).value();
    actions = copy;
  }
  std::vector<State> positions;
  State s = game.NewInitialState();
  positions.reserve(actions.size() + 1);
  positions.push_back(s);
  Status st = ApplyLine(game, s, actions, 1, &positions);
  if (!st) return st.errors();
  return positions;
}

bool IsGlyph(std::string_view text) {
  return std::find(kGlyphs.begin(), kGlyphs.end(), text) != kGlyphs.end();
}

std::string GlyphList() {
  std::string list;
  for (std::string_view g : kGlyphs) {
    if (!list.empty()) list += ' ';
    list += g;
  }
  return list;
}

std::vector<Action> RandomPlayout(const Game& game, uint64_t seed, int max_actions) {
  std::vector<Action> actions;
  Rng rng(seed);
  State s = game.NewInitialState();
  ActionList legal;
  while (!game.IsTerminal(s) && static_cast<int>(actions.size()) < max_actions) {
    Action a;
    if (game.IsChance(s)) {
      a = game.SampleChance(s, rng);
    } else {
      game.LegalActions(s, legal);
      a = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
    }
    if (!game.Apply(s, a)) break;
    actions.push_back(a);
  }
  return actions;
}

}  // namespace angler
