// `angler replay list`, `show` and `step`: finding stored games and looking
// at their positions.
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
#include "tools/narration.h"
#include "tools/progress.h"
#include "tools/replay_subcommand.h"
#include "tools/serve_json.h"
#include "tools/view_json.h"
#include "tools/view_text.h"

namespace angler::replay_cmd {
namespace {

// The trick in progress, 1-based; the last one once all are played.
int TrickShown(const State& s, const BuiltinSlots& b) {
  return std::min(s.vars[b.trick_number] + 1, std::max(s.vars[b.tricks], 1));
}

// The id of the variation a line follows; 0: the main line.
int64_t LineId(const Line& line) { return line.variation ? line.variation->id : 0; }

// What the move at `ply` (from 1) did, told as `angler play` tells it.
std::vector<std::string> MoveTold(const Line& line, int ply) {
  return NarrateReplayedMove(*line.g.game, line.positions[static_cast<size_t>(ply - 1)],
                             line.ActionAt(ply), line.g.record.players,
                             Viewpoint::Everything());
}

// The position at `ply` of a line, as `angler play` shows it, for all seats;
// `told`, the narration of the move that led there, under the move.
void ShowText(std::ostream& out, const Line& line, int ply,
              const std::vector<std::string>& told = {}) {
  const Loaded& g = line.g;
  const Ruleset& rules = *g.rules;
  const Game& game = *g.game;
  const std::vector<std::string>& players = g.record.players;
  const State& s = line.positions[static_cast<size_t>(ply)];

  out << "game " << g.record.id;
  if (line.variation) {
    out << ", variation " << line.variation->id << " (from ply " << line.variation->ply;
    if (line.variation->parent) out << " of variation " << line.variation->parent;
    out << ")";
  }
  out << ": " << rules.name << " " << g.record.ruleset_hash << ", " << Join(players)
      << "; ply " << ply << " of " << line.plies() << "\n";
  if (ply > 0) {
    out << MoveLineText(line, ply) << "\n";
    for (const std::string& l : told) out << "  " << l << "\n";
  }
  // The comments on the lines themselves, where they begin: the game's
  // before its first move, a variation's at its branch (under the move there).
  for (const Annotation* a : line.LineCommentsAt(g.record, ply))
    out << "{" << a->comment << "}\n";
  const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), players);
  out << PositionText(view);
  // Once over, the places with their scores (a ruleset error has none).
  out << (s.error ? "game over: " + ResultText(game, s, players) + "\n"
                  : DecisionListText(view));
  for (const Variation* v : g.record.VariationsFrom(LineId(line), ply)) {
    out << "variation " << v->id << " from here: " << v->actions.size() << " move(s), "
        << "'angler replay show " << g.record.id << " --variation " << v->id << "'\n";
  }
  if (ply == line.plies() && !s.over && ply > 0) out << "(the record ends here)\n";
}

