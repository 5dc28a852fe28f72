#include "interpreter/card_set_plan.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "interpreter/card_set.h"
#include "interpreter/card_set_nodes.h"
#include "interpreter/card_set_table.h"
#include "interpreter/eval.h"
#include "interpreter/lay_reads.h"

namespace angler {
namespace {

// What an expression reads, as bits: the state (variables, zones, the frame),
// the judged card's printed attributes, or the judged card in a way a set
// cannot express (who played it, a value bound per card, ...).
constexpr int kReadsState = 1, kReadsCard = 2, kOpaque = 4;

bool Fixed(int flags) { return (flags & (kReadsCard | kOpaque)) == 0; }

class Planner : public CardSetNodes {
 public:
  explicit Planner(Ruleset& rules)
      : CardSetNodes(rules), state_(std::make_unique<State>()), frame_() {}

  // Rewrites filter `f` if its condition compiles to a set.
  void Plan(int f) {
    const int pred = Get(f).y;
    pos_ = rules_.node_pos[static_cast<size_t>(f)];
    // Flags hold for one condition (they read its inner bound slots): a new
    // stamp, not a pass over every node for each of many filters.
    ++condition_;
    flags_.resize(rules_.nodes.size());
    inner_bound_.clear();
    CollectBound(pred);
    const int set = SetOf(pred);
    if (set < 0) {
      Prefilter(f, pred);
      return Classify(f, pred);
    }
    std::set<int> seen;
    StripCached(set, seen);
    Node& n = rules_.nodes[static_cast<size_t>(f)];
    n.op = Op::kSetFilter;
    n.z = pred;
    n.y = set;
    n.imm = ReadsRunValue(set, n.a, n.b) ? 0 : 1;
  }

  // Each card's class for conditions `conds` judging it: cards that print the
  // same values of every attribute they read of the judged card. Empty if a
  // condition reads the card in another way, or classes would not pay (each
  // card its own, or more than kMaxClasses).
  std::vector<int64_t> ClassesFor(const std::vector<int>& conds) {
    uint32_t attrs = 0;
    for (int cond : conds) {
      if (!CardReads(cond, attrs)) return {};
    }
    if (attrs == 0) return {};
    std::map<std::vector<int64_t>, int64_t> ids;
    std::vector<int64_t> class_of;
    for (int c = 0; c < static_cast<int>(rules_.cards.size()); ++c) {
      std::vector<int64_t> printed;
      for (int a = 0; a < 32; ++a) {
        if (attrs >> a & 1)
          printed.push_back(AttributeOf(rules_, *state_, c, static_cast<Attr>(a)));
      }
      class_of.push_back(
          ids.emplace(printed, static_cast<int64_t>(ids.size())).first->second);
    }
    // Worth it only if cards share classes; the evaluator keeps kMaxClasses.
    if (ids.size() == class_of.size() || ids.size() > static_cast<size_t>(kMaxClasses))
      return {};
    return class_of;
  }

 private:
  void CollectBound(int node) {
    if (node < 0) return;
    const Node& n = Get(node);
    if (n.op == Op::kLetIn) inner_bound_.insert(n.a);
    ForChildren(node, [&](int c) { CollectBound(c); });
  }
  bool MentionsInnerBound(int node) const {
    if (node < 0) return false;
    const Node& n = Get(node);
    if (n.op == Op::kBound && inner_bound_.count(n.a)) return true;
    bool found = false;
    ForChildren(node, [&](int c) { found = found || MentionsInnerBound(c); });
    return found;
  }
  int Flags(int node) {
    // Nodes added since the condition's planning began have none yet.
    if (static_cast<size_t>(node) >= flags_.size()) flags_.resize(rules_.nodes.size());
    if (flags_[static_cast<size_t>(node)].condition != condition_) {
      const int flags = ComputeFlags(node);  // may add nodes: no reference held
      flags_[static_cast<size_t>(node)] = {condition_, flags};
    }
    return flags_[static_cast<size_t>(node)].flags;
  }
  int ComputeFlags(int node) {
    const Node n = Get(node);
    switch (n.op) {
      case Op::kCard:
        return kReadsCard;
      case Op::kCardAttr:
      case Op::kCardAttrEq:
      case Op::kCardAttrNe:
        return IsPrintedAttr(n.a) ? kReadsCard : kOpaque;
      case Op::kCardAttrEqX:
        return (IsPrintedAttr(n.a) ? kReadsCard : kOpaque) | Flags(n.x);
      case Op::kAttr: {
        const int x = Flags(n.x);
        if (IsPrintedAttr(n.a)) return x;
        return Fixed(x) ? x | kReadsState : kOpaque;
      }
      case Op::kBound:
        return inner_bound_.count(n.a) ? kOpaque : kReadsState;
      case Op::kLetIn:
        return kOpaque;
      case Op::kFilter:
      case Op::kSetFilter: {
        // Its condition judges its own cards; only the list is read here.
        const int pred = n.op == Op::kFilter ? n.y : n.z;
        if (!Fixed(Flags(n.x)) || MentionsInnerBound(pred)) return kOpaque;
        return kReadsState;
      }
      default:
        break;
    }
    int flags = PureOp(n.op) ? 0 : kReadsState;
    int children = 0;
    ForChildren(node, [&](int c) { children |= Flags(c); });
    if (!PureOp(n.op) && !Fixed(children)) return kOpaque;
    return flags | children;
  }

