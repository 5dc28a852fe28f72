#include "tools/commands.h"

#include <algorithm>
#include <array>
#include <istream>
#include <ostream>

#include "dsl/source.h"
#include "tools/check.h"
#include "tools/replay_cmd.h"

namespace angler {
namespace {

int HelpCommand(const std::vector<std::string>& args, Streams io);

constexpr std::array kCommands = {
    Command{"rules", "check rulesets and summarize what they contain",
            "angler rules check fishing rulesets/variants/my-house-rules.yaml",
            [](const std::vector<std::string>& args, Streams io) {
              return RunRules(args, io.out, io.err);
            }},
    Command{"sim", "play many games with bots; report win rates and scores",
            "angler sim fishing --players 4 --games 1000 --seed 1 --bots greedy,random",
            [](const std::vector<std::string>& args, Streams io) {
              return RunSim(args, io.out, io.err);
            }},
    Command{
        "compare",
        "play two rulesets on the same seeds; report each difference and its interval",
        "angler compare fishing fishing-short --players 4 --games 2000 --html "
        "report.html",
        [](const std::vector<std::string>& args, Streams io) {
          return RunCompare(args, io.out, io.err);
        }},
    Command{"play", "play a game in the terminal against bots",
            "angler play fishing --players 4 --seat 0 --bots greedy",
            [](const std::vector<std::string>& args, Streams io) {
              return RunPlay(args, io.in, io.out, io.err);
            }},
    Command{"check",
            "run scenario files: rule examples as positions, moves and expectations",
            "angler check tests/scenarios/fishing",
            [](const std::vector<std::string>& args, Streams io) {
              return RunCheck(args, io.out, io.err);
            }},
    Command{"replay",
            "stored games: list, show, step, annotate, branch, export, import, verify",
            "angler replay list --ruleset fishing",
            [](const std::vector<std::string>& args, Streams io) {
              return RunReplay(args, io.out, io.err, io.in);
            }},
    Command{"analyze",
            "computer analysis of a stored game: winning chances, mistakes marked",
            "angler analyze 12 --bot ismcts:2000",
            [](const std::vector<std::string>& args, Streams io) {
              return RunAnalyze(args, io.out, io.err);
            }},
    Command{"bench", "measure the engine's speed on the shipped rulesets",
            "angler bench --json",
            [](const std::vector<std::string>& args, Streams io) {
              return RunBench(args, io.out, io.err);
            }},
    Command{"help", "show this list, or a command's flags", "angler help sim",
            HelpCommand},
};

void PrintHelp(std::ostream& out) {
  out << "angler: a rules-as-data card game engine\n\n"
      << "usage: angler COMMAND [ARGS...]\n"
      << "       angler COMMAND --help    (the command's flags)\n\n"
      << "commands:\n";
  size_t width = 0;
  for (const Command& c : kCommands) width = std::max(width, c.name.size());
  for (const Command& c : kCommands) {
    out << "  " << c.name << std::string(width - c.name.size() + 2, ' ') << c.summary
        << "\n"
        << std::string(width + 4, ' ') << "e.g. " << c.example << "\n";
  }
  out << "\nexit codes: 0 ok, 1 a check failed, 2 bad input or usage\n";
}

const Command* FindCommand(std::string_view name) {
  for (const Command& c : kCommands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

int UnknownCommand(std::string_view name, std::ostream& err) {
  std::vector<std::string> names;
  for (const Command& c : kCommands) names.emplace_back(c.name);
  err << "angler: "
      << WithSuggestion("unknown command '" + std::string(name) + "'", name, names)
      << "\nrun 'angler help' for the list of commands\n";
  return kExitUsage;
}

int HelpCommand(const std::vector<std::string>& args, Streams io) {
  if (args.empty()) {
    PrintHelp(io.out);
    return kExitOk;
  }
  const Command* command = FindCommand(args[0]);
  if (!command || command->name == "help") return UnknownCommand(args[0], io.err);
  return command->run({"--help"}, io);
}

}  // namespace

std::span<const Command> Commands() { return kCommands; }

int RunAngler(const std::vector<std::string>& words, Streams io) {
  if (words.empty()) {
    PrintHelp(io.err);
    return kExitUsage;
  }
  const std::string& name = words[0];
  if (name == "--help" || name == "-h") {
    PrintHelp(io.out);
    return kExitOk;
  }
  const Command* command = FindCommand(name);
  if (!command) return UnknownCommand(name, io.err);
  return command->run(std::vector<std::string>(words.begin() + 1, words.end()), io);
}

}  // namespace angler
