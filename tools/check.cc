#include "tools/check.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "dsl/scenario.h"
#include "replay/store.h"
#include "tools/command_support.h"
#include "tools/commands.h"
#include "tools/json.h"
#include "tools/scenario/scenario_runner.h"

namespace angler {
namespace {

namespace fs = std::filesystem;
using Outcome = ScenarioOutcome::Status;

const CommandSpec& CheckSpec() {
  static const CommandSpec spec{
      "check",
      "PATH... [--json] [--store [--db PATH]]",
      "Runs every scenario in the given files and folders (a folder: every *.scn\n"
      "below it). A scenario sets up a position, plays moves and states what must\n"
      "hold, such as a worked example of a rule text. Prints a line per scenario\n"
      "and, for a failure, the line that did not hold with what was expected and\n"
      "what happened; then 'N passed, N failed'. Exit 0: all passed; 1: one failed;\n"
      "2: bad input (unreadable paths, syntax errors, unknown names). With --store\n"
      "every run is kept in the record store and scenarios that passed last time\n"
      "but fail now are named.",
      {{"json", false, "print the results as one JSON object"},
       {"store", false, "keep this run in the record store; report new failures"},
       {"db", true, "the record store (default $ANGLER_DB, else the user's data dir)"}}};
  return spec;
}

// Files named on the command line as they are; folders give their *.scn files.
void CollectFiles(const std::string& path, std::vector<std::string>& files,
                  std::vector<Diagnostic>& problems) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file(ec) && it->path().extension() == ".scn") {
        found.push_back(it->path().string());
      }
    }
    std::sort(found.begin(), found.end());
    if (found.empty()) {
      problems.emplace_back(SourcePos{}, "no scenario files (*.scn) in '" + path + "'");
    }
    files.insert(files.end(), found.begin(), found.end());
  } else if (fs::is_regular_file(path, ec)) {
    files.push_back(path);
  } else {
    problems.emplace_back(SourcePos{}, "cannot read '" + path + "'");
  }
}

// A file named twice, or named and inside a folder named too, is checked once
// (as first named): its scenarios would otherwise count twice, and a run kept
// in the store would hold two scenarios of one title.
void DropRepeats(std::vector<std::string>& files) {
  std::set<std::string> seen;
  std::erase_if(files, [&seen](const std::string& file) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(file, ec);
    return !seen.insert(ec ? file : canonical.string()).second;
  });
}

std::string FileName(const SourcePos& pos) {
  return pos.file != nullptr ? pos.file->name() : "";
}

std::string Where(const SourcePos& pos) {
  return FileName(pos) + ":" + std::to_string(pos.line);
}

// The failing line as written, without its indentation.
std::string SourceLine(const SourcePos& pos) {
  if (pos.file == nullptr) return "";
  std::string_view line = pos.file->Line(pos.line);
  const size_t first = line.find_first_not_of(" \t");
  return first == std::string_view::npos ? "" : std::string(line.substr(first));
}

void PrintText(const std::vector<ScenarioOutcome>& outcomes, std::ostream& out,
               std::ostream& err) {
  for (const ScenarioOutcome& o : outcomes) {
    const char* status = o.status == Outcome::kPass   ? "PASS"
                         : o.status == Outcome::kFail ? "FAIL"
                                                      : "ERROR";
    out << status << ' ' << Where(o.pos) << ": " << o.title << '\n';
    if (o.status == Outcome::kFail) {
      out << "  " << Where(o.failed_at) << ": " << SourceLine(o.failed_at) << '\n'
          << "    expected: " << o.expected << '\n'
          << "    actual:   " << o.actual << '\n';
    }
    for (const Diagnostic& d : o.errors) err << d.Format();
  }
}

void PrintJson(const std::vector<ScenarioOutcome>& outcomes,
               const std::vector<Diagnostic>& problems, int passed, int failed,
               std::ostream& out) {
  JsonWriter json;
  json.BeginObject();
  json.Key("scenarios").BeginArray();
  for (const ScenarioOutcome& o : outcomes) {
    json.BeginObject();
    json.Key("file").String(FileName(o.pos));
    json.Key("line").Int(o.pos.line);
    json.Key("title").String(o.title);
    json.Key("status").String(o.status == Outcome::kPass   ? "pass"
                              : o.status == Outcome::kFail ? "fail"
                                                           : "error");
    if (o.status == Outcome::kFail) {
      json.Key("failure").BeginObject();
      json.Key("line").Int(o.failed_at.line);
      json.Key("column").Int(o.failed_at.col);
      json.Key("source").String(SourceLine(o.failed_at));
      json.Key("expected").String(o.expected);
      json.Key("actual").String(o.actual);
      json.EndObject();
    }
    if (o.status == Outcome::kError) {
      json.Key("errors").BeginArray();
      for (const Diagnostic& d : o.errors) WriteDiagnostic(json, d);
      json.EndArray();
    }
    json.EndObject();
  }
  json.EndArray();
  json.Key("errors").BeginArray();
  for (const Diagnostic& d : problems) WriteDiagnostic(json, d);
  json.EndArray();
  json.Key("passed").Int(passed);
  json.Key("failed").Int(failed);
  json.EndObject();
  out << json.str() << '\n';
}

