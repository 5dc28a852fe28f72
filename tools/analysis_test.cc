#include "tools/analysis.h"

#include <catch2/catch.hpp>

namespace angler {
namespace {

Action Play(int card) {
  return Action{ActionKind::kPlay, 0, static_cast<int16_t>(card), 0};
}

TEST_CASE("BestMove: the most visited, unless the move played is valued as high",
          "[analyze]") {
  using Estimate = IsmctsBot::MoveEstimate;
  // The most visited move is the best, and the played one lost 20 points.
  const std::vector<Estimate> clear = {{Play(1), 10, 0.6}, {Play(2), 3, 0.4}};
  CHECK(BestMove(clear, Play(2)) == 0);
  CHECK(BestMove(clear, Play(1)) == 0);
  // The played move has fewer visits but a higher estimate: it is not called
  // worse than a move the search valued lower (no "best: X, 40% -> 50%").
  const std::vector<Estimate> fewer = {{Play(1), 10, 0.4}, {Play(2), 3, 0.5}};
  CHECK(BestMove(fewer, Play(2)) == 1);
  CHECK(BestMove(fewer, Play(1)) == 0);
  // Valued the same: the played move stands.
  const std::vector<Estimate> equal = {{Play(1), 10, 0.5}, {Play(2), 3, 0.5}};
  CHECK(BestMove(equal, Play(2)) == 1);
  // A move never tried (value -1) is never the best by its value.
  const std::vector<Estimate> untried = {{Play(1), 10, 0.5}, {Play(2), 0, -1}};
  CHECK(BestMove(untried, Play(2)) == 0);
  // The played move not among them: the most visited.
  CHECK(BestMove(clear, Play(9)) == 0);
}

}  // namespace
}  // namespace angler
