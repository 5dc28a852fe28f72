#include "tools/sim_merge.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
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

Run Sim(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = RunSim(args, out, err);
  return {code, out.str(), err.str()};
}

// A file under the temp folder, removed with its SQLite companions.
class TempFile {
 public:
  explicit TempFile(const std::string& name) {
    path_ = (fs::temp_directory_path() /
             ("angler-sim-merge-" + std::to_string(getpid()) + "-" + name))
                .string();
    Remove();
  }
  ~TempFile() { Remove(); }
  const std::string& path() const { return path_; }
  void Write(const std::string& text) const { std::ofstream(path_) << text; }

 private:
  void Remove() {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
      fs::remove(path_ + suffix);
  }
  std::string path_;
};

const std::vector<std::string> kRun = {"fatfish", "--players", "2..3",
                                       "--games", "12",        "--seed",
                                       "9",       "--bots",    "greedy:1,random"};

std::vector<std::string> With(std::vector<std::string> args,
                              const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("sim output is the same bytes on any number of threads", "[sim][merge]") {
  const Run one = Sim(With(kRun, {"--threads", "1", "--json"}));
  REQUIRE(one.code == 0);
  CHECK(Sim(With(kRun, {"--threads", "2", "--json"})).out == one.out);
  CHECK(Sim(With(kRun, {"--threads", "5", "--json"})).out == one.out);
  const Run table = Sim(With(kRun, {"--threads", "1"}));
  CHECK(Sim(With(kRun, {"--threads", "3"})).out == table.out);
  CHECK_THAT(table.out, Catch::Contains("95% CI"));
  CHECK_THAT(one.out, Catch::Contains("\"win_rate_ci\":["));
  CHECK_THAT(one.out, Catch::Contains("\"score_percentiles\":{\"p5\":"));
}

TEST_CASE("sim merge puts shards back into the run, JSON and stores", "[sim][merge]") {
  TempFile whole_db("whole.db"), merged_db("merged.db");
  const Run whole = Sim(With(kRun, {"--json", "--record", "--db", whole_db.path()}));
  REQUIRE(whole.code == 0);
  std::vector<std::unique_ptr<TempFile>> files;
  std::vector<std::string> merge_json = {"merge", "--json"};
  std::vector<std::string> merge_stores = {"merge", "--db", merged_db.path()};
  for (int k = 3; k >= 1; --k) {  // the JSON files in any order
    const std::string shard = std::to_string(k) + "/3";
    files.push_back(std::make_unique<TempFile>(std::to_string(k) + ".json"));
    files.push_back(std::make_unique<TempFile>(std::to_string(k) + ".db"));
    const Run part = Sim(With(kRun, {"--shard", shard, "--json", "--threads", "2",
                                     "--record", "--db", files.back()->path()}));
    REQUIRE(part.code == 0);
    CHECK_THAT(part.out, Catch::Contains("\"shard\":{\"index\":" + std::to_string(k)));
    files[files.size() - 2]->Write(part.out);
    merge_json.push_back(files[files.size() - 2]->path());
  }
  for (int k = 1; k <= 3; ++k) merge_stores.push_back(files[2 * (3 - k) + 1]->path());

  const Run merged = Sim(merge_json);
  INFO(merged.err);
  REQUIRE(merged.code == 0);
  CHECK(merged.out == whole.out);
  // The table too.
  std::vector<std::string> merge_table = merge_json;
  merge_table.erase(merge_table.begin() + 1);
  CHECK(Sim(merge_table).out == Sim(kRun).out);

  const Run stores = Sim(merge_stores);
  INFO(stores.err);
  REQUIRE(stores.code == 0);
  auto a = Store::Open(whole_db.path());
  auto b = Store::Open(merged_db.path());
  REQUIRE((a.ok() && b.ok()));
  auto games_a = a.value()->ListGames({});
  auto games_b = b.value()->ListGames({});
  REQUIRE((games_a.ok() && games_b.ok()));
  REQUIRE(games_a.value().size() == 24);  // 12 games at 2 and at 3 players
  REQUIRE(games_b.value().size() == games_a.value().size());
  for (size_t i = 0; i < games_a.value().size(); ++i) {
    auto ga = a.value()->LoadGame(games_a.value()[i].id);
    auto gb = b.value()->LoadGame(games_b.value()[i].id);
    REQUIRE((ga.ok() && gb.ok()));
    CHECK(ga.value().seed == gb.value().seed);
    CHECK(ga.value().actions == gb.value().actions);
    CHECK(ga.value().ranks == gb.value().ranks);
  }
}

TEST_CASE("sim merge keeps the seats' names, and refuses shards named otherwise",
          "[sim][merge]") {
  const std::vector<std::string> run = {"fishing", "--players", "3",
                                        "--games", "6",         "--seed",
                                        "4",       "--names",   "Anne,Bob,Carlotta"};
  TempFile one("n1.json"), two("n2.json"), other("n3.json");
  one.Write(Sim(With(run, {"--json", "--shard", "1/2"})).out);
  two.Write(Sim(With(run, {"--json", "--shard", "2/2"})).out);
  CHECK_THAT(Sim(With(run, {"--json"})).out,
             Catch::Contains("\"names\":[\"Anne\",\"Bob\",\"Carlotta\"]"));
  const Run merged = Sim({"merge", one.path(), two.path()});
  REQUIRE(merged.code == 0);
  CHECK(merged.out == Sim(run).out);
  CHECK_THAT(merged.out, Catch::Contains("\nCarlotta  "));
  CHECK(Sim({"merge", "--json", one.path(), two.path()}).out ==
        Sim(With(run, {"--json"})).out);
  std::vector<std::string> renamed = run;
  renamed.back() = "Anne,Bob,Carl";
  other.Write(Sim(With(renamed, {"--json", "--shard", "2/2"})).out);
  const Run refused = Sim({"merge", one.path(), other.path()});
  CHECK(refused.code == 2);
  CHECK_THAT(refused.err, Catch::Contains("names or shard count differ"));
}

// Stores carry no shard numbers: a store named twice, or merged into a store
// that holds its games, is told by the games; a missing one by the shards'
// JSON named beside the stores. Each refusal copies nothing.
TEST_CASE("sim merge of a run with errors fails as the run does, saying so",
          "[sim][merge]") {
  // Fishing with a promise that breaks once someone passes 60 points: some
  // games end in a ruleset error.
  TempFile rules("broken.yaml");
  rules.Write(
      "extends: fishing\nname: broken\ninvariants:\n  - at: round_end\n    holds: "
      "score(p) < 60\n"
      "    says: nobody passes 60\n");
  const std::vector<std::string> run = {rules.path(), "--players", "4", "--games",
                                        "20",         "--seed",    "3"};
  const Run whole = Sim(With(run, {"--json"}));
  REQUIRE(whole.code == 1);
  REQUIRE_THAT(whole.err, Catch::Contains("sim: "));
  std::vector<std::string> merge = {"merge", "--json"};
  std::vector<std::unique_ptr<TempFile>> shards;
  for (int k = 1; k <= 2; ++k) {
    shards.push_back(std::make_unique<TempFile>("broken-" + std::to_string(k) + ".json"));
    shards.back()->Write(
        Sim(With(run, {"--json", "--shard", std::to_string(k) + "/2"})).out);
    merge.push_back(shards.back()->path());
  }
  const Run merged = Sim(merge);
  CHECK(merged.out == whole.out);
  CHECK(merged.code == 1);
  // The run's own words after its timing line, the error's excerpt included.
  const size_t said = whole.err.find("\nsim: ");
  REQUIRE(said != std::string::npos);
  CHECK(merged.err == "sim merge: " + whole.err.substr(said + 6));
  CHECK_THAT(merged.err, Catch::Contains(" game(s) ended in an error; first: "));
}

TEST_CASE("sim merge refuses stores given twice, merged twice or missing",
          "[sim][merge]") {
  TempFile j1("s1.json"), j2("s2.json"), j3("s3.json"), d1("s1.db"), d2("s2.db"),
      d3("s3.db"), target("t.db");
  const std::vector<const TempFile*> json = {&j1, &j2, &j3}, dbs = {&d1, &d2, &d3};
  for (int k = 1; k <= 3; ++k) {
    const Run part =
        Sim({"fishing", "--players", "3", "--games", "7", "--seed", "11", "--shard",
             std::to_string(k) + "/3", "--json", "--record", "--db", dbs[k - 1]->path()});
    REQUIRE(part.code == 0);
    json[k - 1]->Write(part.out);
  }
  auto games_in = [](const std::string& path) {
    auto store = Store::Open(path);
    REQUIRE(store.ok());
    return store.value()->GameCount().value();
  };
  struct Case {
    std::vector<std::string> files;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{d1.path(), d1.path(), d2.path(), d3.path()}, "again (a shard given twice?)"},
      {{j1.path(), j2.path(), j3.path(), d1.path(), d2.path()},
       "of 7 at 3 players (a shard's store missing?)"},
  };
  for (const Case& c : cases) {
    INFO(c.message);
    const Run run = Sim(With({"merge", "--db", target.path()}, c.files));
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::Contains(c.message));
    CHECK(run.out.empty());  // no report printed either
  }
  CHECK(games_in(target.path()) == 0);
  const Run whole = Sim({"merge", "--db", target.path(), j1.path(), j2.path(), j3.path(),
                         d1.path(), d2.path(), d3.path()});
  INFO(whole.err);
  REQUIRE(whole.code == 0);
  CHECK_THAT(whole.out, Catch::Contains("fishing"));
  CHECK(games_in(target.path()) == 7);
  const Run again = Sim({"merge", "--db", target.path(), d2.path()});
  CHECK(again.code == 2);
  CHECK_THAT(again.err, Catch::Contains("is already stored in " + target.path()));
  CHECK(games_in(target.path()) == 7);
  // A store of another run beside this run's JSON.
  TempFile other("o.db");
  REQUIRE(Sim({"fishing", "--players", "3", "--games", "2", "--seed", "12", "--record",
               "--db", other.path()})
              .code == 0);
  const Run foreign = Sim({"merge", "--db", target.path() + ".x", j1.path(), j2.path(),
                           j3.path(), d1.path(), d2.path(), d3.path(), other.path()});
  CHECK(foreign.code == 2);
  CHECK_THAT(foreign.err, Catch::Contains("the stores hold 9 games, the run 7"));
  for (const char* suffix : {"", "-wal", "-shm"})
    fs::remove(target.path() + ".x" + suffix);
}

