#include "interpreter/events.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::Fishing;
using testing::LoadOrFail;
using testing::Table;

std::string SectionOf(const Ruleset& rules, const Event& e) {
  const Instr& in = rules.code[static_cast<size_t>(e.cause.pc)];
  return rules.sections[static_cast<size_t>(in.section)];
}

// The source line the event's instruction came from.
std::string LineOf(const Ruleset& rules, const Event& e) {
  const SourcePos& pos = rules.code_pos[static_cast<size_t>(e.cause.pc)];
  REQUIRE(pos.file);
  return std::string(pos.file->Line(pos.line));
}

std::vector<Event> OfKind(const EventLog& log, EventKind kind) {
  std::vector<Event> out;
  for (const Event& e : log.events()) {
    if (e.kind == kind) out.push_back(e);
  }
  return out;
}

// What the state keeps that events describe: every zone in order, every variable.
void RequireSameZonesAndVariables(const Ruleset& rules, const State& a, const State& b) {
  for (int z = 0; z < rules.zone_count; ++z) {
    INFO("zone " << rules.ZoneName(z));
    auto x = a.Zone(z), y = b.Zone(z);
    REQUIRE(std::vector<uint8_t>(x.begin(), x.end()) ==
            std::vector<uint8_t>(y.begin(), y.end()));
  }
  for (int v = 0; v < rules.var_slot_count; ++v) {
    INFO("variable slot " << v);
    REQUIRE(a.vars[v] == b.vars[v]);
  }
}

TEST_CASE("events: a Fishing trick caught, and the -3 buoy's score change", "[events]") {
  const Ruleset& rules = Fishing();
  Table t(rules, 3, rules.entry_trick);
  t.Set("round", 1);
  t.Set("tricks", 5);
  const std::string minus3 = "buoy \"-3 points\"";
  t.Give(0, {minus3, "blue 4"});
  t.Give(1, {"red 5", "blue 2"});
  t.Give(2, {"red 7", "blue 9"});
  t.Continue();
  t.Play(0, minus3);
  t.Play(1, "red 5");
  int buoy = t.CardIn(minus3, t.Zone("trick"));
  int red7 = t.CardIn("red 7", t.Hand(2));
  EventLog log;
  REQUIRE(
      t.game.Apply(t.s, Action{ActionKind::kPlay, 2, static_cast<int16_t>(red7), 0}, &log)
          .ok());
  auto events = log.events();
  REQUIRE(events.size() > 4);
  CHECK(events.front().kind == EventKind::kAction);
  CHECK(events.front().player == 2);
  CHECK(events.front().after == red7);
  // The card played, by the action itself.
  CHECK(events[1].kind == EventKind::kMove);
  CHECK(events[1].card == red7);
  CHECK(events[1].from == t.Hand(2));
  CHECK(events[1].to == t.Zone("trick"));

  auto ends = OfKind(log, EventKind::kTrickEnd);
  REQUIRE(ends.size() == 1);
  CHECK(ends[0].player == 2);
  CHECK(ends[0].card == kNoCard);  // Fishing's winner rule names a player

  // The three cards caught: trick -> fisher(2), by the trick's end statements.
  std::vector<int> caught;
  for (const Event& e : OfKind(log, EventKind::kMove)) {
    if (e.from != t.Zone("trick")) continue;
    CHECK(e.to == t.Zone("fisher", 2));
    CHECK(SectionOf(rules, e) == "trick.end");
    CHECK(e.cause.card == kNoCard);
    caught.push_back(e.card);
  }
  CHECK(caught.size() == 3);

  // The buoy's effect: score(2) 0 -> -3, caused by the buoy's minus_three.
  bool scored = false;
  for (const Event& e : OfKind(log, EventKind::kSet)) {
    if (e.slot != t.Slot("score", 2)) continue;
    scored = true;
    CHECK(e.before == 0);
    CHECK(e.after == -3);
    CHECK(e.cause.card == buoy);
    CHECK(SectionOf(rules, e) == "effects.minus_three");
    CHECK(LineOf(rules, e).find("score(owner) -= minus_points") != std::string::npos);
    VariableAt at = VariableOfSlot(rules, e.slot);
    CHECK(rules.variables[static_cast<size_t>(at.variable)].name == "score");
    CHECK(at.seat == 2);
  }
  CHECK(scored);
  // The next trick begins, and seat 2 is asked to lead it.
  auto begins = OfKind(log, EventKind::kTrickBegin);
  REQUIRE(begins.size() == 1);
  CHECK(begins[0].player == 2);
  CHECK(begins[0].after == 1);
  CHECK(events.back().kind == EventKind::kAsk);
  CHECK(events.back().player == 2);
  CHECK(events.back().before == static_cast<int>(DecisionKind::kPlay));
}

