// The pieces every `angler replay` subcommand shares: its context, a game
// loaded with its rules, one line of play (main line or variation) replayed
// into positions, and the argument readers. Each subcommand's spec and run
// function is declared here and defined in the file of its group:
// replay_browse.cc (list, show, step), replay_edit.cc (annotate, branch,
// variation), replay_transfer.cc (export, import), replay_cmd.cc (verify,
// to-scenario, and the table of subcommands).
#ifndef ANGLER_TOOLS_REPLAY_SUBCOMMAND_H_
#define ANGLER_TOOLS_REPLAY_SUBCOMMAND_H_

#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/ruleset.h"
#include "interpreter/state.h"
#include "replay/line_of_play.h"
#include "replay/record.h"
#include "replay/store.h"
#include "tools/command_support.h"

namespace angler::replay_cmd {

extern const FlagSpec kDbFlag;
extern const FlagSpec kJsonFlag;  // --json: print one JSON object

struct Context {
  const Args& args;
  std::ostream& out;
  std::ostream& err;
  std::istream& in;
  std::string name;  // "replay list", for messages
};

// Reports the errors under the subcommand's name; returns the exit code.
int Fail(Context& c, const std::vector<Diagnostic>& errors);
int Fail(Context& c, const std::string& message, ErrorKind kind = ErrorKind::kBadInput);

// The store `--db` names (else the default one).
Result<std::unique_ptr<Store>> OpenStore(const Args& args);
// For the commands that only read: works on a store one may not write.
Result<std::unique_ptr<Store>> OpenStoreToRead(const Args& args);
// A game's id (a positive number) and a ply count (from 0), from a word.
Result<int64_t> GameArg(const std::string& word);
Result<int> PlyArg(const std::string& word, const std::string& what = "PLY");

// A stored game with the rules it was played under (replay/line_of_play.h).
using Loaded = StoredGame;
Result<Loaded> LoadGame(Store& store, int64_t id);

// One line of play of a loaded game, read without passing its record.
struct Line : LineOfPlay {
  const Loaded& g;

  Line(const Loaded& g, LineOfPlay line) : LineOfPlay(std::move(line)), g(g) {}
  const Action& ActionAt(int ply) const { return LineOfPlay::ActionAt(g.record, ply); }
  const Annotation* MoveAnnotation(int ply) const {
    return LineOfPlay::MoveAnnotation(g.record, ply);
  }
  const Annotation* LineAnnotation() const {
    return LineOfPlay::LineAnnotation(g.record);
  }
};

// The line of `g` that variation `variation_id` follows (0: the main line),
// replayed into its positions.
Result<Line> MakeLine(const Loaded& g, int64_t variation_id);
// "12. Anne plays yellow 7 {comment} !": the move at `ply` (1-based).
std::string MoveLineText(const Line& line, int ply);
// The engine's word for an action: "play", "choose", "lay", "chance"...
std::string ActionKindName(const Game& game, const State& s, const Action& a);

// `GAME [--variation V]`: the game, loaded from the store the flags name.
struct GameArgs {
  std::unique_ptr<Store> store;
  Loaded game;
  int64_t id = 0;
  int64_t variation = 0;
};

// only_read: the command writes nothing (the store may be read-only).
Result<GameArgs> ReadGameArgs(Context& c, bool only_read);

// The subcommands: each one's flags and its run function.
const CommandSpec& ListSpec();
int List(Context& c);
const CommandSpec& ShowSpec();
int Show(Context& c);
const CommandSpec& StepSpec();
int Step(Context& c);
const CommandSpec& AnnotateSpec();
int Annotate(Context& c);
const CommandSpec& BranchSpec();
int Branch(Context& c);
const CommandSpec& VariationSpec();
int VariationCmd(Context& c);
const CommandSpec& ExportSpec();
int Export(Context& c);
const CommandSpec& ImportSpec();
int Import(Context& c);

}  // namespace angler::replay_cmd

#endif  // ANGLER_TOOLS_REPLAY_SUBCOMMAND_H_
