#include "interpreter/view.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "interpreter/loader.h"
#include "interpreter/move_text.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

const ZoneView* FindZone(const PositionView& v, const std::string& label) {
  for (const ZoneView& z : v.zones) {
    if (z.label == label) return &z;
  }
  return nullptr;
}

// Plays chance and random moves until `done` holds.
template <typename Done>
State PlayUntil(const Game& game, uint64_t seed, Done done) {
  Rng rng(seed);
  State s = game.NewInitialState();
  ActionList legal;
  while (!game.IsTerminal(s) && !done(s)) {
    if (game.IsChance(s)) {
      REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
      continue;
    }
    game.LegalActions(s, legal);
    REQUIRE(
        game.Apply(s, legal.items[rng.Below(static_cast<uint32_t>(legal.count))]).ok());
  }
  return s;
}

TEST_CASE("view: a seat sees its hand, counts of others, the trick and the scores",
          "[view]") {
  const Game game(testing::Fishing(), 3);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie"};
  const State s =
      PlayUntil(game, 5, [](const State& st) { return st.played_count == 2; });
  const PositionView seat = ViewPosition(game, s, Viewpoint::Seat(0), names);
  const ZoneView* mine = FindZone(seat, "hand Anne");
  const ZoneView* theirs = FindZone(seat, "hand Paul");
  REQUIRE(mine);
  REQUIRE(theirs);
  CHECK(mine->visible);
  CHECK(static_cast<int>(mine->cards.size()) == mine->count);
  CHECK_FALSE(theirs->visible);
  CHECK(theirs->cards.empty());  // fishing cards show no back
  CHECK(theirs->count > 0);
  CHECK(seat.trick.size() == 2);
  CHECK(seat.trick[0].card.name == testing::Fishing().card_names[s.played[0]]);
  REQUIRE(seat.shown.size() == 3);  // score, trump, called
  CHECK(seat.shown[0].role == "score");
  CHECK(seat.shown[0].values.size() == 3);
  CHECK(seat.shown[1].name == "trump");
  CHECK(seat.shown[1].values[0] == "green");
  REQUIRE(seat.decision);
  CHECK(seat.decision->player == game.CurrentPlayer(s));
  const PositionView all = ViewPosition(game, s, Viewpoint::Everything(), names);
  CHECK(FindZone(all, "hand Paul")->visible);
  CHECK(FindZone(all, "ocean")->cards.size() ==
        static_cast<size_t>(FindZone(all, "ocean")->count));
  const PositionView spectator = ViewPosition(game, s, Viewpoint::Spectator(), names);
  CHECK_FALSE(FindZone(spectator, "hand Anne")->visible);
  // Only the mover sees its legal moves (they name the cards it holds), each
  // in the move notation.
  CHECK(spectator.decision->legal.empty());
  const int other = (game.CurrentPlayer(s) + 1) % 3;  // not the mover
  CHECK(ViewPosition(game, s, Viewpoint::Seat(other), names).decision->legal.empty());
  const int mover = game.CurrentPlayer(s);
  const PositionView own = ViewPosition(game, s, Viewpoint::Seat(mover), names);
  ActionList legal;
  game.LegalActions(s, legal);
  CHECK(own.decision->legal.size() == static_cast<size_t>(legal.count));
  CHECK(all.decision->legal.size() == static_cast<size_t>(legal.count));
  for (const LegalMoveView& m : own.decision->legal) {
    CHECK(ThingText(game, s, m.action) == m.text);
  }
}

TEST_CASE("view: a shuffle of a seat's pile names the seat by its player", "[view]") {
  const Game game(testing::Fishing(), 3);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie"};
  // The round's end shuffles each catch before it goes under the stockroom.
  const State s = PlayUntil(game, 5, [&](const State& st) {
    return game.IsChance(st) && game.rules().ZoneSeat(st.decision.zone) == 2;
  });
  REQUIRE(game.IsChance(s));
  const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), names);
  REQUIRE(view.decision);
  CHECK(view.decision->text == "shuffle fisher(Debbie)");
}

