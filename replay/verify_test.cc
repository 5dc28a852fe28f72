#include "replay/verify.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "replay/sqlite.h"
#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::FormatErrors;
using testing::RandomRecord;

// Fishing with one thing in its canonical text replaced.
RulesetPtr ChangedFishing(const std::string& from, const std::string& to) {
  std::string text = testing::Fishing().canonical_text;
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  auto rules = LoadRulesetText("fishing (changed)", text);
  INFO(FormatErrors(rules));
  REQUIRE(rules.ok());
  REQUIRE(rules.value()->content_hash != testing::Fishing().content_hash);
  return rules.value();
}

// The first ply at which `record` stops replaying the same under `rules`,
// found by a plain replay: what verify must report. 0: none.
int FirstDrift(const Ruleset& rules, const GameRecord& record) {
  const Game game(rules, record.players_count());
  State s = game.NewInitialState();
  for (size_t i = 0; i < record.actions.size(); ++i) {
    if (game.IsTerminal(s) || LegalCount(game, s) != record.actions[i].legal ||
        !ApplyChecked(game, s, record.actions[i].action).ok()) {
      return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

VerifyOptions With(RulesetPtr changed) {
  VerifyOptions options;
  options.current = [changed](const std::string& name) -> Result<RulesetPtr> {
    if (name == "fishing") return changed;
    return LoadRuleset(name);
  };
  return options;
}

TEST_CASE("verify finds nothing when the rules did not change", "[verify]") {
  auto store = Store::Open(":memory:").value();
  const Game game(testing::Fishing(), 4);
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    REQUIRE(store->AddGame(testing::Fishing(), RandomRecord(game, seed)).ok());
  }
  RulesetPtr hearts = testing::LoadOrFail("hearts");
  const Game hearts_game(*hearts, 4);
  REQUIRE(store->AddGame(*hearts, RandomRecord(hearts_game, 1)).ok());
  auto report = VerifyStore(*store, {});
  INFO(FormatErrors(report));
  REQUIRE(report.ok());
  CHECK(report.value().games == 6);
  CHECK(report.value().drifts.empty());
  CHECK(report.value().actions > 6 * 100);
}

TEST_CASE("verify reports the first ply where a changed number drifts", "[verify]") {
  auto store = Store::Open(":memory:").value();
  const Game game(testing::Fishing(), 4);
  std::vector<GameRecord> records;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    records.push_back(RandomRecord(game, seed, {"Anne", "Bob", "Carl", "Dora"}));
    REQUIRE(store->AddGame(testing::Fishing(), records.back()).ok());
  }
  // Four players hold 10 cards in round 2 instead of 9.
  RulesetPtr changed = ChangedFishing("\"4\":[\"9\",\"9\",", "\"4\":[\"9\",\"10\",");
  auto report = VerifyStore(*store, With(changed));
  INFO(FormatErrors(report));
  REQUIRE(report.ok());
  REQUIRE(report.value().drifts.size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    const Drift& d = report.value().drifts[i];
    INFO(DriftText(d));
    CHECK(d.game == static_cast<int64_t>(i) + 1);
    CHECK(d.ply == FirstDrift(*changed, records[i]));
    CHECK(d.round == 2);  // round 1 plays the same
    CHECK(d.stored_hash == testing::Fishing().content_hash);
    CHECK(d.current_hash == changed->content_hash);
    CHECK_FALSE(d.move.empty());
    CHECK(DriftText(d).find("game " + std::to_string(i + 1) + ": ply " +
                            std::to_string(d.ply) + " (round 2): " + d.move + ": ") == 0);
    CHECK(DriftText(d).find("(stored fishing " + testing::Fishing().content_hash +
                            ", current fishing " + changed->content_hash + ")") !=
          std::string::npos);
  }
  SECTION("only the games of the ruleset asked for") {
    VerifyOptions options = With(changed);
    options.ruleset = "hearts";
    auto none = VerifyStore(*store, options);
    REQUIRE(none.ok());
    CHECK(none.value().games == 0);
  }
}

TEST_CASE("verify reports a changed result after the last ply", "[verify]") {
  auto store = Store::Open(":memory:").value();
  const Game game(testing::Fishing(), 3);
  // The final ranking counts double: play is the same, the result is not.
  RulesetPtr changed =
      ChangedFishing("\"rank\":\"score(p)\"", "\"rank\":\"score(p) * 2\"");
  const GameRecord record = RandomRecord(game, 1);
  REQUIRE(FirstDrift(*changed, record) == 0);
  REQUIRE(store->AddGame(testing::Fishing(), record).ok());
  auto report = VerifyStore(*store, With(changed));
  REQUIRE(report.ok());
  REQUIRE(report.value().drifts.size() == 1);
  const Drift& d = report.value().drifts[0];
  CHECK(d.ply == static_cast<int>(record.actions.size()));
  CHECK(d.reason.find("the result was '" + record.result + "', now '") == 0);
}

TEST_CASE("verify reports a ruleset that no longer loads", "[verify]") {
  auto store = Store::Open(":memory:").value();
  const Game game(testing::Fishing(), 3);
  REQUIRE(store->AddGame(testing::Fishing(), RandomRecord(game, 1)).ok());
  VerifyOptions options;
  options.current = [](const std::string&) -> Result<RulesetPtr> {
    return Diagnostic({}, "fishing.yaml:3:1: unknown key");
  };
  auto report = VerifyStore(*store, options);
  REQUIRE(report.ok());
  REQUIRE(report.value().drifts.size() == 1);
  CHECK(
      DriftText(report.value().drifts[0]) ==
      "game 1: the current ruleset fishing does not load: fishing.yaml:3:1: unknown key "
      "(stored fishing " +
          testing::Fishing().content_hash + ", current does not load)");
}

// Reading a game's variations reads its main line again (the same cached
// statement as the loop over the games): the next game must still be read.
TEST_CASE("verify goes on past a game with variations to the games after it",
          "[verify][variations]") {
  auto store = Store::Open(":memory:").value();
  const Game game(testing::Fishing(), 3);
  std::vector<GameRecord> records;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    records.push_back(RandomRecord(game, seed));
    REQUIRE(store->AddGame(testing::Fishing(), records.back()).ok());
  }
  const Variation variation = testing::RandomVariation(game, records[0], 20, 6, 1);
  REQUIRE(store->AddVariation(1, variation).ok());
  auto report = VerifyStore(*store, {});
  INFO(FormatErrors(report));
  REQUIRE(report.ok());
  CHECK(report.value().games == 3);
  CHECK(report.value().drifts.empty());
  int64_t main_lines = 0;
  for (const GameRecord& r : records)
    main_lines += static_cast<int64_t>(r.actions.size());
  // and the variation's own moves (those the main line does not play first)
  const GameRecord stored = store->LoadGame(1).value();
  REQUIRE(stored.variations.size() == 1);
  CHECK(!stored.variations[0].actions.empty());
  CHECK(report.value().actions ==
        main_lines + static_cast<int64_t>(stored.variations[0].actions.size()));
}

