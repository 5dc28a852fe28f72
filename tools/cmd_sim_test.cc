#include <unistd.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/commands.h"

namespace angler {
namespace {

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Sim(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = RunSim(args, out, err);
  return {code, out.str(), err.str()};
}

TEST_CASE("sim --json is byte-identical for the same seed", "[sim]") {
  const std::vector<std::string> args = {
      "fishing", "--players", "4",      "--games",         "30",
      "--seed",  "11",        "--bots", "greedy:1,random", "--json"};
  const Run a = Sim(args);
  const Run b = Sim(args);
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  std::vector<std::string> other = args;
  other[6] = "12";
  CHECK(Sim(other).out != a.out);
  // 64-bit seeds are strings: a JSON reader with doubles keeps every bit.
  other[6] = "18446744073709551557";
  CHECK_THAT(Sim(other).out, Catch::Contains("\"seed\":\"18446744073709551557\""));
}

TEST_CASE("sim --json starts with the contract keys in order", "[sim]") {
  const Run run = Sim({"fishing", "--players", "3", "--games", "10", "--json"});
  REQUIRE(run.code == 0);
  const std::string& json = run.out;
  CHECK(json.rfind("{\"games\":10,\"players\":3,\"seats\":[{\"wins\":", 0) == 0);
  size_t at = 0;
  for (const char* key : {"\"seats\":", "\"mean_score\":", "\"mean_actions\":",
                          "\"overfished\":", "\"end_reasons\":", "\"errors\":0"}) {
    const size_t found = json.find(key, at);
    CHECK(found != std::string::npos);
    if (found != std::string::npos) at = found;
  }
  CHECK(json.find("\"overfished\":{") == std::string::npos);
  CHECK(std::count(json.begin(), json.end(), '\n') == 1);
  CHECK(json.back() == '\n');
}

TEST_CASE("sim prints a table of seats and keeps timings on stderr", "[sim]") {
  const Run run = Sim({"fishing", "--players", "4", "--games", "5", "--bots", "random"});
  REQUIRE(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("win rate"));
  CHECK_THAT(run.out, Catch::Contains("mean game length"));
  CHECK_THAT(run.out, Catch::Contains("overfished"));
  CHECK(run.out.find(" s (") == std::string::npos);
  CHECK_THAT(run.err, Catch::Contains("games/s"));
}

TEST_CASE("sim's table keeps its columns apart when numbers are wide", "[sim]") {
  // Der falsche Hering's greedy bots score in the hundreds, below zero too:
  // the mean and its interval are wider than their columns.
  const Run run =
      Sim({"falscher-hering", "--players", "3", "--games", "2", "--bots", "greedy"});
  REQUIRE(run.code == 0);
  CHECK_THAT(run.out,
             Catch::StartsWith("falscher-hering (Der falsche Hering): 3 players, "
                               "2 games, seed 1\n"));
  for (size_t at = run.out.find("\nP"); at != std::string::npos;
       at = run.out.find("\nP", at + 1)) {
    const std::string row = run.out.substr(at + 1, run.out.find('\n', at + 1) - at - 1);
    INFO(row);
    // Each number stands apart: no digit runs into a minus sign or a dot.
    for (size_t i = 1; i < row.size(); ++i) {
      CHECK_FALSE(
          (std::isdigit(static_cast<unsigned char>(row[i - 1])) && row[i] == '-'));
    }
  }
  const Run one = Sim({"fishing", "--players", "4", "--games", "1"});
  CHECK_THAT(one.out,
             Catch::StartsWith("fishing (Fishing): 4 players, 1 game, seed 1\n"));
}

TEST_CASE("sim usage errors exit 2 with a message", "[sim]") {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{}, "expected a RULESET"},
      {{"fishing"}, "--players is required: fishing is for 3..5 players"},
      {{"fishing", "--players", "6"}, "--players 6 is out of range"},
      {{"fishing", "--players", "four"}, "--players expects a whole number"},
      {{"fishing", "--players", "4", "--games", "0"}, "--games must be from 1"},
      {{"fishing", "--players", "4", "--seed", "-1"}, "--seed expects"},
      {{"fishing", "--players", "4", "--bots", "gredy"}, "did you mean 'greedy'?"},
      {{"fishing", "--players", "3", "--bots", "random,random,random,random"},
       "4 bots given for 3 players"},
      {{"fishng", "--players", "4"}, "did you mean 'fishing'?"},
      {{"fishing", "--players", "4", "--gams", "3"}, "did you mean '--games'?"},
      {{"fishing", "extra", "--players", "4"}, "expected one RULESET"},
  };
  for (const Case& c : cases) {
    INFO(c.message);
    const Run run = Sim(c.args);
    CHECK(run.code == 2);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::Contains(c.message));
  }
}

TEST_CASE("sim --help prints its flags and exits 0", "[sim]") {
  const Run run = Sim({"--help"});
  CHECK(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("--bots"));
  CHECK(run.err.empty());
}

