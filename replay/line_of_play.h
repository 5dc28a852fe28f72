// A stored game with the rules it was played under, and one line of its play
// (the main line, or a variation: its parents' lines up to its branch, then
// its own moves) replayed into positions. `angler replay` and `angler serve` read
// stored games through these.
//
// REQUIRES: a LineOfPlay is read with the record it was replayed from; the
// StoredGame outlives the lines made from it (they point into its record).
#ifndef ANGLER_REPLAY_LINE_OF_PLAY_H_
#define ANGLER_REPLAY_LINE_OF_PLAY_H_

#include <memory>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/state.h"
#include "replay/record.h"

namespace angler {

struct StoredGame {
  GameRecord record;
  RulesetPtr rules;
  std::unique_ptr<Game> game;

  // Errors: the record's player count is one its rules do not allow.
  static Result<StoredGame> Make(GameRecord record, RulesetPtr rules);
};

struct LineOfPlay {
  const Variation* variation = nullptr;  // null: the main line
  std::vector<State> positions;          // [0] the start, [i] after ply i

  int plies() const { return static_cast<int>(positions.size()) - 1; }
  // The ply is one of the variation's own moves.
  bool InVariation(int ply) const { return variation && ply > variation->ply; }
  // The variation whose own move `ply` is (this one or an ancestor), or null
  // for a main-line move.
  const Variation* OwnerOf(const GameRecord& record, int ply) const;
  const Action& ActionAt(const GameRecord& record, int ply) const;  // 1-based
  const RecordedAction& RecordedActionAt(const GameRecord& record, int ply) const;
  // The game as if this line were its main line: the header, and the line's
  // moves (its parents' up to its branch, then its own); no variations or
  // notes. For what reads a record's main line, such as a scenario.
  GameRecord AsMainLine(const GameRecord& record) const;
  // The annotation on the move at `ply` (1-based), kept by the line the move
  // belongs to (OwnerOf), or null. A variation's branch ply is its parent's
  // move, with the parent's note: the variation's own note there is the
  // line's (LineAnnotation).
  const Annotation* MoveAnnotation(const GameRecord& record, int ply) const;
  // The comment on the line itself, or null: the game's before its first
  // move (ply 0), a variation's at its branch.
  const Annotation* LineAnnotation(const GameRecord& record) const;
  // The comments on lines that begin at `ply`, outermost first: the game's at
  // ply 0, this variation's at its branch. Views show them there.
  std::vector<const Annotation*> LineCommentsAt(const GameRecord& record, int ply) const;
};

// The note at `ply` among `notes` (a line's, by the game's ply), or null.
const Annotation* FindAnnotation(const std::vector<Annotation>& notes, int ply);

// The line `variation` follows (null: the main line), replayed. Errors: the
// game does not replay under its stored rules, naming the ply.
Result<LineOfPlay> ReplayLine(const StoredGame& g, const Variation* variation);

}  // namespace angler

#endif  // ANGLER_REPLAY_LINE_OF_PLAY_H_
