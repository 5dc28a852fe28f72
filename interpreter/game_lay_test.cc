// The legal lays of the turn procedure against the lay check: on random Fat
// Fish positions, the lays LegalLays enumerates (laying each card on a copy
// and undoing it) are exactly, and in the same order, the lays CheckLay
// accepts among every sequence of hand cards on every row.
#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

// Every lay of lay_min .. lay_max distinct cards of `hand` on row `row`.
void EveryLay(int player, int row, const std::vector<int>& hand, int max,
              std::vector<int>& seq, std::vector<Action>& out) {
  if (!seq.empty()) out.push_back(Action::Lay(player, row, seq));
  if (static_cast<int>(seq.size()) == max) return;
  for (int c : hand) {
    if (std::find(seq.begin(), seq.end(), c) != seq.end()) continue;
    seq.push_back(c);
    EveryLay(player, row, hand, max, seq, out);
    seq.pop_back();
  }
}

// Fat Fish, and a house rule whose lay rule reads what the cards laid before
// set (the layer's play position): a lay's later cards are judged on the
// state its earlier ones made, in the check and in the enumeration alike.
RulesetPtr Rules(bool reads_position) {
  if (!reads_position) return testing::LoadOrFail("fatfish");
  auto r = LoadRulesetText("house.yaml",
                           "extends: fatfish\n"
                           "turn:\n"
                           "  may_lay:\n"
                           "    - if: count(target) > 0 and (play_position(turn) > 0 or "
                           "count(target) < 3)\n");
  INFO(testing::FormatErrors(r));
  REQUIRE(r.ok());
  return r.value();
}

TEST_CASE("lays: the legal lays are exactly the lays the lay check accepts", "[lay]") {
  const bool reads_position = GENERATE(false, true);
  RulesetPtr rules = Rules(reads_position);
  REQUIRE(rules->turn);
  const ZoneFamily& rows = rules->zones[static_cast<size_t>(rules->turn->rows_family)];
  const ZoneFamily& hands = rules->zones[static_cast<size_t>(rules->hand_family)];
  for (int players : {2, 4}) {
    const Game game(*rules, players);
    Rng rng(7);
    ActionList legal;
    int positions = 0;
    for (int g = 0; g < 6; ++g) {
      State s = game.NewInitialState();
      for (int ply = 0; ply < 2000 && !s.over; ++ply) {
        if (game.IsChance(s)) {
          REQUIRE(game.Apply(s, game.SampleChance(s, rng)).ok());
          continue;
        }
        game.LegalActions(s, legal);
        REQUIRE(legal.count > 0);
        if (s.decision.kind == DecisionKind::kLay) {
          ++positions;
          const int p = s.decision.player;
          std::vector<int> hand;
          for (uint8_t c : s.Zone(hands.first + p)) hand.push_back(c);
          std::vector<Action> all, accepted;
          std::vector<int> seq;
          for (int row = 1; row <= rows.count; ++row)
            EveryLay(p, row, hand, rules->turn->lay_max, seq, all);
          for (const Action& a : all) {
            int cards[kMaxLay];
            if (a.LayCards(cards) < rules->turn->lay_min) continue;
            if (game.LayRuleBroken(s, a).empty()) accepted.push_back(a);
          }
          // In order too: rows ascending, each lay before its longer ones, the
          // hand's order at each place (a bot's pick, and a record, depend on it).
          const std::vector<Action> got(legal.begin(), legal.end());
          INFO("game " << g << " ply " << ply << ", " << hand.size() << " cards in hand");
          REQUIRE(got == accepted);
        }
        REQUIRE(game.Apply(s, legal.items[rng.Below(static_cast<uint32_t>(legal.count))])
                    .ok());
      }
    }
    CHECK(positions > 50);  // the test saw the lays it is about
  }
}

}  // namespace
}  // namespace angler
