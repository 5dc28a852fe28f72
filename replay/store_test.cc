#include "replay/store.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "replay/format.h"
#include "replay/notation.h"
#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

namespace fs = std::filesystem;
using testing::Decorate;
using testing::FormatErrors;
using testing::RandomRecord;

// A fresh path in the temp folder, removed with its WAL files afterwards.
class TempDb {
 public:
  TempDb() {
    static int counter = 0;
    path_ =
        (fs::temp_directory_path() / ("angler-store-test-" + std::to_string(getpid()) +
                                      "-" + std::to_string(counter++) + ".db"))
            .string();
    Remove();
  }
  ~TempDb() { Remove(); }
  const std::string& path() const { return path_; }

 private:
  void Remove() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
      fs::remove(path_ + suffix, ec);
  }
  std::string path_;
};

std::unique_ptr<Store> OpenOrFail(const std::string& path) {
  auto store = Store::Open(path);
  INFO(FormatErrors(store));
  REQUIRE(store.ok());
  return std::move(store).value();
}

int64_t Count(Store& store, const std::string& table) {
  auto db = sql::Database::Open(store.path(), false);
  REQUIRE(db.ok());
  auto n = db.value().QueryInt("SELECT count(*) FROM " + table, "counting");
  REQUIRE(n.ok());
  return n.value();
}

TEST_CASE("a new store gets the current schema, in memory and on disk", "[store]") {
  SECTION("in memory") {
    auto store = OpenOrFail(":memory:");
    CHECK(store->schema_version() == kStoreSchemaVersion);
    auto games = store->GameCount();
    REQUIRE(games.ok());
    CHECK(games.value() == 0);
  }
  SECTION("on disk, in a folder that does not exist yet") {
    TempDb tmp;
    const std::string path = tmp.path() + ".d/sub/angler.db";
    {
      auto store = OpenOrFail(path);
      CHECK(store->schema_version() == kStoreSchemaVersion);
    }
    auto db = sql::Database::Open(path, false);
    REQUIRE(db.ok());
    CHECK(db.value().QueryInt("PRAGMA user_version", "").value() == kStoreSchemaVersion);
    CHECK(db.value().QueryInt("PRAGMA application_id", "").value() ==
          kStoreApplicationId);
    auto mode = sql::Statement::Prepare(db.value(), "PRAGMA journal_mode");
    REQUIRE(mode.ok());
    REQUIRE(mode.value().Step("").value());
    CHECK(mode.value().Text(0) == "wal");
    // Opened again: nothing to do.
    auto again = OpenOrFail(path);
    CHECK(again->schema_version() == kStoreSchemaVersion);
    std::error_code ec;
    fs::remove_all(tmp.path() + ".d", ec);
  }
}

