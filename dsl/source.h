// Source text, positions, diagnostics, and errors as values.
//
// REQUIRES: Result<T>::value() only when ok() (otherwise std::bad_variant_access);
// errors()/error() only when !ok(); a Result built from errors needs at least one.
#ifndef ANGLER_DSL_SOURCE_H_
#define ANGLER_DSL_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace angler {

// A loaded text file (ruleset YAML, scenario, record) kept for diagnostics.
class SourceFile {
 public:
  static std::shared_ptr<const SourceFile> Make(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  // A trailing newline ends the last line rather than starting an empty one.
  int LineCount() const;
  // 1-based, without the newline (or "\r\n"); empty if out of range.
  std::string_view Line(int line) const;
  // 1-based line/col (col counts bytes) of a byte offset into text(); clamped to the end.
  std::pair<int, int> PositionOf(std::size_t offset) const;

 private:
  SourceFile(std::string name, std::string text);

  std::string name_;
  std::string text_;
  std::vector<std::size_t> line_starts_;  // byte offset where each line begins
};

// 1-based; 0 means unknown. file may be null.
struct SourcePos {
  std::shared_ptr<const SourceFile> file;
  int line = 0;
  int col = 0;
};

// What an error means for whoever ran the command; the tools turn it into the
// exit code in one place (tools/command_support.h, ExitCodeFor).
enum class ErrorKind : uint8_t {
  kBadInput,     // the input is wrong: a file, a name, a move, a flag (exit 2)
  kCheckFailed,  // the input is well formed, and what it claims does not hold (exit 1)
  kInternal,     // the rules or the engine went wrong while running (exit 1)
};

// The most of a source line an error shows (a JSON record may be one line).
inline constexpr size_t kExcerptWidth = 120;

struct Diagnostic {
  // A constructor rather than aggregate init: GCC 12 reports a false
  // -Wmaybe-uninitialized on the shared_ptr when aggregate init unwinds.
  Diagnostic() = default;
  Diagnostic(SourcePos pos, std::string message, ErrorKind kind = ErrorKind::kBadInput)
      : pos(std::move(pos)), message(std::move(message)), kind(kind) {}

  SourcePos pos;
  std::string message;
  ErrorKind kind = ErrorKind::kBadInput;

  // "name:line:col: error: message\n", then when the file and line are known
  // "  12 | <source line>\n     | <padding>^\n". Without a file: "error: message\n".
  // A line longer than kExcerptWidth bytes shows kExcerptWidth of them around
  // the column, "..." where it is cut. `severity` replaces "error" (a warning).
  std::string Format(std::string_view severity = "error") const;
};

// Holds a T or a non-empty list of Diagnostics.
template <typename T>
class [[nodiscard]] Result {
 public:
  // Converting like std::optional, so `return "text";` works for Result<std::string>.
  template <typename U = T>
  requires(std::is_constructible_v<T, U&&> &&
           !std::is_same_v<std::remove_cvref_t<U>, Result> &&
           !std::is_same_v<std::remove_cvref_t<U>, Diagnostic> &&
           !std::is_same_v<std::remove_cvref_t<U>, std::vector<Diagnostic>>)
      Result(U&& value)
      : data_(std::in_place_index<0>, std::forward<U>(value)) {}
  Result(Diagnostic error)
      : data_(std::in_place_index<1>, std::vector<Diagnostic>{std::move(error)}) {}
  Result(std::vector<Diagnostic> errors)
      : data_(std::in_place_index<1>, std::move(errors)) {
    if (std::get<1>(data_).empty()) throw std::logic_error("Result with no errors");
  }

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const T& value() const& { return std::get<0>(data_); }

  const std::vector<Diagnostic>& errors() const { return std::get<1>(data_); }
  const Diagnostic& error() const { return errors().front(); }

 private:
  std::variant<T, std::vector<Diagnostic>> data_;
};

using Status = Result<std::monostate>;
inline Status Ok() { return std::monostate{}; }

// "did you mean 'hand'?" for the candidate nearest to name by case-insensitive
// Damerau-Levenshtein (optimal string alignment) distance, if within
// max(1, size / 3) + (size >= 8 ? 1 : 0); ties go to the earlier candidate.
// Empty when nothing is close.
std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates);

// message + " (did you mean 'x'?)" when DidYouMean has a suggestion.
std::string WithSuggestion(std::string message, std::string_view name,
                           const std::vector<std::string>& candidates);

}  // namespace angler

#endif  // ANGLER_DSL_SOURCE_H_
