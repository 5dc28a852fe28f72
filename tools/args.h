// Command-line parsing for subcommands (CLI11 reads the words), with errors as
// values in the project's words and did-you-mean suggestions.
//
// REQUIRES: FlagSpec names are unique and given without the leading "--".
#ifndef ANGLER_TOOLS_ARGS_H_
#define ANGLER_TOOLS_ARGS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dsl/source.h"

namespace angler {

struct FlagSpec {
  std::string name;  // without leading "--"
  bool takes_value;
  std::string help;
};

class Args {
 public:
  // Parses the words after the subcommand: "--name value", "--name=value", boolean
  // "--name"; "--" ends flags; everything else (including "-5") is positional.
  // A value flag followed by another "--flag", or given "" ("--db ''", "--db="),
  // counts as missing its value: an empty value would fall back to a default unseen.
  // Reports every bad word, e.g. "unknown flag '--sedd' (did you mean '--seed'?)".
  static Result<Args> Parse(const std::vector<std::string>& words,
                            const std::vector<FlagSpec>& specs);

  bool Has(std::string_view name) const;
  // Last occurrence wins; a boolean flag reads as "".
  std::optional<std::string> Get(std::string_view name) const;
  // fallback when absent; an error naming the flag when the value is not a number.
  Result<int64_t> GetInt(std::string_view name, int64_t fallback) const;
  Result<uint64_t> GetUint64(std::string_view name, uint64_t fallback) const;

  const std::vector<std::string>& positional() const { return positional_; }

  // "a..b" or "a" -> inclusive range, for flags like --players 2..6.
  static Result<std::pair<int, int>> ParseRange(std::string_view text);

 private:
  Args() = default;

  std::vector<std::pair<std::string, std::string>> flags_;  // in command-line order
  std::vector<std::string> positional_;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_ARGS_H_
