#include "tools/event_text.h"

#include <catch2/catch.hpp>

#include "interpreter/move_text.h"
#include "replay/record.h"
#include "tests/test_util.h"

namespace angler {
namespace {

// The lines of every action of a random game, from `viewpoint`.
std::vector<std::vector<std::string>> NarrateGame(const Game& game, uint64_t seed,
                                                  const Viewpoint& viewpoint) {
  const std::vector<std::string> players = SeatNames(game.players());
  std::vector<std::vector<std::string>> out;
  State s = game.NewInitialState();
  for (const Action& a : RandomPlayout(game, seed)) {
    EventLog log;
    const State before = s;
    REQUIRE(game.Apply(s, a, &log));
    out.push_back(NarrateMove(game, before, a, log.events(), players, viewpoint));
    REQUIRE(out.back().front() == MoveText(game, before, a, players));
  }
  return out;
}

bool Has(const std::vector<std::vector<std::string>>& game, const std::string& text) {
  for (const auto& lines : game) {
    for (const std::string& l : lines) {
      if (l.find(text) != std::string::npos) return true;
    }
  }
  return false;
}

TEST_CASE("narration tells moves, tricks and changes", "[events]") {
  const Game game(testing::Fishing(), 4);
  const auto all = NarrateGame(game, 3, Viewpoint::Everything());
  CHECK(Has(all, "-> trick: "));
  CHECK(Has(all, " wins the trick"));
  CHECK(Has(all, "round 2 begins"));
  CHECK(Has(all, "score P"));
  CHECK(Has(all, "game over"));
  CHECK(Has(all, "turn: P"));  // a player's variable reads as a name
  CHECK(!Has(all, ": a card"));
}

TEST_CASE("narration names only the cards the viewpoint sees", "[events]") {
  const Game game(testing::Fishing(), 4);
  const auto seat = NarrateGame(game, 3, Viewpoint::Seat(0));
  // The deal puts cards into other seats' hands unseen.
  CHECK(Has(seat, "hand P2: "));
  CHECK(Has(seat, "cards"));
  for (const auto& lines : seat) {
    for (const std::string& l : lines) {
      if (l.find("-> hand P3: ") != std::string::npos &&
          l.find("trick") == std::string::npos &&
          l.find("hand P3 ->") == std::string::npos) {
        INFO(l);
        CHECK((l.find("a card") != std::string::npos ||
               l.find(" cards") != std::string::npos));
      }
    }
  }
}

}  // namespace
}  // namespace angler
