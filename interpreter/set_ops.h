// The card-set ops (program.h, Op::kSetStatic ...): each computes its node's
// set of cards. eval_card_set.cc binds them to nodes; set_shape.h compiles
// trees of them into one function each.
#ifndef ANGLER_INTERPRETER_SET_OPS_H_
#define ANGLER_INTERPRETER_SET_OPS_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "interpreter/eval.h"

namespace angler {

// The card-set ops, written once: each op's function in SetOps, and its form:
// Leaf (no card-set children) or Over (a template over K, how it reaches its
// children). Drives SetOps::Of and the names set_shape.cc writes.
#define ANGLER_SET_OPS(X)             \
  X(kSetStatic, Static, Leaf)         \
  X(kSetIf, If, Leaf)                 \
  X(kSetIfElse, IfElse, Over)         \
  X(kSetIfAny, IfAny, Leaf)           \
  X(kSetUnlessNone, UnlessNone, Over) \
  X(kSetNot, Not, Over)               \
  X(kSetAll, All, Over)               \
  X(kSetAny, Any, Over)               \
  X(kSetEq, Eq, Leaf)                 \
  X(kSetLt, Lt, Leaf)                 \
  X(kSetLe, Le, Leaf)                 \
  X(kSetCase, Case, Over)             \
  X(kSetOfCards, OfCards, Leaf)       \
  X(kSetTable, Table, Leaf)
// An op's function as the interpreter binds it.
#define ANGLER_SET_FN_Leaf(fn) &fn
#define ANGLER_SET_FN_Over(fn) &fn<Bound>

// How many words of 64 cards a set of a ruleset of `cards` cards needs: the
// W of its ops.
inline int SetWordsFor(size_t cards) { return cards <= 64 ? 1 : cards <= 128 ? 2 : 4; }

// One small function per set op, chosen at load (SetEvaluatorOf): each
// computes its node's set into `out`. They work on the first W words only,
// the words the ruleset's cards need (1 for up to 64 cards): the bits past
// them are left as they are, which card_set.h allows (no reader looks past
// the ruleset's cards).
//
// An op whose children are card sets (IfElse, UnlessNone, Not, All, Any,
// Case) is written once, over how it reaches them, K:
// - Bound: through each child node's own function, as the interpreter does;
// - Fixed<F0, F1, ...>: child i is Fi, called directly. A tree of those is
//   a compiled shape (set_shape.h): one function the compiler can inline.
template <int W>
struct SetOps {
  struct Bound {
    template <int I>
    static void Set(Evaluator& e, int node, CardSet& out) {
      e.SetInto(node, out);
    }
    // step(i, set) for the children 0 .. count - 1, while it returns true;
    // set(e, node, out) works out child i's set.
    template <class Step>
    static void Each(int count, Step&& step) {
      auto set = [](Evaluator& e, int node, CardSet& out) { e.SetInto(node, out); };
      for (int i = 0; i < count; ++i) {
        if (!step(i, set)) return;
      }
    }
  };
  // REQUIRES: the node has exactly sizeof...(Fns) set children, Fi's op
  // being child i's (the shape's key says so: set_shape.h).
  template <SetFn... Fns>
  struct Fixed {
    template <int I>
    static void Set(Evaluator& e, int node, CardSet& out) {
      constexpr SetFn kFns[] = {Fns...};
      kFns[I](e, e.nodes_[node], out);
    }
    template <class Step>
    static void Each(int /*count: sizeof...(Fns)*/, Step&& step) {
      EachOf(step, std::make_integer_sequence<int, sizeof...(Fns)>{});
    }

   private:
    template <int I>
    struct Child {  // a call the compiler sees through, unlike a pointer's
      void operator()(Evaluator& e, int node, CardSet& out) const {
        Set<I>(e, node, out);
      }
    };
    template <class Step, int... I>
    static void EachOf(Step& step, std::integer_sequence<int, I...>) {
      (step(I, Child<I>{}) && ...);
    }
  };

  // Whether card c is in s: with one word, that word (every card is below 64).
  static bool Has(const CardSet& s, int c) {
    if constexpr (W == 1) return s.words[0] >> c & 1;
    return s.Has(c);
  }
  static void Fill(CardSet& out, uint64_t word) {
    for (int i = 0; i < W; ++i) out.words[i] = word;
  }
  static void Stored(Evaluator& e, int at, CardSet& out) {
    for (int i = 0; i < W; ++i) out.words[i] = static_cast<uint64_t>(e.lists_[at + i]);
  }
  static bool Empty(const CardSet& s) {
    uint64_t any = 0;
    for (int i = 0; i < W; ++i) any |= s.words[i];
    return any == 0;
  }
  static bool Full(const CardSet& s) {
    uint64_t all = ~uint64_t{0};
    for (int i = 0; i < W; ++i) all &= s.words[i];
    return all == ~uint64_t{0};
  }

