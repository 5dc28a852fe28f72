#include "tools/record_batches.h"

namespace angler {

Status RecordBatches::Add(const Game& game, std::span<const Action> actions,
                          uint64_t seed, const std::vector<std::string>& players,
                          const std::vector<std::string>& played_by) {
  if (!batch_) {
    Result<Store::Batch> begun = store_.BeginBatch();
    if (!begun) return begun.errors();
    batch_.emplace(std::move(begun).value());
    opened_ = std::chrono::steady_clock::now();
  }
  Result<int64_t> id = store_.RecordGame(game, actions, players, seed, "sim", played_by);
  if (!id) {
    batch_.reset();  // rolls back this batch only
    in_batch_ = 0;
    return id.errors();
  }
  ++in_batch_;
  if (std::chrono::steady_clock::now() - opened_ >= max_time_) return Finish();
  return Ok();
}

Status RecordBatches::Finish() {
  if (!batch_) return Ok();
  Status committed = batch_->Commit();
  batch_.reset();
  if (committed) {
    committed_ += in_batch_;
    ++batches_;
  }
  in_batch_ = 0;
  return committed;
}

}  // namespace angler
