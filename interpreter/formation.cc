#include "interpreter/formation.h"

#include <algorithm>

#include "interpreter/rng.h"

namespace angler {
namespace {

// A piece not yet used by this card's errors.
int FreshPiece(Rng& rng, int n, uint32_t used) {
  for (;;) {
    int i = static_cast<int>(rng.Below(static_cast<uint32_t>(n)));
    if (!(used >> i & 1)) return i;
  }
}

}  // namespace

std::vector<ErrorCard> DealErrorCards(const Formation& f,
                                      const std::vector<ErrorPattern>& patterns,
                                      int count, uint64_t seed, bool rotate) {
  Rng rng(seed);
  const int n = static_cast<int>(f.pieces.size());
  std::vector<ErrorCard> deck;
  for (int k = 0; k < count; ++k) {
    ErrorCard card;
    card.pattern = k % static_cast<int>(patterns.size());
    const ErrorPattern& p = patterns[static_cast<size_t>(card.pattern)];
    card.look = f.pieces;
    uint32_t used = 0;
    for (int s = 0; s < p.swaps; ++s) {
      // Two pieces that look different, or the swap could not be seen.
      // (The loader makes sure some two pieces differ; the draws are bounded anyway.)
      int a = FreshPiece(rng, n, used), b = a;
      for (int tries = 0; tries < 1000; ++tries) {
        b = FreshPiece(rng, n, used | 1u << a);
        if (!(f.pieces[static_cast<size_t>(a)] == f.pieces[static_cast<size_t>(b)]))
          break;
      }
      std::swap(card.look[static_cast<size_t>(a)], card.look[static_cast<size_t>(b)]);
      used |= 1u << a | 1u << b;
    }
    for (int s = 0; s < p.flips; ++s) {
      int a = FreshPiece(rng, n, used);
      card.look[static_cast<size_t>(a)].facing_right =
          !card.look[static_cast<size_t>(a)].facing_right;
      used |= 1u << a;
    }
    for (int s = 0; s < p.recolours; ++s) {
      int a = FreshPiece(rng, n, used);
      int colours = static_cast<int>(f.colours.size());
      int shift = 1 + static_cast<int>(rng.Below(static_cast<uint32_t>(colours - 1)));
      auto& c = card.look[static_cast<size_t>(a)].colour;
      c = static_cast<int8_t>((c + shift) % colours);
      used |= 1u << a;
    }
    card.faults = used;
    card.quarter_turns = rotate ? static_cast<int>(rng.Below(4)) : 0;
    deck.push_back(std::move(card));
  }
  return deck;
}

std::string Picture(const Formation& f, const std::vector<PieceLook>& look,
                    int quarter_turns, uint32_t marks) {
  int w = 0, h = 0;
  for (size_t i = 0; i < f.pieces.size(); ++i) {
    w = std::max(w, f.x[i] + 1);
    h = std::max(h, f.y[i] + 1);
  }
  // Turning the card turns the grid; a piece turned upside down by a half
  // turn faces the other way.
  int turns = ((quarter_turns % 4) + 4) % 4;
  int W = turns % 2 ? h : w, H = turns % 2 ? w : h;
  std::vector<std::string> cells(static_cast<size_t>(W * H), "  .  ");
  for (size_t i = 0; i < f.pieces.size(); ++i) {
    int x = f.x[i], y = f.y[i], X = x, Y = y;
    if (turns == 1) X = h - 1 - y, Y = x;
    if (turns == 2) X = w - 1 - x, Y = h - 1 - y;
    if (turns == 3) X = y, Y = w - 1 - x;
    const PieceLook& l = look[i];
    bool right = turns >= 2 ? !l.facing_right : l.facing_right;
    std::string colour = f.colours[static_cast<size_t>(l.colour)].substr(0, 1);
    std::string piece = right ? colour + ">" : "<" + colour;
    if (turns % 2) piece = (l.facing_right == (turns == 1) ? colour + "v" : colour + "^");
    std::string label = std::to_string(i);
    std::string cell = (marks >> i & 1) ? "[" + piece + "]" : " " + piece + " ";
    cells[static_cast<size_t>(Y * W + X)] =
        cell + (label.size() < 2 ? label + " " : label);
  }
  std::string out;
  for (int r = 0; r < H; ++r) {
    std::string line;
    for (int c = 0; c < W; ++c) {
      std::string cell = cells[static_cast<size_t>(r * W + c)];
      cell.resize(7, ' ');
      line += cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace angler