TEST_CASE("view: no effect waits for a next trick once the game is over", "[view]") {
  const Game game(testing::Fishing(), 3);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie"};
  // A game that ended with a "next trick" buoy played in its last trick.
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    const State s = PlayUntil(game, seed, [](const State&) { return false; });
    if (!s.over || s.pending_count == 0) continue;
    CHECK(ViewPosition(game, s, Viewpoint::Everything(), names).waiting.empty());
    return;
  }
  FAIL("no game ended with an effect waiting");
}

TEST_CASE("view: a choice of several cards shows the picks so far to whoever sees them",
          "[view]") {
  // Hearts' pass: three cards chosen one by one; they stay in the hand
  // until all three are chosen.
  const RulesetPtr hearts = testing::LoadOrFail("hearts");
  const Game game(*hearts, 4);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie", "Nikki"};
  // A deal that passes (the direction is drawn; one in four keeps the hands).
  auto one_picked = [](const State& st) {
    return st.chosen_count == 1 || st.played_count > 0;
  };
  uint64_t seed = 1;
  while (PlayUntil(game, seed, one_picked).chosen_count != 1) ++seed;
  const State s = PlayUntil(game, seed, one_picked);
  REQUIRE(s.decision.kind == DecisionKind::kChoose);
  const int chooser = s.decision.player;
  const std::string picked = hearts->card_names[static_cast<size_t>(s.ChosenCard(0))];
  const PositionView own = ViewPosition(game, s, Viewpoint::Seat(chooser), names);
  REQUIRE(own.decision);
  REQUIRE(own.decision->chosen.size() == 1);
  CHECK(own.decision->chosen[0].name == picked);
  CHECK(own.decision->remaining == 2);
  for (const LegalMoveView& m : own.decision->legal) CHECK(m.text != picked);
  // Another seat sees that a card was picked, not which.
  const PositionView other =
      ViewPosition(game, s, Viewpoint::Seat((chooser + 1) % 4), names);
  REQUIRE(other.decision->chosen.size() == 1);
  CHECK(other.decision->chosen[0].name.empty());
  // Before the first pick, none.
  const State first = PlayUntil(game, seed, [](const State& st) {
    return st.decision.kind == DecisionKind::kChoose;
  });
  const PositionView fresh = ViewPosition(game, first, Viewpoint::Everything(), names);
  CHECK(fresh.decision->chosen.empty());
  CHECK(fresh.decision->remaining == 3);
}

TEST_CASE("view: a search shows the card, the marks by viewpoint, and backs", "[view]") {
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering-normal");
  const Game game(*rules, 3);
  const std::vector<std::string> names = {"Antje", "Bob", "Carl"};
  const State s = PlayUntil(game, 9, [&](const State& st) {
    return st.decision.kind == DecisionKind::kSearch &&
           st.vars[rules->builtin.marks] != 0;
  });
  REQUIRE(s.decision.kind == DecisionKind::kSearch);
  const PositionView all = ViewPosition(game, s, Viewpoint::Everything(), names);
  REQUIRE(all.search);
  const int card = game.SearchedCard(s);
  CHECK(all.search->card.name == rules->card_names[static_cast<size_t>(card)]);
  CHECK_FALSE(all.search->faults.empty());
  CHECK_FALSE(all.search->pattern.empty());
  CHECK_FALSE(all.search->marks[0].empty());  // Antje has marked a fish
  // Antje sees her own sheet only, and not the answer.
  const PositionView antje = ViewPosition(game, s, Viewpoint::Seat(0), names);
  REQUIRE(antje.search);
  CHECK(antje.search->marks[0] == all.search->marks[0]);
  CHECK(antje.search->faults.empty());
  CHECK(antje.search->pattern.empty());
  // Bob's hand: three cards Antje knows by their backs.
  const ZoneView* bob = FindZone(antje, "hand Bob");
  REQUIRE(bob);
  CHECK_FALSE(bob->visible);
  REQUIRE(bob->cards.size() == 3);
  for (const CardView& c : bob->cards) {
    CHECK(c.name.empty());
    CHECK((c.back == "green" || c.back == "yellow" || c.back == "pink"));
  }
  // The draw pile is seen by no one, backs included.
  CHECK(FindZone(antje, "deck")->cards.empty());
  CHECK(all.shown.at(0).name == "fields");
}

