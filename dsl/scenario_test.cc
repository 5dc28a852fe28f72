#include "dsl/scenario.h"

#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "dsl/scenario_grammar.h"

namespace angler {
namespace {

std::vector<Scenario> Parse(const std::string& text) {
  auto r = ParseScenarios(SourceFile::Make("t.scn", text));
  if (!r) FAIL(r.error().Format());
  return std::move(r).value();
}

// Every diagnostic, formatted, one after the other.
std::string Errors(const std::string& text) {
  auto r = ParseScenarios(SourceFile::Make("t.scn", text));
  REQUIRE_FALSE(r.ok());
  std::string out;
  for (const Diagnostic& d : r.errors()) out += d.Format();
  return out;
}

std::vector<std::string> Texts(const std::vector<ScnPhrase>& phrases) {
  std::vector<std::string> out;
  for (const ScnPhrase& p : phrases) out.push_back(p.Text());
  return out;
}

const char* const kHeader =
    "scenario \"t\" {\n"
    "  ruleset fishing\n"
    "  players Anne, Paul, Debbie\n";

TEST_CASE("The scenario grammar has no loops without progress", "[scenario]") {
  CHECK(tao::pegtl::analyze<scenario_grammar::file>(-1) == 0);
}

TEST_CASE("A scenario's header, setup and steps", "[scenario]") {
  auto all = Parse(
      "# Fishing manual, page 2.\n"
      "scenario \"Debbie catches the trick\" {\n"
      "  ruleset fishing            # a shipped name\n"
      "  players Anne, Paul, Debbie,\n"
      "          Nikki\n"
      "  seed 7\n"
      "  round 1\n"
      "  hand Anne: yellow 7, blue 3\n"
      "  fisher Debbie: red 2..4, buoy \"call the color\"\n"
      "  score Debbie = -3\n"
      "  ocean top: green 5\n"
      "  Anne plays yellow 7\n"
      "}\n"
      "scenario \"second\" { ruleset \"../my rules.yaml\"; players A, B, C }\n");
  REQUIRE(all.size() == 2);
  const Scenario& s = all[0];
  CHECK(s.title == "Debbie catches the trick");
  CHECK(s.pos.line == 2);
  CHECK(s.ruleset == "fishing");
  CHECK(s.ruleset_pos.line == 3);
  CHECK(s.ruleset_pos.col == 11);
  REQUIRE(s.players.size() == 4);
  CHECK(s.players[3].text == "Nikki");
  CHECK(s.players[3].pos.line == 5);
  CHECK(s.seed == 7);
  REQUIRE(s.setup.size() == 5);
  CHECK(s.setup[0].subject.Text() == "round 1");
  CHECK(s.setup[0].tail == ScnLine::Tail::kNone);
  CHECK(s.setup[1].subject.Text() == "hand Anne");
  CHECK(s.setup[1].tail == ScnLine::Tail::kExact);
  CHECK(Texts(s.setup[1].cards) == std::vector<std::string>{"yellow 7", "blue 3"});
  CHECK(Texts(s.setup[2].cards) ==
        std::vector<std::string>{"red 2", "red 3", "red 4", "buoy \"call the color\""});
  CHECK(s.setup[2].cards[3].pos.col == 28);
  CHECK(s.setup[3].tail == ScnLine::Tail::kValue);
  CHECK(s.setup[3].value.tokens[0].number == -3);
  CHECK(s.setup[4].part == ScnLine::Part::kTop);
  CHECK(s.setup[4].part_count == -1);
  REQUIRE(s.steps.size() == 1);
  CHECK(s.steps[0].kind == ScnLine::Kind::kMove);
  CHECK(s.steps[0].move.player.text == "Anne");
  CHECK(s.steps[0].move.verb == ScnMove::Verb::kPlays);
  CHECK(Texts(s.steps[0].move.things) == std::vector<std::string>{"yellow 7"});
  CHECK(all[1].ruleset == "../my rules.yaml");
  CHECK(all[1].seed == 1);  // the default
}

TEST_CASE("A byte order mark before the first scenario is read past", "[scenario]") {
  auto all = Parse(
      "\xef\xbb\xbfscenario \"with a mark\" {\n  ruleset fishing\n  players A, B, "
      "C\n}\n");
  REQUIRE(all.size() == 1);
  CHECK(all[0].title == "with a mark");
}

TEST_CASE("Moves as people say them", "[scenario]") {
  auto s = Parse(std::string(kHeader) +
                 "  Debbie chooses purple 2, yellow 3\n"
                 "  Paul calls trump\n"
                 "  Anne chooses 3\n"
                 "  Anne lays yellow 6, green 1 on row 1\n"
                 "}\n")[0];
  REQUIRE(s.steps.size() == 4);
  CHECK(s.steps[0].move.verb == ScnMove::Verb::kChooses);
  CHECK(Texts(s.steps[0].move.things) ==
        std::vector<std::string>{"purple 2", "yellow 3"});
  CHECK(s.steps[1].move.verb == ScnMove::Verb::kChooses);
  CHECK(Texts(s.steps[1].move.things) == std::vector<std::string>{"trump"});
  CHECK(s.steps[2].move.things[0].tokens[0].kind == ScnToken::Kind::kNumber);
  CHECK(s.steps[3].move.verb == ScnMove::Verb::kLays);
  CHECK(Texts(s.steps[3].move.things) == std::vector<std::string>{"yellow 6", "green 1"});
  CHECK(s.steps[3].move.target.Text() == "row 1");
}

TEST_CASE("The search: marks and stops as people say them", "[scenario]") {
  auto s = Parse(std::string(kHeader) +
                 "  Anne marks 3, 7\n"
                 "  Anne marks 10..12\n"
                 "  Anne unmarks 7\n"
                 "  Anne stops\n"
                 "  Anne and Paul stop\n"
                 "  Debbie, Anne and Paul stop\n"
                 "  Debbie, Anne, and Paul stop\n"
                 "  expect legal Paul stops\n"
                 "  expect illegal Nikki marks 2: \"Nikki is not searching\"\n"
                 "  expect marks Anne: 3, 7\n"
                 "  expect marks Paul: 0..2, 9\n"
                 "  expect marks Debbie:\n"
                 "}\n")[0];
  using V = ScnMove::Verb;
  REQUIRE(s.steps.size() == 12);
  CHECK(s.steps[0].move.verb == V::kMarks);
  CHECK(Texts(s.steps[0].move.things) == std::vector<std::string>{"3", "7"});
  CHECK(s.steps[0].move.things[1].tokens[0].number == 7);
  CHECK(s.steps[0].move.things[1].pos.col == 17);
  CHECK(Texts(s.steps[1].move.things) == std::vector<std::string>{"10", "11", "12"});
  CHECK(s.steps[2].move.verb == V::kUnmarks);
  CHECK(Texts(s.steps[2].move.things) == std::vector<std::string>{"7"});
  auto stoppers = [](const ScnMove& m) {
    std::vector<std::string> out;
    for (const ScnToken& t : m.stoppers) out.push_back(t.text);
    return out;
  };
  CHECK(s.steps[3].move.verb == V::kStops);
  CHECK(stoppers(s.steps[3].move) == std::vector<std::string>{"Anne"});
  CHECK(stoppers(s.steps[4].move) == std::vector<std::string>{"Anne", "Paul"});
  CHECK(s.steps[4].move.stoppers[1].pos.col == 12);
  CHECK(stoppers(s.steps[5].move) == std::vector<std::string>{"Debbie", "Anne", "Paul"});
  CHECK(stoppers(s.steps[6].move) == std::vector<std::string>{"Debbie", "Anne", "Paul"});
  CHECK(s.steps[7].kind == ScnLine::Kind::kExpectLegal);
  CHECK(s.steps[7].move.verb == V::kStops);
  CHECK(s.steps[8].kind == ScnLine::Kind::kExpectIllegal);
  CHECK(s.steps[8].move.verb == V::kMarks);
  CHECK(s.steps[8].text == "Nikki is not searching");
  CHECK(s.steps[9].kind == ScnLine::Kind::kExpect);
  CHECK(s.steps[9].tail == ScnLine::Tail::kExact);
  CHECK(s.steps[9].cards.empty());
  CHECK(Texts(s.steps[9].numbers) == std::vector<std::string>{"3", "7"});
  CHECK(Texts(s.steps[10].numbers) == std::vector<std::string>{"0", "1", "2", "9"});
  CHECK(s.steps[11].tail == ScnLine::Tail::kExact);
  CHECK(s.steps[11].numbers.empty());
  CHECK(s.steps[11].cards.empty());
}

TEST_CASE("Mistakes in marks and stops", "[scenario]") {
  CHECK(Errors(std::string(kHeader) + "  Anne marks\n}\n") ==
        "t.scn:4:13: error: expected a number, like 'marks 3, 7'\n"
        "  4 |   Anne marks\n"
        "    |             ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne marks 3,\n}\n") ==
        "t.scn:5:1: error: expected a number, like 'marks 3, 7'\n"
        "  5 | }\n"
        "    | ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne marks 5..3\n}\n") ==
        "t.scn:4:17: error: a range of numbers goes up, like '2..5'\n"
        "  4 |   Anne marks 5..3\n"
        "    |                 ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne and Paul stops\n}\n") ==
        "t.scn:4:17: error: expected 'stop', like 'Anne and Paul stop'\n"
        "  4 |   Anne and Paul stops\n"
        "    |                 ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne and\n}\n") ==
        "t.scn:4:11: error: expected a player's name, like 'Anne and Paul stop'\n"
        "  4 |   Anne and\n"
        "    |           ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne, Paul stop\n}\n") ==
        "t.scn:4:14: error: expected 'and' before the last player, like 'Anne, Paul and "
        "Debbie stop'\n"
        "  4 |   Anne, Paul stop\n"
        "    |              ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne, and Paul stop\n}\n") ==
        "t.scn:4:9: error: expected a player's name\n"
        "  4 |   Anne, and Paul stop\n"
        "    |         ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne, Paul and Anne stop\n}\n") ==
        "t.scn:4:18: error: 'Anne' is named twice\n"
        "  4 |   Anne, Paul and Anne stop\n"
        "    |                  ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne stop\n}\n") ==
        "t.scn:4:8: error: expected a move after 'Anne': plays, chooses, calls, lays, "
        "marks "
        "or stops (did you mean 'stops'?)\n"
        "  4 |   Anne stop\n"
        "    |        ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne makrs 3\n}\n") ==
        "t.scn:4:8: error: expected a move after 'Anne': plays, chooses, calls, lays, "
        "marks "
        "or stops (did you mean 'marks'?)\n"
        "  4 |   Anne makrs 3\n"
        "    |        ^\n");
  CHECK(Errors(std::string(kHeader) + "  expect marks Anne: 3, yellow 7\n}\n") ==
        "t.scn:4:25: error: expected a number, like 'marks 3, 7'\n"
        "  4 |   expect marks Anne: 3, yellow 7\n"
        "    |                         ^\n");
}

