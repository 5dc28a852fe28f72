#include "interpreter/display.h"

#include <algorithm>

#include "interpreter/ruleset.h"
#include "interpreter/yaml_doc.h"

namespace angler {
namespace {

const std::vector<std::string> kDisplayKeys = {"score", "status", "early_end", "colours",
                                               "back",  "tell",   "zones"};
const std::vector<std::string> kBackAttributes = {"suit", "kind", "value", "stars",
                                                  "back"};

class DisplayReader {
 public:
  explicit DisplayReader(Ruleset& rules) : rules_(rules), display_(rules.display) {}

  std::vector<Diagnostic> Read(const YamlNode* node) {
    display_ = Display{};
    display_.colours.assign(rules_.suits.size(), "");
    display_.tell.assign(rules_.variables.size(), "");
    display_.zone_names.assign(rules_.zones.size(), "");
    if (!node) {
      for (size_t r = 1; r < rules_.end_reasons.size(); ++r)
        display_.early_ends.push_back(static_cast<int>(r));
      return {};
    }
    if (node->kind != YamlNode::Kind::kMap) {
      Error(node->pos, "display must be a mapping of keys");
      return errors_;
    }
    for (size_t i = 0; i < node->entries.size(); ++i) {
      const std::string& key = node->entries[i].first;
      if (std::find(kDisplayKeys.begin(), kDisplayKeys.end(), key) == kDisplayKeys.end())
        Error(node->key_pos[i],
              WithSuggestion("unknown key '" + key + "' in display", key, kDisplayKeys));
    }
    if (const YamlNode* score = node->Find("score")) Score(*score);
    if (const YamlNode* status = node->Find("status")) {
      for (const YamlNode* item : Items(*status)) {
        const int v = Variable(*item);
        if (v >= 0) display_.status.push_back(v);
      }
    }
    if (const YamlNode* ends = node->Find("early_end")) {
      EarlyEnds(*ends);
    } else {
      for (size_t r = 1; r < rules_.end_reasons.size(); ++r)
        display_.early_ends.push_back(static_cast<int>(r));
    }
    if (const YamlNode* colours = node->Find("colours")) Colours(*colours);
    if (const YamlNode* back = node->Find("back")) Back(*back);
    if (const YamlNode* tell = node->Find("tell")) Tell(*tell);
    if (const YamlNode* zones = node->Find("zones")) ZoneNames(*zones);
    return errors_;
  }

 private:
  void Error(const SourcePos& pos, std::string message) {
    errors_.emplace_back(pos, std::move(message));
  }

  // A scalar or a list of scalars.
  std::vector<const YamlNode*> Items(const YamlNode& node) {
    std::vector<const YamlNode*> out;
    if (node.IsScalar()) {
      out.push_back(&node);
    } else if (node.kind == YamlNode::Kind::kSequence) {
      for (const YamlNode& item : node.items) {
        if (item.IsScalar()) {
          out.push_back(&item);
        } else {
          Error(item.pos, "expected a name");
        }
      }
    } else {
      Error(node.pos, "expected a name or a list of names");
    }
    return out;
  }

  int Variable(const YamlNode& node) {
    const int v = rules_.FindVariable(node.scalar);
    if (v >= 0) return v;
    std::vector<std::string> names;
    for (const angler::Variable& var : rules_.variables) names.push_back(var.name);
    Error(node.pos,
          WithSuggestion("unknown variable '" + node.scalar + "'", node.scalar, names));
    return -1;
  }

  void Score(const YamlNode& node) {
    if (!node.IsScalar()) return Error(node.pos, "score names one variable");
    const int v = Variable(node);
    if (v < 0) return;
    const angler::Variable& var = rules_.variables[static_cast<size_t>(v)];
    if (!var.per_player || var.type != Type::kInt) {
      return Error(node.pos, "the score '" + node.scalar +
                                 "' must be a per-player whole-number variable");
    }
    display_.score = v;
  }

  void EarlyEnds(const YamlNode& node) {
    const std::vector<std::string> named(rules_.end_reasons.begin() + 1,
                                         rules_.end_reasons.end());
    for (const YamlNode* item : Items(node)) {
      const auto it = std::find(named.begin(), named.end(), item->scalar);
      if (it == named.end()) {
        Error(item->pos,
              WithSuggestion("no end_game statement names '" + item->scalar + "'",
                             item->scalar, named));
        continue;
      }
      display_.early_ends.push_back(static_cast<int>(it - named.begin()) + 1);
    }
  }

