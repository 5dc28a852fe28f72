#include "replay/store.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>

#include "replay/format.h"
#include "replay/store_statement.h"

namespace angler {
using store_internal::Now;
using store_internal::SeedToSql;
namespace {

namespace fs = std::filesystem;

// ---- The schema (FORMAT.md explains each table) ----

// Version 1: rulesets and game records.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE rulesets (
  hash           TEXT PRIMARY KEY,
  name           TEXT NOT NULL,
  title          TEXT NOT NULL,
  canonical_text TEXT NOT NULL,
  added          INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX rulesets_by_name ON rulesets(name);

CREATE TABLE games (
  id           INTEGER PRIMARY KEY,
  ruleset_hash TEXT NOT NULL REFERENCES rulesets(hash),
  player_count INTEGER NOT NULL,
  seed         INTEGER,
  source       TEXT NOT NULL,
  created      INTEGER NOT NULL,
  plies        INTEGER NOT NULL,
  finished     INTEGER NOT NULL,
  result       TEXT NOT NULL
);
CREATE INDEX games_by_ruleset ON games(ruleset_hash);

CREATE TABLE seats (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seat    INTEGER NOT NULL,
  name    TEXT NOT NULL,
  rank    INTEGER NOT NULL,
  winner  INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_name ON seats(name);

CREATE TABLE actions (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply     INTEGER NOT NULL,
  kind    INTEGER NOT NULL,
  actor   INTEGER NOT NULL,
  value   INTEGER NOT NULL,
  legal   INTEGER NOT NULL,
  seed    INTEGER,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE variations (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply     INTEGER NOT NULL,
  created INTEGER NOT NULL
);
CREATE INDEX variations_by_game ON variations(game_id, ply);

CREATE TABLE variation_actions (
  variation_id INTEGER NOT NULL REFERENCES variations(id) ON DELETE CASCADE,
  ply          INTEGER NOT NULL,
  kind         INTEGER NOT NULL,
  actor        INTEGER NOT NULL,
  value        INTEGER NOT NULL,
  legal        INTEGER NOT NULL,
  seed         INTEGER,
  PRIMARY KEY (variation_id, ply)
) WITHOUT ROWID;

CREATE TABLE annotations (
  game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  variation_id INTEGER NOT NULL,
  ply          INTEGER NOT NULL,
  glyph        TEXT NOT NULL,
  comment      TEXT NOT NULL,
  PRIMARY KEY (game_id, variation_id, ply)
) WITHOUT ROWID;
)sql";

// Version 2: the runs of `angler check --store`.
constexpr const char* kSchemaV2 = R"sql(
CREATE TABLE check_runs (
  id   INTEGER PRIMARY KEY,
  time INTEGER NOT NULL
);
CREATE TABLE scenario_runs (
  file         TEXT NOT NULL,
  title        TEXT NOT NULL,
  run_id       INTEGER NOT NULL REFERENCES check_runs(id) ON DELETE CASCADE,
  ruleset_hash TEXT NOT NULL,
  passed       INTEGER NOT NULL,
  message      TEXT NOT NULL,
  PRIMARY KEY (file, title, run_id)
) WITHOUT ROWID;
)sql";

// Version 3: who wrote an annotation: '' a person, else the bot of `angler
// analyze` ("ismcts:1000"), whose notes a new analysis replaces.
constexpr const char* kSchemaV3 = R"sql(
ALTER TABLE annotations ADD COLUMN author TEXT NOT NULL DEFAULT '';
)sql";

// Version 4: who played each seat ('' unknown, 'person', or a bot's spec),
// so `play --resume` seats the same bots again.
constexpr const char* kSchemaV4 = R"sql(
ALTER TABLE seats ADD COLUMN played_by TEXT NOT NULL DEFAULT '';
)sql";