TEST_CASE("Every kind of expectation", "[scenario]") {
  auto s = Parse(
      std::string(kHeader) +
      "  expect legal Paul plays yellow 3\n"
      "  expect illegal Nikki plays purple 2: \"play purple 2 is not allowed now\"\n"
      "  expect winner Debbie\n"
      "  expect score Debbie = 8\n"
      "  expect fisher Debbie: yellow 7, yellow 3\n"
      "  expect fisher Debbie count 4\n"
      "  expect ocean top 12 has green 1\n"
      "  expect ocean bottom: green 16\n"
      "  expect Debbie catches yellow 7, purple 2\n"
      "  expect over: \"overfished\"\n"
      "  expect not over\n"
      "  expect winners Anne, Debbie\n"
      "  run until round 2; run until over\n"
      "  expect hand Anne:\n"
      "}\n")[0];
  using K = ScnLine::Kind;
  std::vector<K> kinds;
  for (const ScnLine& l : s.steps) kinds.push_back(l.kind);
  CHECK(kinds == std::vector<K>{K::kExpectLegal, K::kExpectIllegal, K::kExpect,
                                K::kExpect, K::kExpect, K::kExpect, K::kExpect,
                                K::kExpect, K::kExpectCatches, K::kExpectOver,
                                K::kExpectNotOver, K::kExpectWinners, K::kRunUntilRound,
                                K::kRunUntilOver, K::kExpect});
  CHECK(s.steps[1].text == "play purple 2 is not allowed now");
  CHECK(s.steps[2].subject.Text() == "winner Debbie");
  CHECK(s.steps[3].value.Text() == "8");
  CHECK(s.steps[5].tail == ScnLine::Tail::kCount);
  CHECK(s.steps[5].number == 4);
  CHECK(s.steps[6].part == ScnLine::Part::kTop);
  CHECK(s.steps[6].part_count == 12);
  CHECK(s.steps[6].tail == ScnLine::Tail::kHas);
  CHECK(s.steps[7].part == ScnLine::Part::kBottom);
  CHECK(s.steps[8].players[0].text == "Debbie");
  CHECK(s.steps[9].text == "overfished");
  CHECK(s.steps[11].players.size() == 2);
  CHECK(s.steps[12].number == 2);
  CHECK(s.steps[14].tail == ScnLine::Tail::kExact);
  CHECK(s.steps[14].cards.empty());
}

