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
#include <string>
#include <vector>

#include "interpreter/display.h"
#include "interpreter/formation.h"
#include "interpreter/limits.h"
#include "interpreter/program.h"

namespace angler {

// Who may see a zone's cards.
enum class Visibility : uint8_t { kPublic, kOwner, kHidden };

struct CardInfo {
  int16_t suit = kNone;  // index into Ruleset::suits, or none
  int16_t value = 0;
  int8_t stars = 0;
  int8_t kind = 0;    // index into Ruleset::kinds
  uint32_t tags = 0;  // bit i: Ruleset::tags[i]
  std::array<int16_t, kMaxEffectsPerCard> effects{-1, -1, -1, -1};
  // Generated cards; here, in what would be padding, CardInfo does not grow.
  int16_t back = kNone;         // the suit of the back (card.back)
  int8_t pattern = 0;           // the error pattern's number, 1.. (card.pattern)
  int8_t turns = 0;             // how it lies, quarter turns (card.turns)
  uint64_t enter_families = 0;  // bit f: an on-enter effect for zone family f
  uint32_t faults = 0;          // generated cards: bit i, piece i is wrong (card.faults)
  int16_t face = -1;            // generated cards: index into Ruleset::faces
};

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

// Text with {expression} holes, for messages such as why a lay is refused.
struct MessagePart {
  std::string text;  // literal text, or
  int node = -1;     // a value to print
};

// A condition a card must meet to be played or laid, and what to say when it
// does not (may_play, may_lead, may_lay written as {if, else} lists).
struct ReasonedRule {
  int condition = -1;
  std::vector<MessagePart> message;  // empty: the rule gave no reason
};

// A condition the ruleset promises at a moment of every game (`invariants:`).
// The engine checks it there for every seat p; a broken one stops the game
// as a ruleset error, and BrokenInvariant (runtime_error.h) names it.
enum class Moment : uint8_t { kTrickEnd, kRoundEnd, kGameEnd };

struct Invariant {
  std::string says;  // what it promises, in words
  Moment at = Moment::kRoundEnd;
  int holds = -1;  // node: a condition on p
  SourcePos pos;
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

  std::vector<Variable> variables;
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
  // Instr::section names: the ruleset key code was compiled from ("setup",
  // "round.start", "trick.end", "effects.NAME") or a procedure's own steps
  // ("round", "trick", "turn"). Index 0 is code of no section.
  std::vector<std::string> sections{"program"};
  int entry_setup = 0;      // start of the game
  int entry_round = 0;      // start of a round (round += 1, then round.start)
  int entry_play = 0;       // after round.start: the tricks of the round
  int entry_trick = 0;      // the start of one trick
  int trick_family = -1;    // the zone tricks are played into (a shared zone)
  int hand_family = -1;     // the per-player zone cards are played from
  int capture_family = -1;  // trick.captures: the per-player zone caught cards go to
  int may_lead = -1, may_play = -1, winner = -1, rank = -1;  // nodes
  int lead_options = -1, play_options = -1;  // hand(turn) where may_lead / may_play
  // may_play and may_lead rule by rule, for the reason a card is refused; their
  // conjunction is may_play / may_lead above.
  std::vector<ReasonedRule> play_rules, lead_rules;
  // The turn procedure (instead of tricks): lays onto numbered piles.
  bool turns = false;
  int rows_family = -1;
  int lay_min = 1, lay_max = 1;
  std::vector<ReasonedRule> lay_rules;
  int lay_full = -1;  // node: laying stops when this holds for the target
  // node: when it holds, a lay against the rules is accepted as a move: the
  // cards stay in hand, illegal_lay is true and turn.on_illegal runs.
  int lay_accept_illegal = -1;
  int turn_skip = -1;  // node: `turn` is passed over
  // Spot-the-error: the formation, its error patterns, the generated cards'
  // faces, and who may search (a condition on p) when search() runs.
  Formation formation;
  std::vector<ErrorPattern> error_patterns;
  std::vector<ErrorCard> faces;
  int search_active = -1;
  int search_card = -1;  // node: the card being searched
  int cache_slots = 0;   // Op::kCached slots in all
  int bound_slots = 0;   // Op::kBound slots in all
  int rank_higher_wins = 1;
  Display display;  // how tools show the game (display.h)

  // Lookups for people-facing text.
  int FindCard(const std::string& name) const;  // -1 if unknown
  int FindFamily(const std::string& name) const;
  int FindSuit(const std::string& name) const;
  int FindVariable(const std::string& name) const;
  std::string ZoneName(int zone) const;  // "hand(2)" or "deck"
  int ZoneFamilyOf(int zone) const { return zone_family[static_cast<size_t>(zone)]; }
  int ZoneSeat(int zone) const { return zone_seat[static_cast<size_t>(zone)]; }
  // A zone's number in its family: the seat, or 1.. for numbered piles, 0 for a single
  // zone.
  int ZoneIndex(int zone) const;
  std::string ValueName(Type type, int64_t v) const;  // a suit's name, "none", ...
};

}  // namespace angler

#endif  // ANGLER_INTERPRETER_RULESET_H_
