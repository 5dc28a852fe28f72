// Store: the rulesets table. Every game's rules are kept whole (canonical
// text) under their content hash, so an old game always replays under the
// rules it was played with; loaded rulesets are cached by hash.
#include <string>
#include <vector>

#include "replay/former_keys.h"
#include "replay/store.h"
#include "replay/store_statement.h"

namespace angler {
using store_internal::Now;

Status Store::AddRuleset(const Ruleset& rules) {
  ANGLER_STMT(insert,
              "INSERT OR IGNORE INTO rulesets (hash, name, title, canonical_text, added) "
              "VALUES (?1, ?2, ?3, ?4, ?5)");
  insert.Bind(1, rules.content_hash)
      .Bind(2, rules.name)
      .Bind(3, rules.title)
      .Bind(4, rules.canonical_text)
      .Bind(5, Now());
  return insert.Run("storing ruleset " + rules.name + " " + rules.content_hash);
}

Result<RulesetPtr> Store::RulesetByHash(const std::string& hash) {
  if (auto it = rulesets_.find(hash); it != rulesets_.end()) return it->second;
  ANGLER_STMT(select, "SELECT name, canonical_text FROM rulesets WHERE hash = ?1");
  select.Bind(1, hash);
  Result<bool> row = select.Step("reading ruleset " + hash);
  if (!row) return row.errors();
  if (!row.value()) return Error("no ruleset with content hash " + hash);
  const std::string name = select.Text(0);
  const std::string text = select.Text(1);
  select.Reset();
  Result<RulesetPtr> rules =
      LoadRulesetText(name + "@" + hash, text, "", FormerRulesetKeys());
  if (!rules) {
    std::vector<Diagnostic> errors = rules.errors();
    errors.insert(errors.begin(), Error("stored ruleset " + name + " " + hash +
                                        " no longer loads with this angler:"));
    return errors;
  }
  if (rules.value()->content_hash != hash) {
    return Error("stored ruleset " + name + " " + hash + " loads with content hash " +
                 rules.value()->content_hash + " now (the canonical form changed)");
  }
  rulesets_[hash] = rules.value();
  return rules.value();
}

Result<bool> Store::HasRuleset(const std::string& hash) {
  if (rulesets_.count(hash)) return true;
  ANGLER_STMT(select, "SELECT 1 FROM rulesets WHERE hash = ?1");
  select.Bind(1, hash);
  Result<bool> row = select.Step("looking up ruleset " + hash);
  select.Reset();
  return row;
}

Result<RulesetPtr> Store::RulesetFor(const std::string& name, const std::string& hash) {
  if (auto it = rulesets_.find(hash); it != rulesets_.end()) return it->second;
  ANGLER_STMT(select, "SELECT 1 FROM rulesets WHERE hash = ?1");
  select.Bind(1, hash);
  Result<bool> row = select.Step("looking up ruleset " + hash);
  if (!row) return row.errors();
  select.Reset();
  if (row.value()) return RulesetByHash(hash);
  Result<RulesetPtr> current = LoadRuleset(name);
  if (!current) {
    return Diagnostic({}, "unknown ruleset hash " + hash +
                              ": the store does not have it and " + "no ruleset named '" +
                              name + "' loads");
  }
  if (current.value()->content_hash != hash) {
    return Diagnostic({}, "unknown ruleset hash " + hash +
                              ": the store does not have it and " + "the current " +
                              name + " is " + current.value()->content_hash);
  }
  rulesets_[hash] = current.value();
  return current.value();
}

Result<std::vector<StoredRuleset>> Store::Rulesets() {
  ANGLER_STMT(select,
              "SELECT r.hash, r.name, r.title, "
              "(SELECT count(*) FROM games g WHERE g.ruleset_hash = r.hash) "
              "FROM rulesets r ORDER BY r.name, r.added");
  std::vector<StoredRuleset> out;
  while (true) {
    Result<bool> row = select.Step("listing rulesets");
    if (!row) return row.errors();
    if (!row.value()) break;
    out.push_back({select.Text(0), select.Text(1), select.Text(2), select.Int(3)});
  }
  return out;
}

}  // namespace angler
