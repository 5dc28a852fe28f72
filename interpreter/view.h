// A position as someone may see it: a seat (its own hand, public zones, counts
// of the rest), a spectator (public zones only) or an all-seeing replay.
// Every tool that shows a position builds this view and renders it (as text
// in tools/view_text.h, as JSON in tools/view_json.h, docs/VIEW.md), so what
// play, replay show, replay step and to-scenario show is the same data.
//
// REQUIRES: `players` names every seat; the state belongs to the game.
// INVARIANTS: zones appear in the ruleset's order, a family's zones by seat
// or number; a zone's `cards` are bottom first (a hand's as people hold them:
// by kind, suit, value) and hold every card when
// `visible`, else, in a per-player zone (cards held, their backs seen by
// all), only the backs when the ruleset gives cards a back; else nothing; `count` is
// always the zone's size.
#ifndef ANGLER_INTERPRETER_VIEW_H_
#define ANGLER_INTERPRETER_VIEW_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interpreter/game.h"

namespace angler {

struct Viewpoint {
  enum class Kind { kSeat, kSpectator, kEverything };
  Kind kind = Kind::kEverything;
  int seat = -1;  // kSeat

  static Viewpoint Seat(int seat) { return {Kind::kSeat, seat}; }
  static Viewpoint Spectator() { return {Kind::kSpectator, -1}; }
  static Viewpoint Everything() { return {Kind::kEverything, -1}; }
  // Whether this viewpoint sees the cards of `zone` (not just how many).
  bool Sees(const Ruleset& rules, int zone) const;
  // Whether it sees the sheet of marks of seat `p` in a search: its own seat's.
  bool SeesSheet(int p) const {
    return kind == Kind::kEverything || (kind == Kind::kSeat && seat == p);
  }
};

struct CardView {
  std::string name;    // "" when the card is seen only by its back
  std::string back;    // what its back shows ("green"), "" when cards have none
  std::string colour;  // the ruleset's colour for its suit, "" when none
};

struct ZoneView {
  std::string family;      // "hand", "row", "deck"
  std::string label;       // "hand Anne", "row 2", "deck"
  int seat = -1;           // per-player zones
  int number = 0;          // numbered piles, from 1
  std::string role;        // "hand", "trick", "rows", "setup" or "" (any other pile)
  std::string visibility;  // "public", "owner" or "hidden": the ruleset's word
  bool visible = false;    // this viewpoint sees the cards
  int count = 0;
  std::vector<CardView> cards;  // bottom first (see INVARIANTS)
};

struct TrickPlayView {
  CardView card;
  int player = -1;  // who played it, -1 when no one did
};

// A variable the ruleset's display names: the score, or a status (a called suit).
struct ShownVariable {
  std::string name;
  std::string role;  // "score" or "status"
  bool per_player = false;
  std::vector<std::string> values;  // one, or one per seat
};

struct WaitingEffectView {
  std::string card;  // whose effect waits for the next trick
  int owner = -1;
  std::string effect;  // the effect's name
};

// A search in progress (or just stopped): the card searched and the marks.
struct SearchView {
  CardView card;
  std::string pattern;  // the error pattern's name, for an all-seeing view
  int quarter_turns = 0;
  std::vector<int> faults;  // the wrong pieces, for an all-seeing view
  // Per seat: whether they search, have stopped, and the pieces they marked
  // (empty for seats whose sheet the viewpoint does not see).
  std::vector<bool> searching, stopped;
  std::vector<std::vector<int>> marks;
};

struct LegalMoveView {
  Action action;
  std::string text;  // LegalMoveText: "yellow 7", or "Anne marks 3" when open to several
};

struct DecisionView {
  std::string kind;  // "play", "choose", "option", "chance", "lay", "search"
  int player = -1;   // -1 at chance and when several may move
  std::string text;  // "Anne plays a card", "shuffle staging"
  // What the choice is for, in the ruleset's words (ChoicePrompt), "" when
  // the ruleset gives none; `asker`: the card whose effect asks, and its owner.
  std::string prompt;
  std::string asker;
  int asker_owner = -1;
  // A choice of several cards ("choose 3 cards to pass"): the cards picked so
  // far, in pick order (by their backs where the viewpoint does not see
  // where they lie), and the picks still to make, this one included.
  std::vector<CardView> chosen;
  int remaining = 0;
  // The legal moves the viewpoint may know: all from everywhere, a seat's
  // own from a seat, none for a spectator.
  std::vector<LegalMoveView> legal;
};

struct PositionView {
  std::string ruleset;
  std::vector<std::string> players;
  Viewpoint viewpoint;
  int round = 0, trick_number = 0, tricks = 0;  // trick_number from 1; 0 without tricks
  std::vector<ShownVariable> shown;             // the score first, then status
  std::vector<int64_t> ranks;                   // by seat
  std::vector<ZoneView> zones;
  std::vector<TrickPlayView> trick;  // in play order
  std::vector<WaitingEffectView> waiting;
  std::optional<SearchView> search;
  bool over = false;
  std::string end_reason;                // "" for the normal end
  std::vector<int> winners;              // once over
  std::vector<int> places;               // by seat, once over (Game::Places)
  std::vector<std::string> place_notes;  // by seat, once over (Game::PlaceNotes)
  std::optional<DecisionView> decision;  // none once over
};

PositionView ViewPosition(const Game& game, const State& s, const Viewpoint& viewpoint,
                          const std::vector<std::string>& players);

// The cards in the order people hold them: by kind, suit, then value.
std::vector<int> InHoldingOrder(const Ruleset& rules, std::span<const uint8_t> cards);

// The open choice's prompt as the ruleset words it (`choose(p, 1, hand(p),
// "choose a card to pass on")`), {card} replaced by the card whose effect
// asks; "" when the choice has none.
std::string ChoicePrompt(const Game& game, const State& s);

// "public", "owner" or "hidden": the ruleset's word for a zone's visibility.
const char* VisibilityWord(Visibility visibility);

// Whose decision it is, in words: "Anne plays a card", "Anne chooses 2 card(s)".
std::string DecisionWords(const Game& game, const State& s,
                          const std::vector<std::string>& players);

}  // namespace angler

#endif  // ANGLER_INTERPRETER_VIEW_H_
