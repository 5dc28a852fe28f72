// The README's examples must work: every scenario shown there is run.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

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

}  // namespace
}  // namespace angler
