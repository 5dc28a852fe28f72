// The store: an SQLite database of rulesets, game records, annotations,
// variations and scenario runs (replay/FORMAT.md describes its tables).
//
// Open() creates a new store, migrates an older schema and refuses a newer one
// or a file that is not an angler store. Every write runs in a transaction: on
// any error nothing of it remains. Writes inside a Batch join the batch's
// transaction, so a thousand games cost one commit. The database is in WAL
// mode: other processes may read while one writes.
//
// A Store is one connection: use it from one thread at a time.
#ifndef ANGLER_REPLAY_STORE_H_
#define ANGLER_REPLAY_STORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/loader.h"
#include "interpreter/ruleset.h"
#include "replay/record.h"
#include "replay/sqlite.h"

namespace angler {

// One row of `replay list`: a game without its actions.
struct GameSummary {
  int64_t id = 0;
  std::string ruleset_name;
  std::string ruleset_hash;
  std::vector<std::string> players;
  std::optional<uint64_t> seed;
  std::string source;
  int64_t created = 0;
  int plies = 0;
  bool finished = false;
  std::string result;
  std::vector<int64_t> ranks;
  std::vector<int> winners;
};

struct GameFilter {
  std::string ruleset;  // a ruleset's name or content hash; empty: any
  std::string player;   // a player's name; empty: any
  int64_t limit = 0;    // the most recent `limit` games; 0: all
};

struct StoredRuleset {
  std::string hash;
  std::string name;
  std::string title;
  int64_t games = 0;
};

// One scenario's outcome in one run of `angler check --store`.
struct ScenarioRun {
  std::string file;          // the scenario file, as the caller names it
  std::string title;         // the scenario's title; (file, title) is its key
  std::string ruleset_hash;  // what it ran against (empty if it did not load)
  bool passed = false;
  std::string message;  // why it failed; empty when it passed
  int64_t run_id = 0;   // filled by the store
  int64_t time = 0;     // unix seconds; filled by the store
};

struct ScenarioHistory {
  ScenarioRun run;
  std::optional<ScenarioRun> previous;  // the last run before this one, if any

  // Passed last time, fails now: what `check --store` reports.
  bool Regressed() const { return previous && previous->passed && !run.passed; }
  bool Fixed() const { return previous && !previous->passed && run.passed; }
};

// Variation v less the moves that `record` already has from v's position:
// those v's parent line plays itself, and those of a stored variation from
// the same line and ply that begins with v's move, followed into (and so on
// down). `rest` is what is left, hung where the stored moves end (no moves
// left: `rest.parent` has them all); `into_variation` says whether a stored
// variation was followed into, rather than the parent line alone.
struct StoredPrefix {
  Variation rest;
  bool into_variation = false;
};
StoredPrefix SkipStoredMoves(const GameRecord& record, Variation v);

class Store {
 public:
  // $ANGLER_DB, else $XDG_DATA_HOME/angler/angler.db, else
  // ~/.local/share/angler/angler.db. An error when none can be formed.
  static Result<std::string> DefaultPath();
  // The path a --db flag names: the flag, or DefaultPath() when it is empty.
  static Result<std::string> PathAt(const std::string& db_flag);
  // A store kept by SQLite apart from any plain file (":memory:", "file:" URIs).
  static bool InMemory(const std::string& path) {
    return path == ":memory:" || path.rfind("file:", 0) == 0;
  }

  // Opens the store at `path` (":memory:" for a private one), creating it and
  // its folder on first use.
  static Result<std::unique_ptr<Store>> Open(const std::string& path);
  // Open(db_flag), or Open(DefaultPath()) when db_flag is empty: what a
  // command with a --db PATH flag calls.
  static Result<std::unique_ptr<Store>> OpenAt(const std::string& db_flag);
  // For commands that only read (`replay list/show/export`): an existing
  // store at the current schema opens read-only, so a store on a read-only
  // filesystem or in a folder one may not write can be read (then without
  // locks: nothing else can be writing there). An older schema to migrate,
  // or the default store before its first use, opens as OpenAt does; a
  // --db naming no file is refused (OpenExistingAt).
  static Result<std::unique_ptr<Store>> OpenAtToRead(const std::string& db_flag);
  // OpenAt for commands that use games already stored (`analyze`, `replay`'s
  // edits): a --db naming no file is refused, most likely mistyped, and
  // nothing is created; the default store opens as ever.
  static Result<std::unique_ptr<Store>> OpenExistingAt(const std::string& db_flag);

