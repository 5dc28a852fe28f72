// The trick procedure (ruleset key `trick:`): in turn from the leader, each
// player plays one card from their hand into the trick; the highest card by
// `winner` takes it. Rounds are tricks until the hands are empty.
//
// Read by loader_trick.cc; played by game.cc (the trick loop: leading,
// following, the winner, next-trick effects); its refusals worded by
// refusal.cc.
//
// Invariants: family is a shared zone family; capture_family, when set, is a
// per-player family; every node id is a node of the Ruleset's program.
#ifndef ANGLER_INTERPRETER_TRICK_PROCEDURE_H_
#define ANGLER_INTERPRETER_TRICK_PROCEDURE_H_

#include <vector>

#include "interpreter/reasoned_rule.h"

namespace angler {

struct TrickProcedure {
  int family = -1;          // the zone tricks are played into (a shared zone)
  int capture_family = -1;  // trick.captures: the per-player zone caught cards go to
  // Nodes: may a card lead / follow; the trick's highest card (or its player).
  int may_lead = -1, may_play = -1, winner = -1;
  int lead_options = -1, play_options = -1;  // hand(turn) where may_lead / may_play
  // may_play and may_lead rule by rule, for the reason a card is refused; their
  // conjunction is may_play / may_lead above.
  std::vector<ReasonedRule> play_rules, lead_rules;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_TRICK_PROCEDURE_H_
