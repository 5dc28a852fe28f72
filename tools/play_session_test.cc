// `angler play` driven through stdin: names, quitting and resuming a stored
// game, forced moves, taking back and hints (tools/play_session.h).
#include "tools/play_session.h"

#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <sstream>

#include "tools/commands.h"

namespace angler {
namespace {

namespace fs = std::filesystem;

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Play(const std::vector<std::string>& args, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = RunPlay(args, in, out, err);
  return {code, out.str(), err.str()};
}

std::string Lines(const std::string& line, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += line + "\n";
  return text;
}

// A store file in the temp folder, removed afterwards.
class TempStore {
 public:
  TempStore() {
    static int counter = 0;
    path_ = (fs::temp_directory_path() / ("angler-play-" + std::to_string(getpid()) +
                                          "-" + std::to_string(counter++) + ".db"))
                .string();
    Remove();
  }
  ~TempStore() { Remove(); }
  const std::string& path() const { return path_; }

 private:
  void Remove() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path_ + suffix, ec);
  }
  std::string path_;
};

// The first line of `text` from `from` on that begins with `prefix`.
std::string LineFrom(const std::string& text, const std::string& prefix,
                     size_t from = 0) {
  const size_t at = text.find(prefix, from);
  if (at == std::string::npos) return "";
  return text.substr(at, text.find('\n', at) - at);
}

TEST_CASE("play --names names the players everywhere", "[play]") {
  const Run run = Play({"fishing", "--players", "3", "--seed", "4", "--bots", "random",
                        "--names", "Anne, Paul,Debbie"},
                       Lines("1", 1000));
  CHECK(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("you are Anne."));
  CHECK_THAT(run.out, Catch::Contains("scores: Anne (you) 0, Paul 0, Debbie 0"));
  CHECK_THAT(run.out, Catch::Contains("Paul plays "));
  CHECK_THAT(run.out, Catch::Contains("Anne (you) plays "));
  CHECK(run.out.find("seat ") == std::string::npos);
  // Without names: P1..Pn, as records name them.
  const Run plain = Play({"fishing", "--players", "3", "--seed", "4", "--bots", "random"},
                         Lines("1", 1000));
  CHECK_THAT(plain.out, Catch::Contains("scores: P1 (you) 0, P2 0, P3 0"));
  CHECK(plain.out.find("seat ") == std::string::npos);
  // --seat by name, the same seat as by number.
  const Run by_name = Play({"fishing", "--players", "3", "--seed", "4", "--bots",
                            "random", "--names", "Anne,Paul,Debbie", "--seat", "Paul"},
                           Lines("1", 1000));
  CHECK_THAT(by_name.out, Catch::Contains("you are Paul."));
  CHECK_THAT(by_name.out, Catch::Contains("Paul (you) plays "));
  const Run by_label =
      Play({"fishing", "--players", "3", "--seed", "4", "--seat", "P3"}, "q\n");
  CHECK_THAT(by_label.out, Catch::Contains("you are P3."));
}

TEST_CASE("play --names must give one distinct name per seat", "[play]") {
  struct Case {
    std::string names;
    const char* message;
  };
  for (const Case& c : std::vector<Case>{
           {"Anne,Paul", "--names gives 2 names for 3 players"},
           {"Anne,Paul,Anne", "--names: player 3 'Anne' is named twice"},
           {"Anne,,Paul", "--names: "},
       }) {
    const Run run = Play({"fishing", "--players", "3", "--names", c.names}, "");
    INFO(c.names);
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::StartsWith("angler play: error: "));
    CHECK_THAT(run.err, Catch::Contains(c.message));
    CHECK(run.out.empty());
  }
  const Run seat = Play(
      {"fishing", "--players", "3", "--names", "Anne,Paul,Debbie", "--seat", "Carl"}, "");
  CHECK(seat.code == 2);
  CHECK_THAT(seat.err,
             Catch::Contains("--seat 'Carl' is not a player here (Anne, Paul, Debbie)"));
}

