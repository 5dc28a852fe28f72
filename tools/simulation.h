// Many games of one ruleset with bots, summed up: what `sim` reports and
// `bench` times. Game i of a run is played with seed DeriveSeed(seed, i), so a
// run is a pure function of its arguments, and any slice of it (a thread's
// games, a machine's shard) can be played on its own and added up after.
//
// INVARIANT: everything in SimulationStats but `chained_hash` depends only on
// which games were added, not on their order, so stats of disjoint slices
// Merge into exactly the stats of the whole run.
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
#include "tools/statistics.h"

namespace angler {

struct SimulationStats {
  int64_t games = 0;
  int players = 0;
  // Games that reached their end without an error; means are over these.
  int64_t completed = 0;
  std::vector<int64_t> wins;         // per seat; a shared win counts for each winner
  std::vector<int64_t> rank_totals;  // per seat, Game::Rank at the end
  std::vector<Histogram> ranks;      // per seat: how often each final rank occurred
  Histogram lengths;                 // actions per completed game
  int64_t actions = 0;               // in completed games
  std::vector<int64_t> end_reasons;  // per Ruleset::end_reasons index; 0: normal end
  // Completed games whose end reason the ruleset's display calls early
  // (sim's "ended early" and its JSON key "overfished").
  int64_t ended_early = 0;
  int64_t ruleset_errors = 0;     // games that ended with State::error
  int64_t failures = 0;           // a bot chose an illegal action, or no end
  std::string first_error;        // of the earliest game with an error of either kind
  int64_t first_error_game = -1;  // that game's index in the run
  // The run's signature: the sum over games of a hash of the game's index and
  // every action, so any change in what the engine does shows up here, and
  // slices of a run add up to it.
  uint64_t signature = 0;
  // FNV-1a over every action of every game, in the order they were added:
  // `bench`'s signature. Only Simulate (one thread, games in order) keeps it;
  // Merge leaves it alone.
  uint64_t chained_hash = kFnvOffset;

  SimulationStats() = default;
  explicit SimulationStats(const Game& game);

  int64_t errors() const { return ruleset_errors + failures; }
  // Over the completed games, as every mean here is: a game that ended in an
  // error has no winner and no score. 0 when no game completed.
  double WinRate(int seat) const;
  double MeanRank(int seat) const;
  double MeanActions() const;

  // Adds game `index` of the run: `played` says whether it could be played
  // (PlayGame), `result` is the game.
  // REQUIRES: result was played continuing chained_hash (PlayGame's chain).
  void Add(const Game& game, int64_t index, const Status& played,
           const GameResult& result);
  // Adds the stats of another slice of the same run (same ruleset, players).
  void Merge(const SimulationStats& other);
};

// Games [first, first + count) of the run with this seed.
struct GameRange {
  uint64_t seed = 0;
  int64_t first = 0;
  int64_t count = 0;
};

// The run of `games` games cut into `of` consecutive slices, as even as can
// be: slice `index` (0-based) of them.
GameRange Slice(uint64_t seed, int64_t games, int index, int of);

// Plays `games` games on the calling thread; after each one calls
// progress(done) if given.
// REQUIRES: seats.size() == game.players().
SimulationStats Simulate(const Game& game, const std::vector<Bot*>& seats, int games,
                         uint64_t seed, const std::function<void(int)>& progress = {},
                         const std::function<void(const GameResult&)>& each = {});

// Plays the games of `range` on `threads` threads. Whatever the number of
// threads, the stats, and the order of the calls of `each` (game order), are
// those of one thread. `progress` and `each` run on the calling thread.
// REQUIRES: threads >= 1; seats.size() == game.players(). With more than one
// thread, each plays with Clone()s of the seats' bots.
SimulationStats SimulateRange(const Game& game, const std::vector<Bot*>& seats,
                              const GameRange& range, int threads,
                              const std::function<void(int64_t)>& progress = {},
                              const std::function<void(const GameResult&)>& each = {});

// The number of cores (at least 1): the default of --threads.
int DefaultThreads();

}  // namespace angler

#endif  // ANGLER_TOOLS_SIMULATION_H_
