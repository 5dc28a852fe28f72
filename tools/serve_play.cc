#include "tools/serve_play.h"

#include <chrono>
#include <mutex>
#include <optional>
#include <utility>

#include "interpreter/loader.h"
#include "interpreter/move_text.h"
#include "tools/bots.h"
#include "tools/json_reader.h"
#include "tools/runner.h"
#include "tools/serve_json.h"
#include "tools/spot_bot.h"

namespace angler {

struct PlaySessions::Session {
  std::mutex mutex;  // held by the request playing in this session
  int64_t id = 0;
  RulesetPtr rules;
  std::unique_ptr<Game> game;
  std::unique_ptr<GameRun> run;
  int human = 0;
  std::vector<std::unique_ptr<Bot>> bots;  // by seat; null for the person
  std::vector<std::string> players;
  bool record = false;
  int64_t recorded_game = 0;
  std::vector<std::string> narration;  // since the person's last move
  // When the open search was first shown to the person: their stop counts
  // its time from there, as at `angler play`. Unset between searches.
  std::optional<std::chrono::steady_clock::time_point> search_shown;

  std::vector<Bot*> Seats() const {
    std::vector<Bot*> seats;
    for (const auto& b : bots) seats.push_back(b.get());
    return seats;
  }

  // Applies one action, telling it in words and to every bot.
  Status Apply(const Action& a) {
    const State before = run->state();
    std::vector<std::string> lines =
        Narrate(*game, before, a, players, Viewpoint::Seat(human));
    if (Status st = run->Apply(a); !st) return st;
    narration.insert(narration.end(), lines.begin(), lines.end());
    for (size_t p = 0; p < bots.size(); ++p) {
      if (bots[p]) bots[p]->Observe(*game, static_cast<int>(p), a, run->state());
    }
    if (a.kind == ActionKind::kStop) search_shown.reset();  // a stop ends a search
    return Ok();
  }

  // The person stops the search: the bots still searching race them, each
  // stopping at its plan's time, the person at the time since the search was
  // shown; only the first to stop (and who stops with them) stop.
  Status StopSearch() {
    const auto now = std::chrono::steady_clock::now();
    const double seconds =
        search_shown ? std::chrono::duration<double>(now - *search_shown).count() : 0;
    std::vector<std::optional<SearchPlan>> plans = run->SearchPlans(Seats());
    const int marks = run->state().vars[rules->builtin.marks + human];
    plans[static_cast<size_t>(human)] = SearchPlan{static_cast<uint32_t>(marks), seconds};
    for (const Action& a : RaceSearch(run->state(), rules->builtin.marks, plans)) {
      if (Status st = Apply(a); !st) return st;
    }
    return Ok();
  }