  // The value of `node` for each card; false if one faults.
  bool ValuesPerCard(int node, std::vector<int64_t>& out) {
    const int cards = static_cast<int>(rules_.cards.size());
    Evaluator ev(rules_, *state_, &frame_);
    out.resize(static_cast<size_t>(cards));
    for (int c = 0; c < cards; ++c) {
      ev.set_card(c);
      out[static_cast<size_t>(c)] = ev.Value(node);
      ev.ReleaseLists();
    }
    return !ev.faulted();
  }

  int StaticSet(int pred) {
    std::vector<int64_t> holds;
    if (!ValuesPerCard(pred, holds)) return -1;
    CardSet s;
    for (size_t c = 0; c < holds.size(); ++c) {
      if (holds[c]) s.Add(static_cast<int>(c));
    }
    Node n{Op::kSetStatic, Type::kCardSet};
    n.a = AddSet(s);
    return AddNode(n);
  }

  // The set of a condition that does not depend on the card: every card or
  // none. `any(L where C)` or `not any(L where C)` over a set filter tests
  // L against C's set directly (`not any(hand(turn) where suit == x)`), not
  // through the nodes of a whole any.
  // A set is worked out once a run: a value kept for the run (Op::kCached)
  // would only cost a call there.
  int FixedSet(int pred) {
    const int value = Bare(pred);
    int p = value;
    const bool negate = Get(p).op == Op::kNot;
    if (negate) p = Get(p).x;
    const Node any = Get(p);
    if (any.op != Op::kAny || Get(any.x).op != Op::kSetFilter)
      return Unary(Op::kSetIf, value);
    Node n{Op::kSetIfAny, Type::kCardSet};
    n.x = any.x;
    n.y = p;
    n.imm = negate ? 1 : 0;
    return AddNode(n);
  }

  // The cards whose `printed` (a scalar of printed attributes) compares with
  // `value` (card-independent) by `op`, printed on the left.
  int Compare(Op op, int printed, int value) {
    if (Get(printed).op == Op::kCard && Get(value).type == Type::kCard &&
        (op == Op::kEq || op == Op::kNe)) {
      const int one = Unary(Op::kSetOfCards, value);
      return op == Op::kEq ? one : Unary(Op::kSetNot, one);
    }
    std::vector<int64_t> values;
    if (!ValuesPerCard(printed, values)) return -1;
    return Classes(op, values, value);
  }

  // The same, `values` being the printed scalar of each card.
  // With `only`, the cards outside it are in no class and never in the set.
  int Classes(Op op, const std::vector<int64_t>& values, int value,
              const CardSet* only = nullptr) {
    std::map<int64_t, CardSet> classes;
    for (size_t c = 0; c < values.size(); ++c) {
      if (!only || only->Has(static_cast<int>(c)))
        classes[values[c]].Add(static_cast<int>(c));
    }
    const bool prefix = op != Op::kEq && op != Op::kNe;
    Node n{op == Op::kLt || op == Op::kGe   ? Op::kSetLt
           : op == Op::kLe || op == Op::kGt ? Op::kSetLe
                                            : Op::kSetEq,
           Type::kCardSet};
    n.x = value;
    n.b = static_cast<int>(classes.size());
    n.imm = static_cast<int64_t>(rules_.lists.size());
    for (const auto& [v, _] : classes) rules_.lists.push_back(v);
    n.a = static_cast<int>(rules_.lists.size());
    CardSet upto;
    for (const auto& [_, s] : classes) {
      upto |= s;
      AddSet(prefix ? upto : s);
    }
    const int set = AddNode(n);
    const bool negate = op == Op::kNe || op == Op::kGt || op == Op::kGe;
    if (!negate) return set;
    const int others = Unary(Op::kSetNot, set);
    return only ? Combine(Op::kSetAll, {Static(*only), others}) : others;
  }

