// A game's rules, loaded once from YAML and compiled: immutable while played.
//
// Everything the engine needs while playing is here as small integers and
// compiled code: card attributes, zones, variable slots, the program. Names
// are kept only to print and to parse scenarios and moves.
#ifndef ANGLER_INTERPRETER_RULESET_H_
#define ANGLER_INTERPRETER_RULESET_H_

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/display.h"
#include "interpreter/limits.h"
#include "interpreter/program.h"
#include "interpreter/reasoned_rule.h"
#include "interpreter/search_procedure.h"
#include "interpreter/trick_procedure.h"
#include "interpreter/turn_procedure.h"

namespace angler {

// Who may see a zone's cards.
enum class Visibility : uint8_t { kPublic, kOwner, kHidden };

struct CardInfo {
  int16_t suit = kNone;  // index into Ruleset::suits, or none
  int16_t value = 0;
  int8_t stars = 0;
  int8_t kind = 0;    // index into Ruleset::kinds
  uint32_t tags = 0;  // bit i: Ruleset::tags[i]
  // Its effects in the order listed, then -1: none follows a -1.
  std::array<int16_t, kMaxEffectsPerCard> effects{-1, -1, -1, -1};
  // Generated cards; here, in what would be padding, CardInfo does not grow.
  int16_t back = kNone;         // the suit of the back (card.back)
  int8_t pattern = 0;           // the error pattern's number, 1.. (card.pattern)
  int8_t turns = 0;             // how it lies, quarter turns (card.turns)
  uint64_t enter_families = 0;  // bit f: an on-enter effect for zone family f
  uint32_t faults = 0;          // generated cards: bit i, piece i is wrong (card.faults)
  int16_t face = -1;            // generated cards: index into Ruleset::faces
};

// Printed attribute A of a card: suit, value, stars or kind, the same
// wherever the card lies.
template <Attr A>
int64_t Printed(const CardInfo& c) {
  static_assert(A == Attr::kSuit || A == Attr::kValue || A == Attr::kStars ||
                A == Attr::kKind);
  if constexpr (A == Attr::kSuit) return c.suit;
  if constexpr (A == Attr::kValue) return c.value;
  if constexpr (A == Attr::kStars) return c.stars;
  if constexpr (A == Attr::kKind) return c.kind;
}

// A named zone: one shared pile, one pile per seat (zone ids first ..
// first + max_players - 1, seat i at first + i), or `count` numbered shared
// piles (indexed: number i, from 1, at first + i - 1), such as rows.
struct ZoneFamily {
  std::string name;
  bool per_player = false;
  int count = 1;         // zone instances
  bool indexed = false;  // numbered shared piles
  Visibility visibility = Visibility::kPublic;
  int first = 0;  // zone id of seat 0, or of the shared zone
};

enum class Scope : uint8_t { kGame, kRound, kTrick };
inline constexpr int kScopes = 3;

struct Variable {
  std::string name;
  bool per_player = false;
  Scope scope = Scope::kGame;
  Type type = Type::kInt;
  int32_t init = 0;
  int slot = 0;
};

enum class Timing : uint8_t { kOnPlay, kEndOfTrick, kNextTrick, kOnEnter };

struct Effect {
  std::string name;
  Timing timing = Timing::kEndOfTrick;
  int enter_family = -1;  // for kOnEnter: the zone family that triggers it
  int entry = 0;          // first instruction
  std::string text;       // the source, for `rules check` and help
};

// Where the engine's own variables live (also readable by name in the language).
struct BuiltinSlots {
  int round, leader, turn, winner, tricks, trick_number, winning_card, target,
      illegal_lay, marks, stopped;
};

// A condition the ruleset promises at a moment of every game (`invariants:`).
// The engine checks it there for every seat p; a broken one stops the game
// as a ruleset error, and BrokenInvariant (runtime_error.h) names it.
enum class Moment : uint8_t { kTrickEnd, kRoundEnd, kGameEnd };

struct Invariant {
  std::string says;  // what it promises, in words
  Moment at = Moment::kRoundEnd;
  int holds = -1;         // node: a condition on p
  bool per_seat = false;  // it reads p: checked for each seat
  SourcePos pos;
};

// A number the ruleset names (`numbers:`): the rules write the name, so a
// house rule changes the number in one place.
struct NamedNumber {
  std::string name;
  int32_t value = 0;
};

struct Ruleset {
  std::string name;
  std::string title;
  std::string source_path;     // the file it was loaded from
  std::string content_hash;    // of canonical_text
  std::string canonical_text;  // the YAML after `extends`, as canonical JSON (loadable)
  int min_players = 2, max_players = 4;

  std::vector<std::string> suits;
  std::vector<std::string> kinds;
  std::vector<std::string> tags;
  std::vector<CardInfo> cards;
  std::vector<std::string> card_names;  // "yellow 7", "joker \"wild\"" (kind "name")