TEST_CASE("a newer schema is refused, an older one migrated", "[store]") {
  TempDb tmp;
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const GameRecord record = RandomRecord(game, 5);
  {
    auto store = OpenOrFail(tmp.path());
    REQUIRE(store->AddGame(rules, record).ok());
  }
  SECTION("newer") {
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value().Exec("PRAGMA user_version=6", "").ok());
    }
    auto store = Store::Open(tmp.path());
    REQUIRE_FALSE(store.ok());
    CHECK(store.error().message ==
          "store " + tmp.path() +
              ": schema version 6 is newer than this angler understands (5); use a newer "
              "angler");
  }
  SECTION("older: version 1 had no scenario runs") {
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value()
                  .Exec("DROP TABLE scenario_runs; DROP TABLE check_runs; "
                        "ALTER TABLE annotations DROP COLUMN author; "
                        "ALTER TABLE seats DROP COLUMN played_by; "
                        "ALTER TABLE variations DROP COLUMN parent_id; "
                        "PRAGMA user_version=1",
                        "")
                  .ok());
    }
    auto store = OpenOrFail(tmp.path());
    CHECK(store->schema_version() == kStoreSchemaVersion);
    auto loaded = store->LoadGame(1);
    REQUIRE(loaded.ok());
    CHECK(loaded.value().actions == record.actions);
    auto runs =
        store->RecordScenarioRuns({{"a.scn", "one", rules.content_hash, true, ""}});
    INFO(FormatErrors(runs));
    CHECK(runs.ok());
  }
  SECTION("version 2 had no annotation authors: the old ones are a person's") {
    {
      auto store = OpenOrFail(tmp.path());
      REQUIRE(store->Annotate(1, 2, "mine", "?").ok());
    }
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value()
                  .Exec("ALTER TABLE annotations DROP COLUMN author; "
                        "ALTER TABLE seats DROP COLUMN played_by; "
                        "ALTER TABLE variations DROP COLUMN parent_id; "
                        "PRAGMA user_version=2",
                        "")
                  .ok());
    }
    auto store = OpenOrFail(tmp.path());
    CHECK(store->schema_version() == kStoreSchemaVersion);
    auto author = store->AnnotationAuthor(1, 2);
    REQUIRE(author.ok());
    CHECK(author.value() == std::optional<std::string>(""));
  }
  SECTION("version 3 did not say who played each seat: unknown") {
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value()
                  .Exec("ALTER TABLE seats DROP COLUMN played_by; ALTER TABLE variations "
                        "DROP COLUMN parent_id; PRAGMA user_version=3",
                        "")
                  .ok());
    }
    auto store = OpenOrFail(tmp.path());
    CHECK(store->schema_version() == kStoreSchemaVersion);
    CHECK(store->LoadGame(1).value().played_by == std::vector<std::string>(3, ""));
  }
  SECTION("version 4 had variations of the main line only: their parent is 0") {
    Variation v = testing::RandomVariation(game, record, 10, 3, 4);
    {
      auto store = OpenOrFail(tmp.path());
      REQUIRE(store->AddVariation(1, v).ok());
    }
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value()
                  .Exec("ALTER TABLE variations DROP COLUMN parent_id; "
                        "PRAGMA user_version=4",
                        "")
                  .ok());
    }
    auto store = OpenOrFail(tmp.path());
    CHECK(store->schema_version() == kStoreSchemaVersion);
    GameRecord loaded = store->LoadGame(1).value();
    REQUIRE(loaded.variations.size() == 1);
    CHECK(loaded.variations[0].parent == 0);
    CHECK(loaded.variations[0].actions == v.actions);
    // and a variation of it can be added now
    Variation nested =
        testing::RandomVariation(game, loaded, 12, 2, 5, &loaded.variations[0]);
    auto nested_id = store->AddVariation(1, nested);
    INFO(FormatErrors(nested_id));
    REQUIRE(nested_id.ok());
    CHECK(store->LoadGame(1).value().FindVariation(nested_id.value())->parent ==
          loaded.variations[0].id);
  }
  SECTION("too old") {
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value().Exec("PRAGMA user_version=0", "").ok());
    }
    auto store = Store::Open(tmp.path());
    REQUIRE_FALSE(store.ok());
    CHECK(store.error().message.find("schema version 0 is too old to migrate") !=
          std::string::npos);
  }
}

TEST_CASE("files that are not angler stores are refused clearly", "[store]") {
  TempDb tmp;
  SECTION("garbage") {
    {
      std::ofstream out(tmp.path(), std::ios::binary);
      for (int i = 0; i < 4096; ++i) out.put(static_cast<char>((i * 7919) & 0xff));
    }
    auto store = Store::Open(tmp.path());
    REQUIRE_FALSE(store.ok());
    CHECK(store.error().message.rfind(
              "store " + tmp.path() + ": reading the file header: ", 0) == 0);
    CHECK(store.error().message.find("file is not a database") != std::string::npos);
  }
  SECTION("another program's database") {
    {
      auto db = sql::Database::Open(tmp.path(), true);
      REQUIRE(db.value().Exec("CREATE TABLE notes (text TEXT)", "").ok());
    }
    auto store = Store::Open(tmp.path());
    REQUIRE_FALSE(store.ok());
    CHECK(store.error().message ==
          "store " + tmp.path() +
              ": not an angler store: an SQLite database of another program "
              "(application_id 0x00000000, expected 0x414e474c)");
  }
  SECTION("a damaged page") {
    {
      auto store = OpenOrFail(tmp.path());
      const Game game(testing::Fishing(), 4);
      for (uint64_t seed = 1; seed <= 20; ++seed) {
        REQUIRE(store->AddGame(testing::Fishing(), RandomRecord(game, seed)).ok());
      }
    }
    {
      // Checkpointed into the main file, then pages past the first smashed.
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value()
                  .Exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE", "")
                  .ok());
    }
    {
      const auto size = static_cast<int64_t>(fs::file_size(tmp.path()));
      std::fstream f(tmp.path(), std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(4096 * 2);
      for (int64_t i = 4096 * 2; i < size; ++i) f.put(static_cast<char>(0xa5));
    }
    auto store = Store::Open(tmp.path());
    if (store.ok()) {
      // The header survived: the damage shows when the records are read.
      auto games = store.value()->ListGames({});
      bool failed = !games.ok();
      for (int64_t id = 1; id <= 20 && !failed; ++id)
        failed = !store.value()->LoadGame(id).ok();
      REQUIRE(failed);
    } else {
      CHECK(store.error().message.find("store " + tmp.path()) == 0);
    }
  }
}

