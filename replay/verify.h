// `replay verify`: replays stored games against the current ruleset of their
// name and finds where each one drifted.
//
// A game drifts at the first ply of its main line, else of one of its
// variations (from its branch on), where its recorded action is no longer legal,
// where the number of legal actions differs from the recorded one (for a
// shuffle: the number of cards shuffled), or, after the last ply, where the
// game no longer ends as recorded or its result changed.
#ifndef ANGLER_REPLAY_VERIFY_H_
#define ANGLER_REPLAY_VERIFY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/loader.h"
#include "replay/store.h"

namespace angler {

struct Drift {
  int64_t game = 0;
  // 0: the main line drifted; else the first variation (nested ones too) that
  // drifts in a game whose main line replays. One drift per game.
  int64_t variation = 0;
  std::string ruleset_name;
  std::string stored_hash;
  std::string current_hash;  // empty when the ruleset no longer loads
  int ply = 0;               // 1-based; 0: before the first move
  int round = 0;             // the round at that ply, replayed under the stored rules
  std::string move;          // the recorded move, read under the stored rules
  std::string reason;        // what differs
  int legal_recorded = -1;   // when the legal counts differ
  int legal_now = -1;
};

struct VerifyReport {
  int64_t games = 0;
  int64_t actions = 0;  // replayed
  // Games whose ruleset name no ruleset here has (house rules from elsewhere):
  // replayed against their own stored rules.
  int64_t house_rules = 0;
  std::vector<Drift> drifts;
};

struct VerifyOptions {
  std::string ruleset;  // only games of this ruleset name (or content hash); empty: all
  // The current ruleset of a name; LoadRuleset unless replaced (tests, and
  // `verify --ruleset FILE`, which supplies the current rules of its name).
  std::function<Result<RulesetPtr>(const std::string& name)> current;
  // Called now and then with the games done and the total.
  std::function<void(int64_t done, int64_t total)> progress;
};

Result<VerifyReport> VerifyStore(Store& store, const VerifyOptions& options);

// "game 12: ply 37 (round 2): Bob plays yellow 7: 9 legal actions recorded, 10
// now (stored fishing 3f2a..., current fishing 9b1c...)".
std::string DriftText(const Drift& d);

}  // namespace angler

#endif  // ANGLER_REPLAY_VERIFY_H_
