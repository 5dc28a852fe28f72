// A move's events (interpreter/events.h) told in words, for a viewer's
// narration: "Anne plays yellow 7", "trick -> catch Anne: yellow 7, blue 3",
// "score Anne: 0 -> 5", "Bob wins the trick with blue 9".
//
// Only what the viewpoint may see is named: a card that goes from one hidden
// zone to another is "a card"; a card that ends in sight, or leaves it, is named.
//
// REQUIRES: `events` are those of applying `action` to `before`; `players` names every
// seat.
#ifndef ANGLER_TOOLS_EVENT_TEXT_H_
#define ANGLER_TOOLS_EVENT_TEXT_H_

#include <span>
#include <string>
#include <vector>

#include "interpreter/events.h"
#include "interpreter/game.h"
#include "interpreter/move_text.h"
#include "interpreter/view.h"

namespace angler {

// The move as `viewpoint` may see it: MoveText, but a card chosen from a pile
// it does not see is "a card" ("Bob chooses a card"), and a mark on a sheet
// it does not see is "a mark" ("Bob changes a mark").
std::string SeenMoveText(const Game& game, const State& before, const Action& action,
                         const std::vector<std::string>& players,
                         const Viewpoint& viewpoint, const MoveTextStyle& style = {});

// The move (SeenMoveText), then one line per happening, in order; consecutive
// moves between the same two zones are one line; a sheet of marks only where
// the viewpoint sees it.
std::vector<std::string> NarrateMove(const Game& game, const State& before,
                                     const Action& action, std::span<const Event> events,
                                     const std::vector<std::string>& players,
                                     const Viewpoint& viewpoint);

// What a move changed that a player at the table wants told, for the terminal:
// who won a trick and with what, and the changes of the variables the
// ruleset's display shows (the score, the status), each with the card whose
// effect caused it: "score Debbie: 4 -> 1 (effect of buoy \"-3 points\")".
std::vector<std::string> NarrateConsequences(const Game& game,
                                             std::span<const Event> events,
                                             const std::vector<std::string>& players);

// "hand Anne", "row 2", "ocean": a zone as people name it.
std::string ZoneLabel(const Ruleset& rules, int zone,
                      const std::vector<std::string>& players);

}  // namespace angler

#endif  // ANGLER_TOOLS_EVENT_TEXT_H_
