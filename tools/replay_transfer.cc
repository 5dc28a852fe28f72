// `angler replay export` and `import`: records out of the store and into it,
// in the text notation or JSON.
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
#include "interpreter/chance_outcome.h"
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
namespace {

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
    if (IsUnseenShuffle(a)) {
      json.Key("outcome").Null();  // a shuffle nobody saw has no outcome to state
    } else if (a.kind == ActionKind::kChance) {
      json.Key("outcome").String(Hex64(a.seed));
    }
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
    json.UintString(*r.seed);
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
    json.Key("parent").Int(v.parent);  // 0: it branches from the main line
    json.Key("ply").Int(v.ply);
    for (const Annotation& a : v.annotations) {
      if (a.ply == v.ply) json.Key("comment").String(a.comment);
    }
    Result<State> start = PositionAt(game, r, v.ply, r.FindVariation(v.parent));
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

// A JSON variation's "parent" (a variation's "id" listed before it; 0 or
// none: the main line) as its place, and where the text would have its '(':
// after the move it replaces, counted in its parent's line.
template <typename Fail>
Status JsonParent(const YamlNode& v, const YamlNode& list, const ParsedRecord& r,
                  ParsedVariation& pv, const Fail& fail) {
  int parent_start = 0;
  if (const YamlNode* parent = v.Find("parent");
      parent && parent->IsScalar() && parent->scalar != "0") {
    for (size_t i = 0; i < r.variations.size(); ++i) {
      const YamlNode* id = list.items[i].Find("id");
      if (id && id->scalar == parent->scalar) pv.parent = static_cast<int>(i);
    }
    if (pv.parent < 0) {
      return fail(parent->pos, "\"parent\": " + parent->scalar +
                                   " is not the id of a variation listed before it");
    }
    parent_start =
        r.variations[static_cast<size_t>(pv.parent)].line.moves.front().number - 1;
  }
  pv.after =
      static_cast<size_t>(std::max(pv.line.moves.front().number - parent_start, 0));
  return Ok();
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
      if (Status st = JsonParent(v, *vs, r, pv, fail); !st) return st.errors();
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

}  // namespace

// ---- export ----

const CommandSpec& ExportSpec() {
  static const CommandSpec spec{
      "replay export",
      "GAME... [--format text|json] [--json] [--no-ruleset] [--db PATH]",
      "Writes stored games in the record notation (replay/FORMAT.md): a header of\n"
      "tags, one action per line with comments {...} and glyphs, variations in\n"
      "parentheses, and the end line with the result. 'angler replay import'\n"
      "reads it back as the same game. The record carries its ruleset's\n"
      "canonical text (house rules travel) unless --no-ruleset. With\n"
      "--format json, one JSON object (several games: {\"games\": [...]}).",
      {{"format", true, "text (default) or json"},
       {"json", false, "the same as --format json"},
       {"no-ruleset", false, "leave the ruleset's text out of the record"},
       kDbFlag}};
  return spec;
}

int Export(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.empty()) return Fail(c, "expected a GAME (a game's id)");
  const std::string format =
      c.args.Get("format").value_or(c.args.Has("json") ? "json" : "text");
  if (format != "text" && format != "json") {
    return Fail(c, "--format must be text or json, not '" + format + "'");
  }
  if (c.args.Has("json") && format != "json") {
    return Fail(c, "--json and --format " + format + " disagree");
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
      "FILE... [--ruleset FILE] [--allow-duplicates] [--json] [--db PATH]",
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
       kJsonFlag,
       kDbFlag}};
  return spec;
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
  auto store = Store::OpenAt(c.args.Get("db").value_or(""));  // made on first import
  if (!store) return Fail(c, store.errors());
  const auto begin = std::chrono::steady_clock::now();
  Result<StoredRecords> stored = StoreRecords(*store.value(), all, options);
  if (!stored) {
    Fail(c, stored.errors());
    c.err << "angler " << c.name << ": nothing was stored\n";
    return kExitUsage;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const std::vector<int64_t>& ids = stored.value().ids;
  const int64_t actions = stored.value().actions;
  if (c.args.Has("json")) {
    // {"imported": [ids], "actions": N}
    JsonWriter json;
    json.BeginObject().Key("imported").BeginArray();
    for (int64_t id : ids) json.Int(id);
    json.EndArray().Key("actions").Int(actions);
    c.out << json.EndObject().str() << "\n";
  } else {
    c.out << "imported " << ids.size() << " game(s): " << IdList(ids) << "\n";
  }
  char rate[96];
  std::snprintf(rate, sizeof rate, "%.2f s, %.0f actions/s", seconds,
                seconds > 0 ? static_cast<double>(actions) / seconds : 0.0);
  c.err << "import: " << actions << " actions in " << rate << "\n";
  return kExitOk;
}

}  // namespace angler::replay_cmd
