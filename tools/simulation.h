// Many games of one ruleset with bots, summed up: what `sim` reports and
// `bench` times. Game i is played with seed DeriveSeed(seed, i), so a run is a
// pure function of its arguments.
#ifndef ANGLER_TOOLS_SIMULATION_H_
#define ANGLER_TOOLS_SIMULATION_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "dsl/text.h"
#include "interpreter/game.h"
#include "tools/bots.h"
#include "tools/runner.h"

namespace angler {

struct SimulationStats {
  int games = 0;
  int players = 0;
  // Games that reached their end without an error; means are over these.
  int completed = 0;
  std::vector<int64_t> wins;         // per seat; a shared win counts for each winner
  std::vector<int64_t> rank_totals;  // per seat, Game::Rank at the end
  int64_t actions = 0;               // in completed games
  std::vector<int64_t> end_reasons;  // per Ruleset::end_reasons index; 0: normal end
  int64_t ruleset_errors = 0;        // games that ended with State::error
  int64_t failures = 0;              // a bot chose an illegal action, or no end
  std::string first_error;           // of either kind
  // FNV-1a over every action of every game: any change in what the engine
  // does shows up here.
  uint64_t signature = kFnvOffset;

  int64_t errors() const { return ruleset_errors + failures; }
  int64_t ended_early() const;  // completed games with an end reason other than 0
  double MeanRank(int seat) const;
  double MeanActions() const;
};

// Plays `games` games; after each one calls progress(done) if given.
// REQUIRES: seats.size() == game.players().
SimulationStats Simulate(const Game& game, const std::vector<Bot*>& seats, int games,
                         uint64_t seed, const std::function<void(int)>& progress = {},
                         const std::function<void(const GameResult&)>& each = {});

}  // namespace angler

#endif  // ANGLER_TOOLS_SIMULATION_H_
