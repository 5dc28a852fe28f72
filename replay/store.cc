#include "replay/store.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <set>

#include "replay/format.h"
#include "replay/former_keys.h"
#include "replay/store_statement.h"

namespace angler {
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

// Step i turns version i + 1 into version i + 2; version 0 is an empty file.
constexpr const char* kSchemaSteps[] = {kSchemaV1, kSchemaV2, kSchemaV3};
static_assert(std::size(kSchemaSteps) == kStoreSchemaVersion);

int64_t Now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string Hex32(int64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08llx",
                static_cast<unsigned long long>(static_cast<uint32_t>(v)));
  return buf;
}

// Seeds are 64-bit unsigned; SQLite integers are signed: the bits are kept.
int64_t SeedToSql(uint64_t seed) { return static_cast<int64_t>(seed); }
uint64_t SeedFromSql(int64_t v) { return static_cast<uint64_t>(v); }

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

// ---- Rulesets ----

Status Store::AddRuleset(const Ruleset& rules) {
  ANGLER_STMT(insert,
              "INSERT OR IGNORE INTO rulesets (hash, name, title, canonical_text, added) "
              "VALUES (?1, ?2, ?3, ?4, ?5)");
  insert.Bind(1, rules.content_hash)
      .Bind(2, rules.name)
      .Bind(3, rules.title)
      .Bind(4, rules.canonical_text)
      .Bind(5, Now());
  return insert.Run("storing ruleset " + rules.name + " " + rules.content_hash);
}

Result<RulesetPtr> Store::RulesetByHash(const std::string& hash) {
  if (auto it = rulesets_.find(hash); it != rulesets_.end()) return it->second;
  ANGLER_STMT(select, "SELECT name, canonical_text FROM rulesets WHERE hash = ?1");
  select.Bind(1, hash);
  Result<bool> row = select.Step("reading ruleset " + hash);
  if (!row) return row.errors();
  if (!row.value()) return Error("no ruleset with content hash " + hash);
  const std::string name = select.Text(0);
  const std::string text = select.Text(1);
  select.Reset();
  Result<RulesetPtr> rules =
      LoadRulesetText(name + "@" + hash, text, "", FormerRulesetKeys());
  if (!rules) {
    std::vector<Diagnostic> errors = rules.errors();
    errors.insert(errors.begin(), Error("stored ruleset " + name + " " + hash +
                                        " no longer loads with this angler:"));
    return errors;
  }
  if (rules.value()->content_hash != hash) {
    return Error("stored ruleset " + name + " " + hash + " loads with content hash " +
                 rules.value()->content_hash + " now (the canonical form changed)");
  }
  rulesets_[hash] = rules.value();
  return rules.value();
}

Result<bool> Store::HasRuleset(const std::string& hash) {
  if (rulesets_.count(hash)) return true;
  ANGLER_STMT(select, "SELECT 1 FROM rulesets WHERE hash = ?1");
  select.Bind(1, hash);
  Result<bool> row = select.Step("looking up ruleset " + hash);
  select.Reset();
  return row;
}

Result<RulesetPtr> Store::RulesetFor(const std::string& name, const std::string& hash) {
  if (auto it = rulesets_.find(hash); it != rulesets_.end()) return it->second;
  ANGLER_STMT(select, "SELECT 1 FROM rulesets WHERE hash = ?1");
  select.Bind(1, hash);
  Result<bool> row = select.Step("looking up ruleset " + hash);
  if (!row) return row.errors();
  select.Reset();
  if (row.value()) return RulesetByHash(hash);
  Result<RulesetPtr> current = LoadRuleset(name);
  if (!current) {
    return Diagnostic({}, "unknown ruleset hash " + hash +
                              ": the store does not have it and " + "no ruleset named '" +
                              name + "' loads");
  }
  if (current.value()->content_hash != hash) {
    return Diagnostic({}, "unknown ruleset hash " + hash +
                              ": the store does not have it and " + "the current " +
                              name + " is " + current.value()->content_hash);
  }
  rulesets_[hash] = current.value();
  return current.value();
}

