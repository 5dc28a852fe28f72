#include "tools/sim_merge.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <utility>

#include "interpreter/rng.h"
#include "tools/command_support.h"
#include "tools/commands.h"

namespace angler {
namespace {

const CommandSpec& MergeSpec() {
  static const CommandSpec spec{
      "sim merge",
      "SHARD.json... [--json] | SHARD.db... [--db TARGET]",
      "Puts the shards of one run back together. Each FILE is what a shard's\n"
      "`angler sim ... --shard K/N --json` printed, or the record store its\n"
      "`--record --db FILE` wrote. The reports of every shard 1..N add up to the\n"
      "run's report, the same bytes as the run played in one go (a table, or\n"
      "--json); the stores' games are copied into the --db store, in the run's\n"
      "order when the stores are named in shard order (shard-{1..N}.db). A game\n"
      "given twice, or already in the --db store, is an error; with the shards'\n"
      "JSON named too, so is a store missing or of another run.",
      {
          {"json", false, "print the run's JSON instead of a table"},
          {"db", true,
           "the store the games go to (default $ANGLER_DB, else the user's "
           "data dir)"},
      }};
  return spec;
}

bool SameRun(const SimReport& a, const SimReport& b) {
  return a.run.ruleset == b.run.ruleset && a.run.content_hash == b.run.content_hash &&
         a.run.seed == b.run.seed && a.run.bots == b.run.bots &&
         a.run.shards == b.run.shards && a.run.run_games == b.run.run_games &&
         a.run.end_reasons == b.run.end_reasons && a.stats.players == b.stats.players &&
         a.run.players == b.run.players;
}

bool IsStoreFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char header[16] = {};
  in.read(header, sizeof header);
  return in.gcount() == 16 && std::string(header, 15) == "SQLite format 3";
}

}  // namespace

Result<ShardOutput> ReadShardOutput(const std::string& text, const std::string& file) {
  Result<JsonValue> json = ParseJson(text, file);
  if (!json) return json.errors();
  ShardOutput output;
  output.file = file;
  const JsonValue& top = json.value();
  const bool list = top.kind == JsonValue::Kind::kArray;
  const std::vector<JsonValue> single =
      list ? std::vector<JsonValue>{} : std::vector{top};
  for (const JsonValue& object : list ? top.items : single) {
    Result<SimReport> report = ReadSimJson(object, file);
    if (!report) return report.errors();
    output.reports.push_back(std::move(report).value());
  }
  if (output.reports.empty()) return Diagnostic({}, file + ": no report in it");
  return output;
}

Result<std::vector<SimReport>> MergeShards(const std::vector<ShardOutput>& shards) {
  if (shards.empty()) return Diagnostic({}, "no shard outputs to merge");
  const ShardOutput& first = shards.front();
  const int count = first.reports.front().run.shards;
  if (count == 0) {
    return Diagnostic({}, first.file +
                              ": not a shard's output (no \"shard\"; run sim "
                              "with --shard K/N)");
  }
  std::vector<const ShardOutput*> by_index(static_cast<size_t>(count), nullptr);
  for (const ShardOutput& shard : shards) {
    const SimReport& head = shard.reports.front();
    if (shard.reports.size() != first.reports.size() ||
        !SameRun(head, first.reports.front())) {
      return Diagnostic(
          {}, shard.file + ": a shard of another run than " + first.file +
                  " (ruleset, seed, bots, players, names or shard count differ)");
    }
    const auto index = static_cast<size_t>(head.run.shard - 1);
    if (index >= by_index.size()) return Diagnostic({}, shard.file + ": bad shard index");
    if (by_index[index]) {
      return Diagnostic({}, shard.file + ": shard " + std::to_string(index + 1) +
                                " is given twice (also " + by_index[index]->file + ")");
    }
    by_index[index] = &shard;
  }
  for (size_t k = 0; k < by_index.size(); ++k) {
    if (!by_index[k]) {
      return Diagnostic({}, "shard " + std::to_string(k + 1) + "/" +
                                std::to_string(count) + " is missing");
    }
  }
  std::vector<SimReport> merged;
  for (size_t r = 0; r < first.reports.size(); ++r) {
    SimReport whole;
    whole.run = by_index[0]->reports[r].run;
    whole.run.shard = whole.run.shards = 0;
    whole.stats = by_index[0]->reports[r].stats;
    for (size_t k = 1; k < by_index.size(); ++k) {
      const SimReport& part = by_index[k]->reports[r];
      if (!SameRun(part, by_index[0]->reports[r])) {
        return Diagnostic({}, by_index[k]->file + ": a shard of another run");
      }
      whole.stats.Merge(part.stats);
    }
    if (whole.stats.games != whole.run.run_games) {
      return Diagnostic({}, "the shards hold " + std::to_string(whole.stats.games) +
                                " games, the run " + std::to_string(whole.run.run_games));
    }
    merged.push_back(std::move(whole));
  }
  return merged;
}

