// `angler replay` with nested variations: branch --variation, show --json's
// tree, step's v and o through nested lines, delete with sub-variations.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/move_text.h"
#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"
#include "tools/commands.h"
#include "tools/replay_cmd.h"

namespace angler {
namespace {

namespace fs = std::filesystem;

struct NestedStore {
  std::string path =
      (fs::temp_directory_path() / ("angler-nested-" + std::to_string(getpid()) + ".db"))
          .string();
  const Game game{testing::Fishing(), 3};
  int top_ply = 0, top_end = 0, sub_ply = 0;
  std::string sub_move;  // the nested variation's move, as typed

  NestedStore() {
    Remove();
    auto store = Store::Open(path).value();
    const GameRecord record = testing::RandomRecord(game, 1, {"Anne", "Bob", "Carl"});
    REQUIRE(store->AddGame(game.rules(), record).ok());
    top_ply = Choice(record, 30, nullptr);
    Variation top;
    for (uint64_t seed = 5;
         top.actions.empty() ||
         top.actions[0] == record.actions[static_cast<size_t>(top_ply)];
         ++seed) {
      top = testing::RandomVariation(game, record, top_ply, 6, seed);
    }
    top_end = top.end();
    REQUIRE(store->AddVariation(1, top).value() == 1);
    const GameRecord now = store->LoadGame(1).value();
    const Variation* v = now.FindVariation(1);
    sub_ply = Choice(now, top_ply + 2, v);
    const State s = PositionAt(game, now, sub_ply, v).value();
    ActionList legal;
    game.LegalActions(s, legal);
    const Action own = v->actions[static_cast<size_t>(sub_ply - top_ply)].action;
    const Action other = legal.items[0] == own ? legal.items[1] : legal.items[0];
    sub_move = MoveText(game, s, other, now.players);
  }
  ~NestedStore() { Remove(); }
  int Choice(const GameRecord& r, int from, const Variation* line) const {
    for (int ply = from;; ++ply) {
      const State s = PositionAt(game, r, ply, line).value();
      if (!game.IsChance(s) && !game.IsTerminal(s) && LegalCount(game, s) > 1) return ply;
    }
  }
  void Remove() const {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix, ec);
  }
  // `angler replay ARGS --db DB` (default: this store).
  std::pair<int, std::string> Run(std::vector<std::string> args,
                                  const std::string& input = "",
                                  const std::string& db = "") const {
    args.push_back("--db");
    args.push_back(db.empty() ? path : db);
    std::ostringstream out, err;
    std::istringstream in(input);
    const int code = RunReplay(args, out, err, in);
    return {code, out.str() + err.str()};
  }
};

TEST_CASE("replay branch --variation, show, step and delete nested variations",
          "[replay-cmd][variations]") {
  NestedStore t;
  const std::string sub_ply = std::to_string(t.sub_ply);
  auto [code, out] = t.Run({"branch", "1", sub_ply, t.sub_move, "--variation", "1"});
  INFO(out);
  REQUIRE(code == kExitOk);
  CHECK(out.rfind("variation 2 of game 1, from ply " + sub_ply + " of variation 1:\n",
                  0) == 0);
  // Again: stored once.
  CHECK(t.Run({"branch", "1", sub_ply, t.sub_move, "--variation", "1"})
            .second.find("(already stored: it begins so)") != std::string::npos);
  CHECK(t.Run({"branch", "1", sub_ply, t.sub_move, "--variation", "7"})
            .second.find("game 1 has no variation 7") != std::string::npos);

  // show: the variation shown, its parent, what branches here, the tree.
  auto [show_code, json] =
      t.Run({"show", "1", "--variation", "1", "--ply", sub_ply, "--json"});
  CHECK(show_code == kExitOk);
  CHECK(json.find("\"parent\":0,") != std::string::npos);
  CHECK(json.find("\"variations\":[{\"id\":2,\"parent\":1,\"ply\":" + sub_ply +
                  ",\"moves\":1}]") != std::string::npos);
  CHECK(json.find("\"tree\":[{\"id\":1,\"parent\":0,") != std::string::npos);
  CHECK(t.Run({"show", "1", "--variation", "1", "--ply", sub_ply})
            .second.find("variation 2 from here: 1 move(s)") != std::string::npos);

  // step: into the nested variation from variation 1's line, a comment there,
  // out to variation 1 where it branches, out again to the main line.
  const std::string input = "v 1\nj " + sub_ply + "\nv\nc nested note\no\no\nq\n";
  auto [step_code, steps] = t.Run({"step", "1"}, input);
  INFO(steps);
  CHECK(step_code == kExitOk);
  const size_t in_sub =
      steps.find("ply " + std::to_string(t.sub_ply + 1) + "/" +
                 std::to_string(t.sub_ply + 1) + " in variation 2 (? for help)> ");
  REQUIRE(in_sub != std::string::npos);
  const size_t back = steps.find("ply " + sub_ply + "/" + std::to_string(t.top_end) +
                                     " in variation 1 (? for help)> ",
                                 in_sub);
  REQUIRE(back != std::string::npos);
  CHECK(steps.find("ply " + std::to_string(t.top_ply) + "/", back) != std::string::npos);
  auto store = Store::Open(t.path).value();
  const GameRecord record = store->LoadGame(1).value();
  CHECK(record.FindVariation(2)->annotations ==
        std::vector<Annotation>{{t.sub_ply + 1, "nested note", ""}});

  // export -> import -> export, as text and as JSON: the same, nested
  // variations and their comments included.
  for (const std::string format : {"text", "json"}) {
    INFO(format);
    auto [export_code, exported] = t.Run({"export", "1", "--format", format});
    REQUIRE(export_code == kExitOk);
    CHECK(exported.find(format == "json" ? "\"parent\": 1" : "{nested note}") !=
          std::string::npos);
    const std::string other = t.path + "-other.db", file = t.path + ".rec";
    std::ofstream(file) << exported;
    auto [import_code, imported] = t.Run({"import", file}, "", other);
    INFO(imported);
    CHECK(import_code == kExitOk);
    CHECK(t.Run({"export", "1", "--format", format}, "", other).second == exported);
    for (const std::string& f : {file, other, other + "-wal", other + "-shm"}) {
      std::error_code ec;
      fs::remove(f, ec);
    }
  }

  // delete: variation 1 takes variation 2 with it.
  auto [del_code, deleted] = t.Run({"variation", "1", "1", "--delete"});
  CHECK(del_code == kExitOk);
  CHECK(deleted == "game 1: variation 1 deleted with 1 sub-variation\n");
  CHECK(store->LoadGame(1).value().variations.empty());
}

}  // namespace
}  // namespace angler
