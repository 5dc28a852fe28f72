// What the tests of `angler replay` share: running it, and a store file in
// the temp folder filled with games.
#ifndef ANGLER_TOOLS_REPLAY_CMD_TEST_UTIL_H_
#define ANGLER_TOOLS_REPLAY_CMD_TEST_UTIL_H_

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"
#include "tools/replay_cmd.h"

namespace angler::testing {

struct Ran {
  int code = 0;
  std::string out;
  std::string err;
};

inline Ran Replay(std::vector<std::string> args, const std::string& input = "") {
  std::ostringstream out, err;
  std::istringstream in(input);
  Ran r;
  r.code = RunReplay(args, out, err, in);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A store file in the temp folder, removed afterwards, with `--db PATH` ready.
class TempStore {
 public:
  TempStore() {
    static int counter = 0;
    path_ = (std::filesystem::temp_directory_path() /
             ("angler-replay-cmd-" + std::to_string(getpid()) + "-" +
              std::to_string(counter++) + ".db"))
                .string();
    Remove();
  }
  ~TempStore() { Remove(); }
  const std::string& path() const { return path_; }
  std::unique_ptr<Store> Open() const {
    auto s = Store::Open(path_);
    INFO(FormatErrors(s));
    REQUIRE(s.ok());
    return std::move(s).value();
  }
  Ran Run(std::vector<std::string> args, const std::string& input = "") const {
    args.push_back("--db");
    args.push_back(path_);
    return Replay(args, input);
  }

 private:
  void Remove() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal", ".rec", ".scn"}) {
      std::filesystem::remove(path_ + suffix, ec);
    }
  }
  std::string path_;
};

// Fills a store with Fishing games of Anne, Bob, Carl (seeds 1..n).
inline void AddFishing(const TempStore& tmp, int n) {
  auto store = tmp.Open();
  const Game game(Fishing(), 3);
  for (int seed = 1; seed <= n; ++seed) {
    auto id = store->AddGame(Fishing(), RandomRecord(game, static_cast<uint64_t>(seed),
                                                     {"Anne", "Bob", "Carl"}));
    REQUIRE(id.ok());
  }
}

}  // namespace angler::testing

#endif  // ANGLER_TOOLS_REPLAY_CMD_TEST_UTIL_H_
