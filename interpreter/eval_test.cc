// Expressions compiled against (a copy of) the Fishing ruleset and evaluated
// on hand-built states.
#include "interpreter/eval.h"

#include <catch2/catch.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "dsl/parser.h"
#include "interpreter/compiler.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using Names = std::vector<std::string>;

// A compiler over a private copy of the Fishing ruleset, and a position.
struct Env {
  Ruleset rules;
  Compiler compiler;
  testing::Table table;

  explicit Env(int players = 4)
      : rules(testing::Fishing()),
        compiler(rules),
        table(rules, players, rules.entry_trick) {}
  Env(const Env&) = delete;  // the compiler and the table refer to `rules`
  Env& operator=(const Env&) = delete;

  int Compile(const std::string& text, const CodeContext& ctx = {}) {
    auto parsed = ParseExpression(Snippet::WholeFile(SourceFile::Make("expr", text)));
    INFO(text << "\n" << testing::FormatErrors(parsed));
    REQUIRE(parsed.ok());
    auto node = compiler.Expression(*parsed.value(), Type::kVoid, ctx);
    INFO(testing::FormatErrors(node));
    REQUIRE(node.ok());
    BindEvaluators(rules);
    return node.value();
  }
  int64_t Value(const std::string& text, int p = 0) {
    CodeContext ctx;
    ctx.params = {{"p", Type::kPlayer}};
    int node = Compile(text, ctx);
    Frame frame{};
    frame.locals[0] = p;
    Evaluator ev(rules, table.s, &frame);
    return ev.Value(node);
  }
  Names Cards(const std::string& text) {
    int node = Compile(text);
    Frame frame{};
    Evaluator ev(rules, table.s, &frame);
    Names out;
    for (uint8_t c : ev.Cards(node)) out.push_back(rules.card_names[c]);
    return out;
  }
  int Card(const std::string& name) const {
    int c = rules.FindCard(name);
    REQUIRE(c >= 0);
    return c;
  }
  int Suit(const std::string& name) const { return rules.FindSuit(name); }
};

// The position most tests use: 4 players; the ocean holds red 1, 2, 3 (red 3
// on top); seat 0 holds blue 5, red 5, green 7, yellow 0 (in that order, the
// yellow 0 on top); seat 1 holds blue 6, red 6.
void Position(Env& env) {
  auto& t = env.table;
  t.Put(t.Zone("ocean"), {"red 1", "red 2", "red 3"});
  t.Give(0, {"blue 5", "red 5", "green 7", "yellow 0"});
  t.Give(1, {"blue 6", "red 6"});
}

TEST_CASE("eval: numbers and arithmetic", "[eval]") {
  Env env;
  CHECK(env.Value("2 + 3 * 4") == 14);
  CHECK(env.Value("(2 + 3) * 4") == 20);
  CHECK(env.Value("7 - 10") == -3);
  CHECK(env.Value("-7 / 2") == -3);  // truncates toward zero
  CHECK(env.Value("-7 % 3") == -1);
  CHECK(env.Value("7 / 0") == 0);  // division by zero gives 0
  CHECK(env.Value("7 % 0") == 0);
  CHECK(env.Value("abs(0 - 4)") == 4);
  CHECK(env.Value("max(3, 9)") == 9);
  CHECK(env.Value("min(3, 9)") == 3);
  CHECK(env.Value("max(-3, -9)") == -3);
  CHECK(env.Value("players") == 4);
}

TEST_CASE("eval: a number and a constant added or taken away are one node", "[eval]") {
  Env env;
  const int tn = env.rules.builtin.trick_number;
  env.table.s.vars[tn] = 5;
  const std::vector<std::tuple<const char*, int64_t, int64_t>> cases = {
      {"trick_number - 1", -1, 4},
      {"trick_number + 2", 2, 7},
      {"2 + trick_number", 2, 7}};
  for (const auto& [text, imm, value] : cases) {
    INFO(text);
    const Node& n = env.rules.nodes[static_cast<size_t>(env.Compile(text))];
    CHECK(n.op == Op::kAddConst);
    CHECK(n.imm == imm);
    CHECK(env.Value(text) == value);
  }
  CHECK(env.Value("10 - trick_number") == 5);  // a constant first is no x + imm
  CHECK(env.rules.nodes.back().op == Op::kSub);
  // Overflow still faults, on the way up and on the way down.
  for (int v : {1, -2}) {
    env.table.s.vars[tn] = v;
    const std::string text = v > 0 ? "trick_number + 9223372036854775807"
                                   : "trick_number - 9223372036854775807";
    Frame frame{};
    Evaluator ev(env.rules, env.table.s, &frame);
    CHECK(ev.Value(env.Compile(text)) == 0);
    CHECK(ev.fault() == RuntimeFault::kOverflow);
  }
}

