#include "tools/bots.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include "tools/ismcts_bot.h"
#include "tools/spot_bot.h"

namespace angler {
namespace {

Action RandomAction(const ActionList& legal, Rng& rng) {
  return legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
}

// Playouts stop here whatever else: a guard, not a horizon.
constexpr int kMaxPlayoutActions = 5000;

// Plays on at random (chance included) from a position just after `seat`
// acted, up to the horizon: the game ends, the round changes, or `seat` is to
// decide again after another seat has decided, with some rank moved since the
// decision (`root_ranks`) and at least `min_work` spent. The work of a step is
// the number of actions open there (1 at chance): what it costs to generate
// them. Ranks that move only when a round ends (Fishing) keep the playout
// going to the round's end.
void PlayOut(const Game& game, State& state, int seat, const int64_t* root_ranks,
             int64_t min_work, Rng& rng) {
  const Ruleset& rules = game.rules();
  const int32_t round = state.vars[rules.builtin.round];
  bool others_decided = false;
  int64_t work = 0;
  ActionList legal;
  for (int plies = 0; plies < kMaxPlayoutActions; ++plies) {
    if (game.IsTerminal(state) || state.vars[rules.builtin.round] != round) return;
    Action action;
    if (game.IsChance(state)) {
      action = game.SampleChance(state, rng);
      ++work;
    } else {
      const int player = game.CurrentPlayer(state);
      if (player == seat && others_decided && work >= min_work) {
        for (int p = 0; p < game.players(); ++p) {
          if (game.Rank(state, p) != root_ranks[p]) return;
        }
      }
      others_decided |= player != seat;
      if (Game::PicksAnOption(state)) {  // RandomAction's draw, nothing listed
        const int count = state.decision.count;
        if (count == 0) return;
        work += count;
        action = Game::OptionAction(
            state, static_cast<int>(rng.Below(static_cast<uint32_t>(count))));
      } else {
        game.LegalActions(state, legal);
        if (legal.count == 0) return;
        work += legal.count;
        action = RandomAction(legal, rng);
      }
    }
    if (!game.Apply(state, action)) return;
  }
}

// How far `seat` is ahead of its best opponent; positive is good for it.
int64_t Lead(const Game& game, const State& state, int seat) {
  const bool higher_wins = game.rules().rank_higher_wins != 0;
  const int64_t own = game.Rank(state, seat);
  bool first = true;
  int64_t best_other = 0;
  for (int p = 0; p < game.players(); ++p) {
    if (p == seat) continue;
    const int64_t r = game.Rank(state, p);
    if (first || (higher_wins ? r > best_other : r < best_other)) best_other = r;
    first = false;
  }
  if (first) return 0;  // no opponents: nothing to compare with
  return higher_wins ? own - best_other : best_other - own;
}

// Two actions that differ only in copies of the same card (two blue 4s, laid
// or chosen) lead to the same positions up to the copies' ids: one of them is
// tried for both. Copies count as the same only where they lie together and
// nobody played them (in a trick, who played a card and when can matter).
bool SameMove(const Ruleset& rules, const State& state, const Action& a,
              const Action& b) {
  if (a.kind != b.kind || a.player != b.player) return false;
  auto same_card = [&](int x, int y) {
    if (x == y) return true;
    if (x < 0 || y < 0 || x >= static_cast<int>(rules.cards.size()) ||
        y >= static_cast<int>(rules.cards.size())) {
      return false;
    }
    if (state.zone_of[x] != state.zone_of[y] || state.played_by[x] >= 0 ||
        state.played_by[y] >= 0) {
      return false;
    }
    const CardInfo& c = rules.cards[static_cast<size_t>(x)];
    const CardInfo& d = rules.cards[static_cast<size_t>(y)];
    return c.suit == d.suit && c.value == d.value && c.stars == d.stars &&
           c.kind == d.kind && c.tags == d.tags && c.effects == d.effects &&
           c.enter_families == d.enter_families &&
           rules.card_names[static_cast<size_t>(x)] ==
               rules.card_names[static_cast<size_t>(y)];
  };
  switch (a.kind) {
    case ActionKind::kPlay:
    case ActionKind::kChoose:
      return same_card(a.value, b.value);
    case ActionKind::kLay: {
      if (a.value != b.value) return false;
      int x[kMaxLay], y[kMaxLay];
      const int n = a.LayCards(x);
      if (b.LayCards(y) != n) return false;
      for (int i = 0; i < n; ++i) {
        if (!same_card(x[i], y[i])) return false;
      }
      return true;
    }
    default:
      return a == b;
  }
}

}  // namespace

Action RandomBot::Choose(const Game&, const State&, const ActionList& legal, Rng& rng) {
  return RandomAction(legal, rng);
}

std::string GreedyBot::name() const {
  if (samples_ == kDefaultSamples) return "greedy";
  return "greedy:" + std::to_string(samples_);
}

Action GreedyBot::Choose(const Game& game, const State& state, const ActionList& legal,
                         Rng& rng) {
  if (legal.count == 1) return legal.items[0];
  const int seat = legal.items[0].player;
  // Each distinct action once; a copy takes its first twin's score.
  int twin[kMaxCards];
  int tried[kMaxCards];
  int distinct = 0;
  for (int i = 0; i < legal.count; ++i) {
    twin[i] = i;
    for (int k = 0; k < distinct; ++k) {
      if (SameMove(game.rules(), state, legal.items[tried[k]], legal.items[i])) {
        twin[i] = tried[k];
        break;
      }
    }
    if (twin[i] == i) tried[distinct++] = i;
  }
  if (distinct == 1) return legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
  // The playouts of one decision share a budget of work: with few actions to
  // compare and cheap steps they run to the round's end, with many actions
  // and costly steps they stop at the seat's next turn that shows a change.
  const int64_t min_work = budget_ / (static_cast<int64_t>(distinct) * samples_);
  const Information& info = memory_.For(game, seat, state);
  int64_t totals[kMaxCards] = {};
  int64_t root_ranks[kMaxPlayers] = {};
  for (int sample = 0; sample < samples_; ++sample) {
    if (sample == 1 && distinct > kWideDecision) {
      // Many actions: after one playout each, only the most promising third
      // gets the other samples.
      std::stable_sort(tried, tried + distinct,
                       [&](int a, int b) { return totals[a] > totals[b]; });
      distinct = std::max(kWideDecision / 2, distinct / 3);
    }
    // Every action meets the same redeal and the same playout dice (common random
    // numbers): the differences between actions then come from the actions.
    State believed;
    info.Sample(state, believed, rng);
    for (int p = 0; p < game.players(); ++p) root_ranks[p] = game.Rank(believed, p);
    const Rng playout_rng(rng.Next());
    for (int k = 0; k < distinct; ++k) {
      const int i = tried[k];
      State trial = believed;
      Rng dice = playout_rng;
      if (!game.Apply(trial, legal.items[i])) continue;
      PlayOut(game, trial, seat, root_ranks, min_work, dice);
      totals[i] += Lead(game, trial, seat);
    }
  }
  bool kept[kMaxCards] = {};
  for (int k = 0; k < distinct; ++k) kept[tried[k]] = true;
  int best[kMaxCards];
  int best_count = 0;
  for (int i = 0; i < legal.count; ++i) {
    if (!kept[twin[i]]) continue;
    const int64_t total = totals[twin[i]];
    if (best_count > 0 && total < totals[twin[best[0]]]) continue;
    if (best_count > 0 && total > totals[twin[best[0]]]) best_count = 0;
    best[best_count++] = i;
  }
  return legal.items[best[rng.Below(static_cast<uint32_t>(best_count))]];
}

const Information& SeatMemory::For(const Game& game, int seat, const State& state) {
  if (!info_ || game_ != &game || info_->seat() != seat) {
    game_ = &game;
    info_.emplace(game, seat);
  }
  if (!info_->Follows(state)) info_->Forget(state);
  return *info_;
}

void SeatMemory::Observe(const Game& game, int seat, const Action& action,
                         const State& after) {
  if (!info_ || game_ != &game || info_->seat() != seat) {
    game_ = &game;
    info_.emplace(game, seat);  // a game's start; Observe forgets if it is not
  }
  info_->Observe(action, after);
}

std::vector<std::string> BotNames() { return {"random", "greedy", "ismcts", "spot"}; }

Result<std::unique_ptr<Bot>> MakeBot(std::string_view spec) {
  const size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view param =
      colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1);
  if (name == "random" && colon == std::string_view::npos) {
    return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
  }
  if (name == "greedy") {
    int samples = GreedyBot::kDefaultSamples;
    if (colon != std::string_view::npos) {
      const auto parsed =
          std::from_chars(param.data(), param.data() + param.size(), samples);
      if (parsed.ec != std::errc() || parsed.ptr != param.data() + param.size() ||
          samples < 1 || samples > 1000) {
        return Diagnostic({}, "bot 'greedy:N' needs N from 1 to 1000 playouts, got '" +
                                  std::string(param) + "'");
      }
    }
    return std::unique_ptr<Bot>(std::make_unique<GreedyBot>(samples));
  }
  if (name == "ismcts") {
    if (colon == std::string_view::npos) {
      return std::unique_ptr<Bot>(std::make_unique<IsmctsBot>());
    }
    int playouts = 0;
    {
      const auto parsed =
          std::from_chars(param.data(), param.data() + param.size(), playouts);
      if (parsed.ec != std::errc() || parsed.ptr != param.data() + param.size() ||
          playouts < 1 || playouts > IsmctsBot::kMaxPlayouts) {
        return Diagnostic({}, "bot 'ismcts:N' needs N from 1 to " +
                                  std::to_string(IsmctsBot::kMaxPlayouts) +
                                  " playouts, got '" + std::string(param) + "'");
      }
    }
    return std::unique_ptr<Bot>(std::make_unique<IsmctsBot>(playouts, 0));
  }
  if (name == "spot") {
    // Searchers for spot-the-error games (tools/spot_bot.h).
    auto profile = ParseSpotProfile(colon == std::string_view::npos ? "careful" : param);
    if (!profile) return profile.errors();
    return std::unique_ptr<Bot>(
        std::make_unique<SpotBot>(profile.value(), std::string(spec)));
  }
  if (name == "random") {
    return Diagnostic({},
                      "bot 'random' takes no parameter, got '" + std::string(spec) + "'");
  }
  return Diagnostic(
      {}, WithSuggestion("unknown bot '" + std::string(name) + "'", name, BotNames()) +
              "; bots: " + kBotForms);
}

