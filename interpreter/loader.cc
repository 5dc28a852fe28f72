#include "interpreter/loader.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "dsl/limits.h"
#include "dsl/text.h"
#include "interpreter/compiler.h"
#include "interpreter/eval.h"
#include "interpreter/formation.h"
#include "interpreter/limits.h"
#include "interpreter/loader_internal.h"

namespace angler {
namespace fs = std::filesystem;
namespace {

// The keys a ruleset may use, by section.
const std::vector<std::string> kTopKeys = {
    "name",   "title",   "extends",    "players", "suits",  "kinds",     "tags",
    "cards",  "zones",   "variables",  "tables",  "define", "effects",   "setup",
    "round",  "trick",   "turn",       "game",    "notes",  "formation", "errors",
    "search", "display", "invariants", "numbers"};

std::string ReadFile(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The document with former key names replaced by their present ones.
YamlNode Renamed(const YamlNode& doc, std::span<const RenamedKey> renamed) {
  YamlNode out = doc;
  for (auto& [section, node] : out.entries) {
    for (const RenamedKey& r : renamed) {
      if (r.section != section) continue;
      for (size_t i = 0; i < node.entries.size(); ++i) {
        if (node.entries[i].first != r.former) continue;
        node.entries[i].first = r.now;
        if (r.implied.empty() || node.Find(r.implied)) continue;
        YamlNode value;
        value.kind = YamlNode::Kind::kScalar;
        value.scalar = r.implied_value;
        value.pos = node.entries[i].second.pos;
        node.entries.emplace_back(r.implied, std::move(value));
        node.key_pos.push_back(node.key_pos.size() > i ? node.key_pos[i] : node.pos);
      }
    }
  }
  return out;
}

// The tree as its canonical text shows it: card groups written by name become
// a list in their order, removed ones (`~`) left out. The names serve
// `extends` only, and a mapping's keys are sorted in the canonical text while
// the order of the cards is part of the rules.
YamlNode WithCardList(const YamlNode& doc) {
  const YamlNode* cards = doc.Find("cards");
  if (!cards || cards->kind != YamlNode::Kind::kMap) return doc;
  YamlNode out = doc;
  for (YamlEntry& entry : out.entries) {
    if (entry.first != "cards") continue;
    YamlNode list;
    list.kind = YamlNode::Kind::kSequence;
    list.pos = entry.second.pos;
    for (const YamlEntry& group : entry.second.entries) {
      if (group.second.kind != YamlNode::Kind::kNull) list.items.push_back(group.second);
    }
    entry.second = std::move(list);
  }
  return out;
}

// Content hashes start FNV-1a from this value (not the standard offset basis,
// which has one more digit): stored hashes name rulesets, so it stays.
constexpr uint64_t kContentHashStart = 1469598103934665603ull;

}  // namespace

Result<RulesetPtr> Loader::Load(const YamlNode& written, const std::string& source,
                                std::span<const RenamedKey> renamed) {
  rules_->source_path = source;
  rules_->canonical_text = CanonicalYaml(WithCardList(written));
  rules_->content_hash = ContentHashOf(rules_->canonical_text);
  YamlNode renamed_doc;
  if (!renamed.empty()) renamed_doc = Renamed(written, renamed);
  const YamlNode& doc = renamed.empty() ? written : renamed_doc;
  CheckKeys(doc, kTopKeys, "a ruleset");
  rules_->name = Text(doc, "name", "");
  rules_->title = Text(doc, "title", rules_->name);
  NamedNumbers(doc);  // first: any number below may be written by its name
  Players(doc);
  Names(doc, "suits", rules_->suits, true);
  Names(doc, "kinds", rules_->kinds, false);
  if (rules_->kinds.empty()) rules_->kinds.push_back("card");
  Names(doc, "tags", rules_->tags, false);
  if (rules_->tags.size() > 32) Error(doc.KeyPos("tags"), "at most 32 tags");
  Zones(doc);
  Variables(doc);
  Tables(doc);
  NumberNamesFree();
  EffectNames(doc);
  FormationSection(doc);
  Cards(doc);
  if (!errors_.empty()) return errors_;
  Defines(doc);
  Program(doc);
  EffectBodies(doc);
  if (errors_.empty()) Errors(ReadDisplay(doc.Find("display"), *rules_));
  if (rules_->cache_slots > kMaxSlots || rules_->bound_slots > kMaxSlots) {
    Error(doc.pos, "the rules are too complex: over 256 cached or bound parts");
  }
  BindEvaluators(*rules_);
  if (!errors_.empty()) return errors_;
  WarnUnread(doc);
  return RulesetPtr(rules_);
}

void Loader::Error(const SourcePos& pos, std::string message) {
  errors_.emplace_back(pos, std::move(message));
}

void Loader::Errors(const std::vector<Diagnostic>& errors) {
  errors_.insert(errors_.end(), errors.begin(), errors.end());
}

void Loader::CheckKeys(const YamlNode& node, const std::vector<std::string>& allowed,
                       const std::string& what) {
  if (node.kind != YamlNode::Kind::kMap) {
    Error(node.pos, what + " must be a mapping of keys");
    return;
  }
  for (size_t i = 0; i < node.entries.size(); ++i) {
    const std::string& key = node.entries[i].first;
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    Error(node.key_pos[i],
          WithSuggestion("unknown key '" + key + "' in " + what, key, allowed));
  }
}

std::string Loader::Text(const YamlNode& node, const std::string& key,
                         const std::string& fallback) {
  const YamlNode* v = node.Find(key);
  if (!v) return fallback;
  if (!v->IsScalar()) {
    Error(v->pos, "'" + key + "' must be a single value");
    return fallback;
  }
  return v->scalar;
}

bool Loader::Int(const YamlNode& v, int64_t& out) {
  if (!v.IsScalar()) {
    Error(v.pos, "expected a whole number");
    return false;
  }
  const std::string& s = v.scalar;
  char* end = nullptr;
  errno = 0;
  long long x = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0') {
    // A name from `numbers:` stands for its number.
    if (const int k = rules_->FindNumber(s); k >= 0) {
      compiler_.names_read().numbers.insert(s);
      out = rules_->numbers[static_cast<size_t>(k)].value;
      return true;
    }
    std::vector<std::string> names;
    for (const NamedNumber& n : rules_->numbers) names.push_back(n.name);
    Error(v.pos, WithSuggestion("expected a whole number, got '" + s + "'", s, names));
    return false;
  }
  // Numbers in a ruleset end up in 32-bit variables and card fields.
  if (errno == ERANGE || x < INT32_MIN || x > INT32_MAX) {
    Error(v.pos,
          "the number " + s + " is too large (the range is -2147483648..2147483647)");
    return false;
  }
  out = x;
  return true;
}

bool Loader::Bool(const YamlNode& v) {
  if (v.IsScalar() && (v.scalar == "true" || v.scalar == "yes")) return true;
  if (v.IsScalar() && (v.scalar == "false" || v.scalar == "no")) return false;
  Error(v.pos, "expected true or false");
  return false;
}

std::vector<int64_t> Loader::Numbers(const YamlNode& v) {
  std::vector<int64_t> out;
  if (v.kind == YamlNode::Kind::kSequence) {
    for (const auto& item : v.items) {
      int64_t x;
      if (Int(item, x)) out.push_back(x);
    }
    return out;
  }
  if (v.IsScalar()) {
    auto dots = v.scalar.find("..");
    if (dots != std::string::npos) {
      YamlNode lo = v, hi = v;
      lo.scalar = v.scalar.substr(0, dots);
      hi.scalar = v.scalar.substr(dots + 2);
      int64_t a, b;
      if (!Int(lo, a) || !Int(hi, b)) return out;
      if ((a > b ? a - b : b - a) >= kMaxRangeNumbers) {
        Error(v.pos, "the range " + v.scalar + " lists more than " +
                         std::to_string(kMaxRangeNumbers) + " numbers");
        return out;
      }
      {
        for (int64_t x = a; a <= b ? x <= b : x >= b; x += (a <= b ? 1 : -1)) {
          out.push_back(x);
        }
      }
      return out;
    }
    int64_t x;
    if (Int(v, x)) out.push_back(x);
    return out;
  }
  Error(v.pos, "expected a number, a range like 1..10 or a list");
  return out;
}

namespace {

Result<YamlNode> ReadTree(const std::string& path, int depth);

// A card group a variant names and its base lacks is new cards: a misspelt
// name (a group meant to get a new `name:` only) would add a card nobody
// meant, and its `~` would remove nothing. So a new group says what its cards are (a
// suit or a kind), and `~` names one of the base's groups.
std::optional<Diagnostic> UnknownCardGroup(const YamlNode& base,
                                           const YamlNode& variant) {
  const YamlNode* mine = variant.Find("cards");
  const YamlNode* theirs = base.Find("cards");
  if (!mine || !theirs || mine->kind != YamlNode::Kind::kMap ||
      theirs->kind != YamlNode::Kind::kMap) {
    return std::nullopt;
  }
  std::vector<std::string> names;
  for (const YamlEntry& group : theirs->entries) names.push_back(group.first);
  for (size_t i = 0; i < mine->entries.size(); ++i) {
    const auto& [name, group] = mine->entries[i];
    if (name.ends_with('+') || theirs->Find(name)) continue;
    const SourcePos at = i < mine->key_pos.size() ? mine->key_pos[i] : group.pos;
    if (group.kind == YamlNode::Kind::kNull) {
      return Diagnostic(
          at, WithSuggestion("no card group '" + name + "' to remove", name, names));
    }
    if (group.kind == YamlNode::Kind::kMap && !group.Find("suit") &&
        !group.Find("suits") && !group.Find("kind")) {
      return Diagnostic(
          at, WithSuggestion("a new card group '" + name +
                                 "' names its cards' suit or kind (the base has no "
                                 "group of that name)",
                             name, names));
    }
  }
  return std::nullopt;
}

Result<YamlNode> TreeFromText(const std::string& name, const std::string& text,
                              const std::string& dir, int depth) {
  auto file = SourceFile::Make(name, text);
  auto doc = ParseYaml(file);
  if (!doc) return doc;
  const YamlNode* base = doc.value().Find("extends");
  if (!base) return doc;
  if (depth > 8)
    return Diagnostic(base->pos, "'extends' goes more than 8 deep (a cycle?)");
  std::string target = base->scalar;
  std::string path;
  std::error_code ec;  // a name too long for a path is no file, not a throw
  if (!dir.empty() && fs::exists(fs::path(dir) / target, ec)) {
    path = (fs::path(dir) / target).string();
  } else {
    path = ResolveRulesetPath(target);
  }
  if (path.empty()) {
    auto names = ShippedRulesets(true);
    return Diagnostic(
        base->pos,
        WithSuggestion("'extends' names no ruleset: '" + target + "'", target, names));
  }
  auto parent = ReadTree(path, depth + 1);
  if (!parent) return parent;
  if (auto unknown = UnknownCardGroup(parent.value(), doc.value())) return *unknown;
  YamlNode merged = MergeYaml(parent.value(), doc.value());
  // The variant is its own ruleset: drop the link, keep its name.
  auto& entries = merged.entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == "extends") {
      entries.erase(entries.begin() + static_cast<long>(i));
      merged.key_pos.erase(merged.key_pos.begin() + static_cast<long>(i));
      break;
    }
  }
  return merged;
}

