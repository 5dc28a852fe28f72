// Nested variations in the store: branched from a variation, stored once,
// promoted over their parent line, deleted with what branches from them, and
// carried through the notation.
#include <catch2/catch.hpp>

#include "replay/format.h"
#include "replay/notation.h"
#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"

namespace angler {
namespace {

using testing::FormatErrors;
using testing::RandomRecord;

std::unique_ptr<Store> OpenMemory() {
  auto store = Store::Open(":memory:");
  INFO(FormatErrors(store));
  REQUIRE(store.ok());
  return std::move(store).value();
}

// `count` moves from the position after `ply` of `line` (null: the main
// line), each the first legal one, except that the first differs from the
// line's own move there.
Variation OtherMoves(const Game& game, const GameRecord& record, int ply,
                     const Variation* line, int count) {
  Variation v;
  v.ply = ply;
  v.parent = line ? line->id : 0;
  Result<std::vector<RecordedAction>> played = LineActions(record, line);
  REQUIRE(played.ok());
  REQUIRE(ply < static_cast<int>(played.value().size()));
  State s = PositionAt(game, record, ply, line).value();
  REQUIRE_FALSE(game.IsChance(s));
  ActionList legal;
  for (int i = 0; i < count && !game.IsTerminal(s) && !game.IsChance(s); ++i) {
    game.LegalActions(s, legal);
    Action a = legal.items[0];
    if (i == 0 && a == played.value()[static_cast<size_t>(ply)].action) {
      REQUIRE(legal.count > 1);
      a = legal.items[1];
    }
    const int n = LegalCount(game, s);
    REQUIRE(game.Apply(s, a).ok());
    v.actions.push_back({a, n});
  }
  return v;
}

// The moves alone, without what the store notes of each.
std::vector<Action> MovesOf(const std::vector<RecordedAction>& line) {
  std::vector<Action> moves;
  for (const RecordedAction& r : line) moves.push_back(r.action);
  return moves;
}

// The first ply from `from` on where the line has a choice of two moves.
int ChoiceAt(const Game& game, const GameRecord& record, int from,
             const Variation* line) {
  const int end = line ? line->end() : static_cast<int>(record.actions.size());
  for (int ply = from; ply < end; ++ply) {
    State s = PositionAt(game, record, ply, line).value();
    if (game.IsChance(s) || game.IsTerminal(s)) continue;
    if (LegalCount(game, s) > 1) return ply;
  }
  FAIL("no choice in the line");
  return -1;
}

struct NestedGame {
  std::unique_ptr<Store> store = OpenMemory();
  const Game game{testing::Fishing(), 3};
  GameRecord original;
  int64_t id = 0, top = 0, sub = 0;
  int sub_ply = 0;

