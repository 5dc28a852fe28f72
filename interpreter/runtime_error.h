// Ruleset errors found while a game runs, and the place they name.
//
// A rule that overflows a number, names a seat that does not exist or never
// reaches its next decision stops the game (State::error). The state keeps
// which fault it was and where (an expression node or an instruction), so any
// tool can print "rulesets/x.yaml:120:7: error: ..." with the caret.
//
// The numeric model: expressions compute with 64-bit signed integers; a
// + - * / abs or unary - whose result leaves that range is a fault (division
// by zero gives 0, x % 0 gives 0). Variables hold 32-bit signed integers; a
// store that does not fit is a fault. Loop and choice values fit 16 bits.
// A declared invariant that does not hold stops the game the same way, at the
// invariant's own place in the ruleset.
#ifndef ANGLER_INTERPRETER_RUNTIME_ERROR_H_
#define ANGLER_INTERPRETER_RUNTIME_ERROR_H_

#include <cstdint>

#include "dsl/source.h"
#include "interpreter/ruleset.h"
#include "interpreter/state.h"

namespace angler {

// X(name, where, message): where is kNode (State::fault_at is an expression
// node), kInstr (an instruction's index) or kCard (a card: Game::Run turns
// that fault into a kReveal decision, so no finished game keeps it).
#define ANGLER_RUNTIME_FAULTS(X)                                                       \
  X(kNone, kInstr, "no error")                                                         \
  X(kOverflow, kNode, "arithmetic overflow: the result leaves the 64-bit range")       \
  X(kNoSeat, kNode, "there is no such seat at this table")                             \
  X(kStoreOverflow, kInstr, "the value does not fit a variable (32-bit)")              \
  X(kStoreSeat, kInstr, "the value is not a seat at this table")                       \
  X(kLoopValue, kInstr, "a loop or choice value leaves the range -32768..32767")       \
  X(kTooManySteps, kInstr, "the rules run on without a decision (step limit reached)") \
  X(kTooDeep, kInstr, "effects call effects too deeply (frame limit reached)")         \
  X(kTooManyTriggers, kInstr, "too many on-enter effects wait at once")                \
  X(kTooManyLoops, kInstr, "too many loops nested at once")                            \
  X(kTooManyItems, kInstr, "a loop walks over too many values")                        \
  X(kNoPlay, kInstr, "the play rules allow no card from this hand")                    \
  X(kNoWinner, kInstr, "the trick's winner rule names no seat")                        \
  X(kTooManyPending, kInstr, "too many next-trick effects wait at once")               \
  X(kAllSkipped, kInstr, "the skip rule passes over every seat")                       \
  X(kInvariant, kInstr, "an invariant does not hold")                                  \
  X(kUnstatedCard, kCard, "the rules read a card whose place no one has stated")       \
  X(kTooManyJudged, kNode,                                                             \
    "filters judge too many cards before the next decision "                           \
    "(filters within filters, limit reached)")                                         \
  X(kNoLay, kInstr, "the lay rules allow no lay from this hand on any row")

enum class RuntimeFault : uint8_t {
#define ANGLER_FAULT_ENUM(name, where, message) name,
  ANGLER_RUNTIME_FAULTS(ANGLER_FAULT_ENUM)
#undef ANGLER_FAULT_ENUM
};

// The message of a fault, without its place.
const char* RuntimeFaultText(RuntimeFault f);

// The declared invariant that stopped the game, or null.
const Invariant* BrokenInvariant(const Ruleset& rules, const State& state);

// The error of a state that stopped on one (REQUIRES: state.error), with the
// place in the ruleset when it is known.
Diagnostic RuntimeError(const Ruleset& rules, const State& state);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_RUNTIME_ERROR_H_