  const std::string& path() const { return db_.path(); }
  int schema_version() const { return schema_version_; }

  // ---- Rulesets, by content hash ----

  // Stores the ruleset's canonical text unless that hash is there already.
  Status AddRuleset(const Ruleset& rules);
  // Loads a stored ruleset from its text (cached): the rules an old record was
  // played under, whatever the files say now.
  Result<RulesetPtr> RulesetByHash(const std::string& hash);
  // The stored one, else the current ruleset of that name if its hash matches.
  Result<RulesetPtr> RulesetFor(const std::string& name, const std::string& hash);
  Result<std::vector<StoredRuleset>> Rulesets();
  // Whether the store has the ruleset of this content hash.
  Result<bool> HasRuleset(const std::string& hash);

  // ---- Games ----

  // Checks the record by replaying it (every action legal, the legal counts
  // and outcome as recorded, variations too), then stores it with its
  // ruleset. Returns the game's id.
  Result<int64_t> AddGame(const Ruleset& rules, const GameRecord& record);
  // The same without the replay, for a record just made by MakeGameRecord or
  // ParseRecords against `rules`.
  Result<int64_t> AddReplayedGame(const Ruleset& rules, const GameRecord& record);
  // MakeGameRecord, then AddReplayedGame: one game played by `sim` or `play`.
  // players: empty for "P1".."Pn"; source: "sim" or "play".
  // played_by: who played each seat (GameRecord::played_by), or empty.
  Result<int64_t> RecordGame(const Game& game, std::span<const Action> actions,
                             std::vector<std::string> players,
                             std::optional<uint64_t> seed, std::string source,
                             std::vector<std::string> played_by = {});
  // Stores game `id` again in place with the main line `actions`, which must
  // begin with its stored main line (a game resumed and played on): players,
  // seed, source, annotations and variations stay, the outcome is the new
  // line's. `played_by` says who plays each seat now, as RecordGame's (an
  // imported game resumed gets its seats); empty keeps the stored ones.
  // REQUIRES: `game` is the stored game's ruleset and player count.
  Result<int64_t> ContinueGame(int64_t id, const Game& game,
                               std::span<const Action> actions,
                               std::vector<std::string> played_by = {});

  // A transaction that the writes made while it is open join.
  class Batch {
   public:
    Status Commit() { return txn_.Commit(); }

   private:
    friend class Store;
    explicit Batch(sql::Transaction txn) : txn_(std::move(txn)) {}
    sql::Transaction txn_;
  };
  Result<Batch> BeginBatch();

  Result<GameRecord> LoadGame(int64_t id);
  // The first stored game with the same rules, players and main line as
  // `record` (what makes an import a duplicate), if any.
  Result<std::optional<int64_t>> FindGame(const GameRecord& record);
  Result<std::vector<GameSummary>> ListGames(const GameFilter& filter);
  Result<int64_t> GameCount();
  // A number that changes whenever another connection commits a change to
  // the store (SQLite's data_version): what a reader keeps may be stale.
  Result<int64_t> DataVersion();
  // The ids of the games that have variations.
  Result<std::set<int64_t>> GamesWithVariations();
  // Visits every game matching `filter` (limit ignored) in id order with its
  // main line, reading them in one pass. Stops at the first error of `visit`.
  Status ForEachGame(const GameFilter& filter,
                     const std::function<Status(const GameSummary&,
                                                std::span<const RecordedAction>)>& visit);

  // ---- Annotations and variations ----

  // Sets the comment and glyph of move `ply` (0: the game as a whole; with
  // `variation`, a move of that variation, or the variation as a whole at its
  // first ply - 1). nullopt keeps what is there; "" removes it.
  Status Annotate(int64_t game, int ply, std::optional<std::string> comment,
                  std::optional<std::string> glyph, int64_t variation = 0);
  // Removes variation `variation` of `game` with its annotations, and every
  // variation that branches from it (sub-variations, to any depth) with
  // theirs. Returns how many sub-variations went with it.
  Result<int> DeleteVariation(int64_t game, int64_t variation);
  // Makes the variation its parent line from its ply on (the main line, or
  // the variation it branches from): the two swap, so the moves it replaces
  // become variation `variation` (same id), annotations and the variations
  // that branch inside them going with their moves. Ids stay; the game's
  // outcome is the new main line's. Returns the id the replaced moves have (0
  // if there were none: the variation began at its parent line's end).
  Result<int64_t> PromoteVariation(int64_t game, int64_t variation);

