#include "interpreter/game.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::CheckZones;
using testing::Fishing;
using testing::SameBytes;
using testing::Snapshot;
using testing::Table;

// A plain model of the zones: each a vector, index 0 the bottom.
struct Model {
  std::vector<std::vector<int>> zones;

  Model(const Ruleset& rules, const State& s)
      : zones(static_cast<size_t>(rules.zone_count)) {
    for (int z = 0; z < rules.zone_count; ++z) {
      for (uint8_t c : s.Zone(z)) zones[static_cast<size_t>(z)].push_back(c);
    }
  }
  void Remove(int card) {
    for (auto& z : zones) {
      auto it = std::find(z.begin(), z.end(), card);
      if (it != z.end()) {
        z.erase(it);
        return;
      }
    }
  }
  void Move(int card, int zone, bool bottom) {
    Remove(card);
    auto& z = zones[static_cast<size_t>(zone)];
    if (bottom) {
      z.insert(z.begin(), card);
    } else {
      z.push_back(card);
    }
  }
  // MoveCards' contract: to the top in the order given (the last one ends on
  // top); to the bottom as a group in the order given (the first one lowest).
  void MoveGroup(const std::vector<int>& cards, int zone, bool bottom) {
    if (bottom) {
      for (auto it = cards.rbegin(); it != cards.rend(); ++it) Move(*it, zone, true);
    } else {
      for (int c : cards) Move(c, zone, false);
    }
  }
  bool Matches(const Ruleset& rules, const State& s) const {
    for (int z = 0; z < rules.zone_count; ++z) {
      auto span = s.Zone(z);
      std::vector<int> have(span.begin(), span.end());
      if (have != zones[static_cast<size_t>(z)]) return false;
    }
    return true;
  }
};

TEST_CASE("game: an action's movers are its player, a stop's seats, none at chance",
          "[game]") {
  CHECK(Action{ActionKind::kPlay, 2, 5, 0}.Movers() == 0b100);
  CHECK(Action{ActionKind::kMark, 0, 3, 0}.Movers() == 0b1);
  CHECK(Action{ActionKind::kStop, -1, 0, 0b101}.Movers() == 0b101);
  CHECK(Action{ActionKind::kChance, -1, 0, 77}.Movers() == 0);
}

TEST_CASE("game: BlankState puts every card in the setup zone, in id order", "[game]") {
  const Ruleset& rules = Fishing();
  Game game(rules, 4);
  State s = game.BlankState(rules.entry_setup);
  CHECK(CheckZones(rules, s) == "");
  CHECK(s.ZoneSize(rules.setup_zone) == 100);
  for (int i = 0; i < 100; ++i) CHECK(s.order[i] == i);
  CHECK(s.num_players == 4);
  CHECK(s.ply == 0);
  CHECK_FALSE(s.over);
  CHECK(s.pc == rules.entry_setup);
  Table t(rules, 4, rules.entry_trick);
  CHECK(t.Get("trump") == rules.FindSuit("green"));
  CHECK(t.Get("called") == kNone);
  CHECK(t.Get("caller") == kNone);
  CHECK(t.Get("lowest_value_wins") == 0);
  CHECK(t.Get("round") == 0);
  CHECK(t.Get("winner") == kNone);
  for (int p = 0; p < 4; ++p) CHECK(t.Get("score", p) == 0);
}

// A table with as many zones as a ruleset may have (kMaxZones): moves near
// the end of State::start, which the zones' starts are shifted up to.
const Ruleset& MostZones() {
  static RulesetPtr rules = [] {
    std::string piles;
    for (int i = 0; i < 5; ++i) piles += "  pile" + std::to_string(i) + ": {count: 16}\n";
    auto r = LoadRulesetText("most-zones.yaml", R"(name: most zones
players: 2
suits: [red, blue]
zones:
  deck: {setup: true}
  hand: {per_player: true}
)" + piles + R"(  last: {count: 13}
cards:
  - {suits: [red, blue], values: 1..20}
setup: shuffle deck
round: {}
turn:
  rows: pile0
  until: count(deck) == 0
game:
  end_when: round == 1
  rank: 0
)");
    INFO(testing::FormatErrors(r));
    REQUIRE(r.ok());
    return r.value();
  }();
  return *rules;
}

