// `replay to-scenario`: a position of a game written as a scenario file
// (dsl/scenario_grammar.h) that a person edits into a rule check.
//
// A scenario sets a position up at the start of a trick and plays moves from
// there, so the file holds the position at the start of the trick in
// progress at the ply asked for (every zone but the trick, the round and the
// variables), then the moves of that trick up to the ply, then the decision
// and its legal moves as a comment. A ply at a shuffle has no trick in
// progress: the file starts at the next trick instead and says so.
#ifndef ANGLER_REPLAY_SCENARIO_WRITER_H_
#define ANGLER_REPLAY_SCENARIO_WRITER_H_

#include <cstdint>
#include <string>

#include "dsl/source.h"
#include "interpreter/ruleset.h"
#include "replay/record.h"

namespace angler {

struct ScenarioPosition {
  std::string text;   // the scenario file
  int start_ply = 0;  // the position it sets up (a trick's start)
  int end_ply = 0;    // after its moves
};

// `current_hash` is the content hash of the ruleset the scenario will name
// (the current one of the record's name); a comment warns when it differs
// from the one the game was played under. `rules_file`: the file the
// scenario names for its rules (house rules written beside it), else the
// ruleset's name.
// A `ply` for WriteScenario: the last position a scenario of the game can
// show. The end, unless the game went on past its last trick (a finished
// game's closing shuffles): then that trick's last move.
inline constexpr int kLastScenarioPly = -1;

Result<ScenarioPosition> WriteScenario(const Ruleset& rules, const GameRecord& record,
                                       int ply, const std::string& current_hash = "",
                                       const std::string& rules_file = "");

}  // namespace angler

#endif  // ANGLER_REPLAY_SCENARIO_WRITER_H_
