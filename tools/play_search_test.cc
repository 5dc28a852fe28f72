#include "tools/play_search.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "tests/test_util.h"

namespace angler {
namespace {

// The first card of the ruleset that has wrong pieces: a card searched.
int SearchCard(const Ruleset& rules) {
  for (size_t c = 0; c < rules.cards.size(); ++c) {
    if (rules.cards[c].faults != 0) return static_cast<int>(c);
  }
  FAIL("no card with wrong pieces");
  return -1;
}

TEST_CASE("play search: marks typed toggle until stop", "[play-search]") {
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering");
  const int card = SearchCard(*rules);
  std::istringstream in("1 2, 3\n2\nstop\n");
  std::ostringstream out;
  uint32_t marks = 0;
  CHECK(ReadMarks(in, out, *rules, card, marks));
  CHECK(marks == ((1u << 1) | (1u << 3)));  // 2 marked twice is unmarked
  std::istringstream bad("99\nq\n");
  std::ostringstream said;
  uint32_t none = 0;
  CHECK_FALSE(ReadMarks(bad, said, *rules, card, none));  // q leaves
  CHECK(none == 0);
  CHECK_THAT(said.str(), Catch::Contains("'99' is not the number of a fish (0 to 14)"));
  // A line with a word that is no number marks none of its numbers.
  std::istringstream mixed("5,6\n7 x\nstop\n");
  uint32_t some = 0;
  CHECK(ReadMarks(mixed, said, *rules, card, some));
  CHECK(some == ((1u << 5) | (1u << 6)));
  // The keys of other decisions: help, and why there is no hint or take-back.
  std::istringstream keys("?\nh\nu\nstop\n");
  std::ostringstream told;
  uint32_t kept = 0;
  CHECK(ReadMarks(keys, told, *rules, card, kept));
  CHECK(kept == 0);
  CHECK_THAT(told.str(),
             Catch::Contains("type the numbers of the fish that are wrong (0 to "
                             "14), apart by spaces or commas"));
  CHECK_THAT(told.str(),
             Catch::Contains("no hint or take-back in a search: it is a race"));
  std::istringstream ended("4\n");
  CHECK_FALSE(ReadMarks(ended, said, *rules, card, none));  // so does the end
}

TEST_CASE("play search: a stop names who, the wrong pieces and the verdict",
          "[play-search]") {
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering");
  const int card = SearchCard(*rules);
  const uint32_t faults = rules->cards[static_cast<size_t>(card)].faults;
  Action stop;
  stop.kind = ActionKind::kStop;
  stop.seed = 0b101;  // P1 and P3
  const std::vector<std::string> players{"Anne (you)", "Bob", "Carl"};
  const std::string text = StopText(*rules, stop, players, card, faults);
  CHECK(text.rfind("Anne (you) and Carl stop together\nthe wrong ", 0) == 0);
  CHECK_THAT(text, Catch::Contains("your marks: right "));
  CHECK_THAT(text, Catch::Contains("; wrong none; missed none"));
  stop.seed = 0b010;
  const std::string bob = StopText(*rules, stop, players, card, std::nullopt);
  CHECK(bob.rfind("Bob stops\n", 0) == 0);
  CHECK(bob.find("your marks") == std::string::npos);
  CHECK(SearchPictures(*rules, card).rfind("the swarm card (", 0) == 0);
}

}  // namespace
}  // namespace angler
