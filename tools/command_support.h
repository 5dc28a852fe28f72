// What the subcommands share: parsing their flags, loading the ruleset and
// seat count they name, and writing usage and errors the same way.
#ifndef ANGLER_TOOLS_COMMAND_SUPPORT_H_
#define ANGLER_TOOLS_COMMAND_SUPPORT_H_

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "dsl/text.h"
#include "interpreter/loader.h"
#include "interpreter/ruleset.h"
#include "tools/args.h"

namespace angler {

// A subcommand's name, synopsis and flags, for parsing and for --help.
struct CommandSpec {
  std::string name;      // "sim"
  std::string synopsis;  // "RULESET --players N [--games K] ..."
  std::string description;
  std::vector<FlagSpec> flags;  // --help is added by ParseCommand
};

void PrintCommandHelp(const CommandSpec& spec, std::ostream& out);

// Each error on its own line: with its file position and caret when it has one,
// else prefixed "angler NAME: ".
void PrintErrors(std::string_view command, const std::vector<Diagnostic>& errors,
                 std::ostream& err);

// The exit code errors mean, decided here only: 2 if any is bad input, else 1
// (a check failed, or the rules went wrong while running). REQUIRES: errors
// not empty.
int ExitCodeFor(const std::vector<Diagnostic>& errors);
// PrintErrors, then ExitCodeFor.
int ReportErrors(std::string_view command, const std::vector<Diagnostic>& errors,
                 std::ostream& err);

// The outcome of parsing a subcommand's words: its Args, or an exit code
// (after --help or a usage error, already reported).
struct ParsedCommand {
  std::optional<Args> args;
  int exit_code = 0;
};
ParsedCommand ParseCommand(const CommandSpec& spec, const std::vector<std::string>& words,
                           std::ostream& out, std::ostream& err);

// --players N, validated against the ruleset; it may be left out only when the
// ruleset allows a single count.
Result<int> PlayersFlag(const Ruleset& rules, const Args& args);

// --names A,B,...: one distinct name per seat (CheckPlayerNames in
// replay/record.h); without the flag, P1..Pn. The error says what is wrong
// ("--names gives 3 names for 4 players").
Result<std::vector<std::string>> NamesFlag(const Args& args, int players);

// The seat count nearest to `wanted` that the ruleset allows.
int NearestPlayerCount(const Ruleset& rules, int wanted);

// --NAME as a whole number from `low` to `high` (fallback when absent); out of
// range: "--NAME must be from LOW to HIGH, got V".
Result<int64_t> IntFlagIn(const Args& args, std::string_view name, int64_t fallback,
                          int64_t low, int64_t high);

// Text as people type it, lower case (Trim, in dsl/text.h, takes the space off).
std::string Lower(std::string s);

// A file a command writes at `path` when its work is done: an error now if it
// cannot be (a folder there, no such folder, a folder it may not write), so
// the work is not lost. Writes nothing.
Status CheckWritablePath(const std::string& path);

}  // namespace angler

#endif  // ANGLER_TOOLS_COMMAND_SUPPORT_H_
