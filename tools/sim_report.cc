#include "tools/sim_report.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <utility>

#include "dsl/text.h"
#include "interpreter/move_text.h"
#include "replay/record.h"

namespace angler {
namespace {

constexpr char kNotAvailable[] = "n/a";

// null where there is none (a mean over fewer than two games).
void WriteInterval(const std::optional<Interval>& i, int decimals, JsonWriter& json) {
  if (!i) {
    json.Null();
    return;
  }
  json.BeginArray().Double(i->low, decimals).Double(i->high, decimals).EndArray();
}

// A rate or mean over no completed game is no number: null, not 0.
void WriteMean(bool measured, double value, JsonWriter& json) {
  if (measured) {
    json.Double(value);
  } else {
    json.Null();
  }
}

// Wins of the completed games; none when no game completed (Wilson's
// interval of nothing is [0, 1], which says nothing either).
std::optional<Interval> WinInterval(const SimulationStats& stats, size_t seat) {
  if (stats.completed == 0) return std::nullopt;
  return WilsonInterval(stats.wins[seat], stats.completed);
}

void WritePercentiles(const Histogram& h, JsonWriter& json) {
  json.BeginObject();
  for (double p : kReportedPercentiles) {
    char key[8];
    std::snprintf(key, sizeof key, "p%d", static_cast<int>(p));
    if (h.empty()) {
      json.Key(key).Null();  // no completed game: no score, not 0
    } else {
      json.Key(key).Int(Percentile(h, p));
    }
  }
  json.EndObject();
}

void WriteCounts(const Histogram& h, JsonWriter& json) {
  json.BeginArray();
  for (const auto& [value, count] : h) json.BeginArray().Int(value).Int(count).EndArray();
  json.EndArray();
}

void WriteSeats(const SimulationStats& stats, JsonWriter& json) {
  json.Key("seats").BeginArray();
  for (int p = 0; p < stats.players; ++p) {
    const auto seat = static_cast<size_t>(p);
    json.BeginObject();
    json.Key("wins").Int(stats.wins[seat]);
    const bool measured = stats.completed > 0;
    json.Key("mean_score");
    WriteMean(measured, stats.MeanRank(p), json);
    json.Key("win_rate");
    WriteMean(measured, stats.WinRate(p), json);
    json.Key("win_rate_ci");
    WriteInterval(WinInterval(stats, seat), 4, json);
    json.Key("mean_score_ci");
    WriteInterval(HistogramMoments(stats.ranks[seat]).MeanInterval(), 4, json);
    json.Key("score_percentiles");
    WritePercentiles(stats.ranks[seat], json);
    json.Key("score_counts");
    WriteCounts(stats.ranks[seat], json);
    json.EndObject();
  }
  json.EndArray();
}

// "low..high" scaled, rounded and followed by `unit`; "n/a" where there is
// no interval.
std::string RangeText(const std::optional<Interval>& i, double scale, int decimals,
                      const char* unit = "") {
  if (!i) return kNotAvailable;
  return Fixed(scale * i->low, decimals) + ".." + Fixed(scale * i->high, decimals) + unit;
}

}  // namespace

SimRun SimRun::Of(const Ruleset& rules, uint64_t seed, std::vector<std::string> bots,
                  int64_t run_games) {
  SimRun run;
  run.ruleset = rules.name;
  run.title = rules.title;
  run.content_hash = rules.content_hash;
  run.end_reasons = rules.end_reasons;
  if (run.end_reasons.empty()) run.end_reasons.push_back("");
  run.seed = seed;
  run.bots = std::move(bots);
  run.run_games = run_games;
  return run;
}

void WriteSimJson(const SimReport& report, JsonWriter& json) {
  const SimRun& run = report.run;
  const SimulationStats& stats = report.stats;
  json.BeginObject();
  json.Key("games").Int(stats.games);
  json.Key("players").Int(stats.players);
  WriteSeats(stats, json);
  json.Key("mean_actions");
  WriteMean(stats.completed > 0, stats.MeanActions(), json);
  json.Key("overfished").Int(stats.ended_early);
  json.Key("end_reasons").BeginObject();
  for (size_t r = 1; r < run.end_reasons.size(); ++r) {
    json.Key(run.end_reasons[r]).Int(stats.end_reasons[r]);
  }
  json.EndObject();
  json.Key("errors").Int(stats.errors());
  json.Key("ruleset_errors").Int(stats.ruleset_errors);
  if (!stats.first_error.empty()) json.Key("first_error").String(stats.first_error);
  json.Key("ruleset").String(run.ruleset);
  json.Key("content_hash").String(run.content_hash);
  json.Key("hash").String(run.content_hash);  // the key every other command uses
  json.Key("seed").UintString(run.seed);
  json.Key("bots").BeginArray();
  for (const std::string& bot : run.bots) json.String(bot);
  json.EndArray();
  json.Key("signature").String(Hex64(stats.signature));
  // Added with the intervals and shards; the keys above keep their order.
  json.Key("title").String(run.title);
  json.Key("mean_actions_ci");
  WriteInterval(HistogramMoments(stats.lengths).MeanInterval(), 4, json);
  json.Key("length_percentiles");
  WritePercentiles(stats.lengths, json);
  json.Key("length_counts");
  WriteCounts(stats.lengths, json);
  if (stats.first_error_game >= 0)
    json.Key("first_error_game").Int(stats.first_error_game);
  if (!run.players.empty()) {  // P1..Pn, or --names
    json.Key("names").BeginArray();
    for (const std::string& name : run.players) json.String(name);
    json.EndArray();
  }
  if (run.shards > 0) {
    json.Key("shard").BeginObject();
    json.Key("index").Int(run.shard);
    json.Key("of").Int(run.shards);
    json.Key("run_games").Int(run.run_games);
    json.EndObject();
  }
  json.EndObject();
}

void PrintSimJson(const std::vector<SimReport>& reports, std::ostream& out) {
  JsonWriter json;
  if (reports.size() != 1) json.BeginArray();
  for (const SimReport& report : reports) WriteSimJson(report, json);
  if (reports.size() != 1) json.EndArray();
  out << json.str() << "\n";
}

bool WriteSimErrors(std::string_view who, const SimulationStats& stats,
                    std::ostream& err) {
  if (stats.errors() == 0) return false;
  err << who << ": " << stats.errors()
      << " game(s) ended in an error; first: " << stats.first_error << "\n";
  return true;
}

void WriteSimTable(const SimReport& report, std::ostream& out) {
  const SimRun& run = report.run;
  const SimulationStats& stats = report.stats;
  out << run.ruleset << " (" << run.title << "): " << stats.players << " players, "
      << stats.games << (stats.games == 1 ? " game" : " games") << ", seed " << run.seed;
  if (run.shards > 0) {
    out << ", shard " << run.shard << "/" << run.shards << " of " << run.run_games
        << " games";
  }
  out << "\n\n";
  size_t bot_width = 3;
  for (const std::string& bot : run.bots) bot_width = std::max(bot_width, bot.size());
  // Seats by the players' names, P1..Pn unless the run named them.
  const std::vector<std::string> players =
      run.players.empty() ? SeatNames(stats.players) : run.players;
  size_t seat_width = 4;
  for (const std::string& name : players) seat_width = std::max(seat_width, name.size());
  out << PadRight("seat", seat_width) << "  " << PadRight("bot", bot_width)
      << "   wins  win rate      95% CI      mean score       95% CI    "
         "score p5   p25   p50   p75   p95\n";
  // Right-aligned in `width`; a wider value keeps a space before it, so that
  // large scores ("-671.60..573.60") never run into the column before.
  auto column = [](const std::string& text, size_t width) {
    return text.size() < width ? PadLeft(text, width) : " " + text;
  };
  for (int p = 0; p < stats.players; ++p) {
    const auto seat = static_cast<size_t>(p);
    const bool measured = stats.completed > 0;
    out << PadRight(players[seat], seat_width) << "  "
        << PadRight(run.bots[seat], bot_width) << " "
        << column(std::to_string(stats.wins[seat]), 6)
        << column(measured ? Fixed(100 * stats.WinRate(p), 1) + "%"
                           : std::string(kNotAvailable),
                  10)
        << column(RangeText(WinInterval(stats, seat), 100, 1, "%"), 14)
        << column(measured ? Fixed(stats.MeanRank(p), 2) : std::string(kNotAvailable), 14)
        << column(RangeText(HistogramMoments(stats.ranks[seat]).MeanInterval(), 1, 2), 15)
        << "   ";
    for (double q : kReportedPercentiles) {
      const std::string value = measured
                                    ? std::to_string(Percentile(stats.ranks[seat], q))
                                    : std::string(kNotAvailable);
      out << column(value, q == 5 ? 8 : 6);
    }
    out << "\n";
  }
  out << "(a shared win counts for each winner; intervals at 95%: Wilson for win\n"
         " rates, Student's t for means; score percentiles by nearest rank)\n\n";
  if (stats.completed == 0) {
    out << "mean game length: n/a (no game completed)\n";
  } else {
    out << "mean game length: " << Fixed(stats.MeanActions(), 1) << " actions (95% CI "
        << RangeText(HistogramMoments(stats.lengths).MeanInterval(), 1, 1) << ")\n";
  }
  out << "ended early: " << stats.ended_early;
  if (run.end_reasons.size() > 1) {
    out << " (";
    for (size_t r = 1; r < run.end_reasons.size(); ++r) {
      out << (r > 1 ? ", " : "") << run.end_reasons[r] << " " << stats.end_reasons[r];
    }
    out << ")";
  }
  out << "\n";
  if (stats.errors() > 0) {
    out << "errors: " << stats.errors() << " (ruleset errors " << stats.ruleset_errors
        << ", failed games " << stats.failures << ")\n";
  }
}

}  // namespace angler

