// A YAML document as a small tree that remembers where every node came from.
//
// yaml-cpp's nodes know a line and column but not a file; a ruleset that
// `extends:` another mixes two files, so the loader converts each file into
// this tree first and merges trees. Every diagnostic then names the right file.
#ifndef ANGLER_INTERPRETER_YAML_DOC_H_
#define ANGLER_INTERPRETER_YAML_DOC_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dsl/parser.h"
#include "dsl/source.h"

namespace angler {

struct YamlEntry;

struct YamlNode {
  enum class Kind { kNull, kScalar, kSequence, kMap };
  Kind kind = Kind::kNull;
  std::string scalar;
  std::vector<YamlNode> items;     // kSequence
  std::vector<YamlEntry> entries;  // kMap, in file order
  std::vector<SourcePos> key_pos;  // kMap: where each key stands
  SourcePos pos;
  Snippet snippet;  // kScalar: the text with its place, for the language parser

  const YamlNode* Find(const std::string& key) const;
  SourcePos KeyPos(const std::string& key) const;
  bool IsScalar() const { return kind == Kind::kScalar; }
};

// A map's key and value, named as the std::pair it stands for: a pair of a
// type not yet complete does not compile with clang and libstdc++.
struct YamlEntry {
  YamlEntry(std::string key, YamlNode value)
      : first(std::move(key)), second(std::move(value)) {}
  std::string first;
  YamlNode second;
};

Result<YamlNode> ParseYaml(std::shared_ptr<const SourceFile> file);

// `over` on top of `base`: maps merge key by key (recursively), anything else
// is replaced. A key written `name+` appends its sequence to base's `name`
// (to a mapping, as entries named "+N").
YamlNode MergeYaml(const YamlNode& base, const YamlNode& over);

// Canonical text of a tree: JSON with sorted keys, for content hashes and for
// storing a ruleset whole (it loads back as YAML).
std::string CanonicalYaml(const YamlNode& node);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_YAML_DOC_H_
