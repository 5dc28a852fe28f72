// Random playouts of OpenSpiel's Hearts (its default parameters, which
// rulesets/hearts.yaml follows), timed as `angler bench` times its own: a
// warm-up, then the median of five runs, on one core. Built and run only by
// tools/openspiel/race.sh, against a clone of OpenSpiel; not part of angler.
//
// Usage: hearts_playouts [GAMES]   prints {"games_per_s": ..., ...}
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "open_spiel/spiel.h"

namespace {

// SplitMix64: any fair choice will do; the figure is what is measured.
struct Rng {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

// Plays `games` games with every choice and chance outcome drawn uniformly;
// returns the actions applied.
int64_t Play(const open_spiel::Game& game, int games, Rng& rng) {
  int64_t actions = 0;
  for (int g = 0; g < games; ++g) {
    std::unique_ptr<open_spiel::State> state = game.NewInitialState();
    while (!state->IsTerminal()) {
      if (state->IsChanceNode()) {
        const auto outcomes = state->ChanceOutcomes();
        state->ApplyAction(outcomes[rng.Next() % outcomes.size()].first);
      } else {
        const auto legal = state->LegalActions();
        state->ApplyAction(legal[rng.Next() % legal.size()]);
      }
      ++actions;
    }
  }
  return actions;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 10000;
  if (games <= 0) {
    std::fprintf(stderr, "usage: hearts_playouts [GAMES > 0]\n");
    return 2;
  }
  const std::shared_ptr<const open_spiel::Game> game = open_spiel::LoadGame("hearts");
  Rng rng{1};
  Play(*game, std::max(1, games / 10), rng);  // warm-up
  std::vector<double> rates;
  int64_t actions = 0;
  for (int run = 0; run < 5; ++run) {
    const auto start = std::chrono::steady_clock::now();
    actions = Play(*game, games, rng);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    rates.push_back(games / took.count());
  }
  std::sort(rates.begin(), rates.end());
  std::printf("{\"games_per_s\": %.1f, \"games\": %d, \"actions_per_game\": %.1f}\n",
              rates[2], games, static_cast<double>(actions) / games);
  return 0;
}
