// `angler replay annotate`, `branch` and `variation`: notes on moves, other
// moves stored as variations, variations deleted or promoted.
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
#include "tools/replay_subcommand.h"
#include "tools/serve_json.h"
#include "tools/view_json.h"
#include "tools/view_text.h"

namespace angler::replay_cmd {

// ---- annotate ----

const CommandSpec& AnnotateSpec() {
  static const CommandSpec spec{
      "replay annotate",
      "GAME PLY [TEXT] [--glyph G] [--variation V] [--json] [--db PATH]",
      "Comments on move PLY of a stored game (PLY 0: the game as a whole), and\n"
      "gives it a glyph as chess players do: ! good, ? a mistake, !! brilliant,\n"
      "?? a blunder, !? interesting, ?! dubious. TEXT replaces the comment (\"\"\n"
      "removes it); without TEXT the comment stays. --glyph \"\" removes the glyph.",
      {{"glyph", true, "one of ! ? !! ?? !? ?!"},
       {"variation", true,
        "annotate a move of this variation (its id); at its branch ply, the "
        "variation as a whole"},
       kJsonFlag,
       kDbFlag}};
  return spec;
}

int Annotate(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.size() < 2 || pos.size() > 3) return Fail(c, "expected GAME PLY [TEXT]");
  Result<int64_t> id = GameArg(pos[0]);
  if (!id) return Fail(c, id.errors());
  Result<int> ply = PlyArg(pos[1]);
  if (!ply) return Fail(c, ply.errors());
  std::optional<std::string> comment;
  if (pos.size() == 3) comment = pos[2];
  std::optional<std::string> glyph = c.args.Get("glyph");
  if (!comment && !glyph) return Fail(c, "give a TEXT, a --glyph or both");
  if (glyph && !glyph->empty() && !IsGlyph(*glyph)) {
    return Fail(c, "--glyph '" + *glyph + "' is not one of " + GlyphList());
  }
  Result<int64_t> variation = c.args.GetInt("variation", 0);
  if (!variation) return Fail(c, variation.errors());
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  Status done =
      store.value()->Annotate(id.value(), ply.value(), comment, glyph, variation.value());
  if (!done) return Fail(c, done.errors());
  Result<Loaded> g = LoadGame(*store.value(), id.value());
  if (!g) return Fail(c, g.errors());
  Result<Line> line = MakeLine(g.value(), variation.value());
  if (!line) return Fail(c, line.errors());
  // A line's first position (ply 0, a variation's branch) takes a note on the
  // line itself; any other ply, a note on its move.
  const Line& l = line.value();
  const bool at_branch = l.variation && ply.value() == l.variation->ply;
  const bool on_line = ply.value() == 0 || at_branch;
  // (A variation's line starts at its branch: the store takes no ply before.)
  const Annotation* a = on_line ? l.LineAnnotation() : l.MoveAnnotation(ply.value());
  if (c.args.Has("json")) {
    // {"game", "variation", "ply", "move" (null for the line itself), "comment", "glyph"}
    JsonWriter json;
    json.BeginObject().Key("game").Int(id.value()).Key("variation");
    if (variation.value() > 0) {
      json.Int(variation.value());
    } else {
      json.Null();
    }
    json.Key("ply").Int(ply.value()).Key("move");
    if (on_line) {
      json.Null();
    } else {
      const State& before = line.value().positions[static_cast<size_t>(ply.value() - 1)];
      json.String(MoveText(*g.value().game, before, line.value().ActionAt(ply.value()),
                           g.value().record.players));
    }
    json.Key("comment")
        .String(a ? a->comment : "")
        .Key("glyph")
        .String(a ? a->glyph : "");
    c.out << json.EndObject().str() << "\n";
    return kExitOk;
  }
  if (on_line) {
    c.out << "game " << id.value() << ": " << (a ? "{" + a->comment + "}" : "no comment")
          << "\n";
  } else {
    c.out << "game " << id.value() << ": " << MoveLineText(line.value(), ply.value())
          << "\n";
  }
  return kExitOk;
}

// ---- branch ----

