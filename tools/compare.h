// Two rulesets played on the same seeds (common random numbers): game i of
// both runs starts from the same seed, so the deal, the bots' streams and
// everything chance decides are shared as far as the rules let them be, and
// each difference is measured game by game (paired), which needs far fewer
// games than comparing two independent runs.
//
// A difference is B - A, with a 95% interval from Student's t over the
// per-game differences; it is significant when the interval excludes 0.
// Every interval stands alone (no correction for the many of them): among
// twenty rows that truly do not differ, about one is flagged by chance.
#ifndef ANGLER_TOOLS_COMPARE_H_
#define ANGLER_TOOLS_COMPARE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "tools/bots.h"
#include "tools/sim_report.h"
#include "tools/simulation.h"
#include "tools/statistics.h"

namespace angler {

// One measure compared: its per-game values under A and B, and their
// differences game by game.
struct PairedMeasure {
  std::string measure;  // "win_rate", "mean_score", "game_length", "end_reason"
  int seat = -1;        // for the per-seat measures
  std::string reason;   // for end_reason: its name ("" : the normal end)
  Moments a, b, difference;

  // Two games paired at least (else n/a).
  std::optional<Interval> DifferenceInterval() const { return difference.MeanInterval(); }
  // A game paired: the means are numbers (else n/a).
  bool Measured() const { return difference.n > 0; }
  bool Significant() const {
    const std::optional<Interval> i = DifferenceInterval();
    return i && i->ExcludesZero();
  }
};

struct Comparison {
  SimReport a, b;            // each ruleset's own report
  int64_t paired_games = 0;  // games that ended without an error under both
  std::vector<PairedMeasure> measures;
};

// Plays `range` under both games (same players, same bots) on `threads`
// threads; progress(done) counts the games of both runs together.
// REQUIRES: a.players() == b.players() == seats.size(); as SimulateRange.
Comparison Compare(const Game& a, const Game& b, const std::vector<Bot*>& seats,
                   const GameRange& range, int threads,
                   const std::function<void(int64_t)>& progress = {});

}  // namespace angler

#endif  // ANGLER_TOOLS_COMPARE_H_
