#include "tools/replay_cmd.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dsl/scenario.h"
#include "interpreter/loader.h"
#include "replay/format.h"
#include "replay/notation.h"
#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"
#include "tools/check.h"
#include "tools/commands.h"
#include "tools/json_reader.h"
#include "tools/replay_cmd_test_util.h"

namespace angler {
namespace {

namespace fs = std::filesystem;
using testing::AddFishing;
using testing::Decorate;
using testing::FormatErrors;
using testing::Ran;
using testing::RandomRecord;
using testing::Replay;
using testing::TempStore;

TEST_CASE("replay: help, usage errors and unknown commands", "[replay-cmd]") {
  Ran help = Replay({"--help"});
  CHECK(help.code == kExitOk);
  for (const char* sub : {"list", "show", "step", "annotate", "branch", "export",
                          "import", "verify", "to-scenario"}) {
    CHECK(help.out.find("  " + std::string(sub)) != std::string::npos);
  }
  CHECK(Replay({}).code == kExitUsage);
  Ran unknown = Replay({"lsit"});
  CHECK(unknown.code == kExitUsage);
  CHECK(unknown.err.find("unknown command 'lsit' (did you mean 'list'?)") !=
        std::string::npos);
  Ran sub_help = Replay({"show", "--help"});
  CHECK(sub_help.code == kExitOk);
  CHECK(sub_help.out.find("usage: angler replay show GAME") == 0);
  CHECK(Replay({"show", "--plyy", "3"}).code == kExitUsage);
}

TEST_CASE("replay list: a table, filters and JSON", "[replay-cmd]") {
  TempStore tmp;
  // A --db naming no file: refused, and nothing made there (a mistyped name).
  Ran missing = tmp.Run({"list"});
  CHECK(missing.code == kExitUsage);
  CHECK_THAT(missing.err, Catch::Contains("store " + tmp.path() + ": no such file"));
  CHECK_FALSE(std::filesystem::exists(tmp.path()));
  Ran annotate = tmp.Run({"annotate", "1", "1", "a note"});
  CHECK(annotate.code == kExitUsage);
  CHECK_THAT(annotate.err, Catch::Contains(": no such file"));
  CHECK_FALSE(std::filesystem::exists(tmp.path()));
  tmp.Open();  // an empty store
  Ran empty = tmp.Run({"list"});
  CHECK(empty.code == kExitOk);
  CHECK(empty.out == "no games in " + tmp.path() + "\n");
  AddFishing(tmp, 2);
  {
    auto store = tmp.Open();
    const Game game(testing::Fishing(), 4);
    REQUIRE(store
                ->AddGame(testing::Fishing(),
                          RandomRecord(game, 9, {"Dora", "Emil", "Fay", "Gus"}, "play"))
                .ok());
  }
  Ran table = tmp.Run({"list"});
  CHECK(table.code == kExitOk);
  CHECK(table.out.find("    id  date        ruleset  players") == 0);
  CHECK(table.out.find("     3  ") != std::string::npos);
  CHECK(table.out.find("Dora, Emil, Fay, Gus") != std::string::npos);

  Ran json = tmp.Run({"list", "--json", "--player", "Emil"});
  CHECK(json.code == kExitOk);
  CHECK(json.out.rfind(
            "[{\"id\":3,\"ruleset\":\"fishing\",\"hash\":\"" +
                testing::Fishing().content_hash +
                "\",\"players\":[\"Dora\",\"Emil\",\"Fay\",\"Gus\"],\"result\":\"",
            0) == 0);
  CHECK(json.out.find("\"source\":\"play\"") != std::string::npos);
  CHECK(tmp.Run({"list", "--json", "--ruleset", "hearts"}).out == "[]\n");
  CHECK(tmp.Run({"list", "--limit", "-1"}).code == kExitUsage);
}

TEST_CASE("replay show: the position at any ply", "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  Ran start = tmp.Run({"show", "1", "--ply", "0"});
  CHECK(start.code == kExitOk);
  CHECK(start.out.find("game 1: fishing " + testing::Fishing().content_hash +
                       ", Anne, Bob, Carl; ply 0 of ") == 0);
  CHECK(start.out.find("next: shuffle staging (chance)") != std::string::npos);

  // Mid-trick: the trick shows who played each card.
  auto store = tmp.Open();
  const GameRecord record = store->LoadGame(1).value();
  const Game game(testing::Fishing(), 3);
  int ply = 0;
  for (int p = 1; p <= static_cast<int>(record.actions.size()); ++p) {
    State s = PositionAt(game, record, p).value();
    if (s.played_count == 2 && s.decision.kind == DecisionKind::kPlay) {
      ply = p;
      break;
    }
  }
  REQUIRE(ply > 0);
  Ran mid = tmp.Run({"show", "1", "--ply", std::to_string(ply)});
  CHECK(mid.code == kExitOk);
  INFO(mid.out);
  CHECK(mid.out.find(std::to_string(ply) + ". ") != std::string::npos);
  CHECK(mid.out.find("-- round 1, trick ") != std::string::npos);
  CHECK(mid.out.find("scores: Anne 0, Bob 0, Carl 0\n") != std::string::npos);
  CHECK(mid.out.find("trick: ") != std::string::npos);
  CHECK(mid.out.find(" (Anne)") != std::string::npos);
  CHECK(mid.out.find("hand Anne: ") != std::string::npos);
  CHECK(mid.out.find("hand Carl: ") != std::string::npos);
  CHECK(mid.out.find(" plays a card:\n  1) ") != std::string::npos);

  Ran json = tmp.Run({"show", "1", "--ply", std::to_string(ply), "--json"});
  CHECK(json.code == kExitOk);
  CHECK(json.out.rfind("{\"game\":1,\"ruleset\":\"fishing\"", 0) == 0);
  for (const char* key :
       {"\"ply\":", "\"round\":1", "\"players\":[{\"seat\":0,\"name\":\"Anne\"",
        "\"hand\":[", "\"trick\":[{\"card\":", "\"decision\":{\"kind\":\"play\"",
        "\"legal\":["}) {
    CHECK(json.out.find(key) != std::string::npos);
  }
  Ran end = tmp.Run({"show", "1"});
  // The end: the places with the scores, a winner first.
  REQUIRE_FALSE(record.winners.empty());
  CHECK(end.out.find("final ranks:\n  1. " +
                     record.players[static_cast<size_t>(record.winners[0])] + " ") !=
        std::string::npos);
  CHECK(end.out.find("game over") != std::string::npos);
  Ran out_of_range = tmp.Run({"show", "1", "--ply", "99999"});
  CHECK(out_of_range.code == kExitUsage);
  CHECK(out_of_range.err.find("--ply 99999 is out of range: game 1 has plies 0 to ") !=
        std::string::npos);
  CHECK(tmp.Run({"show", "7"}).err ==
        "angler replay show: error: store " + tmp.path() + ": no game 7\n");
  CHECK(tmp.Run({"show", "x"}).code == kExitUsage);
}

TEST_CASE("replay step: forward, back, jump, next trick, next round", "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  Ran r = tmp.Run({"step", "1"}, "\nn\nb\n40\nt\nr\nj 3\nzz\n?\nq\n");
  CHECK(r.code == kExitOk);
  INFO(r.out);
  std::vector<std::string> shown;  // the "; ply N of M" of every position shown
  for (size_t at = r.out.find("; ply "); at != std::string::npos;
       at = r.out.find("; ply ", at + 1)) {
    shown.push_back(r.out.substr(at + 6, r.out.find(' ', at + 6) - at - 6));
  }
  REQUIRE(shown.size() == 8);
  CHECK(shown[0] == "0");
  CHECK(shown[1] == "1");
  CHECK(shown[2] == "2");
  CHECK(shown[3] == "1");
  CHECK(shown[4] == "40");
  const int trick = std::stoi(shown[5]);
  CHECK(trick > 40);
  const int round = std::stoi(shown[6]);
  CHECK(round > trick);
  CHECK(shown[7] == "3");
  CHECK(r.out.find("unknown command 'zz': type ? for help") != std::string::npos);
  CHECK(r.out.find("to the next trick") != std::string::npos);
  // The next round is shown at its first trick.
  const size_t at = r.out.find("; ply " + shown[6] + " of");
  const size_t trick_line = r.out.find("-- round ", at);
  CHECK(r.out.substr(trick_line, r.out.find('\n', trick_line) - trick_line)
            .find(", trick 1 of ") != std::string::npos);
  // End of input ends the session.
  CHECK(tmp.Run({"step", "1"}, "n\n").code == kExitOk);
}

TEST_CASE("replay step: a step forward tells what the move did, as play does",
          "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  std::string input;
  for (int i = 0; i < 40; ++i) input += "n\n";
  input += "j 80\n";
  const Ran r = tmp.Run({"step", "1"}, input);
  CHECK(r.code == kExitOk);
  INFO(r.out);
  // Under the move line: who won the trick, and where its cards went.
  const size_t won = r.out.find(" wins the trick");
  REQUIRE(won != std::string::npos);
  const size_t line = r.out.rfind('\n', won) + 1;
  CHECK(r.out.substr(line, 2) == "  ");
  const size_t move = r.out.rfind('\n', line - 2) + 1;
  CHECK(std::isdigit(static_cast<unsigned char>(r.out[move])));
  CHECK(r.out.find("'s fisher takes ", won) != std::string::npos);
  // A jump tells nothing: the move line is followed by the position.
  const size_t jumped = r.out.find("\n80. ");
  REQUIRE(jumped != std::string::npos);
  const size_t after = r.out.find('\n', jumped + 1) + 1;
  CHECK(r.out.substr(after, 3) == "-- ");
}

TEST_CASE("replay step: into a variation and out, annotating in place", "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  {
    auto store = tmp.Open();
    const GameRecord record = store->LoadGame(1).value();
    const Game game(testing::Fishing(), 3);
    Variation v = testing::RandomVariation(game, record, 30, 3, 5);
    REQUIRE(store->AddVariation(1, v).ok());
  }
  Ran r = tmp.Run({"step", "1"},
                  "v 1\nc a better try\nglyph !?\nglyph ?!?\nc\nglyph\nn\no\no\nv 9\n"
                  "n\nc for a moment\nc -\nb\nc the main line\nq\n");
  CHECK(r.code == kExitOk);
  INFO(r.out);
  CHECK(r.out.find("ply 31/33 in variation 1 (? for help)> ") != std::string::npos);
  CHECK(r.out.find("ply 32/33 in variation 1 (? for help)> ") != std::string::npos);
  CHECK(r.out.find("'?!?' is not one of ! ? !! ?? !? ?! (- removes it)") !=
        std::string::npos);
  // A bare c or glyph says how, and removes nothing (checked in the store below).
  CHECK(r.out.find("c TEXT comments on this move; c - removes the comment\n") !=
        std::string::npos);
  CHECK(r.out.find(
            "glyph G gives this move a glyph (! ? !! ?? !? ?!); glyph - removes it\n") !=
        std::string::npos);
  CHECK(r.out.find("on the main line\n") != std::string::npos);
  CHECK(r.out.find("no variation '9' (replay show lists them)") != std::string::npos);
  // Out of the variation: back on the main line where it branched, ply 30.
  const size_t out = r.out.find("on the main line\n");
  CHECK(r.out.rfind("ply 30/", out) != std::string::npos);
  const GameRecord after = tmp.Open()->LoadGame(1).value();
  REQUIRE(after.variations.size() == 1);
  CHECK(after.variations[0].annotations ==
        std::vector<Annotation>{{31, "a better try", "!?"}});
  CHECK(after.annotations == std::vector<Annotation>{{30, "the main line", ""}});
}

// At a variation's branch the move shown is its parent line's, with that
// line's note; the variation's own note (on the line as a whole) comes under it.
TEST_CASE("replay show: a variation's branch shows the move's note, then the line's",
          "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  int64_t id = 0;
  {
    auto store = tmp.Open();
    const GameRecord record = store->LoadGame(1).value();
    const Game game(testing::Fishing(), 3);
    Variation v = testing::RandomVariation(game, record, 30, 3, 5);
    v.annotations = {{30, "the other way", ""}, {31, "tried", "!?"}};
    id = store->AddVariation(1, v).value();
    REQUIRE(store->Annotate(1, 30, "main move", "?!", 0).ok());
  }
  const std::string variation = std::to_string(id);
  Ran at_branch = tmp.Run({"show", "1", "--ply", "30", "--variation", variation});
  CHECK(at_branch.code == kExitOk);
  INFO(at_branch.out);
  CHECK(at_branch.out.find(" {main move} ?!\n{the other way}\n") != std::string::npos);
  Ran as_json = tmp.Run({"show", "1", "--ply", "30", "--variation", variation, "--json"});
  CHECK(as_json.out.find("\"comment\":\"main move\",\"glyph\":\"?!\"}") !=
        std::string::npos);
  CHECK(as_json.out.find("\"line_comment\":\"the other way\"") != std::string::npos);
  // A ply past the variation's end names the variation's line, not the game's.
  Ran past = tmp.Run({"show", "1", "--ply", "40", "--variation", variation});
  CHECK(past.code == kExitUsage);
  CHECK(past.err.find("--ply 40 is out of range: variation " + variation +
                      " of game 1 has plies 0 to 33") != std::string::npos);
  Ran main_line = tmp.Run({"show", "1", "--ply", "30"});
  CHECK(main_line.out.find(" {main move} ?!\n") != std::string::npos);
  CHECK(main_line.out.find("the other way") == std::string::npos);
  Ran own = tmp.Run({"show", "1", "--ply", "31", "--variation", variation});
  CHECK(own.out.find(" {tried} !?\n") != std::string::npos);
  CHECK(own.out.find("the other way") == std::string::npos);
}

TEST_CASE("replay annotate and branch", "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  Ran a = tmp.Run({"annotate", "1", "20", "a strong lead", "--glyph", "!?"});
  CHECK(a.code == kExitOk);
  CHECK(a.out.find("game 1: 20. ") == 0);
  CHECK(a.out.find(" {a strong lead} !?\n") != std::string::npos);
  CHECK(
      tmp.Run({"annotate", "1", "20", "--glyph", "!!"}).out.find("{a strong lead} !!") !=
      std::string::npos);
  CHECK(tmp.Run({"annotate", "1", "0", "the whole game"}).out ==
        "game 1: {the whole game}\n");
  Ran bad = tmp.Run({"annotate", "1", "20", "x", "--glyph", "?!?"});
  CHECK(bad.code == kExitUsage);
  CHECK(bad.err.find("--glyph '?!?' is not one of ! ? !! ?? !? ?!") != std::string::npos);
  CHECK(tmp.Run({"annotate", "1", "100000", "x"}).code == kExitUsage);

  // Branch from the first position from ply 19 on with a choice of cards,
  // with a legal move other than the one played.
  auto store = tmp.Open();
  const GameRecord record = store->LoadGame(1).value();
  const Game game(testing::Fishing(), 3);
  int at = 19;
  ActionList legal;
  for (;; ++at) {
    REQUIRE(at < static_cast<int>(record.actions.size()));
    State s = PositionAt(game, record, at).value();
    if (game.IsChance(s)) continue;
    game.LegalActions(s, legal);
    if (legal.count > 1) break;
  }
  const std::string ply = std::to_string(at), next = std::to_string(at + 1);
  const Action& played = record.actions[static_cast<size_t>(at)].action;
  const Action& other = legal.items[legal.count - 1] == played
                            ? legal.items[legal.count - 2]
                            : legal.items[legal.count - 1];
  const std::string card =
      testing::Fishing().card_names[static_cast<size_t>(other.value)];
  const std::string main_card =
      testing::Fishing().card_names[static_cast<size_t>(played.value)];
  // The main line's own move is no variation; nothing is stored.
  Ran same_as_main = tmp.Run({"branch", "1", ply, main_card});
  CHECK(same_as_main.code == kExitUsage);
  CHECK(same_as_main.err.find("game 1: the main line plays this move from ply " + ply +
                              "; nothing stored") != std::string::npos);
  Ran b = tmp.Run({"branch", "1", ply, card});
  INFO(b.err);
  CHECK(b.code == kExitOk);
  CHECK(b.out.find("variation 1 of game 1, from ply " + ply + ":\n  " + next + ". ") ==
        0);
  // The same branch again is the stored one.
  Ran again = tmp.Run({"branch", "1", ply, card});
  CHECK(again.code == kExitOk);
  CHECK(again.out.find("variation 1 of game 1, from ply " + ply +
                       " (already stored: it begins so):\n  " + next + ". ") == 0);
  Ran shown = tmp.Run({"show", "1", "--ply", ply});
  CHECK(shown.out.find("variation 1 from here: 1 move(s)") != std::string::npos);
  Ran inside = tmp.Run({"show", "1", "--variation", "1", "--ply", next});
  CHECK(inside.out.find("game 1, variation 1 (from ply " + ply + ")") == 0);
  // A scenario of the variation's position plays the variation's card.
  Ran on_main = tmp.Run({"to-scenario", "1", next});
  Ran on_variation = tmp.Run({"to-scenario", "1", next, "--variation", "1"});
  REQUIRE((on_main.code == kExitOk && on_variation.code == kExitOk));
  CHECK(on_variation.out != on_main.out);
  CHECK(on_variation.out.find(" " + card + "\n") != std::string::npos);
  CHECK(on_main.out.find(" " + main_card + "\n") != std::string::npos);
  CHECK(tmp.Run({"to-scenario", "1", next, "--variation", "7"}).err ==
        "angler replay to-scenario: error: game 1 has no variation 7\n");
  Ran illegal = tmp.Run({"branch", "1", "19", "green 16"});
  CHECK(illegal.code == kExitUsage);
  CHECK(illegal.err.find("game 1, ply 20: 'green 16' is not legal for ") !=
        std::string::npos);
  CHECK(store->LoadGame(1).value().variations.size() == 1);

  // The variation becomes the main line; the moves it replaced, variation 1.
  CHECK(tmp.Run({"variation", "1", "1"}).err ==
        "angler replay variation: error: give one of --delete and --promote\n");
  Ran promoted = tmp.Run({"variation", "1", "1", "--promote"});
  INFO(promoted.err);
  CHECK(promoted.code == kExitOk);
  CHECK(promoted.out ==
        "game 1: variation 1 is the main line now; variation 1 holds the moves it "
        "replaced\nresult: unfinished\n");
  const GameRecord after = store->LoadGame(1).value();
  CHECK(after.actions.size() == static_cast<size_t>(at + 1));
  CHECK(after.actions.back().action == other);
  CHECK(tmp.Run({"variation", "1", "1", "--delete"}).out ==
        "game 1: variation 1 deleted\n");
  CHECK(tmp.Run({"variation", "1", "1", "--delete"}).code == kExitUsage);
  CHECK(store->LoadGame(1).value().variations.empty());
}

TEST_CASE("replay verify: exit 1 when a game drifted", "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 2);
  Ran ok = tmp.Run({"verify"});
  CHECK(ok.code == kExitOk);
  CHECK(ok.out.find("verify: 2 game(s), ") == 0);
  CHECK(ok.out.find(": all replay\n") != std::string::npos);
  // A game played under a Fishing whose round 2 deals 11 cards to 3 players:
  // the current Fishing deals 10, so it drifts in round 2.
  std::string text = testing::Fishing().canonical_text;
  const std::string from = "\"3\":[\"10\",\"10\",";
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), "\"3\":[\"10\",\"11\",");
  RulesetPtr changed = LoadRulesetText("fishing", text).value();
  {
    auto store = tmp.Open();
    const Game game(*changed, 3);
    REQUIRE(
        store->AddGame(*changed, RandomRecord(game, 5, {"Anne", "Bob", "Carl"})).ok());
  }
  Ran drift = tmp.Run({"verify"});
  CHECK(drift.code == kExitFailure);
  INFO(drift.out);
  CHECK(drift.out.find("game 3: ply ") == 0);
  CHECK(drift.out.find("(round 2): ") != std::string::npos);
  CHECK(drift.out.find("(stored fishing " + changed->content_hash + ", current fishing " +
                       testing::Fishing().content_hash + ")\n") != std::string::npos);
  CHECK(drift.out.find("verify: 3 game(s), ") != std::string::npos);
  CHECK(drift.out.find(": 1 drifted\n") != std::string::npos);
  Ran json = tmp.Run({"verify", "--json"});
  CHECK(json.code == kExitFailure);
  CHECK(json.out.rfind("{\"games\":3,", 0) == 0);
  CHECK(json.out.find("\"drifted\":1,\"drifts\":[{\"game\":3,\"ruleset\":\"fishing\"") !=
        std::string::npos);
  CHECK(tmp.Run({"verify", "--ruleset", "hearts"}).code == kExitOk);
}

