// Helpers shared by the test suites: loading rulesets, checking the State
// invariants, and building and playing positions by card and zone names.
//
// Header-only on purpose: the test binary compiles every *_test.cc and nothing
// else from this folder.
#ifndef ANGLER_TESTS_TEST_UTIL_H_
#define ANGLER_TESTS_TEST_UTIL_H_

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/events.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "interpreter/ruleset.h"
#include "interpreter/state.h"

namespace angler::testing {

// All diagnostics of a failed Result, formatted, for test output.
template <typename T>
std::string FormatErrors(const Result<T>& r) {
  std::string out;
  if (r.ok()) return out;
  for (const auto& e : r.errors()) out += e.Format();
  return out;
}

// Loads a shipped ruleset or a path; fails the test with the diagnostics if it
// does not load.
inline RulesetPtr LoadOrFail(const std::string& name) {
  auto r = LoadRuleset(name);
  INFO(FormatErrors(r));
  REQUIRE(r.ok());
  return r.value();
}

// The shipped Fishing ruleset, loaded once per test binary.
inline const Ruleset& Fishing() {
  static RulesetPtr rules = LoadOrFail("fishing");
  return *rules;
}

// The State invariants of state.h, plus the zones past zone_count being empty.
// Empty when they hold, else what is wrong.
inline std::string CheckZones(const Ruleset& rules, const State& s) {
  const int n = static_cast<int>(rules.cards.size());
  if (s.start[0] != 0) return "start[0] != 0";
  for (int z = 0; z < kMaxZones; ++z) {
    if (s.start[z] > s.start[z + 1]) return "start[] falls at zone " + std::to_string(z);
  }
  if (s.start[rules.zone_count] != n) {
    return "zones up to zone_count hold " + std::to_string(s.start[rules.zone_count]) +
           " cards, not " + std::to_string(n);
  }
  if (s.start[kMaxZones] != n) return "start[kMaxZones] != card count";
  std::vector<int> seen(static_cast<size_t>(n), 0);
  for (int z = 0; z < rules.zone_count; ++z) {
    for (int i = s.start[z]; i < s.start[z + 1]; ++i) {
      const int card = s.order[i];
      if (card >= n) return "order holds a card id out of range: " + std::to_string(card);
      if (++seen[static_cast<size_t>(card)] > 1) {
        return "card " + rules.card_names[static_cast<size_t>(card)] +
               " is in two places";
      }
      if (s.zone_of[card] != z) {
        return "zone_of[" + rules.card_names[static_cast<size_t>(card)] + "] is " +
               std::to_string(s.zone_of[card]) + " but the card lies in zone " +
               std::to_string(z);
      }
    }
  }
  for (int c = 0; c < n; ++c) {
    if (seen[static_cast<size_t>(c)] != 1)
      return "card " + std::to_string(c) + " is in no zone";
  }
  return "";
}

// A byte-for-byte snapshot of a State, for "unchanged" and "replays exactly".
struct Snapshot {
  unsigned char bytes[sizeof(State)];
  explicit Snapshot(const State& s) { std::memcpy(bytes, &s, sizeof(State)); }
  bool Same(const State& s) const { return std::memcmp(bytes, &s, sizeof(State)) == 0; }
};

inline bool SameBytes(const State& a, const State& b) {
  return std::memcmp(&a, &b, sizeof(State)) == 0;
}

// Whether two logs tell the same events, field by field.
inline bool SameEvents(const EventLog& a, const EventLog& b) {
  auto fields = [](const Event& e) {
    return std::tuple(e.kind, e.bottom, e.player, e.card, e.from, e.to, e.slot, e.before,
                      e.after, e.seed, e.cause.section, e.cause.card, e.cause.pc);
  };
  return std::equal(
      a.events().begin(), a.events().end(), b.events().begin(), b.events().end(),
      [&](const Event& x, const Event& y) { return fields(x) == fields(y); });
}

// The slot of variable `var` (of seat `seat` for a per-player one).
inline int VarSlot(const Ruleset& rules, const std::string& var, int seat = -1) {
  int v = rules.FindVariable(var);
  INFO("variable " << var);
  REQUIRE(v >= 0);
  const Variable& variable = rules.variables[static_cast<size_t>(v)];
  REQUIRE(variable.per_player == (seat >= 0));
  return variable.slot + (seat >= 0 ? seat : 0);
}

// A position built by hand and played move by move, with names for everything.
class Table {
 public:
  Table(const Ruleset& rules, int players, int entry)
      : rules(rules), game(rules, players), s(game.BlankState(entry)) {
    game.set_check_invariants(false);  // a made-up position holds what it is given
  }

  const Ruleset& rules;
  Game game;
  State s;

