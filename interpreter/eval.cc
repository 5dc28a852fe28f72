#include "interpreter/eval.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "interpreter/card_set_plan.h"
#include "interpreter/set_shape.h"
#include "interpreter/shape_table.h"
#include "interpreter/value_ops.h"
#include "interpreter/value_shape.h"

namespace angler {

void Evaluator::Pop(uint8_t* p) {
  scratch_top_ = static_cast<int>((p - &scratch_[0][0]) / kMaxCards);
}

bool Evaluator::Member(int node, int64_t v) {
  const Node& n = rules_.nodes[static_cast<size_t>(node)];
  switch (n.op) {
    case Op::kList:
      for (int i = 0; i < n.b; ++i) {
        if (rules_.lists[static_cast<size_t>(n.a + i)] == v) return true;
      }
      return false;
    case Op::kRange:
      return v >= Value(n.x) && v <= Value(n.y);
    case Op::kSeats:
      return v >= 0 && v < state_.num_players;
    default:
      return false;
  }
}

// One small function per frequent op; the rest share Evaluator::Switch.
struct EvalOps {
  static int64_t Const(Evaluator&, const Node& n) { return n.imm; }
  static int64_t Local(Evaluator& e, const Node& n) { return e.frame_->locals[n.a]; }
  static int64_t Global(Evaluator& e, const Node& n) { return e.state_.vars[n.a]; }
  static int64_t Zone(Evaluator&, const Node& n) { return n.a; }
  static int64_t PlayerVar(Evaluator& e, const Node& n) {
    int64_t p = e.Value(n.x);
    if (e.BadSeat(p)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kNoSeat);
    return p < 0 ? 0 : e.state_.vars[n.a + p];
  }
  static int64_t Cached(Evaluator& e, const Node& n) {
    if (!e.cache_ok_[n.a]) {
      e.cache_value_[n.a] = e.Value(n.x);
      e.cache_ok_[n.a] = true;
    }
    return e.cache_value_[n.a];
  }
  static int64_t CardAttr(Evaluator& e, const Node& n) { return e.CardAttr(n.a); }
  static int64_t CardAttrEq(Evaluator& e, const Node& n) {
    return e.CardAttr(n.a) == n.imm;
  }
  static int64_t CardAttrNe(Evaluator& e, const Node& n) {
    return e.CardAttr(n.a) != n.imm;
  }
  static int64_t CardAttrEqX(Evaluator& e, const Node& n) {
    return CardAttrEqXOf<&Through>(e, n);
  }
  // The ops written over their operands (value_ops.h), reaching them
  // through their nodes' functions.
  using ByNode = ValueOps::Bound;
  static int64_t EqConst(Evaluator& e, const Node& n) {
    return ValueOps::EqConst<ByNode>(e, n);
  }
  static int64_t NeConst(Evaluator& e, const Node& n) {
    return ValueOps::NeConst<ByNode>(e, n);
  }
  static int64_t Eq(Evaluator& e, const Node& n) { return ValueOps::Eq<ByNode>(e, n); }
  static int64_t Ne(Evaluator& e, const Node& n) { return ValueOps::Ne<ByNode>(e, n); }
  static int64_t Lt(Evaluator& e, const Node& n) { return ValueOps::Lt<ByNode>(e, n); }
  static int64_t Le(Evaluator& e, const Node& n) { return ValueOps::Le<ByNode>(e, n); }
  static int64_t Gt(Evaluator& e, const Node& n) { return ValueOps::Gt<ByNode>(e, n); }
  static int64_t Ge(Evaluator& e, const Node& n) { return ValueOps::Ge<ByNode>(e, n); }
  static int64_t Add(Evaluator& e, const Node& n) { return ValueOps::Add<ByNode>(e, n); }
  static int64_t Sub(Evaluator& e, const Node& n) { return ValueOps::Sub<ByNode>(e, n); }
  static int64_t AddConst(Evaluator& e, const Node& n) {
    return ValueOps::AddConst<ByNode>(e, n);
  }
  // Checked: a result outside the 64-bit range is a fault, never wrapped.
  static int64_t Mul(Evaluator& e, const Node& n) {
    const int64_t a = e.Value(n.x);
    int64_t r;
    if (__builtin_mul_overflow(a, e.Value(n.y), &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  static int64_t Not(Evaluator& e, const Node& n) { return ValueOps::Not<ByNode>(e, n); }
  static int64_t If(Evaluator& e, const Node& n) { return ValueOps::If<ByNode>(e, n); }
  static int64_t Coalesce(Evaluator& e, const Node& n) {
    return ValueOps::Coalesce<ByNode>(e, n);
  }
  static int64_t AnyOf(Evaluator& e, const Node& n) {
    return ValueOps::AnyOf<ByNode>(e, n);
  }
  static int64_t AllOf(Evaluator& e, const Node& n) {
    return ValueOps::AllOf<ByNode>(e, n);
  }
  static int64_t Attr(Evaluator& e, const Node& n) { return AttrOf<&Through>(e, n); }
  static int64_t List(Evaluator& e, const Node& n) { return e.ListValue(n); }
  static int64_t Shared(Evaluator& e, const Node& n) {
    return ValueOps::Shared<ByNode>(e, n);
  }
  static int64_t CardShared(Evaluator& e, const Node& n) {
    return ValueOps::CardShared<ByNode>(e, n);
  }
  // A kept value (a Shared node) as a chain's operand: read when kept, else
  // worked out by the node's own function, its compiled shape where it has
  // one (which keeps it), not by Shared's calls node by node.
  static int64_t Kept(Evaluator& e, const Node& n) {
    if (e.shared_kept_ >> n.a & 1) return e.shared_value_[n.a];
    return n.fn(e, n);
  }
  // The seats' piles lie side by side in `order`: when they hold `want`
  // cards each, they span want * seats places, and an empty family (a check
  // that no seat's pile holds a card) is settled by that span alone.
  static int64_t EverySeatSize(Evaluator& e, const Node& n) {
    const int64_t want = e.Value(n.x);
    const State& s = e.state_;
    if (want < 0 || want > kMaxCards) return 0;  // no pile holds that many
    if (s.start[n.a + s.num_players] - s.start[n.a] != want * s.num_players) return 0;
    if (want == 0) return 1;
    for (int p = 0; p < s.num_players; ++p) {
      if (s.ZoneSize(n.a + p) != want) return 0;
    }
    return 1;
  }
  static int64_t ZoneSize(Evaluator& e, const Node& n) {
    return ZoneSizeOf<&Through>(e, n);
  }
  static int64_t ZoneFirst(Evaluator& e, const Node& n) {
    const int64_t z = e.Value(n.x);
    if (z < 0 || e.state_.ZoneSize(static_cast<int>(z)) == 0) return kNone;
    return e.state_.order[e.state_.start[z]];
  }
  static int64_t ZoneLast(Evaluator& e, const Node& n) {
    return ZoneLastOf<&Through>(e, n);
  }
  // count, any, first, highest or lowest of a filter, streamed
  // (BindEvaluators picks it).
  static int64_t Stream(Evaluator& e, const Node& n) {
    return e.StreamFilter(n, e.nodes_[n.x]);
  }
  // The same over a filter whose set is fixed (a printed attribute).
  static int64_t StreamFixedSet(Evaluator& e, const Node& n) {
    return e.StreamFixedSet(n, e.nodes_[n.x]);
  }
  // first(L where C), C's set fixed and L read where it lies (the trick's
  // first card of a kind): the first card of L in the set, read straight
  // from the stored words, no reduction.
  static int64_t FirstOfFixedSet(Evaluator& e, const Node& n) {
    const Node& filter = e.nodes_[n.x];
    if (e.card_by_card_ || e.unstated_) [[unlikely]]
      return e.StreamFilter(n, filter);
    const int top = e.scratch_top_;
    const int64_t first = FirstIn(e.lists_ + e.nodes_[filter.y].a, e.Cards(filter.x));
    e.scratch_top_ = top;
    return first;
  }
  // The same over the trick's cards, read from the play order itself.
  static int64_t FirstPlayedInFixedSet(Evaluator& e, const Node& n) {
    const Node& filter = e.nodes_[n.x];
    if (e.card_by_card_ || e.unstated_) [[unlikely]]
      return e.StreamFilter(n, filter);
    const State& s = e.state_;
    return FirstIn(e.lists_ + e.nodes_[filter.y].a, {s.played, s.played_count});
  }
  // The first of `cards` in the set stored at `words` (lists[a ..]), or none.
  static int64_t FirstIn(const int64_t* words, std::span<const uint8_t> cards) {
    for (uint8_t c : cards) {
      if (static_cast<uint64_t>(words[c >> 6]) >> (c & 63) & 1) return c;
    }
    return kNone;
  }
  // count or any of (the piles' top cards where C), C planned as a set: each
  // top tested where it lies, no list made and no jump per pile. A set that
  // cannot be used (a card judged by itself, a fault) is StreamFilter's.
  static int64_t CountOfTops(Evaluator& e, const Node& n) {
    const Node& filter = e.nodes_[n.x];
    CardSet set;
    if (e.card_by_card_ || e.unstated_ || !e.TrySet(filter, set)) [[unlikely]]
      return e.StreamFilter(n, filter);
    return e.CountTops(n, e.nodes_[filter.x], [&set](int c) { return set.Has(c); });
  }
  // The same where C is `A == K`, K worked out before the cards (the
  // filter's set is keyed by it): each top's printed A compared with it, no
  // set made. K faulting gives the set path up, as TrySet does.
  template <angler::Attr A>
  static int64_t CountOfTopsWhere(Evaluator& e, const Node& n) {
    const Node& filter = e.nodes_[n.x];
    int64_t want;
    if (!e.KeyOf(filter, want)) [[unlikely]]
      return e.StreamFilter(n, filter);
    return e.CountTops(n, e.nodes_[filter.x],
                       [&e, want](int c) { return Printed<A>(e.cards_[c]) == want; });
  }
  // The same over a filter `A == K` (a zone's or the trick's cards): each
  // card's A compared with K (Evaluator::StreamWhere).
  template <angler::Attr A>
  static int64_t StreamWhere(Evaluator& e, const Node& n) {
    return e.StreamWhere<A>(n, e.nodes_[n.x]);
  }
  // count, any, highest or lowest of reversed(a filter): the filter streamed
  // in its own order, a tie going to the later card (the earlier one of the
  // reversed list). With unstated cards the list is made: the first card
  // whose value is needed is then the one the reversed list meets first.
  static int64_t StreamReversed(Evaluator& e, const Node& n) {
    if (e.unstated_) [[unlikely]]
      return e.ListValue(n);
    return e.StreamFilter(n, e.nodes_[e.nodes_[n.x].x], /*ties_to_later=*/true);
  }
  static int64_t Bound(Evaluator& e, const Node& n) { return e.bound_[n.a]; }
  static int64_t LetIn(Evaluator& e, const Node& n) { return LetInOf<&Through>(e, n); }
  static int64_t FamilyZone(Evaluator& e, const Node& n) {
    return ZoneOfFamily(e, n, e.Value(n.x));
  }
  // The zone of family n (a kFamilyZone) numbered `index`, or none.
  static int64_t ZoneOfFamily(const Evaluator& e, const Node& n, int64_t index) {
    int64_t i;
    if (__builtin_sub_overflow(index, n.imm, &i)) return kNone;
    const int64_t count = n.b < 0 ? e.state_.num_players : n.b;
    return i < 0 || i >= count ? kNone : n.a + i;
  }
  // hand(p), hand(turn): the seat read here, not by a node of its own.
  static int64_t FamilyZoneOfLocal(Evaluator& e, const Node& n) {
    return ZoneOfFamily(e, n, e.frame_->locals[e.nodes_[n.x].a]);
  }
  static int64_t FamilyZoneOfGlobal(Evaluator& e, const Node& n) {
    return ZoneOfFamily(e, n, e.state_.vars[e.nodes_[n.x].a]);
  }
  // count(cards_of(family)): a family's piles lie side by side in `order`,
  // so its cards are counted from where the first pile starts to where the
  // last one ends, no list made.
  static int64_t CountFamilyCards(Evaluator& e, const Node& n) {
    const Node& family = e.nodes_[n.x];
    const int piles = family.b < 0 ? e.state_.num_players : family.b;
    return e.state_.start[family.a + piles] - e.state_.start[family.a];
  }
  // first(played): the trick's first card, read where it lies, no list made.
  static int64_t FirstPlayed(Evaluator& e, const Node&) {
    return e.state_.played_count == 0 ? kNone : e.state_.played[0];
  }
  static int64_t Table(Evaluator& e, const Node& n) {
    const int64_t i = e.Value(n.x);
    if (i < 1 || i > n.b) return 0;
    return e.rules_.tables[static_cast<size_t>(n.a + e.state_.num_players * n.b + i - 1)];
  }
  static int64_t Generic(Evaluator& e, const Node& n) { return e.Switch(n); }

  // Ops written once for the way they read operand x: through x's node
  // (Through, the op's own function), or, for the hottest pairs of an op and
  // its operand's op, by calling the operand's function directly (so
  // inlined): the same results, one call fewer. BindEvaluators picks the
  // pairs and longer chains (kChains).
  static int64_t Through(Evaluator& e, const Node& x) { return x.fn(e, x); }
  // The judged card's attribute A (one a card has wherever it lies), read
  // with no jump by which attribute it is: the shared switch's jump goes
  // wherever the last node sent it, and nodes of different attributes take
  // turns. BindFunctions gives these to the nodes that read suit, value,
  // stars or kind. The same as Evaluator::CardAttr(A).
  template <angler::Attr A>
  static int64_t CardAttrOf(Evaluator& e) {
    return PrintedOf<A>(e, e.card_);
  }
  // Printed attribute A of `card`: Evaluator::Attribute(card, A), no switch.
  template <angler::Attr A>
  static int64_t PrintedOf(Evaluator& e, int64_t card) {
    static_assert(A == angler::Attr::kSuit || A == angler::Attr::kValue ||
                  A == angler::Attr::kStars || A == angler::Attr::kKind);
    if (card < 0) return kNone;
    if (e.Unstated(card)) [[unlikely]]
      return e.NeedCard(card);
    return Printed<A>(e.cards_[card]);
  }
  // Attribute A of the card x names (a define's card, the trick's first).
  template <angler::Attr A, EvalFn X>
  static int64_t AttrIs(Evaluator& e, const Node& n) {
    return PrintedOf<A>(e, X(e, e.nodes_[n.x]));
  }
  template <angler::Attr A>
  static int64_t CardAttrIs(Evaluator& e, const Node&) {
    return CardAttrOf<A>(e);
  }
  template <angler::Attr A>
  static int64_t CardAttrEqIs(Evaluator& e, const Node& n) {
    return CardAttrOf<A>(e) == n.imm;
  }
  template <angler::Attr A>
  static int64_t CardAttrNeIs(Evaluator& e, const Node& n) {
    return CardAttrOf<A>(e) != n.imm;
  }
  template <angler::Attr A, EvalFn X>
  static int64_t CardAttrEqXIs(Evaluator& e, const Node& n) {
    return CardAttrOf<A>(e) == X(e, e.nodes_[n.x]);
  }
  template <EvalFn X>
  static int64_t IfOf(Evaluator& e, const Node& n) {
    return ValueOps::If<ValueOps::First<X>>(e, n);
  }
  template <EvalFn X>
  static int64_t AttrOf(Evaluator& e, const Node& n) {
    return e.Attribute(X(e, e.nodes_[n.x]), static_cast<angler::Attr>(n.a));
  }
  template <EvalFn X>
  static int64_t CardAttrEqXOf(Evaluator& e, const Node& n) {
    return e.CardAttr(n.a) == X(e, e.nodes_[n.x]);
  }
  template <EvalFn X>
  static int64_t EqConstOf(Evaluator& e, const Node& n) {
    return ValueOps::EqConst<ValueOps::First<X>>(e, n);
  }
  template <EvalFn X>
  static int64_t NeConstOf(Evaluator& e, const Node& n) {
    return ValueOps::NeConst<ValueOps::First<X>>(e, n);
  }
  template <EvalFn X>
  static int64_t EqOf(Evaluator& e, const Node& n) {
    return ValueOps::Eq<ValueOps::First<X>>(e, n);
  }
  template <EvalFn X>
  static int64_t GtOf(Evaluator& e, const Node& n) {
    return ValueOps::Gt<ValueOps::First<X>>(e, n);
  }
  template <EvalFn X>
  static int64_t CoalesceOf(Evaluator& e, const Node& n) {
    return ValueOps::Coalesce<ValueOps::First<X>>(e, n);
  }
  template <EvalFn X>
  static int64_t LetInOf(Evaluator& e, const Node& n) {
    e.bound_[n.a] = X(e, e.nodes_[n.x]);
    return e.Value(n.y);
  }
  template <EvalFn X>
  static int64_t ZoneSizeOf(Evaluator& e, const Node& n) {
    const int64_t z = X(e, e.nodes_[n.x]);
    return z < 0 ? 0 : e.state_.ZoneSize(static_cast<int>(z));
  }
  template <EvalFn X>
  static int64_t ZoneLastOf(Evaluator& e, const Node& n) {
    const int64_t z = X(e, e.nodes_[n.x]);
    if (z < 0 || e.state_.ZoneSize(static_cast<int>(z)) == 0) return kNone;
    return e.state_.order[e.state_.start[z + 1] - 1];
  }
};

// A node whose chain of x operands has the ops `ops` (the node's own first;
// kNoOp ends a shorter chain) runs `fn`, which reads that chain directly:
// the same results in fewer calls. Of the chains a node matches, the last
// listed wins (the longer ones come after the pairs they extend).
constexpr Op kNoOp = Op::kConst;  // a leaf: never the x of a chain
struct OpChain {
  Op ops[4];
  EvalFn fn;
};
constexpr OpChain kChains[] = {
    // A family's zone of a seat a local or a variable holds: hand(p), hand(turn).
    {{Op::kFamilyZone, Op::kLocal, kNoOp}, &EvalOps::FamilyZoneOfLocal},
    {{Op::kFamilyZone, Op::kGlobal, kNoOp}, &EvalOps::FamilyZoneOfGlobal},
    {{Op::kCount, Op::kFamilyCards, kNoOp}, &EvalOps::CountFamilyCards},
    {{Op::kFirst, Op::kPlayed, kNoOp}, &EvalOps::FirstPlayed},
    // The hottest pairs of an op and its operand's op.
    {{Op::kIf, Op::kCardAttrEq, kNoOp}, &EvalOps::IfOf<&EvalOps::CardAttrEq>},
    {{Op::kIf, Op::kEqConst, kNoOp}, &EvalOps::IfOf<&EvalOps::EqConst>},
    {{Op::kAttr, Op::kShared, kNoOp}, &EvalOps::AttrOf<&EvalOps::Kept>},
    {{Op::kCardAttrEqX, Op::kShared, kNoOp}, &EvalOps::CardAttrEqXOf<&EvalOps::Kept>},
    {{Op::kEqConst, Op::kShared, kNoOp}, &EvalOps::EqConstOf<&EvalOps::Kept>},
    {{Op::kZoneSize, Op::kGlobal, kNoOp}, &EvalOps::ZoneSizeOf<&EvalOps::Global>},
    {{Op::kCoalesce, Op::kGlobal, kNoOp}, &EvalOps::CoalesceOf<&EvalOps::Global>},
    {{Op::kLetIn, Op::kCardAttr, kNoOp}, &EvalOps::LetInOf<&EvalOps::CardAttr>},
    {{Op::kEqConst, Op::kZoneSize, kNoOp}, &EvalOps::EqConstOf<&EvalOps::ZoneSize>},
    {{Op::kEq, Op::kZoneSize, kNoOp}, &EvalOps::EqOf<&EvalOps::ZoneSize>},
    {{Op::kGt, Op::kZoneSize, kNoOp}, &EvalOps::GtOf<&EvalOps::ZoneSize>},
    {{Op::kZoneSize, Op::kFamilyZone, kNoOp}, &EvalOps::ZoneSizeOf<&EvalOps::FamilyZone>},
    {{Op::kEq, Op::kIf, kNoOp}, &EvalOps::EqOf<&EvalOps::If>},
    {{Op::kNeConst, Op::kCardShared, kNoOp}, &EvalOps::NeConstOf<&EvalOps::CardShared>},
    {{Op::kAttr, Op::kZoneLast, kNoOp}, &EvalOps::AttrOf<&EvalOps::ZoneLast>},
    // Longer chains: an attribute of the trick's first card (its suit, say);
    // count(hand(p)), count(hand(turn)); a per-seat check of a hand's size.
    {{Op::kAttr, Op::kFirst, Op::kPlayed}, &EvalOps::AttrOf<&EvalOps::FirstPlayed>},
    {{Op::kZoneSize, Op::kFamilyZone, Op::kLocal},
     &EvalOps::ZoneSizeOf<&EvalOps::FamilyZoneOfLocal>},
    {{Op::kZoneSize, Op::kFamilyZone, Op::kGlobal},
     &EvalOps::ZoneSizeOf<&EvalOps::FamilyZoneOfGlobal>},
    {{Op::kEq, Op::kZoneSize, Op::kFamilyZone, Op::kLocal},
     &EvalOps::EqOf<&EvalOps::ZoneSizeOf<&EvalOps::FamilyZoneOfLocal>>},
    // A pile a variable names (the lay rules' target): its size compared, its
    // top card's attribute.
    {{Op::kGt, Op::kZoneSize, Op::kGlobal},
     &EvalOps::GtOf<&EvalOps::ZoneSizeOf<&EvalOps::Global>>},
    {{Op::kEqConst, Op::kZoneSize, Op::kGlobal},
     &EvalOps::EqConstOf<&EvalOps::ZoneSizeOf<&EvalOps::Global>>},
    {{Op::kAttr, Op::kZoneLast, Op::kGlobal},
     &EvalOps::AttrOf<&EvalOps::ZoneLastOf<&EvalOps::Global>>},
};

// The function of a node that reads attribute A of the judged card, or of a
// card its operand names, for the one it was given (fn), or fn itself when A
// has none of its own.
template <Attr A>
EvalFn WithAttr(EvalFn fn) {
  using E = EvalOps;
  if (fn == &E::CardAttr) return &E::CardAttrIs<A>;
  if (fn == &E::Attr) return &E::AttrIs<A, &E::Through>;
  if (fn == &E::AttrOf<&E::Kept>) return &E::AttrIs<A, &E::Kept>;
  if (fn == &E::AttrOf<&E::ZoneLast>) return &E::AttrIs<A, &E::ZoneLast>;
  if (fn == &E::AttrOf<&E::ZoneLastOf<&E::Global>>)
    return &E::AttrIs<A, &E::ZoneLastOf<&E::Global>>;
  if (fn == &E::AttrOf<&E::FirstPlayed>) return &E::AttrIs<A, &E::FirstPlayed>;
  if (fn == &E::CardAttrEq) return &E::CardAttrEqIs<A>;
  if (fn == &E::CardAttrNe) return &E::CardAttrNeIs<A>;
  if (fn == &E::CardAttrEqX) return &E::CardAttrEqXIs<A, &E::Through>;
  if (fn == &E::CardAttrEqXOf<&E::Kept>) return &E::CardAttrEqXIs<A, &E::Kept>;
  // Chains whose operand x reads it.
  if (fn == &E::IfOf<&E::CardAttrEq>) return &E::IfOf<&E::CardAttrEqIs<A>>;
  if (fn == &E::LetInOf<&E::CardAttr>) return &E::LetInOf<&E::CardAttrIs<A>>;
  return fn;
}

// Node n's function with its attribute read directly (CardAttrOf, AttrIs),
// if it reads one that has a function of its own.
EvalFn WithOwnAttr(const Ruleset& rules, const Node& n) {
  const bool chain = n.fn == &EvalOps::IfOf<&EvalOps::CardAttrEq> ||
                     n.fn == &EvalOps::LetInOf<&EvalOps::CardAttr>;
  const int attr = chain ? rules.nodes[static_cast<size_t>(n.x)].a : n.a;
  switch (static_cast<Attr>(attr)) {
    case Attr::kSuit:
      return WithAttr<Attr::kSuit>(n.fn);
    case Attr::kValue:
      return WithAttr<Attr::kValue>(n.fn);
    case Attr::kStars:
      return WithAttr<Attr::kStars>(n.fn);
    case Attr::kKind:
      return WithAttr<Attr::kKind>(n.fn);
    default:
      return n.fn;
  }
}

// The functions a compiled value shape calls by name at its leaves
// (value_shape.h): each op's own, and the fused forms BindFunctions gives.
// A leaf whose function is not listed is reached through its pointer.
using E = EvalOps;
using V = ValueOps;
struct LeafFunction {
  EvalFn fn;
  const char* name;
};
// One entry a line: clang-format would pack them.
// clang-format off
#define ANGLER_LEAF(...) LeafFunction{&E::__VA_ARGS__, #__VA_ARGS__}
// The functions BindFunctions gives nodes reading printed attribute A.
#define ANGLER_ATTR_LEAVES(A)                                                     \
  ANGLER_LEAF(CardAttrIs<A>),                                                     \
  ANGLER_LEAF(CardAttrEqIs<A>),                                                   \
  ANGLER_LEAF(CardAttrNeIs<A>),                                                   \
  ANGLER_LEAF(CardAttrEqXIs<A, &E::Through>),                                     \
  ANGLER_LEAF(CardAttrEqXIs<A, &E::Kept>),                                        \
  ANGLER_LEAF(AttrIs<A, &E::Through>),                                            \
  ANGLER_LEAF(AttrIs<A, &E::Kept>),                                               \
  ANGLER_LEAF(AttrIs<A, &E::ZoneLast>),                                           \
  ANGLER_LEAF(AttrIs<A, &E::ZoneLastOf<&E::Global>>),                             \
  ANGLER_LEAF(AttrIs<A, &E::FirstPlayed>),                                        \
  ANGLER_LEAF(LetInOf<&E::CardAttrIs<A>>),                                        \
  ANGLER_LEAF(CountOfTopsWhere<A>),                                               \
  ANGLER_LEAF(StreamWhere<A>)
const LeafFunction kLeafFunctions[] = {
  ANGLER_LEAF(FamilyZoneOfLocal),
  ANGLER_LEAF(FamilyZoneOfGlobal),
  ANGLER_LEAF(CountFamilyCards),
  ANGLER_LEAF(FirstPlayed),
  ANGLER_LEAF(Stream),
  ANGLER_LEAF(StreamFixedSet),
  ANGLER_LEAF(FirstOfFixedSet),
  ANGLER_LEAF(FirstPlayedInFixedSet),
  ANGLER_LEAF(CountOfTops),
  ANGLER_LEAF(StreamReversed),
  ANGLER_LEAF(ZoneSizeOf<&E::Global>),
  ANGLER_LEAF(ZoneSizeOf<&E::FamilyZone>),
  ANGLER_LEAF(ZoneSizeOf<&E::FamilyZoneOfLocal>),
  ANGLER_LEAF(ZoneSizeOf<&E::FamilyZoneOfGlobal>),
  ANGLER_LEAF(ZoneLastOf<&E::Global>),
  ANGLER_LEAF(LetInOf<&E::CardAttr>),
  ANGLER_LEAF(AttrOf<&E::Kept>),
  ANGLER_LEAF(AttrOf<&E::ZoneLast>),
  ANGLER_LEAF(AttrOf<&E::FirstPlayed>),
  ANGLER_LEAF(AttrOf<&E::ZoneLastOf<&E::Global>>),
  ANGLER_LEAF(CardAttrEqXOf<&E::Kept>),
  ANGLER_ATTR_LEAVES(Attr::kSuit),
  ANGLER_ATTR_LEAVES(Attr::kValue),
  ANGLER_ATTR_LEAVES(Attr::kStars),
  ANGLER_ATTR_LEAVES(Attr::kKind),
  // Each op's own function (program.h).
#define ANGLER_OP_LEAF(op, fn, doc) ANGLER_LEAF(fn),
  ANGLER_OPS(ANGLER_OP_LEAF)
#undef ANGLER_OP_LEAF
};
#undef ANGLER_ATTR_LEAVES
#undef ANGLER_LEAF
// clang-format on

const ShapeEntry<EvalFn> kCompiledValueShapes[] = {
#include "interpreter/value_shapes.inc"
    {nullptr, nullptr},  // the end: the table may hold no shape
};

int64_t Evaluator::Switch(const Node& n) {
  switch (n.op) {
    case Op::kCard:
      return card_;
    case Op::kSelf:
      return frame_->self;
    case Op::kOwner:
      return frame_->owner;
    case Op::kChosenValue:
      return state_.chosen_value;
    case Op::kPlayers:
      return state_.num_players;
    case Op::kNeg: {
      int64_t v = Value(n.x), r;
      if (__builtin_sub_overflow(int64_t{0}, v, &r))
        return Fault(n, RuntimeFault::kOverflow);
      return r;
    }
    case Op::kHasTag: {
      int64_t c = Value(n.x);
      if (Unstated(c)) [[unlikely]]
        return NeedCard(c);
      return c >= 0 && (rules_.cards[static_cast<size_t>(c)].tags >> n.a & 1);
    }
    case Op::kAbs: {
      int64_t v = Value(n.x), r;
      if (v >= 0) return v;
      if (__builtin_sub_overflow(int64_t{0}, v, &r))
        return Fault(n, RuntimeFault::kOverflow);
      return r;
    }
    case Op::kLeft: {
      int64_t p = Value(n.x);
      if (p < 0) return kNone;
      return p + 1 < state_.num_players ? p + 1 : (p + 1) % state_.num_players;
    }
    case Op::kRight: {
      int64_t p = Value(n.x);
      if (p < 0) return kNone;
      if (p > 0 && p <= state_.num_players) return p - 1;  // no division for a seat
      return (p + state_.num_players - 1) % state_.num_players;
    }
    case Op::kPlayPosition: {
      int64_t p = Value(n.x);
      if (BadSeat(p)) return Fault(n, RuntimeFault::kNoSeat);
      if (p < 0) return kNone;
      int pos = state_.position_of[p];
      return pos < 0 ? state_.num_players + p : pos;  // did not play: after everyone
    }
    case Op::kDiv: {
      int64_t d = Value(n.y);
      if (d == 0) return 0;
      int64_t x = Value(n.x);
      if (d == -1) {
        int64_t r;
        if (__builtin_sub_overflow(int64_t{0}, x, &r))
          return Fault(n, RuntimeFault::kOverflow);
        return r;
      }
      return x / d;
    }
    case Op::kMod: {
      int64_t d = Value(n.y);
      if (d == 0 || d == -1) return 0;  // x % -1 is 0 (and INT64_MIN % -1 traps)
      return Value(n.x) % d;
    }
    case Op::kAnd:
      return Value(n.x) && Value(n.y);
    case Op::kOr:
      return Value(n.x) || Value(n.y);
    case Op::kIn:
      return Member(n.y, Value(n.x));
    case Op::kMax: {
      int64_t a = Value(n.x), b = Value(n.y);
      return a > b ? a : b;
    }
    case Op::kMin: {
      int64_t a = Value(n.x), b = Value(n.y);
      return a < b ? a : b;
    }
    default:
      return ListValue(n);
  }
}

namespace {

// Whether node n's chain of x operands has the chain's ops.
bool Matches(const Ruleset& rules, const Node& n, const OpChain& chain) {
  const Node* at = &n;
  for (int i = 0; i < 4 && chain.ops[i] != kNoOp; ++i) {
    if (at == nullptr || at->op != chain.ops[i]) return false;
    at = at->x >= 0 ? &rules.nodes[static_cast<size_t>(at->x)] : nullptr;
  }
  return true;
}

// For a set filter whose condition is `A == K` with the set keyed by K (a
// printed A: suit, value, stars, kind), the function of F given for A;
// else `otherwise`.
template <template <Attr> class F>
EvalFn ByKeyedAttr(const Ruleset& rules, const Node& filter, EvalFn otherwise) {
  const Node& set = rules.nodes[static_cast<size_t>(filter.y)];
  const Node& pred = rules.nodes[static_cast<size_t>(filter.z)];
  if (set.op != Op::kSetEq || pred.op != Op::kCardAttrEqX || pred.x != set.x)
    return otherwise;
  switch (static_cast<Attr>(pred.a)) {
    case Attr::kSuit:
      return F<Attr::kSuit>::kFn;
    case Attr::kValue:
      return F<Attr::kValue>::kFn;
    case Attr::kStars:
      return F<Attr::kStars>::kFn;
    case Attr::kKind:
      return F<Attr::kKind>::kFn;
    default:
      return otherwise;
  }
}
template <Attr A>
struct CountOfTopsWhereFn {
  static constexpr EvalFn kFn = &EvalOps::CountOfTopsWhere<A>;
};
template <Attr A>
struct StreamWhereFn {
  static constexpr EvalFn kFn = &EvalOps::StreamWhere<A>;
};

// count/any of (pile tops where C): C compared attribute by attribute when
// it is `A == K` keyed by K, else tested against C's set.
EvalFn CountOfTopsFunction(const Ruleset& rules, const Node& filter) {
  return ByKeyedAttr<CountOfTopsWhereFn>(rules, filter, &EvalOps::CountOfTops);
}

// Sets each node's functions: its op's own (program.h), or with `fused` the
// forms that do the same in fewer calls: count, any, first, highest and
// lowest streaming over a filter, and the operand chains (kChains).
void BindFunctions(Ruleset& rules, bool fused) {
  auto op_of = [&rules](int node) { return rules.nodes[static_cast<size_t>(node)].op; };
  auto is_filter = [&op_of](int node) {
    return op_of(node) == Op::kFilter || op_of(node) == Op::kSetFilter;
  };
  for (Node& n : rules.nodes) {
    n.fn = OwnFunction(n.op);
    n.set_fn = SetEvaluatorOf(n.op, static_cast<int>(rules.cards.size()));
    if (!fused || n.x < 0) continue;
    for (const OpChain& chain : kChains) {
      if (Matches(rules, n, chain)) n.fn = chain.fn;
    }
    // count, any, first, highest and lowest of a filter stream over its
    // cards, no list made; all but first also over the filter reversed.
    const bool streams_reversed = n.op == Op::kCount || n.op == Op::kAny ||
                                  n.op == Op::kHighest || n.op == Op::kLowest;
    if (!streams_reversed && n.op != Op::kFirst) continue;
    const Node& x = rules.nodes[static_cast<size_t>(n.x)];
    if (is_filter(n.x)) {
      n.fn = &EvalOps::Stream;
      // A fixed set over a list read where it lies (not every card, whose
      // count StreamFilter takes from the set, nor pile tops).
      const Op from = op_of(x.x);
      if (x.op == Op::kSetFilter && op_of(x.y) == Op::kSetStatic &&
          (from == Op::kPlayed || from == Op::kZone || from == Op::kFamilyZone))
        n.fn = n.op != Op::kFirst    ? &EvalOps::StreamFixedSet
               : from == Op::kPlayed ? &EvalOps::FirstPlayedInFixedSet
                                     : &EvalOps::FirstOfFixedSet;
      else if (x.op == Op::kSetFilter && from == Op::kEnds &&
               (n.op == Op::kCount || n.op == Op::kAny))
        n.fn = CountOfTopsFunction(rules, x);
      else if (x.op == Op::kSetFilter &&
               (from == Op::kPlayed || from == Op::kZone || from == Op::kFamilyZone))
        n.fn = ByKeyedAttr<StreamWhereFn>(rules, x, &EvalOps::Stream);
    } else if (streams_reversed && x.op == Op::kReversed && is_filter(x.x)) {
      // highest(reversed(cards where ...)): the filter's cards, ties to the later.
      n.fn = &EvalOps::StreamReversed;
    }
  }
  if (fused) {
    for (Node& n : rules.nodes) n.fn = WithOwnAttr(rules, n);
    // A card-set tree of a shape compiled ahead of time runs as one function.
    for (int root : SetTreeRoots(rules)) {
      if (SetFn compiled = CompiledSetFunction(SetShapeKey(rules, root)))
        rules.nodes[static_cast<size_t>(root)].set_fn = compiled;
    }
    // So does a value tree (after every leaf has its function: keys name them).
    for (int root : ValueTreeRoots(rules)) {
      if (EvalFn compiled = CompiledValueFunction(ValueShapeKey(rules, root)))
        rules.nodes[static_cast<size_t>(root)].fn = compiled;
    }
  }
}

}  // namespace

EvalFn OwnFunction(Op op) {
  // The op list (program.h) names each op's function.
  static constexpr EvalFn kFns[] = {
#define ANGLER_OP_FN(op, fn, doc) &EvalOps::fn,
      ANGLER_OPS(ANGLER_OP_FN)
#undef ANGLER_OP_FN
  };
  return kFns[static_cast<size_t>(op)];
}

const char* LeafFunctionName(EvalFn fn) {
  for (const LeafFunction& leaf : kLeafFunctions) {
    if (leaf.fn == fn) return leaf.name;
  }
  return nullptr;
}

EvalFn CompiledValueFunction(const std::string& key) {
  return FindShape<EvalFn>(kCompiledValueShapes, key);
}

std::vector<std::string> CompiledValueShapes() {
  return ShapeKeys<EvalFn>(kCompiledValueShapes);
}

void BindEvaluators(Ruleset& rules) {
  BindFunctions(rules, /*fused=*/true);
  PlanCardSets(rules);  // evaluates printed attributes: needs the functions bound
  BindFunctions(rules, /*fused=*/true);
}

void BindUnfused(Ruleset& rules) { BindFunctions(rules, /*fused=*/false); }

}  // namespace angler
