// The compiled program of a ruleset as text, for `angler rules dump`: every
// expression node and every instruction with its operands, the instructions
// grouped by the ruleset section they came from, each with its source place.
//
// REQUIRES: a loaded Ruleset (nodes and code as the loader left them).
#ifndef ANGLER_INTERPRETER_DISASSEMBLE_H_
#define ANGLER_INTERPRETER_DISASSEMBLE_H_

#include <string>

#include "interpreter/ruleset.h"

namespace angler {

// "n12 Global player a=3" (a node's fields that are set).
std::string NodeText(const Ruleset& rules, int node);
// "17 JumpIfNot e0=n40 target=23  game.yaml:130:3" (without the section).
std::string InstrText(const Ruleset& rules, int pc);
// Both lists: "nodes:" then "code:" with "[section]" headers.
std::string Disassemble(const Ruleset& rules);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_DISASSEMBLE_H_
