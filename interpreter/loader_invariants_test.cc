// Rulesets' invariants, and cards a search game generates.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/eval.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/loader_test_util.h"
#include "interpreter/node_walk.h"
#include "interpreter/runtime_error.h"

namespace angler {
namespace {

using namespace loader_test;  // NOLINT: the fixture of every loader test

TEST_CASE("loader: cards with errors have a back, a pattern and turns, no suit",
          "[loader]") {
  auto r = LoadRuleset("falscher-hering");
  REQUIRE(r.ok());
  const Ruleset& rules = *r.value();
  REQUIRE(rules.cards.size() == 36);
  for (size_t k = 0; k < rules.cards.size(); ++k) {
    const CardInfo& c = rules.cards[k];
    CHECK(c.back == rules.FindSuit(k % 3 == 0   ? "green"
                                   : k % 3 == 1 ? "yellow"
                                                : "pink"));
    CHECK(c.pattern == static_cast<int>(k % 6) + 1);
    CHECK(c.turns == rules.search->faces[static_cast<size_t>(c.face)].quarter_turns);
    CHECK(c.suit == kNone);
    CHECK(c.value == 0);
    CHECK(c.stars == 0);
  }
}

std::string Line1(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string WithInvariants(const std::string& list) {
  return std::string(kMini) + "invariants:\n" + list;
}

TEST_CASE("loader: invariants are checked as games run", "[loader][invariants]") {
  RulesetPtr kept = Load(WithInvariants(
      "  - {at: round_end, holds: count(hand(p)) == 0, says: every hand is empty}\n"
      "  - {at: trick_end, holds: count(trick) == 0, says: tricks are caught whole}\n"
      "  - {at: game_end, holds: count(deck) == 0}\n"));
  REQUIRE(kept->invariants.size() == 3);
  CHECK(kept->invariants[0].at == Moment::kRoundEnd);
  CHECK(kept->invariants[2].says == "count(deck) == 0");  // the condition, unsaid
  Game game(*kept, 2);
  State s = PlayOut(game);
  CHECK_FALSE(s.error);
  CHECK(BrokenInvariant(*kept, s) == nullptr);

  RulesetPtr broken = Load(WithInvariants(
      "  - {at: round_end, holds: count(hand(p)) == 1, says: one card is left}\n"));
  Game stops(*broken, 2);
  State t = PlayOut(stops);
  CHECK(t.error);
  REQUIRE(BrokenInvariant(*broken, t) != nullptr);
  CHECK(Line1(RuntimeError(*broken, t).Format()) ==
        "mini.yaml:33:28: error: ruleset error: the invariant 'one card is left' does "
        "not hold");

  // A made-up position may be told not to check them.
  stops.set_check_invariants(false);
  CHECK_FALSE(PlayOut(stops).error);
}

TEST_CASE("loader: of the invariants of one moment, the first that fails is named",
          "[loader][invariants]") {
  // The checks of a moment are asked together (Game::FirstBrokenCheck).
  const std::string holds = "  - {at: round_end, holds: count(hand(p)) == 0, says: A}\n";
  const std::string fails = "  - {at: round_end, holds: count(hand(p)) == 1, says: B}\n";
  const std::string also = "  - {at: round_end, holds: count(deck) == 99, says: C}\n";
  for (const auto& [list, named] :
       std::vector<std::pair<std::string, std::string>>{{holds + fails + also, "B"},
                                                        {holds + also + fails, "C"},
                                                        {holds + holds, ""}}) {
    RulesetPtr r = Load(WithInvariants(list));
    Game game(*r, 2);
    const State s = PlayOut(game);
    INFO(list);
    CHECK(s.error == !named.empty());
    const Invariant* broken = BrokenInvariant(*r, s);
    CHECK((broken ? broken->says : "") == named);
  }
}

TEST_CASE("loader: an invariant that does not read p is checked once, and still stops",
          "[loader][invariants]") {
  // Seat 1 reads p inside an or: still per seat. The others never read it.
  RulesetPtr r = Load(WithInvariants(
      "  - {at: round_end, holds: count(deck) > 99 or count(hand(p)) == 0}\n"
      "  - {at: trick_end, holds: count(trick) == 0}\n"
      "  - {at: game_end, holds: count(deck) == 1, says: one card stays}\n"));
  std::vector<int> flags;
  for (const Instr& in : r->code) {
    if (in.code == Code::kCheck) flags.push_back(in.flag);
  }
  CHECK(flags == std::vector<int>{0, 1, 0});  // in program order: trick, round, game end
  Game game(*r, 2);
  State s = PlayOut(game);
  CHECK(s.error);
  REQUIRE(BrokenInvariant(*r, s) != nullptr);
  CHECK(BrokenInvariant(*r, s)->says == "one card stays");
}

TEST_CASE("loader: an invariant's part that does not read p is shared by the seats",
          "[loader][invariants][shared]") {
  // Every seat is asked in one question: the right side (no p) is one shared
  // value, the left side is worked out for each seat, and seat 1 breaks it.
  RulesetPtr r = Load(WithInvariants(
      "  - {at: trick_end, holds: count(hand(p)) + p == tricks - trick_number - 1,"
      " says: seat 1 is one off}\n"));
  const int holds = r->invariants[0].holds;
  CHECK(AnyNodeBelow(*r, holds, [](const Node& n) { return n.op == Op::kShared; }));
  CHECK_FALSE(r->nodes[static_cast<size_t>(holds)].op == Op::kShared);
  Game game(*r, 2);
  State s = PlayOut(game);
  CHECK(s.error);
  REQUIRE(BrokenInvariant(*r, s) != nullptr);
  CHECK(BrokenInvariant(*r, s)->says == "seat 1 is one off");
}

TEST_CASE("loader: count(F(p)) == n of every seat is one node walking the piles",
          "[loader][invariants]") {
  // The left side a seat family's pile, the right the same for every seat:
  // one question (Op::kEverySeatSize) for all seats, not one per seat.
  RulesetPtr r = Load(WithInvariants(
      "  - {at: trick_end, holds: count(hand(p)) == bonus, says: as many as bonus}\n"
      "  - {at: round_end, holds: count(hand(p)) == 0}\n"
      "  - {at: round_end, holds: count(hand(p)) == p}\n"             // reads p twice
      "  - {at: round_end, holds: count(hand(bonus)) == bonus}\n"));  // no p at all
  auto op = [&](int i) {
    return r->nodes[static_cast<size_t>(r->invariants[static_cast<size_t>(i)].holds)].op;
  };
  CHECK(op(0) == Op::kEverySeatSize);
  CHECK(op(1) == Op::kEverySeatSize);
  CHECK(op(2) != Op::kEverySeatSize);
  CHECK(r->invariants[2].per_seat);
  CHECK(op(3) != Op::kEverySeatSize);

  // Each seat's pile is read: one card in every hand holds for bonus 1, and
  // one card more in any single seat's hand, the last included, breaks it.
  Game game(*r, 3);
  const int deck = r->zones[static_cast<size_t>(r->FindFamily("deck"))].first;
  const int hand0 = r->zones[static_cast<size_t>(r->FindFamily("hand"))].first;
  for (int extra = -1; extra < 3; ++extra) {
    State s = game.NewInitialState();
    for (int p = 0; p < 3; ++p) Game::MoveCard(s, s.Zone(deck)[0], hand0 + p, false);
    if (extra >= 0) Game::MoveCard(s, s.Zone(deck)[0], hand0 + extra, false);
    Frame frame{};
    Evaluator ev(*r, s, &frame);
    INFO("seat with one card more: " << extra);
    CHECK(ev.Value(r->invariants[0].holds) == (extra < 0 ? 1 : 0));
    CHECK(ev.Value(r->invariants[1].holds) == 0);
  }
}

TEST_CASE("loader: invariants wrongly written", "[loader][invariants][diagnostics]") {
  CHECK(FirstError(WithInvariants("  - {at: round_ned, holds: true}\n")) ==
        "mini.yaml:33:10: error: an invariant holds 'at' trick_end, round_end or "
        "game_end, not 'round_ned' (did you mean 'round_end'?)\n"
        "  33 |   - {at: round_ned, holds: true}\n"
        "     |          ^\n");
  CHECK(Line1(FirstError(WithInvariants("  - {at: round_end, hold: true}\n"))) ==
        "mini.yaml:33:21: error: unknown key 'hold' in an invariant (did you mean "
        "'holds'?)");
  CHECK(Line1(FirstError(std::string(kMini) + "invariants: {at: round_end}\n")) ==
        "mini.yaml:32:13: error: 'invariants' must be a list of {at, holds, says}");
  CHECK(Line1(FirstError(
            WithInvariants("  - {at: round_end, holds: count(hand(q)) == 0}\n"))) ==
        "mini.yaml:33:39: error: unknown name 'q' (did you mean 'p'?)");
}

}  // namespace
}  // namespace angler
