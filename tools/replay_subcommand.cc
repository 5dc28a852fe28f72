// The shared pieces of the replay subcommands (replay_subcommand.h).
#include "tools/replay_subcommand.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

#include "dsl/text.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "interpreter/view.h"
#include "interpreter/yaml_doc.h"
#include "replay/branch.h"
#include "replay/format.h"
#include "replay/notation.h"
#include "replay/record.h"
#include "replay/scenario_writer.h"
#include "replay/store.h"
#include "replay/verify.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/event_text.h"
#include "tools/json.h"
#include "tools/progress.h"
#include "tools/serve_json.h"
#include "tools/view_json.h"
#include "tools/view_text.h"

namespace angler::replay_cmd {

const FlagSpec kDbFlag{
    "db", true,
    "the store (default: $ANGLER_DB, else "
    "$XDG_DATA_HOME/angler/angler.db, else ~/.local/share/angler/angler.db)"};

const FlagSpec kJsonFlag{"json", false, "print one JSON object"};

int Fail(Context& c, const std::vector<Diagnostic>& errors) {
  return ReportErrors(c.name, errors, c.err);
}

int Fail(Context& c, const std::string& message, ErrorKind kind) {
  return Fail(c, {Diagnostic({}, message, kind)});
}

Result<std::unique_ptr<Store>> OpenStore(const Args& args) {
  return Store::OpenExistingAt(args.Get("db").value_or(""));
}

Result<std::unique_ptr<Store>> OpenStoreToRead(const Args& args) {
  return Store::OpenAtToRead(args.Get("db").value_or(""));
}

Result<int64_t> GameArg(const std::string& word) {
  int64_t id = 0;
  const bool digits = !word.empty() && word.size() < 18 &&
                      std::all_of(word.begin(), word.end(), ::isdigit);
  if (digits) id = std::stoll(word);
  if (id <= 0) {
    return Diagnostic(
        {},
        "GAME is a game's id, a number from 'angler replay list'; got '" + word + "'");
  }
  return id;
}

Result<int> PlyArg(const std::string& word, const std::string& what) {
  const bool digits = !word.empty() && word.size() < 9 &&
                      std::all_of(word.begin(), word.end(), ::isdigit);
  if (!digits)
    return Diagnostic({}, what + " is a number of plies from 0; got '" + word + "'");
  return std::stoi(word);
}

Result<Loaded> LoadGame(Store& store, int64_t id) {
  Result<GameRecord> record = store.LoadGame(id);
  if (!record) return record.errors();
  Result<RulesetPtr> rules = store.RulesetByHash(record.value().ruleset_hash);
  if (!rules) return rules.errors();
  return StoredGame::Make(std::move(record).value(), rules.value());
}

Result<Line> MakeLine(const Loaded& g, int64_t variation_id) {
  const Variation* variation = nullptr;
  if (variation_id > 0) {
    for (const Variation& v : g.record.variations) {
      if (v.id == variation_id) variation = &v;
    }
    if (!variation) {
      return Diagnostic({}, "game " + std::to_string(g.record.id) + " has no variation " +
                                std::to_string(variation_id));
    }
  }
  Result<LineOfPlay> line = ReplayLine(g, variation);
  if (!line) return line.errors();
  return Line(g, std::move(line).value());
}

std::string MoveLineText(const Line& line, int ply) {
  const State& before = line.positions[static_cast<size_t>(ply - 1)];
  std::string text =
      std::to_string(ply) + ". " +
      MoveText(*line.g.game, before, line.ActionAt(ply), line.g.record.players);
  if (const Annotation* a = line.MoveAnnotation(ply)) {
    if (!a->comment.empty()) text += " {" + a->comment + "}";
    if (!a->glyph.empty()) text += " " + a->glyph;
  }
  return text;
}

// The engine's word for an action: "play", "choose", "lay", "chance"...
std::string ActionKindName(const Game& game, const State& s, const Action& a) {
  if (a.kind == ActionKind::kChance) return "chance";
  if (a.kind == ActionKind::kOption) return "option";
  const std::string text = game.ActionText(s, a);
  return text.substr(0, text.find(' '));
}

Result<GameArgs> ReadGameArgs(Context& c, bool only_read) {
  if (c.args.positional().size() != 1) {
    return Diagnostic({}, "expected one GAME (a game's id)");
  }
  Result<int64_t> id = GameArg(c.args.positional()[0]);
  if (!id) return id.errors();
  Result<int64_t> variation = c.args.GetInt("variation", 0);
  if (!variation) return variation.errors();
  auto store = only_read ? OpenStoreToRead(c.args) : OpenStore(c.args);
  if (!store) return store.errors();
  Result<Loaded> g = LoadGame(*store.value(), id.value());
  if (!g) return g.errors();
  return GameArgs{std::move(store).value(), std::move(g).value(), id.value(),
                  variation.value()};
}

}  // namespace angler::replay_cmd