TEST_CASE("eval: comparisons and logic", "[eval]") {
  Env env;
  CHECK(env.Value("1 < 2") == 1);
  CHECK(env.Value("2 < 2") == 0);
  CHECK(env.Value("2 <= 2") == 1);
  CHECK(env.Value("3 >= 4") == 0);
  CHECK(env.Value("3 > 2 and 2 > 1") == 1);
  CHECK(env.Value("3 > 2 and 2 > 3") == 0);
  CHECK(env.Value("1 > 2 or 2 > 3 or 3 > 2") == 1);
  CHECK(env.Value("1 > 2 or 2 > 3 or 3 > 4") == 0);
  CHECK(env.Value("not 1 > 2") == 1);
  CHECK(env.Value("1 == 1 and not (2 == 3 or 3 == 3)") == 0);
  CHECK(env.Value("5 == 5") == 1);
  CHECK(env.Value("5 != 5") == 0);
  CHECK(env.Value("trump == green") == 1);
  CHECK(env.Value("green == trump") == 1);
  CHECK(env.Value("trump != red") == 1);
  CHECK(env.Value("called == none") == 1);
  CHECK(env.Value("if round > 1 then 10 else 20") == 20);
  CHECK(env.Value("if round == 0 then 10 else 20") == 10);
}

TEST_CASE("eval: membership in lists, ranges and seats", "[eval]") {
  Env env;
  CHECK(env.Value("3 in 1..5") == 1);
  CHECK(env.Value("6 in 1..5") == 0);
  CHECK(env.Value("1 in 1..1") == 1);
  CHECK(env.Value("red in [blue, red]") == 1);
  CHECK(env.Value("green in [blue, red]") == 0);
  CHECK(env.Value("2 in [1, 2, 3]") == 1);
  CHECK(env.Value("3 in seats") == 1);
  CHECK(env.Value("4 in seats") == 0);
}

TEST_CASE("eval: variables, per-player variables, locals", "[eval]") {
  Env env;
  env.table.Set("score", 17, 2);
  env.table.Set("round", 3);
  CHECK(env.Value("score(2)") == 17);
  CHECK(env.Value("score(p)", 2) == 17);
  CHECK(env.Value("score(p)", 1) == 0);
  CHECK(env.Value("score(left(p))", 1) == 17);
  CHECK(env.Value("round") == 3);
  CHECK(env.Value("if round > 1 then 10 else 20") == 10);
}

TEST_CASE("eval: tables by player count and row", "[eval]") {
  Env four(4);
  CHECK(four.Value("hand_size[1]") == 9);
  CHECK(four.Value("hand_size[3]") == 10);
  CHECK(four.Value("hand_size[8]") == 12);
  CHECK(four.Value("hand_size[0]") == 0);  // outside the row
  CHECK(four.Value("hand_size[9]") == 0);
  Env three(3);
  CHECK(three.Value("hand_size[1]") == 10);
  CHECK(three.Value("hand_size[7]") == 13);
  Env five(5);
  CHECK(five.Value("hand_size[2]") == 8);
  CHECK(five.Value("hand_size[8]") == 11);
  five.table.Set("round", 5);
  CHECK(five.Value("hand_size[round]") == 10);
}

TEST_CASE("eval: seats to the left and right", "[eval]") {
  Env env(4);
  CHECK(env.Value("left(0)") == 1);
  CHECK(env.Value("left(3)") == 0);
  CHECK(env.Value("right(0)") == 3);
  CHECK(env.Value("right(2)") == 1);
  CHECK(env.Value("left(right(p))", 2) == 2);
  // Past the last seat, a number counts round the table; none stays none.
  CHECK(env.Value("left(5)") == 2);
  CHECK(env.Value("right(4)") == 3);
  CHECK(env.Value("right(6)") == 1);
  CHECK(env.Value("left(none)") == kNone);
  CHECK(env.Value("right(none)") == kNone);
}

