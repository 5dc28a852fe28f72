// Computer analysis of a line of play, as lichess does for chess: at each
// decision, the mover's winning chance with the best move and with the move
// played, as an information-set search (tools/ismcts_bot.h) estimates them,
// and a glyph when the move played gave much away.
//
// The search sees only what the mover's seat could see at that point: its
// Information is built by replaying the line's actions, one by one, the way
// the seat saw them. A decision is a player's choice among two or more legal
// moves; forced moves, chance and decisions open to several seats at once are
// left out (there is nothing, or no one seat, to judge).
//
// The winning chance is the mover's mean share of the win over the search's
// playouts, each played to the game's end from a deal consistent with what
// the seat knows (the tree's moves first, then random moves). It is an
// estimate under that play, not a proof: estimates of close moves are noisy,
// which is why the glyph thresholds are wide.
//
// Same seed, same analysis: decision i of line v searches with
// Rng(DeriveSeed(DeriveSeed(seed, v), i)), whatever else is analyzed.
//
// REQUIRES: the actions replay under `game` (a stored record's do).
#ifndef ANGLER_TOOLS_ANALYSIS_H_
#define ANGLER_TOOLS_ANALYSIS_H_

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/state.h"
#include "tools/ismcts_bot.h"

namespace angler {

// The loss of winning chance (best move's minus the played move's, from 0 to
// 1) from which a move gets each glyph: like lichess's inaccuracy, mistake and
// blunder, scaled up for a search's noise.
inline constexpr double kDubiousLoss = 0.10;  // ?!
inline constexpr double kMistakeLoss = 0.20;  // ?
inline constexpr double kBlunderLoss = 0.30;  // ??

// "??", "?", "?!" or "" for a loss of winning chance.
std::string_view GlyphForLoss(double loss);

struct AnalysisSettings {
  static constexpr int kDefaultPlayouts = 1000;
  int playouts = kDefaultPlayouts;  // the search's playouts per decision
  uint64_t seed = 1;
};

// One analyzed decision.
struct MoveAnalysis {
  int64_t line = 0;  // the variation's id; 0: the main line
  int ply = 0;       // the move, numbered as in the record (1-based)
  int seat = 0;
  int legal = 0;      // distinct moves the seat could make
  std::string move;   // the move played, as ThingText writes it ("blue 3")
  std::string best;   // the search's best move
  double before = 0;  // the mover's winning chance with the best move
  double after = 0;   // with the move played
  std::string glyph;  // GlyphForLoss(before - after) unless the best was played

  double loss() const { return before - after; }
  bool best_played() const { return move == best; }
  // "best: blue 7, 41% -> 23%" for a move with a glyph, else "".
  std::string Comment() const;
};

// Which of the search's `moves` is the best, judged against `played`: the
// most visited (the estimate the search trusts most), unless the played
// move's own estimate is at least as high. A move is never called worse than
// one the search valued lower (with few playouts the two can disagree).
// REQUIRES: `moves` is not empty.
size_t BestMove(const std::vector<IsmctsBot::MoveEstimate>& moves, const Action& played);

// Analyzes the decisions of a line of `actions` from the start of a game
// whose ply is greater than `from_ply` (a variation's branch point: the moves
// before it belong to the main line). `step` is called after each decision
// with the number done. Errors name the ply that does not replay.
Result<std::vector<MoveAnalysis>> AnalyzeLine(const Game& game,
                                              std::span<const Action> actions,
                                              int from_ply, int64_t line,
                                              const AnalysisSettings& settings,
                                              const std::function<void(int)>& step = {});

// How many decisions AnalyzeLine would analyze (for a progress count).
int CountDecisions(const Game& game, std::span<const Action> actions, int from_ply);

}  // namespace angler

#endif  // ANGLER_TOOLS_ANALYSIS_H_
