// What applying an action did, as data: each card moved, each variable
// changed, the boundaries of rounds and tricks, the decision asked next and the
// game's end, each with its cause. For programs (narration in play, viewers,
// tests); the engine itself never reads them.
//
// Game::Apply(s, a, &log) appends the events of one action in the order the
// changes happen. Without a log (the default) nothing is recorded: the engine
// pays one null-pointer test per change.
//
// INVARIANTS (events_test.cc checks them on random games of every shipped
// ruleset):
//  - replaying an action's kMove, kShuffle and kSet events (ReplayEvents) onto
//    the state before the action gives the zones (cards in order) and the
//    variables of the state after it;
//  - a kSet event is recorded only when the value changes (before != after);
//  - the first event of an action is its kAction, the last a kAsk or kGameEnd.
// REQUIRES: an EventLog is used with the ruleset whose game filled it.
#ifndef ANGLER_INTERPRETER_EVENTS_H_
#define ANGLER_INTERPRETER_EVENTS_H_

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "interpreter/limits.h"

namespace angler {

struct Ruleset;
struct State;

// Why something happened: the ruleset section whose code was running
// (Ruleset::sections: "setup", "trick.end", "effects.call_color", or a
// procedure's own step such as "trick"), the card whose effect ran (kNoCard
// outside effects), and the instruction (Ruleset::code; its pos is the place
// in the source).
struct Cause {
  int16_t section = 0;
  int16_t card = kNoCard;
  int32_t pc = -1;
};

enum class EventKind : uint8_t {
  kAction,      // the action applied: player, value (card, option, pile), seed
  kMove,        // card: zone from -> zone to, onto its top (or bottom if `bottom`)
  kShuffle,     // zone `to` shuffled by Rng(seed)
  kSet,         // variable slot `slot`: before -> after
  kRoundBegin,  // round `after` begins
  kTrickBegin,  // trick `after` (trick_number, from 0) begins; player: the leader
  kTrickEnd,    // player won the trick (card: the winning card, if the rule names one)
  kTurnBegin,   // player's turn begins (the turn procedure)
  kAsk,         // a decision is open: player (-1: everyone or chance),
                // before = its DecisionKind, after = how many options
  kGameEnd,     // the game is over: slot = end reason (0: normal end), after = 1 on a
                // ruleset error
};

// A small flat record; names are looked up in the Ruleset when shown.
struct Event {
  EventKind kind = EventKind::kAction;
  bool bottom = false;
  int8_t player = -1;
  int16_t card = kNoCard;
  int16_t from = -1, to = -1;  // zone ids
  int16_t slot = -1;           // variable slot (Ruleset::variables[i].slot + seat)
  int32_t before = 0, after = 0;
  uint64_t seed = 0;
  Cause cause;
};

// The events of one or more actions, in order. Recording allocates; clear()
// keeps the capacity for the next action.
class EventLog {
 public:
  void clear() { events_.clear(); }
  size_t size() const { return events_.size(); }
  // Forgets the events after the first n (an instruction undone).
  void Truncate(size_t n) { events_.resize(std::min(n, events_.size())); }
  std::span<const Event> events() const { return events_; }
  void Add(const Event& e) { events_.push_back(e); }

  void Moved(int card, int from, int to, bool bottom, const Cause& cause);
  void Set(int slot, int32_t before, int32_t after, const Cause& cause);

 private:
  std::vector<Event> events_;
};

// Applies the kMove, kShuffle and kSet events to `s` (the others change nothing
// that a state keeps in zones or variables).
void ReplayEvents(State& s, std::span<const Event> events);

// The variable a slot belongs to and the seat (-1 for a shared variable);
// {-1, -1} for a slot no variable owns.
struct VariableAt {
  int variable = -1;
  int seat = -1;
};
VariableAt VariableOfSlot(const Ruleset& rules, int slot);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_EVENTS_H_