  NestedGame() {
    original = RandomRecord(game, 8);
    id = store->AddGame(game.rules(), original).value();
    const int at = ChoiceAt(game, original, 40, nullptr);
    top = store->AddVariation(id, OtherMoves(game, original, at, nullptr, 8)).value();
    GameRecord now = store->LoadGame(id).value();
    const Variation* v = now.FindVariation(top);
    sub_ply = ChoiceAt(game, now, v->ply + 2, v);
    auto added = store->AddVariation(id, OtherMoves(game, now, sub_ply, v, 3));
    INFO(FormatErrors(added));
    REQUIRE(added.ok());
    sub = added.value();
  }
  GameRecord Load() { return store->LoadGame(id).value(); }
};

// A variation from the main line at `ply`: `line`'s moves from `ply` on to
// `parts` (`line` starting after `start` plies), then `rest`'s.
Variation Joined(int ply, const std::vector<RecordedAction>& line, int start, int parts,
                 const Variation& rest) {
  Variation v;
  v.ply = ply;
  v.actions.assign(line.begin() + (ply - start), line.begin() + (parts - start));
  v.actions.insert(v.actions.end(), rest.actions.begin(), rest.actions.end());
  return v;
}

// Stores v and checks it was stored from `parent`'s ply `ply` with `moves`'s moves.
void CheckStoredFrom(NestedGame& t, const Variation& v, int64_t parent, int ply,
                     const Variation& moves) {
  auto stored = t.store->AddVariation(t.id, v);
  INFO(FormatErrors(stored));
  REQUIRE(stored.ok());
  const GameRecord now = t.Load();
  const Variation* added = now.FindVariation(stored.value());
  REQUIRE(added);
  CHECK(added->parent == parent);
  CHECK(added->ply == ply);
  CHECK(MovesOf(added->actions) == MovesOf(moves.actions));
}

TEST_CASE("a branch that begins with moves a line has is stored from where it parts",
          "[store][variations]") {
  NestedGame t;
  const GameRecord now = t.Load();
  const Variation* top = now.FindVariation(t.top);
  const Variation* sub = now.FindVariation(t.sub);
  // The moves down to the sub-variation and its own, from the top's branch:
  // every one stored already, they are the sub-variation.
  const Variation whole = Joined(top->ply, top->actions, top->ply, t.sub_ply, *sub);
  CHECK(t.store->AddVariation(t.id, whole).value() == t.sub);

  // The main line's own moves, then others: hung from the main line where
  // they part, not stored twice.
  const int from = ChoiceAt(t.game, now, top->end() + 1, nullptr);
  const int parts = ChoiceAt(t.game, now, from + 1, nullptr);
  const Variation other = OtherMoves(t.game, now, parts, nullptr, 2);
  CheckStoredFrom(t, Joined(from, now.actions, 0, parts, other), 0, parts, other);

  // Into the top variation by its first move, then its own moves, then others:
  // a variation of the top one.
  const int later = ChoiceAt(t.game, now, t.sub_ply + 1, top);
  const Variation past_sub = OtherMoves(t.game, now, later, top, 2);
  CheckStoredFrom(t, Joined(top->ply, top->actions, top->ply, later, past_sub), t.top,
                  later, past_sub);
  CHECK(t.Load().variations.size() == 4);
}

TEST_CASE("a variation of a variation: its line, stored once", "[store][variations]") {
  NestedGame t;
  GameRecord now = t.Load();
  const Variation* top = now.FindVariation(t.top);
  const Variation* sub = now.FindVariation(t.sub);
  REQUIRE(sub);
  CHECK(sub->parent == t.top);
  CHECK(sub->ply == t.sub_ply);
  // Its line: the main line to the top variation's branch, the top variation
  // to its own, then its moves.
  std::vector<RecordedAction> expected(now.actions.begin(),
                                       now.actions.begin() + top->ply);
  expected.insert(expected.end(), top->actions.begin(),
                  top->actions.begin() + (t.sub_ply - top->ply));
  expected.insert(expected.end(), sub->actions.begin(), sub->actions.end());
  CHECK(LineActions(now, sub).value() == expected);

  // The same moves again, or their beginning: the same variation.
  Variation again = *sub;
  again.id = 0;
  again.annotations.clear();
  CHECK(t.store->AddVariation(t.id, again).value() == t.sub);
  again.actions.resize(1);
  CHECK(t.store->AddVariation(t.id, again).value() == t.sub);
  // The parent line's own moves are refused.
  Variation own;
  own.parent = t.top;
  own.ply = t.sub_ply;
  own.actions.assign(top->actions.begin() + (t.sub_ply - top->ply), top->actions.end());
  auto refused = t.store->AddVariation(t.id, own);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message == "game 1: variation " + std::to_string(t.top) +
                                       " plays these moves from ply " +
                                       std::to_string(t.sub_ply) + "; nothing stored");
  // From the top variation's branch ply, a branch hangs from the main line.
  Variation at_branch = *top;
  at_branch.id = 0;
  at_branch.parent = t.top;
  at_branch.annotations.clear();
  CHECK(t.store->AddVariation(t.id, at_branch).value() == t.top);
  CHECK(t.Load().variations.size() == 2);

  // An illegal move in a nested branch names the game, the variation's ply and the ply.
  Variation wrong = *sub;
  wrong.id = 0;
  wrong.actions[1].action = wrong.actions[0].action;
  auto bad = t.store->AddVariation(t.id, wrong);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.rfind("game 1, variation at ply " +
                                      std::to_string(t.sub_ply) + ", ply " +
                                      std::to_string(t.sub_ply + 2) + ": ",
                                  0) == 0);
}

