// The state of one game: a flat value, copied with memcpy.
//
// INVARIANTS:
//  - every card of the ruleset is in exactly one zone: `order` holds each card
//    id once, zone z owning order[start[z] .. start[z + 1]); zone_of agrees;
//  - index 0 of a zone is its bottom, the last index its top (draws take the top);
//  - the VM is either at a decision (`decision.kind != kNone`) or the game is over;
//  - unstated_count is the number of cards with unstated[c] != 0;
//  - decision.count + chosen_count <= kMaxCards (ChosenCard).
#ifndef ANGLER_INTERPRETER_STATE_H_
#define ANGLER_INTERPRETER_STATE_H_

#include <cstdint>
#include <span>
#include <type_traits>

#include "interpreter/limits.h"

namespace angler {

enum class DecisionKind : uint8_t {
  kNone,    // the game is over
  kPlay,    // `player` plays one of `options` (cards) to the trick
  kChoose,  // `player` picks one of `options` (cards); `remaining` picks to go
  kOption,  // `player` picks one of `options` (values: suits, numbers)
  kChance,  // a shuffle of zone `zone`: its outcome is an action too
  kLay,     // `player` lays cards on one pile of the rows (legal lays are enumerated)
  kSearch,  // open to every active player: mark a piece, or stop (several at once)
  kReveal,  // the rules read a card nobody has stated: the card at index options[0]
            // of zone `zone` must be stated first (chance_outcome.h)
};

struct Decision {
  DecisionKind kind = DecisionKind::kNone;
  int8_t player = -1;
  uint8_t remaining = 0;
  uint8_t zone = 0;
  uint8_t count = 0;           // options in use
  bool chance_pick = false;    // kChance: picks one of `options` (else shuffles `zone`)
  int16_t options[kMaxCards];  // card ids or values; past count, a choice's
                               // picks from the end (State::ChosenCard)
};

struct Frame {
  int32_t return_pc = 0;
  int16_t self = kNoCard;
  int8_t owner = -1;
  int8_t loop_base = 0;  // loops alive when the frame was entered
  int32_t locals[kMaxLocals] = {};
};

struct Loop {
  int16_t items[kMaxLoopItems];
  uint8_t count = 0;
  uint8_t next = 0;
};

struct State {
  // Zones.
  uint8_t order[kMaxCards];
  uint8_t zone_of[kMaxCards];
  int8_t played_by[kMaxCards];
  uint16_t start[kMaxZones + 1];

  int32_t vars[kMaxVarSlots];

  // The trick in progress (or the last one, until the next begins).
  uint8_t played[kMaxPlayed];
  uint8_t played_count = 0;
  uint8_t resolve_next = 0;           // kTrickEffects' progress
  uint8_t turns_taken = 0;            // seats that played (or had no card)
  int8_t position_of[kMaxPlayers];    // index in the play order, -1 if not played
  uint8_t pending_card[kMaxPending];  // next-trick effects: card and its player
  int8_t pending_owner[kMaxPending];
  int8_t pending_effect[kMaxPending];
  uint8_t pending_count = 0;
  uint8_t trigger_card[kMaxTriggers];  // on-enter effects waiting
  int8_t trigger_owner[kMaxTriggers];
  int8_t trigger_effect[kMaxTriggers];
  uint8_t trigger_count = 0;

  // The VM.
  int32_t pc = 0;
  uint8_t frame_count = 0;
  uint8_t loop_count = 0;
  Frame frames[kMaxFrames];
  Loop loops[kMaxLoops];
  uint8_t chosen_count = 0;      // cards picked by the current kChoose: ChosenCard
  int32_t chosen_value = kNone;  // the value picked by the last kOption

  Decision decision;
  uint8_t num_players = 0;
  uint8_t end_reason = 0;  // index into Ruleset::end_reasons
  bool over = false;
  bool error = false;     // a runtime limit was hit or the rules allowed no play
  uint8_t fault = 0;      // with error: the RuntimeFault (runtime_error.h)
  int32_t fault_at = -1;  // its expression node or instruction
  uint32_t ply = 0;       // actions applied

  // Cards whose place a shuffle nobody saw decided (a game from a table,
  // chance_outcome.h): unstated[c] is the number of the last such shuffle c
  // went through, 0 once a record states where c is. Unstated cards of one
  // shuffle may trade places: nothing that happened since told them apart.
  uint8_t unstated[kMaxCards];
  uint16_t unstated_count = 0;
  uint16_t last_unseen = 0;  // the number of the latest unseen shuffle (1..255)

  std::span<const uint8_t> Zone(int z) const {
    return {order + start[z], static_cast<size_t>(start[z + 1] - start[z])};
  }
  int ZoneSize(int z) const { return start[z + 1] - start[z]; }

  // The cards the current kChoose picked, in pick order, kept in the
  // options' room from its end: each pick takes its card out of the options,
  // so the options and the picks never need more than kMaxCards places
  // together (and a State copies 240 bytes fewer).
  // REQUIRES: 0 <= i < chosen_count.
  static constexpr int ChosenSlot(int i) { return kMaxCards - 1 - i; }
  int ChosenCard(int i) const { return decision.options[ChosenSlot(i)]; }
  // REQUIRES: decision.count + chosen_count < kMaxCards.
  void AddChosen(int card) {
    decision.options[ChosenSlot(chosen_count++)] = static_cast<int16_t>(card);
  }
};

static_assert(std::is_trivially_copyable_v<State>);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_STATE_H_
