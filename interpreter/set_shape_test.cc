// Compiled shapes (set_shape.h): the table is what the shipped rulesets give,
// their trees run compiled, and other trees run the interpreter. That a
// compiled tree gives its interpreted results is card_set_test.cc's "fused
// forms agree" (BindUnfused binds no compiled shape).
#include "interpreter/set_shape.h"

#include <catch2/catch.hpp>

#include "interpreter/card_set_test_util.h"
#include "interpreter/shape_test_util.h"

namespace angler {
namespace {

TEST_CASE("compiled shapes: set_shapes.inc is what the shipped rulesets give",
          "[set_shape]") {
  testing::CheckTableFile(std::string(ANGLER_TEST_DIR) + "/../interpreter/set_shapes.inc",
                          CompiledShapesSource,
                          "build/tools/angler_shapes > interpreter/set_shapes.inc");
}

TEST_CASE("compiled shapes: every tree of a shipped ruleset runs compiled",
          "[set_shape]") {
  int trees = 0;
  for (const RulesetPtr& rules : testing::ShippedWithVariants()) {
    INFO(rules->name);
    for (int root : SetTreeRoots(*rules)) {
      const std::string key = SetShapeKey(*rules, root);
      INFO(key);
      const SetFn compiled = CompiledSetFunction(key);
      REQUIRE(compiled != nullptr);
      CHECK(rules->nodes[static_cast<size_t>(root)].set_fn == compiled);
      ++trees;
    }
  }
  CHECK(trees >= 20);
  CHECK(CompiledSetShapes().size() >= 10);
}

TEST_CASE("compiled shapes: a key names the width, each op and its set children",
          "[set_shape]") {
  Ruleset rules = testing::Fishing();  // 2 words of cards
  const int filter =
      testing::CompileAndPlan(rules,
                              "hand(p) where kind == buoy or suit == called or "
                              "not any(hand(p) where suit == called)");
  const int set = rules.nodes[static_cast<size_t>(filter)].y;
  CHECK(SetShapeKey(rules, set) == "2:Any(UnlessNone(Eq),Static)");
  // A leaf is one call already: it has no key.
  const int leaf = rules
                       .nodes[static_cast<size_t>(testing::CompileAndPlan(
                           rules, "hand(p) where suit == called"))]
                       .y;
  CHECK(rules.nodes[static_cast<size_t>(leaf)].op == Op::kSetEq);
  CHECK(SetShapeKey(rules, leaf).empty());
  CHECK(SetShapeKey(rules, -1).empty());
}

TEST_CASE("compiled shapes: a tree the table lacks runs the interpreter", "[set_shape]") {
  Ruleset rules = testing::Fishing();
  // A house rule's shape: no shipped ruleset nests these so.
  const int filter = testing::CompileAndPlan(
      rules,
      "hand(p) where not (suit == called or not any(hand(p) where value < round))");
  const int set = rules.nodes[static_cast<size_t>(filter)].y;
  const std::string key = SetShapeKey(rules, set);
  INFO(key);
  REQUIRE(!key.empty());
  CHECK(CompiledSetFunction(key) == nullptr);
  const Node& n = rules.nodes[static_cast<size_t>(set)];
  CHECK(n.set_fn == SetEvaluatorOf(n.op, static_cast<int>(rules.cards.size())));
}

}  // namespace
}  // namespace angler
