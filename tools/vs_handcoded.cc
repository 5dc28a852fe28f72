#include "tools/vs_handcoded.h"

#include <time.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <ostream>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "tools/bots.h"
#include "tools/handcoded_hearts.h"
#include "tools/handcoded_hearts_check.h"
#include "tools/simulation.h"

namespace angler {
namespace {

constexpr int kCheckedDeals = 200;

// CPU time of this thread: what the other processes on a shared machine do
// not change (much), unlike the wall clock.
double ThreadSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

std::string Grouped(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  std::string digits = buf, out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

Result<HandcodedRace> RaceHandcodedHearts(int games, int runs, uint64_t seed) {
  Result<RulesetPtr> rules = LoadRuleset("hearts");
  if (!rules) return rules.errors();
  const Game game(*rules.value(), 4);
  HandcodedRace race;
  for (int deal = 0; deal < kCheckedDeals; ++deal) {
    Result<int> checked = CheckHandcodedHearts(game, DeriveSeed(seed, deal));
    if (!checked) {
      return Diagnostic({}, "the hand-coded Hearts and the ruleset disagree: " +
                                checked.error().message);
    }
  }
  race.checked_deals = kCheckedDeals;
  race.runs = runs;
  race.engine_games = games;
  RandomBot bot;
  const std::vector<Bot*> seats(4, &bot);
  Rng rng(seed);
  std::array<int64_t, handcoded::kSeats> scores{};
  // A warm-up of each, which also sizes the hand-coded runs.
  (void)Simulate(game, seats, std::max(1, games / 4), seed);
  double start = ThreadSeconds();
  const SimulationStats warm = Simulate(game, seats, games, seed);
  const double engine_seconds = std::max(1e-6, ThreadSeconds() - start);
  start = ThreadSeconds();
  for (int i = 0; i < games; ++i) handcoded::PlayRandomHearts(rng, scores);
  const double hand_seconds = std::max(1e-9, ThreadSeconds() - start);
  race.handcoded_games = static_cast<int>(
      std::clamp(games * engine_seconds / hand_seconds, 1.0 * games, 1e8));
  (void)warm;

  std::vector<double> engine, hand;
  for (int run = 0; run < runs; ++run) {
    start = ThreadSeconds();
    const SimulationStats stats = Simulate(game, seats, games, seed);
    engine.push_back(games / std::max(1e-9, ThreadSeconds() - start));
    if (stats.errors() > 0) return Diagnostic({}, "hearts: " + stats.first_error);
    start = ThreadSeconds();
    for (int i = 0; i < race.handcoded_games; ++i)
      handcoded::PlayRandomHearts(rng, scores);
    hand.push_back(race.handcoded_games / std::max(1e-9, ThreadSeconds() - start));
  }
  // The scores are used, so the playouts cannot be optimised away.
  if (scores[0] < 0) return Diagnostic({}, "impossible scores");
  race.engine_games_per_s = Median(engine);
  race.handcoded_games_per_s = Median(hand);
  return race;
}

void WriteRaceTable(const HandcodedRace& race, std::ostream& out) {
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.1f", race.ratio());
  out << "\nhearts against hand-coded C++ (same rules: " << race.checked_deals
      << " shared deals agree move by move;\nmedian of " << race.runs
      << " interleaved runs, thread CPU time, one core):\n"
      << "  angler      " << Grouped(race.engine_games_per_s) << " games/s\n"
      << "  hand-coded  " << Grouped(race.handcoded_games_per_s) << " games/s\n"
      << "  hand-coded is " << ratio << "x faster\n";
}

void WriteRaceJson(const HandcodedRace& race, JsonWriter& json) {
  json.Key("vs_handcoded").BeginObject();
  json.Key("ruleset").String("hearts");
  json.Key("games_per_s").Double(race.engine_games_per_s, 1);
  json.Key("handcoded_games_per_s").Double(race.handcoded_games_per_s, 1);
  json.Key("ratio").Double(race.ratio(), 2);
  json.Key("checked_deals").Int(race.checked_deals);
  json.EndObject();
}

}  // namespace angler