// "players": seat, name, score, rank and hand of each.
void WritePlayersJson(JsonWriter& json, const Line& line, const State& s) {
  const Ruleset& rules = *line.g.rules;
  const Game& game = *line.g.game;
  const std::vector<std::string>& players = line.g.record.players;
  const int score = rules.display.score;
  json.Key("players").BeginArray();
  for (int p = 0; p < game.players(); ++p) {
    json.BeginObject();
    json.Key("seat").Int(p);
    json.Key("name").String(players[static_cast<size_t>(p)]);
    if (score >= 0)
      json.Key("score").Int(s.vars[rules.variables[static_cast<size_t>(score)].slot + p]);
    json.Key("rank").Int(game.Rank(s, p));
    json.Key("hand").BeginArray();
    if (rules.hand_family >= 0) {
      const int hand = rules.zones[static_cast<size_t>(rules.hand_family)].first + p;
      for (int c : InHoldingOrder(rules, s.Zone(hand)))
        json.String(rules.card_names[static_cast<size_t>(c)]);
    }
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
}

// "trick" (each card with who played it) and "zones" (the other non-empty
// zones' sizes).
void WriteTableJson(JsonWriter& json, const Ruleset& rules, const State& s,
                    const std::vector<std::string>& players) {
  json.Key("trick").BeginArray();
  if (rules.trick) {
    const int trick = rules.zones[static_cast<size_t>(rules.trick->family)].first;
    for (uint8_t c : s.Zone(trick)) {
      json.BeginObject();
      json.Key("card").String(rules.card_names[c]);
      json.Key("player");
      if (s.played_by[c] >= 0) {
        json.String(players[static_cast<size_t>(s.played_by[c])]);
      } else {
        json.Null();
      }
      json.EndObject();
    }
  }
  json.EndArray();
  json.Key("zones").BeginArray();
  for (int z = 0; z < rules.zone_count; ++z) {
    const int family = rules.ZoneFamilyOf(z);
    if (family == rules.hand_family || family == rules.TrickFamily() ||
        s.ZoneSize(z) == 0) {
      continue;
    }
    json.BeginObject();
    json.Key("zone").String(ZoneLabel(rules, z, players));
    json.Key("cards").Int(s.ZoneSize(z));
    json.EndObject();
  }
  json.EndArray();
}

// "decision": the view's decision in short (its full form is under "view").
void WriteDecisionJson(JsonWriter& json, const PositionView& view,
                       const std::vector<std::string>& players) {
  json.Key("decision");
  if (!view.decision) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("kind").String(view.decision->kind);
  json.Key("player");  // null at chance and when several players may move
  if (view.decision->player < 0) {
    json.Null();
  } else {
    json.String(players[static_cast<size_t>(view.decision->player)]);
  }
  json.Key("text").String(view.decision->text);
  json.Key("legal").BeginArray();
  for (const LegalMoveView& m : view.decision->legal) json.String(m.text);
  json.EndArray();
  json.EndObject();
}

// "variations": those that branch from this position of the line (in a
// variation, from a position before its branch: its ancestors'), each with
// its parent line (0 the main line); "tree": every variation of the game as
// {id, parent, ply, moves}, parents first.
void WriteVariationsJson(JsonWriter& json, const Line& line, int ply) {
  const GameRecord& record = line.g.record;
  const auto entry = [&](const Variation& v) {
    json.BeginObject();
    json.Key("id").Int(v.id);
    json.Key("parent").Int(v.parent);
    json.Key("ply").Int(v.ply);
    json.Key("moves").Int(static_cast<int64_t>(v.actions.size()));
    json.EndObject();
  };
  json.Key("variations").BeginArray();
  for (const Variation* v : record.VariationsFrom(LineId(line), ply)) entry(*v);
  json.EndArray();
  json.Key("tree").BeginArray();
  for (const Variation& v : record.variations) entry(v);
  json.EndArray();
}

void ShowJson(std::ostream& out, const Line& line, int ply) {
  const Loaded& g = line.g;
  const Ruleset& rules = *g.rules;
  const Game& game = *g.game;
  const std::vector<std::string>& players = g.record.players;
  const State& s = line.positions[static_cast<size_t>(ply)];
  const BuiltinSlots& b = rules.builtin;
  JsonWriter json;
  json.BeginObject();
  json.Key("game").Int(g.record.id);
  json.Key("ruleset").String(rules.name);
  json.Key("hash").String(g.record.ruleset_hash);
  WriteLinePlace(json, g, line, ply);
  json.Key("parent");  // the line the shown variation branches from; null: none
  if (line.variation) {
    json.Int(line.variation->parent);
  } else {
    json.Null();
  }
  json.Key("round").Int(s.vars[b.round]);
  json.Key("trick_number").Int(TrickShown(s, b));
  json.Key("tricks").Int(s.vars[b.tricks]);
  // The ruleset's status variables by name ("trump"), as the display names them.
  for (int status : rules.display.status) {
    const Variable& v = rules.variables[static_cast<size_t>(status)];
    if (!v.per_player) json.Key(v.name).String(rules.ValueName(v.type, s.vars[v.slot]));
  }
  WritePlayersJson(json, line, s);
  WriteTableJson(json, rules, s, players);
  json.Key("over").Bool(s.over);
  json.Key("result");
  if (s.over) {
    json.String(ResultText(game, s, players));
  } else {
    json.Null();
  }
  const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), players);
  WriteDecisionJson(json, view, players);
  WriteVariationsJson(json, line, ply);
  json.Key("view");
  WriteViewJson(json, view);
  json.EndObject();
  out << json.str() << "\n";
}

// A trick's first card is to be played (a turn of a row game begins).
bool TrickBegins(const State& s) {
  return !s.over && ((s.decision.kind == DecisionKind::kPlay && s.played_count == 0) ||
                     s.decision.kind == DecisionKind::kLay);
}