namespace angler {
namespace {

// Reads the members of one report object; the first problem is kept.
class ReportReader {
 public:
  // `file` is kept: a seat's reader is named by a string made for it.
  ReportReader(const JsonValue& object, std::string file)
      : object_(object), file_(std::move(file)) {}

  const JsonValue* Get(std::string_view key, JsonValue::Kind kind) {
    const JsonValue* v = object_.Find(key);
    if (!v || v->kind != kind) {
      std::string message = "'";
      message.append(key).append("' is missing or not ").append(KindName(kind));
      Fail(std::move(message));
      return nullptr;
    }
    return v;
  }
  // A 64-bit value: a string of digits (as written), or a number (as older
  // outputs wrote it).
  uint64_t Uint64(std::string_view key) {
    const JsonValue* v = object_.Find(key);
    std::optional<uint64_t> value = v ? v->AsUint() : std::nullopt;
    if (!value) {
      std::string message = "'";  // appended: GCC 12 warns falsely on operator+
      message.append(key).append("' is missing or not a 64-bit number");
      Fail(std::move(message));
    }
    return value.value_or(0);
  }
  int64_t Int(const JsonValue* v, std::string_view what) {
    if (!v) return 0;
    auto i = v->AsInt();
    if (!i) Fail(std::string(what) + " is not a whole number");
    return i.value_or(0);
  }
  int64_t Int(std::string_view key) {
    return Int(Get(key, JsonValue::Kind::kNumber), key);
  }
  std::string String(std::string_view key) {
    const JsonValue* v = Get(key, JsonValue::Kind::kString);
    return v ? v->text : "";
  }
  Histogram Counts(const JsonValue* pairs, std::string_view what) {
    Histogram h;
    if (!pairs) return h;
    for (const JsonValue& pair : pairs->items) {
      if (pair.items.size() != 2) {
        Fail(std::string(what) + " holds something other than [value, count]");
        break;
      }
      h[Int(&pair.items[0], what)] += Int(&pair.items[1], what);
    }
    return h;
  }
  void Fail(std::string message) {
    if (!error_) error_ = Diagnostic({}, file_ + ": " + message);
  }
  const std::optional<Diagnostic>& error() const { return error_; }

