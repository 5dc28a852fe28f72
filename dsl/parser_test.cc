#include "dsl/parser.h"

#include <catch2/catch.hpp>
#include <string>

namespace angler {
namespace {

Snippet Text(const std::string& text, const std::string& name = "test.rules") {
  return Snippet::WholeFile(SourceFile::Make(name, text));
}

// The expression as ToString renders it, or the first diagnostic, formatted.
std::string Expr(const std::string& text) {
  auto r = ParseExpression(Text(text));
  if (!r) return r.error().Format();
  return ToString(*r.value());
}

std::string ExprError(const std::string& text) {
  auto r = ParseExpression(Text(text));
  if (r) return "parsed as " + ToString(*r.value());
  REQUIRE(r.errors().size() == 1);
  return r.error().Format();
}

std::string StmtError(const std::string& text) {
  auto r = ParseStatements(Text(text));
  if (r) return "parsed";
  REQUIRE(r.errors().size() == 1);
  return r.error().Format();
}

Block Statements(const std::string& text) {
  auto r = ParseStatements(Text(text));
  INFO((r ? std::string() : r.error().Format()));
  REQUIRE(r.ok());
  return std::move(r).value();
}

TEST_CASE("parser: leaves", "[parser]") {
  CHECK(Expr("42") == "42");
  CHECK(Expr("\"a b\"") == "\"a b\"");
  CHECK(Expr("hand") == "hand");
  CHECK(Expr("f()") == "f()");
  CHECK(Expr("hand(turn)") == "hand(turn)");
  CHECK(Expr("max(a, 1)") == "max(a, 1)");
  CHECK(Expr("[]") == "[]");
  CHECK(Expr("[1, 2, 3]") == "[1, 2, 3]");
  CHECK(Expr("[blue, red]") == "[blue, red]");
  CHECK(Expr("(a)") == "a");
  CHECK(Expr("  a  # trailing comment") == "a");
}

TEST_CASE("parser: names may start with a keyword", "[parser]") {
  CHECK(Expr("notx and ifa") == "(notx and ifa)");
  CHECK(Expr("tops + top") == "(tops + top)");
  CHECK(Expr("top(ocean, 3)") == "top(ocean, 3)");
  CHECK(Expr("bottom(boat(p), 2)") == "bottom(boat(p), 2)");
}

TEST_CASE("parser: and binds tighter than or", "[parser]") {
  CHECK(Expr("a or b and c") == "(a or (b and c))");
  CHECK(Expr("a and b or c") == "((a and b) or c)");
  CHECK(Expr("a or b or c") == "((a or b) or c)");
}

TEST_CASE("parser: not binds looser than a comparison", "[parser]") {
  CHECK(Expr("not a == b") == "(not (a == b))");
  CHECK(Expr("a and not b or c") == "((a and (not b)) or c)");
  CHECK(Expr("not not a") == "(not (not a))");
  CHECK(Expr("not any(hand(turn) where suit == led)") ==
        "(not any((hand(turn) where (suit == led))))");
}

TEST_CASE("parser: comparisons take one operator each", "[parser]") {
  CHECK(Expr("a == b") == "(a == b)");
  CHECK(Expr("a != b") == "(a != b)");
  CHECK(Expr("a <= b") == "(a <= b)");
  CHECK(Expr("a >= b") == "(a >= b)");
  CHECK(Expr("a < b") == "(a < b)");
  CHECK(Expr("a > b") == "(a > b)");
  CHECK(Expr("suit in [blue, red]") == "(suit in [blue, red])");
  CHECK(Expr("a + 1 < b * 2") == "((a + 1) < (b * 2))");
  CHECK(Expr("value == 3 and suit in [blue, red]") ==
        "((value == 3) and (suit in [blue, red]))");
}

TEST_CASE("parser: arithmetic precedence and associativity", "[parser]") {
  CHECK(Expr("a * b + c % d") == "((a * b) + (c % d))");
  CHECK(Expr("a - b - c") == "((a - b) - c)");
  CHECK(Expr("a / b * c") == "((a / b) * c)");
  CHECK(Expr("a - -b") == "(a - (-b))");
  CHECK(Expr("-a * b") == "((-a) * b)");
  CHECK(Expr("(a + b) * c") == "((a + b) * c)");
}

TEST_CASE("parser: ?? binds looser than or, where looser still", "[parser]") {
  CHECK(Expr("a ?? b or c") == "(a ?? (b or c))");
  CHECK(Expr("a ?? b ?? c") == "((a ?? b) ?? c)");
  CHECK(Expr("x where y ?? z") == "(x where (y ?? z))");
  CHECK(Expr("hand(turn) where suit == led") == "(hand(turn) where (suit == led))");
  CHECK(Expr("called ?? led_card.suit") == "(called ?? led_card.suit)");
  CHECK(
      Expr("best(played where suit == trump).player ?? caller ?? first(played).player") ==
      "((best((played where (suit == trump))).player ?? caller) ?? "
      "first(played).player)");
}

TEST_CASE("parser: if-then-else takes a whole expression in each branch", "[parser]") {
  CHECK(Expr("if a then b else c") == "(if a then b else c)");
  CHECK(Expr("if a then b else c + 1") == "(if a then b else (c + 1))");
  CHECK(Expr("if a or b then lowest(x) else highest(x)") ==
        "(if (a or b) then lowest(x) else highest(x))");
  CHECK(Expr("1 + if a then 2 else 3") == "(1 + (if a then 2 else 3))");
  CHECK(Expr("if a then if b then 1 else 2 else 3") ==
        "(if a then (if b then 1 else 2) else 3)");
}

TEST_CASE("parser: ranges bind looser than sums", "[parser]") {
  CHECK(Expr("1..10") == "(1..10)");
  CHECK(Expr("1..n + 1") == "(1..(n + 1))");
  CHECK(Expr("a - 1..b * 2") == "((a - 1)..(b * 2))");
  CHECK(Expr("x in 1..3") == "(x in (1..3))");
}

TEST_CASE("parser: member, index and call chains bind tightest", "[parser]") {
  CHECK(Expr("first(played).player") == "first(played).player");
  CHECK(Expr("f(a, b).x") == "f(a, b).x");
  CHECK(Expr("a.b.c") == "a.b.c");
  CHECK(Expr("x[1][2]") == "x[1][2]");
  CHECK(Expr("hand_size[round]") == "hand_size[round]");
  CHECK(Expr("t[i + 1].suit") == "t[(i + 1)].suit");
  CHECK(Expr("-a.b[c]") == "(-a.b[c])");
  CHECK(Expr("top(boat(p), hand_size[round])") == "top(boat(p), hand_size[round])");
  CHECK(Expr("f(g(h(x)))") == "f(g(h(x)))");
  CHECK(Expr("a . b") == "a.b");
}

TEST_CASE("parser: the Fishing expressions", "[parser]") {
  CHECK(Expr("players == 3 and (value <= 2 or value == 3 and suit in [blue, red])\n"
             "or players == 4 and value == 1") ==
        "(((players == 3) and ((value <= 2) or ((value == 3) and (suit in [blue, "
        "red])))) or "
        "((players == 4) and (value == 1)))");
  CHECK(Expr("kind == buoy or led == none or suit == led or not any(hand(turn) where "
             "suit == led)") ==
        "((((kind == buoy) or (led == none)) or (suit == led)) or "
        "(not any((hand(turn) where (suit == led)))))");
  CHECK(Expr("first(played where kind != buoy)") ==
        "first((played where (kind != buoy)))");
}

TEST_CASE("parser: expression positions are 1-based line and column", "[parser]") {
  auto r = ParseExpression(Text("a +\n  bc"));
  REQUIRE(r.ok());
  const auto& e = *r.value();
  CHECK(e.kind == angler::Expr::Kind::kBinary);
  CHECK(e.text == "+");
  CHECK(e.pos.line == 1);  // a binary node stands where its left operand does
  CHECK(e.pos.col == 1);
  CHECK(e.args[1]->kind == angler::Expr::Kind::kName);
  CHECK(e.args[1]->text == "bc");
  CHECK(e.args[1]->pos.line == 2);
  CHECK(e.args[1]->pos.col == 3);
  CHECK(e.args[1]->pos.file->name() == "test.rules");
}

TEST_CASE("parser: numbers and strings carry their values", "[parser]") {
  auto r = ParseExpression(Text("f(1234567, \"x y\")"));
  REQUIRE(r.ok());
  const auto& call = *r.value();
  CHECK(call.kind == angler::Expr::Kind::kCall);
  CHECK(call.text == "f");
  REQUIRE(call.args.size() == 2);
  CHECK(call.args[0]->kind == angler::Expr::Kind::kNumber);
  CHECK(call.args[0]->number == 1234567);
  CHECK(call.args[1]->kind == angler::Expr::Kind::kString);
  CHECK(call.args[1]->text == "x y");
}

TEST_CASE("parser: move statements", "[parser]") {
  auto b = Statements(
      "move top(ocean, need(p)) to hand(p)\n"
      "move fisher(p) to bottom of boat(p)\n"
      "move x to top of y\n"
      "move choose(owner, 1, trick - self) to fisher(owner)\n");
  REQUIRE(b.size() == 4);
  for (const auto& s : b) CHECK(s->kind == Stmt::Kind::kMove);
  CHECK(ToString(*b[0]->exprs[0]) == "top(ocean, need(p))");
  CHECK(ToString(*b[0]->exprs[1]) == "hand(p)");
  CHECK(b[0]->text == "");
  CHECK(ToString(*b[1]->exprs[0]) == "fisher(p)");
  CHECK(ToString(*b[1]->exprs[1]) == "boat(p)");
  CHECK(b[1]->text == "bottom");
  CHECK(b[2]->text == "top");
  CHECK(ToString(*b[3]->exprs[0]) == "choose(owner, 1, (trick - self))");
  CHECK(b[3]->pos.line == 4);
  CHECK(b[3]->pos.col == 1);
}

TEST_CASE("parser: shuffle, deal, let, end_game", "[parser]") {
  auto b = Statements(
      "shuffle staging\n"
      "deal staging to hand\n"
      "let short = 0\n"
      "end_game \"overfished\"\n"
      "end_game\n");
  REQUIRE(b.size() == 5);
  CHECK(b[0]->kind == Stmt::Kind::kShuffle);
  CHECK(ToString(*b[0]->exprs[0]) == "staging");
  CHECK(b[1]->kind == Stmt::Kind::kDeal);
  CHECK(ToString(*b[1]->exprs[0]) == "staging");
  CHECK(b[1]->text == "hand");
  CHECK(b[2]->kind == Stmt::Kind::kLet);
  CHECK(b[2]->text == "short");
  CHECK(ToString(*b[2]->exprs[0]) == "0");
  CHECK(b[3]->kind == Stmt::Kind::kEndGame);
  CHECK(b[3]->text == "overfished");
  CHECK(b[4]->kind == Stmt::Kind::kEndGame);
  CHECK(b[4]->text == "");
}

TEST_CASE("parser: assignments and calls", "[parser]") {
  auto b = Statements(
      "score(p) -= 3\n"
      "short += need(p)\n"
      "leader = p; pick = false;;\n"
      "trick_effects()\n");
  REQUIRE(b.size() == 5);
  CHECK(b[0]->kind == Stmt::Kind::kAssign);
  CHECK(b[0]->text == "-=");
  CHECK(ToString(*b[0]->exprs[0]) == "score(p)");
  CHECK(ToString(*b[0]->exprs[1]) == "3");
  CHECK(b[1]->text == "+=");
  CHECK(ToString(*b[1]->exprs[1]) == "need(p)");
  CHECK(b[2]->text == "=");
  CHECK(ToString(*b[2]->exprs[0]) == "leader");
  CHECK(b[3]->text == "=");
  CHECK(ToString(*b[3]->exprs[0]) == "pick");
  CHECK(ToString(*b[3]->exprs[1]) == "false");
  CHECK(b[3]->pos.line == 3);
  CHECK(b[3]->pos.col == 13);
  CHECK(b[4]->kind == Stmt::Kind::kCall);
  CHECK(ToString(*b[4]->exprs[0]) == "trick_effects()");
}

TEST_CASE("parser: if / else if / else", "[parser]") {
  auto b = Statements("if a { x = 1 } else if b { x = 2; y = 3 } else { }");
  REQUIRE(b.size() == 1);
  const Stmt& s = *b[0];
  CHECK(s.kind == Stmt::Kind::kIf);
  CHECK(ToString(*s.exprs[0]) == "a");
  REQUIRE(s.body.size() == 1);
  CHECK(ToString(*s.body[0]->exprs[1]) == "1");
  REQUIRE(s.orelse.size() == 1);  // else if: one nested if statement
  const Stmt& inner = *s.orelse[0];
  CHECK(inner.kind == Stmt::Kind::kIf);
  CHECK(ToString(*inner.exprs[0]) == "b");
  CHECK(inner.body.size() == 2);
  CHECK(inner.orelse.empty());  // `else { }` is empty
  auto plain = Statements("if round > 1 { let short = 0 }");
  REQUIRE(plain.size() == 1);
  CHECK(ToString(*plain[0]->exprs[0]) == "(round > 1)");
  CHECK(plain[0]->body.size() == 1);
  CHECK(plain[0]->orelse.empty());
}

TEST_CASE("parser: for with sort keys, repeat", "[parser]") {
  auto b = Statements(
      "for p in seats by -need(p), play_position(p) {\n"
      "  move top(ocean, need(p)) to hand(p)\n"
      "}\n"
      "for stars_level in 5..1 { shuffle staging }\n"
      "repeat 3 { x += 1 }\n");
  REQUIRE(b.size() == 3);
  CHECK(b[0]->kind == Stmt::Kind::kFor);
  CHECK(b[0]->text == "p");
  REQUIRE(b[0]->exprs.size() == 3);
  CHECK(ToString(*b[0]->exprs[0]) == "seats");
  CHECK(ToString(*b[0]->exprs[1]) == "(-need(p))");
  CHECK(ToString(*b[0]->exprs[2]) == "play_position(p)");
  REQUIRE(b[0]->body.size() == 1);
  CHECK(b[0]->body[0]->pos.line == 2);
  CHECK(b[0]->body[0]->pos.col == 3);
  CHECK(b[1]->text == "stars_level");
  REQUIRE(b[1]->exprs.size() == 1);
  CHECK(ToString(*b[1]->exprs[0]) == "(5..1)");
  CHECK(b[2]->kind == Stmt::Kind::kRepeat);
  CHECK(ToString(*b[2]->exprs[0]) == "3");
  CHECK(b[2]->body.size() == 1);
}

TEST_CASE("parser: comments anywhere between tokens", "[parser]") {
  auto b = Statements(
      "# leading comment\n"
      "move hand(p) # the hand\n"
      "  to fisher(p)  # and where it goes\n");
  REQUIRE(b.size() == 1);
  CHECK(ToString(*b[0]->exprs[1]) == "fisher(p)");
  CHECK(Statements("").empty());
  CHECK(Statements("  # only a comment").empty());
}

// Regression, fixed (dsl/parser.cc): an operator node's text is its whole token including
// the separator after it, and only spaces are trimmed, so a comment right after an
// operator becomes part of the operator: "a + # c\nb" gives the operator
// "+ # c". The compiler then rejects `and`/`or` ("expected a condition after
// 'or'" / "unknown operator") and treats an assignment "+= # c" as "-=".
TEST_CASE("parser: a comment after an operator is not part of it", "[parser]") {
  CHECK(Expr("a + # more\nb") == "(a + b)");
  CHECK(Expr("a or # more\nb") == "(a or b)");
  auto b = Statements("x += # one more\n  1\n");
  REQUIRE(b.size() == 1);
  CHECK(b[0]->text == "+=");
}

TEST_CASE("parser: missing ')'", "[parser][diagnostics]") {
  CHECK(ExprError("max(a, b") ==
        "test.rules:1:9: error: expected ')' at the end of the text\n"
        "  1 | max(a, b\n"
        "    |         ^\n");
  CHECK(ExprError("(a + b\n  or c") ==
        "test.rules:2:7: error: expected ')' at the end of the text\n"
        "  2 |   or c\n"
        "    |       ^\n");
  CHECK(ExprError("count(hand(p) + 1") ==
        "test.rules:1:18: error: expected ')' at the end of the text\n"
        "  1 | count(hand(p) + 1\n"
        "    |                  ^\n");
}

TEST_CASE("parser: missing 'to' after move", "[parser][diagnostics]") {
  CHECK(StmtError("move trick fisher(winner)") ==
        "test.rules:1:12: error: expected 'to'\n"
        "  1 | move trick fisher(winner)\n"
        "    |            ^\n");
  CHECK(StmtError("shuffle a\nmove trick") ==
        "test.rules:2:11: error: expected 'to' at the end of the text\n"
        "  2 | move trick\n"
        "    |           ^\n");
}

TEST_CASE("parser: unterminated string", "[parser][diagnostics]") {
  CHECK(StmtError("end_game \"overfished") ==
        "test.rules:1:21: error: unterminated string at the end of the text\n"
        "  1 | end_game \"overfished\n"
        "    |                     ^\n");
  CHECK(StmtError("end_game \"over\nfished\"") ==
        "test.rules:1:15: error: unterminated string\n"
        "  1 | end_game \"over\n"
        "    |               ^\n");
}

TEST_CASE("parser: unexpected text", "[parser][diagnostics]") {
  CHECK(ExprError("a < b == c") ==
        "test.rules:1:7: error: unexpected text\n"
        "  1 | a < b == c\n"
        "    |       ^\n");
  CHECK(ExprError("a where b where c") ==
        "test.rules:1:11: error: unexpected text\n"
        "  1 | a where b where c\n"
        "    |           ^\n");
  CHECK(StmtError("x = 1\n} y = 2") ==
        "test.rules:2:1: error: unexpected text\n"
        "  2 | } y = 2\n"
        "    | ^\n");
}

TEST_CASE("parser: other commit points", "[parser][diagnostics]") {
  CHECK(StmtError("for p seats { }") ==
        "test.rules:1:7: error: expected 'in'\n"
        "  1 | for p seats { }\n"
        "    |       ^\n");
  CHECK(StmtError("if a x = 1") ==
        "test.rules:1:6: error: expected '{'\n"
        "  1 | if a x = 1\n"
        "    |      ^\n");
  CHECK(StmtError("let x 3") ==
        "test.rules:1:7: error: expected '='\n"
        "  1 | let x 3\n"
        "    |       ^\n");
  CHECK(StmtError("deal a to 3") ==
        "test.rules:1:11: error: expected a name\n"
        "  1 | deal a to 3\n"
        "    |           ^\n");
  CHECK(StmtError("if a { x = 1") ==
        "test.rules:1:13: error: expected a statement or '}' at the end of the text\n"
        "  1 | if a { x = 1\n"
        "    |             ^\n");
  CHECK(ExprError("if a then b") ==
        "test.rules:1:12: error: expected 'else' at the end of the text\n"
        "  1 | if a then b\n"
        "    |            ^\n");
  CHECK(ExprError("a +") ==
        "test.rules:1:4: error: expected a value after the operator at the end of the "
        "text\n"
        "  1 | a +\n"
        "    |    ^\n");
}

TEST_CASE("parser: an error on a snippet's 2nd line points into the YAML file",
          "[parser][diagnostics]") {
  auto file = SourceFile::Make("rules.yaml",
                               "trick:\n"
                               "  end: |\n"
                               "    trick_effects()\n"
                               "    move trick fisher(winner)\n");
  Snippet s;
  s.text = "trick_effects()\nmove trick fisher(winner)\n";
  s.file = file;
  s.line = 3;
  s.col = 5;
  s.line_cols = {5, 5};
  auto r = ParseStatements(s);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.errors().size() == 1);
  CHECK(r.error().Format() ==
        "rules.yaml:4:16: error: expected 'to'\n"
        "  4 |     move trick fisher(winner)\n"
        "    |                ^\n");
}

TEST_CASE("parser: Snippet::PosAt maps lines through line_cols", "[parser]") {
  Snippet s;
  s.line = 10;
  s.col = 12;
  s.line_cols = {5, 7};
  SourcePos a = s.PosAt(1, 3);
  CHECK(a.line == 10);
  CHECK(a.col == 14);
  SourcePos b = s.PosAt(2, 1);
  CHECK(b.line == 11);
  CHECK(b.col == 5);
  SourcePos c = s.PosAt(3, 4);
  CHECK(c.line == 12);
  CHECK(c.col == 10);
  SourcePos d = s.PosAt(4, 2);  // no entry: column 1
  CHECK(d.line == 13);
  CHECK(d.col == 2);
}

}  // namespace
}  // namespace angler
