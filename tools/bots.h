// Move sources for simulations and opponents: a bot picks one of the legal
// actions of the decision in front of it.
//
// Bots know nothing of any particular game: they see the ruleset only through
// the Game API (legal actions, Apply, Rank) and the zones' visibility.
#ifndef ANGLER_TOOLS_BOTS_H_
#define ANGLER_TOOLS_BOTS_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/information.h"
#include "interpreter/rng.h"
#include "interpreter/state.h"

namespace angler {

struct SpotProfile;  // tools/spot_bot.h

// What a bot's seat knows (interpreter/information.h), kept by Bot::Observe.
class SeatMemory {
 public:
  // The seat's information up to `state`; a position it was not told the way
  // to is known only as far as the seat sees it now.
  const Information& For(const Game& game, int seat, const State& state);
  // A new game begins: nothing seen so far counts.
  void Clear() { info_.reset(); }
  void Observe(const Game& game, int seat, const Action& action, const State& after);

 private:
  const Game* game_ = nullptr;
  std::optional<Information> info_;
};

class Bot {
 public:
  virtual ~Bot() = default;
  // REQUIRES: legal.count > 0 and every item is the current player's decision in
  // `state`. Draws randomness only from rng, so the choice is reproducible.
  virtual Action Choose(const Game& game, const State& state, const ActionList& legal,
                        Rng& rng) = 0;
  // The spec that makes this bot again ("random", "greedy:8").
  virtual std::string name() const = 0;
  // After every action of a game: `action` was applied and `after` is the
  // position now; the bot plays `seat`. Bots that track what their seat saw
  // (tools/ismcts_bot.h) learn it here; others ignore it.
  virtual void Observe(const Game& /*game*/, int /*seat*/, const Action& /*action*/,
                       const State& /*after*/) {}
  // False for a bot whose Observe does nothing: a game's runner then skips the
  // call after every action (one per seat per action, in the hottest loop).
  virtual bool observes() const { return true; }
  // True for a bot whose Choose is legal.items[rng.Below(legal.count)] and no
  // more: at a pick among options (Game::PicksAnOption) a runner draws that
  // index itself and takes Game::OptionAction, the same draw and the same
  // action, without listing the legal actions.
  virtual bool picks_uniformly() const { return false; }
  // A game begins (before its first action): what a bot remembers of other
  // games must not change its play, so a game's moves depend on its seed only.
  virtual void NewGame() {}
  // How this bot races in a search (a SpotBot's profile); null: it does not.
  virtual const SpotProfile* search_profile() const { return nullptr; }
  // A bot of the same kind and settings that remembers nothing: threads each
  // play with their own bots.
  virtual std::unique_ptr<Bot> Clone() const = 0;
};

// Uniform over the legal actions.
class RandomBot : public Bot {
 public:
  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  std::string name() const override { return "random"; }
  bool observes() const override { return false; }
  bool picks_uniformly() const override { return true; }
  std::unique_ptr<Bot> Clone() const override { return std::make_unique<RandomBot>(); }
};

// One-step lookahead with random playouts: each legal action (copies of the
// same card count once) is tried in `samples` random continuations and scored
// by the acting seat's rank minus the best opponent's rank where the playout
// stops. Each playout starts from a position dealt from what the seat knows
// (Information::Sample), so the bot does not peek at hidden cards.
//
// The horizon: a playout stops when the game or the current round ends, or
// when the acting seat is to decide again after another seat has decided,
// some rank has moved since the decision, and the playout has done its share
// of the decision's work budget. Work counts the actions generated at each
// step (what a step costs); each playout's share is budget / (actions x
// samples). So a trick game's few cheap choices are played out to the
// round's end, as ranks there move only when a round ends anyway, while Fat
// Fish's many costly lays (its round is the whole game) look a turn or so
// ahead, to the seat's next turn after a row was taken. A decision with more
// than kWideDecision distinct actions gives each one playout first, and the
// other samples only to the best third.
class GreedyBot : public Bot {
 public:
  static constexpr int kDefaultSamples = 4;
  static constexpr int64_t kDefaultBudget = 20000;
  // Decisions with more distinct actions than this play one sample of each
  // first and the further samples only for the best third.
  static constexpr int kWideDecision = 16;
  explicit GreedyBot(int samples = kDefaultSamples, int64_t budget = kDefaultBudget)
      : samples_(samples), budget_(budget) {}

  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  void Observe(const Game& game, int seat, const Action& action,
               const State& after) override {
    memory_.Observe(game, seat, action, after);
  }
  void NewGame() override { memory_.Clear(); }
  std::unique_ptr<Bot> Clone() const override {
    return std::make_unique<GreedyBot>(samples_, budget_);
  }
  std::string name() const override;

 private:
  int samples_;
  int64_t budget_;
  SeatMemory memory_;
};

// "random", "greedy" or "greedy:N" (N playouts per action, 1..1000), "ismcts"
// or "ismcts:N" (N playouts per move, 1..100000). Unknown
// names are errors with a "did you mean".
Result<std::unique_ptr<Bot>> MakeBot(std::string_view spec);

// A searcher (spot:...) plays search games only: in another it would play at
// random under its own name. The error names the bot and the ruleset.
Status BotsFit(const std::vector<std::unique_ptr<Bot>>& bots, const Ruleset& rules);

// Whose seats bots take: every seat, or those beside a person's (play, serve).
enum class BotSeats { kEvery, kBesidePerson };

// One bot per seat from a comma-separated list; a short list repeats its last
// bot, an empty one means random everywhere. More bots than seats is an error,
// which counts the seats as `seats` says ("3 bots given for the 2 seats beside
// yours").
Result<std::vector<std::unique_ptr<Bot>>> MakeSeatBots(std::string_view list, int players,
                                                       BotSeats seats = BotSeats::kEvery);

// The bots for the seats beside a person's (play, serve, a resumed game that
// was stored without its seats): those `list` names, or greedy ones (in a
// search game spot:careful) when it names none; every one fitting the rules
// (BotsFit). `seats`: how many seats they take.
Result<std::vector<std::unique_ptr<Bot>>> BotsBesidePerson(
    const std::optional<std::string>& list, const Ruleset& rules, int seats);

// The bot names MakeBot knows, for its "did you mean".
std::vector<std::string> BotNames();

// Every form MakeBot reads, as help texts and its own error list them.
inline constexpr char kBotForms[] =
    "random, greedy, greedy:N, ismcts, ismcts:N, spot:fast, spot:careful, spot:S/E";

}  // namespace angler

#endif  // ANGLER_TOOLS_BOTS_H_
