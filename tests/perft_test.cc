// Perft-style fingerprints of Fishing: from a new game whose chance nodes are
// resolved with seeds derived from the ply, the number of leaves of the
// players' decision tree to depths 1..5. A change in the engine's behaviour
// (legal moves, the order of shuffles or deals, who leads) changes them.
//
// Round 1 holds only the plain starting cards (colours 1-10, no trump, no
// "0", no buoy), so a small reference model of plain trick-taking must count
// the same leaves: the numbers are checked against it, then pinned.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "interpreter/game.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::Fishing;

uint64_t ChanceSeed(uint32_t ply) { return 1234u + 7919u * ply; }

void ResolveChance(const Game& game, State& s) {
  while (!game.IsTerminal(s) && game.IsChance(s)) {
    REQUIRE(game.Apply(s, Action{ActionKind::kChance, -1, 0, ChanceSeed(s.ply)}).ok());
  }
}

uint64_t Perft(const Game& game, const State& s, int depth) {
  if (depth == 0 || game.IsTerminal(s)) return 1;
  ActionList list;
  game.LegalActions(s, list);
  if (depth == 1) return static_cast<uint64_t>(list.count);
  uint64_t leaves = 0;
  for (const Action& a : list) {
    State next = s;
    REQUIRE(game.Apply(next, a).ok());
    ResolveChance(game, next);
    leaves += Perft(game, next, depth - 1);
  }
  return leaves;
}

// Plain trick-taking with follow-suit, highest of the led suit wins.
struct Reference {
  const Ruleset* rules;
  int players;
  std::vector<std::vector<int>> hands;
  std::vector<int> trick;  // cards in play order
  int leader = 0;

  uint64_t Count(int depth) {
    if (depth == 0) return 1;
    int turn = (leader + static_cast<int>(trick.size())) % players;
    std::vector<int> options;
    auto& hand = hands[static_cast<size_t>(turn)];
    if (!trick.empty()) {
      int led = rules->cards[static_cast<size_t>(trick[0])].suit;
      for (int c : hand) {
        if (rules->cards[static_cast<size_t>(c)].suit == led) options.push_back(c);
      }
    }
    if (options.empty()) options = hand;
    if (depth == 1) return options.size();
    uint64_t leaves = 0;
    for (int c : options) {
      Reference next = *this;
      auto& h = next.hands[static_cast<size_t>(turn)];
      h.erase(std::find(h.begin(), h.end(), c));
      next.trick.push_back(c);
      if (static_cast<int>(next.trick.size()) == players) {
        int led = rules->cards[static_cast<size_t>(next.trick[0])].suit;
        int best = 0;
        for (int k = 1; k < players; ++k) {
          const CardInfo& card =
              rules->cards[static_cast<size_t>(next.trick[static_cast<size_t>(k)])];
          const CardInfo& top =
              rules->cards[static_cast<size_t>(next.trick[static_cast<size_t>(best)])];
          if (card.suit == led && card.value > top.value) best = k;
        }
        next.leader = (next.leader + best) % players;
        next.trick.clear();
      }
      leaves += next.Count(depth - 1);
    }
    return leaves;
  }
};

constexpr int kDepth = 7;

TEST_CASE("perft: Fishing from a new game, depths 1 to 7", "[perft]") {
  const Ruleset& rules = Fishing();
  struct Pinned {
    int players;
    uint64_t leaves[kDepth];
  };
  // Regression fingerprints: counted by the engine, equal to the reference.
  const Pinned pinned[] = {
      {3, {10, 22, 50, 450, 1008, 2460, 19680}},
      {4, {9, 18, 39, 84, 672, 1355, 2733}},
      {5, {8, 10, 20, 28, 56, 392, 652}},
  };
  for (const Pinned& p : pinned) {
    INFO(p.players << " players");
    Game game(rules, p.players);
    State root = game.NewInitialState();
    ResolveChance(game, root);
    REQUIRE(root.decision.kind == DecisionKind::kPlay);
    Reference ref{&rules, p.players, {}, {}, 0};
    for (int seat = 0; seat < p.players; ++seat) {
      int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first + seat;
      auto cards = root.Zone(hand);
      ref.hands.emplace_back(cards.begin(), cards.end());
      for (uint8_t c : cards) REQUIRE(rules.cards[c].stars == 0);
    }
    for (int depth = 1; depth <= kDepth; ++depth) {
      INFO("depth " << depth);
      uint64_t leaves = Perft(game, root, depth);
      CHECK(leaves == ref.Count(depth));
      CHECK(leaves == p.leaves[depth - 1]);
    }
  }
}

// Deeper in a game the ocean cards are in play: trump, "0" cards and buoys,
// with their choices (which count as decisions here). The position: a
// seeded random game at the first card of round 3.
TEST_CASE("perft: Fishing from round 3 of a seeded game, depths 1 to 5", "[perft]") {
  const Ruleset& rules = Fishing();
  struct Pinned {
    int players;
    uint64_t leaves[5];
  };
  const Pinned pinned[] = {
      {3, {11, 26, 66, 660, 1842}},
      {4, {10, 35, 82, 342, 3078}},
      {5, {9, 30, 92, 168, 1336}},
  };
  for (const Pinned& p : pinned) {
    INFO(p.players << " players");
    Game game(rules, p.players);
    State s = game.NewInitialState();
    Rng rng(99);
    while (!game.IsTerminal(s) && !(s.vars[rules.builtin.round] == 3 &&
                                    s.decision.kind == DecisionKind::kPlay)) {
      ActionList list;
      game.LegalActions(s, list);
      Action a = game.IsChance(s)
                     ? game.SampleChance(s, rng)
                     : list.items[rng.Below(static_cast<uint32_t>(list.count))];
      REQUIRE(game.Apply(s, a).ok());
    }
    REQUIRE_FALSE(game.IsTerminal(s));
    // The hand sizes of round 3 (11, 10, 9 cards) are the first count.
    CHECK(s.vars[rules.builtin.tricks] == static_cast<int>(p.leaves[0]));
    for (int depth = 1; depth <= 5; ++depth) {
      INFO("depth " << depth);
      CHECK(Perft(game, s, depth) == p.leaves[depth - 1]);
    }
  }
}

}  // namespace
}  // namespace angler
