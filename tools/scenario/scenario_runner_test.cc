#include "tools/scenario/scenario_runner.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

namespace angler {
namespace {

using Status = ScenarioOutcome::Status;

// "PASS", "FAIL <line>: expected ...; actual ...", or the diagnostics.
std::string Describe(const ScenarioOutcome& o) {
  switch (o.status) {
    case Status::kPass:
      return "PASS";
    case Status::kFail:
      return "FAIL " + std::to_string(o.failed_at.line) + ": expected " + o.expected +
             "; actual " + o.actual;
    case Status::kError: {
      std::string out;
      for (const Diagnostic& d : o.errors) out += d.Format();
      return out;
    }
  }
  return "";
}

std::vector<ScenarioOutcome> RunText(const std::string& text, ScenarioRunner& runner) {
  auto parsed = ParseScenarios(SourceFile::Make("t.scn", text));
  if (!parsed) FAIL(parsed.error().Format());
  std::vector<ScenarioOutcome> out;
  for (const Scenario& s : parsed.value()) out.push_back(runner.Run(s));
  return out;
}

// One Fishing scenario for Anne, Paul, Debbie and Nikki; `body` starts on line 4.
std::string Run(const std::string& body) {
  static ScenarioRunner* runner = new ScenarioRunner;  // the ruleset loads once
  auto all = RunText(
      "scenario \"t\" {\n  ruleset fishing\n  players Anne, Paul, Debbie, Nikki\n" +
          body + "}\n",
      *runner);
  REQUIRE(all.size() == 1);
  return Describe(all[0]);
}

// The manual's first trick, lines 4-12; expectations follow on line 13.
const char* const kTrick =
    "  hand Anne: yellow 7, blue 3\n"
    "  hand Paul: yellow 3, blue 4\n"
    "  hand Debbie: yellow 10, blue 5\n"
    "  hand Nikki: purple 2, red 5\n"
    "  Anne plays yellow 7\n"
    "  Paul plays yellow 3\n"
    "  Debbie plays yellow 10\n"
    "  Nikki plays purple 2\n"
    "  # expectations:\n";

std::string AfterTrick(const std::string& expectation) {
  return Run(std::string(kTrick) + "  " + expectation + "\n");
}

TEST_CASE("The manual's first trick holds", "[scenario_runner]") {
  CHECK(AfterTrick("expect winner Debbie") == "PASS");
  CHECK(AfterTrick("expect fisher Debbie: purple 2, yellow 10, yellow 3, yellow 7") ==
        "PASS");
  CHECK(AfterTrick("expect Debbie catches yellow 7, purple 2") == "PASS");
  CHECK(AfterTrick("expect turn Debbie") == "PASS");
  CHECK(AfterTrick("expect trump = green") == "PASS");
  CHECK(AfterTrick("expect trick_number = 1") == "PASS");
}

TEST_CASE("A failed expectation says what was expected and what happened",
          "[scenario_runner]") {
  CHECK(AfterTrick("expect winner Paul") ==
        "FAIL 13: expected winner = Paul; actual winner = Debbie");
  CHECK(AfterTrick("expect score Debbie = 4") ==
        "FAIL 13: expected score Debbie = 4; actual score Debbie = 0");
  CHECK(AfterTrick("expect round 2") == "FAIL 13: expected round = 2; actual round = 1");
  CHECK(AfterTrick("expect fisher Debbie: yellow 7, yellow 3") ==
        "FAIL 13: expected fisher Debbie: yellow 7, yellow 3; actual fisher Debbie: "
        "yellow 7, yellow 3, yellow 10, purple 2");
  CHECK(AfterTrick("expect fisher Paul:") == "PASS");
  CHECK(AfterTrick("expect fisher Paul: yellow 3") ==
        "FAIL 13: expected fisher Paul: yellow 3; actual fisher Paul: nothing");
  CHECK(
      AfterTrick("expect fisher Debbie count 3") ==
      "FAIL 13: expected fisher Debbie count 3; actual fisher Debbie count 4 (yellow 7, "
      "yellow 3, yellow 10, purple 2)");
  CHECK(
      AfterTrick("expect fisher Debbie has blue 5, yellow 3") ==
      "FAIL 13: expected fisher Debbie has blue 5, yellow 3; actual fisher Debbie has no "
      "blue 5 (it holds yellow 7, yellow 3, yellow 10, purple 2)");
  CHECK(AfterTrick("expect Paul catches yellow 3") ==
        "FAIL 13: expected Paul catches yellow 3; actual fisher Paul has no yellow 3 (it "
        "holds nothing)");
  CHECK(AfterTrick("expect fisher Debbie top: purple 2, yellow 10") == "PASS");
  CHECK(AfterTrick("expect fisher Debbie top: yellow 10, purple 2") ==
        "FAIL 13: expected fisher Debbie top: yellow 10, purple 2; actual fisher Debbie "
        "top: "
        "purple 2, yellow 10");
  CHECK(AfterTrick("expect fisher Debbie bottom: yellow 7") == "PASS");
  CHECK(AfterTrick("expect fisher Debbie bottom 2: yellow 3, yellow 7") == "PASS");
  CHECK(AfterTrick("expect fisher Debbie top 1 has yellow 7") ==
        "FAIL 13: expected fisher Debbie top 1 has yellow 7; actual fisher Debbie top 1 "
        "has "
        "no yellow 7 (it holds purple 2)");
  CHECK(AfterTrick("expect turn Anne") ==
        "FAIL 13: expected Anne's turn; actual Debbie's turn to play a card");
  CHECK(AfterTrick("expect over") ==
        "FAIL 13: expected the game is over; actual the game goes on: Debbie to play a "
        "card "
        "in round 1");
  CHECK(AfterTrick("expect winners Debbie") ==
        "FAIL 13: expected winners Debbie; actual the game goes on: Debbie to play a "
        "card in "
        "round 1");
  CHECK(AfterTrick("expect not over") == "PASS");
}

TEST_CASE("Legal and illegal moves", "[scenario_runner]") {
  const std::string hands =
      "  hand Anne: yellow 7, blue 3\n"
      "  hand Paul: yellow 3, blue 4\n"
      "  hand Debbie: yellow 10, blue 5\n"
      "  hand Nikki: purple 2, red 5\n";
  CHECK(Run(hands + "  expect legal Anne plays blue 3\n  expect turn Anne\n") == "PASS");
  CHECK(
      Run(hands + "  expect legal Paul plays yellow 3\n") ==
      "FAIL 8: expected a legal move; actual illegal: it is Anne's turn to play a card, "
      "not Paul's");
  CHECK(Run(hands + "  Anne plays yellow 7\n  expect illegal Paul plays blue 4\n") ==
        "PASS");
  CHECK(Run(hands + "  Anne plays yellow 7\n  expect illegal Paul plays yellow 3\n") ==
        "FAIL 9: expected illegal; actual legal");
  CHECK(Run(hands +
            "  Anne plays yellow 7\n  expect illegal Paul plays blue 4: \"no\"\n") ==
        "FAIL 9: expected illegal: no; actual illegal: blue 4 does not follow yellow, "
        "and this hand holds yellow (F3, F9)");
  CHECK(Run(hands + "  Anne plays yellow 7\n  Paul plays blue 4\n") ==
        "FAIL 9: expected a legal move; actual blue 4 does not follow yellow, and this "
        "hand holds yellow (F3, F9)");
  CHECK(Run(hands + "  Anne chooses yellow 7\n") ==
        "FAIL 8: expected a legal move; actual Anne has to play a card now");
  CHECK(Run(hands + "  Anne plays purple 2\n") ==
        "FAIL 8: expected a legal move; actual purple 2 is not in Anne's hand");
}

TEST_CASE("Choices: cards, suits and suit variables", "[scenario_runner]") {
  const std::string call =
      "  hand Anne: buoy \"call the color\", blue 2\n"
      "  hand Paul: yellow 9, red 4\n"
      "  hand Debbie: yellow 5, red 8\n"
      "  hand Nikki: yellow 3, purple 7\n"
      "  Anne plays buoy \"call the color\"\n"
      "  Paul plays yellow 9\n"
      "  Debbie plays yellow 5\n"
      "  Nikki plays yellow 3\n";
  CHECK(Run(call + "  Anne calls red\n  expect legal Paul plays red 4\n") == "PASS");
  CHECK(Run(call +
            "  Anne chooses trump\n  expect called = green\n  expect caller = Anne\n"
            "  expect legal Paul plays red 4\n") == "PASS");  // Paul has no green
  CHECK(
      Run(call + "  Anne calls yellow 7\n") ==
      "FAIL 12: expected a legal move; actual Anne has to choose a suit, not 'yellow 7'");
  CHECK(Run(call + "  Paul calls red\n") ==
        "FAIL 12: expected a legal move; actual it is Anne's turn to choose a suit, not "
        "Paul's");
  CHECK(Run(call + "  Anne plays blue 2\n") ==
        "FAIL 12: expected a legal move; actual Anne has to choose a suit now");
}

TEST_CASE("Setup: listed zones hold exactly their cards", "[scenario_runner]") {
  // The 4-player game leaves the four 1s in the box; the 28 other dealt cards
  // go back there when every hand is listed.
  CHECK(Run("  hand Anne: yellow 7, blue 3\n"
            "  hand Paul: yellow 3\n"
            "  hand Debbie: yellow 10\n"
            "  hand Nikki: purple 2\n"
            "  expect box count 35\n"
            "  expect box has blue 1, red 9\n"
            "  expect hand Anne: blue 3, yellow 7\n"
            "  expect ocean count 60\n") == "PASS");
  // `top:` names cards from the top down, `bottom:` from the bottom up.
  CHECK(Run("  ocean top: green 5, green 6\n"
            "  ocean bottom: red 11, red 12\n"
            "  expect ocean top 2: green 6, green 5\n"
            "  expect ocean top: green 5, green 6\n"
            "  expect ocean bottom: red 11, red 12\n"
            "  expect ocean count 60\n") == "PASS");
  CHECK(Run("  fisher Paul: buoy \"-3 points\", buoy \"-3 points\"\n"
            "  expect fisher Paul count 2\n"
            "  expect score Paul = 0\n") == "PASS");  // setup triggers no effects
}

TEST_CASE("Setup: the round goes on while any hand holds cards", "[scenario_runner]") {
  const std::string hands =
      "  hand Anne: yellow 7, blue 3\n"
      "  hand Paul: yellow 3\n"
      "  hand Debbie: yellow 10\n"
      "  hand Nikki: purple 2\n";
  CHECK(Run(hands + "  expect tricks = 2\n  expect trick_number = 0\n") == "PASS");
  CHECK(Run(hands +
            "  Anne plays yellow 7\n  Paul plays yellow 3\n  Debbie plays yellow 10\n"
            "  Nikki plays purple 2\n  expect turn Debbie\n  expect round 1\n") ==
        "FAIL 12: expected Debbie's turn; actual Anne's turn to play a card");  // others
                                                                                // pass
  CHECK(Run(hands + "  tricks = 1\n" +
            "  Anne plays yellow 7\n  Paul plays yellow 3\n  Debbie plays yellow 10\n"
            "  Nikki plays purple 2\n  expect round 2\n"
            "  expect hand Anne count 10\n") == "PASS");  // she kept blue 3, then drew 9
}

TEST_CASE("Setup: at the start of a round", "[scenario_runner]") {
  CHECK(Run("  at start of round 2\n"
            "  boat Anne: red 2, red 3, blue 2..10\n"  // bottom to top
            "  score Paul = 5\n"
            "  expect round 2\n"
            "  expect hand Anne: blue 2..10\n"
            "  expect boat Anne: red 2, red 3\n"
            "  expect hand Paul count 9\n"
            "  expect ocean count 33\n"
            "  expect turn Anne\n") == "PASS");
}

// A round whose start fills no hand (round 1: the setup deals), or one past
// the game's end: the engine's stop comes with what the position lacks.
TEST_CASE("Setup: at the start of a round the engine cannot play from",
          "[scenario_runner]") {
  CHECK_THAT(
      Run("  at start of round 1\n  expect round 1\n"),
      Catch::Contains("the trick's winner rule names no seat (no hand holds a card: "
                      "the start of round 1 filled none, so list them, 'hand NAME: "
                      "...')\n"));
  CHECK_THAT(
      Run("  at start of round 12\n  expect round 12\n"),
      Catch::Contains("(step limit reached) (round 12 may lie past the game's end)\n"));
}

TEST_CASE("Run until a round or the end", "[scenario_runner]") {
  CHECK(Run("  run until round 3\n  expect round 3\n  run until over\n  expect over\n"
            "  expect round 8\n") == "PASS");
  CHECK(Run("  run until round 9\n") ==
        "FAIL 4: expected round 9; actual the game ended in round 8");
  CHECK(
      Run("  ocean: green 1\n  hand Anne:\n  hand Paul:\n  hand Debbie:\n  hand Nikki:\n"
          "  run until round 3\n") ==
      "FAIL 9: expected round 3; actual the game ended in round 2 (overfished)");
  CHECK(
      Run("  ocean: green 1\n  hand Anne:\n  hand Paul:\n  hand Debbie:\n  hand Nikki:\n"
          "  expect over: \"time\"\n") ==
      "FAIL 9: expected the game is over: time; actual the game is over: overfished");
}

TEST_CASE("Unknown names are errors with a suggestion", "[scenario_runner]") {
  CHECK(Run("  hand Anen: yelow 7\n") ==
        "t.scn:4:8: error: unknown player 'Anen' (did you mean 'Anne'?)\n"
        "  4 |   hand Anen: yelow 7\n"
        "    |        ^\n"
        "t.scn:4:14: error: unknown card 'yelow 7' (did you mean 'yellow 7'?)\n"
        "  4 |   hand Anen: yelow 7\n"
        "    |              ^\n");
  CHECK(Run("  expect fihser Debbie count 1\n") ==
        "t.scn:4:10: error: unknown zone or variable 'fihser' (did you mean 'fisher'?)\n"
        "  4 |   expect fihser Debbie count 1\n"
        "    |          ^\n");
  CHECK(Run("  expect fisher Debbie cuont 4\n") ==
        "t.scn:4:24: error: unexpected 'cuont' after 'fisher Debbie' (did you mean "
        "'count'?)\n"
        "  4 |   expect fisher Debbie cuont 4\n"
        "    |                        ^\n");
  CHECK(Run("  expect trump = gren\n") ==
        "t.scn:4:18: error: unknown suit 'gren' (did you mean 'green'?)\n"
        "  4 |   expect trump = gren\n"
        "    |                  ^\n");
  CHECK(Run("  Anne chooses gren\n") ==
        "t.scn:4:16: error: unknown card or value 'gren' (did you mean 'green'?)\n"
        "  4 |   Anne chooses gren\n"
        "    |                ^\n");
  CHECK(Run("  expect score = 3\n") ==
        "t.scn:4:10: error: 'score' belongs to each player: name one, like 'score Anne'\n"
        "  4 |   expect score = 3\n"
        "    |          ^\n");
  CHECK(Run("  expect score Anne = many\n") ==
        "t.scn:4:23: error: 'score Anne' is a number, not 'many'\n"
        "  4 |   expect score Anne = many\n"
        "    |                       ^\n");
  CHECK(Run("  expect hand Anne = 3\n") ==
        "t.scn:4:10: error: 'hand Anne' is a zone: expect its cards (': yellow 7'), a "
        "count "
        "('count 3') or some cards ('has yellow 7')\n"
        "  4 |   expect hand Anne = 3\n"
        "    |          ^\n");
  CHECK(Run("  expect score Anne: yellow 7\n") ==
        "t.scn:4:10: error: 'score Anne' is a variable: write 'score Anne = ...'\n"
        "  4 |   expect score Anne: yellow 7\n"
        "    |          ^\n");
  CHECK(Run("  Anne lays yellow 6 on row 1\n") ==
        "t.scn:4:3: error: this ruleset has no rows to lay cards on\n"
        "  4 |   Anne lays yellow 6 on row 1\n"
        "    |   ^\n");
}

TEST_CASE("Setup lines the engine cannot honour are errors", "[scenario_runner]") {
  // The caret on the card placed twice, not the line's start.
  CHECK(Run("  hand Anne: yellow 7\n  hand Paul: blue 4, yellow 7\n") ==
        "t.scn:5:22: error: yellow 7 is already placed on line 4\n"
        "  5 |   hand Paul: blue 4, yellow 7\n"
        "    |                      ^\n");
  CHECK(Run("  trick: yellow 7\n") ==
        "t.scn:4:3: error: the trick is not set up: play its cards with moves\n"
        "  4 |   trick: yellow 7\n"
        "    |   ^\n");
  CHECK(Run("  called = red\n") ==
        "t.scn:4:3: error: 'called' starts afresh with every trick: play the card that "
        "sets "
        "it\n"
        "  4 |   called = red\n"
        "    |   ^\n");
  CHECK(Run("  at start of round 3\n  round 2\n") ==
        "t.scn:5:3: error: 'round' is set when round 3 starts\n"
        "  5 |   round 2\n"
        "    |   ^\n");
}

TEST_CASE("The ruleset: unknown names, player counts, inline changes",
          "[scenario_runner]") {
  ScenarioRunner runner;
  auto one = [&](const std::string& text) {
    auto all = RunText(text, runner);
    REQUIRE(all.size() == 1);
    return Describe(all[0]);
  };
  CHECK(one("scenario \"t\" {\n  ruleset fishin\n  players A, B, C\n}\n") ==
        "t.scn:2:11: error: no ruleset 'fishin' (did you mean 'fishing'?)\n"
        "  2 |   ruleset fishin\n"
        "    |           ^\n");
  CHECK(one("scenario \"t\" {\n  ruleset fishing\n  players A, B\n}\n") ==
        "t.scn:3:11: error: fishing is played by 3 to 5 players, not 2\n"
        "  3 |   players A, B\n"
        "    |           ^\n");
  CHECK(one("scenario \"t\" {\n"
            "  ruleset fishing with { game: { end_whn: \"round == 1\" } }\n"
            "  players A, B, C\n}\n") ==
        "t.scn:2:34: error: unknown key 'end_whn' in the game section (did you mean "
        "'end_when'?)\n"
        "  2 |   ruleset fishing with { game: { end_whn: \"round == 1\" } }\n"
        "    |                                  ^\n");
  CHECK(one("scenario \"t\" {\n"
            "  ruleset fishing with { game: { end_when: \"round ==\" } }\n"
            "  players A, B, C\n}\n") ==
        "t.scn:2:53: error: expected a value to compare with at the end of the text\n"
        "  2 |   ruleset fishing with { game: { end_when: \"round ==\" } }\n"
        "    |                                                     ^\n");
  CHECK(one("scenario \"t\" {\n"
            "  ruleset fishing with { game: { end_when: \"round == 2\" } }\n"
            "  players A, B, C\n"
            "  run until over\n  expect round 2\n}\n") == "PASS");
}

// --- The search (Der falsche Hering) -----------------------------------------

// One Der falsche Hering scenario for Antje, Bob and Carl; `body` starts on
// line 4. swarm 3's faulty fish are 6 and 14; swarm 5's are 10 and 11.
std::string Hering(const std::string& body,
                   const std::string& ruleset = "falscher-hering") {
  static ScenarioRunner* runner = new ScenarioRunner;
  auto all = RunText("scenario \"t\" {\n  ruleset " + ruleset +
                         "\n  players Antje, Bob, Carl\n" + body + "}\n",
                     *runner);
  REQUIRE(all.size() == 1);
  return Describe(all[0]);
}

TEST_CASE("The search: marks and stops are moves", "[scenario_runner]") {
  const std::string card = "  deck top: swarm 3\n";
  CHECK(Hering(card +
               "  Antje marks 6, 14\n  expect marks Antje: 6, 14\n  expect marks Bob:\n"
               "  Antje stops\n  expect fields Antje = 2\n  expect marks Antje:\n") ==
        "PASS");
  CHECK(
      Hering(card + "  Antje marks 6, 2\n  Antje unmarks 2\n  expect marks Antje: 6\n") ==
      "PASS");
  CHECK(Hering(card + "  Antje and Bob stop\n  expect fields Antje = 0\n"
                      "  expect fields Bob = 0\n  expect fields Carl = 1\n") == "PASS");
  CHECK(Hering(card + "  Carl, Bob and Antje stop\n  expect fields Carl = 0\n") ==
        "PASS");
  // What a failed set expectation says.
  CHECK(Hering(card + "  Antje marks 6\n  expect marks Antje: 6, 14\n") ==
        "FAIL 6: expected marks Antje: 6, 14; actual marks Antje: 6");
  CHECK(Hering(card + "  expect marks Bob: 3\n") ==
        "FAIL 5: expected marks Bob: 3; actual marks Bob: nothing");
  CHECK(Hering(card + "  Bob marks 1\n  expect marks Bob:\n") ==
        "FAIL 6: expected marks Bob: nothing; actual marks Bob: 1");
  // Moves that do not fit the sheet or the moment.
  CHECK(Hering(card + "  Antje marks 6\n  Antje marks 6\n") ==
        "FAIL 6: expected a legal move; actual Antje has already marked fish 6");
  CHECK(Hering(card + "  Antje unmarks 6\n") ==
        "FAIL 5: expected a legal move; actual Antje has not marked fish 6");
  CHECK(Hering(card + "  out Bob = true\n  Bob marks 6\n") ==
        "FAIL 6: expected a legal move; actual Bob is not searching");
  CHECK(Hering(card +
               "  out Bob = true\n  expect illegal Antje and Bob stop: \"Bob is not "
               "searching\"\n") == "PASS");
  CHECK(Hering(card + "  Antje chooses swarm 1\n") ==
        "FAIL 5: expected a legal move; actual everyone is searching: Antje may mark "
        "fish or "
        "stop");
  CHECK(Hering(card + "  expect turn Antje\n") ==
        "FAIL 5: expected Antje's turn; actual everyone searches");
  CHECK(
      Hering(card + "  expect over\n") ==
      "FAIL 5: expected the game is over; actual the game goes on: everyone searches in "
      "round 1");
  // After a right stop in the normal variant the draft is a choice, not a search.
  CHECK(
      Hering("  hand Antje: swarm 1, swarm 4, swarm 2\n  deck top: swarm 7, swarm 5\n"
             "  Antje marks 10, 11\n  Antje stops\n  Bob marks 3\n",
             "falscher-hering-normal") ==
      "FAIL 8: expected a legal move; actual nobody is searching now: it is Antje's turn "
      "to choose a card");
  // The game is over: no more marks.
  CHECK(Hering("  fields Antje = 7\n  deck top: swarm 3\n  Antje marks 6, 14\n"
               "  Antje stops\n  Bob marks 3\n") ==
        "FAIL 8: expected a legal move; actual the game is over");
}

TEST_CASE("A game of plain rounds starts at the start of a round", "[scenario_runner]") {
  // The seed's setup, changed, then round 1 reveals the card put on top: the
  // round's start runs once.
  CHECK(Hering("  deck top: swarm 3\n  expect round = 1\n  expect table: swarm 3\n"
               "  expect discard:\n  expect deck count 35\n") == "PASS");
  CHECK(Hering("  round = 3\n  deck top: swarm 3\n  expect round = 3\n"
               "  expect table: swarm 3\n") == "PASS");
  CHECK(Hering("  at start of round 2\n  deck top: swarm 3\n  expect round = 2\n"
               "  expect table: swarm 3\n  expect deck count 35\n") == "PASS");
  // Hands are dealt by the setup, not by the round: they are kept.
  CHECK(Hering("  at start of round 1\n  expect hand Antje count 3\n"
               "  expect aside count 1\n  expect deck count 26\n",
               "falscher-hering-normal") == "PASS");
  CHECK(Hering("  deck top: swarm 7, swarm 5\n  expect aside: swarm 7\n"
               "  expect deck top: swarm 5\n  expect hand Bob count 3\n",
               "falscher-hering-normal") == "PASS");
}

TEST_CASE("Search lines that cannot work are errors", "[scenario_runner]") {
  CHECK(Hering("  Antje marks 3, 15\n") ==
        "t.scn:4:18: error: there is no fish 15 (0..14)\n"
        "  4 |   Antje marks 3, 15\n"
        "    |                  ^\n");
  CHECK(Hering("  expect marks Antje: 20\n") ==
        "t.scn:4:23: error: there is no fish 20 (0..14)\n"
        "  4 |   expect marks Antje: 20\n"
        "    |                       ^\n");
  CHECK(Hering("  Antje and Bobb stop\n") ==
        "t.scn:4:13: error: unknown player 'Bobb' (did you mean 'Bob'?)\n"
        "  4 |   Antje and Bobb stop\n"
        "    |             ^\n");
  CHECK(Hering("  marks Antje: 3\n") ==
        "t.scn:4:3: error: 'marks' starts afresh with every search: mark pieces and stop "
        "with "
        "moves, like 'Antje marks 3' or 'Antje stops'\n"
        "  4 |   marks Antje: 3\n"
        "    |   ^\n");
  CHECK(
      Hering("  stopped Bob = true\n") ==
      "t.scn:4:3: error: 'stopped' starts afresh with every search: mark pieces and stop "
      "with moves, like 'Antje marks 3' or 'Antje stops'\n"
      "  4 |   stopped Bob = true\n"
      "    |   ^\n");
  CHECK(
      Hering("  expect table: 3\n") ==
      "t.scn:4:17: error: 'table' is a zone: list its cards, like 'table: swarm 1', not "
      "numbers\n"
      "  4 |   expect table: 3\n"
      "    |                 ^\n");
  CHECK(Hering("  expect fields Antje: 3\n") ==
        "t.scn:4:10: error: 'fields Antje' is a variable: write 'fields Antje = ...'\n"
        "  4 |   expect fields Antje: 3\n"
        "    |          ^\n");
  CHECK(Hering("  expect marks Antje = 3\n") ==
        "FAIL 4: expected marks Antje = 3; actual "
        "marks Antje = 0");
  CHECK(Hering("  expect marks Antje: swarm 1\n") ==
        "t.scn:4:10: error: 'marks Antje' is a set of pieces: write 'marks Antje: 3, 7'\n"
        "  4 |   expect marks Antje: swarm 1\n"
        "    |          ^\n");
  CHECK(Hering("  expect mraks Antje: 3\n") ==
        "t.scn:4:10: error: unknown zone or variable 'mraks' (did you mean 'marks'?)\n"
        "  4 |   expect mraks Antje: 3\n"
        "    |          ^\n");
  CHECK(Hering("  deck top: swarm 37\n") ==
        "t.scn:4:13: error: unknown card 'swarm 37' (did you mean 'swarm 3'?)\n"
        "  4 |   deck top: swarm 37\n"
        "    |             ^\n");
  CHECK(Hering("  expect Antje catches swarm 1\n") ==
        "t.scn:4:10: error: cannot tell where this ruleset puts caught cards: check the "
        "zone, like 'expect won Anne has yellow 7'\n"
        "  4 |   expect Antje catches swarm 1\n"
        "    |          ^\n");
  CHECK(Run("  Anne marks 3\n") ==
        "t.scn:4:3: error: this ruleset has no search: nobody marks pieces or stops\n"
        "  4 |   Anne marks 3\n"
        "    |   ^\n");
  CHECK(Run("  Anne and Paul stop\n") ==
        "t.scn:4:3: error: this ruleset has no search: nobody marks pieces or stops\n"
        "  4 |   Anne and Paul stop\n"
        "    |   ^\n");
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

TEST_CASE("scenario: conditions over a zone's cards and the rank", "[scenario]") {
  const std::string hand =
      "  hand Anne: yellow 7, blue 9\n  boat Paul: red 3, yellow 2\n";
  CHECK(Run(hand + "  expect hand Anne all suit in [blue, yellow] and value >= 6\n"
                   "  expect boat Paul none kind == buoy\n"
                   "  expect hand Debbie none value > 100\n"
                   "  expect rank Anne = 0\n") == "PASS");
  CHECK(Run(hand + "  expect hand Anne all value >= 8\n") ==
        "FAIL 6: expected hand Anne all value >= 8; actual hand Anne has yellow 7 "
        "against it (it holds yellow 7, blue 9)");
  CHECK(Run("  boat Paul: red 3, buoy \"-3 points\"\n"
            "  expect boat Paul none kind == buoy\n") ==
        "FAIL 5: expected boat Paul none kind == buoy; actual boat Paul has buoy \"-3 "
        "points\" meeting it (it holds red 3, buoy \"-3 points\")");
  CHECK(Run("  score Anne = 7\n  expect rank Anne = 5\n") ==
        "FAIL 5: expected rank Anne = 5; actual rank Anne = 7");
}

TEST_CASE("scenario: conditions and rank, wrongly written", "[scenario]") {
  CHECK(FirstLine(Run("  expect hand Anne all suitt == red\n")) ==
        "t.scn:4:24: error: unknown name 'suitt' (did you mean 'suit'?)");
  CHECK(FirstLine(Run("  expect hand Anne all value +\n")).starts_with("t.scn:4:"));
  auto syntax = ParseScenarios(SourceFile::Make(
      "t.scn", "scenario \"t\" {\n  ruleset fishing\n  expect hand Anne all\n}\n"));
  REQUIRE_FALSE(syntax.ok());
  CHECK(FirstLine(syntax.error().Format()) ==
        "t.scn:3:23: error: expected a condition on each card, like 'all suit == blue'");
  CHECK(FirstLine(Run("  expect score Anne all value > 1\n")) ==
        "t.scn:4:10: error: 'score Anne' is a variable: write 'score Anne = ...'");
  auto setup = ParseScenarios(SourceFile::Make(
      "t.scn", "scenario \"t\" {\n  ruleset fishing\n  hand Anne all value > 1\n}\n"));
  REQUIRE_FALSE(setup.ok());
  CHECK(FirstLine(setup.error().Format()) ==
        "t.scn:3:3: error: a setup line lists the cards after ':', like 'hand Anne: "
        "yellow 7'; 'all' and 'none' are for expectations");
  CHECK(FirstLine(Run("  expect rnak Anne = 5\n")) ==
        "t.scn:4:10: error: unknown zone or variable 'rnak' (did you mean 'rank'?)");
  CHECK(FirstLine(Run("  expect rank = 5\n")) ==
        "t.scn:4:10: error: 'rank' belongs to each player: name one, like 'rank Anne'");
  CHECK(FirstLine(Run("  expect rank Anne\n")) ==
        "t.scn:4:10: error: expect a number: 'rank Anne = 10'");
  CHECK(FirstLine(Run("  expect rank Anne = green\n")) ==
        "t.scn:4:22: error: 'rank Anne' is a number, not 'green'");
  CHECK(FirstLine(Run("  rank Anne = 3\n")) ==
        "t.scn:4:3: error: 'rank' is worked out from the game: expect it, like 'expect "
        "rank Anne = 10'");
}

}  // namespace
}  // namespace angler
