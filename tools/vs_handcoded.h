// `angler bench --vs-handcoded`: the hearts ruleset raced against the
// hand-written Hearts of tools/handcoded_hearts.h, in one process, the runs
// interleaved so both meet the same machine, so the gap is measured, never
// remembered. Before the race both play shared deals move by move
// (CheckHandcodedHearts): a race between two different games would be no
// race.
#ifndef ANGLER_TOOLS_VS_HANDCODED_H_
#define ANGLER_TOOLS_VS_HANDCODED_H_

#include <cstdint>
#include <iosfwd>

#include "dsl/source.h"
#include "tools/json.h"

namespace angler {

struct HandcodedRace {
  int checked_deals = 0;
  int runs = 0;
  int engine_games = 0;              // per run
  int handcoded_games = 0;           // per run
  double engine_games_per_s = 0;     // the median run, thread CPU time
  double handcoded_games_per_s = 0;  // likewise
  double ratio() const {
    return engine_games_per_s > 0 ? handcoded_games_per_s / engine_games_per_s : 0;
  }
};

// Plays `runs` rounds, each `games` engine games (random bots, through the
// same path as bench) then as many hand-coded games as take about as long.
// Errors: the hearts ruleset does not load, or the two disagree on a deal.
Result<HandcodedRace> RaceHandcodedHearts(int games, int runs, uint64_t seed);

void WriteRaceTable(const HandcodedRace& race, std::ostream& out);
// A "vs_handcoded" key and its object, inside the caller's object.
void WriteRaceJson(const HandcodedRace& race, JsonWriter& json);

}  // namespace angler

#endif  // ANGLER_TOOLS_VS_HANDCODED_H_