Status BotsFit(const std::vector<std::unique_ptr<Bot>>& bots, const Ruleset& rules) {
  if (rules.Searches()) return Ok();
  for (const auto& bot : bots) {
    if (bot && bot->search_profile()) {
      return Diagnostic({}, "bot '" + bot->name() + "' searches, and " + rules.name +
                                " has no search: try greedy, random or ismcts");
    }
  }
  return Ok();
}

Result<std::vector<std::unique_ptr<Bot>>> BotsBesidePerson(
    const std::optional<std::string>& list, const Ruleset& rules, int seats) {
  auto bots = MakeSeatBots(list.value_or(rules.Searches() ? "spot:careful" : "greedy"),
                           std::max(seats, 1),  // a game of one: its bot sits nowhere
                           BotSeats::kBesidePerson);
  if (!bots) return bots.errors();
  if (Status fit = BotsFit(bots.value(), rules); !fit) return fit.errors();
  return bots;
}

Result<std::vector<std::unique_ptr<Bot>>> MakeSeatBots(std::string_view list, int players,
                                                       BotSeats seats) {
  std::vector<std::string_view> specs;
  if (list.empty()) {
    specs.push_back("random");
  } else {
    size_t begin = 0;
    while (true) {
      const size_t comma = list.find(',', begin);
      specs.push_back(list.substr(begin, comma - begin));
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
  }
  if (static_cast<int>(specs.size()) > players) {
    return Diagnostic(
        {}, std::to_string(specs.size()) + " bots given for " +
                (seats == BotSeats::kEvery
                     ? std::to_string(players) + " players"
                     : "the " + std::to_string(players) +
                           (players == 1 ? " seat" : " seats") + " beside yours"));
  }
  std::vector<Diagnostic> errors;
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < players; ++seat) {
    const std::string_view spec =
        specs[std::min(static_cast<size_t>(seat), specs.size() - 1)];
    if (spec.empty()) {
      errors.emplace_back(SourcePos{}, "empty bot name in '" + std::string(list) + "'");
      break;
    }
    auto bot = MakeBot(spec);
    if (!bot) {
      errors.push_back(bot.error());
      if (static_cast<size_t>(seat) + 1 >= specs.size()) break;  // the rest repeat it
      continue;
    }
    bots.push_back(std::move(bot).value());
  }
  if (!errors.empty()) return errors;
  return bots;
}

}  // namespace angler