TEST_CASE("sim --shard and sim merge refuse what does not fit", "[sim][merge]") {
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/3x"}) {
    INFO(bad);
    const Run run = Sim({"fishing", "--players", "4", "--games", "10", "--shard", bad});
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::Contains("--shard expects K/N"));
  }
  CHECK_THAT(Sim({"fishing", "--players", "4", "--games", "2", "--shard", "1/3"}).err,
             Catch::Contains("more shards than the 2 games"));
  CHECK(Sim({"fishing", "--players", "4", "--threads", "0"}).code == 2);

  TempFile one("r1.json"), two("r2.json"), other("o.json"), plain("p.json");
  auto shard = [](const std::string& k, const std::string& seed) {
    return Sim({"fishing", "--players", "3", "--games", "9", "--seed", seed, "--shard", k,
                "--json"})
        .out;
  };
  one.Write(shard("1/2", "1"));
  two.Write(shard("2/2", "1"));
  other.Write(shard("2/2", "2"));
  plain.Write(Sim({"fishing", "--players", "3", "--games", "9", "--json"}).out);
  CHECK(Sim({"merge", one.path(), two.path()}).code == 0);
  struct Case {
    std::vector<std::string> files;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{one.path()}, "shard 2/2 is missing"},
      {{one.path(), one.path()}, "is given twice"},
      {{one.path(), other.path()}, "a shard of another run"},
      {{plain.path()}, "not a shard's output"},
      {{"/nonexistent/x.json"}, "no such file"},
      {{}, "expected the shards' files"},
  };
  for (const Case& c : cases) {
    INFO(c.message);
    const Run run = Sim(With({"merge"}, c.files));
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::Contains(c.message));
  }
  // A shard whose counts do not agree (edited by hand, or damaged) is refused,
  // not added up into a report that looks right.
  const std::string good = shard("2/2", "1");
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  const std::string signature = good.substr(good.find("\"signature\":"), 30);
  const std::vector<std::pair<std::string, const char*>> damaged = {
      {edited(signature, "\"signature\":\"zz\""),
       "'signature' is not 16 hexadecimal digits"},
      {edited("\"wins\":", "\"wins\":9"),
       "the counts disagree: a seat has more wins than completed games"},
      {edited("\"errors\":0", "\"errors\":2"),
       "the counts disagree: 'length_counts' and 'errors' do not add up to 'games'"},
      {edited("\"score_counts\":[[", "\"score_counts\":[[0,1],["),
       "the counts disagree: a seat's 'score_counts' do not add up to the completed "
       "games"},
      {edited("\"overfished\":", "\"overfished\":9"),
       "the counts disagree: more games ended early than completed"},
      // A seat's reader names the seat (its name once outlived it: fuzz_shard).
      {edited("\"wins\":", "\"won\":"), "seat 0: 'wins' is missing or not a number"},
      {edited("\"of\":2", "\"of\":\"2\""), "shard: 'of' is missing or not a number"},
  };
  for (const auto& [text, message] : damaged) {
    INFO(message);
    TempFile bad("damaged.json");
    bad.Write(text);
    const Run run = Sim({"merge", one.path(), bad.path()});
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Catch::Contains(std::string("damaged.json: ") + message));
  }
  TempFile broken("broken.json");
  broken.Write("{\"games\": 3,\n  \"players\" 3}");
  const Run run = Sim({"merge", broken.path()});
  CHECK(run.code == 2);
  CHECK_THAT(run.err, Catch::Contains("broken.json:2:"));
}

}  // namespace
}  // namespace angler