// Version 5: variations nest. parent_id is the variation a variation branches
// from, 0 the main line (what every variation of an older store branched
// from). Not a foreign key: 0 is no row; deleting a variation deletes its
// sub-variations in Store::DeleteVariation.
constexpr const char* kSchemaV5 = R"sql(
ALTER TABLE variations ADD COLUMN parent_id INTEGER NOT NULL DEFAULT 0;
)sql";

// Step i turns version i + 1 into version i + 2; version 0 is an empty file.
constexpr const char* kSchemaSteps[] = {kSchemaV1, kSchemaV2, kSchemaV3, kSchemaV4,
                                        kSchemaV5};
static_assert(std::size(kSchemaSteps) == kStoreSchemaVersion);

std::string Hex32(int64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08llx",
                static_cast<unsigned long long>(static_cast<uint32_t>(v)));
  return buf;
}

}  // namespace

std::string FormatDate(int64_t unix_seconds) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::optional<int64_t> ParseDate(std::string_view text) {
  int y, mo, d, h, mi, s;
  char z = 0;
  const std::string copy(text);
  if (std::sscanf(copy.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s,
                  &z) != 7 ||
      z != 'Z' || copy.size() != 20) {
    return std::nullopt;
  }
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = s;
  const int64_t t = timegm(&tm);
  if (FormatDate(t) != copy) return std::nullopt;  // out-of-range fields
  return t;
}

Result<std::string> Store::DefaultPath() {
  if (const char* env = std::getenv(std::string(kStoreEnvVar).c_str()); env && *env) {
    return std::string(env);
  }
  fs::path dir;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') {
    dir = fs::path(xdg) / "angler";
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    dir = fs::path(home) / ".local" / "share" / "angler";
  } else {
    return Diagnostic({}, "no place for the store: set " + std::string(kStoreEnvVar) +
                              ", XDG_DATA_HOME or HOME, or pass --db PATH");
  }
  return (dir / kStoreFileName).string();
}

Result<std::unique_ptr<Store>> Store::Open(const std::string& path) {
  const bool in_memory = path == ":memory:" || path.rfind("file:", 0) == 0;
  if (!in_memory) {
    const fs::path parent = fs::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty() && !fs::exists(parent, ec)) {
      fs::create_directories(parent, ec);
      if (ec) {
        return Diagnostic({}, "store " + path + ": cannot create the folder " +
                                  parent.string() + ": " + ec.message());
      }
    }
    if (fs::is_directory(path, ec)) {
      return Diagnostic({}, "store " + path + ": is a folder, not a database file");
    }
    // A device such as /dev/null would take SQLite's journal and WAL files
    // beside it, and keep nothing.
    if (fs::exists(path, ec) && !fs::is_regular_file(path, ec)) {
      return Diagnostic({}, "store " + path + ": not a regular file");
    }
  }
  Result<sql::Database> db = sql::Database::Open(path, true);
  if (!db) return db.errors();
  std::unique_ptr<Store> store(new Store(std::move(db).value()));
  if (Status ok = store->Setup(); !ok) return ok.errors();
  return store;
}

Result<std::unique_ptr<Store>> Store::OpenAt(const std::string& db_flag) {
  if (!db_flag.empty()) return Open(db_flag);
  Result<std::string> path = DefaultPath();
  if (!path) return path.errors();
  return Open(path.value());
}

Result<std::unique_ptr<Store>> Store::OpenAtToRead(const std::string& db_flag) {
  std::string path = db_flag;
  if (path.empty()) {
    Result<std::string> default_path = DefaultPath();
    if (!default_path) return default_path.errors();
    path = default_path.value();
  }
  std::error_code ec;
  const bool in_memory = path == ":memory:" || path.rfind("file:", 0) == 0;
  if (in_memory || !fs::is_regular_file(path, ec) || fs::file_size(path, ec) == 0)
    return Open(path);
  fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) folder = ".";
  const bool immutable = access(folder.c_str(), W_OK) != 0;
  Result<sql::Database> db = sql::Database::OpenReadOnly(path, immutable);
  if (!db) return db.errors();
  std::unique_ptr<Store> store(new Store(std::move(db).value()));
  bool stale = false;
  if (Status ok = store->Setup(true, &stale); !ok) return ok.errors();
  if (stale) return Open(path);
  return store;
}

