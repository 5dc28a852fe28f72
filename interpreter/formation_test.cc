#include "interpreter/formation.h"

#include <bit>
#include <catch2/catch.hpp>
#include <set>

namespace angler {
namespace {

// The formation of rulesets/falscher-hering.yaml (D4): five columns (two blue,
// two silver, one orange) of three rows, every fish facing right, numbered row
// by row.
Formation Herrings() {
  Formation f;
  f.colours = {"blue", "silver", "orange"};
  const int8_t column_colour[] = {0, 0, 1, 1, 2};
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 5; ++x) {
      f.x.push_back(x);
      f.y.push_back(y);
      f.pieces.push_back(PieceLook{column_colour[x], true});
    }
  }
  return f;
}

// The six errors the rule text lists, in its order.
std::vector<ErrorPattern> SixErrors() {
  return {{"1 fish turned round", 1, 0, 0},
          {"1 fish of another colour", 0, 1, 0},
          {"1 fish turned round and 1 of another colour", 1, 1, 0},
          {"2 fish swapped places", 0, 0, 1},
          {"2 fish turned round", 2, 0, 0},
          {"2 fish swapped places and 1 turned round", 1, 0, 1}};
}

uint32_t Differences(const Formation& f, const ErrorCard& card) {
  uint32_t out = 0;
  for (size_t i = 0; i < f.pieces.size(); ++i) {
    if (!(card.look[i] == f.pieces[i])) out |= 1u << i;
  }
  return out;
}

TEST_CASE("A swarm is the same for a seed and differs between seeds", "[formation]") {
  const Formation f = Herrings();
  const auto a = DealErrorCards(f, SixErrors(), 36, 1989, true);
  const auto b = DealErrorCards(f, SixErrors(), 36, 1989, true);
  const auto c = DealErrorCards(f, SixErrors(), 36, 1990, true);
  REQUIRE(a.size() == 36);
  REQUIRE(c.size() == 36);
  int differ = 0;
  for (size_t k = 0; k < a.size(); ++k) {
    CHECK(a[k].pattern == b[k].pattern);
    CHECK(a[k].faults == b[k].faults);
    CHECK(a[k].look == b[k].look);
    CHECK(a[k].quarter_turns == b[k].quarter_turns);
    if (a[k].faults != c[k].faults || !(a[k].look == c[k].look) ||
        a[k].quarter_turns != c[k].quarter_turns) {
      ++differ;
    }
  }
  CHECK(differ > 18);  // another seed, another deck (the patterns stay in turn)
}

TEST_CASE("A card differs from the formation exactly at its faults", "[formation]") {
  const Formation f = Herrings();
  for (uint64_t seed : {1, 7, 1989, 123456789}) {
    for (const ErrorCard& card : DealErrorCards(f, SixErrors(), 60, seed, true)) {
      INFO("seed " << seed << ", pattern " << card.pattern);
      REQUIRE(card.look.size() == f.pieces.size());
      CHECK(Differences(f, card) == card.faults);
      CHECK(card.faults >> f.pieces.size() == 0);
    }
  }
}

TEST_CASE("Each error pattern makes its number of faulty fish", "[formation]") {
  const Formation f = Herrings();
  const auto patterns = SixErrors();
  // flip 1, recolour 1, flip + recolour, one swap, two flips, swap + flip.
  const int want[] = {1, 1, 2, 2, 2, 3};
  for (uint64_t seed : {1, 1989, 42}) {
    const auto deck = DealErrorCards(f, patterns, 120, seed, false);
    for (size_t k = 0; k < deck.size(); ++k) {
      const ErrorCard& card = deck[k];
      INFO("seed " << seed << ", card " << k);
      // The patterns are taken in turn.
      REQUIRE(card.pattern == static_cast<int>(k % patterns.size()));
      const ErrorPattern& p = patterns[static_cast<size_t>(card.pattern)];
      CHECK(std::popcount(card.faults) == want[card.pattern]);
      // Every fish of this formation faces right, so a turned fish is the one
      // that faces left; the others with faults differ in colour only.
      int turned = 0;
      std::vector<size_t> recoloured;
      for (size_t i = 0; i < f.pieces.size(); ++i) {
        if (!(card.faults >> i & 1)) continue;
        const PieceLook& was = f.pieces[i];
        const PieceLook& is = card.look[i];
        if (is.facing_right != was.facing_right) {
          CHECK(is.colour == was.colour);  // turned round, not recoloured as well
          ++turned;
        } else {
          CHECK(is.colour != was.colour);
          CHECK(is.colour >= 0);
          CHECK(is.colour < static_cast<int>(f.colours.size()));
          recoloured.push_back(i);
        }
      }
      CHECK(turned == p.flips);
      if (p.swaps == 0) {
        CHECK(static_cast<int>(recoloured.size()) == p.recolours);
      } else {
        // Two fish that looked different changed places.
        REQUIRE(recoloured.size() == 2);
        const size_t a = recoloured[0], b = recoloured[1];
        CHECK(!(f.pieces[a] == f.pieces[b]));
        CHECK(card.look[a] == f.pieces[b]);
        CHECK(card.look[b] == f.pieces[a]);
      }
      CHECK(card.quarter_turns == 0);  // not rotated
    }
  }
}

