#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "replay/format.h"
#include "replay/notation.h"
#include "replay/store.h"
#include "tools/check.h"
#include "tools/commands.h"
#include "tools/json_reader.h"
#include "tools/replay_cmd_test_util.h"

// `angler replay export` and `import`: records that leave a store and come
// back, with their rules, seeds and JSON.
namespace angler {
namespace {

namespace fs = std::filesystem;
using testing::AddFishing;
using testing::Decorate;
using testing::FormatErrors;
using testing::Ran;
using testing::RandomRecord;
using testing::Replay;
using testing::TempStore;

TEST_CASE("replay export and import give back the same game, for every ruleset",
          "[replay-cmd]") {
  TempStore from, to;
  std::vector<int64_t> ids;
  {
    auto store = from.Open();
    uint64_t seed = 31;
    for (const std::string& name : ShippedRulesets(true)) {
      RulesetPtr rules = testing::LoadOrFail(name);
      for (int players = rules->min_players; players <= rules->max_players; ++players) {
        const Game game(*rules, players);
        GameRecord record = RandomRecord(game, ++seed);
        Decorate(game, record, seed);
        auto id = store->AddGame(*rules, record);
        INFO(name << " " << FormatErrors(id));
        REQUIRE(id.ok());
        ids.push_back(id.value());
      }
    }
  }
  std::vector<std::string> args = {"export"};
  for (int64_t id : ids) args.push_back(std::to_string(id));
  for (const char* format : {"text", "json"}) {
    std::vector<std::string> a = args;
    a.push_back("--format");
    a.push_back(format);
    Ran exported = from.Run(a);
    REQUIRE(exported.code == kExitOk);
    const std::string file = to.path() + ".rec";
    std::ofstream(file, std::ios::binary) << exported.out;
    // The JSON brings the same games again: stored twice only when asked.
    if (std::string(format) == "json") {
      Ran again = to.Run({"import", file});
      CHECK(again.code == kExitUsage);
      CHECK(again.err.find("game 1: already stored as game 1") != std::string::npos);
    }
    Ran imported =
        to.Run(std::string(format) == "json"
                   ? std::vector<std::string>{"import", file, "--allow-duplicates"}
                   : std::vector<std::string>{"import", file});
    INFO(imported.err);
    REQUIRE(imported.code == kExitOk);
  }
  // Text and JSON each gave every game back: the same content, the same text.
  auto a = from.Open();
  auto b = to.Open();
  REQUIRE(b->GameCount().value() == 2 * static_cast<int64_t>(ids.size()));
  for (size_t i = 0; i < ids.size(); ++i) {
    const GameRecord original = a->LoadGame(ids[i]).value();
    for (int64_t copy :
         {static_cast<int64_t>(i) + 1, static_cast<int64_t>(i + 1 + ids.size())}) {
      const GameRecord back = b->LoadGame(copy).value();
      INFO(original.ruleset_name << " game " << ids[i] << " copy " << copy);
      CHECK(back.SameContent(original));
      CHECK(from.Run({"export", std::to_string(ids[i])}).out ==
            to.Run({"export", std::to_string(copy)}).out);
    }
  }
}

TEST_CASE("replay import: bad records are refused and nothing is stored",
          "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 2);
  const std::string good = tmp.Run({"export", "1", "2"}).out;
  const std::string file = tmp.path() + ".rec";
  auto import = [&](const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
    return tmp.Run({"import", file});
  };
  SECTION("an illegal 30th move in the second game") {
    std::string bad = good;
    const size_t second = bad.find("[Angler", 10);
    const size_t at = bad.find("\n30. ", second) + 1;
    const size_t end = bad.find('\n', at);
    bad.replace(at, end - at, "30. Anne plays green 16");
    Ran r = import(bad);
    CHECK(r.code == kExitUsage);
    CHECK(r.err.find(file + ":") == 0);
    CHECK(r.err.find("game 2: ply 30: ") != std::string::npos);
    CHECK(r.err.find("nothing was stored") != std::string::npos);
  }
  SECTION("truncated") {
    Ran r = import(good.substr(0, good.rfind('\n', good.size() - 2000) + 1));
    CHECK(r.code == kExitUsage);
    CHECK(r.err.find("game 2: truncated: the record is cut after move ") !=
          std::string::npos);
  }
  SECTION("foreign") {
    Ran r = import(
        "[Event \"F/S Return Match\"]\n[Site \"Belgrade\"]\n\n1. e4 e5 2. Nf3 *\n");
    CHECK(r.code == kExitUsage);
    CHECK(r.err.find("not an angler game record") != std::string::npos);
  }
  SECTION("an unknown ruleset hash") {
    std::string bad = tmp.Run({"export", "1", "2", "--no-ruleset"}).out;
    REQUIRE(bad.find("[RulesetText ") == std::string::npos);
    bad.replace(bad.find(testing::Fishing().content_hash), 16, "00000000deadbeef");
    Ran r = import(bad);
    CHECK(r.code == kExitUsage);
    CHECK(r.err.find(
              "game 1: unknown ruleset hash 00000000deadbeef: the store does not have "
              "it and the current fishing is " +
              testing::Fishing().content_hash) != std::string::npos);
  }
  SECTION("a missing file") {
    CHECK(tmp.Run({"import", "/nonexistent/x.rec"}).err ==
          "angler replay import: error: cannot read '/nonexistent/x.rec'\n");
  }
  CHECK(tmp.Open()->GameCount().value() == 2);
}

// House rules of one table: a file no other store has seen.
std::string WriteHouseRules(const TempStore& tmp) {
  const std::string path = tmp.path() + ".house.yaml";
  std::ofstream(path) << "extends: fishing\nname: porch-rules\ngame:\n"
                         "  end_when: round == 2\n";
  return path;
}

TEST_CASE("replay: house-rule games travel with their rules", "[replay-cmd]") {
  TempStore from, to;
  const std::string house = WriteHouseRules(from);
  RulesetPtr rules = LoadRuleset(house).value();
  {
    auto store = from.Open();
    const Game game(*rules, 3);
    REQUIRE(store->AddGame(*rules, RandomRecord(game, 9, {"Anne", "Bob", "Carl"})).ok());
  }
  const std::string file = to.path() + ".rec";
  SECTION("the record carries the rules") {
    std::ofstream(file, std::ios::binary) << from.Run({"export", "1"}).out;
    Ran r = to.Run({"import", file});
    INFO(r.err);
    CHECK(r.code == kExitOk);
    CHECK(to.Run({"export", "1"}).out == from.Run({"export", "1"}).out);
    // The JSON carries them too.
    TempStore third;
    std::ofstream(file, std::ios::binary)
        << from.Run({"export", "1", "--format", "json"}).out;
    CHECK(third.Run({"import", file}).code == kExitOk);
    CHECK(third.Run({"export", "1"}).out == from.Run({"export", "1"}).out);
  }
  SECTION("without them, --ruleset FILE supplies them") {
    std::ofstream(file, std::ios::binary)
        << from.Run({"export", "1", "--no-ruleset"}).out;
    Ran refused = to.Run({"import", file});
    CHECK(refused.code == kExitUsage);
    CHECK(refused.err.find("game 1: unknown ruleset hash " + rules->content_hash +
                           ": the store does not have it and no ruleset named "
                           "'porch-rules' loads") != std::string::npos);
    CHECK(to.Open()->GameCount().value() == 0);
    Ran wrong = to.Run({"import", file, "--ruleset", "fishing"});
    CHECK(wrong.code == kExitUsage);
    CHECK(wrong.err.find("--ruleset gave fishing " + testing::Fishing().content_hash) !=
          std::string::npos);
    Ran r = to.Run({"import", file, "--ruleset", house});
    INFO(r.err);
    CHECK(r.code == kExitOk);
  }
  // Verify: no ruleset of that name here, so the game replays against its own
  // rules and has not drifted; --ruleset FILE checks it against the file.
  Ran v = to.Run({"verify"});
  INFO(v.out);
  CHECK(v.code == kExitOk);
  CHECK(v.out == "verify: 1 game(s), " +
                     std::to_string(to.Open()->LoadGame(1).value().actions.size()) +
                     " actions replayed: all replay (1 of house rules, against their "
                     "own rules)\n");
  CHECK(to.Run({"verify", "--json"}).out.find("\"house_rules\":1,\"drifted\":0") !=
        std::string::npos);
  CHECK(to.Run({"verify", "--ruleset", house}).code == kExitOk);
  // The table changes its rules: the file now ends after round 1.
  std::ofstream(house) << "extends: fishing\nname: porch-rules\ngame:\n"
                          "  end_when: round == 1\n";
  Ran drift = to.Run({"verify", "--ruleset", house});
  CHECK(drift.code == kExitFailure);
  CHECK(drift.out.find("game 1: ") == 0);
  CHECK(drift.out.find(": 1 drifted\n") != std::string::npos);
  std::error_code ec;
  fs::remove(house, ec);
}

// A position of a house-rule game as a scenario: its rules (no ruleset of
// that name here) are written beside it, and `angler check` runs it.
TEST_CASE("replay to-scenario: a house-rule game's scenario names its rules beside it",
          "[replay-cmd]") {
  TempStore tmp;
  const std::string house = WriteHouseRules(tmp);
  RulesetPtr rules = LoadRuleset(house).value();
  {
    auto store = tmp.Open();
    const Game game(*rules, 3);
    REQUIRE(store->AddGame(*rules, RandomRecord(game, 9, {"Anne", "Bob", "Carl"})).ok());
  }
  const fs::path folder = tmp.path() + ".scenarios";
  fs::create_directories(folder);
  const std::string scenario = (folder / "porch.scn").string();
  Ran written = tmp.Run({"to-scenario", "1", "30", "--output", scenario});
  INFO(written.err);
  REQUIRE(written.code == kExitOk);
  const fs::path copy = folder / "porch-rules.yaml";
  REQUIRE(fs::exists(copy));
  CHECK(LoadRuleset(copy.string()).value()->content_hash == rules->content_hash);
  std::ostringstream out, err;
  CHECK(RunCheck({scenario}, out, err) == 0);
  CHECK(out.str().find("1 passed, 0 failed") != std::string::npos);
  // Again: the same rules there are kept; other rules there are not overwritten.
  CHECK(tmp.Run({"to-scenario", "1", "30", "--output", scenario}).code == kExitOk);
  std::ofstream(copy) << "extends: fishing\nname: porch-rules\n";
  Ran clash = tmp.Run({"to-scenario", "1", "30", "--output", scenario});
  CHECK(clash.code == kExitUsage);
  CHECK(clash.err.find("exists and holds other rules than porch-rules") !=
        std::string::npos);
  // A name that is no plain word (a space, a folder) gives a file named by
  // the rules' hash, in the scenario's folder.
  const std::string odd = tmp.path() + ".odd.yaml";
  std::ofstream(odd) << "extends: fishing\nname: ../odd rules\n";
  RulesetPtr odd_rules = LoadRuleset(odd).value();
  {
    auto store = tmp.Open();
    const Game game(*odd_rules, 3);
    REQUIRE(
        store->AddGame(*odd_rules, RandomRecord(game, 4, {"Anne", "Bob", "Carl"})).ok());
  }
  const std::string odd_scenario = (folder / "odd.scn").string();
  REQUIRE(tmp.Run({"to-scenario", "2", "30", "--output", odd_scenario}).code == kExitOk);
  CHECK(fs::exists(folder / ("rules-" + odd_rules->content_hash.substr(0, 8) + ".yaml")));
  std::ostringstream odd_out, odd_err;
  CHECK(RunCheck({odd_scenario}, odd_out, odd_err) == 0);
  std::error_code ec;
  fs::remove_all(folder, ec);
  fs::remove(house, ec);
  fs::remove(odd, ec);
}

TEST_CASE("replay: JSON seeds are strings and keep all 64 bits", "[replay-cmd]") {
  TempStore from, to;
  const uint64_t seed = 18446744073709551557ull;  // above 2^53: a double loses it
  {
    auto store = from.Open();
    const Game game(testing::Fishing(), 3);
    GameRecord record = RandomRecord(game, 4, {"Anne", "Bob", "Carl"});
    record.seed = seed;
    REQUIRE(store->AddGame(testing::Fishing(), record).ok());
  }
  const std::string json = from.Run({"export", "1", "--format", "json"}).out;
  CHECK(json.find("\"seed\": \"18446744073709551557\"") != std::string::npos);
  const std::string file = to.path() + ".rec";
  std::ofstream(file, std::ios::binary) << json;
  REQUIRE(to.Run({"import", file}).code == kExitOk);
  CHECK(to.Open()->LoadGame(1).value().seed == seed);
  CHECK(to.Run({"export", "1", "--format", "json"}).out == json);
}

TEST_CASE("replay: every subcommand that prints says it in JSON with --json",
          "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  const auto parse = [](const Ran& r) {
    INFO(r.err);
    REQUIRE(r.code == kExitOk);
    Result<JsonValue> v = ParseJson(r.out, "out");
    INFO(r.out);
    REQUIRE(v.ok());
    return std::move(v).value();
  };
  JsonValue a = parse(tmp.Run({"annotate", "1", "20", "mine", "--glyph", "?", "--json"}));
  CHECK(a.Find("game")->AsInt() == 1);
  CHECK(a.Find("ply")->AsInt() == 20);
  CHECK(a.Find("variation")->kind == JsonValue::Kind::kNull);
  CHECK(a.Find("comment")->text == "mine");
  CHECK(a.Find("glyph")->text == "?");
  CHECK_FALSE(a.Find("move")->text.empty());

