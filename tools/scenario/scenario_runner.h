// Runs parsed scenarios (dsl/scenario.h) against the engine.
//
// A scenario's names are resolved against its ruleset first (cards, zones,
// variables, players: unknown ones are errors with a "did you mean"); then the
// position is built, the moves are applied and each expectation is checked.
// The first expectation that does not hold ends the scenario as a failure,
// reported with its line, what it expected and what the game shows instead.
//
// The position: the ruleset's normal setup runs (chance resolved with the
// scenario's seed) up to the first decision; the setup lines then change it:
//  - `hand Anne: a, b` makes the zone hold exactly a, b (listed bottom to top);
//    each card is taken from wherever it is, the zone's other cards go to the
//    setup zone; `deck top: a, b` puts a on top with b below it, and
//    `bottom:` does the same from the bottom, leaving the other cards;
//  - variables are set by name (`score Anne = 3`, `called = green`); `turn`
//    sets the leader too, since a position starts at a trick's start.
// The program then restarts at the start of a trick, playing as many tricks as
// the largest hand holds unless `tricks` is set; or, with `at start of round
// N`, at the start of round N (hands not listed are emptied first). A game of
// plain rounds (neither tricks nor turns, such as a search game) always starts
// at the start of a round: its setup runs with the seed and stops where round
// 1 would begin, the setup lines change that, and round N (`at start of round
// N`, else the `round` set, else 1) begins; hands are kept. Chance is
// always resolved with the seed, so every line sees the game at a player's
// decision or over. The seed is a game seed (GameStreams, interpreter/rng.h):
// `seed S` deals exactly as `angler play --seed S`, and `run until` chooses as
// random bots do in `sim` and `play`, each seat from its own stream.
//
// The search (search()): `Antje marks 3, 7` marks pieces 3 and 7 one by one,
// `Antje unmarks 7` takes a mark back, `Antje stops` and `Antje and Bob stop`
// stop the search (all named at once). A number variable reads as a set:
// `expect marks Antje: 3, 7` holds when exactly bits 3 and 7 are set.
//
// Expectations on zones: `won Anne: a, b` holds exactly a, b in any order;
// `deck top: a, b` has a on top and b below it; `deck top 12 ...` looks at
// the top 12 cards only (`: cards`, `count N`, `has cards`). `Anne catches a`
// looks in Anne's zone where the trick procedure puts caught cards. `turn
// Anne` means the decision is Anne's now, inside an effect too.
#ifndef ANGLER_TOOLS_SCENARIO_SCENARIO_RUNNER_H_
#define ANGLER_TOOLS_SCENARIO_SCENARIO_RUNNER_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dsl/scenario.h"
#include "dsl/source.h"

namespace angler {

struct ScenarioOutcome {
  enum class Status : uint8_t { kPass, kFail, kError };
  Status status = Status::kPass;
  std::string title;
  SourcePos pos;  // the scenario's first line
  // kFail: the line that did not hold, what it expected and what the game shows.
  SourcePos failed_at;
  std::string expected;
  std::string actual;
  // kError: why the scenario could not run (unknown names, a ruleset that does not load).
  std::vector<Diagnostic> errors;
};

class ScenarioRunner {
 public:
  ScenarioRunner();
  ~ScenarioRunner();
  ScenarioRunner(const ScenarioRunner&) = delete;
  ScenarioRunner& operator=(const ScenarioRunner&) = delete;

  // Rulesets are loaded once per runner and shared by every scenario naming
  // the same file with the same inline changes.
  ScenarioOutcome Run(const Scenario& scenario);

  // A loaded ruleset with the lookups scenarios need (defined in the .cc).
  struct Loaded;

 private:
  Result<const Loaded*> Load(const Scenario& scenario);

  std::map<std::string, std::unique_ptr<Loaded>> cache_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SCENARIO_SCENARIO_RUNNER_H_
