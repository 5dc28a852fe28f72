// Issue 13: every input that once crashed or hung angler, run through the
// command line as a user would. Each must end quickly with exit 2 (bad input)
// or 1 (a failed check) and a message naming the place; never a signal, a
// loop without end or memory without bound.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/commands.h"

namespace angler {
namespace {

namespace fs = std::filesystem;

struct Ran {
  int code;
  std::string out;
  std::string err;
};

Ran Angler(const std::vector<std::string>& words) {
  std::istringstream in;
  std::ostringstream out, err;
  const int code = RunAngler(words, {in, out, err});
  return {code, out.str(), err.str()};
}

// A fresh folder under the temp folder, removed with the object.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    dir_ = fs::temp_directory_path() / ("angler-bad-input-" + std::to_string(getpid()) +
                                        "-" + std::to_string(counter++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

 private:
  fs::path dir_;
};

// A scenario on Fishing changed by `with`, that plays one round to the end.
std::string ScenarioWith(const std::string& with, const std::string& steps) {
  return "scenario \"bad\" {\n  ruleset fishing with " + with +
         "\n  players Anne, Paul, Debbie\n  seed 1\n" + steps + "}\n";
}

// `check FILE` on a scenario: the expected exit code and a piece of the
// message that names the place.
void ExpectCheck(const std::string& scenario, int code, const std::string& message) {
  TempDir dir;
  const Ran ran = Angler({"check", dir.Write("bad.scn", scenario)});
  INFO(scenario << "\n--- out:\n" << ran.out << "--- err:\n" << ran.err);
  CHECK(ran.code == code);
  CHECK_THAT(ran.out + ran.err, Catch::Contains(message));
}

TEST_CASE("bad input: 64-bit overflow in / is a ruleset error", "[bad_input]") {
  ExpectCheck(ScenarioWith("{ setup: \"score(0) = (-9223372036854775807 - 1) / -1\" }",
                           "  run until over\n"),
              1, "overflow");
  // The remainder is 0 and no overflow, but once raised SIGFPE: the setup
  // now runs on to the next rule this changed setup leaves unmet.
  ExpectCheck(ScenarioWith("{ setup: \"score(0) = (-9223372036854775807 - 1) % -1\" }",
                           "  run until over\n"),
              1, "ruleset error");
}

TEST_CASE("bad input: + - * and abs past 64 bits are ruleset errors", "[bad_input]") {
  for (const char* expr : {"9223372036854775807 + 1", "-9223372036854775807 - 2",
                           "4611686018427387904 * 2", "abs(-9223372036854775807 - 1)"}) {
    ExpectCheck(ScenarioWith(std::string("{ setup: \"score(0) = ") + expr + "\" }",
                             "  run until over\n"),
                1, "overflow");
  }
}

TEST_CASE("bad input: a player index out of range is a ruleset error", "[bad_input]") {
  ExpectCheck(ScenarioWith("{ setup: \"score(0) = play_position(1000000)\" }",
                           "  run until over\n"),
              1, "1000000");
  ExpectCheck(ScenarioWith("{ setup: \"leader = 100\" }", "  run until over\n"), 1,
              "100");
}

TEST_CASE("bad input: a round that never ends stops at the step limit", "[bad_input]") {
  ExpectCheck(ScenarioWith("{ game: { end_when: \"false\" } }", "  run until over\n"), 1,
              "step");
}

TEST_CASE("bad input: number literals too large are refused", "[bad_input]") {
  ExpectCheck(ScenarioWith("{ setup: \"score(0) = 99999999999999999999999\" }",
                           "  run until over\n"),
              2, "99999999999999999999999");
}

TEST_CASE("bad input: a YAML alias bomb stops at the node limit", "[bad_input]") {
  std::string yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'k'; ++c) {
    const char prev = static_cast<char>(c - 1);
    yaml += std::string(1, c) + ": &" + c + " [*" + prev + ", *" + prev + ", *" + prev +
            ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev +
            ", *" + prev + ", *" + prev + "]\n";
  }
  TempDir dir;
  const Ran ran = Angler({"rules", "check", dir.Write("bomb.yaml", yaml)});
  INFO(ran.out << ran.err);
  CHECK(ran.code == 2);
  CHECK_THAT(ran.err, Catch::Contains("bomb.yaml"));
}

TEST_CASE("bad input: deeply nested YAML names the place", "[bad_input]") {
  TempDir dir;
  const Ran ran =
      Angler({"rules", "check", dir.Write("deep.yaml", std::string(5000, '[') + "\n")});
  INFO(ran.out << ran.err);
  CHECK(ran.code == 2);
  CHECK_THAT(ran.err, Catch::Contains("deep.yaml:"));
  CHECK_THAT(ran.err, Catch::Contains("nested too deeply"));
}

TEST_CASE("bad input: a huge range of card values is refused", "[bad_input]") {
  ExpectCheck(
      ScenarioWith("{ cards+: [{kind: fish, suit: blue, values: 1..100000000}] }", ""), 2,
      "100000000");
}

TEST_CASE("bad input: --bots must name real bots with numbers", "[bad_input]") {
  for (const auto& [bots, message] :
       {std::pair<std::string, std::string>{"spot:nan/nan", "not 'spot:nan/nan'"},
        {"", "flag '--bots' needs a value"}}) {
    const Ran ran =
        Angler({"sim", "fishing", "--players", "3", "--games", "1", "--bots", bots});
    INFO(bots << ": " << ran.out << ran.err);
    CHECK(ran.code == 2);
    CHECK_THAT(ran.err, Catch::Contains(message));
  }
}

TEST_CASE("bad input: an empty --db is refused", "[bad_input]") {
  const Ran ran = Angler(
      {"sim", "fishing", "--players", "3", "--games", "1", "--record", "--db", ""});
  INFO(ran.out << ran.err);
  CHECK(ran.code == 2);
  CHECK_THAT(ran.err, Catch::Contains("--db"));
}

TEST_CASE("bad input: an empty .scn file and an empty folder agree", "[bad_input]") {
  TempDir dir;
  const Ran file = Angler({"check", dir.Write("empty.scn", "")});
  INFO(file.out << file.err);
  CHECK(file.code == 2);
  CHECK_THAT(file.err, Catch::Contains("empty.scn"));
  TempDir empty;
  const Ran folder = Angler({"check", empty.path("")});
  CHECK(folder.code == 2);
}

TEST_CASE("bad input: replay verify with an unknown ruleset", "[bad_input]") {
  TempDir dir;
  // A store with a game, so that the ruleset is what is wrong.
  REQUIRE(Angler({"sim", "fishing", "--players", "4", "--games", "1", "--record", "--db",
                  dir.path("r.db")})
              .code == 0);
  const Ran ran =
      Angler({"replay", "verify", "--ruleset", "nosuch", "--db", dir.path("r.db")});
  INFO(ran.out << ran.err);
  CHECK(ran.code == 2);
  CHECK_THAT(ran.err, Catch::Contains("nosuch"));
}

TEST_CASE("bad input: a folder given to replay import", "[bad_input]") {
  TempDir dir;
  const Ran ran = Angler({"replay", "import", dir.path(""), "--db", dir.path("r.db")});
  INFO(ran.out << ran.err);
  CHECK(ran.code == 2);
  CHECK_THAT(ran.err, Catch::Contains("folder"));
}

TEST_CASE("bad input: a device as the store leaves nothing behind", "[bad_input]") {
  const Ran ran = Angler({"replay", "list", "--db", "/dev/null"});
  INFO(ran.out << ran.err);
  CHECK(ran.code == 2);
  CHECK_THAT(ran.err, Catch::Contains("/dev/null: not a regular file"));
  CHECK_FALSE(fs::exists("/dev/null-journal"));
  CHECK_FALSE(fs::exists("/dev/null-wal"));
}

// A JSON record's variation names its first move's ply; one at 0 or past
// the main line once ran off the end of the game in ResolveRecord.
TEST_CASE("bad input: a JSON record variation outside the game", "[bad_input]") {
  TempDir dir;
  const std::string db = dir.path("from.db");
  REQUIRE(Angler({"sim", "fishing", "--players", "3", "--games", "1", "--seed", "1",
                  "--record", "--db", db})
              .code == 0);
  // After the six shuffles, the first player leads another card of the hand.
  const Ran hand = Angler({"replay", "show", "1", "--ply", "6", "--db", db});
  const size_t at = hand.out.find("hand P1: ");
  REQUIRE(at != std::string::npos);
  const std::string card = hand.out.substr(at + 9, hand.out.find(',', at) - at - 9);
  REQUIRE(Angler({"replay", "branch", "1", "6", card, "--db", db}).code == 0);
  const std::string json =
      Angler({"replay", "export", "1", "--format", "json", "--db", db}).out;
  const size_t moves = json.find("\"moves\": [", json.find("\"variations\""));
  const size_t ply = json.find("\"ply\": 7,", moves);
  REQUIRE(ply != std::string::npos);
  for (const char* bad : {"0", "1", "326", "9999", "-3"}) {
    std::string text = json;
    text.replace(ply, 9, std::string("\"ply\": ") + bad + ",");
    const std::string file = dir.Write(std::string("bad") + bad + ".json", text);
    const Ran ran = Angler({"replay", "import", file, "--db", dir.path("to.db")});
    INFO(bad << ": " << ran.out << ran.err);
    CHECK(ran.code == 2);
    CHECK_THAT(ran.err, Catch::Contains(file + ":"));
  }
}

TEST_CASE("bad input: check positions that once looped for ever", "[bad_input]") {
  ExpectCheck(
      "scenario \"late\" {\n  ruleset fishing\n  players Anne, Paul, Debbie\n"
      "  seed 1\n  at start of round 9\n  run until over\n}\n",
      1, "step limit reached");
  ExpectCheck(ScenarioWith("{ setup: \"round = 99\" }", "  run until over\n"), 1,
              "ruleset error");
}

TEST_CASE("bad input: a variable past 32 bits is a ruleset error", "[bad_input]") {
  ExpectCheck(ScenarioWith("{ setup: \"score(0) = 2147483647\\n  score(0) += 1\" }",
                           "  run until over\n"),
              1, "does not fit a variable (32-bit)");
}

TEST_CASE("bad input: an alias bomb in a scenario's inline ruleset", "[bad_input]") {
  // Seven levels of ten aliases each: ten million nodes once expanded.
  std::string with = "{ a: &a [x, x, x, x, x, x, x, x, x, x]";
  const std::vector<std::string_view> names = {"a", "b", "c", "d", "e", "f", "g"};
  for (size_t level = 1; level < names.size(); ++level) {
    const std::string_view name = names[level];
    const std::string prev = std::string("*").append(names[level - 1]);
    with.append(", ").append(name).append(": &").append(name).append(" [").append(prev);
    for (int i = 1; i < 10; ++i) with.append(", ").append(prev);
    with.append("]");
  }
  ExpectCheck(ScenarioWith(with + " }", ""), 2, "more than 200000 nodes");
}

}  // namespace
}  // namespace angler
