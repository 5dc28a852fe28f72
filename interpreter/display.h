// How a ruleset asks to be shown: which variables are each player's score and
// which tell the state of play (a called suit, a round count), which end reasons
// are early ends, the colours of suits, and what a card shows on its back.
// Tools read this, never a variable by a literal name.
//
//   display:
//     score: score                 # a per-player int variable
//     status: [called, bid]        # shown beside the round
//     early_end: ["ran out"]       # end reasons counted as early ends
//     colours: {blue: blue, yellow: yellow}
//     back: suit                   # the card attribute seen on a card's back
//     tell: {called: "the next trick follows {value}"}  # a card's change, told
//     zones: {won: "tricks won"}   # a pile's name for people
//
// REQUIRES: ReadDisplay runs after the program is compiled (end reasons known).
// INVARIANTS: every index names an existing variable; `colours` has one entry
// per suit ("" when none is given); `back` is -1 or a CardAttribute.
#ifndef ANGLER_INTERPRETER_DISPLAY_H_
#define ANGLER_INTERPRETER_DISPLAY_H_

#include <string>
#include <vector>

#include "dsl/source.h"

namespace angler {

struct YamlNode;
struct Ruleset;

// What a card may show on its back.
enum class CardAttribute { kSuit, kKind, kValue, kStars, kBack };

struct Display {
  int score = -1;           // variable index, -1: ranks are shown instead
  std::vector<int> status;  // variable indexes, in the order written
  // End reasons (indexes into Ruleset::end_reasons) that are early ends; by
  // default every named reason.
  std::vector<int> early_ends;
  std::vector<std::string> colours;  // by suit
  int back = -1;                     // a CardAttribute, -1: cards show no back
  // By variable: how a card's effect changing it is told, {value} the new
  // value ("" : as "name: before -> after").
  std::vector<std::string> tell;
  // By zone family: its name for people ("" : the ruleset's name).
  std::vector<std::string> zone_names;

  bool IsEarlyEnd(int end_reason) const;
};

// The terminal colours a suit may be given.
const std::vector<std::string>& DisplayColours();

// Reads `display` (absent: the defaults) into rules.display; errors name the place.
std::vector<Diagnostic> ReadDisplay(const YamlNode* display, Ruleset& rules);

// A zone family's name for people: display.zones, else its name in the ruleset.
const std::string& ZoneFamilyTitle(const Ruleset& rules, int family);

// What card `card` shows on its back ("green"), or "" when cards have no back.
std::string CardBack(const Ruleset& rules, int card);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_DISPLAY_H_
