// Card sets looked up, not worked out (Op::kSetTable).
//
// Many planned sets (card_set_plan.h) depend on the state only through a few
// values of few possibilities each: a suit, a kind, a seat, yes or no. A
// card's suit as the rules see it (`(if kind == k then led else suit) ==
// led`, one kind of card taking the led suit, some cards always trump)
// compared with the led suit is a chain of cases over comparisons of `led`
// and `trump`: a set for each pair (led, trump). Such a set is worked out at
// load for every combination of those values; at run time it costs the
// values and one load, not the chain.
//
// The keys: below a set's operands, pure ops (comparisons, if, ??, and, or,
// arithmetic) are taken into the table; the first node below them that is not
// pure and whose type has few values (bool, suit, kind, player) is a key: a
// variable, a value the question shares, an attribute of a card the question
// names. Keys that are the same value (CardSetNodes::SameValue) are one. A
// value that judges cards one by one (a filter below it with no fixed set) is
// no key: the set stays as planned.
//
// The table holds the values a key's type allows (a suit or none, ...); a
// value outside them is worked out the old way, from the set node the table
// replaced (kept as the table's x), so the table decides nothing it was not
// built for. A combination whose set faults at load keeps the old node whole.
//
// A key is worked out even where the set's own ifs would not have needed it.
// It judges no card; should it fault, the set is given up (Evaluator::TrySet)
// and the filter judged card by card, as for any set that faults: the same
// cards, the same faults.
//
// REQUIRES: the filters are planned (PlanCardSets calls this once they are).
// Idempotent: a table is never tabled again; a rerun (more code compiled)
// tables new sets, and tries again, with the same outcome, those that made
// none.
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