TEST_CASE("a nested variation promoted swaps with its parent variation",
          "[store][variations]") {
  NestedGame t;
  GameRecord before = t.Load();
  const Variation top = *before.FindVariation(t.top);
  const Variation sub = *before.FindVariation(t.sub);
  const int replaced_from = t.sub_ply - top.ply;  // top's moves the sub replaces
  // A variation inside the moves that will be replaced, notes on both sides.
  const int inner_ply = ChoiceAt(t.game, before, t.sub_ply + 1, &top);
  const int64_t inner =
      t.store->AddVariation(t.id, OtherMoves(t.game, before, inner_ply, &top, 2)).value();
  REQUIRE(t.store->Annotate(t.id, t.sub_ply + 1, "top's", "?", t.top).ok());
  REQUIRE(t.store->Annotate(t.id, t.sub_ply, "instead:", std::nullopt, t.sub).ok());
  REQUIRE(t.store->Annotate(t.id, t.sub_ply + 2, "sub's", "!", t.sub).ok());

  auto demoted = t.store->PromoteVariation(t.id, t.sub);
  INFO(FormatErrors(demoted));
  REQUIRE(demoted.ok());
  CHECK(demoted.value() == t.sub);
  GameRecord now = t.Load();
  CHECK(now.actions == before.actions);  // the main line is not touched
  CHECK(now.result == before.result);
  const Variation* new_top = now.FindVariation(t.top);
  const Variation* new_sub = now.FindVariation(t.sub);
  std::vector<RecordedAction> top_now(top.actions.begin(),
                                      top.actions.begin() + replaced_from);
  top_now.insert(top_now.end(), sub.actions.begin(), sub.actions.end());
  CHECK(new_top->actions == top_now);
  CHECK(std::equal(new_sub->actions.begin(), new_sub->actions.end(),
                   top.actions.begin() + replaced_from));
  CHECK(new_sub->parent == t.top);
  CHECK(new_top->annotations == std::vector<Annotation>{{t.sub_ply + 1, "instead:", ""},
                                                        {t.sub_ply + 2, "sub's", "!"}});
  CHECK(new_sub->annotations == std::vector<Annotation>{{t.sub_ply + 1, "top's", "?"}});
  // The inner variation branched inside the replaced moves: it goes with them.
  CHECK(now.FindVariation(inner)->parent == t.sub);

  // Promoting back gives the variations as they were.
  REQUIRE(t.store->PromoteVariation(t.id, t.sub).ok());
  GameRecord back = t.Load();
  CHECK(back.FindVariation(t.top)->actions == top.actions);
  CHECK(back.FindVariation(t.sub)->actions == sub.actions);
  CHECK(back.FindVariation(inner)->parent == t.top);

  // The top variation over the main line: the nested ones inside the main
  // line's replaced moves (none here) and its own children swap too.
  REQUIRE(t.store->PromoteVariation(t.id, t.top).ok());
  GameRecord swapped = t.Load();
  CHECK(swapped.FindVariation(t.sub)->parent == 0);
  CHECK(swapped.FindVariation(inner)->parent == 0);
  CHECK(swapped.FindVariation(t.top)->parent == 0);
  for (const Variation& v : swapped.variations) {
    INFO("variation " << v.id);
    CHECK(LineActions(swapped, &v).ok());
  }
}

TEST_CASE("deleting a variation deletes its sub-variations and their notes",
          "[store][variations]") {
  NestedGame t;
  GameRecord now = t.Load();
  const Variation* sub = now.FindVariation(t.sub);
  const int deep_ply = ChoiceAt(t.game, now, sub->ply + 1, sub);
  const int64_t deep =
      t.store->AddVariation(t.id, OtherMoves(t.game, now, deep_ply, sub, 2)).value();
  REQUIRE(t.store->Annotate(t.id, deep_ply + 1, "deep", "!?", deep).ok());
  REQUIRE(t.store->Annotate(t.id, t.sub_ply + 1, "sub", std::nullopt, t.sub).ok());
  CHECK(t.Load().variations.size() == 3);

  SECTION("the sub-variation: one more goes with it") {
    CHECK(t.store->DeleteVariation(t.id, t.sub).value() == 1);
    GameRecord left = t.Load();  // no annotation of a deleted variation is left
    REQUIRE(left.variations.size() == 1);
    CHECK(left.variations[0].id == t.top);
  }
  SECTION("the top one: two go with it") {
    CHECK(t.store->DeleteVariation(t.id, t.top).value() == 2);
    CHECK(t.Load().variations.empty());
    CHECK(t.Load().actions == t.original.actions);
  }
}