TEST_CASE("games are stored and read back whole", "[store]") {
  auto store = OpenOrFail(":memory:");
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 4);
  GameRecord record = RandomRecord(game, 21, {"Anne", "Bob", "Carl", "Dora"}, "play");
  Decorate(game, record, 21);
  auto id = store->AddGame(rules, record);
  INFO(FormatErrors(id));
  REQUIRE(id.ok());
  auto back = store->LoadGame(id.value());
  REQUIRE(back.ok());
  CHECK(back.value().id == id.value());
  CHECK(back.value().SameContent(record));
  CHECK_FALSE(store->LoadGame(99).ok());
  CHECK(store->LoadGame(99).error().message == "store :memory:: no game 99");

  // The stored ruleset text loads back to the same rules.
  auto stored = store->RulesetByHash(rules.content_hash);
  REQUIRE(stored.ok());
  CHECK(stored.value()->content_hash == rules.content_hash);
  CHECK(stored.value()->card_names == rules.card_names);

  SECTION("list and filters") {
    const Game three(rules, 3);
    REQUIRE(store->AddGame(rules, RandomRecord(three, 22)).ok());
    auto all = store->ListGames({});
    REQUIRE(all.ok());
    REQUIRE(all.value().size() == 2);
    CHECK(all.value()[0].players ==
          std::vector<std::string>{"Anne", "Bob", "Carl", "Dora"});
    CHECK(all.value()[0].result == record.result);
    CHECK(all.value()[0].source == "play");
    CHECK(all.value()[1].players == std::vector<std::string>{"P1", "P2", "P3"});
    CHECK(store->ListGames({"", "Bob", 0}).value().size() == 1);
    CHECK(store->ListGames({"", "P2", 0}).value().size() == 1);
    CHECK(store->ListGames({"fishing", "", 0}).value().size() == 2);
    CHECK(store->ListGames({rules.content_hash, "", 0}).value().size() == 2);
    CHECK(store->ListGames({"hearts", "", 0}).value().empty());
    CHECK(store->ListGames({"", "", 1}).value()[0].id == 2);
  }
  SECTION("a record that does not replay is refused and nothing is stored") {
    // A card left in the box at ply 30.
    Result<State> at = PositionAt(game, record, 29);
    REQUIRE(at.ok());
    int boxed = 0;
    while (at.value().zone_of[boxed] != rules.setup_zone) ++boxed;
    GameRecord bad = record;
    bad.actions[29].action = Action{ActionKind::kPlay, 0, static_cast<int16_t>(boxed), 0};
    auto refused = store->AddGame(rules, bad);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.rfind("ply 30: ", 0) == 0);
    CHECK(store->GameCount().value() == 1);
    GameRecord miscounted = record;
    miscounted.actions[9].legal += 1;
    REQUIRE_FALSE(store->AddGame(rules, miscounted).ok());
    CHECK(store->AddGame(rules, miscounted).error().message.rfind("ply 10: ", 0) == 0);
    GameRecord wrong_result = record;
    wrong_result.result = "winner Bob";
    CHECK_FALSE(store->AddGame(rules, wrong_result).ok());
  }
}

TEST_CASE("a batch is one transaction; without a commit nothing remains", "[store]") {
  TempDb tmp;
  auto store = OpenOrFail(tmp.path());
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  REQUIRE(store->AddGame(rules, RandomRecord(game, 1)).ok());
  {
    auto batch = store->BeginBatch();
    REQUIRE(batch.ok());
    for (uint64_t seed = 2; seed < 6; ++seed) {
      REQUIRE(store->AddGame(rules, RandomRecord(game, seed)).ok());
    }
    CHECK(store->GameCount().value() == 5);
    // No Commit(): the destructor rolls back.
  }
  CHECK(store->GameCount().value() == 1);
  CHECK(Count(*store, "actions") ==
        static_cast<int64_t>(store->LoadGame(1).value().actions.size()));
  {
    auto batch = store->BeginBatch();
    REQUIRE(batch.ok());
    REQUIRE(store->AddGame(rules, RandomRecord(game, 7)).ok());
    REQUIRE(batch.value().Commit().ok());
  }
  CHECK(store->GameCount().value() == 2);
}

