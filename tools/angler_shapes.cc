// angler_shapes: prints interpreter/set_shapes.inc, the card-set shapes of
// the shipped rulesets and their variants compiled ahead of time
// (interpreter/set_shape.h). Run it after changing a shipped ruleset:
//   build/tools/angler_shapes > interpreter/set_shapes.inc
// Exit code 2 when a ruleset does not load.
#include <iostream>
#include <string>
#include <vector>

#include "interpreter/loader.h"
#include "interpreter/set_shape.h"

int main() {
  std::vector<angler::RulesetPtr> loaded;
  std::vector<const angler::Ruleset*> rulesets;
  for (const std::string& name : angler::ShippedRulesets(/*with_variants=*/true)) {
    angler::Result<angler::RulesetPtr> rules = angler::LoadRuleset(name);
    if (!rules) {
      for (const angler::Diagnostic& d : rules.errors()) std::cerr << d.Format();
      return 2;
    }
    loaded.push_back(rules.value());
    rulesets.push_back(loaded.back().get());
  }
  std::cout << angler::CompiledShapesSource(rulesets);
  return 0;
}
