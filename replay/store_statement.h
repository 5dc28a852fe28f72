// The store's cached prepared statements, for the files that implement Store.
#ifndef ANGLER_REPLAY_STORE_STATEMENT_H_
#define ANGLER_REPLAY_STORE_STATEMENT_H_

// A cached statement, or return its error from the enclosing function.
#define ANGLER_STMT(var, text)                     \
  Result<sql::Statement*> var##_or = Cached(text); \
  if (!var##_or) return var##_or.errors();         \
  sql::Statement& var = *var##_or.value();         \
  var.Reset()

#endif  // ANGLER_REPLAY_STORE_STATEMENT_H_
