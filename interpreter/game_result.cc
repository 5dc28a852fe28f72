// How a game ends for its players: each seat's rank (the ruleset's `rank`)
// and the winners, those with the best rank.
#include "interpreter/eval.h"
#include "interpreter/game.h"

namespace angler {

int64_t Game::Rank(const State& s, int player) const {
  Frame f{};
  f.locals[0] = player;
  Evaluator ev(rules_, s, &f);
  return ev.Value(rules_.rank);
}

std::vector<int> Game::Winners(const State& s) const {
  std::vector<int> winners;
  if (!s.over || s.error) return winners;
  int64_t best = 0;
  for (int p = 0; p < players_; ++p) {
    int64_t r = Rank(s, p);
    bool better = rules_.rank_higher_wins ? r > best : r < best;
    if (winners.empty() || better) {
      winners.assign(1, p);
      best = r;
    } else if (r == best) {
      winners.push_back(p);
    }
  }
  return winners;
}

}  // namespace angler