TEST_CASE("play --record then q stores the game unfinished; --resume finishes it",
          "[play]") {
  TempStore db;
  const std::vector<std::string> args = {
      "fishing", "--players",        "3",        "--seed", "6",      "--bots", "random",
      "--names", "Anne,Paul,Debbie", "--record", "--db",   db.path()};
  const Run left = Play(args, "1\n1\nq\n");
  REQUIRE(left.code == 0);
  CHECK_THAT(left.out, Catch::Contains("game left after "));
  CHECK_THAT(left.out,
             Catch::Contains("game 1 stored unfinished after ") &&
                 Catch::Contains(" actions; angler play --resume 1 continues it"));
  {
    auto store = Store::Open(db.path());
    REQUIRE(store.ok());
    const GameRecord stored = store.value()->LoadGame(1).value();
    CHECK(stored.result == "unfinished");
    CHECK_FALSE(stored.finished);
    CHECK(stored.players == std::vector<std::string>{"Anne", "Paul", "Debbie"});
    CHECK(stored.played_by == std::vector<std::string>{"person", "random", "random"});
  }

  // Resumed: the same position (the hand shown last before leaving), then
  // played to the end and stored again under the same id.
  const std::string last_hand = [&] {
    const size_t at = left.out.rfind("your hand: ");
    return LineFrom(left.out, "your hand: ", at);
  }();
  const Run resumed = Play({"--resume", "1", "--db", db.path()}, Lines("1", 1000));
  REQUIRE(resumed.code == 0);
  CHECK_THAT(resumed.out, Catch::Contains("you are Anne."));
  CHECK_THAT(resumed.out, Catch::Contains("game 1 resumed after "));
  CHECK(LineFrom(resumed.out, "your hand: ") == last_hand);
  CHECK_THAT(resumed.out, Catch::Contains("game over"));
  CHECK_THAT(resumed.out, Catch::Contains("recorded as game 1 (angler replay show 1)"));
  {
    auto store = Store::Open(db.path());
    REQUIRE(store.ok());
    CHECK(store.value()->GameCount().value() == 1);
    const GameRecord done = store.value()->LoadGame(1).value();
    CHECK(done.finished);
    CHECK_THAT(done.result, Catch::Contains("Anne"));
  }

  // A finished game and an unknown id are refused.
  const Run over = Play({"--resume", "1", "--db", db.path()}, "");
  CHECK(over.code == 2);
  CHECK_THAT(over.err, Catch::Contains("game 1 is over ("));
  const Run unknown = Play({"--resume", "7", "--db", db.path()}, "");
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("no game 7"));
  const Run both = Play({"fishing", "--resume", "1", "--db", db.path()}, "");
  CHECK(both.code == 2);
  CHECK_THAT(both.err, Catch::Contains("no RULESET"));
  // No store there: nothing to resume, and none is made.
  const std::string none = db.path() + ".none";
  const Run nowhere = Play({"--resume", "1", "--db", none}, "");
  CHECK(nowhere.code == 2);
  CHECK_THAT(nowhere.err, Catch::Contains("no store at " + none + ": nothing to resume"));
  CHECK_FALSE(std::filesystem::exists(none));
}

TEST_CASE(
    "marks typed before q are kept: stored, and the resumed search goes on from them",
    "[play]") {
  TempStore db;
  const Run left = Play({"falscher-hering", "--players", "3", "--seed", "4", "--bots",
                         "random", "--record", "--db", db.path()},
                        "3 7\nq\n");
  REQUIRE(left.code == 0);
  INFO(left.out);
  {
    auto store = Store::Open(db.path());
    REQUIRE(store.ok());
    const GameRecord stored = store.value()->LoadGame(1).value();
    std::vector<int> marked;
    for (const RecordedAction& a : stored.actions) {
      if (a.action.kind == ActionKind::kMark && a.action.player == 0)
        marked.push_back(a.action.value);
    }
    CHECK(marked == std::vector<int>{3, 7});
  }
  // Resumed: the sheet is drawn as it was left; 7 again unmarks it, and the
  // stop judges 3 alone.
  const Run resumed = Play({"--resume", "1", "--db", db.path()}, "7\nstop\nq\n");
  REQUIRE(resumed.code == 0);
  INFO(resumed.out);
  const size_t so_far = resumed.out.find("your marks so far:\n");
  REQUIRE(so_far != std::string::npos);
  const std::string picture =
      resumed.out.substr(so_far, resumed.out.find("type the", so_far) - so_far);
  CHECK(picture.find("]3") != std::string::npos);
  CHECK(picture.find("]7") != std::string::npos);
  CHECK(std::regex_search(resumed.out, std::regex("your marks: right [^\n]*\n")));
  const std::string verdict = LineFrom(resumed.out, "your marks: ");
  CHECK((verdict.find(" 3") != std::string::npos &&
         verdict.find(" 7") == std::string::npos));
}

TEST_CASE("a quit game resumed and quit again is stored again in place", "[play]") {
  TempStore db;
  const Run left = Play({"fishing", "--players", "3", "--seed", "3", "--bots", "greedy:1",
                         "--record", "--db", db.path()},
                        "1\nq\n");
  REQUIRE(left.code == 0);
  const Run again = Play({"--resume", "1", "--db", db.path()}, "1\n1\nq\n");
  REQUIRE(again.code == 0);
  CHECK_THAT(again.out, Catch::Contains("game 1 stored unfinished after "));
  auto store = Store::Open(db.path());
  REQUIRE(store.ok());
  CHECK(store.value()->GameCount().value() == 1);
  CHECK(store.value()->LoadGame(1).value().played_by ==
        std::vector<std::string>{"person", "greedy:1", "greedy:1"});
}

