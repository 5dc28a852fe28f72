// The turn procedure (ruleset key `turn:`): instead of tricks, players in turn
// lay one or more cards from their hand onto numbered shared piles (rows),
// as `may_lay` allows, until a row is full; `skip` passes a player over.
//
// Read by loader_turn.cc; played by game_lay.cc (legal lays, laying, the
// accepted illegal lay) and game_apply.cc; its refusals worded by refusal.cc.
//
// Invariants: rows_family is an indexed shared family; 1 <= lay_min <=
// lay_max; every node id is a node of the Ruleset's program; lay_class and
// lay_top_class are empty or hold a class below kMaxClasses for every card;
// lay_size_tests hold at most kMaxLaySizeTests, and only with
// lay_by_size_tests (both only with lay_by_top); lay_full_by_size only with
// lay_by_top, lay_full_test then holding in exactly the states lay_full does.
#ifndef ANGLER_INTERPRETER_TURN_PROCEDURE_H_
#define ANGLER_INTERPRETER_TURN_PROCEDURE_H_

#include <cstdint>
#include <vector>

#include "interpreter/program.h"
#include "interpreter/reasoned_rule.h"

namespace angler {

// `size op bound` of the pile that zone-valued node `zone` names (op:
// kEq/kNe/kLt/kLe/kGt/kGe, or kEqConst/kNeConst for == and !=).
struct LaySizeTest {
  int zone;
  Op op;
  int64_t bound;
  bool Holds(int64_t size) const {  // inline: the lay search asks it for every length
    switch (op) {
      case Op::kEq:
      case Op::kEqConst:
        return size == bound;
      case Op::kNe:
      case Op::kNeConst:
        return size != bound;
      case Op::kLt:
        return size < bound;
      case Op::kLe:
        return size <= bound;
      case Op::kGt:
        return size > bound;
      case Op::kGe:
        return size >= bound;
      default:
        return false;
    }
  }
};
inline constexpr size_t kMaxLaySizeTests = 64;

struct TurnProcedure {
  int rows_family = -1;  // the numbered piles cards are laid onto
  int lay_min = 1, lay_max = 1;
  std::vector<ReasonedRule> lay_rules;
  // node: every lay rule's condition, in order, as one (-1: no rules). The
  // search asks only whether a card may go on, not which rule says no: one
  // call per card, into one compiled shape (value_shape.h), not one per rule.
  int may_lay = -1;
  // Each card's class for lay_rules (card_set_plan.h): cards of one class get
  // one verdict on one state, so LegalLays judges one of each. Empty when a
  // rule reads the judged card other than by its printed attributes.
  std::vector<uint8_t> lay_class;
  // The rules read a lay in progress only through its length and its last
  // card (lay_reads.h): LegalLays judges each (length, last card) once.
  bool lay_by_top = false;
  // And L by its class there: cards that print the same values of what the
  // rules read of any card share one. Empty: L is known by itself.
  std::vector<uint8_t> lay_top_class;
  // And a lay's length by the outcomes of these comparisons of the hand's or
  // the target's size with a number, when the rules read the sizes no other
  // way (lay_by_size_tests).
  std::vector<LaySizeTest> lay_size_tests;
  bool lay_by_size_tests = false;
  int lay_full = -1;  // node: laying stops when this holds for the target
  // lay_full as one comparison of a pile's size with a number, when it is one
  // (lay_reads.h): the search knows whether a lay fills its pile without
  // laying it.
  LaySizeTest lay_full_test{};
  bool lay_full_by_size = false;
  // node: when it holds, a lay against the rules is accepted as a move: the
  // cards stay in hand, illegal_lay is true and turn.on_illegal runs.
  int accept_illegal = -1;
  int skip = -1;  // node: `turn` is passed over
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_TURN_PROCEDURE_H_
