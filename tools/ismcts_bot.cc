#include "tools/ismcts_bot.h"

#include <algorithm>
#include <cmath>

namespace angler {
namespace {

constexpr int32_t kNoRound = -1;  // a walk that goes on to the game's end

// Where a walk (tree or playout) stops: the game or the round it began in ends.
bool PastHorizon(const Game& game, const State& s, int32_t round) {
  return game.IsTerminal(s) ||
         (round != kNoRound && s.vars[game.rules().builtin.round] != round);
}

// Each seat's reward in [0, 1] where a walk stopped (see the header); with
// wins_only, its share of the win there.
void Rewards(const Game& game, const State& s, bool wins_only, double* out) {
  const int n = game.players();
  const bool higher_wins = game.rules().rank_higher_wins != 0;
  int64_t rank[kMaxPlayers];
  for (int p = 0; p < n; ++p) rank[p] = game.Rank(s, p);
  auto better = [&](int64_t a, int64_t b) { return higher_wins ? a > b : a < b; };
  int64_t best = rank[0];
  for (int p = 1; p < n; ++p) {
    if (better(rank[p], best)) best = rank[p];
  }
  int winners = 0;
  for (int p = 0; p < n; ++p) winners += rank[p] == best;
  int64_t spread = 1;
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q) spread = std::max(spread, rank[p] - rank[q]);
  }
  for (int p = 0; p < n; ++p) {
    const double win = rank[p] == best ? 1.0 / winners : 0.0;
    if (wins_only || game.IsTerminal(s) || n < 2) {
      out[p] = win;
      continue;
    }
    // The lead over the best opponent, as a share of the field's spread.
    int64_t best_other = 0;
    bool first = true;
    for (int q = 0; q < n; ++q) {
      if (q != p && (first || better(rank[q], best_other))) best_other = rank[q];
      if (q != p) first = false;
    }
    const double lead =
        static_cast<double>(higher_wins ? rank[p] - best_other : best_other - rank[p]);
    out[p] = 0.5 * win + 0.25 + 0.25 * lead / static_cast<double>(spread);
  }
}

}  // namespace

std::string IsmctsBot::name() const {
  if (playouts_ == kDefaultPlayouts && work_budget_ == kDefaultWork) return "ismcts";
  return "ismcts:" + std::to_string(playouts_);
}

int IsmctsBot::Child(int node, const Action& action) const {
  for (int c = nodes_[static_cast<size_t>(node)].first_child; c >= 0;
       c = nodes_[static_cast<size_t>(c)].next_sibling) {
    if (nodes_[static_cast<size_t>(c)].action == action) return c;
  }
  return -1;
}

int IsmctsBot::AddChild(int node, const Action& action, int player) {
  Node child;
  child.action = action;
  child.player = player;
  child.next_sibling = nodes_[static_cast<size_t>(node)].first_child;
  nodes_.push_back(child);
  const int id = static_cast<int>(nodes_.size()) - 1;
  nodes_[static_cast<size_t>(node)].first_child = id;
  return id;
}

int IsmctsBot::Select(int node, const ActionList& legal, int player, const Action* first,
                      Rng& rng, Action& move, bool& expanded) {
  int untried[kMaxCards];
  int untried_count = 0;
  int best = -1;
  double best_score = -1;
  for (int i = 0; i < legal.count; ++i) {
    const int c = Child(node, legal.items[i]);
    if (c < 0) {
      untried[untried_count++] = i;
      continue;
    }
    Node& child = nodes_[static_cast<size_t>(c)];
    ++child.available;
    const double score =
        child.reward / child.visits +
        kExploration *
            std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
    if (score > best_score) best_score = score, best = c;
  }
  if (first) {
    move = *first;
    best = Child(node, move);
    if (best < 0) {
      best = AddChild(node, move, player);
      nodes_[static_cast<size_t>(best)].available = 1;
      expanded = true;
    }
  } else if (untried_count > 0) {
    move = legal.items[untried[rng.Below(static_cast<uint32_t>(untried_count))]];
    best = AddChild(node, move, player);
    nodes_[static_cast<size_t>(best)].available = 1;
    expanded = true;
  } else {
    move = nodes_[static_cast<size_t>(best)].action;
  }
  return best;
}