TEST_CASE("events: a Fat Fish row taken", "[events]") {
  RulesetPtr rules = LoadOrFail("fatfish");
  Table t(*rules, 2, rules->entry_trick);
  t.Set("round", 1);
  int row1 = t.Zone("row") + 0;
  t.Put(row1, {"blue 1", "yellow 1", "green 1", "purple 1"});
  t.Put(row1 + 1, {"blue 2"});
  t.Put(t.Zone("reserve"), {"green 6"});
  t.Give(0, {"red 1"});
  t.Give(1, {"yellow 2"});
  t.Continue();
  REQUIRE(t.s.decision.kind == DecisionKind::kLay);
  int red1 = t.CardIn("red 1", t.Hand(0));
  int lay[] = {red1};
  EventLog log;
  REQUIRE(t.game.Apply(t.s, Action::Lay(0, 1, lay), &log).ok());
  // The lay: target set to row 1, the card onto it.
  auto events = log.events();
  REQUIRE(events.size() > 3);
  CHECK(events[1].kind == EventKind::kSet);
  CHECK(events[1].slot == rules->builtin.target);
  CHECK(events[1].after == row1);
  CHECK(events[2].kind == EventKind::kMove);
  CHECK(events[2].card == red1);
  CHECK(events[2].to == row1);
  // The full row taken: its five cards to the catch, then the plus pile.
  int taken = 0, plus = 0, restarted = 0;
  for (const Event& e : OfKind(log, EventKind::kMove)) {
    if (e.from == row1 && e.to == t.Zone("catch")) {
      ++taken;
      CHECK(SectionOf(*rules, e) == "turn.after");
    }
    if (e.to == t.Zone("plus", 0)) ++plus;
    if (e.from == t.Zone("reserve") && e.to == row1) ++restarted;
  }
  CHECK(taken == 5);
  CHECK(plus == 5);
  CHECK(restarted == 1);
  // Seat 1's turn, and the lay asked of them.
  auto turns = OfKind(log, EventKind::kTurnBegin);
  REQUIRE(turns.size() == 1);
  CHECK(turns[0].player == 1);
  CHECK(events.back().kind == EventKind::kAsk);
  CHECK(events.back().before == static_cast<int>(DecisionKind::kLay));
  CHECK(events.back().player == 1);
}

TEST_CASE("events: a search stopped right", "[events]") {
  RulesetPtr rules = LoadOrFail("falscher-hering");
  Game game(*rules, 3);
  State s = game.NewInitialState();
  for (uint64_t seed = 1; game.IsChance(s); ++seed) {
    REQUIRE(game.Apply(s, Action{ActionKind::kChance, -1, 0, seed}).ok());
  }
  REQUIRE(s.decision.kind == DecisionKind::kSearch);
  int card = game.SearchedCard(s);
  REQUIRE(card >= 0);
  uint32_t faults = rules->cards[static_cast<size_t>(card)].faults;
  for (int fish = 0; fish < 32; ++fish) {
    if (faults >> fish & 1) {
      REQUIRE(game.Apply(s, Action{ActionKind::kMark, 0, static_cast<int16_t>(fish), 0})
                  .ok());
    }
  }
  EventLog log;
  REQUIRE(game.Apply(s, Action{ActionKind::kStop, -1, 0, 1}, &log).ok());
  CHECK(log.events().front().kind == EventKind::kAction);
  CHECK(log.events().front().seed == 1);
  int fields = rules->variables[static_cast<size_t>(rules->FindVariable("fields"))].slot;
  bool stopped = false, won = false, discarded = false;
  for (const Event& e : log.events()) {
    if (e.kind == EventKind::kSet && e.slot == rules->builtin.stopped && !stopped) {
      stopped = true;  // the first change; the next round's search resets it
      CHECK(e.before == 0);
      CHECK(e.after == 1);
    }
    if (e.kind == EventKind::kSet && e.slot == fields && !won) {
      won = true;
      CHECK(e.before == 1);
      CHECK(e.after == 2);
      CHECK(SectionOf(*rules, e) == "round.start");
      CHECK(LineOf(*rules, e).find("fields(right_stopper) += 1") != std::string::npos);
    }
    if (e.kind == EventKind::kMove && e.card == card) discarded = true;
  }
  CHECK(stopped);
  CHECK(won);
  CHECK(discarded);
  CHECK(OfKind(log, EventKind::kRoundBegin).size() == 1);
}