TEST_CASE("Inline ruleset changes keep their text and place", "[scenario]") {
  auto s = Parse(
      "scenario \"house rule\" {\n"
      "  ruleset fishing with { game: { end_when: \"round == 6\" },\n"
      "                         notes: 'a } in quotes' }\n"
      "  players A, B, C\n"
      "}\n")[0];
  CHECK(s.overrides ==
        "{ game: { end_when: \"round == 6\" },\n"
        "                         notes: 'a } in quotes' }");
  CHECK(s.overrides_pos.line == 2);
  CHECK(s.overrides_pos.col == 24);
}

TEST_CASE("At the start of a round; CRLF line ends; UTF-8 names", "[scenario]") {
  auto s = Parse(
      "scenario \"t\" {\r\n  ruleset fishing\r\n  players J\xc3\xbcrgen, Paul, Debbie\r\n"
      "  at start of round 2\r\n  J\xc3\xbcrgen plays yellow 7\r\n}\r\n")[0];
  CHECK(s.start_round == 2);
  CHECK(s.players[0].text == "J\xc3\xbcrgen");
  CHECK(s.steps[0].move.player.text == "J\xc3\xbcrgen");
}

TEST_CASE("Syntax errors point at the place with a caret", "[scenario]") {
  CHECK(Errors(std::string(kHeader) + "  Anne plays\n}\n") ==
        "t.scn:4:13: error: expected a card, like 'yellow 7'\n"
        "  4 |   Anne plays\n"
        "    |             ^\n");
  CHECK(Errors("scenario Debbie {\n}\n") ==
        "t.scn:1:10: error: expected the scenario's title in quotes\n"
        "  1 | scenario Debbie {\n"
        "    |          ^\n");
  CHECK(Errors("senario \"x\" {}\n") ==
        "t.scn:1:1: error: expected a scenario: scenario \"title\" { ... }\n"
        "  1 | senario \"x\" {}\n"
        "    | ^\n");
  CHECK(
      Errors(std::string(kHeader) + "  expect\n}\n") ==
      "t.scn:4:9: error: expected what to expect, like 'winner Anne' or 'hand Anne count "
      "3'\n"
      "  4 |   expect\n"
      "    |         ^\n");
  CHECK(Errors(std::string(kHeader) + "  run round 2\n}\n") ==
        "t.scn:4:7: error: expected 'until'\n"
        "  4 |   run round 2\n"
        "    |       ^\n");
  CHECK(Errors(std::string(kHeader) + "  expect ocean top 3\n}\n") ==
        "t.scn:4:21: error: expected ':', 'count', 'has', 'all' or 'none'\n"
        "  4 |   expect ocean top 3\n"
        "    |                     ^\n");
  CHECK(Errors(std::string(kHeader) + "  hand Anne: yellow 7 ]\n}\n") ==
        "t.scn:4:23: error: expected the end of the line\n"
        "  4 |   hand Anne: yellow 7 ]\n"
        "    |                       ^\n");
  CHECK(Errors(std::string(kHeader) + "  hand Anne: yellow 7,\n}\n") ==
        "t.scn:5:1: error: expected a card, like 'yellow 7'\n"
        "  5 | }\n"
        "    | ^\n");
  CHECK(Errors(std::string(kHeader) + "  expect illegal Anne plays blue 3: oops\n}\n") ==
        "t.scn:4:37: error: expected a text in quotes\n"
        "  4 |   expect illegal Anne plays blue 3: oops\n"
        "    |                                     ^\n");
  CHECK(Errors("scenario \"t\" {\n  ruleset fishing with { a: \"b }\n}\n") ==
        "t.scn:2:33: error: unterminated string\n"
        "  2 |   ruleset fishing with { a: \"b }\n"
        "    |                                 ^\n");
  CHECK(Errors("scenario \"t\" {\n  hand Anne: yellow 7\n") ==
        "t.scn:1:14: error: expected a statement or '}' at the end of the file; this '{' "
        "is never closed\n"
        "  1 | scenario \"t\" {\n"
        "    |              ^\n");
  // A brace inside a YAML text in single quotes does not count.
  CHECK(Errors("scenario \"t\" {\n  ruleset fishing with { a: '}' }\n") ==
        "t.scn:1:14: error: expected a statement or '}' at the end of the file; this '{' "
        "is never closed\n"
        "  1 | scenario \"t\" {\n"
        "    |              ^\n");
  // The one left open is named, past the braces that close.
  CHECK(Errors("scenario \"t\" {\n  ruleset fishing with { a: { b: \"}\" }\n  # {\n") ==
        "t.scn:2:24: error: expected '}' to close '{' at the end of the file; this '{' "
        "is never closed\n"
        "  2 |   ruleset fishing with { a: { b: \"}\" }\n"
        "    |                        ^\n");
  CHECK(Errors(std::string(kHeader) + "  hand Anne: yellow 5..2\n}\n") ==
        "t.scn:4:24: error: a range of cards goes up, like 'yellow 2..5'\n"
        "  4 |   hand Anne: yellow 5..2\n"
        "    |                        ^\n");
}

