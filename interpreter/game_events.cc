// What the game reports when asked (events.h): the cause of a change, each
// action, the trick and round boundaries and where the game stopped. Called
// only when a log is given, so play without one pays nothing.
#include <algorithm>
#include <cstring>
#include <string>

#include "dsl/text.h"
#include "interpreter/eval.h"
#include "interpreter/game.h"

namespace angler {

Cause Game::CauseAt(const State& s) const {
  Cause c;
  c.pc = s.pc;
  c.section = rules_.code[static_cast<size_t>(s.pc)].section;
  if (s.frame_count > 1) c.card = s.frames[s.frame_count - 1].self;
  return c;
}

void Game::WriteAction(const State& s, const Action& a, EventLog& log) const {
  Event e;
  e.kind = EventKind::kAction;
  e.player = a.player;
  e.after = a.value;
  e.before = static_cast<int32_t>(a.kind);
  e.seed = a.seed;
  e.cause = CauseAt(s);
  log.Add(e);
}

void Game::LogBoundary(const State& s, EventKind kind, int player, int card,
                       int32_t value, EventLog* log) const {
  if (!log) return;
  Event e;
  e.kind = kind;
  e.player = static_cast<int8_t>(player);
  e.card = static_cast<int16_t>(card);
  e.after = value;
  e.cause = CauseAt(s);
  log->Add(e);
}

void Game::LogWhereStopped(const State& s, EventLog* log) const {
  if (!log) return;
  Event e;
  e.cause = CauseAt(s);
  if (s.over) {
    e.kind = EventKind::kGameEnd;
    e.slot = s.end_reason;
    e.after = s.error ? 1 : 0;
  } else {
    e.kind = EventKind::kAsk;
    e.player = s.decision.player;
    e.before = static_cast<int32_t>(s.decision.kind);
    e.after = s.decision.count;
  }
  log->Add(e);
}

}  // namespace angler
