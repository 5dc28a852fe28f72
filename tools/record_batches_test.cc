#include "tools/record_batches.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "interpreter/loader.h"
#include "tools/bots.h"
#include "tools/simulation.h"

namespace angler {
namespace {

namespace fs = std::filesystem;

// Plays `games` Fishing games with random bots into `batches`.
void PlayInto(RecordBatches& batches, int games) {
  Result<RulesetPtr> rules = LoadRuleset("fishing");
  REQUIRE(rules);
  const Game game(*rules.value(), 3);
  auto bots = MakeSeatBots("random", 3);
  REQUIRE(bots);
  std::vector<Bot*> seats;
  for (const auto& bot : bots.value()) seats.push_back(bot.get());
  Simulate(game, seats, games, 5, {}, [&](const GameResult& result) {
    REQUIRE(batches.Add(game, result.actions, result.seed));
  });
}

struct TempStore {
  TempStore()
      : path((fs::temp_directory_path() /
              ("angler-batches-" + std::to_string(getpid()) + ".db"))
                 .string()) {
    Remove();
  }
  ~TempStore() { Remove(); }
  void Remove() {
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
  }
  std::string path;
};

TEST_CASE("record batches: a batch closes when its time is up", "[record_batches]") {
  TempStore file;
  auto store = Store::Open(file.path);
  REQUIRE(store);
  RecordBatches batches(*store.value(), std::chrono::seconds(0));
  PlayInto(batches, 3);
  // With no time a batch holds one game: each is committed as it is added,
  // and another connection may write between them.
  CHECK(batches.batches() == 3);
  CHECK(batches.committed() == 3);
  auto other = Store::Open(file.path);
  REQUIRE(other);
  auto begun = other.value()->BeginBatch();
  REQUIRE(begun);
  CHECK(begun.value().Commit());
  REQUIRE(batches.Finish());
  CHECK(batches.batches() == 3);
  CHECK(other.value()->GameCount().value() == 3);
}

TEST_CASE("record batches: games wait in the open batch until Finish",
          "[record_batches]") {
  TempStore file;
  auto store = Store::Open(file.path);
  REQUIRE(store);
  RecordBatches batches(*store.value(), std::chrono::hours(1));
  PlayInto(batches, 4);
  CHECK(batches.committed() == 0);
  REQUIRE(batches.Finish());
  CHECK(batches.batches() == 1);
  CHECK(batches.committed() == 4);
  CHECK(store.value()->GameCount().value() == 4);
}

}  // namespace
}  // namespace angler
