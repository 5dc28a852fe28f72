// Small text and hash helpers every layer uses, written once.
//
// REQUIRES: nothing; all are pure functions.
#ifndef ANGLER_DSL_TEXT_H_
#define ANGLER_DSL_TEXT_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace angler {

// 64-bit FNV-1a: content hashes of rulesets, signatures of games.
inline constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
inline constexpr uint64_t kFnvPrime = 0x100000001b3ULL;

// FNV-1a of the bytes of `text`, continuing from `hash`.
uint64_t Fnv1a(std::string_view text, uint64_t hash = kFnvOffset);
// kFnvPrime to the powers 0 .. 8.
inline constexpr std::array<uint64_t, 9> kFnvPrimePowers = [] {
  std::array<uint64_t, 9> p{};
  p[0] = 1;
  for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * kFnvPrime;
  return p;
}();

// FNV-1a of the 8 bytes of `value`, low byte first, continuing from `hash`.
// A zero byte only multiplies by the prime, so a byte followed by zero bytes
// is hashed in one multiplication by a power of it: the same hash with fewer
// multiplications in a row, which were the wait. Games hash every action's
// word (a value in bytes 0-1, a seat in byte 2, a kind in byte 4): when its
// value is a card or another value below 256, only those three bytes may be
// other than zero, and it is three steps without a branch.
inline uint64_t Fnv1aWord(uint64_t hash, uint64_t value) {
  const auto step = [&](int byte, int zeros_after) {
    hash = (hash ^ (value >> (8 * byte) & 0xff)) * kFnvPrimePowers[1 + zeros_after];
  };
  if ((value & 0xffffff00ff00ff00ULL) == 0) {
    step(0, 1);
    step(2, 1);
    step(4, 3);
    return hash;
  }
  for (int byte = 0; byte < 8; ++byte) step(byte, 0);
  return hash;
}

// Exactly 16 lower-case hex digits: "00000000deadbeef".
std::string Hex64(uint64_t v);
// What Hex64 wrote, back: exactly 16 hex digits (either case); false, with
// `out` untouched, for anything else.
bool ParseHex64(std::string_view text, uint64_t& out);

// `s` without leading and trailing blanks (space, tab, CR, LF).
std::string_view Trim(std::string_view s);

// The items with `separator` between them: "a, b, c".
std::string Join(const std::vector<std::string>& items,
                 std::string_view separator = ", ");

// `v` with exactly `decimals` digits after the point: Fixed(2.345, 1) == "2.3".
std::string Fixed(double v, int decimals);

// `s` padded with spaces to `width` on the left (PadLeft) or right (PadRight);
// longer text is left whole.
std::string PadLeft(std::string_view s, size_t width);
std::string PadRight(std::string_view s, size_t width);

// What someone typed, as a message quotes it back: control characters as
// \xNN (so a pasted escape sequence cannot restyle the terminal), and cut
// after kEchoedChars characters, ending "...". UTF-8 characters stay whole.
inline constexpr size_t kEchoedChars = 60;
std::string Echoed(std::string_view typed);

}  // namespace angler

#endif  // ANGLER_DSL_TEXT_H_
