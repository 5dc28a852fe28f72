#include "tools/check.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace angler {
namespace {

namespace fs = std::filesystem;

struct Output {
  int code = 0;
  std::string out, err;
};

Output Check(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Output o;
  o.code = RunCheck(args, out, err);
  o.out = out.str();
  o.err = err.str();
  return o;
}

std::string Scenarios(const std::string& path) {
  return std::string(ANGLER_TEST_DIR) + "/scenarios/" + path;
}

// The deliberately failing scenarios live apart, so `angler check
// tests/scenarios` passes.
std::string Data(const std::string& path) {
  return std::string(ANGLER_TEST_DIR) + "/data/" + path;
}

// A file in a fresh temporary folder, removed with the object.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text) {
    dir_ = fs::temp_directory_path() /
           ("angler_check_test_" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(dir_);
    path_ = (dir_ / name).string();
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  const std::string& path() const { return path_; }
  std::string dir() const { return dir_.string(); }

 private:
  fs::path dir_;
  std::string path_;
};

// A scenario titled "first trick" whose trick Debbie wins, expecting `winner`.
std::string FirstTrick(const std::string& winner) {
  return "scenario \"first trick\" {\n"
         "  ruleset fishing\n  players Anne, Paul, Debbie, Nikki\n"
         "  hand Anne: yellow 7\n  hand Paul: yellow 3\n"
         "  hand Debbie: yellow 10\n  hand Nikki: purple 2\n"
         "  leader = Anne\n"
         "  Anne plays yellow 7\n  Paul plays yellow 3\n"
         "  Debbie plays yellow 10\n  Nikki plays purple 2\n"
         "  expect winner " +
         winner + "\n}\n";
}

TEST_CASE("check: every Fishing scenario passes", "[check]") {
  Output o = Check({Scenarios("fishing")});
  INFO(o.out + o.err);
  CHECK(o.code == 0);
  CHECK(o.err.empty());
  CHECK(o.out.find("FAIL") == std::string::npos);
  CHECK(o.out.find("PASS " + Scenarios("fishing/fishing.scn") +
                   ":15: Example: Debbie catches the first trick\n") == 0);
  CHECK(o.out.ends_with("\n39 passed, 0 failed\n"));
}

TEST_CASE("check: wrong expectations fail with their line and exit 1", "[check]") {
  const std::string file = Data("selftest/wrong.scn");
  Output o = Check({file});
  CHECK(o.code == 1);
  CHECK(o.err.empty());
  CHECK(o.out == "PASS " + file + ":5: right: Debbie catches the trick\n" + "FAIL " +
                     file + ":19: wrong winner\n" + "  " + file +
                     ":30: expect winner Paul\n" +
                     "    expected: winner = Paul\n"
                     "    actual:   winner = Debbie\n" +
                     "FAIL " + file + ":33: wrong count\n" + "  " + file +
                     ":37: expect hand Anne count 3\n" +
                     "    expected: hand Anne count 3\n"
                     "    actual:   hand Anne count 2 (yellow 7, blue 3)\n" +
                     "FAIL " + file + ":40: an illegal move\n" + "  " + file +
                     ":46: Paul plays blue 4\n" +
                     "    expected: a legal move\n"
                     "    actual:   blue 4 does not follow yellow, and this hand holds "
                     "yellow (F3, F9)\n" +
                     "FAIL " + file + ":50: a legal move expected to be illegal\n" +
                     "  " + file + ":54: expect illegal Anne plays blue 3\n" +
                     "    expected: illegal\n"
                     "    actual:   legal\n" +
                     "FAIL " + file + ":57: the game is not over\n" + "  " + file +
                     ":60: expect over\n" +
                     "    expected: the game is over\n"
                     "    actual:   the game goes on: Anne to play a card in round 1\n"
                     "1 passed, 5 failed\n");
}

TEST_CASE("check: a syntax error is bad input, exit 2", "[check]") {
  const std::string file = Data("selftest/syntax.scn");
  Output o = Check({file});
  CHECK(o.code == 2);
  CHECK(o.out == "0 passed, 0 failed\n");
  CHECK(o.err == file + ":7:13: error: expected a card, like 'yellow 7'\n" +
                     "  7 |   Anne plays\n"
                     "    |             ^\n");
}

TEST_CASE("check: unknown names are bad input; other scenarios still run", "[check]") {
  const std::string file = Data("selftest/names.scn");
  Output o = Check({file});
  CHECK(o.code == 2);
  CHECK(o.out == "ERROR " + file + ":4: misspelled names\n" + "PASS " + file +
                     ":13: still runs\n" + "1 passed, 1 failed\n");
  CHECK(o.err ==
        file + ":7:14: error: unknown card 'yelow 7' (did you mean 'yellow 7'?)\n" +
            "  7 |   hand Anne: yelow 7\n"
            "    |              ^\n" +
            file +
            ":8:3: error: unknown zone or variable 'fihser' (did you mean 'fisher'?)\n" +
            "  8 |   fihser Paul: red 2\n"
            "    |   ^\n" +
            file + ":9:3: error: unknown player 'Anen' (did you mean 'Anne'?)\n" +
            "  9 |   Anen plays yellow 7\n"
            "    |   ^\n" +
            file + ":10:16: error: unknown player 'Debbi' (did you mean 'Debbie'?)\n" +
            "  10 |   expect score Debbi = 3\n"
            "     |                ^\n");
}

TEST_CASE("check: a folder runs every .scn below it; bad input wins over failures",
          "[check]") {
  Output o = Check({Data("selftest")});
  CHECK(o.code == 2);
  // names.scn, then wrong.scn; syntax.scn runs nothing.
  CHECK(o.out.find("ERROR " + Data("selftest/names.scn")) == 0);
  CHECK(o.out.ends_with("\n2 passed, 6 failed\n"));
}

TEST_CASE("check: a file named twice, or named and in a named folder, runs once",
          "[check][store]") {
  TempFile scn("t.scn", FirstTrick("Debbie"));
  const std::string again = scn.dir() + "/./t.scn";
  Output o = Check({scn.path(), again, scn.dir()});
  CHECK(o.code == 0);
  CHECK(o.out == "PASS " + scn.path() + ":1: first trick\n1 passed, 0 failed\n");
  // Kept in the store, the run holds the scenario once: no two of one title.
  const std::string db = scn.dir() + "/runs.db";
  Output stored = Check({scn.path(), scn.path(), "--store", "--db", db});
  CHECK(stored.err == "");
  CHECK(stored.code == 0);
  CHECK(stored.out.ends_with("\n1 passed, 0 failed\n"));
}

TEST_CASE("check --json gives the same as data", "[check]") {
  TempFile file("t.scn",
                "scenario \"good\" {\n"
                "  ruleset fishing\n"
                "  players Anne, Paul, Debbie\n"
                "  expect turn Anne\n"
                "}\n"
                "scenario \"bad\" {\n"
                "  ruleset fishing\n"
                "  players Anne, Paul, Debbie\n"
                "  expect round 2\n"
                "}\n"
                "scenario \"unknown\" {\n"
                "  ruleset fishing\n"
                "  players Anne, Paul, Debbie\n"
                "  expect turn Anen\n"
                "}\n");
  const std::string& p = file.path();
  Output o = Check({"--json", p});
  CHECK(o.code == 2);
  CHECK(o.err.empty());
  CHECK(o.out ==
        "{\"scenarios\":["
        "{\"file\":\"" +
            p +
            "\",\"line\":1,\"title\":\"good\",\"status\":\"pass\"},"
            "{\"file\":\"" +
            p +
            "\",\"line\":6,\"title\":\"bad\",\"status\":\"fail\","
            "\"failure\":{\"line\":9,\"column\":3,\"source\":\"expect round 2\","
            "\"expected\":\"round = 2\",\"actual\":\"round = 1\"}},"
            "{\"file\":\"" +
            p +
            "\",\"line\":11,\"title\":\"unknown\",\"status\":\"error\","
            "\"errors\":[{\"file\":\"" +
            p +
            "\",\"line\":14,\"column\":15,"
            "\"message\":\"unknown player 'Anen' (did you mean 'Anne'?)\"}]}],"
            "\"errors\":[],\"passed\":1,\"failed\":2}\n");

  Output missing = Check({"--json", file.dir() + "/nope.scn"});
  CHECK(missing.code == 2);
  CHECK(missing.out ==
        "{\"scenarios\":[],\"errors\":[{\"file\":null,\"line\":0,\"column\":0,"
        "\"message\":\"cannot read '" +
            file.dir() +
            "/nope.scn'\"}],"
            "\"passed\":0,\"failed\":0}\n");
}

TEST_CASE("check: usage errors and unreadable paths exit 2", "[check]") {
  Output none = Check({});
  CHECK(none.code == 2);
  CHECK(none.out.empty());
  CHECK(none.err == "angler check: error: expected scenario files or folders to check\n");
  Output flag = Check({"--jsno", "x.scn"});
  CHECK(flag.code == 2);
  CHECK(flag.err.find("unknown flag '--jsno' (did you mean '--json'?)") !=
        std::string::npos);
  Output help = Check({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("usage: angler check PATH... [--json] [--store [--db PATH]]\n") ==
        0);
  TempFile empty("README", "no scenarios here\n");
  Output dir = Check({empty.dir(), empty.dir() + "/nope.scn"});
  CHECK(dir.code == 2);
  CHECK(dir.out == "0 passed, 0 failed\n");
  CHECK(dir.err == "angler check: error: no scenario files (*.scn) in '" + empty.dir() +
                       "'\n" + "angler check: error: cannot read '" + empty.dir() +
                       "/nope.scn'\n");
}

TEST_CASE("check: a thousand small scenarios in one file all run and pass", "[check]") {
  std::string text;
  for (int i = 0; i < 1000; ++i) {
    text += "scenario \"trick " + std::to_string(i) +
            "\" {\n"
            "  ruleset fishing\n"
            "  players Anne, Paul, Debbie, Nikki\n"
            "  seed " +
            std::to_string(i) + "\n" +
            "  hand Anne: yellow 7, blue 3\n"
            "  hand Paul: yellow 3, blue 4\n"
            "  hand Debbie: yellow 10, blue 5\n"
            "  hand Nikki: purple 2, red 5\n"
            "  Anne plays yellow 7\n"
            "  expect illegal Paul plays blue 4\n"
            "  Paul plays yellow 3\n"
            "  Debbie plays yellow 10\n"
            "  Nikki plays purple 2\n"
            "  expect winner Debbie\n"
            "  expect fisher Debbie: yellow 7, yellow 3, yellow 10, purple 2\n"
            "  expect turn Debbie\n"
            "}\n";
  }
  TempFile file("many.scn", text);
  Output o = Check({file.path()});
  CHECK(o.code == 0);
  CHECK(o.out.ends_with("\n1000 passed, 0 failed\n"));
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("check --store names scenarios that passed last time and fail now",
          "[check][store]") {
  auto dir = std::filesystem::temp_directory_path() / "angler_check_store";
  std::filesystem::create_directories(dir);
  auto db = (dir / "runs.db").string();
  auto scn = (dir / "t.scn").string();
  std::filesystem::remove(db);
  auto write = [&](const std::string& winner) {
    std::ofstream(scn) << FirstTrick(winner);
  };
  auto run = [&](std::string& text) {
    std::ostringstream out, err;
    int code = RunCheck({scn, "--store", "--db", db}, out, err);
    text = out.str();
    return code;
  };
  std::string text;
  write("Debbie");
  CHECK(run(text) == 0);
  CHECK(text.find("REGRESSED") == std::string::npos);
  write("Paul");
  CHECK(run(text) == 1);
  CHECK(text.find("REGRESSED since the last stored run: ") != std::string::npos);
  CHECK(text.find(": first trick\n") != std::string::npos);
  CHECK(run(text) == 1);  // failing twice is no new regression
  CHECK(text.find("REGRESSED") == std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace angler