TEST_CASE("events: the end of a game, with its reason", "[events]") {
  RulesetPtr rules = LoadOrFail("hearts");
  Game game(*rules, 4);
  Rng rng(7);
  State s = game.NewInitialState();
  EventLog log;
  ActionList list;
  while (!s.over) {
    log.clear();
    game.LegalActions(s, list);
    Action a = game.IsChance(s)
                   ? game.SampleChance(s, rng)
                   : list.items[rng.Below(static_cast<uint32_t>(list.count))];
    REQUIRE(game.Apply(s, a, &log).ok());
  }
  const Event& end = log.events().back();
  CHECK(end.kind == EventKind::kGameEnd);
  CHECK(end.slot == s.end_reason);
  CHECK(end.after == 0);
}

// Where the VM stopped and what it asks. Applied without a log, an action
// may take a shorter way there (Game::AskNextPlay): the same place still.
void RequireSameDecision(const State& a, const State& b) {
  REQUIRE(a.pc == b.pc);
  REQUIRE(a.ply == b.ply);
  REQUIRE(a.over == b.over);
  REQUIRE(a.error == b.error);
  REQUIRE(a.turns_taken == b.turns_taken);
  REQUIRE(a.frame_count == b.frame_count);
  REQUIRE(a.decision.kind == b.decision.kind);
  REQUIRE(a.decision.player == b.decision.player);
  REQUIRE(
      std::vector<int16_t>(a.decision.options, a.decision.options + a.decision.count) ==
      std::vector<int16_t>(b.decision.options, b.decision.options + b.decision.count));
}

// Replays the events of every action onto a copy of the state before it.
// The same actions applied without a log (the engine's other paths: a deal
// in one pass, no events) must give the same game.
void CheckGame(const Game& game, uint64_t seed) {
  const Ruleset& rules = game.rules();
  Rng rng(seed);
  EventLog log;
  State s = game.NewInitialState(&log);
  State quiet = game.NewInitialState();
  RequireSameZonesAndVariables(rules, quiet, s);
  State replayed = game.BlankState(rules.entry_setup);
  ReplayEvents(replayed, log.events());
  RequireSameZonesAndVariables(rules, replayed, s);
  ActionList list;
  for (int steps = 0; !s.over && steps < 3000; ++steps) {
    game.LegalActions(s, list);
    Action a = game.IsChance(s)
                   ? game.SampleChance(s, rng)
                   : list.items[rng.Below(static_cast<uint32_t>(list.count))];
    State before = s;
    log.clear();
    REQUIRE(game.Apply(s, a, &log).ok());
    auto events = log.events();
    INFO(rules.name << " seed " << seed << " step " << steps << ": "
                    << game.ActionText(before, a));
    REQUIRE(game.Apply(quiet, a).ok());
    RequireSameZonesAndVariables(rules, quiet, s);
    RequireSameDecision(quiet, s);
    REQUIRE(events.size() >= 2);
    REQUIRE(events.front().kind == EventKind::kAction);
    REQUIRE((events.back().kind == EventKind::kAsk ||
             events.back().kind == EventKind::kGameEnd));
    // Each change is told against the value it had then.
    for (const Event& e : events) {
      if (e.kind == EventKind::kSet) {
        REQUIRE(e.before != e.after);
        REQUIRE(before.vars[e.slot] == e.before);
      }
      if (e.kind == EventKind::kMove) REQUIRE(before.zone_of[e.card] == e.from);
      ReplayEvents(before, std::span<const Event>(&e, 1));
    }
    RequireSameZonesAndVariables(rules, before, s);
  }
}

TEST_CASE("events: replaying them reproduces zones and variables, every ruleset",
          "[events][property]") {
  for (const std::string& name : ShippedRulesets(true)) {
    RulesetPtr rules = LoadOrFail(name);
    for (int players : {rules->min_players, rules->max_players}) {
      Game game(*rules, players);
      for (uint64_t seed = 1; seed <= 4; ++seed) CheckGame(game, seed * 7919 + players);
    }
  }
}

}  // namespace
}  // namespace angler
