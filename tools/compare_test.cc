#include "tools/compare.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/loader.h"
#include "tools/commands.h"

namespace angler {
namespace {

RulesetPtr Load(const std::string& name) {
  Result<RulesetPtr> rules = LoadRuleset(name);
  REQUIRE(rules.ok());
  return rules.value();
}

const PairedMeasure& Find(const Comparison& c, const std::string& measure, int seat = -1,
                          const std::string& reason = "") {
  for (const PairedMeasure& m : c.measures) {
    if (m.measure == measure && m.seat == seat && m.reason == reason) return m;
  }
  FAIL("no measure " << measure);
  return c.measures.front();
}

TEST_CASE("compare: a ruleset against itself differs in nothing", "[compare]") {
  const RulesetPtr fishing = Load("fishing");
  const Game a(*fishing, 4), b(*fishing, 4);
  RandomBot random;
  GreedyBot greedy(1);
  const std::vector<Bot*> seats = {&greedy, &random, &random, &random};
  const Comparison c = Compare(a, b, seats, {3, 0, 60}, 2);
  CHECK(c.paired_games == 60);
  REQUIRE(c.measures.size() == 4 + 4 + 1 + 2);  // win, score, length, normal + overfished
  for (const PairedMeasure& m : c.measures) {
    INFO(m.measure << " " << m.seat << " " << m.reason);
    CHECK(!m.Significant());
    CHECK(m.difference.Mean() == 0);
    CHECK(m.a.Mean() == m.b.Mean());
  }
  CHECK(Find(c, "win_rate", 0).a.Mean() > 0);
}

TEST_CASE("compare: a shorter variant is shorter and scores less", "[compare]") {
  const RulesetPtr fishing = Load("fishing");
  const RulesetPtr shorter = Load("fishing-short");
  const Game a(*fishing, 4), b(*shorter, 4);
  RandomBot random;
  const std::vector<Bot*> seats(4, &random);
  const Comparison c = Compare(a, b, seats, {1, 0, 120}, 2);
  const PairedMeasure& length = Find(c, "game_length");
  CHECK(length.Significant());
  CHECK(length.DifferenceInterval().value().high <
        0);  // B - A: fewer actions in 6 rounds
  for (int p = 0; p < 4; ++p) CHECK(Find(c, "mean_score", p).Significant());
  // The per-ruleset reports are those of sim.
  CHECK(c.a.stats.games == 120);
  CHECK(c.b.run.ruleset == "fishing-short");
}

// A tiny checker of XML well-formedness: every tag closed in order, no stray
// '<' or '&' in text. Enough for the reports this project writes.
std::string CheckWellFormed(const std::string& text) {
  std::vector<std::string> open;
  size_t at = text.find('<');
  if (text.compare(at, 9, "<!DOCTYPE") == 0) at = text.find('<', text.find('>', at));
  while (at != std::string::npos) {
    const size_t end = text.find('>', at);
    if (end == std::string::npos) return "an unclosed tag";
    const std::string tag = text.substr(at + 1, end - at - 1);
    if (tag.empty() || tag[0] == '!' || tag[0] == '?')
      return "a declaration mid-document";
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1))
        return "</" + tag.substr(1) + "> mismatched";
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(tag.substr(0, tag.find_first_of(" \n")));
    }
    const size_t next = text.find('<', end);
    const std::string between = text.substr(
        end + 1, next == std::string::npos ? std::string::npos : next - end - 1);
    for (size_t amp = between.find('&'); amp != std::string::npos;
         amp = between.find('&', amp + 1)) {
      const size_t semi = between.find(';', amp);
      if (semi == std::string::npos || semi - amp > 6) return "a bare '&'";
    }
    at = next;
  }
  return open.empty() ? "" : "<" + open.back() + "> never closed";
}

