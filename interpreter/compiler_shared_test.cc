// Define expansions computed once per question (Compiler::Shared, Op::kShared).
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "interpreter/eval.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/loader_test_util.h"
#include "interpreter/node_walk.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using namespace loader_test;  // NOLINT: the fixture of every loader test

std::set<int> SharedSlots(const Ruleset& r) {
  std::set<int> slots;
  for (const Node& n : r.nodes) {
    if (n.op == Op::kShared) slots.insert(n.a);
  }
  return slots;
}

// The mini ruleset with more defines after its own, and `from` made `to`.
RulesetPtr MiniWith(const std::string& defines, const std::string& from,
                    const std::string& to) {
  const std::string own = "  led: first(played).suit\n";
  return Load(Replace(Replace(kMini, own, own + defines), from, to));
}

TEST_CASE("compiler: every use of a define that reads only the state shares one slot",
          "[compiler][shared]") {
  // `led` is used three times by may_play and once by winner: one slot.
  RulesetPtr r = Load(kMini);
  CHECK(r->shared_slots == 1);
  CHECK(SharedSlots(*r) == std::set<int>{0});
}

TEST_CASE("compiler: a define that reads the judged card or a local is not shared",
          "[compiler][shared]") {
  RulesetPtr r =
      MiniWith("  reddish: suit == red or value > 3\n  mine: count(won(p)) + 1\n",
               "rank: score(p)", "rank: score(p) + mine");
  // reddish is never used; mine reads p: only led is shared.
  CHECK(r->shared_slots == 1);
  RulesetPtr judged =
      MiniWith("  reddish: suit == red or value > 3\n", "may_play: led == none",
               "may_play: reddish or led == none");
  CHECK(judged->shared_slots == 1);
}

TEST_CASE("eval: a shared value is worked out again for the next question",
          "[eval][shared]") {
  // The rank reads `twice`, which expands `held` twice: two slots.
  RulesetPtr r =
      MiniWith("  held: count(hand(0)) + count(hand(1))\n  twice: held + held\n",
               "rank: score(p)", "rank: twice");
  CHECK(r->shared_slots == 3);
  Game game(*r, 2);
  State s = game.NewInitialState();
  Frame frame{};
  Evaluator ev(*r, s, &frame);
  CHECK(ev.Value(r->rank) == 0);  // nothing dealt yet
  // The same Evaluator, a changed state, a new question: not the old value.
  const int hand0 = r->zones[static_cast<size_t>(r->FindFamily("hand"))].first;
  const int deck = r->zones[static_cast<size_t>(r->FindFamily("deck"))].first;
  Game::MoveCard(s, s.Zone(deck)[0], hand0, false);
  ev.ReleaseLists();
  CHECK(ev.Value(r->rank) == 2);
}

TEST_CASE("eval: a shared value that faulted is not kept", "[eval][shared]") {
  // `boom` overflows. The filter's set is tried first and faults; judging
  // card by card then needs `boom` again, and must fault again, not read a
  // value left by the failed try.
  RulesetPtr r = MiniWith("  boom: bonus * 9223372036854775807 * 2\n", "rank: score(p)",
                          "rank: count(hand(0) where value > boom)");
  REQUIRE(r->shared_slots >= 1);
  Game game(*r, 2);
  State s = game.NewInitialState();
  const int hand0 = r->zones[static_cast<size_t>(r->FindFamily("hand"))].first;
  const int deck = r->zones[static_cast<size_t>(r->FindFamily("deck"))].first;
  Game::MoveCard(s, s.Zone(deck)[0], hand0, false);
  Frame frame{};
  Evaluator ev(*r, s, &frame);
  ev.Value(r->rank);
  CHECK(ev.fault() == RuntimeFault::kOverflow);
}

// The Op::kCardShared slots read by `node`.
std::set<int> CardSharedSlotsBelow(const Ruleset& r, int node) {
  std::set<int> slots;
  AnyNodeBelow(r, node, [&](const Node& n) {
    if (n.op == Op::kCardShared) slots.insert(n.a);
    return false;
  });
  return slots;
}

