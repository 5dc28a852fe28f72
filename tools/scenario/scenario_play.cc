#include "tools/scenario/scenario_play.h"

#include <algorithm>
#include <charconv>

#include "dsl/text.h"
#include "interpreter/eval.h"
#include "interpreter/refusal.h"
#include "interpreter/runtime_error.h"

namespace angler {
namespace {

using Kind = ScnLine::Kind;
using Part = ScnLine::Part;

constexpr int kMaxAutoActions = 100000;  // `run until` gives up after this many

}  // namespace

ScenarioOutcome ScenarioPlay::Run(const std::vector<Bound>& setup,
                                  const std::vector<Bound>& steps,
                                  const std::vector<int>& set_slots) {
  Position(setup, set_slots);
  if (state_.error) {
    // The hint goes on the error's own line, before the place it shows.
    std::string stopped = EngineStopped();
    stopped.insert(std::min(stopped.find('\n'), stopped.size()), PositionHint());
    Fail(s_.pos, "a position to play", stopped);
    return outcome_;
  }
  for (const Bound& b : steps) {
    if (!Step(b)) break;
    if (state_.error) {
      Fail(b.line->pos, "the game to go on", EngineStopped());
      break;
    }
  }
  return outcome_;
}

void ScenarioPlay::Position(const std::vector<Bound>& setup,
                            const std::vector<int>& set_slots) {
  // A position made up by setup lines need not keep the ruleset's
  // invariants (the cards in play, the hands for the tricks left); a game
  // dealt by the seed alone must.
  game_.set_check_invariants(setup.empty() && s_.start_round == 0);
  const bool plain_rounds = r_.entry_play == r_.entry_round;
  if (DealBySeed(setup, plain_rounds)) return;
  ClearFlow();
  const std::vector<bool> zone_listed = PlaceSetup(setup);
  RestartAt(zone_listed, set_slots, plain_rounds);
}

bool ScenarioPlay::DealBySeed(const std::vector<Bound>& setup, bool plain_rounds) {
  State& s = state_;
  // A game of plain rounds (neither tricks nor turns) is set up at the start
  // of a round: its setup runs with the seed and stops where round 1 would
  // start, so the round's start (a card revealed, a card set aside) runs
  // once, on the scenario's position.
  if (plain_rounds && (!setup.empty() || s_.start_round > 0)) {
    Ruleset until_round = r_;
    until_round.code[static_cast<size_t>(r_.entry_round)] = Instr{Code::kGameOver};
    Game setup_only(until_round, game_.players());
    s = setup_only.NewInitialState();
    while (!s.over && setup_only.IsChance(s)) {
      static_cast<void>(setup_only.Apply(s, setup_only.SampleChance(s, streams_.chance)));
    }
    return false;
  }
  s = game_.NewInitialState();
  Chance();
  return setup.empty() && s_.start_round == 0;
}

void ScenarioPlay::ClearFlow() {
  State& s = state_;
  s.decision.kind = DecisionKind::kNone;
  s.over = false;
  s.error = false;
  s.end_reason = 0;
  s.frame_count = 1;
  s.frames[0] = Frame{};
  s.loop_count = 0;
  s.trigger_count = 0;
  s.pending_count = 0;
  s.chosen_count = 0;
  s.played_count = 0;
  s.turns_taken = 0;
  s.resolve_next = 0;
  std::fill(std::begin(s.position_of), std::end(s.position_of), -1);
}

std::vector<bool> ScenarioPlay::PlaceSetup(const std::vector<Bound>& setup) {
  State& s = state_;
  std::vector<bool> taken(r_.cards.size(), false);
  std::vector<bool> zone_listed(static_cast<size_t>(r_.zone_count), false);
  auto copy = [&](const CardRef& c) {
    for (int id : *c.ids) {
      if (!taken[static_cast<size_t>(id)]) {
        taken[static_cast<size_t>(id)] = true;
        return id;
      }
    }
    return c.ids->front();
  };
  for (const Bound& b : setup) {
    if (b.zone >= 0) {
      const Part part = b.line->part;
      if (part == Part::kWhole) {
        zone_listed[static_cast<size_t>(b.zone)] = true;
        EmptyZone(b.zone);
        for (const CardRef& c : b.cards) Game::MoveCard(s, copy(c), b.zone, false);
      } else {
        // Listed from the top (or bottom) inwards: place the innermost first.
        for (size_t i = b.cards.size(); i-- > 0;) {
          Game::MoveCard(s, copy(b.cards[i]), b.zone, part == Part::kBottom);
        }
      }
    } else {
      const Variable& v = r_.variables[static_cast<size_t>(b.var)];
      const int64_t value = b.value.Get(s);
      s.vars[v.slot + std::max(b.seat, 0)] = static_cast<int32_t>(value);
      // A position starts at a trick's start, where the leader has the turn.
      if (b.turn) s.vars[r_.builtin.leader] = static_cast<int32_t>(value);
    }
  }
  return zone_listed;
}

void ScenarioPlay::RestartAt(const std::vector<bool>& zone_listed,
                             const std::vector<int>& set_slots, bool plain_rounds) {
  State& s = state_;
  auto was_set = [&](int slot) {
    return std::find(set_slots.begin(), set_slots.end(), slot) != set_slots.end();
  };
  if (plain_rounds) {
    // Round N, or the round the scenario names (`round 3`), else round 1.
    if (s_.start_round > 0) {
      s.vars[r_.builtin.round] = s_.start_round - 1;
    } else if (was_set(r_.builtin.round)) {
      s.vars[r_.builtin.round] -= 1;
    } else {
      s.vars[r_.builtin.round] = 0;
    }
    s.pc = r_.entry_round;
    game_.Continue(s);
    Chance();
    return;
  }
  const ZoneFamily& hand = r_.zones[static_cast<size_t>(r_.hand_family)];
  if (s_.start_round > 0) {
    // A round starts with the hands it fills.
    for (int p = 0; p < game_.players(); ++p) {
      if (!zone_listed[static_cast<size_t>(hand.first + p)]) EmptyZone(hand.first + p);
    }
    s.vars[r_.builtin.round] = s_.start_round - 1;
    s.pc = r_.entry_round;
  } else {
    int most = 0;
    for (int p = 0; p < game_.players(); ++p) {
      most = std::max(most, s.ZoneSize(hand.first + p));
    }
    if (!was_set(r_.builtin.tricks)) s.vars[r_.builtin.tricks] = most;
    if (!was_set(r_.builtin.trick_number)) s.vars[r_.builtin.trick_number] = 0;
    s.pc = r_.entry_play;
  }
  game_.Continue(s);
  Chance();
}

void ScenarioPlay::EmptyZone(int zone) {
  std::vector<uint8_t> cards(state_.Zone(zone).begin(), state_.Zone(zone).end());
  for (uint8_t c : cards) Game::MoveCard(state_, c, r_.setup_zone, false);
}

void ScenarioPlay::Chance() {
  while (!state_.over && game_.IsChance(state_)) {
    static_cast<void>(game_.Apply(state_, game_.SampleChance(state_, streams_.chance)));
  }
}

std::string ScenarioPlay::PositionHint() const {
  if (s_.start_round <= 0) return "";
  const std::string round = "round " + std::to_string(s_.start_round);
  if (static_cast<RuntimeFault>(state_.fault) == RuntimeFault::kTooManySteps) {
    return " (" + round + " may lie past the game's end)";
  }
  if (r_.hand_family < 0) return "";
  const ZoneFamily& hand = r_.zones[static_cast<size_t>(r_.hand_family)];
  for (int p = 0; p < game_.players(); ++p) {
    if (state_.ZoneSize(hand.first + p) > 0) return "";
  }
  return " (no hand holds a card: the start of " + round +
         " filled none, so list them, 'hand NAME: ...')";
}

std::string ScenarioPlay::EngineStopped() const {
  std::string error = RuntimeError(r_, state_).Format();
  if (!error.empty() && error.back() == '\n') error.pop_back();
  return "the engine stopped: " + error;
}

bool ScenarioPlay::Step(const Bound& b) {
  const ScnLine& l = *b.line;
  switch (l.kind) {
    case Kind::kMove: {
      std::string why = Move(state_, b);
      if (!why.empty()) return Fail(l.pos, "a legal move", why);
      return true;
    }
    case Kind::kExpectLegal: {
      State trial = state_;
      std::string why = Move(trial, b);
      if (!why.empty()) return Fail(l.pos, "a legal move", "illegal: " + why);
      return true;
    }
    case Kind::kExpectIllegal: {
      State trial = state_;
      std::string why = Move(trial, b);
      std::string want = l.has_text ? "illegal: " + l.text : "illegal";
      if (why.empty()) return Fail(l.pos, want, "legal");
      if (l.has_text && why != l.text) return Fail(l.pos, want, "illegal: " + why);
      return true;
    }
    case Kind::kRunUntilRound:
    case Kind::kRunUntilOver:
      return RunUntil(l);
    case Kind::kExpectOver: {
      std::string want = "the game is over";
      if (l.has_text) want += ": " + l.text;
      if (!state_.over) return Fail(l.pos, want, GoesOn());
      if (l.has_text && Reason() != l.text) {
        return Fail(l.pos, want, Reason().empty() ? "the game ended normally" : Over());
      }
      return true;
    }
    case Kind::kExpectNotOver:
      if (state_.over) return Fail(l.pos, "the game goes on", Over());
      return true;
    case Kind::kExpectWinners: {
      std::vector<std::string> want;
      for (int p : b.players) want.push_back(names_[static_cast<size_t>(p)]);
      if (!state_.over) return Fail(l.pos, "winners " + Join(want), GoesOn());
      std::vector<std::string> got;
      for (int p : game_.Winners(state_)) got.push_back(names_[static_cast<size_t>(p)]);
      std::vector<std::string> a = want, c = got;
      std::sort(a.begin(), a.end());
      std::sort(c.begin(), c.end());
      if (a != c) return Fail(l.pos, "winners " + Join(want), "winners " + Join(got));
      return true;
    }
    case Kind::kExpectCatches:
      return Has(b, names_[static_cast<size_t>(b.players[0])] + " catches ");
    case Kind::kExpect:
      if (b.rank) return RankExpectation(b);
      if (b.condition >= 0) return ConditionExpectation(b);
      if (b.zone >= 0) return ZoneExpectation(b);
      return ValueExpectation(b);
    case Kind::kSetup:
      break;
  }
  return true;
}

bool ScenarioPlay::Fail(const SourcePos& at, std::string expected, std::string actual) {
  outcome_.status = ScenarioOutcome::Status::kFail;
  outcome_.failed_at = at;
  outcome_.expected = std::move(expected);
  outcome_.actual = std::move(actual);
  return false;
}

std::string ScenarioPlay::Name(int seat) const {
  if (seat < 0 || seat >= static_cast<int>(names_.size())) return "nobody";
  return names_[static_cast<size_t>(seat)];
}

std::string ScenarioPlay::CardName(int card) const {
  return r_.card_names[static_cast<size_t>(card)];
}

Type ScenarioPlay::OptionType(const State& s) const {
  const Instr& in = r_.code[static_cast<size_t>(s.pc)];
  if (in.code != Code::kChooseOption) return Type::kInt;
  return static_cast<Type>(r_.nodes[static_cast<size_t>(in.e1)].imm);
}

std::string ScenarioPlay::What(const State& s) const {
  const Decision& d = s.decision;
  switch (d.kind) {
    case DecisionKind::kPlay:
      return "play a card";
    case DecisionKind::kChoose:
      return d.remaining > 1 ? "choose " + std::to_string(d.remaining) + " cards"
                             : "choose a card";
    case DecisionKind::kOption:
      switch (OptionType(s)) {
        case Type::kSuit:
          return "choose a suit";
        case Type::kPlayer:
          return "choose a player";
        case Type::kBool:
          return "choose yes or no";
        case Type::kKind:
          return "choose a kind";
        case Type::kCard:
          return "choose a card";
        default:
          return "choose a number";
      }
    case DecisionKind::kLay:
      return "lay cards";
    case DecisionKind::kSearch:
      return "search";
    default:
      return "wait";
  }
}

std::string ScenarioPlay::GoesOn() const {
  const std::string round = " in round " + std::to_string(state_.vars[r_.builtin.round]);
  if (state_.decision.kind == DecisionKind::kSearch) {
    return "the game goes on: everyone searches" + round;
  }
  return "the game goes on: " + Name(state_.decision.player) + " to " + What(state_) +
         round;
}

std::string ScenarioPlay::Over() const {
  return Reason().empty() ? "the game is over" : "the game is over: " + Reason();
}

std::string ScenarioPlay::ValueText(Type type, int64_t v) const {
  if (v == kNone && type != Type::kInt) return "none";
  switch (type) {
    case Type::kPlayer:
      return Name(static_cast<int>(v));
    case Type::kCard:
      return v >= 0 && v < static_cast<int64_t>(r_.card_names.size())
                 ? CardName(static_cast<int>(v))
                 : "?";
    default:
      return r_.ValueName(type, v);
  }
}

std::string ScenarioPlay::SetText(int64_t bits) {
  std::vector<std::string> members;
  for (int n = 0; n < 63; ++n) {
    if (bits >> n & 1) members.push_back(std::to_string(n));
  }
  return members.empty() ? "nothing" : Join(members);
}

int ScenarioPlay::Pick(const std::vector<int>& ids, const Decision& d) {
  for (int id : ids) {
    for (int i = 0; i < d.count; ++i) {
      if (d.options[i] == id) return id;
    }
  }
  return ids.front();
}

std::optional<int64_t> ScenarioPlay::OptionValue(Type type, const CardRef& thing,
                                                 const State& s) const {
  const std::string& text = thing.name;
  switch (type) {
    case Type::kSuit: {
      int suit = r_.FindSuit(text);
      if (suit >= 0) return suit;
      int var = r_.FindVariable(text);
      if (var >= 0 && r_.variables[static_cast<size_t>(var)].type == Type::kSuit) {
        return s.vars[r_.variables[static_cast<size_t>(var)].slot];
      }
      return std::nullopt;
    }
    case Type::kPlayer:
      for (size_t i = 0; i < names_.size(); ++i) {
        if (names_[i] == text) return static_cast<int64_t>(i);
      }
      return std::nullopt;
    case Type::kBool:
      if (text == "true" || text == "false") return text == "true";
      return std::nullopt;
    case Type::kKind:
      for (size_t i = 0; i < r_.kinds.size(); ++i) {
        if (r_.kinds[i] == text) return static_cast<int64_t>(i);
      }
      return std::nullopt;
    case Type::kCard:
      if (thing.ids == nullptr) return std::nullopt;
      return Pick(*thing.ids, s.decision);
    default: {
      int64_t v = 0;
      auto r = std::from_chars(text.data(), text.data() + text.size(), v);
      if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
      return v;
    }
  }
}

std::string ScenarioPlay::Move(State& s, const Bound& b) {
  const ScnMove& m = b.line->move;
  const bool plays = m.verb == ScnMove::Verb::kPlays;
  if (m.verb == ScnMove::Verb::kLays) return Lay(s, b);
  if (m.verb == ScnMove::Verb::kMarks || m.verb == ScnMove::Verb::kUnmarks ||
      m.verb == ScnMove::Verb::kStops) {
    return Search(s, b);
  }
  for (const CardRef& thing : b.things) {
    if (s.over) return "the game is over";
    const Decision& d = s.decision;
    if (d.kind == DecisionKind::kSearch) {
      return "everyone is searching: " + Name(b.mover) + " may mark " +
             r_.search->formation.piece + " or stop";
    }
    if (d.player != b.mover) {
      return "it is " + Name(d.player) + "'s turn to " + What(s) + ", not " +
             Name(b.mover) + "'s";
    }
    const bool right_kind =
        plays ? d.kind == DecisionKind::kPlay
              : d.kind == DecisionKind::kChoose || d.kind == DecisionKind::kOption;
    if (!right_kind) return Name(b.mover) + " has to " + What(s) + " now";
    Action a;
    a.player = static_cast<int8_t>(b.mover);
    if (d.kind == DecisionKind::kOption) {
      auto v = OptionValue(OptionType(s), thing, s);
      if (!v) return Name(b.mover) + " has to " + What(s) + ", not '" + thing.name + "'";
      a.kind = ActionKind::kOption;
      a.value = static_cast<int16_t>(*v);
    } else {
      if (thing.ids == nullptr) {
        return Name(b.mover) + " has to " + What(s) + ", not '" + thing.name + "'";
      }
      a.kind = plays ? ActionKind::kPlay : ActionKind::kChoose;
      a.value = static_cast<int16_t>(Pick(*thing.ids, d));
    }
    const std::string refused = WhyRefused(game_, s, a, names_);
    if (!refused.empty()) return refused;
    Status applied = game_.Apply(s, a);
    if (!applied.ok()) return applied.error().message;
    After(s);
  }
  return "";
}

bool ScenarioPlay::Searching(const State& s, int player) const {
  ActionList legal;
  game_.LegalActions(s, legal);
  for (const Action& a : legal) {
    if (a.kind == ActionKind::kMark && a.player == player) return true;
  }
  return false;
}

void ScenarioPlay::After(State& s) {
  if (&s == &state_) {
    Chance();
    return;
  }
  Rng trial_rng = streams_.chance;  // a trial must not use up the scenario's randomness
  while (!s.over && game_.IsChance(s)) {
    static_cast<void>(game_.Apply(s, game_.SampleChance(s, trial_rng)));
  }
}

std::string ScenarioPlay::Search(State& s, const Bound& b) {
  const ScnMove& m = b.line->move;
  if (s.over) return "the game is over";
  if (s.decision.kind != DecisionKind::kSearch) {
    return "nobody is searching now: it is " + Name(s.decision.player) + "'s turn to " +
           What(s);
  }
  if (m.verb == ScnMove::Verb::kStops) {
    uint64_t group = 0;
    for (int p : b.stoppers) {
      if (!Searching(s, p)) return Name(p) + " is not searching";
      group |= uint64_t{1} << p;
    }
    Status applied = game_.Apply(s, Action{ActionKind::kStop, -1, 0, group});
    if (!applied.ok()) return applied.error().message;
    After(s);
    return "";
  }
  if (!Searching(s, b.mover)) return Name(b.mover) + " is not searching";
  const bool marks = m.verb == ScnMove::Verb::kMarks;
  for (int piece : b.pieces) {
    const bool marked = s.vars[r_.builtin.marks + b.mover] >> piece & 1;
    if (marks && marked) {
      return Name(b.mover) + " has already marked " + r_.search->formation.piece + " " +
             std::to_string(piece);
    }
    if (!marks && !marked) {
      return Name(b.mover) + " has not marked " + r_.search->formation.piece + " " +
             std::to_string(piece);
    }
    Status applied =
        game_.Apply(s, Action{ActionKind::kMark, static_cast<int8_t>(b.mover),
                              static_cast<int16_t>(piece), 0});
    if (!applied.ok()) return applied.error().message;
  }
  return "";
}

std::string ScenarioPlay::Lay(State& s, const Bound& b) {
  if (s.over) return "the game is over";
  const Decision& d = s.decision;
  if (d.player != b.mover) {
    return "it is " + Name(d.player) + "'s turn to " + What(s) + ", not " +
           Name(b.mover) + "'s";
  }
  if (d.kind != DecisionKind::kLay) return Name(b.mover) + " has to " + What(s) + " now";
  const int hand = r_.zones[static_cast<size_t>(r_.hand_family)].first + b.mover;
  std::vector<int> ids;
  for (const CardRef& thing : b.things) {
    int pick = -1;
    for (int id : *thing.ids) {
      bool used = std::find(ids.begin(), ids.end(), id) != ids.end();
      if (!used && s.zone_of[id] == hand) {
        pick = id;
        break;
      }
    }
    if (pick < 0) return thing.name + " is not in " + Name(b.mover) + "'s hand";
    ids.push_back(pick);
  }
  Status applied = game_.Apply(s, Action::Lay(b.mover, b.pile, ids));
  if (!applied.ok()) return applied.error().message;
  After(s);
  return "";
}

bool ScenarioPlay::RunUntil(const ScnLine& l) {
  const bool until_over = l.kind == Kind::kRunUntilOver;
  auto done = [&] {
    return state_.over || state_.error ||
           (!until_over && state_.vars[r_.builtin.round] >= l.number);
  };
  ActionList legal;
  for (int n = 0; !done(); ++n) {
    game_.LegalActions(state_, legal);
    if (n >= kMaxAutoActions || legal.count == 0) {
      return Fail(l.pos,
                  until_over ? "the game to end" : "round " + std::to_string(l.number),
                  "no end after " + std::to_string(n) + " moves");
    }
    // As a random bot plays a seat, from that seat's stream; a decision
    // open to several (a search) from the chance stream, as play settles it.
    const int decider = game_.CurrentPlayer(state_);
    Rng& rng =
        decider >= 0 ? streams_.seats[static_cast<size_t>(decider)] : streams_.chance;
    Action a = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
    static_cast<void>(game_.Apply(state_, a));
    Chance();
  }
  if (!until_over && state_.vars[r_.builtin.round] < l.number) {
    return Fail(l.pos, "round " + std::to_string(l.number),
                "the game ended in round " +
                    std::to_string(state_.vars[r_.builtin.round]) +
                    (Reason().empty() ? "" : " (" + Reason() + ")"));
  }
  return true;
}

}  // namespace angler
