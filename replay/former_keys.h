// Ruleset keys renamed since records were first stored, so that the rulesets
// kept in records and stores (canonical text, content hash) still load.
//
// INVARIANT: a renaming is only ever added, never removed: stored texts are
// never rewritten (their content hash names them).
#ifndef ANGLER_REPLAY_FORMER_KEYS_H_
#define ANGLER_REPLAY_FORMER_KEYS_H_

#include <span>

#include "interpreter/loader.h"

namespace angler {

std::span<const RenamedKey> FormerRulesetKeys();

}  // namespace angler

#endif  // ANGLER_REPLAY_FORMER_KEYS_H_
