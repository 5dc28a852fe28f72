// Card-set evaluation: filters over printed card attributes, planned into set
// nodes at load time (card_set_plan.h), are judged a whole word of cards at a
// time instead of card by card.
#include <algorithm>
#include <cstring>

#include "interpreter/eval.h"
#include "interpreter/set_ops.h"

namespace angler {

bool Evaluator::GiveUpSet(const Node& f) {
  fault_ = RuntimeFault::kNone;
  fault_node_ = -1;
  ResetCache(f);
  return false;
}

SetFn SetEvaluatorOf(Op op, int cards) {
  static_assert(CardSet::kWords == 4);
  switch (SetWordsFor(static_cast<size_t>(cards))) {
    case 1:
      return SetOps<1>::Of(op);
    case 2:
      return SetOps<2>::Of(op);
    default:
      return SetOps<4>::Of(op);
  }
}

std::span<const uint8_t> Evaluator::FilterCardByCard(int filter) {
  const Node& f = nodes_[filter];
  if (f.op != Op::kSetFilter) return Cards(filter);
  int base = scratch_top_;
  auto xs = Cards(f.x);
  uint8_t* out = Push();
  size_t count = JudgeEach(f, f.z, xs, out);
  if (scratch_[base] != out) std::memmove(scratch_[base], out, count);
  scratch_top_ = base + 1;
  return {scratch_[base], count};
}

}  // namespace angler
