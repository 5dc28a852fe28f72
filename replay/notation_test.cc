#include "replay/notation.h"

#include <catch2/catch.hpp>

#include "interpreter/loader.h"
#include "interpreter/view.h"
#include "replay/format.h"
#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::Decorate;
using testing::FormatErrors;
using testing::LoadOrFail;
using testing::RandomRecord;

RulesetLookup CurrentRules() {
  return [](const std::string& name, const std::string& hash,
            const std::string*) -> Result<RulesetPtr> {
    Result<RulesetPtr> rules = LoadRuleset(name);
    if (!rules) return rules.errors();
    if (rules.value()->content_hash != hash) return Diagnostic({}, "hash differs");
    return rules;
  };
}

Result<std::vector<ResolvedRecord>> ReadAll(const std::string& text) {
  auto parsed = ParseRecordText(SourceFile::Make("test.rec", text));
  if (!parsed) return parsed.errors();
  std::vector<ResolvedRecord> out;
  for (const ParsedRecord& r : parsed.value()) {
    auto one = ResolveRecord(r, CurrentRules());
    if (!one) return one.errors();
    out.push_back(std::move(one).value());
  }
  return out;
}

std::string ErrorText(const std::string& text) {
  auto r = ReadAll(text);
  REQUIRE_FALSE(r.ok());
  return r.error().Format();
}

// Writes the record, reads it back as the same game and writes that again,
// byte for byte the same text; returns the text.
std::string RoundTrip(const Ruleset& rules, const GameRecord& record) {
  Result<std::string> text = FormatRecord(rules, record);
  INFO(FormatErrors(text));
  REQUIRE(text.ok());
  auto back = ReadAll(text.value());
  INFO(FormatErrors(back));
  REQUIRE(back.ok());
  REQUIRE(back.value().size() == 1);
  CHECK(back.value()[0].record.SameContent(record));
  Result<std::string> again = FormatRecord(rules, back.value()[0].record);
  REQUIRE(again.ok());
  CHECK(again.value() == text.value());
  return text.value();
}

TEST_CASE("a record reads back as the same game, for every shipped ruleset",
          "[notation]") {
  for (const std::string& name : ShippedRulesets(true)) {
    RulesetPtr rules = LoadOrFail(name);
    for (int players = rules->min_players; players <= rules->max_players; ++players) {
      const Game game(*rules, players);
      const uint64_t seed = 1000 + static_cast<uint64_t>(players);
      GameRecord record = RandomRecord(game, seed);
      Decorate(game, record, seed);
      INFO(name << ", " << players << " players");
      RoundTrip(*rules, record);
    }
  }
}

TEST_CASE("nested variations read back as written, for every shipped ruleset",
          "[notation]") {
  for (const std::string& name : ShippedRulesets(true)) {
    RulesetPtr rules = LoadOrFail(name);
    const Game game(*rules, rules->min_players);
    GameRecord record = RandomRecord(game, 77);
    Decorate(game, record, 77);
    testing::AddNested(game, record, 77);
    INFO(name);
    // export -> import -> export: the same text, comments in nested lines too
    const std::string text = RoundTrip(*rules, record);
    if (record.variations.size() > 3) {
      CHECK(text.find("\n  (\n    {nested:}\n") != std::string::npos);
      CHECK(text.find("{deeper {idea\\}} !?") != std::string::npos);
      CHECK(text.find("\n    (\n      ") != std::string::npos);
    }
  }
}