TEST_CASE("eval: top and bottom of a zone", "[eval]") {
  Env env;
  Position(env);
  CHECK(env.Value("count(ocean)") == 3);
  CHECK(env.Value("top(ocean)") == env.Card("red 3"));
  CHECK(env.Cards("top(ocean, 2)") == Names{"red 3", "red 2"});  // draw order
  CHECK(env.Cards("bottom(ocean, 2)") == Names{"red 1", "red 2"});
  CHECK(env.Cards("top(ocean, 10)") == Names{"red 3", "red 2", "red 1"});
  CHECK(env.Cards("top(ocean, 0)").empty());
  CHECK(env.Cards("top(ocean, 0 - 2)").empty());
  CHECK(env.Cards("ocean") == Names{"red 1", "red 2", "red 3"});
  CHECK(env.Cards("reversed(ocean)") == Names{"red 3", "red 2", "red 1"});
  CHECK(env.Value("count(top(hand(p), 3))", 1) == 2);
}

TEST_CASE("eval: count, first, last and top of a zone read the zone itself", "[eval]") {
  Env env;
  Position(env);
  CodeContext ctx;
  ctx.params = {{"p", Type::kPlayer}};
  auto op = [&](const char* text) {
    return env.rules.nodes[static_cast<size_t>(env.Compile(text, ctx))].op;
  };
  CHECK(op("count(ocean)") == Op::kZoneSize);
  CHECK(op("first(ocean)") == Op::kZoneFirst);
  CHECK(op("last(ocean)") == Op::kZoneLast);
  CHECK(op("top(ocean)") == Op::kZoneLast);
  CHECK(op("first(hand(p))") == Op::kZoneFirst);
  CHECK(op("last(top(ocean, 2))") == Op::kLast);
  CHECK(env.Value("first(ocean)") == env.Card("red 1"));
  CHECK(env.Value("last(ocean)") == env.Card("red 3"));
  CHECK(env.Value("first(hand(p))", 1) == env.Card("blue 6"));
  CHECK(env.Value("last(hand(p))", 1) == env.Card("red 6"));
  CHECK(env.Value("first(trick)") == kNone);  // empty: none
  CHECK(env.Value("last(hand(p))", 3) == kNone);
  CHECK(env.Value("first(hand(p))", kNone) == kNone);  // no seat: no zone
  // Cards picked from a zone are a list, not the zone: read as one.
  CHECK(env.Value("last(top(ocean, 2))") == env.Card("red 2"));
}

TEST_CASE("eval: first, last, highest, lowest; ties go to the earlier card", "[eval]") {
  Env env;
  Position(env);
  CHECK(env.Value("first(hand(0))") == env.Card("blue 5"));
  CHECK(env.Value("last(hand(0))") == env.Card("yellow 0"));
  CHECK(env.Value("highest(hand(0))") == env.Card("green 7"));
  CHECK(env.Value("lowest(hand(0))") == env.Card("yellow 0"));
  CHECK(env.Value("highest(hand(0) - first(hand(0)) where suit != green)") ==
        env.Card("red 5"));
  // blue 5 and red 5 tie: the first in the list wins either way.
  CHECK(env.Value("highest(hand(0) where value == 5)") == env.Card("blue 5"));
  CHECK(env.Value("lowest(hand(0) where value == 5)") == env.Card("blue 5"));
  CHECK(env.Value("highest(reversed(hand(0) where value == 5))") == env.Card("red 5"));
  // Streamed over the filter in its own order, the tie goes to the later card;
  // the same when the condition is judged card by card (it makes no card set).
  CHECK(env.Value("lowest(reversed(hand(0) where value == 5))") == env.Card("red 5"));
  CHECK(env.Value("highest(reversed(hand(0) where (if trump == green then value else 0) "
                  "== 5))") == env.Card("red 5"));
  CHECK(env.Value("highest(reversed(hand(0) where value < 7))") == env.Card("red 5"));
  CHECK(env.Value("lowest(reversed(hand(0) where value > 0))") == env.Card("red 5"));
  CHECK(env.Value("count(reversed(hand(0) where value == 5))") == 2);
  CHECK(env.Value("any(reversed(hand(0) where value == 6))") == 0);
}

