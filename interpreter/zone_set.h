// The cards a zone holds, as a set: read from State::zone_of sixteen cards at
// a time. count(zone where C) and any(zone where C), C's set fixed, are then
// a few word operations however many cards the zone holds; walking a large
// zone (the cards left out of a game) card by card cost a bit test for each.
#ifndef ANGLER_INTERPRETER_ZONE_SET_H_
#define ANGLER_INTERPRETER_ZONE_SET_H_

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <bit>
#include <cstdint>

#include "interpreter/card_set.h"
#include "interpreter/state.h"

namespace angler {

// The cards of `zone`, of a ruleset of `cards` cards.
// REQUIRES: 0 <= cards <= kMaxCards (whole blocks of 16 are read: zone_of's
// kMaxCards places hold them).
inline CardSet ZoneSet(const State& s, int zone, int cards) {
  static_assert(kMaxCards % 16 == 0);
  CardSet set;
#if defined(__SSE2__)
  const __m128i wanted = _mm_set1_epi8(static_cast<char>(zone));
  for (int at = 0; at < cards; at += 16) {
    const __m128i held =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.zone_of + at));
    const auto bits =
        static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(held, wanted)));
    set.words[at >> 6] |= uint64_t{bits} << (at & 63);
  }
  // The block read past the last card: zone_of there holds no zone.
  if (const int tail = cards & 63; tail != 0)
    set.words[cards >> 6] &= (uint64_t{1} << tail) - 1;
#else
  for (int c = 0; c < cards; ++c) {
    if (s.zone_of[c] == zone) set.Add(c);
  }
#endif
  return set;
}

// How many cards of `zone` are in `set`: only the words that hold cards
// are counted (without a popcount instruction in the baseline x86-64, each
// word's count is a call).
inline int ZoneCount(const State& s, int zone, int cards, const CardSet& set) {
  const CardSet held = ZoneSet(s, zone, cards);
  int count = 0;
  for (int w = 0; w < (cards + 63) / 64; ++w)
    count += std::popcount(held.words[w] & set.words[w]);
  return count;
}

// Whether ZoneSet costs less than walking a zone of `zone_cards` cards: a
// walk takes about 6 instructions a card, the set 8 for every 16 cards of
// the ruleset, and a few to count what it holds.
inline bool ZoneSetPays(int zone_cards, int cards) {
  return 6 * zone_cards > 8 * ((cards + 15) / 16) + 16;
}

}  // namespace angler

#endif  // ANGLER_INTERPRETER_ZONE_SET_H_
