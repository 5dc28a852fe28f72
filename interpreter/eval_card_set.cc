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
  // Values the filter keeps for a run are forgotten, unless the set reads
  // none of them (imm 1: card_set_plan.cc strips them from set operands).
  if (f.imm == 0) ResetCache(f);
  // A new fault could not be told apart. Unstated cards (State::unstated) are
  // judged one by one, so reading one asks for it: a set decides by what it is.
  if (faulted() || card_by_card_ || unstated_) return false;
  int top = scratch_top_;
  SetInto(f.y, out);
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

// One small function per set op, chosen at load (SetEvaluatorOf): each
// computes its node's set into `out`.
struct SetOps {
  static void Static(Evaluator& e, const Node& n, CardSet& out) { out = e.ListSet(n.a); }
  static void If(Evaluator& e, const Node& n, CardSet& out) {
    if (e.Value(n.x)) {
      out = CardSet::All();
    } else {
      out = CardSet{};
    }
  }
  static void IfAny(Evaluator& e, const Node& n, CardSet& out) {
    const Node& filter = e.nodes_[n.x];
    const int top = e.scratch_top_;
    CardSet set;
    bool some = false;
    if (e.TrySet(filter, set)) {
      for (uint8_t c : e.Cards(filter.x)) {
        if (set.Has(c)) {
          some = true;
          break;
        }
      }
    } else {
      some = e.Value(n.y) != 0;  // working out the set faulted: card by card
    }
    e.scratch_top_ = top;
    out = some != (n.imm != 0) ? CardSet::All() : CardSet{};
  }
  static void IfElse(Evaluator& e, const Node& n, CardSet& out) {
    e.SetInto(e.Value(n.x) ? n.y : n.z, out);
  }
  static void Not(Evaluator& e, const Node& n, CardSet& out) {
    e.SetInto(n.x, out);
    out = ~out;
  }
  static void All(Evaluator& e, const Node& n, CardSet& out) {
    out = CardSet::All();
    CardSet part;
    for (int i = 0; i < n.b && !out.Empty(); ++i) {
      e.SetInto(static_cast<int>(e.lists_[n.a + i]), part);
      out &= part;
    }
  }
  static void Any(Evaluator& e, const Node& n, CardSet& out) {
    out = CardSet{};
    CardSet part;
    const CardSet all = CardSet::All();
    for (int i = 0; i < n.b && !(out == all); ++i) {
      e.SetInto(static_cast<int>(e.lists_[n.a + i]), part);
      out |= part;
    }
  }
  // The classes: b values lists[imm ..], ascending, their sets at lists[a ..].
  static void Eq(Evaluator& e, const Node& n, CardSet& out) {
    const int64_t v = e.Value(n.x);
    const int64_t* values = e.lists_ + n.imm;
    int64_t k;
    if (n.b == 0) {
      k = -1;
    } else if (values[n.b - 1] - values[0] == n.b - 1) {
      k = v - values[0];  // classes 0, 1, 2, ... (suits, kinds): the value is the index
      if (k < 0 || k >= n.b) k = -1;
    } else {
      const int64_t* at = std::lower_bound(values, values + n.b, v);
      k = at != values + n.b && *at == v ? at - values : -1;
    }
    out = k < 0 ? CardSet{} : e.ListSet(n.a + CardSet::kWords * static_cast<int>(k));
  }
  // The classes below v (Lt) or up to v (Le): the prefix set of the last one.
  static void Lt(Evaluator& e, const Node& n, CardSet& out) {
    const int64_t* values = e.lists_ + n.imm;
    const int64_t k = std::lower_bound(values, values + n.b, e.Value(n.x)) - values;
    out = k == 0 ? CardSet{} : e.ListSet(n.a + CardSet::kWords * static_cast<int>(k - 1));
  }
  static void Le(Evaluator& e, const Node& n, CardSet& out) {
    const int64_t* values = e.lists_ + n.imm;
    const int64_t k = std::upper_bound(values, values + n.b, e.Value(n.x)) - values;
    out = k == 0 ? CardSet{} : e.ListSet(n.a + CardSet::kWords * static_cast<int>(k - 1));
  }
  static void OfCards(Evaluator& e, const Node& n, CardSet& out) {
    out = CardSet{};
    for (uint8_t c : e.Cards(n.x)) out.Add(c);
  }
};

SetFn SetEvaluatorOf(Op op) {
  switch (op) {
    case Op::kSetStatic:
      return &SetOps::Static;
    case Op::kSetIf:
      return &SetOps::If;
    case Op::kSetIfElse:
      return &SetOps::IfElse;
    case Op::kSetIfAny:
      return &SetOps::IfAny;
    case Op::kSetNot:
      return &SetOps::Not;
    case Op::kSetAll:
      return &SetOps::All;
    case Op::kSetAny:
      return &SetOps::Any;
    case Op::kSetEq:
      return &SetOps::Eq;
    case Op::kSetLt:
      return &SetOps::Lt;
    case Op::kSetLe:
      return &SetOps::Le;
    case Op::kSetOfCards:
      return &SetOps::OfCards;
    default:
      return nullptr;  // not a set node
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