Result<std::vector<StoredRuleset>> Store::Rulesets() {
  ANGLER_STMT(select,
              "SELECT r.hash, r.name, r.title, "
              "(SELECT count(*) FROM games g WHERE g.ruleset_hash = r.hash) "
              "FROM rulesets r ORDER BY r.name, r.added");
  std::vector<StoredRuleset> out;
  while (true) {
    Result<bool> row = select.Step("listing rulesets");
    if (!row) return row.errors();
    if (!row.value()) break;
    out.push_back({select.Text(0), select.Text(1), select.Text(2), select.Int(3)});
  }
  return out;
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
  if (v.ply < 0 || v.ply > static_cast<int>(record.actions.size())) {
    return Diagnostic(
        {}, where + ": the game has plies 0 to " + std::to_string(record.actions.size()));
  }
  if (v.actions.empty()) return Diagnostic({}, where + ": no moves");
  Result<State> start = PositionAt(game, record, v.ply);
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

Status Store::InsertVariation(int64_t game, const Variation& v, int64_t created,
                              int64_t* id, bool keep_id) {
  ANGLER_STMT(insert,
              "INSERT INTO variations (id, game_id, ply, created) VALUES (?4, ?1, ?2, "
              "?3)");
  insert.Bind(1, game).Bind(2, v.ply).Bind(3, created);
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
                "INSERT INTO seats (game_id, seat, name, rank, winner) "
                "VALUES (?1, ?2, ?3, ?4, ?5)");
    for (int p = 0; p < record.players_count(); ++p) {
      const bool won = std::find(record.winners.begin(), record.winners.end(), p) !=
                       record.winners.end();
      insert.Bind(1, id)
          .Bind(2, p)
          .Bind(3, record.players[static_cast<size_t>(p)])
          .Bind(4, record.ranks[static_cast<size_t>(p)])
          .Bind(5, won ? 1 : 0);
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
  for (const Variation& v : record.variations) {
    int64_t vid = 0;
    if (Status st = InsertVariation(id, v, created, &vid, id_wanted > 0); !st)
      return st.errors();
  }
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return id;
}

Result<int64_t> Store::RecordGame(const Game& game, std::span<const Action> actions,
                                  std::vector<std::string> players,
                                  std::optional<uint64_t> seed, std::string source) {
  Result<GameRecord> record =
      MakeGameRecord(game, actions, std::move(players), seed, std::move(source));
  if (!record) return record.errors();
  return AddReplayedGame(game.rules(), record.value());
}

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

}  // namespace

