#include "replay/scenario_writer.h"

#include <catch2/catch.hpp>

#include "dsl/scenario.h"
#include "tools/scenario/scenario_runner.h"
#include "replay/notation.h"
#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::FormatErrors;
using testing::RandomRecord;

std::string Describe(const ScenarioOutcome& o) {
  switch (o.status) {
    case ScenarioOutcome::Status::kPass:
      return "PASS";
    case ScenarioOutcome::Status::kFail:
      return "FAIL line " + std::to_string(o.failed_at.line) + ": expected " +
             o.expected + "; actual " + o.actual;
    case ScenarioOutcome::Status::kError: {
      std::string out;
      for (const Diagnostic& d : o.errors) out += d.Format();
      return out;
    }
  }
  return "";
}

// The written scenario with expectations appended before its closing brace:
// the scenario runner must rebuild the same position from it.
std::string WithExpectations(const std::string& text,
                             const std::vector<std::string>& lines) {
  std::string out = text.substr(0, text.rfind("}\n"));
  for (const std::string& l : lines) out += "  " + l + "\n";
  return out + "}\n";
}

TEST_CASE("a position is written as a scenario the runner rebuilds", "[to-scenario]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 4);
  GameRecord record = RandomRecord(game, 17, {"Anne", "Bob", "Carl", "Dora"});
  record.id = 12;
  ScenarioRunner runner;
  int checked = 0;
  for (int ply = 10; ply < static_cast<int>(record.actions.size()); ply += 37) {
    Result<ScenarioPosition> written =
        WriteScenario(rules, record, ply, rules.content_hash);
    INFO(FormatErrors(written));
    REQUIRE(written.ok());
    const ScenarioPosition& sp = written.value();
    INFO(sp.text);
    CHECK(sp.start_ply <= sp.end_ply);
    CHECK(
        sp.text.find("scenario \"game 12 at ply " + std::to_string(ply) +
                     "\" {\n"
                     "  ruleset fishing\n  players Anne, Bob, Carl, Dora\n  seed 17\n") !=
        std::string::npos);

    Result<State> at = PositionAt(game, record, sp.end_ply);
    REQUIRE(at.ok());
    const State& s = at.value();
    std::vector<std::string> expect;
    if (!s.over && !game.IsChance(s)) {
      const std::string who = record.players[static_cast<size_t>(s.decision.player)];
      expect.push_back("expect turn " + who);
      ActionList legal;
      game.LegalActions(s, legal);
      CHECK(sp.text.find("  # " + who) != std::string::npos);
      for (const Action& a : legal) {
        if (a.kind != ActionKind::kPlay) continue;
        expect.push_back("expect legal " + who + " plays " +
                         rules.card_names[static_cast<size_t>(a.value)]);
      }
    }
    for (int p = 0; p < 4; ++p) {
      const int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first + p;
      const std::string& who = record.players[static_cast<size_t>(p)];
      expect.push_back("expect hand " + who + " count " +
                       std::to_string(s.ZoneSize(hand)));
      const Variable& score =
          rules.variables[static_cast<size_t>(rules.FindVariable("score"))];
      expect.push_back("expect score " + who + " = " +
                       std::to_string(s.vars[score.slot + p]));
    }
    const std::string text = WithExpectations(sp.text, expect);
    auto parsed = ParseScenarios(SourceFile::Make("written.scn", text));
    INFO(FormatErrors(parsed));
    REQUIRE(parsed.ok());
    REQUIRE(parsed.value().size() == 1);
    const ScenarioOutcome outcome = runner.Run(parsed.value()[0]);
    INFO(text);
    CHECK(Describe(outcome) == "PASS");
    ++checked;
  }
  CHECK(checked >= 5);
}

// A search game starts at a round's start: the pile, the set-aside card, the
// hands and the fields, then the round's moves (marks, stops, the draft).
TEST_CASE("a search game's position is written from its round's start", "[to-scenario]") {
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering-normal");
  const Game game(*rules, 3);
  GameRecord record = RandomRecord(game, 23, {"Antje", "Bob", "Carl"});
  record.id = 4;
  ScenarioRunner runner;
  int checked = 0;
  const int plies = static_cast<int>(record.actions.size());
  for (int ply = 1; ply < plies; ply += std::max(1, plies / 9)) {
    Result<ScenarioPosition> written = WriteScenario(*rules, record, ply);
    if (!written.ok() &&
        FormatErrors(written).find("a chance move") != std::string::npos) {
      continue;  // a reshuffle inside the round: refused, with the reason
    }
    INFO(FormatErrors(written));
    REQUIRE(written.ok());
    const ScenarioPosition& sp = written.value();
    Result<State> at = PositionAt(game, record, sp.end_ply);
    REQUIRE(at.ok());
    const State& s = at.value();
    std::vector<std::string> expect = {"expect round = " +
                                       std::to_string(s.vars[rules->builtin.round])};
    for (size_t f = 0; f < rules->zones.size(); ++f) {
      const ZoneFamily& family = rules->zones[f];
      const int piles = family.per_player ? 3 : family.count;
      for (int i = 0; i < piles; ++i) {
        const int zone = family.first + i;
        std::string head = "expect " + family.name;
        if (family.per_player) head += " " + record.players[static_cast<size_t>(i)];
        expect.push_back(head + " count " + std::to_string(s.ZoneSize(zone)));
        if (s.ZoneSize(zone) > 0) {
          expect.push_back(head + " top: " + rules->card_names[s.Zone(zone).back()]);
        }
      }
    }
    for (int p = 0; p < 3; ++p) {
      const std::string& who = record.players[static_cast<size_t>(p)];
      const Variable& fields =
          rules->variables[static_cast<size_t>(rules->FindVariable("fields"))];
      expect.push_back("expect fields " + who + " = " +
                       std::to_string(s.vars[fields.slot + p]));
      std::string marks = "expect marks " + who + ":";
      const uint32_t sheet = static_cast<uint32_t>(s.vars[rules->builtin.marks + p]);
      bool first = true;
      for (int i = 0; i < 32; ++i) {
        if (!(sheet >> i & 1)) continue;
        marks += (first ? " " : ", ") + std::to_string(i);
        first = false;
      }
      if (!s.over) expect.push_back(marks);
    }
    const std::string text = WithExpectations(sp.text, expect);
    auto parsed = ParseScenarios(SourceFile::Make("written.scn", text));
    INFO(FormatErrors(parsed));
    REQUIRE(parsed.ok());
    INFO(text);
    CHECK(Describe(runner.Run(parsed.value()[0])) == "PASS");
    ++checked;
  }
  CHECK(checked >= 4);
}

TEST_CASE("a ply at a shuffle starts at the next trick", "[to-scenario]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const GameRecord record = RandomRecord(game, 4);
  auto written = WriteScenario(rules, record, 0);
  REQUIRE(written.ok());
  CHECK(written.value().start_ply > 0);
  CHECK(written.value().text.find(
            "Ply 0 is at a shuffle, outside any trick: this starts at ply " +
            std::to_string(written.value().start_ply)) != std::string::npos);
  CHECK_FALSE(WriteScenario(rules, record, 100000).ok());
}

}  // namespace
}  // namespace angler
