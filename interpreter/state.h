// The state of one game: a flat value, copied as one block of bytes.
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

#include <cstddef>
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

// A for-loop's values, a byte each (Game::LoopValue reads them): most
// loops hold each value's step from `origin` (0 for seats and cards, which
// lie below 256; the lowest value for a range, or for a list whose values
// lie within 256 of each other); a list whose values spread wider holds each
// one's place in the list (State::loops_by_place says which loops do). At
// most kMaxLoopItems values.
struct Loop {
  int16_t origin = 0;
  uint8_t items[kMaxLoopItems];
  uint8_t count = 0;
  uint8_t next = 0;
};
static_assert(kMaxLoops <= 8, "State::loops_by_place has a bit for each loop");

// State's fields, apart from State so that the compiler can check that they
// hold no padding: states compare with memcmp, and a copy copies every byte.
// Past the zones, they are ordered by alignment, widest first (which leaves
// no gaps), and within that by what they belong to.
struct StateFields {
  // Zones, first: the moves read them most. (3 * kMaxCards bytes keep the
  // wider fields after them aligned.)
  uint8_t order[kMaxCards];
  uint8_t zone_of[kMaxCards];
  int8_t played_by[kMaxCards];

  // 4-byte fields.
  int32_t vars[kMaxVarSlots];
  // The VM.
  Frame frames[kMaxFrames];
  int32_t pc = 0;
  int32_t chosen_value = kNone;  // the value picked by the last kOption
  int32_t fault_at = -1;         // with error: its expression node or instruction
  uint32_t ply = 0;              // actions applied

  // 2-byte fields.
  uint16_t start[kMaxZones + 1];  // zone z begins at order[start[z]]
  Loop loops[kMaxLoops];          // the VM's for-loops
  Decision decision;
  uint16_t unstated_count = 0;  // unstated, below
  uint16_t last_unseen = 0;     // the number of the latest unseen shuffle (1..255)

  // 1-byte fields.
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
  uint8_t frame_count = 0;
  uint8_t loop_count = 0;
  uint8_t loops_by_place = 0;  // bit i: loops[i] holds places in its list (Loop)
  uint8_t chosen_count = 0;    // cards picked by the current kChoose: ChosenCard

  uint8_t num_players = 0;
  uint8_t end_reason = 0;  // index into Ruleset::end_reasons
  bool over = false;
  bool error = false;  // a runtime limit was hit or the rules allowed no play
  uint8_t fault = 0;   // with error: the RuntimeFault (runtime_error.h)

  // Cards whose place a shuffle nobody saw decided (a game from a table,
  // chance_outcome.h): unstated[c] is the number of the last such shuffle c
  // went through, 0 once a record states where c is. Unstated cards of one
  // shuffle may trade places: nothing that happened since told them apart.
  uint8_t unstated[kMaxCards];

  // Room up to a whole number of copy blocks (kStateBlock): a field added
  // takes its bytes from here.
  uint8_t unused[6] = {};

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

// What a State is copied in: 32-byte blocks, the widest stores most x86-64
// machines make at once. A State is aligned to them.
inline constexpr size_t kStateBlock = 32;
static_assert(std::is_trivially_copyable_v<StateFields> &&
                  std::has_unique_object_representations_v<StateFields>,
              "a State has no padding: states compare with memcmp");
static_assert(sizeof(StateFields) % kStateBlock == 0,
              "StateFields::unused fills the last copy block exactly");

// Copies every byte of `from` over `to` (they may be the same State). Bots
// and searches copy a State for each move they try, so the copy is our own:
// whole aligned blocks, where memcpy spends a fifth more on a State (state.cc).
struct State;
void CopyState(State& to, const State& from);

struct alignas(kStateBlock) State : StateFields {
  State() = default;
  State(const State& other) { CopyState(*this, other); }
  State& operator=(const State& other) {
    CopyState(*this, other);
    return *this;
  }
};
static_assert(sizeof(State) == sizeof(StateFields));

}  // namespace angler

#endif  // ANGLER_INTERPRETER_STATE_H_
