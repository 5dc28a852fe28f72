// A thin RAII layer over SQLite's C API, with errors as values.
//
// In the manner of SQLiteCpp: a Database owns its connection, a Statement its
// prepared statement, a Transaction its open transaction (rolled back by the
// destructor unless committed; the destructor never throws). Every error
// message names the database file and says what was being done.
//
// Transactions nest: the outermost is BEGIN IMMEDIATE (a writer takes the
// write lock at once, so it cannot deadlock with another writer half-way),
// the inner ones are savepoints. So a function that writes can always open its
// own Transaction, whether or not its caller has one open.
//
// REQUIRES: a Statement and a Transaction do not outlive their Database.
#ifndef ANGLER_REPLAY_SQLITE_H_
#define ANGLER_REPLAY_SQLITE_H_

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "dsl/source.h"

namespace angler::sql {

class Database {
 public:
  // Opens (creating if asked) the file; ":memory:" for a private in-memory one.
  static Result<Database> Open(const std::string& path, bool create);
  // Opens an existing file only to read it. `immutable`: SQLite takes no lock
  // and makes no -shm file, for a file nothing can change (its folder is not
  // writable), which a WAL database otherwise needs.
  static Result<Database> OpenReadOnly(const std::string& path, bool immutable);

  Database(Database&&) = default;
  Database& operator=(Database&&) = default;

  sqlite3* handle() const { return db_.get(); }
  const std::string& path() const { return path_; }

  // Runs one or more statements without results.
  Status Exec(std::string_view sql, std::string_view doing);
  // The single integer a query like "PRAGMA user_version" returns.
  Result<int64_t> QueryInt(std::string_view sql, std::string_view doing);

  // "store PATH: DOING: MESSAGE (CODE)": the connection's last error.
  Diagnostic Error(std::string_view doing) const;
  Diagnostic Error(std::string_view doing, int code) const;

  int64_t LastInsertId() const { return sqlite3_last_insert_rowid(db_.get()); }
  // Rows the last INSERT, UPDATE or DELETE changed.
  int64_t Changes() const { return sqlite3_changes(db_.get()); }

 private:
  friend class Transaction;
  struct Closer {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
  };
  Database(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
  int depth_ = 0;  // open Transactions
};

class Statement {
 public:
  static Result<Statement> Prepare(Database& db, std::string_view sql);

  Statement(Statement&&) = default;
  Statement& operator=(Statement&&) = default;

  // 1-based parameters. A failed bind is reported by the next Step().
  Statement& Bind(int i, int64_t v);
  Statement& Bind(int i, std::string_view text);
  Statement& BindNull(int i);

  // true when a row is ready, false when done.
  Result<bool> Step(std::string_view doing);
  // Steps to the end (a statement without rows), then resets for reuse.
  Status Run(std::string_view doing);
  // Ready for new bindings and a new Step().
  void Reset();

  bool IsNull(int col) const;
  int64_t Int(int col) const;
  std::string Text(int col) const;

 private:
  struct Finalizer {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
  };
  Statement(Database& db, sqlite3_stmt* stmt) : db_(&db), stmt_(stmt) {}
  void NoteBind(int rc);

  Database* db_;
  std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
  int bind_error_ = SQLITE_OK;
};

class Transaction {
 public:
  static Result<Transaction> Begin(Database& db);

  Transaction(Transaction&& other) noexcept
      : db_(other.db_), level_(other.level_), open_(other.open_) {
    other.open_ = false;
  }
  Transaction& operator=(Transaction&&) = delete;
  Transaction(const Transaction&) = delete;
  ~Transaction();

  // Makes the writes permanent (or, when nested, part of the enclosing one).
  Status Commit();

 private:
  Transaction(Database& db, int level) : db_(&db), level_(level) {}
  void Rollback() noexcept;

  Database* db_;
  int level_;  // 1: the outermost
  bool open_ = true;
};

}  // namespace angler::sql

#endif  // ANGLER_REPLAY_SQLITE_H_
