// What one seat knows of where the cards are, and positions consistent with it.
//
// A seat sees the cards of public zones and of its own owner zones. Of every
// other card it knows the set of zones the card may be in ("places"): at the
// start of a game every place is known (before the first chance action the
// position follows from the rules alone); a card seen leaving a zone the seat
// sees stays known wherever it goes, and so does a card leaving a zone whose
// cards and order the seat knows (not shuffled since, not picked in secret by
// another seat: the rules' own selection); any other card moving between
// zones the seat does not see spreads the doubt of its old zone to the new
// one (the seat sees that some card moved, and how many, never which); an
// empty zone holds nothing. Played and laid cards are shown on their way, so
// the seat knows where they went even when the same action carries them on.
// The order inside a zone the seat does not see is not tracked: samples deal
// it at random.
//
// Observe() takes the action and the position after it; today it reads the
// moves off the difference between positions, and only as far as the seat may
// see them. Engine events can feed the same update later.
//
// INVARIANTS: the true zone of every card is always among its places.
// REQUIRES: the Game outlives the Information; states are of that game.
#ifndef ANGLER_INTERPRETER_INFORMATION_H_
#define ANGLER_INTERPRETER_INFORMATION_H_

#include <array>
#include <bitset>
#include <cstdint>

#include "interpreter/game.h"
#include "interpreter/limits.h"
#include "interpreter/rng.h"
#include "interpreter/state.h"

namespace angler {

using ZoneSet = std::bitset<kMaxZones>;

class Information {
 public:
  // What `seat` knows at the start of a game: everything.
  Information(const Game& game, int seat);

  int seat() const { return seat_; }
  // True when the seat may look at the zone's cards.
  bool Sees(int zone) const { return seen_.test(static_cast<size_t>(zone)); }
  // The zones `card` may be in; one zone when the seat knows where it is.
  const ZoneSet& Places(int card) const { return places_[static_cast<size_t>(card)]; }
  bool Knows(int card) const { return Places(card).count() == 1; }
  // True when Observe() has been told every action up to `s`.
  bool Follows(const State& s) const { return s.ply == ply_; }

  // Starts a new game (the position the rules set up).
  void Restart();
  // For a position whose history the seat was not told: it knows what it sees now.
  void Forget(const State& s);
  // `action` was applied and `after` is the position now. A game that starts
  // again restarts; a gap in the actions forgets.
  void Observe(const Action& action, const State& after);

  // A position the seat cannot tell from `s`: the cards it cannot place dealt
  // at random into the slots of the zones it does not see, each into one of its
  // places; every zone keeps its size, every card the seat sees stays where it
  // is, and the rest of `s` (variables, the trick, the program) is kept.
  void Sample(const State& s, State& out, Rng& rng) const;

 private:
  // The zone an action showed `card` in on its way, or -1.
  int ShownIn(const Action& action, int card) const;
  // Hidden zones that now lie empty, and seen zones, are no card's doubt.
  void Narrow(const State& s);
  // The cards an open decision of `s` names, renamed to those of the sample
  // `out` in the same places.
  void RelabelOpenDecision(const State& s, State& out) const;

  const Game& game_;
  int seat_;
  int cards_;
  ZoneSet seen_;
  ZoneSet ordered_;    // zones whose order the seat knows (given their cards)
  int shuffled_ = -1;  // the zone the next action shuffles, if it is a shuffle
  uint32_t ply_ = 0;
  std::array<uint8_t, kMaxCards> last_zone_{};
  std::array<ZoneSet, kMaxCards> places_;
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_INFORMATION_H_