TEST_CASE("game: MoveCard and MoveCardAt keep the zone invariants under random moves",
          "[game]") {
  const bool most = GENERATE(false, true);
  const Ruleset& rules = most ? MostZones() : Fishing();
  REQUIRE(rules.zone_count == (most ? kMaxZones : 24));
  Game game(rules, most ? 2 : 5);
  State s = game.BlankState(rules.entry_setup);
  Model model(rules, s);
  Rng rng(20240611);
  const auto below = [&rng](size_t n) {
    return static_cast<int>(rng.Below(static_cast<uint32_t>(n)));
  };
  for (int step = 0; step < 10000; ++step) {
    const int i = below(rules.cards.size());  // the card at order[i]
    const int card = s.order[i];
    const int from = s.zone_of[card];
    const int zone = below(static_cast<size_t>(rules.zone_count));
    // Even steps: MoveCard, to the top or bottom; odd ones: MoveCardAt, to any
    // place among the zone's other cards.
    const int others = s.ZoneSize(zone) - (from == zone);
    int index;
    if (step % 2 == 0) {
      const bool bottom = below(2) == 1;
      index = bottom ? 0 : others;
      Game::MoveCard(s, card, zone, bottom);
    } else {
      index = below(static_cast<size_t>(others) + 1);
      Game::MoveCardAt(s, i, zone, index);
    }
    model.Remove(card);
    auto& z = model.zones[static_cast<size_t>(zone)];
    z.insert(z.begin() + index, card);
    INFO("step " << step << ": card " << card << " from zone " << from << " to zone "
                 << zone << " at " << index);
    REQUIRE(CheckZones(rules, s) == "");
    REQUIRE(s.zone_of[card] == zone);
    REQUIRE(s.Zone(zone)[static_cast<size_t>(index)] == card);
    REQUIRE(model.Matches(rules, s));
  }
}

TEST_CASE("game: MoveCards keeps the zone invariants under random moves", "[game]") {
  const bool most = GENERATE(false, true);
  const Ruleset& rules = most ? MostZones() : Fishing();
  Game game(rules, most ? 2 : 5);
  State s = game.BlankState(rules.entry_setup);
  Model model(rules, s);
  Rng rng(77);
  int block_moves = 0;
  for (int step = 0; step < 3000; ++step) {
    int zone = static_cast<int>(rng.Below(static_cast<uint32_t>(rules.zone_count)));
    bool bottom = rng.Below(2) == 1;
    std::vector<int> cards;
    uint32_t how = rng.Below(6);
    if (how == 0 || how >= 3) {
      // A whole non-empty zone, in its order, or a run of its top or bottom,
      // or of its top listed top first (a draw, turned): the block-move path.
      int from = static_cast<int>(rng.Below(static_cast<uint32_t>(rules.zone_count)));
      auto z = s.Zone(from);
      size_t n = how == 0 || z.empty() ? z.size()
                                       : 1 + rng.Below(static_cast<uint32_t>(z.size()));
      size_t at = how == 3 || how == 5 ? z.size() - n : 0;
      for (size_t i = at; i < at + n; ++i) cards.push_back(z[i]);
      if (how == 5) std::reverse(cards.begin(), cards.end());
      if (!cards.empty() && from != zone) ++block_moves;
    } else {
      // Distinct cards from anywhere, in a random order.
      int n = 1 + static_cast<int>(rng.Below(8));
      while (static_cast<int>(cards.size()) < n) {
        int c = static_cast<int>(rng.Below(static_cast<uint32_t>(rules.cards.size())));
        if (std::find(cards.begin(), cards.end(), c) == cards.end()) cards.push_back(c);
      }
      if (how == 2) {
        // All from one zone, part of it or all of it in a shuffled order.
        int from = s.zone_of[cards[0]];
        cards.clear();
        for (uint8_t c : s.Zone(from)) {
          if (rng.Below(2) == 0 || cards.empty()) cards.push_back(c);
        }
        rng.Shuffle(cards.data(), cards.size());
      }
    }
    std::vector<uint8_t> bytes(cards.begin(), cards.end());
    Game::MoveCards(s, bytes.data(), bytes.size(), zone, bottom);
    model.MoveGroup(cards, zone, bottom);
    INFO("step " << step << ": " << cards.size() << " cards to zone " << zone
                 << (bottom ? " bottom" : " top"));
    REQUIRE(CheckZones(rules, s) == "");
    REQUIRE(model.Matches(rules, s));
  }
  CHECK(block_moves > (most ? 250 : 500));  // most zones are empty there
}

