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

int Game::PlacesInto(const State& s, int places[kMaxPlayers]) const {
  if (!s.over || s.error) return 0;
  int64_t ranks[kMaxPlayers];
  for (int p = 0; p < players_; ++p) ranks[p] = Rank(s, p);
  // A seat's place is one more than the seats ranked better than it, so
  // equal ranks share a place and the next place is skipped ("1, 1, 3").
  for (int p = 0; p < players_; ++p) {
    int better = 0;
    for (int q = 0; q < players_; ++q)
      better += rules_.rank_higher_wins ? ranks[q] > ranks[p] : ranks[q] < ranks[p];
    places[p] = better + 1;
  }
  return players_;
}

std::vector<int> Game::Places(const State& s) const {
  int places[kMaxPlayers];
  return std::vector<int>(places, places + PlacesInto(s, places));
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
  std::vector<int> winners;
  WinnersInto(s, winners);
  return winners;
}

void Game::WinnersInto(const State& s, std::vector<int>& out) const {
  int places[kMaxPlayers];
  const int seats = PlacesInto(s, places);  // none before the end
  WinnersAmong({places, static_cast<size_t>(seats)}, out);
}

void Game::WinnersAmong(std::span<const int> places, std::vector<int>& out) {
  out.clear();
  for (size_t p = 0; p < places.size(); ++p) {
    if (places[p] == 1) out.push_back(static_cast<int>(p));
  }
}

}  // namespace angler
