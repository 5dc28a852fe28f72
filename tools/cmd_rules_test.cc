#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/loader.h"
#include "tools/commands.h"
#include "tools/json_reader.h"

namespace angler {
namespace {

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Rules(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = RunRules(args, out, err);
  return {code, out.str(), err.str()};
}

TEST_CASE("rules check summarizes a shipped ruleset", "[rules]") {
  const Run run = Rules({"check", "fishing"});
  REQUIRE(run.code == 0);
  CHECK(run.err.empty());
  for (const char* part :
       {"fishing: Fishing", "players:   3..5", "hash:", "buoy", "hand", "per player",
        "owner", "score", "catch_one_other", "end_of_trick", "enters fisher",
        "may_play: yes", "overfished"}) {
    CHECK_THAT(run.out, Catch::Contains(part));
  }
  // The card table: 100 cards, 40 of them without stars.
  CHECK_THAT(run.out, Catch::Contains("total    40"));
  CHECK_THAT(run.out, Catch::Contains("100\n"));
  // What every game keeps, by moment.
  CHECK_THAT(run.out, Catch::Contains("  invariants:\n    trick_end  every card of a "
                                      "trick is caught\n"));
  CHECK_THAT(run.out, Catch::Contains("    round_end  a round ends when its tricks are "
                                      "played, with every hand empty\n"));
  // The engine's own variables are named as built in, the search's too: the
  // ruleset's list starts with its own.
  CHECK_THAT(run.out, Catch::Contains("  variables:\n    score "));
  CHECK_THAT(run.out, Catch::Contains("illegal_lay, marks, stopped)\n"));
}

TEST_CASE("rules check describes a turn procedure, not a trick", "[rules]") {
  const Run run = Rules({"check", "fatfish"});
  REQUIRE(run.code == 0);
  for (const char* part :
       {"turn   hand: hand, rows: row (3 numbered piles), lay: 1..4 cards on one row",
        "may_lay, checked card by card:", "1. count(target) > 0",
        "refused with: \"that row's place is empty", "which ends in {suit}\"",
        "full: count(target) == row_length", "accept_illegal: fiasco_on",
        "numbers:   row_count 3, row_length 5, hand_size 4",
        "on_illegal: 1 line, after: ", "skip: count(hand(turn)) == 0",
        "until: count(cards_of(hand)) == 0", "round  start: no, end: yes",
        "rows (3 numbered piles)"}) {
    CHECK_THAT(run.out, Catch::Contains(part));
  }
  CHECK_THAT(run.out, !Catch::Contains("trick  may_lead"));
  CHECK_THAT(run.out, !Catch::Contains("winner: no"));
  // A trick game keeps its trick line.
  const Run fishing = Rules({"check", "fishing"});
  CHECK_THAT(fishing.out, Catch::Contains("trick  may_lead: as may_play"));
  CHECK_THAT(fishing.out, !Catch::Contains("may_lay"));
}

TEST_CASE("rules check reports every broken ruleset and exits 2", "[rules]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "angler_cmd_rules_test";
  std::filesystem::create_directories(dir);
  const std::string broken = (dir / "broken.yaml").string();
  {
    std::ifstream shipped(ResolveRulesetPath("fishing"));
    std::stringstream text;
    text << shipped.rdbuf();
    std::string yaml = text.str();
    yaml.replace(yaml.find("players: 3..5"), 13, "playres: 3..5");
    std::ofstream(broken) << yaml;
  }
  const Run run = Rules({"check", "fishing", broken, "nothing-here"});
  CHECK(run.code == 2);
  CHECK_THAT(run.out, Catch::Contains("fishing: Fishing"));
  CHECK_THAT(run.err, Catch::Contains(broken + ":"));
  CHECK_THAT(run.err, Catch::Contains("did you mean 'players'?"));
  CHECK_THAT(run.err, Catch::Contains("^"));
  CHECK_THAT(run.err, Catch::Contains("'nothing-here'"));
  CHECK_THAT(run.err, Catch::Contains("2 of 3 rulesets failed"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("rules usage errors exit 2", "[rules]") {
  CHECK(Rules({}).code == 2);
  CHECK(Rules({"check"}).code == 2);
  const Run typo = Rules({"chek", "fishing"});
  CHECK(typo.code == 2);
  CHECK_THAT(typo.err, Catch::Contains("did you mean 'check'?"));
}

TEST_CASE("rules list names the shipped rulesets", "[rules]") {
  const Run run = Rules({"list"});
  CHECK(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("fishing\n"));
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("rules check draws a formation with the numbers scenarios mark", "[rules]") {
  std::ostringstream out, err;
  CHECK(RunRules({"check", "falscher-hering"}, out, err) == 0);
  const std::string text = out.str();
  CHECK(text.find("  formation (15 fish, 6 error patterns, 36 cards):\n"
                  "     b> 0   b> 1   s> 2   s> 3   o> 4\n") != std::string::npos);
  CHECK(
      text.find("round  start, end (no tricks, no turns); search(): every active player "
                "marks and stops\n") != std::string::npos);
  CHECK(text.find("    game   rank: yes (highest wins), place notes: 2, ends early: the "
                  "draw pile ran out\n") != std::string::npos);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("rules dump prints the compiled program; a bad ruleset exits 2", "[rules]") {
  const Run dump = Rules({"dump", "fishing"});
  CHECK(dump.code == 0);
  CHECK_THAT(dump.out, Catch::Contains("  [effects.minus_three]\n"));
  CHECK_THAT(dump.out, Catch::Contains(" SetPlayerVar op=2 "));
  CHECK_THAT(dump.out, Catch::Contains("fishing.yaml:"));
  CHECK(Rules({"dump", "no-such-game"}).code == 2);
  CHECK(Rules({"dump"}).code == 2);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

// A house rule whose number is misspelt changes nothing: a warning with the
// place, and the check still passes.
TEST_CASE("rules check warns about a key nothing reads and exits 0", "[rules]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "angler_cmd_rules_warn_test";
  std::filesystem::create_directories(dir);
  const std::string variant = (dir / "rows.yaml").string();
  std::ofstream(variant) << "extends: fatfish\nname: rows\nnumbers:\n  row_lenght: 6\n";
  const Run run = Rules({"check", variant});
  CHECK(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("rows: Fat Fish"));
  CHECK_THAT(run.err, Catch::Contains(
                          variant +
                          ":4:3: warning: nothing reads the number 'row_lenght' (did "
                          "you mean 'row_length'?)\n  4 |   row_lenght: 6\n    |   ^\n"));

  const Run json = Rules({"check", "--json", variant});
  CHECK(json.code == 0);
  CHECK(json.err.empty());
  auto parsed = ParseJson(json.out, "out");
  REQUIRE(parsed.ok());
  const JsonValue* warnings = parsed.value().Find("warnings");
  REQUIRE(warnings != nullptr);
  REQUIRE(warnings->items.size() == 1);
  CHECK(warnings->items[0].Find("file")->text == variant);
  CHECK(warnings->items[0].Find("line")->AsInt() == 4);
  CHECK(warnings->items[0].Find("column")->AsInt() == 3);
  CHECK_THAT(warnings->items[0].Find("message")->text, Catch::Contains("row_lenght"));
  const JsonValue& summary = parsed.value().Find("rulesets")->items.at(0);
  CHECK(summary.Find("numbers")->Find("row_length")->AsInt() == 5);
  CHECK(summary.Find("numbers")->Find("row_lenght")->AsInt() == 6);
  std::filesystem::remove_all(dir);
}

TEST_CASE("rules dump --json: the program as data, each instruction with its place",
          "[rules]") {
  const Run text = Rules({"dump", "fishing"});
  const Run dump = Rules({"dump", "fishing", "--json"});
  REQUIRE(dump.code == 0);
  Result<JsonValue> parsed = ParseJson(dump.out, "dump");
  REQUIRE(parsed.ok());
  const JsonValue& program = parsed.value();
  CHECK(program.Find("ruleset")->text == "fishing");
  CHECK(program.Find("hash")->text.size() == 16);
  const std::vector<JsonValue>& nodes = program.Find("nodes")->items;
  const std::vector<JsonValue>& code = program.Find("code")->items;
  CHECK_THAT(text.out, Catch::Contains("nodes: " + std::to_string(nodes.size()) + "\n"));
  CHECK_THAT(text.out, Catch::Contains("code: " + std::to_string(code.size()) + "\n"));
  // Every child of a node is a node.
  for (const JsonValue& n : nodes) {
    for (const char* child : {"x", "y", "z"}) {
      const int64_t c = *n.Find(child)->AsInt();
      CHECK((c >= -1 && c < static_cast<int64_t>(nodes.size())));
    }
  }
  // Each instruction reads as the text dump's line, with the same place.
  bool minus_points = false;
  for (const JsonValue& in : code) {
    const std::string pc = std::to_string(*in.Find("pc")->AsInt());
    const std::string place = in.Find("file")->text + ":" +
                              std::to_string(*in.Find("line")->AsInt()) + ":" +
                              std::to_string(*in.Find("col")->AsInt());
    INFO(pc << " " << in.Find("code")->text << " " << place);
    CHECK(*in.Find("line")->AsInt() > 0);
    CHECK_THAT(text.out, Catch::Contains("  " + pc + " " + in.Find("code")->text));
    CHECK_THAT(text.out, Catch::Contains(place + "\n"));
    minus_points |= in.Find("section")->text == "effects.minus_three" &&
                    in.Find("code")->text == "SetPlayerVar" &&
                    *in.Find("op")->AsInt() == 2;
  }
  CHECK(minus_points);
  CHECK(Rules({"dump", "no-such-game", "--json"}).code == 2);
}

}  // namespace
}  // namespace angler
