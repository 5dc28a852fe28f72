#include "tools/simulation.h"

#include <algorithm>

#include "dsl/text.h"
#include "tools/runner.h"

namespace angler {
namespace {

void Mix(uint64_t& hash, uint64_t value) { hash = Fnv1aWord(hash, value); }

uint64_t ActionWord(const Action& a) {
  if (a.kind == ActionKind::kChance) return a.seed;
  return static_cast<uint64_t>(a.kind) << 32 |
         static_cast<uint64_t>(static_cast<uint8_t>(a.player)) << 16 |
         static_cast<uint16_t>(a.value);
}

}  // namespace

int64_t SimulationStats::ended_early() const {
  int64_t early = 0;
  for (size_t r = 1; r < end_reasons.size(); ++r) early += end_reasons[r];
  return early;
}

double SimulationStats::MeanRank(int seat) const {
  if (completed == 0) return 0;
  return static_cast<double>(rank_totals[static_cast<size_t>(seat)]) / completed;
}

double SimulationStats::MeanActions() const {
  if (completed == 0) return 0;
  return static_cast<double>(actions) / completed;
}

SimulationStats Simulate(const Game& game, const std::vector<Bot*>& seats, int games,
                         uint64_t seed, const std::function<void(int)>& progress,
                         const std::function<void(const GameResult&)>& each) {
  SimulationStats stats;
  stats.games = games;
  stats.players = game.players();
  stats.wins.assign(static_cast<size_t>(game.players()), 0);
  stats.rank_totals.assign(static_cast<size_t>(game.players()), 0);
  stats.end_reasons.assign(std::max<size_t>(1, game.rules().end_reasons.size()), 0);
  for (int i = 0; i < games; ++i) {
    Result<GameResult> played =
        PlayGame(game, seats, DeriveSeed(seed, static_cast<uint64_t>(i)));
    if (!played) {
      if (stats.errors() == 0) stats.first_error = played.error().message;
      ++stats.failures;
    } else {
      const GameResult& result = played.value();
      if (each) each(result);
      for (const Action& a : result.actions) Mix(stats.signature, ActionWord(a));
      if (result.final_state.error) {
        if (stats.errors() == 0) {
          stats.first_error = "game seed " + std::to_string(result.seed) + ", after " +
                              std::to_string(result.actions.size()) + " actions: " +
                              RuntimeError(game.rules(), result.final_state).Format();
        }
        ++stats.ruleset_errors;
      } else {
        ++stats.completed;
        stats.actions += static_cast<int64_t>(result.actions.size());
        for (int w : result.winners) ++stats.wins[static_cast<size_t>(w)];
        for (int p = 0; p < game.players(); ++p) {
          stats.rank_totals[static_cast<size_t>(p)] += game.Rank(result.final_state, p);
        }
        const size_t reason = result.final_state.end_reason;
        if (reason < stats.end_reasons.size()) ++stats.end_reasons[reason];
      }
    }
    if (progress) progress(i + 1);
  }
  return stats;
}

}  // namespace angler
