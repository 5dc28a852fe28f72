#include "tools/runner.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace angler {
namespace {

// Room for the actions of most games from the start (Fishing's 4-player game
// is about 390): the list grows by doubling from there, not from one.
constexpr size_t kActionsReserved = 512;

}  // namespace

GameRun::GameRun(const Game& game, uint64_t seed)
    : game_(game),
      seed_(seed),
      streams_(seed, game.players()),
      own_(std::in_place),
      state_(&*own_) {
  Begin();
}

GameRun::GameRun(const Game& game, uint64_t seed, State& storage,
                 std::vector<Action> room)
    : game_(game),
      seed_(seed),
      streams_(seed, game.players()),
      state_(&storage),
      actions_(std::move(room)) {
  actions_.clear();
  Begin();
}

void GameRun::Begin() {
  game_.StartIn(*state_);
  actions_.reserve(kActionsReserved);
  legal_listed_ = false;
  picked_ = -1;
}

const ActionList& GameRun::legal() {
  if (!legal_listed_) game_.LegalActionsInPlace(*state_, legal_);  // no copy
  legal_listed_ = true;
  return legal_;
}

Action GameRun::SampleChance() { return game_.SampleChance(*state_, streams_.chance); }

Action GameRun::AskBot(Bot& bot) {
  const int seat = game_.CurrentPlayer(*state_);
  Rng& rng = streams_.seats[static_cast<size_t>(seat)];
  if (bot.picks_uniformly() && Game::PicksAnOption(*state_)) {
    const auto count = static_cast<uint32_t>(state_->decision.count);
    picked_ = static_cast<int>(rng.Below(count));
    return Game::OptionAction(*state_, picked_);
  }
  picked_ = -1;
  return bot.Choose(game_, *state_, legal(), rng);
}

Status GameRun::Apply(const Action& action, EventLog* log) {
  if (actions_.size() >= static_cast<size_t>(kMaxActionsPerGame)) {
    return Diagnostic({}, "the game did not end within " +
                              std::to_string(kMaxActionsPerGame) + " actions");
  }
  // A lay the bot picked from the legal ones is not judged card by card again.
  // (Lays differ most in their cards, `seed`: compared first.)
  bool listed = false;
  if (state_->decision.kind == DecisionKind::kLay) {
    const ActionList& lays = legal();
    listed = std::find_if(lays.begin(), lays.end(), [&action](const Action& a) {
               return a.seed == action.seed && a == action;
             }) != lays.end();
  }
  // The option AskBot drew, applied where it lies.
  const int picked = std::exchange(picked_, -1);
  const bool drawn = picked >= 0 && action == Game::OptionAction(*state_, picked);
  Status applied = listed  ? game_.ApplyListed(*state_, action, log)
                   : drawn ? game_.ApplyOption(*state_, picked, log)
                           : game_.Apply(*state_, action, log);
  if (!applied) return applied;
  actions_.push_back(action);
  legal_listed_ = false;
  return Ok();
}

Status GameRun::Replay(const Action& action) {
  if (game_.IsChance(*state_)) SampleChance();
  return Apply(action);
}

void GameRun::Restart() {
  streams_ = GameStreams(seed_, game_.players());
  actions_.clear();
  race_.clear();
  Begin();
}

namespace {

// How the bot of `seat` races in searches; null for a seat without a bot (a
// person's, in play and serve) or one that does not race.
const SpotProfile* SearchProfile(const std::vector<Bot*>& seats, int seat) {
  const Bot* bot = seats[static_cast<size_t>(seat)];
  return bot ? bot->search_profile() : nullptr;
}

}  // namespace

std::vector<std::optional<SearchPlan>> GameRun::SearchPlans(
    const std::vector<Bot*>& seats) {
  std::vector<std::optional<SearchPlan>> plans(seats.size());
  for (const Action& a : legal()) {
    if (a.kind != ActionKind::kMark) continue;
    auto& plan = plans[static_cast<size_t>(a.player)];
    if (plan) continue;  // one plan a seat, however many marks it may make
    const SpotProfile* profile = SearchProfile(seats, a.player);
    if (!profile) continue;
    plan = PlanSearch(game_, *state_, *profile,
                      streams_.seats[static_cast<size_t>(a.player)]);
  }
  return plans;
}

