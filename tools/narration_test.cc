#include "tools/narration.h"

#include <catch2/catch.hpp>

#include "interpreter/move_text.h"
#include "replay/record.h"
#include "tests/test_util.h"

namespace angler {
namespace {

// Every line told over a random game of `game`, from `viewpoint`; each
// move's lines checked against the same move read back (a replay).
std::vector<std::string> TellGame(const Game& game, uint64_t seed,
                                  const Viewpoint& viewpoint) {
  const std::vector<std::string> players = SeatNames(game.players());
  std::vector<std::string> told;
  State s = game.NewInitialState();
  for (const Action& a : RandomPlayout(game, seed)) {
    EventLog log;
    const State before = s;
    REQUIRE(game.Apply(s, a, &log));
    const std::vector<std::string> lines =
        NarrateChanges(game, before, s, a, log.events(), players, viewpoint);
    CHECK(NarrateReplayedMove(game, before, a, players, viewpoint) == lines);
    told.insert(told.end(), lines.begin(), lines.end());
  }
  return told;
}

bool Has(const std::vector<std::string>& lines, const std::string& text) {
  for (const std::string& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST_CASE("narration: tricks, captures and score changes in a trick game",
          "[narration]") {
  const Game game(testing::Fishing(), 4);
  const auto all = TellGame(game, 3, Viewpoint::Everything());
  CHECK(Has(all, " wins the trick"));
  CHECK(Has(all, "'s fisher takes "));
  CHECK(Has(all, "score P"));
  CHECK(!Has(all, "your "));  // no one is "you" to an all-seeing viewer
}

TEST_CASE("narration: a seat hears 'your' and only its own hand", "[narration]") {
  const Game game(testing::Fishing(), 4);
  const auto seat = TellGame(game, 3, Viewpoint::Seat(0));
  CHECK(Has(seat, "your fisher takes ") ==
        Has(TellGame(game, 3, Viewpoint::Everything()), "P1's fisher takes "));
  CHECK(!Has(seat, "P2's hand gets"));
  CHECK(!Has(seat, "P1's "));  // the seat itself is "your"
}

TEST_CASE("narration: rows cleared and cards drawn in a game of lays", "[narration]") {
  const RulesetPtr rules = testing::LoadOrFail("fatfish");
  const Game game(*rules, 3);
  const auto all = TellGame(game, 5, Viewpoint::Everything());
  CHECK(Has(all, " is cleared"));
  CHECK(Has(all, "P2's hand gets "));  // every hand, to an all-seeing viewer
  const auto seat = TellGame(game, 5, Viewpoint::Seat(0));
  CHECK(Has(seat, "your hand gets "));
  CHECK(!Has(seat, "P2's hand gets "));
}

TEST_CASE("narration: a move the rules refuse tells nothing", "[narration]") {
  const Game game(testing::Fishing(), 4);
  const State s = game.NewInitialState();
  Action wrong;
  wrong.kind = ActionKind::kPlay;
  wrong.player = 3;
  wrong.value = 0;
  CHECK(
      NarrateReplayedMove(game, s, wrong, SeatNames(4), Viewpoint::Everything()).empty());
}

}  // namespace
}  // namespace angler
