// `angler sim`: many games with bots; win rates, mean scores, game lengths.
//
// stdout depends only on the arguments (same seed, same bytes); timings and
// the progress line go to stderr.
#include <chrono>
#include <cstdio>
#include <optional>
#include <ostream>
#include <sstream>

#include "dsl/text.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "replay/store.h"
#include "tools/bots.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/json.h"
#include "tools/progress.h"
#include "tools/simulation.h"

namespace angler {
namespace {

const CommandSpec& SimSpec() {
  static const CommandSpec spec{
      "sim",
      "RULESET --players N|A..B [--games K] [--seed S] [--bots LIST] [--json] [--record]",
      "Plays K games of RULESET (a file or a shipped name such as 'fishing') with\n"
      "bots and reports each seat's win rate (a shared win counts for each winner)\n"
      "and mean score (the ruleset's rank), the mean game length in actions and\n"
      "how many games ended early. The same seed gives the same output.",
      {
          {"players", true,
           "number of players, or a range such as 2..6 for one run per count "
           "(required unless the ruleset allows one)"},
          {"games", true, "games to play (default 100)"},
          {"seed", true,
           "seed of the run; game i uses a seed derived from it (default 1)"},
          {"bots", true,
           "one bot per seat, comma-separated: random, greedy, greedy:N; the last "
           "repeats (default random)"},
          {"json", false, "print one JSON object instead of a table"},
          {"record", false, "store every game in the record store (angler replay)"},
          {"db", true, "the record store (default $ANGLER_DB, else the user's data dir)"},
      }};
  return spec;
}

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string PadLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string PadRight(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

// Games that ended by a reason the ruleset's display names an early end.
int64_t EarlyEnds(const Ruleset& rules, const SimulationStats& stats) {
  int64_t early = 0;
  for (size_t r = 1; r < stats.end_reasons.size(); ++r) {
    if (rules.display.IsEarlyEnd(static_cast<int>(r))) early += stats.end_reasons[r];
  }
  return early;
}

void WriteJson(const Ruleset& rules, const SimulationStats& stats, uint64_t seed,
               const std::vector<Bot*>& bots, std::ostream& out) {
  JsonWriter json;
  json.BeginObject();
  json.Key("games").Int(stats.games);
  json.Key("players").Int(stats.players);
  json.Key("seats").BeginArray();
  for (int p = 0; p < stats.players; ++p) {
    json.BeginObject();
    json.Key("wins").Int(stats.wins[static_cast<size_t>(p)]);
    json.Key("mean_score").Double(stats.MeanRank(p));
    json.EndObject();
  }
  json.EndArray();
  json.Key("mean_actions").Double(stats.MeanActions());
  json.Key("overfished").Int(EarlyEnds(rules, stats));
  json.Key("end_reasons").BeginObject();
  for (size_t r = 1; r < rules.end_reasons.size(); ++r) {
    json.Key(rules.end_reasons[r]).Int(stats.end_reasons[r]);
  }
  json.EndObject();
  json.Key("errors").Int(stats.errors());
  json.Key("ruleset_errors").Int(stats.ruleset_errors);
  if (!stats.first_error.empty()) json.Key("first_error").String(stats.first_error);
  json.Key("ruleset").String(rules.name);
  json.Key("content_hash").String(rules.content_hash);
  json.Key("seed").Uint(seed);
  json.Key("bots").BeginArray();
  for (const Bot* bot : bots) json.String(bot->name());
  json.EndArray();
  json.Key("signature").String(Hex64(stats.signature));
  json.EndObject();
  out << json.str() << "\n";
}

void WriteTable(const Ruleset& rules, const SimulationStats& stats, uint64_t seed,
                const std::vector<Bot*>& bots, std::ostream& out) {
  out << rules.name << " (" << rules.title << "): " << stats.players << " players, "
      << stats.games << " games, seed " << seed << "\n\n";
  size_t bot_width = 3;
  for (const Bot* bot : bots) bot_width = std::max(bot_width, bot->name().size());
  out << "seat  " << PadRight("bot", bot_width) << "   wins  win rate  mean score\n";
  for (int p = 0; p < stats.players; ++p) {
    const double rate =
        stats.games ? 100.0 * static_cast<double>(stats.wins[static_cast<size_t>(p)]) /
                          stats.games
                    : 0;
    out << PadLeft(std::to_string(p), 4) << "  "
        << PadRight(bots[static_cast<size_t>(p)]->name(), bot_width) << " "
        << PadLeft(std::to_string(stats.wins[static_cast<size_t>(p)]), 6)
        << PadLeft(Fixed(rate, 1) + "%", 10) << PadLeft(Fixed(stats.MeanRank(p), 2), 12)
        << "\n";
  }
  out << "(a shared win counts for each winner)\n\n";
  out << "mean game length: " << Fixed(stats.MeanActions(), 1) << " actions\n";
  out << "ended early: " << EarlyEnds(rules, stats);
  if (rules.end_reasons.size() > 1) {
    out << " (";
    for (size_t r = 1; r < rules.end_reasons.size(); ++r) {
      out << (r > 1 ? ", " : "") << rules.end_reasons[r] << " " << stats.end_reasons[r];
    }
    out << ")";
  }
  out << "\n";
  if (stats.errors() > 0) {
    out << "errors: " << stats.errors() << " (ruleset errors " << stats.ruleset_errors
        << ", failed games " << stats.failures << ")\n";
  }
}

}  // namespace

int RunSim(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const CommandSpec& spec = SimSpec();
  ParsedCommand parsed = ParseCommand(spec, words, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& args = *parsed.args;
  std::vector<Diagnostic> usage;
  if (args.positional().size() != 1) {
    usage.emplace_back(SourcePos{}, args.positional().empty()
                                        ? "expected a RULESET (a file or a shipped name)"
                                        : "expected one RULESET, got " +
                                              std::to_string(args.positional().size()) +
                                              " words");
  }
  Result<int64_t> games = args.GetInt("games", 100);
  if (!games) {
    usage.push_back(games.error());
  } else if (games.value() < 1 || games.value() > 100000000) {
    usage.emplace_back(SourcePos{}, "--games must be from 1 to 100000000, got " +
                                        std::to_string(games.value()));
  }
  Result<uint64_t> seed = args.GetUint64("seed", 1);
  if (!seed) usage.push_back(seed.error());
  if (!usage.empty()) {
    return ReportErrors(spec.name, usage, err);
  }
  Result<RulesetPtr> rules = LoadRuleset(args.positional()[0]);
  if (!rules) {
    return ReportErrors(spec.name, rules.errors(), err);
  }
  const Ruleset& ruleset = *rules.value();
  // --players N, or A..B: one run per player count.
  std::vector<int> counts;
  const std::string players_text = args.Get("players").value_or("");
  if (players_text.find("..") != std::string::npos) {
    auto range = Args::ParseRange(players_text);
    if (!range) {
      return ReportErrors(spec.name, range.errors(), err);
    }
    auto [lo, hi] = range.value();
    if (lo < ruleset.min_players || hi > ruleset.max_players) {
      return ReportErrors(
          spec.name,
          {Diagnostic({}, "--players " + players_text +
                              " is out of range: " + ruleset.name + " is for " +
                              std::to_string(ruleset.min_players) + ".." +
                              std::to_string(ruleset.max_players) + " players")},
          err);
    }
    for (int n = lo; n <= hi; ++n) counts.push_back(n);
  } else {
    Result<int> players = PlayersFlag(ruleset, args);
    if (!players) {
      return ReportErrors(spec.name, players.errors(), err);
    }
    counts.push_back(players.value());
  }
  for (int n : counts) {
    auto bots = MakeSeatBots(args.Get("bots").value_or(""), n);
    if (!bots) {
      return ReportErrors(spec.name, bots.errors(), err);
    }
  }

  // --record: every game into the store, in one transaction for the run.
  std::unique_ptr<Store> store;
  std::optional<Store::Batch> batch;
  if (args.Has("record")) {
    auto opened = Store::OpenAt(args.Get("db").value_or(""));
    if (!opened) {
      return ReportErrors(spec.name, opened.errors(), err);
    }
    store = std::move(opened).value();
    auto begun = store->BeginBatch();
    if (!begun) {
      return ReportErrors(spec.name, begun.errors(), err);
    }
    batch.emplace(std::move(begun).value());
  }

  const int game_count = static_cast<int>(games.value());
  std::vector<std::string> json_objects;
  bool failed = false;
  for (int n : counts) {
    auto bots = MakeSeatBots(args.Get("bots").value_or(""), n);
    std::vector<Bot*> seats;
    for (const auto& bot : bots.value()) seats.push_back(bot.get());
    const Game game(ruleset, n);
    ProgressLine progress(err, ProgressLine::IsTerminal(err), "sim");
    const auto start = std::chrono::steady_clock::now();
    std::vector<Diagnostic> record_errors;
    const SimulationStats stats = Simulate(
        game, seats, game_count, seed.value(),
        [&](int done) { progress.Update(done, game_count); },
        [&](const GameResult& result) {
          if (!store || !record_errors.empty()) return;
          auto id = store->RecordGame(game, result.actions, {}, result.seed, "sim");
          if (!id) record_errors = id.errors();
        });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.Finish();
    if (!record_errors.empty()) {  // the batch rolls back: nothing of this run is stored
      return ReportErrors(spec.name, record_errors, err);
    }
    if (args.Has("json")) {
      std::ostringstream one;
      WriteJson(ruleset, stats, seed.value(), seats, one);
      std::string text = one.str();
      if (!text.empty() && text.back() == '\n') text.pop_back();
      json_objects.push_back(text);
    } else {
      if (counts.size() > 1 && n != counts.front()) out << "\n";
      WriteTable(ruleset, stats, seed.value(), seats, out);
    }
    err << "sim: " << stats.games << " games, " << stats.actions << " actions in "
        << Fixed(seconds, 2) << " s ("
        << Fixed(seconds > 0 ? stats.games / seconds : 0, 0) << " games/s)\n";
    if (stats.errors() > 0) {
      err << "sim: " << stats.errors() << " game(s) ended in an error";
      err << "; first: " << stats.first_error;
      err << "\n";
      failed = true;
    }
  }
  if (args.Has("json")) {
    // One player count: one object; a range: an array of them, in order.
    if (counts.size() == 1) {
      out << json_objects.front() << "\n";
    } else {
      out << "[";
      for (size_t i = 0; i < json_objects.size(); ++i)
        out << (i ? "," : "") << json_objects[i];
      out << "]\n";
    }
  }
  if (batch) {
    Status committed = batch->Commit();
    if (!committed) {
      return ReportErrors(spec.name, committed.errors(), err);
    }
    err << "sim: games recorded\n";
  }
  return failed ? kExitFailure : kExitOk;
}

}  // namespace angler
