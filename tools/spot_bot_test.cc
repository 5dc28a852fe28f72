#include "tools/spot_bot.h"

#include <catch2/catch.hpp>

#include "interpreter/loader.h"
#include "tools/runner.h"

namespace angler {
namespace {

TEST_CASE("spot: profiles by name and by numbers", "[spot]") {
  CHECK(ParseSpotProfile("fast").value().seconds_per_fish == 0.15);
  CHECK(ParseSpotProfile("careful").value().error_rate == 0.02);
  auto custom = ParseSpotProfile("0.2/0.15");
  REQUIRE(custom.ok());
  CHECK(custom.value().seconds_per_fish == 0.2);
  CHECK(custom.value().error_rate == 0.15);
  auto bad = ParseSpotProfile("quick");
  REQUIRE(!bad.ok());
  CHECK(bad.error().message ==
        "a searcher is spot:fast, spot:careful or spot:SECONDS/ERROR (such as "
        "spot:0.2/0.15), not 'spot:quick'");
  CHECK(!ParseSpotProfile("0.2/1.5").ok());
}

TEST_CASE("spot: a race marks, then stops the earliest together", "[spot]") {
  State s{};
  const int marks = 0;
  s.vars[marks + 1] = 0b100;  // seat 1 has fish 2 marked already
  std::vector<std::optional<SearchPlan>> plans(3);
  plans[0] = SearchPlan{0b11, 2.0};
  plans[1] = SearchPlan{0b110, 2.0 + kSimultaneous / 2};  // within the window: a tie
  plans[2] = SearchPlan{0b1, 2.0 + 2 * kSimultaneous};    // too late
  auto race = RaceSearch(s, marks, plans);
  REQUIRE(race.size() == 5);
  CHECK(race[0] == Action{ActionKind::kMark, 0, 0, 0});
  CHECK(race[1] == Action{ActionKind::kMark, 0, 1, 0});
  CHECK(race[2] == Action{ActionKind::kMark, 1, 1, 0});  // toggles fish 1 on, keeps 2
  CHECK(race[3] == Action{ActionKind::kMark, 2, 0, 0});
  CHECK(race[4] == Action{ActionKind::kStop, -1, 0, 0b011});
}

TEST_CASE("spot: speed against care is decided the same way every time", "[spot]") {
  auto rules = LoadRuleset("falscher-hering");
  REQUIRE(rules.ok());
  Game game(*rules.value(), 2);
  SpotBot fast(ParseSpotProfile("fast").value(), "spot:fast");
  SpotBot careful(ParseSpotProfile("careful").value(), "spot:careful");
  std::vector<Bot*> seats = {&fast, &careful};
  int fast_wins = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    auto a = PlayGame(game, seats, seed);
    auto b = PlayGame(game, seats, seed);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a.value().actions == b.value().actions);
    for (int w : a.value().winners) fast_wins += w == 0;
  }
  // Both win sometimes: the race is a race, not a foregone conclusion.
  CHECK(fast_wins > 0);
  CHECK(fast_wins < 50);
}

}  // namespace
}  // namespace angler
