// What a chance action produces, as cards and values rather than as the
// random generator's seed: the new order of a shuffled zone, or the value a
// random pick drew. Game::Apply draws through the same two functions, so what
// is stated here is what the game does.
//
// REQUIRES: `s` is at a chance decision (Game::IsChance) and `a` is a chance
// action.
#ifndef ANGLER_INTERPRETER_CHANCE_OUTCOME_H_
#define ANGLER_INTERPRETER_CHANCE_OUTCOME_H_

#include <cstdint>
#include <vector>

#include "interpreter/state.h"

namespace angler {

// Shuffles the cards of `zone` in place with the outcome `seed`.
void ShuffleZone(State& s, int zone, uint64_t seed);
// The value a random pick among `d.options` draws with the outcome `seed`.
int16_t PickValue(const Decision& d, uint64_t seed);

struct ChanceOutcome {
  bool pick = false;       // a value drawn (else a shuffle)
  int zone = -1;           // the shuffle's zone
  int value = 0;           // the pick's value
  std::vector<int> cards;  // the shuffle: the zone's cards after it, bottom first
};

ChanceOutcome OutcomeOf(const State& s, uint64_t seed);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_CHANCE_OUTCOME_H_
