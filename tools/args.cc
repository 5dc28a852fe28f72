#include "tools/args.h"

#include <algorithm>
#include <cctype>
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

}  // namespace

Result<Args> Args::Parse(const std::vector<std::string>& words,
                         const std::vector<FlagSpec>& specs) {
  Args args;
  std::vector<Diagnostic> errors;
  bool flags_done = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    // `-h` is --help; any other `-x` is a mistyped flag (flags are written
    // out: `--players`), said with the flags it may have meant.
    if (!flags_done && word.size() >= 2 && word[0] == '-' &&
        std::isalpha(static_cast<unsigned char>(word[1]))) {
      const bool has_help = std::any_of(
          specs.begin(), specs.end(), [](const FlagSpec& s) { return s.name == "help"; });
      if (word == "-h" && has_help) {
        args.flags_.emplace_back("help", "");
        continue;
      }
      std::vector<std::string> meant;
      for (const FlagSpec& s : specs) {
        if (s.name[0] == word[1]) meant.push_back("'--" + s.name + "'");
      }
      std::string message = "unknown flag '" + word + "'";
      if (meant.empty()) {
        message += ": flags are written out, like '--help'";
      } else {
        message += " (did you mean ";
        for (size_t k = 0; k < meant.size(); ++k) {
          message += (k == 0 ? "" : k + 1 == meant.size() ? " or " : ", ") + meant[k];
        }
        message += "?)";
      }
      errors.push_back(Error(message));
      continue;
    }
    if (flags_done || word.size() < 2 || word.compare(0, 2, "--") != 0) {
      args.positional_.push_back(word);
      continue;
    }
    if (word == "--") {
      flags_done = true;
      continue;
    }
    const std::size_t eq = word.find('=');
    const std::string name = word.substr(2, eq == std::string::npos ? eq : eq - 2);
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const FlagSpec& s) { return s.name == name; });
    if (spec == specs.end()) {
      std::vector<std::string> known;
      for (const FlagSpec& s : specs) known.push_back("--" + s.name);
      errors.push_back(
          Error(WithSuggestion("unknown flag '--" + name + "'", "--" + name, known)));
      continue;
    }
    if (!spec->takes_value) {
      if (eq != std::string::npos) {
        errors.push_back(Error("flag '--" + name + "' does not take a value"));
      } else {
        args.flags_.emplace_back(name, "");
      }
      continue;
    }
    if (eq != std::string::npos) {
      args.flags_.emplace_back(name, word.substr(eq + 1));
    } else if (i + 1 < words.size() && words[i + 1].compare(0, 2, "--") != 0) {
      args.flags_.emplace_back(name, words[++i]);
    } else {
      errors.push_back(Error("flag '--" + name + "' needs a value"));
    }
  }
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
