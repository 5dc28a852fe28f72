// The proof that tools/handcoded_hearts plays rulesets/hearts.yaml: both play
// the same deal with the same choices, and at every decision they must offer
// the same seat the same cards, and at the end give the same scores.
//
// REQUIRES: `game` is the hearts ruleset at 4 players.
#ifndef ANGLER_TOOLS_HANDCODED_HEARTS_CHECK_H_
#define ANGLER_TOOLS_HANDCODED_HEARTS_CHECK_H_

#include <cstdint>

#include "dsl/source.h"
#include "interpreter/game.h"

namespace angler {

// Deals with the ruleset (seed drives the shuffle, the direction and the
// choices, uniform over the legal ones); returns the first disagreement
// (the decision, what each side offered), else the number of decisions.
Result<int> CheckHandcodedHearts(const Game& game, uint64_t seed);

}  // namespace angler

#endif  // ANGLER_TOOLS_HANDCODED_HEARTS_CHECK_H_