TEST_CASE("an import whose 30th move is illegal leaves the store as it was", "[store]") {
  TempDb tmp;
  auto store = OpenOrFail(tmp.path());
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  REQUIRE(store->AddGame(rules, RandomRecord(game, 1)).ok());
  const int64_t actions_before = Count(*store, "actions");

  // Three good games and one whose 30th move is replaced by an illegal one.
  std::string text;
  for (uint64_t seed = 10; seed < 13; ++seed) {
    text += FormatRecord(rules, RandomRecord(game, seed)).value();
  }
  GameRecord bad = RandomRecord(game, 13, {"Anne", "Bob", "Carl"});
  std::string bad_text = FormatRecord(rules, bad).value();
  const size_t at = bad_text.find("\n30. ") + 1;
  const size_t end = bad_text.find('\n', at);
  Result<State> before = PositionAt(game, bad, 29);
  REQUIRE(before.ok());
  REQUIRE_FALSE(game.IsChance(before.value()));
  // A card the player to move does not hold.
  const int seat = before.value().decision.player;
  const int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first + seat;
  int foreign = 0;
  while (before.value().zone_of[foreign] == hand) ++foreign;
  bad_text.replace(at, end - at,
                   "30. " + bad.players[static_cast<size_t>(seat)] + " plays " +
                       rules.card_names[static_cast<size_t>(foreign)]);
  text += bad_text;

  auto imported = ImportRecords(*store, SourceFile::Make("games.rec", text));
  REQUIRE_FALSE(imported.ok());
  const std::string e = imported.error().Format();
  INFO(e);
  CHECK(e.find("games.rec:") == 0);
  CHECK(e.find("game 4: ply 30: ") != std::string::npos);
  CHECK(store->GameCount().value() == 1);
  CHECK(Count(*store, "actions") == actions_before);
  CHECK(Count(*store, "seats") == 3);

  // Without the bad game, all three go in.
  auto good = ImportRecords(
      *store, SourceFile::Make("games.rec", text.substr(0, text.find(bad_text))));
  INFO(FormatErrors(good));
  REQUIRE(good.ok());
  CHECK(good.value() == std::vector<int64_t>{2, 3, 4});
}

TEST_CASE("a failure while writing rolls the import back", "[store]") {
  TempDb tmp;
  auto store = OpenOrFail(tmp.path());
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  std::string text;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    text += FormatRecord(rules, RandomRecord(game, seed)).value();
  }
  {
    // A trigger makes the third game's insert fail half-way through the batch.
    auto db = sql::Database::Open(tmp.path(), false);
    REQUIRE(db.value()
                .Exec("CREATE TRIGGER fail_third BEFORE INSERT ON games "
                      "WHEN (SELECT count(*) FROM games) >= 2 "
                      "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
                      "")
                .ok());
  }
  auto imported = ImportRecords(*store, SourceFile::Make("three.rec", text));
  REQUIRE_FALSE(imported.ok());
  CHECK(imported.error().message.find("game 3: store ") == 0);
  CHECK(imported.error().message.find("disk on fire") != std::string::npos);
  CHECK(store->GameCount().value() == 0);
  CHECK(Count(*store, "actions") == 0);
  CHECK(Count(*store, "rulesets") == 0);
}

TEST_CASE("readers go on while another connection writes (WAL)", "[store]") {
  TempDb tmp;
  auto writer = OpenOrFail(tmp.path());
  auto reader = OpenOrFail(tmp.path());
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  REQUIRE(writer->AddGame(rules, RandomRecord(game, 1)).ok());
  auto batch = writer->BeginBatch();
  REQUIRE(batch.ok());
  REQUIRE(writer->AddGame(rules, RandomRecord(game, 2)).ok());
  // The reader sees the last committed state, without waiting.
  auto games = reader->ListGames({});
  REQUIRE(games.ok());
  CHECK(games.value().size() == 1);
  CHECK(reader->LoadGame(1).ok());
  REQUIRE(batch.value().Commit().ok());
  CHECK(reader->ListGames({}).value().size() == 2);
}

