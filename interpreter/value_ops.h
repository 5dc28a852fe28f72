// The value ops whose operands are values of other nodes (If, Coalesce, the
// comparisons, the sums, AnyOf and AllOf, Shared): each is written once,
// over how it reaches its operands, so eval.cc binds it to nodes and
// value_shape.h compiles trees of them into one function each.
#ifndef ANGLER_INTERPRETER_VALUE_OPS_H_
#define ANGLER_INTERPRETER_VALUE_OPS_H_

#include <cstdint>
#include <functional>
#include <utility>

#include "interpreter/eval.h"

namespace angler {

// The value ops written over their operands, once: the op and its function
// in ValueOps. Drives the names value_shape.cc writes and EvalOps' own.
#define ANGLER_VALUE_OPS(X) \
  X(kIf, If)                \
  X(kCoalesce, Coalesce)    \
  X(kNot, Not)              \
  X(kEqConst, EqConst)      \
  X(kNeConst, NeConst)      \
  X(kEq, Eq)                \
  X(kNe, Ne)                \
  X(kLt, Lt)                \
  X(kLe, Le)                \
  X(kGt, Gt)                \
  X(kGe, Ge)                \
  X(kAdd, Add)              \
  X(kSub, Sub)              \
  X(kAddConst, AddConst)    \
  X(kAnyOf, AnyOf)          \
  X(kAllOf, AllOf)          \
  X(kShared, Shared)        \
  X(kCardShared, CardShared)

// Each op reaches operand i (x, y, z in order; AnyOf and AllOf: their list)
// through K:
// - Bound: through the operand node's own function, as the interpreter does;
// - First<X>: operand 0 is X, called directly, the rest bound (the hot
//   pairs of an op and its operand's op: eval.cc's kChains);
// - Fixed<F0, F1, ...>: operand i is Fi, called directly. A tree of those is
//   a compiled shape (value_shape.h): one function the compiler can inline.
// Operands are worked out in order, x before y: a fault or a card nobody has
// stated is met at the same place whichever K reaches them.
struct ValueOps {
  struct Bound {
    template <int I>
    static int64_t Value(Evaluator& e, int node) {
      return e.Value(node);
    }
    // Whether some operand (kAll: every one) of the nodes at lists[at ..
    // at + count) is true, left to right, stopping at the first that
    // settles it.
    template <bool kAll>
    static bool Each(Evaluator& e, int at, int count) {
      for (int i = 0; i < count; ++i) {
        if ((e.Value(static_cast<int>(e.lists_[at + i])) != 0) != kAll) return !kAll;
      }
      return kAll;
    }
  };
  template <EvalFn X>
  struct First {
    template <int I>
    static int64_t Value(Evaluator& e, int node) {
      if constexpr (I == 0) return X(e, e.nodes_[node]);
      return e.Value(node);
    }
  };
  // REQUIRES: the node has exactly sizeof...(Fns) operands, Fi being operand
  // i's function or a function equal to it (the shape's key says so).
  template <EvalFn... Fns>
  struct Fixed {
    template <int I>
    static int64_t Value(Evaluator& e, int node) {
      constexpr EvalFn kFns[] = {Fns...};
      return kFns[I](e, e.nodes_[node]);
    }
    template <bool kAll>
    static bool Each(Evaluator& e, int at, int /*count: sizeof...(Fns)*/) {
      return EachOf<kAll>(e, at, std::make_integer_sequence<int, sizeof...(Fns)>{});
    }

   private:
    template <bool kAll, int... I>
    static bool EachOf(Evaluator& e, int at, std::integer_sequence<int, I...>) {
      // Left to right, stopping at the first operand that settles it.
      if constexpr (kAll) {
        return ((Value<I>(e, static_cast<int>(e.lists_[at + I])) != 0) && ...);
      } else {
        return ((Value<I>(e, static_cast<int>(e.lists_[at + I])) != 0) || ...);
      }
    }
  };

  // A leaf of a compiled shape: the node's own function, through its pointer.
  static int64_t Through(Evaluator& e, const Node& n) { return n.fn(e, n); }