  int Comparison(Op op, int x, int y) {
    if (Flags(x) == kReadsCard && Fixed(Flags(y))) return Compare(op, x, y);
    if (Flags(y) == kReadsCard && Fixed(Flags(x))) return Compare(Mirrored(op), y, x);
    if (Get(x).op == Op::kIf && Fixed(Flags(y))) return IfCompared(op, x, y, 0);
    if (Get(y).op == Op::kIf && Fixed(Flags(x))) return IfCompared(Mirrored(op), y, x, 0);
    return -1;
  }

  // `X op v`, v the same for every card and X an `if` on printed attributes
  // choosing a value (`(if kind == k then w else suit) == v`: a card's own
  // suit, or for a card of kind k a value of the state). The ifs split the cards
  // once, at load, by the value each is judged by (a leaf). The cards of
  // leaves that print their value are classed by it, as Compare classes;
  // those of a leaf fixed for the run are all in or all out by one
  // comparison (a kSetCase each, chained on the classes). `value` is v's
  // node, or -1 with `imm` (kEqConst, kNeConst). -1 when a condition is not
  // printed or a leaf is neither.
  int IfCompared(Op op, int tree, int value, int64_t imm) {
    std::vector<Leaf> leaves;
    int budget = kMaxSplits;
    if (!SplitIf(tree, CardSet::FirstN(static_cast<int>(rules_.cards.size())), leaves,
                 budget))
      return -1;
    if (value < 0) {  // the constant as a node, for the comparisons below
      Node n{Op::kConst, Get(tree).type};
      n.imm = imm;
      value = AddNode(n);
      op = op == Op::kEqConst ? Op::kEq : Op::kNe;
    }
    std::vector<int64_t> printed(rules_.cards.size()), leaf_values;
    CardSet printed_cards, always;               // always: leaves `v op v` that hold
    std::vector<std::pair<int, CardSet>> cases;  // comparison node, its cards
    for (const Leaf& leaf : leaves) {
      const int flags = Flags(leaf.node);
      if (flags == kReadsCard) {
        if (!ValuesPerCard(leaf.node, leaf_values)) return -1;
        for (size_t c = 0; c < printed.size(); ++c) {
          if (leaf.cards.Has(static_cast<int>(c))) printed[c] = leaf_values[c];
        }
        printed_cards |= leaf.cards;
      } else if (!Fixed(flags)) {
        return -1;
      } else if (SameValue(leaf.node, value)) {
        if (op == Op::kEq || op == Op::kLe || op == Op::kGe) always |= leaf.cards;
      } else {
        // The operands as they are, not kept for the filter's run (StripCached).
        Node compared{op, Type::kBool};
        compared.x = Bare(leaf.node);
        compared.y = Bare(value);
        // `none == v`: the value against the constant, one node fewer to call.
        const bool by_constant =
            (op == Op::kEq || op == Op::kNe) && Get(compared.x).op == Op::kConst;
        if (by_constant) {
          compared = Node{op == Op::kEq ? Op::kEqConst : Op::kNeConst, Type::kBool};
          compared.x = Bare(value);
          compared.imm = Get(Bare(leaf.node)).imm;
        }
        cases.emplace_back(AddNode(compared), leaf.cards);
      }
    }
    int set =
        printed_cards == CardSet{} ? -1 : Classes(op, printed, value, &printed_cards);
    if (always != CardSet{}) cases.emplace_back(-1, always);
    for (const auto& [compared, cards] : cases) {
      Node one{Op::kSetCase, Type::kCardSet};
      one.x = compared;
      one.y = set;
      one.a = AddSet(cards);
      set = AddNode(one);
    }
    return set >= 0 ? set : Static(CardSet{});
  }
  // The ifs IfCompared walks for one comparison, at most: a ruleset's
  // nested ifs are a few; more is left to the classes (Classify).
  static constexpr int kMaxSplits = 64;
  // The cards an if-tree judges by one of its values.
  struct Leaf {
    int node;
    CardSet cards;
  };
  // Splits `cards` over the leaves of `node`'s ifs whose conditions read only
  // printed attributes; any other node is one leaf. A branch no card reaches
  // is not walked, so the leaves are at most the cards, however the ifs
  // share parts; `budget` bounds the walk (false when it runs out).
  bool SplitIf(int node, const CardSet& cards, std::vector<Leaf>& leaves, int& budget) {
    if (cards == CardSet{}) return true;
    if (--budget < 0) return false;
    const Node n = Get(node);
    std::vector<int64_t> holds;
    const int cond = n.op == Op::kIf ? Flags(n.x) : kOpaque;
    if ((cond != 0 && cond != kReadsCard) || !ValuesPerCard(n.x, holds)) {
      leaves.push_back({node, cards});
      return true;
    }
    CardSet yes;
    for (size_t c = 0; c < holds.size(); ++c) {
      if (holds[c]) yes.Add(static_cast<int>(c));
    }
    CardSet no = ~yes;
    yes &= cards;
    no &= cards;
    return SplitIf(n.y, yes, leaves, budget) && SplitIf(n.z, no, leaves, budget);
  }

