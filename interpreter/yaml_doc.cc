#include "interpreter/yaml_doc.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <string>

#include "dsl/limits.h"

namespace angler {
namespace {

int Indentation(std::string_view line) {
  int n = 0;
  while (n < static_cast<int>(line.size()) && (line[n] == ' ' || line[n] == '\t')) ++n;
  return n;
}

// Where the language text of a scalar stands in the file. Quoted and literal
// (|) scalars keep yaml-cpp's value. Folded (>) and multi-line plain scalars
// take their raw lines instead: YAML folds newlines into spaces, which the
// language treats alike, and the raw lines keep every position exact.
Snippet SnippetOf(const YAML::Node& n, const std::shared_ptr<const SourceFile>& file,
                  int line, int col, int parent_indent) {
  Snippet s;
  s.text = n.Scalar();
  s.file = file;
  s.line = line;
  s.col = col;
  std::string_view src = file->Line(line);
  char first = col - 1 < static_cast<int>(src.size()) ? src[col - 1] : ' ';
  auto blank = [](std::string_view t) {
    return t.find_first_not_of(" \t") == std::string_view::npos;
  };
  if (first == '"' || first == '\'') {
    s.col = col + 1;
    return s;
  }
  if (first == '|' || first == '>') {
    int indent = -1;
    for (int l = line + 1; l <= file->LineCount(); ++l) {
      if (blank(file->Line(l))) continue;
      indent = Indentation(file->Line(l));
      break;
    }
    s.line = line + 1;
    s.col = indent + 1;
    if (first == '>') {
      std::string raw;
      int last = line;
      for (int l = line + 1; l <= file->LineCount(); ++l) {
        std::string_view t = file->Line(l);
        if (!blank(t) && Indentation(t) < indent) break;
        if (l > line + 1) raw += '\n';
        if (static_cast<int>(t.size()) > indent)
          raw += t.substr(static_cast<size_t>(indent));
        last = l;
      }
      if (last > line) s.text = raw;
    }
    int lines = static_cast<int>(std::count(s.text.begin(), s.text.end(), '\n')) + 1;
    s.line_cols.assign(static_cast<size_t>(lines), indent + 1);
    return s;
  }
  // A plain scalar continues on lines indented deeper than its parent (the
  // key of a mapping, the dash of a sequence).
  int key_indent = parent_indent;
  std::string raw(src.substr(static_cast<size_t>(col - 1)));
  for (int l = line + 1; l <= file->LineCount(); ++l) {
    std::string_view t = file->Line(l);
    if (blank(t) || Indentation(t) <= key_indent ||
        t[static_cast<size_t>(Indentation(t))] == '#') {
      break;
    }
    int ind = Indentation(t);
    raw += '\n';
    raw += t.substr(static_cast<size_t>(ind));
    s.line_cols.push_back(ind + 1);
  }
  if (!s.line_cols.empty()) s.text = raw;
  return s;
}

// What a document may still hold. yaml-cpp shares an aliased node; the tree
// here copies it at every use, so the nodes are counted as they are copied.
struct Budget {
  int nodes = kMaxYamlNodes;
  std::vector<Diagnostic>* errors;
};

// parent_indent: the column (0-based) of the node's key or sequence dash.
YamlNode Convert(const YAML::Node& n, const std::shared_ptr<const SourceFile>& file,
                 int parent_indent, Budget& budget, int depth) {
  YamlNode out;
  YAML::Mark m = n.Mark();
  out.pos = SourcePos{file, m.line + 1, m.column + 1};
  if (!budget.errors->empty()) return out;
  if (--budget.nodes < 0) {
    budget.errors->push_back({out.pos, "the document has more than " +
                                           std::to_string(kMaxYamlNodes) +
                                           " nodes (aliases count at every use)"});
    return out;
  }
  if (depth > kMaxYamlDepth) {
    budget.errors->push_back({out.pos, "nested too deeply (the limit is " +
                                           std::to_string(kMaxYamlDepth) + " levels)"});
    return out;
  }
  switch (n.Type()) {
    case YAML::NodeType::Scalar:
      out.kind = YamlNode::Kind::kScalar;
      out.scalar = n.Scalar();
      out.snippet = SnippetOf(n, file, m.line + 1, m.column + 1, parent_indent);
      break;
    case YAML::NodeType::Sequence:
      out.kind = YamlNode::Kind::kSequence;
      for (const auto& item : n) {
        // The dash before the item, on its line.
        YAML::Mark im = item.Mark();
        std::string_view line = file->Line(im.line + 1);
        int dash = std::min(im.column, static_cast<int>(line.size())) - 1;
        while (dash > 0 && line[static_cast<size_t>(dash)] != '-') --dash;
        out.items.push_back(Convert(item, file, std::max(dash, 0), budget, depth + 1));
      }
      break;
    case YAML::NodeType::Map:
      out.kind = YamlNode::Kind::kMap;
      for (const auto& kv : n) {
        YAML::Mark km = kv.first.Mark();
        out.entries.emplace_back(kv.first.Scalar(),
                                 Convert(kv.second, file, km.column, budget, depth + 1));
        out.key_pos.push_back(SourcePos{file, km.line + 1, km.column + 1});
      }
      break;
    default:
      break;
  }
  return out;
}

// A JSON string: JSON is YAML, so the canonical text loads back as a ruleset.
std::string Quoted(const std::string& text) {
  std::string s = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        s += "\\\"";
        break;
      case '\\':
        s += "\\\\";
        break;
      case '\n':
        s += "\\n";
        break;
      case '\t':
        s += "\\t";
        break;
      case '\r':
        s += "\\r";
        break;
      default:
        s += c;
    }
  }
  return s + "\"";
}

}  // namespace

