// What a move did, told to the people at the table: `angler play` after each
// move, `angler replay step` after each step forward. One narration, so a
// replay reads as the game did when it was played.
//
// First the consequences the engine's events report (tools/event_text.h
// NarrateConsequences): who won a trick and with what, and each change of a
// variable the ruleset's display shows, in the ruleset's words where
// `display: tell` gives them, with the card whose effect caused it
// ("score Debbie: 4 -> 1 (effect of buoy \"-3 points\")"). Then where cards
// went, from the positions before and after: rows cleared or restarted,
// cards that reached a player's pile, the cards a trick sent away.
//
// A seat's viewpoint names its own piles "your ..." and tells only its own
// hand's new cards (the others' hands are secret); a card it may not see is
// counted, not named. An all-seeing viewpoint (a replay) is told every pile.
//
// REQUIRES: `events` are those of applying `action` to `before`, giving
// `after`; `players` names every seat.
#ifndef ANGLER_TOOLS_NARRATION_H_
#define ANGLER_TOOLS_NARRATION_H_

#include <span>
#include <string>
#include <vector>

#include "interpreter/events.h"
#include "interpreter/game.h"
#include "interpreter/view.h"

namespace angler {

// One line per consequence, in the order above, without indentation.
std::vector<std::string> NarrateChanges(const Game& game, const State& before,
                                        const State& after, const Action& action,
                                        std::span<const Event> events,
                                        const std::vector<std::string>& players,
                                        const Viewpoint& viewpoint);

// The same for a move read back (a replay): `action` is applied to a copy of
// `before` with its events logged. No lines when the rules refuse it.
std::vector<std::string> NarrateReplayedMove(const Game& game, const State& before,
                                             const Action& action,
                                             const std::vector<std::string>& players,
                                             const Viewpoint& viewpoint);

}  // namespace angler

#endif  // ANGLER_TOOLS_NARRATION_H_
