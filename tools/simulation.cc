#include "tools/simulation.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "interpreter/runtime_error.h"
#include "tools/runner.h"

namespace angler {
namespace {

// Games a thread plays before handing them over: about 32 blocks for each
// thread, so that the threads finish together (and the progress line moves),
// and at most 64 games. The thread that takes the blocks over wakes for each
// one and, with every core busy, takes a core from a worker while it runs:
// blocks of 16 short games cost 5% of the CPU time on two cores.
int64_t BlockGames(int64_t games, int threads) {
  return std::clamp<int64_t>(games / (32 * static_cast<int64_t>(threads)), 1, 64);
}

}  // namespace

SimulationStats::SimulationStats(const Game& game) {
  players = game.players();
  const auto seats = static_cast<size_t>(players);
  wins.assign(seats, 0);
  rank_totals.assign(seats, 0);
  ranks.assign(seats, {});
  end_reasons.assign(std::max<size_t>(1, game.rules().end_reasons.size()), 0);
}

double SimulationStats::WinRate(int seat) const {
  if (completed == 0) return 0;
  return static_cast<double>(wins[static_cast<size_t>(seat)]) /
         static_cast<double>(completed);
}

double SimulationStats::MeanRank(int seat) const {
  if (completed == 0) return 0;
  return static_cast<double>(rank_totals[static_cast<size_t>(seat)]) /
         static_cast<double>(completed);
}

double SimulationStats::MeanActions() const {
  if (completed == 0) return 0;
  return static_cast<double>(actions) / static_cast<double>(completed);
}

void SimulationStats::Add(const Game& game, int64_t index, const Status& played,
                          const GameResult& result) {
  ++games;
  auto note_error = [&](std::string message) {
    if (first_error_game < 0 || index < first_error_game) {
      first_error_game = index;
      first_error = std::move(message);
    }
  };
  if (!played) {
    note_error(played.error().message);
    ++failures;
    return;
  }
  chained_hash = result.chained_hash;
  uint64_t at =
      result.actions_hash + static_cast<uint64_t>(index) * 0x9e3779b97f4a7c15ULL;
  signature += SplitMix64(at);
  if (result.final_state.error) {
    note_error("game seed " + std::to_string(result.seed) + ", after " +
               std::to_string(result.actions.size()) +
               " actions: " + RuntimeError(game.rules(), result.final_state).Format());
    ++ruleset_errors;
    return;
  }
  ++completed;
  const auto length = static_cast<int64_t>(result.actions.size());
  actions += length;
  ++lengths[length];
  for (int w : result.winners) ++wins[static_cast<size_t>(w)];
  for (int p = 0; p < players; ++p) {
    const int64_t rank = game.Rank(result.final_state, p);
    rank_totals[static_cast<size_t>(p)] += rank;
    ++ranks[static_cast<size_t>(p)][rank];
  }
  const size_t reason = result.final_state.end_reason;
  if (reason < end_reasons.size()) ++end_reasons[reason];
  if (game.rules().display.IsEarlyEnd(static_cast<int>(reason))) ++ended_early;
}

void SimulationStats::Merge(const SimulationStats& other) {
  games += other.games;
  completed += other.completed;
  for (size_t p = 0; p < wins.size() && p < other.wins.size(); ++p) {
    wins[p] += other.wins[p];
    rank_totals[p] += other.rank_totals[p];
    for (const auto& [rank, count] : other.ranks[p]) ranks[p][rank] += count;
  }
  for (const auto& [length, count] : other.lengths) lengths[length] += count;
  actions += other.actions;
  for (size_t r = 0; r < end_reasons.size() && r < other.end_reasons.size(); ++r) {
    end_reasons[r] += other.end_reasons[r];
  }
  ended_early += other.ended_early;
  ruleset_errors += other.ruleset_errors;
  failures += other.failures;
  if (other.first_error_game >= 0 &&
      (first_error_game < 0 || other.first_error_game < first_error_game)) {
    first_error_game = other.first_error_game;
    first_error = other.first_error;
  }
  signature += other.signature;
  // chained_hash stays: it describes only games added in order.
}

GameRange Slice(uint64_t seed, int64_t games, int index, int of) {
  const auto start = [&](int k) { return games * k / of; };
  return {seed, start(index), start(index + 1) - start(index)};
}

SimulationStats Simulate(const Game& game, const std::vector<Bot*>& seats, int games,
                         uint64_t seed, const std::function<void(int)>& progress,
                         const std::function<void(const GameResult&)>& each) {
  SimulationStats stats(game);
  GameResult result;  // each game is played where the last one was
  for (int i = 0; i < games; ++i) {
    const Status played =
        PlayGame(game, seats, DeriveSeed(seed, static_cast<uint64_t>(i)), result,
                 stats.chained_hash);
    if (played && each) each(result);
    stats.Add(game, i, played, result);
    if (progress) progress(i + 1);
  }
  return stats;
}

namespace {

// One block of games, played by a worker and handed to the calling thread.
struct Block {
  bool ready = false;
  SimulationStats stats;
  std::vector<GameResult> results;  // kept only when the caller wants each game
};

// Plays block `b` of the range: its games' statistics, and each game itself
// when `keep_results`.
void PlayBlock(const Game& game, const std::vector<Bot*>& bots, const GameRange& range,
               int64_t b, int64_t block_games, bool keep_results, Block& out) {
  out.stats = SimulationStats(game);
  out.results.clear();
  const int64_t end = std::min(range.count, (b + 1) * block_games);
  GameResult result;  // each game is played where the last one was
  for (int64_t i = b * block_games; i < end; ++i) {
    const int64_t index = range.first + i;
    const Status played =
        PlayGame(game, bots, DeriveSeed(range.seed, static_cast<uint64_t>(index)), result,
                 out.stats.chained_hash);
    out.stats.Add(game, index, played, result);
    if (keep_results && played) out.results.push_back(result);
  }
}

}  // namespace

SimulationStats SimulateRange(const Game& game, const std::vector<Bot*>& seats,
                              const GameRange& range, int threads,
                              const std::function<void(int64_t)>& progress,
                              const std::function<void(const GameResult&)>& each) {
  const int64_t block_games = BlockGames(range.count, threads);
  const int64_t blocks = (range.count + block_games - 1) / block_games;
  // Workers run at most this many blocks ahead of the block handed over
  // last, so memory stays bounded when `each` is slow (a store).
  const int64_t window = 4 * static_cast<int64_t>(threads);
  std::vector<Block> slots(static_cast<size_t>(window));
  std::mutex mutex;
  std::condition_variable ready_changed;
  int64_t next_block = 0;
  int64_t handed_over = 0;

  const bool keep_results = static_cast<bool>(each);
  auto worker = [&] {
    // Bots remember what their seat saw: each thread plays with its own.
    std::vector<std::unique_ptr<Bot>> own;
    std::vector<Bot*> bots;
    for (const Bot* seat : seats) bots.push_back(own.emplace_back(seat->Clone()).get());
    for (;;) {
      int64_t b;
      {
        std::unique_lock lock(mutex);
        ready_changed.wait(lock, [&] {
          return next_block >= blocks || next_block < handed_over + window;
        });
        if (next_block >= blocks) return;
        b = next_block++;
      }
      Block played;
      PlayBlock(game, bots, range, b, block_games, keep_results, played);
      {
        std::lock_guard lock(mutex);
        Block& slot = slots[static_cast<size_t>(b % window)];
        slot = std::move(played);
        slot.ready = true;
      }
      ready_changed.notify_all();
    }
  };

  SimulationStats stats(game);
  std::vector<std::thread> pool;
  if (threads > 1) {
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  }
  int64_t done = 0;
  for (int64_t b = 0; b < blocks; ++b) {
    Block block;
    if (pool.empty()) {
      PlayBlock(game, seats, range, b, block_games, keep_results, block);
    } else {
      std::unique_lock lock(mutex);
      Block& slot = slots[static_cast<size_t>(b % window)];
      ready_changed.wait(lock, [&] { return slot.ready; });
      block = std::move(slot);
      slot.ready = false;
      handed_over = b + 1;
      lock.unlock();
      ready_changed.notify_all();
    }
    stats.Merge(block.stats);
    for (const GameResult& result : block.results) each(result);
    done += block.stats.games;
    if (progress) progress(done);
  }
  for (std::thread& t : pool) t.join();
  return stats;
}

int DefaultThreads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(cores);
}

}  // namespace angler
