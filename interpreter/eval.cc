#include "interpreter/eval.h"

#include <cstring>
#include <cstdlib>

namespace angler {
namespace {

int Attribute(const Ruleset& rules, const State& state, int card, Attr a) {
  if (card < 0) return kNone;
  const CardInfo& c = rules.cards[static_cast<size_t>(card)];
  switch (a) {
    case Attr::kSuit: return c.suit;
    case Attr::kValue: return c.value;
    case Attr::kStars: return c.stars;
    case Attr::kKind: return c.kind;
    case Attr::kPlayer: return state.played_by[card];
    case Attr::kId: return card;
    case Attr::kTags: return c.tags;
    case Attr::kHolder: return rules.ZoneSeat(state.zone_of[card]);
  }
  return kNone;
}

}  // namespace

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
    case Op::kRange: return v >= Value(n.x) && v <= Value(n.y);
    case Op::kSeats: return v >= 0 && v < state_.num_players;
    default: return false;
  }
}

int64_t Evaluator::Value(int node) {
  const Node& n = nodes_[node];
  switch (n.op) {
    case Op::kConst: return n.imm;
    case Op::kLocal: return frame_->locals[n.a];
    case Op::kGlobal: return state_.vars[n.a];
    case Op::kPlayerVar: {
      int64_t p = Leaf(n.x);
      return p < 0 ? 0 : state_.vars[n.a + p];
    }
    case Op::kTable: {
      int64_t i = Leaf(n.x);
      if (i < 1 || i > n.b) return 0;
      return rules_.tables[static_cast<size_t>(n.a + state_.num_players * n.b + i - 1)];
    }
    case Op::kCard: return card_;
    case Op::kCardAttr: return CardAttr(n.a);
    case Op::kCardAttrEq: return CardAttr(n.a) == n.imm;
    case Op::kCardAttrNe: return CardAttr(n.a) != n.imm;
    case Op::kCardAttrEqX: return CardAttr(n.a) == Leaf(n.x);
    case Op::kAnyOf:
      for (int i = 0; i < n.b; ++i) {
        if (Leaf(static_cast<int>(lists_[n.a + i]))) return 1;
      }
      return 0;
    case Op::kAllOf:
      for (int i = 0; i < n.b; ++i) {
        if (!Leaf(static_cast<int>(lists_[n.a + i]))) return 0;
      }
      return 1;
    case Op::kEqConst: return Leaf(n.x) == n.imm;
    case Op::kNeConst: return Leaf(n.x) != n.imm;
    case Op::kSelf: return frame_->self;
    case Op::kOwner: return frame_->owner;
    case Op::kChosenValue: return state_.chosen_value;
    case Op::kPlayers: return state_.num_players;
    case Op::kZone: return n.a;
    case Op::kFamilyZone: {
      int64_t p = Leaf(n.x);
      return p < 0 ? kNone : n.a + p;
    }
    case Op::kAttr: return Attribute(rules_, state_, static_cast<int>(Leaf(n.x)),
                                     static_cast<Attr>(n.a));
    case Op::kNeg: return -Leaf(n.x);
    case Op::kHasTag: {
      int64_t c = Leaf(n.x);
      return c >= 0 && (rules_.cards[static_cast<size_t>(c)].tags >> n.a & 1);
    }
    case Op::kNot: return !Leaf(n.x);
    case Op::kAbs: return std::llabs(Leaf(n.x));
    case Op::kLeft: {
      int64_t p = Leaf(n.x);
      return p < 0 ? kNone : (p + 1) % state_.num_players;
    }
    case Op::kRight: {
      int64_t p = Leaf(n.x);
      return p < 0 ? kNone : (p + state_.num_players - 1) % state_.num_players;
    }
    case Op::kPlayPosition: {
      int64_t p = Leaf(n.x);
      if (p < 0) return kNone;
      int pos = state_.position_of[p];
      return pos < 0 ? state_.num_players + p : pos;  // did not play: after everyone
    }
    case Op::kAdd: return Leaf(n.x) + Leaf(n.y);
    case Op::kSub: return Leaf(n.x) - Leaf(n.y);
    case Op::kMul: return Leaf(n.x) * Leaf(n.y);
    case Op::kDiv: {
      int64_t d = Leaf(n.y);
      return d == 0 ? 0 : Leaf(n.x) / d;
    }
    case Op::kMod: {
      int64_t d = Leaf(n.y);
      return d == 0 ? 0 : Leaf(n.x) % d;
    }
    case Op::kEq: return Leaf(n.x) == Leaf(n.y);
    case Op::kNe: return Leaf(n.x) != Leaf(n.y);
    case Op::kLt: return Leaf(n.x) < Leaf(n.y);
    case Op::kLe: return Leaf(n.x) <= Leaf(n.y);
    case Op::kGt: return Leaf(n.x) > Leaf(n.y);
    case Op::kGe: return Leaf(n.x) >= Leaf(n.y);
    case Op::kAnd: return Leaf(n.x) && Leaf(n.y);
    case Op::kOr: return Leaf(n.x) || Leaf(n.y);
    case Op::kCoalesce: {
      int64_t a = Leaf(n.x);
      return a != kNone ? a : Leaf(n.y);
    }
    case Op::kIn: return Member(n.y, Leaf(n.x));
    case Op::kMax: {
      int64_t a = Leaf(n.x), b = Leaf(n.y);
      return a > b ? a : b;
    }
    case Op::kMin: {
      int64_t a = Leaf(n.x), b = Leaf(n.y);
      return a < b ? a : b;
    }
    case Op::kIf: return Leaf(n.x) ? Leaf(n.y) : Leaf(n.z);
    case Op::kCached:
      if (!cache_ok_[n.a]) {
        cache_value_[n.a] = Leaf(n.x);
        cache_ok_[n.a] = true;
      }
      return cache_value_[n.a];
    default: return ListValue(n);
  }
}

