#include "interpreter/set_shape.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/set_ops.h"
#include "interpreter/shape_table.h"

namespace angler {
namespace {

// The table's names for each width (set_shapes.inc writes them).
using S1 = SetOps<1>;
using S2 = SetOps<2>;
using S4 = SetOps<4>;

const ShapeEntry<SetFn> kCompiledShapes[] = {
#include "interpreter/set_shapes.inc"
    {nullptr, nullptr},  // the end: the table may hold no shape
};

// Each card-set op's function in set_ops.h, and whether it is written over
// its children's functions (template parameter K).
struct SetOpName {
  Op op;
  const char* name;
  bool over_children;
};
#define ANGLER_SET_OVER_Leaf false
#define ANGLER_SET_OVER_Over true
constexpr SetOpName kSetOpNames[] = {
#define ANGLER_SET_OP_NAME(op, fn, form) {Op::op, #fn, ANGLER_SET_OVER_##form},
    ANGLER_SET_OPS(ANGLER_SET_OP_NAME)
#undef ANGLER_SET_OP_NAME
};
#undef ANGLER_SET_OVER_Leaf
#undef ANGLER_SET_OVER_Over

const SetOpName* NameOf(Op op) {
  for (const SetOpName& n : kSetOpNames) {
    if (n.op == op) return &n;
  }
  return nullptr;
}

// The children an op reaches through K, in K's order (set_ops.h).
std::vector<int> SetChildren(const Ruleset& rules, const Node& n) {
  switch (n.op) {
    case Op::kSetIfElse:
      return {n.y, n.z};
    case Op::kSetUnlessNone:
    case Op::kSetNot:
      return {n.x};
    case Op::kSetCase:
      return n.y >= 0 ? std::vector<int>{n.y} : std::vector<int>{};
    case Op::kSetAll:
    case Op::kSetAny: {
      std::vector<int> children;
      for (int i = 0; i < n.b; ++i)
        children.push_back(static_cast<int>(rules.lists[static_cast<size_t>(n.a + i)]));
      return children;
    }
    default:
      return {};
  }
}

int WordsOf(const Ruleset& rules) { return SetWordsFor(rules.cards.size()); }

// The key of `node`'s tree (without the width) and, in `fn`, the C++ name of
// its compiled function, ops named `ops`:: (S2::); false if some node of it
// is not a card-set op.
bool Describe(const Ruleset& rules, int node, const std::string& ops, std::string& key,
              std::string& fn) {
  if (node < 0 || static_cast<size_t>(node) >= rules.nodes.size()) return false;
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  const SetOpName* name = NameOf(n.op);
  if (name == nullptr) return false;
  const std::vector<int> children = SetChildren(rules, n);
  key += name->name;
  fn.append("&").append(ops).append(name->name);
  if (!name->over_children) return true;
  if (children.empty()) {
    fn.append("<").append(ops).append("Bound>");
    return true;
  }
  key += "(";
  fn.append("<").append(ops).append("Fixed<");
  for (size_t i = 0; i < children.size(); ++i) {
    if (i > 0) {
      key += ",";
      fn += ", ";
    }
    if (!Describe(rules, children[i], ops, key, fn)) return false;
  }
  key += ")";
  fn += ">>";
  return true;
}

// "S2::": the table's name of the ops for `rules`' width.
std::string OpsOf(const Ruleset& rules) {
  std::string ops = "S";
  ops.append(std::to_string(WordsOf(rules))).append("::");
  return ops;
}

std::string WidthOf(const Ruleset& rules) {
  std::string width = std::to_string(WordsOf(rules));
  width.append(":");
  return width;
}

bool HasSetChildren(const Ruleset& rules, const Node& n) {
  const SetOpName* name = NameOf(n.op);
  return name != nullptr && name->over_children && !SetChildren(rules, n).empty();
}

}  // namespace

std::string SetShapeKey(const Ruleset& rules, int node) {
  if (node < 0 || static_cast<size_t>(node) >= rules.nodes.size() ||
      !HasSetChildren(rules, rules.nodes[static_cast<size_t>(node)]))
    return "";
  std::string key = WidthOf(rules), fn;
  return Describe(rules, node, OpsOf(rules), key, fn) ? key : "";
}

SetFn CompiledSetFunction(const std::string& key) {
  return FindShape<SetFn>(kCompiledShapes, key);
}

std::vector<std::string> CompiledSetShapes() { return ShapeKeys<SetFn>(kCompiledShapes); }

std::vector<int> SetTreeRoots(const Ruleset& rules) {
  std::vector<bool> is_child(rules.nodes.size(), false);
  for (const Node& n : rules.nodes) {
    if (!HasSetChildren(rules, n)) continue;
    for (int child : SetChildren(rules, n)) {
      if (child >= 0 && static_cast<size_t>(child) < is_child.size())
        is_child[static_cast<size_t>(child)] = true;
    }
  }
  std::vector<int> roots;
  for (size_t i = 0; i < rules.nodes.size(); ++i) {
    if (!is_child[i] && HasSetChildren(rules, rules.nodes[i]))
      roots.push_back(static_cast<int>(i));
  }
  return roots;
}

std::string CompiledShapesSource(const std::vector<const Ruleset*>& rulesets) {
  std::set<std::pair<std::string, std::string>> entries;  // key, function
  for (const Ruleset* rules : rulesets) {
    for (int root : SetTreeRoots(*rules)) {
      std::string key = WidthOf(*rules), fn;
      if (Describe(*rules, root, OpsOf(*rules), key, fn)) entries.emplace(key, fn);
    }
  }
  return ShapeTableSource(entries, "set_shape.h",
                          "build/tools/angler_shapes > interpreter/set_shapes.inc");
}

}  // namespace angler
