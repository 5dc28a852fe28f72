// `angler bench`: the engine's speed on every shipped ruleset, on one core.
//
// Like a chess engine's bench, it also prints a signature: the action count
// and a hash of every action over a fixed set of seeds. It depends only on
// what the engine does, so a change in behaviour shows up as a new signature.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <ostream>

#include "dsl/text.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "tools/bots.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/json.h"
#include "tools/progress.h"
#include "tools/simulation.h"
#include "tools/vs_handcoded.h"

namespace angler {
namespace {

// "angler" in ASCII: the fixed seed set of the signature.
constexpr uint64_t kBenchSeed = 0x616e676c6572ULL;
constexpr int kTimedRuns = 5;
constexpr int kPreferredPlayers = 4;
constexpr int kStateCopies = 1000000;

const CommandSpec& BenchSpec() {
  static const CommandSpec spec{
      "bench",
      "[--games N] [--json] [--vs-handcoded]",
      "For each shipped ruleset: random bots at 4 players (or the nearest allowed\n"
      "count) play N games once to warm up, then " +
          std::to_string(kTimedRuns) +
          " timed times; reports the median\n"
          "games/s and actions/s on one core, sizeof(State) and the cost of copying\n"
          "one. The signature line (actions and their hash over a fixed seed set)\n"
          "changes only when the engine's behaviour does.",
      {
          {"games", true, "games per timed run (default 1000)"},
          {"json", false, "print one JSON object"},
          {"vs-handcoded", false,
           "also race the hearts ruleset against a hand-written C++ Hearts of the "
           "same rules (tools/handcoded_hearts.h), interleaved, and print the ratio"},
      }};
  return spec;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

struct BenchResult {
  std::string ruleset;
  int players = 0;
  int games = 0;
  int64_t actions = 0;
  int64_t errors = 0;
  uint64_t signature = 0;
  bool deterministic = true;
  double games_per_s = 0;
  double actions_per_s = 0;
};

BenchResult BenchRuleset(const Ruleset& rules, int games, ProgressLine& progress) {
  BenchResult result;
  result.ruleset = rules.name;
  result.players = NearestPlayerCount(rules, kPreferredPlayers);
  result.games = games;
  const Game game(rules, result.players);
  RandomBot bot;
  const std::vector<Bot*> seats(static_cast<size_t>(result.players), &bot);

  const SimulationStats warm_up =
      Simulate(game, seats, std::max(1, games / 4), kBenchSeed);
  (void)warm_up;
  std::vector<double> seconds;
  for (int run = 0; run < kTimedRuns; ++run) {
    progress.Update(run, kTimedRuns);
    const auto start = std::chrono::steady_clock::now();
    const SimulationStats stats = Simulate(game, seats, games, kBenchSeed);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (run == 0) {
      result.actions = stats.actions;
      result.errors = stats.errors();
      result.signature = stats.chained_hash;
    } else if (stats.chained_hash != result.signature ||
               stats.actions != result.actions) {
      result.deterministic = false;
    }
  }
  const double median = std::max(Median(seconds), 1e-9);
  result.games_per_s = games / median;
  result.actions_per_s = static_cast<double>(result.actions) / median;
  return result;
}

// Nanoseconds per State copy: the median of several timed batches.
double StateCopyNanoseconds(const State& source) {
  State from = source;
  State to{};
  // The barriers make each copy observable, so the loop cannot be collapsed.
  asm volatile("" : : "r"(&from) : "memory");
  std::vector<double> per_copy;
  for (int batch = 0; batch < kTimedRuns; ++batch) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kStateCopies; ++i) {
      to = from;
      asm volatile("" : : "r"(&to) : "memory");
    }
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
            .count();
    per_copy.push_back(ns / kStateCopies);
  }
  return Median(per_copy);
}

// Every shipped ruleset benched, and a state to time copies of.
struct BenchRun {
  std::vector<BenchResult> results;
  State copy_source{};  // a fresh deal of the first ruleset that loads
  bool failed = false;
};

BenchRun BenchShipped(int games, std::ostream& err) {
  const std::string& command = BenchSpec().name;
  BenchRun run;
  bool have_state = false;
  for (const std::string& name : ShippedRulesets(false)) {
    Result<RulesetPtr> rules = LoadRuleset(name);
    if (!rules) {
      PrintErrors(command, rules.errors(), err);
      run.failed = true;
      continue;
    }
    ProgressLine progress(err, ProgressLine::IsTerminal(err), "bench " + name);
    run.results.push_back(BenchRuleset(*rules.value(), games, progress));
    const BenchResult& r = run.results.back();
    if (r.errors > 0) {
      err << "angler bench: error: " << name << ": " << r.errors
          << " game(s) ended in an error\n";
      run.failed = true;
    }
    if (!r.deterministic) {
      err << "angler bench: error: " << name << ": the same seeds gave different games\n";
      run.failed = true;
    }
    if (!have_state) {
      // A state from a real game: a fresh deal, as bots copy it.
      run.copy_source = Game(*rules.value(), r.players).NewInitialState();
      have_state = true;
    }
  }
  return run;
}

// What the report adds up over every ruleset.
struct BenchTotals {
  double copy_ns = 0;
  int64_t actions = 0;
  uint64_t signature = kFnvOffset;
};

BenchTotals TotalsOf(const BenchRun& run, double copy_ns) {
  BenchTotals totals;
  totals.copy_ns = copy_ns;
  for (const BenchResult& r : run.results) {
    totals.actions += r.actions;
    totals.signature = (totals.signature ^ r.signature) * kFnvPrime;
  }
  return totals;
}

void WriteBenchJson(const BenchRun& run, const BenchTotals& totals,
                    const std::optional<HandcodedRace>& race, std::ostream& out) {
  JsonWriter json;
  json.BeginObject().Key("results").BeginArray();
  for (const BenchResult& r : run.results) {
    json.BeginObject();
    json.Key("ruleset").String(r.ruleset);
    json.Key("players").Int(r.players);
    json.Key("games_per_s").Double(r.games_per_s, 1);
    json.Key("actions_per_s").Double(r.actions_per_s, 0);
    json.Key("games").Int(r.games);
    json.Key("actions").Int(r.actions);
    json.Key("signature").String(Hex64(r.signature));
    json.Key("errors").Int(r.errors);
    json.EndObject();
  }
  json.EndArray();
  json.Key("state_bytes").Int(static_cast<int64_t>(sizeof(State)));
  json.Key("state_copy_ns").Double(totals.copy_ns, 1);
  json.Key("total_actions").Int(totals.actions);
  json.Key("signature").String(Hex64(totals.signature));
  json.Key("build").String(BuildDescription());
  if (race) WriteRaceJson(*race, json);
  json.EndObject();
  out << json.str() << "\n";
}

void WriteBenchTable(const BenchRun& run, const BenchTotals& totals, int64_t games,
                     const std::optional<HandcodedRace>& race, std::ostream& out) {
  out << "ruleset               players     games/s     actions/s    actions  "
         "signature\n";
  for (const BenchResult& r : run.results) {
    char line[160];
    std::snprintf(line, sizeof line, "%-20s %8d %11s %13s %10lld  %s\n",
                  r.ruleset.c_str(), r.players, Fixed(r.games_per_s, 0).c_str(),
                  Fixed(r.actions_per_s, 0).c_str(), static_cast<long long>(r.actions),
                  Hex64(r.signature).c_str());
    out << line;
  }
  out << "\nState: " << sizeof(State) << " bytes, " << Fixed(totals.copy_ns, 1)
      << " ns per copy\n";
  out << "(median of " << kTimedRuns << " runs of " << games
      << " games, random bots, one core; " << BuildDescription() << ")\n\n";
  out << "bench: " << totals.actions << " actions, signature " << Hex64(totals.signature)
      << "\n";
  if (race) WriteRaceTable(*race, out);
}

}  // namespace

