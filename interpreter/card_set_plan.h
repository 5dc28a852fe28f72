// Filters compiled to card sets, once, when a ruleset is loaded.
//
// A filter's condition usually reads the judged card only through its printed
// attributes (suit, value, stars, kind, tags, ...), compared with values that
// do not depend on the card (`suit == x`, `value <= 2`, `stars > 0`). Such
// a condition is the set of cards it holds for; the set is built from sets
// fixed at load (one per attribute value) with a few word operations, and the
// filter keeps the cards of its list that are in it, in the list's order.
//
// The rewrite: a kFilter whose condition compiles becomes kSetFilter x=list
// y=set z=condition, same cache slots. The condition stays for the general
// path: the evaluator takes it when working out the set faults (a value the
// card-by-card path might never have computed), so results and faults are
// exactly those of judging card by card (eval_test checks on random states).
//
// A value picked by an `if` on printed attributes and compared with one the
// same for every card (`(if kind == k then w else suit) == v`: a card's own
// suit, or for a card of kind k a value of the state) makes a set too: the ifs split the
// cards at load by the value each is judged by, and each part is classed by its printed
// value or taken whole when its run value compares (kSetCase).
//
// A condition that reads the judged card only through printed attributes but
// makes no set (an attribute in a sum with the state) stays a kFilter, with
// each card's class kept (Node::imm): cards that print the same values of the
// attributes it reads get the same verdict, so a run of the filter judges one
// card of each class (at most kMaxClasses).
//
// The turn procedure's lay rules are classed the same way
// (TurnProcedure::lay_class): LegalLays judges one hand card of each class.
//
// REQUIRES: the ruleset's cards are loaded; nodes compiled. Idempotent, so
// code compiled later (tests, scenario conditions) is planned on a rerun.
#ifndef ANGLER_INTERPRETER_CARD_SET_PLAN_H_
#define ANGLER_INTERPRETER_CARD_SET_PLAN_H_

#include "interpreter/ruleset.h"

namespace angler {

void PlanCardSets(Ruleset& rules);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_CARD_SET_PLAN_H_
