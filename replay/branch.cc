#include "replay/branch.h"

#include "interpreter/move_text.h"
#include "interpreter/rng.h"

namespace angler {

Result<BranchRead> ReadBranch(const Game& game, const GameRecord& record, int ply,
                              const std::vector<std::string>& moves,
                              const Variation* line) {
  std::string where = "game " + std::to_string(record.id);
  if (line) where += ", variation " + std::to_string(line->id);
  Result<std::vector<RecordedAction>> played = LineActions(record, line);
  if (!played) return Diagnostic({}, where + ": " + played.error().message);
  const std::vector<RecordedAction>& actions = played.value();
  const int plies = static_cast<int>(actions.size());
  if (ply < 0 || ply > plies) {
    return Diagnostic({}, where + ": ply " + std::to_string(ply) +
                              " is out of range (0 to " + std::to_string(plies) + ")");
  }
  if (moves.empty()) return Diagnostic({}, "expected at least one MOVE");
  Result<State> start = PositionAt(game, record, ply, line);
  if (!start) return start.errors();
  BranchRead b;
  b.end = std::move(start).value();
  b.variation.ply = ply;
  b.variation.parent = record.LineAt(line ? line->id : 0, ply);
  for (const std::string& m : moves) {
    const int at = ply + 1 + static_cast<int>(b.variation.actions.size());
    MoveReading reading;
    reading.bare = true;
    if (at <= plies &&
        actions[static_cast<size_t>(at - 1)].action.kind == ActionKind::kChance) {
      reading.default_seed = actions[static_cast<size_t>(at - 1)].action.seed;
    } else {
      uint64_t state = record.seed.value_or(0) ^ static_cast<uint64_t>(at);
      reading.default_seed = SplitMix64(state);
    }
    const std::string place = where + ", ply " + std::to_string(at) + ": ";
    Result<Action> action = ParseMove(game, b.end, m, record.players, reading);
    if (!action) return Diagnostic({}, place + action.error().message);
    b.read.push_back(std::to_string(at) + ". " +
                     MoveText(game, b.end, action.value(), record.players));
    const int legal = LegalCount(game, b.end);
    if (Status st = ApplyChecked(game, b.end, action.value()); !st) {
      return Diagnostic({}, place + st.error().message);
    }
    b.variation.actions.push_back({action.value(), legal});
  }
  return b;
}

}  // namespace angler
