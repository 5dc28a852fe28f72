#include "interpreter/card_set_table.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

#include "interpreter/card_set_nodes.h"
#include "interpreter/eval.h"
#include "interpreter/node_walk.h"

namespace angler {
namespace {

// A key of a table: its node, its lowest value and how many values it takes
// from there.
struct Key {
  int node;
  int64_t lowest;
  int64_t count;
};

class Tabler : public CardSetNodes {
 public:
  explicit Tabler(Ruleset& rules)
      : CardSetNodes(rules), state_(std::make_unique<State>()), frame_() {}

  void Run() {
    const int nodes = static_cast<int>(rules_.nodes.size());
    for (int f = 0; f < nodes; ++f) {
      if (Get(f).op == Op::kSetFilter) Visit(Get(f).y);
    }
  }

 private:
  // Tables set node `set` whole where it can, else the parts below it that can.
  void Visit(int set) {
    if (!visited_.insert(set).second || Get(set).op == Op::kSetTable) return;
    std::vector<Key> keys;
    int spared = 0;
    if (Collect(set, keys, spared) && Pays(keys, spared) && Build(set, keys)) return;
    ForChildren(set, [&](int c) {
      if (Get(c).type == Type::kCardSet) Visit(c);
    });
  }

  // Whether set node `set` depends on keys alone: adds them to `keys`, and
  // to `spared` the nodes a lookup would not call.
  bool Collect(int set, std::vector<Key>& keys, int& spared) {
    const Node n = Get(set);
    if (n.op == Op::kSetStatic) return true;  // a load either way: nothing spared
    ++spared;
    switch (n.op) {
      case Op::kSetIf:
      case Op::kSetEq:
      case Op::kSetLt:
      case Op::kSetLe:
        return KeysOf(n.x, keys, spared);
      case Op::kSetIfElse:
        return KeysOf(n.x, keys, spared) && Collect(n.y, keys, spared) &&
               Collect(n.z, keys, spared);
      case Op::kSetCase:
        return (n.x < 0 || KeysOf(n.x, keys, spared)) &&
               (n.y < 0 || Collect(n.y, keys, spared));
      case Op::kSetNot:
        return Collect(n.x, keys, spared);
      case Op::kSetAll:
      case Op::kSetAny:
        for (int i = 0; i < n.b; ++i) {
          if (!Collect(static_cast<int>(List(n.a + i)), keys, spared)) return false;
        }
        return true;
      default:  // reads cards (kSetIfAny, kSetUnlessNone, kSetOfCards), or a table
        return false;
    }
  }

  // The same for value `value`, an operand of a set node.
  bool KeysOf(int value, std::vector<Key>& keys, int& spared) {
    const Node n = Get(value);
    if (n.op == Op::kConst) return true;
    if (PureOp(n.op)) {
      ++spared;
      bool ok = true;
      ForChildren(value, [&](int c) { ok = ok && KeysOf(c, keys, spared); });
      return ok;
    }
    for (const Key& k : keys) {
      if (SameValue(k.node, value)) return true;
    }
    // Read even where the set's ifs would skip it: nothing judged card by card.
    const bool judges_cards = AnyNodeBelow(rules_, value, [this](const Node& m) {
      return m.op == Op::kFilter ||
             (m.op == Op::kSetFilter && Get(m.y).op != Op::kSetStatic);
    });
    if (judges_cards) return false;
    // The values its type allows: none and each suit, kind or seat.
    int64_t count;
    switch (n.type) {
      case Type::kBool:
        keys.push_back({value, 0, 2});
        return static_cast<int>(keys.size()) <= kMaxTableKeys;
      case Type::kSuit:
        count = static_cast<int64_t>(rules_.suits.size());
        break;
      case Type::kKind:
        count = static_cast<int64_t>(rules_.kinds.size());
        break;
      case Type::kPlayer:
        count = rules_.max_players;
        break;
      default:  // a number, a card: too many values
        return false;
    }
    keys.push_back({value, kNone, count + 1});
    return static_cast<int>(keys.size()) <= kMaxTableKeys;
  }

  // A lookup costs the keys and one load: worth it when it spares more.
  static bool Pays(const std::vector<Key>& keys, int spared) {
    int64_t sets = 1;
    for (const Key& k : keys) sets *= k.count;
    return sets <= kMaxTableSets && spared >= static_cast<int>(keys.size()) + 2;
  }