TEST_CASE("eval: none: empty lists, missing cards, ??", "[eval]") {
  Env env;
  Position(env);
  CHECK(env.Value("any(trick)") == 0);
  CHECK(env.Value("count(trick)") == 0);
  CHECK(env.Value("first(trick)") == kNone);
  CHECK(env.Value("highest(trick)") == kNone);
  CHECK(env.Value("first(trick).value") == kNone);
  CHECK(env.Value("first(trick).suit ?? red") == env.Suit("red"));
  CHECK(env.Value("first(ocean).suit ?? blue") == env.Suit("red"));
  CHECK(env.Value("first(trick) ?? first(ocean)") == env.Card("red 1"));
  CHECK(env.Value("called ?? first(trick).suit ?? yellow") == env.Suit("yellow"));
  CHECK(env.Value("count(played)") == 0);
}

TEST_CASE("eval: card attributes", "[eval]") {
  Env env;
  Position(env);
  CHECK(env.Value("first(hand(0)).value") == 5);
  CHECK(env.Value("first(hand(0)).suit") == env.Suit("blue"));
  CHECK(env.Value("first(hand(0)).stars") == 0);
  CHECK(env.Value("first(hand(0)).kind == fish") == 1);
  CHECK(env.Value("first(hand(0)).id") == env.Card("blue 5"));
  CHECK(env.Value("first(hand(0)).player") == -1);  // not played
  CHECK(env.Value("last(hand(0)).value") == 0);
  CHECK(env.Value("last(hand(0)).suit") == env.Suit("yellow"));
}

TEST_CASE("eval: filters keep the zone order", "[eval]") {
  Env env;
  Position(env);
  CHECK(env.Cards("hand(0) where suit == red") == Names{"red 5"});
  CHECK(env.Cards("hand(0) where red == suit") == Names{"red 5"});
  CHECK(env.Cards("hand(0) where suit != red") == Names{"blue 5", "green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where value > 4") == Names{"blue 5", "red 5", "green 7"});
  CHECK(env.Cards("hand(0) where value == 5 or value == 7 or suit == yellow") ==
        Names{"blue 5", "red 5", "green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where (value == 5 or value == 7) and suit != blue") ==
        Names{"red 5", "green 7"});
  CHECK(env.Cards("hand(0) where not (value == 5)") == Names{"green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where suit == trump") == Names{"green 7"});
  CHECK(env.Cards("hand(0) where trump == suit") == Names{"green 7"});
  // Comparing with another card's attribute.
  CHECK(env.Cards("hand(0) where suit == first(ocean).suit") == Names{"red 5"});
  CHECK(env.Cards("hand(0) where first(ocean).suit == suit") == Names{"red 5"});
  CHECK(env.Cards("hand(0) where value == first(hand(1)).value - 1") ==
        Names{"blue 5", "red 5"});
  CHECK(env.Cards("hand(0) where card.value >= 5 and card != first(hand(0))") ==
        Names{"red 5", "green 7"});
  CHECK(env.Cards("hand(0) where value in [0, 7]") == Names{"green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where suit in [blue, red]") == Names{"blue 5", "red 5"});
  CHECK(env.Cards("ocean where value > 9").empty());
  CHECK(env.Cards("trick where value > 0").empty());
  // Parts that do not depend on the card: the same answer.
  CHECK(env.Cards("hand(0) where round == 0 or value == 7") ==
        Names{"blue 5", "red 5", "green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where round == 1 or value == 7") == Names{"green 7"});
  CHECK(env.Cards("hand(0) where count(ocean where suit == red) == 3 and value < 6") ==
        Names{"blue 5", "red 5", "yellow 0"});
  // In a nested filter, `card` is the inner filter's card.
  CHECK(env.Cards("hand(0) where any(hand(1) where suit == card.suit)") ==
        Names{"blue 5", "red 5", "green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where any(hand(1) where value == 6)") ==
        Names{"blue 5", "red 5", "green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where any(hand(1) where value == 9)").empty());
  CHECK(env.Cards("hand(0) where value < count(ocean) * 2") ==
        Names{"blue 5", "red 5", "yellow 0"});
}

