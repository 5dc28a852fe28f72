#include "interpreter/lay_reads.h"

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "interpreter/eval.h"
#include "interpreter/limits.h"
#include "interpreter/node_walk.h"
#include "interpreter/state.h"

namespace angler {
namespace {

// Which of the piles a lay changes a zone-valued node may name.
struct Piles {
  bool hand = true;    // the deciding player's hand (any pile of its family)
  bool target = true;  // the target (any pile of the rows' family)
};

class LayReads {
 public:
  explicit LayReads(const Ruleset& rules)
      : rules_(rules),
        hand_family_(rules.hand_family),
        rows_family_(rules.turn->rows_family) {}

  // Whether every node reachable from `root` reads only what (d, L) fixes.
  bool TopOnly(int root) {
    return !AnyNodeBelow(rules_, root, [&](const Node& n) {
      return !NodeTopOnly(static_cast<int>(&n - rules_.nodes.data()));
    });
  }

  // Node i as a comparison of a pile's size with a number, the pile named by
  // variables and numbers alone (known for a target's whole search); none if
  // it is anything else.
  std::optional<LaySizeTest> SizeTestOf(int i) const {
    if (i < 0) return std::nullopt;
    const Node& n = node(i);
    std::optional<LaySizeTest> test;
    ForEachChild(rules_, i, [&](int c) {
      if (!test && node(c).op == Op::kZoneSize) test = SizeTestOf(n, c);
    });
    return test;
  }

 private:
  const Node& node(int i) const { return rules_.nodes[static_cast<size_t>(i)]; }

  Piles OfFamily(int zone) const {
    const int family = rules_.ZoneFamilyOf(zone);
    return {family == hand_family_, family == rows_family_};
  }

  // The piles a zone-valued node may name: known where the zone is named,
  // any pile otherwise (a zone variable other than the target, a bound zone).
  Piles MayName(int i) const {
    const Node& n = node(i);
    switch (n.op) {
      case Op::kZone:
      case Op::kFamilyZone:  // zone a plus a seat or an index: a's family
        return OfFamily(n.a);
      case Op::kGlobal:  // the target is a pile of the rows during the search
        return n.a == rules_.builtin.target ? Piles{false, true} : Piles{};
      case Op::kIf:
        return Either(MayName(n.y), MayName(n.z));
      case Op::kCoalesce:
        return Either(MayName(n.x), MayName(n.y));
      case Op::kShared:
      case Op::kCardShared:
      case Op::kCached:
        return MayName(n.x);
      case Op::kLetIn:
        return MayName(n.y);
      default:
        return Piles{};
    }
  }
  static Piles Either(Piles a, Piles b) {
    return {a.hand || b.hand, a.target || b.target};
  }

  bool NodeTopOnly(int i) {
    const Node& n = node(i);
    switch (n.op) {
      case Op::kPlayed:  // the laid cards are played cards too
      case Op::kPlayPosition:
        return false;
      case Op::kAttr:
      case Op::kCardAttr:
      case Op::kCardAttrEq:
      case Op::kCardAttrNe:
      case Op::kCardAttrEqX:
        if (!IsPrintedAttr(n.a)) return false;
        Reads(static_cast<Attr>(n.a));
        break;
      case Op::kHasTag:
        Reads(Attr::kTags);
        break;
      case Op::kSum:  // the values; highest and lowest compare them
      case Op::kHighest:
      case Op::kLowest:
        Reads(Attr::kValue);
        break;
      case Op::kEnds:  // the top card of each pile of a family
        if (OfFamily(n.a).hand) return false;
        break;
      case Op::kFamilyCards: {
        const Piles p = OfFamily(n.a);
        if (p.hand || p.target) return false;
        break;
      }
      default:
        break;
    }
    if (n.op == Op::kEverySeatSize) {  // the sizes of a family's piles
      const Piles p = OfFamily(n.a);
      if (p.hand || p.target) sizes_tested_ = false;
    }
    // How this node reads its zone-valued children, and its cards, and the
    // sizes of the piles a lay changes.
    bool ok = true;
    ForEachChild(rules_, i, [&](int c) {
      const Node& child = node(c);
      if (child.type == Type::kZone) ok = ok && ReadTopOnly(n, c);
      if ((child.type == Type::kCard || child.type == Type::kCards) &&
          !ByAttributes(n, c))
        by_id_ = true;
      if (child.op == Op::kZoneSize) SizeRead(n, c);
    });
    return ok;
  }

  // Node n reading the size of a pile (child c): noted when the pile may be
  // the hand or the target and n compares it with a number.
  void SizeRead(const Node& n, int c) {
    const Piles p = MayName(node(c).x);
    if (!p.hand && !p.target) return;  // the same all through the search
    const std::optional<LaySizeTest> test = SizeTestOf(n, c);
    if (!test) return void(sizes_tested_ = false);
    for (const LaySizeTest& t : size_tests_) {
      if (t.zone == test->zone && t.op == test->op && t.bound == test->bound) return;
    }
    size_tests_.push_back(*test);
  }