  // A branch from the start: the first decision's other legal moves.
  auto store = tmp.Open();
  const GameRecord record = store->LoadGame(1).value();
  const Game game(testing::Fishing(), 3);
  int at = 0;
  ActionList legal;
  for (;; ++at) {
    State s = PositionAt(game, record, at).value();
    if (game.IsChance(s)) continue;
    game.LegalActions(s, legal);
    if (legal.count > 1) break;
  }
  const Action& played = record.actions[static_cast<size_t>(at)].action;
  const Action& other = legal.items[0] == played ? legal.items[1] : legal.items[0];
  const std::string card =
      testing::Fishing().card_names[static_cast<size_t>(other.value)];
  JsonValue b = parse(tmp.Run({"branch", "1", std::to_string(at), card, "--json"}));
  CHECK(b.Find("game")->AsInt() == 1);
  const int64_t vid = b.Find("variation")->AsInt().value_or(0);
  CHECK(vid > 0);
  CHECK(b.Find("ply")->AsInt() == at);
  CHECK_FALSE(b.Find("already_stored")->boolean);
  REQUIRE(b.Find("moves")->items.size() == 1);
  CHECK(b.Find("over")->kind == JsonValue::Kind::kBool);

  JsonValue t = parse(tmp.Run({"to-scenario", "1", "20", "--json"}));
  CHECK(t.Find("file")->kind == JsonValue::Kind::kNull);
  CHECK(t.Find("scenario")->text.find("ruleset fishing") != std::string::npos);

