// Small text and hash helpers every layer uses, written once.
//
// REQUIRES: nothing; all are pure functions.
#ifndef ANGLER_DSL_TEXT_H_
#define ANGLER_DSL_TEXT_H_

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
// FNV-1a of the 8 bytes of `value`, low byte first, continuing from `hash`.
uint64_t Fnv1aWord(uint64_t hash, uint64_t value);

// Exactly 16 lower-case hex digits: "00000000deadbeef".
std::string Hex64(uint64_t v);

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

}  // namespace angler

#endif  // ANGLER_DSL_TEXT_H_
