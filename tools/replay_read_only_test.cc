// A store one may only read (a read-only filesystem, a folder of another
// user): `replay list/show/export` open it read-only.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "replay/sqlite.h"
#include "tools/commands.h"

namespace angler {
namespace {

namespace fs = std::filesystem;

int Angler(const std::vector<std::string>& words, std::string* out = nullptr) {
  std::istringstream in;
  std::ostringstream o, e;
  const int code = RunAngler(words, {in, o, e});
  if (out) *out = o.str();
  return code;
}

// A store of two games, copied (without -wal, -shm) into a folder then made
// read-only; made writable again and removed with the object.
struct ReadOnlyStore {
  ReadOnlyStore() {
    base = fs::temp_directory_path() / ("angler-read-only-" + std::to_string(getpid()));
    fs::remove_all(base);
    fs::create_directories(base / "ro");
    REQUIRE(Angler({"sim", "fishing", "--players", "3", "--games", "2", "--seed", "3",
                    "--record", "--db", (base / "made.db").string()}) == 0);
    fs::copy_file(base / "made.db", base / "ro" / "store.db");
    chmod((base / "ro" / "store.db").c_str(), 0444);
    chmod((base / "ro").c_str(), 0555);
  }
  ~ReadOnlyStore() {
    chmod((base / "ro").c_str(), 0755);
    std::error_code ec;
    fs::remove_all(base, ec);
  }
  std::string db() const { return (base / "ro" / "store.db").string(); }
  fs::path base;
};

TEST_CASE("replay list, show and export read a store they may not write",
          "[replay][read_only]") {
  ReadOnlyStore store;
  std::string out;
  CHECK(Angler({"replay", "list", "--db", store.db()}, &out) == 0);
  CHECK_THAT(out, Catch::Contains("fishing"));
  CHECK(Angler({"replay", "show", "2", "--ply", "3", "--db", store.db()}) == 0);
  CHECK(Angler({"replay", "export", "1", "2", "--db", store.db()}, &out) == 0);
  CHECK_THAT(out, Catch::Contains("[Ruleset "));
  // Nothing was written beside the file (as root the folder stays writable,
  // but a reader still makes no journal).
  CHECK_FALSE(fs::exists(store.db() + "-journal"));
}

TEST_CASE("an immutable read of a WAL store makes no -shm file", "[replay][read_only]") {
  ReadOnlyStore store;
  chmod((store.base / "ro").c_str(), 0755);
  Result<sql::Database> db = sql::Database::OpenReadOnly(store.db(), true);
  REQUIRE(db);
  Result<int64_t> games = db.value().QueryInt("SELECT count(*) FROM games", "counting");
  REQUIRE(games);
  CHECK(games.value() == 2);
  CHECK_FALSE(fs::exists(store.db() + "-shm"));
  CHECK_FALSE(fs::exists(store.db() + "-wal"));
}

}  // namespace
}  // namespace angler
