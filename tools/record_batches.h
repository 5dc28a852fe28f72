// Games written to the store in batches of bounded time: what `sim --record`
// does, so that a second writer (another `sim`, `replay import`) waits at most
// about one batch, well inside the store's busy timeout, instead of the whole
// run.
//
// Each batch is one transaction: all of its games are stored or none. A batch
// closes at the first game after `max_time` since it opened, and at Finish().
// After an error the open batch rolls back; the batches committed before it
// stay (committed() says how many games they hold).
//
// REQUIRES: Add and Finish from one thread at a time (a Store is one
// connection).
#ifndef ANGLER_TOOLS_RECORD_BATCHES_H_
#define ANGLER_TOOLS_RECORD_BATCHES_H_

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "replay/store.h"

namespace angler {

// Long enough that commits cost little; short enough that a writer waiting
// for the lock (busy timeout 5 s) gets it.
inline constexpr std::chrono::milliseconds kRecordBatchTime{1000};

class RecordBatches {
 public:
  RecordBatches(Store& store, std::chrono::steady_clock::duration max_time)
      : store_(store), max_time_(max_time) {}

  // Records one game played by `sim` (players: the seats' names, empty for
  // P1..Pn; played_by: who played each seat), committing the batch when its
  // time is up.
  Status Add(const Game& game, std::span<const Action> actions, uint64_t seed,
             const std::vector<std::string>& players = {},
             const std::vector<std::string>& played_by = {});
  // Commits the open batch, if any.
  Status Finish();

  int64_t committed() const { return committed_; }
  int64_t batches() const { return batches_; }

 private:
  Store& store_;
  std::chrono::steady_clock::duration max_time_;
  std::optional<Store::Batch> batch_;
  std::chrono::steady_clock::time_point opened_;
  int64_t in_batch_ = 0;
  int64_t committed_ = 0;
  int64_t batches_ = 0;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_RECORD_BATCHES_H_