  void Colours(const YamlNode& node) {
    if (node.kind != YamlNode::Kind::kMap) {
      return Error(node.pos, "colours maps suits to colours: {blue: blue}");
    }
    for (size_t i = 0; i < node.entries.size(); ++i) {
      const auto& [suit, colour] = node.entries[i];
      const int s = rules_.FindSuit(suit);
      if (s < 0) {
        Error(node.key_pos[i],
              WithSuggestion("unknown suit '" + suit + "'", suit, rules_.suits));
        continue;
      }
      const std::vector<std::string>& known = DisplayColours();
      if (!colour.IsScalar() ||
          std::find(known.begin(), known.end(), colour.scalar) == known.end()) {
        Error(colour.pos, WithSuggestion("unknown colour '" + colour.scalar + "'",
                                         colour.scalar, known));
        continue;
      }
      display_.colours[static_cast<size_t>(s)] = colour.scalar;
    }
  }

  void Tell(const YamlNode& node) {
    if (node.kind != YamlNode::Kind::kMap) {
      return Error(node.pos,
                   "tell maps variables to words: {called: \"the next trick follows "
                   "{value}\"}");
    }
    for (size_t i = 0; i < node.entries.size(); ++i) {
      const auto& [name, text] = node.entries[i];
      YamlNode key;
      key.scalar = name;
      key.pos = node.key_pos[i];
      const int v = Variable(key);
      if (v < 0) continue;
      if (!text.IsScalar()) {
        Error(text.pos, "expected the words, in quotes");
        continue;
      }
      for (size_t at = text.scalar.find('{'); at != std::string::npos;
           at = text.scalar.find('{', at + 1)) {
        if (text.scalar.compare(at, 7, "{value}") != 0)
          Error(text.pos, "the words may name only {value} (the new value)");
      }
      display_.tell[static_cast<size_t>(v)] = text.scalar;
    }
  }

  void ZoneNames(const YamlNode& node) {
    if (node.kind != YamlNode::Kind::kMap) {
      return Error(node.pos, "zones maps zones to names: {catch: \"the row taken\"}");
    }
    for (size_t i = 0; i < node.entries.size(); ++i) {
      const auto& [name, text] = node.entries[i];
      const int f = rules_.FindFamily(name);
      if (f < 0) {
        std::vector<std::string> names;
        for (const ZoneFamily& z : rules_.zones) names.push_back(z.name);
        Error(node.key_pos[i],
              WithSuggestion("unknown zone '" + name + "'", name, names));
        continue;
      }
      if (!text.IsScalar() || text.scalar.empty()) {
        Error(text.pos, "expected the zone's name for people");
        continue;
      }
      display_.zone_names[static_cast<size_t>(f)] = text.scalar;
    }
  }

  void Back(const YamlNode& node) {
    const auto it =
        std::find(kBackAttributes.begin(), kBackAttributes.end(), node.scalar);
    if (!node.IsScalar() || it == kBackAttributes.end()) {
      return Error(node.pos,
                   WithSuggestion("a card's back shows one of its attributes (suit, "
                                  "kind, value, stars), not '" +
                                      node.scalar + "'",
                                  node.scalar, kBackAttributes));
    }
    display_.back = static_cast<int>(it - kBackAttributes.begin());
  }

  Ruleset& rules_;
  Display& display_;
  std::vector<Diagnostic> errors_;
};

}  // namespace

bool Display::IsEarlyEnd(int end_reason) const {
  return std::find(early_ends.begin(), early_ends.end(), end_reason) != early_ends.end();
}

const std::vector<std::string>& DisplayColours() {
  static const std::vector<std::string> kColours = {
      "black", "red",  "green",  "yellow", "blue", "magenta", "cyan",
      "white", "grey", "orange", "purple", "pink", "brown"};
  return kColours;
}

std::vector<Diagnostic> ReadDisplay(const YamlNode* display, Ruleset& rules) {
  return DisplayReader(rules).Read(display);
}

const std::string& ZoneFamilyTitle(const Ruleset& rules, int family) {
  const auto f = static_cast<size_t>(family);
  if (f < rules.display.zone_names.size() && !rules.display.zone_names[f].empty())
    return rules.display.zone_names[f];
  return rules.zones[f].name;
}

std::string CardBack(const Ruleset& rules, int card) {
  if (rules.display.back < 0 || card < 0 || card >= static_cast<int>(rules.cards.size()))
    return "";
  const CardInfo& info = rules.cards[static_cast<size_t>(card)];
  switch (static_cast<CardAttribute>(rules.display.back)) {
    case CardAttribute::kSuit:
      return rules.ValueName(Type::kSuit, info.suit);
    case CardAttribute::kKind:
      return rules.ValueName(Type::kKind, info.kind);
    case CardAttribute::kValue:
      return std::to_string(info.value);
    case CardAttribute::kStars:
      return std::to_string(info.stars);
    case CardAttribute::kBack:
      return info.back == kNone ? "" : rules.ValueName(Type::kSuit, info.back);
  }
  return "";
}

}  // namespace angler
