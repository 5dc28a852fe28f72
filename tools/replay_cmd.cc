// `angler replay`: list, show, step through, annotate, branch, export, import
// and verify the game records of the store (replay/store.h).
//
// Everything that reads or writes records lives in replay/; tools/replay_*.cc
// only parse the command line and present positions, tables and JSON. This
// file holds verify, to-scenario and the table of subcommands; the others are
// grouped as replay_subcommand.h says.
#include "tools/replay_cmd.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

#include "dsl/text.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/rng.h"
#include "interpreter/view.h"
#include "interpreter/yaml_doc.h"
#include "replay/branch.h"
#include "replay/format.h"
#include "replay/notation.h"
#include "replay/record.h"
#include "replay/scenario_writer.h"
#include "replay/store.h"
#include "replay/verify.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/event_text.h"
#include "tools/json.h"
#include "tools/progress.h"
#include "tools/replay_subcommand.h"
#include "tools/serve_json.h"
#include "tools/view_json.h"
#include "tools/view_text.h"

namespace angler {
namespace replay_cmd {
namespace {

// ---- verify ----

const CommandSpec& VerifySpec() {
  static const CommandSpec spec{
      "replay verify",
      "[--ruleset R] [--json] [--db PATH]",
      "Replays every stored game against the current ruleset of its name and\n"
      "reports, per game, the first ply where it no longer replays, where the\n"
      "number of legal actions changed (for a shuffle, the cards shuffled), or\n"
      "that its result changed, with the move and both rulesets' content hashes.\n"
      "A game of house rules no ruleset here is named after is replayed against\n"
      "the rules it was stored with; --ruleset FILE gives the current rules of\n"
      "its name (and checks only games of that name). Exits 1 when any game\n"
      "drifted.",
      {{"ruleset", true,
        "only games of this ruleset (a name or a content hash), or a ruleset FILE "
        "(a path) to check them against"},
       {"json", false, "print one JSON object"},
       kDbFlag}};
  return spec;
}

// `--ruleset` names a file rather than a ruleset's name or hash.
bool IsRulesetFile(const std::string& word) {
  auto ends = [&](std::string_view tail) {
    return word.size() > tail.size() &&
           word.compare(word.size() - tail.size(), tail.size(), tail) == 0;
  };
  return word.find('/') != std::string::npos || ends(".yaml") || ends(".yml") ||
         ends(".json");
}

// --ruleset: a ruleset file is loaded and offered under its name;
// otherwise a name must be a ruleset angler knows, and a content hash is hex
// digits.
Status ReadVerifyRuleset(const Args& args, VerifyOptions& options) {
  options.ruleset = args.Get("ruleset").value_or("");
  const bool hash =
      !options.ruleset.empty() &&
      options.ruleset.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (IsRulesetFile(options.ruleset)) {
    Result<RulesetPtr> supplied = LoadRuleset(options.ruleset);
    if (!supplied) return supplied.errors();
    RulesetPtr rules = supplied.value();
    options.ruleset = rules->name;
    options.current = [rules](const std::string& name) -> Result<RulesetPtr> {
      if (name == rules->name) return rules;
      return LoadRuleset(name);
    };
  } else if (!options.ruleset.empty() && !hash) {
    if (Result<RulesetPtr> known = LoadRuleset(options.ruleset); !known) {
      return known.errors();
    }
  }
  return Ok();
}

void WriteVerifyJson(const VerifyReport& r, std::ostream& out) {
  JsonWriter json;
  json.BeginObject();
  json.Key("games").Int(r.games);
  json.Key("actions").Int(r.actions);
  json.Key("house_rules").Int(r.house_rules);
  json.Key("drifted").Int(static_cast<int64_t>(r.drifts.size()));
  json.Key("drifts").BeginArray();
  for (const Drift& d : r.drifts) {
    json.BeginObject();
    json.Key("game").Int(d.game);
    json.Key("ruleset").String(d.ruleset_name);
    json.Key("stored_hash").String(d.stored_hash);
    json.Key("current_hash").String(d.current_hash);
    json.Key("ply").Int(d.ply);
    json.Key("round").Int(d.round);
    json.Key("move").String(d.move);
    json.Key("reason").String(d.reason);
    if (d.legal_recorded >= 0) {
      json.Key("legal_recorded").Int(d.legal_recorded);
      json.Key("legal_now").Int(d.legal_now);
    }
    json.Key("variation").Int(d.variation);  // 0: the main line drifted
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  out << json.str() << "\n";
}

void WriteVerifyText(const VerifyReport& r, std::ostream& out) {
  for (const Drift& d : r.drifts) out << DriftText(d) << "\n";
  out << "verify: " << r.games << " game(s), " << r.actions << " actions replayed: ";
  if (r.drifts.empty()) {
    out << "all replay";
  } else {
    out << r.drifts.size() << " drifted";
  }
  if (r.house_rules > 0) {
    out << " (" << r.house_rules << " of house rules, against their own rules)";
  }
  out << "\n";
}

int Verify(Context& c) {
  if (!c.args.positional().empty()) return Fail(c, "takes no arguments, only flags");
  auto store = OpenStore(c.args);
  if (!store) return Fail(c, store.errors());
  ProgressLine progress(c.err, ProgressLine::IsTerminal(c.err), "verify");
  VerifyOptions options;
  if (Status read = ReadVerifyRuleset(c.args, options); !read) {
    return Fail(c, read.errors());
  }
  options.progress = [&](int64_t done, int64_t total) {
    progress.Update(static_cast<long>(done), static_cast<long>(total));
  };
  const auto begin = std::chrono::steady_clock::now();
  Result<VerifyReport> report = VerifyStore(*store.value(), options);
  progress.Finish();
  if (!report) return Fail(c, report.errors());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const VerifyReport& r = report.value();
  if (c.args.Has("json")) {
    WriteVerifyJson(r, c.out);
  } else {
    WriteVerifyText(r, c.out);
  }
  char timing[64];
  std::snprintf(timing, sizeof timing, "%.2f s", seconds);
  c.err << "verify: " << r.games << " games in " << timing << "\n";
  return r.drifts.empty() ? kExitOk : kExitFailure;
}

// ---- to-scenario ----

// The file a scenario names for house rules: the ruleset's name when it is a
// plain word (letters, digits, '-', '_', '.'), else one made from its hash,
// so that it stays in the scenario's folder and reads as one word.
std::string RulesFileName(const Ruleset& rules) {
  const std::string& name = rules.name;
  const bool plain = !name.empty() && name.front() != '.' &&
                     std::all_of(name.begin(), name.end(), [](char c) {
                       return std::isalnum(static_cast<unsigned char>(c)) || c == '-' ||
                              c == '_' || c == '.';
                     });
  return (plain ? name : "rules-" + rules.content_hash.substr(0, 8)) + ".yaml";
}

// The rules' own text at `path`, for a scenario that names them: written when
// absent, kept when it holds these rules, else an error (nothing overwritten).
Status WriteRulesCopy(const std::string& path, const Ruleset& rules) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    Result<RulesetPtr> there = LoadRuleset(path);  // extends: from its own folder
    if (there && there.value()->content_hash == rules.content_hash) return Ok();
    return Diagnostic({}, "'" + path + "' exists and holds other rules than " +
                              rules.name + " " + rules.content_hash +
                              "; not overwritten");
  }
  std::ofstream file(path, std::ios::binary);
  file << "# " << rules.name << " " << rules.content_hash
       << ": house rules kept with a stored game, written by angler replay to-scenario.\n"
       << rules.canonical_text << "\n";
  if (!file.flush()) return Diagnostic({}, "cannot write '" + path + "'");
  return Ok();
}

const CommandSpec& ToScenarioSpec() {
  static const CommandSpec spec{
      "replay to-scenario",
      "GAME PLY [--variation V] [--output FILE] [--json] [--db PATH]",
      "Writes the position at PLY of a stored game as a scenario file (the\n"
      "language of 'angler check'): the ruleset, players and seed, the round, every\n"
      "zone's cards and the variables at the start of the trick in progress, the\n"
      "moves of that trick up to PLY, then the legal moves as a comment. Edit it\n"
      "into a rule check by adding 'expect' lines. A game of house rules (no\n"
      "ruleset of its name here) names its rules as NAME.yaml, which --output\n"
      "writes beside FILE from the rules the store keeps.",
      {{"output", true, "write the scenario to FILE instead of stdout"},
       {"variation", true, "the position on this variation (its id), not the main line"},
       {"json", false,
        "print {game, start_ply, end_ply, file (or null), scenario (the text, or "
        "null when written to FILE)}"},
       kDbFlag}};
  return spec;
}

int ToScenario(Context& c) {
  const auto& pos = c.args.positional();
  if (pos.size() != 2) return Fail(c, "expected GAME PLY");
  Result<int64_t> id = GameArg(pos[0]);
  if (!id) return Fail(c, id.errors());
  Result<int> ply = PlyArg(pos[1]);
  if (!ply) return Fail(c, ply.errors());
  Result<int64_t> variation = c.args.GetInt("variation", 0);
  if (!variation) return Fail(c, variation.errors());
  auto store = OpenStoreToRead(c.args);
  if (!store) return Fail(c, store.errors());
  Result<Loaded> g = LoadGame(*store.value(), id.value());
  if (!g) return Fail(c, g.errors());
  Result<Line> line = MakeLine(g.value(), variation.value());
  if (!line) return Fail(c, line.errors());
  std::string current_hash;
  if (Result<RulesetPtr> current = LoadRuleset(g.value().record.ruleset_name)) {
    current_hash = current.value()->content_hash;
  }
  const std::optional<std::string> path = c.args.Get("output");
  // House rules (no ruleset of that name here): the scenario names a copy of
  // the rules the store keeps with the game, written beside it, so that
  // `angler check` runs it anywhere.
  const Ruleset& rules = *g.value().rules;
  const std::string rules_file =
      ResolveRulesetPath(rules.name).empty() ? RulesFileName(rules) : "";
  if (path) {
    if (Status writable = CheckWritablePath(*path); !writable) {
      return Fail(c, writable.errors());
    }
  }
  Result<ScenarioPosition> written =
      WriteScenario(rules, line.value().AsMainLine(g.value().record), ply.value(),
                    current_hash, rules_file);
  if (!written) {
    return Fail(c, "game " + std::to_string(id.value()) + ": " + written.error().message);
  }
  if (!rules_file.empty()) {
    if (path) {
      const std::filesystem::path beside =
          std::filesystem::path(*path).parent_path() / rules_file;
      if (Status kept = WriteRulesCopy(beside.string(), rules); !kept) {
        return Fail(c, kept.errors());
      }
    } else {
      c.err << "replay to-scenario: the scenario names " << rules_file
            << " (house rules): --output FILE writes it beside FILE\n";
    }
  }
  if (path) {
    std::ofstream file(*path, std::ios::binary);
    file << written.value().text;
    if (!file.flush()) return Fail(c, "cannot write '" + *path + "'");
  }
  if (c.args.Has("json")) {
    JsonWriter json;
    json.BeginObject().Key("game").Int(id.value());
    json.Key("start_ply").Int(written.value().start_ply);
    json.Key("end_ply").Int(written.value().end_ply);
    json.Key("file");
    if (path) {
      json.String(*path).Key("scenario").Null();
    } else {
      json.Null().Key("scenario").String(written.value().text);
    }
    c.out << json.EndObject().str() << "\n";
  } else if (path) {
    c.out << "wrote " << *path << ": the position after ply "
          << written.value().start_ply;
    if (written.value().end_ply > written.value().start_ply) {
      c.out << " and the moves to ply " << written.value().end_ply;
    }
    c.out << "\n";
  } else {
    c.out << written.value().text;
  }
  return kExitOk;
}

// ---- The subcommands ----

struct Subcommand {
  const CommandSpec& (*spec)();
  int (*run)(Context& c);
  const char* summary;
};

const std::vector<Subcommand>& Subcommands() {
  static const std::vector<Subcommand> subs = {
      {ListSpec, List, "list the stored games"},
      {ShowSpec, Show, "show the position at a ply"},
      {StepSpec, Step, "step through a game (commands on stdin)"},
      {AnnotateSpec, Annotate, "comment on a move, give it a glyph"},
      {BranchSpec, Branch, "store other moves from a ply as a variation"},
      {VariationSpec, VariationCmd, "delete a variation or promote it to the main line"},
      {ExportSpec, Export, "write games in the record notation (or JSON)"},
      {ImportSpec, Import, "read records into the store"},
      {VerifySpec, Verify, "replay stored games against the current rulesets"},
      {ToScenarioSpec, ToScenario, "write a position as a scenario file"},
  };
  return subs;
}

void PrintReplayHelp(std::ostream& out) {
  out << "usage: angler replay COMMAND [ARGS...] [--db PATH]\n\n"
      << "The game records in the store (default $ANGLER_DB, else\n"
      << "$XDG_DATA_HOME/angler/angler.db, else ~/.local/share/angler/angler.db).\n\n"
      << "commands:\n";
  for (const Subcommand& s : Subcommands()) {
    const CommandSpec& spec = s.spec();
    const std::string name = spec.name.substr(spec.name.find(' ') + 1);
    out << "  " << name << std::string(12 - std::min<size_t>(name.size(), 11), ' ')
        << s.summary << "\n";
  }
  out << "\n'angler replay COMMAND --help' shows a command's arguments and flags.\n"
      << "exit codes: 0 ok, 1 verify found drifted games, 2 bad input or usage\n";
}

}  // namespace
}  // namespace replay_cmd

int RunReplay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
              std::istream& in) {
  using namespace replay_cmd;  // NOLINT(build/namespaces): the subcommands
  if (args.empty()) {
    PrintReplayHelp(err);
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    PrintReplayHelp(out);
    return kExitOk;
  }
  std::vector<std::string> names;
  for (const Subcommand& s : Subcommands()) {
    const CommandSpec& spec = s.spec();
    const std::string name = spec.name.substr(spec.name.find(' ') + 1);
    names.push_back(name);
    if (name != args[0]) continue;
    const std::vector<std::string> words(args.begin() + 1, args.end());
    ParsedCommand parsed = ParseCommand(spec, words, out, err);
    if (!parsed.args) return parsed.exit_code;
    Context c{*parsed.args, out, err, in, spec.name};
    return s.run(c);
  }
  err << "angler replay: error: "
      << WithSuggestion("unknown command '" + args[0] + "'", args[0], names)
      << "\nrun 'angler replay --help' for the list of commands\n";
  return kExitUsage;
}

}  // namespace angler
