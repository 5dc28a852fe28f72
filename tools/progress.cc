#include "tools/progress.h"

#include <unistd.h>

#include <iostream>
#include <utility>

namespace angler {

ProgressLine::ProgressLine(std::ostream& err, bool enabled, std::string label)
    : err_(err), enabled_(enabled), label_(std::move(label)), start_(Clock::now()) {}

bool ProgressLine::IsTerminal(const std::ostream& err) {
  return &err == &std::cerr && isatty(STDERR_FILENO) == 1;
}

void ProgressLine::Update(long done, long total) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - start_ < std::chrono::seconds(1)) return;
  if (shown_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  shown_ = true;
  err_ << "\r" << label_ << ": " << done << "/" << total << "\x1b[K" << std::flush;
}

void ProgressLine::Finish() {
  if (!shown_) return;
  err_ << "\r\x1b[K" << std::flush;
  shown_ = false;
}

}  // namespace angler
