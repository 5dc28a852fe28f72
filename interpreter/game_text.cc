// The engine's own words for an action and for the decision in front of the
// game (move_text.h holds the notation people read and write).
#include <string>

#include "interpreter/game.h"
#include "interpreter/move_text.h"

namespace angler {

std::string Game::ActionText(const State& s, const Action& a) const {
  return ActionWords(rules_, s, a);
}

std::string Game::DecisionText(const State& s) const {
  const Decision& d = s.decision;
  switch (d.kind) {
    case DecisionKind::kNone:
      return s.over ? "game over" : "running";
    case DecisionKind::kChance:
      return d.chance_pick ? "chance draws a value"
                           : "shuffle " + rules_.ZoneName(d.zone);
    case DecisionKind::kPlay:
      return "seat " + std::to_string(d.player) + " plays a card";
    case DecisionKind::kChoose:
      return "seat " + std::to_string(d.player) + " chooses " +
             std::to_string(d.remaining) + " card(s)";
    case DecisionKind::kOption:
      return "seat " + std::to_string(d.player) + " chooses";
    case DecisionKind::kLay:
      return "seat " + std::to_string(d.player) + " lays cards";
    case DecisionKind::kSearch:
      return "everyone searches: mark " + rules_.search->formation.piece + ", or stop";
    case DecisionKind::kReveal:
      return "the rules need card " + std::to_string(d.options[0] + 1) + " of " +
             rules_.ZoneName(d.zone) + " (from the bottom): state it";
  }
  return "";
}

}  // namespace angler
