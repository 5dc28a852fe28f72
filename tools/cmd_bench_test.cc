#include <catch2/catch.hpp>
#include <sstream>

#include "interpreter/state.h"
#include "tools/commands.h"

namespace angler {
namespace {

// Shipped rulesets that fail to load make bench exit 1 after reporting them;
// that is a finding about the ruleset, not about bench.
void CheckRan(int code, const std::ostringstream& err) {
  INFO(err.str());
  CHECK((code == 0 || (code == 1 && err.str().find("error") != std::string::npos)));
}

std::string Field(const std::string& json, const std::string& key) {
  const size_t at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return "";
  const size_t begin = at + key.size() + 3;
  return json.substr(begin, json.find_first_of(",}", begin) - begin);
}

TEST_CASE("bench --json reports speed, the State and a stable signature", "[bench]") {
  std::ostringstream out1, err1, out2, err2;
  CheckRan(RunBench({"--games", "3", "--json"}, out1, err1), err1);
  CheckRan(RunBench({"--games", "3", "--json"}, out2, err2), err2);
  const std::string json = out1.str();
  CHECK(json.rfind("{\"results\":[{\"ruleset\":", 0) == 0);
  CHECK_THAT(json, Catch::Contains("{\"ruleset\":\"fishing\",\"players\":4,"));
  CHECK_THAT(json, Catch::Contains("\"games_per_s\":"));
  CHECK_THAT(json, Catch::Contains("\"actions_per_s\":"));
  CHECK(Field(json, "state_bytes") == std::to_string(sizeof(State)));
  CHECK_FALSE(Field(json, "state_copy_ns").empty());
  CHECK(Field(json, "total_actions") == Field(out2.str(), "total_actions"));
  CHECK(Field(json, "signature") == Field(out2.str(), "signature"));
  CHECK_THAT(json, Catch::Contains(",\"build\":\"" + BuildDescription() + "\""));
}

TEST_CASE("bench prints a table and a signature line", "[bench]") {
  std::ostringstream out, err;
  CheckRan(RunBench({"--games", "2"}, out, err), err);
  CHECK_THAT(out.str(), Catch::Contains("actions/s"));
  CHECK_THAT(out.str(), Catch::Contains("ns per copy"));
  CHECK_THAT(out.str(), Catch::Contains("\nbench: "));
  CHECK_THAT(out.str(), Catch::Contains("one core; " + BuildDescription() + ")"));
}

TEST_CASE("bench usage errors exit 2", "[bench]") {
  std::ostringstream out, err;
  CHECK(RunBench({"--games", "0"}, out, err) == 2);
  CHECK(RunBench({"fishing"}, out, err) == 2);
  CHECK(RunBench({"--gmaes", "3"}, out, err) == 2);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("bench --vs-handcoded races hearts against hand-coded C++", "[bench]") {
  std::ostringstream out, err;
  const int code = RunBench({"--games", "4", "--vs-handcoded", "--json"}, out, err);
  INFO(err.str());
  CHECK(code == 0);
  const std::string json = out.str();
  CHECK_THAT(
      json, Catch::Contains("\"vs_handcoded\":{\"ruleset\":\"hearts\",\"games_per_s\":"));
  CHECK_THAT(json, Catch::Contains("\"handcoded_games_per_s\":"));
  CHECK_THAT(json, Catch::Contains("\"ratio\":"));
  CHECK_THAT(json, Catch::Contains("\"checked_deals\":200"));
  std::ostringstream table, err2;
  CHECK(RunBench({"--games", "4", "--vs-handcoded"}, table, err2) == 0);
  CHECK_THAT(table.str(), Catch::Contains("hand-coded is "));
}

}  // namespace
}  // namespace angler