  int Family(const std::string& family) const {
    int f = rules.FindFamily(family);
    INFO("zone family " << family);
    REQUIRE(f >= 0);
    return f;
  }
  // The zone id of a shared zone (seat -1) or of a seat's zone.
  int Zone(const std::string& family, int seat = -1) const {
    const ZoneFamily& z = rules.zones[static_cast<size_t>(Family(family))];
    INFO("zone " << family << " seat " << seat);
    REQUIRE(z.per_player == (seat >= 0));
    return z.first + (seat >= 0 ? seat : 0);
  }
  int Hand(int seat) const { return Zone("hand", seat); }

  // A card of that name still in the setup zone (so the two "-3 points"
  // buoys can be placed one after the other).
  int FreeCard(const std::string& name) const {
    for (size_t i = 0; i < rules.card_names.size(); ++i) {
      if (rules.card_names[i] == name && s.zone_of[i] == rules.setup_zone) {
        return static_cast<int>(i);
      }
    }
    INFO("no card named " << name << " left in the setup zone");
    REQUIRE(false);
    return -1;
  }
  // A card of that name in `zone`.
  int CardIn(const std::string& name, int zone) const {
    for (size_t i = 0; i < rules.card_names.size(); ++i) {
      if (rules.card_names[i] == name && s.zone_of[i] == zone) return static_cast<int>(i);
    }
    INFO("no card named " << name << " in " << rules.ZoneName(zone));
    REQUIRE(false);
    return -1;
  }

  // Puts named cards from the setup zone on top of a zone, in the order given
  // (the last one ends on top).
  void Put(int zone, const std::vector<std::string>& names) {
    for (const auto& n : names) Game::MoveCard(s, FreeCard(n), zone, false);
  }
  void Give(int seat, const std::vector<std::string>& names) { Put(Hand(seat), names); }
  // Moves `count` cards of the setup zone (from its bottom) to a zone.
  void PutAny(int zone, int count) {
    for (int k = 0; k < count; ++k) {
      REQUIRE(s.ZoneSize(rules.setup_zone) > 0);
      Game::MoveCard(s, s.order[s.start[rules.setup_zone]], zone, false);
    }
  }

  int Slot(const std::string& var, int seat = -1) const {
    return VarSlot(rules, var, seat);
  }
  void Set(const std::string& var, int value, int seat = -1) {
    s.vars[Slot(var, seat)] = value;
  }
  int Get(const std::string& var, int seat = -1) const { return s.vars[Slot(var, seat)]; }
  int Suit(const std::string& name) const {
    int suit = rules.FindSuit(name);
    REQUIRE(suit >= 0);
    return suit;
  }

  void Continue() { game.Continue(s); }

  void Apply(const Action& a) {
    auto st = game.Apply(s, a);
    INFO(game.ActionText(s, a) << ": " << FormatErrors(st));
    REQUIRE(st.ok());
    INFO(CheckZones(rules, s));
    REQUIRE(CheckZones(rules, s).empty());
    REQUIRE_FALSE(s.error);
  }
  void Play(int seat, const std::string& name) {
    Apply(Action{ActionKind::kPlay, static_cast<int8_t>(seat),
                 static_cast<int16_t>(CardIn(name, Hand(seat))), 0});
  }
  // Picks a card for a kChoose decision; `zone` says where the card lies.
  void Choose(int seat, const std::string& name, int zone) {
    Apply(Action{ActionKind::kChoose, static_cast<int8_t>(seat),
                 static_cast<int16_t>(CardIn(name, zone)), 0});
  }
  void ChooseSuit(int seat, const std::string& suit) {
    Apply(Action{ActionKind::kOption, static_cast<int8_t>(seat),
                 static_cast<int16_t>(Suit(suit)), 0});
  }
  // Resolves chance nodes one after another with seeds seed, seed + 1, ...
  void Shuffles(uint64_t seed = 1) {
    while (!s.over && game.IsChance(s)) {
      Apply(Action{ActionKind::kChance, -1, 0, seed++});
    }
  }

  // Card names of a zone, bottom first.
  std::vector<std::string> Names(int zone) const {
    std::vector<std::string> out;
    for (uint8_t c : s.Zone(zone)) out.push_back(rules.card_names[c]);
    return out;
  }
  // The same, sorted: for piles whose order does not matter.
  std::vector<std::string> Sorted(int zone) const {
    auto out = Names(zone);
    std::sort(out.begin(), out.end());
    return out;
  }
  // The legal actions' card names (or values for options), in order.
  std::vector<std::string> Legal() const {
    ActionList list;
    game.LegalActions(s, list);
    std::vector<std::string> out;
    for (const Action& a : list) {
      if (a.kind == ActionKind::kOption) {
        out.push_back(rules.ValueName(Type::kSuit, a.value));
      } else {
        out.push_back(rules.card_names[static_cast<size_t>(a.value)]);
      }
    }
    return out;
  }
  std::vector<std::string> LegalSorted() const {
    auto out = Legal();
    std::sort(out.begin(), out.end());
    return out;
  }
};

inline std::vector<std::string> SortedNames(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace angler::testing

#endif  // ANGLER_TESTS_TEST_UTIL_H_
