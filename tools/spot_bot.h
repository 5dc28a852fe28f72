// Searchers for spot-the-error games: bots with a speed and an error rate.
//
// At the table everyone searches the same card at once; who stops first
// matters. A searcher plans its search: the fish it will mark (the card's
// faults, or, with its error rate, a set one fish off) and the moment it will
// stop (its time per fish across the formation, spread at random). The runner
// races the plans: marks are made, and the earliest stoppers, with all who
// stop within kSimultaneous seconds of them, stop together (H3).
#ifndef ANGLER_TOOLS_SPOT_BOT_H_
#define ANGLER_TOOLS_SPOT_BOT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "tools/bots.h"

namespace angler {

inline constexpr double kSimultaneous = 0.05;  // seconds: stops closer than this tie

struct SpotProfile {
  double seconds_per_fish = 0.3;
  double error_rate = 0.1;
};

// "fast", "careful", or "SECONDS/ERROR" such as "0.2/0.15".
Result<SpotProfile> ParseSpotProfile(std::string_view text);

struct SearchPlan {
  uint32_t marks = 0;
  double stop_time = 0;
};

// A searcher as a seat's bot: it races in searches (the runner asks its plan)
// and decides anything else, such as a draft, at random.
class SpotBot : public Bot {
 public:
  SpotBot(SpotProfile profile, std::string spec)
      : profile_(profile), spec_(std::move(spec)) {}
  Action Choose(const Game& game, const State& state, const ActionList& legal,
                Rng& rng) override;
  std::string name() const override { return spec_; }
  bool observes() const override { return false; }
  std::unique_ptr<Bot> Clone() const override {
    return std::make_unique<SpotBot>(profile_, spec_);
  }
  const SpotProfile* search_profile() const override { return &profile_; }

 private:
  SpotProfile profile_;
  std::string spec_;
};

// What a searcher will do in the search now open in `s`.
SearchPlan PlanSearch(const Game& game, const State& s, const SpotProfile& profile,
                      Rng& rng);

// The seats that stop (bit p): the earliest plan's and all within
// kSimultaneous seconds of it; the others are still searching then.
uint64_t Stoppers(const std::vector<std::optional<SearchPlan>>& plans);

// Appends to `out` the marks that turn seat p's sheet in `s` into `marks`:
// one toggle for each fish whose mark differs, in fish order.
void AppendMarkActions(const State& s, int marks_slot, int p, uint32_t marks,
                       std::vector<Action>& out);

// The actions that race the plans (one per seat; no plan: the seat does not
// stop): every seat's mark toggles, then one stop of the Stoppers.
std::vector<Action> RaceSearch(const State& s, int marks_slot,
                               const std::vector<std::optional<SearchPlan>>& plans);

}  // namespace angler

#endif  // ANGLER_TOOLS_SPOT_BOT_H_