  std::vector<ZoneFamily> zones;  // families; zone_count instances in all
  int zone_count = 0;
  std::array<int8_t, kMaxZones> zone_family{};  // zone id -> family
  std::array<int8_t, kMaxZones> zone_seat{};    // zone id -> seat, -1 if shared
  int setup_zone = 0;                           // every card starts here

  std::vector<NamedNumber> numbers;
  std::vector<Variable> variables;
  int builtin_variables = 0;  // variables[0 .. this): the engine's own (BuiltinSlots)
  BuiltinSlots builtin{};
  int var_slot_count = 0;

  std::vector<Effect> effects;
  std::vector<std::string> end_reasons;  // index 0: "" (normal end)
  // What a choice asks, in the ruleset's words ("choose a card to pass on"),
  // `{card}` standing for the card whose effect asks: Instr::slot of a
  // kChooseCards or kChooseOption. Index 0: "" (no prompt written).
  std::vector<std::string> prompts{""};
  std::vector<Invariant> invariants;
  std::vector<int32_t> tables;  // all table data, see Op::kTable
  std::map<std::string, std::pair<int, int>> table_index;  // name -> (offset, row)

  // Compiled code.
  std::vector<Node> nodes;
  std::vector<SourcePos> node_pos;  // where each node was written: runtime errors
  std::vector<int64_t> lists;       // constant lists (Op::kList) and sort keys (node ids)
  std::vector<Instr> code;
  std::vector<SourcePos> code_pos;  // where each instruction was written (the
                                    // YAML key for generated code)
  // Instr::section names: the ruleset key code was compiled from ("setup",
  // "round.start", "trick.end", "effects.NAME") or a procedure's own steps
  // ("round", "trick", "turn"). Index 0 is code of no section.
  std::vector<std::string> sections{"program"};
  int entry_setup = 0;   // start of the game
  int entry_round = 0;   // start of a round (round += 1, then round.start)
  int entry_play = 0;    // after round.start: the tricks of the round
  int entry_trick = 0;   // the start of one trick
  int hand_family = -1;  // the per-player zone cards are played or laid from
  // The procedure of a round: tricks or turns, not both, or neither (a round
  // is then its start and end statements); a search may join any of them.
  // Each is a unit: its header says which files read its keys and play it.
  std::optional<TrickProcedure> trick;    // trick: tricks
  std::optional<TurnProcedure> turn;      // turn:  lays onto numbered rows
  std::optional<SearchProcedure> search;  // formation:, errors:, search:
  int rank = -1;                          // node: the final ranking's key
  int cache_slots = 0;                    // Op::kCached slots in all
  int bound_slots = 0;                    // Op::kBound slots in all
  int shared_slots = 0;                   // Op::kShared slots, at most kMaxSharedSlots
  int card_shared_slots = 0;              // Op::kCardShared slots, as many at most
  int rank_higher_wins = 1;
  // game: place_notes: what the final ranks say beside a seat's place where
  // the score alone does not tell it (who went out when); the first whose
  // condition holds for the seat (local p) is said.
  std::vector<PlaceNote> place_notes;
  Display display;  // how tools show the game (display.h)
  // What loading noticed without refusing the rules, such as a name nothing
  // reads (a house rule's key that changes nothing); `rules check` shows them.
  std::vector<Diagnostic> warnings;

  // Lookups for people-facing text.
  // The round's procedure searches: search() asks the players who are active.
  bool Searches() const { return search && search->active >= 0; }
  // The key of the round's procedure: "trick", "turn", "search" or "" (none).
  const char* ProcedureKey() const;
  // The zone families the procedures name, -1 where there is none: the trick,
  // the per-player zone a trick's cards go to, the rows cards are laid on.
  int TrickFamily() const { return trick ? trick->family : -1; }
  int CaptureFamily() const { return trick ? trick->capture_family : -1; }
  int RowsFamily() const { return turn ? turn->rows_family : -1; }

  int FindCard(const std::string& name) const;  // -1 if unknown
  int FindFamily(const std::string& name) const;
  int FindSuit(const std::string& name) const;
  int FindVariable(const std::string& name) const;
  int FindNumber(const std::string& name) const;
  std::string ZoneName(int zone) const;  // "hand(2)" or "deck"
  int ZoneFamilyOf(int zone) const { return zone_family[static_cast<size_t>(zone)]; }
  int ZoneSeat(int zone) const { return zone_seat[static_cast<size_t>(zone)]; }
  // A zone's number in its family: the seat, or 1.. for numbered piles, 0 for a single
  // zone.
  int ZoneIndex(int zone) const;
  std::string ValueName(Type type, int64_t v) const;  // a suit's name, "none", ...
};

// The player counts a ruleset allows: "3..5" or "4".
std::string PlayerRange(const Ruleset& rules);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_RULESET_H_