TEST_CASE("Rotated cards lie in all four ways", "[formation]") {
  std::set<int> turns;
  for (const ErrorCard& card : DealErrorCards(Herrings(), SixErrors(), 36, 1989, true)) {
    CHECK(card.quarter_turns >= 0);
    CHECK(card.quarter_turns <= 3);
    turns.insert(card.quarter_turns);
  }
  CHECK(turns.size() == 4);
}

TEST_CASE("Swaps in a formation with turned fish still show", "[formation]") {
  // Fish of one colour facing both ways: a swap may exchange facings only.
  Formation f;
  f.colours = {"red", "white"};
  for (int i = 0; i < 8; ++i) {
    f.x.push_back(i % 4);
    f.y.push_back(i / 4);
    f.pieces.push_back(PieceLook{static_cast<int8_t>(i < 6 ? 0 : 1), i % 2 == 0});
  }
  const auto deck =
      DealErrorCards(f, {{"swap", 0, 0, 1}, {"swap and flip", 1, 0, 1}}, 50, 3, true);
  for (const ErrorCard& card : deck) {
    CHECK(Differences(f, card) == card.faults);
    CHECK(std::popcount(card.faults) == (card.pattern == 0 ? 2 : 3));
  }
}

TEST_CASE("Pictures of the formation and of cards", "[formation]") {
  const Formation f = Herrings();
  CHECK(Picture(f, f.pieces, 0) ==
        " b> 0   b> 1   s> 2   s> 3   o> 4\n"
        " b> 5   b> 6   s> 7   s> 8   o> 9\n"
        " b> 10  b> 11  s> 12  s> 13  o> 14\n");

  // The shipped deck's fifth card (seed 1989): two fish turned round, lying a
  // quarter turn clockwise; its faults marked. This pins the generator too.
  const auto deck = DealErrorCards(f, SixErrors(), 36, 1989, true);
  const ErrorCard& fifth = deck[4];
  CHECK(fifth.pattern == 4);
  CHECK(fifth.faults == (1u << 10 | 1u << 11));
  CHECK(fifth.quarter_turns == 1);
  CHECK(Picture(f, fifth.look, fifth.quarter_turns, fifth.faults) ==
        "[b^]10  bv 5   bv 0\n"
        "[b^]11  bv 6   bv 1\n"
        " sv 12  sv 7   sv 2\n"
        " sv 13  sv 8   sv 3\n"
        " ov 14  ov 9   ov 4\n");

  // A small formation, one fish facing left, in all four ways; fish 0 and 5
  // marked.
  Formation small;
  small.colours = {"blue", "silver", "orange"};
  const int8_t colour[] = {0, 0, 2, 1, 1, 2};
  for (int i = 0; i < 6; ++i) {
    small.x.push_back(i % 3);
    small.y.push_back(i / 3);
    small.pieces.push_back(PieceLook{colour[i], i != 5});
  }
  const uint32_t marks = 1u << 0 | 1u << 5;
  CHECK(Picture(small, small.pieces, 0, marks) ==
        "[b>]0   b> 1   o> 2\n"
        " s> 3   s> 4  [<o]5\n");
  // A quarter turn clockwise: the left column becomes the top row; right-facing
  // fish face down.
  CHECK(Picture(small, small.pieces, 1, marks) ==
        " sv 3  [bv]0\n"
        " sv 4   bv 1\n"
        "[o^]5   ov 2\n");
  CHECK(Picture(small, small.pieces, 2, marks) ==
        "[o>]5   <s 4   <s 3\n"
        " <o 2   <b 1  [<b]0\n");
  CHECK(Picture(small, small.pieces, 3, marks) ==
        " o^ 2  [ov]5\n"
        " b^ 1   s^ 4\n"
        "[b^]0   s^ 3\n");
  CHECK(Picture(small, small.pieces, -1, marks) ==
        Picture(small, small.pieces, 3, marks));
  CHECK(Picture(small, small.pieces, 4) == Picture(small, small.pieces, 0));
  // An empty place in the grid shows a dot.
  Formation gap = small;
  gap.x.pop_back();
  gap.y.pop_back();
  gap.pieces.pop_back();
  CHECK(Picture(gap, gap.pieces, 0) ==
        " b> 0   b> 1   o> 2\n"
        " s> 3   s> 4    .\n");
}

}  // namespace
}  // namespace angler
