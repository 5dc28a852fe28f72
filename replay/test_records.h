// Records for the replay/ tests: random games with comments, glyphs and a
// variation, so that every part of a record is exercised.
//
// Header-only on purpose: only the test binary includes it.
#ifndef ANGLER_REPLAY_TEST_RECORDS_H_
#define ANGLER_REPLAY_TEST_RECORDS_H_

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "replay/record.h"

namespace angler::testing {

// A random game of `rules`, made into a record.
inline GameRecord RandomRecord(const Game& game, uint64_t seed,
                               std::vector<std::string> players = {},
                               std::string source = "sim") {
  const std::vector<Action> actions = RandomPlayout(game, seed);
  Result<GameRecord> record =
      MakeGameRecord(game, actions, std::move(players), seed, std::move(source));
  INFO((record.ok() ? std::string() : record.error().message));
  REQUIRE(record.ok());
  return std::move(record).value();
}

// Random moves from the position after `ply` actions of the main line (or of
// `parent`'s line: a nested variation), at most `count`. The first is not the
// line's own move there where another is legal: a variation branches (the
// store keeps a line's own moves as that line's).
inline Variation RandomVariation(const Game& game, const GameRecord& record, int ply,
                                 int count, uint64_t seed,
                                 const Variation* parent = nullptr) {
  Variation v;
  v.ply = ply;
  v.parent = parent ? parent->id : 0;
  Result<State> start = PositionAt(game, record, ply, parent);
  REQUIRE(start.ok());
  State s = start.value();
  const Result<std::vector<RecordedAction>> line = LineActions(record, parent);
  Rng rng(seed);
  ActionList legal;
  while (static_cast<int>(v.actions.size()) < count && !game.IsTerminal(s)) {
    Action a;
    // The line's own move at the branch, were it drawn.
    const auto own = [&](const Action& x) {
      return v.actions.empty() && line.ok() &&
             ply < static_cast<int>(line.value().size()) &&
             x == line.value()[static_cast<size_t>(ply)].action;
    };
    if (game.IsChance(s)) {
      a = game.SampleChance(s, rng);
      for (int tries = 0; own(a) && tries < 8; ++tries) a = game.SampleChance(s, rng);
    } else {
      game.LegalActions(s, legal);
      size_t k = rng.Below(static_cast<uint32_t>(legal.count));
      if (legal.count > 1 && own(legal.items[k])) k = (k + 1) % legal.count;
      a = legal.items[k];
    }
    const int n = LegalCount(game, s);
    REQUIRE(game.Apply(s, a).ok());
    v.actions.push_back({a, n});
  }
  return v;
}

// Comments, glyphs (and the characters the notation escapes) on a record,
// plus two variations: one from the middle and one from the last position.
inline void Decorate(const Game& game, GameRecord& record, uint64_t seed) {
  const int n = static_cast<int>(record.actions.size());
  record.created = 1714564800;  // 2024-05-01T12:00:00Z
  record.annotations.push_back({0, "a game to test {braces} and \\ backslashes", ""});
  if (n >= 3) {
    record.annotations.push_back({1, "first move", ""});
    record.annotations.push_back({n / 2, "", "!?"});
    record.annotations.push_back({n / 2 + 1, "the critical moment", "??"});
  }
  if (n >= 4) {
    Variation v = RandomVariation(game, record, n / 2, 6, seed ^ 0x5eed);
    if (!v.actions.empty()) {
      v.annotations.push_back({n / 2, "instead:", ""});
      v.annotations.push_back({n / 2 + 1, "better", "!"});
      record.variations.push_back(v);
    }
    // A second variation from the same ply, and one right at the start.
    Variation w = RandomVariation(game, record, n / 2, 2, seed ^ 0xbeef);
    if (!w.actions.empty()) record.variations.push_back(w);
    Variation z = RandomVariation(game, record, 0, 1, seed ^ 0xcafe);
    if (!z.actions.empty()) record.variations.insert(record.variations.begin(), z);
  }
}

// Numbers the record's variations 1, 2, ... (as an import does) and nests
// more under the first one with at least three moves: one after its first
// move, with comments on itself and on a move, one two deep under that, and
// one from the variation's last position.
inline void AddNested(const Game& game, GameRecord& record, uint64_t seed) {
  for (size_t i = 0; i < record.variations.size(); ++i) {
    record.variations[i].id = static_cast<int64_t>(i) + 1;
  }
  int64_t next = static_cast<int64_t>(record.variations.size()) + 1;
  for (size_t i = 0; i < record.variations.size(); ++i) {
    if (record.variations[i].actions.size() < 3) continue;
    const Variation parent = record.variations[i];
    Variation child = RandomVariation(game, record, parent.ply + 1, 4, seed, &parent);
    child.id = next++;
    child.annotations = {{child.ply, "nested:", ""},
                         {child.ply + 1, "deeper {idea}", "!?"}};
    Variation grandchild =
        RandomVariation(game, record, child.ply + 1, 2, seed ^ 1, &child);
    grandchild.id = next++;
    grandchild.annotations = {{grandchild.ply + 1, "two deep", "?"}};
    Variation at_end = RandomVariation(game, record, parent.end(), 1, seed ^ 2, &parent);
    at_end.id = next++;
    record.variations.push_back(child);
    if (!grandchild.actions.empty()) record.variations.push_back(grandchild);
    if (!at_end.actions.empty()) record.variations.push_back(at_end);
    break;
  }
  std::stable_sort(record.variations.begin(), record.variations.end(),
                   [](const Variation& a, const Variation& b) { return a.ply < b.ply; });
}

}  // namespace angler::testing

#endif  // ANGLER_REPLAY_TEST_RECORDS_H_
