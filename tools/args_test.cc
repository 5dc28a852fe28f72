#include "tools/args.h"

#include <catch2/catch.hpp>

namespace angler {
namespace {

const std::vector<FlagSpec> kSpecs = {
    {"seed", true, "random seed"},
    {"games", true, "how many games"},
    {"players", true, "player counts"},
    {"verbose", false, "log every move"},
};

Args MustParse(const std::vector<std::string>& words) {
  Result<Args> parsed = Args::Parse(words, kSpecs);
  REQUIRE(parsed.ok());
  return std::move(parsed).value();
}

std::string ParseError(const std::vector<std::string>& words) {
  Result<Args> parsed = Args::Parse(words, kSpecs);
  REQUIRE_FALSE(parsed.ok());
  return parsed.error().message;
}

TEST_CASE("Args parses value, equals and boolean flags", "[args]") {
  const Args args =
      MustParse({"go_fish", "--seed", "42", "--games=10", "--verbose", "out.json"});
  CHECK(args.Get("seed") == "42");
  CHECK(args.Get("games") == "10");
  CHECK(args.Has("verbose"));
  CHECK(args.Get("verbose") == "");
  CHECK_FALSE(args.Has("players"));
  CHECK(args.Get("players") == std::nullopt);
  CHECK(args.positional() == std::vector<std::string>{"go_fish", "out.json"});
}

TEST_CASE("Args: last occurrence wins", "[args]") {
  const Args args = MustParse({"--seed", "1", "--seed=2", "--games", "3"});
  CHECK(args.Get("seed") == "2");
  CHECK(args.Get("games") == "3");
}

TEST_CASE("Args: '--' ends flags and single dashes are positional", "[args]") {
  const Args args = MustParse({"--verbose", "--", "--seed", "-5", "--"});
  CHECK(args.Has("verbose"));
  CHECK_FALSE(args.Has("seed"));
  CHECK(args.positional() == std::vector<std::string>{"--seed", "-5", "--"});
  CHECK(MustParse({"--seed", "-5"}).Get("seed") == "-5");
}

TEST_CASE("Args reports unknown flags with a suggestion", "[args]") {
  CHECK(ParseError({"--sedd", "1"}) == "unknown flag '--sedd' (did you mean '--seed'?)");
  CHECK(ParseError({"--sedd=1"}) == "unknown flag '--sedd' (did you mean '--seed'?)");
  CHECK(ParseError({"--colour"}) == "unknown flag '--colour'");
  // Flags are written out; a short one names the flags it may mean.
  CHECK(ParseError({"-s", "1"}) == "unknown flag '-s' (did you mean '--seed'?)");
  CHECK(ParseError({"-x"}) == "unknown flag '-x': flags are written out, like '--help'");
  // A negative number is a word, not a flag.
  CHECK(Args::Parse({"-3"}, {}).value().positional()[0] == "-3");
}

TEST_CASE("Args reports missing and unexpected values", "[args]") {
  CHECK(ParseError({"--seed"}) == "flag '--seed' needs a value: random seed");
  CHECK(ParseError({"--seed", "--verbose"}) ==
        "flag '--seed' needs a value: random seed");
  // An empty value would fall back to the default unseen: it is no value.
  CHECK(ParseError({"--seed", ""}) == "flag '--seed' needs a value: random seed");
  CHECK(ParseError({"--games="}) == "flag '--games' needs a value: how many games");
  CHECK(ParseError({"--verbose=yes"}) == "flag '--verbose' does not take a value");
}

TEST_CASE("Args collects every error", "[args]") {
  Result<Args> parsed = Args::Parse({"--bogus", "--games"}, kSpecs);
  REQUIRE(parsed.errors().size() == 2);
  CHECK(parsed.errors()[0].message == "unknown flag '--bogus'");
  CHECK(parsed.errors()[1].message == "flag '--games' needs a value: how many games");
  CHECK(parsed.errors()[0].Format() == "error: unknown flag '--bogus'\n");
}

TEST_CASE("Args typed getters", "[args]") {
  const Args args =
      MustParse({"--games", "ten", "--seed", "18446744073709551615", "--players", "-3"});
  Result<int64_t> games = args.GetInt("games", 1);
  REQUIRE_FALSE(games.ok());
  CHECK(games.error().message == "--games expects a whole number, got 'ten'");

  Result<uint64_t> seed = args.GetUint64("seed", 0);
  REQUIRE(seed.ok());
  CHECK(seed.value() == 18446744073709551615ULL);

  Result<int64_t> players = args.GetInt("players", 0);
  REQUIRE(players.ok());
  CHECK(players.value() == -3);

  Result<uint64_t> negative = args.GetUint64("players", 0);
  REQUIRE_FALSE(negative.ok());
  CHECK(negative.error().message ==
        "--players expects a non-negative whole number, got '-3'");

  Result<int64_t> big = args.GetInt("seed", 0);
  REQUIRE_FALSE(big.ok());
  CHECK(big.error().message == "--seed is out of range, got '18446744073709551615'");

  Result<int64_t> absent = args.GetInt("verbose", 7);
  REQUIRE(absent.ok());
  CHECK(absent.value() == 7);
  CHECK(MustParse({}).GetUint64("seed", 99).value() == 99);
}

TEST_CASE("Args rejects numbers with trailing junk", "[args]") {
  const Args args = MustParse({"--games=12x", "--seed= 5"});
  CHECK(args.GetInt("games", 0).error().message ==
        "--games expects a whole number, got '12x'");
  CHECK(args.GetUint64("seed", 0).error().message ==
        "--seed expects a non-negative whole number, got ' 5'");
}

TEST_CASE("ParseRange reads single numbers and inclusive ranges", "[args]") {
  CHECK(Args::ParseRange("2..6").value() == std::pair{2, 6});
  CHECK(Args::ParseRange("4").value() == std::pair{4, 4});
  CHECK(Args::ParseRange("3..3").value() == std::pair{3, 3});
  CHECK(Args::ParseRange("-1..1").value() == std::pair{-1, 1});
}

TEST_CASE("ParseRange errors", "[args]") {
  for (const char* bad : {"", "x", "2..", "..6", "2...6", "2..6x", "2-6"}) {
    INFO(bad);
    Result<std::pair<int, int>> range = Args::ParseRange(bad);
    REQUIRE_FALSE(range.ok());
    CHECK(range.error().message ==
          "expected a number or a range like '2..6', got '" + std::string(bad) + "'");
  }
  CHECK(Args::ParseRange("6..2").error().message ==
        "range '6..2' is empty: 6 is greater than 2");
}

}  // namespace
}  // namespace angler
