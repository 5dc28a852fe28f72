// Writing games into the store: each checked against its rules first, then
// stored with its seats, moves, variations and annotations in one
// transaction (FORMAT.md).
#include <algorithm>
#include <map>
#include <set>

#include "replay/format.h"
#include "replay/store.h"
#include "replay/store_statement.h"

namespace angler {
using store_internal::Now;
using store_internal::SeedToSql;

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