Result<GameRecord> Store::LoadGame(int64_t id) {
  const std::string game = "game " + std::to_string(id);
  GameRecord record;
  record.id = id;
  size_t plies = 0;
  {
    ANGLER_STMT(
        select,
        "SELECT g.ruleset_hash, r.name, g.player_count, g.seed, g.source, g.created, "
        "g.plies, g.finished, g.result FROM games g JOIN rulesets r ON r.hash = "
        "g.ruleset_hash WHERE g.id = ?1");
    select.Bind(1, id);
    Result<bool> row = select.Step("reading " + game);
    if (!row) return row.errors();
    if (!row.value()) return Error("no " + game);
    record.ruleset_hash = select.Text(0);
    record.ruleset_name = select.Text(1);
    record.players.resize(static_cast<size_t>(select.Int(2)));
    if (!select.IsNull(3)) record.seed = SeedFromSql(select.Int(3));
    record.source = select.Text(4);
    record.created = select.Int(5);
    plies = static_cast<size_t>(select.Int(6));
    record.actions.reserve(plies);
    record.finished = select.Int(7) != 0;
    record.result = select.Text(8);
    select.Reset();
  }
  {
    ANGLER_STMT(
        select,
        "SELECT seat, name, rank, winner FROM seats WHERE game_id = ?1 ORDER BY seat");
    select.Bind(1, id);
    record.ranks.assign(record.players.size(), 0);
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
      ++seen;
    }
    if (seen != record.players.size()) {
      return Error(game + ": " + std::to_string(seen) + " player rows for " +
                   std::to_string(record.players.size()) + " players (a damaged store?)");
    }
  }
  {
    ANGLER_STMT(
        select,
        "SELECT ply, kind, actor, value, legal, seed FROM actions WHERE game_id = ?1 "
        "ORDER BY ply");
    select.Bind(1, id);
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
  }
  {
    ANGLER_STMT(select,
                "SELECT id, ply FROM variations WHERE game_id = ?1 ORDER BY ply, id");
    select.Bind(1, id);
    while (true) {
      Result<bool> row = select.Step("reading the variations of " + game);
      if (!row) return row.errors();
      if (!row.value()) break;
      Variation v;
      v.id = select.Int(0);
      v.ply = static_cast<int>(select.Int(1));
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
  {
    ANGLER_STMT(select,
                "SELECT variation_id, ply, glyph, comment, author FROM annotations "
                "WHERE game_id = ?1 ORDER BY variation_id, ply");
    select.Bind(1, id);
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
  }
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
    g.players.resize(static_cast<size_t>(q.Int(3)));
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

Status Store::ForEachGame(
    const GameFilter& filter,
    const std::function<Status(const GameSummary&, std::span<const RecordedAction>)>&
        visit) {
  GameFilter all = filter;
  all.limit = 0;
  Result<std::vector<GameSummary>> games = ListGames(all);
  if (!games) return games.errors();
  ANGLER_STMT(
      select,
      "SELECT ply, kind, actor, value, legal, seed FROM actions WHERE game_id = ?1 "
      "ORDER BY ply");
  std::vector<RecordedAction> actions;
  for (const GameSummary& g : games.value()) {
    actions.clear();
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

// ---- Annotations and variations ----

Status Store::Annotate(int64_t game, int ply, std::optional<std::string> comment,
                       std::optional<std::string> glyph, int64_t variation) {
  const std::string where = "game " + std::to_string(game);
  if (glyph && !glyph->empty() && !IsGlyph(*glyph)) {
    return Diagnostic({}, "'" + *glyph + "' is not a glyph: use one of ! ? !! ?? !? ?!");
  }
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  int first = 0, last = 0;
  if (variation == 0) {
    ANGLER_STMT(select, "SELECT plies FROM games WHERE id = ?1");
    select.Bind(1, game);
    Result<bool> row = select.Step("reading " + where);
    if (!row) return row.errors();
    if (!row.value()) return Error("no " + where);
    last = static_cast<int>(select.Int(0));
    select.Reset();
  } else {
    ANGLER_STMT(
        select,
        "SELECT v.ply, (SELECT count(*) FROM variation_actions a WHERE "
        "a.variation_id = v.id) FROM variations v WHERE v.id = ?1 AND v.game_id = ?2");
    select.Bind(1, variation).Bind(2, game);
    Result<bool> row = select.Step("reading variation " + std::to_string(variation));
    if (!row) return row.errors();
    if (!row.value()) {
      return Error(where + " has no variation " + std::to_string(variation));
    }
    first = static_cast<int>(select.Int(0));
    last = first + static_cast<int>(select.Int(1));
    select.Reset();
  }
  if (ply < first || ply > last) {
    return Diagnostic({}, where + ": ply " + std::to_string(ply) + " is out of range (" +
                              std::to_string(first) + " to " + std::to_string(last) +
                              ")");
  }
  if (ply == first && glyph && !glyph->empty()) {
    return Diagnostic({}, where + ": a glyph goes on a move; ply " + std::to_string(ply) +
                              " is the start of the line");
  }
  Annotation a{ply, comment.value_or(""), glyph.value_or("")};
  if (!comment || !glyph) {
    ANGLER_STMT(select,
                "SELECT glyph, comment, author FROM annotations WHERE game_id = ?1 AND "
                "variation_id = ?2 AND ply = ?3");
    select.Bind(1, game).Bind(2, variation).Bind(3, ply);
    Result<bool> row = select.Step("reading an annotation");
    if (!row) return row.errors();
    // A person's edit keeps the rest of a person's note, not of a bot's.
    if (row.value() && select.Text(2).empty()) {
      if (!glyph) a.glyph = select.Text(0);
      if (!comment) a.comment = select.Text(1);
    }
    select.Reset();
  }
  if (a.glyph.empty() && a.comment.empty()) {
    ANGLER_STMT(del,
                "DELETE FROM annotations WHERE game_id = ?1 AND variation_id = ?2 AND "
                "ply = ?3");
    del.Bind(1, game).Bind(2, variation).Bind(3, ply);
    if (Status st = del.Run("removing an annotation"); !st) return st;
  } else if (Status st = InsertAnnotation(game, variation, a); !st) {
    return st;
  }
  return txn.value().Commit();
}

std::optional<int64_t> SameLine(const GameRecord& record, const Variation& v) {
  const auto starts_with = [&](std::span<const RecordedAction> line, size_t from) {
    if (line.size() < from + v.actions.size()) return false;
    return std::equal(v.actions.begin(), v.actions.end(), line.begin() + from,
                      [](const RecordedAction& a, const RecordedAction& b) {
                        return a.action == b.action;
                      });
  };
  if (starts_with(record.actions, static_cast<size_t>(v.ply))) return 0;
  for (const Variation& other : record.variations) {
    if (other.ply == v.ply && starts_with(other.actions, 0)) return other.id;
  }
  return std::nullopt;
}

Result<std::vector<bool>> Store::ReplaceBotAnnotations(int64_t game,
                                                       std::span<const int64_t> lines,
                                                       std::span<const BotNote> notes,
                                                       const std::string& author) {
  if (author.empty()) return Diagnostic({}, "a bot's annotations need its name");
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  ANGLER_STMT(del,
              "DELETE FROM annotations WHERE game_id = ?1 AND variation_id = ?2 AND "
              "author <> ''");
  for (int64_t line : lines) {
    del.Bind(1, game).Bind(2, line);
    if (Status st = del.Run("removing a bot's annotations"); !st) return st.errors();
  }
  std::vector<bool> stored;
  for (const BotNote& n : notes) {
    Result<std::optional<std::string>> by =
        AnnotationAuthor(game, n.note.ply, n.variation);
    if (!by) return by.errors();
    stored.push_back(!by.value().has_value());
    if (!stored.back()) continue;
    Annotation note = n.note;
    note.author = author;
    if (Status st = InsertAnnotation(game, n.variation, note); !st) {
      return st.errors();
    }
  }
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return stored;
}

Result<std::optional<std::string>> Store::AnnotationAuthor(int64_t game, int ply,
                                                           int64_t variation) {
  ANGLER_STMT(select,
              "SELECT author FROM annotations WHERE game_id = ?1 AND variation_id = ?2 "
              "AND ply = ?3");
  select.Bind(1, game).Bind(2, variation).Bind(3, ply);
  Result<bool> row = select.Step("reading an annotation");
  if (!row) return row.errors();
  std::optional<std::string> author;
  if (row.value()) author = select.Text(0);
  select.Reset();
  return author;
}

Result<int64_t> Store::AddVariation(int64_t game, const Variation& variation) {
  Result<GameRecord> record = LoadGame(game);
  if (!record) return record.errors();
  Result<RulesetPtr> rules = RulesetByHash(record.value().ruleset_hash);
  if (!rules) return rules.errors();
  const Game g(*rules.value(), record.value().players_count());
  if (Status st = CheckVariation(g, record.value(), variation); !st) {
    return Diagnostic({}, "game " + std::to_string(game) + ", " + st.error().message);
  }
  // Stored once: the same moves again are the line that has them.
  if (std::optional<int64_t> same = SameLine(record.value(), variation)) {
    if (*same > 0) return *same;
    return Diagnostic(
        {}, "game " + std::to_string(game) + ": the main line plays " +
                (variation.actions.size() == 1 ? "this move" : "these moves") +
                " from ply " + std::to_string(variation.ply) + "; nothing stored");
  }
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  int64_t id = 0;
  if (Status st = InsertVariation(game, variation, Now(), &id); !st) return st.errors();
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return id;
}

// ---- Scenario runs ----

Result<std::optional<ScenarioRun>> Store::LastScenarioRun(const std::string& file,
                                                          const std::string& title) {
  ANGLER_STMT(
      select,
      "SELECT s.run_id, c.time, s.ruleset_hash, s.passed, s.message FROM "
      "scenario_runs s JOIN check_runs c ON c.id = s.run_id WHERE s.file = ?1 AND "
      "s.title = ?2 ORDER BY s.run_id DESC LIMIT 1");
  select.Bind(1, file).Bind(2, title);
  Result<bool> row = select.Step("reading the last run of scenario '" + title + "'");
  if (!row) return row.errors();
  if (!row.value()) return std::optional<ScenarioRun>();
  ScenarioRun run;
  run.file = file;
  run.title = title;
  run.run_id = select.Int(0);
  run.time = select.Int(1);
  run.ruleset_hash = select.Text(2);
  run.passed = select.Int(3) != 0;
  run.message = select.Text(4);
  select.Reset();
  return std::optional<ScenarioRun>(std::move(run));
}

Result<std::vector<ScenarioHistory>> Store::RecordScenarioRuns(
    std::vector<ScenarioRun> runs) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const ScenarioRun& r : runs) {
    if (!seen.insert({r.file, r.title}).second) {
      return Diagnostic({}, r.file + ": two scenarios titled '" + r.title +
                                "' in one run; titles must differ within a file");
    }
  }
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  const int64_t time = Now();
  {
    ANGLER_STMT(insert, "INSERT INTO check_runs (time) VALUES (?1)");
    insert.Bind(1, time);
    if (Status st = insert.Run("storing a check run"); !st) return st.errors();
  }
  const int64_t run_id = db_.LastInsertId();
  std::vector<ScenarioHistory> outcomes;
  for (ScenarioRun& r : runs) {
    Result<std::optional<ScenarioRun>> previous = LastScenarioRun(r.file, r.title);
    if (!previous) return previous.errors();
    r.run_id = run_id;
    r.time = time;
    ANGLER_STMT(insert,
                "INSERT INTO scenario_runs (file, title, run_id, ruleset_hash, passed, "
                "message) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    insert.Bind(1, r.file)
        .Bind(2, r.title)
        .Bind(3, run_id)
        .Bind(4, r.ruleset_hash)
        .Bind(5, r.passed ? 1 : 0)
        .Bind(6, r.message);
    if (Status st = insert.Run("storing the run of scenario '" + r.title + "'"); !st) {
      return st.errors();
    }
    outcomes.push_back({std::move(r), std::move(previous).value()});
  }
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return outcomes;
}

#undef ANGLER_STMT

}  // namespace angler
