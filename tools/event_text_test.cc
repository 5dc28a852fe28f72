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
    if (viewpoint.kind == Viewpoint::Kind::kEverything)
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

TEST_CASE("narration keeps a sheet of marks and a hidden choice secret", "[events]") {
  // A search game: the marks on a sheet are its seat's (docs/VIEW.md).
  const RulesetPtr herring = testing::LoadOrFail("falscher-hering");
  const Game search(*herring, 2);
  uint64_t seed = 1;  // the first game where P1 marks
  while (seed < 50 &&
         !Has(NarrateGame(search, seed, Viewpoint::Everything()), "P1 marks "))
    ++seed;
  const auto spectator = NarrateGame(search, seed, Viewpoint::Spectator());
  const auto second = NarrateGame(search, seed, Viewpoint::Seat(1));
  const auto all = NarrateGame(search, seed, Viewpoint::Everything());
  REQUIRE(Has(all, "P1 marks "));
  CHECK(Has(all, "marks P1: "));
  CHECK(Has(spectator, "P1 changes a mark"));
  for (const char* secret : {"P1 marks ", "P1 unmarks ", "P2 marks ", "P2 unmarks ",
                             "marks P1: ", "marks P2: "}) {
    INFO(secret);
    CHECK_FALSE(Has(spectator, secret));
  }
  // A seat sees its own sheet only.
  CHECK(Has(second, "P1 changes a mark"));
  CHECK_FALSE(Has(second, "marks P1: "));
  CHECK(Has(second, "marks P2: ") == Has(all, "marks P2: "));
  // Fishing's "pass 1 card to the left": each picks from a hand the others
  // do not see.
  const Game fishing(testing::Fishing(), 4);
  int hidden = 0;
  for (uint64_t seed = 1; seed <= 40 && hidden == 0; ++seed) {
    State s = fishing.NewInitialState();
    for (const Action& a : RandomPlayout(fishing, seed)) {
      if (a.kind == ActionKind::kChoose &&
          fishing.rules().ZoneFamilyOf(s.zone_of[a.value]) ==
              fishing.rules().hand_family) {
        const std::vector<std::string> players = SeatNames(4);
        const int other = (a.player + 1) % 4;
        CHECK(SeenMoveText(fishing, s, a, players, Viewpoint::Seat(other)) ==
              players[static_cast<size_t>(a.player)] + " chooses a card");
        CHECK(SeenMoveText(fishing, s, a, players, Viewpoint::Seat(a.player)) ==
              MoveText(fishing, s, a, players));
        ++hidden;
      }
      REQUIRE(fishing.Apply(s, a));
    }
  }
  CHECK(hidden > 0);
}

}  // namespace
}  // namespace angler
