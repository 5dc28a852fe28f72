// The serve API on any request, as cpp-httplib hands it over: the input's
// first line is "METHOD PATH?QUERY", the rest the body. Asked of a store of
// two games (Fishing, Der falsche Hering), it answers every
// request with JSON and a status below 500: a 500 is an exception that
// escaped a handler, a finding like a crash.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "interpreter/loader.h"
#include "replay/record.h"
#include "replay/store.h"
#include "tools/json_reader.h"
#include "tools/serve_api.h"

namespace angler::fuzz {
namespace {

struct StoredGame {
  RulesetPtr rules;
  GameRecord record;
};

// The two games, made once: loading the rules and playing them is most of
// the cost of an input otherwise.
const std::vector<StoredGame>& Games() {
  static const std::vector<StoredGame> games = [] {
    std::vector<StoredGame> made;
    for (const auto& [name, players, seed] :
         {std::tuple{"fishing", 3, 1}, std::tuple{"falscher-hering", 3, 2}}) {
      const RulesetPtr rules = LoadRuleset(name).value();
      const Game game(*rules, players);
      made.push_back(
          {rules,
           MakeGameRecord(game, RandomPlayout(game, seed), {}, seed, "sim").value()});
    }
    return made;
  }();
  return games;
}

// A new store each input, so that no input depends on those before it.
std::unique_ptr<Store> TwoGames() {
  auto store = Store::Open(":memory:");
  if (!store) std::abort();
  for (const StoredGame& g : Games()) {
    if (!store.value()->AddReplayedGame(*g.rules, g.record)) std::abort();
  }
  return std::move(store).value();
}

ApiRequest ReadRequest(std::string_view input) {
  ApiRequest r;
  const size_t line_end = std::min(input.find('\n'), input.size());
  const std::string_view line = input.substr(0, line_end);
  r.body = std::string(input.substr(std::min(line_end + 1, input.size())));
  const size_t space = line.find(' ');
  r.method = std::string(line.substr(0, space));
  std::string_view target = space == std::string_view::npos ? "" : line.substr(space + 1);
  const size_t question = target.find('?');
  r.path = std::string(target.substr(0, question));
  std::string_view query =
      question == std::string_view::npos ? "" : target.substr(question + 1);
  while (!query.empty()) {
    const size_t amp = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, amp);
    const size_t eq = pair.find('=');
    r.query[std::string(pair.substr(0, eq))] =
        eq == std::string_view::npos ? "" : std::string(pair.substr(eq + 1));
    query = query.substr(std::min(amp + 1, query.size()));
  }
  return r;
}

}  // namespace
}  // namespace angler::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace angler;
  ServeApi api(fuzz::TwoGames(), "");
  const std::string input(reinterpret_cast<const char*>(data), size);
  const ApiResponse answer = api.Handle(fuzz::ReadRequest(input));
  if (answer.status >= 500 || !ParseJson(answer.body, "answer")) {
    std::fprintf(stderr, "status %d: %s\n", answer.status, answer.body.c_str());
    std::abort();
  }
  return 0;
}