// `v N`: variation N; `v` alone: the one variation that branches here. Says
// why not and gives null when there is none.
const Variation* VariationToEnter(Context& c, const GameRecord& record, const Line& line,
                                  int ply, const std::string& word) {
  const std::vector<const Variation*> here = record.VariationsFrom(LineId(line), ply);
  if (word.empty()) {
    if (here.size() == 1) return here[0];
    c.out << (here.empty() ? "no variation branches here"
                           : "several variations branch here: v N enters one")
          << "\n";
    return nullptr;
  }
  Result<int> n = PlyArg(word, "N");
  const Variation* v = n ? record.FindVariation(n.value()) : nullptr;
  if (!v) c.out << "no variation '" << Echoed(word) << "' (replay show lists them)\n";
  return v;
}

// The commands of `replay step` that change the line followed or the store:
// v N, o, c TEXT, glyph G. Returns false for any other command. On success
// `line` is made again from the store and `ply` is where to stand.
bool StepLineCommand(Context& c, GameArgs& at, std::optional<Line>& line, int& ply,
                     const std::string& input) {
  const std::string cmd = Lower(std::string(Trim(input)));
  const auto word = [&](std::string_view w) {
    return cmd == w || cmd.rfind(std::string(w) + " ", 0) == 0;
  };
  const std::string_view trimmed = Trim(input);
  const size_t space = trimmed.find(' ');
  const std::string rest(space == std::string_view::npos
                             ? std::string_view()
                             : Trim(trimmed.substr(space + 1)));
  const Variation* in = line->variation;
  int64_t variation = in ? in->id : 0;
  if (word("v")) {
    const Variation* v = VariationToEnter(c, at.game.record, *line, ply, rest);
    if (!v) return true;
    variation = v->id;
    ply = v->ply + 1;
  } else if (cmd == "o" || cmd == "out") {
    if (!in) {
      c.out << "on the main line\n";
      return true;
    }
    variation = in->parent;  // back to the line it branches from, where it does
    ply = in->ply;
  } else if (word("c") || word("comment") || word("glyph")) {
    std::optional<std::string> comment, glyph;
    // Nothing after the word is a slip, not a removal: "-" removes.
    if (rest.empty()) {
      c.out << (word("glyph")
                    ? "glyph G gives this move a glyph (" + GlyphList() +
                          "); glyph - removes it\n"
                    : "c TEXT comments on this move; c - removes the comment\n");
      return true;
    }
    if (word("glyph")) {
      glyph = rest == "-" ? "" : rest;
      if (!glyph->empty() && !IsGlyph(*glyph)) {
        c.out << "'" << Echoed(rest) << "' is not one of " << GlyphList()
              << " (- removes it)\n";
        return true;
      }
    } else {
      comment = rest == "-" ? "" : rest;
    }
    // The line shown may go through its parents' moves: a note goes on the
    // line whose move it is.
    const Variation* owner_line = line->OwnerOf(at.game.record, ply);
    const int64_t owner = owner_line ? owner_line->id : 0;
    if (Status st = at.store->Annotate(at.id, ply, comment, glyph, owner); !st) {
      c.out << st.error().message << "\n";
      return true;
    }
  } else {
    return false;
  }
  Result<Loaded> reloaded = LoadGame(*at.store, at.id);
  if (!reloaded) {
    c.out << reloaded.error().message << "\n";
    return true;
  }
  at.game = std::move(reloaded).value();
  line.reset();
  Result<Line> made = MakeLine(at.game, variation);
  if (!made) {  // the variation went away under us: the main line
    c.out << made.error().message << "\n";
    Result<Line> main = MakeLine(at.game, 0);
    if (!main) return true;  // Step ends: nothing replays
    line.emplace(std::move(main).value());
    ply = std::min(ply, line->plies());
  } else {
    line.emplace(std::move(made).value());
  }
  ShowText(c.out, *line, ply);
  return true;
}

}  // namespace

// ---- list ----

const CommandSpec& ListSpec() {
  static const CommandSpec spec{
      "replay list",
      "[--ruleset R] [--player P] [--limit N] [--json] [--db PATH]",
      "Lists the stored games, oldest first: id, date, ruleset, players, plies and\n"
      "result. --ruleset takes a ruleset's name or content hash.",
      {{"ruleset", true, "only games of this ruleset (a name or a content hash)"},
       {"player", true, "only games with a player of this name"},
       {"limit", true, "only the N most recent games"},
       {"json", false, "print a JSON list of games"},
       kDbFlag}};
  return spec;
}

