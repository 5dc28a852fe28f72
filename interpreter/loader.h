// Loads a ruleset file (YAML + the language) into an immutable Ruleset.
//
// Everything is validated here, once: unknown keys and names are errors with a
// "did you mean", every error names file:line:col. Nothing of the text is
// looked at again while a game is played.
#ifndef ANGLER_INTERPRETER_LOADER_H_
#define ANGLER_INTERPRETER_LOADER_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/ruleset.h"
#include "interpreter/yaml_doc.h"

namespace angler {

using RulesetPtr = std::shared_ptr<const Ruleset>;

// A path to a .yaml file, or the name of a shipped ruleset ("mini", a
// variant's name), looked up in RulesetDir() and its variants/.
Result<RulesetPtr> LoadRuleset(const std::string& path_or_name);
// A key a later angler renamed: `former` inside top-level section `section`
// reads as `now`; when the former key also meant a setting the new form
// writes out, `implied: value` is added to the section unless it is written.
// The content hash is of the text as written.
struct RenamedKey {
  std::string section;
  std::string former;
  std::string now;
  std::string implied = "";
  std::string implied_value = "";
};

// From text; `name` is used as the file name in diagnostics and `dir` to
// resolve `extends:` paths. `renamed` lets texts stored by an older angler load.
Result<RulesetPtr> LoadRulesetText(const std::string& name, const std::string& text,
                                   const std::string& dir = "",
                                   std::span<const RenamedKey> renamed = {});
// The content hash a ruleset with this canonical text has (Ruleset::content_hash),
// without loading it: what a record that carries its rules is checked against.
std::string ContentHashOf(std::string_view canonical_text);
// A ruleset tree after `extends:` is resolved (the merged YAML), for
// scenarios that put inline overrides on top of one.
Result<RulesetPtr> LoadRulesetTree(const YamlNode& tree, const std::string& name);
Result<YamlNode> ReadRulesetTree(const std::string& path_or_name);

// Where shipped rulesets live: $ANGLER_RULESETS; else, for an installed angler
// (PREFIX/bin/angler), PREFIX/share/angler/rulesets; else the source tree's rulesets/.
std::string RulesetDir();
// The shipped games (rulesets/*.yaml), then the variants (rulesets/variants/*.yaml).
std::vector<std::string> ShippedRulesets(bool with_variants);
// The path of a shipped ruleset or a file; empty if neither exists.
std::string ResolveRulesetPath(const std::string& path_or_name);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_LOADER_H_