[[gnu::noinline]] int64_t Evaluator::ListValue(const Node& n) {
  int top = scratch_top_;
  auto list = Cards(n.x);
  int64_t result = kNone;
  switch (n.op) {
    case Op::kCount: result = static_cast<int64_t>(list.size()); break;
    case Op::kAny: result = !list.empty(); break;
    case Op::kFirst: result = list.empty() ? kNone : list.front(); break;
    case Op::kLast: result = list.empty() ? kNone : list.back(); break;
    case Op::kHighest:
    case Op::kLowest: {
      // Ties go to the card earlier in the list.
      bool high = n.op == Op::kHighest;
      int best = kNone;
      for (uint8_t c : list) {
        if (best == kNone) {
          best = c;
          continue;
        }
        int v = rules_.cards[c].value, b = rules_.cards[static_cast<size_t>(best)].value;
        if (high ? v > b : v < b) best = c;
      }
      result = best;
      break;
    }
    default: break;
  }
  scratch_top_ = top;
  return result;
}

std::span<const uint8_t> Evaluator::Cards(int node) {
  const Node& n = nodes_[node];
  switch (n.op) {
    case Op::kZone: return state_.Zone(n.a);
    case Op::kFamilyZone: {
      int64_t z = Value(node);
      if (z < 0) return {};
      return state_.Zone(static_cast<int>(z));
    }
    case Op::kPlayed: return {state_.played, state_.played_count};
    case Op::kAllCards: {
      uint8_t* out = Push();
      for (size_t i = 0; i < rules_.cards.size(); ++i) out[i] = static_cast<uint8_t>(i);
      return {out, rules_.cards.size()};
    }
    case Op::kIf: return Value(n.x) ? Cards(n.y) : Cards(n.z);
    default: break;
  }
  int base = scratch_top_;
  uint8_t* out;
  size_t count = 0;
  if (n.type == Type::kCard) {
    int64_t c = Value(node);
    out = Push();
    if (c >= 0) out[count++] = static_cast<uint8_t>(c);
    return {out, count};
  }
  auto xs = Cards(n.x);
  switch (n.op) {
    case Op::kFilter: {
      out = Push();
      for (int slot = n.a; slot < n.b; ++slot) cache_ok_[slot] = false;
      int saved_card = card_;
      for (uint8_t c : xs) {
        card_ = c;
        int top = scratch_top_;
        if (Value(n.y)) out[count++] = c;
        scratch_top_ = top;
      }
      card_ = saved_card;
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

}  // namespace angler