TEST_CASE(
    "game: a pick among options lists exactly its OptionActions, and ApplyOption applies "
    "them",
    "[game]") {
  // Random games of every shipped ruleset and variant: where one player picks
  // among the decision's options, LegalActions is OptionAction of each option
  // in turn; elsewhere no listed action is such a pick.
  int picks = 0, others = 0;
  for (const std::string& name : ShippedRulesets(true)) {
    const RulesetPtr rules = testing::LoadOrFail(name);
    const Game game(*rules, rules->min_players);
    Rng rng(29);
    State s = game.NewInitialState();
    ActionList legal;
    for (int steps = 0; !game.IsTerminal(s) && steps < 3000; ++steps) {
      INFO(name << " ply " << s.ply);
      game.LegalActions(s, legal);
      if (Game::PicksAnOption(s)) {
        ++picks;
        REQUIRE(legal.count == s.decision.count);
        for (int k = 0; k < legal.count; ++k)
          CHECK(legal.items[k] == Game::OptionAction(s, k));
        // ApplyOption does what Apply does with that option, to the byte and
        // the event; past the options it is refused, and nothing changes.
        const int k = static_cast<int>(rng.Below(static_cast<uint32_t>(legal.count)));
        State applied = s, picked = s;
        EventLog applied_log, picked_log;
        REQUIRE(game.Apply(applied, Game::OptionAction(s, k), &applied_log).ok());
        REQUIRE(game.ApplyOption(picked, k, &picked_log).ok());
        CHECK(SameBytes(applied, picked));
        CHECK(testing::SameEvents(applied_log, picked_log));
        picked = s;
        CHECK_FALSE(game.ApplyOption(picked, legal.count).ok());
        CHECK(SameBytes(picked, s));
      } else if (legal.count > 0) {
        ++others;
        for (const Action& a : legal) {
          CHECK(a.kind != ActionKind::kPlay);
          CHECK(a.kind != ActionKind::kChoose);
          CHECK(a.kind != ActionKind::kOption);
        }
      }
      const Action a = game.IsChance(s)
                           ? game.SampleChance(s, rng)
                           : legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
      REQUIRE(game.Apply(s, a).ok());
    }
    CHECK(game.IsTerminal(s));
    CHECK_FALSE(Game::PicksAnOption(s));
    CHECK_FALSE(game.ApplyOption(s, 0).ok());
  }
  CHECK(picks > 1000);
  CHECK(others > 100);  // the lays and searches
}

