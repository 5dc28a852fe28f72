// Walking the expression nodes of a compiled ruleset (program.h): one place
// that knows which fields of a node name other nodes.
//
// REQUIRES: `node` is -1 or a node of `rules`.
#ifndef ANGLER_INTERPRETER_NODE_WALK_H_
#define ANGLER_INTERPRETER_NODE_WALK_H_

#include <cstddef>
#include <vector>

#include "interpreter/ruleset.h"

namespace angler {

// Calls f(child) for each node `node` reads: x, y, z, and for the and/or and
// set-union ops the nodes listed at lists[a .. a+b); a set table reads the
// keys listed there and x.
// f may add nodes (the card-set planner does): the node is copied first.
template <typename F>
void ForEachChild(const Ruleset& rules, int node, F f) {
  const Node n = rules.nodes[static_cast<size_t>(node)];
  if (n.op == Op::kAnyOf || n.op == Op::kAllOf || n.op == Op::kSetAll ||
      n.op == Op::kSetAny || n.op == Op::kSetTable) {
    for (int i = 0; i < n.b; ++i)
      f(static_cast<int>(rules.lists[static_cast<size_t>(n.a + i)]));
    if (n.op == Op::kSetTable) f(n.x);
    return;
  }
  for (int c : {n.x, n.y, n.z}) {
    if (c >= 0) f(c);
  }
}

// Whether some node reachable from `node` (itself included, nested filters'
// conditions too) satisfies `pred`. Shared nodes are visited once.
template <typename P>
bool AnyNodeBelow(const Ruleset& rules, int node, P pred) {
  if (node < 0) return false;
  std::vector<bool> seen(rules.nodes.size());
  std::vector<int> todo{node};
  while (!todo.empty()) {
    const int at = todo.back();
    todo.pop_back();
    if (seen[static_cast<size_t>(at)]) continue;
    seen[static_cast<size_t>(at)] = true;
    if (pred(rules.nodes[static_cast<size_t>(at)])) return true;
    ForEachChild(rules, at, [&](int c) { todo.push_back(c); });
  }
  return false;
}

}  // namespace angler

#endif  // ANGLER_INTERPRETER_NODE_WALK_H_
