// Copies and compares of the short byte spans a move touches: the cards
// between two places of State::order, a trick's cards, a hand. Most are a few
// bytes to a few dozen; through the C library each is a call that then picks
// a loop by its size. Up to 32 bytes they are done here, as two words that
// may overlap, every load before any store; longer ones go to the library.
//
// REQUIRES: the spans lie in memory valid for their n bytes (no read past
// them: the overlapping words stay inside [p, p + n)).
#ifndef ANGLER_INTERPRETER_SHORT_BYTES_H_
#define ANGLER_INTERPRETER_SHORT_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace angler {

// std::memmove(to, from, n): the spans may overlap.
inline void MoveBytes(uint8_t* to, const uint8_t* from, size_t n) {
  // Two words of size W, at the span's start and at its end: together they
  // cover any n from W to 2W, and both are read before either is written.
  auto two_words = [&]<typename W>(W) {
    W head, tail;
    std::memcpy(&head, from, sizeof(W));
    std::memcpy(&tail, from + n - sizeof(W), sizeof(W));
    std::memcpy(to, &head, sizeof(W));
    std::memcpy(to + n - sizeof(W), &tail, sizeof(W));
  };
  using Word16 = uint8_t __attribute__((vector_size(16)));  // gcc and clang
  if (n >= 16) {
    if (n > 32) {
      std::memmove(to, from, n);
      return;
    }
    two_words(Word16{});
  } else if (n >= 8) {
    two_words(uint64_t{});
  } else if (n >= 4) {
    two_words(uint32_t{});
  } else if (n != 0) {  // 1 to 3: the first, middle and last byte
    const uint8_t a = from[0], b = from[n / 2], c = from[n - 1];
    to[0] = a;
    to[n / 2] = b;
    to[n - 1] = c;
  }
}

// std::equal over n bytes.
inline bool SameBytes(const uint8_t* a, const uint8_t* b, size_t n) {
  if (n > 16) return std::memcmp(a, b, n) == 0;
  auto two_words = [&]<typename W>(W) {
    W a0, a1, b0, b1;
    std::memcpy(&a0, a, sizeof(W));
    std::memcpy(&a1, a + n - sizeof(W), sizeof(W));
    std::memcpy(&b0, b, sizeof(W));
    std::memcpy(&b1, b + n - sizeof(W), sizeof(W));
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  };
  if (n >= 8) return two_words(uint64_t{});
  if (n >= 4) return two_words(uint32_t{});
  if (n == 0) return true;
  return a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1];
}

}  // namespace angler

#endif  // ANGLER_INTERPRETER_SHORT_BYTES_H_
