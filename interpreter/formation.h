// A formation of pieces and the cards that copy it with errors.
//
// Spot-the-error games show a formation (pieces at grid positions, each with
// a colour and a facing) and cards that repeat it with a few errors: a piece
// turned round, recoloured, two pieces that swapped places. The ruleset gives
// the formation, the word for one of its pieces and the error patterns as
// data; DealErrorCards deals a deck of such cards from a seed of our own
// generator, so a deck is the same on every machine.
//
// REQUIRES: at most kMaxPieces pieces; at least two colours for recolouring
// and two pieces that look different for swapping.
#ifndef ANGLER_INTERPRETER_FORMATION_H_
#define ANGLER_INTERPRETER_FORMATION_H_

#include <cstdint>
#include <string>
#include <vector>

namespace angler {

inline constexpr int kMaxPieces = 30;  // a card's faults are a 32-bit set

struct PieceLook {
  int8_t colour = 0;  // index into Formation::colours
  bool facing_right = true;
  bool operator==(const PieceLook&) const = default;
};

struct Formation {
  std::string piece = "piece";  // what the ruleset calls one piece, in texts
  std::vector<std::string> colours;
  std::vector<int> x, y;          // grid position of each piece
  std::vector<PieceLook> pieces;  // the correct look of each piece
};

// One error pattern: how many pieces are turned, recoloured and pairs swapped.
struct ErrorPattern {
  std::string name;
  int flips = 0, recolours = 0, swaps = 0;
};

struct ErrorCard {
  int pattern = 0;              // index into the patterns
  uint32_t faults = 0;          // bit i: piece i differs from the formation
  std::vector<PieceLook> look;  // how each piece is drawn on this card
  int quarter_turns = 0;        // how the card lies (0-3)
};

// `count` cards, the patterns taken in turn, the erring pieces drawn at random.
// REQUIRES: `patterns` is not empty, and each needs at most half the pieces
// (flips + recolours + 2 * swaps; the loader keeps no other), so that a fresh
// piece is always there to draw.
std::vector<ErrorCard> DealErrorCards(const Formation& f,
                                      const std::vector<ErrorPattern>& patterns,
                                      int count, uint64_t seed, bool rotate);

// A text picture of a card (or of the formation, with look = f.pieces): one
// cell per grid position, "b>" (the colour's first letter as written) for a
// blue piece facing right, then the piece's number; `marks` puts the piece in
// brackets; the picture is turned by quarter_turns.
std::string Picture(const Formation& f, const std::vector<PieceLook>& look,
                    int quarter_turns, uint32_t marks = 0);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_FORMATION_H_
