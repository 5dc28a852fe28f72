// The search's part of the game: who may search, and the marks and stops a
// searcher may make while a search is open.
#include <algorithm>
#include <cstring>

#include "dsl/text.h"
#include "interpreter/eval.h"
#include "interpreter/game.h"

namespace angler {

uint32_t Game::Searchers(const State& s) const {
  uint32_t who = 0;
  Frame f{};
  Evaluator ev(rules_, s, &f);
  for (int p = 0; p < players_; ++p) {
    f.locals[0] = p;
    if (ev.Value(rules_.search->active)) who |= 1u << p;
    ev.ReleaseLists();
  }
  return who;
}

// While a search is open, every searcher may mark or unmark any piece, and
// any group of searchers may stop together (simultaneous stops, H3).
void Game::LegalSearch(const State& s, ActionList& out) const {
  uint32_t who = Searchers(s);
  int pieces = static_cast<int>(rules_.search->formation.pieces.size());
  // Every piece for every searching seat: one action written whole per
  // piece, the count kept in a register (a search lists many each time).
  int n = out.count;
  for (int p = 0; p < players_; ++p) {
    if (!(who >> p & 1)) continue;
    Action mark{ActionKind::kMark, static_cast<int8_t>(p), 0, 0};
    const int end = std::min(pieces, kMaxCards - n);
    for (int i = 0; i < end; ++i) {
      mark.value = static_cast<int16_t>(i);
      out.items[n++] = mark;
    }
  }
  out.count = n;
  for (uint32_t group = 1; group < (1u << players_) && out.count < kMaxCards; ++group) {
    if ((group & who) == group)
      out.items[out.count++] = Action{ActionKind::kStop, -1, 0, group};
  }
}

int Game::SearchedCard(const State& s) const {
  if (rules_.search->card < 0) return -1;
  Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
  return static_cast<int>(ev.Value(rules_.search->card));
}

}  // namespace angler