Diagnostic Store::Error(std::string message) const {
  return Diagnostic({}, "store " + path() + ": " + message);
}

Status Store::Setup(bool read_only, bool* stale) {
  sqlite3_busy_timeout(db_.handle(), kStoreBusyTimeoutMs);
  // The first read of the file: a damaged or foreign file fails here.
  Result<int64_t> app = db_.QueryInt("PRAGMA application_id", "reading the file header");
  if (!app) return app.errors();
  Result<int64_t> version =
      db_.QueryInt("PRAGMA user_version", "reading the schema version");
  if (!version) return version.errors();
  Result<int64_t> objects =
      db_.QueryInt("SELECT count(*) FROM sqlite_schema", "reading the schema");
  if (!objects) return objects.errors();
  const bool fresh = app.value() == 0 && version.value() == 0 && objects.value() == 0;
  if (!fresh) {
    if (app.value() != kStoreApplicationId) {
      return Error(
          "not an angler store: an SQLite database of another program "
          "(application_id " +
          Hex32(app.value()) + ", expected " + Hex32(kStoreApplicationId) + ")");
    }
    if (version.value() > kStoreSchemaVersion) {
      return Error("schema version " + std::to_string(version.value()) +
                   " is newer than this angler understands (" +
                   std::to_string(kStoreSchemaVersion) + "); use a newer angler");
    }
    if (version.value() < kStoreOldestMigratable) {
      return Error("schema version " + std::to_string(version.value()) +
                   " is too old to migrate (the oldest is " +
                   std::to_string(kStoreOldestMigratable) + ")");
    }
  }
  if (read_only) {
    schema_version_ = static_cast<int>(version.value());
    *stale = fresh || schema_version_ < kStoreSchemaVersion;
    return db_.Exec("PRAGMA foreign_keys=ON", "setting up the connection");
  }
  // WAL lets readers go on while one process writes. It cannot change inside
  // a transaction, so it comes before the schema is made.
  if (Status wal = db_.Exec("PRAGMA journal_mode=WAL", "switching to WAL"); !wal)
    return wal;
  if (Status pragmas = db_.Exec("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON",
                                "setting up the connection");
      !pragmas) {
    return pragmas;
  }
  schema_version_ = static_cast<int>(version.value());
  if (schema_version_ < kStoreSchemaVersion) return Migrate(schema_version_);
  return Ok();
}

Status Store::Migrate(int from) {
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  // Another process may have migrated while this one waited for the lock.
  Result<int64_t> now = db_.QueryInt("PRAGMA user_version", "reading the schema version");
  if (!now) return now.errors();
  from = static_cast<int>(now.value());
  for (int v = from; v < kStoreSchemaVersion; ++v) {
    const std::string doing = v == 0
                                  ? std::string("creating the schema")
                                  : "migrating from schema version " + std::to_string(v) +
                                        " to " + std::to_string(v + 1);
    if (Status step = db_.Exec(kSchemaSteps[v], doing); !step) return step;
  }
  const std::string stamp =
      "PRAGMA application_id=" + std::to_string(kStoreApplicationId) +
      "; PRAGMA user_version=" + std::to_string(kStoreSchemaVersion);
  if (Status st = db_.Exec(stamp, "writing the schema version"); !st) return st;
  if (Status done = txn.value().Commit(); !done) return done;
  schema_version_ = kStoreSchemaVersion;
  return Ok();
}

Result<sql::Statement*> Store::Cached(const char* text) {
  auto it = statements_.find(text);
  if (it != statements_.end()) return it->second.get();
  Result<sql::Statement> stmt = sql::Statement::Prepare(db_, text);
  if (!stmt) return stmt.errors();
  auto owned = std::make_unique<sql::Statement>(std::move(stmt).value());
  sql::Statement* raw = owned.get();
  statements_.emplace(text, std::move(owned));
  return raw;
}

