// The README's examples must work: every scenario shown there is run.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "interpreter/loader.h"
#include "tests/test_util.h"
#include "tools/check.h"

namespace angler {
namespace {

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST_CASE("README: its scenario examples pass", "[readme]") {
  std::string readme = ReadAll(std::string(ANGLER_TEST_DIR) + "/../README.md");
  REQUIRE(!readme.empty());
  std::regex block("```\\n([^`]*?scenario \"[^`]*?)```");
  int examples = 0;
  for (std::sregex_iterator it(readme.begin(), readme.end(), block), end; it != end;
       ++it) {
    auto path = std::filesystem::temp_directory_path() /
                ("angler_readme_" + std::to_string(examples++) + ".scn");
    std::ofstream(path) << (*it)[1].str();
    std::ostringstream out, err;
    INFO((*it)[1].str());
    CHECK(RunCheck({path.string()}, out, err) == 0);
    INFO(out.str() << err.str());
    std::filesystem::remove(path);
  }
  CHECK(examples >= 1);
}

// The error the README shows for a misspelt zone is the loader's, word for
// word, caret and all, on the shipped Fishing with that one word changed.
TEST_CASE("README: its ruleset error example is the loader's", "[readme]") {
  const std::string readme = ReadAll(std::string(ANGLER_TEST_DIR) + "/../README.md");
  std::string fishing =
      ReadAll(std::string(ANGLER_TEST_DIR) + "/../rulesets/fishing.yaml");
  const std::string word = "when: enters fisher";
  const size_t at = fishing.find(word);
  REQUIRE(at != std::string::npos);
  fishing.replace(at, word.size(), "when: enters fihser");
  auto loaded = LoadRulesetText("rulesets/fishing.yaml", fishing);
  REQUIRE(!loaded.ok());
  const std::string shown = testing::FormatErrors(loaded);
  INFO(shown);
  CHECK(shown.find("unknown zone 'fihser' (did you mean 'fisher'?)") !=
        std::string::npos);
  CHECK(readme.find("```\n" + shown + "```") != std::string::npos);
}

}  // namespace
}  // namespace angler
