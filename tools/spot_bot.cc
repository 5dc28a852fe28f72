#include "tools/spot_bot.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace angler {
namespace {

double Uniform(Rng& rng) { return static_cast<double>(rng.Next() >> 11) * 0x1.0p-53; }

bool ParseDouble(std::string_view text, double& out) {
  auto r = std::from_chars(text.data(), text.data() + text.size(), out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

}  // namespace

Result<SpotProfile> ParseSpotProfile(std::string_view text) {
  // Presets: quick eyes that slip, and slow eyes that rarely do.
  if (text == "fast") return SpotProfile{0.15, 0.25};
  if (text == "careful") return SpotProfile{0.35, 0.02};
  auto slash = text.find('/');
  SpotProfile p;
  if (slash == std::string_view::npos ||
      !ParseDouble(text.substr(0, slash), p.seconds_per_fish) ||
      !ParseDouble(text.substr(slash + 1), p.error_rate) ||
      !std::isfinite(p.seconds_per_fish) || p.seconds_per_fish <= 0 ||
      !(p.error_rate >= 0 && p.error_rate <= 1)) {  // NaN too
    return Diagnostic({},
                      "a searcher is spot:fast, spot:careful or spot:SECONDS/ERROR (such "
                      "as spot:0.2/0.15), not 'spot:" +
                          std::string(text) + "'");
  }
  return p;
}

Action SpotBot::Choose(const Game&, const State&, const ActionList& legal, Rng& rng) {
  return legal.items[rng.Below(static_cast<uint32_t>(legal.count))];
}

SearchPlan PlanSearch(const Game& game, const State& s, const SpotProfile& profile,
                      Rng& rng) {
  const Ruleset& rules = game.rules();
  const int fish = static_cast<int>(rules.search->formation.pieces.size());
  SearchPlan plan;
  int card = game.SearchedCard(s);
  plan.marks = card >= 0 ? rules.cards[static_cast<size_t>(card)].faults : 0;
  if (fish > 0 && Uniform(rng) < profile.error_rate) {
    plan.marks ^= 1u << rng.Below(static_cast<uint32_t>(fish));  // one fish off
  }
  // A look at every fish, spread from half to one and a half times that.
  plan.stop_time = profile.seconds_per_fish * fish * (0.5 + Uniform(rng));
  return plan;
}

uint64_t Stoppers(const std::vector<std::optional<SearchPlan>>& plans) {
  double first = 1e300;
  for (const std::optional<SearchPlan>& plan : plans) {
    if (plan) first = std::min(first, plan->stop_time);
  }
  uint64_t stoppers = 0;
  for (size_t p = 0; p < plans.size(); ++p) {
    if (plans[p] && plans[p]->stop_time <= first + kSimultaneous)
      stoppers |= uint64_t{1} << p;
  }
  return stoppers;
}

void AppendMarkActions(const State& s, int marks_slot, int p, uint32_t marks,
                       std::vector<Action>& out) {
  const uint32_t toggle = static_cast<uint32_t>(s.vars[marks_slot + p]) ^ marks;
  for (int i = 0; i < 32; ++i) {
    if (toggle >> i & 1)
      out.push_back(
          Action{ActionKind::kMark, static_cast<int8_t>(p), static_cast<int16_t>(i), 0});
  }
}

std::vector<Action> RaceSearch(const State& s, int marks_slot,
                               const std::vector<std::optional<SearchPlan>>& plans) {
  std::vector<Action> actions;
  for (size_t p = 0; p < plans.size(); ++p) {
    if (plans[p])
      AppendMarkActions(s, marks_slot, static_cast<int>(p), plans[p]->marks, actions);
  }
  const uint64_t stoppers = Stoppers(plans);
  if (stoppers) actions.push_back(Action{ActionKind::kStop, -1, 0, stoppers});
  return actions;
}

}  // namespace angler
