// Helpers of the compiled-shape tests (set_shape_test.cc,
// value_shape_test.cc): the shipped rulesets loaded, and a generated table
// held to its file.
#ifndef ANGLER_INTERPRETER_SHAPE_TEST_UTIL_H_
#define ANGLER_INTERPRETER_SHAPE_TEST_UTIL_H_

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter/loader.h"

namespace angler::testing {

// Every shipped ruleset and variant, loaded.
inline std::vector<RulesetPtr> ShippedWithVariants() {
  std::vector<RulesetPtr> all;
  for (const std::string& name : ShippedRulesets(/*with_variants=*/true)) {
    Result<RulesetPtr> rules = LoadRuleset(name);
    INFO(name << (rules ? "" : rules.error().Format()));
    REQUIRE(rules.ok());
    all.push_back(rules.value());
  }
  REQUIRE(all.size() >= 5);
  return all;
}

// The table `source(rulesets)` gives is the file at `path`, which `command`
// regenerates.
template <typename Source>
void CheckTableFile(const std::string& path, Source source, const std::string& command) {
  std::vector<RulesetPtr> all = ShippedWithVariants();
  std::vector<const Ruleset*> rulesets;
  for (const RulesetPtr& r : all) rulesets.push_back(r.get());
  std::ifstream in(path);
  INFO(path);
  REQUIRE(in.good());
  std::stringstream file;
  file << in.rdbuf();
  INFO("a shipped ruleset changed: regenerate the table with\n  " << command);
  CHECK(source(rulesets) == file.str());
}

}  // namespace angler::testing

#endif  // ANGLER_INTERPRETER_SHAPE_TEST_UTIL_H_
