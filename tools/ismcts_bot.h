// An information-set search bot: single-observer information-set Monte Carlo
// tree search (SO-ISMCTS, Cowling, Powley and Whitehouse 2012).
//
// Why this search: the seat cannot see the other hands, so it searches over
// what it knows, not over the true position. Every iteration deals a fresh
// position consistent with the seat's information (Information::Sample) and
// walks one shared tree whose nodes are action sequences: statistics gather
// across deals, so the budget is not split into one small tree per deal as in
// determinised search (perfect-information Monte Carlo), and a move is judged
// by how it does over the deals rather than by a tree fitted to one. A node's
// choice is made by UCB1 over the children legal in this deal, counting how
// often each was available (opponents choose for their own reward). Chance
// is sampled, not branched.
//
// A playout from the new leaf plays at random to the horizon: the end of the
// game, the end of the round, or kMaxPlayoutActions. Its reward to each seat
// is its share of the win if the game ended there; else half that share and
// half its lead over the best opponent as a share of the field's spread
// (0.5 for level, 1 for a lead as wide as the field): who leads by how much
// says more about the final result than who leads at all. (Measured in
// Fishing against three greedy bots: 42% wins against 36% when the second
// half counted the opponents ranked behind, 100 games each, same seeds.)
//
// The bot sees the position only through Information: it never reads a card
// its seat could not see. It learns what it saw from Observe(), called after
// every action; without it (a position out of nowhere) it knows only what it
// sees now. Randomness only from the rng given: same seed, same moves.
//
// REQUIRES: the Game outlives the bot; one bot object plays one seat at a time.
#ifndef ANGLER_TOOLS_ISMCTS_BOT_H_
#define ANGLER_TOOLS_ISMCTS_BOT_H_

#include <memory>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/information.h"
#include "interpreter/rng.h"
#include "interpreter/state.h"
#include "tools/bots.h"

namespace angler {

class IsmctsBot : public Bot {
 public:
  // `ismcts`: up to kDefaultPlayouts playouts a move, fewer when they have
  // done kDefaultWork (see work_), so a move stays under half a second of one
  // core in every shipped ruleset (Fat Fish, where the budget binds, took
  // 0.34 s on average); the count, not the clock, decides, so the same seed
  // gives the same moves on any machine.
  static constexpr int kDefaultPlayouts = 4000;
  static constexpr int64_t kDefaultWork = 1000000;
  static constexpr int kMaxPlayouts = 100000;
  static constexpr int kMaxPlayoutActions = 2000;
  // UCB1's constant, rewards in [0, 1]. Measured against three greedy bots,
  // same seeds: Fishing at 1000 playouts, 200 games: 0.3 won 34.5%, 0.7 39%;
  // at the default 4000, 300 games (seed 2026): 0.7 won 39.3%, 1.2 43.7%
  // (and 42.0% of 300 more, seed 7); Hearts, 200 games (seed 1): 0.7 50.5%,
  // 1.2 58.0%; Fat Fish, 200 games (seed 1): 0.7 54%, 1.2 50.5%.
  static constexpr double kExploration = 1.2;

  // What the search makes of one legal move of a decision.
  struct MoveEstimate {
    Action action;
    int visits = 0;     // iterations that began with it
    double value = -1;  // the mover's mean reward after it, in [0, 1]; -1: never tried
  };

  // to_game_end: playouts run to the game's end and the reward is each seat's
  // share of the win there, so a move's value estimates the mover's winning
  // chance (what `angler analyze` reports); else they stop at the round's end
  // as above (better play for the time).
  // `ismcts:N` is IsmctsBot(N, 0): N playouts whatever they cost.
  // work_budget: 0 for none.
  explicit IsmctsBot(int playouts = kDefaultPlayouts, int64_t work_budget = kDefaultWork,
                     bool to_game_end = false)
      : playouts_(playouts), work_budget_(work_budget), to_game_end_(to_game_end) {}

  // The search behind Choose, from `info` (the mover's seat's), for the
  // decision in front of `state`: one estimate per item of `legal`, in its
  // order. With `played` (one of `legal`), further iterations begin with it
  // until it has a tenth of the playouts, so its value is measured as well
  // as the best move's. REQUIRES: legal.count > 0, items of info.seat().
  std::vector<MoveEstimate> Search(const Game& game, const Information& info,
                                   const State& state, const ActionList& legal, Rng& rng,
                                   const Action* played = nullptr);

  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  void Observe(const Game& game, int seat, const Action& action,
               const State& after) override {
    memory_.Observe(game, seat, action, after);
  }
  void NewGame() override { memory_.Clear(); }
  std::unique_ptr<Bot> Clone() const override {
    return std::make_unique<IsmctsBot>(playouts_, work_budget_, to_game_end_);
  }
  std::string name() const override;

 private:
  struct Node {
    Action action;    // the move into this node
    int player = -1;  // who made it (whose reward the node keeps)
    int first_child = -1;
    int next_sibling = -1;
    int visits = 0;
    int available = 0;  // iterations in which the move was legal
    double reward = 0;  // the player's reward summed over visits
  };

  // One iteration from a deal of what the seat knows; grows the tree. With
  // `first`, the iteration begins with that move.
  void Iterate(const Game& game, const Information& info, const State& state, Rng& rng,
               const Action* first = nullptr);
  // The move to take at `node` among `legal`: `first` when given, else an
  // untried move (a new child: `expanded`), else the child with the best
  // upper confidence bound. Returns the child's node.
  int Select(int node, const ActionList& legal, int player, const Action* first, Rng& rng,
             Action& move, bool& expanded);
  // Random moves from `s` to the horizon (or kMaxPlayoutActions in all).
  void Playout(const Game& game, State& s, int32_t round, int plies, Rng& rng);
  // The rewards of the playout's end, added to the root and each node walked.
  void Backpropagate(const Game& game, const State& s, const int* path, int depth);
  int Child(int node, const Action& action) const;
  int AddChild(int node, const Action& action, int player);

  int playouts_;
  int64_t work_budget_;
  bool to_game_end_;
  // The search's work so far: actions generated at each decision walked, and
  // one for each chance draw (what a step costs).
  int64_t work_ = 0;
  SeatMemory memory_;
  std::vector<Node> nodes_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_ISMCTS_BOT_H_
