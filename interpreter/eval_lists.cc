// Lists and what is read of them: filters judged over a hand (the play
// rules), count/any/first/highest/lowest streamed over a filter, and the
// lists themselves (Cards() past its leaves).
#include <algorithm>
#include <cstring>

#include "interpreter/eval.h"
#include "interpreter/zone_set.h"

namespace angler {
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
// count and any look at every card, with no jump per card: which cards are
// in the set is what the CPU cannot foresee, and the lists are short.
int64_t Reduce(Op op, const CardInfo* cards, std::span<const uint8_t> xs,
               const CardSet& set, bool ties_to_later = false) {
  if (op == Op::kCount || op == Op::kAny) {
    int64_t in = 0;
    for (uint8_t c : xs) in += set.Has(c);
    return op == Op::kAny ? in != 0 : in;
  }
  Reduction r(op, cards, ties_to_later);
  for (uint8_t c : xs) {
    if (set.Has(c) && !r.Take(c)) break;
  }
  return r.result;
}

// The cards of xs in `set`, in order, written to out; returns how many.
// Every card is written and the count moves on only past those in the set:
// no jump per card. `one_word`: every card is below 64.
template <typename T>
size_t CardsIn(std::span<const uint8_t> xs, const CardSet& set, bool one_word, T* out) {
  size_t count = 0;
  if (one_word) {  // no word picked per card
    const uint64_t word = set.words[0];
    for (uint8_t c : xs) {
      out[count] = c;
      count += word >> c & 1;
    }
  } else {
    for (uint8_t c : xs) {
      out[count] = c;
      count += set.Has(c);
    }
  }
  return count;
}

}  // namespace

std::span<const uint8_t> Evaluator::PlannedFilter(int filter) {
  const Node& f = nodes_[filter];
  if (f.op == Op::kSetFilter) return SetFilterCards(f);  // cheaper still
  if (f.op != Op::kFilter) return Cards(filter);
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
  CardSet set;
  const CardSet* in = Prefilter(f, f.y, set);
  const int64_t* classes = ClassesOf(f, f.y);
  const uint32_t run = classes ? NewClassRun() : 0;
  for (uint8_t c : xs) {
    if (in && !in->Has(c)) continue;
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

// The cards of a fixed-set filter streamed where they lie: the set read
// from the lists (judged card by card when a card must decide by itself).
int64_t Evaluator::StreamFixedSet(const Node& n, const Node& filter) {
  if (card_by_card_ || unstated_) [[unlikely]]
    return StreamFilter(n, filter);
  const CardSet set = ListSet(nodes_[filter.y].a);
  const int top = scratch_top_;
  const auto xs = Cards(filter.x);
  const int cards = static_cast<int>(rules_.cards.size());
  int64_t result;
  const Op from = nodes_[filter.x].op;
  if ((n.op == Op::kCount || n.op == Op::kAny) &&
      (from == Op::kZone || from == Op::kFamilyZone) &&
      ZoneSetPays(static_cast<int>(xs.size()), cards)) {
    // A large zone, read as the set of its cards (zone_set.h): xs is the
    // whole zone, so its first card names it.
    const int count = ZoneCount(state_, state_.zone_of[xs[0]], cards, set);
    result = n.op == Op::kAny ? count != 0 : count;
  } else {
    result = Reduce(n.op, cards_, xs, set);
  }
  scratch_top_ = top;
  return result;
}

template <Attr A>
int64_t Evaluator::StreamWhere(const Node& n, const Node& filter) {
  int64_t want;
  if (!KeyOf(filter, want)) [[unlikely]]
    return StreamFilter(n, filter);
  const int top = scratch_top_;
  const auto xs = Cards(filter.x);
  int64_t result;
  if (n.op == Op::kCount || n.op == Op::kAny) {  // no jump per card, as Reduce
    int64_t in = 0;
    for (uint8_t c : xs) in += Printed<A>(cards_[c]) == want;
    result = n.op == Op::kAny ? in != 0 : in;
  } else {
    Reduction r(n.op, cards_, /*later=*/false);
    for (uint8_t c : xs) {
      if (Printed<A>(cards_[c]) == want && !r.Take(c)) break;
    }
    result = r.result;
  }
  scratch_top_ = top;
  return result;
}
template int64_t Evaluator::StreamWhere<Attr::kSuit>(const Node&, const Node&);
template int64_t Evaluator::StreamWhere<Attr::kValue>(const Node&, const Node&);
template int64_t Evaluator::StreamWhere<Attr::kStars>(const Node&, const Node&);
template int64_t Evaluator::StreamWhere<Attr::kKind>(const Node&, const Node&);

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
    if (n.op == Op::kCount || n.op == Op::kAny)
      return CountTops(n, from, [&set](int c) { return set.Has(c); });
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
    r.result = Reduce(n.op, cards_, xs, set, ties_to_later);
  } else if (!Budget(filter, xs.size())) {
    r.result = 0;
  } else {
    const int pred = filter.op == Op::kSetFilter ? filter.z : filter.y;
    ResetCache(filter);
    int saved_card = card_;
    const CardSet* in = Prefilter(filter, pred, set);
    const int64_t* classes = ClassesOf(filter, pred);
    const uint32_t run = classes ? NewClassRun() : 0;
    for (uint8_t c : xs) {
      if (in && !in->Has(c)) continue;
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
    case Op::kSetFilter:
      return SetFilterCards(n);
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

std::span<const uint8_t> Evaluator::SetFilterCards(const Node& n) {
  const int base = scratch_top_;
  auto xs = Cards(n.x);
  uint8_t* out = Push();
  size_t count = 0;
  if (CardSet set; !xs.empty() && TrySet(n, set)) {
    count = CardsIn(xs, set, rules_.cards.size() <= 64, out);
  } else if (!xs.empty()) {
    count = JudgeEach(n, n.z, xs, out);  // the set faulted: card by card
  }
  // Move the result down to the first slot this call took, as ListOf does.
  if (scratch_[base] != out) std::memmove(scratch_[base], out, count);
  scratch_top_ = base + 1;
  return {scratch_[base], count};
}

size_t Evaluator::PlannedFilterInto(int filter, int16_t* out) {
  const Node& f = nodes_[filter];
  const int base = scratch_top_;
  size_t count = 0;
  if (f.op != Op::kSetFilter) {
    for (uint8_t c : PlannedFilter(filter)) out[count++] = c;
  } else if (const auto xs = Cards(f.x); xs.empty()) {
    // no card to judge
  } else if (CardSet set; TrySet(f, set)) {
    count = CardsIn(xs, set, rules_.cards.size() <= 64, out);
  } else {  // the set faulted: card by card
    uint8_t* judged = Push();
    count = JudgeEach(f, f.z, xs, judged);
    std::copy_n(judged, count, out);
  }
  scratch_top_ = base;
  return count;
}

size_t Evaluator::JudgeEach(const Node& f, int pred, std::span<const uint8_t> xs,
                            uint8_t* out) {
  if (!Budget(f, xs.size())) return 0;
  ResetCache(f);
  size_t count = 0;
  int saved_card = card_;
  CardSet set;
  const CardSet* in = Prefilter(f, pred, set);
  const int64_t* classes = ClassesOf(f, pred);
  const uint32_t run = classes ? NewClassRun() : 0;
  for (uint8_t c : xs) {
    if (in && !in->Has(c)) continue;
    if (Verdict(classes, run, c, [&] { return Holds(pred, c); })) out[count++] = c;
  }
  card_ = saved_card;
  return count;
}

}  // namespace angler