  template <class K>
  static int64_t If(Evaluator& e, const Node& n) {
    return K::template Value<0>(e, n.x) ? K::template Value<1>(e, n.y)
                                        : K::template Value<2>(e, n.z);
  }
  template <class K>
  static int64_t Coalesce(Evaluator& e, const Node& n) {
    const int64_t a = K::template Value<0>(e, n.x);
    return a != kNone ? a : K::template Value<1>(e, n.y);
  }
  template <class K>
  static int64_t Not(Evaluator& e, const Node& n) {
    return !K::template Value<0>(e, n.x);
  }
  template <class K>
  static int64_t EqConst(Evaluator& e, const Node& n) {
    return K::template Value<0>(e, n.x) == n.imm;
  }
  template <class K>
  static int64_t NeConst(Evaluator& e, const Node& n) {
    return K::template Value<0>(e, n.x) != n.imm;
  }
  // x op y, x first.
  template <class K, class Cmp>
  static int64_t Compare(Evaluator& e, const Node& n) {
    const int64_t a = K::template Value<0>(e, n.x);
    return Cmp{}(a, K::template Value<1>(e, n.y));
  }
  template <class K>
  static int64_t Eq(Evaluator& e, const Node& n) {
    return Compare<K, std::equal_to<>>(e, n);
  }
  template <class K>
  static int64_t Ne(Evaluator& e, const Node& n) {
    return Compare<K, std::not_equal_to<>>(e, n);
  }
  template <class K>
  static int64_t Lt(Evaluator& e, const Node& n) {
    return Compare<K, std::less<>>(e, n);
  }
  template <class K>
  static int64_t Le(Evaluator& e, const Node& n) {
    return Compare<K, std::less_equal<>>(e, n);
  }
  template <class K>
  static int64_t Gt(Evaluator& e, const Node& n) {
    return Compare<K, std::greater<>>(e, n);
  }
  template <class K>
  static int64_t Ge(Evaluator& e, const Node& n) {
    return Compare<K, std::greater_equal<>>(e, n);
  }
  // Checked: a result outside the 64-bit range is a fault, never wrapped.
  template <class K>
  static int64_t Add(Evaluator& e, const Node& n) {
    const int64_t a = K::template Value<0>(e, n.x);
    int64_t r;
    if (__builtin_add_overflow(a, K::template Value<1>(e, n.y), &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  template <class K>
  static int64_t Sub(Evaluator& e, const Node& n) {
    const int64_t a = K::template Value<0>(e, n.x);
    int64_t r;
    if (__builtin_sub_overflow(a, K::template Value<1>(e, n.y), &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  template <class K>
  static int64_t AddConst(Evaluator& e, const Node& n) {
    int64_t r;
    if (__builtin_add_overflow(K::template Value<0>(e, n.x), n.imm, &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  template <class K>
  static int64_t AnyOf(Evaluator& e, const Node& n) {
    return K::template Each<false>(e, n.a, n.b);
  }
  template <class K>
  static int64_t AllOf(Evaluator& e, const Node& n) {
    return K::template Each<true>(e, n.a, n.b);
  }
  // Kept for one question: x's value, kept while bit n.a of shared_kept_
  // is set (a new question clears it). A value that faulted is not kept: a
  // filter's set that faulted is retried card by card (TrySet), which must
  // meet the fault again if it needs the value, not read what the failed try
  // left.
  template <class K>
  static int64_t Shared(Evaluator& e, const Node& n) {
    const uint64_t bit = uint64_t{1} << n.a;
    if (!(e.shared_kept_ & bit)) {
      const int64_t v = K::template Value<0>(e, n.x);
      if (e.faulted()) return v;
      e.shared_value_[n.a] = v;
      e.shared_kept_ |= bit;
    }
    return e.shared_value_[n.a];
  }
  // Kept for one question and card: the rules judging one card share it.
  template <class K>
  static int64_t CardShared(Evaluator& e, const Node& n) {
    const uint64_t bit = uint64_t{1} << n.a;
    const int card = e.card_;
    if (!(e.card_shared_kept_ & bit) || e.card_shared_card_[n.a] != card) {
      const int64_t v = K::template Value<0>(e, n.x);
      if (e.faulted()) return v;
      e.card_shared_value_[n.a] = v;
      e.card_shared_card_[n.a] = card;
      e.card_shared_kept_ |= bit;
    }
    return e.card_shared_value_[n.a];
  }
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_VALUE_OPS_H_
