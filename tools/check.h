// `angler check PATH... [--json]`: runs every scenario in the given files and
// folders (folders: every *.scn below them, in name order).
//
// Prints one line per scenario: "PASS file:line: title"; "FAIL ..." followed by
// the line that did not hold, what was expected and what happened; or "ERROR
// ..." for a scenario that could not run (its diagnostics go to `err`, and it
// counts as failed). Then "N passed, N failed". Syntax errors go to `err` with
// file:line:col and a caret. --json prints all of it as one JSON object.
//
// Returns 0 when every scenario passes, 1 when one fails, 2 for bad input
// (usage, unreadable paths, syntax or name errors), which wins over 1.
#ifndef ANGLER_TOOLS_CHECK_H_
#define ANGLER_TOOLS_CHECK_H_

#include <ostream>
#include <string>
#include <vector>

namespace angler {

// args: the words after "check".
int RunCheck(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace angler

#endif  // ANGLER_TOOLS_CHECK_H_