TEST_CASE("game: top and bottom of a zone", "[game]") {
  Table t(Fishing(), 3, Fishing().entry_trick);
  int ocean = t.Zone("ocean");
  t.Put(ocean, {"red 1", "red 2", "red 3"});
  CHECK(t.Names(ocean) == std::vector<std::string>{"red 1", "red 2", "red 3"});
  Game::MoveCard(t.s, t.FreeCard("red 4"), ocean, true);
  CHECK(t.Names(ocean) == std::vector<std::string>{"red 4", "red 1", "red 2", "red 3"});
  Game::MoveCard(t.s, t.CardIn("red 1", ocean), ocean, false);  // within: to the top
  CHECK(t.Names(ocean) == std::vector<std::string>{"red 4", "red 2", "red 3", "red 1"});
  Game::MoveCard(t.s, t.CardIn("red 3", ocean), ocean, true);  // within: to the bottom
  CHECK(t.Names(ocean) == std::vector<std::string>{"red 3", "red 4", "red 2", "red 1"});
  // A whole zone moved keeps its order, on top of or below what is there.
  int boat = t.Zone("boat", 1);
  t.Put(boat, {"blue 1", "blue 2"});
  std::vector<uint8_t> all(t.s.Zone(ocean).begin(), t.s.Zone(ocean).end());
  Game::MoveCards(t.s, all.data(), all.size(), boat, true);
  CHECK(t.Names(boat) ==
        std::vector<std::string>{"red 3", "red 4", "red 2", "red 1", "blue 1", "blue 2"});
  CHECK(t.s.ZoneSize(ocean) == 0);
  std::vector<uint8_t> two = {static_cast<uint8_t>(t.CardIn("blue 2", boat)),
                              static_cast<uint8_t>(t.CardIn("red 3", boat))};
  Game::MoveCards(t.s, two.data(), two.size(), ocean, false);
  CHECK(t.Names(ocean) == std::vector<std::string>{"blue 2", "red 3"});
  Game::MoveCards(t.s, two.data(), two.size(), boat, true);
  CHECK(t.Names(boat) ==
        std::vector<std::string>{"blue 2", "red 3", "red 4", "red 2", "red 1", "blue 1"});
  CHECK(CheckZones(t.rules, t.s) == "");
}

// Plays until the first card decision, resolving chance with seeds 1, 2, ...
State FirstPlay(const Game& game) {
  State s = game.NewInitialState();
  uint64_t seed = 1;
  while (game.IsChance(s)) {
    REQUIRE(game.Apply(s, Action{ActionKind::kChance, -1, 0, seed++}).ok());
  }
  REQUIRE(s.decision.kind == DecisionKind::kPlay);
  return s;
}

TEST_CASE("game: the first decisions of Fishing", "[game]") {
  const Ruleset& rules = Fishing();
  Game game(rules, 4);
  State s = game.NewInitialState();
  // Five star levels shuffled, then the starting cards: six chance nodes.
  int chance = 0;
  uint64_t seed = 1;
  while (game.IsChance(s)) {
    ActionList list;
    game.LegalActions(s, list);
    CHECK(list.count == 0);
    CHECK(game.CurrentPlayer(s) == -1);
    REQUIRE(game.Apply(s, Action{ActionKind::kChance, -1, 0, seed++}).ok());
    ++chance;
  }
  CHECK(chance == 6);
  CHECK(s.ply == 6);
  CHECK(s.decision.kind == DecisionKind::kPlay);
  CHECK(game.CurrentPlayer(s) == 0);  // F1
  ActionList list;
  game.LegalActions(s, list);
  CHECK(list.count == 9);  // any card of 9 may lead
  for (const Action& a : list) {
    CHECK(a.kind == ActionKind::kPlay);
    CHECK(a.player == 0);
    CHECK(s.zone_of[a.value] ==
          rules.zones[static_cast<size_t>(rules.hand_family)].first);
  }
  CHECK(game.DecisionText(s) == "seat 0 plays a card");
}