  // Chance and the bots move until the person decides, or the game ends.
  // settle: at a decision open to several players, let it run (the person
  // waits) for the rest of this round; the next round's is the person's again.
  Status Advance(bool settle) {
    const int round_slot = rules->builtin.round;
    const int32_t round = run->state().vars[round_slot];
    for (int guard = 0; guard < kMaxActionsPerGame && !run->over(); ++guard) {
      const State& s = run->state();
      if (s.vars[round_slot] != round) settle = false;
      Action a;
      if (game->IsChance(s)) {
        a = run->SampleChance();
      } else if (game->CurrentPlayer(s) == human) {
        return Ok();
      } else if (game->CurrentPlayer(s) < 0) {
        if (!settle) {
          if (!search_shown) search_shown = std::chrono::steady_clock::now();
          return Ok();
        }
        const std::optional<Action> open = run->SettleOpen(Seats());
        if (!open) return Ok();  // only the person can act: waiting ends
        a = *open;
      } else {
        a = run->AskBot(*bots[static_cast<size_t>(game->CurrentPlayer(s))]);
      }
      if (Status st = Apply(a); !st) return st;
    }
    return Ok();
  }
};

namespace {

ApiResponse SessionJson(PlaySessions::Session& s) {
  JsonWriter json;
  json.BeginObject();
  json.Key("session").Int(s.id);
  json.Key("seat").Int(s.human);
  json.Key("players").BeginArray();
  for (const std::string& p : s.players) json.String(p);
  json.EndArray();
  json.Key("seed").UintString(s.run->seed());
  json.Key("narration").BeginArray();
  for (const std::string& line : s.narration) json.String(line);
  json.EndArray();
  json.Key("over").Bool(s.run->over());
  json.Key("result");
  if (s.run->over()) {
    json.String(ResultText(*s.game, s.run->state(), s.players));
  } else {
    json.Null();
  }
  json.Key("recorded");
  if (s.recorded_game > 0) {
    json.Int(s.recorded_game);
  } else {
    json.Null();
  }
  WritePositionParts(json, *s.game, s.run->state(), Viewpoint::Seat(s.human), s.players);
  json.EndObject();
  return {200, json.str()};
}

const char* RefusalWord(MoveRefusal r) {
  switch (r) {
    case MoveRefusal::kGameOver:
      return "game over";
    case MoveRefusal::kNotYourTurn:
      return "not your turn";
    case MoveRefusal::kNotInHand:
      return "not in hand";
    case MoveRefusal::kNotAllowed:
      return "not allowed";
    case MoveRefusal::kUnreadable:
      break;
  }
  return "unreadable";
}

}  // namespace

PlaySessions::PlaySessions() = default;
PlaySessions::~PlaySessions() = default;

ApiResponse PlaySessions::Route(const ApiRequest& r, const std::vector<std::string>& path,
                                Store& store, std::mutex& store_lock) {
  if (path.size() == 2 && r.method == "POST") return Start(r);
  if (path.size() < 3) return ApiError(404, "no such endpoint: " + r.path);
  const Result<int64_t> number = Number(path[2], "a play session");
  if (!number) return ApiError(number.errors());
  const int64_t id = number.value();
  std::shared_ptr<Session> session;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return ApiError(404, "no play session " + path[2]);
    session = it->second;
  }
  std::lock_guard<std::mutex> playing(session->mutex);
  if (path.size() == 3 && r.method == "GET") return SessionJson(*session);
  if (path.size() == 4 && r.method == "POST" && path[3] == "move")
    return Move(*session, r, store, store_lock);
  return ApiError(404, "no such endpoint: " + r.method + " " + r.path);
}

// {"ruleset": "fishing", "players": 4, "seat": 0, "bots": "greedy", "seed": 7,
//  "record": true}
ApiResponse PlaySessions::Start(const ApiRequest& r) {
  Result<JsonValue> body = Body(r);
  if (!body) return ApiError(body.errors());
  const JsonValue& b = body.value();
  const JsonValue* name = b.Find("ruleset");
  if (!name || name->kind != JsonValue::Kind::kString) {
    return ApiError(400, "'ruleset' (a shipped ruleset's name) is required");
  }
  for (char c : name->text) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
      return ApiError(400, "'ruleset' is a shipped ruleset's name, not a path");
  }
  Result<RulesetPtr> rules = LoadRuleset(name->text);
  if (!rules) return ApiError(rules.errors());
  const Ruleset& rs = *rules.value();
  auto number = [&](const char* key, int64_t def) -> std::optional<int64_t> {
    const JsonValue* v = b.Find(key);
    if (!v || v->kind == JsonValue::Kind::kNull) return def;
    return v->AsInt();
  };
  const std::optional<int64_t> players = number("players", rs.min_players);
  const std::optional<int64_t> seat = number("seat", 0);
  if (!players || *players < rs.min_players || *players > rs.max_players) {
    return ApiError(400, "'players' must be from " + std::to_string(rs.min_players) +
                             " to " + std::to_string(rs.max_players));
  }
  if (!seat || *seat < 0 || *seat >= *players) {
    return ApiError(400, "'seat' must be from 0 to " + std::to_string(*players - 1));
  }
  uint64_t seed =
      static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  if (const JsonValue* v = b.Find("seed"); v && v->kind != JsonValue::Kind::kNull) {
    if (!v->AsUint()) return ApiError(400, "'seed' must be a whole number from 0");
    seed = *v->AsUint();
  }
  Result<std::optional<std::string>> bots_given = StringMember(b, "bots");
  if (!bots_given) return ApiError(bots_given.errors());
  Result<std::optional<bool>> record = BoolMember(b, "record");
  if (!record) return ApiError(record.errors());
  auto bots = BotsBesidePerson(bots_given.value(), rs, static_cast<int>(*players - 1));
  if (!bots) return ApiError(bots.errors());
  auto s = std::make_shared<Session>();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    s->id = next_id_++;
  }
  s->rules = rules.value();
  s->game = std::make_unique<Game>(rs, static_cast<int>(*players));
  s->run = std::make_unique<GameRun>(*s->game, seed);
  s->human = static_cast<int>(*seat);
  s->players = SeatNames(static_cast<int>(*players));
  s->record = record.value().value_or(false);
  for (int p = 0, next = 0; p < *players; ++p) {
    s->bots.push_back(
        p == s->human ? nullptr : std::move(bots.value()[static_cast<size_t>(next++)]));
  }
  if (Status st = s->Advance(false); !st) return ApiError(st.errors());
  ApiResponse answer = SessionJson(*s);  // before another request can reach it
  std::lock_guard<std::mutex> lock(mutex_);
  if (sessions_.size() >= 64) sessions_.erase(sessions_.begin());
  sessions_[s->id] = std::move(s);
  return answer;
}

