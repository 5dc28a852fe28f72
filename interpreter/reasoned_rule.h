// A condition a card must meet to be played or laid, with the words that say
// why a card is refused (may_play, may_lead and may_lay written as {if, else}
// lists). The trick and the turn procedures hold them; refusal.h reads them.
// And the notes a game's end writes beside a place, a condition and words too.
#ifndef ANGLER_INTERPRETER_REASONED_RULE_H_
#define ANGLER_INTERPRETER_REASONED_RULE_H_

#include <string>
#include <vector>

namespace angler {

// Text with {expression} holes, for messages such as why a lay is refused.
struct MessagePart {
  std::string text;  // literal text, or
  int node = -1;     // a value to print
};

struct ReasonedRule {
  int condition = -1;                // node
  std::vector<MessagePart> message;  // empty: the rule gave no reason
};

// A note beside a seat's place at the game's end (`game: place_notes`):
// `says`, for the seat p, when `condition` holds.
struct PlaceNote {
  int condition = -1;             // node, bool, reads p
  std::vector<MessagePart> says;  // never empty
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_REASONED_RULE_H_