TEST_CASE("game: Apply rejects illegal actions and leaves the state unchanged",
          "[game]") {
  const Ruleset& rules = Fishing();
  Game game(rules, 4);

  SECTION("a player action at a chance node") {
    State s = game.NewInitialState();
    REQUIRE(game.IsChance(s));
    Snapshot before(s);
    auto st = game.Apply(s, Action{ActionKind::kPlay, 0, 5, 0});
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == "expected a chance action, got play");
    CHECK(before.Same(s));
  }
  SECTION("a chance action at a player decision") {
    State s = FirstPlay(game);
    Snapshot before(s);
    auto st = game.Apply(s, Action{ActionKind::kChance, -1, 0, 99});
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == "expected a play action, got chance");
    CHECK(before.Same(s));
    st = game.Apply(s, Action{ActionKind::kChoose, 0, s.decision.options[0], 0});
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == "expected a play action, got choose");
    CHECK(before.Same(s));
  }
  SECTION("the wrong player") {
    State s = FirstPlay(game);
    Snapshot before(s);
    auto st = game.Apply(s, Action{ActionKind::kPlay, 1, s.decision.options[0], 0});
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == "it is seat 0's decision, not seat 1's");
    CHECK(before.Same(s));
  }
  SECTION("a card not in the player's hand") {
    State s = FirstPlay(game);
    int other = rules.zones[static_cast<size_t>(rules.hand_family)].first + 1;
    int card = s.Zone(other)[0];
    Snapshot before(s);
    auto st = game.Apply(s, Action{ActionKind::kPlay, 0, static_cast<int16_t>(card), 0});
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message ==
          "play " + rules.card_names[static_cast<size_t>(card)] + " is not allowed now");
    CHECK(before.Same(s));
  }
  SECTION("a card that does not follow suit") {
    Table t(rules, 3, rules.entry_trick);
    t.Set("tricks", 3);
    t.Give(0, {"red 5", "blue 2"});
    t.Give(1, {"red 7", "blue 9"});
    t.Give(2, {"blue 5", "yellow 3"});
    t.Continue();
    t.Play(0, "red 5");
    CHECK(t.LegalSorted() == std::vector<std::string>{"red 7"});
    Snapshot before(t.s);
    auto st =
        t.game.Apply(t.s, Action{ActionKind::kPlay, 1,
                                 static_cast<int16_t>(t.CardIn("blue 9", t.Hand(1))), 0});
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == "play blue 9 is not allowed now");
    CHECK(before.Same(t.s));
  }
  SECTION("any action once the game is over") {
    Table t(rules, 3, rules.entry_trick);
    t.Set("round", 8);
    t.Set("tricks", 1);
    t.Give(0, {"red 5"});
    t.Give(1, {"red 7"});
    t.Give(2, {"red 9"});
    t.Continue();
    t.Play(0, "red 5");
    t.Play(1, "red 7");
    t.Play(2, "red 9");
    t.Shuffles();
    REQUIRE(t.s.over);
    Snapshot before(t.s);
    for (const Action& a :
         {Action{ActionKind::kPlay, 0, 1, 0}, Action{ActionKind::kChance, -1, 0, 1}}) {
      auto st = t.game.Apply(t.s, a);
      REQUIRE_FALSE(st.ok());
      CHECK(st.error().message == "the game is over");
      CHECK(before.Same(t.s));
    }
    ActionList list;
    t.game.LegalActions(t.s, list);
    CHECK(list.count == 0);
  }
}

// Regression, fixed (interpreter/game.cc, Apply): a state with no decision that is not
// over (a BlankState before Continue) maps DecisionKind::kNone to a chance action, so
// Apply accepts a chance action there: it shuffles zone 0 and runs the program from its
// entry. It should refuse, as there is nothing to decide.
TEST_CASE("game: Apply refuses a state that has no decision yet", "[game]") {
  const Ruleset& rules = Fishing();
  Game game(rules, 3);
  State s = game.BlankState(rules.entry_setup);
  Snapshot before(s);
  auto st = game.Apply(s, Action{ActionKind::kChance, -1, 0, 5});
  CHECK_FALSE(st.ok());
  CHECK(before.Same(s));
}

// Regression, fixed (interpreter/game.cc, MoveCards): when `cards` points into the
// state's own `order` (e.g. s.Zone(z).data(), the natural way to move a whole zone), the
// block is rotated first and zone_of is then set from the rotated bytes, so other cards
// get the new zone. The engine itself always passes a copy; the public function does not
// say it needs one.
TEST_CASE("game: MoveCards of a zone's own span", "[game]") {
  const Ruleset& rules = Fishing();
  Table t(rules, 3, rules.entry_trick);
  int ocean = t.Zone("ocean");
  t.Put(ocean, {"red 4", "red 5", "red 6"});
  t.Give(1, {"blue 4"});  // a card between the ocean and the boat
  int boat = t.Zone("boat", 0);
  Game::MoveCards(t.s, t.s.order + t.s.start[ocean], 3, boat, false);
  CHECK(CheckZones(rules, t.s) == "");
  CHECK(t.Names(boat) == std::vector<std::string>{"red 4", "red 5", "red 6"});
}

