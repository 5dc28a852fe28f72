// Helpers of the card-set tests (card_set_test.cc, card_set_table_test.cc):
// conditions compiled and planned, and filters checked against judging card
// by card on the states of random games.
#ifndef ANGLER_INTERPRETER_CARD_SET_TEST_UTIL_H_
#define ANGLER_INTERPRETER_CARD_SET_TEST_UTIL_H_

#include <catch2/catch.hpp>
#include <span>
#include <string>
#include <vector>

#include "dsl/parser.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler::testing {

inline std::vector<uint8_t> Bytes(std::span<const uint8_t> s) {
  return {s.begin(), s.end()};
}

// `text` compiled into `rules` (p a seat), and every filter planned.
inline int CompileAndPlan(Ruleset& rules, const std::string& text) {
  Compiler compiler(rules);
  CodeContext ctx;
  ctx.params = {{"p", Type::kPlayer}};
  auto parsed = ParseExpression(Snippet::WholeFile(SourceFile::Make("expr", text)));
  REQUIRE(parsed.ok());
  auto node = compiler.Expression(*parsed.value(), Type::kVoid, ctx);
  INFO(text << testing::FormatErrors(node));
  REQUIRE(node.ok());
  BindEvaluators(rules);
  return node.value();
}

// A frame as any code might see it: locals, self and owner at random.
inline Frame RandomFrame(const Ruleset& rules, int players, Rng& rng) {
  Frame f{};
  for (int32_t& l : f.locals)
    l = static_cast<int32_t>(rng.Below(static_cast<uint32_t>(players)));
  f.self = static_cast<int16_t>(rng.Below(static_cast<uint32_t>(rules.cards.size())));
  f.owner = static_cast<int8_t>(rng.Below(static_cast<uint32_t>(players)));
  return f;
}

// Filter `node` by its set and card by card, as a list and streamed.
inline void CheckFilter(const Ruleset& rules, const State& s, const Frame& f, int node) {
  Evaluator by_set(rules, s, &f);
  Evaluator by_card(rules, s, &f);
  by_card.set_card_by_card(true);  // no set, class or prefilter anywhere
  const auto got = Bytes(by_set.Cards(node));
  const auto want = Bytes(by_card.FilterCardByCard(node));
  INFO("node n" << node << " at ply " << s.ply);
  REQUIRE(by_set.faulted() == by_card.faulted());
  if (by_card.faulted()) return;
  CHECK(got == want);
}

// Plays random games of `rules` and calls check(state) after every action.
template <typename F>
void OnRandomStates(const Ruleset& rules, int players, int games, F check) {
  const Game game(rules, players);
  Rng rng(42);
  ActionList legal;
  for (int g = 0; g < games; ++g) {
    State s = game.NewInitialState();
    for (int ply = 0; ply < 3000 && !s.over; ++ply) {
      check(s, rng);
      Action a;
      if (game.IsChance(s)) {
        a = game.SampleChance(s, rng);
      } else {
        game.LegalActions(s, legal);
        REQUIRE(legal.count > 0);
        a = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
      }
      REQUIRE(game.Apply(s, a).ok());
    }
  }
}

}  // namespace angler::testing

#endif  // ANGLER_INTERPRETER_CARD_SET_TEST_UTIL_H_