  // n comparing child c, a pile's size, with a number: the test, if n is one.
  std::optional<LaySizeTest> SizeTestOf(const Node& n, int c) const {
    const int zone = node(c).x;
    LaySizeTest test{.zone = zone, .op = n.op, .bound = n.imm};
    switch (n.op) {
      case Op::kEqConst:
      case Op::kNeConst:
        break;
      case Op::kEq:
      case Op::kNe:
      case Op::kLt:
      case Op::kLe:
      case Op::kGt:
      case Op::kGe: {
        const int other = n.x == c ? n.y : n.x;
        if (node(other).op != Op::kConst) return std::nullopt;
        test.bound = node(other).imm;
        if (n.y == c) test.op = Mirrored(n.op);  // bound < size: size > bound
        break;
      }
      default:
        return std::nullopt;
    }
    if (!FixedZone(zone)) return std::nullopt;
    return test;
  }
  // Whether zone-valued node z names one pile all through a target's search:
  // it reads only variables, numbers and seats (not the judged card).
  bool FixedZone(int z) const {
    return !AnyNodeBelow(rules_, z, [](const Node& n) {
      switch (n.op) {
        case Op::kZone:
        case Op::kFamilyZone:
        case Op::kGlobal:
        case Op::kLocal:
        case Op::kPlayerVar:
        case Op::kConst:
        case Op::kAddConst:
        case Op::kLeft:
        case Op::kRight:
        case Op::kPlayers:
          return false;
        default:
          return true;
      }
    });
  }

  void Reads(Attr a) {
    if (a == Attr::kId) {
      by_id_ = true;
    } else {
      attrs_ |= 1u << static_cast<unsigned>(a);
    }
  }

  // Whether node n tells the cards of child c apart only by their printed
  // attributes (those it reads are noted where it reads them): it passes
  // them on to a node that is checked in turn, reads their attributes, or
  // counts or picks from a list that a filter's condition (checked too)
  // made. Not so: comparing cards, a card's own set, a list less another.
  static bool ByAttributes(const Node& n, int c) {
    switch (n.op) {
      case Op::kAttr:
      case Op::kHasTag:
      case Op::kShared:
      case Op::kCardShared:
      case Op::kCached:
      case Op::kIf:
      case Op::kCoalesce:
      case Op::kCount:
      case Op::kAny:
      case Op::kFirst:
      case Op::kLast:
      case Op::kHighest:
      case Op::kLowest:
      case Op::kSum:
      case Op::kReversed:
      case Op::kConcat:
      case Op::kSetIfAny:  // whether some card of a set filter holds
      case Op::kSetUnlessNone:
        return true;
      case Op::kLetIn:  // bound: read where the binding is read
        return true;
      case Op::kFilter:
      case Op::kSetFilter:
        return c == n.x;  // the list it keeps cards of
      default:
        return false;
    }
  }

  // Node n reading zone-valued child c.
  bool ReadTopOnly(const Node& n, int c) const {
    switch (n.op) {
      case Op::kZoneSize:  // a size: fixed by d for the hand and the target
      case Op::kEq:        // which zone it is
      case Op::kNe:
      case Op::kEqConst:
      case Op::kNeConst:
        return true;
      case Op::kLetIn:  // bound: read where the binding is (MayName: any pile)
        if (c == n.x) return true;
        [[fallthrough]];
      case Op::kIf:
      case Op::kCoalesce:
      case Op::kShared:
      case Op::kCardShared:
      case Op::kCached:
        // Still a zone: its parent reads it (and this node's MayName). As
        // a list it reads the cards.
        if (n.type == Type::kZone) return true;
        break;
      case Op::kZoneLast:  // the top card: L on the target, fixed elsewhere
        return !MayName(c).hand;
      default:
        break;
    }
    const Piles p = MayName(c);  // the pile's cards, or its bottom card
    return !p.hand && !p.target;
  }

  const Ruleset& rules_;
  const int hand_family_, rows_family_;

 public:
  uint32_t attrs_ = 0;  // bit a: printed attribute a of some card is read
  bool by_id_ = false;  // some card is told apart by itself
  // The sizes of the hand and the target are read only in size_tests_.
  bool sizes_tested_ = true;
  std::vector<LaySizeTest> size_tests_;
};

// Cards with the same values of the attributes read share a class.
std::vector<uint8_t> ClassesBy(const Ruleset& rules, uint32_t attrs) {
  std::map<std::vector<int64_t>, uint8_t> classes;
  std::vector<uint8_t> out;
  const auto state = std::make_unique<State>();  // printed attributes read none
  for (size_t c = 0; c < rules.cards.size(); ++c) {
    std::vector<int64_t> values;
    for (unsigned a = 0; a < 32; ++a) {
      if (attrs >> a & 1)
        values.push_back(
            AttributeOf(rules, *state, static_cast<int>(c), static_cast<Attr>(a)));
    }
    auto [at, added] = classes.try_emplace(values, static_cast<uint8_t>(classes.size()));
    if (classes.size() > kMaxClasses) return {};
    out.push_back(at->second);
  }
  return out;
}

}  // namespace

LayKey LayKeyOf(const Ruleset& rules) {
  if (!rules.turn || rules.hand_family < 0 ||
      rules.hand_family == rules.turn->rows_family)
    return {};
  LayReads reads(rules);
  for (const ReasonedRule& rule : rules.turn->lay_rules) {
    if (!reads.TopOnly(rule.condition)) return {};
  }
  if (!reads.TopOnly(rules.turn->lay_full)) return {};
  LayKey key{.by_top = true,
             .top_class = {},
             .size_tests = {},
             .by_size_tests = false,
             .full_test = reads.SizeTestOf(rules.turn->lay_full)};
  if (!reads.by_id_) key.top_class = ClassesBy(rules, reads.attrs_);
  if (reads.sizes_tested_ && reads.size_tests_.size() <= kMaxLaySizeTests) {
    key.by_size_tests = true;
    key.size_tests = std::move(reads.size_tests_);
  }
  return key;
}

}  // namespace angler
