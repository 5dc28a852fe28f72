// The game record notation: a readable text, one action per line, with a
// header of tags like PGN's, comments and glyphs on moves and variations in
// parentheses (FORMAT.md, "The record notation").
//
//   [Angler "1"]
//   [Ruleset "fishing"]
//   [Hash "4f0c3d0e5a1b2c3d"]
//   [Players "Anne, Bob, Carl"]
//   ...
//   1. shuffle staging #1a2b3c4d5e6f7081
//   12. Anne plays yellow 7 {leads her longest suit} !?
//   (
//     12. Anne plays blue 3
//     13. Bob plays blue 5
//     (
//       13. Bob plays red 2     <- a variation of the variation: they nest
//     )
//   )
//
// Moves are read by name against the legal actions of the position they are
// played in, so the text never holds card ids. Two cards of the same name
// that are both legal are told apart by their place among the ruleset's
// cards of that name: `buoy "-3 points" [2]`.
//
// Written by notation.cc, read by notation_read.cc, checked and stored by
// record_import.cc.
#ifndef ANGLER_REPLAY_NOTATION_H_
#define ANGLER_REPLAY_NOTATION_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/move_text.h"
#include "replay/record.h"

namespace angler {

class Store;

// Single moves are read and written by interpreter/move_text.h.

// The note the export writes after a move (FORMAT.md, "Notes"), beginning
// kNoteMark: after a chance move, what it produced (a shuffled zone's cards,
// top first; the value drawn); when the move opens a search, the card
// searched and what it shows. Empty for other moves. REQUIRES: `after` is `before` with
// `a` applied.
std::string MoveNote(const Game& game, const State& before, const Action& a,
                     const State& after, const std::vector<std::string>& players);

// ---- Whole records ----

struct RecordWriteOptions {
  // The RulesetText tag: the rules travel with the record (export --no-ruleset
  // leaves them out for a reader that has them).
  bool ruleset_text = true;
};

// The record as text, ending with its end line and a blank line. Errors when
// it does not replay.
Result<std::string> FormatRecord(const Ruleset& rules, const GameRecord& record,
                                 const RecordWriteOptions& options = {});

// A record as read, before its moves are checked against the rules.
struct ParsedMove {
  int number = 0;
  std::string text;
  SourcePos pos;
  std::string comment;
  std::string glyph;
};

struct ParsedLine {
  SourcePos pos;
  std::optional<std::string> comment;  // before the first move: on the line as a whole
  std::vector<ParsedMove> moves;
};

struct ParsedVariation {
  size_t after = 0;  // moves of its parent line read before its '('
  ParsedLine line;
  // Its parent's place in ParsedRecord::variations (which comes before it);
  // -1: it branches from the main line.
  int parent = -1;
};

struct ParsedRecord {
  int index = 0;  // 1-based, in its file
  SourcePos pos;
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<SourcePos> tag_pos;
  ParsedLine main;
  std::vector<ParsedVariation> variations;
  // The end line's result text (format 2 on); nullopt when there was none.
  std::optional<std::string> end;
  SourcePos end_pos;

  const std::string* Tag(std::string_view name) const;
  SourcePos TagPos(std::string_view name) const;
};

// Every record of a file; the first syntax error stops, naming line and column.
Result<std::vector<ParsedRecord>> ParseRecordText(std::shared_ptr<const SourceFile> file);

// The ruleset a record names by name and content hash; `text` is the
// canonical text the record carries (its RulesetText tag), or null. ResolveRecord
// has checked that the text has that hash.
using RulesetLookup = std::function<Result<RulesetPtr>(
    const std::string& name, const std::string& hash, const std::string* text)>;

struct ResolvedRecord {
  RulesetPtr rules;
  GameRecord record;
};

// Checks a parsed record against its rules move by move and builds the
// GameRecord; errors name the game and the ply.
Result<ResolvedRecord> ResolveRecord(const ParsedRecord& parsed,
                                     const RulesetLookup& lookup);

struct ImportOptions {
  // Rulesets the caller supplies (import --ruleset FILE), used for records
  // whose content hash they have.
  std::vector<RulesetPtr> rulesets;
  // Store a game the store already has (same rules, players and main line)
  // again; otherwise that is an error naming the stored game.
  bool allow_duplicates = false;
};

struct StoredRecords {
  std::vector<int64_t> ids;  // the new games', in the records' order
  int64_t actions = 0;       // of their main lines (a move line may hold several)
};

// Checks every record, then stores them all in one transaction: on any error
// nothing is stored.
Result<StoredRecords> StoreRecords(Store& store, const std::vector<ParsedRecord>& parsed,
                                   const ImportOptions& options = {});

// ParseRecordText, then StoreRecords.
Result<std::vector<int64_t>> ImportRecords(Store& store,
                                           std::shared_ptr<const SourceFile> file,
                                           const ImportOptions& options = {});

}  // namespace angler

#endif  // ANGLER_REPLAY_NOTATION_H_
