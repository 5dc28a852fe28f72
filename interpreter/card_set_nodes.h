// Card-set nodes (program.h, the kSet ops) as the planner builds them at
// load (card_set_plan.h): new nodes and fixed sets, unions and
// intersections folded where a part decides or repeats another, and the
// tests that tell two sets or values are the same. Tested through the
// planner (card_set_test.cc).
//
// REQUIRES: `rules`' nodes are compiled. A node added here runs its op's
// own function (the planner may judge one) until BindEvaluators, which
// reruns after planning, binds the fused forms.
#ifndef ANGLER_INTERPRETER_CARD_SET_NODES_H_
#define ANGLER_INTERPRETER_CARD_SET_NODES_H_

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "interpreter/card_set.h"
#include "interpreter/node_walk.h"
#include "interpreter/ruleset.h"

namespace angler {

// Whether op computes its value from its operands' values alone (a
// comparison, an if, arithmetic): nothing of the state, the frame or a card.
bool PureOp(Op op);

class CardSetNodes {
 public:
  explicit CardSetNodes(Ruleset& rules) : rules_(rules) {}

 protected:
  const Node& Get(int node) const { return rules_.nodes[static_cast<size_t>(node)]; }
  int64_t List(int i) const { return rules_.lists[static_cast<size_t>(i)]; }
  // Value node v as it is, not through the filter's run cache (Op::kCached).
  int Bare(int v) const { return Get(v).op == Op::kCached ? Get(v).x : v; }
  template <typename F>
  void ForChildren(int node, F f) const {
    ForEachChild(rules_, node, f);
  }

  // New nodes, placed at pos_; a fixed set's words appended to the lists.
  int AddNode(Node n);
  int AddSet(const CardSet& s);
  int Unary(Op op, int x);
  int Combine(Op op, const std::vector<int>& sets);
  int Static(const CardSet& cards);
  CardSet StoredSet(int at) const;

  // A set's operands read bare, not through the filter's run cache.
  void StripCached(int set, std::set<int>& seen);
  // Whether working out `set` may read a value kept in run slots [a, b).
  bool ReadsRunValue(int set, int a, int b) const;

  // The parts of an or (FoldUnlessNone) or an and (FoldFixedParts) folded.
  void FoldUnlessNone(std::vector<int>& sets);
  void FoldFixedParts(std::vector<int>& sets);
  int Restricted(int set, const CardSet& within);
  // The union or intersection of `sets`, choices by a value lifted out.
  static constexpr int kMaxLifts = 3;
  int Joined(Op op, const std::vector<int>& sets, int lifts = 0);
  int ChoiceFirst(Op op, std::vector<int> sets, int lifts);
  int ChoiceLifted(Op op, const std::vector<int>& sets, int lifts);

  bool FixedSetOf(int set, bool every) const;
  bool SameSet(int a, int b) const;
  bool SameValue(int a, int b) const;

  Ruleset& rules_;
  SourcePos pos_;  // where the condition being planned is written
  // The sets FoldFixedParts made: from which set, met with which cards.
  std::map<int, std::pair<int, CardSet>> restricted_from_;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_CARD_SET_NODES_H_