TEST_CASE("the notation reads like the design says", "[notation]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  GameRecord record = RandomRecord(game, 7, {"Anne", "Bob", "Carl"});
  Decorate(game, record, 7);
  Result<std::string> text = FormatRecord(rules, record);
  REQUIRE(text.ok());
  const std::string& t = text.value();
  CHECK(t.rfind("[Angler \"2\"]\n[Ruleset \"fishing\"]\n[Hash \"" + rules.content_hash +
                    "\"]\n[Players \"Anne, Bob, Carl\"]\n[Seed \"7\"]\n[Source \"sim\"]\n"
                    "[Date \"2024-05-01T12:00:00Z\"]\n",
                0) == 0);
  CHECK(t.find(
            "\n{a game to test {braces\\} and \\\\ backslashes}\n1. shuffle staging #") !=
        std::string::npos);
  CHECK(t.find("1. shuffle staging #") != std::string::npos);
  // What the shuffle dealt, readable without angler's random generator.
  CHECK(t.find(" {= top first: ", t.find("1. shuffle staging #")) < t.find("\n2. "));
  CHECK(t.find(" Anne plays ") != std::string::npos);
  CHECK(t.find("{the critical moment} ??\n") != std::string::npos);
  CHECK(t.find("(\n  {instead:}\n") != std::string::npos);
  // The rules travel with the record, and it ends with its end line.
  CHECK(t.find("\n[RulesetText \"{\\\"cards\\\":") != std::string::npos);
  CHECK(t.size() > record.result.size() + 7);
  CHECK(t.substr(t.size() - record.result.size() - 7) ==
        "end: " + record.result + "\n\n");
  RecordWriteOptions bare;
  bare.ruleset_text = false;
  CHECK(FormatRecord(rules, record, bare).value().find("[RulesetText") ==
        std::string::npos);
}

TEST_CASE("a comment that begins as a note does is kept, not skipped", "[notation]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  GameRecord record = RandomRecord(game, 7, {"Anne", "Bob", "Carl"});
  record.annotations.push_back({0, "= the whole game, as a person sees it", ""});
  record.annotations.push_back({2, "= 7 was better", ""});
  record.annotations.push_back({3, "=no space", ""});
  const std::string text = RoundTrip(rules, record);
  CHECK(text.find("\n{\\= the whole game, as a person sees it}\n") != std::string::npos);
  CHECK(text.find(" {\\= 7 was better}\n") != std::string::npos);
  CHECK(text.find(" {\\=no space}\n") != std::string::npos);
  // The export's own notes are still skipped: not one became an annotation.
  CHECK(text.find(" {= top first: ") != std::string::npos);
  auto back = ReadAll(text);
  REQUIRE(back.ok());
  CHECK(back.value()[0].record.annotations.size() == 3);
}

TEST_CASE("moves are read by name against the legal actions", "[notation]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const std::vector<std::string> players = {"Anne", "Bob", "Carl"};
  State s = game.NewInitialState();
  REQUIRE(game.IsChance(s));
  auto shuffle = ParseMove(game, s, "shuffle staging #00000000000000ff", players);
  REQUIRE(shuffle.ok());
  CHECK(shuffle.value().seed == 0xff);
  CHECK_FALSE(ParseMove(game, s, "shuffle ocean #1", players).ok());
  CHECK(ParseMove(game, s, "shuffle ocean #1", players).error().message ==
        "expected 'shuffle staging #<outcome in hex>' here, not 'shuffle ocean #1'");
  CHECK_FALSE(ParseMove(game, s, "shuffle staging", players).ok());
  CHECK(ParseMove(game, s, "shuffle", players, {true, 5}).value().seed == 5);
  while (game.IsChance(s))
    REQUIRE(game.Apply(s, Action{ActionKind::kChance, -1, 0, 9}).ok());

  ActionList legal;
  game.LegalActions(s, legal);
  const Action first = legal.items[0];
  const std::string card = rules.card_names[static_cast<size_t>(first.value)];
  const std::string who = players[static_cast<size_t>(first.player)];
  auto read = ParseMove(game, s, who + " plays " + card, players);
  REQUIRE(read.ok());
  CHECK(read.value() == first);
  CHECK(MoveText(game, s, first, players) == who + " plays " + card);
  // What people type at a prompt.
  CHECK(ParseMove(game, s, card, players, {true, {}}).value() == first);
  CHECK(ParseMove(game, s, "play " + card, players, {true, {}}).value() == first);
  CHECK_FALSE(ParseMove(game, s, card, players).ok());
  // Someone else, a wrong verb, a card not in hand.
  const std::string other = players[static_cast<size_t>((first.player + 1) % 3)];
  CHECK(ParseMove(game, s, other + " plays " + card, players).error().message ==
        "it is " + who + "'s move, not " + other + "'s");
  CHECK(ParseMove(game, s, who + " chooses " + card, players).error().message ==
        who + " must play now, not 'chooses'");
  // At a prompt a name may stand before the card without the verb; a wrong
  // verb there is judged as the thing it would name.
  CHECK(ParseMove(game, s, who + " " + card, players, {true, {}}).value() == first);
  CHECK(ParseMove(game, s, who + " play " + card, players, {true, {}}).value() == first);
  const std::string named =
      ParseMove(game, s, who + " chooses " + card, players, {true, {}}).error().message;
  CHECK(named.find("'chooses " + card + "' is not legal for " + who + " here") == 0);
  CHECK(named ==
        ParseMove(game, s, "chooses " + card, players, {true, {}}).error().message);
  auto wrong = ParseMove(game, s, who + " plays green 16", players);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error().message.find("'green 16' is not legal for " + who + " here") == 0);
  // The legal cards listed as a hand shows them (by suit, then value), as
  // play's menu lists them, not in the order the engine keeps them.
  std::vector<uint8_t> held;
  for (const Action& a : legal) held.push_back(static_cast<uint8_t>(a.value));
  std::string listed;
  for (int c : InHoldingOrder(rules, held))
    listed += (listed.empty() ? "" : ", ") + rules.card_names[static_cast<size_t>(c)];
  CHECK(wrong.error().message.ends_with("; legal: " + listed));
  // Typed text comes back without control characters, and cut when long.
  auto pasted =
      ParseMove(game, s, who + " plays gr\x1b[31meen " + std::string(200, '6'), players);
  REQUIRE_FALSE(pasted.ok());
  CHECK(pasted.error().message.find("'gr\\x1b[31meen 666") == 0);
  CHECK(pasted.error().message.find("66...' is not legal for " + who) !=
        std::string::npos);
  CHECK(pasted.error().message.find('\x1b') == std::string::npos);
  CHECK(ParseMove(game, s, "\x07" + who + " plays " + card, players)
            .error()
            .message.find("not '\\x07") != std::string::npos);
}