TEST_CASE("eval: a define's where reads the argument of each card in turn", "[eval]") {
  Env env;
  Position(env);
  // held_by_1(suit) binds the judged card's suit for the define's own filter:
  // the inner count depends on the outer card, so it is never computed once
  // for the whole filter (a card-independent part would be).
  auto body = ParseExpression(
      Snippet::WholeFile(SourceFile::Make("define", "any(hand(1) where suit == s)")));
  REQUIRE(body.ok());
  env.compiler.Define("held_by_1", {"s"}, std::move(body).value());
  CHECK(env.Cards("hand(0) where held_by_1(suit)") == Names{"blue 5", "red 5"});
  CHECK(env.Cards("hand(0) where not held_by_1(suit)") == Names{"green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) where round == 0 and held_by_1(suit)") ==
        Names{"blue 5", "red 5"});
  CHECK(env.Value("count(hand(0) where held_by_1(suit))") == 2);
}

TEST_CASE("eval: a define's arguments bound by value, one inside another", "[eval]") {
  Env env;
  Position(env);
  auto define = [&](const std::string& name, std::vector<std::string> params,
                    const std::string& text) {
    auto body = ParseExpression(Snippet::WholeFile(SourceFile::Make("define", text)));
    REQUIRE(body.ok());
    env.compiler.Define(name, std::move(params), std::move(body).value());
  };
  // Both of two's arguments read the judged card, and the second binds one
  // of its own: the slots go by nesting, so ones' binding (made after x is
  // bound) must not land on x's slot. Seat 1 holds blue 6 and red 6.
  define("ones", {"v"}, "count(hand(1) where value == v)");
  define("two", {"x", "y"}, "any(hand(1) where suit == x) and y > 0");
  define("y_first", {"x", "y"}, "y > 0 and any(hand(1) where suit == x)");
  CHECK(env.Cards("hand(0) where two(suit, ones(value + 1))") ==
        Names{"blue 5", "red 5"});
  CHECK(env.Value("count(hand(0) where two(suit, ones(value + 1)) and two(suit, 1))") ==
        2);
  CHECK(env.Cards("hand(0) where two(suit, ones(value))").empty());
  // An argument put in place as it is (b, read outside a where) keeps the
  // binding it was compiled with; within it, with_suit binds a of its own and
  // reads it after b: their slots must differ.
  define("with_suit", {"a", "b"}, "b + count(hand(1) where suit == a)");
  define("both", {"x", "y"}, "with_suit(x, y)");
  CHECK(env.Cards("hand(0) where both(suit, ones(value + 1)) == 3") ==
        Names{"blue 5", "red 5"});
  CHECK(env.Cards("hand(0) where y_first(suit, ones(value + 1))") ==
        Names{"blue 5", "red 5"});
}

TEST_CASE("eval: filters see variables as they are now", "[eval]") {
  Env env;
  Position(env);
  int node = env.Compile("hand(0) where value > score(0)");
  auto names = [&]() {
    Frame frame{};
    Evaluator ev(env.rules, env.table.s, &frame);
    Names out;
    for (uint8_t c : ev.Cards(node)) out.push_back(env.rules.card_names[c]);
    // Evaluated again with the same evaluator: the same answer.
    Names again;
    for (uint8_t c : ev.Cards(node)) again.push_back(env.rules.card_names[c]);
    CHECK(again == out);
    return out;
  };
  env.table.Set("score", 4, 0);
  CHECK(names() == Names{"blue 5", "red 5", "green 7"});
  env.table.Set("score", 6, 0);
  CHECK(names() == Names{"green 7"});
  env.table.Set("score", -1, 0);
  CHECK(names() == Names{"blue 5", "red 5", "green 7", "yellow 0"});
}

TEST_CASE("eval: count, any and first over a filter match the filtered list", "[eval]") {
  Env env;
  Position(env);
  for (const char* pred : {"value > 4", "suit == red", "value == 9", "suit != green",
                           "value == 5 or suit == yellow"}) {
    INFO(pred);
    std::string list = std::string("hand(0) where ") + pred;
    Names names = env.Cards(list);
    CHECK(env.Value("count(" + list + ")") == static_cast<int64_t>(names.size()));
    CHECK(env.Value("count(reversed(" + list + "))") ==
          static_cast<int64_t>(names.size()));
    CHECK(env.Value("any(" + list + ")") == (names.empty() ? 0 : 1));
    CHECK(env.Value("first(" + list + ")") ==
          (names.empty() ? kNone : env.Card(names.front())));
    CHECK(env.Value("last(" + list + ")") ==
          (names.empty() ? kNone : env.Card(names.back())));
  }
}

