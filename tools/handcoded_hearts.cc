#include "tools/handcoded_hearts.h"

#include <bit>

namespace angler::handcoded {
namespace {

int Points(Cards cards) {
  return CountCards(cards & kHeartsMask) + ((cards & kQueenOfSpades) ? 13 : 0);
}

int PassTarget(int seat, int direction) {
  switch (direction) {
    case kPassLeft:
      return (seat + 1) % kSeats;
    case kPassRight:
      return (seat + kSeats - 1) % kSeats;
    default:
      return (seat + 2) % kSeats;
  }
}

}  // namespace

HeartsDeal DealHearts(Rng& rng) {
  uint8_t deck[52];
  for (int i = 0; i < 52; ++i) deck[i] = static_cast<uint8_t>(i);
  rng.Shuffle(deck, 52);
  HeartsDeal deal;
  for (int i = 0; i < 52; ++i)
    deal.hands[static_cast<size_t>(i % kSeats)] |= Cards{1} << deck[i];
  deal.direction = static_cast<int>(rng.Below(4));
  return deal;
}

HeartsGame::HeartsGame(const HeartsDeal& deal)
    : hands_(deal.hands), direction_(deal.direction) {
  passer_ = direction_ == kKeep ? kSeats : 0;
  if (!passing()) FindOpeningLeader();
}

int NthCard(Cards cards, int index) {
  for (int i = 0; i < index; ++i) cards &= cards - 1;
  return std::countr_zero(cards);
}

Cards HeartsGame::Legal() const {
  const Cards hand = hands_[static_cast<size_t>(to_move())];
  if (passing()) return hand;
  if (played_ == 0) {
    if (tricks_done_ == 0) return kTwoOfClubs;
    const Cards safe = hand & ~kHeartsMask;
    return hearts_broken_ || safe == 0 ? hand : safe;
  }
  const Cards follow = hand & (kSuitMask << (13 * led_suit_));
  Cards allowed = follow ? follow : hand;
  if (tricks_done_ == 0 && (hand & ~kPointCards) != 0) allowed &= ~kPointCards;
  return allowed;
}

void HeartsGame::Apply(int card) {
  if (passing()) {
    Pick(card);
  } else {
    Play(card);
  }
}

void HeartsGame::Pick(int card) {
  const auto seat = static_cast<size_t>(passer_);
  hands_[seat] &= ~(Cards{1} << card);
  passed_[seat] |= Cards{1} << card;
  if (CountCards(passed_[seat]) < 3) return;
  if (++passer_ < kSeats) return;
  for (int p = 0; p < kSeats; ++p) {
    hands_[static_cast<size_t>(PassTarget(p, direction_))] |=
        passed_[static_cast<size_t>(p)];
  }
  FindOpeningLeader();
}

void HeartsGame::Play(int card) {
  const Cards bit = Cards{1} << card;
  hands_[static_cast<size_t>(turn_)] &= ~bit;
  trick_ |= bit;
  if (played_ == 0 || (card / 13 == led_suit_ && card > best_bit_)) {
    if (played_ == 0) led_suit_ = card / 13;
    best_bit_ = card;
    best_seat_ = turn_;
  }
  turn_ = (turn_ + 1) % kSeats;
  if (++played_ == kSeats) EndTrick();
}

void HeartsGame::EndTrick() {
  if (trick_ & kPointCards) hearts_broken_ = true;
  points_[static_cast<size_t>(best_seat_)] += Points(trick_);
  trick_ = 0;
  played_ = 0;
  leader_ = turn_ = best_seat_;
  if (++tricks_done_ == 13) EndHand();
}

void HeartsGame::FindOpeningLeader() {
  for (int p = 0; p < kSeats; ++p) {
    if (hands_[static_cast<size_t>(p)] & kTwoOfClubs) leader_ = turn_ = p;
  }
}

void HeartsGame::EndHand() {
  for (int p = 0; p < kSeats; ++p) {
    if (points_[static_cast<size_t>(p)] == 26) {  // shooting the moon
      for (int q = 0; q < kSeats; ++q) scores_[static_cast<size_t>(q)] = q == p ? 0 : 26;
      return;
    }
  }
  scores_ = points_;
}

int PlayRandomHearts(Rng& rng, std::array<int64_t, kSeats>& scores) {
  HeartsGame game(DealHearts(rng));
  int choices = 0;
  while (!game.over()) {
    const Cards legal = game.Legal();
    game.Apply(NthCard(
        legal, static_cast<int>(rng.Below(static_cast<uint32_t>(CountCards(legal))))));
    ++choices;
  }
  for (int p = 0; p < kSeats; ++p) scores[static_cast<size_t>(p)] += game.score(p);
  return choices;
}

}  // namespace angler::handcoded