TEST_CASE("view: places once over, equal ranks sharing one", "[view]") {
  const Game game(testing::Fishing(), 4);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie", "Joe"};
  const State before = PlayUntil(game, 3, [](const State& s) { return s.ply > 40; });
  CHECK(ViewPosition(game, before, Viewpoint::Everything(), names).places.empty());
  bool shared = false;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const State s = PlayUntil(game, seed, [](const State&) { return false; });
    REQUIRE(s.over);
    const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), names);
    REQUIRE(view.places.size() == 4);
    for (int p = 0; p < 4; ++p) {
      const bool won = std::count(view.winners.begin(), view.winners.end(), p) == 1;
      CHECK(won == (view.places[p] == 1));
      // Higher scores win Fishing: a better place has a higher score.
      for (int q = 0; q < 4; ++q) {
        if (view.places[q] < view.places[p]) CHECK(view.ranks[q] > view.ranks[p]);
        if (view.places[q] == view.places[p]) CHECK(view.ranks[q] == view.ranks[p]);
      }
    }
    shared |= view.winners.size() > 1;
  }
  CHECK(shared);  // some game had a shared first place
}

TEST_CASE("view: places where the lowest score wins (Hearts), ties skipping", "[view]") {
  const RulesetPtr rules = testing::LoadOrFail("hearts");
  const Game game(*rules, 4);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie", "Joe"};
  bool skipped = false;
  for (uint64_t seed = 1; seed <= 200 && !skipped; ++seed) {
    const State s = PlayUntil(game, seed, [](const State&) { return false; });
    REQUIRE(s.over);
    const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), names);
    std::vector<int> sorted = view.places;
    std::sort(sorted.begin(), sorted.end());
    REQUIRE(sorted.front() == 1);
    for (int p = 0; p < 4; ++p) {
      for (int q = 0; q < 4; ++q) {
        if (view.places[q] < view.places[p]) CHECK(view.ranks[q] < view.ranks[p]);
      }
    }
    // A shared place skips the next: "1, 1, 3, 4", never "1, 1, 2, 3".
    for (size_t i = 1; i < sorted.size(); ++i) {
      if (sorted[i] != sorted[i - 1]) CHECK(sorted[i] == static_cast<int>(i) + 1);
      skipped |= sorted[i] == sorted[i - 1];
    }
  }
  CHECK(skipped);  // some game had a tie
}

// Der falsche Hering places those out by when they went out, all with 0
// fields: its place notes say when, and a drawn game says so.
TEST_CASE("view: place notes say what the score does not (Der falsche Hering)",
          "[view]") {
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering");
  const Game game(*rules, 3);
  const std::vector<std::string> names = {"Anne", "Paul", "Debbie"};
  auto slot = [&](const char* name) {
    return rules->variables[static_cast<size_t>(rules->FindVariable(name))].slot;
  };
  const int out = slot("out"), out_round = slot("out_round"), drawn = slot("drawn");
  const State before = PlayUntil(game, 3, [](const State& s) { return s.ply > 20; });
  CHECK(ViewPosition(game, before, Viewpoint::Everything(), names).place_notes.empty());
  int outs = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const State s = PlayUntil(game, seed, [](const State&) { return false; });
    REQUIRE(s.over);
    const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), names);
    REQUIRE(view.place_notes.size() == 3);
    for (int p = 0; p < 3; ++p) {
      std::string want;
      if (s.vars[out + p]) {
        want = "out in round " + std::to_string(s.vars[out_round + p]);
        ++outs;
      } else if (s.vars[drawn]) {
        want = "the draw pile ran out: a draw";
      }
      CHECK(view.place_notes[p] == want);
    }
  }
  CHECK(outs > 0);  // some player went out
  // A ruleset without place notes says nothing beside a place.
  const Game fishing(testing::Fishing(), 4);
  const State end = PlayUntil(fishing, 1, [](const State&) { return false; });
  CHECK(ViewPosition(fishing, end, Viewpoint::Everything(), {"A", "B", "C", "D"})
            .place_notes == std::vector<std::string>(4, ""));
}

}  // namespace
}  // namespace angler