  int AttrEqualsValue(const Node& n) {
    // attribute a of the judged card == x: its classes, as for a comparison.
    std::vector<int64_t> values(rules_.cards.size());
    for (size_t c = 0; c < values.size(); ++c) {
      values[c] =
          AttributeOf(rules_, *state_, static_cast<int>(c), static_cast<Attr>(n.a));
    }
    return Classes(Op::kEq, values, n.x);
  }

  // The set node of condition `pred`, or -1 if it does not compile.
  int SetOf(int pred) {
    const int flags = Flags(pred);
    // Printed attributes and constants only: the same set every time.
    if (flags == 0 || flags == kReadsCard) return StaticSet(pred);
    if (Fixed(flags)) return FixedSet(pred);
    const Node n = Get(pred);
    switch (n.op) {
      case Op::kAnyOf:
      case Op::kAllOf: {
        std::vector<int> sets = LeadingSets(pred);
        if (static_cast<int>(sets.size()) < n.b) return -1;
        if (n.op == Op::kAnyOf) FoldUnlessNone(sets);
        if (n.op == Op::kAllOf) FoldFixedParts(sets);
        return Joined(n.op == Op::kAnyOf ? Op::kSetAny : Op::kSetAll, sets);
      }
      case Op::kNot: {
        const int s = SetOf(n.x);
        return s < 0 ? -1 : Unary(Op::kSetNot, s);
      }
      case Op::kIf:
        return IfSet(n);
      case Op::kEq:
      case Op::kNe:
      case Op::kLt:
      case Op::kLe:
      case Op::kGt:
      case Op::kGe:
        return Comparison(n.op, n.x, n.y);
      case Op::kEqConst:
      case Op::kNeConst:
        return Get(n.x).op == Op::kIf ? IfCompared(n.op, n.x, -1, n.imm) : -1;
      case Op::kCardAttrEqX:  // who played or holds a card is no printed attribute
        return IsPrintedAttr(n.a) && Fixed(Flags(n.x)) ? AttrEqualsValue(n) : -1;
      case Op::kInCards:
        if (Get(n.x).op == Op::kCard && Fixed(Flags(n.y))) {
          return Unary(Op::kSetOfCards, n.y);
        }
        return -1;
      default:
        return -1;
    }
  }

  // The sets of or/and `node`'s operands, from the first up to one that
  // makes none. (A copy of the node: SetOf adds nodes.)
  std::vector<int> LeadingSets(int node) {
    const Node n = Get(node);
    std::vector<int> sets;
    for (int i = 0; i < n.b; ++i) {
      const int s = SetOf(static_cast<int>(List(n.a + i)));
      if (s < 0) break;
      sets.push_back(s);
    }
    return sets;
  }

  // An and whose first operands make a set and whose others do not (`kind
  // == k and holder == none`: where a card lies is no printed attribute): a
  // card outside their set fails before the others are asked, so the filter
  // judges only the cards in it (Node::z, Evaluator::Prefilter). Only the
  // first operands: a card is judged left to right, so one that an operand
  // before the set's would stop with a fault must still be judged.
  void Prefilter(int f, int pred) {
    const Node n = Get(pred);
    if (n.op != Op::kAllOf || Get(f).z >= 0) return;  // z: planned on an earlier run
    std::vector<int> sets = LeadingSets(pred);
    if (sets.empty()) return;
    FoldFixedParts(sets);
    const int prefix = sets.size() == 1 ? sets[0] : Joined(Op::kSetAll, sets);
    std::set<int> seen;
    StripCached(prefix, seen);
    rules_.nodes[static_cast<size_t>(f)].z = prefix;
  }

