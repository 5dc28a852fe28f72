// Names a ruleset declares that nothing reads. A house rule that sets a
// misspelt number, a table row for a player count the game does not have,
// or an effect no card carries changes nothing; the loader says so as a
// warning (Ruleset::warnings), and `rules check` shows it.

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "interpreter/loader_internal.h"

namespace angler {

namespace {

// A define's name without its parameters: "best(cards)" -> "best".
std::string DefinedName(const std::string& key) { return key.substr(0, key.find('(')); }

// The message, with "did you mean 'x'?" among the other names of its kind:
// a misspelt name is new, and the one meant is read.
std::string Suggest(const std::string& message, const std::string& name,
                    std::vector<std::string> names) {
  names.erase(std::remove(names.begin(), names.end(), name), names.end());
  return WithSuggestion(message, name, names);
}

std::string Unread(const std::string& what, const std::string& name,
                   const std::vector<std::string>& names) {
  return Suggest("nothing reads the " + what + " '" + name + "'", name, names);
}

}  // namespace

void Loader::WarnUnread(const YamlNode& doc) {
  const NamesRead& read = compiler_.names_read();
  auto warn = [&](const SourcePos& pos, std::string message) {
    rules_->warnings.emplace_back(pos, std::move(message));
  };

  std::vector<std::string> numbers;
  for (const NamedNumber& n : rules_->numbers) numbers.push_back(n.name);
  for (size_t i = 0; i < numbers.size(); ++i) {
    if (!read.numbers.count(numbers[i]))
      warn(number_pos_[i], Unread("number", numbers[i], numbers));
  }

  if (const YamlNode* defs = doc.Find("define")) {
    std::vector<std::string> names;
    for (const YamlEntry& e : defs->entries) names.push_back(DefinedName(e.first));
    for (size_t i = 0; i < names.size(); ++i) {
      if (!read.defines.count(names[i]))
        warn(defs->key_pos[i], Unread("definition", names[i], names));
    }
  }

  if (const YamlNode* tables = doc.Find("tables")) {
    std::vector<std::string> names;
    for (const YamlEntry& e : tables->entries) names.push_back(e.first);
    for (size_t i = 0; i < names.size(); ++i) {
      if (!read.tables.count(names[i])) {
        warn(tables->key_pos[i], Unread("table", names[i], names));
        continue;
      }
      // A row for a player count outside `players` is never read.
      const YamlNode& rows = tables->entries[i].second;
      for (size_t r = 0; r < rows.entries.size(); ++r) {
        const int count = std::atoi(rows.entries[r].first.c_str());
        if (count >= rules_->min_players && count <= rules_->max_players) continue;
        warn(rows.key_pos[r], "nothing reads the row for " + rows.entries[r].first +
                                  " players of the table '" + names[i] +
                                  "': the game is for " +
                                  std::to_string(rules_->min_players) + ".." +
                                  std::to_string(rules_->max_players) + " players");
      }
    }
  }

  if (const YamlNode* vars = doc.Find("variables")) {
    std::vector<std::string> names;
    for (const YamlEntry& e : vars->entries) names.push_back(e.first);
    for (size_t i = 0; i < names.size(); ++i) {
      const int v = rules_->FindVariable(names[i]);
      const Display& shown = rules_->display;
      if (read.variables.count(names[i]) || v < 0 || v == shown.score ||
          std::count(shown.status.begin(), shown.status.end(), v) > 0) {
        continue;
      }
      warn(vars->key_pos[i], Unread("variable", names[i], names));
    }
  }

  if (const YamlNode* effects = doc.Find("effects")) {
    std::vector<std::string> names;
    for (const YamlEntry& e : effects->entries) names.push_back(e.first);
    for (size_t i = 0; i < names.size(); ++i) {
      const int e = FindEffect(names[i]);
      const bool carried =
          std::any_of(rules_->cards.begin(), rules_->cards.end(), [&](const CardInfo& c) {
            return std::count(c.effects.begin(), c.effects.end(), e) > 0;
          });
      if (e >= 0 && !carried) {
        warn(effects->key_pos[i],
             Suggest("no card carries the effect '" + names[i] + "'", names[i], names));
      }
    }
  }
}

}  // namespace angler
