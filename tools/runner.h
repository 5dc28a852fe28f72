// Plays games with bots, reproducibly: everything random in a game comes from
// its seed, so the same seed gives the same game on every machine.
//
// A game's seed feeds separate streams (chance outcomes, one per seat's bot),
// each derived with SplitMix64, so a bot that draws more or fewer numbers
// does not change the shuffles the other seats see.
#ifndef ANGLER_TOOLS_RUNNER_H_
#define ANGLER_TOOLS_RUNNER_H_

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "dsl/source.h"
#include "dsl/text.h"
#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "interpreter/state.h"
#include "tools/bots.h"
#include "tools/spot_bot.h"

namespace angler {

// A game's seed feeds GameStreams (interpreter/rng.h).

// A guard against rulesets that never end: no real game comes near it.
inline constexpr int kMaxActionsPerGame = 100000;

// One game stepped action by action, for callers that interleave their own
// moves (a person at the terminal) with bots and chance.
class GameRun {
 public:
  GameRun(const Game& game, uint64_t seed);
  // Plays in `storage`, the caller's (PlayGame plays in its result's state):
  // no State is copied in or out. The actions are recorded in `room`'s
  // memory (its items dropped). REQUIRES: storage outlives the run.
  GameRun(const Game& game, uint64_t seed, State& storage, std::vector<Action> room);
  // The run may keep its state in itself: a copy would share it.
  GameRun(const GameRun&) = delete;
  GameRun& operator=(const GameRun&) = delete;

  const Game& game() const { return game_; }
  uint64_t seed() const { return seed_; }
  const State& state() const { return *state_; }
  const std::vector<Action>& actions() const { return actions_; }
  // The actions, handed over: the run is done with them.
  std::vector<Action> TakeActions() { return std::move(actions_); }
  bool over() const { return game_.IsTerminal(*state_); }

  // The current decision's open actions (empty at chance nodes and at the end),
  // listed when first asked for after an action.
  const ActionList& legal();
  // At a chance node: the outcome from the chance stream.
  Action SampleChance();
  // At a player's decision: what `bot` chooses, with that seat's stream.
  Action AskBot(Bot& bot);
  // At a decision open to several players (CurrentPlayer -1, a search): the
  // next action of the searchers' race when every seat still searching has a
  // bot that races (Bot::search_profile), else one of the open actions from
  // the chance stream. A seat without a bot (a person who waits) takes no
  // part: it does not race, and no action of its own is picked for it (a
  // mark of its, a stop it is among). nullopt when only such seats can act.
  std::optional<Action> SettleOpen(const std::vector<Bot*>& seats);
  // For a search now open: the plan of every searching seat whose bot races
  // (no plan for the others), each drawn from that seat's stream.
  std::vector<std::optional<SearchPlan>> SearchPlans(const std::vector<Bot*>& seats);
  // Applies and records the action; an illegal one is an error, state unchanged.
  // With a log, what the action did (interpreter/events.h) is appended to it.
  Status Apply(const Action& action, EventLog* log = nullptr);
  // Applies an action this run's seed played before (a stored game resumed, a
  // move taken back): at a chance node the chance stream draws as it did, so
  // the outcomes after these actions are the ones a game played straight on
  // from here would see. The action itself is applied as given.
  Status Replay(const Action& action);
  // Back to the start of the game, with fresh streams: Replay then rebuilds
  // a prefix of the game.
  void Restart();

 private:
  const Game& game_;
  uint64_t seed_;
  GameStreams streams_;
  std::optional<State> own_;  // the game's state, unless the caller keeps it
  State* state_;              // own_'s or the caller's
  ActionList legal_;
  bool legal_listed_ = false;  // legal_ is the current decision's
  int picked_ = -1;  // the option AskBot drew uniformly for the next Apply, if any
  std::vector<Action> actions_;
  std::vector<Action> race_;  // the rest of the current search's race

  void Begin();  // the game's start, its streams fresh
};

struct GameResult {
  uint64_t seed = 0;
  State final_state;
  std::vector<Action> actions;
  std::vector<int> winners;  // empty if the game ended in a ruleset error
  // FNV-1a of the actions' words (ActionWord), from kFnvOffset; and the same
  // words continuing the hash PlayGame was given (`chain`). They are hashed
  // as the actions are applied, where the engine's work hides the waits.
  uint64_t actions_hash = kFnvOffset;
  uint64_t chained_hash = kFnvOffset;
};

// The word an action adds to a game's hashes: a chance outcome's seed, else
// its kind, seat and value.
inline uint64_t ActionWord(const Action& a) {
  if (a.kind == ActionKind::kChance) return a.seed;
  return static_cast<uint64_t>(a.kind) << 32 |
         static_cast<uint64_t>(static_cast<uint8_t>(a.player)) << 16 |
         static_cast<uint16_t>(a.value);
}

// Plays one whole game, seats[p] choosing for seat p. Errors: a bot chose an
// illegal action, or the game ran past kMaxActionsPerGame. A ruleset error
// (final_state.error) is a result, not an error: the caller counts it.
// REQUIRES: seats.size() == game.players(), no null bots.
Result<GameResult> PlayGame(const Game& game, const std::vector<Bot*>& seats,
                            uint64_t seed);
// The same, played in `result`, which a caller playing many games keeps from
// one to the next: the game's state is made and played where it is kept, and
// the list of actions reuses its room. The actions' words continue `chain`
// into result.chained_hash (a run's signature of all its games in order). On
// an error `result` holds the game as far as it went (its hashes are not
// this game's).
Status PlayGame(const Game& game, const std::vector<Bot*>& seats, uint64_t seed,
                GameResult& result, uint64_t chain = kFnvOffset);

// Applies actions to a fresh game: the state a record describes.
Result<State> ReplayActions(const Game& game, const std::vector<Action>& actions);

}  // namespace angler

#endif  // ANGLER_TOOLS_RUNNER_H_
