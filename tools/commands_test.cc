#include "tools/commands.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "replay/format.h"
#include "tools/json_reader.h"

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

// Every command, and every subcommand its help lists, answers --help, -h and
// `angler help ...` with its usage, on stdout, exit 0.
TEST_CASE("every command and subcommand has a --help", "[commands]") {
  for (const Command& c : Commands()) {
    const std::string name(c.name);
    INFO(name);
    for (const std::vector<std::string>& words :
         {std::vector<std::string>{name, "--help"}, std::vector<std::string>{name, "-h"},
          std::vector<std::string>{"help", name}}) {
      const Run run = Angler(words);
      CHECK(run.code == 0);
      CHECK_THAT(run.out, Catch::Contains("usage") || Catch::Contains("commands:"));
      CHECK(run.err.empty());
    }
  }
  for (const char* sub : {"list", "show", "step", "annotate", "branch", "export",
                          "import", "verify", "to-scenario"}) {
    const Run run = Angler({"help", "replay", sub});
    INFO(sub);
    CHECK(run.code == 0);
    CHECK_THAT(run.out, Catch::Contains(std::string("usage: angler replay ") + sub));
  }
  for (const char* sub : {"check", "dump", "list"}) {
    const Run run = Angler({"help", "rules", sub});
    INFO(sub);
    CHECK(run.code == 0);
    CHECK_THAT(run.out, Catch::Contains(std::string("usage: angler rules ") + sub));
  }
  CHECK(Angler({"help", "--help"}).code == 0);
  CHECK(Angler({"help", "help"}).code == 0);
}

TEST_CASE("angler --version names the formats it writes", "[commands]") {
  const Run run = Angler({"--version"});
  CHECK(run.code == 0);
  CHECK(run.out == Angler({"version"}).out);
  CHECK_THAT(
      run.out,
      Catch::StartsWith("angler ") &&
          Catch::Contains("record format " + std::to_string(kRecordFormatVersion)) &&
          Catch::Contains("store schema " + std::to_string(kStoreSchemaVersion)));
  CHECK_THAT(run.out, Catch::EndsWith(")\nbuild: " + BuildDescription() + "\n"));
  const std::string version = run.out.substr(7, run.out.find(' ', 7) - 7);
  CHECK(Angler({"version", "--json"}).out ==
        "{\"version\":\"" + version +
            "\",\"record_format\":" + std::to_string(kRecordFormatVersion) +
            ",\"store_schema\":" + std::to_string(kStoreSchemaVersion) + ",\"build\":\"" +
            BuildDescription() + "\"}\n");
}

TEST_CASE("the build description names the compiler and the build type", "[commands]") {
  const std::string build = BuildDescription();
  CHECK_THAT(build, Catch::StartsWith("gcc ") || Catch::StartsWith("clang "));
  CHECK_THAT(build, Catch::Contains(", Release") || Catch::Contains(", Debug") ||
                        Catch::Contains(", RelWithDebInfo") ||
                        Catch::Contains(", MinSizeRel"));
}

TEST_CASE("errors start 'angler CMD: error:'; a short flag names what it may mean",
          "[commands]") {
  CHECK_THAT(Angler({"bogus"}).err, Catch::StartsWith("angler: error: unknown command"));
  const std::vector<std::vector<std::string>> bad = {{"rules", "check"},
                                                     {"rules", "list", "x"},
                                                     {"rules", "dump"},
                                                     {"rules", "bogus"},
                                                     {"bench", "fishing"},
                                                     {"play"},
                                                     {"replay", "bogus"},
                                                     {"sim"},
                                                     {"check"},
                                                     {"completion"},
                                                     {"version", "x"}};
  for (const auto& words : bad) {
    const Run r = Angler(words);
    std::string command = words[0];
    if (words[0] == "rules" && words[1] != "bogus") command += " " + words[1];
    INFO(command);
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::StartsWith("angler " + command + ": error: "));
  }
  const Run run = Angler({"sim", "fishing", "-p", "3"});
  CHECK(run.code == 2);
  CHECK_THAT(run.err, Catch::StartsWith("angler sim: error: unknown flag '-p' (did you "
                                        "mean '--players'?)"));
}

TEST_CASE("rules check --json and rules list --json parse and agree", "[commands]") {
  const Run check = Angler({"rules", "check", "--json", "fishing", "fatfish"});
  CHECK(check.code == 0);
  auto parsed = ParseJson(check.out, "check.json");
  REQUIRE(parsed.ok());
  const JsonValue* rulesets = parsed.value().Find("rulesets");
  REQUIRE(rulesets != nullptr);
  REQUIRE(rulesets->items.size() == 2);
  CHECK(rulesets->items[0].Find("name")->text == "fishing");
  CHECK(rulesets->items[0].Find("procedure")->text == "trick");
  CHECK(rulesets->items[1].Find("procedure")->text == "turn");
  CHECK(rulesets->items[0].Find("cards")->text == "100");

  const Run list = Angler({"rules", "list", "--json"});
  CHECK(list.code == 0);
  auto listed = ParseJson(list.out, "list.json");
  REQUIRE(listed.ok());
  bool found = false;
  for (const JsonValue& r : listed.value().Find("rulesets")->items) {
    if (r.Find("name")->text != "fishing") continue;
    found = true;
    CHECK(r.Find("hash")->text == rulesets->items[0].Find("hash")->text);
    CHECK(r.Find("variant")->kind == JsonValue::Kind::kBool);
    CHECK_FALSE(r.Find("variant")->boolean);
  }
  CHECK(found);

  const Run bad = Angler({"rules", "check", "--json", "nosuch"});
  CHECK(bad.code == 2);
  auto errors = ParseJson(bad.out, "bad.json");
  REQUIRE(errors.ok());
  CHECK(errors.value().Find("errors")->items.size() == 1);
}

TEST_CASE("angler completion bash lists every command", "[commands]") {
  const Run run = Angler({"completion", "bash"});
  CHECK(run.code == 0);
  const size_t list = run.out.find("compgen -W \"");
  REQUIRE(list != std::string::npos);
  const std::string words = run.out.substr(list, run.out.find('\n', list) - list);
  for (const Command& c : Commands()) {
    std::string name(c.name);
    name += ' ';
    CHECK_THAT(words, Catch::Contains(name));
  }
  CHECK_THAT(run.out, Catch::Contains("complete -F _angler angler"));
  CHECK(Angler({"completion", "zsh"}).code == 2);
}

}  // namespace
}  // namespace angler
