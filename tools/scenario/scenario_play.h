// Plays one bound scenario: sets up its position on the ruleset's game (the
// seed's deal, then the setup lines), plays its moves as the engine's actions
// and checks its expectations, stopping at the first that does not hold.
#ifndef ANGLER_TOOLS_SCENARIO_SCENARIO_PLAY_H_
#define ANGLER_TOOLS_SCENARIO_SCENARIO_PLAY_H_

#include <optional>
#include <string>
#include <vector>

#include "dsl/scenario.h"
#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "tools/scenario/bound.h"

namespace angler {

class ScenarioPlay {
 public:
  ScenarioPlay(const Ruleset& rules, const Scenario& s)
      : r_(rules),
        s_(s),
        game_(r_, static_cast<int>(s.players.size())),
        streams_(s.seed) {
    for (const ScnToken& p : s.players) names_.push_back(p.text);
  }

  ScenarioOutcome Run(const std::vector<Bound>& setup, const std::vector<Bound>& steps,
                      const std::vector<int>& set_slots);

 private:
  // The ruleset's setup, then the scenario's changes, then the game restarts.
  void Position(const std::vector<Bound>& setup, const std::vector<int>& set_slots);
  // The game as the seed deals it, or for plain rounds up to where round 1
  // would start; true when that is the whole position (no setup lines).
  bool DealBySeed(const std::vector<Bound>& setup, bool plain_rounds);
  // Nothing in flight: no decision, frame, loop, trigger or pending effect.
  void ClearFlow();
  // The setup lines' cards and values; which zones were listed whole.
  std::vector<bool> PlaceSetup(const std::vector<Bound>& setup);
  // The game goes on from the made-up position: at the start of a round, or
  // of a trick (a turn) with the hands as they are.
  void RestartAt(const std::vector<bool>& zone_listed, const std::vector<int>& set_slots,
                 bool plain_rounds);

  void EmptyZone(int zone);

  // Shuffles (and any other chance) are decided by the scenario's seed.
  void Chance();

  std::string EngineStopped() const;
  // What a position `at start of round N` likely lacks when the engine
  // stopped making it: hands the round did not fill, or a round past the end.
  std::string PositionHint() const;

  bool Step(const Bound& b);

  bool Fail(const SourcePos& at, std::string expected, std::string actual);

  std::string Name(int seat) const;

  std::string CardName(int card) const;

  Type OptionType(const State& s) const;

  // What the player deciding now has to do: "play a card", "choose a suit".
  std::string What(const State& s) const;

  std::string GoesOn() const;

  const std::string& Reason() const { return r_.end_reasons[state_.end_reason]; }

  std::string Over() const;

  std::string ValueText(Type type, int64_t v) const;

  // A set of numbers as a scenario writes it: "3, 7", or "nothing".
  static std::string SetText(int64_t bits);

  // The card a move means: the copy among the options if there is one.
  static int Pick(const std::vector<int>& ids, const Decision& d);

  std::optional<int64_t> OptionValue(Type type, const CardRef& thing,
                                     const State& s) const;

  // Applies a move's actions in turn (resolving chance after each); stops at
  // the first that is not allowed and says why. Empty when all were applied.
  std::string Move(State& s, const Bound& b);

  // Whether `player` may mark and stop in the search open now.
  bool Searching(const State& s, int player) const;

  // Resolves chance after an action: with the scenario's seed on the real
  // state, with a copy of it on a trial.
  void After(State& s);

  // The search: each piece marked (or unmarked) in turn, one kMark each; or one
  // kStop of everyone named. `marks` refuses a piece already marked and
  // `unmarks` one that is not, so a scenario says what the player's sheet shows.
  std::string Search(State& s, const Bound& b);

  // One lay action: the cards (each the copy in the mover's hand) onto a pile.
  std::string Lay(State& s, const Bound& b);

  bool RunUntil(const ScnLine& l);

  // The cards a zone line looks at, bottom to top.
  std::vector<int> Cards(const Bound& b) const;

  std::string Names(const std::vector<int>& cards) const;

  std::string Subject(const Bound& b) const;

  static std::vector<std::string> Written(const std::vector<CardRef>& cards);

  bool Has(const Bound& b, const std::string& claim);

  bool ZoneExpectation(const Bound& b);

  bool RankExpectation(const Bound& b);

  // `all COND`: no card of the zone fails it; `none COND`: no card meets it.
  bool ConditionExpectation(const Bound& b);

  bool ValueExpectation(const Bound& b);

  const Ruleset& r_;
  const Scenario& s_;
  Game game_;
  GameStreams streams_;  // the seed's streams, as sim and play use them
  State state_;
  std::vector<std::string> names_;
  ScenarioOutcome outcome_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_SCENARIO_SCENARIO_PLAY_H_
