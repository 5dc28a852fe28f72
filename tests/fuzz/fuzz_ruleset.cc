// The ruleset loader on any text: load it, then play one short seeded game
// with random bots at its smallest table.
#include "interpreter/loader.h"
#include "interpreter/ruleset.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace angler;
  const std::string path = fuzz::WriteInput("ruleset.yaml", data, size);
  Result<RulesetPtr> rules = LoadRuleset(path);
  if (!rules) return 0;
  fuzz::RunChecked({"sim", path, "--players", std::to_string(rules.value()->min_players),
                    "--games", "1", "--seed", "7"});
  return 0;
}
