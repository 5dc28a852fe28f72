// `angler compare A B`: two rulesets (a game and its house rule, say) played
// by the same bots on the same seeds, and every difference with its interval.
//
// stdout depends only on the arguments; progress and timings go to stderr.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "tools/bots.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/compare.h"
#include "tools/compare_report.h"
#include "tools/progress.h"

namespace angler {
namespace {

const CommandSpec& CompareSpec() {
  static const CommandSpec spec{
      "compare",
      "RULESET RULESET [--players N] [--games K] [--bots LIST] [--seed S] [--json]\n"
      "           [--html FILE] [--threads N]",
      "Plays K games of each ruleset with the same bots on the same seeds (game i\n"
      "of both starts from the same seed), and reports for each seat's win rate\n"
      "and mean score, the game length and each end reason the difference B - A,\n"
      "paired game by game, with its 95% interval, and whether it is significant\n"
      "(the interval excludes 0). --html writes the report as one page with plots.",
      {
          {"players", true, "number of players (required unless both allow only one)"},
          {"games", true, "games per ruleset (default 1000)"},
          {"seed", true,
           "seed of the run; game i uses a seed derived from it (default 1)"},
          {"bots", true,
           std::string("one bot per seat, comma-separated: ") + kBotForms +
               "; the last repeats (default random)"},
          {"json", false, "print one JSON object instead of a table"},
          {"html", true,
           "also write a self-contained HTML report with SVG plots to FILE"},
          {"threads", true, "threads that play games (default: every core)"},
      }};
  return spec;
}

// The flags that are numbers, with their ranges.
struct CompareFlags {
  int64_t games = 0;
  uint64_t seed = 0;
  int threads = 1;
};

Result<CompareFlags> ReadCompareFlags(const Args& args) {
  std::vector<Diagnostic> usage;
  if (args.positional().size() != 2) {
    usage.emplace_back(SourcePos{}, "expected two RULESETs, got " +
                                        std::to_string(args.positional().size()));
  }
  CompareFlags flags;
  Result<int64_t> games = IntFlagIn(args, "games", 1000, 2, 100000000);
  if (!games) usage.push_back(games.error());
  Result<uint64_t> seed = args.GetUint64("seed", 1);
  if (!seed) usage.push_back(seed.error());
  Result<int64_t> threads = IntFlagIn(args, "threads", DefaultThreads(), 1, 1024);
  if (!threads) usage.push_back(threads.error());
  if (!usage.empty()) return usage;
  flags.games = games.value();
  flags.seed = seed.value();
  flags.threads = static_cast<int>(threads.value());
  return flags;
}

}  // namespace

int RunCompare(const std::vector<std::string>& words, std::ostream& out,
               std::ostream& err) {
  const CommandSpec& spec = CompareSpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  Result<CompareFlags> flags = ReadCompareFlags(args);
  if (!flags) {
    return ReportErrors(spec.name, flags.errors(), err);
  }
  std::vector<RulesetPtr> rules;
  std::vector<Diagnostic> errors;
  int players = 0;
  for (const std::string& name : args.positional()) {
    Result<RulesetPtr> loaded = LoadRuleset(name);
    if (!loaded) {
      errors.insert(errors.end(), loaded.errors().begin(), loaded.errors().end());
      continue;
    }
    Result<int> count = PlayersFlag(*loaded.value(), args);
    if (!count) {
      errors.insert(errors.end(), count.errors().begin(), count.errors().end());
    } else if (players != 0 && count.value() != players) {
      errors.emplace_back(SourcePos{},
                          "the rulesets allow different player counts: "
                          "give --players");
    } else {
      players = count.value();
    }
    rules.push_back(loaded.value());
  }
  if (!errors.empty()) {
    return ReportErrors(spec.name, errors, err);
  }
  auto bots = MakeSeatBots(args.Get("bots").value_or(""), players);
  if (!bots) {
    return ReportErrors(spec.name, bots.errors(), err);
  }
  for (const RulesetPtr& r : rules) {
    if (Status fit = BotsFit(bots.value(), *r); !fit) {
      return ReportErrors(spec.name, fit.errors(), err);
    }
  }
  std::vector<Bot*> seats;
  for (const auto& bot : bots.value()) seats.push_back(bot.get());

  // Where the page goes, checked before the games are played, not after.
  if (const std::optional<std::string> html = args.Get("html")) {
    if (Status writable = CheckWritablePath(*html); !writable) {
      return ReportErrors(spec.name, writable.errors(), err);
    }
  }
  const Game a(*rules[0], players), b(*rules[1], players);
  const GameRange range{flags.value().seed, 0, flags.value().games};
  ProgressLine progress(err, ProgressLine::IsTerminal(err), "compare");
  const auto start = std::chrono::steady_clock::now();
  const Comparison comparison =
      Compare(a, b, seats, range, flags.value().threads,
              [&](int64_t done) { progress.Update(done, 2 * range.count); });
  progress.Finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args.Has("json")) {
    WriteCompareJson(comparison, out);
  } else {
    WriteCompareTable(comparison, out);
  }
  char timing[96];
  std::snprintf(timing, sizeof timing, "compare: %lld games in %.2f s, %d threads\n",
                static_cast<long long>(2 * range.count), seconds, flags.value().threads);
  err << timing;
  if (args.Has("html")) {
    const std::string path = *args.Get("html");
    std::ofstream file(path, std::ios::binary);
    file << CompareHtml(comparison);
    file.close();
    if (!file) {
      return ReportErrors(spec.name, {Diagnostic({}, "cannot write " + path)}, err);
    }
    err << "compare: report written to " << path << "\n";
  }
  const int64_t failed = comparison.a.stats.errors() + comparison.b.stats.errors();
  if (failed > 0) {
    err << "compare: " << failed << " game(s) ended in an error; first: "
        << (comparison.a.stats.errors() ? comparison.a.stats.first_error
                                        : comparison.b.stats.first_error)
        << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace angler