// The round and trick sections of the small rulesets below: `tricks` tricks
// a round, each won by whoever played first, into their `won` pile.
std::string FirstCardWins(int tricks) {
  return "round:\n  tricks: " + std::to_string(tricks) +
         "\ntrick:\n  may_play: true\n  winner: first(played).player\n"
         "  end: move trick to won(winner)\n";
}

// A ruleset for what a setup does: `players` seats, a deck of red and blue
// cards of `values`, a score a seat (its rank), and `setup` (lines indented
// two) run before the deck is dealt; then `tricks` tricks of FirstCardWins.
Result<RulesetPtr> SetupThenDeal(int players, const std::string& values,
                                 const std::string& setup, int tricks) {
  return LoadRulesetText("setup.yaml",
                         "name: setup\nplayers: " + std::to_string(players) +
                             R"(
suits: [red, blue]
zones:
  deck: {setup: true}
  hand: {per_player: true}
  won: {per_player: true}
  trick: {}
variables:
  score: {per_player: true}
cards:
  - {suits: [red, blue], values: )" +
                             values + R"(}
setup: |
)" + setup + R"(  deal deck to hand
)" + FirstCardWins(tricks) + R"(game:
  end_when: round == 1
  rank: score(p)
)");
}

// The state once SetupThenDeal's ruleset has set up, and each seat's rank.
struct AfterSetup {
  State state;
  std::vector<int64_t> ranks;
};
AfterSetup RunSetup(int players, const std::string& values, const std::string& setup,
                    int tricks) {
  auto r = SetupThenDeal(players, values, setup, tricks);
  INFO(testing::FormatErrors(r));
  REQUIRE(r.ok());
  Game game(*r.value(), players);
  AfterSetup out{game.NewInitialState(), {}};
  for (int p = 0; p < players; ++p) out.ranks.push_back(game.Rank(out.state, p));
  return out;
}

// Regression, fixed (interpreter/game.cc, kForBegin; limits.h kMaxLoopItems = 24):
// `for c in <zone>` over more than 24 cards is accepted at load time and
// then ends the game with state.error at run time. The loader cannot know a
// zone's size, so either loops need room for kMaxCards items or the limit
// must be documented where rulesets are written.
TEST_CASE("game: a for loop over 30 cards runs", "[game]") {
  const AfterSetup after =
      RunSetup(2, "1..15", "  for c in deck { score(0) += 1 }\n", 15);
  CHECK_FALSE(after.state.error);
  CHECK(after.ranks[0] == 30);
}