namespace {

// The seats without a bot (a person's), bit p for seat p: an action is the
// bots' alone when none of its movers is among them. Worked out once a
// settling, since every open action of a search is asked.
uint64_t SeatsWithoutBots(const std::vector<Bot*>& seats) {
  uint64_t people = 0;
  for (size_t p = 0; p < seats.size() && p < 64; ++p) {
    if (!seats[p]) people |= uint64_t{1} << p;
  }
  return people;
}

}  // namespace

std::optional<Action> GameRun::SettleOpen(const std::vector<Bot*>& seats) {
  if (race_.empty()) {
    // The race needs every searching seat with a bot to be a searcher.
    bool racing = true;
    for (const Action& a : legal()) {
      if (a.kind == ActionKind::kMark && seats[static_cast<size_t>(a.player)] &&
          !SearchProfile(seats, a.player)) {
        racing = false;
        break;
      }
    }
    if (racing)
      race_ = RaceSearch(*state_, game_.rules().builtin.marks, SearchPlans(seats));
    std::reverse(race_.begin(), race_.end());
  }
  if (!race_.empty()) {
    Action next = race_.back();
    race_.pop_back();
    return next;
  }
  // Without searchers, one of the bots' open actions from the chance stream
  // (every open action when every seat has a bot, as in sim).
  const ActionList& open = legal();
  const uint64_t people = SeatsWithoutBots(seats);  // their seats are left alone
  uint32_t count = 0;
  for (const Action& a : open) count += (a.Movers() & people) == 0;
  if (count == 0) return std::nullopt;
  uint32_t k = streams_.chance.Below(count);
  for (const Action& a : open) {
    if ((a.Movers() & people) == 0 && k-- == 0) return a;
  }
  return std::nullopt;  // not reached: k < count
}

Status PlayGame(const Game& game, const std::vector<Bot*>& seats, uint64_t seed,
                GameResult& result, uint64_t chain) {
  result.seed = seed;
  uint64_t actions_hash = kFnvOffset;
  result.winners.clear();
  GameRun run(game, seed, result.final_state, std::move(result.actions));
  for (Bot* bot : seats) bot->NewGame();
  // The seats whose bots learn from each action (Bot::observes).
  std::array<int, kMaxPlayers> observers;
  size_t observer_count = 0;
  for (size_t p = 0; p < seats.size() && p < observers.size(); ++p) {
    if (seats[p]->observes()) observers[observer_count++] = static_cast<int>(p);
  }
  while (!run.over()) {
    const bool chance = game.IsChance(run.state());
    const int decider = game.CurrentPlayer(run.state());
    // At an open decision every seat here has a bot, so some open action is
    // theirs; were none, the empty stop is refused by Apply, with the seed.
    const Action action =
        chance ? run.SampleChance()
        : decider < 0
            ? run.SettleOpen(seats).value_or(Action{ActionKind::kStop, -1, 0, 0})
            : run.AskBot(*seats[static_cast<size_t>(decider)]);
    Status applied = run.Apply(action);
    if (!applied) {
      result.actions = run.TakeActions();
      Diagnostic error = applied.error();
      if (!chance && decider >= 0) {
        const int seat = decider;
        error.message = "seat " + std::to_string(seat) + " (" +
                        seats[static_cast<size_t>(seat)]->name() + "): " + error.message;
      }
      error.message = "game seed " + std::to_string(seed) + ": " + error.message;
      return error;
    }
    const uint64_t word = ActionWord(action);
    actions_hash = Fnv1aWord(actions_hash, word);
    chain = Fnv1aWord(chain, word);
    for (size_t k = 0; k < observer_count; ++k) {
      const int p = observers[k];
      seats[static_cast<size_t>(p)]->Observe(game, p, action, run.state());
    }
  }
  result.actions = run.TakeActions();
  game.WinnersInto(run.state(), result.winners);
  result.actions_hash = actions_hash;
  result.chained_hash = chain;
  return Ok();
}

Result<GameResult> PlayGame(const Game& game, const std::vector<Bot*>& seats,
                            uint64_t seed) {
  GameResult result;
  if (Status played = PlayGame(game, seats, seed, result); !played) return played.error();
  return result;
}

Result<State> ReplayActions(const Game& game, const std::vector<Action>& actions) {
  State state = game.NewInitialState();
  for (size_t i = 0; i < actions.size(); ++i) {
    Status applied = game.Apply(state, actions[i]);
    if (!applied) {
      return Diagnostic(
          {}, "action " + std::to_string(i + 1) + ": " + applied.error().message);
    }
  }
  return state;
}

}  // namespace angler
