// `angler sim merge`: the outputs of the shards of one run (`sim --shard K/N`)
// put back together, as if the run had been played in one go.
//
// Shards' reports (their --json output) add up into the run's report, byte
// for byte; shards' record stores (their --record --db) are copied into one.
#ifndef ANGLER_TOOLS_SIM_MERGE_H_
#define ANGLER_TOOLS_SIM_MERGE_H_

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "replay/store.h"
#include "tools/sim_report.h"

namespace angler {

// One shard's output: a report per player count, as `sim --json` printed it.
struct ShardOutput {
  std::string file;
  std::vector<SimReport> reports;
};

// Reads what `sim --json` printed (an object, or an array of objects).
Result<ShardOutput> ReadShardOutput(const std::string& text, const std::string& file);

// The reports of the whole run. Errors: outputs of different runs, a shard
// missing or given twice, an output that is not a shard's.
Result<std::vector<SimReport>> MergeShards(const std::vector<ShardOutput>& shards);

// Copies every game of the stores into `target` in one transaction, in the
// order the run recorded them when the stores are given in shard order: by
// player count, then store after store, each in id order. Returns how many.
// Errors, and nothing is copied: a game twice among the stores, or already in
// `target` (a shard given or merged twice); with `run` (the merged reports of
// the shards' JSON), stores that do not hold exactly the run's games (a shard
// missing, or another run's), told by each game's seed.
Result<int64_t> MergeStores(const std::vector<std::string>& sources, Store& target,
                            const std::vector<SimReport>* run = nullptr);

int RunSimMerge(const std::vector<std::string>& words, std::ostream& out,
                std::ostream& err);

}  // namespace angler

#endif  // ANGLER_TOOLS_SIM_MERGE_H_
