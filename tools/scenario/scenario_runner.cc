#include "tools/scenario/scenario_runner.h"

#include <filesystem>

#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/yaml_doc.h"
#include "tools/scenario/binder.h"
#include "tools/scenario/scenario_play.h"

namespace angler {
namespace fs = std::filesystem;

namespace {

// Diagnostics and YAML nodes of the overrides point into a blanked copy of the
// scenario file; point them at the real one, which shows the real line.
void Repoint(SourcePos& pos, const SourceFile* shadow,
             const std::shared_ptr<const SourceFile>& real) {
  if (pos.file.get() == shadow) pos.file = real;
}

void Repoint(YamlNode& n, const SourceFile* shadow,
             const std::shared_ptr<const SourceFile>& real) {
  Repoint(n.pos, shadow, real);
  if (n.snippet.file.get() == shadow) n.snippet.file = real;
  for (SourcePos& p : n.key_pos) Repoint(p, shadow, real);
  for (YamlNode& item : n.items) Repoint(item, shadow, real);
  for (auto& entry : n.entries) Repoint(entry.second, shadow, real);
}

// `with { ... }`: parsed as YAML at its place in the scenario file, so every
// error in it (bad YAML, an unknown key) names the scenario's line and column.
Result<YamlNode> ParseOverrides(const Scenario& s) {
  const auto& file = s.overrides_pos.file;
  const std::string& text = file->text();
  const std::string_view line = file->Line(s.overrides_pos.line);
  const size_t start = static_cast<size_t>(line.data() - text.data()) +
                       static_cast<size_t>(s.overrides_pos.col - 1);
  // Everything else becomes blank, newlines kept, so lines and columns stay.
  std::string blank(start + s.overrides.size(), ' ');
  for (size_t i = 0; i < start; ++i) {
    if (text[i] == '\n') blank[i] = '\n';
  }
  blank.replace(start, s.overrides.size(), s.overrides);
  auto shadow = SourceFile::Make(file->name(), blank);
  auto doc = ParseYaml(shadow);
  if (!doc) {
    std::vector<Diagnostic> errors = doc.errors();
    for (Diagnostic& d : errors) Repoint(d.pos, shadow.get(), file);
    return errors;
  }
  YamlNode tree = std::move(doc).value();
  Repoint(tree, shadow.get(), file);
  return tree;
}

std::string ResolveScenarioRuleset(const Scenario& s) {
  const std::string& r = s.ruleset;
  const bool is_path =
      r.find('/') != std::string::npos || (r.size() > 5 && r.ends_with(".yaml"));
  if (!is_path) return ResolveRulesetPath(r);
  // A path is read from where the scenario file is.
  fs::path p(r);
  if (p.is_relative() && s.pos.file != nullptr) {
    p = fs::path(s.pos.file->name()).parent_path() / p;
  }
  return fs::is_regular_file(p) ? p.lexically_normal().string() : "";
}

}  // namespace

ScenarioRunner::ScenarioRunner() = default;
ScenarioRunner::~ScenarioRunner() = default;

Result<const ScenarioRunner::Loaded*> ScenarioRunner::Load(const Scenario& s) {
  const std::string path = ResolveScenarioRuleset(s);
  if (path.empty()) {
    return Diagnostic(s.ruleset_pos, WithSuggestion("no ruleset '" + s.ruleset + "'",
                                                    s.ruleset, ShippedRulesets(true)));
  }
  const std::string key = path + '\n' + s.overrides;
  if (auto it = cache_.find(key); it != cache_.end()) return it->second.get();

  auto tree = ReadRulesetTree(path);
  if (!tree) return tree.errors();
  YamlNode doc = std::move(tree).value();
  if (!s.overrides.empty()) {
    auto over = ParseOverrides(s);
    if (!over) return over.errors();
    doc = MergeYaml(doc, over.value());
  }
  auto rules = LoadRulesetTree(doc, path);
  if (!rules) return rules.errors();  // not cached: each scenario gets its own positions

  auto loaded = std::make_unique<Loaded>();
  loaded->rules = rules.value();
  const Ruleset& r = *loaded->rules;
  for (size_t i = 0; i < r.card_names.size(); ++i) {
    auto& ids = loaded->cards[r.card_names[i]];
    if (ids.empty()) loaded->card_names.push_back(r.card_names[i]);
    ids.push_back(static_cast<int>(i));
  }
  loaded->capture_family = r.CaptureFamily();
  loaded->conditions = std::make_shared<Ruleset>(r);
  const Loaded* out = loaded.get();
  cache_.emplace(key, std::move(loaded));
  return out;
}

ScenarioOutcome ScenarioRunner::Run(const Scenario& s) {
  ScenarioOutcome outcome;
  outcome.title = s.title;
  outcome.pos = s.pos;
  auto error = [&](std::vector<Diagnostic> errors) {
    outcome.status = ScenarioOutcome::Status::kError;
    outcome.errors = std::move(errors);
    return outcome;
  };
  auto loaded = Load(s);
  if (!loaded) return error(loaded.errors());
  const Ruleset& r = *loaded.value()->rules;
  const int players = static_cast<int>(s.players.size());
  if (players < r.min_players || players > r.max_players) {
    SourcePos at = s.players.empty() ? s.pos : s.players[0].pos;
    return error(
        {Diagnostic(at, r.name + " is played by " + std::to_string(r.min_players) +
                            " to " + std::to_string(r.max_players) + " players, not " +
                            std::to_string(players))});
  }
  Binder binder(*loaded.value(), s);
  std::vector<Bound> setup(s.setup.size()), steps(s.steps.size());
  for (size_t i = 0; i < s.setup.size(); ++i) binder.BindSetup(s.setup[i], setup[i]);
  for (size_t i = 0; i < s.steps.size(); ++i) binder.BindStep(s.steps[i], steps[i]);
  if (!binder.errors().empty()) return error(binder.errors());

  ScenarioPlay play(r, s);
  ScenarioOutcome played = play.Run(setup, steps, binder.set_slots());
  played.title = s.title;
  played.pos = s.pos;
  return played;
}

}  // namespace angler