// A loop keeps a byte a value (state.h, Loop): a seat or a card as it is, a
// list's value by its place, a range's by its step from the lowest. Each
// kind walks its values in order, sorted by its keys where it has them,
// nested, and at the ends of the 16-bit range.
TEST_CASE("game: loops walk their values in order, each kind of list", "[game]") {
  // score(0): the values weighted by their turn (1, 2, 3, ...), so that
  // another order gives another sum.
  struct Case {
    const char* loop;
    const char* value;  // of v, a number
    int64_t sum;
  } cases[] = {
      {"for v in -3..-6", "v", -3 * 1 + -4 * 2 + -5 * 3 + -6 * 4},
      {"for v in 5..1", "v", 5 * 1 + 4 * 2 + 3 * 3 + 2 * 4 + 1 * 5},
      {"for v in 32764..32767", "v", 32764 * 1 + 32765 * 2 + 32766 * 3 + 32767 * 4},
      {"for v in -32768..-32766", "v", -32768 * 1 + -32767 * 2 + -32766 * 3},
      {"for v in [7, 0, 300, 5]", "v", 7 * 1 + 0 * 2 + 300 * 3 + 5 * 4},
      {"for v in [7, 0, 300, 5] by v", "v", 0 * 1 + 5 * 2 + 7 * 3 + 300 * 4},
      {"for v in seats by -v", "v", 2 * 1 + 1 * 2 + 0 * 3},
      // red 1..3, then blue 1..3; by value, red first among equals.
      {"for v in deck by -v.value", "v.value * 10 + (if v.suit == red then 1 else 2)",
       31 * 1 + 32 * 2 + 21 * 3 + 22 * 4 + 11 * 5 + 12 * 6},
  };
  for (const Case& c : cases) {
    INFO(c.loop);
    const AfterSetup after =
        RunSetup(3, "1..3",
                 "  let k = 1\n  " + std::string(c.loop) + " {\n    score(0) += (" +
                     c.value + ") * k\n    k += 1\n  }\n",
                 2);
    REQUIRE_FALSE(after.state.error);
    CHECK(after.ranks[0] == c.sum);
  }
  // Nested, the inner loop a list told by place (its values spread past a
  // byte): each kForNext reads its own loop's list.
  const AfterSetup nested = RunSetup(3, "1..3", R"(  for a in 1..2 {
    for b in [10, 300] { for c in deck { score(1) += a * b } }
  }
)",
                                     2);
  REQUIRE_FALSE(nested.state.error);
  CHECK(nested.ranks[1] == (10 + 300) * (1 + 2) * 6);
}

TEST_CASE("game: a loop value past 16 bits stops the game", "[game]") {
  const AfterSetup after =
      RunSetup(2, "1..2", "  for v in 32766..32768 { score(0) += 1 }\n", 2);
  CHECK(after.state.error);
  CHECK(after.state.fault == static_cast<uint8_t>(RuntimeFault::kLoopValue));
}

// The picks of a choice lie in the options' room, from its end
// (State::ChosenCard): a pick of nearly every card of the largest deck fills
// that room exactly, and the cards still arrive in the order they were picked.
TEST_CASE("game: picks fill the options' room and move in pick order", "[game]") {
  auto r = LoadRulesetText("picks.yaml", R"(name: picks
players: 2
suits: [red, blue, green, yellow]
zones:
  deck: {setup: true}
  hand: {per_player: true}
  won: {per_player: true}
  trick: {}
cards:
  - {suits: [red, blue, green, yellow], values: 1..60}
setup: |
  move choose(0, 238, deck, "take all but two") to won(0)
  deal deck to hand
)" + FirstCardWins(1) + R"(game:
  end_when: true
  rank: count(won(p))
)");
  INFO(testing::FormatErrors(r));
  REQUIRE(r.ok());
  REQUIRE(r.value()->cards.size() == static_cast<size_t>(kMaxCards));
  Game game(*r.value(), 2);
  State s = game.NewInitialState();
  std::vector<int> left(s.decision.options, s.decision.options + s.decision.count);
  REQUIRE(left.size() == static_cast<size_t>(kMaxCards));
  std::vector<uint8_t> picked;
  for (int k = 0; k < 238; ++k) {
    REQUIRE(s.decision.kind == DecisionKind::kChoose);
    // The options are the cards not yet picked, in their first order.
    REQUIRE(std::vector<int>(s.decision.options, s.decision.options + s.decision.count) ==
            left);
    const size_t at = static_cast<size_t>(k) * 7 % left.size();
    picked.push_back(static_cast<uint8_t>(left[at]));
    REQUIRE(
        game.Apply(s, Action{ActionKind::kChoose, 0, static_cast<int16_t>(left[at]), 0})
            .ok());
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(at));
  }
  CHECK_FALSE(s.error);
  CHECK(CheckZones(*r.value(), s) == "");
  const int won =
      r.value()->zones[static_cast<size_t>(r.value()->FindFamily("won"))].first;
  const auto pile = s.Zone(won);
  CHECK(std::vector<uint8_t>(pile.begin(), pile.end()) == picked);
  CHECK(s.chosen_count == 0);  // moved: the room is the options' again
  CHECK(s.decision.kind == DecisionKind::kPlay);
}

