// `angler analyze`: computer analysis of a stored game (tools/analysis.h),
// written back to the store as the bot's annotations.
//
// stdout depends only on the arguments and the store (same seed, same bytes);
// the progress line goes to stderr.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "replay/record.h"
#include "replay/store.h"
#include "tools/analysis.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/ismcts_bot.h"
#include "tools/json.h"
#include "tools/progress.h"

namespace angler {
namespace {

const CommandSpec& AnalyzeSpec() {
  static const CommandSpec spec{
      "analyze",
      "GAME [--bot ismcts:N] [--all] [--seed S] [--json] [--db PATH]",
      "For each decision of stored game GAME (an id from 'angler replay list'),\n"
      "estimates with an information-set search that sees only what the mover's\n"
      "seat saw the mover's winning chance with the best move and with the move\n"
      "played. A move that gave away 10 points of winning chance or more gets\n"
      "?! (dubious), 20 or more ? (a mistake), 30 or more ?? (a blunder), and the\n"
      "comment \"best: blue 7, 41% -> 23%\". These are stored as the bot's\n"
      "annotations: they replace its earlier analysis of the lines analyzed, and\n"
      "a move a person annotated keeps the person's. Forced moves and chance are\n"
      "not decisions. The same seed gives the same analysis.",
      {{"bot", true, "ismcts or ismcts:N, N playouts a decision (default ismcts:1000)"},
       {"all", false, "analyze the game's variations as well as its main line"},
       {"seed", true, "seed of the search (default 1)"},
       {"json", false, "print one JSON object instead of a table"},
       {"db", true,
        "the store (default: $ANGLER_DB, else $XDG_DATA_HOME/angler/angler.db, "
        "else ~/.local/share/angler/angler.db)"}}};
  return spec;
}

Result<int> PlayoutsFlag(const Args& args) {
  const std::string spec = args.Get("bot").value_or("ismcts");
  if (spec == "ismcts") return AnalysisSettings::kDefaultPlayouts;
  const std::string prefix = "ismcts:";
  const std::string digits = spec.rfind(prefix, 0) == 0 ? spec.substr(prefix.size()) : "";
  const bool number = !digits.empty() && digits.size() < 7 &&
                      std::all_of(digits.begin(), digits.end(), ::isdigit);
  const int n = number ? std::stoi(digits) : 0;
  if (n < 1 || n > IsmctsBot::kMaxPlayouts) {
    return Diagnostic({}, "--bot '" + spec +
                              "': analysis uses ismcts or ismcts:N, N from 1 to " +
                              std::to_string(IsmctsBot::kMaxPlayouts));
  }
  return n;
}

// One line of the game to analyze: its actions from the start.
struct LineToAnalyze {
  int64_t id = 0;    // variation id; 0: the main line
  int from_ply = 0;  // the branch point
  std::vector<Action> actions;
};

Result<std::vector<LineToAnalyze>> Lines(const GameRecord& record, bool all) {
  std::vector<LineToAnalyze> lines(1);
  for (const RecordedAction& a : record.actions) lines[0].actions.push_back(a.action);
  if (!all) return lines;
  for (const Variation& v : record.variations) {
    // Its parents' moves up to its branch (nested variations too), then its own.
    Result<std::vector<RecordedAction>> played = LineActions(record, &v);
    if (!played) return played.errors();
    LineToAnalyze line{v.id, v.ply, {}};
    for (const RecordedAction& a : played.value()) line.actions.push_back(a.action);
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string Percent(double chance) {
  char text[16];
  std::snprintf(text, sizeof text, "%3d%%", static_cast<int>(chance * 100 + 0.5));
  return text;
}

void WriteTable(const GameRecord& record, const std::string& bot,
                const std::vector<MoveAnalysis>& moves, const std::vector<bool>& stored,
                std::ostream& out) {
  out << "game " << record.id << " (" << record.ruleset_name << ", "
      << record.players_count() << " players), " << bot << "\n";
  int64_t line = -1;
  int kept = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const MoveAnalysis& m = moves[i];
    if (m.line != line) {
      line = m.line;
      out << (line == 0 ? "main line" : "variation " + std::to_string(line)) << ":\n";
    }
    out << "  " << m.ply << ". " << record.players[static_cast<size_t>(m.seat)] << " "
        << m.move << "  " << Percent(m.before) << " ->" << Percent(m.after);
    if (!m.glyph.empty()) out << "  " << m.glyph << "  best: " << m.best;
    if (!m.glyph.empty() && !stored[i]) {
      out << "  (a person's annotation kept)";
      ++kept;
    }
    out << "\n";
  }
  const long written = std::count(stored.begin(), stored.end(), true);
  out << moves.size() << " decisions, " << written << " annotations written";
  if (kept > 0) out << ", " << kept << " kept a person's";
  out << "\n";
}

void WriteJson(const GameRecord& record, const std::string& bot, uint64_t seed,
               const std::vector<MoveAnalysis>& moves, const std::vector<bool>& stored,
               std::ostream& out) {
  JsonWriter json;
  json.BeginObject().Key("game").Int(record.id);
  json.Key("ruleset").String(record.ruleset_name).Key("hash").String(record.ruleset_hash);
  json.Key("bot").String(bot).Key("seed").UintString(seed);
  json.Key("thresholds").BeginObject();
  json.Key("?!").Double(kDubiousLoss).Key("?").Double(kMistakeLoss);
  json.Key("??").Double(kBlunderLoss).EndObject();
  json.Key("decisions").BeginArray();
  for (size_t i = 0; i < moves.size(); ++i) {
    const MoveAnalysis& m = moves[i];
    json.BeginObject().Key("variation").Int(m.line).Key("ply").Int(m.ply);
    json.Key("seat").Int(m.seat);
    json.Key("player").String(record.players[static_cast<size_t>(m.seat)]);
    json.Key("legal").Int(m.legal).Key("move").String(m.move).Key("best").String(m.best);
    json.Key("before").Double(m.before).Key("after").Double(m.after);
    json.Key("loss").Double(m.loss()).Key("glyph").String(m.glyph);
    json.Key("comment").String(m.Comment()).Key("stored").Bool(stored[i]);
    json.EndObject();
  }
  json.EndArray();
  json.Key("annotations").Int(std::count(stored.begin(), stored.end(), true));
  json.EndObject();
  out << json.str() << "\n";
}

int Analyze(const Args& args, std::ostream& out, std::ostream& err) {
  const std::string name = AnalyzeSpec().name;
  auto fail = [&](const std::vector<Diagnostic>& errors) {
    return ReportErrors(name, errors, err);
  };
  const auto& pos = args.positional();
  if (pos.size() != 1) return fail({Diagnostic({}, "expected one GAME (a game's id)")});
  const bool digits = !pos[0].empty() && pos[0].size() < 18 &&
                      std::all_of(pos[0].begin(), pos[0].end(), ::isdigit);
  const int64_t id = digits ? std::stoll(pos[0]) : 0;
  if (id <= 0) {
    return fail({Diagnostic({},
                            "GAME is a game's id, a number from 'angler replay list'; "
                            "got '" +
                                pos[0] + "'")});
  }
  Result<int> playouts = PlayoutsFlag(args);
  if (!playouts) return fail(playouts.errors());
  Result<uint64_t> seed = args.GetUint64("seed", 1);
  if (!seed) return fail(seed.errors());
  auto store = Store::OpenExistingAt(args.Get("db").value_or(""));
  if (!store) return fail(store.errors());
  Result<GameRecord> record = store.value()->LoadGame(id);
  if (!record) return fail(record.errors());
  Result<RulesetPtr> rules = store.value()->RulesetByHash(record.value().ruleset_hash);
  if (!rules) return fail(rules.errors());
  const Game game(*rules.value(), record.value().players_count());

  Result<std::vector<LineToAnalyze>> read = Lines(record.value(), args.Has("all"));
  if (!read) {
    return fail(
        {Diagnostic({}, "game " + std::to_string(id) + ": " + read.error().message)});
  }
  const std::vector<LineToAnalyze>& lines = read.value();
  int total = 0;
  for (const LineToAnalyze& l : lines)
    total += CountDecisions(game, l.actions, l.from_ply);
  const AnalysisSettings settings{playouts.value(), seed.value()};
  const std::string bot = "ismcts:" + std::to_string(playouts.value());
  ProgressLine progress(err, ProgressLine::IsTerminal(err), "analyze");
  std::vector<MoveAnalysis> moves;
  for (const LineToAnalyze& l : lines) {
    const int before = static_cast<int>(moves.size());
    auto analyzed = AnalyzeLine(game, l.actions, l.from_ply, l.id, settings,
                                [&](int done) { progress.Update(before + done, total); });
    if (!analyzed) {
      return fail({Diagnostic({}, "game " + std::to_string(id) +
                                      " does not replay under its stored rules: " +
                                      analyzed.error().message)});
    }
    moves.insert(moves.end(), analyzed.value().begin(), analyzed.value().end());
  }
  progress.Finish();

  std::vector<int64_t> line_ids;
  for (const LineToAnalyze& l : lines) line_ids.push_back(l.id);
  std::vector<Store::BotNote> notes;
  std::vector<size_t> noted;  // the move of each note
  for (size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].glyph.empty()) continue;
    notes.push_back({moves[i].line, {moves[i].ply, moves[i].Comment(), moves[i].glyph}});
    noted.push_back(i);
  }
  auto written = store.value()->ReplaceBotAnnotations(id, line_ids, notes, bot);
  if (!written) return fail(written.errors());
  std::vector<bool> stored(moves.size(), false);
  for (size_t n = 0; n < noted.size(); ++n) stored[noted[n]] = written.value()[n];
  if (args.Has("json")) {
    WriteJson(record.value(), bot, seed.value(), moves, stored, out);
  } else {
    WriteTable(record.value(), bot, moves, stored, out);
  }
  return kExitOk;
}

}  // namespace

int RunAnalyze(const std::vector<std::string>& words, std::ostream& out,
               std::ostream& err) {
  ParsedCommand parsed = ParseCommand(AnalyzeSpec(), words, out, err);
  if (!parsed.args) return parsed.exit_code;
  return Analyze(*parsed.args, out, err);
}

}  // namespace angler
