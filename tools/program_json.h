// The compiled program of a ruleset as JSON, for `angler rules dump --json`:
// what interpreter/disassemble.h prints as text, as data a program can read.
//
// {"ruleset", "title", "hash", "file",
//  "nodes": [{"id", "op", "type", "a", "b", "x", "y", "z", "imm"}],
//  "sections": ["setup", "round.start", ...],
//  "code": [{"pc", "code", "section", "op", "flag", "slot", "e0", "e1", "e2",
//            "target", "a", "b", "file", "line", "col"}]}
//
// Every field is written, set or not: a child or operand node of -1 is none,
// `target` is the jump's destination for the codes that jump (0 otherwise),
// and file/line/col are the instruction's source place ("", 0, 0 when it has
// none). docs/API.md describes each key.
//
// REQUIRES: a loaded Ruleset (nodes and code as the loader left them).
#ifndef ANGLER_TOOLS_PROGRAM_JSON_H_
#define ANGLER_TOOLS_PROGRAM_JSON_H_

#include <string>

#include "interpreter/ruleset.h"

namespace angler {

// One JSON object, without a trailing newline.
std::string ProgramJson(const Ruleset& rules);

}  // namespace angler

#endif  // ANGLER_TOOLS_PROGRAM_JSON_H_
