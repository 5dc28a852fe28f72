// What `angler play` shows a person beyond the position itself: the question
// a decision asks, in the ruleset's words, and a lay composed a step at a
// time (the row, then the cards one by one), so that no list grows with the
// orderings of a hand.
//
// REQUIRES: the view and the legal moves are of the same state; a LayPicker
// is built from the legal lays of one decision and dropped when it is taken.
#ifndef ANGLER_TOOLS_PLAY_VIEW_H_
#define ANGLER_TOOLS_PLAY_VIEW_H_

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interpreter/formation.h"
#include "interpreter/game.h"
#include "interpreter/view.h"

namespace angler {

// The ruleset's prompt for the open choice with the card that asks:
// 'choose a card to pass to the left (buoy "pass 1 card to the left", played
// by seat 1)'; "" when the ruleset words none.
std::string AskedText(const PositionView& view);

// How to read a text picture of a formation (interpreter/formation.h
// Picture): "b = blue, s = silver; > < a fish facing right or left ...".
std::string PictureLegend(const Formation& f);

// A sheet of marks against the wrong pieces: "your marks: right 6; wrong 1,
// 2; missed none".
std::string MarksVerdict(uint32_t marks, uint32_t faults);

class LayPicker {
 public:
  enum class Kind { kRow, kCard, kDone, kBack };
  struct Option {
    Kind kind;
    std::string text;  // "row 1: yellow 2, yellow 3", "yellow 3", "lay yellow 3 now"
  };

  LayPicker(const Game& game, const State& s, std::span<const Action> legal);

  // The question of this step: "choose a row", "lay on row 1: choose the first card".
  std::string Question() const;
  const std::vector<Option>& options() const { return options_; }
  // Takes option i (from 0); the lay once it is complete.
  std::optional<Action> Pick(size_t i);

 private:
  // The legal lays on the chosen row whose first cards are named as `names_`.
  std::vector<const Action*> Matching() const;
  std::vector<int> Rows() const;  // the rows some legal lay goes on, in order
  void Build();

  const Game& game_;
  const State& state_;
  std::vector<Action> legal_;
  int row_ = 0;                     // 0: not chosen yet
  std::vector<std::string> names_;  // the cards chosen so far, by name
  std::vector<Option> options_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_PLAY_VIEW_H_
