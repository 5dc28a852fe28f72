// Card sets looked up, not worked out (Op::kSetTable).
//
// Many planned sets (card_set_plan.h) depend on the state only through a few
// values of few possibilities each: a suit, a kind, a seat, yes or no. A
// `suit_of(card) == led` where one kind of card takes the led suit, another
// has none and some cards are always trump is a chain of cases over
// comparisons of `led` and `trump`: a set for each pair (led, trump). Such a
// set is worked out at load for every combination of those values; at run
// time it costs the values and one load, not the chain.
//
// The keys: below a set's operands, pure ops (comparisons, if, ??, and, or,
// arithmetic) are taken into the table; the first node below them that is not
// pure and whose type has few values (bool, suit, kind, player) is a key: a
// variable, a value the question shares, an attribute of a card the question
// names. Keys that are the same value (CardSetNodes::SameValue) are one.
//
// The table holds the values a key's type allows (a suit or none, ...); a
// value outside them is worked out the old way, from the set node the table
// replaced (kept as the table's x), so the table decides nothing it was not
// built for. A combination whose set faults at load keeps the old node whole.
//
// A key is worked out even where the set's own ifs would not have needed it.
// Should that fault, the set is given up (Evaluator::TrySet) and the filter
// judged card by card, as for any set that faults: the same cards, the same
// faults.
//
// REQUIRES: the filters are planned (PlanCardSets calls this last). Idempotent:
// a table is never tabled again, and a rerun tables only new sets.
#ifndef ANGLER_INTERPRETER_CARD_SET_TABLE_H_
#define ANGLER_INTERPRETER_CARD_SET_TABLE_H_

#include "interpreter/ruleset.h"

namespace angler {

// At most this many keys, and sets, in one table.
inline constexpr int kMaxTableKeys = 4;
inline constexpr int kMaxTableSets = 256;

void TableCardSets(Ruleset& rules);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_CARD_SET_TABLE_H_