Result<int64_t> MergeStores(const std::vector<std::string>& sources, Store& target,
                            const std::vector<SimReport>* run) {
  std::vector<std::unique_ptr<Store>> stores;
  struct Entry {
    int players;
    size_t store;
    int64_t id;
  };
  std::vector<Entry> games;
  // A game of a sim run is known by its player count and seed (DeriveSeed of
  // the run's seed and its index): where each was seen first.
  std::map<std::pair<int, uint64_t>, size_t> seen;
  auto game_word = [&](const Entry& e) {
    return sources[e.store] + ": game " + std::to_string(e.id);
  };
  for (const std::string& path : sources) {
    Result<std::unique_ptr<Store>> source = Store::Open(path);
    if (!source) return source.errors();
    stores.push_back(std::move(source).value());
    std::optional<Diagnostic> twice;
    Status listed = stores.back()->ForEachGame({}, [&](const GameSummary& game, auto) {
      const Entry entry{static_cast<int>(game.players.size()), stores.size() - 1,
                        game.id};
      if (game.seed) {
        auto [at, added] =
            seen.emplace(std::pair(entry.players, *game.seed), games.size());
        if (!added && !twice) {
          twice =
              Diagnostic({}, game_word(entry) + " is " + game_word(games[at->second]) +
                                 " again (a shard given twice?)");
        }
      }
      games.push_back(entry);
      return Ok();
    });
    if (!listed) return listed.errors();
    if (twice) return *twice;
  }
  if (run) {
    // Exactly the run's games: each report's seeds at its player count.
    size_t expected = 0;
    for (const SimReport& report : *run) {
      for (int64_t i = 0; i < report.run.run_games; ++i) {
        const uint64_t seed = DeriveSeed(report.run.seed, static_cast<uint64_t>(i));
        if (!seen.count({report.stats.players, seed})) {
          return Diagnostic({}, "the stores lack game " + std::to_string(i + 1) + " of " +
                                    std::to_string(report.run.run_games) + " at " +
                                    std::to_string(report.stats.players) +
                                    " players (a shard's store missing?)");
        }
        ++expected;
      }
    }
    if (games.size() != expected) {
      return Diagnostic({}, "the stores hold " + std::to_string(games.size()) +
                                " games, the run " + std::to_string(expected) +
                                " (a store of another run?)");
    }
  }
  // A run with several player counts records them one after the other.
  std::stable_sort(games.begin(), games.end(),
                   [](const Entry& a, const Entry& b) { return a.players < b.players; });
  Result<Store::Batch> batch = target.BeginBatch();
  if (!batch) return batch.errors();
  for (const Entry& entry : games) {
    Store& from = *stores[entry.store];
    Result<GameRecord> record = from.LoadGame(entry.id);
    if (!record) return record.errors();
    Result<RulesetPtr> rules = from.RulesetByHash(record.value().ruleset_hash);
    if (!rules) return rules.errors();
    GameRecord game = std::move(record).value();
    Result<std::optional<int64_t>> stored = target.FindGame(game);
    if (!stored) return stored.errors();
    if (stored.value()) {
      return Diagnostic({}, game_word(entry) + " is already stored in " + target.path() +
                                " as game " + std::to_string(*stored.value()) +
                                " (its shard merged before?)");
    }
    game.id = 0;
    Result<int64_t> added = target.AddReplayedGame(*rules.value(), game);
    if (!added) return added.errors();
  }
  Status committed = batch.value().Commit();
  if (!committed) return committed.errors();
  return static_cast<int64_t>(games.size());
}

int RunSimMerge(const std::vector<std::string>& words, std::ostream& out,
                std::ostream& err) {
  const CommandSpec& spec = MergeSpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  if (args.positional().empty()) {
    return ReportErrors(spec.name, {Diagnostic({}, "expected the shards' files")}, err);
  }
  std::vector<ShardOutput> reports;
  std::vector<std::string> stores;
  for (const std::string& file : args.positional()) {
    if (!std::filesystem::is_regular_file(file)) {
      return ReportErrors(spec.name, {Diagnostic({}, file + ": no such file")}, err);
    }
    if (IsStoreFile(file)) {
      stores.push_back(file);
      continue;
    }
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    Result<ShardOutput> output = ReadShardOutput(text.str(), file);
    if (!output) {
      return ReportErrors(spec.name, output.errors(), err);
    }
    reports.push_back(std::move(output).value());
  }
  std::optional<std::vector<SimReport>> run;
  if (!reports.empty()) {
    Result<std::vector<SimReport>> merged = MergeShards(reports);
    if (!merged) {
      return ReportErrors(spec.name, merged.errors(), err);
    }
    run = std::move(merged).value();
  }
  // The stores first: the report is printed only when the whole merge holds.
  if (!stores.empty()) {
    Result<std::unique_ptr<Store>> target = Store::OpenAt(args.Get("db").value_or(""));
    if (!target) {
      return ReportErrors(spec.name, target.errors(), err);
    }
    Result<int64_t> copied =
        MergeStores(stores, *target.value(), run ? &run.value() : nullptr);
    if (!copied) {
      return ReportErrors(spec.name, copied.errors(), err);
    }
    err << "sim merge: " << copied.value() << " games from " << stores.size()
        << " store(s) into " << target.value()->path() << "\n";
  }
  bool failed = false;  // as one run: exit 1 when some game ended in an error
  if (run) {
    if (args.Has("json")) {
      PrintSimJson(run.value(), out);
    } else {
      for (size_t i = 0; i < run.value().size(); ++i) {
        if (i > 0) out << "\n";
        WriteSimTable(run.value()[i], out);
      }
    }
    for (const SimReport& r : run.value())
      failed |= WriteSimErrors("sim merge", r.stats, err);
  }
  return failed ? kExitFailure : kExitOk;
}

}  // namespace angler
