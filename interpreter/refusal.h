// Why a move is refused, in words: not the mover's turn, a card not in the
// hand, or the ruleset's own reason (the `else:` of the play, lead or lay rule
// the card breaks). play, scenarios (`expect illegal`) and replay branch say it.
//
// REQUIRES: `players` names every seat of the game.
#ifndef ANGLER_INTERPRETER_REFUSAL_H_
#define ANGLER_INTERPRETER_REFUSAL_H_

#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/state.h"

namespace angler {

// "" when `a` is legal in `s`; else why not, such as "it is Paul's turn, not
// Anne's", "blue 4 is not in Paul's hand" or "blue 4 does not follow yellow".
std::string WhyRefused(const Game& game, const State& s, const Action& a,
                       const std::vector<std::string>& players);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_REFUSAL_H_