  JsonValue e = parse(tmp.Run({"export", "1", "--json"}));
  CHECK(e.Find("format")->text == "angler-record");
  CHECK(tmp.Run({"export", "1", "--json", "--format", "text"}).code == kExitUsage);

  JsonValue v =
      parse(tmp.Run({"variation", "1", std::to_string(vid), "--promote", "--json"}));
  CHECK(v.Find("done")->text == "promoted");
  CHECK(v.Find("replaced")->AsInt().value_or(0) > 0);
  JsonValue d =
      parse(tmp.Run({"variation", "1", v.Find("replaced")->text, "--delete", "--json"}));
  CHECK(d.Find("done")->text == "deleted");

  TempStore other_store;
  const std::string file = tmp.path() + ".rec";
  {
    std::ofstream out(file, std::ios::binary);
    out << tmp.Run({"export", "1"}).out;
  }
  JsonValue i = parse(other_store.Run({"import", file, "--json"}));
  REQUIRE(i.Find("imported")->items.size() == 1);
  CHECK(i.Find("imported")->items[0].AsInt() == 1);
  CHECK(i.Find("actions")->AsInt() == at + 1);  // the promoted line: one move
}

TEST_CASE("replay export --json: a shuffle nobody saw has a null outcome",
          "[replay-cmd][table]") {
  TempStore tmp;
  const std::string rec =
      std::string(ANGLER_TEST_DIR) + "/data/replay/table/fishing-table.rec";
  Ran imported = tmp.Run({"import", rec, "--json"});
  INFO(imported.err);
  REQUIRE(imported.code == kExitOk);
  // The actions stored, not the move lines: "7. reveal hand(Anne): blue 7,
  // ..." is one line and nine actions.
  Result<JsonValue> summary = ParseJson(imported.out, "import.json");
  REQUIRE(summary.ok());
  const GameRecord stored = tmp.Open()->LoadGame(1).value();
  CHECK(summary.value().Find("actions")->AsInt() ==
        static_cast<int64_t>(stored.actions.size()));
  CHECK_THAT(imported.err,
             Catch::StartsWith("import: " + std::to_string(stored.actions.size()) +
                               " actions in "));
  Ran exported = tmp.Run({"export", "1", "--json"});
  REQUIRE(exported.code == kExitOk);
  Result<JsonValue> json = ParseJson(exported.out, "export.json");
  REQUIRE(json.ok());
  const JsonValue* moves = json.value().Find("moves");
  REQUIRE(moves);
  int unseen = 0;
  for (const JsonValue& m : moves->items) {
    if (m.Find("text")->text.find("unseen") == std::string::npos) continue;
    ++unseen;
    REQUIRE(m.Find("outcome"));
    CHECK(m.Find("outcome")->kind == JsonValue::Kind::kNull);
  }
  CHECK(unseen > 0);
}

}  // namespace
}  // namespace angler
