// Define expansions computed once per question (Compiler::Shared, Op::kShared).
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "interpreter/eval.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/loader_test_util.h"

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

}  // namespace
}  // namespace angler