Result<YamlNode> ReadTree(const std::string& path, int depth) {
  bool ok;
  std::string text = ReadFile(path, ok);
  if (!ok) return Diagnostic({}, "cannot read '" + path + "'");
  return TreeFromText(path, text, fs::path(path).parent_path().string(), depth);
}

}  // namespace

std::string RulesetDir() {
  if (const char* env = std::getenv("ANGLER_RULESETS"); env && *env) return env;
  // An installed angler (PREFIX/bin/angler) finds PREFIX/share/angler/rulesets;
  // a build tree's binary finds the source tree it was built from.
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path().parent_path() / "share/angler/rulesets";
    if (fs::is_directory(installed, ec)) return installed.string();
  }
  return ANGLER_RULESET_DIR;
}

std::vector<std::string> ShippedRulesets(bool with_variants) {
  std::vector<std::string> names;
  for (const char* sub : {"", "variants"}) {
    if (*sub && !with_variants) break;
    fs::path dir = fs::path(RulesetDir()) / sub;
    if (!fs::is_directory(dir)) continue;
    std::vector<std::string> here;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() == ".yaml")
        here.push_back(entry.path().stem().string());
    }
    std::sort(here.begin(), here.end());
    names.insert(names.end(), here.begin(), here.end());
  }
  return names;
}

