// Binds a scenario's lines to its ruleset: player, card, zone, variable and
// value names are looked up (with a "did you mean" when unknown) and each line
// becomes a Bound the scenario's game can play or check.
#ifndef ANGLER_TOOLS_SCENARIO_BINDER_H_
#define ANGLER_TOOLS_SCENARIO_BINDER_H_

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dsl/scenario.h"
#include "dsl/source.h"
#include "tools/scenario/bound.h"

namespace angler {

class Binder {
 public:
  Binder(const ScenarioRunner::Loaded& loaded, const Scenario& s)
      : loaded_(loaded), r_(*loaded.rules), s_(s) {
    for (const ScnToken& p : s.players) names_.push_back(p.text);
    for (const ZoneFamily& z : r_.zones) subjects_.push_back(z.name);
    for (const Variable& v : r_.variables) subjects_.push_back(v.name);
    for (const char* k : {"expect", "run", "players", "ruleset", "seed", "rank"}) {
      subjects_.push_back(k);
    }
  }

  std::vector<Diagnostic>& errors() { return errors_; }
  const std::vector<int>& set_slots() const { return set_slots_; }

  void BindSetup(const ScnLine& l, Bound& b);

  void BindStep(const ScnLine& l, Bound& b);

 private:
  void Error(SourcePos pos, std::string message);

  int Player(const ScnToken& t);

  CardRef Card(const ScnPhrase& p);

  // A setup line may not place more copies of a card than the game has.
  void Place(const CardRef& c, const ScnLine& l);

  // The head of a setup line or expectation: a zone or a variable (with its
  // player), then what the rest of the line says about it.
  bool Subject(const ScnLine& l, bool setup, Bound& b);

  bool ZoneLine(const ScnLine& l, bool setup, Bound& b, int family, int seat,
                size_t next);

  // `hand Anne all suit in [blue, yellow]`: the condition compiled as a play
  // rule is (the card's attributes bare), into the rules' copy for conditions.
  bool Condition(const ScnLine& l, Bound& b);

  // `expect rank Anne = 23`: the ruleset's rank (`game: rank`) of a player.
  bool RankLine(const ScnLine& l, bool setup, Bound& b);

  bool VariableLine(const ScnLine& l, bool setup, Bound& b, int var, int seat,
                    size_t next);

  // `marks Antje: 3, 7`: the marks read as a set, bit n for piece n, each piece
  // checked against the formation.
  bool SetLine(const ScnLine& l, Bound& b, size_t next);

  std::string NoPiece(int64_t n) const;

  // A phrase read as a value of `type`; nullopt (and an error) if it is not one.
  std::optional<Value> ValueOf(Type type, const ScnPhrase& p, const std::string& what);

  void Move(const ScnMove& m, Bound& b);

  bool IsValue(const ScnPhrase& p) const;

  const ScenarioRunner::Loaded& loaded_;
  const Ruleset& r_;
  const Scenario& s_;
  std::vector<std::string> names_;
  std::vector<std::string> subjects_;  // zone and variable names, for suggestions
  std::vector<Diagnostic> errors_;
  // Card name -> (copies placed so far, the line placing the first).
  std::map<std::string, std::pair<int, int>> placed_;
  std::vector<int> set_slots_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SCENARIO_BINDER_H_
