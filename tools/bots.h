// Move sources for simulations and opponents: a bot picks one of the legal
// actions of the decision in front of it.
//
// Bots know nothing of any particular game: they see the ruleset only through
// the Game API (legal actions, Apply, Rank) and the zones' visibility.
#ifndef ANGLER_TOOLS_BOTS_H_
#define ANGLER_TOOLS_BOTS_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "interpreter/state.h"

namespace angler {

class Bot {
 public:
  virtual ~Bot() = default;
  // REQUIRES: legal.count > 0 and every item is the current player's decision in
  // `state`. Draws randomness only from rng, so the choice is reproducible.
  virtual Action Choose(const Game& game, const State& state, const ActionList& legal,
                        Rng& rng) = 0;
  // The spec that makes this bot again ("random", "greedy:8").
  virtual std::string name() const = 0;
};

// Uniform over the legal actions.
class RandomBot : public Bot {
 public:
  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  std::string name() const override { return "random"; }
};

// One-step lookahead with random playouts: each legal action (copies of the
// same card count once) is tried in `samples` random continuations and scored
// by the acting seat's rank minus the best opponent's rank where the playout
// stops. Before each playout the hands of the other seats are redealt among
// them and face-down piles are shuffled, so the bot does not peek at hidden
// cards.
//
// The horizon: a playout stops when the game or the current round ends, or
// when the acting seat is to decide again after another seat has decided,
// some rank has moved since the decision and at least H actions were played.
// H spreads a budget of actions over the playouts of the decision (budget /
// (actions x samples), at least kMinHorizon): a few actions to compare (a
// trick game's cards) are played out to the round's end as before, many (Fat
// Fish's lays, whose round is the whole game) only a turn or two ahead. Ranks
// that move only at a round's end keep a playout going to it whatever H is.
class GreedyBot : public Bot {
 public:
  static constexpr int kDefaultSamples = 4;
  static constexpr int kDefaultBudget = 8000;
  static constexpr int kMinHorizon = 4;
  explicit GreedyBot(int samples = kDefaultSamples, int budget = kDefaultBudget)
      : samples_(samples), budget_(budget) {}

  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  std::string name() const override;

 private:
  int samples_;
  int budget_;
};

// "random", "greedy" or "greedy:N" (N playouts per action, 1..1000). Unknown
// names are errors with a "did you mean".
Result<std::unique_ptr<Bot>> MakeBot(std::string_view spec);

// One bot per seat from a comma-separated list; a short list repeats its last
// bot, an empty one means random everywhere. More bots than seats is an error.
Result<std::vector<std::unique_ptr<Bot>>> MakeSeatBots(std::string_view list,
                                                       int players);

// The bot names MakeBot knows, for help texts.
std::vector<std::string> BotNames();

// What a seat that cannot see hidden cards might believe: the cards in other
// seats' owner-only zones redealt among those zones (sizes kept), and every
// hidden zone shuffled in place.
void RedealUnseenCards(const Ruleset& rules, State& state, int viewer, Rng& rng);

}  // namespace angler

#endif  // ANGLER_TOOLS_BOTS_H_