TEST_CASE("game: chance actions replay deterministically", "[game]") {
  const Ruleset& rules = Fishing();
  for (int players = 3; players <= 5; ++players) {
    Game game(rules, players);
    auto run = [&](uint64_t seed) {
      State s = game.NewInitialState();
      Rng rng(seed);
      std::vector<Action> actions;
      while (game.IsChance(s)) {
        Action a = game.SampleChance(s, rng);
        actions.push_back(a);
        REQUIRE(game.Apply(s, a).ok());
      }
      return std::make_pair(s, actions);
    };
    auto [a, actions_a] = run(11);
    auto [b, actions_b] = run(11);
    auto [c, actions_c] = run(12);
    CHECK(actions_a == actions_b);
    CHECK(SameBytes(a, b));
    CHECK(actions_a != actions_c);
    CHECK_FALSE(SameBytes(a, c));
    // The same chance actions applied again give the same state.
    State d = game.NewInitialState();
    for (const Action& x : actions_a) REQUIRE(game.Apply(d, x).ok());
    CHECK(SameBytes(a, d));
    // A shuffle's outcome depends only on its seed and the cards shuffled.
    int ocean = rules.zones[static_cast<size_t>(rules.FindFamily("ocean"))].first;
    CHECK(a.ZoneSize(ocean) == 60);
    auto oa = a.Zone(ocean), oc = c.Zone(ocean);
    CHECK_FALSE(std::equal(oa.begin(), oa.end(), oc.begin()));
  }
}

TEST_CASE("game: a shuffle outcome is Rng(seed).Shuffle of the zone", "[game]") {
  const Ruleset& rules = Fishing();
  Game game(rules, 3);
  State s = game.NewInitialState();
  REQUIRE(game.IsChance(s));
  int zone = s.decision.zone;
  CHECK(rules.ZoneName(zone) == "staging");
  std::vector<uint8_t> expected(s.Zone(zone).begin(), s.Zone(zone).end());
  CHECK(expected.size() == 12);  // the 5-star cards
  Rng rng(4242);
  rng.Shuffle(expected.data(), expected.size());
  Action a{ActionKind::kChance, -1, 0, 4242};
  CHECK(game.ActionText(s, a) == "shuffle staging #0000000000001092");
  REQUIRE(game.Apply(s, a).ok());
  // Then the shuffled stack went onto the (empty) ocean, in its order.
  int ocean = rules.zones[static_cast<size_t>(rules.FindFamily("ocean"))].first;
  std::vector<uint8_t> got(s.Zone(ocean).begin(), s.Zone(ocean).end());
  CHECK(got == expected);
}

TEST_CASE("game: ActionText and DecisionText", "[game]") {
  const Ruleset& rules = Fishing();
  Table t(rules, 3, rules.entry_trick);
  t.Set("tricks", 2);
  t.Give(0, {"yellow 0", "red 4"});
  t.Give(1, {"yellow 7", "red 5"});
  t.Give(2, {"buoy \"call the color\"", "blue 1"});
  t.Continue();
  Action play{ActionKind::kPlay, 0, static_cast<int16_t>(t.CardIn("yellow 0", t.Hand(0))),
              0};
  CHECK(t.game.ActionText(t.s, play) == "play yellow 0");
  t.Apply(play);
  t.Play(1, "yellow 7");
  t.Play(2, "buoy \"call the color\"");
  CHECK(t.s.decision.kind == DecisionKind::kChoose);
  CHECK(t.game.DecisionText(t.s) == "seat 0 chooses 1 card(s)");
  CHECK(t.LegalSorted() ==
        std::vector<std::string>{"buoy \"call the color\"", "yellow 7"});
  t.Choose(0, "buoy \"call the color\"", t.Zone("trick"));
  CHECK(t.s.decision.kind == DecisionKind::kOption);
  CHECK(t.game.DecisionText(t.s) == "seat 2 chooses");
  CHECK(t.game.ActionText(t.s, Action{ActionKind::kOption, 2, 2, 0}) == "choose red");
}

}  // namespace
}  // namespace angler
