#include "replay/sqlite.h"

#include <catch2/catch.hpp>

namespace angler::sql {
namespace {

// A value bound to a statement that was stepped and not reset is refused by
// SQLite without a word on the connection: the message is the code's own.
TEST_CASE("sqlite: a refused bind is told by its code, not the last message",
          "[store][sqlite]") {
  auto db = Database::Open(":memory:", true);
  REQUIRE(db.ok());
  auto select = Statement::Prepare(db.value(), "SELECT ?1");
  REQUIRE(select.ok());
  Statement& s = select.value();
  s.Bind(1, int64_t{7});
  auto row = s.Step("reading");
  REQUIRE(row.ok());
  CHECK(row.value());
  CHECK(s.Int(0) == 7);
  s.Bind(1, int64_t{8});  // stepped, not reset
  auto refused = s.Step("reading again");
  REQUIRE(!refused.ok());
  CHECK(refused.error().message ==
        "store :memory:: reading again (binding a value): bad parameter or other API "
        "misuse (SQLite error 21)");
  // Reset, the statement takes values again.
  s.Reset();
  s.Bind(1, int64_t{9});
  row = s.Step("reading");
  REQUIRE(row.ok());
  CHECK(s.Int(0) == 9);
}

}  // namespace
}  // namespace angler::sql
