// A variation read from move texts: what `replay branch` and the web page's
// "branch here" both store (replay/store.h AddVariation).
//
// REQUIRES: `game` is the record's game (its ruleset and player count).
#ifndef ANGLER_REPLAY_BRANCH_H_
#define ANGLER_REPLAY_BRANCH_H_

#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "replay/record.h"

namespace angler {

struct BranchRead {
  Variation variation;            // not yet stored (id 0)
  std::vector<std::string> read;  // "13. Anne plays blue 3", one per move
  State end;                      // the position after the last move
};

// Reads `moves` (the move notation, as people type it: "yellow 7" for the
// player whose decision it is) from the position after `ply` actions of the
// main line, or of `line`'s (a variation of the record: the branch nests).
// The variation's parent is the line that has that position
// (GameRecord::LineAt). A bare "shuffle" takes the line's own outcome at that
// ply when it had one, else one derived from the record's seed and the ply.
// Errors name the ply.
Result<BranchRead> ReadBranch(const Game& game, const GameRecord& record, int ply,
                              const std::vector<std::string>& moves,
                              const Variation* line = nullptr);

}  // namespace angler

#endif  // ANGLER_REPLAY_BRANCH_H_
