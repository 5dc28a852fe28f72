#include "replay/sqlite.h"

#include <cstdio>

namespace angler::sql {

Result<Database> Database::Open(const std::string& path, bool create) {
  sqlite3* raw = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) |
                    SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  // The handle exists even when opening failed, so its message can be read.
  Database db(raw, path);
  if (rc != SQLITE_OK) {
    if (raw == nullptr) {
      return Diagnostic({}, "store " + path + ": cannot open: out of memory");
    }
    return db.Error("cannot open", rc);
  }
  sqlite3_extended_result_codes(raw, 1);
  return db;
}

namespace {

// `path` as an SQLite URI ("file:" + the path with ? # % escaped).
std::string FileUri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '?' || c == '#' || c == '%') {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
      uri += hex;
    } else {
      uri += c;
    }
  }
  return uri;
}

}  // namespace

Result<Database> Database::OpenReadOnly(const std::string& path, bool immutable) {
  sqlite3* raw = nullptr;
  const std::string uri = FileUri(path) + (immutable ? "?immutable=1" : "");
  const int rc = sqlite3_open_v2(
      uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI,
      nullptr);
  Database db(raw, path);
  if (rc != SQLITE_OK) {
    if (raw == nullptr) {
      return Diagnostic({}, "store " + path + ": cannot open: out of memory");
    }
    return db.Error("cannot open to read", rc);
  }
  sqlite3_extended_result_codes(raw, 1);
  return db;
}

Diagnostic Database::Error(std::string_view doing) const {
  return Error(doing, sqlite3_extended_errcode(db_.get()));
}

Diagnostic Database::Error(std::string_view doing, int code) const {
  std::string message = "store " + path_ + ": " + std::string(doing) + ": ";
  // The connection's message tells its own last failure; a code it did not
  // record (a value a statement refused to bind) is told by the code alone.
  const bool recorded = db_ && (sqlite3_errcode(db_.get()) == code ||
                                sqlite3_extended_errcode(db_.get()) == code);
  message += recorded ? sqlite3_errmsg(db_.get()) : sqlite3_errstr(code);
  message += " (SQLite error " + std::to_string(code) + ")";
  return Diagnostic({}, std::move(message));
}

Status Database::Exec(std::string_view sql, std::string_view doing) {
  const std::string text(sql);
  const int rc = sqlite3_exec(db_.get(), text.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(doing, rc);
  return Ok();
}

Result<int64_t> Database::QueryInt(std::string_view sql, std::string_view doing) {
  Result<Statement> stmt = Statement::Prepare(*this, sql);
  if (!stmt) return stmt.errors();
  Result<bool> row = stmt.value().Step(doing);
  if (!row) return row.errors();
  if (!row.value())
    return Diagnostic(
        {}, "store " + path_ + ": " + std::string(doing) + ": the query returned no row");
  return stmt.value().Int(0);
}

Result<Statement> Statement::Prepare(Database& db, std::string_view sql) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                    &raw, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(raw);
    return db.Error("preparing '" + std::string(sql.substr(0, 60)) + "'", rc);
  }
  return Statement(db, raw);
}

void Statement::NoteBind(int rc) {
  if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
}

Statement& Statement::Bind(int i, int64_t v) {
  NoteBind(sqlite3_bind_int64(stmt_.get(), i, v));
  return *this;
}

Statement& Statement::Bind(int i, std::string_view text) {
  NoteBind(sqlite3_bind_text(stmt_.get(), i, text.data(), static_cast<int>(text.size()),
                             SQLITE_TRANSIENT));
  return *this;
}

Statement& Statement::BindNull(int i) {
  NoteBind(sqlite3_bind_null(stmt_.get(), i));
  return *this;
}

Result<bool> Statement::Step(std::string_view doing) {
  if (bind_error_ != SQLITE_OK) {
    const int rc = bind_error_;
    bind_error_ = SQLITE_OK;
    Reset();
    return db_->Error(std::string(doing) + " (binding a value)", rc);
  }
  const int rc = sqlite3_step(stmt_.get());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  Diagnostic error = db_->Error(doing, rc);
  Reset();
  return error;
}

Status Statement::Run(std::string_view doing) {
  while (true) {
    Result<bool> row = Step(doing);
    if (!row) return row.errors();
    if (!row.value()) break;
  }
  Reset();
  return Ok();
}

void Statement::Reset() {
  sqlite3_reset(stmt_.get());
  sqlite3_clear_bindings(stmt_.get());
  bind_error_ = SQLITE_OK;
}

bool Statement::IsNull(int col) const {
  return sqlite3_column_type(stmt_.get(), col) == SQLITE_NULL;
}

int64_t Statement::Int(int col) const { return sqlite3_column_int64(stmt_.get(), col); }

std::string Statement::Text(int col) const {
  const unsigned char* text = sqlite3_column_text(stmt_.get(), col);
  if (text == nullptr) return "";
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<size_t>(sqlite3_column_bytes(stmt_.get(), col)));
}

Result<Transaction> Transaction::Begin(Database& db) {
  const int level = db.depth_ + 1;
  const std::string sql =
      level == 1 ? "BEGIN IMMEDIATE" : "SAVEPOINT angler_" + std::to_string(level);
  if (Status begun = db.Exec(sql, "beginning a transaction"); !begun)
    return begun.errors();
  db.depth_ = level;
  return Transaction(db, level);
}

Status Transaction::Commit() {
  if (!open_)
    return Diagnostic({}, "store " + db_->path() + ": commit of a closed transaction");
  const std::string sql =
      level_ == 1 ? "COMMIT" : "RELEASE angler_" + std::to_string(level_);
  // A failed COMMIT (say, SQLITE_BUSY) leaves the transaction open: the
  // destructor then rolls it back, so nothing half-written remains.
  if (Status done = db_->Exec(sql, "committing"); !done) return done;
  open_ = false;
  db_->depth_ = level_ - 1;
  return Ok();
}

void Transaction::Rollback() noexcept {
  if (level_ == 1) {
    sqlite3_exec(db_->handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  } else {
    // No allocation here: this runs in a destructor, which must not throw.
    char sql[80];
    std::snprintf(sql, sizeof sql, "ROLLBACK TO angler_%d; RELEASE angler_%d", level_,
                  level_);
    sqlite3_exec(db_->handle(), sql, nullptr, nullptr, nullptr);
  }
  open_ = false;
  db_->depth_ = level_ - 1;
}

Transaction::~Transaction() {
  if (open_) Rollback();
}

}  // namespace angler::sql
