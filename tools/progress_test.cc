#include "tools/progress.h"

#include <catch2/catch.hpp>
#include <sstream>

namespace angler {
namespace {

TEST_CASE("A progress line stays silent when disabled or in the first second",
          "[progress]") {
  std::ostringstream err;
  {
    ProgressLine disabled(err, false, "sim");
    disabled.Update(1, 10);
    ProgressLine quick(err, true, "sim");
    quick.Update(5, 10);
    CHECK_FALSE(quick.shown());
  }
  CHECK(err.str().empty());
}

TEST_CASE("Only the process's own stderr counts as a terminal", "[progress]") {
  std::ostringstream err;
  CHECK_FALSE(ProgressLine::IsTerminal(err));
}

}  // namespace
}  // namespace angler