  static void Static(Evaluator& e, const Node& n, CardSet& out) { Stored(e, n.a, out); }
  static void If(Evaluator& e, const Node& n, CardSet& out) {
    Fill(out, e.Value(n.x) ? ~uint64_t{0} : 0);
  }
  static void IfAny(Evaluator& e, const Node& n, CardSet& out) {
    const Node& filter = e.nodes_[n.x];
    const int top = e.scratch_top_;
    CardSet set;
    bool some = false;
    if (e.TrySet(filter, set)) {
      for (uint8_t c : e.Cards(filter.x)) {
        if (Has(set, c)) {
          some = true;
          break;
        }
      }
    } else {
      some = e.Value(n.y) != 0;  // working out the set faulted: card by card
    }
    e.scratch_top_ = top;
    Fill(out, some != (n.imm != 0) ? ~uint64_t{0} : 0);
  }
  // `x or not any(L where x)`: x's set once, L's cards tested against it. A
  // fault working out x gives the set path up (TrySet): card by card then.
  template <class K>
  static void UnlessNone(Evaluator& e, const Node& n, CardSet& out) {
    K::template Set<0>(e, n.x, out);
    if (e.faulted()) return;
    const int top = e.scratch_top_;
    // Every card is looked at, not only those up to the first in the set:
    // where that one lies is a jump the CPU cannot foresee, and the lists
    // (a hand) are short.
    const CardSet* tested = &out;  // b 1: only x's cards in the fixed set count
    CardSet masked;
    if (n.b == 1) {
      for (int i = 0; i < W; ++i)
        masked.words[i] = out.words[i] & static_cast<uint64_t>(e.lists_[n.a + i]);
      tested = &masked;
    }
    bool some = false;
    for (uint8_t c : e.Cards(e.nodes_[n.y].x)) some |= Has(*tested, c);
    e.scratch_top_ = top;
    // Every card when none is in the set, by a mask, not a jump: whether
    // some card of the list is in it is as hard to foresee.
    const uint64_t every = uint64_t{!some} * ~uint64_t{0};
    for (int i = 0; i < W; ++i) out.words[i] |= every;
  }
  template <class K>
  static void IfElse(Evaluator& e, const Node& n, CardSet& out) {
    if (e.Value(n.x)) {
      K::template Set<0>(e, n.y, out);
    } else {
      K::template Set<1>(e, n.z, out);
    }
  }
  // One leaf of an if compared with a value (card_set_plan.cc, IfCompared):
  // its cards join when the comparison holds, by a mask, not a jump.
  template <class K>
  static void Case(Evaluator& e, const Node& n, CardSet& out) {
    if (n.y >= 0) {
      K::template Set<0>(e, n.y, out);
    } else {
      Fill(out, 0);
    }
    const uint64_t in = n.x < 0 || e.Value(n.x) != 0 ? ~uint64_t{0} : 0;
    for (int i = 0; i < W; ++i)
      out.words[i] |= static_cast<uint64_t>(e.lists_[n.a + i]) & in;
  }
  template <class K>
  static void Not(Evaluator& e, const Node& n, CardSet& out) {
    K::template Set<0>(e, n.x, out);
    for (int i = 0; i < W; ++i) out.words[i] = ~out.words[i];
  }
  template <class K>
  static void All(Evaluator& e, const Node& n, CardSet& out) {
    Fill(out, ~uint64_t{0});
    K::Each(n.b, [&](int i, auto set) {
      if (Empty(out)) return false;
      CardSet part;
      set(e, static_cast<int>(e.lists_[n.a + i]), part);
      for (int w = 0; w < W; ++w) out.words[w] &= part.words[w];
      return true;
    });
  }
  template <class K>
  static void Any(Evaluator& e, const Node& n, CardSet& out) {
    Fill(out, 0);
    K::Each(n.b, [&](int i, auto set) {
      if (Full(out)) return false;
      CardSet part;
      set(e, static_cast<int>(e.lists_[n.a + i]), part);
      for (int w = 0; w < W; ++w) out.words[w] |= part.words[w];
      return true;
    });
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
    if (k < 0) {
      Fill(out, 0);
    } else {
      Stored(e, n.a + CardSet::kWords * static_cast<int>(k), out);
    }
  }
  // The classes below v (Lt) or up to v (Le): the prefix set of the last one.
  static void Lt(Evaluator& e, const Node& n, CardSet& out) {
    const int64_t* values = e.lists_ + n.imm;
    const int64_t k = std::lower_bound(values, values + n.b, e.Value(n.x)) - values;
    Prefix(e, n, k, out);
  }
  static void Le(Evaluator& e, const Node& n, CardSet& out) {
    const int64_t* values = e.lists_ + n.imm;
    const int64_t k = std::upper_bound(values, values + n.b, e.Value(n.x)) - values;
    Prefix(e, n, k, out);
  }
  static void Prefix(Evaluator& e, const Node& n, int64_t k, CardSet& out) {
    if (k == 0) {
      Fill(out, 0);
    } else {
      Stored(e, n.a + CardSet::kWords * static_cast<int>(k - 1), out);
    }
  }
  // The set of the keys' values, looked up (card_set_table.h): each key's
  // value is counted from its lowest one, the first key the most significant.
  // A value the table does not hold is worked out from x, the set as planned.
  static void Table(Evaluator& e, const Node& n, CardSet& out) {
    const int64_t* keys = e.lists_ + n.a;
    const int64_t* range = e.lists_ + n.imm;  // lowest value, count; per key
    int64_t index = 0;
    for (int i = 0; i < n.b; ++i) {
      const int64_t k = e.Value(static_cast<int>(keys[i])) - range[2 * i];
      if (static_cast<uint64_t>(k) >= static_cast<uint64_t>(range[2 * i + 1]))
          [[unlikely]]
        return e.SetInto(n.x, out);
      index = index * range[2 * i + 1] + k;
    }
    Stored(e, static_cast<int>(n.imm + 2 * n.b + CardSet::kWords * index), out);
  }
  static void OfCards(Evaluator& e, const Node& n, CardSet& out) {
    Fill(out, 0);
    for (uint8_t c : e.Cards(n.x)) out.Add(c);
  }

  static SetFn Of(Op op) {
    switch (op) {
#define ANGLER_SET_OP_FN(op, fn, form) \
  case Op::op:                         \
    return ANGLER_SET_FN_##form(fn);
      ANGLER_SET_OPS(ANGLER_SET_OP_FN)
#undef ANGLER_SET_OP_FN
      default:
        return nullptr;  // not a set node
    }
  }
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_SET_OPS_H_
