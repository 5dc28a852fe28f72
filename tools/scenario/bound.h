// A scenario's lines with their names resolved against its ruleset: what the
// binder (binder.h) makes of a line and the scenario's game (scenario_play.h)
// plays and checks.
//
// REQUIRES: a Bound points into the Scenario it was bound from and the
// ScenarioRunner::Loaded it was bound against; both outlive it.
#ifndef ANGLER_TOOLS_SCENARIO_BOUND_H_
#define ANGLER_TOOLS_SCENARIO_BOUND_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "dsl/scenario.h"
#include "interpreter/loader.h"
#include "interpreter/ruleset.h"
#include "interpreter/state.h"
#include "tools/scenario/scenario_runner.h"

namespace angler {

struct ScenarioRunner::Loaded {
  RulesetPtr rules;
  std::unordered_map<std::string, std::vector<int>> cards;  // name -> every copy
  std::vector<std::string> card_names;                      // each name once
  int capture_family = -1;  // where the trick's winner puts the cards, if known
  // A copy of the rules that scenarios' zone conditions (`all ...`) compile
  // into, so the shared rules stay as loaded.
  std::shared_ptr<Ruleset> conditions;
};

// A card as named in the scenario, with every physical copy of that name.
struct CardRef {
  std::string name;
  const std::vector<int>* ids = nullptr;
  SourcePos pos;  // where the line names it
};

// A value to set or compare: a constant, or another variable's value when used
// (`Sabine calls led`: the led suit).
struct Value {
  int64_t constant = 0;
  int from_slot = -1;
  int64_t Get(const State& s) const {
    return from_slot >= 0 ? s.vars[from_slot] : constant;
  }
};

// A scenario line with its names resolved.
struct Bound {
  const ScnLine* line = nullptr;
  int zone = -1;        // zone lines
  std::string subject;  // "hand Anne", "score Debbie"
  int var = -1;         // variable lines
  int seat = -1;        // the variable's player
  bool turn = false;    // `turn`: whose decision it is
  Value value;
  std::vector<CardRef> cards;
  std::vector<int> players;     // winners, catches
  int mover = -1;               // moves
  std::vector<CardRef> things;  // the card played, or what is chosen (ids null: a value)
  int pile = -1;                // lays: the number of the pile (row 1: 1)
  std::vector<int> pieces;      // marks: the pieces, in order
  std::vector<int> stoppers;    // stops: every player who stops (-1: unknown)
  bool set = false;             // a number variable read as a set (`marks Antje: 3, 7`)
  bool rank = false;            // `rank Anne = 23`: the ruleset's rank of `seat`
  int condition = -1;           // `all` / `none`: a node of Loaded::conditions
  const Ruleset* condition_rules = nullptr;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SCENARIO_BOUND_H_