TEST_CASE("a damaged game row is an error, not a crash", "[store]") {
  // Found by fuzz_store: a negative plies count was reserved as ~2^64 actions.
  TempDb tmp;
  {
    auto store = OpenOrFail(tmp.path());
    const Game game(testing::Fishing(), 3);
    REQUIRE(
        store->AddGame(testing::Fishing(), RandomRecord(game, 1, {"Anne", "Bob", "Carl"}))
            .ok());
  }
  for (const char* damage :
       {"UPDATE games SET plies = -64", "UPDATE games SET plies = 3",
        "UPDATE games SET player_count = -2", "UPDATE games SET player_count = 1000"}) {
    INFO(damage);
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.ok());
      REQUIRE(db.value().Exec(damage, "damaging").ok());
    }
    auto store = OpenOrFail(tmp.path());
    Result<GameRecord> loaded = store->LoadGame(1);
    REQUIRE_FALSE(loaded.ok());
    CHECK_THAT(loaded.error().message, Catch::Contains("a damaged store?"));
    // Listing reads the player count too (found by fuzz_store: a resize to
    // ~2^64 names); a plies count is only shown there.
    Result<std::vector<GameSummary>> listed = store->ListGames({});
    if (std::string(damage).find("player_count") != std::string::npos) {
      REQUIRE_FALSE(listed.ok());
      CHECK_THAT(
          listed.error().message,
          Catch::EndsWith(": game 1: " +
                          std::string(damage).substr(std::string(damage).rfind(' ') + 1) +
                          " players (a damaged store?)"));
    } else {
      CHECK(listed.ok());
    }
    auto db = sql::Database::Open(tmp.path(), false);
    REQUIRE(db.value()
                .Exec("UPDATE games SET plies = (SELECT count(*) FROM actions), "
                      "player_count = 3",
                      "repairing")
                .ok());
  }
}

TEST_CASE("scenario runs: the previous result of each scenario", "[store]") {
  auto store = OpenOrFail(":memory:");
  auto first =
      store->RecordScenarioRuns({{"rules/f.scn", "trump wins", "h1", true, ""},
                                 {"rules/f.scn", "buoy passes", "h1", true, ""}});
  REQUIRE(first.ok());
  CHECK_FALSE(first.value()[0].previous);
  auto second = store->RecordScenarioRuns(
      {{"rules/f.scn", "trump wins", "h2", false, "expected winner Anne, got Bob"},
       {"rules/f.scn", "buoy passes", "h2", true, ""},
       {"rules/g.scn", "new one", "h2", false, "boom"}});
  REQUIRE(second.ok());
  const auto& out = second.value();
  CHECK(out[0].Regressed());
  CHECK(out[0].previous->passed);
  CHECK(out[0].previous->ruleset_hash == "h1");
  CHECK_FALSE(out[1].Regressed());
  CHECK_FALSE(out[2].Regressed());
  CHECK_FALSE(out[2].previous);
  auto last = store->LastScenarioRun("rules/f.scn", "trump wins");
  REQUIRE(last.ok());
  REQUIRE(last.value());
  CHECK_FALSE(last.value()->passed);
  CHECK(last.value()->message == "expected winner Anne, got Bob");
  auto third = store->RecordScenarioRuns({{"rules/f.scn", "trump wins", "h3", true, ""}});
  CHECK(third.value()[0].Fixed());
  CHECK_FALSE(
      store->RecordScenarioRuns({{"a", "t", "", true, ""}, {"a", "t", "", true, ""}})
          .ok());
}

TEST_CASE("dates are written in UTC and read back", "[store]") {
  CHECK(FormatDate(1714564800) == "2024-05-01T12:00:00Z");
  CHECK(ParseDate("2024-05-01T12:00:00Z") == 1714564800);
  CHECK_FALSE(ParseDate("2024-05-01 12:00:00"));
  CHECK_FALSE(ParseDate("2024-13-01T12:00:00Z"));
}

