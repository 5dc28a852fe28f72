#include "replay/verify.h"

#include <map>
#include <set>
#include <span>

#include "replay/notation.h"

namespace angler {
namespace {

// The recorded move at the drift and the round it was played in, read under
// the rules the game was played with (the current ones may not know the card).
void DescribeMove(Store& store, const GameSummary& g,
                  std::span<const RecordedAction> actions, Drift& d) {
  if (d.ply < 1 || d.ply > static_cast<int>(actions.size())) return;
  Result<RulesetPtr> stored = store.RulesetByHash(g.ruleset_hash);
  if (!stored) return;
  const Ruleset& rules = *stored.value();
  if (g.players.size() < static_cast<size_t>(rules.min_players) ||
      g.players.size() > static_cast<size_t>(rules.max_players)) {
    return;
  }
  const Game game(rules, static_cast<int>(g.players.size()));
  State s = game.NewInitialState();
  for (int i = 0; i + 1 < d.ply; ++i) {
    if (!ApplyChecked(game, s, actions[static_cast<size_t>(i)].action)) return;
  }
  d.round = s.vars[rules.builtin.round];
  const Action& a = actions[static_cast<size_t>(d.ply - 1)].action;
  // Only a move the stored rules accept can be named.
  State after = s;
  if (ApplyChecked(game, after, a)) d.move = MoveText(game, s, a, g.players);
}

// Replays one line's actions under `game` into `d.reason` (empty: they all
// replay); plies up to `from` were checked with the line they came from and
// are only applied. Returns the last position.
State ReplayActions(const Game& game, std::span<const RecordedAction> actions, int from,
                    VerifyReport& report, Drift& d) {
  State s = game.NewInitialState();
  for (size_t i = 0; i < actions.size() && d.reason.empty(); ++i) {
    d.ply = static_cast<int>(i) + 1;
    if (d.ply <= from) {
      if (!ApplyChecked(game, s, actions[i].action)) d.reason = "no longer replays";
      continue;
    }
    if (game.IsTerminal(s)) {
      d.reason = "the game is over before this move now";
      break;
    }
    const int legal = LegalCount(game, s);
    const bool chance = game.IsChance(s);
    Status applied = ApplyChecked(game, s, actions[i].action);
    if (!applied) {
      d.reason = "no longer legal: " + applied.error().message;
    } else if (legal != actions[i].legal) {
      d.reason = std::string(chance ? "chance outcomes" : "legal actions") + ": " +
                 std::to_string(actions[i].legal) + " recorded, " +
                 std::to_string(legal) + " now";
    }
    if (legal != actions[i].legal) {
      d.legal_recorded = actions[i].legal;
      d.legal_now = legal;
    }
    ++report.actions;
  }
  return s;
}

// The game's variations (nested ones too), each from its branch on; the
// first that drifts fills `d` and `line` with its moves.
Status ReplayVariations(Store& store, const Game& game, const GameSummary& g,
                        VerifyReport& report, Drift& d,
                        std::vector<RecordedAction>& line) {
  Result<GameRecord> record = store.LoadGame(g.id);
  if (!record) return record.errors();
  for (const Variation& v : record.value().variations) {
    Result<std::vector<RecordedAction>> actions = LineActions(record.value(), &v);
    if (!actions)
      return Diagnostic({},
                        "game " + std::to_string(g.id) + ": " + actions.error().message);
    ReplayActions(game, actions.value(), v.ply, report, d);
    if (!d.reason.empty()) {
      d.variation = v.id;
      line = std::move(actions).value();
      return Ok();
    }
  }
  d.ply = 0;
  return Ok();
}

// The rules a game is checked against: the current ruleset of its name, or
// for house rules (no ruleset of that name here) the rules it carries, so
// only an engine change can make it drift.
Result<Result<RulesetPtr>> RulesFor(Store& store, const GameSummary& g,
                                    const Result<RulesetPtr>& current,
                                    VerifyReport& report) {
  if (current || !ResolveRulesetPath(g.ruleset_name).empty()) return current;
  Result<RulesetPtr> own = store.RulesetByHash(g.ruleset_hash);
  if (!own) return own.errors();
  ++report.house_rules;
  return own;
}

// The players' count the rules allow now; else why not, as a drift's reason.
std::string PlayersDrift(const Ruleset& rules, const GameSummary& g) {
  const int players = static_cast<int>(g.players.size());
  if (players >= rules.min_players && players <= rules.max_players) return "";
  return std::to_string(players) + " players: " + rules.name + " is for " +
         std::to_string(rules.min_players) + " to " + std::to_string(rules.max_players) +
         " now";
}

// The main line, then (when the game has any) its variations: the first drift
// fills `d`, and `variation_line` the moves of a variation that drifted.
Status ReplayLines(Store& store, const Ruleset& rules, const GameSummary& g,
                   bool has_variations, std::span<const RecordedAction> actions,
                   std::vector<RecordedAction>& variation_line, VerifyReport& report,
                   Drift& d) {
  const Game game(rules, static_cast<int>(g.players.size()));
  const State last = ReplayActions(game, actions, 0, report, d);
  if (d.reason.empty()) {
    const std::string now = ResultText(game, last, g.players);
    if (now != g.result) {
      d.ply = static_cast<int>(actions.size());
      d.reason = "the result was '" + g.result + "', now '" + now + "'";
    }
  }
  if (!d.reason.empty() || !has_variations) return Ok();
  return ReplayVariations(store, game, g, report, d, variation_line);
}

}  // namespace

Result<VerifyReport> VerifyStore(Store& store, const VerifyOptions& options) {
  const auto current_of = options.current
                              ? options.current
                              : [](const std::string& name) { return LoadRuleset(name); };
  std::map<std::string, Result<RulesetPtr>> current;
  int64_t total = 0;
  if (options.progress) {
    Result<int64_t> count = store.GameCount();
    if (!count) return count.errors();
    total = count.value();
  }
  VerifyReport report;
  Result<std::set<int64_t>> with_variations = store.GamesWithVariations();
  if (!with_variations) return with_variations.errors();
  const auto visit = [&](const GameSummary& g,
                         std::span<const RecordedAction> actions) -> Status {
    ++report.games;
    if (options.progress && report.games % 256 == 0)
      options.progress(report.games, total);
    auto it = current.find(g.ruleset_name);
    if (it == current.end())
      it = current.emplace(g.ruleset_name, current_of(g.ruleset_name)).first;
    Drift d;
    d.game = g.id;
    d.ruleset_name = g.ruleset_name;
    d.stored_hash = g.ruleset_hash;
    Result<Result<RulesetPtr>> rules_for = RulesFor(store, g, it->second, report);
    if (!rules_for) return rules_for.errors();
    const Result<RulesetPtr>& against = rules_for.value();
    if (!against) {
      d.reason = "the current ruleset " + g.ruleset_name +
                 " does not load: " + against.error().message;
      report.drifts.push_back(std::move(d));
      return Ok();
    }
    const Ruleset& rules = *against.value();
    d.current_hash = rules.content_hash;
    d.reason = PlayersDrift(rules, g);
    if (!d.reason.empty()) {
      report.drifts.push_back(std::move(d));
      return Ok();
    }
    std::vector<RecordedAction> variation_line;
    if (Status st = ReplayLines(store, rules, g, with_variations.value().count(g.id) > 0,
                                actions, variation_line, report, d);
        !st) {
      return st;
    }
    if (!variation_line.empty()) actions = variation_line;
    if (!d.reason.empty()) {
      DescribeMove(store, g, actions, d);
      report.drifts.push_back(std::move(d));
    }
    return Ok();
  };
  if (Status st = store.ForEachGame({options.ruleset, "", 0}, visit); !st)
    return st.errors();
  if (options.progress) options.progress(report.games, total);
  return report;
}

std::string DriftText(const Drift& d) {
  std::string text = "game " + std::to_string(d.game);
  if (d.variation) text += ", variation " + std::to_string(d.variation);
  text += ": ";
  if (d.ply > 0) {
    text += "ply " + std::to_string(d.ply);
    if (d.round > 0) text += " (round " + std::to_string(d.round) + ")";
    text += ": ";
    if (!d.move.empty()) text += d.move + ": ";
  }
  text += d.reason + " (stored " + d.ruleset_name + " " + d.stored_hash + ", current " +
          (d.current_hash.empty() ? std::string("does not load")
                                  : d.ruleset_name + " " + d.current_hash) +
          ")";
  return text;
}

}  // namespace angler
