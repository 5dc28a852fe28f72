// The set-node side of card-set planning: see card_set_nodes.h.
#include "interpreter/card_set_nodes.h"

#include <algorithm>
#include <utility>

#include "interpreter/eval.h"

namespace angler {

bool PureOp(Op op) {
  switch (op) {
    case Op::kConst:
    case Op::kList:
    case Op::kRange:
    case Op::kNeg:
    case Op::kNot:
    case Op::kAbs:
    case Op::kAdd:
    case Op::kSub:
    case Op::kAddConst:
    case Op::kMul:
    case Op::kDiv:
    case Op::kMod:
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe:
    case Op::kEqConst:
    case Op::kNeConst:
    case Op::kAnyOf:
    case Op::kAllOf:
    case Op::kAnd:
    case Op::kOr:
    case Op::kIf:
    case Op::kCoalesce:
    case Op::kMax:
    case Op::kMin:
    case Op::kIn:
    case Op::kHasTag:
      return true;
    default:
      return false;
  }
}

// A set is worked out once a run: an operand's value kept for the run
// (Op::kCached) would only cost a call, and the filter's kept values would
// have to be forgotten before every set (Node::imm of kSetFilter). A set
// may share a part (an if's condition is read twice): each is seen once.
void CardSetNodes::StripCached(int set, std::set<int>& seen) {
  if (!seen.insert(set).second) return;
  Node& n = rules_.nodes[static_cast<size_t>(set)];  // no node is added below
  switch (n.op) {
    case Op::kSetAll:
    case Op::kSetAny:
      for (int i = 0; i < n.b; ++i) StripCached(static_cast<int>(List(n.a + i)), seen);
      return;
    case Op::kSetNot:
    case Op::kSetUnlessNone:  // y: a filter with slots of its own
      StripCached(n.x, seen);
      return;
    case Op::kSetIfElse:
      n.x = Bare(n.x);
      StripCached(n.y, seen);
      StripCached(n.z, seen);
      return;
    case Op::kSetCase:
      if (n.x >= 0) n.x = Bare(n.x);
      if (n.y >= 0) StripCached(n.y, seen);
      return;
    case Op::kSetIf:
    case Op::kSetEq:
    case Op::kSetLt:
    case Op::kSetLe:
    case Op::kSetOfCards:
      n.x = Bare(n.x);
      return;
    default:  // kSetStatic; kSetIfAny, whose filter has its own slots
      return;
  }
}

// Whether working out `set` may read a value kept in the run slots [a, b)
// of the filter being planned; the filters nested in it keep theirs in
// their own slots. Each node is seen once: a walk of the set, not of every
// node of the ruleset for every filter.
bool CardSetNodes::ReadsRunValue(int set, int a, int b) const {
  std::vector<std::pair<int, int>> nested;
  std::vector<int> kept;  // the slots of the Op::kCached nodes met in [a, b)
  std::set<int> seen;
  std::vector<int> todo{set};
  while (!todo.empty()) {
    const int at = todo.back();
    todo.pop_back();
    if (!seen.insert(at).second) continue;
    const Node& m = Get(at);
    if (m.op == Op::kFilter || m.op == Op::kSetFilter) nested.emplace_back(m.a, m.b);
    if (m.op == Op::kCached && m.a >= a && m.a < b) kept.push_back(m.a);
    ForChildren(at, [&](int c) { todo.push_back(c); });
  }
  return std::any_of(kept.begin(), kept.end(), [&](int slot) {
    return std::none_of(nested.begin(), nested.end(), [slot](const auto& range) {
      return slot >= range.first && slot < range.second;
    });
  });
}

int CardSetNodes::AddNode(Node n) {
  n.fn = OwnFunction(n.op);  // a value node added here may be judged while planning
  rules_.nodes.push_back(n);
  rules_.node_pos.push_back(pos_);
  return static_cast<int>(rules_.nodes.size()) - 1;
}

int CardSetNodes::AddSet(const CardSet& s) {
  const int at = static_cast<int>(rules_.lists.size());
  for (uint64_t w : s.words) rules_.lists.push_back(static_cast<int64_t>(w));
  return at;
}

int CardSetNodes::Unary(Op op, int x) {
  Node n{op, Type::kCardSet};
  n.x = x;
  return AddNode(n);
}

int CardSetNodes::Combine(Op op, const std::vector<int>& sets) {
  Node n{op, Type::kCardSet};
  n.a = static_cast<int>(rules_.lists.size());
  n.b = static_cast<int>(sets.size());
  for (int s : sets) rules_.lists.push_back(s);
  return AddNode(n);
}

int CardSetNodes::Static(const CardSet& cards) {
  Node n{Op::kSetStatic, Type::kCardSet};
  n.a = AddSet(cards);
  return AddNode(n);
}

// Of the sets of an and: a fixed part (`stars > 2`) taken into another
// part's own fixed sets at load (Restricted), one set node fewer to work
// out each time: `stars > 2 and f(card) == v` is the leaves of f with only
// those cards in them.
void CardSetNodes::FoldFixedParts(std::vector<int>& sets) {
  for (size_t j = 0; j < sets.size() && sets.size() > 1; ++j) {
    if (Get(sets[j]).op != Op::kSetStatic) continue;
    const CardSet within = StoredSet(Get(sets[j]).a);
    for (size_t i = 0; i < sets.size(); ++i) {
      if (i == j) continue;
      const int restricted = Restricted(sets[i], within);
      if (restricted < 0) continue;
      restricted_from_[restricted] = {sets[i], within};
      sets[i] = restricted;
      sets.erase(sets.begin() + static_cast<std::ptrdiff_t>(j));
      return;
    }
  }
}

// Set node `set` with every fixed set it unions met with `within`: the
// cards of both, or -1 where it is not such a union of fixed sets.
int CardSetNodes::Restricted(int set, const CardSet& within) {
  const Node n = Get(set);
  auto met = [&](int at) {
    CardSet cards = StoredSet(at);
    return AddSet(cards &= within);
  };
  switch (n.op) {
    case Op::kSetStatic:
      return Static(StoredSet(n.a) &= within);
    case Op::kSetCase: {
      Node one = n;
      if (n.y >= 0 && (one.y = Restricted(n.y, within)) < 0) return -1;
      one.a = met(n.a);
      return AddNode(one);
    }
    case Op::kSetEq:
    case Op::kSetLt:
    case Op::kSetLe: {   // the same values, each class (or prefix) met
      Node classes = n;  // the met sets lie one after another, as Classes adds them
      for (int k = 0; k < n.b; ++k) {
        const int at = met(n.a + CardSet::kWords * k);
        if (k == 0) classes.a = at;
      }
      return AddNode(classes);
    }
    default:
      return -1;
  }
}

// Of the sets of an or: `A or not any(L where A)` is A's
// cards, or every card when L holds none of them: one node that works
// out A's set once and tests L's cards against it (kSetUnlessNone), in
// place of A's set beside a kSetIfAny that works it out again.
void CardSetNodes::FoldUnlessNone(std::vector<int>& sets) {
  for (size_t j = 0; j < sets.size(); ++j) {
    const Node none = Get(sets[j]);
    if (none.op != Op::kSetIfAny || none.imm != 1) continue;
    const int tested = Get(none.x).y;  // the set the any tests L against
    const auto restricted = restricted_from_.find(tested);
    for (size_t i = 0; i < sets.size(); ++i) {
      if (i == j) continue;
      Node n{Op::kSetUnlessNone, Type::kCardSet};
      if (!SameSet(sets[i], tested)) {
        // `A or not any(L where F and A)`, F fixed (FoldFixedParts): L's
        // cards are tested against A's set met with F's.
        if (restricted == restricted_from_.end() ||
            !SameSet(sets[i], restricted->second.first))
          continue;
        n.a = AddSet(restricted->second.second);
        n.b = 1;
      }
      n.x = sets[i];
      n.y = none.x;
      sets[std::min(i, j)] = AddNode(n);
      sets.erase(sets.begin() + static_cast<std::ptrdiff_t>(std::max(i, j)));
      return;
    }
  }
}

// The union (kSetAny) or intersection (kSetAll) of `sets`: one set as
// itself, a choice by a value where one decides (ChoiceFirst,
// ChoiceLifted; the parts left are joined here again), else one node.
// Each lift joins the other parts twice: kMaxLifts choices at most are lifted
// out of one and/or, so its nodes grow at most 2^kMaxLifts-fold.
int CardSetNodes::Joined(Op op, const std::vector<int>& sets, int lifts) {
  if (sets.size() == 1) return sets[0];
  if (const int chosen = ChoiceFirst(op, sets, lifts); chosen >= 0) return chosen;
  if (lifts < kMaxLifts) {
    if (const int lifted = ChoiceLifted(op, sets, lifts + 1); lifted >= 0) return lifted;
  }
  return Combine(op, sets);
}

// `c or ...` with c the same for every card (kSetIf; Compiler::Hoist puts
// such parts first): every card when c holds, else the other sets' union;
// `c and ...`: their intersection when c holds, else none. One choice by
// c's value (kSetIfElse), not a union's loop over c's set. -1 when the
// first set is not such a c.
int CardSetNodes::ChoiceFirst(Op op, std::vector<int> sets, int lifts) {
  if (Get(sets[0]).op != Op::kSetIf) return -1;
  const int cond = Get(sets[0]).x;
  sets.erase(sets.begin());
  const int rest = Joined(op, sets, lifts);
  CardSet decided;  // what c alone decides: every card for or, none for and
  if (op == Op::kSetAny) {
    for (uint64_t& w : decided.words) w = ~uint64_t{0};
  }
  Node fixed{Op::kSetStatic, Type::kCardSet};
  fixed.a = AddSet(decided);
  const int by_c = AddNode(fixed);
  Node choose{Op::kSetIfElse, Type::kCardSet};
  choose.x = cond;
  choose.y = op == Op::kSetAny ? by_c : rest;
  choose.z = op == Op::kSetAny ? rest : by_c;
  return AddNode(choose);
}

// An and with a part `c or X` (ChoiceFirst's choice: every card if c,
// else X's) loses nothing to that part when c holds, so the choice moves
// up: `c ? the other parts : the other parts and X`; likewise an or with a
// part `c and X` (no card unless c): `c ? the others or X : the others`.
// c is read before the other parts, which a fault would only send to the
// card-by-card path (TrySet). -1 for no such part.
int CardSetNodes::ChoiceLifted(Op op, const std::vector<int>& sets, int lifts) {
  for (size_t i = 0; i < sets.size(); ++i) {
    const Node part = Get(sets[i]);
    if (part.op != Op::kSetIfElse) continue;
    if (op == Op::kSetAll ? !FixedSetOf(part.y, true) : !FixedSetOf(part.z, false))
      continue;
    std::vector<int> without = sets, with = sets;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    with[i] = op == Op::kSetAll ? part.z : part.y;
    Node choose{Op::kSetIfElse, Type::kCardSet};
    choose.x = part.x;
    choose.y = Joined(op, op == Op::kSetAll ? without : with, lifts);
    choose.z = Joined(op, op == Op::kSetAll ? with : without, lifts);
    return AddNode(choose);
  }
  return -1;
}

// Whether a set node is the fixed set of every card (`every`) or of none.
bool CardSetNodes::FixedSetOf(int set, bool every) const {
  if (Get(set).op != Op::kSetStatic) return false;
  const CardSet all = CardSet::FirstN(static_cast<int>(rules_.cards.size()));
  CardSet cards = StoredSet(Get(set).a);
  return (cards &= all) == (every ? all : CardSet{});
}

CardSet CardSetNodes::StoredSet(int at) const {
  CardSet s;
  for (int w = 0; w < CardSet::kWords; ++w)
    s.words[w] = static_cast<uint64_t>(List(at + w));
  return s;
}

// Whether set nodes a and b hold the same cards whenever both are worked
// out for one question: the same fixed sets over the same values.
bool CardSetNodes::SameSet(int a, int b) const {
  if (a == b) return true;
  const Node& x = Get(a);
  const Node& y = Get(b);
  if (x.op != y.op || x.b != y.b) return false;
  auto same_lists = [this](int from, int to, int count) {
    for (int i = 0; i < count; ++i) {
      if (List(from + i) != List(to + i)) return false;
    }
    return true;
  };
  switch (x.op) {
    case Op::kSetStatic:
      return same_lists(x.a, y.a, CardSet::kWords);
    case Op::kSetEq:
    case Op::kSetLt:
    case Op::kSetLe:
      return SameValue(x.x, y.x) &&
             same_lists(static_cast<int>(x.imm), static_cast<int>(y.imm), x.b) &&
             same_lists(x.a, y.a, CardSet::kWords * x.b);
    case Op::kSetIf:
    case Op::kSetOfCards:
      return SameValue(x.x, y.x);
    case Op::kSetNot:
      return SameSet(x.x, y.x);
    case Op::kSetIfElse:
      return SameValue(x.x, y.x) && SameSet(x.y, y.y) && SameSet(x.z, y.z);
    case Op::kSetCase:
      return SameValue(x.x, y.x) && same_lists(x.a, y.a, CardSet::kWords) &&
             (x.y < 0 ? y.y < 0 : y.y >= 0 && SameSet(x.y, y.y));
    case Op::kSetAll:
    case Op::kSetAny:
      for (int i = 0; i < x.b; ++i) {
        if (!SameSet(static_cast<int>(List(x.a + i)), static_cast<int>(List(y.a + i))))
          return false;
      }
      return true;
    default:
      return false;
  }
}

// Whether card-independent values a and b are equal within one question:
// one node, a value shared by slot (Op::kShared), or the same op on the
// same operands (expressions have no side effects; a filter's own slots
// make two filters differ).
bool CardSetNodes::SameValue(int a, int b) const {
  if (a < 0 || b < 0) return a == b;
  a = Bare(a);
  b = Bare(b);
  if (a == b) return true;
  const Node& x = Get(a);
  const Node& y = Get(b);
  if (x.op != y.op || x.type != y.type || x.a != y.a) return false;
  if (x.op == Op::kShared) return true;
  return x.b == y.b && x.imm == y.imm && SameValue(x.x, y.x) && SameValue(x.y, y.y) &&
         SameValue(x.z, y.z);
}

}  // namespace angler