TEST_CASE("verify replays variations, nested ones too", "[verify][variations]") {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("angler-verify-nested-" + std::to_string(getpid()) + ".db"))
                               .string();
  const Game game(testing::Fishing(), 3);
  const GameRecord record = RandomRecord(game, 3);
  int64_t nested = 0;
  {
    auto store = Store::Open(path).value();
    REQUIRE(store->AddGame(testing::Fishing(), record).ok());
    const int64_t top =
        store->AddVariation(1, testing::RandomVariation(game, record, 20, 6, 1)).value();
    const GameRecord now = store->LoadGame(1).value();
    Variation sub = testing::RandomVariation(game, now, 23, 3, 2, now.FindVariation(top));
    auto added = store->AddVariation(1, sub);
    INFO(FormatErrors(added));
    REQUIRE(added.ok());
    nested = added.value();
    auto clean = VerifyStore(*store, {});
    REQUIRE(clean.ok());
    CHECK(clean.value().drifts.empty());
    // the main line and both variations' own moves
    CHECK(clean.value().actions ==
          static_cast<int64_t>(record.actions.size()) + 6 +
              static_cast<int64_t>(
                  store->LoadGame(1).value().FindVariation(nested)->actions.size()));
  }
  {
    auto db = sql::Database::Open(path, false);
    REQUIRE(db.ok());
    REQUIRE(db.value()
                .Exec("UPDATE variation_actions SET legal = legal + 1 WHERE "
                      "variation_id = " +
                          std::to_string(nested) + " AND ply = 25",
                      "")
                .ok());
  }
  auto store = Store::Open(path).value();
  auto report = VerifyStore(*store, {});
  INFO(FormatErrors(report));
  REQUIRE(report.ok());
  REQUIRE(report.value().drifts.size() == 1);
  const Drift& d = report.value().drifts[0];
  CHECK(d.variation == nested);
  CHECK(d.ply == 25);
  CHECK(DriftText(d).rfind("game 1, variation " + std::to_string(nested) + ": ply 25",
                           0) == 0);
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::error_code ec;
    std::filesystem::remove(path + suffix, ec);
  }
}

}  // namespace
}  // namespace angler