TEST_CASE("A scenario's shape: header once, setup before moves", "[scenario]") {
  CHECK(Errors("scenario \"t\" {\n  hand Anne: yellow 7\n}\n") ==
        "t.scn:1:1: error: scenario \"t\" needs a 'ruleset' line\n"
        "  1 | scenario \"t\" {\n"
        "    | ^\n"
        "t.scn:1:1: error: scenario \"t\" needs a 'players' line\n"
        "  1 | scenario \"t\" {\n"
        "    | ^\n");
  CHECK(Errors(std::string(kHeader) + "  Anne plays yellow 7\n"
                                      "  hand Paul: blue 3\n"
                                      "  ruleset fishing\n"
                                      "}\n") ==
        "t.scn:5:3: error: a setup line comes before the first move, run or expect (line "
        "4)\n"
        "  5 |   hand Paul: blue 3\n"
        "    |   ^\n"
        "t.scn:6:3: error: the ruleset comes before the first move, run or expect (line "
        "4)\n"
        "  6 |   ruleset fishing\n"
        "    |   ^\n"
        "t.scn:6:3: error: a second 'ruleset' line\n"
        "  6 |   ruleset fishing\n"
        "    |   ^\n");
  CHECK(
      Errors(std::string(kHeader) + "  hand Anne count 2\n  ocean top 3: green 1\n}\n") ==
      "t.scn:4:3: error: a setup line lists the cards after ':', like 'hand Anne: yellow "
      "7'; 'count' is for expectations\n"
      "  4 |   hand Anne count 2\n"
      "    |   ^\n"
      "t.scn:5:9: error: a setup line puts cards on top without a number, like 'deck "
      "top: "
      "green 5'\n"
      "  5 |   ocean top 3: green 1\n"
      "    |         ^\n");
  CHECK(Errors("scenario \"t\" {\n  ruleset fishing\n  players Anne, Paul, Anne\n}\n") ==
        "t.scn:3:23: error: 'Anne' is named twice\n"
        "  3 |   players Anne, Paul, Anne\n"
        "    |                       ^\n");
}

TEST_CASE("Misspelled moves and keywords get a suggestion", "[scenario]") {
  CHECK(Errors(std::string(kHeader) + "  Anne plyas yellow 7\n}\n") ==
        "t.scn:4:8: error: expected a move after 'Anne': plays, chooses, calls, lays, "
        "marks "
        "or stops (did you mean 'plays'?)\n"
        "  4 |   Anne plyas yellow 7\n"
        "    |        ^\n");
  CHECK(
      Errors(std::string(kHeader) + "  Anne plays yellow 7\n  expcet winner Anne\n}\n") ==
      "t.scn:5:3: error: unknown statement 'expcet' (did you mean 'expect'?)\n"
      "  5 |   expcet winner Anne\n"
      "    |   ^\n");
  CHECK(Errors(std::string(kHeader) + "  expect Anne catchs yellow 7\n}\n") ==
        "t.scn:4:15: error: expected 'catches' after 'Anne' (did you mean 'catches'?)\n"
        "  4 |   expect Anne catchs yellow 7\n"
        "    |               ^\n");
}

}  // namespace
}  // namespace angler