// ---- Games ----

Result<Store::Batch> Store::BeginBatch() {
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  return Batch(std::move(txn).value());
}

Status Store::CheckVariation(const Game& game, const GameRecord& record,
                             const Variation& v) {
  const std::string where = "variation at ply " + std::to_string(v.ply);
  const Variation* parent = nullptr;
  if (v.parent != 0) {
    parent = record.FindVariation(v.parent);
    if (!parent || parent == &v) {
      return Diagnostic({}, where + ": it branches from variation " +
                                std::to_string(v.parent) +
                                ", which the game does not have");
    }
    if (v.ply <= parent->ply || v.ply > parent->end()) {
      return Diagnostic({}, where + ": variation " + std::to_string(v.parent) +
                                " has its own moves at plies " +
                                std::to_string(parent->ply + 1) + " to " +
                                std::to_string(parent->end()));
    }
  } else if (v.ply < 0 || v.ply > static_cast<int>(record.actions.size())) {
    return Diagnostic(
        {}, where + ": the game has plies 0 to " + std::to_string(record.actions.size()));
  }
  if (v.actions.empty()) return Diagnostic({}, where + ": no moves");
  Result<State> start = PositionAt(game, record, v.ply, parent);
  if (!start) return start.errors();
  State s = start.value();
  for (size_t i = 0; i < v.actions.size(); ++i) {
    const int ply = v.ply + 1 + static_cast<int>(i);
    const int legal = LegalCount(game, s);
    if (legal != v.actions[i].legal) {
      return Diagnostic({}, where + ", ply " + std::to_string(ply) + ": " +
                                std::to_string(v.actions[i].legal) +
                                " legal actions recorded, " + std::to_string(legal) +
                                " when replayed");
    }
    if (Status st = ApplyChecked(game, s, v.actions[i].action); !st) {
      return Diagnostic(
          {}, where + ", ply " + std::to_string(ply) + ": " + st.error().message);
    }
  }
  for (const Annotation& a : v.annotations) {
    if (a.ply < v.ply || a.ply > v.ply + static_cast<int>(v.actions.size())) {
      return Diagnostic({}, where + ": an annotation on ply " + std::to_string(a.ply) +
                                ", outside the variation");
    }
  }
  return Ok();
}

Status Store::CheckGame(const Ruleset& rules, const GameRecord& record) {
  if (record.ruleset_hash != rules.content_hash) {
    return Diagnostic({}, "the record was played under " + record.ruleset_name + " " +
                              record.ruleset_hash + ", not " + rules.name + " " +
                              rules.content_hash);
  }
  if (record.players_count() < rules.min_players ||
      record.players_count() > rules.max_players) {
    return Diagnostic({}, std::to_string(record.players_count()) +
                              " players: " + rules.name + " is for " +
                              std::to_string(rules.min_players) + " to " +
                              std::to_string(rules.max_players));
  }
  const Game game(rules, record.players_count());
  State s = game.NewInitialState();
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const int legal = LegalCount(game, s);
    if (legal != record.actions[i].legal) {
      return Diagnostic({}, "ply " + std::to_string(i + 1) + ": " +
                                std::to_string(record.actions[i].legal) +
                                " legal actions recorded, " + std::to_string(legal) +
                                " when replayed");
    }
    if (Status st = ApplyChecked(game, s, record.actions[i].action); !st) {
      return Diagnostic({}, "ply " + std::to_string(i + 1) + ": " + st.error().message);
    }
  }
  GameRecord replayed;
  replayed.players = record.players;
  SetOutcome(game, s, replayed);
  if (replayed.result != record.result || replayed.ranks != record.ranks ||
      replayed.finished != record.finished || replayed.winners != record.winners) {
    return Diagnostic({}, "the record says '" + record.result + "' but its moves give '" +
                              replayed.result + "'");
  }
  for (const Variation& v : record.variations) {
    if (Status st = CheckVariation(game, record, v); !st) return st;
  }
  return Ok();
}