  // Works out the set of `set` for every combination of the keys' values on
  // a copy of its nodes, each key a constant, and puts a table in its place.
  // False, with nothing changed, if one of them faults.
  bool Build(int set, const std::vector<Key>& keys) {
    const size_t nodes_before = rules_.nodes.size();
    const size_t lists_before = rules_.lists.size();
    pos_ = rules_.node_pos[static_cast<size_t>(set)];
    std::vector<int> constants;
    for (const Key& k : keys)
      constants.push_back(AddNode(Node{Op::kConst, Get(k.node).type}));
    std::map<int, int> copies;
    const int copy = Copy(set, keys, constants, copies);
    const int cards = static_cast<int>(rules_.cards.size());
    // The copies run their ops' own functions: a fused one reads its operand
    // as the op it was made for, which a constant in a key's place is not.
    for (size_t i = nodes_before; i < rules_.nodes.size(); ++i) {
      Node& n = rules_.nodes[i];
      n.fn = OwnFunction(n.op);
      n.set_fn = SetEvaluatorOf(n.op, cards);
    }
    std::vector<int64_t> table;  // each key's lowest value and count, then the sets
    int64_t sets = 1;
    for (const Key& k : keys) {
      table.push_back(k.lowest);
      table.push_back(k.count);
      sets *= k.count;
    }
    bool faulted = false;
    for (int64_t index = 0; index < sets && !faulted; ++index) {
      int64_t rest = index;  // the first key the most significant, as Table reads it
      for (size_t i = keys.size(); i-- > 0;) {
        rules_.nodes[static_cast<size_t>(constants[i])].imm =
            keys[i].lowest + rest % keys[i].count;
        rest /= keys[i].count;
      }
      Evaluator ev(rules_, *state_, &frame_);
      const CardSet s = ev.SetOf(copy);
      faulted = ev.faulted();
      for (uint64_t w : s.words) table.push_back(static_cast<int64_t>(w));
    }
    rules_.nodes.erase(rules_.nodes.begin() + static_cast<std::ptrdiff_t>(nodes_before),
                       rules_.nodes.end());
    rules_.node_pos.resize(nodes_before);
    rules_.lists.resize(lists_before);
    if (faulted) return false;
    Node lookup{Op::kSetTable, Type::kCardSet};
    lookup.x = AddNode(Get(set));  // the set as planned: a value outside the table
    lookup.a = static_cast<int>(rules_.lists.size());
    lookup.b = static_cast<int>(keys.size());
    for (const Key& k : keys) rules_.lists.push_back(k.node);
    lookup.imm = static_cast<int64_t>(rules_.lists.size());
    rules_.lists.insert(rules_.lists.end(), table.begin(), table.end());
    lookup.fn = OwnFunction(Op::kSetTable);
    rules_.nodes[static_cast<size_t>(set)] = lookup;
    return true;
  }

  // Node `node` of a set being tabled, copied with each key replaced by its
  // constant; a part read twice is copied once.
  int Copy(int node, const std::vector<Key>& keys, const std::vector<int>& constants,
           std::map<int, int>& copies) {
    if (const auto it = copies.find(node); it != copies.end()) return it->second;
    Node n = Get(node);
    if (n.type != Type::kCardSet && !PureOp(n.op)) {  // a key (Collect found them all)
      for (size_t i = 0; i < keys.size(); ++i) {
        if (SameValue(keys[i].node, node)) return copies[node] = constants[i];
      }
    }
    const bool listed = n.op == Op::kAnyOf || n.op == Op::kAllOf || n.op == Op::kSetAll ||
                        n.op == Op::kSetAny;
    if (listed) {
      std::vector<int64_t> parts;
      for (int i = 0; i < n.b; ++i)
        parts.push_back(Copy(static_cast<int>(List(n.a + i)), keys, constants, copies));
      n.a = static_cast<int>(rules_.lists.size());
      rules_.lists.insert(rules_.lists.end(), parts.begin(), parts.end());
    } else {
      for (int* child : {&n.x, &n.y, &n.z}) {
        if (*child >= 0) *child = Copy(*child, keys, constants, copies);
      }
    }
    return copies[node] = AddNode(n);
  }

  std::unique_ptr<State> state_;  // the keys are all a table reads: any state will do
  Frame frame_;
  std::set<int> visited_;
};

}  // namespace

void TableCardSets(Ruleset& rules) { Tabler(rules).Run(); }

}  // namespace angler
