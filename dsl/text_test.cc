#include "dsl/text.h"

#include <catch2/catch.hpp>

namespace angler {
namespace {

TEST_CASE("text: FNV-1a, hex and join", "[text]") {
  // The published FNV-1a test vectors.
  CHECK(Fnv1a("") == 0xcbf29ce484222325ULL);
  CHECK(Fnv1a("a") == 0xaf63dc4c8601ec8cULL);
  CHECK(Fnv1a("foobar") == 0x85944171f73967e8ULL);
  CHECK(Fnv1a("bar", Fnv1a("foo")) == Fnv1a("foobar"));
  CHECK(Fnv1aWord(kFnvOffset, 0x61) == Fnv1a(std::string("a\0\0\0\0\0\0\0", 8)));
  CHECK(Hex64(0) == "0000000000000000");
  CHECK(Hex64(0xdeadbeefULL) == "00000000deadbeef");
  CHECK(Hex64(~0ULL) == "ffffffffffffffff");
  uint64_t v = 7;
  CHECK(ParseHex64("00000000DEADbeef", v));
  CHECK(v == 0xdeadbeefULL);
  CHECK(ParseHex64(Hex64(~0ULL), v));
  CHECK(v == ~0ULL);
  for (const char* bad : {"", "zz", "deadbeef", "00000000deadbeeg", "000000000deadbeef",
                          " 0000000deadbeef", "-000000000000001"}) {
    CAPTURE(bad);
    CHECK(!ParseHex64(bad, v));
    CHECK(v == ~0ULL);  // untouched
  }
  CHECK(Join({}) == "");
  CHECK(Join({"a"}) == "a");
  CHECK(Join({"a", "b", "c"}) == "a, b, c");
  CHECK(Join({"a", "b"}, " | ") == "a | b");
  CHECK(Fixed(2.345, 1) == "2.3");
  CHECK(Fixed(-0.5, 0) == "-0");
  CHECK(Fixed(12, 2) == "12.00");
  CHECK(PadLeft("ab", 4) == "  ab");
  CHECK(PadRight("ab", 4) == "ab  ");
  CHECK(PadLeft("abcde", 4) == "abcde");
  CHECK(PadRight("", 2) == "  ");
}

TEST_CASE("text: FNV-1a of a word is FNV-1a of its 8 bytes", "[text]") {
  auto bytewise = [](uint64_t hash, uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash ^= (value >> (8 * i)) & 0xff;
      hash *= kFnvPrime;
    }
    return hash;
  };
  // Every pattern of zero and non-zero bytes (the runs of zeros are what the
  // word form takes in one step), with the non-zero bytes varied.
  uint64_t hash = kFnvOffset;
  for (int pattern = 0; pattern < 256; ++pattern) {
    for (uint64_t fill : {0x01ULL, 0x80ULL, 0xffULL, 0x5aULL}) {
      uint64_t value = 0;
      for (int i = 0; i < 8; ++i) {
        if (pattern >> i & 1)
          value |= (((fill + static_cast<uint64_t>(i)) & 0xff) | 1) << (8 * i);
      }
      INFO("value " << Hex64(value));
      REQUIRE(Fnv1aWord(hash, value) == bytewise(hash, value));
      hash = bytewise(hash, value);
    }
  }
}

TEST_CASE("text: typed text is echoed without control characters, cut when long",
          "[text]") {
  CHECK(Echoed("blue 7") == "blue 7");
  CHECK(Echoed("blue\x1b[31m7\t") == "blue\\x1b[31m7\\x09");
  CHECK(Echoed("\x7f") == "\\x7f");
  const std::string long_line(kEchoedChars + 1, 'x');
  CHECK(Echoed(long_line) == std::string(kEchoedChars, 'x') + "...");
  CHECK(Echoed(std::string(kEchoedChars, 'x')) == std::string(kEchoedChars, 'x'));
  // Characters, not bytes, are counted, and none is cut in two.
  std::string umlauts;
  for (size_t i = 0; i < kEchoedChars + 5; ++i) umlauts += "\u00fc";
  std::string kept;
  for (size_t i = 0; i < kEchoedChars; ++i) kept += "\u00fc";
  CHECK(Echoed(umlauts) == kept + "...");
}

}  // namespace
}  // namespace angler
