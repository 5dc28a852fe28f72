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

// One-step lookahead with random playouts: each legal action is tried in
// `samples` random continuations up to the end of the current round (or game),
// and scored by the acting seat's rank minus the best opponent's rank there.
// Before each playout the hands of the other seats are redealt among them and
// face-down piles are shuffled, so the bot does not peek at hidden cards.
class GreedyBot : public Bot {
 public:
  static constexpr int kDefaultSamples = 4;
  explicit GreedyBot(int samples = kDefaultSamples) : samples_(samples) {}

  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  std::string name() const override;

 private:
  int samples_;
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
