// Moving cards between zones: State keeps every card in one array ordered by
// zone (state.h), so a move shifts the cards between the two places and the
// starts of the zones between them.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "interpreter/game.h"

namespace angler {
namespace {

// std::rotate over bytes, as a few block copies: std::rotate moves a byte at
// a time along its cycles, the costliest part of a block move.
void RotateBytes(uint8_t* first, uint8_t* middle, uint8_t* last) {
  const size_t left = static_cast<size_t>(middle - first);
  const size_t right = static_cast<size_t>(last - middle);
  uint8_t kept[kMaxCards];
  if (left <= right) {
    std::memcpy(kept, first, left);
    std::memmove(first, middle, right);
    std::memcpy(first + right, kept, left);
  } else {
    std::memcpy(kept, middle, right);
    std::memmove(first + right, first, left);
    std::memcpy(first, kept, right);
  }
}

// Whether the n cards at a and at b are the same, in order. The groups moved
// are a few cards (a lay, a draw, a trick): too few to pay for a call to
// memcmp, which std::equal over bytes becomes.
bool SameCards(const uint8_t* a, const uint8_t* b, size_t n) {
  for (size_t k = 0; k < n; ++k) {
    if (a[k] != b[k]) return false;
  }
  return true;
}

// Where `card` lies in `order`, which holds it once, looking below `top`
// (the end of its zone). A search from the top down stops at a place the CPU
// cannot foresee (a card played from a hand): the 16 places below `top` are
// compared at once instead, eight to a word, and only a card deeper than
// that is looked for one by one. Places of other zones may be compared too:
// the card is not there.
int PlaceBelow(const uint8_t* order, int top, int card) {
  int below = top;  // the places from here up are known not to hold it
  if constexpr (std::endian::native == std::endian::little) {
    const int lo = std::max(top - 16, 0);  // top <= kMaxCards: the 16 places exist
    uint64_t low, high;
    std::memcpy(&low, order + lo, 8);
    std::memcpy(&high, order + lo + 8, 8);
    constexpr uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
    const uint64_t pattern = kOnes * static_cast<uint64_t>(card);
    // A byte of x is zero where the card is. (x - ones) & ~x & highs marks it,
    // and no byte below it: a byte borrows only when it is zero.
    auto marks = [&](uint64_t word) {
      const uint64_t x = word ^ pattern;
      return (x - kOnes) & ~x & kHighs;
    };
    const uint64_t in_low = marks(low), in_high = marks(high);
    if ((in_low | in_high) != 0) [[likely]] {  // the lowest marked byte: its place
      const int in_word = __builtin_ctzll(in_low != 0 ? in_low : in_high) >> 3;
      return lo + (in_low != 0 ? 0 : 8) + in_word;
    }
    below = lo;
  }
  int i = below - 1;  // deeper, or bytes the other way: one by one
  while (order[i] != card) --i;
  return i;
}

// Zones lo .. lo + n - 1 begin `delta` places on. Eight at a time, masked,
// not one by one: how many zones a move crosses changes from move to move,
// and a loop over just those mispredicts its end.
void ShiftStarts(uint16_t* start, int lo, int n, int delta) {
  // Signed lanes: SSE2 compares signed 16-bit lanes in one instruction,
  // unsigned ones in several (zone counts and starts fit either way).
  using Lanes = int16_t __attribute__((vector_size(16)));  // gcc and clang
  constexpr int kLanes = sizeof(Lanes) / sizeof(int16_t);
  constexpr Lanes kIndex = {0, 1, 2, 3, 4, 5, 6, 7};
  static_assert(kMaxZones + 1 <= INT16_MAX && kMaxCards <= INT16_MAX);
  const auto by = static_cast<int16_t>(delta);
  // Up to 16 zones (a move between a hand and the trick crosses the other
  // hands and a few piles): two blocks, no loop. The second is written back
  // unchanged when n <= 8. A shift of a 4-player trick game took 48
  // instructions in the loop below, 28 here.
  if (n <= 2 * kLanes && lo + 2 * kLanes <= kMaxZones + 1) [[likely]] {
    Lanes low, high;
    std::memcpy(&low, start + lo, sizeof low);
    std::memcpy(&high, start + lo + kLanes, sizeof high);
    const auto count = static_cast<int16_t>(n);
    low += (kIndex < count) & by;  // all ones where so
    high += (kIndex + static_cast<int16_t>(kLanes) < count) & by;
    std::memcpy(start + lo, &low, sizeof low);
    std::memcpy(start + lo + kLanes, &high, sizeof high);
    return;
  }
  int at = 0;
  for (; at < n && lo + at + kLanes <= kMaxZones + 1; at += kLanes) {
    Lanes lanes;
    std::memcpy(&lanes, start + lo + at, sizeof lanes);
    const Lanes in_range = kIndex < static_cast<int16_t>(n - at);  // all ones where so
    lanes += in_range & by;
    std::memcpy(start + lo + at, &lanes, sizeof lanes);
  }
  for (; at < n; ++at) start[lo + at] = static_cast<uint16_t>(start[lo + at] + by);
}

}  // namespace

void Game::MoveCard(State& s, int card, int zone, bool bottom) {
  int from = s.zone_of[card];
  const int i = PlaceBelow(s.order, s.start[from + 1], card);
  if (from < zone) {
    int j = (bottom ? s.start[zone] : s.start[zone + 1]) - 1;
    std::memmove(s.order + i, s.order + i + 1, static_cast<size_t>(j - i));
    s.order[j] = static_cast<uint8_t>(card);
    ShiftStarts(s.start, from + 1, zone - from, -1);
  } else if (from > zone) {
    int j = bottom ? s.start[zone] : s.start[zone + 1];
    std::memmove(s.order + j + 1, s.order + j, static_cast<size_t>(i - j));
    s.order[j] = static_cast<uint8_t>(card);
    ShiftStarts(s.start, zone + 1, from - zone, 1);
  } else if (bottom) {
    int j = s.start[zone];
    std::memmove(s.order + j + 1, s.order + j, static_cast<size_t>(i - j));
    s.order[j] = static_cast<uint8_t>(card);
  } else {
    int j = s.start[zone + 1] - 1;
    std::memmove(s.order + i, s.order + i + 1, static_cast<size_t>(j - i));
    s.order[j] = static_cast<uint8_t>(card);
  }
  s.zone_of[card] = static_cast<uint8_t>(zone);
}

// MoveCard's steps with the place known at both ends (the lay search).
// MoveCard keeps its own: written through this one it cost 0.7% more.
void Game::MoveCardAt(State& s, int i, int zone, int index) {
  const uint8_t card = s.order[i];
  const int from = s.zone_of[card];
  // Where the card ends in `order`: the zones between the two shift by one
  // towards the place it left.
  int j;
  if (from < zone) {
    j = s.start[zone] - 1 + index;
    ShiftStarts(s.start, from + 1, zone - from, -1);
  } else {
    j = s.start[zone] + index;
    ShiftStarts(s.start, zone + 1, from - zone, 1);
  }
  if (i < j) {
    std::memmove(s.order + i, s.order + i + 1, static_cast<size_t>(j - i));
  } else {
    std::memmove(s.order + j + 1, s.order + j, static_cast<size_t>(i - j));
  }
  s.order[j] = card;
  s.zone_of[card] = static_cast<uint8_t>(zone);
}

void Game::MoveCards(State& s, const uint8_t* cards, size_t n, int zone, bool bottom) {
  if (n == 0) return;
  const int from = s.zone_of[cards[0]];
  const int a = s.start[from], b = s.start[from + 1], count = static_cast<int>(n);
  // The cards as they lie in their zone, in order, from its top or its
  // bottom, or the whole zone: moved one by one they would land in that
  // order too, so they move as one block. The top cards listed top first (a
  // draw, top(zone, n)) would land the other way round: the block is turned.
  int run = -1;  // where the block begins in `order`
  bool turned = false;
  if (from != zone && count <= b - a) {
    if (SameCards(cards, s.order + b - count, n)) {
      run = b - count;
    } else if (SameCards(cards, s.order + a, n)) {
      run = a;
    } else if (std::equal(cards, cards + n, std::make_reverse_iterator(s.order + b))) {
      run = b - count;
      turned = true;
    }
  }
  if (run < 0) {
    // To the bottom, the group keeps its order: place it last card first.
    for (size_t k = 0; k < n; ++k)
      MoveCard(s, cards[bottom ? n - 1 - k : k], zone, bottom);
    return;
  }
  // zone_of first: `cards` may be the zone's own storage, which the rotation moves.
  for (size_t k = 0; k < n; ++k) s.zone_of[cards[k]] = static_cast<uint8_t>(zone);
  int d = bottom ? s.start[zone] : s.start[zone + 1];
  uint8_t* landed;  // where the block lies now
  if (from < zone) {
    RotateBytes(s.order + run, s.order + run + count, s.order + d);
    ShiftStarts(s.start, from + 1, zone - from, -count);
    landed = s.order + d - count;
  } else {
    RotateBytes(s.order + d, s.order + run, s.order + run + count);
    ShiftStarts(s.start, zone + 1, from - zone, count);
    landed = s.order + d;
  }
  if (turned) std::reverse(landed, landed + count);
}

}  // namespace angler