TEST_CASE("the default path follows ANGLER_DB, then XDG_DATA_HOME, then HOME",
          "[store]") {
  const char* saved_db = std::getenv("ANGLER_DB");
  const char* saved_xdg = std::getenv("XDG_DATA_HOME");
  const std::string db = saved_db ? saved_db : "", xdg = saved_xdg ? saved_xdg : "";
  setenv("ANGLER_DB", "/tmp/x.db", 1);
  CHECK(Store::DefaultPath().value() == "/tmp/x.db");
  unsetenv("ANGLER_DB");
  setenv("XDG_DATA_HOME", "/data", 1);
  CHECK(Store::DefaultPath().value() == "/data/angler/angler.db");
  unsetenv("XDG_DATA_HOME");
  if (const char* home = std::getenv("HOME")) {
    CHECK(Store::DefaultPath().value() ==
          std::string(home) + "/.local/share/angler/angler.db");
  }
  if (saved_db) setenv("ANGLER_DB", db.c_str(), 1);
  if (saved_xdg) setenv("XDG_DATA_HOME", xdg.c_str(), 1);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("RecordGame: what sim --record and play --record call", "[store]") {
  auto store = Store::Open(":memory:").value();
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const std::vector<Action> actions = RandomPlayout(game, 77);
  auto id = store->RecordGame(game, actions, {}, 77, "sim");
  INFO(testing::FormatErrors(id));
  REQUIRE(id.ok());
  const GameRecord back = store->LoadGame(id.value()).value();
  CHECK(back.players == std::vector<std::string>{"P1", "P2", "P3"});
  CHECK(back.seed == 77u);
  CHECK(back.source == "sim");
  CHECK(back.finished);
  REQUIRE(back.actions.size() == actions.size());
  for (size_t i = 0; i < actions.size(); ++i) CHECK(back.actions[i].action == actions[i]);

  // A person who quits half-way: an unfinished game is a record too.
  const std::span<const Action> half(actions.data(), actions.size() / 2);
  auto left = store->RecordGame(game, half, {"Anne", "Bob", "Carl"}, 77, "play");
  REQUIRE(left.ok());
  const GameRecord partial = store->LoadGame(left.value()).value();
  CHECK_FALSE(partial.finished);
  CHECK(partial.result == "unfinished");
  auto text = FormatRecord(rules, partial);
  REQUIRE(text.ok());
  auto twice = ImportRecords(*store, SourceFile::Make("partial.rec", text.value()));
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.error().message == "game 1: already stored as game " +
                                     std::to_string(left.value()) +
                                     " (--allow-duplicates stores it again)");
  ImportOptions duplicates;
  duplicates.allow_duplicates = true;
  auto again =
      ImportRecords(*store, SourceFile::Make("partial.rec", text.value()), duplicates);
  REQUIRE(again.ok());
  CHECK(store->LoadGame(again.value()[0]).value().SameContent(partial));

  CHECK(store->RecordGame(game, actions, {"Anne", "Anne", "Carl"}, 1, "sim")
            .error()
            .message == "player 2 'Anne' is named twice");
  CHECK(store->RecordGame(game, actions, {}, 1, "bot").error().message ==
        "unknown game source 'bot' (sim, play or import)");
}

TEST_CASE("ContinueGame: a game stored unfinished, played on in place", "[store]") {
  auto store = Store::Open(":memory:").value();
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const std::vector<Action> actions = RandomPlayout(game, 78);
  const std::span<const Action> half(actions.data(), actions.size() / 2);
  const std::vector<std::string> played_by = {"person", "greedy", "random"};
  auto id = store->RecordGame(game, half, {"Anne", "Bob", "Carl"}, 78, "play", played_by);
  REQUIRE(id.ok());
  REQUIRE(store->Annotate(id.value(), 3, "kept", "").ok());
  CHECK(store->LoadGame(id.value()).value().played_by == played_by);

  // Moves that do not continue the stored ones are refused; nothing changes.
  std::vector<Action> other(actions.begin(), actions.begin() + 2);
  CHECK(store->ContinueGame(id.value(), game, other)
            .error()
            .message.find("do not continue its stored moves") != std::string::npos);
  CHECK(store->LoadGame(id.value()).value().actions.size() == half.size());

  auto same = store->ContinueGame(id.value(), game, actions);
  INFO(testing::FormatErrors(same));
  REQUIRE(same.ok());
  CHECK(same.value() == id.value());
  const GameRecord done = store->LoadGame(id.value()).value();
  CHECK(done.finished);
  CHECK(done.actions.size() == actions.size());
  CHECK(done.players == std::vector<std::string>{"Anne", "Bob", "Carl"});
  CHECK(done.played_by == played_by);
  CHECK(done.seed == 78u);
  CHECK(done.source == "play");
  REQUIRE(done.annotations.size() == 1);
  CHECK(done.annotations[0].comment == "kept");
  CHECK(store->GameCount().value() == 1);

  // A game stored without its seats (an import) gets those it is resumed with.
  auto seatless = store->RecordGame(game, half, {"Anne", "Bob", "Carl"}, 78, "import");
  REQUIRE(seatless.ok());
  const std::vector<std::string> seated = {"greedy", "person", "greedy"};
  REQUIRE(store->ContinueGame(seatless.value(), game, actions, seated).ok());
  CHECK(store->LoadGame(seatless.value()).value().played_by == seated);
}

}  // namespace
}  // namespace angler