const CommandSpec& BranchSpec() {
  static const CommandSpec spec{
      "replay branch",
      "GAME PLY MOVE... [--variation V] [--json] [--db PATH]",
      "Plays other moves from the position after PLY of a stored game and stores\n"
      "them as a variation under that ply, like a variation in PGN or a branch in\n"
      "SGF. Each MOVE is one word (quote it): 'yellow 7', 'Anne plays yellow 7',\n"
      "'red' for a choice; a shuffle is 'shuffle' (the game's own outcome there,\n"
      "when it had one) or 'shuffle ZONE #HEX'. The engine checks every move.\n"
      "--variation V branches from variation V's line instead (PLY counted as\n"
      "always, from the start): variations nest, as in a study.",
      {{"variation", true, "branch from this variation's line (its id)"},
       kJsonFlag,
       kDbFlag}};
  return spec;
}

int Branch(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.size() < 3) return Fail(c, "expected GAME PLY MOVE...");
  Result<int64_t> id = GameArg(pos[0]);
  if (!id) return Fail(c, id.errors());
  Result<int> ply = PlyArg(pos[1]);
  if (!ply) return Fail(c, ply.errors());
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  Result<Loaded> g = LoadGame(*store.value(), id.value());
  if (!g) return Fail(c, g.errors());
  const GameRecord& record = g.value().record;
  const Game& game = *g.value().game;
  Result<int64_t> from = c.args.GetInt("variation", 0);
  if (!from) return Fail(c, from.errors());
  const Variation* line = nullptr;
  if (from.value() != 0) {
    line = record.FindVariation(from.value());
    if (!line) {
      return Fail(c, "game " + std::to_string(id.value()) + " has no variation " +
                         std::to_string(from.value()));
    }
  }
  std::vector<std::string> moves;
  for (size_t i = 2; i < pos.size(); ++i) {
    std::stringstream words(pos[i]);
    for (std::string m; std::getline(words, m, ';');) {
      if (!Trim(m).empty()) moves.emplace_back(Trim(m));
    }
  }
  Result<BranchRead> branch = ReadBranch(game, record, ply.value(), moves, line);
  if (!branch) return Fail(c, branch.errors());
  const Variation& v = branch.value().variation;
  const State& s = branch.value().end;
  std::string written;
  for (const std::string& line : branch.value().read) written += "  " + line + "\n";
  // The moves a line has already stay that line's (Store::AddVariation): the
  // variation is stored from where they part, or, all of them stored, is the
  // variation that has them.
  StoredPrefix stored;
  Result<int64_t> vid = store.value()->AddVariation(id.value(), v, &stored);
  if (!vid) return Fail(c, vid.errors());
  const size_t known = v.actions.size() - stored.rest.actions.size();
  const bool same = stored.rest.actions.empty();
  // Where the variation stored lies; all of it stored already, where the
  // variation that has it branches.
  int64_t parent = stored.rest.parent;
  int from_ply = stored.rest.ply;
  if (same) {
    Result<GameRecord> now = store.value()->LoadGame(id.value());
    if (!now) return Fail(c, now.errors());
    if (const Variation* had = now.value().FindVariation(vid.value())) {
      parent = had->parent;
      from_ply = had->ply;
    }
  }
  if (c.args.Has("json")) {
    // {"game", "variation", "parent", "ply", "already_stored", "moves_stored",
    // "moves": [...], "over", "result"}
    JsonWriter json;
    json.BeginObject().Key("game").Int(id.value()).Key("variation").Int(vid.value());
    json.Key("parent").Int(parent);
    json.Key("ply").Int(from_ply).Key("already_stored").Bool(same);
    json.Key("moves_stored").Int(static_cast<int64_t>(known));
    json.Key("moves").BeginArray();
    for (const std::string& line : branch.value().read) json.String(line);
    json.EndArray().Key("over").Bool(s.over).Key("result");
    if (s.over) {
      json.String(ResultText(game, s, record.players));
    } else {
      json.Null();
    }
    c.out << json.EndObject().str() << "\n";
    return kExitOk;
  }
  std::string note;
  if (same) {
    note = " (already stored: it begins so)";
  } else if (known > 0) {
    note = known == 1
               ? " (its first move was stored already)"
               : " (its first " + std::to_string(known) + " moves were stored already)";
  }
  c.out << "variation " << vid.value() << " of game " << id.value() << ", from ply "
        << from_ply
        << (parent ? " of variation " + std::to_string(parent) : std::string()) << note
        << ":\n"
        << written;
  if (s.over) c.out << "  game over: " << ResultText(game, s, record.players) << "\n";
  return kExitOk;
}

