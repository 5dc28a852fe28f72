#include "interpreter/value_shape.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/shape_table.h"
#include "interpreter/value_ops.h"

namespace angler {
namespace {

// Each op over operands and its function's name in ValueOps.
struct ValueOpName {
  Op op;
  const char* name;
};
constexpr ValueOpName kValueOpNames[] = {
#define ANGLER_VALUE_OP_NAME(op, fn) {Op::op, #fn},
    ANGLER_VALUE_OPS(ANGLER_VALUE_OP_NAME)
#undef ANGLER_VALUE_OP_NAME
};

// The name of op `op` in ValueOps, nullptr when it is no op over operands.
const char* OverName(Op op) {
  for (const ValueOpName& n : kValueOpNames) {
    if (n.op == op) return n.name;
  }
  return nullptr;
}

// The operands an op reaches through K, in K's order (value_ops.h).
std::vector<int> Operands(const Ruleset& rules, const Node& n) {
  switch (n.op) {
    case Op::kIf:
      return {n.x, n.y, n.z};
    case Op::kCoalesce:
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kLe:
    case Op::kGt:
    case Op::kGe:
    case Op::kAdd:
    case Op::kSub:
      return {n.x, n.y};
    case Op::kAnyOf:
    case Op::kAllOf: {
      std::vector<int> operands;
      for (int i = 0; i < n.b; ++i)
        operands.push_back(static_cast<int>(rules.lists[static_cast<size_t>(n.a + i)]));
      return operands;
    }
    default:
      return {n.x};
  }
}

bool IsOver(const Node& n) { return OverName(n.op) != nullptr; }

// The key of `node`'s tree and, in `fn`, the C++ name of its compiled
// function (ValueOps as V::, EvalOps as E::, as eval.cc names them).
void Describe(const Ruleset& rules, int node, std::string& key, std::string& fn) {
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  if (const char* over = OverName(n.op)) {
    key += over;
    key += "(";
    fn.append("&V::").append(over).append("<V::Fixed<");
    const std::vector<int> operands = Operands(rules, n);
    for (size_t i = 0; i < operands.size(); ++i) {
      if (i > 0) {
        key += ",";
        fn += ", ";
      }
      Describe(rules, operands[i], key, fn);
    }
    key += ")";
    fn += ">>";
    return;
  }
  if (const char* leaf = LeafFunctionName(n.fn)) {
    key += leaf;
    fn.append("&E::").append(leaf);
  } else {
    key += "_";
    fn += "&V::Through";
  }
}

}  // namespace

std::string ValueShapeKey(const Ruleset& rules, int node) {
  if (node < 0 || static_cast<size_t>(node) >= rules.nodes.size() ||
      !IsOver(rules.nodes[static_cast<size_t>(node)]))
    return "";
  std::string key, fn;
  Describe(rules, node, key, fn);
  return key;
}

std::vector<int> ValueTreeRoots(const Ruleset& rules) {
  const size_t count = rules.nodes.size();
  std::vector<bool> is_operand(count, false), read_by_set(count, false);
  auto mark = [count](std::vector<bool>& marks, int node) {
    if (node >= 0 && static_cast<size_t>(node) < count)
      marks[static_cast<size_t>(node)] = true;
  };
  for (const Node& n : rules.nodes) {
    if (IsOver(n)) {
      for (int operand : Operands(rules, n)) mark(is_operand, operand);
    } else if (n.type == Type::kCardSet) {
      // A card set reads the values its op names (a condition, a key).
      for (int operand : {n.x, n.y, n.z}) mark(read_by_set, operand);
      if (n.op == Op::kSetTable) {
        for (int i = 0; i < n.b; ++i)
          mark(read_by_set, static_cast<int>(rules.lists[static_cast<size_t>(n.a + i)]));
      }
    }
  }
  // A rule's condition is an operand of its procedure's conjunction (the
  // search asks them all at once) and is also asked by itself, for the rule
  // that says no (the lay check, a refused play).
  std::vector<bool> asked_alone(count, false);
  auto each_rule = [&](const std::vector<ReasonedRule>& list) {
    for (const ReasonedRule& rule : list) mark(asked_alone, rule.condition);
  };
  if (rules.trick) {
    each_rule(rules.trick->play_rules);
    each_rule(rules.trick->lead_rules);
  }
  if (rules.turn) each_rule(rules.turn->lay_rules);
  std::vector<int> roots;
  for (size_t i = 0; i < count; ++i) {
    const Node& n = rules.nodes[i];
    // A kept value (Shared, CardShared) is read from many places, and a
    // card set reads an operand of a condition's tree (the tree it was
    // planned from): those run compiled there too, as a rule asked alone.
    const bool kept = n.op == Op::kShared || n.op == Op::kCardShared;
    if ((!is_operand[i] || kept || read_by_set[i] || asked_alone[i]) && IsOver(n))
      roots.push_back(static_cast<int>(i));
  }
  return roots;
}

std::string CompiledValueShapesSource(const std::vector<const Ruleset*>& rulesets) {
  std::set<std::pair<std::string, std::string>> entries;  // key, function
  for (const Ruleset* rules : rulesets) {
    for (int root : ValueTreeRoots(*rules)) {
      std::string key, fn;
      Describe(*rules, root, key, fn);
      entries.emplace(key, fn);
    }
  }
  return ShapeTableSource(
      entries, "value_shape.h",
      "build/tools/angler_shapes --values > interpreter/value_shapes.inc");
}

}  // namespace angler
