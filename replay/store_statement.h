// What the files that implement Store share: its cached prepared statements,
// the clock it stamps rows with, and seeds as SQL integers.
#ifndef ANGLER_REPLAY_STORE_STATEMENT_H_
#define ANGLER_REPLAY_STORE_STATEMENT_H_

#include <chrono>
#include <cstdint>

// A cached statement, or return its error from the enclosing function.
#define ANGLER_STMT(var, text)                     \
  Result<sql::Statement*> var##_or = Cached(text); \
  if (!var##_or) return var##_or.errors();         \
  sql::Statement& var = *var##_or.value();         \
  var.Reset()

namespace angler::store_internal {

// Seconds since 1970, UTC: when a row was written.
inline int64_t Now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Seeds are 64-bit unsigned; SQLite integers are signed: the bits are kept.
inline int64_t SeedToSql(uint64_t seed) { return static_cast<int64_t>(seed); }
inline uint64_t SeedFromSql(int64_t v) { return static_cast<uint64_t>(v); }

}  // namespace angler::store_internal

#endif  // ANGLER_REPLAY_STORE_STATEMENT_H_
