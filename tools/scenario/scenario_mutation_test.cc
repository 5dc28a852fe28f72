#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "tools/scenario/scenario_runner.h"

// Mutation tests of the shipped scenarios: each expectation, made wrong one at
// a time, must fail at its own line (a scenario that cannot fail checks nothing).
namespace angler {
namespace {

using Status = ScenarioOutcome::Status;

// --- Every expectation of the shipped Fishing scenarios can fail -------------

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Join(const std::vector<ScnPhrase>& phrases) {
  std::string out;
  for (const ScnPhrase& p : phrases) out += (out.empty() ? "" : ", ") + p.Text();
  return out;
}

std::string MoveText(const ScnMove& m) {
  using V = ScnMove::Verb;
  switch (m.verb) {
    case V::kPlays:
      return m.player.text + " plays " + Join(m.things);
    case V::kMarks:
      return m.player.text + " marks " + Join(m.things);
    case V::kUnmarks:
      return m.player.text + " unmarks " + Join(m.things);
    case V::kStops: {
      if (m.stoppers.size() == 1) return m.player.text + " stops";
      std::string out;
      for (size_t i = 0; i + 1 < m.stoppers.size(); ++i) {
        out += (i ? ", " : "") + m.stoppers[i].text;
      }
      return out + " and " + m.stoppers.back().text + " stop";
    }
    default:
      return m.player.text + " chooses " + Join(m.things);
  }
}

// What a file's mutations use where they need another zone or another card.
struct MutationWords {
  std::string zone, other_zone;  // `expect ZONE has ...` is tried on the other zone
  std::string card, other_card;  // put into an empty exact list
};

// A wrong value in place of a right one: the next number, player or suit.
std::string Wrong(const ScnToken& t, const Scenario& s) {
  if (t.kind == ScnToken::Kind::kNumber) return std::to_string(t.number + 1);
  for (size_t i = 0; i < s.players.size(); ++i) {
    if (s.players[i].text == t.text) return s.players[(i + 1) % s.players.size()].text;
  }
  const std::vector<std::string> suits = {"blue", "purple", "red", "yellow", "green"};
  for (size_t i = 0; i < suits.size(); ++i) {
    if (suits[i] == t.text) return suits[(i + 1) % suits.size()];
  }
  if (t.text == "true" || t.text == "false") return t.text == "true" ? "false" : "true";
  FAIL("no wrong value for '" + t.text + "'");
  return "";
}

// Wrong versions of an expectation, as lines of text.
std::vector<std::string> Mutations(const ScnLine& l, const Scenario& s,
                                   const MutationWords& w) {
  using K = ScnLine::Kind;
  switch (l.kind) {
    case K::kExpectLegal:
      return {"expect illegal " + MoveText(l.move)};
    case K::kExpectIllegal: {
      std::vector<std::string> out = {"expect legal " + MoveText(l.move)};
      if (l.has_text) out.push_back("expect illegal " + MoveText(l.move) + ": \"other\"");
      return out;
    }
    case K::kExpectOver: {
      std::vector<std::string> out = {"expect not over"};
      if (l.has_text) out.push_back("expect over: \"other\"");
      return out;
    }
    case K::kExpectNotOver:
      return {"expect over"};
    case K::kExpectWinners: {
      std::string out = "expect winners ";
      if (l.players.size() > 1) {
        for (size_t i = 0; i + 1 < l.players.size(); ++i)
          out += (i ? ", " : "") + l.players[i].text;
      } else {
        out += Wrong(l.players[0], s);
      }
      return {out};
    }
    case K::kExpectCatches:
      return {"expect " + Wrong(l.players[0], s) + " catches " + Join(l.cards)};
    case K::kExpect:
      break;
    default:
      return {};
  }
  std::vector<ScnToken> subject = l.subject.tokens;
  std::string part;
  if (l.part != ScnLine::Part::kWhole) {
    part = l.part == ScnLine::Part::kTop ? " top" : " bottom";
    if (l.part_count >= 0) part += " " + std::to_string(l.part_count);
  }
  auto text = [](const std::vector<ScnToken>& tokens) {
    ScnPhrase p;
    p.tokens = tokens;
    return p.Text();
  };
  switch (l.tail) {
    case ScnLine::Tail::kCount:
      return {"expect " + text(subject) + part + " count " +
              std::to_string(l.number + 1)};
    case ScnLine::Tail::kHas:
      // The same cards in another zone: a card is in one zone only.
      if (subject.size() > 1) {
        subject[1].text = Wrong(subject[1], s);
      } else {
        subject[0].text = subject[0].text == w.zone ? w.other_zone : w.zone;
      }
      return {"expect " + text(subject) + part + " has " + Join(l.cards)};
    case ScnLine::Tail::kExact: {
      if (!l.numbers.empty() || (l.cards.empty() && subject[0].text == "marks")) {
        // A set of numbers: one fewer, or one where there is none.
        std::vector<ScnPhrase> numbers = l.numbers;
        if (numbers.empty()) {
          numbers.emplace_back();
          numbers.back().tokens = {ScnToken{ScnToken::Kind::kNumber, "0", 0, {}}};
        } else {
          numbers.pop_back();
        }
        return {"expect " + text(subject) + ": " + Join(numbers)};
      }
      std::vector<ScnPhrase> cards = l.cards;
      const bool ordered = l.part != ScnLine::Part::kWhole && l.part_count < 0;
      if (ordered && cards.size() >= 2) {
        std::swap(cards[0], cards[1]);
      } else if (!cards.empty() && !ordered) {
        cards.pop_back();
      } else {
        const std::string other =
            !cards.empty() && cards[0].Text() == w.card ? w.other_card : w.card;
        return {"expect " + text(subject) + part + ": " + other};
      }
      return {"expect " + text(subject) + part + ": " + Join(cards)};
    }
    case ScnLine::Tail::kValue: {
      std::vector<ScnToken> value = l.value.tokens;
      value.back().text = Wrong(value.back(), s);
      return {"expect " + text(subject) + " = " + text(value)};
    }
    case ScnLine::Tail::kNone:
      subject.back().text = Wrong(subject.back(), s);
      return {"expect " + text(subject)};
    case ScnLine::Tail::kAll:  // of a zone with cards
      return {"expect " + text(subject) + part + " none " + l.condition};
    case ScnLine::Tail::kNoneOf:
      return {"expect " + text(subject) + part + " all " + l.condition};
  }
  return {};
}

// The last line a statement reaches (lists may go on over several lines).
int LastLine(const ScnLine& l) {
  int last = l.pos.line;
  for (const ScnPhrase& c : l.cards) last = std::max(last, c.pos.line);
  for (const ScnPhrase& c : l.move.things) last = std::max(last, c.pos.line);
  for (const ScnToken& t : l.subject.tokens) last = std::max(last, t.pos.line);
  for (const ScnToken& t : l.value.tokens) last = std::max(last, t.pos.line);
  for (const ScnToken& t : l.players) last = std::max(last, t.pos.line);
  return last;
}

// Each expectation of a scenario file, made wrong, fails at its own line.
void EveryExpectationCanFail(const std::string& file, const MutationWords& w,
                             int at_least) {
  const std::string path = std::string(ANGLER_TEST_DIR) + "/scenarios/" + file;
  const std::string text = ReadFile(path);
  REQUIRE_FALSE(text.empty());
  std::vector<std::string> lines;
  std::istringstream split(text);
  for (std::string line; std::getline(split, line);) lines.push_back(line);

  auto parsed = ParseScenarios(SourceFile::Make(path, text));
  REQUIRE(parsed.ok());
  const auto& scenarios = parsed.value();
  ScenarioRunner runner;
  int mutations = 0;
  for (size_t i = 0; i < scenarios.size(); ++i) {
    const Scenario& s = scenarios[i];
    INFO(s.title);
    REQUIRE(runner.Run(s).status == Status::kPass);
    int expectations = 0;
    for (const ScnLine& l : s.steps) {
      for (const std::string& wrong : Mutations(l, s, w)) {
        ++expectations;
        std::vector<std::string> changed = lines;
        const size_t first = static_cast<size_t>(l.pos.line - 1);
        changed[first] = std::string(static_cast<size_t>(l.pos.col - 1), ' ') + wrong;
        for (int k = l.pos.line; k < LastLine(l); ++k)
          changed[static_cast<size_t>(k)] = "";
        std::string mutated;
        for (const std::string& line : changed) mutated += line + "\n";
        auto reparsed = ParseScenarios(SourceFile::Make(path, mutated));
        INFO(wrong);
        REQUIRE(reparsed.ok());
        ScenarioOutcome o = runner.Run(reparsed.value()[i]);
        CHECK(o.status == Status::kFail);
        CHECK(o.failed_at.line == l.pos.line);
      }
    }
    CHECK(expectations > 0);  // a scenario without expectations cannot fail
    mutations += expectations;
  }
  CHECK(mutations > at_least);
}

TEST_CASE("Every expectation in the Fishing scenarios can fail", "[scenario_runner]") {
  EveryExpectationCanFail("fishing/fishing.scn",
                          {"ocean", "box", "yellow 10", "yellow 9"}, 150);
}

TEST_CASE("Every expectation in the Falscher Hering scenarios can fail",
          "[scenario_runner]") {
  EveryExpectationCanFail("falscher-hering/falscher-hering.scn",
                          {"discard", "box", "swarm 36", "swarm 35"}, 200);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

// The first line of a result: PASS, the failure, or the first diagnostic.

}  // namespace
}  // namespace angler