void IsmctsBot::Playout(const Game& game, State& s, int32_t round, int plies, Rng& rng) {
  ActionList legal;
  while (!PastHorizon(game, s, round) && plies++ < kMaxPlayoutActions) {
    Action move;
    if (game.IsChance(s)) {
      ++work_;
      move = game.SampleChance(s, rng);
    } else {
      game.LegalActions(s, legal);
      work_ += legal.count;
      if (legal.count == 0) break;
      move = legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
    }
    if (!game.Apply(s, move)) break;
  }
}

void IsmctsBot::Backpropagate(const Game& game, const State& s, const int* path,
                              int depth) {
  double reward[kMaxPlayers];
  Rewards(game, s, to_game_end_, reward);
  nodes_[0].visits++;
  for (int d = 0; d < depth; ++d) {
    Node& n = nodes_[static_cast<size_t>(path[d])];
    ++n.visits;
    n.reward += reward[n.player];
  }
}

void IsmctsBot::Iterate(const Game& game, const Information& info, const State& state,
                        Rng& rng, const Action* first) {
  State s;
  info.Sample(state, s, rng);
  const int32_t round = to_game_end_ ? kNoRound : state.vars[game.rules().builtin.round];
  int path[kMaxPlayoutActions];
  int depth = 0;
  int node = 0;
  ActionList legal;
  int plies = 0;
  // Down the tree while every legal move has been tried, then one new node.
  bool expanded = false;
  while (!expanded && !PastHorizon(game, s, round) && plies < kMaxPlayoutActions) {
    ++plies;
    if (game.IsChance(s)) {
      ++work_;
      if (!game.Apply(s, game.SampleChance(s, rng))) return;
      continue;
    }
    const int player = game.CurrentPlayer(s);
    if (player < 0) break;  // open to several at once: left to the playout
    game.LegalActions(s, legal);
    work_ += legal.count;
    if (legal.count == 0) break;
    Action move;
    node = Select(node, legal, player, depth == 0 ? first : nullptr, rng, move, expanded);
    if (!game.Apply(s, move)) return;
    path[depth++] = node;
  }
  Playout(game, s, round, plies, rng);
  Backpropagate(game, s, path, depth);
}

std::vector<IsmctsBot::MoveEstimate> IsmctsBot::Search(const Game& game,
                                                       const Information& info,
                                                       const State& state,
                                                       const ActionList& legal, Rng& rng,
                                                       const Action* played) {
  nodes_.clear();
  nodes_.reserve(static_cast<size_t>(playouts_) + 1);
  nodes_.emplace_back();
  work_ = 0;
  for (int i = 0; i < playouts_ && (work_budget_ == 0 || work_ < work_budget_); ++i) {
    Iterate(game, info, state, rng);
  }
  if (played) {
    const int wanted = std::max(1, playouts_ / 10);
    for (int i = 0; i < wanted; ++i) {
      const int c = Child(0, *played);
      if (c >= 0 && nodes_[static_cast<size_t>(c)].visits >= wanted) break;
      Iterate(game, info, state, rng, played);
    }
  }
  std::vector<MoveEstimate> out(static_cast<size_t>(legal.count));
  for (int i = 0; i < legal.count; ++i) {
    MoveEstimate& e = out[static_cast<size_t>(i)];
    e.action = legal.items[i];
    const int c = Child(0, legal.items[i]);
    if (c < 0) continue;
    const Node& n = nodes_[static_cast<size_t>(c)];
    e.visits = n.visits;
    if (n.visits > 0) e.value = n.reward / n.visits;
  }
  return out;
}

Action IsmctsBot::Choose(const Game& game, const State& state, const ActionList& legal,
                         Rng& rng) {
  if (legal.count == 1) return legal.items[0];
  const int seat = legal.items[0].player;
  const Information& info = memory_.For(game, seat, state);
  const std::vector<MoveEstimate> moves = Search(game, info, state, legal, rng);
  // The most visited of the moves open now.
  size_t best = 0;
  for (size_t i = 1; i < moves.size(); ++i) {
    if (moves[i].visits > moves[best].visits) best = i;
  }
  return moves[best].action;
}

}  // namespace angler
