// `angler replay`: list, show, step through, annotate, branch, export, import
// and verify the game records of the store (replay/store.h).
//
// Everything that reads or writes records lives in replay/; this file only
// parses the command line and presents positions, tables and JSON.
#include "tools/replay_cmd.h"

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

namespace angler {
namespace {

// ---- Shared pieces ----

const FlagSpec kDbFlag{
    "db", true,
    "the store (default: $ANGLER_DB, else "
    "$XDG_DATA_HOME/angler/angler.db, else ~/.local/share/angler/angler.db)"};

struct Context {
  const Args& args;
  std::ostream& out;
  std::ostream& err;
  std::istream& in;
  std::string name;  // "replay list", for messages
};

int Fail(Context& c, const std::vector<Diagnostic>& errors) {
  return ReportErrors(c.name, errors, c.err);
}

int Fail(Context& c, const std::string& message, ErrorKind kind = ErrorKind::kBadInput) {
  return Fail(c, {Diagnostic({}, message, kind)});
}

Result<std::unique_ptr<Store>> OpenStore(const Args& args) {
  const std::optional<std::string> db = args.Get("db");
  if (db && db->empty()) return Diagnostic({}, "--db needs a path");
  return Store::OpenAt(db.value_or(""));
}

// For the commands that only read: works on a store one may not write.
Result<std::unique_ptr<Store>> OpenStoreToRead(const Args& args) {
  const std::optional<std::string> db = args.Get("db");
  if (db && db->empty()) return Diagnostic({}, "--db needs a path");
  return Store::OpenAtToRead(db.value_or(""));
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

Result<int> PlyArg(const std::string& word, const std::string& what = "PLY") {
  const bool digits = !word.empty() && word.size() < 9 &&
                      std::all_of(word.begin(), word.end(), ::isdigit);
  if (!digits)
    return Diagnostic({}, what + " is a number of plies from 0; got '" + word + "'");
  return std::stoi(word);
}

// A stored game with the rules it was played under.
struct Loaded {
  GameRecord record;
  RulesetPtr rules;
  std::unique_ptr<Game> game;
};

Result<Loaded> LoadGame(Store& store, int64_t id) {
  Result<GameRecord> record = store.LoadGame(id);
  if (!record) return record.errors();
  Result<RulesetPtr> rules = store.RulesetByHash(record.value().ruleset_hash);
  if (!rules) return rules.errors();
  const Ruleset& r = *rules.value();
  if (record.value().players_count() < r.min_players ||
      record.value().players_count() > r.max_players) {
    return Diagnostic({}, "game " + std::to_string(id) + " has " +
                              std::to_string(record.value().players_count()) +
                              " players; its ruleset allows " + PlayerRange(r));
  }
  Loaded out;
  out.game = std::make_unique<Game>(r, record.value().players_count());
  out.record = std::move(record).value();
  out.rules = rules.value();
  return out;
}

// One line of play: the main line, or the main line up to a variation's
// branch and then the variation.
struct Line {
  const Loaded& g;
  const Variation* variation = nullptr;
  std::vector<State> positions;  // [0] the start, [i] after ply i

  int plies() const { return static_cast<int>(positions.size()) - 1; }
  bool InVariation(int ply) const { return variation && ply > variation->ply; }
  const Action& ActionAt(int ply) const {  // 1-based
    if (InVariation(ply)) {
      return variation->actions[static_cast<size_t>(ply - variation->ply - 1)].action;
    }
    return g.record.actions[static_cast<size_t>(ply - 1)].action;
  }
  const std::vector<Annotation>& AnnotationsAt(int ply) const {
    return InVariation(ply) || (variation && ply == variation->ply && ply > 0)
               ? variation->annotations
               : g.record.annotations;
  }
  const Annotation* AnnotationAt(int ply) const {
    for (const Annotation& a : AnnotationsAt(ply)) {
      if (a.ply == ply) return &a;
    }
    return nullptr;
  }
};

Result<Line> MakeLine(const Loaded& g, int64_t variation_id) {
  Line line{g, nullptr, {}};
  if (variation_id > 0) {
    for (const Variation& v : g.record.variations) {
      if (v.id == variation_id) line.variation = &v;
    }
    if (!line.variation) {
      return Diagnostic({}, "game " + std::to_string(g.record.id) + " has no variation " +
                                std::to_string(variation_id));
    }
  }
  Result<std::vector<State>> positions = Positions(*g.game, g.record, line.variation);
  if (!positions) {
    return Diagnostic(
        {}, "game " + std::to_string(g.record.id) +
                " does not replay under its stored rules: " + positions.error().message);
  }
  line.positions = std::move(positions).value();
  return line;
}

std::string MoveLineText(const Line& line, int ply) {
  const State& before = line.positions[static_cast<size_t>(ply - 1)];
  std::string text =
      std::to_string(ply) + ". " +
      MoveText(*line.g.game, before, line.ActionAt(ply), line.g.record.players);
  if (const Annotation* a = line.AnnotationAt(ply)) {
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

// The trick in progress, 1-based; the last one once all are played.
int TrickShown(const State& s, const BuiltinSlots& b) {
  return std::min(s.vars[b.trick_number] + 1, std::max(s.vars[b.tricks], 1));
}

// The position at `ply` of a line, as `angler play` shows it, for all seats.
void ShowText(std::ostream& out, const Line& line, int ply) {
  const Loaded& g = line.g;
  const Ruleset& rules = *g.rules;
  const Game& game = *g.game;
  const std::vector<std::string>& players = g.record.players;
  const State& s = line.positions[static_cast<size_t>(ply)];

  out << "game " << g.record.id;
  if (line.variation) {
    out << ", variation " << line.variation->id << " (from ply " << line.variation->ply
        << ")";
  }
  out << ": " << rules.name << " " << g.record.ruleset_hash << ", " << Join(players)
      << "; ply " << ply << " of " << line.plies() << "\n";
  if (ply == 0) {
    if (const Annotation* a = line.AnnotationAt(0); a && !a->comment.empty()) {
      out << "{" << a->comment << "}\n";
    }
  } else {
    out << MoveLineText(line, ply) << "\n";
  }
  const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), players);
  out << PositionText(view);
  if (s.over) {
    out << "game over: " << ResultText(game, s, players) << "\n";
  } else {
    out << DecisionListText(view);
  }
  if (!line.variation) {
    for (const Variation& v : g.record.variations) {
      if (v.ply != ply) continue;
      out << "variation " << v.id << " from here: " << v.actions.size() << " move(s), "
          << "'angler replay show " << g.record.id << " --variation " << v.id << "'\n";
    }
  }
  if (ply == line.plies() && !s.over && ply > 0) out << "(the record ends here)\n";
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
  json.Key("variation");
  if (line.variation) {
    json.Int(line.variation->id);
  } else {
    json.Null();
  }
  json.Key("ply").Int(ply);
  json.Key("plies").Int(line.plies());
  json.Key("move");
  if (ply > 0) {
    const State& before = line.positions[static_cast<size_t>(ply - 1)];
    json.BeginObject();
    json.Key("text").String(MoveText(game, before, line.ActionAt(ply), players));
    const Annotation* a = line.AnnotationAt(ply);
    json.Key("comment").String(a ? a->comment : "");
    json.Key("glyph").String(a ? a->glyph : "");
    json.EndObject();
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
  json.Key("trick").BeginArray();
  if (rules.trick_family >= 0) {
    const int trick = rules.zones[static_cast<size_t>(rules.trick_family)].first;
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
    if (family == rules.hand_family || family == rules.trick_family ||
        s.ZoneSize(z) == 0) {
      continue;
    }
    json.BeginObject();
    json.Key("zone").String(ZoneLabel(rules, z, players));
    json.Key("cards").Int(s.ZoneSize(z));
    json.EndObject();
  }
  json.EndArray();
  json.Key("over").Bool(s.over);
  json.Key("result");
  if (s.over) {
    json.String(ResultText(game, s, players));
  } else {
    json.Null();
  }
  // The decision as the view gives it (its full form is under "view").
  const PositionView view = ViewPosition(game, s, Viewpoint::Everything(), players);
  json.Key("decision");
  if (!view.decision) {
    json.Null();
  } else {
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
  json.Key("variations").BeginArray();
  const bool variations_here = !line.variation;
  if (variations_here) {
    for (const Variation& v : g.record.variations) {
      if (v.ply != ply) continue;
      json.BeginObject();
      json.Key("id").Int(v.id);
      json.Key("moves").Int(static_cast<int64_t>(v.actions.size()));
      json.EndObject();
    }
  }
  json.EndArray();
  json.Key("view");
  WriteViewJson(json, view);
  json.EndObject();
  out << json.str() << "\n";
}

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

// `GAME [--variation V]`: the game, loaded from the store the flags name.
struct GameArgs {
  std::unique_ptr<Store> store;
  Loaded game;
  int64_t id = 0;
  int64_t variation = 0;
};

// only_read: the command writes nothing (the store may be read-only).
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

int Show(Context& c) {
  Result<GameArgs> read = ReadGameArgs(c, true);
  if (!read) return Fail(c, read.errors());
  GameArgs& at = read.value();
  Result<Line> line = MakeLine(at.game, at.variation);
  if (!line) return Fail(c, line.errors());
  Result<int64_t> ply = c.args.GetInt("ply", line.value().plies());
  if (!ply) return Fail(c, ply.errors());
  if (ply.value() < 0 || ply.value() > line.value().plies()) {
    return Fail(c, "--ply " + std::to_string(ply.value()) + " is out of range: game " +
                       std::to_string(at.id) + " has plies 0 to " +
                       std::to_string(line.value().plies()));
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
      "  t            to the next trick       r      to the next round\n"
      "  N or j N     jump to ply N           e      to the end\n"
      "  s            show the position again ?      this help\n"
      "  v N          into variation N        o      out, to where it branches\n"
      "  c TEXT       comment on this move    glyph G  its glyph (\"glyph -\" removes)\n"
      "  q            quit (so does the end of input)",
      {{"variation", true, "follow this variation (its id) instead of the main line"},
       kDbFlag}};
  return spec;
}

// A trick's first card is to be played (a turn of a row game begins).
bool TrickBegins(const State& s) {
  return !s.over && ((s.decision.kind == DecisionKind::kPlay && s.played_count == 0) ||
                     s.decision.kind == DecisionKind::kLay);
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
    Result<int> n = PlyArg(rest, "N");
    const Variation* v = nullptr;
    for (const Variation& x : at.game.record.variations) {
      if (n && x.id == n.value()) v = &x;
    }
    if (!v) {
      c.out << "no variation '" << rest << "' (replay show lists them)\n";
      return true;
    }
    variation = v->id;
    ply = v->ply + 1;
  } else if (cmd == "o" || cmd == "out") {
    if (!in) {
      c.out << "on the main line\n";
      return true;
    }
    variation = 0;
    ply = in->ply;
  } else if (word("c") || word("comment") || word("glyph")) {
    std::optional<std::string> comment, glyph;
    if (word("glyph")) {
      glyph = rest == "-" ? "" : rest;
      if (!glyph->empty() && !IsGlyph(*glyph)) {
        c.out << "'" << rest << "' is not one of ! ? !! ?? !? ?! (- removes it)\n";
        return true;
      }
    } else {
      comment = rest;
    }
    // A move before the branch belongs to the main line.
    const int64_t owner = in && ply > in->ply ? variation : 0;
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

int Step(Context& c) {
  Result<GameArgs> read = ReadGameArgs(c, false);
  if (!read) return Fail(c, read.errors());
  GameArgs& at = read.value();
  Result<Line> made = MakeLine(at.game, at.variation);
  if (!made) return Fail(c, made.errors());
  std::optional<Line> line_now(std::move(made).value());
  const int round_slot = at.game.rules->builtin.round;
  int ply = 0;
  ShowText(c.out, *line_now, ply);
  while (true) {
    const Line& line = *line_now;
    const int end = line.plies();
    c.out << "ply " << ply << "/" << end
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
    int target = ply;
    if (cmd.empty() || cmd == "n" || cmd == "next" || cmd == "f") {
      target = ply + 1;
    } else if (cmd == "b" || cmd == "back" || cmd == "p") {
      target = ply - 1;
    } else if (cmd == "t" || cmd == "trick") {
      target = ply + 1;
      while (target < end && !TrickBegins(line.positions[static_cast<size_t>(target)]))
        ++target;
    } else if (cmd == "r" || cmd == "round") {
      const int32_t round = line.positions[static_cast<size_t>(ply)].vars[round_slot];
      target = ply + 1;
      while (target < end &&
             line.positions[static_cast<size_t>(target)].vars[round_slot] <= round) {
        ++target;
      }
    } else if (cmd == "e" || cmd == "end") {
      target = end;
    } else if (cmd == "s" || cmd == "show" || cmd == "l") {
      ShowText(c.out, line, ply);
      continue;
    } else if (cmd == "q" || cmd == "quit" || cmd == "exit") {
      return kExitOk;
    } else if (cmd == "?" || cmd == "h" || cmd == "help") {
      c.out << StepSpec().description.substr(StepSpec().description.find('\n') + 1)
            << "\n";
      continue;
    } else {
      std::string number = cmd;
      for (const char* prefix : {"j ", "jump ", "g ", "goto "}) {
        if (number.rfind(prefix, 0) == 0)
          number = std::string(Trim(number.substr(std::string(prefix).size())));
      }
      Result<int> n = PlyArg(number, "a ply");
      if (!n) {
        c.out << "unknown command '" << cmd << "': type ? for help\n";
        continue;
      }
      if (n.value() > end) {
        c.out << "ply " << n.value() << " is past the end (" << end << ")\n";
        continue;
      }
      target = n.value();
    }
    if (target < 0) {
      c.out << "at the start\n";
      continue;
    }
    if (target > end) {
      c.out << "at the end (ply " << end << ")\n";
      continue;
    }
    ply = target;
    ShowText(c.out, line, ply);
  }
}

// ---- annotate ----

const CommandSpec& AnnotateSpec() {
  static const CommandSpec spec{
      "replay annotate",
      "GAME PLY [TEXT] [--glyph G] [--variation V] [--db PATH]",
      "Comments on move PLY of a stored game (PLY 0: the game as a whole), and\n"
      "gives it a glyph as chess players do: ! good, ? a mistake, !! brilliant,\n"
      "?? a blunder, !? interesting, ?! dubious. TEXT replaces the comment (\"\"\n"
      "removes it); without TEXT the comment stays. --glyph \"\" removes the glyph.",
      {{"glyph", true, "one of ! ? !! ?? !? ?!"},
       {"variation", true, "annotate a move of this variation (its id)"},
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
    return Fail(c, "--glyph '" + *glyph + "' is not one of ! ? !! ?? !? ?!");
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
  if (ply.value() == 0 ||
      (line.value().variation && ply.value() == line.value().variation->ply)) {
    const Annotation* a = line.value().AnnotationAt(ply.value());
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
      "GAME PLY MOVE... [--db PATH]",
      "Plays other moves from the position after PLY of a stored game and stores\n"
      "them as a variation under that ply, like a variation in PGN or a branch in\n"
      "SGF. Each MOVE is one word (quote it): 'yellow 7', 'Anne plays yellow 7',\n"
      "'red' for a choice; a shuffle is 'shuffle' (the game's own outcome there,\n"
      "when it had one) or 'shuffle ZONE #HEX'. The engine checks every move.",
      {kDbFlag}};
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
  std::vector<std::string> moves;
  for (size_t i = 2; i < pos.size(); ++i) {
    std::stringstream words(pos[i]);
    for (std::string m; std::getline(words, m, ';');) {
      if (!Trim(m).empty()) moves.emplace_back(Trim(m));
    }
  }
  Result<BranchRead> branch = ReadBranch(game, record, ply.value(), moves);
  if (!branch) return Fail(c, branch.errors());
  const Variation& v = branch.value().variation;
  const State& s = branch.value().end;
  std::string written;
  for (const std::string& line : branch.value().read) written += "  " + line + "\n";
  const std::optional<int64_t> same = SameLine(record, v);
  Result<int64_t> vid = store.value()->AddVariation(id.value(), v);
  if (!vid) return Fail(c, vid.errors());
  c.out << "variation " << vid.value() << " of game " << id.value() << ", from ply "
        << v.ply << (same ? " (already stored: it begins so)" : "") << ":\n"
        << written;
  if (s.over) c.out << "  game over: " << ResultText(game, s, record.players) << "\n";
  return kExitOk;
}

// ---- variation ----

const CommandSpec& VariationSpec() {
  static const CommandSpec spec{
      "replay variation",
      "GAME V (--delete | --promote) [--db PATH]",
      "Deletes variation V of a stored game with its comments (--delete), or makes\n"
      "it the main line from its ply on (--promote): the two swap, so variation V\n"
      "then holds the moves it replaced; comments go with their moves, and the\n"
      "game's result is the new main line's.",
      {{"delete", false, "delete the variation"},
       {"promote", false, "make the variation the main line"},
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
  if (c.args.Has("delete")) {
    if (Status st = store.value()->DeleteVariation(id.value(), vid.value()); !st)
      return Fail(c, st.errors());
    c.out << which << " deleted\n";
    return kExitOk;
  }
  Result<int64_t> demoted = store.value()->PromoteVariation(id.value(), vid.value());
  if (!demoted) return Fail(c, demoted.errors());
  Result<GameRecord> now = store.value()->LoadGame(id.value());
  if (!now) return Fail(c, now.errors());
  c.out << which << " is the main line now";
  if (demoted.value() > 0) {
    c.out << "; variation " << demoted.value() << " holds the moves it replaced";
  }
  c.out << "\nresult: " << now.value().result << "\n";
  return kExitOk;
}

// ---- export ----

const CommandSpec& ExportSpec() {
  static const CommandSpec spec{
      "replay export",
      "GAME... [--format text|json] [--no-ruleset] [--db PATH]",
      "Writes stored games in the record notation (replay/FORMAT.md): a header of\n"
      "tags, one action per line with comments {...} and glyphs, variations in\n"
      "parentheses, and the end line with the result. 'angler replay import'\n"
      "reads it back as the same game. The record carries its ruleset's\n"
      "canonical text (house rules travel) unless --no-ruleset. With\n"
      "--format json, one JSON object (several games: {\"games\": [...]}).",
      {{"format", true, "text (default) or json"},
       {"no-ruleset", false, "leave the ruleset's text out of the record"},
       kDbFlag}};
  return spec;
}

void MovesJson(JsonWriter& json, const Game& game, State s,
               std::span<const RecordedAction> actions, int first_ply,
               const std::vector<Annotation>& annotations,
               const std::vector<std::string>& players) {
  json.BeginArray();
  for (size_t i = 0; i < actions.size(); ++i) {
    const int ply = first_ply + static_cast<int>(i);
    const Action& a = actions[i].action;
    json.BeginObject();
    json.Key("ply").Int(ply);
    json.Key("text").String(MoveText(game, s, a, players));
    json.Key("kind").String(ActionKindName(game, s, a));
    json.Key("player");  // null for chance and for several stopping together
    if (a.player < 0) {
      json.Null();
    } else {
      json.String(players[static_cast<size_t>(a.player)]);
    }
    json.Key("value").Int(a.value);
    if (a.kind == ActionKind::kChance) json.Key("outcome").String(Hex64(a.seed));
    json.Key("legal").Int(actions[i].legal);
    for (const Annotation& an : annotations) {
      if (an.ply != ply) continue;
      if (!an.comment.empty()) json.Key("comment").String(an.comment);
      if (!an.glyph.empty()) json.Key("glyph").String(an.glyph);
    }
    const State before = s;
    const bool applied = ApplyChecked(game, s, a).ok();
    // What the text export writes as a note: the card a search opens on.
    if (const std::string note = MoveNote(game, before, a, s, players);
        applied && !note.empty())
      json.Key("note").String(note);
    json.EndObject();
    if (!applied) break;
  }
  json.EndArray();
}

void RecordJson(JsonWriter& json, const Loaded& g, bool with_ruleset) {
  const GameRecord& r = g.record;
  const Game& game = *g.game;
  json.BeginObject();
  json.Key("format").String("angler-record");
  json.Key("version").Int(kRecordFormatVersion);
  json.Key("id").Int(r.id);
  json.Key("ruleset").String(r.ruleset_name);
  json.Key("hash").String(r.ruleset_hash);
  json.Key("players").BeginArray();
  for (const std::string& p : r.players) json.String(p);
  json.EndArray();
  json.Key("seed");  // a string: 64 bits do not survive a double
  if (r.seed) {
    json.String(std::to_string(*r.seed));
  } else {
    json.Null();
  }
  json.Key("source").String(r.source);
  json.Key("date").String(FormatDate(r.created));
  json.Key("plies").Int(static_cast<int64_t>(r.actions.size()));
  json.Key("result").String(r.result);
  for (const Annotation& a : r.annotations) {
    if (a.ply == 0) json.Key("comment").String(a.comment);
  }
  json.Key("moves");
  MovesJson(json, game, game.NewInitialState(), r.actions, 1, r.annotations, r.players);
  if (with_ruleset) json.Key("ruleset_text").String(g.rules->canonical_text);
  json.Key("variations").BeginArray();
  for (const Variation& v : r.variations) {
    json.BeginObject();
    json.Key("id").Int(v.id);
    json.Key("ply").Int(v.ply);
    for (const Annotation& a : v.annotations) {
      if (a.ply == v.ply) json.Key("comment").String(a.comment);
    }
    Result<State> start = PositionAt(game, r, v.ply);
    json.Key("moves");
    if (start) {
      MovesJson(json, game, start.value(), v.actions, v.ply + 1, v.annotations,
                r.players);
    } else {
      json.BeginArray().EndArray();
    }
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

int Export(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.empty()) return Fail(c, "expected a GAME (a game's id)");
  const std::string format = c.args.Get("format").value_or("text");
  if (format != "text" && format != "json") {
    return Fail(c, "--format must be text or json, not '" + format + "'");
  }
  std::vector<int64_t> ids;
  for (const std::string& word : pos) {
    Result<int64_t> id = GameArg(word);
    if (!id) return Fail(c, id.errors());
    ids.push_back(id.value());
  }
  auto store = OpenStoreToRead(c.args);
  if (!store) return Fail(c, store.errors());
  std::string text;
  JsonWriter json(true);
  if (format == "json" && ids.size() > 1) {
    json.BeginObject().Key("format").String("angler-records").Key("games").BeginArray();
  }
  for (int64_t id : ids) {
    Result<Loaded> g = LoadGame(*store.value(), id);
    if (!g) return Fail(c, g.errors());
    if (format == "json") {
      RecordJson(json, g.value(), !c.args.Has("no-ruleset"));
      continue;
    }
    RecordWriteOptions options;
    options.ruleset_text = !c.args.Has("no-ruleset");
    Result<std::string> one = FormatRecord(*g.value().rules, g.value().record, options);
    if (!one) {
      return Fail(c, "game " + std::to_string(id) + ": " + one.error().message);
    }
    text += one.value();
  }
  if (format == "json") {
    if (ids.size() > 1) json.EndArray().EndObject();
    c.out << json.str() << "\n";
  } else {
    c.out << text;
  }
  return kExitOk;
}

// ---- import ----

const CommandSpec& ImportSpec() {
  static const CommandSpec spec{
      "replay import",
      "FILE... [--ruleset FILE] [--allow-duplicates] [--db PATH]",
      "Reads game records (the text notation of 'replay export', or its JSON) and\n"
      "stores them. Every move is checked against the rules the record names (by\n"
      "content hash: the store's copy, else the --ruleset file, else the text the\n"
      "record carries, else the current ruleset of that name if its hash\n"
      "matches). All files go in together or not at all: a cut, reordered or\n"
      "foreign record, an unknown ruleset, an illegal move or a game the store\n"
      "already has is reported with its file, line, game and ply, and nothing is\n"
      "stored. FILE '-' reads stdin.",
      {{"ruleset", true, "a ruleset file (or name) for records that do not carry theirs"},
       {"allow-duplicates", false, "store games the store already has again"},
       kDbFlag}};
  return spec;
}

// The JSON of `replay export` as a ParsedRecord, so it is checked like text.
Result<ParsedRecord> FromJson(const YamlNode& node, int index) {
  ParsedRecord r;
  r.index = index;
  r.pos = node.pos;
  auto fail = [&](const SourcePos& pos, const std::string& message) {
    return Diagnostic(pos, "game " + std::to_string(index) + ": " + message);
  };
  if (node.kind != YamlNode::Kind::kMap) return fail(node.pos, "expected a JSON object");
  const YamlNode* format = node.Find("format");
  if (!format || format->scalar != "angler-record") {
    return fail(node.pos, "not an angler game record: no \"format\": \"angler-record\"");
  }
  auto scalar = [&](const char* key) -> const YamlNode* {
    const YamlNode* v = node.Find(key);
    return v && v->IsScalar() ? v : nullptr;
  };
  auto tag = [&](const char* key, const char* name) {
    if (const YamlNode* v = scalar(key)) {
      r.tags.emplace_back(name, v->scalar);
      r.tag_pos.push_back(v->pos);
    }
  };
  tag("version", "Angler");
  tag("ruleset", "Ruleset");
  tag("hash", "Hash");
  if (const YamlNode* players = node.Find("players");
      players && players->kind == YamlNode::Kind::kSequence) {
    std::vector<std::string> names;
    for (const YamlNode& p : players->items) names.push_back(p.scalar);
    r.tags.emplace_back("Players", Join(names));
    r.tag_pos.push_back(players->pos);
  }
  tag("seed", "Seed");
  tag("source", "Source");
  tag("date", "Date");
  tag("plies", "Plies");
  tag("result", "Result");
  tag("ruleset_text", "RulesetText");
  auto line = [&](const YamlNode* moves, ParsedLine& out) -> Status {
    if (!moves) return Ok();
    if (moves->kind != YamlNode::Kind::kSequence)
      return fail(moves->pos, "\"moves\" is a list");
    out.pos = moves->pos;
    for (const YamlNode& m : moves->items) {
      const YamlNode* ply = m.Find("ply");
      const YamlNode* text = m.Find("text");
      if (m.kind != YamlNode::Kind::kMap || !ply || !text) {
        return fail(m.pos, "a move needs \"ply\" and \"text\"");
      }
      ParsedMove pm;
      Result<int> n = PlyArg(ply->scalar, "\"ply\"");
      if (!n) return fail(ply->pos, n.error().message);
      pm.number = n.value();
      pm.text = text->scalar;
      pm.pos = m.pos;
      if (const YamlNode* cm = m.Find("comment")) pm.comment = cm->scalar;
      if (const YamlNode* gl = m.Find("glyph")) pm.glyph = gl->scalar;
      out.moves.push_back(std::move(pm));
    }
    return Ok();
  };
  if (const YamlNode* comment = scalar("comment")) r.main.comment = comment->scalar;
  if (Status st = line(node.Find("moves"), r.main); !st) return st.errors();
  if (const YamlNode* vs = node.Find("variations");
      vs && vs->kind == YamlNode::Kind::kSequence) {
    for (const YamlNode& v : vs->items) {
      ParsedVariation pv;
      if (Status st = line(v.Find("moves"), pv.line); !st) return st.errors();
      if (pv.line.moves.empty()) return fail(v.pos, "a variation without moves");
      if (const YamlNode* comment = v.Find("comment")) pv.line.comment = comment->scalar;
      pv.after = static_cast<size_t>(pv.line.moves.front().number);  // follows its move
      r.variations.push_back(std::move(pv));
    }
  }
  return r;
}

// A record file: the text notation, or the JSON of `replay export --format
// json` (one record, or {"games": [...]} for several).
Result<std::vector<ParsedRecord>> ReadRecords(std::shared_ptr<const SourceFile> file) {
  const std::string& text = file->text();
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') return ParseRecordText(file);
  Result<YamlNode> doc = ParseYaml(file);
  if (!doc) return doc.errors();
  std::vector<ParsedRecord> records;
  const YamlNode* games = doc.value().Find("games");
  if (games && games->kind == YamlNode::Kind::kSequence) {
    for (size_t i = 0; i < games->items.size(); ++i) {
      Result<ParsedRecord> r = FromJson(games->items[i], static_cast<int>(i) + 1);
      if (!r) return r.errors();
      records.push_back(std::move(r).value());
    }
  } else {
    Result<ParsedRecord> r = FromJson(doc.value(), 1);
    if (!r) return r.errors();
    records.push_back(std::move(r).value());
  }
  return records;
}

std::string IdList(const std::vector<int64_t>& ids) {
  if (ids.empty()) return "";
  bool consecutive = true;
  for (size_t i = 1; i < ids.size(); ++i) consecutive &= ids[i] == ids[i - 1] + 1;
  if (consecutive && ids.size() > 2) {
    return std::to_string(ids.front()) + "-" + std::to_string(ids.back());
  }
  std::vector<std::string> words;
  for (int64_t id : ids) words.push_back(std::to_string(id));
  return Join(words);
}

int Import(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.empty()) return Fail(c, "expected a FILE ('-' for stdin)");
  std::vector<ParsedRecord> all;
  for (const std::string& path : pos) {
    std::string text;
    if (path == "-") {
      text.assign(std::istreambuf_iterator<char>(c.in), std::istreambuf_iterator<char>());
    } else {
      std::error_code ec;
      if (std::filesystem::is_directory(path, ec)) {
        return Fail(c, "'" + path + "' is a folder, not a record file");
      }
      std::ifstream file(path, std::ios::binary);
      if (!file) return Fail(c, "cannot read '" + path + "'");
      std::ostringstream ss;
      ss << file.rdbuf();
      text = ss.str();
    }
    Result<std::vector<ParsedRecord>> records =
        ReadRecords(SourceFile::Make(path == "-" ? "<stdin>" : path, std::move(text)));
    if (!records) return Fail(c, records.errors());
    for (ParsedRecord& r : records.value()) all.push_back(std::move(r));
  }
  ImportOptions options;
  options.allow_duplicates = c.args.Has("allow-duplicates");
  if (std::optional<std::string> file = c.args.Get("ruleset")) {
    Result<RulesetPtr> rules = LoadRuleset(*file);
    if (!rules) return Fail(c, rules.errors());
    options.rulesets.push_back(rules.value());
  }
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  const auto begin = std::chrono::steady_clock::now();
  Result<std::vector<int64_t>> ids = StoreRecords(*store.value(), all, options);
  if (!ids) {
    Fail(c, ids.errors());
    c.err << "angler " << c.name << ": nothing was stored\n";
    return kExitUsage;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  int64_t actions = 0;
  for (const ParsedRecord& r : all) actions += static_cast<int64_t>(r.main.moves.size());
  c.out << "imported " << ids.value().size() << " game(s): " << IdList(ids.value())
        << "\n";
  char rate[96];
  std::snprintf(rate, sizeof rate, "%.2f s, %.0f actions/s", seconds,
                seconds > 0 ? static_cast<double>(actions) / seconds : 0.0);
  c.err << "import: " << actions << " actions in " << rate << "\n";
  return kExitOk;
}

// ---- verify ----

const CommandSpec& VerifySpec() {
  static const CommandSpec spec{
      "replay verify",
      "[--ruleset R] [--json] [--db PATH]",
      "Replays every stored game against the current ruleset of its name and\n"
      "reports, per game, the first ply where it no longer replays, where the\n"
      "number of legal actions changed (for a shuffle, the cards shuffled), or\n"
      "that its result changed, with the move and both rulesets' content hashes.\n"
      "A game of house rules no ruleset here is named after is replayed against\n"
      "the rules it was stored with; --ruleset FILE gives the current rules of\n"
      "its name (and checks only games of that name). Exits 1 when any game\n"
      "drifted.",
      {{"ruleset", true,
        "only games of this ruleset (a name or a content hash), or a ruleset FILE "
        "(a path) to check them against"},
       {"json", false, "print one JSON object"},
       kDbFlag}};
  return spec;
}

// `--ruleset` names a file rather than a ruleset's name or hash.
bool IsRulesetFile(const std::string& word) {
  auto ends = [&](std::string_view tail) {
    return word.size() > tail.size() &&
           word.compare(word.size() - tail.size(), tail.size(), tail) == 0;
  };
  return word.find('/') != std::string::npos || ends(".yaml") || ends(".yml") ||
         ends(".json");
}

int Verify(Context& c) {
  if (!c.args.positional().empty()) return Fail(c, "takes no arguments, only flags");
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  ProgressLine progress(c.err, ProgressLine::IsTerminal(c.err), "verify");
  VerifyOptions options;
  options.ruleset = c.args.Get("ruleset").value_or("");
  // A ruleset file is loaded and offered under its name; otherwise a name
  // must be a ruleset angler knows, and a content hash is hex digits.
  const bool hash =
      !options.ruleset.empty() &&
      options.ruleset.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (IsRulesetFile(options.ruleset)) {
    Result<RulesetPtr> supplied = LoadRuleset(options.ruleset);
    if (!supplied) return Fail(c, supplied.errors());
    RulesetPtr rules = supplied.value();
    options.ruleset = rules->name;
    options.current = [rules](const std::string& name) -> Result<RulesetPtr> {
      if (name == rules->name) return rules;
      return LoadRuleset(name);
    };
  } else if (!options.ruleset.empty() && !hash) {
    if (Result<RulesetPtr> known = LoadRuleset(options.ruleset); !known) {
      return Fail(c, known.errors());
    }
  }
  options.progress = [&](int64_t done, int64_t total) {
    progress.Update(static_cast<long>(done), static_cast<long>(total));
  };
  const auto begin = std::chrono::steady_clock::now();
  Result<VerifyReport> report = VerifyStore(*store.value(), options);
  progress.Finish();
  if (!report) return Fail(c, report.errors());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const VerifyReport& r = report.value();
  if (c.args.Has("json")) {
    JsonWriter json;
    json.BeginObject();
    json.Key("games").Int(r.games);
    json.Key("actions").Int(r.actions);
    json.Key("house_rules").Int(r.house_rules);
    json.Key("drifted").Int(static_cast<int64_t>(r.drifts.size()));
    json.Key("drifts").BeginArray();
    for (const Drift& d : r.drifts) {
      json.BeginObject();
      json.Key("game").Int(d.game);
      json.Key("ruleset").String(d.ruleset_name);
      json.Key("stored_hash").String(d.stored_hash);
      json.Key("current_hash").String(d.current_hash);
      json.Key("ply").Int(d.ply);
      json.Key("round").Int(d.round);
      json.Key("move").String(d.move);
      json.Key("reason").String(d.reason);
      if (d.legal_recorded >= 0) {
        json.Key("legal_recorded").Int(d.legal_recorded);
        json.Key("legal_now").Int(d.legal_now);
      }
      json.EndObject();
    }
    json.EndArray();
    json.EndObject();
    c.out << json.str() << "\n";
  } else {
    for (const Drift& d : r.drifts) c.out << DriftText(d) << "\n";
    c.out << "verify: " << r.games << " game(s), " << r.actions << " actions replayed: ";
    if (r.drifts.empty()) {
      c.out << "all replay";
    } else {
      c.out << r.drifts.size() << " drifted";
    }
    if (r.house_rules > 0) {
      c.out << " (" << r.house_rules << " of house rules, against their own rules)";
    }
    c.out << "\n";
  }
  char timing[64];
  std::snprintf(timing, sizeof timing, "%.2f s", seconds);
  c.err << "verify: " << r.games << " games in " << timing << "\n";
  return r.drifts.empty() ? kExitOk : kExitFailure;
}

// ---- to-scenario ----

const CommandSpec& ToScenarioSpec() {
  static const CommandSpec spec{
      "replay to-scenario",
      "GAME PLY [--output FILE] [--db PATH]",
      "Writes the position at PLY of a stored game as a scenario file (the\n"
      "language of 'angler check'): the ruleset, players and seed, the round, every\n"
      "zone's cards and the variables at the start of the trick in progress, the\n"
      "moves of that trick up to PLY, then the legal moves as a comment. Edit it\n"
      "into a rule check by adding 'expect' lines.",
      {{"output", true, "write the scenario to FILE instead of stdout"}, kDbFlag}};
  return spec;
}

int ToScenario(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.size() != 2) return Fail(c, "expected GAME PLY");
  Result<int64_t> id = GameArg(pos[0]);
  if (!id) return Fail(c, id.errors());
  Result<int> ply = PlyArg(pos[1]);
  if (!ply) return Fail(c, ply.errors());
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  Result<Loaded> g = LoadGame(*store.value(), id.value());
  if (!g) return Fail(c, g.errors());
  std::string current_hash;
  if (Result<RulesetPtr> current = LoadRuleset(g.value().record.ruleset_name)) {
    current_hash = current.value()->content_hash;
  }
  Result<ScenarioPosition> written =
      WriteScenario(*g.value().rules, g.value().record, ply.value(), current_hash);
  if (!written) {
    return Fail(c, "game " + std::to_string(id.value()) + ": " + written.error().message);
  }
  if (std::optional<std::string> path = c.args.Get("output")) {
    std::ofstream file(*path, std::ios::binary);
    file << written.value().text;
    if (!file.flush()) return Fail(c, "cannot write '" + *path + "'");
    c.out << "wrote " << *path << ": the position after ply "
          << written.value().start_ply;
    if (written.value().end_ply > written.value().start_ply) {
      c.out << " and the moves to ply " << written.value().end_ply;
    }
    c.out << "\n";
  } else {
    c.out << written.value().text;
  }
  return kExitOk;
}

// ---- The subcommands ----

struct Subcommand {
  const CommandSpec& (*spec)();
  int (*run)(Context& c);
  const char* summary;
};

const std::vector<Subcommand>& Subcommands() {
  static const std::vector<Subcommand> subs = {
      {ListSpec, List, "list the stored games"},
      {ShowSpec, Show, "show the position at a ply"},
      {StepSpec, Step, "step through a game (commands on stdin)"},
      {AnnotateSpec, Annotate, "comment on a move, give it a glyph"},
      {BranchSpec, Branch, "store other moves from a ply as a variation"},
      {VariationSpec, VariationCmd, "delete a variation or promote it to the main line"},
      {ExportSpec, Export, "write games in the record notation (or JSON)"},
      {ImportSpec, Import, "read records into the store"},
      {VerifySpec, Verify, "replay stored games against the current rulesets"},
      {ToScenarioSpec, ToScenario, "write a position as a scenario file"},
  };
  return subs;
}

void PrintReplayHelp(std::ostream& out) {
  out << "usage: angler replay COMMAND [ARGS...] [--db PATH]\n\n"
      << "The game records in the store (default $ANGLER_DB, else\n"
      << "$XDG_DATA_HOME/angler/angler.db, else ~/.local/share/angler/angler.db).\n\n"
      << "commands:\n";
  for (const Subcommand& s : Subcommands()) {
    const CommandSpec& spec = s.spec();
    const std::string name = spec.name.substr(spec.name.find(' ') + 1);
    out << "  " << name << std::string(12 - std::min<size_t>(name.size(), 11), ' ')
        << s.summary << "\n";
  }
  out << "\n'angler replay COMMAND --help' shows a command's arguments and flags.\n"
      << "exit codes: 0 ok, 1 verify found drifted games, 2 bad input or usage\n";
}

}  // namespace

int RunReplay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
              std::istream& in) {
  if (args.empty()) {
    PrintReplayHelp(err);
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    PrintReplayHelp(out);
    return kExitOk;
  }
  std::vector<std::string> names;
  for (const Subcommand& s : Subcommands()) {
    const CommandSpec& spec = s.spec();
    const std::string name = spec.name.substr(spec.name.find(' ') + 1);
    names.push_back(name);
    if (name != args[0]) continue;
    const std::vector<std::string> words(args.begin() + 1, args.end());
    ParsedCommand parsed = ParseCommand(spec, words, out, err);
    if (!parsed.args) return parsed.exit_code;
    Context c{*parsed.args, out, err, in, spec.name};
    return s.run(c);
  }
  err << "angler replay: error: "
      << WithSuggestion("unknown command '" + args[0] + "'", args[0], names)
      << "\nrun 'angler replay --help' for the list of commands\n";
  return kExitUsage;
}

}  // namespace angler
