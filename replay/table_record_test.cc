// Games from a table: records that state chance as cards (FORMAT.md, "Chance
// stated as cards") import move by move, and the first impossible move is
// named with its game, ply and why.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "interpreter/chance_outcome.h"
#include "replay/notation.h"
#include "replay/record.h"
#include "replay/store.h"
#include "tests/test_util.h"

namespace angler {
namespace {

namespace fs = std::filesystem;

const fs::path kTableRecord =
    fs::path(ANGLER_TEST_DIR) / "data" / "replay" / "table" / "fishing-table.rec";

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Imports `text` into a fresh store: the error, or "" and the game's record.
std::string Import(const std::string& text, GameRecord* out = nullptr) {
  auto store = Store::Open(":memory:").value();
  auto ids = ImportRecords(*store, SourceFile::Make("table.rec", text));
  if (!ids.ok()) {
    CHECK(store->ListGames({}).value().empty());  // nothing stored
    return testing::FormatErrors(ids);
  }
  if (out) *out = store->LoadGame(ids.value().front()).value();
  return "";
}

// The hand-typed record with one line replaced.
std::string With(const std::string& text, const std::string& from,
                 const std::string& to) {
  std::string out = text;
  const size_t at = out.find(from);
  REQUIRE(at != std::string::npos);
  out.replace(at, from.size(), to);
  return out;
}

TEST_CASE("table records: a hand-typed round imports and reads back", "[table]") {
  const std::string text = ReadText(kTableRecord);
  GameRecord record;
  REQUIRE(Import(text, &record) == "");
  int reveals = 0, unseen = 0;
  for (const RecordedAction& ra : record.actions) {
    reveals += ra.action.kind == ActionKind::kReveal;
    unseen += IsUnseenShuffle(ra.action);
  }
  CHECK(reveals == 36);  // four hands of 9
  CHECK(unseen == 6);
  CHECK(record.result == "unfinished");
  // Exported and imported again: the same game.
  const RulesetPtr rules = testing::LoadOrFail("fishing");
  auto written = FormatRecord(*rules, record);
  REQUIRE(written.ok());
  CHECK_THAT(written.value(), Catch::Contains("shuffle staging unseen"));
  CHECK_THAT(written.value(), Catch::Contains("reveal hand(Anne): "));
  GameRecord again;
  REQUIRE(Import(written.value(), &again) == "");
  CHECK(again.SameContent(record));
}

TEST_CASE("table records: the first impossible move is named", "[table]") {
  const std::string text = ReadText(kTableRecord);
  // A card dealt twice: Bob's hand names one of Anne's cards.
  CHECK_THAT(Import(With(text, "reveal hand(Bob): yellow 2", "reveal hand(Bob): blue 7")),
             Catch::Contains("game 1: ply 16: blue 7 cannot be in hand(Bob): it is known "
                             "to be in hand(Anne)"));
  // A card that cannot be there: a 2-star card lies in the ocean, not in a hand.
  CHECK_THAT(
      Import(With(text, "reveal hand(Carl): red 9", "reveal hand(Carl): purple 13")),
      Catch::Contains("game 1: ply 25: purple 13 cannot be in hand(Carl): the "
                      "unstated cards there came from another shuffle than "
                      "purple 13"));
  // A card played before anyone stated it.
  CHECK_THAT(
      Import(With(text, "7. reveal hand(Anne)",
                  "7. Anne plays blue 7\n8. reveal hand(Anne)")),
      Catch::Contains("game 1: ply 7:") && Catch::Contains("cards are not stated yet"));
  // An illegal play: Bob does not follow the suit led.
  CHECK_THAT(Import(With(text, "44. Bob plays blue 9", "44. Bob plays yellow 2")),
             Catch::Contains("game 1: ply 44:") && Catch::Contains("yellow 2"));
  // A move before the cards the rules read are stated: Bob's hand.
  const size_t bob = text.find("16. reveal hand(Bob)");
  const std::string cut =
      text.substr(0, bob) +
      "16. Anne plays blue 7\n17. Bob plays blue 9\nend: unfinished\n";
  CHECK_THAT(Import(cut), Catch::Contains("game 1: ply 17: the rules read card") &&
                              Catch::Contains("of hand(Bob), which the record has not "
                                              "stated: reveal it first"));
}

// Random seeded games, their records rewritten with unseen shuffles and
// revealed cards instead of seeds, import to the same end.
TEST_CASE("table records: a seeded game rewritten card by card imports the same",
          "[table]") {
  for (const std::string& name : ShippedRulesets(true)) {
    const RulesetPtr rules = testing::LoadOrFail(name);
    const Game game(*rules, rules->max_players);
    for (uint64_t seed : {5u, 9u}) {
      INFO(name << ", seed " << seed);
      const std::vector<Action> seeded = RandomPlayout(game, seed);
      auto told = StatedAsCards(game, seeded);
      REQUIRE(told.ok());
      auto a = MakeGameRecord(game, seeded, {}, seed, "sim");
      auto b = MakeGameRecord(game, told.value(), {}, 0, "import");
      REQUIRE((a.ok() && b.ok()));
      auto text = FormatRecord(*rules, b.value());
      REQUIRE(text.ok());
      GameRecord imported;
      REQUIRE(Import(text.value(), &imported) == "");
      CHECK(imported.result == a.value().result);
      CHECK(imported.actions.size() == told.value().size());
    }
  }
}

// Not a test: prints a seeded Fishing game told as a table tells it, the
// start of the hand-typed record (angler_tests "[.print-table]").
TEST_CASE("print a seeded game as a table record", "[.print-table]") {
  const RulesetPtr rules = testing::LoadOrFail("fishing");
  const Game game(*rules, 4);
  const std::vector<Action> seeded = RandomPlayout(game, 20240501);
  auto told = StatedAsCards(game, seeded);
  REQUIRE(told.ok());
  auto record =
      MakeGameRecord(game, told.value(), {"Anne", "Bob", "Carl", "Dora"}, 0, "import");
  REQUIRE(record.ok());
  auto text = FormatRecord(*rules, record.value(), {.ruleset_text = false});
  REQUIRE(text.ok());
  std::cout << text.value();
}

}  // namespace
}  // namespace angler