  // A condition that reads the judged card only through printed attributes,
  // but mixed with the state so that it makes no set (an `if` on the card
  // choosing between an attribute and a variable), holds alike for cards that
  // print the same values of the attributes it reads: the filter then judges
  // one card of each such class a run (Node::imm: 1 + where each card's class
  // is kept in lists).
  void Classify(int f, int pred) {
    const std::vector<int64_t> class_of = ClassesFor(std::vector<int>{pred});
    if (class_of.empty()) return;
    rules_.nodes[static_cast<size_t>(f)].imm =
        static_cast<int64_t>(rules_.lists.size()) + 1;
    rules_.lists.insert(rules_.lists.end(), class_of.begin(), class_of.end());
  }

  // Adds to `attrs` the printed attributes `node` reads of the judged card;
  // false if it reads the card in another way (the card itself, passed on;
  // who played it, where it lies). A value bound by a let is read through
  // what the let binds; one bound outside the condition is fixed for the run.
  bool CardReads(int node, uint32_t& attrs) const {
    const Node& n = Get(node);
    switch (n.op) {
      case Op::kCard:
        return false;
      case Op::kCardAttr:
      case Op::kCardAttrEq:
      case Op::kCardAttrNe:
        attrs |= 1u << n.a;
        return IsPrintedAttr(n.a);
      case Op::kCardAttrEqX:
        attrs |= 1u << n.a;
        return IsPrintedAttr(n.a) && CardReads(n.x, attrs);
      case Op::kAttr:
        if (Get(n.x).op != Op::kCard) break;
        attrs |= 1u << n.a;
        return IsPrintedAttr(n.a);
      case Op::kFilter:
      case Op::kSetFilter:
        return CardReads(n.x, attrs);  // its condition judges its own cards
      default:
        break;
    }
    bool ok = true;
    ForChildren(node, [&](int c) { ok = ok && CardReads(c, attrs); });
    return ok;
  }

  int IfSet(const Node& n) {
    const int then_set = SetOf(n.y);
    const int else_set = SetOf(n.z);
    if (then_set < 0 || else_set < 0) return -1;
    if (Fixed(Flags(n.x))) {
      Node choose{Op::kSetIfElse, Type::kCardSet};
      choose.x = n.x;
      choose.y = then_set;
      choose.z = else_set;
      return AddNode(choose);
    }
    const int cond = SetOf(n.x);
    if (cond < 0) return -1;
    return Combine(Op::kSetAny,
                   {Combine(Op::kSetAll, {cond, then_set}),
                    Combine(Op::kSetAll, {Unary(Op::kSetNot, cond), else_set})});
  }

  std::unique_ptr<State> state_;  // printed attributes read no state: any will do
  Frame frame_;
  struct Memo {
    uint32_t condition = 0;  // the condition the flags were worked out for
    int flags = 0;
  };
  std::vector<Memo> flags_;
  uint32_t condition_ = 0;
  std::set<int> inner_bound_;  // bound slots the condition binds per card
};

}  // namespace

void PlanCardSets(Ruleset& rules) {
  if (rules.cards.empty() || rules.cards.size() > static_cast<size_t>(kMaxCards)) return;
  Planner planner(rules);
  const size_t n = rules.nodes.size();
  for (size_t f = 0; f < n; ++f) {
    if (rules.nodes[f].op == Op::kFilter) planner.Plan(static_cast<int>(f));
  }
  TableCardSets(rules);
  if (rules.turn) {
    std::vector<int> conds;
    for (const ReasonedRule& rule : rules.turn->lay_rules)
      conds.push_back(rule.condition);
    const std::vector<int64_t> classes = planner.ClassesFor(conds);
    rules.turn->lay_class.assign(classes.begin(), classes.end());
    LayKey key = LayKeyOf(rules);
    rules.turn->lay_by_top = key.by_top;
    rules.turn->lay_top_class = std::move(key.top_class);
    rules.turn->lay_size_tests = std::move(key.size_tests);
    rules.turn->lay_by_size_tests = key.by_size_tests;
    rules.turn->lay_full_by_size = key.full_test.has_value();
    if (key.full_test) rules.turn->lay_full_test = *key.full_test;
  }
}

}  // namespace angler
