// Limits on input read from files: rulesets, scenarios, records. A file past
// one is refused with an error naming the place, never a crash, a hang or
// memory without bound. docs/LIMITS.md lists these with the engine's own
// (interpreter/limits.h) in one table.
#ifndef ANGLER_DSL_LIMITS_H_
#define ANGLER_DSL_LIMITS_H_

#include <cstddef>

namespace angler {

// Brackets, unary operators, if-then-else and blocks nested in one expression
// or statement list, and the depth of an expression tree (an operator chain
// of n terms is n deep): the parser, the compiler and the evaluator recurse.
inline constexpr int kMaxNestingDepth = 200;

// YAML: nodes in one document (aliases counted at every use, so a "billion
// laughs" document stops early) and nesting depth of maps and sequences.
inline constexpr int kMaxYamlNodes = 200000;
inline constexpr int kMaxYamlDepth = 64;

// Numbers one `a..b` range in a ruleset may list (card values, counts).
inline constexpr int kMaxRangeNumbers = 10000;

// A file angler reads whole (ruleset, scenario, record to import).
inline constexpr std::size_t kMaxInputFileBytes = 64u << 20;

}  // namespace angler

#endif  // ANGLER_DSL_LIMITS_H_