TEST_CASE("replay to-scenario writes a scenario file", "[replay-cmd]") {
  TempStore tmp;
  AddFishing(tmp, 1);
  Ran r = tmp.Run({"to-scenario", "1", "50"});
  CHECK(r.code == kExitOk);
  auto parsed = ParseScenarios(SourceFile::Make("out.scn", r.out));
  INFO(r.out << FormatErrors(parsed));
  REQUIRE(parsed.ok());
  REQUIRE(parsed.value().size() == 1);
  CHECK(parsed.value()[0].title == "game 1 at ply 50");
  CHECK(parsed.value()[0].ruleset == "fishing");
  CHECK(parsed.value()[0].players.size() == 3);
  const std::string file = tmp.path() + ".scn";
  Ran written = tmp.Run({"to-scenario", "1", "50", "--output", file});
  CHECK(written.code == kExitOk);
  CHECK(written.out.find("wrote " + file + ": the position after ply ") == 0);
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == r.out);
}

TEST_CASE("replay: stores that cannot be used are clear errors, exit 2", "[replay-cmd]") {
  TempStore tmp;
  SECTION("a corrupted file") {
    {
      std::ofstream out(tmp.path(), std::ios::binary);
      out << "this is not a database, just some text that happens to be long enough "
             "to look like a file header to anyone who does not check";
    }
    Ran r = tmp.Run({"list"});
    CHECK(r.code == kExitUsage);
    CHECK(r.err ==
          "angler replay list: error: store " + tmp.path() +
              ": reading the file header: file is not a database (SQLite error 26)\n");
  }
  SECTION("a newer schema") {
    { auto store = tmp.Open(); }
    {
      auto db = sql::Database::Open(tmp.path(), false);
      REQUIRE(db.value().Exec("PRAGMA user_version=99", "").ok());
    }
    Ran r = tmp.Run({"verify"});
    CHECK(r.code == kExitUsage);
    CHECK(r.err == "angler replay verify: error: store " + tmp.path() +
                       ": schema version 99 is newer than this angler understands (" +
                       std::to_string(kStoreSchemaVersion) + "); use a newer angler\n");
  }
  SECTION("ANGLER_DB names the store when --db does not") {
    AddFishing(tmp, 1);
    const char* saved = std::getenv("ANGLER_DB");
    const std::string keep = saved ? saved : "";
    setenv("ANGLER_DB", tmp.path().c_str(), 1);
    Ran r = Replay({"list", "--json"});
    if (saved) {
      setenv("ANGLER_DB", keep.c_str(), 1);
    } else {
      unsetenv("ANGLER_DB");
    }
    CHECK(r.code == kExitOk);
    CHECK(r.out.rfind("[{\"id\":1,", 0) == 0);
  }
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

// Der falsche Hering in the replay tools: the card searched, the marks, the
// backs, the export's note and a scenario from a search position.
TEST_CASE("replay: a search game shows its card, marks and backs", "[replay-cmd]") {
  TempStore tmp;
  const RulesetPtr rules = testing::LoadOrFail("falscher-hering-normal");
  const Game game(*rules, 3);
  const GameRecord record = RandomRecord(game, 31, {"Antje", "Bob", "Carl"});
  {
    auto store = tmp.Open();
    REQUIRE(store->AddGame(*rules, record).ok());
  }
  // A ply inside a search with a mark on a sheet.
  int ply = 0;
  for (int p = 1; p <= static_cast<int>(record.actions.size()) && ply == 0; ++p) {
    const State s = PositionAt(game, record, p).value();
    if (s.decision.kind == DecisionKind::kSearch &&
        record.actions[static_cast<size_t>(p - 1)].action.kind == ActionKind::kMark) {
      ply = p;
    }
  }
  REQUIRE(ply > 0);
  const State s = PositionAt(game, record, ply).value();
  const std::string card = rules->card_names[static_cast<size_t>(game.SearchedCard(s))];

  Ran json = tmp.Run({"show", "1", "--ply", std::to_string(ply), "--json"});
  REQUIRE(json.code == kExitOk);
  INFO(json.out);
  for (const std::string& key : std::vector<std::string>{
           "\"view\":{\"ruleset\":\"falscher-hering-normal\"",
           "\"viewpoint\":{\"kind\":\"everything\",\"seat\":null}",
           "\"search\":{\"card\":{\"name\":\"" + card + "\",\"back\":\"",
           "\"seats\":[{\"name\":\"Antje\",\"searching\":true", "\"marks\":[",
           "\"label\":\"hand Bob\",\"family\":\"hand\"", "\"back\":\"",
           "\"shown\":[{\"name\":\"fields\",\"role\":\"score\""}) {
    CHECK(json.out.find(key) != std::string::npos);
  }

  Ran text = tmp.Run({"show", "1", "--ply", std::to_string(ply)});
  INFO(text.out);
  CHECK(text.out.find("searched: " + card + " (") != std::string::npos);
  CHECK(text.out.find("  marks: Antje") != std::string::npos);
  CHECK(text.out.find(" back)") != std::string::npos);

  // A game without tricks: 't' says why it does not move; the end shows
  // the places and each player's fields.
  Ran step = tmp.Run({"step", "1"}, "t\ne\n");
  INFO(step.out);
  const std::string refused =
      "> falscher-hering-normal has no tricks or turns for 't' to go to; 'r' goes to the "
      "next round\n";
  const size_t at = step.out.find(refused);
  REQUIRE(at != std::string::npos);
  CHECK(step.out.substr(at + refused.size(), 6) == "ply 0/");  // where it was
  CHECK(step.out.find("final ranks:\n  1. ") != std::string::npos);

  Ran exported = tmp.Run({"export", "1"});
  REQUIRE(exported.code == kExitOk);
  CHECK(exported.out.find(" {= a search opens on swarm ") != std::string::npos);
  CHECK(exported.out.find("; the wrong fish: ") != std::string::npos);
  Ran as_json = tmp.Run({"export", "1", "--format", "json"});
  CHECK(as_json.out.find("\"note\": \"= a search opens on swarm ") != std::string::npos);

  const std::string scn =
      (fs::temp_directory_path() / ("angler-hering-" + std::to_string(getpid()) + ".scn"))
          .string();
  Ran written = tmp.Run({"to-scenario", "1", std::to_string(ply), "--output", scn});
  INFO(written.err);
  REQUIRE(written.code == kExitOk);
  std::ostringstream check_out, check_err;
  CHECK(RunCheck({scn}, check_out, check_err) == kExitOk);
  CHECK(check_out.str().find("1 passed, 0 failed") != std::string::npos);
  fs::remove(scn);
}

// Fat Fish has no tricks but turns: 't' goes to the next lay.
TEST_CASE("replay step: t in a game of turns goes to the next lay", "[replay-cmd]") {
  TempStore tmp;
  const RulesetPtr rules = testing::LoadOrFail("fatfish");
  const Game game(*rules, 3);
  {
    auto store = tmp.Open();
    REQUIRE(store->AddGame(*rules, RandomRecord(game, 5, {"A", "B", "C"})).ok());
  }
  Ran step = tmp.Run({"step", "1"}, "t\nt\n");
  INFO(step.out);
  CHECK(step.out.find("no tricks or turns") == std::string::npos);
  // Three positions shown: the start, then two lay decisions, each further on.
  std::vector<int> plies;
  for (size_t at = step.out.find("; ply "); at != std::string::npos;
       at = step.out.find("; ply ", at + 1)) {
    plies.push_back(std::stoi(step.out.substr(at + 6)));
  }
  REQUIRE(plies.size() == 3);
  CHECK(plies[0] < plies[1]);
  CHECK(plies[1] < plies[2]);
  CHECK(step.out.find("lay") != std::string::npos);
}

}  // namespace
}  // namespace angler
