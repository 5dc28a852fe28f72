// Fixed capacities of a game state. A State is a flat value, copied byte for
// byte (search bots copy it millions of times), so every collection in it has
// a compile-time bound; the loader rejects a ruleset that would exceed one.
#ifndef ANGLER_INTERPRETER_LIMITS_H_
#define ANGLER_INTERPRETER_LIMITS_H_

#include <cstdint>

namespace angler {

using CardId = uint8_t;
inline constexpr int kNoCard = -1;
inline constexpr int kNone = -1;  // the value of `none` for cards, players, suits

inline constexpr int kMaxCards = 240;  // physical cards in one ruleset
inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxZones =
    96;  // zone instances (a per-player family counts once per seat)
inline constexpr int kMaxVarSlots = 128;  // a per-player variable takes kMaxPlayers slots
inline constexpr int kMaxLocals = 12;     // let-variables and loop variables of one frame
inline constexpr int kMaxFrames = 6;      // nested effect calls
inline constexpr int kMaxLoops = 4;       // nested for-loops alive at once
inline constexpr int kMaxLoopItems = 64;  // values one for-loop walks over
inline constexpr int kMaxPlayed = 32;     // cards played into one trick
inline constexpr int kMaxPending = 8;     // next-trick effects waiting
inline constexpr int kMaxTriggers = 16;   // on-enter effects waiting to run
inline constexpr int kMaxEffectsPerCard = 4;
inline constexpr int kMaxLay = 7;  // cards in one lay of the turn procedure
// Distinct values computed once per question (Op::kShared: define
// expansions, the fixed parts of lay rules and per-seat invariants), and,
// apart, once per judged card (Op::kCardShared); past this many a further one
// is simply computed at each use.
inline constexpr int kMaxSharedSlots = 64;
// Cache slots of filters' fixed parts (Op::kCached) and slots of values
// bound by lets (Op::kBound) in one ruleset: the evaluator keeps each in an
// array of this size.
inline constexpr int kMaxSlots = 256;
// The nodes one use of a define may stand for, written out as a tree: a
// define that uses another define, or its argument, twice, nested n deep,
// doubles n times.
// The shipped rulesets' largest is about 200; past this a ruleset error, not
// a load (and evaluations) that runs for hours.
inline constexpr int kMaxExpandedNodes = 1 << 16;
// Expressions nested one inside another once defines are written out (one
// expression alone is at most kMaxNestingDepth, dsl/limits.h): the compiler,
// the node walks and the evaluator recurse this deep.
inline constexpr int kMaxCompiledDepth = 1000;
// The nodes of a whole ruleset, checked before each define is written out:
// many uses of a large define add up. The shipped rulesets have at most 1,300.
inline constexpr int kMaxNodes = 1 << 18;
// Classes of cards a filter judges once each (card_set_plan.cc Classify);
// a condition with more classes is judged card by card.
inline constexpr int kMaxClasses = 64;

// Instructions one Apply may run before the next decision: rules that never
// reach one (a round without decisions whose end never comes) stop with a
// ruleset error naming the instruction instead of looping forever. The
// shipped games run a few hundred at most.
inline constexpr int kMaxStepsPerApply = 1000000;

// Cards filters' conditions may judge in one evaluator's life (one Apply's
// run to the next decision, one depth of the legal lays): filters within
// filters over many cards multiply past any use. The shipped games judge
// at most a few dozen card by card (most filters are judged as card sets),
// a few hundred with unstated cards.
inline constexpr int64_t kMaxJudgedCards = int64_t{1} << 24;

}  // namespace angler

#endif  // ANGLER_INTERPRETER_LIMITS_H_
