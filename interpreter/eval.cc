#include "interpreter/eval.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "interpreter/card_set_plan.h"

namespace angler {

// Scratch lists follow a stack discipline: every Cards() call leaves at most its
// own result allocated, at the lowest free slot, so nested filters never clobber
// a list still in use.
uint8_t* Evaluator::Push() {
  if (scratch_top_ >= kScratchLists) std::abort();  // the loader bounds nesting depth
  return scratch_[scratch_top_++];
}

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

namespace {

// What count, any, first, highest and lowest keep of the cards streamed to
// them, in list order.
struct Reduction {
  Reduction(Op o, const CardInfo* c, bool later)
      : op(o),
        cards(c),
        result(o == Op::kCount || o == Op::kAny ? 0 : kNone),
        ties_to_later(later) {}
  // False once the answer is settled.
  bool Take(int c) {
    switch (op) {
      case Op::kCount:
        ++result;
        return true;
      case Op::kAny:
        result = 1;
        return false;
      case Op::kFirst:
        result = c;
        return false;
      default: {  // highest, lowest: ties go to the earlier card, or the later
        const int v = cards[c].value;
        if (result == kNone) {
          result = c;
        } else {
          const int best = cards[result].value;
          if ((op == Op::kHighest ? v > best : v < best) || (ties_to_later && v == best))
            result = c;
        }
        return true;
      }
    }
  }
  bool ReadsValues() const { return op == Op::kHighest || op == Op::kLowest; }
  Op op;
  const CardInfo* cards;
  int64_t result;
  bool ties_to_later;
};

// op (count, any, first, highest, lowest) over the cards of xs in `set`.
int64_t Reduce(Op op, const CardInfo* cards, std::span<const uint8_t> xs,
               const CardSet& set) {
  Reduction r(op, cards, /*later=*/false);
  for (uint8_t c : xs) {
    if (set.Has(c) && !r.Take(c)) break;
  }
  return r.result;
}

}  // namespace

// One small function per frequent op; the rest share Evaluator::Switch.
struct EvalOps {
  static int64_t Const(Evaluator&, const Node& n) { return n.imm; }
  static int64_t Local(Evaluator& e, const Node& n) { return e.frame_->locals[n.a]; }
  static int64_t Global(Evaluator& e, const Node& n) { return e.state_.vars[n.a]; }
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
  static int64_t EqConst(Evaluator& e, const Node& n) {
    return EqConstOf<&Through>(e, n);
  }
  static int64_t NeConst(Evaluator& e, const Node& n) {
    return NeConstOf<&Through>(e, n);
  }
  static int64_t Eq(Evaluator& e, const Node& n) { return e.Value(n.x) == e.Value(n.y); }
  static int64_t Ne(Evaluator& e, const Node& n) { return e.Value(n.x) != e.Value(n.y); }
  static int64_t Lt(Evaluator& e, const Node& n) { return e.Value(n.x) < e.Value(n.y); }
  static int64_t Le(Evaluator& e, const Node& n) { return e.Value(n.x) <= e.Value(n.y); }
  static int64_t Gt(Evaluator& e, const Node& n) { return e.Value(n.x) > e.Value(n.y); }
  static int64_t Ge(Evaluator& e, const Node& n) { return e.Value(n.x) >= e.Value(n.y); }
  // Checked: a result outside the 64-bit range is a fault, never wrapped.
  static int64_t Add(Evaluator& e, const Node& n) {
    int64_t r;
    if (__builtin_add_overflow(e.Value(n.x), e.Value(n.y), &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  static int64_t Sub(Evaluator& e, const Node& n) {
    int64_t r;
    if (__builtin_sub_overflow(e.Value(n.x), e.Value(n.y), &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  static int64_t Mul(Evaluator& e, const Node& n) {
    int64_t r;
    if (__builtin_mul_overflow(e.Value(n.x), e.Value(n.y), &r)) [[unlikely]]
      return e.Fault(n, RuntimeFault::kOverflow);
    return r;
  }
  static int64_t Not(Evaluator& e, const Node& n) { return !e.Value(n.x); }
  static int64_t If(Evaluator& e, const Node& n) { return IfOf<&Through>(e, n); }
  static int64_t Coalesce(Evaluator& e, const Node& n) {
    return CoalesceOf<&Through>(e, n);
  }
  static int64_t AnyOf(Evaluator& e, const Node& n) {
    for (int i = 0; i < n.b; ++i) {
      if (e.Value(static_cast<int>(e.lists_[n.a + i]))) return 1;
    }
    return 0;
  }
  static int64_t AllOf(Evaluator& e, const Node& n) {
    for (int i = 0; i < n.b; ++i) {
      if (!e.Value(static_cast<int>(e.lists_[n.a + i]))) return 0;
    }
    return 1;
  }
  static int64_t Attr(Evaluator& e, const Node& n) { return AttrOf<&Through>(e, n); }
  static int64_t List(Evaluator& e, const Node& n) { return e.ListValue(n); }
  // Kept for one question: x's value, kept while bit n.a of shared_kept_
  // is set (a new question clears it). A value that faulted is not kept: a
  // filter's set that faulted is retried card by card (TrySet), which must
  // meet the fault again if it needs the value, not read what the failed try
  // left.
  static int64_t Shared(Evaluator& e, const Node& n) {
    const uint64_t bit = uint64_t{1} << n.a;
    if (!(e.shared_kept_ & bit)) {
      const int64_t v = e.Value(n.x);
      if (e.faulted()) return v;
      e.shared_value_[n.a] = v;
      e.shared_kept_ |= bit;
    }
    return e.shared_value_[n.a];
  }
  // Kept for one question and card: the rules judging one card share it.
  static int64_t CardShared(Evaluator& e, const Node& n) {
    const uint64_t bit = uint64_t{1} << n.a;
    const int card = e.card_;
    if (!(e.card_shared_kept_ & bit) || e.card_shared_card_[n.a] != card) {
      const int64_t v = e.Value(n.x);
      if (e.faulted()) return v;
      e.card_shared_value_[n.a] = v;
      e.card_shared_card_[n.a] = card;
      e.card_shared_kept_ |= bit;
    }
    return e.card_shared_value_[n.a];
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
    const int64_t z = e.Value(n.x);
    if (z < 0 || e.state_.ZoneSize(static_cast<int>(z)) == 0) return kNone;
    return e.state_.order[e.state_.start[z + 1] - 1];
  }
  // count, any, first, highest or lowest of a filter, streamed
  // (BindEvaluators picks it).
  static int64_t Stream(Evaluator& e, const Node& n) {
    return e.StreamFilter(n, e.nodes_[n.x]);
  }
  // The same over a filter whose set is fixed (a printed attribute): the set
  // read from the lists, the cards streamed where they lie.
  static int64_t StreamFixedSet(Evaluator& e, const Node& n) {
    const Node& filter = e.nodes_[n.x];
    if (e.card_by_card_ || e.unstated_) [[unlikely]]
      return e.StreamFilter(n, filter);
    const CardSet set = e.ListSet(e.nodes_[filter.y].a);
    const int top = e.scratch_top_;
    const int64_t result = Reduce(n.op, e.cards_, e.Cards(filter.x), set);
    e.scratch_top_ = top;
    return result;
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
  // pairs (kPairs).
  static int64_t Through(Evaluator& e, const Node& x) { return x.fn(e, x); }
  template <EvalFn X>
  static int64_t IfOf(Evaluator& e, const Node& n) {
    return X(e, e.nodes_[n.x]) ? e.Value(n.y) : e.Value(n.z);
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
    return X(e, e.nodes_[n.x]) == n.imm;
  }
  template <EvalFn X>
  static int64_t NeConstOf(Evaluator& e, const Node& n) {
    return X(e, e.nodes_[n.x]) != n.imm;
  }
  template <EvalFn X>
  static int64_t EqOf(Evaluator& e, const Node& n) {
    const int64_t a = X(e, e.nodes_[n.x]);
    return a == e.Value(n.y);
  }
  template <EvalFn X>
  static int64_t GtOf(Evaluator& e, const Node& n) {
    const int64_t a = X(e, e.nodes_[n.x]);
    return a > e.Value(n.y);
  }
  template <EvalFn X>
  static int64_t CoalesceOf(Evaluator& e, const Node& n) {
    const int64_t a = X(e, e.nodes_[n.x]);
    return a != kNone ? a : e.Value(n.y);
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
};

// Op `parent` whose operand x is of op `child` runs `fn` (EvalOps' pairs).
struct OpPair {
  Op parent, child;
  EvalFn fn;
};
constexpr OpPair kPairs[] = {
    {Op::kIf, Op::kCardAttrEq, &EvalOps::IfOf<&EvalOps::CardAttrEq>},
    {Op::kIf, Op::kEqConst, &EvalOps::IfOf<&EvalOps::EqConst>},
    {Op::kAttr, Op::kShared, &EvalOps::AttrOf<&EvalOps::Shared>},
    {Op::kCardAttrEqX, Op::kShared, &EvalOps::CardAttrEqXOf<&EvalOps::Shared>},
    {Op::kEqConst, Op::kShared, &EvalOps::EqConstOf<&EvalOps::Shared>},
    {Op::kZoneSize, Op::kGlobal, &EvalOps::ZoneSizeOf<&EvalOps::Global>},
    {Op::kCoalesce, Op::kGlobal, &EvalOps::CoalesceOf<&EvalOps::Global>},
    {Op::kLetIn, Op::kCardAttr, &EvalOps::LetInOf<&EvalOps::CardAttr>},
    {Op::kEqConst, Op::kZoneSize, &EvalOps::EqConstOf<&EvalOps::ZoneSize>},
    {Op::kEq, Op::kZoneSize, &EvalOps::EqOf<&EvalOps::ZoneSize>},
    {Op::kGt, Op::kZoneSize, &EvalOps::GtOf<&EvalOps::ZoneSize>},
    {Op::kZoneSize, Op::kFamilyZone, &EvalOps::ZoneSizeOf<&EvalOps::FamilyZone>},
    {Op::kEq, Op::kIf, &EvalOps::EqOf<&EvalOps::If>},
    {Op::kNeConst, Op::kCardShared, &EvalOps::NeConstOf<&EvalOps::CardShared>},
    {Op::kAttr, Op::kZoneLast, &EvalOps::AttrOf<&EvalOps::ZoneLast>},
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
    case Op::kZone:
      return n.a;
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
      return p < 0 ? kNone : (p + 1) % state_.num_players;
    }
    case Op::kRight: {
      int64_t p = Value(n.x);
      return p < 0 ? kNone : (p + state_.num_players - 1) % state_.num_players;
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

std::span<const uint8_t> Evaluator::PlannedFilter(int filter) {
  const Node& f = nodes_[filter];
  if (f.op != Op::kFilter) return Cards(filter);  // a set filter: cheaper still
  const Node& pred = nodes_[f.y];
  if (pred.op != Op::kAnyOf && pred.op != Op::kAllOf) return Cards(filter);
  auto xs = Cards(f.x);
  uint8_t* out = Push();
  size_t count = 0;
  for (int slot = f.a; slot < f.b; ++slot) cache_ok_[slot] = false;
  auto child = [&](const Node& n, int i) { return static_cast<int>(lists_[n.a + i]); };
  // What is left to check per card: or/and nodes from an operand on, and
  // whether the predicate is an or (any part) or an and (every part).
  struct Part {
    int node, from;
    bool any;
  };
  Part parts[8];
  int n_parts = 0;
  const bool root_any = pred.op == Op::kAnyOf;
  for (int i = 0; i < pred.imm; ++i) {
    if ((Value(child(pred, i)) != 0) == root_any) {  // settles every card
      if (root_any) {
        for (uint8_t c : xs) out[count++] = c;
      }
      return {out, count};
    }
  }
  for (int i = static_cast<int>(pred.imm); i < pred.b; ++i) {
    int id = child(pred, i);
    const Node& c = nodes_[id];
    bool inner_any = c.op == Op::kAnyOf;
    int from = 0;
    bool nested = !root_any && (c.op == Op::kAnyOf || c.op == Op::kAllOf) && c.imm > 0;
    if (nested) {
      // An and of ors: an or whose fixed operand holds is true for every card.
      bool settled = false;
      for (int j = 0; j < c.imm && !settled; ++j) {
        bool v = Value(child(c, j)) != 0;
        if (inner_any && v) settled = true;
        if (!inner_any && !v) return {out, 0};  // an and that fails for every card
      }
      if (settled) continue;
      from = static_cast<int>(c.imm);
    }
    if (n_parts == 8) return Cards(filter);  // too many parts: judge cards whole
    parts[n_parts++] = nested ? Part{id, from, inner_any} : Part{id, -1, false};
  }
  if (n_parts == 0 && !root_any) {
    for (uint8_t c : xs) out[count++] = c;
    return {out, count};
  }
  int saved_card = card_;
  const int64_t* classes = ClassesOf(f, f.y);
  const uint32_t run = classes ? NewClassRun() : 0;
  for (uint8_t c : xs) {
    const bool match = Verdict(classes, run, c, [&] {
      card_ = c;
      int top = scratch_top_;
      bool holds = !root_any;
      for (int k = 0; k < n_parts; ++k) {
        bool v;
        if (parts[k].from < 0) {
          v = Value(parts[k].node) != 0;
        } else {
          const Node& inner = nodes_[parts[k].node];
          v = !parts[k].any;
          for (int j = parts[k].from; j < inner.b; ++j) {
            if ((Value(child(inner, j)) != 0) == parts[k].any) {
              v = parts[k].any;
              break;
            }
          }
        }
        if (v == root_any) {
          holds = root_any;
          break;
        }
      }
      scratch_top_ = top;
      return holds;
    });
    if (match) out[count++] = c;
  }
  card_ = saved_card;
  return {out, count};
}

// Streams the filter: no list is built, and any/first stop at the first match.
int64_t Evaluator::StreamFilter(const Node& n, const Node& filter, bool ties_to_later) {
  CardSet set;
  if (n.op == Op::kCount && filter.op == Op::kSetFilter &&
      nodes_[filter.x].op == Op::kAllCards && TrySet(filter, set)) {
    return (set &= CardSet::FirstN(static_cast<int>(rules_.cards.size()))).Count();
  }
  Reduction r(n.op, cards_, ties_to_later);
  const Node& from = nodes_[filter.x];
  if (from.op == Op::kEnds && filter.op == Op::kSetFilter && TrySet(filter, set)) {
    // The top card of each pile, judged where it lies: no list made. (A set
    // is never used with unstated cards, so their values are never read.)
    const int piles = from.b < 0 ? state_.num_players : from.b;
    for (int i = 0; i < piles; ++i) {
      const int z = from.a + i;
      if (state_.start[z] == state_.start[z + 1]) continue;
      const uint8_t c = state_.order[state_.start[z + 1] - 1];
      if (set.Has(c) && !r.Take(c)) break;
    }
    return r.result;
  }
  int top = scratch_top_;
  auto xs = Cards(filter.x);
  if (xs.empty()) {
    // nothing to judge
  } else if (filter.op == Op::kSetFilter && TrySet(filter, set)) {
    for (uint8_t c : xs) {
      if (set.Has(c) && !r.Take(c)) break;
    }
  } else if (!Budget(filter, xs.size())) {
    r.result = 0;
  } else {
    const int pred = filter.op == Op::kSetFilter ? filter.z : filter.y;
    ResetCache(filter);
    int saved_card = card_;
    const int64_t* classes = ClassesOf(filter, pred);
    const uint32_t run = classes ? NewClassRun() : 0;
    for (uint8_t c : xs) {
      if (!Verdict(classes, run, c, [&] { return Holds(pred, c); })) continue;
      if (r.ReadsValues() && Unstated(c)) [[unlikely]] {
        r.result = NeedCard(c);
        break;
      }
      if (!r.Take(c)) break;
    }
    card_ = saved_card;
  }
  scratch_top_ = top;
  return r.result;
}

[[gnu::noinline]] int64_t Evaluator::ListValue(const Node& n) {
  if (n.op == Op::kInCards) {
    int top = scratch_top_;
    int64_t c = Value(n.x);
    bool found = false;
    for (uint8_t y : Cards(n.y)) found |= (y == c);
    scratch_top_ = top;
    return found;
  }
  int top = scratch_top_;
  auto list = Cards(n.x);
  int64_t result = kNone;
  if (unstated_ && (n.op == Op::kSum || n.op == Op::kHighest || n.op == Op::kLowest)) {
    for (uint8_t c : list) {  // these read the cards' values
      if (Unstated(c)) {
        scratch_top_ = top;
        return NeedCard(c);
      }
    }
  }
  switch (n.op) {
    case Op::kCount:
      result = static_cast<int64_t>(list.size());
      break;
    case Op::kSum:
      result = 0;
      for (uint8_t c : list) result += rules_.cards[c].value;
      break;
    case Op::kAny:
      result = !list.empty();
      break;
    case Op::kFirst:
      result = list.empty() ? kNone : list.front();
      break;
    case Op::kLast:
      result = list.empty() ? kNone : list.back();
      break;
    case Op::kHighest:
    case Op::kLowest: {  // ties go to the card earlier in the list
      Reduction r(n.op, cards_, /*later=*/false);
      for (uint8_t c : list) r.Take(c);
      result = r.result;
      break;
    }
    default:
      break;
  }
  scratch_top_ = top;
  return result;
}

std::span<const uint8_t> Evaluator::ListOf(int node) {
  const Node& n = nodes_[node];
  switch (n.op) {  // a zone, a family's zone and the trick: Cards() answered
    case Op::kEnds:
    case Op::kFamilyCards: {
      uint8_t* out = Push();
      size_t count = 0;
      int piles = n.b < 0 ? state_.num_players : n.b;
      for (int i = 0; i < piles; ++i) {
        auto zone = state_.Zone(n.a + i);
        if (zone.empty()) continue;
        if (n.op == Op::kEnds) {
          out[count++] = zone.back();
        } else {
          for (uint8_t c : zone) out[count++] = c;
        }
      }
      return {out, count};
    }
    case Op::kAllCards: {
      uint8_t* out = Push();
      for (size_t i = 0; i < rules_.cards.size(); ++i) out[i] = static_cast<uint8_t>(i);
      return {out, rules_.cards.size()};
    }
    case Op::kIf:
      return Value(n.x) ? Cards(n.y) : Cards(n.z);
    default:
      break;
  }
  if (n.type == Type::kZone) {  // a zone held in a variable, or chosen by an if
    int64_t z = Value(node);
    if (z < 0) return {};
    return state_.Zone(static_cast<int>(z));
  }
  int base = scratch_top_;
  uint8_t* out;
  size_t count = 0;
  if (n.type == Type::kCard) {
    int64_t c = Value(node);  // a single card
    out = Push();
    if (c >= 0) out[count++] = static_cast<uint8_t>(c);
    return {out, count};
  }
  auto xs = Cards(n.x);
  switch (n.op) {
    case Op::kFilter:
      out = Push();
      count = JudgeEach(n, n.y, xs, out);
      break;
    case Op::kSetFilter: {
      out = Push();
      CardSet set;
      if (xs.empty()) break;
      if (!TrySet(n, set)) {
        count = JudgeEach(n, n.z, xs, out);
        break;
      }
      for (uint8_t c : xs) {
        out[count] = c;
        count += set.Has(c);
      }
      break;
    }
    case Op::kMinus:
    case Op::kConcat: {
      auto ys = Cards(n.y);
      out = Push();
      if (n.op == Op::kConcat) {
        for (uint8_t c : xs) out[count++] = c;
        for (uint8_t c : ys) out[count++] = c;
      } else {
        for (uint8_t c : xs) {
          bool drop = false;
          for (uint8_t d : ys) drop |= (c == d);
          if (!drop) out[count++] = c;
        }
      }
      break;
    }
    case Op::kReversed:
      out = Push();
      for (size_t i = xs.size(); i-- > 0;) out[count++] = xs[i];
      break;
    case Op::kTopN:
    case Op::kBottomN: {
      int64_t k = Value(n.y);
      size_t take = k < 0 ? 0 : std::min(static_cast<size_t>(k), xs.size());
      out = Push();
      // Top cards come in draw order: the top card first.
      if (n.op == Op::kTopN) {
        for (size_t i = 0; i < take; ++i) out[count++] = xs[xs.size() - 1 - i];
      } else {
        for (size_t i = 0; i < take; ++i) out[count++] = xs[i];
      }
      break;
    }
    default:
      return {};
  }
  // Move the result down to the first slot this call took.
  if (scratch_[base] != out) std::memmove(scratch_[base], out, count);
  scratch_top_ = base + 1;
  return {scratch_[base], count};
}

size_t Evaluator::JudgeEach(const Node& f, int pred, std::span<const uint8_t> xs,
                            uint8_t* out) {
  if (!Budget(f, xs.size())) return 0;
  ResetCache(f);
  size_t count = 0;
  int saved_card = card_;
  const int64_t* classes = ClassesOf(f, pred);
  const uint32_t run = classes ? NewClassRun() : 0;
  for (uint8_t c : xs) {
    if (Verdict(classes, run, c, [&] { return Holds(pred, c); })) out[count++] = c;
  }
  card_ = saved_card;
  return count;
}

namespace {

// Sets each node's functions: its op's own (program.h), or with `fused` the
// forms that do the same in fewer calls: count, any, first, highest and
// lowest streaming over a filter, a family's zone of a seat a variable
// holds, the count of a family's cards, and the operand pairs (kPairs: the
// size of a family's zone among them).
void BindFunctions(Ruleset& rules, bool fused) {
  // The op list (program.h) names each op's function.
  static constexpr EvalFn kFns[] = {
#define ANGLER_OP_FN(op, fn, doc) &EvalOps::fn,
      ANGLER_OPS(ANGLER_OP_FN)
#undef ANGLER_OP_FN
  };
  auto op_of = [&rules](int node) { return rules.nodes[static_cast<size_t>(node)].op; };
  auto is_filter = [&op_of](int node) {
    return op_of(node) == Op::kFilter || op_of(node) == Op::kSetFilter;
  };
  for (Node& n : rules.nodes) {
    n.fn = kFns[static_cast<size_t>(n.op)];
    n.set_fn = SetEvaluatorOf(n.op, static_cast<int>(rules.cards.size()));
    if (!fused || n.x < 0) continue;
    if (n.op == Op::kFamilyZone && op_of(n.x) == Op::kLocal)
      n.fn = &EvalOps::FamilyZoneOfLocal;
    if (n.op == Op::kFamilyZone && op_of(n.x) == Op::kGlobal)
      n.fn = &EvalOps::FamilyZoneOfGlobal;
    if (n.op == Op::kCount && op_of(n.x) == Op::kFamilyCards)
      n.fn = &EvalOps::CountFamilyCards;
    if (n.op == Op::kFirst && op_of(n.x) == Op::kPlayed) n.fn = &EvalOps::FirstPlayed;
    // An attribute of the trick's first card (its suit, say): one call.
    if (n.op == Op::kAttr && op_of(n.x) == Op::kFirst &&
        rules.nodes[static_cast<size_t>(n.x)].x >= 0 &&
        op_of(rules.nodes[static_cast<size_t>(n.x)].x) == Op::kPlayed)
      n.fn = &EvalOps::AttrOf<&EvalOps::FirstPlayed>;
    for (const OpPair& pair : kPairs) {
      if (n.op == pair.parent && op_of(n.x) == pair.child) n.fn = pair.fn;
    }
    // count(hand(p)), count(hand(turn)): the size of a family's zone of a
    // seat held by a local or a variable, in one call.
    if (n.op == Op::kZoneSize && op_of(n.x) == Op::kFamilyZone) {
      const Op seat = op_of(rules.nodes[static_cast<size_t>(n.x)].x);
      if (seat == Op::kLocal) n.fn = &EvalOps::ZoneSizeOf<&EvalOps::FamilyZoneOfLocal>;
      if (seat == Op::kGlobal) n.fn = &EvalOps::ZoneSizeOf<&EvalOps::FamilyZoneOfGlobal>;
    }
    // count(hand(p)) == ...: a per-seat check of the hands' sizes, one call
    // fewer.
    if (n.op == Op::kEq && op_of(n.x) == Op::kZoneSize) {
      const Node& size = rules.nodes[static_cast<size_t>(n.x)];
      if (op_of(size.x) == Op::kFamilyZone &&
          op_of(rules.nodes[static_cast<size_t>(size.x)].x) == Op::kLocal)
        n.fn = &EvalOps::EqOf<&EvalOps::ZoneSizeOf<&EvalOps::FamilyZoneOfLocal>>;
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
        n.fn = &EvalOps::StreamFixedSet;
    } else if (streams_reversed && x.op == Op::kReversed && is_filter(x.x)) {
      // highest(reversed(cards where ...)): the filter's cards, ties to the later.
      n.fn = &EvalOps::StreamReversed;
    }
  }
}

}  // namespace

void BindEvaluators(Ruleset& rules) {
  BindFunctions(rules, /*fused=*/true);
  PlanCardSets(rules);  // evaluates printed attributes: needs the functions bound
  BindFunctions(rules, /*fused=*/true);
}

void BindUnfused(Ruleset& rules) { BindFunctions(rules, /*fused=*/false); }

}  // namespace angler