  // A bot's note on one move of a line (0: the main line, else a variation).
  struct BotNote {
    int64_t variation = 0;
    Annotation note;
  };
  // What `angler analyze` writes: removes every bot's annotations on the
  // `lines` of `game` (variation ids, 0: the main line), then stores `notes`
  // as `author`'s (not empty), all in one transaction. A person's annotation
  // is never touched: a note on a move a person annotated is dropped. Returns,
  // per note, whether it was stored.
  Result<std::vector<bool>> ReplaceBotAnnotations(int64_t game,
                                                  std::span<const int64_t> lines,
                                                  std::span<const BotNote> notes,
                                                  const std::string& author);
  // The author of an annotation ("" a person), or nullopt when there is none.
  Result<std::optional<std::string>> AnnotationAuthor(int64_t game, int ply,
                                                      int64_t variation = 0);
  // Checks the variation's moves by replay and stores it; returns its id.
  // variation.parent is the line it branches from (0 the main line, else a
  // stored variation's id); a ply at or before that variation's first move
  // hangs it from the line that has the position (GameRecord::LineAt).
  // Moves a line already has are stored once (SkipStoredMoves): only the
  // moves past them are stored, hung from the line where they part; when
  // none is left, a stored variation that has them all returns its id, and
  // moves its parent line plays from that ply are an error.
  // `stored`, when given, gets what was decided: the moves stored (or, all
  // of them stored already, none) and where they hang.
  Result<int64_t> AddVariation(int64_t game, const Variation& variation,
                               StoredPrefix* stored = nullptr);

  // ---- Scenario runs (angler check --store) ----

  // Stores one run of many scenarios (one transaction) and returns, for each,
  // the previous run of the same (file, title).
  Result<std::vector<ScenarioHistory>> RecordScenarioRuns(std::vector<ScenarioRun> runs);
  Result<std::optional<ScenarioRun>> LastScenarioRun(const std::string& file,
                                                     const std::string& title);

 private:
  explicit Store(sql::Database db) : db_(std::move(db)) {}
  // read_only: no WAL switch and no migration (`*stale` tells whether one
  // was due).
  Status Setup(bool read_only = false, bool* stale = nullptr);
  Status Migrate(int from);
  // A prepared statement kept for the life of the store.
  Result<sql::Statement*> Cached(const char* sql);
  Diagnostic Error(std::string message) const;
  // LoadGame's parts, each reading one table into `record` (its id set).
  Status ReadGameRow(GameRecord& record, size_t& plies);
  Status ReadSeats(GameRecord& record);
  Status ReadMainLine(GameRecord& record, size_t plies);
  Status ReadVariations(GameRecord& record);
  Status ReadAnnotations(GameRecord& record);
  Status CheckGame(const Ruleset& rules, const GameRecord& record);
  Status CheckVariation(const Game& game, const GameRecord& record, const Variation& v);
  Status InsertActions(const char* sql, int64_t owner, int first_ply,
                       std::span<const RecordedAction> actions);
  // keep_id: with v.id as its id (when the game is stored again in place).
  // parent: the store's id of the line it branches from (0 the main line).
  Status InsertVariation(int64_t game, const Variation& v, int64_t parent,
                         int64_t created, int64_t* id, bool keep_id = false);
  // The record's variations, parents before children, their parents' ids
  // mapped from the record's numbering to the store's.
  Status InsertVariations(int64_t game, const GameRecord& record, int64_t created,
                          bool keep_ids);
  Status InsertAnnotation(int64_t game, int64_t variation, const Annotation& a);
  // AddReplayedGame with the id `id_wanted` (0: the next free one); a game
  // stored again in place keeps its variations' ids.
  Result<int64_t> InsertGame(const Ruleset& rules, const GameRecord& record,
                             int64_t id_wanted);

  sql::Database db_;
  int schema_version_ = 0;
  std::map<std::string, std::unique_ptr<sql::Statement>> statements_;
  std::map<std::string, RulesetPtr> rulesets_;  // by hash
};


// "2024-05-01T12:00:00Z" for unix seconds; ParseDate reads it back.
std::string FormatDate(int64_t unix_seconds);
std::optional<int64_t> ParseDate(std::string_view text);

}  // namespace angler

#endif  // ANGLER_REPLAY_STORE_H_
