// Store: deleting a variation, promoting one to the main line, and a game
// played on from where it was stored.
#include <algorithm>

#include "replay/store.h"
#include "replay/store_statement.h"

namespace angler {
namespace {

// The main line after `v` is promoted: the moves before its ply, then its
// moves. Returns the moves it replaces as a variation, with their annotations.
Variation Promote(GameRecord& record, const Variation& v) {
  const size_t from = static_cast<size_t>(v.ply);
  Variation demoted;
  demoted.ply = v.ply;
  demoted.actions.assign(record.actions.begin() + static_cast<std::ptrdiff_t>(from),
                         record.actions.end());
  std::vector<Annotation> kept;
  for (const Annotation& a : record.annotations) {
    (a.ply > v.ply ? demoted.annotations : kept).push_back(a);
  }
  record.actions.resize(from);
  record.actions.insert(record.actions.end(), v.actions.begin(), v.actions.end());
  // The variation's comment on itself goes to its first move: the main line
  // has no place for a comment on a line from the middle.
  std::string line_comment;
  for (const Annotation& a : v.annotations) {
    if (a.ply == v.ply) line_comment = a.comment;
  }
  for (Annotation a : v.annotations) {
    if (a.ply <= v.ply) continue;
    if (a.ply == v.ply + 1 && !line_comment.empty()) {
      a.comment = a.comment.empty() ? line_comment : line_comment + " " + a.comment;
      line_comment.clear();
    }
    kept.push_back(a);
  }
  if (!line_comment.empty()) kept.push_back({v.ply + 1, line_comment, ""});
  std::sort(kept.begin(), kept.end(),
            [](const Annotation& a, const Annotation& b) { return a.ply < b.ply; });
  record.annotations = std::move(kept);
  return demoted;
}

}  // namespace

Status Store::DeleteVariation(int64_t game, int64_t variation) {
  const std::string which =
      "game " + std::to_string(game) + ": variation " + std::to_string(variation);
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  {
    ANGLER_STMT(remove, "DELETE FROM variations WHERE id = ?1 AND game_id = ?2");
    remove.Bind(1, variation).Bind(2, game);
    if (Status st = remove.Run("deleting " + which); !st) return st;
  }
  if (db_.Changes() == 0) return Error("no " + which);
  {
    ANGLER_STMT(remove,
                "DELETE FROM annotations WHERE game_id = ?1 AND variation_id = ?2");
    remove.Bind(1, game).Bind(2, variation);
    if (Status st = remove.Run("deleting the annotations of " + which); !st) return st;
  }
  return txn.value().Commit();
}

Result<int64_t> Store::PromoteVariation(int64_t game, int64_t variation) {
  const std::string name = "game " + std::to_string(game);
  Result<GameRecord> loaded = LoadGame(game);
  if (!loaded) return loaded.errors();
  GameRecord record = std::move(loaded).value();
  auto it = std::find_if(record.variations.begin(), record.variations.end(),
                         [&](const Variation& v) { return v.id == variation; });
  if (it == record.variations.end()) {
    return Error("no " + name + ": variation " + std::to_string(variation));
  }
  const Variation v = *it;
  for (const Variation& other : record.variations) {
    if (other.id != v.id && other.ply > v.ply) {
      return Diagnostic({}, name + ": variation " + std::to_string(other.id) +
                                " branches from ply " + std::to_string(other.ply) +
                                ", inside the moves variation " + std::to_string(v.id) +
                                " would replace; delete or promote it first");
    }
  }
  Result<RulesetPtr> rules = RulesetByHash(record.ruleset_hash);
  if (!rules) return rules.errors();
  const Game g(*rules.value(), record.players_count());
  Variation demoted = Promote(record, v);
  demoted.id = v.id;  // the two swap
  if (demoted.actions.empty()) {
    record.variations.erase(it);
  } else {
    *it = demoted;
  }
  Result<std::vector<State>> line = Positions(g, record);
  if (!line) return Diagnostic({}, name + ": " + line.error().message);
  SetOutcome(g, line.value().back(), record);

  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  {
    ANGLER_STMT(remove, "DELETE FROM games WHERE id = ?1");
    remove.Bind(1, game);
    if (Status st = remove.Run("replacing " + name); !st) return st.errors();
  }
  Result<int64_t> same = InsertGame(*rules.value(), record, game);
  if (!same) return same.errors();
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return demoted.actions.empty() ? 0 : v.id;
}

Result<int64_t> Store::ContinueGame(int64_t id, const Game& game,
                                    std::span<const Action> actions) {
  const std::string name = "game " + std::to_string(id);
  Result<GameRecord> loaded = LoadGame(id);
  if (!loaded) return loaded.errors();
  const GameRecord& stored = loaded.value();
  if (stored.ruleset_hash != game.rules().content_hash ||
      stored.players_count() != game.players()) {
    return Error(name + " was played under other rules or by another number of players");
  }
  const bool extends =
      actions.size() >= stored.actions.size() &&
      std::equal(stored.actions.begin(), stored.actions.end(), actions.begin(),
                 [](const RecordedAction& r, const Action& a) { return r.action == a; });
  if (!extends) {
    return Error(name + ": the new moves do not continue its stored moves");
  }
  Result<GameRecord> record =
      MakeGameRecord(game, actions, stored.players, stored.seed, stored.source);
  if (!record) return Diagnostic({}, name + ": " + record.error().message);
  GameRecord& next = record.value();
  next.created = stored.created;
  next.played_by = stored.played_by;
  next.annotations = stored.annotations;
  next.variations = stored.variations;
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  {
    ANGLER_STMT(remove, "DELETE FROM games WHERE id = ?1");
    remove.Bind(1, id);
    if (Status st = remove.Run("replacing " + name); !st) return st.errors();
  }
  Result<int64_t> same = InsertGame(game.rules(), next, id);
  if (!same) return same.errors();
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return id;
}

}  // namespace angler
