#include "replay/line_of_play.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <iterator>
#include <string>
#include <vector>

#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

StoredGame Stored(GameRecord record) {
  Result<StoredGame> g =
      StoredGame::Make(std::move(record), testing::LoadOrFail("fishing"));
  REQUIRE(g.ok());
  return std::move(g).value();
}

TEST_CASE("a line of play: the main line, then a variation from its branch", "[replay]") {
  const Game game(testing::Fishing(), 3);
  GameRecord record = testing::RandomRecord(game, 4);
  record.variations.push_back(testing::RandomVariation(game, record, 30, 6, 9));
  record.variations[0].annotations = {{30, "instead:", ""}, {32, "better", "!"}};
  record.annotations = {{30, "on the main line", "?"}, {31, "main", ""}};
  const StoredGame g = Stored(record);

  Result<LineOfPlay> main = ReplayLine(g, nullptr);
  REQUIRE(main.ok());
  CHECK(main.value().plies() == static_cast<int>(record.actions.size()));
  CHECK(main.value().ActionAt(g.record, 31) == record.actions[30].action);
  CHECK(main.value().MoveAnnotation(g.record, 30)->comment == "on the main line");
  CHECK(main.value().MoveAnnotation(g.record, 29) == nullptr);
  CHECK(main.value().LineAnnotation(g.record) == nullptr);

  const Variation& v = g.record.variations[0];
  Result<LineOfPlay> branch = ReplayLine(g, &v);
  REQUIRE(branch.ok());
  const LineOfPlay& line = branch.value();
  CHECK(line.plies() == 36);
  CHECK_FALSE(line.InVariation(30));
  CHECK(line.InVariation(31));
  CHECK(line.ActionAt(g.record, 30) == record.actions[29].action);
  CHECK(line.ActionAt(g.record, 31) == v.actions[0].action);
  // The branch ply is the main line's move, with the main line's note; the
  // variation's note there is a comment on the line itself.
  CHECK(line.MoveAnnotation(g.record, 30)->comment == "on the main line");
  CHECK(line.MoveAnnotation(g.record, 30)->glyph == "?");
  CHECK(line.LineAnnotation(g.record)->comment == "instead:");
  CHECK(line.MoveAnnotation(g.record, 32)->glyph == "!");
  CHECK(line.MoveAnnotation(g.record, 31) == nullptr);
  for (size_t ply : {0, 15, 30}) {
    const State& a = line.positions[ply];
    const State& b = main.value().positions[ply];
    CHECK(std::equal(std::begin(a.order), std::end(a.order), std::begin(b.order)));
    CHECK(std::equal(std::begin(a.vars), std::end(a.vars), std::begin(b.vars)));
  }
}

TEST_CASE("a line of play: the comments on lines where they begin", "[replay]") {
  const Game game(testing::Fishing(), 3);
  GameRecord record = testing::RandomRecord(game, 4);
  record.variations.push_back(testing::RandomVariation(game, record, 30, 6, 9));
  record.variations[0].annotations = {{30, "instead:", ""}};
  record.annotations = {{0, "a quiet game", ""}, {30, "", "?"}};
  const StoredGame g = Stored(record);
  auto comments = [&g](const LineOfPlay& line, int ply) {
    std::vector<std::string> texts;
    for (const Annotation* a : line.LineCommentsAt(g.record, ply))
      texts.push_back(a->comment);
    return texts;
  };
  Result<LineOfPlay> main = ReplayLine(g, nullptr);
  REQUIRE(main.ok());
  CHECK(comments(main.value(), 0) == std::vector<std::string>{"a quiet game"});
  CHECK(comments(main.value(), 30).empty());  // a glyph, no comment; and a move's
  Result<LineOfPlay> branch = ReplayLine(g, &g.record.variations[0]);
  REQUIRE(branch.ok());
  CHECK(comments(branch.value(), 0) == std::vector<std::string>{"a quiet game"});
  CHECK(comments(branch.value(), 30) == std::vector<std::string>{"instead:"});
  CHECK(comments(branch.value(), 31).empty());
}

// A variation of a variation: at its branch (a move of its parent variation)
// the move keeps the parent's note, and the line's own note is apart.
TEST_CASE("a line of play: a nested variation's branch move keeps its parent's note",
          "[replay]") {
  const Game game(testing::Fishing(), 3);
  GameRecord record = testing::RandomRecord(game, 4);
  record.variations.push_back(testing::RandomVariation(game, record, 30, 6, 9));
  record.variations[0].id = 1;
  record.variations[0].annotations = {{30, "a line", ""}, {32, "better", "!"}};
  record.variations.push_back(
      testing::RandomVariation(game, record, 32, 3, 5, &record.variations[0]));
  record.variations[1].id = 2;
  record.variations[1].annotations = {{32, "or else", ""}, {33, "worse", "?"}};
  const StoredGame g = Stored(record);
  Result<LineOfPlay> nested = ReplayLine(g, g.record.FindVariation(2));
  REQUIRE(nested.ok());
  const LineOfPlay& line = nested.value();
  CHECK(line.MoveAnnotation(g.record, 32)->comment == "better");
  CHECK(line.MoveAnnotation(g.record, 32)->glyph == "!");
  CHECK(line.MoveAnnotation(g.record, 33)->comment == "worse");
  CHECK(line.MoveAnnotation(g.record, 30) == nullptr);  // the main line's move 30
  CHECK(line.LineAnnotation(g.record)->comment == "or else");
}

TEST_CASE("a stored game refuses a player count its rules do not allow", "[replay]") {
  const Game game(testing::Fishing(), 3);
  GameRecord record = testing::RandomRecord(game, 4);
  record.id = 7;
  record.players.push_back("Extra");
  record.players.push_back("Extra2");
  record.players.push_back("Extra3");
  Result<StoredGame> g =
      StoredGame::Make(std::move(record), testing::LoadOrFail("fishing"));
  REQUIRE_FALSE(g.ok());
  CHECK(g.error().message ==
        "game 7 has 6 players; its ruleset allows " + PlayerRange(testing::Fishing()));
}

TEST_CASE("a line that does not replay names the game and the ply", "[replay]") {
  const Game game(testing::Fishing(), 3);
  GameRecord record = testing::RandomRecord(game, 4);
  record.id = 3;
  record.actions[40].action.value = 9999;
  const StoredGame g = Stored(record);
  Result<LineOfPlay> line = ReplayLine(g, nullptr);
  REQUIRE_FALSE(line.ok());
  CHECK_THAT(line.error().message,
             Catch::StartsWith("game 3 does not replay under its stored rules: ply 41"));
}

}  // namespace
}  // namespace angler
