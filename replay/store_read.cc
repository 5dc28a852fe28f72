// Store: reading games back (LoadGame), finding, listing and visiting them.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "interpreter/limits.h"
#include "replay/format.h"
#include "replay/store.h"
#include "replay/store_statement.h"

namespace angler {
using store_internal::SeedFromSql;

namespace {

// Reads one action row: kind, actor, value, legal, seed from column `first`.
Result<RecordedAction> ActionFromRow(const sql::Statement& row, int first) {
  const int64_t kind = row.Int(first);
  if (kind < 0 || kind > kStoredMaxKind) {
    return Diagnostic({}, "an action of unknown kind " + std::to_string(kind));
  }
  RecordedAction ra;
  ra.action.kind = static_cast<ActionKind>(kind);
  ra.action.player = static_cast<int8_t>(row.Int(first + 1));
  ra.action.value = static_cast<int16_t>(row.Int(first + 2));
  ra.legal = static_cast<int>(row.Int(first + 3));
  if (!row.IsNull(first + 4)) ra.action.seed = SeedFromSql(row.Int(first + 4));
  return ra;
}

// "game 12", as errors name a game.
std::string GameWord(int64_t id) { return "game " + std::to_string(id); }

// A player count read from a file that may be damaged: the complaint, or ""
// when it fits a table.
std::string BadPlayerCount(int64_t id, int64_t players) {
  if (players >= 1 && players <= kMaxPlayers) return {};
  return GameWord(id) + ": " + std::to_string(players) + " players (a damaged store?)";
}

}  // namespace

Status Store::ReadGameRow(GameRecord& record, size_t& plies) {
  const std::string game = GameWord(record.id);
  ANGLER_STMT(
      select,
      "SELECT g.ruleset_hash, r.name, g.player_count, g.seed, g.source, g.created, "
      "g.plies, g.finished, g.result FROM games g JOIN rulesets r ON r.hash = "
      "g.ruleset_hash WHERE g.id = ?1");
  select.Bind(1, record.id);
  Result<bool> row = select.Step("reading " + game);
  if (!row) return row.errors();
  if (!row.value()) return Error("no " + game);
  record.ruleset_hash = select.Text(0);
  record.ruleset_name = select.Text(1);
  // The counts come from a file that may be damaged: checked before use.
  const int64_t players = select.Int(2);
  if (std::string bad = BadPlayerCount(record.id, players); !bad.empty())
    return Error(bad);
  record.players.resize(static_cast<size_t>(players));
  if (!select.IsNull(3)) record.seed = SeedFromSql(select.Int(3));
  record.source = select.Text(4);
  record.created = select.Int(5);
  const int64_t stored_plies = select.Int(6);
  if (stored_plies < 0) {
    return Error(game + ": " + std::to_string(stored_plies) +
                 " plies (a damaged store?)");
  }
  plies = static_cast<size_t>(stored_plies);
  // A hint only: the actions read must then number `plies` (ReadMainLine).
  record.actions.reserve(std::min<size_t>(plies, 1u << 16));
  record.finished = select.Int(7) != 0;
  record.result = select.Text(8);
  select.Reset();
  return Ok();
}

Status Store::ReadSeats(GameRecord& record) {
  const std::string game = GameWord(record.id);
  ANGLER_STMT(select,
              "SELECT seat, name, rank, winner, played_by FROM seats WHERE game_id = ?1 "
              "ORDER BY seat");
  select.Bind(1, record.id);
  record.ranks.assign(record.players.size(), 0);
  record.played_by.assign(record.players.size(), "");
  size_t seen = 0;
  while (true) {
    Result<bool> row = select.Step("reading the players of " + game);
    if (!row) return row.errors();
    if (!row.value()) break;
    const int64_t seat = select.Int(0);
    if (seat < 0 || seat >= static_cast<int64_t>(record.players.size())) {
      return Error(game + ": a player in seat " + std::to_string(seat) +
                   " of a game of " + std::to_string(record.players.size()));
    }
    record.players[static_cast<size_t>(seat)] = select.Text(1);
    record.ranks[static_cast<size_t>(seat)] = select.Int(2);
    if (select.Int(3)) record.winners.push_back(static_cast<int>(seat));
    record.played_by[static_cast<size_t>(seat)] = select.Text(4);
    ++seen;
  }
  if (seen != record.players.size()) {
    return Error(game + ": " + std::to_string(seen) + " player rows for " +
                 std::to_string(record.players.size()) + " players (a damaged store?)");
  }
  return Ok();
}

Status Store::ReadMainLine(GameRecord& record, size_t plies) {
  const std::string game = GameWord(record.id);
  ANGLER_STMT(
      select,
      "SELECT ply, kind, actor, value, legal, seed FROM actions WHERE game_id = ?1 "
      "ORDER BY ply");
  select.Bind(1, record.id);
  while (true) {
    Result<bool> row = select.Step("reading the actions of " + game);
    if (!row) return row.errors();
    if (!row.value()) break;
    const int64_t ply = select.Int(0);
    if (ply != static_cast<int64_t>(record.actions.size()) + 1) {
      return Error(game + ": ply " + std::to_string(record.actions.size() + 1) +
                   " is missing from the actions (a damaged store?)");
    }
    Result<RecordedAction> ra = ActionFromRow(select, 1);
    if (!ra)
      return Error(game + ", ply " + std::to_string(ply) + ": " + ra.error().message);
    record.actions.push_back(ra.value());
  }
  if (record.actions.size() != plies) {
    return Error(game + ": " + std::to_string(record.actions.size()) + " actions of " +
                 std::to_string(plies) + " (a damaged store?)");
  }
  return Ok();
}

Status Store::ReadVariations(GameRecord& record) {
  const std::string game = GameWord(record.id);
  {
    ANGLER_STMT(select,
                "SELECT id, ply, parent_id FROM variations WHERE game_id = ?1 ORDER BY "
                "ply, id");
    select.Bind(1, record.id);
    while (true) {
      Result<bool> row = select.Step("reading the variations of " + game);
      if (!row) return row.errors();
      if (!row.value()) break;
      Variation v;
      v.id = select.Int(0);
      v.ply = static_cast<int>(select.Int(1));
      v.parent = select.Int(2);
      record.variations.push_back(std::move(v));
    }
  }
  for (Variation& v : record.variations) {
    ANGLER_STMT(select,
                "SELECT ply, kind, actor, value, legal, seed FROM variation_actions "
                "WHERE variation_id = ?1 ORDER BY ply");
    select.Bind(1, v.id);
    while (true) {
      Result<bool> row = select.Step("reading variation " + std::to_string(v.id));
      if (!row) return row.errors();
      if (!row.value()) break;
      Result<RecordedAction> ra = ActionFromRow(select, 1);
      if (!ra)
        return Error(game + ", variation " + std::to_string(v.id) + ": " +
                     ra.error().message);
      v.actions.push_back(ra.value());
    }
  }
  return Ok();
}

Status Store::ReadAnnotations(GameRecord& record) {
  const std::string game = GameWord(record.id);
  ANGLER_STMT(select,
              "SELECT variation_id, ply, glyph, comment, author FROM annotations "
              "WHERE game_id = ?1 ORDER BY variation_id, ply");
  select.Bind(1, record.id);
  while (true) {
    Result<bool> row = select.Step("reading the annotations of " + game);
    if (!row) return row.errors();
    if (!row.value()) break;
    const int64_t vid = select.Int(0);
    Annotation a{static_cast<int>(select.Int(1)), select.Text(3), select.Text(2),
                 select.Text(4)};
    if (vid == 0) {
      record.annotations.push_back(std::move(a));
      continue;
    }
    auto it = std::find_if(record.variations.begin(), record.variations.end(),
                           [&](const Variation& v) { return v.id == vid; });
    if (it == record.variations.end()) {
      return Error(game + ": an annotation of variation " + std::to_string(vid) +
                   ", which the game does not have");
    }
    it->annotations.push_back(std::move(a));
  }
  return Ok();
}

Result<GameRecord> Store::LoadGame(int64_t id) {
  GameRecord record;
  record.id = id;
  size_t plies = 0;
  if (Status st = ReadGameRow(record, plies); !st) return st.errors();
  if (Status st = ReadSeats(record); !st) return st.errors();
  if (Status st = ReadMainLine(record, plies); !st) return st.errors();
  if (Status st = ReadVariations(record); !st) return st.errors();
  if (Status st = ReadAnnotations(record); !st) return st.errors();
  return record;
}

namespace {

constexpr const char* kGamesWhere =
    " FROM games g JOIN rulesets r ON r.hash = g.ruleset_hash "
    "WHERE (?1 = '' OR r.name = ?1 OR g.ruleset_hash = ?1) AND (?2 = '' OR EXISTS "
    "(SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.name = ?2))";

}  // namespace

Result<std::optional<int64_t>> Store::FindGame(const GameRecord& record) {
  std::vector<int64_t> candidates;
  {
    ANGLER_STMT(select,
                "SELECT id FROM games WHERE ruleset_hash = ?1 AND player_count = ?2 AND "
                "plies = ?3 ORDER BY id");
    select.Bind(1, record.ruleset_hash)
        .Bind(2, static_cast<int64_t>(record.players.size()))
        .Bind(3, static_cast<int64_t>(record.actions.size()));
    while (true) {
      Result<bool> row = select.Step("looking for a stored copy of a game");
      if (!row) return row.errors();
      if (!row.value()) break;
      candidates.push_back(select.Int(0));
    }
  }
  for (int64_t id : candidates) {
    Result<GameRecord> stored = LoadGame(id);
    if (!stored) return stored.errors();
    if (stored.value().players == record.players &&
        stored.value().actions == record.actions) {
      return std::optional<int64_t>(id);
    }
  }
  return std::optional<int64_t>();
}

Result<std::vector<GameSummary>> Store::ListGames(const GameFilter& filter) {
  const std::string text =
      std::string(
          "SELECT g.id, r.name, g.ruleset_hash, g.player_count, g.seed, g.source, "
          "g.created, g.plies, g.finished, g.result") +
      kGamesWhere + " ORDER BY g.id DESC LIMIT ?3";
  Result<sql::Statement> select = sql::Statement::Prepare(db_, text);
  if (!select) return select.errors();
  sql::Statement& q = select.value();
  q.Bind(1, filter.ruleset)
      .Bind(2, filter.player)
      .Bind(3, filter.limit > 0 ? filter.limit : -1);
  std::vector<GameSummary> games;
  while (true) {
    Result<bool> row = q.Step("listing games");
    if (!row) return row.errors();
    if (!row.value()) break;
    GameSummary g;
    g.id = q.Int(0);
    g.ruleset_name = q.Text(1);
    g.ruleset_hash = q.Text(2);
    const int64_t players = q.Int(3);  // from a file that may be damaged
    if (std::string bad = BadPlayerCount(g.id, players); !bad.empty()) return Error(bad);
    g.players.resize(static_cast<size_t>(players));
    if (!q.IsNull(4)) g.seed = SeedFromSql(q.Int(4));
    g.source = q.Text(5);
    g.created = q.Int(6);
    g.plies = static_cast<int>(q.Int(7));
    g.finished = q.Int(8) != 0;
    g.result = q.Text(9);
    games.push_back(std::move(g));
  }
  std::reverse(games.begin(), games.end());
  ANGLER_STMT(
      seats,
      "SELECT seat, name, rank, winner FROM seats WHERE game_id = ?1 ORDER BY seat");
  for (GameSummary& g : games) {
    seats.Bind(1, g.id);
    g.ranks.assign(g.players.size(), 0);
    while (true) {
      Result<bool> row =
          seats.Step("listing the players of game " + std::to_string(g.id));
      if (!row) return row.errors();
      if (!row.value()) break;
      const int64_t seat = seats.Int(0);
      if (seat < 0 || seat >= static_cast<int64_t>(g.players.size())) continue;
      g.players[static_cast<size_t>(seat)] = seats.Text(1);
      g.ranks[static_cast<size_t>(seat)] = seats.Int(2);
      if (seats.Int(3)) g.winners.push_back(static_cast<int>(seat));
    }
    seats.Reset();
  }
  return games;
}

Result<int64_t> Store::GameCount() {
  return db_.QueryInt("SELECT count(*) FROM games", "counting games");
}

Result<int64_t> Store::DataVersion() {
  return db_.QueryInt("PRAGMA data_version", "reading the store's data version");
}

Result<std::set<int64_t>> Store::GamesWithVariations() {
  ANGLER_STMT(select, "SELECT DISTINCT game_id FROM variations");
  std::set<int64_t> ids;
  while (true) {
    Result<bool> row = select.Step("finding the games with variations");
    if (!row) return row.errors();
    if (!row.value()) break;
    ids.insert(select.Int(0));
  }
  return ids;
}

Status Store::ForEachGame(
    const GameFilter& filter,
    const std::function<Status(const GameSummary&, std::span<const RecordedAction>)>&
        visit) {
  GameFilter all = filter;
  all.limit = 0;
  Result<std::vector<GameSummary>> games = ListGames(all);
  if (!games) return games.errors();
  std::vector<RecordedAction> actions;
  for (const GameSummary& g : games.value()) {
    actions.clear();
    // Taken (and reset) for each game: `visit` may step the same cached
    // statement (reading a game's variations reads its main line again).
    ANGLER_STMT(
        select,
        "SELECT ply, kind, actor, value, legal, seed FROM actions WHERE game_id = ?1 "
        "ORDER BY ply");
    select.Bind(1, g.id);
    while (true) {
      Result<bool> row =
          select.Step("reading the actions of game " + std::to_string(g.id));
      if (!row) return row.errors();
      if (!row.value()) break;
      Result<RecordedAction> ra = ActionFromRow(select, 1);
      if (!ra) {
        return Error("game " + std::to_string(g.id) + ", ply " +
                     std::to_string(select.Int(0)) + ": " + ra.error().message);
      }
      actions.push_back(ra.value());
    }
    select.Reset();
    if (actions.size() != static_cast<size_t>(g.plies)) {
      return Error("game " + std::to_string(g.id) + ": " +
                   std::to_string(actions.size()) + " actions of " +
                   std::to_string(g.plies) + " (a damaged store?)");
    }
    if (Status st = visit(g, actions); !st) return st;
  }
  return Ok();
}

}  // namespace angler
