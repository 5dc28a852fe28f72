#include "interpreter/ruleset.h"

namespace angler {

std::string PlayerRange(const Ruleset& rules) {
  if (rules.min_players == rules.max_players) return std::to_string(rules.min_players);
  return std::to_string(rules.min_players) + ".." + std::to_string(rules.max_players);
}

const char* Ruleset::ProcedureKey() const {
  if (trick) return "trick";
  if (turn) return "turn";
  if (Searches()) return "search";
  return "";
}

int Ruleset::FindCard(const std::string& name) const {
  for (size_t i = 0; i < card_names.size(); ++i) {
    if (card_names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

int Ruleset::FindFamily(const std::string& name) const {
  for (size_t i = 0; i < zones.size(); ++i) {
    if (zones[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Ruleset::FindSuit(const std::string& name) const {
  for (size_t i = 0; i < suits.size(); ++i) {
    if (suits[i] == name) return static_cast<int>(i);
  }
  return -1;
}

int Ruleset::FindVariable(const std::string& name) const {
  for (size_t i = 0; i < variables.size(); ++i) {
    if (variables[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Ruleset::FindNumber(const std::string& name) const {
  for (size_t i = 0; i < numbers.size(); ++i) {
    if (numbers[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Ruleset::ZoneIndex(int zone) const {
  int f = ZoneFamilyOf(zone);
  if (f < 0) return 0;
  const ZoneFamily& z = zones[static_cast<size_t>(f)];
  if (z.per_player) return zone - z.first;
  return z.indexed ? zone - z.first + 1 : 0;
}

std::string Ruleset::ZoneName(int zone) const {
  int f = ZoneFamilyOf(zone);
  if (f < 0) return "?";
  const ZoneFamily& z = zones[static_cast<size_t>(f)];
  if (!z.per_player && !z.indexed) return z.name;
  // Numbered piles read as people say them ("row 2"); seats as in the language.
  if (z.indexed) return z.name + " " + std::to_string(ZoneIndex(zone));
  return z.name + "(" + std::to_string(ZoneIndex(zone)) + ")";
}

std::string Ruleset::ValueName(Type type, int64_t v) const {
  if (v == kNone && type != Type::kInt) return "none";
  switch (type) {
    case Type::kSuit:
      return v >= 0 && v < static_cast<int64_t>(suits.size())
                 ? suits[static_cast<size_t>(v)]
                 : "?";
    case Type::kKind:
      return v >= 0 && v < static_cast<int64_t>(kinds.size())
                 ? kinds[static_cast<size_t>(v)]
                 : "?";
    case Type::kCard:
      return v >= 0 && v < static_cast<int64_t>(card_names.size())
                 ? card_names[static_cast<size_t>(v)]
                 : "?";
    case Type::kBool:
      return v ? "true" : "false";
    case Type::kPlayer:
      return "seat " + std::to_string(v);
    default:
      return std::to_string(v);
  }
}

}  // namespace angler