TEST_CASE("same-named cards are told apart when both are legal", "[notation]") {
  const Ruleset& rules = testing::Fishing();
  testing::Table t(rules, 3, rules.entry_trick);
  const int hand = t.Hand(0);
  t.Give(0, {"buoy \"-3 points\"", "buoy \"-3 points\"", "red 5"});
  t.Give(1, {"red 6"});
  t.Give(2, {"red 7"});
  t.Set("leader", 0);
  t.Set("tricks", 1);
  t.Continue();
  const std::vector<std::string> players = {"Anne", "Bob", "Carl"};
  ActionList legal;
  t.game.LegalActions(t.s, legal);
  std::vector<int> buoys;
  for (const Action& a : legal) {
    if (rules.card_names[static_cast<size_t>(a.value)] == "buoy \"-3 points\"") {
      buoys.push_back(a.value);
    }
  }
  REQUIRE(buoys.size() == 2);
  (void)hand;
  for (int id : buoys) {
    const Action a{ActionKind::kPlay, 0, static_cast<int16_t>(id), 0};
    const std::string text = MoveText(t.game, t.s, a, players);
    CHECK(text.rfind("Anne plays buoy \"-3 points\" [", 0) == 0);
    auto back = ParseMove(t.game, t.s, text, players);
    REQUIRE(back.ok());
    CHECK(back.value() == a);
  }
  // Without [k], the first legal one.
  auto plain = ParseMove(t.game, t.s, "Anne plays buoy \"-3 points\"", players);
  REQUIRE(plain.ok());
  CHECK(plain.value().value == std::min(buoys[0], buoys[1]));
}