std::string ResolveRulesetPath(const std::string& path_or_name) {
  std::error_code ec;  // a name too long for a path is no file, not a throw
  if (fs::is_regular_file(path_or_name, ec)) return path_or_name;
  for (const char* sub : {"", "variants"}) {
    fs::path p = fs::path(RulesetDir()) / sub / (path_or_name + ".yaml");
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  return "";
}

Result<YamlNode> ReadRulesetTree(const std::string& path_or_name) {
  std::string path = ResolveRulesetPath(path_or_name);
  if (path.empty()) {
    return Diagnostic(
        {}, WithSuggestion("no ruleset file or shipped ruleset '" + path_or_name + "'",
                           path_or_name, ShippedRulesets(true)));
  }
  return ReadTree(path, 0);
}

Result<RulesetPtr> LoadRulesetTree(const YamlNode& tree, const std::string& name) {
  Loader loader;
  return loader.Load(tree, name);
}

Result<RulesetPtr> LoadRuleset(const std::string& path_or_name) {
  auto tree = ReadRulesetTree(path_or_name);
  if (!tree) return tree.errors();
  return LoadRulesetTree(tree.value(), ResolveRulesetPath(path_or_name));
}

std::string ContentHashOf(std::string_view canonical_text) {
  return Hex64(Fnv1a(canonical_text, kContentHashStart));
}

Result<RulesetPtr> LoadRulesetText(const std::string& name, const std::string& text,
                                   const std::string& dir,
                                   std::span<const RenamedKey> renamed) {
  auto tree = TreeFromText(name, text, dir, 0);
  if (!tree) return tree.errors();
  Loader loader;
  return loader.Load(tree.value(), name, renamed);
}

}  // namespace angler
