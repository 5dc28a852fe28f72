// Routes and the game-record endpoints of the API; play sessions are in
// tools/serve_play.cc, the JSON of games and positions in tools/serve_json.cc.
#include "tools/serve_api.h"

#include <cctype>
#include <charconv>

#include "interpreter/loader.h"
#include "replay/branch.h"
#include "replay/scenario_writer.h"
#include "tools/json.h"
#include "tools/json_reader.h"
#include "tools/serve_json.h"
#include "tools/serve_play.h"

namespace angler {

// The last games asked for, replayed: stepping through a game asks for one
// position after another, and a 400-ply replay should not run for each.
// Kept while the store's data version stands: another process (replay
// annotate, branch, variation) changing the store empties it.
struct GameCache {
  std::map<int64_t, std::shared_ptr<LoadedGame>> games;
  int64_t data_version = -1;
};

namespace {

ApiResponse Ok(const JsonWriter& json) { return {200, json.str()}; }

std::vector<std::string> Segments(const std::string& path) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < path.size()) {
    const size_t j = path.find('/', i);
    const size_t end = j == std::string::npos ? path.size() : j;
    if (end > i) out.push_back(path.substr(i, end - i));
    i = end + 1;
  }
  return out;
}

std::string Param(const ApiRequest& r, const std::string& key) {
  auto it = r.query.find(key);
  return it == r.query.end() ? "" : it->second;
}

Result<int64_t> OptionalNumber(const ApiRequest& r, const std::string& key,
                               int64_t fallback) {
  const std::string text = Param(r, key);
  if (text.empty()) return fallback;
  return Number(text, key);
}

}  // namespace

Result<int64_t> Number(const std::string& text, const std::string& what) {
  int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end) {
    return Diagnostic({}, what + " must be a whole number; got '" + text + "'");
  }
  return v;
}

Result<JsonValue> Body(const ApiRequest& r) {
  Result<JsonValue> body = ParseJson(r.body, "request body");
  if (!body) return body.errors();
  if (body.value().kind != JsonValue::Kind::kObject) {
    return Diagnostic({}, "the request body must be a JSON object");
  }
  return body;
}

namespace {

// The member `key` when it is there and not null; an error when it is of
// another kind than `kind` (`what` names that kind).
Result<const JsonValue*> TypedMember(const JsonValue& v, const char* key,
                                     JsonValue::Kind kind, const char* what) {
  const JsonValue* m = v.Find(key);
  if (!m || m->kind == JsonValue::Kind::kNull) return nullptr;
  if (m->kind != kind)
    return Diagnostic({}, std::string("'") + key + "' must be " + what);
  return m;
}

}  // namespace

Result<std::optional<std::string>> StringMember(const JsonValue& v, const char* key) {
  Result<const JsonValue*> m = TypedMember(v, key, JsonValue::Kind::kString, "a text");
  if (!m) return m.errors();
  if (!m.value()) return std::optional<std::string>();
  return std::optional<std::string>(m.value()->text);
}

Result<std::optional<bool>> BoolMember(const JsonValue& v, const char* key) {
  Result<const JsonValue*> m =
      TypedMember(v, key, JsonValue::Kind::kBool, "true or false");
  if (!m) return m.errors();
  if (!m.value()) return std::optional<bool>();
  return std::optional<bool>(m.value()->boolean);
}

Result<int64_t> IntMember(const JsonValue& v, const char* key,
                          std::optional<int64_t> def) {
  const JsonValue* m = v.Find(key);
  if (!m || m->kind == JsonValue::Kind::kNull) {
    if (def) return *def;
    return Diagnostic({}, std::string("'") + key + "' is required");
  }
  if (std::optional<int64_t> n = m->AsInt()) return *n;
  return Diagnostic({}, std::string("'") + key + "' must be a whole number");
}

ApiResponse ApiError(int status, const std::string& message) {
  JsonWriter json;
  json.BeginObject().Key("error").String(message).EndObject();
  return {status, json.str()};
}

ApiResponse ApiError(const std::vector<Diagnostic>& errors) {
  std::string message;
  for (const Diagnostic& d : errors) {
    if (!message.empty()) message += "; ";
    if (d.pos.file && d.pos.line > 0) {  // "request body:1:2: expected a key"
      message += d.pos.file->name() + ":" + std::to_string(d.pos.line) + ":" +
                 std::to_string(d.pos.col) + ": ";
    }
    message += d.message;
  }
  return ApiError(400, message);
}

