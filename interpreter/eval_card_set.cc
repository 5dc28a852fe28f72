// Card-set evaluation: filters over printed card attributes, planned into set
// nodes at load time (card_set_plan.h), are judged a whole word of cards at a
// time instead of card by card.
#include <algorithm>
#include <cstring>

#include "interpreter/eval.h"

namespace angler {

bool Evaluator::TrySet(const Node& f, CardSet& out) {
  const Node& set = nodes_[f.y];
  if (set.op == Op::kSetStatic && !card_by_card_ && !unstated_) {  // nothing to fault
    out = ListSet(set.a);
    return true;
  }
  ResetCache(f);
  // A new fault could not be told apart. Unstated cards (State::unstated) are
  // judged one by one, so reading one asks for it: a set decides by what it is.
  if (faulted() || card_by_card_ || unstated_) return false;
  int top = scratch_top_;
  out = Set(f.y);
  scratch_top_ = top;
  if (!faulted()) return true;
  // Card by card, the value that faulted may never be needed.
  fault_ = RuntimeFault::kNone;
  fault_node_ = -1;
  ResetCache(f);
  return false;
}

CardSet Evaluator::ListSet(int at) const {
  CardSet s;
  for (int i = 0; i < CardSet::kWords; ++i)
    s.words[i] = static_cast<uint64_t>(lists_[at + i]);
  return s;
}

CardSet Evaluator::Set(int node) {
  const Node& n = nodes_[node];
  switch (n.op) {
    case Op::kSetStatic:
      return ListSet(n.a);
    case Op::kSetIf:
      return Value(n.x) ? CardSet::All() : CardSet{};
    case Op::kSetIfElse:
      return Value(n.x) ? Set(n.y) : Set(n.z);
    case Op::kSetNot:
      return ~Set(n.x);
    case Op::kSetAll: {
      CardSet s = CardSet::All();
      for (int i = 0; i < n.b && !s.Empty(); ++i)
        s &= Set(static_cast<int>(lists_[n.a + i]));
      return s;
    }
    case Op::kSetAny: {
      CardSet s;
      const CardSet all = CardSet::All();
      for (int i = 0; i < n.b && !(s == all); ++i)
        s |= Set(static_cast<int>(lists_[n.a + i]));
      return s;
    }
    case Op::kSetEq:
    case Op::kSetLt:
    case Op::kSetLe: {
      const int64_t v = Value(n.x);
      const int64_t* values = lists_ + n.imm;
      const int64_t* end = values + n.b;
      if (n.op == Op::kSetEq && n.b > 0 && values[n.b - 1] - values[0] == n.b - 1) {
        // Classes 0, 1, 2, ... (suits, kinds): the value is the index.
        const int64_t k = v - values[0];
        return k >= 0 && k < n.b ? ListSet(n.a + CardSet::kWords * static_cast<int>(k))
                                 : CardSet{};
      }
      // Classes ascend: the first at or past v (Lt, Eq), or past v (Le).
      const int64_t* at = n.op == Op::kSetLe ? std::upper_bound(values, end, v)
                                             : std::lower_bound(values, end, v);
      const int k = static_cast<int>(at - values);
      if (n.op == Op::kSetEq) {
        return at != end && *at == v ? ListSet(n.a + CardSet::kWords * k) : CardSet{};
      }
      return k == 0 ? CardSet{} : ListSet(n.a + CardSet::kWords * (k - 1));
    }
    case Op::kSetOfCards: {
      CardSet s;
      for (uint8_t c : Cards(n.x)) s.Add(c);
      return s;
    }
    default:
      return CardSet{};  // not a set node: the planner makes none
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
