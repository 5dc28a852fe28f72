// What the turn procedure's lay rules read of a lay in progress.
//
// The legal-lay search (game_lay.cc) lays a hand's cards one by one on the
// target pile and judges the next card on each state it reaches. Between the
// states of one target only these change: which cards are left in the hand,
// which lie on the target, the trick's played cards, and the laid cards'
// zones and players. A lay of d cards ending in card L always leaves the hand
// and the target d cards smaller and larger, with L on top of the target, so
// rules that read those piles only through their sizes and the target's top
// card (and every other pile in any way, and the judged card only through its
// printed attributes) give every card the same verdict at every state with
// the same (d, L): the search judges each (d, L) once, however many orders of
// the hand reach it.
//
// LayKeyOf proves that by a walk over the nodes of may_lay and `full`:
// every node must be one whose value comes from its children and what a
// lay does not change, or a read of a pile that the lay cannot touch beyond
// what (d, L) fixes:
//   - a pile's size: always;
//   - a pile's top card (`last`, `ends`): unless the pile may be the hand;
//   - a pile's cards as a list, or its bottom card: unless it may be the hand
//     or the target (a pile of the target's family);
//   - a card's printed attributes only (not who played it, holds it, or the
//     number of its pile); never the trick's played cards or play positions.
// A zone's identity is known where it is named (a zone, a family's zone, the
// target); a zone from anywhere else may be any pile.
//
// The length d is known by less when the sizes of the hand and the target
// are only compared with numbers (`count(target) > 0`, `count(target) ==
// row_length`): by the outcomes of those comparisons, so lays of one, two
// and three cards ending in the same top share their verdicts until one of
// the comparisons tells them apart (a pile about to be full). The pile each
// compares must be named by variables and numbers alone, so it is known for
// the whole search of a target. The first card (d = 0, the pile's own top)
// is always a state of its own.
//
// L is known by its class when the rules tell no card apart by itself (no
// card compared with another, no `id`): then two tops that print the same
// values of every attribute the rules read of any card are alike to them,
// and the search knows a state by (d, L's class). In a game whose rules read
// only suits, a lay of three cards of one suit is one state, in whatever
// order its cards are laid.
//
// REQUIRES: the ruleset is compiled and its card sets planned (the planner's
// nodes are walked too).
#ifndef ANGLER_INTERPRETER_LAY_READS_H_
#define ANGLER_INTERPRETER_LAY_READS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "interpreter/ruleset.h"

namespace angler {

// How the search may know a state of one target.
struct LayKey {
  bool by_top = false;  // by (d, L): the rules read no more (above)
  // L by its class: cards the rules tell apart only by the printed
  // attributes they read of any card other than the judged one (suit, say)
  // share one. Empty when some card is told apart by itself (compared with
  // another, say): L is known by itself.
  std::vector<uint8_t> top_class;
  // When the hand's and the target's sizes are read only in comparisons
  // with a number, these: a lay's length d is then known by their outcomes
  // (d = 1 and d = 2 alike, unless one of them tells them apart).
  std::vector<LaySizeTest> size_tests;
  bool by_size_tests = false;
  // `full` when it is one comparison of a pile's size with a number
  // (`count(target) == row_length`): a lay of d cards makes the target d
  // larger and the hand d smaller, so whether a pile is full after it is
  // known without laying it.
  std::optional<LaySizeTest> full_test;
};

// How the turn's lay rules and `full` let the search know a state (above):
// not by_top without a turn procedure.
LayKey LayKeyOf(const Ruleset& rules);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_LAY_READS_H_