TEST_CASE("compiler: a define that reads the judged card is shared per card by the rules",
          "[compiler][shared]") {
  // Fat Fish's second and third lay rules both read rows_ending_in(suit): the
  // two expansions (each binds the suit by value) compile alike and share a
  // slot.
  RulesetPtr r = testing::LoadOrFail("fatfish");
  REQUIRE(r->turn);
  REQUIRE(r->turn->lay_rules.size() == 3);
  const auto second = CardSharedSlotsBelow(*r, r->turn->lay_rules[1].condition);
  const auto third = CardSharedSlotsBelow(*r, r->turn->lay_rules[2].condition);
  REQUIRE(second.size() == 1);
  CHECK(second == third);
  // Play rules become a filter of the hand, and a filter's condition judges
  // many cards: Fischen 2's suit_of(card) and the like are not kept per card.
  RulesetPtr fischen2 = testing::LoadOrFail("fischen2");
  CHECK(fischen2->card_shared_slots == 0);
}

TEST_CASE("eval: a value shared per card is worked out for each card", "[eval][shared]") {
  RulesetPtr r = testing::LoadOrFail("fatfish");
  const int rule = r->turn->lay_rules[1].condition;
  int shared = -1;  // the Op::kCardShared node of rows_ending_in(suit)
  AnyNodeBelow(*r, rule, [&](const Node& n) {
    if (n.op == Op::kCardShared) shared = static_cast<int>(&n - r->nodes.data());
    return false;
  });
  REQUIRE(shared >= 0);
  Game game(*r, 2);
  State s = game.NewInitialState();
  Rng rng(3);
  while (s.decision.kind == DecisionKind::kChance)
    REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
  // A card of a colour some row ends in, and one of a colour none does.
  const int suits = static_cast<int>(r->suits.size());
  std::vector<int> ends_in(static_cast<size_t>(suits));
  const ZoneFamily& rows = r->zones[static_cast<size_t>(r->turn->rows_family)];
  for (int i = 0; i < rows.count; ++i) {
    auto row = s.Zone(rows.first + i);
    if (!row.empty()) ++ends_in[static_cast<size_t>(r->cards[row.back()].suit)];
  }
  int at_an_end = -1, at_no_end = -1;
  for (int c = 0; c < static_cast<int>(r->cards.size()); ++c) {
    const int suit = r->cards[static_cast<size_t>(c)].suit;
    if (suit < 0) continue;
    (ends_in[static_cast<size_t>(suit)] > 0 ? at_an_end : at_no_end) = c;
  }
  REQUIRE(at_an_end >= 0);
  REQUIRE(at_no_end >= 0);
  const int expected =
      ends_in[static_cast<size_t>(r->cards[static_cast<size_t>(at_an_end)].suit)];
  // One question, two cards: each its own value, and the first's again.
  Frame frame{};
  Evaluator ev(*r, s, &frame);
  ev.set_card(at_an_end);
  CHECK(ev.Value(shared) == expected);
  ev.ReleaseScratch();
  ev.set_card(at_no_end);
  CHECK(ev.Value(shared) == 0);
  ev.ReleaseScratch();
  ev.set_card(at_an_end);
  CHECK(ev.Value(shared) == expected);
}

TEST_CASE("eval: a rule's card-independent part is computed once per question",
          "[eval][shared]") {
  // Fat Fish's first lay rule, count(target) > 0, reads no card: it is one
  // shared value, and a new question on a changed state works it out anew.
  RulesetPtr r = testing::LoadOrFail("fatfish");
  const int rule = r->turn->lay_rules[0].condition;
  REQUIRE(r->nodes[static_cast<size_t>(rule)].op == Op::kShared);
  Game game(*r, 2);
  State s = game.NewInitialState();
  Rng rng(5);
  while (s.decision.kind == DecisionKind::kChance)
    REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
  const ZoneFamily& rows = r->zones[static_cast<size_t>(r->turn->rows_family)];
  s.vars[r->builtin.target] = rows.first;
  Frame frame{};
  Evaluator ev(*r, s, &frame);
  CHECK(ev.Value(rule) == 1);
  const int box = r->zones[static_cast<size_t>(r->FindFamily("box"))].first;
  while (s.ZoneSize(rows.first) > 0)
    Game::MoveCard(s, s.Zone(rows.first).back(), box, false);
  ev.ReleaseScratch();  // the same question: the value it had
  CHECK(ev.Value(rule) == 1);
  ev.ReleaseLists();  // the next question
  CHECK(ev.Value(rule) == 0);
}

}  // namespace
}  // namespace angler
