// The search procedure (ruleset keys `formation:`, `errors:` and `search:`):
// generated picture cards show a formation of pieces, some of them wrong by
// an error pattern; when the program runs search(), every active player
// marks the pieces they think wrong, or stops.
//
// Read by loader_cards.cc (the formation, the patterns, the generated cards'
// faces) and loader_program.cc (`search:`); played by game_search.cc and
// game_apply.cc; drawn by formation.h's Picture.
//
// Invariants: faces[i] is the face of the generated cards with face == i;
// every error pattern's pieces are pieces of the formation.
#ifndef ANGLER_INTERPRETER_SEARCH_PROCEDURE_H_
#define ANGLER_INTERPRETER_SEARCH_PROCEDURE_H_

#include <vector>

#include "interpreter/formation.h"

namespace angler {

struct SearchProcedure {
  Formation formation;
  std::vector<ErrorPattern> error_patterns;
  std::vector<ErrorCard> faces;  // of the generated cards (CardInfo::face)
  int active = -1;  // node: a condition on p, who searches (-1: no `search:`)
  int card = -1;    // node: the card being searched
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_SEARCH_PROCEDURE_H_