int List(Context& c) {
  if (!c.args.positional().empty()) return Fail(c, "takes no arguments, only flags");
  Result<int64_t> limit = c.args.GetInt("limit", 0);
  if (!limit) return Fail(c, limit.errors());
  if (limit.value() < 0) return Fail(c, "--limit must be 0 or more");
  auto store = OpenStoreToRead(c.args);
  if (!store) return Fail(c, store.errors());
  GameFilter filter{c.args.Get("ruleset").value_or(""), c.args.Get("player").value_or(""),
                    limit.value()};
  Result<std::vector<GameSummary>> games = store.value()->ListGames(filter);
  if (!games) return Fail(c, games.errors());
  if (c.args.Has("json")) {
    JsonWriter json;
    json.BeginArray();
    for (const GameSummary& g : games.value()) WriteGameSummaryJson(json, g);
    json.EndArray();
    c.out << json.str() << "\n";
    return kExitOk;
  }
  if (games.value().empty()) {
    c.out << "no games"
          << (filter.ruleset.empty() && filter.player.empty() ? "" : " match") << " in "
          << store.value()->path() << "\n";
    return kExitOk;
  }
  size_t ruleset_width = 7, players_width = 7;
  for (const GameSummary& g : games.value()) {
    ruleset_width = std::max(ruleset_width, g.ruleset_name.size());
    players_width = std::max(players_width, Join(g.players).size());
  }
  auto pad = [](std::string s, size_t w) {
    return s.size() >= w ? s : s + std::string(w - s.size(), ' ');
  };
  auto left = [](std::string s, size_t w) {
    return s.size() >= w ? s : std::string(w - s.size(), ' ') + s;
  };
  c.out << left("id", 6) << "  " << pad("date", 10) << "  "
        << pad("ruleset", ruleset_width) << "  " << pad("players", players_width) << "  "
        << left("plies", 5) << "  source  result\n";
  for (const GameSummary& g : games.value()) {
    c.out << left(std::to_string(g.id), 6) << "  " << FormatDate(g.created).substr(0, 10)
          << "  " << pad(g.ruleset_name, ruleset_width) << "  "
          << pad(Join(g.players), players_width) << "  "
          << left(std::to_string(g.plies), 5) << "  " << pad(g.source, 6) << "  "
          << g.result << "\n";
  }
  return kExitOk;
}

// ---- show ----

const CommandSpec& ShowSpec() {
  static const CommandSpec spec{
      "replay show",
      "GAME [--ply N] [--variation V] [--json] [--db PATH]",
      "Shows the position after ply N of a stored game (default: the last), as\n"
      "'angler play' shows it but with every hand: the move that led there with its\n"
      "comment and glyph, round and trick, scores, the trick with who played each\n"
      "card, the hands, the other zones' sizes, whose decision it is and its legal\n"
      "moves, and the variations that branch there. Ply 0 is the start.",
      {{"ply", true, "the position after this many actions (default: the last)"},
       {"variation", true, "follow this variation (its id) instead of the main line"},
       {"json", false, "print one JSON object"},
       kDbFlag}};
  return spec;
}

int Show(Context& c) {
  Result<GameArgs> read = ReadGameArgs(c, true);
  if (!read) return Fail(c, read.errors());
  GameArgs& at = read.value();
  Result<Line> line = MakeLine(at.game, at.variation);
  if (!line) return Fail(c, line.errors());
  Result<int64_t> ply = c.args.GetInt("ply", line.value().plies());
  if (!ply) return Fail(c, ply.errors());
  if (ply.value() < 0 || ply.value() > line.value().plies()) {
    // A variation's line: its parents' plies, then its own.
    const std::string whose = at.variation > 0
                                  ? "variation " + std::to_string(at.variation) +
                                        " of game " + std::to_string(at.id)
                                  : "game " + std::to_string(at.id);
    return Fail(c, "--ply " + std::to_string(ply.value()) + " is out of range: " + whose +
                       " has plies 0 to " + std::to_string(line.value().plies()));
  }
  if (c.args.Has("json")) {
    ShowJson(c.out, line.value(), static_cast<int>(ply.value()));
  } else {
    ShowText(c.out, line.value(), static_cast<int>(ply.value()));
  }
  return kExitOk;
}

// ---- step ----

