#include "dsl/source.h"

#include <algorithm>
#include <cctype>

namespace angler {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

std::shared_ptr<const SourceFile> SourceFile::Make(std::string name, std::string text) {
  // The constructor is private so every file is shared; make_shared cannot reach it.
  return std::shared_ptr<const SourceFile>(
      new SourceFile(std::move(name), std::move(text)));
}

int SourceFile::LineCount() const {
  const bool ends_open = !text_.empty() && text_.back() != '\n';
  return static_cast<int>(line_starts_.size()) - (ends_open ? 0 : 1);
}

std::string_view SourceFile::Line(int line) const {
  if (line < 1 || line > static_cast<int>(line_starts_.size())) return {};
  const std::size_t begin = line_starts_[line - 1];
  std::size_t end = line < static_cast<int>(line_starts_.size()) ? line_starts_[line] - 1
                                                                 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

std::pair<int, int> SourceFile::PositionOf(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  const auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const int line = static_cast<int>(next - line_starts_.begin());
  return {line, static_cast<int>(offset - line_starts_[line - 1]) + 1};
}

std::string Diagnostic::Format(std::string_view severity) const {
  // Built with append: GCC 12 warns falsely (-Wrestrict) on "literal" + string&&.
  std::string out;
  if (pos.file != nullptr) {
    out.append(pos.file->name());
    if (pos.line > 0) out.append(":").append(std::to_string(pos.line));
    if (pos.line > 0 && pos.col > 0) out.append(":").append(std::to_string(pos.col));
    out.append(": ");
  }
  out.append(severity).append(": ").append(message).append("\n");
  if (pos.file == nullptr || pos.line < 1 || pos.line > pos.file->LineCount()) return out;

  const std::string number = std::to_string(pos.line);
  std::string_view source = pos.file->Line(pos.line);
  // A long line (a record written as one line of JSON) is shown as a window
  // around the column, "..." marking what is left out on either side.
  int col = pos.col;
  bool cut_before = false, cut_after = false;
  if (source.size() > kExcerptWidth) {
    auto char_start = [&source](size_t i) {  // never inside a UTF-8 character
      while (i > 0 && i < source.size() && (source[i] & 0xC0) == 0x80) --i;
      return i;
    };
    const size_t at = col > 0 ? static_cast<size_t>(col - 1) : 0;
    const size_t from = char_start(at > kExcerptWidth / 2 ? at - kExcerptWidth / 2 : 0);
    const size_t to = char_start(std::min(source.size(), from + kExcerptWidth));
    cut_before = from > 0;
    cut_after = to < source.size();
    if (col > 0) col -= static_cast<int>(from);
    source = source.substr(from, to - from);
  }
  const std::string_view dots = "...";
  out.append("  ").append(number).append(" | ").append(cut_before ? dots : "");
  out.append(source).append(cut_after ? dots : "").append("\n");
  if (pos.col < 1) return out;
  out.append("  ")
      .append(number.size(), ' ')
      .append(" | ")
      .append(cut_before ? "   " : "");
  for (int i = 0; i < col - 1; ++i) {
    const unsigned char c = i < static_cast<int>(source.size()) ? source[i] : ' ';
    // Tabs are copied so the caret lands under the same column in any terminal;
    // UTF-8 continuation bytes take no column of their own.
    if (c == '\t') {
      out += '\t';
    } else if ((c & 0xC0) != 0x80) {
      out += ' ';
    }
  }
  out.append("^\n");
  return out;
}

namespace {

// Optimal string alignment distance: Levenshtein plus adjacent transpositions.
std::size_t OsaDistance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string DidYouMean(std::string_view name,
                       const std::vector<std::string>& candidates) {
  const std::size_t limit =
      std::max<std::size_t>(1, name.size() / 3) + (name.size() >= 8 ? 1 : 0);
  const std::string lowered = Lower(name);
  const std::string* best = nullptr;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    const std::size_t distance = OsaDistance(lowered, Lower(candidate));
    if (distance < best_distance) {  // strict, so ties keep the earlier candidate
      best = &candidate;
      best_distance = distance;
    }
  }
  return best == nullptr ? "" : "did you mean '" + *best + "'?";
}

std::string WithSuggestion(std::string message, std::string_view name,
                           const std::vector<std::string>& candidates) {
  const std::string suggestion = DidYouMean(name, candidates);
  if (!suggestion.empty()) message += " (" + suggestion + ")";
  return message;
}

}  // namespace angler
