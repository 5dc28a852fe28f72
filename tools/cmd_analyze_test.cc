#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "replay/store.h"
#include "replay/test_records.h"
#include "tests/test_util.h"
#include "tools/analysis.h"
#include "tools/commands.h"
#include "tools/json_reader.h"

namespace angler {
namespace {

namespace fs = std::filesystem;
using testing::FormatErrors;

struct Ran {
  int code = 0;
  std::string out;
  std::string err;
};

// A store file in the temp folder holding one random 3-seat Fishing game
// (random moves: plenty of mistakes to find), removed afterwards.
class AnalyzeStore {
 public:
  AnalyzeStore() {
    static int counter = 0;
    path_ = (fs::temp_directory_path() / ("angler-analyze-" + std::to_string(getpid()) +
                                          "-" + std::to_string(counter++) + ".db"))
                .string();
    Remove();
    auto store = Open();
    const Game game(testing::Fishing(), 3);
    record_ = testing::RandomRecord(game, 7, {"Anne", "Bob", "Carl"});
    record_.variations.push_back(testing::RandomVariation(game, record_, 60, 8, 3));
    auto id = store->AddGame(testing::Fishing(), record_);
    INFO(FormatErrors(id));
    REQUIRE(id.ok());
    REQUIRE(id.value() == 1);
  }
  ~AnalyzeStore() { Remove(); }
  std::unique_ptr<Store> Open() const {
    auto s = Store::Open(path_);
    INFO(FormatErrors(s));
    REQUIRE(s.ok());
    return std::move(s).value();
  }
  Ran Run(std::vector<std::string> args) const {
    args.push_back("--db");
    args.push_back(path_);
    std::ostringstream out, err;
    Ran r;
    r.code = RunAnalyze(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
  }
  const GameRecord& record() const { return record_; }

 private:
  void Remove() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
      fs::remove(path_ + suffix, ec);
    }
  }
  std::string path_;
  GameRecord record_;
};

JsonValue ParseOrFail(const std::string& text) {
  auto parsed = ParseJson(text, "out");
  INFO(text);
  REQUIRE(parsed.ok());
  return std::move(parsed).value();
}

TEST_CASE("analyze: glyphs by the loss of winning chance", "[analyze]") {
  CHECK(GlyphForLoss(0.0) == "");
  CHECK(GlyphForLoss(0.099) == "");
  CHECK(GlyphForLoss(0.10) == "?!");
  CHECK(GlyphForLoss(0.20) == "?");
  CHECK(GlyphForLoss(0.35) == "??");
  MoveAnalysis m;
  m.move = "blue 3";
  m.best = "blue 7";
  m.before = 0.41;
  m.after = 0.19;
  m.glyph = GlyphForLoss(m.loss());
  CHECK(m.glyph == "?");
  CHECK(m.Comment() == "best: blue 7, 41% -> 19%");
  m.glyph = "";
  CHECK(m.Comment() == "");
}

TEST_CASE("analyze: every decision, the same for a seed, notes in the store",
          "[analyze]") {
  AnalyzeStore tmp;
  const Ran first = tmp.Run({"1", "--bot", "ismcts:16", "--json"});
  INFO(first.err);
  REQUIRE(first.code == 0);
  CHECK(first.err.empty());  // no terminal: no progress line
  const JsonValue json = ParseOrFail(first.out);
  CHECK(json.Find("bot")->text == "ismcts:16");
  CHECK(json.Find("ruleset")->text == "fishing");
  CHECK(json.Find("hash")->text == testing::Fishing().content_hash);
  const JsonValue& decisions = *json.Find("decisions");
  const Game game(testing::Fishing(), 3);
  std::vector<Action> line;
  for (const RecordedAction& a : tmp.record().actions) line.push_back(a.action);
  REQUIRE(static_cast<int>(decisions.items.size()) == CountDecisions(game, line, 0));
  REQUIRE(decisions.items.size() > 20);
  int glyphs = 0;
  int64_t last_ply = 0;
  for (const JsonValue& d : decisions.items) {
    CHECK(d.Find("variation")->AsInt() == 0);
    const int64_t ply = d.Find("ply")->AsInt().value();
    CHECK(ply > last_ply);
    last_ply = ply;
    // The move played is the record's, by the seat whose decision it was.
    CHECK(tmp.record().actions[static_cast<size_t>(ply - 1)].action.player ==
          d.Find("seat")->AsInt().value());
    CHECK(d.Find("legal")->AsInt().value() > 1);
    const double before = std::stod(d.Find("before")->text);
    const double after = std::stod(d.Find("after")->text);
    CHECK((before >= 0 && before <= 1 && after >= 0 && after <= 1));
    const std::string glyph = d.Find("glyph")->text;
    if (d.Find("move")->text == d.Find("best")->text) CHECK(glyph.empty());
    if (!glyph.empty()) {
      ++glyphs;
      CHECK(d.Find("comment")->text.rfind("best: " + d.Find("best")->text + ", ", 0) ==
            0);
      CHECK(d.Find("stored")->boolean);
    }
  }
  CHECK(glyphs > 0);  // random moves: some are mistakes
  CHECK(json.Find("annotations")->AsInt() == glyphs);

  // Only the glyphed moves are annotated, as the bot's.
  auto store = tmp.Open();
  const GameRecord stored = store->LoadGame(1).value();
  CHECK(static_cast<int>(stored.annotations.size()) == glyphs);
  for (const Annotation& a : stored.annotations) {
    CHECK(store->AnnotationAuthor(1, a.ply).value() ==
          std::optional<std::string>("ismcts:16"));
  }

  SECTION("the same seed gives the same analysis; another seed another") {
    const Ran again = tmp.Run({"1", "--bot", "ismcts:16", "--json"});
    CHECK(again.out == first.out);
    CHECK(tmp.Open()->LoadGame(1).value().annotations == stored.annotations);
    const Ran other = tmp.Run({"1", "--bot", "ismcts:16", "--json", "--seed", "2"});
    CHECK(other.code == 0);
    CHECK(other.out != first.out);
  }
  SECTION("a person's comment stays; the bot's earlier notes are replaced") {
    REQUIRE_FALSE(stored.annotations.empty());
    const int person = stored.annotations[0].ply;
    REQUIRE(store->Annotate(1, person, "my own view", "").ok());
    const Ran again = tmp.Run({"1", "--bot", "ismcts:16"});
    REQUIRE(again.code == 0);
    CHECK(again.out.find("(a person's annotation kept)") != std::string::npos);
    const GameRecord now = tmp.Open()->LoadGame(1).value();
    CHECK(now.annotations.size() == stored.annotations.size());
    CHECK(now.annotations[0] == Annotation{person, "my own view", ""});
    // Fewer playouts, another analysis: none of the first one's notes remain.
    REQUIRE(tmp.Run({"1", "--bot", "ismcts:4", "--seed", "5"}).code == 0);
    auto reopened = tmp.Open();
    const GameRecord last = reopened->LoadGame(1).value();
    for (const Annotation& a : last.annotations) {
      const auto author = reopened->AnnotationAuthor(1, a.ply).value();
      CHECK((author == std::optional<std::string>("ismcts:4") ||
             a.comment == "my own view"));
    }
  }
}

TEST_CASE("analyze --all: the variations too, counted from their branch", "[analyze]") {
  AnalyzeStore tmp;
  // A variation of the variation, from its ply 63: nested lines are analyzed too.
  int64_t nested = 0;
  {
    auto store = tmp.Open();
    const GameRecord record = store->LoadGame(1).value();
    const Game game(testing::Fishing(), 3);
    const Variation& top = record.variations[0];
    Variation sub;
    for (uint64_t seed = 11; sub.actions.empty() || sub.actions[0] == top.actions[3];
         ++seed) {
      sub = testing::RandomVariation(game, record, 63, 4, seed, &top);
    }
    auto added = store->AddVariation(1, sub);
    INFO(FormatErrors(added));
    REQUIRE(added.ok());
    nested = added.value();
  }
  const Ran ran = tmp.Run({"1", "--bot", "ismcts:8", "--json", "--all"});
  INFO(ran.err);
  REQUIRE(ran.code == 0);
  const JsonValue json = ParseOrFail(ran.out);
  const int64_t variation = tmp.Open()->LoadGame(1).value().variations[0].id;
  int in_variation = 0, in_nested = 0;
  for (const JsonValue& d : json.Find("decisions")->items) {
    const int64_t line = d.Find("variation")->AsInt().value();
    if (line != variation && line != nested) continue;
    ++in_variation;
    in_nested += line == nested;
    CHECK(d.Find("ply")->AsInt().value() > (line == nested ? 63 : 60));
  }
  CHECK(in_nested > 0);
  CHECK(in_variation > in_nested);
  // The main line's analysis is the one without --all.
  const Ran main_only = tmp.Run({"1", "--bot", "ismcts:8", "--json"});
  const JsonValue main_json = ParseOrFail(main_only.out);
  CHECK(main_json.Find("decisions")->items.size() + in_variation ==
        json.Find("decisions")->items.size());
}

TEST_CASE("analyze: bad input names what is wrong", "[analyze]") {
  AnalyzeStore tmp;
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"x"}, "GAME is a game's id"},
      {{}, "expected one GAME"},
      {{"1", "--bot", "greedy"}, "analysis uses ismcts or ismcts:N"},
      {{"1", "--bot", "ismcts:0"}, "N from 1 to 100000"},
      {{"9"}, "no game 9"},
      {{"1", "--sed", "3"}, "did you mean '--seed'"},
  };
  for (const Case& c : cases) {
    const Ran r = tmp.Run(c.args);
    INFO(r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find(c.message) != std::string::npos);
  }
  const Ran help = tmp.Run({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("--all") != std::string::npos);
}

}  // namespace
}  // namespace angler