TEST_CASE("a game stored without its seats is resumed with bots as a new game gets them",
          "[play]") {
  TempStore db, copy;
  const Run left = Play({"fishing", "--players", "3", "--seed", "5", "--bots", "random",
                         "--record", "--db", db.path()},
                        "1\nq\n");
  REQUIRE(left.code == 0);
  // A record does not carry who played each seat: imported, the game has none.
  std::ostringstream record, out, err;
  std::istringstream none;
  REQUIRE(RunAngler({"replay", "export", "1", "--db", db.path()}, {none, record, err}) ==
          0);
  std::istringstream in(record.str());
  REQUIRE(RunAngler({"replay", "import", "-", "--db", copy.path()}, {in, out, err}) == 0);
  {
    auto store = Store::Open(copy.path());
    REQUIRE(store.ok());
    const GameRecord imported = store.value()->LoadGame(1).value();
    REQUIRE(imported.result == "unfinished");
    CHECK(std::all_of(imported.played_by.begin(), imported.played_by.end(),
                      [](const std::string& b) { return b.empty(); }));
  }
  // A searcher is refused in a game without a search, as for a new game.
  const Run searcher =
      Play({"--resume", "1", "--db", copy.path(), "--bots", "spot:fast"}, "");
  CHECK(searcher.code == 2);
  CHECK_THAT(searcher.err,
             Catch::Contains("bot 'spot:fast' searches, and fishing has no search"));
  // Without --bots: greedy ones, as a new Fishing game gets.
  const Run resumed = Play({"--resume", "1", "--db", copy.path()}, "q\n");
  REQUIRE(resumed.code == 0);
  auto store = Store::Open(copy.path());
  REQUIRE(store.ok());
  CHECK(store.value()->LoadGame(1).value().played_by ==
        std::vector<std::string>{"person", "greedy", "greedy"});
}

// A prompt that lists one move and waits for the person.
const std::regex kOneMovePrompt("your turn: [^\n]*\n  1\\) [^\n]*\n> ");

TEST_CASE("play plays a forced move for the person; --no-auto asks", "[play]") {
  const std::vector<std::string> args = {"fishing", "--players", "4",     "--seed",
                                         "3",       "--bots",    "random"};
  const Run automatic = Play(args, Lines("1", 1000));
  REQUIRE(automatic.code == 0);
  CHECK_THAT(automatic.out,
             Catch::Contains("P1 (you) plays ") && Catch::Contains(" (the only move)"));
  CHECK_FALSE(std::regex_search(automatic.out, kOneMovePrompt));

  std::vector<std::string> asking = args;
  asking.push_back("--no-auto");
  const Run asked = Play(asking, Lines("1", 1000));
  REQUIRE(asked.code == 0);
  CHECK(asked.out.find("(the only move)") == std::string::npos);
  CHECK(std::regex_search(asked.out, kOneMovePrompt));
}

TEST_CASE("u takes the person's last move back to the same position", "[play]") {
  const std::vector<std::string> args = {"fishing", "--players", "4",     "--seed",
                                         "2",       "--bots",    "random"};
  const Run run = Play(args, "1\nu\nq\n");
  REQUIRE(run.code == 0);
  const std::string first_hand = LineFrom(run.out, "your hand: ");
  REQUIRE_FALSE(first_hand.empty());
  const size_t back = run.out.find("took back ");
  REQUIRE(back != std::string::npos);
  CHECK_THAT(LineFrom(run.out, "took back "), Catch::EndsWith(": your move again"));
  // The hand is whole again, and the same trick lies on the table.
  CHECK(LineFrom(run.out, "your hand: ", back) == first_hand);
  CHECK(LineFrom(run.out, "trick: ", back) == LineFrom(run.out, "trick: "));

  const Run nothing = Play(args, "u\nq\n");
  CHECK_THAT(nothing.out, Catch::Contains("nothing to take back"));

  TempStore db;
  std::vector<std::string> recorded = args;
  recorded.insert(recorded.end(), {"--record", "--db", db.path()});
  const Run refused = Play(recorded, "1\nu\nq\n");
  CHECK_THAT(refused.out, Catch::Contains("no taking back in a recorded game"));
}

TEST_CASE("h shows a legal move the strongest bot would play", "[play]") {
  const Run run =
      Play({"fishing", "--players", "4", "--seed", "2", "--bots", "random"}, "h\nq\n");
  REQUIRE(run.code == 0);
  const std::string hint = LineFrom(run.out, "hint: ismcts would play ");
  REQUIRE_FALSE(hint.empty());
  CHECK_THAT(hint, Catch::Contains(" playouts, mean reward "));
  const std::string move =
      hint.substr(std::string("hint: ismcts would play ").size(),
                  hint.find(" (") - std::string("hint: ismcts would play ").size());
  // The move is one of the numbered ones offered.
  CHECK_THAT(run.out, Catch::Matches("[\\s\\S]*\n  [0-9]+\\) " + move + "\n[\\s\\S]*"));
}

}  // namespace
}  // namespace angler
