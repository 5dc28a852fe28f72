// A progress line on stderr for long runs, redrawn in place.
//
// Short runs stay silent: the line appears only once a run has taken a second,
// and only on a terminal, so logs and test output never carry it.
#ifndef ANGLER_TOOLS_PROGRESS_H_
#define ANGLER_TOOLS_PROGRESS_H_

#include <chrono>
#include <iosfwd>
#include <string>

namespace angler {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  // enabled: whether the stream is a terminal a person watches (see ForStream).
  ProgressLine(std::ostream& err, bool enabled, std::string label);
  ~ProgressLine() { Finish(); }

  // True when `err` is the process's stderr and that is a terminal.
  static bool IsTerminal(const std::ostream& err);

  // "label: done/total" once a second has passed, at most every 100 ms.
  void Update(long done, long total);
  // Clears the line if it was ever drawn.
  void Finish();

  bool shown() const { return shown_; }

 private:
  std::ostream& err_;
  bool enabled_;
  std::string label_;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  bool shown_ = false;
};

}  // namespace angler

#endif  // ANGLER_TOOLS_PROGRESS_H_