TEST_CASE("sim --players A..B runs each player count", "[sim]") {
  std::ostringstream out, err;
  int code =
      RunSim({"fatfish", "--players", "2..4", "--games", "3", "--seed", "2", "--json"},
             out, err);
  CHECK(code == 0);
  const std::string json = out.str();
  REQUIRE(json.size() > 2);
  CHECK(json.front() == '[');
  CHECK(json.find("\"players\":2,") != std::string::npos);
  CHECK(json.find("\"players\":3,") != std::string::npos);
  CHECK(json.find("\"players\":4,") != std::string::npos);
  std::ostringstream out2, err2;
  CHECK(RunSim({"fatfish", "--players", "1..3"}, out2, err2) == 2);
  CHECK(err2.str().find("--players 1..3 is out of range: fatfish is for 2..6 players") !=
        std::string::npos);
}

TEST_CASE("sim --names names the seats in the table and the records", "[sim]") {
  const Run plain =
      Sim({"fishing", "--players", "3", "--games", "2", "--bots", "random"});
  REQUIRE(plain.code == 0);
  CHECK_THAT(plain.out,
             Catch::Contains("\nP1    random ") && Catch::Contains("\nP3    "));
  const std::string db = ":memory:";
  const Run named = Sim({"fishing", "--players", "3", "--games", "2", "--bots", "random",
                         "--names", "Anne,Bob,Carlotta", "--record", "--db", db});
  REQUIRE(named.code == 0);
  CHECK_THAT(named.out, Catch::Contains("\nseat      bot ") &&
                            Catch::Contains("\nAnne      random ") &&
                            Catch::Contains("\nCarlotta  random "));
  const Run short_list = Sim({"fishing", "--players", "3", "--names", "Anne,Bob"});
  CHECK(short_list.code == 2);
  CHECK_THAT(short_list.err, Catch::Contains("--names gives 2 names for 3 players"));
  const Run range = Sim({"fishing", "--players", "3..4", "--names", "Anne,Bob,Carl"});
  CHECK(range.code == 2);
  CHECK_THAT(range.err, Catch::Contains("--names needs one player count"));
}

// A run printed as a table and as JSON.
std::pair<Run, Run> TableAndJson(std::vector<std::string> args) {
  Run table = Sim(args);
  args.push_back("--json");
  return {std::move(table), Sim(args)};
}

TEST_CASE("sim says n/a where one game, or none, gives no number", "[sim]") {
  const auto [one, json] =
      TableAndJson({"fishing", "--players", "3", "--games", "1", "--bots", "random"});
  REQUIRE(one.code == 0);
  // A mean over one game has no interval: n/a, not "41.00..41.00". Wilson's
  // interval of a win rate stands on one game.
  CHECK_THAT(
      one.out,
      Catch::Matches(
          R"((.|\n)*\nP1 +random +[01] +(0|100)\.0% +[0-9.]+\.\.[0-9.]+% +[0-9]+\.00 +n/a (.|\n)*)"));
  CHECK_THAT(one.out, Catch::Contains(" actions (95% CI n/a)\n"));
  CHECK_THAT(json.out, Catch::Contains("\"mean_score_ci\":null"));
  CHECK_THAT(json.out, Catch::Contains("\"mean_actions_ci\":null"));
  CHECK_THAT(json.out, Catch::Contains("\"win_rate_ci\":["));

  // A promise every game breaks: no game completes, so nothing is measured.
  // Rates and means are over completed games (an errored game has no winner),
  // and over none they are n/a, not 0.
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("angler-sim-none-" + std::to_string(getpid()) + ".yaml"))
                               .string();
  std::ofstream(path)
      << "extends: fishing\nname: never\ninvariants:\n"
         "  - at: round_end\n    holds: round < 1\n    says: no round ends\n";
  const auto [none, none_json] =
      TableAndJson({path, "--players", "3", "--games", "4", "--bots", "random"});
  std::filesystem::remove(path);
  CHECK(none.code == 1);
  CHECK_THAT(
      none.out,
      Catch::Matches(
          R"((.|\n)*\nP1 +random +0 +n/a +n/a +n/a +n/a +n/a +n/a +n/a +n/a +n/a\n(.|\n)*)"));
  CHECK_THAT(none.out, Catch::Contains("mean game length: n/a (no game completed)"));
  CHECK_THAT(none.out, Catch::Contains("errors: 4 (ruleset errors 4, failed games 0)"));
  CHECK_THAT(none_json.out,
             Catch::Contains("\"wins\":0,\"mean_score\":null,\"win_rate\":null,"
                             "\"win_rate_ci\":null,\"mean_score_ci\":null,"
                             "\"score_percentiles\":{\"p5\":null,"));
  CHECK_THAT(none_json.out, Catch::Contains("\"mean_actions\":null"));
}

}  // namespace
}  // namespace angler