// Runs every scenario of the files; a file that cannot be read or parsed,
// or holds no scenario, is a problem outside any scenario.
std::vector<ScenarioOutcome> RunFiles(const std::vector<std::string>& files,
                                      std::vector<Diagnostic>& problems) {
  ScenarioRunner runner;
  std::vector<ScenarioOutcome> outcomes;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      problems.emplace_back(SourcePos{}, "cannot read '" + path + "'");
      continue;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto scenarios = ParseScenarios(SourceFile::Make(path, text.str()));
    if (!scenarios) {
      problems.insert(problems.end(), scenarios.errors().begin(),
                      scenarios.errors().end());
      continue;
    }
    // An empty file is bad input, as an empty folder is.
    if (scenarios.value().empty()) {
      problems.emplace_back(SourcePos{}, "no scenario in '" + path + "'");
    }
    for (const Scenario& s : scenarios.value()) outcomes.push_back(runner.Run(s));
  }
  return outcomes;
}

// A scenario's outcome as the store keeps it: by its file's full path.
ScenarioRun StoredRun(const ScenarioOutcome& o) {
  ScenarioRun run;
  std::error_code ec;
  std::string name = o.pos.file ? o.pos.file->name() : "";
  auto canonical = std::filesystem::weakly_canonical(name, ec);
  run.file = ec ? name : canonical.string();
  run.title = o.title;
  run.passed = o.status == Outcome::kPass;
  if (o.status == Outcome::kFail)
    run.message = "expected " + o.expected + ", got " + o.actual;
  if (o.status == Outcome::kError && !o.errors.empty())
    run.message = o.errors.front().message;
  return run;
}

// --store: keeps the run; names what passed last time and fails now.
Result<std::vector<std::string>> StoreRuns(const Args& a,
                                           const std::vector<ScenarioOutcome>& outcomes) {
  auto store = Store::OpenAt(a.Get("db").value_or(""));
  if (!store) return store.errors();
  std::vector<ScenarioRun> runs;
  for (const ScenarioOutcome& o : outcomes) runs.push_back(StoredRun(o));
  auto history = store.value()->RecordScenarioRuns(runs);
  if (!history) return history.errors();
  std::vector<std::string> regressed;
  for (const ScenarioHistory& h : history.value()) {
    if (h.Regressed()) regressed.push_back(h.run.file + ": " + h.run.title);
  }
  return regressed;
}

}  // namespace

int RunCheck(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CommandSpec& spec = CheckSpec();
  ParsedCommand parsed = ParseCommand(spec, args, out, err);
  if (!parsed.args) return parsed.exit_code;
  const Args& a = *parsed.args;
  if (a.positional().empty()) {
    return ReportErrors(
        spec.name, {Diagnostic({}, "expected scenario files or folders to check")}, err);
  }
  const bool json = a.Has("json");

  std::vector<std::string> files;
  std::vector<Diagnostic> problems;  // bad input outside any scenario
  for (const std::string& path : a.positional()) CollectFiles(path, files, problems);
  DropRepeats(files);
  const std::vector<ScenarioOutcome> outcomes = RunFiles(files, problems);

  int passed = 0, failed = 0;
  bool bad_input = !problems.empty();
  for (const ScenarioOutcome& o : outcomes) {
    if (o.status == Outcome::kPass) {
      ++passed;
    } else {
      ++failed;
      bad_input |= o.status == Outcome::kError;
    }
  }
  std::vector<std::string> regressed;
  if (a.Has("store")) {
    Result<std::vector<std::string>> stored = StoreRuns(a, outcomes);
    if (!stored) return ReportErrors(spec.name, stored.errors(), err);
    regressed = std::move(stored).value();
  }
  if (json) {
    PrintJson(outcomes, problems, passed, failed, out);
  } else {
    for (const std::string& r : regressed)
      out << "REGRESSED since the last stored run: " << r << "\n";
    PrintErrors(spec.name, problems, err);
    PrintText(outcomes, out, err);
    out << passed << " passed, " << failed << " failed\n";
  }
  if (bad_input) return kExitUsage;
  return failed > 0 ? kExitFailure : kExitOk;
}

}  // namespace angler