TEST_CASE("nested variations through the notation and another store",
          "[store][variations][notation]") {
  NestedGame t;
  REQUIRE(t.store->Annotate(t.id, t.sub_ply, "a line {of its own}", std::nullopt, t.sub)
              .ok());
  REQUIRE(t.store->Annotate(t.id, t.sub_ply + 1, "in the nested line", "!", t.sub).ok());
  const GameRecord stored = t.Load();
  Result<std::string> text = FormatRecord(t.game.rules(), stored);
  INFO(FormatErrors(text));
  REQUIRE(text.ok());
  auto other = OpenMemory();
  auto ids = ImportRecords(*other, SourceFile::Make("nested.rec", text.value()));
  INFO(FormatErrors(ids));
  REQUIRE(ids.ok());
  const GameRecord imported = other->LoadGame(ids.value()[0]).value();
  CHECK(imported.SameContent(stored));
  CHECK(FormatRecord(t.game.rules(), imported).value() == text.value());

  // An illegal move in the nested variation: named, and nothing is stored.
  const std::string sub_move = "\n    " + std::to_string(t.sub_ply + 1) + ". ";
  const size_t at = text.value().find(sub_move);
  REQUIRE(at != std::string::npos);
  std::string bad = text.value();
  bad.replace(at + sub_move.size(), bad.find('\n', at + 1) - at - sub_move.size(),
              "P1 plays nothing");
  auto empty = OpenMemory();
  auto refused = ImportRecords(*empty, SourceFile::Make("bad.rec", bad));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find(
            "game 1: variation at ply " + std::to_string(t.sub_ply) +
            " of the variation at ply " +
            std::to_string(stored.FindVariation(t.top)->ply) + ", ply " +
            std::to_string(t.sub_ply + 1) + ": ") == 0);
  CHECK(empty->GameCount().value() == 0);
}

TEST_CASE("variations nest at most kMaxVariationDepth deep in a record",
          "[notation][variations]") {
  std::string text = "[Angler \"2\"]\n\n1. P1 plays x\n";
  for (size_t i = 0; i <= kMaxVariationDepth; ++i) text += "(\n1. P1 plays y\n";
  auto parsed = ParseRecordText(SourceFile::Make("deep.rec", text));
  REQUIRE_FALSE(parsed.ok());
  CHECK(parsed.error().message == "game 1: variations nested deeper than 64");
}

