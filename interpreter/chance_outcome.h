// What a chance action produces, as cards and values rather than as the
// random generator's seed: the new order of a shuffled zone, or the value a
// random pick drew. Game::Apply draws through the same two functions, so what
// is stated here is what the game does.
//
// A game played at a table or elsewhere has no seeds: its record states what
// chance showed instead. A shuffle nobody saw is applied without one
// (UnseenShuffle): the zone keeps its cards in some order and every one of
// them becomes unstated (State::unstated holds the shuffle's number). A reveal
// (RevealAction, ActionKind::kReveal) then states where a card is: somewhere
// in a zone (a hand), or at a place from a zone's top (a draw). Applying it
// swaps the card with an unstated card of that place from the same shuffle:
// nothing since that shuffle told the two apart, so both orders were equally
// possible and everything before stays true. A card stated elsewhere, or one
// that no unstated card of that place could be (another shuffle's), is refused.
// What an unstated card is may decide nothing: a rule reading it, a move of
// it into a public zone or an on-enter effect stops the run before that
// instruction and asks for it (DecisionKind::kReveal); playing or choosing it
// is refused. A game without unseen shuffles never has an unstated card.
//
// REQUIRES: `s` is at a chance decision (Game::IsChance) and `a` is a chance
// action (OutcomeOf, PickValue, ShuffleZone).
#ifndef ANGLER_INTERPRETER_CHANCE_OUTCOME_H_
#define ANGLER_INTERPRETER_CHANCE_OUTCOME_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/state.h"

namespace angler {

// Shuffles the cards of `zone` in place with the outcome `seed`.
void ShuffleZone(State& s, int zone, uint64_t seed);
// The value a random pick among `d.options` draws with the outcome `seed`.
int16_t PickValue(const Decision& d, uint64_t seed);

struct ChanceOutcome {
  bool pick = false;       // a value drawn (else a shuffle)
  int zone = -1;           // the shuffle's zone
  int value = 0;           // the pick's value
  std::vector<int> cards;  // the shuffle: the zone's cards after it, bottom first
};

ChanceOutcome OutcomeOf(const State& s, uint64_t seed);

// ---- Chance stated as cards ----

// A reveal's place: anywhere in the zone, or the k-th card from its top (1).
inline constexpr int kAnywhere = 0;

Action UnseenShuffle();
// The zone is kept by its family's place among the families sorted by name
// and its instance (seat or pile), not by zone id: a ruleset loaded from its
// file and from its canonical text (the store's) number zones differently.
Action RevealAction(const Ruleset& rules, int card, int zone, int place = kAnywhere);
int RevealZone(const Ruleset& rules, const Action& a);  // -1 when there is none
inline int RevealPlace(const Action& a) { return static_cast<int>(a.seed >> 16 & 0xff); }
inline bool IsUnseenShuffle(const Action& a) {
  return a.kind == ActionKind::kChance && a.value == kShuffleUnseen;
}

// The cards a move names (a card played or chosen, the cards of a lay); returns how many.
int CardsNamed(const Action& a, int out[kMaxLay]);

// The cards of `zone` become unstated, as one new shuffle's (Game::ApplyChance).
void MarkUnseen(State& s, int zone);

// A zone as records name it: a seat's zone by its player ("hand(Anne)").
std::string ZoneNameFor(const Ruleset& rules, int zone,
                        const std::vector<std::string>& players);

// `text` with every seat's zone named by its player: "hand(1)" -> "hand(Bob)".
std::string WithSeatNames(const Ruleset& rules, std::string text,
                          const std::vector<std::string>& players);

// A chance move or a reveal as records write it: "shuffle hand(Anne)
// #00ff00ff00ff00ff", "shuffle deck unseen", "draw #...", "reveal
// hand(Anne): blue 7", "reveal top of deck: red 3", "reveal card 2 from the
// top of deck: red 4". REQUIRES: a is one, and for chance `s` is before it.
std::string ChanceText(const Ruleset& rules, const State& s, const Action& a,
                       const std::vector<std::string>& players);

// The same game as `seeded` (a game's actions from its start, chance by
// seeds) told as a table would tell it: every shuffle unseen, and each card
// stated where it lies when the rules first need it (before the move that
// reads it), or an error naming the action that does not apply.
Result<std::vector<Action>> StatedAsCards(const Game& game,
                                          std::span<const Action> seeded);

// Whether a record line states chance as cards: "reveal ..." or "shuffle ZONE unseen".
bool IsStatementText(std::string_view text);

// The actions of such a line, in order: one per card revealed ("reveal
// top of deck: red 3, blue 4" is two: the top card, then the one below), or
// the unseen shuffle. The cards are only read here; Game::Apply judges them.
Result<std::vector<Action>> ParseStatement(const Game& game, const State& s,
                                           std::string_view text,
                                           const std::vector<std::string>& players);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_CHANCE_OUTCOME_H_
