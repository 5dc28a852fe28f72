#include "interpreter/events.h"

#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "interpreter/ruleset.h"
#include "interpreter/state.h"

namespace angler {

void EventLog::Moved(int card, int from, int to, bool bottom, const Cause& cause) {
  Event e;
  e.kind = EventKind::kMove;
  e.card = static_cast<int16_t>(card);
  e.from = static_cast<int16_t>(from);
  e.to = static_cast<int16_t>(to);
  e.bottom = bottom;
  e.cause = cause;
  events_.push_back(e);
}

void EventLog::Set(int slot, int32_t before, int32_t after, const Cause& cause) {
  Event e;
  e.kind = EventKind::kSet;
  e.slot = static_cast<int16_t>(slot);
  e.before = before;
  e.after = after;
  e.cause = cause;
  events_.push_back(e);
}

void ReplayEvents(State& s, std::span<const Event> events) {
  for (const Event& e : events) {
    switch (e.kind) {
      case EventKind::kMove:
        Game::MoveCard(s, e.card, e.to, e.bottom);
        break;
      case EventKind::kShuffle: {
        Rng rng(e.seed);
        rng.Shuffle(s.order + s.start[e.to], static_cast<size_t>(s.ZoneSize(e.to)));
        break;
      }
      case EventKind::kSet:
        s.vars[e.slot] = e.after;
        break;
      default:
        break;
    }
  }
}

VariableAt VariableOfSlot(const Ruleset& rules, int slot) {
  for (size_t i = 0; i < rules.variables.size(); ++i) {
    const Variable& v = rules.variables[i];
    int width = v.per_player ? kMaxPlayers : 1;
    if (slot >= v.slot && slot < v.slot + width) {
      return {static_cast<int>(i), v.per_player ? slot - v.slot : -1};
    }
  }
  return {};
}

}  // namespace angler
