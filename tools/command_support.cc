#include "tools/command_support.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <ostream>

#include "dsl/text.h"
#include "interpreter/move_text.h"
#include "replay/record.h"
#include "tools/commands.h"

namespace angler {

void PrintCommandHelp(const CommandSpec& spec, std::ostream& out) {
  out << "usage: angler " << spec.name << " " << spec.synopsis << "\n\n"
      << spec.description << "\n";
  if (spec.flags.empty()) return;
  out << "\nflags:\n";
  size_t width = 0;
  for (const FlagSpec& f : spec.flags) width = std::max(width, f.name.size());
  const size_t indent = width + 6;  // "  --" + name + two spaces
  for (const FlagSpec& f : spec.flags) {
    out << "  --" << f.name << std::string(width - f.name.size() + 2, ' ');
    // Wrapped at 80 columns under the help column.
    size_t column = indent;
    size_t begin = 0;
    while (begin < f.help.size()) {
      size_t end = f.help.find(' ', begin);
      if (end == std::string::npos) end = f.help.size();
      const size_t word = end - begin;
      if (column > indent && column + 1 + word > 80) {
        out << "\n" << std::string(indent, ' ');
        column = indent;
      } else if (column > indent) {
        out << ' ';
        ++column;
      }
      out << f.help.substr(begin, word);
      column += word;
      begin = end + 1;
    }
    out << "\n";
  }
}

void PrintErrors(std::string_view command, const std::vector<Diagnostic>& errors,
                 std::ostream& err) {
  for (const Diagnostic& d : errors) {
    if (!d.pos.file) err << "angler " << command << ": ";
    err << d.Format();
  }
}

int ExitCodeFor(const std::vector<Diagnostic>& errors) {
  for (const Diagnostic& d : errors) {
    if (d.kind == ErrorKind::kBadInput) return kExitUsage;
  }
  return kExitFailure;
}

int ReportErrors(std::string_view command, const std::vector<Diagnostic>& errors,
                 std::ostream& err) {
  PrintErrors(command, errors, err);
  return ExitCodeFor(errors);
}

ParsedCommand ParseCommand(const CommandSpec& spec, const std::vector<std::string>& words,
                           std::ostream& out, std::ostream& err) {
  std::vector<FlagSpec> flags = spec.flags;
  flags.push_back({"help", false, "show this help"});
  Result<Args> parsed = Args::Parse(words, flags);
  if (!parsed) {
    PrintErrors(spec.name, parsed.errors(), err);
    err << "run 'angler " << spec.name << " --help' for usage\n";
    return {std::nullopt, 2};
  }
  if (parsed.value().Has("help")) {
    PrintCommandHelp(spec, out);
    return {std::nullopt, 0};
  }
  return {std::move(parsed).value(), 0};
}

Result<int> PlayersFlag(const Ruleset& rules, const Args& args) {
  const std::string allowed = rules.name + " is for " + PlayerRange(rules) + " players";
  if (!args.Has("players")) {
    if (rules.min_players == rules.max_players) return rules.min_players;
    return Diagnostic({}, "--players is required: " + allowed);
  }
  Result<int64_t> players = args.GetInt("players", 0);
  if (!players) return players.errors();
  if (players.value() < rules.min_players || players.value() > rules.max_players) {
    return Diagnostic({}, "--players " + std::to_string(players.value()) +
                              " is out of range: " + allowed);
  }
  return static_cast<int>(players.value());
}

Result<std::vector<std::string>> NamesFlag(const Args& args, int players) {
  const std::optional<std::string> flag = args.Get("names");
  if (!flag) return SeatNames(players);
  std::vector<std::string> names;
  size_t from = 0;
  while (true) {
    const size_t comma = flag->find(',', from);
    names.emplace_back(Trim(std::string_view(*flag).substr(from, comma - from)));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  if (static_cast<int>(names.size()) != players) {
    return Diagnostic({}, "--names gives " + std::to_string(names.size()) +
                              (names.size() == 1 ? " name" : " names") + " for " +
                              std::to_string(players) + " players");
  }
  if (Status ok = CheckPlayerNames(names); !ok) {
    return Diagnostic({}, "--names: " + ok.error().message);
  }
  return names;
}

int NearestPlayerCount(const Ruleset& rules, int wanted) {
  return std::clamp(wanted, rules.min_players, rules.max_players);
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Result<int64_t> IntFlagIn(const Args& args, std::string_view name, int64_t fallback,
                          int64_t low, int64_t high) {
  Result<int64_t> value = args.GetInt(name, fallback);
  if (!value) return value;
  if (value.value() < low || value.value() > high) {
    return Diagnostic({}, "--" + std::string(name) + " must be from " +
                              std::to_string(low) + " to " + std::to_string(high) +
                              ", got " + std::to_string(value.value()));
  }
  return value;
}

Status CheckWritablePath(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (path.empty()) return Diagnostic({}, "an empty file name");
  if (fs::is_directory(path, ec))
    return Diagnostic({}, "cannot write " + path + ": a folder");
  const fs::path parent = fs::path(path).parent_path();
  const std::string folder = parent.empty() ? "." : parent.string();
  if (!fs::is_directory(folder, ec)) {
    return Diagnostic({}, "cannot write " + path + ": no folder " + folder);
  }
  const bool exists = fs::exists(path, ec);
  if (access(exists ? path.c_str() : folder.c_str(), W_OK) != 0) {
    return Diagnostic({}, "cannot write " + path + ": not allowed");
  }
  return Ok();
}

}  // namespace angler