TEST_CASE("annotations and variations", "[store]") {
  auto store = OpenMemory();
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const GameRecord record = RandomRecord(game, 8);
  const int64_t id = store->AddGame(rules, record).value();

  REQUIRE(store->Annotate(id, 12, "a fine lead", "!").ok());
  REQUIRE(store->Annotate(id, 12, std::nullopt, "!?").ok());  // the comment stays
  REQUIRE(store->Annotate(id, 0, "the whole game", std::nullopt).ok());
  auto loaded = store->LoadGame(id).value();
  CHECK(loaded.annotations ==
        std::vector<Annotation>{{0, "the whole game", ""}, {12, "a fine lead", "!?"}});
  REQUIRE(store->Annotate(id, 12, "", "").ok());
  CHECK(store->LoadGame(id).value().annotations.size() == 1);

  CHECK(store->Annotate(id, 9999, "x", std::nullopt).error().message ==
        "game 1: ply 9999 is out of range (0 to " +
            std::to_string(record.actions.size()) + ")");
  CHECK(store->Annotate(id, 3, "x", "!!!").error().message ==
        "'!!!' is not a glyph: use one of ! ? !! ?? !? ?!");
  CHECK(store->Annotate(id, 0, std::nullopt, "!").error().message ==
        "game 1: a glyph goes on a move; ply 0 is the start of the line");
  CHECK(store->Annotate(42, 1, "x", std::nullopt).error().message ==
        "store :memory:: no game 42");

  Variation v = testing::RandomVariation(game, record, 40, 5, 99);
  auto vid = store->AddVariation(id, v);
  INFO(FormatErrors(vid));
  REQUIRE(vid.ok());
  REQUIRE(store->Annotate(id, 42, "in the variation", "?", vid.value()).ok());
  auto with = store->LoadGame(id).value();
  REQUIRE(with.variations.size() == 1);
  CHECK(with.variations[0].actions == v.actions);
  CHECK(with.variations[0].annotations ==
        std::vector<Annotation>{{42, "in the variation", "?"}});

  // Stored once: the same moves, or their beginning, are variation 1; the
  // main line's own moves are refused.
  CHECK(store->AddVariation(id, v).value() == vid.value());
  Variation shorter = v;
  shorter.actions.resize(2);
  CHECK(store->AddVariation(id, shorter).value() == vid.value());
  Variation main_line;
  main_line.ply = 40;
  main_line.actions.assign(record.actions.begin() + 40, record.actions.begin() + 43);
  auto refused_main = store->AddVariation(id, main_line);
  REQUIRE_FALSE(refused_main.ok());
  CHECK(refused_main.error().message ==
        "game 1: the main line plays these moves from ply 40; nothing stored");
  CHECK(store->LoadGame(id).value().variations.size() == 1);

  Variation wrong = v;
  wrong.actions[2].action = wrong.actions[1].action;
  auto refused = store->AddVariation(id, wrong);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.rfind("game 1, variation at ply 40, ply 43: ", 0) == 0);
}

TEST_CASE("variations: promoted to the main line and back, deleted", "[store]") {
  auto store = OpenMemory();
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const GameRecord original = RandomRecord(game, 8);
  const int64_t id = store->AddGame(rules, original).value();
  REQUIRE(store->Annotate(id, 12, "early", "!").ok());
  REQUIRE(store->Annotate(id, 50, "later", "?").ok());
  Variation v = testing::RandomVariation(game, original, 40, 5, 99);
  REQUIRE(v.actions.size() == 5);
  const int64_t vid = store->AddVariation(id, v).value();
  REQUIRE(store->Annotate(id, 40, "instead:", std::nullopt, vid).ok());
  REQUIRE(store->Annotate(id, 42, "in the variation", "!?", vid).ok());

  auto demoted = store->PromoteVariation(id, vid);
  INFO(FormatErrors(demoted));
  REQUIRE(demoted.ok());
  GameRecord now = store->LoadGame(id).value();
  REQUIRE(now.actions.size() == 45);
  CHECK(std::equal(now.actions.begin(), now.actions.begin() + 40,
                   original.actions.begin()));
  CHECK(std::equal(now.actions.begin() + 40, now.actions.end(), v.actions.begin()));
  CHECK(now.result == "unfinished");
  CHECK(now.annotations == std::vector<Annotation>{{12, "early", "!"},
                                                   {41, "instead:", ""},
                                                   {42, "in the variation", "!?"}});
  REQUIRE(now.variations.size() == 1);
  const Variation& old = now.variations[0];
  CHECK(old.id == demoted.value());
  CHECK(old.ply == 40);
  CHECK(old.actions.size() == original.actions.size() - 40);
  CHECK(old.annotations == std::vector<Annotation>{{50, "later", "?"}});

  // Promoting the old moves back gives the game as it was.
  auto back = store->PromoteVariation(id, old.id);
  REQUIRE(back.ok());
  GameRecord again = store->LoadGame(id).value();
  CHECK(again.actions == original.actions);
  CHECK(again.result == original.result);
  CHECK(again.finished);
  CHECK(again.ranks == original.ranks);
  CHECK(again.annotations ==
        std::vector<Annotation>{{12, "early", "!"}, {50, "later", "?"}});
  REQUIRE(again.variations.size() == 1);
  CHECK(again.variations[0].actions == v.actions);

  // A variation inside the moves another replaces goes with those moves.
  Variation inside = testing::RandomVariation(game, again, 60, 2, 7);
  const int64_t inside_id = store->AddVariation(id, inside).value();
  REQUIRE(store->PromoteVariation(id, again.variations[0].id).ok());
  CHECK(store->LoadGame(id).value().FindVariation(inside_id)->parent ==
        again.variations[0].id);
  REQUIRE(store->PromoteVariation(id, again.variations[0].id).ok());
  CHECK(store->LoadGame(id).value().FindVariation(inside_id)->parent == 0);

  REQUIRE(store->DeleteVariation(id, inside_id).ok());
  CHECK(store->DeleteVariation(id, inside_id).error().message ==
        "store :memory:: no game 1: variation " + std::to_string(inside_id));
  REQUIRE(store->DeleteVariation(id, again.variations[0].id).ok());
  GameRecord bare = store->LoadGame(id).value();
  CHECK(bare.variations.empty());
  CHECK(bare.SameContent(store->LoadGame(id).value()));
  CHECK(bare.actions == original.actions);
}

