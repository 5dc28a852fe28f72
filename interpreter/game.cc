// The VM: Execute runs the ruleset's bytecode on a State up to the next
// decision or the end, moving cards, calling effects and queueing their
// triggers. How a game starts, ends and is told are in game_start.cc,
// game_result.cc and game_text.cc; applying actions in game_apply.cc; card
// moves in game_moves.cc.
#include "interpreter/game.h"

#include <algorithm>
#include <cstring>

#include "dsl/text.h"
#include "interpreter/card_set.h"
#include "interpreter/eval.h"

namespace angler {
namespace {

// The current choice's picks into `out`, in pick order; their places go back
// to the options (a move that faults is undone whole, RunUnstated, or stops
// the game). Out of line, like the memcpy it replaced: such a move is rare,
// and the move case of Execute is one of its hottest.
[[gnu::noinline]] size_t TakeChosen(State& s, uint8_t* out) {
  const size_t n = s.chosen_count;
  for (size_t k = 0; k < n; ++k)
    out[k] = static_cast<uint8_t>(s.ChosenCard(static_cast<int>(k)));
  s.chosen_count = 0;
  return n;
}

}  // namespace

Game::Game(const Ruleset& rules, int players) : rules_(rules), players_(players) {
  for (const Variable& v : rules_.variables) {
    const int n = v.per_player ? kMaxPlayers : 1;
    for (int i = 0; i < n; ++i)
      starts_[static_cast<size_t>(v.scope)].push_back({v.slot + i, v.init});
  }
  for (const CardInfo& c : rules_.cards) enter_families_ |= c.enter_families;
  if (rules_.hand_family >= 0)
    first_hand_ = rules_.zones[static_cast<size_t>(rules_.hand_family)].first;
  if (rules_.trick && rules_.trick->family >= 0)
    trick_zone_ = rules_.zones[static_cast<size_t>(rules_.trick->family)].first;
  blank_ = MakeBlankState();
}

void Game::SetVariablesToStart(State& s, Scope scope, EventLog* log) const {
  for (const SlotStart& v : starts_[static_cast<size_t>(scope)])
    SetVar(s, v.slot, v.init, log);
}

bool Game::DealAtOnce(State& s, const uint8_t* cards, size_t n, int first) const {
  // Each card once, and none that an arrival would wake: then the piles are
  // built in one pass over the table instead of n moves.
  CardSet dealt;
  const int family = rules_.ZoneFamilyOf(first);
  const bool wakes = enter_families_ >> family & 1;  // some card might
  for (size_t k = 0; k < n; ++k) {
    if (dealt.Has(cards[k]) ||
        (wakes &&
         rules_.cards[static_cast<size_t>(cards[k])].enter_families >> family & 1))
      return false;
    dealt.Add(cards[k]);
  }
  uint8_t order[kMaxCards];
  int at = 0;
  for (int z = 0; z < rules_.zone_count; ++z) {
    const int a = s.start[z], b = s.start[z + 1];
    s.start[z] = static_cast<uint16_t>(at);
    for (int i = a; i < b; ++i) {  // the cards that stay, in their order
      if (!dealt.Has(s.order[i])) order[at++] = s.order[i];
    }
    const int seat = z - first;
    if (seat < 0 || seat >= players_) continue;
    for (size_t k = static_cast<size_t>(seat); k < n;
         k += static_cast<size_t>(players_)) {
      order[at++] = cards[k];  // then its share, in the order dealt
      s.zone_of[cards[k]] = static_cast<uint8_t>(z);
    }
  }
  std::memcpy(s.order, order, static_cast<size_t>(at));
  return true;
}

void Game::Fail(State& s, RuntimeFault fault, int at) const {
  s.error = true;
  s.fault = static_cast<uint8_t>(fault);
  s.fault_at = at;
  s.over = true;
  s.decision.kind = DecisionKind::kNone;
}

void Game::Call(State& s, int effect, int self, int owner, int return_pc) const {
  if (s.frame_count >= kMaxFrames) return Fail(s, RuntimeFault::kTooDeep, s.pc);
  Frame& f = s.frames[s.frame_count++];
  f = Frame{};
  f.return_pc = return_pc;
  f.self = static_cast<int16_t>(self);
  f.owner = static_cast<int8_t>(owner);
  f.loop_base = static_cast<int8_t>(s.loop_count);
  s.pc = rules_.effects[static_cast<size_t>(effect)].entry;
}

void Game::CallFirstQueued(State& s, uint8_t* cards, int8_t* owners, int8_t* effects,
                           uint8_t& count) const {
  const int card = cards[0], owner = owners[0], e = effects[0];
  --count;
  std::memmove(cards, cards + 1, count);
  std::memmove(owners, owners + 1, count);
  std::memmove(effects, effects + 1, count);
  Call(s, e, card, owner, s.pc);
}

// On-enter effects of `card` for the family of `zone` wait until the move
// statement is done, then run in order (kRunTriggers).
void Game::QueueEnterEffects(State& s, int card, int zone) const {
  const CardInfo& c = rules_.cards[static_cast<size_t>(card)];
  int family = rules_.ZoneFamilyOf(zone);
  if (s.unstated_count != 0 && s.unstated[card] && AnyCardEnters(family)) [[unlikely]]
    return Fail(s, RuntimeFault::kUnstatedCard, card);  // what it is decides
  if (!(c.enter_families >> family & 1)) return;
  for (int16_t e : c.effects) {
    if (e < 0) continue;
    const Effect& eff = rules_.effects[static_cast<size_t>(e)];
    if (eff.timing != Timing::kOnEnter || eff.enter_family != family) continue;
    if (s.trigger_count >= kMaxTriggers)
      return Fail(s, RuntimeFault::kTooManyTriggers, s.pc);
    s.trigger_card[s.trigger_count] = static_cast<uint8_t>(card);
    s.trigger_owner[s.trigger_count] = static_cast<int8_t>(rules_.ZoneSeat(zone));
    s.trigger_effect[s.trigger_count] = static_cast<int8_t>(e);
    ++s.trigger_count;
  }
}

void Game::Run(State& s, EventLog* log) const {
  if (s.unstated_count != 0) [[unlikely]]
    return RunUnstated(s, log);
  if (log) {
    Execute<true>(s, log);
  } else {
    Execute<false>(s, nullptr);
  }
  if (log) LogWhereStopped(s, log);  // no call per decision without a log
}

template <bool kLog>
void Game::Execute(State& s, EventLog* log, Undo* undo) const {
  if constexpr (!kLog) {  // constants: every `if (log)` and `if (undo)` folds away
    log = nullptr;
    undo = nullptr;
  }
  Evaluator ev(rules_, s, &s.frames[s.frame_count - 1]);
  uint8_t buffer[kMaxCards];
  int steps = 0;
  int pc = s.pc;  // the instruction running, for errors
  // An instruction that evaluated a faulting expression stops the game; the
  // suspending ones check before they suspend.
  auto faulted = [&] {
    if (!ev.faulted()) return false;
    Fail(s, ev.fault(), ev.fault_node());
    return true;
  };
  const Instr* const code = rules_.code.data();
  // The running frame's locals (a call or a return changes which).
  auto locals = [&s]() -> int32_t* { return s.frames[s.frame_count - 1].locals; };
  while (!s.over) {
    if (faulted()) return;
    if (undo) [[unlikely]] {  // a game with unstated cards (RunUnstated)
      if (int card = UnstatedInSight(s); card >= 0)
        return Fail(s, RuntimeFault::kUnstatedCard, card);
      undo->state = s;
      if (log) undo->events = log->size();
    }
    pc = s.pc;
    if (++steps > kMaxStepsPerApply) return Fail(s, RuntimeFault::kTooManySteps, pc);
    const Instr& in = code[s.pc];
    ev.ReleaseLists();
    switch (in.code) {
      case Code::kJump:
        s.pc = in.target;
        break;
      case Code::kJumpIfNot:
        s.pc = ev.Value(in.e0) ? s.pc + 1 : in.target;
        break;
      case Code::kSetGlobal:
      case Code::kSetPlayerVar:
      case Code::kSetLocal: {
        int64_t v = ev.Value(in.e0);
        int32_t* target;
        if (in.code == Code::kSetGlobal) {
          target = &s.vars[in.slot];
        } else if (in.code == Code::kSetLocal) {
          target = &locals()[in.slot];
        } else {
          int64_t p = ev.Value(in.e1);
          if (p >= players_) return Fail(s, RuntimeFault::kStoreSeat, pc);
          if (p < 0) {
            ++s.pc;
            break;
          }
          target = &s.vars[in.slot + p];
        }
        int32_t before = *target;
        if (in.op == 1 && __builtin_add_overflow(v, int64_t{*target}, &v))
          return Fail(s, RuntimeFault::kStoreOverflow, pc);
        if (in.op == 2 && __builtin_sub_overflow(int64_t{*target}, v, &v))
          return Fail(s, RuntimeFault::kStoreOverflow, pc);
        if (v != static_cast<int32_t>(v))
          return Fail(s, RuntimeFault::kStoreOverflow, pc);
        if (in.flag == kStoresSeat && (v < kNone || v >= players_))
          return Fail(s, RuntimeFault::kStoreSeat, pc);
        *target = static_cast<int32_t>(v);
        if (log && in.code != Code::kSetLocal && *target != before) {
          log->Set(static_cast<int>(target - s.vars), before, *target, CauseAt(s));
        }
        ++s.pc;
        break;
      }
      case Code::kMove:
      case Code::kMoveChosen: {
        size_t n = 0;
        if (in.code == Code::kMove) {
          auto cards = ev.Cards(in.e0);
          n = cards.size();
          std::memcpy(buffer, cards.data(), n);
        } else {
          n = TakeChosen(s, buffer);
        }
        int64_t zone = ev.Value(in.e1);
        if (zone >= 0) {
          int z = static_cast<int>(zone);
          const int family = rules_.ZoneFamilyOf(z);
          const bool to_trick = family == rules_.TrickFamily();
          // Where each card came from: for the log, and for whose a card put
          // into the trick is.
          int8_t seats[kMaxCards];
          uint8_t from[kMaxCards];
          if (log || to_trick) {
            for (size_t k = 0; k < n; ++k) {
              from[k] = s.zone_of[buffer[k]];
              seats[k] = static_cast<int8_t>(rules_.ZoneSeat(from[k]));
            }
          }
          MoveCards(s, buffer, n, z, in.flag == 1);
          if (log) {
            // In the order MoveCard would move them one by one (to the
            // bottom: last card first), so replaying gives the same piles.
            for (size_t k = 0; k < n; ++k) {
              size_t i = in.flag == 1 ? n - 1 - k : k;
              log->Moved(buffer[i], from[i], z, in.flag == 1, CauseAt(s));
            }
          }
          for (size_t k = 0; k < n && to_trick; ++k) {
            // A card put into the trick counts as its putter's, unless it was
            // played in this trick: taken out and put back, it keeps its player.
            if (seats[k] >= 0 && !PlayedInTrick(s, buffer[k]))
              s.played_by[buffer[k]] = seats[k];
          }
          if (s.unstated_count != 0 || (enter_families_ >> family & 1)) {
            for (size_t k = 0; k < n; ++k) QueueTriggers(s, buffer[k], z);
          }
        }
        ++s.pc;
        break;
      }
      case Code::kChooseCards: {
        int64_t p = ev.Value(in.e0);
        int64_t want = ev.Value(in.e1);
        auto cards = ev.Cards(in.e2);
        s.chosen_count = 0;
        if (faulted()) return;
        if (p >= players_) return Fail(s, RuntimeFault::kStoreSeat, pc);
        if (p < 0 || want <= 0 || cards.empty()) {
          ++s.pc;
          break;
        }
        Decision& d = s.decision;
        d.kind = DecisionKind::kChoose;
        d.player = static_cast<int8_t>(p);
        d.remaining = static_cast<uint8_t>(std::min<int64_t>(want, cards.size()));
        d.count = static_cast<uint8_t>(cards.size());
        for (size_t k = 0; k < cards.size(); ++k) d.options[k] = cards[k];
        return;
      }
      case Code::kChooseOption: {
        int64_t p = in.e0 < 0 ? kNone : ev.Value(in.e0);
        const Node& list = rules_.nodes[static_cast<size_t>(in.e1)];
        Decision& d = s.decision;
        d.count = 0;
        if (list.op == Op::kList) {
          for (int k = 0; k < list.b; ++k) {
            d.options[d.count++] =
                static_cast<int16_t>(rules_.lists[static_cast<size_t>(list.a + k)]);
          }
        } else if (list.op == Op::kRange) {
          int64_t lo = ev.Value(list.x), hi = ev.Value(list.y);
          if (lo <= hi && (lo < INT16_MIN || lo > INT16_MAX ||
                           std::min<int64_t>(hi, lo + kMaxCards - 1) > INT16_MAX))
            return Fail(s, RuntimeFault::kLoopValue, pc);
          for (int64_t v = lo; v <= hi && d.count < kMaxCards; ++v) {
            d.options[d.count++] = static_cast<int16_t>(v);
          }
        }
        if (faulted()) return;
        if (p >= players_) return Fail(s, RuntimeFault::kStoreSeat, pc);
        if (d.count == 0) {
          s.chosen_value = kNone;
          ++s.pc;
          break;
        }
        if (in.e0 < 0) {  // random(...): chance picks, and the pick is an action
          d.kind = DecisionKind::kChance;
          d.chance_pick = true;
          d.player = -1;
          return;
        }
        if (p < 0) {
          s.chosen_value = kNone;
          ++s.pc;
          break;
        }
        d.kind = DecisionKind::kOption;
        d.player = static_cast<int8_t>(p);
        return;
      }
      case Code::kShuffle: {
        int64_t zone = ev.Value(in.e0);
        if (faulted()) return;
        if (zone < 0 || s.ZoneSize(static_cast<int>(zone)) <= 1) {
          ++s.pc;
          break;
        }
        s.decision.kind = DecisionKind::kChance;
        s.decision.chance_pick = false;
        s.decision.player = -1;
        s.decision.zone = static_cast<uint8_t>(zone);
        s.decision.count = 0;
        return;
      }
      case Code::kDeal: {
        auto cards = ev.Cards(in.e0);
        size_t n = cards.size();
        std::memcpy(buffer, cards.data(), n);
        int first = rules_.zones[static_cast<size_t>(in.slot)].first;
        // Dealt from the top, one card to each seat in turn, seat 0 first.
        std::reverse(buffer, buffer + n);  // in the order dealt
        if (!log && s.unstated_count == 0 && DealAtOnce(s, buffer, n, first)) {
          ++s.pc;
          break;
        }
        for (size_t k = 0; k < n; ++k) {
          int zone = first + static_cast<int>(k % static_cast<size_t>(players_));
          int card = buffer[k];
          if (log) log->Moved(card, s.zone_of[card], zone, false, CauseAt(s));
          MoveCard(s, card, zone, false);
          QueueTriggers(s, card, zone);
        }
        ++s.pc;
        break;
      }
      case Code::kEndGame:
      case Code::kGameOver:
        s.over = true;
        s.end_reason = static_cast<uint8_t>(in.code == Code::kEndGame ? in.slot : 0);
        s.decision.kind = DecisionKind::kNone;
        return;
      case Code::kForBegin: {
        if (s.loop_count >= kMaxLoops) return Fail(s, RuntimeFault::kTooManyLoops, pc);
        Loop& loop = s.loops[s.loop_count];
        loop.origin = 0;
        loop.count = 0;
        loop.next = 0;
        const uint8_t this_loop = static_cast<uint8_t>(1u << s.loop_count);
        s.loops_by_place &= static_cast<uint8_t>(~this_loop);
        const Node& list = rules_.nodes[static_cast<size_t>(in.e0)];
        bool in_range = true;
        // Adds the value `v`, told by `item` (Loop).
        auto add = [&](int64_t v, int64_t item) {
          if (loop.count >= kMaxLoopItems) return false;
          in_range &= v >= INT16_MIN && v <= INT16_MAX;
          loop.items[loop.count++] = static_cast<uint8_t>(item);
          return true;
        };
        bool fits = true;
        if (list.op == Op::kSeats) {
          for (int p = 0; p < players_; ++p) fits &= add(p, p);
        } else if (list.op == Op::kList) {
          const int64_t* values = rules_.lists.data() + list.a;
          const auto [low, high] = std::minmax_element(values, values + list.b);
          // Steps from the lowest where they fit a byte, else places.
          const bool by_place =
              list.b > 0 &&
              static_cast<uint64_t>(*high) - static_cast<uint64_t>(*low) > 255;
          if (list.b > 0 && !by_place) loop.origin = static_cast<int16_t>(*low);
          if (by_place) s.loops_by_place |= this_loop;
          for (int k = 0; k < list.b; ++k)
            fits &= add(values[k], by_place ? k : values[k] - *low);
        } else if (list.op == Op::kRange) {
          int64_t lo = ev.Value(list.x), hi = ev.Value(list.y);
          // Counted, not compared at the ends: lo or hi may be the extremes.
          uint64_t span = lo <= hi
                              ? static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo)
                              : static_cast<uint64_t>(lo) - static_cast<uint64_t>(hi);
          // Each value's step from the lowest, which the loop keeps when the
          // range fits (a longer one fails below: too many values).
          const uint64_t lowest =
              lo <= hi ? static_cast<uint64_t>(lo) : static_cast<uint64_t>(lo) - span;
          loop.origin = static_cast<int16_t>(lowest);
          for (uint64_t k = 0; k <= span && fits; ++k) {
            uint64_t v =
                lo <= hi ? static_cast<uint64_t>(lo) + k : static_cast<uint64_t>(lo) - k;
            fits &= add(static_cast<int64_t>(v), static_cast<int64_t>(v - lowest));
          }
        } else {
          for (uint8_t c : ev.Cards(in.e0)) fits &= add(c, c);
        }
        if (faulted()) return;
        if (!fits) return Fail(s, RuntimeFault::kTooManyItems, pc);
        if (!in_range) return Fail(s, RuntimeFault::kLoopValue, pc);
        if (in.b > 0 && loop.count > 1) {
          // Stable sort by the keys, each evaluated with the loop variable bound
          // (a few seats or values: by insertion, std::stable_sort takes heap memory).
          int64_t keys[kMaxLoopItems][4];  // rows [0, count), columns [0, nk) set below
          int nk = std::min(in.b, 4);
          for (int k = 0; k < loop.count; ++k) {
            locals()[in.slot] = LoopValue(s, s.loop_count, k, pc);
            for (int j = 0; j < nk; ++j) {
              keys[k][j] =
                  ev.Value(static_cast<int>(rules_.lists[static_cast<size_t>(in.a + j)]));
            }
          }
          auto before = [&](int a, int b) {
            return std::lexicographical_compare(keys[a], keys[a] + nk, keys[b],
                                                keys[b] + nk);
          };
          int idx[kMaxLoopItems];
          for (int k = 0; k < loop.count; ++k) {
            int at = k;
            for (; at > 0 && before(k, idx[at - 1]); --at) idx[at] = idx[at - 1];
            idx[at] = k;
          }
          uint8_t sorted[kMaxLoopItems];
          for (int k = 0; k < loop.count; ++k) sorted[k] = loop.items[idx[k]];
          std::copy(sorted, sorted + loop.count, loop.items);
        }
        if (loop.count == 0) {
          s.pc = in.target;
          break;
        }
        locals()[in.slot] = LoopValue(s, s.loop_count, 0, pc);
        ++s.loop_count;
        loop.next = 1;
        ++s.pc;
        break;
      }
      case Code::kForNext: {
        Loop& loop = s.loops[s.loop_count - 1];
        if (loop.next < loop.count) {
          // The loop's kForBegin lies just before its body, where kForNext goes.
          locals()[in.slot] = LoopValue(s, s.loop_count - 1, loop.next++, in.target - 1);
          s.pc = in.target;
        } else {
          --s.loop_count;
          ++s.pc;
        }
        break;
      }
      case Code::kReturn: {
        Frame done = s.frames[--s.frame_count];
        s.loop_count = static_cast<uint8_t>(done.loop_base);
        s.pc = done.return_pc;
        ev.set_frame(&s.frames[s.frame_count - 1]);
        break;
      }
      case Code::kRunTriggers:
        if (s.trigger_count == 0) {
          ++s.pc;
          break;
        }
        CallFirstQueued(s, s.trigger_card, s.trigger_owner, s.trigger_effect,
                        s.trigger_count);  // back here for the next one
        ev.set_frame(&s.frames[s.frame_count - 1]);
        break;
      case Code::kRoundBegin:
        SetVar(s, rules_.builtin.round, s.vars[rules_.builtin.round] + 1, log);
        if (log)
          LogBoundary(s, EventKind::kRoundBegin, -1, kNoCard,
                      s.vars[rules_.builtin.round], log);
        SetVariablesToStart(s, Scope::kRound, log);
        s.pending_count = 0;  // next-trick effects of a round's last trick lapse
        ++s.pc;
        break;
      case Code::kTrickBegin:
        if (log)
          LogBoundary(s, EventKind::kTrickBegin, s.vars[rules_.builtin.leader], kNoCard,
                      s.vars[rules_.builtin.trick_number], log);
        SetVariablesToStart(s, Scope::kTrick, log);
        s.played_count = 0;
        s.turns_taken = 0;
        s.resolve_next = 0;
        std::fill(std::begin(s.position_of), std::end(s.position_of), -1);
        // winner and winning_card keep the last trick's until this one resolves.
        SetVar(s, rules_.builtin.turn, s.vars[rules_.builtin.leader], log);
        // With no next-trick effect waiting, kRunPending has nothing to run
        // and the turn it sets after that is the one set here: on to kPlay.
        s.pc = s.pending_count == 0 ? in.target : s.pc + 1;
        break;
      case Code::kRunPending: {
        if (s.pending_count == 0) {
          ++s.pc;
          break;
        }
        CallFirstQueued(s, s.pending_card, s.pending_owner, s.pending_effect,
                        s.pending_count);
        ev.set_frame(&s.frames[s.frame_count - 1]);
        // The leader may have changed: the first turn follows it.
        break;
      }
      case Code::kPlay: {
        if (s.trigger_count != 0) {  // the last card's on-play effects, in order
          CallFirstQueued(s, s.trigger_card, s.trigger_owner, s.trigger_effect,
                          s.trigger_count);  // back here for the next one
          ev.set_frame(&s.frames[s.frame_count - 1]);
          break;
        }
        if (s.turns_taken >= players_) {
          s.pc = in.target;
          break;
        }
        int p = s.vars[rules_.builtin.turn];
        if (s.ZoneSize(first_hand_ + p) == 0) {  // nothing to play: the turn passes
          ++s.turns_taken;
          SetVar(s, rules_.builtin.turn, NextSeat(p), log);
          break;
        }
        return AskPlay(s, ev, p);
      }
      case Code::kTrickResolve: {
        int64_t w = ev.Value(rules_.trick->winner);
        int winner = kNone;
        int card = kNoCard;
        if (rules_.nodes[static_cast<size_t>(rules_.trick->winner)].type == Type::kCard) {
          SetVar(s, rules_.builtin.winning_card, static_cast<int32_t>(w), log);
          card = static_cast<int>(w);
          winner = w >= 0 ? s.played_by[w] : kNone;
        } else {
          winner = static_cast<int>(w);
        }
        if (faulted()) return;
        if (winner < 0 || winner >= players_) return Fail(s, RuntimeFault::kNoWinner, pc);
        SetVar(s, rules_.builtin.winner, winner, log);
        if (log)
          LogBoundary(s, EventKind::kTrickEnd, winner, card,
                      s.vars[rules_.builtin.trick_number], log);
        ++s.pc;
        break;
      }
      case Code::kTrickEffects: {
        // End-of-trick effects run in play order; next-trick ones wait in line.
        int total = s.played_count * kMaxEffectsPerCard;
        int k = s.resolve_next;
        bool called = false;
        while (k < total && !called) {
          int card = s.played[k / kMaxEffectsPerCard];
          int e = rules_.cards[card].effects[static_cast<size_t>(k % kMaxEffectsPerCard)];
          ++k;
          if (e < 0) {  // the card's last effect was the one before: on to the next card
            k = (k + kMaxEffectsPerCard - 1) / kMaxEffectsPerCard * kMaxEffectsPerCard;
            continue;
          }
          Timing t = rules_.effects[static_cast<size_t>(e)].timing;
          if (t == Timing::kEndOfTrick) {
            s.resolve_next = static_cast<uint8_t>(k);
            Call(s, e, card, s.played_by[card], s.pc);
            ev.set_frame(&s.frames[s.frame_count - 1]);
            called = true;
          } else if (t == Timing::kNextTrick) {
            if (s.pending_count >= kMaxPending)
              return Fail(s, RuntimeFault::kTooManyPending, pc);
            s.pending_card[s.pending_count] = static_cast<uint8_t>(card);
            s.pending_owner[s.pending_count] = s.played_by[card];
            s.pending_effect[s.pending_count] = static_cast<int8_t>(e);
            ++s.pending_count;
          }
        }
        if (!called) {
          s.resolve_next = static_cast<uint8_t>(k);
          ++s.pc;
        }
        break;
      }
      case Code::kTurnBegin:
        TurnBegin(s, log);
        if (log)
          LogBoundary(s, EventKind::kTurnBegin, s.vars[rules_.builtin.turn], kNoCard,
                      s.vars[rules_.builtin.turn], log);
        ++s.pc;
        break;
      case Code::kSearch: {
        // Marks are wiped and nobody has stopped; if nobody may search, go on.
        for (int p = 0; p < players_; ++p) {
          SetVar(s, rules_.builtin.marks + p, 0, log);
          SetVar(s, rules_.builtin.stopped + p, 0, log);
        }
        if (Searchers(s) == 0) {
          ++s.pc;
          break;
        }
        s.decision.kind = DecisionKind::kSearch;
        s.decision.player = -1;
        s.decision.count = 0;
        return;
      }
      case Code::kLay:
        s.decision.kind = DecisionKind::kLay;
        s.decision.player = static_cast<int8_t>(s.vars[rules_.builtin.turn]);
        s.decision.count = 0;
        // As a trick's kNoPlay: a player with no move would stop the game with
        // no one to blame; the rules (a house rule, say) are at fault. Unless
        // cards nobody has stated decide it (their reading asks, in Apply).
        if (s.unstated_count == 0 && !AnyLegalLay(s))
          return Fail(s, RuntimeFault::kNoLay, pc);
        return;
      case Code::kCheck: {
        // The checks of one moment follow each other: one evaluator asks them
        // all, in order, and the first that fails stops the game there.
        int end = s.pc + 1;
        while (end < static_cast<int>(rules_.code.size()) &&
               rules_.code[static_cast<size_t>(end)].code == Code::kCheck)
          ++end;
        if (check_invariants_) {
          const int broken = FirstBrokenCheck(s, s.pc, end);
          if (broken >= 0) return Fail(s, RuntimeFault::kInvariant, broken);
        }
        s.pc = end;
        break;
      }
      case Code::kTrickEnd:
        if (s.vars[rules_.builtin.winner] >= 0) {
          SetVar(s, rules_.builtin.leader, s.vars[rules_.builtin.winner], log);
        }
        SetVar(s, rules_.builtin.trick_number, s.vars[rules_.builtin.trick_number] + 1,
               log);
        ++s.pc;
        break;
    }
  }
}

bool Game::PlayedInTrick(const State& s, int card) {
  const uint8_t* end = s.played + std::min<int>(s.played_count, kMaxPlayed);
  return std::find(s.played, end, card) != end;
}

int Game::FirstBrokenCheck(const State& s, int from, int to) const {
  Frame f{};
  Evaluator ev(rules_, s, &f);
  ev.ReadUnstated();  // a check of the rules, deciding nothing in the game
  // One question for every check and seat: the state does not change between
  // them, so the parts that do not read p are worked out once.
  for (int at = from; at < to; ++at) {
    const Instr& check = rules_.code[static_cast<size_t>(at)];
    for (int p = 0; p < (check.flag != 0 ? players_ : 1); ++p) {
      f.locals[0] = p;
      ev.ReleaseScratch();
      if (!ev.Value(check.e0)) return at;
    }
  }
  return -1;
}

}  // namespace angler

namespace angler {

// RunUnstated (game_apply.cc) runs the same loop, keeping each instruction's undo.
template void Game::Execute<true>(State&, EventLog*, Undo*) const;
template void Game::Execute<false>(State&, EventLog*, Undo*) const;
}  // namespace angler
