// A formation of fish and the cards that copy it with errors.
//
// Spot-the-error games show a formation (fish at grid positions, each with a
// colour and a facing) and cards that repeat it with a few errors: a fish
// turned round, recoloured, two fish that swapped places. The ruleset gives
// the formation and the error patterns as data; DealErrorCards deals a deck of
// such cards from a seed of our own generator, so a deck is the same on
// every machine.
//
// REQUIRES: at most kMaxFish fish; at least two colours for recolouring and
// two fish that look different for swapping.
#ifndef ANGLER_INTERPRETER_FORMATION_H_
#define ANGLER_INTERPRETER_FORMATION_H_

#include <cstdint>
#include <string>
#include <vector>

namespace angler {

inline constexpr int kMaxFish = 30;  // a card's faults are a 32-bit set

struct FishLook {
  int8_t colour = 0;  // index into Formation::colours
  bool facing_right = true;
  bool operator==(const FishLook&) const = default;
};

struct Formation {
  std::vector<std::string> colours;
  std::vector<int> x, y;       // grid position of each fish
  std::vector<FishLook> fish;  // the correct look of each fish
};

// One error pattern: how many fish are turned, recoloured and pairs swapped.
struct ErrorPattern {
  std::string name;
  int flips = 0, recolours = 0, swaps = 0;
};

struct ErrorCard {
  int pattern = 0;             // index into the patterns
  uint32_t faults = 0;         // bit i: fish i differs from the formation
  std::vector<FishLook> look;  // how each fish is drawn on this card
  int quarter_turns = 0;       // how the card lies (0-3)
};

// `count` cards, the patterns taken in turn, the erring fish drawn at random.
std::vector<ErrorCard> DealErrorCards(const Formation& f,
                                      const std::vector<ErrorPattern>& patterns,
                                      int count, uint64_t seed, bool rotate);

// A text picture of a card (or of the formation, with look = f.fish): one
// cell per grid position, "b>" (the colour's first letter as written) for a
// blue fish facing right, then the fish's number; `marks` puts
// the fish in brackets; the picture is turned by quarter_turns.
std::string Picture(const Formation& f, const std::vector<FishLook>& look,
                    int quarter_turns, uint32_t marks = 0);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_FORMATION_H_