TEST_CASE("a bot's annotations replace its earlier ones, never a person's", "[store]") {
  auto store = OpenMemory();
  const Ruleset& rules = testing::Fishing();
  const Game game(rules, 3);
  const int64_t id = store->AddGame(rules, RandomRecord(game, 8)).value();
  REQUIRE(store->Annotate(id, 5, "a person's", std::nullopt).ok());
  const std::vector<int64_t> main_line{0};
  using Note = Store::BotNote;
  const std::vector<Note> first{
      {0, {3, "best: x", "?"}}, {0, {5, "best: y", "??"}}, {0, {7, "best: z", "?!"}}};
  auto stored = store->ReplaceBotAnnotations(id, main_line, first, "ismcts:10");
  REQUIRE(stored.ok());
  CHECK(stored.value() == std::vector<bool>{true, false, true});
  CHECK(store->LoadGame(id).value().annotations ==
        std::vector<Annotation>{{3, "best: x", "?", "ismcts:10"},
                                {5, "a person's", ""},
                                {7, "best: z", "?!", "ismcts:10"}});
  CHECK(store->AnnotationAuthor(id, 3).value() ==
        std::optional<std::string>("ismcts:10"));
  CHECK(store->AnnotationAuthor(id, 5).value() == std::optional<std::string>(""));
  CHECK(store->AnnotationAuthor(id, 4).value() == std::nullopt);

  // A new analysis: the old notes go, the person's stays.
  const std::vector<Note> second{{0, {4, "best: w", "?"}}};
  REQUIRE(store->ReplaceBotAnnotations(id, main_line, second, "ismcts:20").ok());
  CHECK(store->LoadGame(id).value().annotations ==
        std::vector<Annotation>{{4, "best: w", "?", "ismcts:20"}, {5, "a person's", ""}});
  // A person's edit of the bot's note makes it theirs, without the bot's glyph.
  REQUIRE(store->Annotate(id, 4, "I agree", std::nullopt).ok());
  CHECK(store->AnnotationAuthor(id, 4).value() == std::optional<std::string>(""));
  REQUIRE(store->ReplaceBotAnnotations(id, main_line, {}, "ismcts:20").ok());
  CHECK(store->LoadGame(id).value().annotations ==
        std::vector<Annotation>{{4, "I agree", ""}, {5, "a person's", ""}});
  CHECK_FALSE(store->ReplaceBotAnnotations(id, main_line, {}, "").ok());

  // A variation promoted to the main line keeps its notes' authors.
  const Variation v =
      testing::RandomVariation(game, store->LoadGame(id).value(), 20, 4, 3);
  const int64_t vid = store->AddVariation(id, v).value();
  const std::vector<int64_t> both{0, vid};
  const std::vector<Note> in_variation{{vid, {22, "best: v", "?"}}};
  REQUIRE(store->ReplaceBotAnnotations(id, both, in_variation, "ismcts:20").ok());
  REQUIRE(store->PromoteVariation(id, vid).ok());
  CHECK(store->AnnotationAuthor(id, 22).value() ==
        std::optional<std::string>("ismcts:20"));
}

}  // namespace
}  // namespace angler
