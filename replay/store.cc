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
  const bool in_memory = InMemory(path);
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

Result<std::string> Store::PathAt(const std::string& db_flag) {
  if (!db_flag.empty()) return db_flag;
  return DefaultPath();
}

Result<std::unique_ptr<Store>> Store::OpenAt(const std::string& db_flag) {
  Result<std::string> path = PathAt(db_flag);
  if (!path) return path.errors();
  return Open(path.value());
}

namespace {

// A --db flag naming a file that is not there: the store it means is missing.
Status NamedStoreExists(const std::string& db_flag) {
  std::error_code ec;
  if (db_flag.empty() || Store::InMemory(db_flag) || fs::exists(db_flag, ec)) return Ok();
  return Diagnostic({}, "store " + db_flag +
                            ": no such file (a store is made by sim, play or check "
                            "with --record or --store, or by replay import)");
}

}  // namespace

Result<std::unique_ptr<Store>> Store::OpenExistingAt(const std::string& db_flag) {
  if (Status there = NamedStoreExists(db_flag); !there) return there.errors();
  return OpenAt(db_flag);
}

Result<std::unique_ptr<Store>> Store::OpenAtToRead(const std::string& db_flag) {
  if (Status there = NamedStoreExists(db_flag); !there) return there.errors();
  Result<std::string> at = PathAt(db_flag);
  if (!at) return at.errors();
  const std::string& path = at.value();
  std::error_code ec;
  const bool in_memory = InMemory(path);
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

}  // namespace angler