TEST_CASE("eval: lists of cards: minus and plus", "[eval]") {
  Env env;
  Position(env);
  CHECK(env.Cards("hand(0) - top(hand(0))") == Names{"blue 5", "red 5", "green 7"});
  CHECK(env.Cards("hand(0) - (hand(0) where value == 5)") ==
        Names{"green 7", "yellow 0"});
  CHECK(env.Cards("hand(0) - ocean") == Names{"blue 5", "red 5", "green 7", "yellow 0"});
  CHECK(env.Cards("ocean + hand(1)") ==
        Names{"red 1", "red 2", "red 3", "blue 6", "red 6"});
  CHECK(env.Cards("hand(1) + top(ocean)") == Names{"blue 6", "red 6", "red 3"});
  CHECK(env.Value("count(ocean + hand(0) + hand(1))") == 9);
  CHECK(env.Cards("(ocean + hand(1)) where suit == red") ==
        Names{"red 1", "red 2", "red 3", "red 6"});
  CHECK(env.Cards("if round == 0 then ocean else hand(1)") ==
        Names{"red 1", "red 2", "red 3"});
  CHECK(env.Cards("if round == 1 then ocean else hand(1)") == Names{"blue 6", "red 6"});
}

TEST_CASE("eval: the trick: played, play_position, card.player", "[eval]") {
  Env env;
  Position(env);
  auto& t = env.table;
  t.Set("tricks", 3);
  t.Set("leader", 1);
  t.Give(2, {"red 9", "blue 9"});
  t.Give(3, {"red 10", "blue 10"});
  t.Continue();
  CHECK(env.Value("play_position(2)") == 4 + 2);  // not played yet: after everyone
  t.Play(1, "red 6");
  t.Play(2, "red 9");
  CHECK(env.Cards("played") == Names{"red 6", "red 9"});
  CHECK(env.Cards("trick") == Names{"red 6", "red 9"});
  CHECK(env.Value("play_position(1)") == 0);
  CHECK(env.Value("play_position(2)") == 1);
  CHECK(env.Value("play_position(0)") == 4 + 0);
  CHECK(env.Value("first(played).player") == 1);
  CHECK(env.Value("highest(played).player") == 2);
  CHECK(env.Value("turn") == 3);
  CHECK(env.Cards("played where player == 2") == Names{"red 9"});
  CHECK(env.Value("count(hand(turn) where suit == first(played).suit)") == 1);
}

// Regression, fixed (interpreter/eval.cc, Op::kFamilyZone): a seat past the family's
// zones is not checked, so hand(5) in Fishing (hands are zones 3..7, one per seat of 5)
// is zone 8, fisher(0). A negative seat gives no zone; so should this.
TEST_CASE("eval: a seat past the last one is no zone", "[eval]") {
  Env env;
  env.table.Put(env.table.Zone("fisher", 0), {"red 4", "red 5"});
  CHECK(env.Value("count(hand(5))") == 0);
  CHECK(env.Value("count(hand(0 - 1))") == 0);
}

TEST_CASE("eval: filters within filters stop at a budget of judged cards", "[eval]") {
  // Each level judges every card for each card of the level around it, and
  // reads that card (no level can be worked out once): 40^5 judgements, past
  // the budget. The evaluation ends with a fault at once, not after hours.
  Env env;
  Position(env);
  auto define = [&](const std::string& name, const std::string& body) {
    auto parsed = ParseExpression(Snippet::WholeFile(SourceFile::Make("define", body)));
    REQUIRE(parsed.ok());
    env.compiler.Define(name, {"c"}, std::move(parsed.value()));
  };
  define("g1", "count(all_cards where id > c.id)");
  for (int i = 2; i <= 5; ++i) {
    define("g" + std::to_string(i), "count(all_cards where id > c.id and g" +
                                        std::to_string(i - 1) + "(card) >= 0)");
  }
  const int shallow = env.Compile("count(all_cards where g2(card) >= 0)");
  const int deep = env.Compile("count(all_cards where g5(card) >= 0)");
  Frame frame{};
  Evaluator ok(env.rules, env.table.s, &frame);
  CHECK(ok.Value(shallow) == static_cast<int64_t>(env.rules.cards.size()));
  CHECK_FALSE(ok.faulted());
  Evaluator ev(env.rules, env.table.s, &frame);
  ev.Value(deep);
  CHECK(ev.fault() == RuntimeFault::kTooManyJudged);
}

}  // namespace
}  // namespace angler