TEST_CASE("bad records get errors naming the game, the line and the ply", "[notation]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  GameRecord record = RandomRecord(game, 3, {"Anne", "Bob", "Carl"});
  const std::string text = FormatRecord(rules, record).value();
  const auto line_of = [&](const std::string& t, int ply) {
    std::string key = "\n";  // not "\n" + ...: GCC 12 warns falsely (-Wrestrict)
    key += std::to_string(ply) + ". ";
    const size_t at = t.find(key);
    REQUIRE(at != std::string::npos);
    return at + 1;
  };

  SECTION("foreign") {
    CHECK(ErrorText("[Event \"Casual game\"]\n1. e4 e5\n")
              .rfind("test.rec:1:1: error: game 1: not an angler game record: it must "
                     "begin with "
                     "[Angler \"2\"], not [Event ...]\n",
                     0) == 0);
    CHECK(ErrorText("\x7f"
                    "ELF\x02\x01")
              .find("not an angler game record") != std::string::npos);
    CHECK(ErrorText("").find("the file is empty") != std::string::npos);
  }
  SECTION("a newer format") {
    std::string newer = text;
    newer.replace(0, 12, "[Angler \"3\"]");
    CHECK(
        ErrorText(newer).find("game 1: record format version 3 is newer than this angler "
                              "reads (2)") != std::string::npos);
  }
  SECTION("truncated") {
    // Wherever it is cut, a record lacks its end line.
    const std::string cut = text.substr(0, line_of(text, 40));
    CHECK(ErrorText(cut).find(
              "game 1: truncated: the record is cut after move 39 (line ") !=
          std::string::npos);
    const std::string header = text.substr(0, text.find("\n\n") + 2);
    CHECK(ErrorText(header).find("game 1: truncated: the record is cut after its header: "
                                 "it has no 'end: RESULT' line") != std::string::npos);
    // The second of two records, cut: the first is whole.
    CHECK(ErrorText(text + cut)
              .find("game 2: truncated: the record is cut after move 39") !=
          std::string::npos);
    // The first of two, cut: the second record's header follows its moves.
    CHECK(ErrorText(cut + text)
              .find("game 1: truncated: the record is cut after move 39") !=
          std::string::npos);
    // A version 1 record has no end line: its Plies tag tells a cut.
    std::string old = cut;
    old.replace(0, 12, "[Angler \"1\"]");
    CHECK(ErrorText(old).find("game 1: truncated: the Plies tag says " +
                              std::to_string(record.actions.size()) +
                              " but the record has 39 moves") != std::string::npos);
  }
  SECTION("cut in the middle of a line") {
    const std::string cut = text.substr(0, line_of(text, 40) + 6);
    CHECK(ErrorText(cut).find("game 1: truncated: the record is cut after move 40") !=
          std::string::npos);
    CHECK(ErrorText(cut).find("test.rec:") == 0);
    const std::string in_end = text.substr(0, text.rfind("end: ") + 12) + "\n";
    CHECK(ErrorText(in_end).find("game 1: the end line says '") != std::string::npos);
  }
  SECTION("text after the end line") {
    CHECK(ErrorText(text + "41. Anne plays green 16\n").find("text after the end line") !=
          std::string::npos);
  }
  SECTION("reordered") {
    std::string swapped = text;
    const size_t a = line_of(swapped, 30), b = line_of(swapped, 31),
                 c = line_of(swapped, 32);
    swapped = swapped.substr(0, a) + swapped.substr(b, c - b) + swapped.substr(a, b - a) +
              swapped.substr(c);
    const std::string e = ErrorText(swapped);
    CHECK(
        e.find("game 1: ply 30: the move is numbered 31 (lines reordered or missing?)") !=
        std::string::npos);
  }
  SECTION("an illegal move names game and ply") {
    std::string bad = text;
    const size_t at = line_of(bad, 30);
    const size_t end = bad.find('\n', at);
    bad.replace(at, end - at, "30. Anne plays green 16");
    const std::string e = ErrorText(bad);
    CHECK(e.find("game 1: ply 30: ") != std::string::npos);
  }
  SECTION("an unknown ruleset hash") {
    RecordWriteOptions bare;
    bare.ruleset_text = false;
    std::string bad = FormatRecord(rules, record, bare).value();
    bad.replace(bad.find(rules.content_hash), 16, "0123456789abcdef");
    CHECK(ErrorText(bad).find("game 1: hash differs") != std::string::npos);
  }
  SECTION("a hash that is not the carried ruleset's") {
    std::string bad = text;
    bad.replace(bad.find(rules.content_hash), 16, "0123456789abcdef");
    CHECK(ErrorText(bad).find(
              "game 1: the RulesetText tag has content hash " + rules.content_hash +
              ", not the Hash tag's 0123456789abcdef") != std::string::npos);
  }
  SECTION("a result that the moves do not give") {
    std::string bad = text;
    const size_t at = bad.find("[Result \"") + 9;
    bad.replace(at, bad.find('"', at) - at, "winner Bob");
    CHECK(ErrorText(bad).find("the Result tag says 'winner Bob' but the moves give") !=
          std::string::npos);
  }
  SECTION("the second game of a file is named") {
    std::string two = text + text;
    two.replace(two.rfind("[Players \"Anne"), 14, "[Players \"Anna");
    const std::string e = ErrorText(two);
    CHECK(e.find("game 2: ply ") != std::string::npos);
  }
}

