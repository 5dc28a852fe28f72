// The checks an import makes beyond reading each record: where its rules
// come from, and whether the store already has the game.
#include "replay/import_checks.h"

#include <unordered_map>

#include "dsl/text.h"
#include "replay/former_keys.h"
#include "replay/store.h"

namespace angler {
namespace {

// What makes two records the same game: rules, players and main line.
uint64_t Fingerprint(const GameRecord& record) {
  uint64_t h = Fnv1a(record.ruleset_hash);
  for (const std::string& p : record.players) h = Fnv1a(p, Fnv1aWord(h, p.size()));
  for (const RecordedAction& ra : record.actions) {
    const Action& a = ra.action;
    h = Fnv1aWord(h, static_cast<uint64_t>(a.kind) << 32 |
                         static_cast<uint64_t>(static_cast<uint8_t>(a.player)) << 16 |
                         static_cast<uint16_t>(a.value));
    h = Fnv1aWord(h, a.seed);
  }
  return h;
}

Diagnostic At(const SourcePos& pos, const ParsedRecord& r, const std::string& message) {
  return Diagnostic(pos, "game " + std::to_string(r.index) + ": " + message);
}

}  // namespace

Status RefuseDuplicates(Store& store, const std::vector<ParsedRecord>& parsed,
                        const std::vector<ResolvedRecord>& resolved) {
  std::unordered_map<uint64_t, size_t> seen;  // fingerprint -> the first record
  for (size_t i = 0; i < resolved.size(); ++i) {
    const GameRecord& record = resolved[i].record;
    Result<std::optional<int64_t>> stored = store.FindGame(record);
    if (!stored) return stored.errors();
    if (stored.value()) {
      return At(parsed[i].pos, parsed[i],
                "already stored as game " + std::to_string(*stored.value()) +
                    " (--allow-duplicates stores it again)");
    }
    auto [it, added] = seen.emplace(Fingerprint(record), i);
    const GameRecord* other = added ? nullptr : &resolved[it->second].record;
    if (other && other->ruleset_hash == record.ruleset_hash &&
        other->players == record.players && other->actions == record.actions) {
      return At(parsed[i].pos, parsed[i],
                "the same game as game " + std::to_string(parsed[it->second].index) +
                    " of the import (--allow-duplicates stores both)");
    }
  }
  return Ok();
}

Result<RulesetPtr> LookUpRuleset(Store& store, const ImportOptions& options,
                                 const std::string& name, const std::string& hash,
                                 const std::string* text) {
  if (Result<bool> has = store.HasRuleset(hash); !has || has.value()) {
    if (!has) return has.errors();
    return store.RulesetByHash(hash);
  }
  for (const RulesetPtr& supplied : options.rulesets) {
    if (supplied->content_hash == hash) return supplied;
  }
  if (text) {
    Result<RulesetPtr> carried =
        LoadRulesetText(name + "@" + hash, *text, "", FormerRulesetKeys());
    if (!carried) {
      return Diagnostic({}, "the ruleset the record carries (" + name + " " + hash +
                                ") does not load: " + carried.error().message);
    }
    if (carried.value()->content_hash != hash) {
      return Diagnostic({}, "the ruleset the record carries loads with content hash " +
                                carried.value()->content_hash + ", not " + hash);
    }
    return carried;
  }
  Result<RulesetPtr> current = store.RulesetFor(name, hash);
  if (current || options.rulesets.empty()) return current;
  std::string supplied;
  for (const RulesetPtr& r : options.rulesets)
    supplied += (supplied.empty() ? "" : ", ") + r->name + " " + r->content_hash;
  return Diagnostic({}, current.error().message + "; --ruleset gave " + supplied);
}

}  // namespace angler
