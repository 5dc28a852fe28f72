// What may be done now and doing it: the legal actions of the decision in
// front of the game, a chance outcome drawn, and Apply, which validates an
// action against the decision and then dispatches it by kind.
#include <algorithm>
#include <cstring>
#include <string>

#include "dsl/text.h"
#include "interpreter/chance_outcome.h"
#include "interpreter/eval.h"
#include "interpreter/game.h"

namespace angler {
namespace {

// Loops over a decision's options go this many at a time, past the count up
// to a whole group (Decision::options holds kMaxCards), as a vector of gcc
// and clang where the lanes are compared.
using OptionLanes = int16_t __attribute__((vector_size(16)));
constexpr int kOptionLanes = sizeof(OptionLanes) / sizeof(int16_t);
constexpr OptionLanes kOptionIndex = {0, 1, 2, 3, 4, 5, 6, 7};
constexpr OptionLanes kNoOption = {-1, -1, -1, -1, -1, -1, -1, -1};

const char* ActionKindName(ActionKind k) {
  switch (k) {
    case ActionKind::kPlay:
      return "play";
    case ActionKind::kChoose:
      return "choose";
    case ActionKind::kOption:
      return "option";
    case ActionKind::kChance:
      return "chance";
    case ActionKind::kLay:
      return "lay";
    case ActionKind::kMark:
      return "mark";
    case ActionKind::kStop:
      return "stop";
    case ActionKind::kReveal:
      return "reveal";
  }
  return "?";
}

}  // namespace

void Game::LegalActions(const State& s, ActionList& out) const {
  if (LegalActionsButLays(s, out)) return;
  State t = s;  // the lays are laid on it
  LegalLays(t, out);
}

void Game::LegalActionsInPlace(State& s, ActionList& out) const {
  if (!LegalActionsButLays(s, out)) LegalLays(s, out);
}

bool Game::LegalActionsButLays(const State& s, ActionList& out) const {
  out.count = 0;
  const Decision& d = s.decision;
  if (d.kind == DecisionKind::kLay && !s.over) return false;
  if (d.kind == DecisionKind::kSearch && !s.over) {
    LegalSearch(s, out);
    return true;
  }
  if (!PicksAnOption(s)) return true;  // over, chance, a card to reveal, none
  // Eight at a time: a loop that ends at the count is a jump the CPU cannot
  // foresee. The items past the count are written too, and left unset.
  // Item k is OptionAction(s, k): only the value differs.
  static_assert(kMaxCards % kOptionLanes == 0);
  Action item = OptionAction(s, 0);
  for (int base = 0; base < d.count; base += kOptionLanes) {
    for (int k = base; k < base + kOptionLanes; ++k) {
      item.value = d.options[k];
      out.items[k] = item;
    }
  }
  out.count = d.count;
  return true;
}

Action Game::SampleChance(const State&, Rng& rng) const {
  return Action{ActionKind::kChance, -1, 0, rng.Next()};
}

// Validates that there is a decision and that the action is of its kind,
// then dispatches by phase: a search (marks and stops by several players), a
// lay, a chance outcome, or one player's choice (a card played, a card or a
// value chosen).
Status Game::Apply(State& s, const Action& a, EventLog* log) const {
  const Decision& d = s.decision;
  // Most actions are one player's choice of the kind the decision asks for,
  // in a game with every card stated: the checks below would all pass.
  if (PicksAnOption(s) && ActionKindFor(d.kind) == a.kind && s.unstated_count == 0)
    return ApplyChoice(s, a, log);
  if (s.over) return Diagnostic({}, "the game is over");
  if (d.kind == DecisionKind::kNone)
    return Diagnostic({}, "there is no decision to make now");
  if (a.kind == ActionKind::kReveal) return ApplyReveal(s, a, log);
  if (d.kind == DecisionKind::kReveal) {
    return Diagnostic({}, "the rules need to know card " +
                              std::to_string(d.options[0] + 1) + " from the bottom of " +
                              rules_.ZoneName(d.zone) +
                              ", which no one has stated: reveal it first");
  }
  if (s.unstated_count != 0) [[unlikely]] {
    if (Status st = CheckStated(s, a); !st) return st;
  }
  if (d.kind == DecisionKind::kSearch) return ApplySearch(s, a, log);
  if (ActionKindFor(d.kind) != a.kind) {
    return Diagnostic({}, std::string("expected a ") +
                              ActionKindName(ActionKindFor(d.kind)) + " action, got " +
                              ActionKindName(a.kind));
  }
  if (a.kind == ActionKind::kLay) return ApplyLay(s, a, log);
  if (a.kind == ActionKind::kChance) {
    if (a.value != 0 && (a.value != kShuffleUnseen || d.chance_pick)) {
      return Diagnostic({}, d.chance_pick ? "a random draw needs its outcome"
                                          : "a shuffle's outcome is a seed, or unseen");
    }
    ApplyChance(s, a, log);
    return Ok();
  }
  return ApplyChoice(s, a, log);
}

// A search: every searching player marks pieces (the search goes on) until a
// group of them stops it.
Status Game::ApplySearch(State& s, const Action& a, EventLog* log) const {
  const uint32_t who = Searchers(s);
  if (a.kind == ActionKind::kMark) {
    if (a.player < 0 || a.player >= players_ || !(who >> a.player & 1)) {
      return Diagnostic({}, "seat " + std::to_string(a.player) + " is not searching");
    }
    if (a.value < 0 ||
        a.value >= static_cast<int>(rules_.search->formation.pieces.size())) {
      return Diagnostic({}, "there is no " + rules_.search->formation.piece + " " +
                                std::to_string(a.value));
    }
    LogAction(s, a, log);
    const int slot = rules_.builtin.marks + a.player;
    SetVar(s, slot, s.vars[slot] ^ (1 << a.value), log);  // the search goes on
    ++s.ply;
    LogWhereStopped(s, log);  // the search, still open
    return Ok();
  }
  if (a.kind == ActionKind::kStop) {
    const uint32_t group = static_cast<uint32_t>(a.seed);
    if (group == 0 || (group & ~who) != 0) {
      return Diagnostic({}, "only searching players can stop");
    }
    LogAction(s, a, log);
    for (int p = 0; p < players_; ++p)
      SetVar(s, rules_.builtin.stopped + p, group >> p & 1, log);
    s.decision.kind = DecisionKind::kNone;
    ++s.pc;
    ++s.ply;
    Run(s, log);
    return Ok();
  }
  return Diagnostic({}, "during a search, players mark " +
                            rules_.search->formation.piece + " or stop, not " +
                            ActionKindName(a.kind));
}

// An action LegalActions listed: a lay is laid as listed, its cards not
// judged again; the rest as Apply applies them.
Status Game::ApplyListed(State& s, const Action& a, EventLog* log) const {
  if (a.kind == ActionKind::kLay && s.decision.kind == DecisionKind::kLay && !s.over &&
      s.unstated_count == 0)
    return ApplyLay(s, a, log, /*judge=*/false);
  return Apply(s, a, log);
}

// A lay onto a row: checked card by card; one against the rules is refused,
// or accepted as the illegal move the ruleset allows (the cards stay in hand).
// Unjudged (`judge` false, a listed lay), only its form is checked.
Status Game::ApplyLay(State& s, const Action& a, EventLog* log, bool judge) const {
  if (a.player != s.decision.player) {
    return Diagnostic({}, "it is seat " + std::to_string(s.decision.player) +
                              "'s turn, not seat " + std::to_string(a.player) + "'s");
  }
  const int32_t target_before = s.vars[rules_.builtin.target];
  const LayVerdict verdict = LayChecked(s, a, judge);  // legal: laid on s
  if (verdict.kind == LayVerdict::kMalformed) return Diagnostic({}, verdict.why);
  if (verdict.kind == LayVerdict::kAgainstRules) {
    bool accepted = false;
    if (rules_.turn->accept_illegal >= 0) {
      Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
      accepted = ev.Value(rules_.turn->accept_illegal) != 0;
    }
    if (!accepted) return Diagnostic({}, verdict.why);
    LogAction(s, a, log);
    SetVar(s, rules_.builtin.illegal_lay, 1, log);  // the cards stay in hand
  } else {
    LogAction(s, a, log);
    if (log) LogLay(s, a, target_before, log);
    SetVar(s, rules_.builtin.illegal_lay, 0, log);
  }
  s.decision.kind = DecisionKind::kNone;
  ++s.pc;
  ++s.ply;
  Run(s, log);
  return Ok();
}

// Chance: a value picked, or a zone shuffled, by the action's seed; or a
// shuffle nobody saw, whose cards become unstated (chance_outcome.h).
void Game::ApplyChance(State& s, const Action& a, EventLog* log) const {
  Decision& d = s.decision;
  LogAction(s, a, log);
  if (d.chance_pick) {
    s.chosen_value = PickValue(d, a.seed);
  } else {
    if (a.value == kShuffleUnseen) [[unlikely]] {
      MarkUnseen(s, d.zone);
    } else {
      ShuffleZone(s, d.zone, a.seed);
    }
    if (log) {
      Event e;
      e.kind = EventKind::kShuffle;
      e.to = d.zone;
      e.seed = a.seed;
      e.cause = CauseAt(s);
      log->Add(e);
    }
  }
  d.kind = DecisionKind::kNone;
  ++s.pc;
  Done(s, log);
}

// One player's choice among the decision's options: a card played into the
// trick, one card of several chosen (the choice goes on), or a value.
Status Game::ApplyChoice(State& s, const Action& a, EventLog* log) const {
  Decision& d = s.decision;
  LogAction(s, a, log);
  if (a.player != d.player) {
    return Diagnostic({}, "it is seat " + std::to_string(d.player) +
                              "'s decision, not seat " + std::to_string(a.player) + "'s");
  }
  // The last option of that value (of equal ones, a pick of several takes
  // out the last, as it always has: the others keep their places). Every
  // option is looked at, eight at a time: a search that stops where the
  // chosen one lies, or at the count, is a jump the CPU cannot foresee.
  OptionLanes last = kNoOption;  // per lane, the last option there of that value
  for (int base = 0; base < d.count; base += kOptionLanes) {
    OptionLanes options;
    std::memcpy(&options, d.options + base, sizeof options);
    const OptionLanes k = kOptionIndex + static_cast<int16_t>(base);
    last = ((options == a.value) & (k < d.count)) ? k : last;
  }
  int at = -1;
  for (int lane = 0; lane < kOptionLanes; ++lane) at = std::max(at, int{last[lane]});
  if (at < 0) {
    const bool named = a.kind == ActionKind::kOption ||
                       (a.value >= 0 && a.value < static_cast<int>(rules_.cards.size()));
    return Diagnostic({},
                      (named ? ActionText(s, a) : "card #" + std::to_string(a.value)) +
                          " is not allowed now");
  }
  return ChoiceMade(s, a, at, log);
}

Status Game::ApplyOption(State& s, int index, EventLog* log) const {
  if (!PicksAnOption(s) || index < 0 || index >= s.decision.count)
    return Diagnostic({}, "there is no option " + std::to_string(index) + " to pick now");
  const Action a = OptionAction(s, index);
  // A card to play is one of a hand's cards, each there once: the option
  // Apply would look for is this one. Other options may repeat a value (of
  // equal ones Apply takes the last), and unstated cards need its checks.
  if (s.decision.kind != DecisionKind::kPlay || s.unstated_count != 0)
    return Apply(s, a, log);
  LogAction(s, a, log);
  return ChoiceMade(s, a, index, log);
}

// Option `at`, a's, was chosen and is legal: the card is played, or taken
// out of the options (a pick of several goes on), or the value kept.
Status Game::ChoiceMade(State& s, const Action& a, int at, EventLog* log) const {
  Decision& d = s.decision;
  switch (a.kind) {
    case ActionKind::kPlay:  // the trick's step goes on (its triggers first)
      PlayCard(s, a.value, log);
      d.kind = DecisionKind::kNone;
      if (!log && AskNextPlay(s)) {  // the next seat's turn, straight away
        ++s.ply;
        return Ok();
      }
      break;
    case ActionKind::kChoose:
      // The rest keep their order, for people and for replays.
      std::copy(d.options + at + 1, d.options + d.count, d.options + at);
      --d.count;
      s.AddChosen(a.value);  // into the place the options just gave up
      if (--d.remaining == 0 || d.count == 0) {
        d.kind = DecisionKind::kNone;
        ++s.pc;
      }
      break;
    case ActionKind::kOption:
      s.chosen_value = a.value;
      d.kind = DecisionKind::kNone;
      ++s.pc;
      break;
    default:
      break;
  }
  Done(s, log);
  return Ok();
}

// The card goes into the trick in play order; the turn passes on; the card's
// on-play effects are queued to run right after it is down.
void Game::PlayCard(State& s, int card, EventLog* log) const {
  const int p = s.decision.player;
  const int trick = trick_zone_;
  if (log) log->Moved(card, s.zone_of[card], trick, false, CauseAt(s));
  MoveCard(s, card, trick, false);
  s.played_by[card] = static_cast<int8_t>(p);
  s.position_of[p] = static_cast<int8_t>(s.played_count);
  if (s.played_count < kMaxPlayed)
    s.played[s.played_count++] = static_cast<uint8_t>(card);
  ++s.turns_taken;
  SetVar(s, rules_.builtin.turn, NextSeat(p), log);
  const CardInfo& c = rules_.cards[static_cast<size_t>(card)];
  for (int16_t e : c.effects) {
    if (e < 0) break;  // none follows a -1 (CardInfo::effects)
    if (rules_.effects[static_cast<size_t>(e)].timing != Timing::kOnPlay) continue;
    if (s.trigger_count >= kMaxTriggers) break;
    s.trigger_card[s.trigger_count] = static_cast<uint8_t>(card);
    s.trigger_owner[s.trigger_count] = static_cast<int8_t>(p);
    s.trigger_effect[s.trigger_count] = static_cast<int8_t>(e);
    ++s.trigger_count;
  }
  QueueTriggers(s, card, trick);
}

void Game::AskPlay(State& s, Evaluator& ev, int p) const {
  Decision& d = s.decision;
  d.count = static_cast<uint8_t>(ev.PlannedFilterInto(
      s.played_count == 0 ? rules_.trick->lead_options : rules_.trick->play_options,
      d.options));
  if (ev.faulted()) return Fail(s, ev.fault(), ev.fault_node());
  if (d.count == 0) return Fail(s, RuntimeFault::kNoPlay, s.pc);
  d.kind = DecisionKind::kPlay;
  d.player = static_cast<int8_t>(p);
}

bool Game::AskNextPlay(State& s) const {
  if (s.unstated_count != 0 || s.trigger_count != 0 || s.turns_taken >= players_ ||
      rules_.code[static_cast<size_t>(s.pc)].code != Code::kPlay)
    return false;
  const int p = s.vars[rules_.builtin.turn];
  if (s.ZoneSize(first_hand_ + p) == 0) return false;
  Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
  AskPlay(s, ev, p);
  return true;
}

void Game::Done(State& s, EventLog* log) const {
  ++s.ply;
  if (s.decision.kind == DecisionKind::kNone) {
    Run(s, log);
  } else {
    LogWhereStopped(s, log);  // the same choice goes on (more cards to pick)
  }
}

}  // namespace angler
