#include "tools/view_text.h"

#include <catch2/catch.hpp>

namespace angler {
namespace {

// Three seats at the end of a game: Carl last, Anne and Bob sharing first.
PositionView Ended() {
  PositionView view;
  view.players = {"Carl", "Anne", "Bob"};
  view.ranks = {-98, 8, 8};
  view.over = true;
  view.winners = {1, 2};
  view.places = {3, 1, 1};
  return view;
}

TEST_CASE("view text: the final ranks by place, shared places skip the next",
          "[view_text]") {
  PositionView view = Ended();
  // Without a score variable the rank is what is shown.
  CHECK(StandingsText(view) ==
        "final ranks:\n"
        "  1. Anne 8\n"
        "  1. Bob 8\n"
        "  3. Carl -98\n");
  // With one, the score: a rank made for ordering ("out in round 2" as
  // -98) is not a number people read.
  view.shown.push_back({"fields", "score", true, {"1", "8", "8"}});
  CHECK(StandingsText(view) ==
        "final ranks:\n"
        "  1. Anne 8\n"
        "  1. Bob 8\n"
        "  3. Carl 1\n");
  CHECK(DecisionListText(view) == "game over\n" + StandingsText(view));
  view.end_reason = "overfished";
  CHECK(DecisionListText(view) == "game over: overfished\n" + StandingsText(view));
}

TEST_CASE("view text: a ruleset's note beside a place the score does not tell",
          "[view_text]") {
  PositionView view = Ended();
  view.shown.push_back({"fields", "score", true, {"0", "8", "8"}});
  view.place_notes = {"out in round 2", "", ""};
  CHECK(StandingsText(view) ==
        "final ranks:\n"
        "  1. Anne 8\n"
        "  1. Bob 8\n"
        "  3. Carl 0 (out in round 2)\n");
}

TEST_CASE("view text: no final ranks before the end", "[view_text]") {
  PositionView view = Ended();
  view.over = false;
  view.places.clear();
  CHECK(StandingsText(view).empty());
  CHECK(ScoresText(view) == "scores: Carl -98, Anne 8, Bob 8\n");
}

}  // namespace
}  // namespace angler