const CommandSpec& StepSpec() {
  static const CommandSpec spec{
      "replay step",
      "GAME [--variation V] [--db PATH]",
      "Steps through a stored game, reading one command a line from stdin:\n"
      "  enter or n   forward one ply         b      back one ply\n"
      "  t            to the next trick/turn  r      to the next round\n"
      "  N or j N     jump to ply N           e      to the end\n"
      "  s            show the position again ?      this help\n"
      "  v N          into variation N (v: the one from here)\n"
      "  o            out, to the line it branches from, where it does\n"
      "  c TEXT       comment on this move (\"c -\" removes)\n"
      "  glyph G      its glyph (\"glyph -\" removes)\n"
      "  q            quit (so does the end of input)",
      {{"variation", true, "follow this variation (its id) instead of the main line"},
       kDbFlag}};
  return spec;
}

namespace {

// Where a moving command of `replay step` goes from `ply` (n, b, t, r, e, a
// ply number); nullopt when it is not one (or was refused, with the reason
// written). May be out of the line: the caller says so.
std::optional<int> StepTarget(Context& c, const Line& line, int ply,
                              const std::string& cmd) {
  const int round_slot = line.g.rules->builtin.round;
  const int end = line.plies();
  if (cmd.empty() || cmd == "n" || cmd == "next" || cmd == "f") return ply + 1;
  if (cmd == "b" || cmd == "back" || cmd == "p") return ply - 1;
  if (cmd == "e" || cmd == "end") return end;
  int target = ply + 1;
  if (cmd == "t" || cmd == "trick") {
    // A game of neither tricks nor lays would walk to the end, unexplained.
    if (!line.g.rules->trick && !line.g.rules->turn) {
      c.out << line.g.rules->name << " has no tricks or turns for 't' to go to; "
            << "'r' goes to the next round\n";
      return std::nullopt;
    }
    while (target < end && !TrickBegins(line.positions[static_cast<size_t>(target)]))
      ++target;
    return target;
  }
  if (cmd == "r" || cmd == "round") {
    const int32_t round = line.positions[static_cast<size_t>(ply)].vars[round_slot];
    while (target < end &&
           line.positions[static_cast<size_t>(target)].vars[round_slot] <= round) {
      ++target;
    }
    return target;
  }
  std::string number = cmd;
  for (const char* prefix : {"j ", "jump ", "g ", "goto "}) {
    if (number.rfind(prefix, 0) == 0)
      number = std::string(Trim(number.substr(std::string(prefix).size())));
  }
  Result<int> n = PlyArg(number, "a ply");
  if (!n) {
    c.out << "unknown command '" << Echoed(cmd) << "': type ? for help\n";
    return std::nullopt;
  }
  if (n.value() > end) {
    c.out << "ply " << n.value() << " is past the end (" << end << ")\n";
    return std::nullopt;
  }
  return n.value();
}

}  // namespace

int Step(Context& c) {
  Result<GameArgs> read = ReadGameArgs(c, false);
  if (!read) return Fail(c, read.errors());
  GameArgs& at = read.value();
  Result<Line> made = MakeLine(at.game, at.variation);
  if (!made) return Fail(c, made.errors());
  std::optional<Line> line_now(std::move(made).value());
  int ply = 0;
  ShowText(c.out, *line_now, ply);
  while (true) {
    const Line& line = *line_now;
    c.out << "ply " << ply << "/" << line.plies()
          << (line.variation ? " in variation " + std::to_string(line.variation->id) : "")
          << " (? for help)> " << std::flush;
    std::string input;
    if (!std::getline(c.in, input)) {
      c.out << "\n";
      return kExitOk;
    }
    if (StepLineCommand(c, at, line_now, ply, input)) {
      if (!line_now)
        return Fail(c, "game " + std::to_string(at.id) + " no longer replays");
      continue;
    }
    const std::string cmd = Lower(std::string(Trim(input)));
    if (cmd == "s" || cmd == "show" || cmd == "l") {
      ShowText(c.out, line, ply);
      continue;
    }
    if (cmd == "q" || cmd == "quit" || cmd == "exit") return kExitOk;
    if (cmd == "?" || cmd == "h" || cmd == "help") {
      c.out << StepSpec().description.substr(StepSpec().description.find('\n') + 1)
            << "\n";
      continue;
    }
    const std::optional<int> target = StepTarget(c, line, ply, cmd);
    if (!target) continue;
    if (*target < 0) {
      c.out << "at the start\n";
    } else if (*target > line.plies()) {
      c.out << "at the end (ply " << line.plies() << ")\n";
    } else {
      // A step forward tells what the move did, as `angler play` does.
      const bool stepped = *target == ply + 1;
      ply = *target;
      ShowText(c.out, line, ply,
               stepped ? MoveTold(line, ply) : std::vector<std::string>{});
    }
  }
}

}  // namespace angler::replay_cmd
