#include "tools/serve_json.h"

#include "interpreter/display.h"
#include "interpreter/loader.h"
#include "interpreter/move_text.h"
#include "tools/event_text.h"
#include "tools/view_json.h"

namespace angler {
namespace {

void WriteStrings(JsonWriter& json, const std::vector<std::string>& items) {
  json.BeginArray();
  for (const std::string& s : items) json.String(s);
  json.EndArray();
}

// {ply, text, comment, glyph}: the move at `ply` (1-based) of a line, as
// `viewpoint` may see it (the record's every move: everything).
void WriteMove(JsonWriter& json, const StoredGame& g, const LineOfPlay& line, int ply,
               const Viewpoint& viewpoint = Viewpoint::Everything()) {
  const State& before = line.positions[static_cast<size_t>(ply - 1)];
  const Annotation* a = line.MoveAnnotation(g.record, ply);
  json.BeginObject();
  json.Key("ply").Int(ply);
  json.Key("text").String(SeenMoveText(*g.game, before, line.ActionAt(g.record, ply),
                                       g.record.players, viewpoint));
  json.Key("comment").String(a ? a->comment : "");
  json.Key("glyph").String(a ? a->glyph : "");
  json.EndObject();
}

// The search card as drawn: each fish's grid place, colour and facing, so a
// page draws any formation without knowing the game.
void WritePicture(JsonWriter& json, const Ruleset& rules, const PositionView& view) {
  const int card = view.search ? rules.FindCard(view.search->card.name) : -1;
  const int face = card >= 0 ? rules.cards[static_cast<size_t>(card)].face : -1;
  if (face < 0 || face >= static_cast<int>(rules.search->faces.size())) {
    json.Null();
    return;
  }
  const ErrorCard& e = rules.search->faces[static_cast<size_t>(face)];
  const Formation& f = rules.search->formation;
  json.BeginObject();
  json.Key("card").String(view.search->card.name);
  json.Key("quarter_turns").Int(view.search->quarter_turns);
  json.Key("fish").BeginArray();
  for (size_t i = 0; i < e.look.size() && i < f.x.size(); ++i) {
    json.BeginObject();
    json.Key("number").Int(static_cast<int64_t>(i));
    json.Key("x").Int(f.x[i]);
    json.Key("y").Int(f.y[i]);
    json.Key("colour").String(f.colours[static_cast<size_t>(e.look[i].colour)]);
    json.Key("right").Bool(e.look[i].facing_right);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

}  // namespace

Result<std::shared_ptr<LoadedGame>> LoadedGame::Make(GameRecord record,
                                                     RulesetPtr rules) {
  Result<StoredGame> stored = StoredGame::Make(std::move(record), std::move(rules));
  if (!stored) return stored.errors();
  auto g = std::make_shared<LoadedGame>();
  static_cast<StoredGame&>(*g) = std::move(stored).value();
  Result<LineOfPlay> main = ReplayLine(*g, nullptr);
  if (!main) return main.errors();
  g->main = std::move(main).value();
  for (const Variation& v : g->record.variations) {
    Result<LineOfPlay> line = ReplayLine(*g, &v);
    if (!line) return line.errors();
    g->variations[v.id] = std::move(line).value();
  }
  return g;
}

Result<const LineOfPlay*> LoadedGame::Line(const Result<int64_t>& variation) const {
  if (!variation) return variation.errors();
  if (variation.value() == 0) return &main;
  auto it = variations.find(variation.value());
  if (it == variations.end()) {
    return Diagnostic({}, "game " + std::to_string(record.id) + " has no variation " +
                              std::to_string(variation.value()));
  }
  return &it->second;
}

Result<Viewpoint> ReadViewpoint(const std::string& text,
                                const std::vector<std::string>& players) {
  if (text.empty() || text == "everything") return Viewpoint::Everything();
  if (text == "spectator") return Viewpoint::Spectator();
  if (text.rfind("seat:", 0) == 0) {
    const std::string who = text.substr(5);
    for (size_t p = 0; p < players.size(); ++p) {
      if (players[p] == who || std::to_string(p) == who)
        return Viewpoint::Seat(static_cast<int>(p));
    }
    return Diagnostic({}, "no seat '" + who + "' in this game");
  }
  return Diagnostic(
      {}, "viewpoint is everything, spectator or seat:NAME; got '" + text + "'");
}

void WriteGameSummaryJson(JsonWriter& json, const GameSummary& g) {
  json.BeginObject();
  json.Key("id").Int(g.id);
  json.Key("ruleset").String(g.ruleset_name);
  json.Key("hash").String(g.ruleset_hash);
  json.Key("players");
  WriteStrings(json, g.players);
  json.Key("result").String(g.result);
  json.Key("finished").Bool(g.finished);
  json.Key("winners").BeginArray();
  for (int w : g.winners) json.String(g.players[static_cast<size_t>(w)]);
  json.EndArray();
  json.Key("ranks").BeginArray();
  for (int64_t r : g.ranks) json.Int(r);
  json.EndArray();
  json.Key("plies").Int(g.plies);
  json.Key("seed");
  if (g.seed) {
    json.UintString(*g.seed);
  } else {
    json.Null();
  }
  json.Key("source").String(g.source);
  json.Key("date").String(FormatDate(g.created));
  json.EndObject();
}

JsonWriter GameListJson(const std::vector<GameSummary>& games) {
  JsonWriter json;
  json.BeginArray();
  for (const GameSummary& g : games) WriteGameSummaryJson(json, g);
  json.EndArray();
  return json;
}

JsonWriter GameJson(const LoadedGame& g) {
  const GameRecord& r = g.record;
  JsonWriter json;
  json.BeginObject();
  json.Key("id").Int(r.id);
  json.Key("ruleset").String(r.ruleset_name);
  json.Key("hash").String(r.ruleset_hash);
  json.Key("players");
  WriteStrings(json, r.players);
  json.Key("seed");
  if (r.seed) {
    json.UintString(*r.seed);
  } else {
    json.Null();
  }
  json.Key("source").String(r.source);
  json.Key("date").String(FormatDate(r.created));
  json.Key("result").String(r.result);
  json.Key("finished").Bool(r.finished);
  json.Key("plies").Int(g.main.plies());
  const Annotation* whole = g.main.LineAnnotation(r);
  json.Key("comment").String(whole ? whole->comment : "");
  json.Key("moves").BeginArray();
  for (int ply = 1; ply <= g.main.plies(); ++ply) WriteMove(json, g, g.main, ply);
  json.EndArray();
  json.Key("variations").BeginArray();
  for (const auto& [id, line] : g.variations) {
    json.BeginObject();
    json.Key("id").Int(id);
    json.Key("parent").Int(line.variation->parent);  // 0: the main line
    json.Key("ply").Int(line.variation->ply);
    const Annotation* own = line.LineAnnotation(r);  // on the line itself
    json.Key("comment").String(own ? own->comment : "");
    json.Key("moves").BeginArray();
    for (int ply = line.variation->ply + 1; ply <= line.plies(); ++ply)
      WriteMove(json, g, line, ply);
    json.EndArray();
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  return json;
}

std::vector<std::string> Narrate(const Game& game, const State& before,
                                 const Action& action,
                                 const std::vector<std::string>& players,
                                 const Viewpoint& viewpoint) {
  State s = before;
  EventLog log;
  if (!game.Apply(s, action, &log))
    return {SeenMoveText(game, before, action, players, viewpoint)};
  return NarrateMove(game, before, action, log.events(), players, viewpoint);
}

void WritePositionParts(JsonWriter& json, const Game& game, const State& s,
                        const Viewpoint& viewpoint,
                        const std::vector<std::string>& players) {
  const PositionView view = ViewPosition(game, s, viewpoint, players);
  json.Key("view");
  WriteViewJson(json, view);
  json.Key("picture");
  WritePicture(json, game.rules(), view);
}

void WriteLinePlace(JsonWriter& json, const StoredGame& g, const LineOfPlay& line,
                    int ply, const Viewpoint& viewpoint) {
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
    WriteMove(json, g, line, ply, viewpoint);
  } else {
    json.Null();
  }
  // The comment on the line itself where it begins, as `replay show` prints
  // it: a variation's at its branch, the game's at ply 0; else null.
  const std::vector<const Annotation*> own = line.LineCommentsAt(g.record, ply);
  json.Key("line_comment");
  if (!own.empty()) {
    json.String(own.back()->comment);  // the innermost line's
  } else {
    json.Null();
  }
}

JsonWriter PositionJson(const LoadedGame& g, const LineOfPlay& line, int ply,
                        const Viewpoint& viewpoint) {
  JsonWriter json;
  json.BeginObject();
  json.Key("game").Int(g.record.id);
  WriteLinePlace(json, g, line, ply, viewpoint);
  json.Key("narration");
  if (ply > 0) {
    WriteStrings(json,
                 Narrate(*g.game, line.positions[static_cast<size_t>(ply - 1)],
                         line.ActionAt(g.record, ply), g.record.players, viewpoint));
  } else {
    WriteStrings(json, {});
  }
  json.Key("result");
  const State& s = line.positions[static_cast<size_t>(ply)];
  if (s.over) {
    json.String(ResultText(*g.game, s, g.record.players));
  } else {
    json.Null();
  }
  WritePositionParts(json, *g.game, s, viewpoint, g.record.players);
  json.EndObject();
  return json;
}

JsonWriter NarrationJson(const LoadedGame& g, const LineOfPlay& line,
                         const Viewpoint& viewpoint) {
  JsonWriter json;
  json.BeginObject().Key("plies").BeginArray();
  for (int ply = 1; ply <= line.plies(); ++ply) {
    json.BeginObject();
    json.Key("ply").Int(ply);
    json.Key("lines");
    WriteStrings(json,
                 Narrate(*g.game, line.positions[static_cast<size_t>(ply - 1)],
                         line.ActionAt(g.record, ply), g.record.players, viewpoint));
    json.EndObject();
  }
  json.EndArray().EndObject();
  return json;
}

JsonWriter RulesetListJson(const std::vector<StoredRuleset>& rulesets) {
  JsonWriter json;
  json.BeginObject().Key("shipped");
  WriteStrings(json, ShippedRulesets(true));
  json.Key("stored").BeginArray();
  for (const StoredRuleset& r : rulesets) {
    json.BeginObject();
    json.Key("hash").String(r.hash);
    json.Key("name").String(r.name);
    json.Key("title").String(r.title);
    json.Key("games").Int(r.games);
    json.EndObject();
  }
  json.EndArray().EndObject();
  return json;
}

JsonWriter RulesetJson(const Ruleset& rules) {
  JsonWriter json;
  json.BeginObject();
  json.Key("name").String(rules.name);
  json.Key("title").String(rules.title);
  json.Key("hash").String(rules.content_hash);
  json.Key("min_players").Int(rules.min_players);
  json.Key("max_players").Int(rules.max_players);
  // "tricks", "turns", "search", or "rounds" when a round has no procedure.
  const std::string procedure = rules.ProcedureKey();
  json.Key("procedure")
      .String(procedure.empty()       ? "rounds"
              : procedure == "search" ? procedure
                                      : procedure + "s");
  json.Key("suits").BeginArray();
  for (size_t i = 0; i < rules.suits.size(); ++i) {
    json.BeginObject().Key("name").String(rules.suits[i]);
    json.Key("colour").String(i < rules.display.colours.size() ? rules.display.colours[i]
                                                               : "");
    json.EndObject();
  }
  json.EndArray();
  json.Key("kinds");
  WriteStrings(json, rules.kinds);
  json.Key("cards").Int(static_cast<int64_t>(rules.cards.size()));
  json.Key("zones").BeginArray();
  for (const ZoneFamily& f : rules.zones) {
    json.BeginObject();
    json.Key("name").String(f.name);
    json.Key("per_player").Bool(f.per_player);
    json.Key("numbered").Bool(f.indexed);
    json.Key("count").Int(f.count);
    json.Key("visibility").String(VisibilityWord(f.visibility));
    json.EndObject();
  }
  json.EndArray();
  const Display& d = rules.display;
  json.Key("score");
  if (d.score >= 0) {
    json.String(rules.variables[static_cast<size_t>(d.score)].name);
  } else {
    json.Null();
  }
  json.Key("status").BeginArray();
  for (int v : d.status) json.String(rules.variables[static_cast<size_t>(v)].name);
  json.EndArray();
  json.Key("end_reasons").BeginArray();
  for (size_t i = 1; i < rules.end_reasons.size(); ++i) json.String(rules.end_reasons[i]);
  json.EndArray();
  json.Key("search").Bool(rules.search.has_value());
  json.EndObject();
  return json;
}

}  // namespace angler