TEST_CASE("compare --html writes one well-formed page with the plots", "[compare]") {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("angler-compare-" + std::to_string(getpid()) + ".html"))
                               .string();
  std::ostringstream out, err;
  const int code = RunCompare({"fishing", "fishing", "--players", "3", "--games", "20",
                               "--html", path, "--threads", "2"},
                              out, err);
  INFO(err.str());
  REQUIRE(code == 0);
  std::ifstream in(path);
  std::stringstream html;
  html << in.rdbuf();
  std::remove(path.c_str());
  const std::string page = html.str();
  CHECK(CheckWellFormed(page).empty());
  CHECK(CheckWellFormed("<a><b></a></b>") != "");
  CHECK(CheckWellFormed("<a>x & y</a>") != "");
  size_t svgs = 0;
  for (size_t at = page.find("<svg"); at != std::string::npos;
       at = page.find("<svg", at + 1))
    ++svgs;
  CHECK(svgs == 1 + 3 + 1 + 1);  // win rates, a score histogram per seat, lengths, ends
  CHECK_THAT(page, Catch::Contains("Win rate by seat"));
  CHECK(page.find("http://") == page.find("http://www.w3.org"));  // no network
  CHECK(page.find("<script") == std::string::npos);
  CHECK_THAT(out.str(), Catch::Contains("game length"));
  CHECK(out.str().find("significant") ==
        out.str().rfind("significant"));  // the footnote only
}

// A variant whose every game breaks a promise pairs no game: its differences
// are no numbers (n/a, null), not zeros with an interval of nothing.
TEST_CASE("compare: with no game paired the differences are n/a", "[compare]") {
  const std::string path =
      (std::filesystem::temp_directory_path() /
       ("angler-compare-broken-" + std::to_string(getpid()) + ".yaml"))
          .string();
  std::ofstream(path) << "extends: fishing\nname: broken\ninvariants+:\n"
                         "  - {at: trick_end, holds: false, says: never}\n";
  std::ostringstream table, table_err, json, json_err;
  CHECK(RunCompare({"fishing", path, "--players", "4", "--games", "4"}, table,
                   table_err) == 1);
  INFO(table.str());
  CHECK_THAT(table.str(), Catch::Contains("(0 games paired"));
  CHECK_THAT(table.str(),
             Catch::Matches("(.|\n)*win rate, P1 +n/a +n/a +n/a +n/a\n(.|\n)*"));
  CHECK(RunCompare({"fishing", path, "--players", "4", "--games", "4", "--json"}, json,
                   json_err) == 1);
  CHECK_THAT(json.str(),
             Catch::Contains("\"a\":null,\"b\":null,\"difference\":null,\"ci\":null,"
                             "\"significant\":false"));
  std::filesystem::remove(path);
}

TEST_CASE("compare --json and its usage errors", "[compare]") {
  std::ostringstream out, err;
  REQUIRE(RunCompare({"fishing", "fishing", "--players", "4", "--games", "10", "--json"},
                     out, err) == 0);
  const std::string json = out.str();
  CHECK(json.rfind("{\"games\":10,\"players\":4,", 0) == 0);
  CHECK_THAT(json, Catch::Contains("\"a\":{\"games\":10,"));
  CHECK_THAT(json,
             Catch::Contains("\"differences\":[{\"measure\":\"win_rate\",\"seat\":0,"));
  CHECK_THAT(json, Catch::Contains("\"significant\":false"));
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{"fishing"}, "expected two RULESETs"},
      {{"fishing", "hearts", "--players", "3"}, "--players 3 is out of range"},
      {{"fishing", "fishng", "--players", "4"}, "did you mean 'fishing'?"},
      {{"fishing", "fishing", "--players", "4", "--games", "1"},
       "--games must be from 2"},
      {{"fishing", "fishing", "--players", "4", "--bots", "gredy"}, "did you mean"},
      // The page's place is checked before any game is played.
      {{"fishing", "fishing", "--players", "4", "--html", "/nonexistent/dir/x.html"},
       "cannot write /nonexistent/dir/x.html: no folder /nonexistent/dir"},
  };
  for (const Case& c : cases) {
    INFO(c.message);
    std::ostringstream o, e;
    CHECK(RunCompare(c.args, o, e) == 2);
    CHECK_THAT(e.str(), Catch::Contains(c.message));
  }
}

}  // namespace
}  // namespace angler
