#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/commands.h"

namespace angler {
namespace {

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

TEST_CASE("play driven by a script plays a whole game", "[play]") {
  const Run run = Play({"fishing", "--players", "4", "--seed", "5", "--bots", "random"},
                       Lines("1", 1000));
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  CHECK_THAT(run.out, Catch::Contains("your hand:"));
  CHECK_THAT(run.out, Catch::Contains("trump green"));
  CHECK_THAT(run.out, Catch::Contains("scores: P1 (you)"));
  CHECK_THAT(run.out, Catch::Contains("P2 plays "));
  CHECK_THAT(run.out, Catch::Contains("P1 (you) plays "));
  CHECK_THAT(run.out, Catch::Contains("== round 2 =="));
  CHECK_THAT(run.out, Catch::Contains("game over"));
  CHECK_THAT(run.out, Catch::Contains("final ranks:"));
  CHECK_THAT(run.out, Catch::Contains("winner"));
  // Narrated from the events: who won each trick, and the score as it changes.
  CHECK_THAT(run.out, Catch::Contains(" wins the trick"));
  const size_t score = run.out.find("\n  score P");
  REQUIRE(score != std::string::npos);
  CHECK(run.out.substr(score, run.out.find('\n', score + 1) - score).find(" -> ") !=
        std::string::npos);
}

TEST_CASE("play is reproducible with a seed", "[play]") {
  const std::vector<std::string> args = {"fishing", "--players", "3",      "--seat",  "2",
                                         "--seed",  "8",         "--bots", "greedy:1"};
  CHECK(Play(args, Lines("1", 1000)).out == Play(args, Lines("1", 1000)).out);
}

TEST_CASE("play ends cleanly at the end of input or on q", "[play]") {
  const std::vector<std::string> args = {"fishing", "--players", "4",     "--seed",
                                         "2",       "--bots",    "random"};
  const Run eof = Play(args, "1\n2\n");
  CHECK(eof.code == 0);
  CHECK_THAT(eof.out, Catch::Contains("game left after"));
  CHECK(eof.out.find("game over") == std::string::npos);
  const Run quit = Play(args, "q\n1\n");
  CHECK(quit.code == 0);
  CHECK_THAT(quit.out, Catch::Contains("game left after"));
}

TEST_CASE("play explains bad input and shows help on ?", "[play]") {
  const Run run = Play({"fishing", "--players", "4", "--seed", "2", "--bots", "random"},
                       "?\n99\nbanana\n\n");
  CHECK(run.code == 0);
  CHECK_THAT(run.out, Catch::Contains("'q' quits"));
  CHECK_THAT(run.out, Catch::Contains("type a number from 1 to"));
}

TEST_CASE("play says why a typed move is refused", "[play]") {
  const std::vector<std::string> args = {"fishing", "--players", "4",     "--seed",
                                         "2",       "--bots",    "random"};
  // The hand this seed deals the person, as play shows it.
  const Run shown = Play(args, "q\n");
  const size_t at = shown.out.find("your hand: ");
  REQUIRE(at != std::string::npos);
  const std::string hand = shown.out.substr(at, shown.out.find('\n', at) - at);
  std::string missing;
  for (const char* card : {"red 5", "red 6", "green 7", "blue 8"}) {
    if (hand.find(card) == std::string::npos) {
      missing = card;
      break;
    }
  }
  REQUIRE_FALSE(missing.empty());
  const Run refused = Play(args, missing + "\nq\n");
  CHECK_THAT(refused.out, Catch::Contains(missing + " is not in P1 (you)'s hand"));
  // In capitals too: the card is still named, and the reason given.
  std::string upper = missing;
  for (char& c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const Run shouted = Play(args, upper + "\nq\n");
  CHECK_THAT(shouted.out, Catch::Contains(missing + " is not in P1 (you)'s hand"));
}

TEST_CASE("play shows the cards chosen so far in a choice of several (Hearts' pass)",
          "[play]") {
  const std::vector<std::string> args = {"hearts", "--seed", "3", "--bots", "random"};
  const Run shown = Play(args, "q\n");
  REQUIRE_THAT(shown.out, Catch::Contains("your turn: choose the cards to pass\n  1) "));
  CHECK_THAT(shown.out, !Catch::Contains("chosen: "));
  const size_t at = shown.out.find("  1) ") + 5;
  const std::string first = shown.out.substr(at, shown.out.find('\n', at) - at);
  const Run one = Play(args, "1\nq\n");
  CHECK_THAT(one.out, Catch::Contains("your turn: choose the cards to pass\nchosen: " +
                                      first + "; 2 more to choose\n"));
}

TEST_CASE("play reads one's own name typed without the screen's (you)", "[play]") {
  const Run first = Play({"fishing", "--players", "4", "--seed", "2", "--bots", "random",
                          "--names", "Anne,Bob,Cy,Di"},
                         "1\nq\n");
  const size_t hand = first.out.find("  1) ");
  REQUIRE(hand != std::string::npos);
  const std::string card =
      first.out.substr(hand + 5, first.out.find('\n', hand) - hand - 5);
  const Run named = Play({"fishing", "--players", "4", "--seed", "2", "--bots", "random",
                          "--names", "Anne,Bob,Cy,Di"},
                         "anne plays " + card + "\nq\n");
  CHECK_THAT(named.out, Catch::Contains("Anne (you) plays " + card));
  // The screen's own words read too.
  const Run shown = Play({"fishing", "--players", "4", "--seed", "2", "--bots", "random",
                          "--names", "Anne,Bob,Cy,Di"},
                         "Anne (you) plays " + card + "\nq\n");
  CHECK_THAT(shown.out, Catch::Contains("> Anne (you) plays " + card));
}

// A lay is picked step by step: each step's option by its number or its text
// ("yellow 3", "back"); a lay that reads wrong lists the legal ones apart by
// "; ", since a lay of several cards holds commas.
TEST_CASE("play a lay game: a step's option by its text", "[play]") {
  const std::vector<std::string> args = {"fatfish", "--players", "3",     "--seed",
                                         "5",       "--bots",    "random"};
  const Run first = Play(args, "1\nq\n");
  const std::string step = "choose the first card\n  1) ";
  const size_t at = first.out.find(step);
  REQUIRE(at != std::string::npos);
  const size_t from = at + step.size();
  const std::string card = first.out.substr(from, first.out.find('\n', from) - from);
  const Run picked = Play(args, "1\n" + card + "\nback\nnonsense on row 9\nq\n");
  INFO(picked.out);
  CHECK_THAT(picked.out, Catch::Contains("after " + card + ": choose the second card"));
  // back: the first card's step again
  const size_t second = picked.out.find("choose the second card");
  CHECK(picked.out.find("choose the first card", second) != std::string::npos);
  CHECK_THAT(picked.out, Catch::Contains(" on row 1; "));
}

TEST_CASE("play accepts a move by its text", "[play]") {
  // Seat 0 leads the first trick of Fishing with any card of its hand.
  const Run first =
      Play({"fishing", "--players", "4", "--seed", "2", "--bots", "random"}, "1\nq\n");
  const size_t hand = first.out.find("  1) ");
  REQUIRE(hand != std::string::npos);
  const std::string card =
      first.out.substr(hand + 5, first.out.find('\n', hand) - hand - 5);
  const Run by_text = Play(
      {"fishing", "--players", "4", "--seed", "2", "--bots", "random"}, card + "\nq\n");
  CHECK_THAT(by_text.out, Catch::Contains("P1 (you) plays " + card));
}

TEST_CASE("play driven by a script plays a whole game of turns (Fat Fish)", "[play]") {
  const Run run = Play({"fatfish", "--players", "3", "--seed", "5", "--bots", "random"},
                       Lines("1", 2000));
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  // The rows, each numbered pile with its cards, the hand and the other zones.
  CHECK_THAT(run.out, Catch::Contains("rows:\n  row 1: "));
  CHECK_THAT(run.out, Catch::Contains("\n  row 3: "));
  CHECK_THAT(run.out, Catch::Contains("your hand:"));
  CHECK_THAT(run.out, Catch::Contains("  reserve: 6 cards"));
  CHECK_THAT(run.out, Catch::Contains("  pile: you 8 cards, P2 8 cards, P3 8 cards"));
  CHECK_THAT(run.out, Catch::Contains("  plus:\n    you: "));
  CHECK_THAT(run.out, Catch::Contains("  minus: you "));
  // Lays a step at a time: the row, then the cards; the taker's choices for
  // the plus pile in the ruleset's words.
  CHECK_THAT(run.out,
             Catch::Contains("your turn: lay 1 to 4 cards on one row; choose the "
                             "row to lay on\n  1) row 1: "));
  CHECK_THAT(run.out, Catch::Contains("> lay on row 1: choose the first card\n  1) "));
  CHECK_THAT(run.out, Catch::Contains(" on row 1\n"));
  CHECK_THAT(run.out, Catch::Contains("P1 (you) lays "));
  CHECK_THAT(run.out, Catch::Contains("P2 lays "));
  CHECK_THAT(run.out, Catch::Contains("your turn: choose a fish of this colour for your "
                                      "plus pile (the rest are bones)\n  1) "));
  CHECK_THAT(run.out, Catch::Contains("P1 (you) chooses "));
  CHECK_THAT(run.out, Catch::Contains(" is cleared"));
  CHECK_THAT(run.out, Catch::Contains("your plus gets "));
  CHECK_THAT(run.out, Catch::Contains("game over"));
  CHECK_THAT(run.out, Catch::Contains("final ranks:"));
  CHECK_THAT(run.out, Catch::Contains("winner"));
  CHECK(run.out.find("trick:") == std::string::npos);
}

TEST_CASE("play accepts a lay by its text and against greedy bots", "[play]") {
  const std::vector<std::string> args = {"fatfish", "--players", "4",     "--seed",
                                         "3",       "--bots",    "greedy"};
  // The first lay the numbers make, then the same lay typed whole.
  const Run first = Play(args, Lines("1", 6) + "q\n");
  const std::string said = "P1 (you) lays ";
  const size_t at = first.out.find(said);
  REQUIRE(at != std::string::npos);
  const std::string lay =
      first.out.substr(at + said.size(), first.out.find('\n', at) - at - said.size());
  const Run by_text = Play(args, "lay " + lay + "\n" + Lines("1", 2000));
  CHECK(by_text.code == 0);
  CHECK_THAT(by_text.out, Catch::Contains("> P1 (you) lays " + lay + "\n"));
  CHECK_THAT(by_text.out, Catch::Contains("game over"));
}

TEST_CASE("play usage errors exit 2", "[play]") {
  CHECK(Play({"fishing"}, "").code == 2);
  CHECK(Play({"fishing", "--players", "4", "--seat", "4"}, "").code == 2);
  CHECK(Play({"fishing", "--players", "4", "--bots", "a,b,c,d"}, "").code == 2);
  CHECK(Play({}, "").code == 2);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

TEST_CASE("play: a search game shows the swarm card and races the bots",
          "[play][search]") {
  std::istringstream in("1 2\nstop\n");
  std::ostringstream out, err;
  int code = RunPlay({"falscher-hering", "--players", "2", "--seed", "4"}, in, out, err);
  CHECK(code == 0);
  const std::string text = out.str();
  CHECK(text.find("the swarm card (swarm ") != std::string::npos);
  CHECK(text.find("your card, how the swarm should look:\n") != std::string::npos);
  CHECK(text.find("[") != std::string::npos);  // the marks, in brackets
  CHECK(text.find("the wrong fish were:") != std::string::npos);
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

// The normal variant of the search game: a person sees their own hand with
// the backs, the others' hands by their backs only, and marks and stops by typing.
TEST_CASE("play a search game: hands by their backs, marks typed", "[play]") {
  const Run run = Play(
      {"falscher-hering-normal", "--players", "3", "--seed", "4", "--bots", "random"},
      "3 7\nstop\n1\n1\n1\nq\n");
  INFO(run.out);
  CHECK(run.code == kExitOk);
  CHECK_THAT(run.out, Catch::Contains("scores: P1 (you) 1, P2 1, P3 1"));
  CHECK_THAT(
      run.out,
      Catch::Matches("[\\s\\S]*\n    you: swarm \\d+ \\((green|yellow|pink) back\\), "
                     "[\\s\\S]*"));
  CHECK_THAT(run.out, Catch::Matches("[\\s\\S]*\n    P2: 3 cards \\((green|yellow|pink) "
                                     "back, [\\s\\S]*"));
  CHECK_THAT(run.out, Catch::Contains("searched: swarm "));
  CHECK_THAT(run.out, Catch::Contains("the swarm card (swarm "));
  CHECK_THAT(run.out, Catch::Contains("you stop after "));
  CHECK_THAT(run.out, Catch::Contains("the wrong fish were:"));
  CHECK(run.out.find("  deck: ") != std::string::npos);
  CHECK(run.out.find("deck: 26 cards (") == std::string::npos);  // a pile shows no backs
}

}  // namespace
}  // namespace angler

namespace angler {
namespace {

// The longest list of numbered options play shows at one decision.
size_t LongestList(const std::string& out) {
  size_t longest = 0, run = 0;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const bool option = line.size() > 4 && line.rfind("  ", 0) == 0 &&
                        std::isdigit(static_cast<unsigned char>(line[2])) &&
                        line.find(") ") != std::string::npos;
    run = option ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

TEST_CASE("play words each prompt from the card that asks (Fishing)", "[play]") {
  const Run three =
      Play({"fishing", "--players", "3", "--seed", "1", "--bots", "random", "--no-auto"},
           Lines("1", 1500));
  CHECK_THAT(three.out, Catch::Contains("\nyour turn: choose a card to pass to the left "
                                        "(buoy \"pass 1 card to the left\", played by "
                                        "P2)\n  1) "));
  CHECK_THAT(three.out,
             Catch::Contains("\nyour turn: choose another card of the trick to "
                             "catch (purple 0)\n"));
  CHECK(three.out.find("card from hand(") == std::string::npos);
  // A choice the ruleset words not: the engine's words, the pile as people name it.
  const auto path = std::filesystem::temp_directory_path() / "angler_play_no_prompt.yaml";
  std::ofstream(path) << "extends: fishing\neffects:\n  pass_left:\n    when: "
                         "end_of_trick\n    do: |\n      for p in seats { move "
                         "choose(p, 1, hand(p)) to passing(p) }\n      for p in seats "
                         "{ move passing(p) to hand(left(p)) }\n";
  const Run plain = Play(
      {path.string(), "--players", "3", "--seed", "1", "--bots", "random", "--no-auto"},
      Lines("1", 1500));
  std::filesystem::remove(path);
  CHECK_THAT(plain.out,
             Catch::Contains("\nyour turn: choose 1 card from your hand (effect "
                             "of buoy \"pass 1 card to the left\", played by "
                             "P2)\n"));
  CHECK(three.out.find("called none") == std::string::npos);  // no call, no word
  // A called colour: the prompt, the narration and the header; a next-trick
  // buoy waiting in the header.
  const Run five =
      Play({"fishing", "--players", "5", "--seed", "18", "--bots", "random", "--no-auto"},
           Lines("1", 3000));
  CHECK_THAT(five.out, Catch::Contains("\nyour turn: call the colour this trick follows "
                                       "(buoy \"call the color\")\n  1) blue\n"));
  CHECK_THAT(five.out, Catch::Contains("> P1 (you) chooses blue\n  this trick follows "
                                       "blue (effect of buoy \"call the color\")\n"));
  CHECK_THAT(five.out,
             Catch::Contains("\n  this trick follows red (effect of buoy \"call "
                             "the color\")\nP5 plays red 15\n\n-- round 7, "
                             "trick 3 of 11, trump green, called red --\n"));
  CHECK_THAT(five.out, Catch::Contains("\n  the lowest value wins this trick (effect of "
                                       "buoy \"lowest value wins\")\n"));
  CHECK_THAT(five.out, Catch::Contains("-- round 4, trick 2 of 9, trump green --\nnext "
                                       "trick: buoy \"play the 1st card\" (P5)\n"));
}

TEST_CASE("play Fat Fish: a typed lay against the rules is the move, with its reason",
          "[play]") {
  const Run run =
      Play({"fatfish", "--players", "3", "--seed", "5", "--bots", "random", "--no-auto"},
           "lay red 1 on row 1\nq\n");
  CHECK_THAT(run.out, Catch::Contains("> against the rules: red must go on row 2, which "
                                      "ends in red; the ruleset takes it as a move, with "
                                      "its penalty\nP1 (you) lays red 1 on row 1\n"
                                      "  your penalty gets fiasco\n"));
  CHECK_THAT(run.out, Catch::Contains("scores: P1 (you) -5, P2 0, P3 0\n"));
}

TEST_CASE("play Fat Fish fits the screen and speaks the ruleset's names", "[play]") {
  const Run run =
      Play({"fatfish", "--players", "3", "--seed", "5", "--bots", "random", "--no-auto"},
           Lines("1", 2000));
  CHECK_THAT(run.out, Catch::Contains("game over"));
  CHECK(LongestList(run.out) <= 6);  // a row, then a card: never the orderings
  CHECK(run.out.find("catch_plus") == std::string::npos);
  CHECK(run.out.find("catch_minus") == std::string::npos);
  CHECK(run.out.find("\nranks:") == std::string::npos);
  CHECK_THAT(run.out, Catch::Contains("\n  the row taken: "));
  CHECK_THAT(run.out, Catch::Contains("\n  the row's fresh fish: "));
  CHECK_THAT(run.out, Catch::Contains("\nscores: P1 (you) "));
}

TEST_CASE("play a search game: a legend, and the marks judged after the stop",
          "[play][search]") {
  const Run run =
      Play({"falscher-hering", "--players", "2", "--seed", "4"}, "1 2\nstop\nq\n");
  CHECK_THAT(run.out, Catch::Contains("\nlegend: b = blue, s = silver, o = orange; [ ] "
                                      "your marks\n        > and < a fish facing right "
                                      "or left, v and ^ down or up, then its number\n"));
  CHECK_THAT(run.out, Catch::Contains("\nthe wrong fish were: 6\nyour marks: right none; "
                                      "wrong 1, 2; missed 6\n"));
}

// Only the first to stop stop: what play says of the bot agrees with the stop
// played. (A scripted person stops at once, so the bot, planning seconds, is
// still searching; on a stalled machine it may stop first, which is told too.)
TEST_CASE("play a search game: a bot slower than the person is still searching",
          "[play][search]") {
  const Run run =
      Play({"falscher-hering", "--players", "2", "--seed", "5"}, "7\nstop\nq\n");
  INFO(run.out);
  const bool bot_searching =
      run.out.find("P2 is still searching (it would have stopped after ") !=
      std::string::npos;
  const bool bot_stopped = run.out.find("P2 stops after ") != std::string::npos;
  CHECK(bot_searching != bot_stopped);
  if (bot_searching) {
    CHECK_THAT(run.out, Catch::Contains("you stop after "));
    CHECK_THAT(run.out, Catch::Contains("\nP1 (you) stops\n"));
  } else {  // said to stop: then the stop played is the bot's
    CHECK((run.out.find("\nP2 stops\n") != std::string::npos ||
           run.out.find("and P2 stop together") != std::string::npos));
  }
}

// Marks apart by commas too; a line with a word that is no piece's number
// marks nothing and says so (it once marked what came before the word).
TEST_CASE("play a search game: marks by commas, and a bad word marks nothing",
          "[play][search]") {
  const Run run = Play({"falscher-hering", "--players", "2", "--seed", "4"},
                       "1,2\n3x\n4 h\nstop\nq\n");
  CHECK_THAT(run.out, Catch::Contains("'3x' is not the number of a fish (0 to 14); type "
                                      "numbers, 'stop' or 'q'\n"));
  CHECK_THAT(run.out, Catch::Contains("'h' is not the number of a fish"));
  CHECK_THAT(run.out,
             Catch::Contains("\nyour marks: right none; wrong 1, 2; missed 6\n"));
}

}  // namespace
}  // namespace angler
