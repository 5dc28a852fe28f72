// Name and type errors of the language, found at load time, with their
// messages and places; and the types of what compiles.
#include "interpreter/compiler.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "dsl/parser.h"
#include "tests/test_util.h"

namespace angler {
namespace {

struct Env {
  Ruleset rules;
  Compiler compiler;
  Env() : rules(testing::Fishing()), compiler(rules) {}
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;

  Snippet Text(const std::string& text) {
    return Snippet::WholeFile(SourceFile::Make("code", text));
  }
  void Define(const std::string& name, const std::string& body,
              std::vector<std::string> params = {}) {
    auto parsed = ParseExpression(Text(body));
    REQUIRE(parsed.ok());
    compiler.Define(name, std::move(params), std::move(parsed.value()));
  }
  // prefix0 .. prefixN: prefix0 is `first`, each next one `body` of the name
  // of the one before.
  template <typename Body>
  void DefineChain(const std::string& prefix, const std::string& first, int n,
                   Body body) {
    Define(prefix + "0", first);
    for (int i = 1; i <= n; ++i)
      Define(prefix + std::to_string(i), body(prefix + std::to_string(i - 1)));
  }
  // The compiled expression's type, or the first error as "line:col: message".
  std::string Expression(const std::string& text, Type want = Type::kVoid,
                         const CodeContext& ctx = {}) {
    auto parsed = ParseExpression(Text(text));
    REQUIRE(parsed.ok());
    auto r = compiler.Expression(*parsed.value(), want, ctx);
    if (r.ok()) return TypeName(rules.nodes[static_cast<size_t>(r.value())].type);
    const Diagnostic& d = r.error();
    return std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " +
           d.message;
  }
  std::string Statements(const std::string& text, const CodeContext& ctx = {}) {
    auto parsed = ParseStatements(Text(text));
    REQUIRE(parsed.ok());
    auto r = compiler.Statements(parsed.value(), ctx);
    if (r.ok()) return "ok";
    const Diagnostic& d = r.error();
    return std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " +
           d.message;
  }
};

CodeContext InFilter() {
  CodeContext ctx;
  ctx.has_card = true;
  return ctx;
}

CodeContext InEffect() {
  CodeContext ctx;
  ctx.in_effect = true;
  return ctx;
}

TEST_CASE("compiler: the types of expressions", "[compiler]") {
  Env env;
  CHECK(env.Expression("1 + 2") == "a number");
  CHECK(env.Expression("1 < 2") == "a condition");
  CHECK(env.Expression("red") == "a suit");
  CHECK(env.Expression("trump") == "a suit");
  CHECK(env.Expression("buoy") == "a kind");
  CHECK(env.Expression("ocean") == "a zone");
  CHECK(env.Expression("hand(0)") == "a zone");
  CHECK(env.Expression("hand(0) where suit == red") == "cards");
  CHECK(env.Expression("top(ocean, 2)") == "cards");
  CHECK(env.Expression("top(ocean)") == "a card");
  CHECK(env.Expression("first(played)") == "a card");
  CHECK(env.Expression("first(played).player") == "a player");
  CHECK(env.Expression("left(0)") == "a player");
  CHECK(env.Expression("seats") == "players");
  CHECK(env.Expression("1..3") == "a list");
  CHECK(env.Expression("[blue, red]") == "a list");
  CHECK(env.Expression("none") == "none");
  CHECK(env.Expression("called ?? red") == "a suit");
  CHECK(env.Expression("caller ?? 0") == "a player");
  CHECK(env.Expression("hand_size[round]") == "a number");
  CHECK(env.Expression("score(winner)") == "a number");
  CHECK(env.Expression("if true then ocean else trick") == "cards");
  CHECK(env.Expression("value", Type::kInt, InFilter()) == "a number");
  CHECK(env.Expression("self", Type::kCard, InEffect()) == "a card");
  CHECK(env.Expression("owner", Type::kPlayer, InEffect()) == "a player");
  CHECK(env.Expression("0", Type::kPlayer) == "a number");  // seats are numbers
}

TEST_CASE("compiler: unknown names suggest the nearest", "[compiler][diagnostics]") {
  Env env;
  CHECK(env.Expression("scroe(0)") ==
        "1:1: unknown function 'scroe' (did you mean 'score'?)");
  CHECK(env.Expression("1 + trunp") ==
        "1:5: unknown name 'trunp' (did you mean 'trump'?)");
  CHECK(env.Expression("oceans") == "1:1: unknown name 'oceans' (did you mean 'ocean'?)");
  CHECK(env.Expression("count(ocean) + xyzzy") == "1:16: unknown name 'xyzzy'");
  CHECK(env.Expression("first(ocean).vlaue") ==
        "1:13: a card has no 'vlaue' (did you mean 'value'?)");
  CHECK(env.Expression("hand_sise[1]") ==
        "1:1: only tables can be indexed; 'hand_sise' is not a table (did you mean "
        "'hand_size'?)");
  CHECK(env.Expression("ocean[1]") ==
        "1:1: only tables can be indexed; 'ocean' is not a table");
}

TEST_CASE("compiler: a define that doubles, called on itself, is stopped at a size",
          "[compiler][diagnostics]") {
  // Each call reads its argument twice: n calls deep write out 2^n copies.
  // Loading such a ruleset must end at once with an error, not run for hours.
  Env env;
  env.Define("twice", "x + x", {"x"});
  auto nested = [](int n) {
    std::string e = "count(ocean)";
    for (int i = 0; i < n; ++i) e = "twice(" + e + ")";
    return e;
  };
  CHECK(env.Expression(nested(8)) == "a number");
  // count(ocean) is 2 nodes; each call doubles and adds 2 (the sum, its shared
  // wrapper): k calls are 4 * 2^k - 2 nodes, past 65,536 at the 15th call
  // from the inside, the 46th from the outside.
  CHECK(env.Expression(nested(60)) ==
        "1:" + std::to_string(1 + 6 * 45) +
            ": 'twice' grows too large once its defines are written out (more than "
            "65536 parts): defines that use a define or an argument twice, nested deep");
}

TEST_CASE("compiler: defines that each use the one before twice are stopped at a size",
          "[compiler][diagnostics]") {
  // d1 is d0 twice, d2 is d1 twice, ...: d30 would be 2^30 copies of d0.
  Env env;
  env.DefineChain("d", "count(ocean)", 30,
                  [](const std::string& before) { return before + " + " + before; });
  CHECK(env.Expression("d8") == "a number");
  // The body of d15 uses d14, whose body passes 65,536 nodes: the first
  // column of "d14 + d14".
  CHECK(env.Expression("d30") ==
        "1:1: 'd14' grows too large once its defines are written out (more than 65536 "
        "parts): defines that use a define or an argument twice, nested deep");
}

TEST_CASE("compiler: a define in terms of itself, and defines nested too deep",
          "[compiler][diagnostics]") {
  Env env;
  env.Define("again", "again + 1");
  env.Define("ping", "pong + 1");
  env.Define("pong", "ping * 2");
  CHECK(env.Expression("again") == "1:1: 'again' is defined in terms of itself");
  CHECK(env.Expression("ping") == "1:1: 'ping' is defined in terms of itself");
  // Each define 150 operators deep, its leftmost term the one before: no
  // expression is past the parser's 200, but written out they nest 150 more
  // at each level, and the compiler, the node walks and the evaluator recurse.
  std::string ones;
  for (int i = 0; i < 150; ++i) ones += " + 1";
  env.DefineChain("e", "count(ocean)", 10,
                  [&ones](const std::string& before) { return before + ones; });
  CHECK(env.Expression("e5") == "a number");
  CHECK(env.Expression("e10") ==
        "1:1: this nests too deeply once its defines are written out (more than 1000 "
        "levels)");
}

TEST_CASE("compiler: many uses of large defines are stopped at a size in all",
          "[compiler][diagnostics]") {
  // Each use is under the limit of one define; together they pass the limit
  // of a whole ruleset.
  Env env;
  auto define = [&](const std::string& name, const std::string& used, int times) {
    std::string body = used;
    for (int i = 1; i < times; ++i) body += " + " + used;
    env.Define(name, body);
  };
  define("d0", "count(ocean)", 1);
  define("d1", "d0", 150);
  define("d2", "d1", 40);
  define("d3", "d2", 150);
  const std::string got = env.Expression("d3");
  CHECK(got.find(": the rules grow too large once their defines are written out (more "
                 "than 262144 parts in all)") != std::string::npos);
}

TEST_CASE("compiler: names used the wrong way", "[compiler][diagnostics]") {
  Env env;
  CHECK(env.Expression("score") ==
        "1:1: 'score' is kept per player: write score(player)");
  CHECK(env.Expression("hand") == "1:1: 'hand' is a zone per player: write hand(player)");
  CHECK(env.Expression("ocean(1)") == "1:1: 'ocean' is a shared zone: write just ocean");
  CHECK(env.Expression("trump(1)") ==
        "1:1: 'trump' is one value for the game: write just trump");
  CHECK(env.Expression("value") ==
        "1:1: 'value' of which card? Write card.value or use it inside 'where'");
  CHECK(env.Expression("self") == "1:1: 'self' exists only inside a card effect");
  CHECK(env.Expression("card") ==
        "1:1: 'card' exists only inside 'where' and the play rules");
  CHECK(env.Expression("count(ocean, 1)") == "1:1: 'count' takes 1 argument(s), not 2");
  CHECK(env.Expression("choose(0, 1, ocean)") ==
        "1:1: 'choose' asks a player: use it as the source of 'move' or the value of an "
        "assignment");
}

TEST_CASE("compiler: type errors", "[compiler][diagnostics]") {
  Env env;
  CHECK(env.Expression("1 + red") == "1:5: expected a number");
  CHECK(env.Expression("red and true") == "1:1: expected a condition");
  CHECK(env.Expression("true or 1") == "1:9: expected a condition, but this is a number");
  CHECK(env.Expression("round + 1", Type::kBool) ==
        "1:1: expected a condition, but this is a number");
  CHECK(env.Expression("ocean == ocean") == "1:1: cannot compare a zone");
  CHECK(env.Expression("red == 1") == "1:8: cannot compare a suit with a number");
  CHECK(env.Expression("1 ?? 2") ==
        "1:1: '?"
        "?' needs two cards, players or suits, not a number and a number");
  CHECK(env.Expression("if true then 1 else red") ==
        "1:21: both branches must have one type: a number and a suit");
  CHECK(env.Expression("[1, red]") == "1:5: a list holds values of one type");
  CHECK(env.Expression("[1, players]") == "1:5: a list holds only constants");
  CHECK(env.Expression("red in [1, 3]") == "1:1: a list of a number cannot hold a suit");
  CHECK(env.Expression("count(5)") == "1:7: expected cards, but this is a number");
  CHECK(env.Expression("ocean - 1") == "1:9: expected a card or cards");
  CHECK(env.Expression("\"text\"") == "1:1: text in quotes is not a value here");
}

// Regression, fixed (interpreter/compiler.cc, CompileBinary, 'in'): the element type
// check is skipped when the list node's `b` is 0, meant for the empty list `[]`; but a
// range node never sets `b`, so `red in 1..3` compiles and compares the suit's index with
// numbers (true for red, index 2).
TEST_CASE("compiler: 'in' a range checks the element type", "[compiler][diagnostics]") {
  Env env;
  CHECK(env.Expression("red in 1..3") == "1:1: a list of a number cannot hold a suit");
}

TEST_CASE("compiler: statements that compile", "[compiler]") {
  Env env;
  CHECK(env.Statements("move top(ocean, 2) to hand(0)\n"
                       "move hand(1) to bottom of boat(1)\n"
                       "shuffle ocean\n"
                       "deal ocean to hand\n"
                       "score(0) += 3\n"
                       "trump = red\n"
                       "let n = count(ocean)\n"
                       "n -= 1\n"
                       "for p in seats by -score(p), play_position(p) { need(p) = n }\n"
                       "repeat 2 { score(1) -= 1 }\n"
                       "if n > 1 { end_game \"done\" } else if n == 0 { end_game }\n") ==
        "ok");
  CHECK(env.Statements("move choose(owner, 1, trick - self) to fisher(owner)\n"
                       "called = choose_suit(owner)\n",
                       InEffect()) == "ok");
}

TEST_CASE("compiler: statement errors", "[compiler][diagnostics]") {
  Env env;
  CHECK(env.Statements("move ocean to hand") ==
        "1:15: 'hand' is a zone per player: write hand(player)");
  CHECK(env.Statements("move 3 to ocean") ==
        "1:6: move needs a card or cards, not a number");
  CHECK(env.Statements("move ocean to top(ocean)") ==
        "1:15: expected a zone, but this is a card");
  CHECK(env.Statements("x = 1") == "1:1: unknown variable 'x'");
  CHECK(env.Statements("scroe(0) = 1") == "1:1: only a variable can be assigned");
  CHECK(env.Statements("score = 1") ==
        "1:1: 'score' is kept per player: write score(player)");
  CHECK(env.Statements("trump += 1") == "1:1: '+=' needs a number variable");
  CHECK(env.Statements("round = red") == "1:9: expected a number, but this is a suit");
  CHECK(env.Statements("deal ocean to fisherr") ==
        "1:1: deal needs a zone kept per player, not 'fisherr' (did you mean 'fisher'?)");
  CHECK(env.Statements("deal ocean to ocean") ==
        "1:1: deal needs a zone kept per player, not 'ocean'");
  CHECK(env.Statements("trick_effects()") ==
        "1:1: trick_effects() belongs in the trick's end steps");
  CHECK(env.Statements("count(ocean)") ==
        "1:1: this is a value, not a statement: move, assign, or call trick_effects() or "
        "search()");
  CHECK(env.Statements("let z = ocean") == "1:1: let holds a single value, not a zone");
  CHECK(env.Statements("for c in 5 { }") ==
        "1:10: for walks over seats, a list, a range or cards, not a number");
  CHECK(env.Statements("if 1 { }") == "1:4: expected a condition, but this is a number");
  CHECK(env.Statements("move choose(owner, 1, ocean) to hand(owner)") ==
        "1:13: 'owner' exists only inside a card effect");
  // A local lives until the end of its block.
  CHECK(env.Statements("if true { let k = 1 }\nround = k") == "2:9: unknown name 'k'");
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("compiler: a choice's prompt", "[compiler]") {
  Env env;
  const size_t prompts = env.rules.prompts.size(), code = env.rules.code.size();
  CHECK(env.Statements("move choose(owner, 1, hand(owner), \"pass {card} on\") to trick",
                       InEffect()) == "ok");
  CHECK(env.Statements("called = choose_suit(owner, \"name a colour\")", InEffect()) ==
        "ok");
  CHECK(env.Statements("trump = choose(0, [red, blue], \"name a colour\")") == "ok");
  // One entry per text, shared by the choices that ask it.
  REQUIRE(env.rules.prompts.size() == prompts + 2);
  CHECK(env.rules.prompts[prompts] == "pass {card} on");
  CHECK(env.rules.prompts[prompts + 1] == "name a colour");
  int asking = 0;
  for (size_t i = code; i < env.rules.code.size(); ++i) {
    const Instr& in = env.rules.code[i];
    if (in.code == Code::kChooseCards) CHECK(in.slot == static_cast<int>(prompts));
    if (in.code == Code::kChooseOption) CHECK(in.slot == static_cast<int>(prompts + 1));
    asking += in.code == Code::kChooseCards || in.code == Code::kChooseOption;
  }
  CHECK(asking == 3);
  CHECK(env.Statements("move choose(owner, 1, hand(owner), \"pass {cards}\") to trick",
                       InEffect()) ==
        "1:36: a prompt may name only {card} (the card whose effect asks)");
  CHECK(env.Statements("move choose(0, 1, hand(0), \"pass {card}\") to trick") ==
        "1:28: {card} in a prompt exists only inside a card effect");
  CHECK_THAT(env.Statements("move choose(0, 1, \"x\") to trick"),
             Catch::Contains("an optional prompt"));
}

}  // namespace
}  // namespace angler
