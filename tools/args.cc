#include "tools/args.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>

namespace angler {
namespace {

Diagnostic Error(std::string message) { return Diagnostic{{}, std::move(message)}; }

// Whole text must be the number; from_chars also rejects a leading '+' or spaces.
template <typename Int>
std::from_chars_result ParseWhole(std::string_view text, Int& out) {
  auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  if (result.ec == std::errc() && result.ptr != text.data() + text.size()) {
    result.ec = std::errc::invalid_argument;
  }
  return result;
}

template <typename Int>
Result<Int> GetNumber(const std::optional<std::string>& value, std::string_view name,
                      Int fallback, std::string_view kind) {
  if (!value) return fallback;
  Int out{};
  const auto result = ParseWhole(*value, out);
  const std::string flag = "--" + std::string(name);
  if (result.ec == std::errc::result_out_of_range) {
    return Error(flag + " is out of range, got '" + *value + "'");
  }
  if (result.ec != std::errc()) {
    return Error(flag + " expects " + std::string(kind) + ", got '" + *value + "'");
  }
  return out;
}

Diagnostic UnknownLongFlag(const std::string& name, const std::vector<FlagSpec>& specs) {
  std::vector<std::string> known;
  for (const FlagSpec& s : specs) known.push_back("--" + s.name);
  return Error(WithSuggestion("unknown flag '--" + name + "'", "--" + name, known));
}

// Flags are written out (`--players`); a `-p` is said with the flags it may mean.
Diagnostic UnknownShortFlag(const std::string& word, const std::vector<FlagSpec>& specs) {
  std::vector<std::string> meant;
  for (const FlagSpec& s : specs) {
    if (word.size() > 1 && s.name[0] == word[1]) meant.push_back("'--" + s.name + "'");
  }
  std::string message = "unknown flag '" + word + "'";
  if (meant.empty()) return Error(message + ": flags are written out, like '--help'");
  message += " (did you mean ";
  for (size_t k = 0; k < meant.size(); ++k) {
    message += (k == 0 ? "" : k + 1 == meant.size() ? " or " : ", ") + meant[k];
  }
  return Error(message + "?)");
}

}  // namespace

// CLI11 reads the words: "--name value", "--name=value", boolean flags, "--"
// and negative numbers as words. Each occurrence reaches a callback as it is
// read, so flags_ keeps command-line order and every mistake is collected;
// the words CLI11 does not know come back as its extras and are named here
// with the flags they may have meant.
Result<Args> Args::Parse(const std::vector<std::string>& words,
                         const std::vector<FlagSpec>& specs) {
  Args args;
  std::vector<Diagnostic> value_errors;
  CLI::App app;
  app.set_help_flag();  // help is one of the specs, shown by the command table
  app.allow_extras();
  for (const FlagSpec& spec : specs) {
    const std::string flag = "--" + spec.name;
    if (spec.takes_value) {
      // (0, 1): a bare "--seed" before another flag or at the end is read as
      // given without a value, so it is reported rather than eating a flag.
      app.add_option(flag,
                     [&](const CLI::results_t& values) {
                       if (values.empty() || values.back().empty()) {
                         value_errors.push_back(Error("flag '--" + spec.name +
                                                      "' needs a value: " + spec.help));
                       } else {
                         args.flags_.emplace_back(spec.name, values.back());
                       }
                       return true;
                     })
          ->expected(0, 1)
          ->trigger_on_parse();
    } else {
      app.add_flag(flag)->trigger_on_parse()->each([&](const std::string& value) {
        // CLI11 gives "true" for a bare flag and the text of "--flag=text".
        if (value != "true") {
          value_errors.push_back(
              Error("flag '--" + spec.name + "' does not take a value"));
        } else {
          args.flags_.emplace_back(spec.name, "");
        }
      });
    }
  }
  app.add_option("words", args.positional_);
  std::vector<std::string> reversed(words.rbegin(),
                                    words.rend());  // CLI11 pops from the back
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return Error(e.what());
  }
  std::vector<Diagnostic> errors;
  for (const std::string& word : app.remaining()) {
    if (word == "--") continue;
    if (word == "-h" && std::any_of(specs.begin(), specs.end(),
                                    [](const FlagSpec& s) { return s.name == "help"; })) {
      args.flags_.emplace_back("help", "");
    } else if (word.compare(0, 2, "--") == 0) {
      errors.push_back(UnknownLongFlag(word.substr(2, word.find('=') - 2), specs));
    } else {
      errors.push_back(UnknownShortFlag(word, specs));
    }
  }
  errors.insert(errors.end(), value_errors.begin(), value_errors.end());
  if (!errors.empty()) return errors;
  return args;
}

bool Args::Has(std::string_view name) const { return Get(name).has_value(); }

std::optional<std::string> Args::Get(std::string_view name) const {
  for (auto it = flags_.rbegin(); it != flags_.rend(); ++it) {
    if (it->first == name) return it->second;
  }
  return std::nullopt;
}

Result<int64_t> Args::GetInt(std::string_view name, int64_t fallback) const {
  return GetNumber<int64_t>(Get(name), name, fallback, "a whole number");
}

Result<uint64_t> Args::GetUint64(std::string_view name, uint64_t fallback) const {
  return GetNumber<uint64_t>(Get(name), name, fallback, "a non-negative whole number");
}

Result<std::pair<int, int>> Args::ParseRange(std::string_view text) {
  const std::size_t dots = text.find("..");
  const std::string_view first = text.substr(0, dots);
  const std::string_view last =
      dots == std::string_view::npos ? first : text.substr(dots + 2);
  int low = 0, high = 0;
  if (ParseWhole(first, low).ec != std::errc() ||
      ParseWhole(last, high).ec != std::errc()) {
    return Error("expected a number or a range like '2..6', got '" + std::string(text) +
                 "'");
  }
  if (low > high) {
    return Error("range '" + std::string(text) + "' is empty: " + std::to_string(low) +
                 " is greater than " + std::to_string(high));
  }
  return std::pair{low, high};
}

}  // namespace angler
