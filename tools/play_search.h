// What `angler play` shows and reads in a search (a ruleset's `search()`):
// the searched card and how it should look as text pictures, the marks a
// person types, and each stop told with the wrong pieces and the verdict on
// the person's marks.
//
// REQUIRES: the ruleset searches (`rules.search` is set); `card` is the card
// searched.
#ifndef ANGLER_TOOLS_PLAY_SEARCH_H_
#define ANGLER_TOOLS_PLAY_SEARCH_H_

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/game.h"

namespace angler {

// The card searched ("the swarm card (swarm 8):"), the same formation as it
// should look, and the legend of the pictures' signs.
std::string SearchPictures(const Ruleset& rules, int card);

// Reads lines of piece numbers (again to unmark) until "stop", toggling
// `marks` (the sheet as the search finds it: drawn first when it holds a
// mark) and drawing the marked picture after each line; false on "q" or the
// end of input, `marks` then holding what was typed so far.
bool ReadMarks(std::istream& in, std::ostream& out, const Ruleset& rules, int card,
               uint32_t& marks);

// "P2 stops" ("P1 (you) and P3 stop together"), then the wrong pieces and,
// when the person searched, how the person's marks fared.
std::string StopText(const Ruleset& rules, const Action& stop,
                     const std::vector<std::string>& players, int card,
                     std::optional<uint32_t> person_marks);

}  // namespace angler

#endif  // ANGLER_TOOLS_PLAY_SEARCH_H_