TEST_CASE("records with variations and glyphs written by hand", "[notation]") {
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  GameRecord record = RandomRecord(game, 11, {"Anne", "Bob", "Carl"});
  std::string text = FormatRecord(rules, record).value();
  // Remove the Plies and Result tags: a hand-written record may leave them out.
  for (const char* tag : {"[Plies ", "[Result "}) {
    const size_t at = text.find(tag);
    text.erase(at, text.find('\n', at) + 1 - at);
  }
  // Glyph and comment on one line, a variation on one line.
  const size_t at = text.find("\n20. ");
  const size_t end = text.find('\n', at + 1);
  const std::string move20 = text.substr(at + 1, end - at - 1);
  Result<State> before = PositionAt(game, record, 19);
  REQUIRE(before.ok());
  ActionList legal;
  game.LegalActions(before.value(), legal);
  const Action alt = legal.items[legal.count - 1];
  const std::string alt_text = MoveText(game, before.value(), alt, record.players);
  text.insert(end, " !! {well played}\n( 20. " + alt_text + " ?! )");
  auto back = ReadAll(text);
  INFO(FormatErrors(back));
  REQUIRE(back.ok());
  const GameRecord& r = back.value()[0].record;
  REQUIRE(r.annotations.size() == 1);
  CHECK(r.annotations[0] == Annotation{20, "well played", "!!"});
  REQUIRE(r.variations.size() == 1);
  CHECK(r.variations[0].ply == 19);
  CHECK(r.variations[0].actions[0].action == alt);
  CHECK(r.variations[0].annotations == std::vector<Annotation>{{20, "", "?!"}});
  CHECK(r.source == "sim");

  Result<State> in_variation = PositionAt(game, r, 20, &r.variations[0]);
  REQUIRE(in_variation.ok());
  ActionList next;
  game.LegalActions(in_variation.value(), next);
  const std::string reply_text =
      MoveText(game, in_variation.value(), next.items[0], record.players);
  SECTION("a variation of a variation, on one line") {
    // After the variation's move 20: its own move 21, with a variation of it
    // ('(' opens a line: a move's text may hold parentheses, "fisher(3)").
    std::string nested = text;
    const size_t close = nested.find(" )", nested.find("( 20. "));
    nested.insert(close, "\n21. " + reply_text + "\n( 21. " + reply_text + " )\n");
    // The same move twice is a line and its variation: both read.
    auto deep = ReadAll(nested);
    INFO(FormatErrors(deep));
    REQUIRE(deep.ok());
    const GameRecord& d = deep.value()[0].record;
    REQUIRE(d.variations.size() == 2);
    CHECK(d.variations[1].parent == d.variations[0].id);
    CHECK(d.variations[1].ply == 20);
  }
  SECTION("an illegal move in a nested variation names the game, variation and ply") {
    std::string nested = text;
    const size_t close = nested.find(" )", nested.find("( 20. "));
    nested.insert(close, "\n21. " + reply_text + "\n( 21. Carl plays nothing )\n");
    CHECK(ErrorText(nested).find(
              "game 1: variation at ply 20 of the variation at ply 19, ply 21: ") !=
          std::string::npos);
    std::string deeper = text;
    deeper.insert(deeper.find(" )", deeper.find("( 20. ")),
                  "\n( 20. Carl plays nothing )\n");
    // It replaces the variation's first move: a variation from the same place.
    CHECK(ErrorText(deeper).find("game 1: variation at ply 19, ply 20: ") !=
          std::string::npos);
  }
  SECTION("a variation that does not follow its move") {
    std::string wrong = text;
    wrong.replace(wrong.find("( 20. "), 6, "( 25. ");
    CHECK(ErrorText(wrong).find("must follow main-line move 25") != std::string::npos);
  }
}

}  // namespace
}  // namespace angler
