// How a game ends for its players: each seat's rank (the ruleset's `rank`),
// the winners, those with the best rank, every seat's place, and the note
// the ruleset writes beside it.
#include "interpreter/eval.h"
#include "interpreter/game.h"

namespace angler {

int64_t Game::Rank(const State& s, int player) const {
  Frame f{};
  f.locals[0] = player;
  Evaluator ev(rules_, s, &f);
  return ev.Value(rules_.rank);
}

std::vector<int> Game::Places(const State& s) const {
  std::vector<int> places;
  if (!s.over || s.error) return places;
  std::vector<int64_t> ranks(static_cast<size_t>(players_));
  for (int p = 0; p < players_; ++p) ranks[static_cast<size_t>(p)] = Rank(s, p);
  // A seat's place is one more than the seats ranked better than it, so
  // equal ranks share a place and the next place is skipped ("1, 1, 3").
  for (int64_t own : ranks) {
    int better = 0;
    for (int64_t other : ranks)
      better += rules_.rank_higher_wins ? other > own : other < own;
    places.push_back(better + 1);
  }
  return places;
}

std::vector<std::string> Game::PlaceNotes(const State& s) const {
  std::vector<std::string> notes;
  if (!s.over || s.error) return notes;
  Frame f{};
  Evaluator ev(rules_, s, &f);
  for (int p = 0; p < players_; ++p) {
    f.locals[0] = p;
    std::string& note = notes.emplace_back();
    for (const PlaceNote& n : rules_.place_notes) {
      ev.Renew();  // a new question: no fault of the last one carries over
      if (ev.Value(n.condition) && !ev.faulted()) {
        note = MessageText(ev, n.says);
        break;
      }
    }
  }
  return notes;
}

std::vector<int> Game::Winners(const State& s) const {
  return WinnersAmong(Places(s));  // none before the end
}

std::vector<int> Game::WinnersAmong(const std::vector<int>& places) {
  std::vector<int> winners;
  for (int p = 0; p < static_cast<int>(places.size()); ++p) {
    if (places[static_cast<size_t>(p)] == 1) winners.push_back(p);
  }
  return winners;
}

}  // namespace angler