// {"move": "yellow 7"} (the move notation, as at `angler play`'s prompt), or
// {"wait": true} at a decision open to several players: the others move on.
ApiResponse PlaySessions::Move(Session& s, const ApiRequest& r, Store& store,
                               std::mutex& store_lock) {
  Result<JsonValue> body = Body(r);
  if (!body) return ApiError(body.errors());
  Result<std::optional<std::string>> move = StringMember(body.value(), "move");
  if (!move) return ApiError(move.errors());
  Result<std::optional<bool>> wait = BoolMember(body.value(), "wait");
  if (!wait) return ApiError(wait.errors());
  const bool waiting = wait.value().value_or(false);
  if (waiting == move.value().has_value()) {
    return ApiError(400, "give a 'move' (its text) or 'wait': true, not both");
  }
  std::optional<Action> move_taken;
  if (!waiting) {
    MoveReading reading;
    reading.bare = true;
    ReadResult read =
        ReadMove(*s.game, s.run->state(), *move.value(), s.players, reading);
    if (!read.ok()) {
      JsonWriter json;
      json.BeginObject().Key("error").String(read.error.message);
      json.Key("reason").String(RefusalWord(read.error.reason)).EndObject();
      return {400, json.str()};
    }
    // At a search, others' moves are legal too; a stop is the person's when
    // they stop alone (they cannot stop for another).
    const Action& a = *read.action;
    if (a.Movers() != uint64_t{1} << s.human) {
      JsonWriter json;
      json.BeginObject().Key("error").String(
          a.kind == ActionKind::kStop
              ? "you stop for yourself only: '" + s.players[static_cast<size_t>(s.human)] +
                    " stops'"
              : "that is " + s.players[static_cast<size_t>(std::max<int>(a.player, 0))] +
                    "'s move, not yours");
      json.Key("reason").String("not your turn").EndObject();
      return {400, json.str()};
    }
    move_taken = a;
  }
  // The narration tells what happened since the person's last move: kept
  // when nothing happens (a refused move, a wait with nothing to wait for),
  // and what did happen before a failure is told after it.
  const size_t acted = s.run->actions().size();
  std::vector<std::string> told = std::exchange(s.narration, {});
  Status st = Ok();
  if (move_taken)
    st = move_taken->kind == ActionKind::kStop ? s.StopSearch() : s.Apply(*move_taken);
  if (st) st = s.Advance(waiting);
  if (!st || s.run->actions().size() == acted) {
    told.insert(told.end(), s.narration.begin(), s.narration.end());
    s.narration = std::move(told);
  }
  if (!st) return ApiError(st.errors());
  if (s.run->over() && s.record && s.recorded_game == 0) {
    std::lock_guard<std::mutex> lock(store_lock);
    Result<int64_t> id =
        store.RecordGame(*s.game, s.run->actions(), s.players, s.run->seed(), "play");
    if (!id) return ApiError(id.errors());
    s.recorded_game = id.value();
  }
  return SessionJson(s);
}

}  // namespace angler