ServeApi::ServeApi(std::unique_ptr<Store> store, std::string token)
    : store_(std::move(store)),
      token_(std::move(token)),
      cache_(std::make_unique<GameCache>()),
      play_(std::make_unique<PlaySessions>()) {}

ServeApi::~ServeApi() = default;

ApiResponse ServeApi::Handle(const ApiRequest& request) {
  if (request.method == "POST" && !token_.empty()) {
    const std::string given =
        request.token.empty() ? Param(request, "token") : request.token;
    if (given != token_) {
      return ApiError(403,
                      "this server takes writes only with its token (the one "
                      "printed at start): header X-Angler-Token or ?token=");
    }
  }
  if (request.method != "GET" && request.method != "POST") {
    return ApiError(
        405, "the API takes GET and POST, not " + request.method + " (docs/API.md)");
  }
  try {
    const std::vector<std::string> s = Segments(request.path);
    // A game against bots holds only its own session while they think
    // (serve_play.h); the rest share the store, one request at a time.
    if (s.size() >= 2 && s[0] == "api" && s[1] == "play") {
      return play_->Route(request, s, *store_, mutex_);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    return Route(request);
  } catch (const std::exception& e) {
    return ApiError(500, std::string("internal error: ") + e.what());
  }
}

Result<std::shared_ptr<LoadedGame>> ServeApi::FindGame(const std::string& id_text) {
  Result<int64_t> id = Number(id_text, "the game's id");
  if (!id) return id.errors();
  Result<int64_t> version = store_->DataVersion();
  if (!version) return version.errors();
  if (version.value() != cache_->data_version) {
    cache_->games.clear();
    cache_->data_version = version.value();
  }
  auto it = cache_->games.find(id.value());
  if (it != cache_->games.end()) return it->second;
  Result<GameRecord> record = store_->LoadGame(id.value());
  if (!record) return record.errors();
  Result<RulesetPtr> rules = store_->RulesetByHash(record.value().ruleset_hash);
  if (!rules) return rules.errors();
  Result<std::shared_ptr<LoadedGame>> loaded =
      LoadedGame::Make(std::move(record).value(), rules.value());
  if (!loaded) return loaded.errors();
  if (cache_->games.size() >= 16) cache_->games.clear();
  cache_->games[id.value()] = loaded.value();
  return loaded;
}

ApiResponse ServeApi::Route(const ApiRequest& r) {
  const std::vector<std::string> s = Segments(r.path);
  if (s.size() < 2 || s[0] != "api") return ApiError(404, "no such endpoint: " + r.path);
  const bool get = r.method == "GET", post = r.method == "POST";
  if (s[1] == "games") {
    if (s.size() == 2 && get) return ListGames(r);
    if (s.size() < 3) return ApiError(404, "no such endpoint: " + r.path);
    Result<std::shared_ptr<LoadedGame>> g = FindGame(s[2]);
    if (!g) {
      const bool missing = g.error().message.find("no game") != std::string::npos;
      return missing ? ApiError(404, g.error().message) : ApiError(g.errors());
    }
    const std::string what = s.size() > 3 ? s[3] : "";
    if (s.size() <= 4 && get) {
      if (what.empty()) return Ok(GameJson(*g.value()));
      if (what == "view") return View(*g.value(), r);
      if (what == "events") return Events(*g.value(), r);
      if (what == "scenario") return Scenario(*g.value(), r);
    }
    if (s.size() == 4 && post) {
      if (what == "annotate") return Annotate(*g.value(), r);
      if (what == "branch") return Branch(*g.value(), r);
    }
  } else if (s[1] == "rulesets" && get) {
    if (s.size() == 2) return Rulesets();
    if (s.size() == 3) return RulesetSummary(s[2]);
  }
  return ApiError(404, "no such endpoint: " + r.method + " " + r.path);
}

ApiResponse ServeApi::ListGames(const ApiRequest& r) {
  Result<int64_t> limit = OptionalNumber(r, "limit", 0);
  if (!limit) return ApiError(limit.errors());
  if (limit.value() < 0) return ApiError(400, "limit must be 0 or more");
  GameFilter filter{Param(r, "ruleset"), Param(r, "player"), limit.value()};
  Result<std::vector<GameSummary>> games = store_->ListGames(filter);
  if (!games) return ApiError(games.errors());
  return Ok(GameListJson(games.value()));
}

// ?ply=N (default the last) &variation=V &viewpoint=everything|spectator|seat:NAME
ApiResponse ServeApi::View(const LoadedGame& g, const ApiRequest& r) {
  Result<const LineOfPlay*> line = g.Line(OptionalNumber(r, "variation", 0));
  if (!line) return ApiError(line.errors());
  Result<int64_t> ply = OptionalNumber(r, "ply", line.value()->plies());
  if (!ply) return ApiError(ply.errors());
  if (ply.value() < 0 || ply.value() > line.value()->plies()) {
    return ApiError(400, "ply " + std::to_string(ply.value()) +
                             " is out of range: 0 to " +
                             std::to_string(line.value()->plies()));
  }
  Result<Viewpoint> viewpoint = ReadViewpoint(Param(r, "viewpoint"), g.record.players);
  if (!viewpoint) return ApiError(viewpoint.errors());
  return Ok(
      PositionJson(g, *line.value(), static_cast<int>(ply.value()), viewpoint.value()));
}

ApiResponse ServeApi::Events(const LoadedGame& g, const ApiRequest& r) {
  Result<const LineOfPlay*> line = g.Line(OptionalNumber(r, "variation", 0));
  if (!line) return ApiError(line.errors());
  Result<Viewpoint> viewpoint = ReadViewpoint(Param(r, "viewpoint"), g.record.players);
  if (!viewpoint) return ApiError(viewpoint.errors());
  return Ok(NarrationJson(g, *line.value(), viewpoint.value()));
}

ApiResponse ServeApi::Scenario(const LoadedGame& g, const ApiRequest& r) {
  Result<const LineOfPlay*> line = g.Line(OptionalNumber(r, "variation", 0));
  if (!line) return ApiError(line.errors());
  // No ply: the line's last position a scenario can show (a finished trick
  // game ends with shuffles past its last trick).
  Result<int64_t> ply = OptionalNumber(r, "ply", kLastScenarioPly);
  if (!ply) return ApiError(ply.errors());
  if (!Param(r, "ply").empty() &&
      (ply.value() < 0 || ply.value() > line.value()->plies())) {
    return ApiError(400, "ply " + std::to_string(ply.value()) +
                             " is out of range: 0 to " +
                             std::to_string(line.value()->plies()));
  }
  std::string current_hash;
  if (Result<RulesetPtr> current = LoadRuleset(g.record.ruleset_name)) {
    current_hash = current.value()->content_hash;
  }
  Result<ScenarioPosition> scenario =
      WriteScenario(*g.rules, line.value()->AsMainLine(g.record),
                    static_cast<int>(ply.value()), current_hash);
  if (!scenario) return ApiError(scenario.errors());
  JsonWriter json;
  json.BeginObject();
  json.Key("text").String(scenario.value().text);
  json.Key("start_ply").Int(scenario.value().start_ply);
  json.Key("end_ply").Int(scenario.value().end_ply);
  json.EndObject();
  return Ok(json);
}

// {"ply": N, "comment": "...", "glyph": "!?", "variation": V}
ApiResponse ServeApi::Annotate(const LoadedGame& g, const ApiRequest& r) {
  Result<JsonValue> body = Body(r);
  if (!body) return ApiError(body.errors());
  Result<int64_t> ply = IntMember(body.value(), "ply", std::nullopt);
  if (!ply) return ApiError(ply.errors());
  Result<int64_t> variation = IntMember(body.value(), "variation", 0);
  if (!variation) return ApiError(variation.errors());
  Result<std::optional<std::string>> comment = StringMember(body.value(), "comment");
  if (!comment) return ApiError(comment.errors());
  Result<std::optional<std::string>> glyph = StringMember(body.value(), "glyph");
  if (!glyph) return ApiError(glyph.errors());
  if (!comment.value() && !glyph.value())
    return ApiError(400, "give a 'comment', a 'glyph' or both");
  if (ply.value() < 0 || ply.value() > 100000) return ApiError(400, "ply out of range");
  const int64_t id = g.record.id;
  Status st = store_->Annotate(id, static_cast<int>(ply.value()), comment.value(),
                               glyph.value(), variation.value());
  if (!st) return ApiError(st.errors());
  cache_->games.erase(id);
  JsonWriter json;
  json.BeginObject().Key("ok").Bool(true).EndObject();
  return Ok(json);
}

// {"ply": N, "moves": ["yellow 7", ...]}: a new variation from the main line.
ApiResponse ServeApi::Branch(const LoadedGame& g, const ApiRequest& r) {
  Result<JsonValue> body = Body(r);
  if (!body) return ApiError(body.errors());
  Result<int64_t> ply = IntMember(body.value(), "ply", std::nullopt);
  if (!ply) return ApiError(ply.errors());
  Result<std::optional<bool>> dry = BoolMember(body.value(), "dry_run");
  if (!dry) return ApiError(dry.errors());
  const JsonValue* list = body.value().Find("moves");
  if (!list || list->kind != JsonValue::Kind::kArray) {
    return ApiError(400, "'moves' must be a list of move texts");
  }
  std::vector<std::string> moves;
  for (const JsonValue& m : list->items) {
    if (m.kind != JsonValue::Kind::kString) return ApiError(400, "a move is a text");
    moves.push_back(m.text);
  }
  // "variation": V branches from that variation's line (variations nest).
  Result<const LineOfPlay*> from = g.Line(IntMember(body.value(), "variation", 0));
  if (!from) return ApiError(from.errors());
  if (ply.value() < 0 || ply.value() > from.value()->plies()) {
    return ApiError(400, "ply " + std::to_string(ply.value()) + " is out of range");
  }
  Result<BranchRead> branch = ReadBranch(*g.game, g.record, static_cast<int>(ply.value()),
                                         moves, from.value()->variation);
  if (!branch) return ApiError(branch.errors());
  if (dry.value().value_or(false)) {
    return BranchPreview(g, static_cast<int>(ply.value()), moves, branch.value());
  }
  const int64_t id = g.record.id;
  Result<int64_t> vid = store_->AddVariation(id, branch.value().variation);
  if (!vid) return ApiError(vid.errors());
  cache_->games.erase(id);
  JsonWriter json;
  json.BeginObject().Key("variation").Int(vid.value());
  json.Key("moves").BeginArray();
  for (const std::string& m : branch.value().read) json.String(m);
  json.EndArray().EndObject();
  return Ok(json);
}

// Where the moves lead, not stored: what the page shows while a variation is
// chosen move by move.
ApiResponse ServeApi::BranchPreview(const LoadedGame& g, int ply,
                                    std::vector<std::string> moves,
                                    const BranchRead& branch) {
  const Action last = branch.variation.actions.back().action;
  moves.pop_back();
  const Variation* parent = g.record.FindVariation(branch.variation.parent);
  Result<State> start = PositionAt(*g.game, g.record, ply, parent);
  if (!start) return ApiError(start.errors());
  State before = std::move(start).value();
  if (!moves.empty()) {
    Result<BranchRead> shorter = ReadBranch(*g.game, g.record, ply, moves, parent);
    if (!shorter) return ApiError(shorter.errors());
    before = shorter.value().end;
  }
  JsonWriter json;
  json.BeginObject().Key("moves").BeginArray();
  for (const std::string& m : branch.read) json.String(m);
  json.EndArray();
  json.Key("position").BeginObject();
  json.Key("narration").BeginArray();
  for (const std::string& line :
       Narrate(*g.game, before, last, g.record.players, Viewpoint::Everything()))
    json.String(line);
  json.EndArray();
  WritePositionParts(json, *g.game, branch.end, Viewpoint::Everything(),
                     g.record.players);
  json.EndObject().EndObject();
  return Ok(json);
}

ApiResponse ServeApi::Rulesets() {
  Result<std::vector<StoredRuleset>> stored = store_->Rulesets();
  if (!stored) return ApiError(stored.errors());
  return Ok(RulesetListJson(stored.value()));
}

// A stored ruleset by content hash, else a shipped one (or a file) by name.
ApiResponse ServeApi::RulesetSummary(const std::string& name) {
  for (char c : name) {  // a name, never a path on the server
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') {
      return ApiError(400, "a ruleset is named by a shipped name or a content hash");
    }
  }
  Result<RulesetPtr> rules = store_->RulesetByHash(name);
  if (!rules) rules = LoadRuleset(name);
  if (!rules) return ApiError(404, "no ruleset '" + name + "': " + rules.error().message);
  return Ok(RulesetJson(*rules.value()));
}

}  // namespace angler