// ---- variation ----

const CommandSpec& VariationSpec() {
  static const CommandSpec spec{
      "replay variation",
      "GAME V (--delete | --promote) [--json] [--db PATH]",
      "Deletes variation V of a stored game with its comments and the variations\n"
      "that branch from it (--delete), or makes it its parent line from its ply on\n"
      "(--promote; the main line, or the variation it branches from): the two swap,\n"
      "so variation V then holds the moves it replaced; comments and the\n"
      "variations inside those moves go with them, and the game's result is the\n"
      "new main line's.",
      {{"delete", false, "delete the variation"},
       {"promote", false, "make the variation the main line"},
       kJsonFlag,
       kDbFlag}};
  return spec;
}

int VariationCmd(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.size() != 2) return Fail(c, "expected GAME V");
  Result<int64_t> id = GameArg(pos[0]);
  if (!id) return Fail(c, id.errors());
  Result<int64_t> vid = GameArg(pos[1]);
  if (!vid) return Fail(c, "V is a variation's id, a number; got '" + pos[1] + "'");
  if (c.args.Has("delete") == c.args.Has("promote")) {
    return Fail(c, "give one of --delete and --promote");
  }
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  const std::string which =
      "game " + std::to_string(id.value()) + ": variation " + std::to_string(vid.value());
  // --json: {"game", "variation", "done": "deleted" | "promoted", "replaced"
  // (the variation holding the moves a promotion replaced, or null), "result",
  // "sub_variations" (deleted with it; 0 for a promotion)}
  JsonWriter json;
  json.BeginObject().Key("game").Int(id.value()).Key("variation").Int(vid.value());
  if (c.args.Has("delete")) {
    Result<int> subs = store.value()->DeleteVariation(id.value(), vid.value());
    if (!subs) return Fail(c, subs.errors());
    if (c.args.Has("json")) {
      json.Key("done").String("deleted").Key("replaced").Null().Key("result").Null();
      json.Key("sub_variations").Int(subs.value());
      c.out << json.EndObject().str() << "\n";
    } else {
      c.out << which << " deleted";
      if (subs.value() > 0) {
        c.out << " with " << subs.value() << " sub-variation"
              << (subs.value() == 1 ? "" : "s");
      }
      c.out << "\n";
    }
    return kExitOk;
  }
  Result<GameRecord> before = store.value()->LoadGame(id.value());
  if (!before) return Fail(c, before.errors());
  const Variation* promoted = before.value().FindVariation(vid.value());
  const int64_t parent = promoted ? promoted->parent : 0;
  Result<int64_t> demoted = store.value()->PromoteVariation(id.value(), vid.value());
  if (!demoted) return Fail(c, demoted.errors());
  Result<GameRecord> now = store.value()->LoadGame(id.value());
  if (!now) return Fail(c, now.errors());
  if (c.args.Has("json")) {
    json.Key("done").String("promoted").Key("replaced");
    if (demoted.value() > 0) {
      json.Int(demoted.value());
    } else {
      json.Null();
    }
    json.Key("result").String(now.value().result).Key("sub_variations").Int(0);
    c.out << json.EndObject().str() << "\n";
    return kExitOk;
  }
  c.out << which << " is "
        << (parent == 0 ? std::string("the main line")
                        : "variation " + std::to_string(parent) + "'s line")
        << " now";
  if (demoted.value() > 0) {
    c.out << "; variation " << demoted.value() << " holds the moves it replaced";
  }
  c.out << "\nresult: " << now.value().result << "\n";
  return kExitOk;
}

}  // namespace angler::replay_cmd
