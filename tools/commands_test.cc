#include "tools/commands.h"

#include <catch2/catch.hpp>
#include <sstream>

namespace angler {
namespace {

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Angler(const std::vector<std::string>& words, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = RunAngler(words, {in, out, err});
  return {code, out.str(), err.str()};
}

TEST_CASE("angler --help and angler help list every command with an example",
          "[commands]") {
  for (const std::vector<std::string>& words :
       {std::vector<std::string>{"--help"}, std::vector<std::string>{"help"}}) {
    const Run run = Angler(words);
    CHECK(run.code == 0);
    for (const Command& c : Commands()) {
      CHECK_THAT(run.out, Catch::Contains("  " + std::string(c.name)));
      CHECK_THAT(run.out, Catch::Contains(std::string(c.example)));
    }
  }
}

TEST_CASE("angler without arguments prints the help and exits 2", "[commands]") {
  const Run run = Angler({});
  CHECK(run.code == 2);
  CHECK(run.out.empty());
  CHECK_THAT(run.err, Catch::Contains("commands:"));
}

TEST_CASE("an unknown command gets a suggestion and exit 2", "[commands]") {
  const Run run = Angler({"simm", "fishing"});
  CHECK(run.code == 2);
  CHECK_THAT(run.err, Catch::Contains("unknown command 'simm' (did you mean 'sim'?)"));
  CHECK(Angler({"help", "nope"}).code == 2);
}

TEST_CASE("angler help COMMAND shows the command's flags", "[commands]") {
  const Run run = Angler({"help", "sim"});
  CHECK(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("usage: angler sim"));
  CHECK_THAT(run.out, Catch::Contains("--players"));
}

TEST_CASE("RunAngler dispatches to the subcommands", "[commands]") {
  CHECK(Angler({"sim", "fishing", "--players", "3", "--games", "2"}).code == 0);
  CHECK(Angler({"rules", "check", "fishing"}).code == 0);
  const Run play = Angler({"play", "fishing", "--players", "3", "--seed", "1"}, "q\n");
  CHECK(play.code == 0);
  CHECK_THAT(play.out, Catch::Contains("game left"));
}

}  // namespace
}  // namespace angler