int RunBench(const std::vector<std::string>& words, std::ostream& out,
             std::ostream& err) {
  const CommandSpec& spec = BenchSpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  if (!args.positional().empty()) {
    err << "angler bench: error: takes no RULESET; it runs every shipped one\n";
    return kExitUsage;
  }
  Result<int64_t> games = args.GetInt("games", 1000);
  if (!games) {
    return ReportErrors(spec.name, games.errors(), err);
  }
  if (games.value() < 1 || games.value() > 10000000) {
    err << "angler bench: error: --games must be from 1 to 10000000, got "
        << games.value() << "\n";
    return kExitUsage;
  }

  BenchRun run = BenchShipped(static_cast<int>(games.value()), err);
  const double copy_ns = StateCopyNanoseconds(run.copy_source);
  std::optional<HandcodedRace> race;
  if (args.Has("vs-handcoded")) {
    Result<HandcodedRace> raced =
        RaceHandcodedHearts(static_cast<int>(games.value()), kTimedRuns, kBenchSeed);
    if (!raced) {
      PrintErrors(spec.name, raced.errors(), err);
      run.failed = true;
    } else {
      race = raced.value();
    }
  }
  const BenchTotals totals = TotalsOf(run, copy_ns);
  if (args.Has("json")) {
    WriteBenchJson(run, totals, race, out);
  } else {
    WriteBenchTable(run, totals, games.value(), race, out);
  }
  return run.failed ? kExitFailure : kExitOk;
}

}  // namespace angler
