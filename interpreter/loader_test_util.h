// What the loader's tests share: a small ruleset, loading text, the first
// error of a text that must not load, and a game played out.
#ifndef ANGLER_INTERPRETER_LOADER_TEST_UTIL_H_
#define ANGLER_INTERPRETER_LOADER_TEST_UTIL_H_

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "tests/test_util.h"

namespace angler::loader_test {

using testing::FormatErrors;

// Line numbers in the tests below count from "name: mini" as line 1.
inline const char* const kMini = R"(name: mini
players: 2..3
suits: [red, blue]
zones:
  deck: {setup: true}
  hand: {per_player: true}
  won: {per_player: true}
  trick: {}
variables:
  score: {per_player: true}
  bonus: {init: 1}
cards:
  - {suits: [red, blue], values: 1..4}
setup: |
  shuffle deck
  deal deck to hand
round:
  tricks: count(hand(0))
  end: |
    for p in seats {
      score(p) += count(won(p)) * bonus
    }
trick:
  may_play: led == none or suit == led or not any(hand(turn) where suit == led)
  winner: highest(played where suit == led).player
  end: move trick to won(winner)
define:
  led: first(played).suit
game:
  end_when: round == 1
  rank: score(p)
)";

inline std::string Replace(std::string text, const std::string& from,
                           const std::string& to) {
  auto at = text.find(from);
  INFO("replacing " << from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

inline RulesetPtr Load(const std::string& text, const std::string& dir = "") {
  auto r = LoadRulesetText("mini.yaml", text, dir);
  INFO(FormatErrors(r));
  REQUIRE(r.ok());
  return r.value();
}

// The first diagnostic of a ruleset that must not load, formatted.
inline std::string FirstError(const std::string& text, const std::string& dir = "") {
  auto r = LoadRulesetText("mini.yaml", text, dir);
  if (r.ok()) return "loaded";
  return r.error().Format();
}

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Plays a game with the first legal action each time; chance seeds 1, 2, ...
inline State PlayOut(const Game& game) {
  State s = game.NewInitialState();
  uint64_t seed = 1;
  for (int steps = 0; !game.IsTerminal(s) && steps < 10000; ++steps) {
    Action a;
    if (game.IsChance(s)) {
      a = Action{ActionKind::kChance, -1, 0, seed++};
    } else {
      ActionList list;
      game.LegalActions(s, list);
      REQUIRE(list.count > 0);
      a = list.items[0];
    }
    REQUIRE(game.Apply(s, a).ok());
  }
  REQUIRE(game.IsTerminal(s));
  return s;
}

}  // namespace angler::loader_test

#endif  // ANGLER_INTERPRETER_LOADER_TEST_UTIL_H_
