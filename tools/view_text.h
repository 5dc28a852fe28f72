// A position view (interpreter/view.h) as text for people: the one drawing
// of a position that `angler play`, `replay show` and `replay step` print.
//
//   -- round 1, trick 2 of 9, trump green --
//   scores: Anne 0, Bob 3, Carl 0
//   trick: yellow 7 (Anne), yellow 3 (Bob)
//   hand Anne: blue 2, yellow 10
//   ...
//
// REQUIRES: the view was built with names for every seat.
#ifndef ANGLER_TOOLS_VIEW_TEXT_H_
#define ANGLER_TOOLS_VIEW_TEXT_H_

#include <string>

#include "interpreter/view.h"

namespace angler {

// The round line, the scores and everything on the table, hands included.
std::string PositionText(const PositionView& view);

// The scores (or ranks) line: "scores: Anne 0, Bob 3\n".
std::string ScoresText(const PositionView& view);

// The decision and its legal moves, numbered; or how the game ended and
// the final ranks (StandingsText).
std::string DecisionListText(const PositionView& view);

// Once the game is over, every seat by place, with its score (its rank
// where the ruleset shows no score); "" before the end:
//   final ranks:
//     1. Anne 8
//     1. Bob 8
//     3. Carl 1
std::string StandingsText(const PositionView& view);

// "swarm 8 (green back)": a card as people see it.
std::string CardText(const CardView& card);

// A choice of several cards under way: "chosen: clubs 4, clubs 6; 1 more to
// choose\n"; "" before the first pick and at any other decision.
std::string ChosenText(const PositionView& view);

}  // namespace angler

#endif  // ANGLER_TOOLS_VIEW_TEXT_H_
