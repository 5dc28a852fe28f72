// How a game begins: a blank position (every card in the setup zone,
// variables at their start values) and the setup run on it to the first
// decision.
#include <algorithm>

#include "interpreter/game.h"

namespace angler {

State Game::BlankState(int entry) const {
  State s = blank_;
  s.pc = entry;
  return s;
}

State Game::MakeBlankState() const {
  State s{};
  s.num_players = static_cast<uint8_t>(players_);
  int n = static_cast<int>(rules_.cards.size());
  for (int i = 0; i < n; ++i) {
    s.order[i] = static_cast<uint8_t>(i);
    s.zone_of[i] = static_cast<uint8_t>(rules_.setup_zone);
    s.played_by[i] = -1;
  }
  for (int z = 0; z <= kMaxZones; ++z) {
    s.start[z] = static_cast<uint16_t>(z <= rules_.setup_zone ? 0 : n);
  }
  std::fill(std::begin(s.position_of), std::end(s.position_of), -1);
  SetVariablesToStart(s, Scope::kGame);
  SetVariablesToStart(s, Scope::kRound);
  SetVariablesToStart(s, Scope::kTrick);
  s.frame_count = 1;
  return s;
}

State Game::NewInitialState(EventLog* log) const {
  State s;
  StartIn(s, log);
  return s;
}

void Game::StartIn(State& s, EventLog* log) const {
  s = blank_;
  s.pc = rules_.entry_setup;
  Run(s, log);
}

}  // namespace angler
