// Hearts written by hand, as tight C++ as we can make it: the yardstick that
// `angler bench --vs-handcoded` measures the engine against. It plays exactly
// the rules of rulesets/hearts.yaml (the handcoded_hearts_check files prove
// it move by move), and nothing in it is shared with the engine but the Rng.
//
// Cards are bits of a 64-bit set: bit suit * 13 + value - 2, suits in the
// ruleset's order (clubs, diamonds, spades, hearts), values 2..14 (ace).
// No allocation anywhere; a game is a few dozen bytes.
//
// REQUIRES: Apply() only with a card of Legal(), and not once over().
#ifndef ANGLER_TOOLS_HANDCODED_HEARTS_H_
#define ANGLER_TOOLS_HANDCODED_HEARTS_H_

#include <array>
#include <cstdint>

#include "interpreter/rng.h"

namespace angler::handcoded {

using Cards = uint64_t;

inline constexpr int kSeats = 4;
inline constexpr int kClubs = 0, kDiamonds = 1, kSpades = 2, kHearts = 3;
inline constexpr int kPassLeft = 0, kPassRight = 1, kPassAcross = 2, kKeep = 3;

constexpr int CardBit(int suit, int value) { return suit * 13 + value - 2; }
inline constexpr Cards kSuitMask = 0x1fff;
inline constexpr Cards kHeartsMask = kSuitMask << (13 * kHearts);
inline constexpr Cards kQueenOfSpades = Cards{1} << CardBit(kSpades, 12);
inline constexpr Cards kTwoOfClubs = Cards{1} << CardBit(kClubs, 2);
inline constexpr Cards kPointCards = kHeartsMask | kQueenOfSpades;

struct HeartsDeal {
  std::array<Cards, kSeats> hands{};
  int direction = kPassLeft;  // 0 left, 1 right, 2 across, 3 keep
};

// A shuffle of the 52 cards, 13 to each seat, and a direction drawn at random.
HeartsDeal DealHearts(Rng& rng);

class HeartsGame {
 public:
  explicit HeartsGame(const HeartsDeal& deal);

  bool over() const { return tricks_done_ == 13; }
  // While passing, each seat in turn picks its three cards one at a time.
  bool passing() const { return passer_ < kSeats; }
  int to_move() const { return passing() ? passer_ : turn_; }
  // The cards the seat to move may pick (passing) or play.
  Cards Legal() const;
  void Apply(int card);

  Cards hand(int seat) const { return hands_[static_cast<size_t>(seat)]; }
  // Once over: the points of the hand (shooting the moon applied).
  int score(int seat) const { return scores_[static_cast<size_t>(seat)]; }

 private:
  void Pick(int card);
  void Play(int card);
  void EndTrick();
  void FindOpeningLeader();  // after the passing: the two of clubs leads
  void EndHand();            // the points become scores

  std::array<Cards, kSeats> hands_{};
  std::array<Cards, kSeats> passed_{};
  std::array<int, kSeats> points_{};
  std::array<int, kSeats> scores_{};
  int direction_ = kPassLeft;
  int passer_ = kSeats;  // the seat picking cards to pass; kSeats: passing is over
  int turn_ = 0;
  int leader_ = 0;
  int led_suit_ = 0;
  int played_ = 0;  // cards in the current trick
  int best_bit_ = 0;
  int best_seat_ = 0;
  Cards trick_ = 0;
  int tricks_done_ = 0;
  bool hearts_broken_ = false;
};

// How many cards: a SWAR count inline (the build targets plain x86-64,
// where std::popcount is a library call).
constexpr int CountCards(Cards c) {
  c = c - ((c >> 1) & 0x5555555555555555ULL);
  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
  c = (c + (c >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((c * 0x0101010101010101ULL) >> 56);
}

// The index-th (from 0) lowest set bit of `cards`.
int NthCard(Cards cards, int index);

// One game with every choice uniform over the legal ones; adds the scores to
// `scores` and returns the number of choices made.
int PlayRandomHearts(Rng& rng, std::array<int64_t, kSeats>& scores);

}  // namespace angler::handcoded

#endif  // ANGLER_TOOLS_HANDCODED_HEARTS_H_
