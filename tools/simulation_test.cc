#include "tools/simulation.h"

#include <catch2/catch.hpp>

#include "interpreter/loader.h"

namespace angler {
namespace {

RulesetPtr Fishing() {
  Result<RulesetPtr> rules = LoadRuleset("fishing");
  REQUIRE(rules.ok());
  return rules.value();
}

TEST_CASE("Simulate adds up wins, ranks, lengths and end reasons", "[simulation]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  const std::vector<Bot*> seats(4, &random);
  int progress_calls = 0;
  const SimulationStats stats =
      Simulate(game, seats, 25, 3, [&](int done) { CHECK(done == ++progress_calls); });
  CHECK(progress_calls == 25);
  CHECK(stats.games == 25);
  CHECK(stats.players == 4);
  CHECK(stats.errors() == 0);
  CHECK(stats.completed == 25);
  int64_t wins = 0;
  for (int64_t w : stats.wins) wins += w;
  CHECK(wins >= 25);  // every game has a winner; shared wins count more than once
  int64_t ends = 0;
  for (int64_t e : stats.end_reasons) ends += e;
  CHECK(ends == 25);
  CHECK(stats.ended_early == ends - stats.end_reasons[0]);
  CHECK(stats.MeanActions() > 100);
  CHECK(stats.MeanRank(0) > 0);
}

TEST_CASE("Simulate is a function of its seed", "[simulation]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 3);
  RandomBot random;
  const std::vector<Bot*> seats(3, &random);
  const SimulationStats a = Simulate(game, seats, 10, 99);
  const SimulationStats b = Simulate(game, seats, 10, 99);
  const SimulationStats c = Simulate(game, seats, 10, 100);
  CHECK(a.signature == b.signature);
  CHECK(a.wins == b.wins);
  CHECK(a.actions == b.actions);
  CHECK(a.signature != c.signature);
  // The first games of a longer run are the same games.
  const SimulationStats one = Simulate(game, seats, 1, 99);
  const SimulationStats two = Simulate(game, seats, 2, 99);
  CHECK(one.signature != two.signature);
  CHECK(Simulate(game, seats, 1, 99).signature == one.signature);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

void CheckSameStats(const SimulationStats& a, const SimulationStats& b) {
  CHECK(a.games == b.games);
  CHECK(a.completed == b.completed);
  CHECK(a.wins == b.wins);
  CHECK(a.rank_totals == b.rank_totals);
  CHECK(a.ranks == b.ranks);
  CHECK(a.lengths == b.lengths);
  CHECK(a.actions == b.actions);
  CHECK(a.end_reasons == b.end_reasons);
  CHECK(a.errors() == b.errors());
  CHECK(a.signature == b.signature);
}

TEST_CASE("SimulateRange gives the same stats on any number of threads", "[simulation]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 4);
  RandomBot random;
  GreedyBot greedy(1);
  const std::vector<Bot*> seats = {&greedy, &random, &random, &random};
  const GameRange all{21, 0, 50};
  const SimulationStats one = SimulateRange(game, seats, all, 1);
  CheckSameStats(one, Simulate(game, seats, 50, 21));
  for (int threads : {2, 3, 5}) {
    INFO(threads << " threads");
    std::vector<uint64_t> seeds;
    int64_t last_done = 0;
    const SimulationStats many = SimulateRange(
        game, seats, all, threads,
        [&](int64_t done) {
          CHECK(done > last_done);
          last_done = done;
        },
        [&](const GameResult& r) { seeds.push_back(r.seed); });
    CheckSameStats(many, one);
    CHECK(last_done == 50);
    REQUIRE(seeds.size() == 50);
    for (size_t i = 0; i < seeds.size(); ++i) CHECK(seeds[i] == DeriveSeed(21, i));
  }
}

TEST_CASE("Slices of a run merge into the whole run", "[simulation]") {
  const RulesetPtr rules = Fishing();
  const Game game(*rules, 3);
  RandomBot random;
  const std::vector<Bot*> seats(3, &random);
  const SimulationStats whole = SimulateRange(game, seats, {8, 0, 41}, 1);
  SimulationStats merged(game);
  int64_t covered = 0;
  for (int k = 0; k < 4; ++k) {
    const GameRange slice = Slice(8, 41, k, 4);
    CHECK(slice.first == covered);
    covered += slice.count;
    merged.Merge(SimulateRange(game, seats, slice, 2));
  }
  CHECK(covered == 41);
  CheckSameStats(merged, whole);
}

}  // namespace
}  // namespace angler
