// `angler sim`: many games with bots; win rates, mean scores, game lengths.
//
// stdout depends only on the arguments (same seed, same bytes); timings and
// the progress line go to stderr.
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <ostream>
#include <utility>

#include "dsl/text.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "replay/store.h"
#include "tools/bots.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/json.h"
#include "tools/progress.h"
#include "tools/record_batches.h"
#include "tools/sim_merge.h"
#include "tools/sim_report.h"
#include "tools/simulation.h"

namespace angler {
namespace {

const CommandSpec& SimSpec() {
  static const CommandSpec spec{
      "sim",
      "RULESET --players N|A..B [--games K] [--seed S] [--bots LIST] [--json] "
      "[--record]\n"
      "           [--names A,B,..] [--threads N] [--shard K/N]\n"
      "       angler sim merge SHARD.json... [--json] | SHARD.db... [--db TARGET]",
      "Plays K games of RULESET (a file or a shipped name such as 'fishing') with\n"
      "bots and reports each seat's win rate (a shared win counts for each winner)\n"
      "and mean score (the ruleset's rank) with 95% confidence intervals, score\n"
      "percentiles, the mean game length in actions and how many games ended\n"
      "early. The same seed gives the same output, whatever the --threads.\n"
      "--shard K/N plays the K-th of N slices of the run; `angler sim merge`\n"
      "adds the shards' --json outputs up into the run's (and their --record\n"
      "stores into one). --record writes the games in batches of about a second,\n"
      "each stored whole or not at all, so another writer waits at most a batch;\n"
      "after an error the games of the batches before it stay stored.",
      {
          {"players", true,
           "number of players, or a range such as 2..6 for one run per count "
           "(required unless the ruleset allows one)"},
          {"games", true, "games to play (default 100)"},
          {"seed", true,
           "seed of the run; game i uses a seed derived from it (default 1)"},
          {"bots", true,
           std::string("one bot per seat, comma-separated: ") + kBotForms +
               "; the last repeats (default random)"},
          {"names", true,
           "the players' names in seat order, comma-separated, one per seat: in the "
           "table and the records (default P1,P2,..; one player count only)"},
          {"json", false, "print one JSON object instead of a table"},
          {"record", false, "store every game in the record store (angler replay)"},
          {"db", true, "the record store (default $ANGLER_DB, else the user's data dir)"},
          {"threads", true, "threads that play games (default: every core)"},
          {"shard", true,
           "K/N: play only the K-th of N consecutive slices of the run (1 <= K <= N)"},
      }};
  return spec;
}

// --shard K/N: the K-th (1-based) of N slices; {0, 0} when absent.
Result<std::pair<int, int>> ShardFlag(const Args& args, int64_t games) {
  const std::optional<std::string> text = args.Get("shard");
  if (!text) return std::pair{0, 0};
  const size_t slash = text->find('/');
  int k = 0, n = 0;
  char extra = 0;
  if (slash == std::string::npos ||
      std::sscanf(text->c_str(), "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 1 ||
      k > n) {
    return Diagnostic(
        {}, "--shard expects K/N with 1 <= K <= N, such as 3/8, got '" + *text + "'");
  }
  if (n > games) {
    return Diagnostic({}, "--shard " + *text + ": more shards than the " +
                              std::to_string(games) + " games of the run");
  }
  return std::pair{k, n};
}

// --players N, or A..B: one run per player count.
Result<std::vector<int>> PlayerCounts(const Ruleset& ruleset, const Args& args) {
  std::vector<int> counts;
  const std::string players_text = args.Get("players").value_or("");
  if (players_text.find("..") != std::string::npos) {
    auto range = Args::ParseRange(players_text);
    if (!range) return range.errors();
    auto [lo, hi] = range.value();
    if (lo < ruleset.min_players || hi > ruleset.max_players) {
      return Diagnostic({}, "--players " + players_text +
                                " is out of range: " + ruleset.name + " is for " +
                                std::to_string(ruleset.min_players) + ".." +
                                std::to_string(ruleset.max_players) + " players");
    }
    for (int n = lo; n <= hi; ++n) counts.push_back(n);
  } else {
    Result<int> players = PlayersFlag(ruleset, args);
    if (!players) return players.errors();
    counts.push_back(players.value());
  }
  for (int n : counts) {
    auto bots = MakeSeatBots(args.Get("bots").value_or(""), n);
    if (!bots) return bots.errors();
    if (Status fit = BotsFit(bots.value(), ruleset); !fit) return fit.errors();
  }
  return counts;
}

// The flags that shape a run, checked before anything is loaded.
struct SimFlags {
  int64_t games = 0;
  uint64_t seed = 0;
  int threads = 1;
  std::pair<int, int> shard;  // {K, N}; {0, 0}: the whole run
};

Result<SimFlags> ReadSimFlags(const Args& args) {
  std::vector<Diagnostic> usage;
  if (args.positional().size() != 1) {
    usage.emplace_back(SourcePos{}, args.positional().empty()
                                        ? "expected a RULESET (a file or a shipped name)"
                                        : "expected one RULESET, got " +
                                              std::to_string(args.positional().size()) +
                                              " words");
  }
  SimFlags flags;
  Result<int64_t> games = IntFlagIn(args, "games", 100, 1, 100000000);
  if (!games) {
    usage.push_back(games.error());
  } else {
    flags.games = games.value();
  }
  Result<uint64_t> seed = args.GetUint64("seed", 1);
  if (!seed) usage.push_back(seed.error());
  Result<int64_t> threads = IntFlagIn(args, "threads", DefaultThreads(), 1, 1024);
  if (!threads) usage.push_back(threads.error());
  Result<std::pair<int, int>> shard = ShardFlag(args, std::max<int64_t>(1, flags.games));
  if (!shard) usage.push_back(shard.error());
  if (!usage.empty()) return usage;
  flags.seed = seed.value();
  flags.threads = static_cast<int>(threads.value());
  flags.shard = shard.value();
  return flags;
}

// What one run shares across its player counts.
struct SimRunContext {
  const Args& args;
  const SimFlags& flags;
  const Ruleset& ruleset;
  GameRange range;
  std::optional<RecordBatches>& batches;  // with --record
  std::ostream& out;
  std::ostream& err;
};

// "sim: 1000 games, ... (N games/s, T threads)" and the games that failed,
// on stderr; true when some game ended in an error.
bool ReportTimings(const SimRunContext& run, const SimulationStats& stats,
                   double seconds) {
  run.err << "sim: " << stats.games << " games, " << stats.actions << " actions in "
          << Fixed(seconds, 2) << " s ("
          << Fixed(seconds > 0 ? stats.games / seconds : 0, 0) << " games/s, "
          << run.flags.threads << " threads)\n";
  return WriteSimErrors("sim", stats, run.err);
}

// Plays the run for `n` players: records the games when asked, prints the
// table (or keeps the report for the JSON printed at the end). An exit code
// when the run must stop here.
std::optional<int> SimPlayerCount(const SimRunContext& run, int n, bool first_count,
                                  std::vector<SimReport>& json_reports, bool& failed) {
  const std::string& command = SimSpec().name;
  Result<std::vector<std::string>> players = NamesFlag(run.args, n);
  if (!players) return ReportErrors(command, players.errors(), run.err);
  auto bots = MakeSeatBots(run.args.Get("bots").value_or(""), n);
  std::vector<Bot*> seats;
  std::vector<std::string> names;
  for (const auto& bot : bots.value()) {
    seats.push_back(bot.get());
    names.push_back(bot->name());
  }
  const Game game(run.ruleset, n);
  ProgressLine progress(run.err, ProgressLine::IsTerminal(run.err), "sim");
  const auto start = std::chrono::steady_clock::now();
  std::vector<Diagnostic> record_errors;
  SimReport report;
  report.run = SimRun::Of(run.ruleset, run.range.seed, names, run.flags.games);
  report.run.players = players.value();
  report.run.shard = run.flags.shard.first;
  report.run.shards = run.flags.shard.second;
  // Each game is handed over only to be stored: without a store, the games
  // are counted where they are played and not kept.
  std::function<void(const GameResult&)> store;
  if (run.batches) {
    store = [&](const GameResult& result) {
      if (!record_errors.empty()) return;
      Status added =
          run.batches->Add(game, result.actions, result.seed, players.value(), names);
      if (!added) record_errors = added.errors();
    };
  }
  report.stats = SimulateRange(
      game, seats, run.range, run.flags.threads,
      [&](int64_t done) { progress.Update(done, run.range.count); }, store);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.Finish();
  if (!record_errors.empty()) {  // the open batch rolls back
    run.err << "sim: " << run.batches->committed()
            << " games of this run were recorded before the error\n";
    return ReportErrors(command, record_errors, run.err);
  }
  if (run.args.Has("json")) {
    json_reports.push_back(report);
  } else {
    if (!first_count) run.out << "\n";
    WriteSimTable(report, run.out);
  }
  failed |= ReportTimings(run, report.stats, seconds);
  return std::nullopt;
}

// --record: every game into the store, in batches of about a second, each
// all or nothing (tools/record_batches.h). The batches stay empty without it.
Status OpenRecordBatches(const Args& args, std::unique_ptr<Store>& store,
                         std::optional<RecordBatches>& batches) {
  if (!args.Has("record")) return Ok();
  auto opened = Store::OpenAt(args.Get("db").value_or(""));
  if (!opened) return opened.errors();
  store = std::move(opened).value();
  batches.emplace(*store, kRecordBatchTime);
  return Ok();
}

// The last batch stored; exit code 0 when it is.
int FinishRecording(std::optional<RecordBatches>& batches, std::ostream& err) {
  if (!batches) return kExitOk;
  Status committed = batches->Finish();
  if (!committed) {
    err << "sim: " << batches->committed()
        << " games of this run were recorded before the error\n";
    return ReportErrors(SimSpec().name, committed.errors(), err);
  }
  err << "sim: games recorded\n";
  return kExitOk;
}

}  // namespace

int RunSim(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  if (!words.empty() && words[0] == "merge") {
    return RunSimMerge(std::vector<std::string>(words.begin() + 1, words.end()), out,
                       err);
  }
  const CommandSpec& spec = SimSpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  Result<SimFlags> flags = ReadSimFlags(args);
  if (!flags) {
    return ReportErrors(spec.name, flags.errors(), err);
  }
  Result<RulesetPtr> rules = LoadRuleset(args.positional()[0]);
  if (!rules) {
    return ReportErrors(spec.name, rules.errors(), err);
  }
  const Ruleset& ruleset = *rules.value();
  Result<std::vector<int>> counts = PlayerCounts(ruleset, args);
  if (!counts) {
    return ReportErrors(spec.name, counts.errors(), err);
  }
  std::unique_ptr<Store> store;
  std::optional<RecordBatches> batches;
  if (Status opened = OpenRecordBatches(args, store, batches); !opened) {
    return ReportErrors(spec.name, opened.errors(), err);
  }

  const auto [shard, shards] = flags.value().shard;
  const GameRange range =
      shards ? Slice(flags.value().seed, flags.value().games, shard - 1, shards)
             : GameRange{flags.value().seed, 0, flags.value().games};
  if (args.Has("names") && counts.value().size() > 1) {
    return ReportErrors(spec.name, {Diagnostic({}, "--names needs one player count")},
                        err);
  }
  const SimRunContext run{args, flags.value(), ruleset, range, batches, out, err};
  std::vector<SimReport> json_reports;
  bool failed = false;
  for (int n : counts.value()) {
    const bool first_count = n == counts.value().front();
    if (std::optional<int> stop =
            SimPlayerCount(run, n, first_count, json_reports, failed))
      return *stop;
  }
  if (args.Has("json")) PrintSimJson(json_reports, out);
  if (const int recorded = FinishRecording(batches, err); recorded != kExitOk)
    return recorded;
  return failed ? kExitFailure : kExitOk;
}

}  // namespace angler
