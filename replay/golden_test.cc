// Golden records: games written once with fixed seeds (tests/data/replay/),
// each with the exact rules it was played under (rulesets/<hash>.json). They
// must keep replaying move for move and read back to the same text: an engine
// change that alters how an old game plays, or a notation change that old
// files no longer read as, fails here.
//
// To write them again after an intended change:
//   angler_tests "[.golden-update]"
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/loader.h"
#include "replay/former_keys.h"
#include "replay/notation.h"
#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

namespace fs = std::filesystem;
using testing::FormatErrors;

const fs::path kGoldenDir = fs::path(ANGLER_TEST_DIR) / "data" / "replay";
constexpr uint64_t kGoldenSeed = 20240501;

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The rules a golden record names, from its saved canonical text.
Result<RulesetPtr> GoldenRules(const std::string& name, const std::string& hash,
                               const std::string*) {
  const fs::path path = kGoldenDir / "rulesets" / (hash + ".json");
  if (!fs::exists(path)) return Diagnostic({}, "no " + path.string() + " for " + name);
  Result<RulesetPtr> rules =
      LoadRulesetText(name + "@" + hash, ReadText(path), "", FormerRulesetKeys());
  if (!rules) return rules.errors();
  if (rules.value()->content_hash != hash) {
    return Diagnostic({}, path.string() + " now loads with content hash " +
                              rules.value()->content_hash);
  }
  return rules;
}

std::vector<fs::path> GoldenFiles(const fs::path& dir = kGoldenDir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(dir)) return files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".rec") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST_CASE("golden records keep replaying and read back to the same text", "[golden]") {
  const std::vector<fs::path> files = GoldenFiles();
  REQUIRE(files.size() >= 4);
  for (const fs::path& file : files) {
    INFO(file.string());
    const std::string text = ReadText(file);
    auto parsed = ParseRecordText(SourceFile::Make(file.string(), text));
    INFO(FormatErrors(parsed));
    REQUIRE(parsed.ok());
    std::string again;
    auto store = Store::Open(":memory:").value();
    for (const ParsedRecord& r : parsed.value()) {
      auto resolved = ResolveRecord(r, GoldenRules);
      INFO(FormatErrors(resolved));
      REQUIRE(resolved.ok());
      const GameRecord& record = resolved.value().record;
      CHECK(record.finished);
      auto written = FormatRecord(*resolved.value().rules, record);
      REQUIRE(written.ok());
      again += written.value();
      // Through the store too: stored by hash, loaded back, written out.
      REQUIRE(store->AddRuleset(*resolved.value().rules).ok());
      auto id = store->AddGame(*resolved.value().rules, record);
      INFO(FormatErrors(id));
      REQUIRE(id.ok());
      auto loaded = store->LoadGame(id.value());
      REQUIRE(loaded.ok());
      CHECK(loaded.value().SameContent(record));
    }
    CHECK(again == text);
  }
}

// Version 1 records (no RulesetText, no end line), written before format 2:
// they still read, and written again they are version 2 records of the same game.
TEST_CASE("golden records of format 1 still read", "[golden]") {
  const std::vector<fs::path> files = GoldenFiles(kGoldenDir / "v1");
  REQUIRE(files.size() >= 4);
  for (const fs::path& file : files) {
    INFO(file.string());
    const std::string text = ReadText(file);
    REQUIRE(text.rfind("[Angler \"1\"]", 0) == 0);
    auto parsed = ParseRecordText(SourceFile::Make(file.string(), text));
    INFO(FormatErrors(parsed));
    REQUIRE(parsed.ok());
    for (const ParsedRecord& r : parsed.value()) {
      auto resolved = ResolveRecord(r, GoldenRules);
      INFO(FormatErrors(resolved));
      REQUIRE(resolved.ok());
      CHECK(resolved.value().record.finished);
      auto written = FormatRecord(*resolved.value().rules, resolved.value().record);
      REQUIRE(written.ok());
      CHECK(written.value().rfind("[Angler \"2\"]", 0) == 0);
      auto again = ParseRecordText(SourceFile::Make("again.rec", written.value()));
      REQUIRE(again.ok());
      auto back = ResolveRecord(again.value().at(0), GoldenRules);
      INFO(FormatErrors(back));
      REQUIRE(back.ok());
      CHECK(back.value().record.SameContent(resolved.value().record));
    }
  }
}

TEST_CASE("write the golden records", "[.golden-update]") {
  fs::create_directories(kGoldenDir / "rulesets");
  for (const std::string& name : ShippedRulesets(true)) {
    RulesetPtr rules = testing::LoadOrFail(name);
    const int players = std::clamp(4, rules->min_players, rules->max_players);
    const std::vector<std::string> all = {"Anne", "Bob", "Carl", "Dora",
                                          "Emil", "Fay", "Gus",  "Hana"};
    const std::vector<std::string> names(all.begin(), all.begin() + players);
    const Game game(*rules, players);
    GameRecord record = testing::RandomRecord(game, kGoldenSeed, names);
    testing::Decorate(game, record, kGoldenSeed);
    auto text = FormatRecord(*rules, record);
    REQUIRE(text.ok());
    std::ofstream(kGoldenDir / (name + ".rec"), std::ios::binary) << text.value();
    std::ofstream(kGoldenDir / "rulesets" / (rules->content_hash + ".json"),
                  std::ios::binary)
        << rules->canonical_text;
  }
}

}  // namespace
}  // namespace angler
