// A set of card ids as a bitset: what a filter's condition compiles to when it
// reads the judged card only through its printed attributes (card_set_plan.h).
// `hand(turn) where suit == x` then costs a few word operations and one bit
// test per card, not the condition's tree per card.
//
// INVARIANT: bits of ids past the ruleset's cards may be set (a complement
// sets them); every reader intersects with real cards (a zone's, a list's).
#ifndef ANGLER_INTERPRETER_CARD_SET_H_
#define ANGLER_INTERPRETER_CARD_SET_H_

#include <cstdint>

#include "interpreter/limits.h"

namespace angler {

struct CardSet {
  static constexpr int kWords = (kMaxCards + 63) / 64;
  uint64_t words[kWords] = {};

  static CardSet All() {
    CardSet s;
    for (uint64_t& w : s.words) w = ~uint64_t{0};
    return s;
  }
  // Cards 0 .. n-1.
  static CardSet FirstN(int n) {
    CardSet s;
    for (int i = 0; i < kWords; ++i) {
      int bits = n - 64 * i;
      s.words[i] = bits >= 64 ? ~uint64_t{0} : bits <= 0 ? 0 : (uint64_t{1} << bits) - 1;
    }
    return s;
  }
  bool Has(int card) const { return words[card >> 6] >> (card & 63) & 1; }
  void Add(int card) { words[card >> 6] |= uint64_t{1} << (card & 63); }
  bool Empty() const {
    uint64_t any = 0;
    for (uint64_t w : words) any |= w;
    return any == 0;
  }
  int Count() const {
    int n = 0;
    for (uint64_t w : words) n += __builtin_popcountll(w);
    return n;
  }
  CardSet& operator&=(const CardSet& o) {
    for (int i = 0; i < kWords; ++i) words[i] &= o.words[i];
    return *this;
  }
  CardSet& operator|=(const CardSet& o) {
    for (int i = 0; i < kWords; ++i) words[i] |= o.words[i];
    return *this;
  }
  CardSet operator~() const {
    CardSet s;
    for (int i = 0; i < kWords; ++i) s.words[i] = ~words[i];
    return s;
  }
  bool operator==(const CardSet&) const = default;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_CARD_SET_H_
