// angler_shapes: prints interpreter/set_shapes.inc, the card-set shapes of
// the shipped rulesets and their variants compiled ahead of time
// (interpreter/set_shape.h), or with --values interpreter/value_shapes.inc,
// their value shapes (interpreter/value_shape.h). Run both after changing a
// shipped ruleset:
//   build/tools/angler_shapes > interpreter/set_shapes.inc
//   build/tools/angler_shapes --values > interpreter/value_shapes.inc
// Exit code 2 when a ruleset does not load or the argument is unknown.
#include <iostream>
#include <string>
#include <vector>

#include "interpreter/loader.h"
#include "interpreter/set_shape.h"
#include "interpreter/value_shape.h"

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (argc > 2 || (!what.empty() && what != "--values")) {
    std::cerr << "usage: angler_shapes [--values]\n";
    return 2;
  }
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
  std::cout << (what == "--values" ? angler::CompiledValueShapesSource(rulesets)
                                   : angler::CompiledShapesSource(rulesets));
  return 0;
}
