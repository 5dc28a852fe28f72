// Playing allocates nothing: once a game has started, applying actions, the
// legal actions and chance draw from memory the State and the caller already
// hold (issue #18's "no allocation per move"). The test binary's global
// operator new counts the allocations of this thread.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "tests/test_util.h"

namespace {
thread_local long allocations = 0;
}  // namespace

// The replaceable allocation functions of the whole test binary: counting
// only, then what the default ones do. Not inlined: seen through, they pair
// malloc with a delete, which gcc's -Wmismatched-new-delete takes for a bug.
[[gnu::noinline]] void* operator new(std::size_t n) {
  ++allocations;
  if (void* p = std::malloc(n != 0 ? n : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new[](std::size_t n) { return operator new(n); }
// The nothrow forms too: a sanitizer's own would hand out blocks that the
// deletes below free as malloc's.
[[gnu::noinline]] void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++allocations;
  return std::malloc(n != 0 ? n : 1);
}
[[gnu::noinline]] void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept {
  return operator new(n, t);
}
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace angler {
namespace {

TEST_CASE(
    "game: random playouts of every shipped ruleset allocate nothing once started, "
    "nor their winners into a list that has room",
    "[game][speed]") {
  for (const char* name :
       {"fishing", "fischen2", "fatfish", "falscher-hering", "hearts"}) {
    INFO(name);
    RulesetPtr rules = testing::LoadOrFail(name);
    const int players = std::max(rules->min_players, std::min(4, rules->max_players));
    const Game game(*rules, players);
    auto state = std::make_unique<State>();
    auto legal = std::make_unique<ActionList>();
    Rng rng(11);
    std::vector<int> winners;
    winners.reserve(static_cast<size_t>(players));  // as a run of many games has it
    for (int g = 0; g < 20; ++g) {
      game.StartIn(*state);
      const long before = allocations;
      int plies = 0;
      while (!state->over && plies++ < 5000) {
        Action a;
        if (game.IsChance(*state)) {
          a = game.SampleChance(*state, rng);
        } else {
          game.LegalActions(*state, *legal);
          REQUIRE(legal->count > 0);
          a = legal->items[rng.Below(static_cast<uint32_t>(legal->count))];
        }
        REQUIRE(game.Apply(*state, a).ok());
      }
      CHECK(state->over);
      game.WinnersInto(*state, winners);
      CHECK(allocations - before == 0);
      CHECK(winners == game.Winners(*state));
      CHECK(!winners.empty());
    }
  }
}

}  // namespace
}  // namespace angler
