// The `angler` subcommands: one registry, one entry point.
//
// To add a subcommand: write tools/cmd_NAME.cc with a Run function of the shape
// below, declare it here and add a line to Commands() in commands.cc.
#ifndef ANGLER_TOOLS_COMMANDS_H_
#define ANGLER_TOOLS_COMMANDS_H_

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace angler {

// Exit codes (DESIGN.md: Output).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // a check failed: a ruleset error, a bad replay
inline constexpr int kExitUsage = 2;    // bad input or usage

struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

struct Command {
  std::string_view name;
  std::string_view summary;  // one line for `angler help`
  std::string_view example;
  // args: the words after the subcommand's name.
  int (*run)(const std::vector<std::string>& args, Streams io);
};

std::span<const Command> Commands();

// How this angler was compiled, for `version` and `bench` (speed depends on
// it): the compiler, the build type and whether it is profile-guided and
// link-time optimised, as "gcc 12.2.0, Release, profile-guided, link-time
// optimised".
std::string BuildDescription();

// `angler WORDS...` without the program name: dispatches to a subcommand.
int RunAngler(const std::vector<std::string>& words, Streams io);

// The subcommands; each takes the words after its name.
int RunRules(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunSim(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunPlay(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err);
int RunBench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunCompare(const std::vector<std::string>& args, std::ostream& out,
               std::ostream& err);
int RunServe(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int RunAnalyze(const std::vector<std::string>& args, std::ostream& out,
               std::ostream& err);

}  // namespace angler

#endif  // ANGLER_TOOLS_COMMANDS_H_
