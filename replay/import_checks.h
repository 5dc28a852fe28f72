// The checks an import makes beyond reading each record (FORMAT.md, "Errors
// on import"): where a record's rules come from, and whether the store
// already has the game.
#ifndef ANGLER_REPLAY_IMPORT_CHECKS_H_
#define ANGLER_REPLAY_IMPORT_CHECKS_H_

#include <string>
#include <vector>

#include "replay/notation.h"

namespace angler {

// Where a record's rules come from, in this order: the store's copy of its
// hash, a supplied ruleset with that hash, the text the record carries, the
// current ruleset of its name if the hash matches.
Result<RulesetPtr> LookUpRuleset(Store& store, const ImportOptions& options,
                                 const std::string& name, const std::string& hash,
                                 const std::string* text);

// A game already in the store (the same rules, players and main line), or
// twice among `resolved`, is an error naming the record: "game 2: already
// stored as game 7". REQUIRES: resolved[i] was read from parsed[i].
Status RefuseDuplicates(Store& store, const std::vector<ParsedRecord>& parsed,
                        const std::vector<ResolvedRecord>& resolved);

}  // namespace angler

#endif  // ANGLER_REPLAY_IMPORT_CHECKS_H_