const YamlNode* YamlNode::Find(const std::string& key) const {
  for (const auto& [k, v] : entries) {
    if (k == key) return &v;
  }
  return nullptr;
}

SourcePos YamlNode::KeyPos(const std::string& key) const {
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == key) return key_pos[i];
  }
  return pos;
}

Result<YamlNode> ParseYaml(std::shared_ptr<const SourceFile> file) {
  try {
    if (file->text().size() > kMaxInputFileBytes) {
      return Diagnostic(
          SourcePos{file, 1, 1},
          "the file is larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MB");
    }
    YAML::Node root = YAML::Load(file->text());
    std::vector<Diagnostic> errors;
    Budget budget{kMaxYamlNodes, &errors};
    YamlNode doc = Convert(root, file, -1, budget, 0);
    if (!errors.empty()) return errors;
    if (doc.kind != YamlNode::Kind::kMap) {
      return Diagnostic(SourcePos{file, 1, 1}, "a ruleset must be a YAML mapping");
    }
    return doc;
  } catch (const YAML::DeepRecursion& e) {
    // The parser's own guard; its message says only "bad file".
    return Diagnostic(SourcePos{file, e.mark.line + 1, e.mark.column + 1},
                      "the YAML is nested too deeply (the limit is " +
                          std::to_string(kMaxYamlDepth) + " levels)");
  } catch (const YAML::ParserException& e) {
    return Diagnostic(SourcePos{file, e.mark.line + 1, e.mark.column + 1}, e.msg);
  } catch (const YAML::Exception& e) {
    return Diagnostic(SourcePos{file, e.mark.line + 1, e.mark.column + 1}, e.msg);
  }
}

YamlNode MergeYaml(const YamlNode& base, const YamlNode& over) {
  if (base.kind != YamlNode::Kind::kMap || over.kind != YamlNode::Kind::kMap) return over;
  YamlNode out = base;
  for (size_t i = 0; i < over.entries.size(); ++i) {
    std::string key = over.entries[i].first;
    const YamlNode& value = over.entries[i].second;
    bool append = key.size() > 1 && key.back() == '+';
    if (append) key.pop_back();
    auto it = std::find_if(out.entries.begin(), out.entries.end(),
                           [&](const auto& kv) { return kv.first == key; });
    if (it == out.entries.end()) {
      out.entries.emplace_back(key, value);
      out.key_pos.push_back(over.key_pos[i]);
    } else if (append && it->second.kind == YamlNode::Kind::kSequence &&
               value.kind == YamlNode::Kind::kSequence) {
      for (const auto& item : value.items) it->second.items.push_back(item);
    } else if (append && it->second.kind == YamlNode::Kind::kMap &&
               value.kind == YamlNode::Kind::kSequence) {
      // Onto named entries (card groups), each item becomes an entry named
      // "+N", N its number among the entries (the next free one).
      YamlNode& named = it->second;
      for (const auto& item : value.items) {
        std::string name;
        for (size_t n = named.entries.size() + 1; name.empty() || named.Find(name); ++n)
          name = std::string("+").append(std::to_string(n));
        named.entries.emplace_back(name, item);
        named.key_pos.push_back(item.pos);
      }
    } else {
      it->second = MergeYaml(it->second, value);
      out.key_pos[static_cast<size_t>(it - out.entries.begin())] = over.key_pos[i];
    }
  }
  return out;
}

std::string CanonicalYaml(const YamlNode& node) {
  switch (node.kind) {
    case YamlNode::Kind::kNull:
      return "null";
    case YamlNode::Kind::kScalar: {
      return Quoted(node.scalar);
    }
    case YamlNode::Kind::kSequence: {
      std::string s = "[";
      for (size_t i = 0; i < node.items.size(); ++i) {
        if (i) s += ",";
        s += CanonicalYaml(node.items[i]);
      }
      return s + "]";
    }
    case YamlNode::Kind::kMap: {
      std::vector<std::pair<std::string, std::string>> kv;
      for (const auto& [k, v] : node.entries) kv.emplace_back(k, CanonicalYaml(v));
      std::sort(kv.begin(), kv.end());
      std::string s = "{";
      for (size_t i = 0; i < kv.size(); ++i) {
        if (i) s += ",";
        s += Quoted(kv[i].first) + ":" + kv[i].second;
      }
      return s + "}";
    }
  }
  return "";
}

}  // namespace angler
