// Fishing's rule tests share these: the rule text's buoys by name, the
// manual's players, and positions built by hand (tests/test_util.h's Table).
#ifndef ANGLER_TESTS_FISHING_RULINGS_H_
#define ANGLER_TESTS_FISHING_RULINGS_H_

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "tests/test_util.h"

namespace angler {
namespace fishing_rulings {

using testing::CheckZones;
using testing::Fishing;
using testing::SortedNames;
using testing::Table;
using Names = std::vector<std::string>;

inline const std::string kMinus3 = "buoy \"-3 points\"";
inline const std::string kPass = "buoy \"pass 1 card to the left\"";
inline const std::string kPlayFirst = "buoy \"play the 1st card\"";
inline const std::string kCall = "buoy \"call the color\"";
inline const std::string kLowest = "buoy \"lowest value wins\"";
inline const std::string kCatchAll = "buoy \"catch all other cards\"";

// The manual's players, clockwise.
constexpr int kAnne = 0, kPaul = 1, kDebbie = 2, kNikki = 3;

// A trick in the middle of round 1: `tricks` tricks in the round, none played.
inline Table MidRound(int players, int tricks = 5, const Ruleset& rules = Fishing()) {
  Table t(rules, players, rules.entry_trick);
  t.Set("round", 1);
  t.Set("tricks", tricks);
  return t;
}

// The last trick of the last round: the game ends after it.
inline Table LastTrickOfGame(int players) {
  Table t(Fishing(), players, Fishing().entry_trick);
  t.Set("round", 8);
  t.Set("tricks", 1);
  return t;
}

inline void ExpectDecision(const Table& t, DecisionKind kind, int player) {
  INFO(t.game.DecisionText(t.s));
  REQUIRE(t.s.decision.kind == kind);
  REQUIRE(t.game.CurrentPlayer(t.s) == player);
}

inline int Ocean(const Table& t) { return t.Zone("ocean"); }
inline int Fisher(const Table& t, int seat) { return t.Zone("fisher", seat); }
inline int Boat(const Table& t, int seat) { return t.Zone("boat", seat); }
inline int TrickZone(const Table& t) { return t.Zone("trick"); }

}  // namespace fishing_rulings
}  // namespace angler

#endif  // ANGLER_TESTS_FISHING_RULINGS_H_
