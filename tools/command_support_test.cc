#include "tools/command_support.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "tools/commands.h"

namespace angler {
namespace {

RulesetPtr Fishing() {
  Result<RulesetPtr> rules = LoadRuleset("fishing");
  REQUIRE(rules.ok());
  return rules.value();
}

Args MustParse(const std::vector<std::string>& words) {
  Result<Args> args = Args::Parse(words, {{"players", true, ""}});
  REQUIRE(args.ok());
  return std::move(args).value();
}

TEST_CASE("PlayersFlag checks the count against the ruleset", "[command_support]") {
  const RulesetPtr rules = Fishing();
  CHECK(PlayersFlag(*rules, MustParse({"--players", "5"})).value() == 5);
  CHECK(PlayersFlag(*rules, MustParse({"--players", "2"})).error().message ==
        "--players 2 is out of range: fishing is for 3..5 players");
  CHECK(PlayersFlag(*rules, MustParse({})).error().message ==
        "--players is required: fishing is for 3..5 players");
  Ruleset solo = *rules;
  solo.min_players = solo.max_players = 4;
  CHECK(PlayersFlag(solo, MustParse({})).value() == 4);
}

TEST_CASE("NearestPlayerCount clamps to the ruleset's range", "[command_support]") {
  const RulesetPtr rules = Fishing();
  CHECK(NearestPlayerCount(*rules, 4) == 4);
  CHECK(NearestPlayerCount(*rules, 2) == 3);
  CHECK(NearestPlayerCount(*rules, 7) == 5);
  CHECK(PlayerRange(*rules) == "3..5");
}

TEST_CASE("ParseCommand handles --help and reports bad flags", "[command_support]") {
  const CommandSpec spec{"demo", "[--seed S]", "A demo.", {{"seed", true, "the seed"}}};
  std::ostringstream out, err;
  ParsedCommand help = ParseCommand(spec, {"--help"}, out, err);
  CHECK_FALSE(help.args);
  CHECK(help.exit_code == 0);
  CHECK_THAT(out.str(), Catch::Contains("usage: angler demo [--seed S]"));
  CHECK_THAT(out.str(), Catch::Contains("--seed  the seed"));

  ParsedCommand bad = ParseCommand(spec, {"--sed", "3"}, out, err);
  CHECK_FALSE(bad.args);
  CHECK(bad.exit_code == 2);
  CHECK_THAT(err.str(),
             Catch::Contains("angler demo: error: unknown flag '--sed' (did you mean "
                             "'--seed'?)"));

  ParsedCommand good = ParseCommand(spec, {"--seed", "3", "x"}, out, err);
  REQUIRE(good.args);
  CHECK(good.args->Get("seed") == "3");
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("errors: their kind decides the exit code", "[command_support]") {
  const Diagnostic bad({}, "no such file");
  const Diagnostic failed({}, "expected 3, got 4", ErrorKind::kCheckFailed);
  const Diagnostic internal({}, "the rules allow no play", ErrorKind::kInternal);
  CHECK(ExitCodeFor({bad}) == kExitUsage);
  CHECK(ExitCodeFor({failed}) == kExitFailure);
  CHECK(ExitCodeFor({internal}) == kExitFailure);
  CHECK(ExitCodeFor({failed, bad}) == kExitUsage);  // bad input outranks
  std::ostringstream err;
  CHECK(ReportErrors("x", {failed}, err) == kExitFailure);
  CHECK(err.str() == "angler x: error: expected 3, got 4\n");
}

}  // namespace
}  // namespace angler
