// Compiled value shapes (value_shape.h): the table is what the shipped
// rulesets give, their trees run compiled, and other trees run the
// interpreter. That a compiled tree gives its interpreted results is
// card_set_test.cc's "fused forms agree" (BindUnfused binds no compiled
// shape).
#include "interpreter/value_shape.h"

#include <catch2/catch.hpp>

#include "interpreter/card_set_test_util.h"
#include "interpreter/shape_test_util.h"

namespace angler {
namespace {

TEST_CASE("compiled value shapes: value_shapes.inc is what the shipped rulesets give",
          "[value_shape]") {
  testing::CheckTableFile(
      std::string(ANGLER_TEST_DIR) + "/../interpreter/value_shapes.inc",
      CompiledValueShapesSource,
      "build/tools/angler_shapes --values > interpreter/value_shapes.inc");
}

TEST_CASE("compiled value shapes: every tree of a shipped ruleset runs compiled",
          "[value_shape]") {
  int trees = 0;
  for (const RulesetPtr& rules : testing::ShippedWithVariants()) {
    INFO(rules->name);
    for (int root : ValueTreeRoots(*rules)) {
      const std::string key = ValueShapeKey(*rules, root);
      INFO(key);
      const EvalFn compiled = CompiledValueFunction(key);
      REQUIRE(compiled != nullptr);
      CHECK(rules->nodes[static_cast<size_t>(root)].fn == compiled);
      // Every leaf is called by name, none through its pointer.
      CHECK(key.find("(_") == std::string::npos);
      CHECK(key.find(",_") == std::string::npos);
      ++trees;
    }
  }
  CHECK(trees >= 100);
  CHECK(CompiledValueShapes().size() >= 50);
}

TEST_CASE("compiled value shapes: a key names each op and the functions at its leaves",
          "[value_shape]") {
  Ruleset rules = testing::Fishing();
  const int sum = testing::CompileAndPlan(rules, "score(p) + round * 2 == 7");
  CHECK(ValueShapeKey(rules, sum) == "EqConst(Add(PlayerVar,Mul))");
  const int pick =
      testing::CompileAndPlan(rules, "if round > 1 then called ?? trump else trump");
  CHECK(ValueShapeKey(rules, pick) ==
        "If(Gt(Global,Const),Coalesce(Global,Global),Global)");
  // A leaf is one call already: it has no key.
  const int leaf = testing::CompileAndPlan(rules, "count(hand(p))");
  CHECK(ValueShapeKey(rules, leaf).empty());
  CHECK(ValueShapeKey(rules, -1).empty());
}

TEST_CASE("compiled value shapes: a tree the table lacks runs the interpreter",
          "[value_shape]") {
  Ruleset rules = testing::Fishing();
  // A house rule's shape: no shipped ruleset nests these so.
  const int node = testing::CompileAndPlan(
      rules,
      "if (called ?? trump) == trump and round - 1 == score(p) then round + 5 < 2 "
      "else not (round == 4)");
  const std::string key = ValueShapeKey(rules, node);
  INFO(key);
  REQUIRE(!key.empty());
  CHECK(CompiledValueFunction(key) == nullptr);
  const Node& n = rules.nodes[static_cast<size_t>(node)];
  CHECK(n.fn == OwnFunction(n.op));
}

}  // namespace
}  // namespace angler