 private:
  static std::string KindName(JsonValue::Kind kind) {
    switch (kind) {
      case JsonValue::Kind::kNumber:
        return "a number";
      case JsonValue::Kind::kString:
        return "a string";
      case JsonValue::Kind::kArray:
        return "a list";
      case JsonValue::Kind::kObject:
        return "an object";
      default:
        return "a value";
    }
  }

  const JsonValue& object_;
  const std::string file_;
  std::optional<Diagnostic> error_;
};

void ReadSeats(ReportReader& r, const JsonValue* seats, SimulationStats& stats) {
  if (!seats) return;
  if (static_cast<int>(seats->items.size()) != stats.players) {
    r.Fail("'seats' does not have one entry per player");
    return;
  }
  for (size_t p = 0; p < seats->items.size(); ++p) {
    ReportReader seat(seats->items[p], "seat " + std::to_string(p));
    stats.wins[p] = seat.Int("wins");
    stats.ranks[p] =
        seat.Counts(seat.Get("score_counts", JsonValue::Kind::kArray), "score_counts");
    stats.rank_totals[p] = 0;
    for (const auto& [rank, count] : stats.ranks[p]) stats.rank_totals[p] += rank * count;
    if (seat.error()) r.Fail(seat.error()->message);
  }
}

// The counts of one report agree with each other, as Simulate leaves them:
// a hand-edited or damaged output would otherwise merge into a report that
// looks right.
void CheckCounts(const SimulationStats& stats, ReportReader& r) {
  auto fail = [&](const char* what) {
    r.Fail(std::string("the counts disagree: ") + what);
  };
  const auto negative = [](const Histogram& h) {
    return std::any_of(h.begin(), h.end(), [](const auto& kv) { return kv.second < 0; });
  };
  if (stats.games < 0 || stats.ruleset_errors < 0 || stats.failures < 0)
    return fail("a negative number of games");
  if (negative(stats.lengths)) return fail("a negative count in 'length_counts'");
  if (stats.completed + stats.errors() != stats.games)
    return fail("'length_counts' and 'errors' do not add up to 'games'");
  for (size_t p = 0; p < stats.wins.size(); ++p) {
    if (negative(stats.ranks[p]) || HistogramCount(stats.ranks[p]) != stats.completed)
      return fail("a seat's 'score_counts' do not add up to the completed games");
    if (stats.wins[p] < 0 || stats.wins[p] > stats.completed)
      return fail("a seat has more wins than completed games");
  }
  int64_t ended = 0;
  for (size_t k = 1; k < stats.end_reasons.size(); ++k) {
    if (stats.end_reasons[k] < 0) return fail("a negative count in 'end_reasons'");
    ended += stats.end_reasons[k];
  }
  if (ended > stats.completed) return fail("more 'end_reasons' than completed games");
  if (stats.ended_early < 0 || stats.ended_early > stats.completed)
    return fail("more games ended early than completed");
}

}  // namespace

Result<SimReport> ReadSimJson(const JsonValue& object, const std::string& file) {
  ReportReader r(object, file);
  if (object.kind != JsonValue::Kind::kObject) {
    return Diagnostic({}, file + ": expected the JSON object of `angler sim --json`");
  }
  SimReport report;
  SimRun& run = report.run;
  SimulationStats& stats = report.stats;
  run.ruleset = r.String("ruleset");
  run.title = r.String("title");
  run.content_hash = r.String("content_hash");
  run.seed = r.Uint64("seed");
  if (const JsonValue* bots = r.Get("bots", JsonValue::Kind::kArray)) {
    for (const JsonValue& b : bots->items) run.bots.push_back(b.text);
  }
  run.end_reasons = {""};
  if (const JsonValue* names = object.Find("names")) {
    for (const JsonValue& name : names->items) {
      if (name.kind != JsonValue::Kind::kString) {
        r.Fail("'names' holds something other than names");
        break;
      }
      run.players.push_back(name.text);
    }
  }
  stats.games = r.Int("games");
  stats.players = static_cast<int>(r.Int("players"));
  if (stats.players < 1 || stats.players > kMaxPlayers) {
    r.Fail("'players' is out of range");
    return *r.error();
  }
  const auto seats = static_cast<size_t>(stats.players);
  stats.wins.assign(seats, 0);
  stats.rank_totals.assign(seats, 0);
  stats.ranks.assign(seats, {});
  if (run.players.empty()) {  // written before names were
    run.players = SeatNames(stats.players);
  } else if (run.players.size() != seats) {
    r.Fail("'names' does not have one name per player");
  }
  ReadSeats(r, r.Get("seats", JsonValue::Kind::kArray), stats);
  stats.lengths =
      r.Counts(r.Get("length_counts", JsonValue::Kind::kArray), "length_counts");
  stats.completed = HistogramCount(stats.lengths);
  for (const auto& [length, count] : stats.lengths) stats.actions += length * count;
  stats.end_reasons = {stats.completed};
  if (const JsonValue* reasons = r.Get("end_reasons", JsonValue::Kind::kObject)) {
    for (const auto& [name, count] : reasons->members) {
      run.end_reasons.push_back(name);
      stats.end_reasons.push_back(r.Int(&count, name));
      stats.end_reasons[0] -= stats.end_reasons.back();
    }
  }
  stats.ended_early = r.Int("overfished");
  stats.ruleset_errors = r.Int("ruleset_errors");
  stats.failures = r.Int("errors") - stats.ruleset_errors;
  if (object.Find("first_error")) {
    stats.first_error = r.String("first_error");
    stats.first_error_game = r.Int("first_error_game");
  }
  const std::string signature = r.String("signature");
  if (!ParseHex64(signature, stats.signature)) {
    r.Fail("'signature' is not 16 hexadecimal digits");
  }
  if (const JsonValue* shard = object.Find("shard")) {
    ReportReader s(*shard, file + ": shard");
    run.shard = static_cast<int>(s.Int("index"));
    run.shards = static_cast<int>(s.Int("of"));
    run.run_games = s.Int("run_games");
    if (s.error()) r.Fail(s.error()->message);
  } else {
    run.run_games = stats.games;
  }
  if (!r.error()) CheckCounts(stats, r);
  if (r.error()) return *r.error();
  return report;
}

}  // namespace angler
