// Store: annotations, a bot's analysis notes, variations added, deleted and
// promoted to the main line, and a game played on from where it was stored.
#include <algorithm>

#include "replay/store.h"
#include "replay/store_statement.h"

namespace angler {
using store_internal::Now;
namespace {

// One line of a record, to change in place: the main line or a variation.
struct LineParts {
  std::vector<RecordedAction>* actions;
  std::vector<Annotation>* annotations;
  int start;  // the ply it starts after
};

LineParts PartsOf(GameRecord& record, int64_t line) {
  for (Variation& v : record.variations) {
    if (v.id == line) return {&v.actions, &v.annotations, v.ply};
  }
  return {&record.actions, &record.annotations, 0};
}

// Swaps variation `v` with its parent line from v's ply on: the parent line
// plays v's moves, v holds the moves they replace. Annotations go with their
// moves (v's comment on itself goes to its first move: a line has no place
// for a comment from the middle), and so do the variations that branch
// inside them. REQUIRES: v is in record.variations.
void SwapWithParent(GameRecord& record, Variation& v) {
  const LineParts parent = PartsOf(record, v.parent);
  const auto from = static_cast<std::ptrdiff_t>(v.ply - parent.start);
  std::vector<RecordedAction> replaced(parent.actions->begin() + from,
                                       parent.actions->end());
  std::vector<Annotation> kept, demoted;
  for (const Annotation& a : *parent.annotations) {
    (a.ply > v.ply ? demoted : kept).push_back(a);
  }
  parent.actions->resize(static_cast<size_t>(from));
  parent.actions->insert(parent.actions->end(), v.actions.begin(), v.actions.end());
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
  *parent.annotations = std::move(kept);
  for (Variation& x : record.variations) {
    if (&x == &v) continue;
    if (x.parent == v.parent && x.ply > v.ply) {
      x.parent = v.id;  // it branched inside the replaced moves
    } else if (x.parent == v.id) {
      x.parent = v.parent;  // its moves are the parent line's now
    }
  }
  v.actions = std::move(replaced);
  v.annotations = std::move(demoted);
}

}  // namespace

Result<int> Store::DeleteVariation(int64_t game, int64_t variation) {
  const std::string which =
      "game " + std::to_string(game) + ": variation " + std::to_string(variation);
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  std::vector<std::pair<int64_t, int64_t>> lines;  // (id, parent) of the game's
  {
    ANGLER_STMT(select, "SELECT id, parent_id FROM variations WHERE game_id = ?1");
    select.Bind(1, game);
    while (true) {
      Result<bool> row = select.Step("reading the variations of " + which);
      if (!row) return row.errors();
      if (!row.value()) break;
      lines.emplace_back(select.Int(0), select.Int(1));
    }
  }
  if (std::none_of(lines.begin(), lines.end(),
                   [&](const auto& l) { return l.first == variation; })) {
    return Error("no " + which);
  }
  // The variation, then every line that branches from one already taken.
  std::vector<int64_t> doomed{variation};
  for (size_t i = 0; i < doomed.size(); ++i) {
    for (const auto& [id, parent] : lines) {
      if (parent == doomed[i]) doomed.push_back(id);
    }
  }
  ANGLER_STMT(remove, "DELETE FROM variations WHERE id = ?1 AND game_id = ?2");
  ANGLER_STMT(remove_notes,
              "DELETE FROM annotations WHERE game_id = ?1 AND variation_id = ?2");
  for (int64_t id : doomed) {
    remove.Bind(1, id).Bind(2, game);
    if (Status st = remove.Run("deleting " + which); !st) return st.errors();
    remove_notes.Bind(1, game).Bind(2, id);
    if (Status st = remove_notes.Run("deleting the annotations of " + which); !st)
      return st.errors();
  }
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return static_cast<int>(doomed.size()) - 1;
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
  Result<RulesetPtr> rules = RulesetByHash(record.ruleset_hash);
  if (!rules) return rules.errors();
  const Game g(*rules.value(), record.players_count());
  SwapWithParent(record, *it);
  const bool emptied = it->actions.empty();  // it branched at its parent's end
  if (emptied) record.variations.erase(it);
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
  return emptied ? 0 : variation;
}

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

StoredPrefix SkipStoredMoves(const GameRecord& record, Variation v) {
  StoredPrefix out;
  const int branch = v.ply;
  while (!v.actions.empty()) {
    const Action& next = v.actions.front().action;
    // The line's own move from this position: the variation starts a ply later.
    const Variation* line = record.FindVariation(v.parent);
    const std::vector<RecordedAction>& own = line ? line->actions : record.actions;
    const size_t at = static_cast<size_t>(v.ply - (line ? line->ply : 0));
    bool stored = at < own.size() && own[at].action == next;
    // Else a variation from this position that begins with it: followed into.
    for (size_t k = 0; !stored && k < record.variations.size(); ++k) {
      const Variation& other = record.variations[k];
      if (other.parent == v.parent && other.ply == v.ply && !other.actions.empty() &&
          other.actions.front().action == next) {
        v.parent = other.id;
        out.into_variation = true;
        stored = true;
      }
    }
    if (!stored) break;
    v.actions.erase(v.actions.begin());
    ++v.ply;
  }
  // The notes on the moves stored already go with them; a note on the line as
  // a whole (at its branch ply) moves to where it now branches.
  if (v.ply != branch) {
    std::erase_if(v.annotations,
                  [&](const Annotation& a) { return a.ply > branch && a.ply <= v.ply; });
    for (Annotation& a : v.annotations) {
      if (a.ply == branch) a.ply = v.ply;
    }
  }
  out.rest = std::move(v);
  return out;
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

Result<int64_t> Store::AddVariation(int64_t game, const Variation& branch,
                                    StoredPrefix* decided) {
  Result<GameRecord> record = LoadGame(game);
  if (!record) return record.errors();
  if (branch.parent != 0 && !record.value().FindVariation(branch.parent)) {
    return Diagnostic({}, "game " + std::to_string(game) + " has no variation " +
                              std::to_string(branch.parent));
  }
  // A branch at or before its line's own first move hangs from the line
  // that has that position.
  Variation variation = branch;
  variation.parent = record.value().LineAt(branch.parent, branch.ply);
  Result<RulesetPtr> rules = RulesetByHash(record.value().ruleset_hash);
  if (!rules) return rules.errors();
  const Game g(*rules.value(), record.value().players_count());
  if (Status st = CheckVariation(g, record.value(), variation); !st) {
    return Diagnostic({}, "game " + std::to_string(game) + ", " + st.error().message);
  }
  // Stored once: the moves a line has already are that line's, and only the
  // rest is stored, from where they part.
  StoredPrefix stored = SkipStoredMoves(record.value(), variation);
  if (decided) *decided = stored;
  if (stored.rest.actions.empty()) {
    if (stored.into_variation) return stored.rest.parent;  // the line that has them
    const std::string line = variation.parent == 0
                                 ? std::string("the main line")
                                 : "variation " + std::to_string(variation.parent);
    return Diagnostic(
        {}, "game " + std::to_string(game) + ": " + line + " plays " +
                (variation.actions.size() == 1 ? "this move" : "these moves") +
                " from ply " + std::to_string(variation.ply) + "; nothing stored");
  }
  Result<sql::Transaction> txn = sql::Transaction::Begin(db_);
  if (!txn) return txn.errors();
  int64_t id = 0;
  if (Status st = InsertVariation(game, stored.rest, stored.rest.parent, Now(), &id); !st)
    return st.errors();
  if (Status st = txn.value().Commit(); !st) return st.errors();
  return id;
}

Result<int64_t> Store::ContinueGame(int64_t id, const Game& game,
                                    std::span<const Action> actions,
                                    std::vector<std::string> played_by) {
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
  next.played_by = played_by.empty() ? stored.played_by : std::move(played_by);
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
