#include "interpreter/disassemble.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "interpreter/loader.h"
#include "tests/test_util.h"

namespace angler {
namespace {

const char* kTiny = R"(name: tiny
players: 2
suits: [red]
zones:
  deck: {setup: true}
  hand: {per_player: true}
  trick: {}
  won: {per_player: true}
variables:
  score: {per_player: true}
cards:
  - {suits: [red], values: 1..2}
setup: deal deck to hand
round:
  tricks: 1
trick:
  may_play: true
  winner: first(played).player
  end: |
    score(winner) += 1
    move trick to won(winner)
game:
  end_when: true
  rank: score(p)
)";

TEST_CASE("disassemble: the code of a tiny ruleset, by section, with places",
          "[disassemble]") {
  auto r = LoadRulesetText("tiny.yaml", kTiny);
  INFO(testing::FormatErrors(r));
  REQUIRE(r.ok());
  std::string text = Disassemble(*r.value());
  std::string code = text.substr(text.find("code:"));
  CHECK(code ==
        "code: 15\n"
        "  [setup]\n"
        "  0 Deal slot=1 e0=n11  tiny.yaml:13:8\n"
        "  [round]\n"
        "  1 RoundBegin  tiny.yaml:15:3\n"
        "  [trick]\n"
        "  2 SetGlobal slot=4 e0=n9  tiny.yaml:17:3\n"
        "  3 JumpIfNot e0=n14 target=13  tiny.yaml:17:3\n"
        "  4 TrickBegin target=7  tiny.yaml:17:3\n"
        "  5 RunPending  tiny.yaml:17:3\n"
        "  6 SetGlobal slot=2 e0=n15  tiny.yaml:17:3\n"
        "  7 Play target=8  tiny.yaml:17:3\n"
        "  8 TrickResolve  tiny.yaml:17:3\n"
        "  [trick.end]\n"
        "  9 SetPlayerVar op=1 slot=25 e0=n17 e1=n16  tiny.yaml:20:5\n"
        "  10 Move e0=n18 e1=n20  tiny.yaml:21:5\n"
        "  [trick]\n"
        "  11 TrickEnd  tiny.yaml:17:3\n"
        "  12 Jump target=3  tiny.yaml:17:3\n"
        "  [round]\n"
        "  13 JumpIfNot e0=n10 target=1  tiny.yaml:15:3\n"
        "  14 GameOver  tiny.yaml:15:3\n");
  // The nodes the score statement reads: score(winner) and the constant 1.
  CHECK(text.rfind("nodes: 22\n", 0) == 0);
  // The play rule, `true`, as a card set (card_set_plan.h): every card; the
  // set reads no value the filter keeps for its run (imm=1).
  CHECK(NodeText(*r.value(), 8) == "n8 SetFilter cards x=n7 y=n21 z=n2 imm=1");
  CHECK(NodeText(*r.value(), 21) == "n21 SetStatic set");  // lists[0 .. 4): its words
  CHECK(NodeText(*r.value(), 16) == "n16 Global player a=3");
  CHECK(NodeText(*r.value(), 17) == "n17 Const int imm=1");
  CHECK(NodeText(*r.value(), 14) == "n14 Lt bool x=n12 y=n13");
}

// The README shows part of this program (`angler rules dump tiny.yaml`) and
// names one of its nodes: each line shown must be the disassembler's, so the
// excerpt cannot go stale when the compiler changes.
TEST_CASE("disassemble: the README's excerpt of the tiny ruleset is its program",
          "[disassemble][readme]") {
  auto r = LoadRulesetText("tiny.yaml", kTiny);
  REQUIRE(r.ok());
  const std::string text = Disassemble(*r.value());
  std::ifstream in(std::string(ANGLER_TEST_DIR) + "/../README.md");
  std::ostringstream readme;
  readme << in.rdbuf();
  const std::string shown = readme.str();
  const std::string command = "$ angler rules dump tiny.yaml\n";
  const size_t at = shown.find(command);
  REQUIRE(at != std::string::npos);
  const size_t from = at + command.size();
  std::istringstream block(shown.substr(from, shown.find("```", from) - from));
  int lines = 0;
  for (std::string line; std::getline(block, line);) {
    if (line == "...") continue;
    INFO(line);
    CHECK(text.find("\n" + line + "\n") != std::string::npos);
    ++lines;
  }
  CHECK(lines >= 5);
  CHECK(shown.find("`n14 Lt bool x=n12 y=n13`") != std::string::npos);
  CHECK(text.find("\n  n14 Lt bool x=n12 y=n13\n") != std::string::npos);
}

TEST_CASE("disassemble: every op and opcode has its name", "[disassemble]") {
  CHECK(std::string(OpName(Op::kConst)) == "Const");
  CHECK(std::string(OpName(Op::kIf)) == "If");
  CHECK(std::string(CodeName(Code::kJump)) == "Jump");
  CHECK(std::string(CodeName(Code::kGameOver)) == "GameOver");
}

}  // namespace
}  // namespace angler
