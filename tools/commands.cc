#include "tools/commands.h"

#include <algorithm>
#include <array>
#include <istream>
#include <ostream>

#include "dsl/source.h"
#include "replay/format.h"
#include "tools/check.h"
#include "tools/json.h"
#include "tools/replay_cmd.h"

namespace angler {
namespace {

// The project's version, from CMakeLists.txt.
constexpr const char* kAnglerVersion = ANGLER_VERSION;

int HelpCommand(const std::vector<std::string>& args, Streams io);
int VersionCommand(const std::vector<std::string>& args, Streams io);
int CompletionCommand(const std::vector<std::string>& args, Streams io);

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
    Command{"serve",
            "serve the stored games and play in a web browser (JSON API and page)",
            "angler serve --port 8080",
            [](const std::vector<std::string>& args, Streams io) {
              return RunServe(args, io.out, io.err);
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
    Command{"help", "show this list, or a command's flags", "angler help replay show",
            HelpCommand},
    Command{"version",
            "the version, the record format and store schema it writes, the build",
            "angler --version", VersionCommand},
    Command{"completion", "a bash completion script for angler's commands and flags",
            "angler completion bash > ~/.local/share/bash-completion/completions/angler",
            CompletionCommand},
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
  err << "angler: error: "
      << WithSuggestion("unknown command '" + std::string(name) + "'", name, names)
      << "\nrun 'angler help' for the list of commands\n";
  return kExitUsage;
}

// `angler help`, `angler help sim`, `angler help replay show`: a command's (or
// a subcommand's) --help.
int HelpCommand(const std::vector<std::string>& args, Streams io) {
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    PrintHelp(io.out);
    return kExitOk;
  }
  const Command* command = FindCommand(args[0]);
  if (!command) return UnknownCommand(args[0], io.err);
  std::vector<std::string> words(args.begin() + 1, args.end());
  words.push_back("--help");
  return command->run(words, io);
}

int VersionCommand(const std::vector<std::string>& args, Streams io) {
  const bool json = args.size() == 1 && args[0] == "--json";
  if (!args.empty() && !json && args[0] != "--help" && args[0] != "-h") {
    io.err << "angler version: error: expected no arguments, got '" << args[0] << "'\n";
    return kExitUsage;
  }
  if (!args.empty() && !json) {
    io.out << "usage: angler version [--json]   (or angler --version)\n\n"
           << "Prints angler's version and the versions of the record format and\n"
           << "the store schema this build writes, and how it was compiled;\n"
           << "--json as {\"version\", \"record_format\", \"store_schema\",\n"
           << "\"build\"}.\n";
    return kExitOk;
  }
  if (json) {
    JsonWriter out;
    out.BeginObject().Key("version").String(kAnglerVersion);
    out.Key("record_format").Int(kRecordFormatVersion);
    out.Key("store_schema").Int(kStoreSchemaVersion);
    out.Key("build").String(BuildDescription());
    io.out << out.EndObject().str() << "\n";
    return kExitOk;
  }
  io.out << "angler " << kAnglerVersion << " (record format " << kRecordFormatVersion
         << ", store schema " << kStoreSchemaVersion << ")\n"
         << "build: " << BuildDescription() << "\n";
  return kExitOk;
}

// The bash completion script: the commands come from this table; a command's
// subcommands and flags are read from its own --help when completing, so the
// script stays true as commands change.
int CompletionCommand(const std::vector<std::string>& args, Streams io) {
  if (args.size() != 1 || args[0] != "bash") {
    const bool help = !args.empty() && (args[0] == "--help" || args[0] == "-h");
    (help ? io.out : io.err)
        << (help ? "" : "angler completion: error: expected 'bash'\n")
        << "usage: angler completion bash\n\n"
        << "Prints a bash completion script: save it as\n"
        << "~/.local/share/bash-completion/completions/angler (cmake --install\n"
        << "puts it under PREFIX/share/bash-completion/completions/).\n";
    return help ? kExitOk : kExitUsage;
  }
  std::string names;
  for (const Command& c : kCommands) {
    if (!names.empty()) names += ' ';
    names.append(c.name);
  }
  io.out << "# bash completion for angler (generated by 'angler completion bash')\n"
         << "_angler() {\n"
         << "  local cur=${COMP_WORDS[COMP_CWORD]}\n"
         << "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
         << "    COMPREPLY=($(compgen -W \"" << names
         << " --help --version\" -- \"$cur\"))\n"
         << "    return\n"
         << "  fi\n"
         << "  local help words\n"
         << "  help=$(\"${COMP_WORDS[0]}\" \"${COMP_WORDS[@]:1:COMP_CWORD-1}\" --help "
            "2>/dev/null)\n"
         << "  if [[ $cur == -* ]]; then\n"
         << "    words=$(grep -o -- '--[a-z][a-z-]*' <<<\"$help\" | sort -u)\n"
         << "  elif [ \"$COMP_CWORD\" -eq 2 ]; then\n"
         << "    words=$( (sed -n 's/^ *\\(usage:\\)\\{0,1\\} *angler [a-z]* "
            "\\([a-z-]*\\).*/\\2/p' "
            "<<<\"$help\"; sed -n '/^commands:/,/^$/s/^  \\([a-z][a-z-]*\\) .*/\\1/p' "
            "<<<\"$help\") | sort -u)\n"
         << "  fi\n"
         << "  if [ -n \"$words\" ]; then\n"
         << "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
         << "  else\n"
         << "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         << "  fi\n"
         << "}\n"
         << "complete -F _angler angler\n";
  return kExitOk;
}

}  // namespace

std::string BuildDescription() {
#if defined(__clang__)
  std::string text = "clang " __clang_version__;
#elif defined(__GNUC__)
  std::string text = "gcc " __VERSION__;
#else
  std::string text = "an unknown compiler";
#endif
  return text + ", " ANGLER_BUILD_TYPE ANGLER_BUILD_NOTE;
}

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
  if (name == "--version") return VersionCommand({}, io);
  const Command* command = FindCommand(name);
  if (!command) return UnknownCommand(name, io.err);
  return command->run(std::vector<std::string>(words.begin() + 1, words.end()), io);
}

}  // namespace angler