Result<int64_t> Store::AddGame(const Ruleset& rules, const GameRecord& record) {
  if (Status names = CheckPlayerNames(record.players); !names) return names.errors();
  if (Status ok = CheckGame(rules, record); !ok) return ok.errors();
  return AddReplayedGame(rules, record);
}

Status Store::InsertActions(const char* text, int64_t owner, int first_ply,
                            std::span<const RecordedAction> actions) {
  ANGLER_STMT(insert, text);
  for (size_t i = 0; i < actions.size(); ++i) {
    const Action& a = actions[i].action;
    insert.Bind(1, owner)
        .Bind(2, first_ply + static_cast<int64_t>(i))
        .Bind(3, static_cast<int64_t>(a.kind))
        .Bind(4, a.player)
        .Bind(5, a.value)
        .Bind(6, actions[i].legal);
    // The seed column holds a chance outcome, or the cards of a lay.
    if (a.kind == ActionKind::kChance || a.seed != 0) {
      insert.Bind(7, SeedToSql(a.seed));
    } else {
      insert.BindNull(7);
    }
    if (Status st = insert.Run("storing actions"); !st) return st;
  }
  return Ok();
}

Status Store::InsertAnnotation(int64_t game, int64_t variation, const Annotation& a) {
  if (!a.glyph.empty() && !IsGlyph(a.glyph)) {
    return Diagnostic({}, "'" + a.glyph + "' is not a glyph (! ? !! ?? !? ?!)");
  }
  ANGLER_STMT(insert,
              "INSERT OR REPLACE INTO annotations (game_id, variation_id, ply, glyph, "
              "comment, author) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  insert.Bind(1, game)
      .Bind(2, variation)
      .Bind(3, a.ply)
      .Bind(4, a.glyph)
      .Bind(5, a.comment)
      .Bind(6, a.author);
  return insert.Run("storing an annotation");
}

Status Store::InsertVariation(int64_t game, const Variation& v, int64_t parent,
                              int64_t created, int64_t* id, bool keep_id) {
  ANGLER_STMT(insert,
              "INSERT INTO variations (id, game_id, ply, created, parent_id) VALUES (?4, "
              "?1, ?2, ?3, ?5)");
  insert.Bind(1, game).Bind(2, v.ply).Bind(3, created).Bind(5, parent);
  if (keep_id && v.id > 0) {
    insert.Bind(4, v.id);
  } else {
    insert.BindNull(4);  // the next id
  }
  if (Status st = insert.Run("storing a variation"); !st) return st;
  *id = db_.LastInsertId();
  if (Status st =
          InsertActions("INSERT INTO variation_actions (variation_id, ply, kind, "
                        "actor, value, legal, seed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
                        "?7)",
                        *id, v.ply + 1, v.actions);
      !st) {
    return st;
  }
  for (const Annotation& a : v.annotations) {
    if (Status st = InsertAnnotation(game, *id, a); !st) return st;
  }
  return Ok();
}

Status Store::InsertVariations(int64_t game, const GameRecord& record, int64_t created,
                               bool keep_ids) {
  // Parents first: a variation branches after its parent's ply.
  std::vector<const Variation*> order;
  for (const Variation& v : record.variations) order.push_back(&v);
  std::stable_sort(
      order.begin(), order.end(),
      [](const Variation* a, const Variation* b) { return a->ply < b->ply; });
  std::map<int64_t, int64_t> stored_as;  // the record's ids -> the store's
  for (const Variation* v : order) {
    int64_t parent = 0;
    if (v->parent != 0) {
      auto it = stored_as.find(v->parent);
      if (it == stored_as.end()) {
        return Error("the variation at ply " + std::to_string(v->ply) +
                     " branches from variation " + std::to_string(v->parent) +
                     ", which the record does not have before it");
      }
      parent = it->second;
    }
    int64_t vid = 0;
    if (Status st = InsertVariation(game, *v, parent, created, &vid, keep_ids); !st)
      return st;
    if (v->id != 0) stored_as[v->id] = vid;
  }
  return Ok();
}

Result<int64_t> Store::AddReplayedGame(const Ruleset& rules, const GameRecord& record) {
  return InsertGame(rules, record, 0);
}

Result<int64_t> Store::InsertGame(const Ruleset& rules, const GameRecord& record,
                                  int64_t id_wanted) {
  if (record.ruleset_hash != rules.content_hash) {
    return Error("the record was played under " + record.ruleset_hash + ", not " +
                 rules.content_hash);
  }
  if (record.ranks.size() != record.players.size()) {
    return Error("the record has no outcome: make it with MakeGameRecord");
  }
  for (const Annotation& a : record.annotations) {
    if (a.ply < 0 || a.ply > static_cast<int>(record.actions.size())) {
      return Error("an annotation on ply " + std::to_string(a.ply) +
                   ", outside the game");
    }
  }
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  if (Status st = AddRuleset(rules); !st) return st.errors();
  const int64_t created = record.created ? record.created : Now();
  {
    ANGLER_STMT(
        insert,
        "INSERT INTO games (id, ruleset_hash, player_count, seed, source, created, "
        "plies, finished, result) VALUES (?9, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (id_wanted > 0) {
      insert.Bind(9, id_wanted);
    } else {
      insert.BindNull(9);  // the next id
    }
    insert.Bind(1, record.ruleset_hash)
        .Bind(2, record.players_count())
        .Bind(4, record.source)
        .Bind(5, created)
        .Bind(6, static_cast<int64_t>(record.actions.size()))
        .Bind(7, record.finished ? 1 : 0)
        .Bind(8, record.result);
    if (record.seed) {
      insert.Bind(3, SeedToSql(*record.seed));
    } else {
      insert.BindNull(3);
    }
    if (Status st = insert.Run("storing a game"); !st) return st.errors();
  }
  const int64_t id = db_.LastInsertId();
  {
    ANGLER_STMT(insert,
                "INSERT INTO seats (game_id, seat, name, rank, winner, played_by) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    for (int p = 0; p < record.players_count(); ++p) {
      const bool won = std::find(record.winners.begin(), record.winners.end(), p) !=
                       record.winners.end();
      insert.Bind(1, id)
          .Bind(2, p)
          .Bind(3, record.players[static_cast<size_t>(p)])
          .Bind(4, record.ranks[static_cast<size_t>(p)])
          .Bind(5, won ? 1 : 0)
          .Bind(6, static_cast<size_t>(p) < record.played_by.size()
                       ? record.played_by[static_cast<size_t>(p)]
                       : std::string());
      if (Status st = insert.Run("storing the players"); !st) return st.errors();
    }
  }
  if (Status st = InsertActions("INSERT INTO actions (game_id, ply, kind, actor, value, "
                                "legal, seed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                                id, 1, record.actions);
      !st) {
    return st.errors();
  }
  for (const Annotation& a : record.annotations) {
    if (Status st = InsertAnnotation(id, 0, a); !st) return st.errors();
  }
  if (Status st = InsertVariations(id, record, created, id_wanted > 0); !st)
    return st.errors();
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return id;
}

Result<int64_t> Store::RecordGame(const Game& game, std::span<const Action> actions,
                                  std::vector<std::string> players,
                                  std::optional<uint64_t> seed, std::string source,
                                  std::vector<std::string> played_by) {
  Result<GameRecord> record =
      MakeGameRecord(game, actions, std::move(players), seed, std::move(source));
  if (!record) return record.errors();
  record.value().played_by = std::move(played_by);
  return AddReplayedGame(game.rules(), record.value());
}

}  // namespace angler
