// Moves as people say them, and read back: "Anne plays yellow 7", "Bob
// chooses red", "Kathrin lays yellow 6, green 1 on row 1", "Anne marks 3",
// "Anne and Bob stop", "shuffle deck #00ff00ff00ff00ff". Every tool that
// shows or reads a move (play, records, the scenario writer, branch) uses
// this one module, so a text written anywhere reads back anywhere.
//
// Players are named by the caller (a record's names, or P1..Pn). Two cards
// of the same name that are both legal are told apart by their place among
// the ruleset's cards of that name: `bonus "-3 points" [2]`.
//
// REQUIRES: `players` names every seat of the game; an action given to
// MoveText or ThingText is legal in `before` (or, for a lay, names real cards).
// INVARIANT: for every legal action a of s, ReadMove(s, MoveText(s, a)) == a.
#ifndef ANGLER_INTERPRETER_MOVE_TEXT_H_
#define ANGLER_INTERPRETER_MOVE_TEXT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"

namespace angler {

// The verbs of a player's move ("Anne plays yellow 7", "Bob chooses red").
// Chance moves read as "shuffle ZONE #outcome" or "draw #outcome", in hex.
inline constexpr std::string_view kVerbPlays = "plays";
inline constexpr std::string_view kVerbChooses = "chooses";

// The engine's words for an action, without a player: "play yellow 7",
// "choose red", "lay yellow 6, green 1 on row 1", "mark piece 3", "stop 0 2",
// "shuffle deck #00ff00ff00ff00ff", "draw #00000000000000ff". The rules'
// messages use them ("play red 4 is not allowed now"); Game::ActionText.
std::string ActionWords(const Ruleset& rules, const State& s, const Action& a);

// A card as it is named among the cards of `zone`: "yellow 7", or with its
// place among the ruleset's cards of that name ("bonus \"-3 points\" [2]")
// when the zone holds another of that name.
std::string CardInZone(const Ruleset& rules, const State& s, int zone, int card);

// "P1", "P2", ...: names for seats when the caller has none (seat 0 is P1).
std::string SeatName(int seat);
std::vector<std::string> SeatNames(int players);

struct MoveTextStyle {
  // Copies of a card named apart ("[2]"); without, a reader picks any copy
  // (as scenarios do).
  bool tell_copies_apart = true;
};

// "Anne plays yellow 7", "Bob chooses red", "shuffle deck #00ff00ff00ff00ff".
std::string MoveText(const Game& game, const State& before, const Action& a,
                     const std::vector<std::string>& players,
                     const MoveTextStyle& style = {});

// The move's thing alone: "yellow 7", "red", "bonus \"-3 points\" [2]",
// "yellow 6, green 1 on row 1", "3" (a piece); "" for a stop.
std::string ThingText(const Game& game, const State& before, const Action& a,
                      const MoveTextStyle& style = {});

// A legal move as a list of moves shows it: the thing alone, or the whole
// move when the decision is open to several players at once.
std::string LegalMoveText(const Game& game, const State& s, const Action& a,
                          const std::vector<std::string>& players);

struct MoveReading {
  // Accept what people type at a prompt as well: "yellow 7" (the player whose
  // decision it is) and "play yellow 7"; letters in any case.
  bool bare = false;
  // The outcome of a "shuffle" written without "#seed"; without it, such a
  // shuffle is an error.
  std::optional<uint64_t> default_seed;
};

// Why a text is not a move here: the kind decides how a tool explains it.
enum class MoveRefusal {
  kGameOver,     // "the game is over; no move is possible"
  kNotYourTurn,  // "not your turn: it is Paul's"
  kNotInHand,    // "red 7 is not in Anne's hand"
  kNotAllowed,   // the move exists but the rules forbid it now
  kUnreadable,   // no move reads like that
};

struct MoveError {
  MoveRefusal reason = MoveRefusal::kUnreadable;
  std::string message;  // whole, for people: names what is legal where it helps
};

// A move read against the decision in `s`: the action, or why not.
struct ReadResult {
  std::optional<Action> action;
  MoveError error;  // when there is no action
  bool ok() const { return action.has_value(); }
};

ReadResult ReadMove(const Game& game, const State& s, std::string_view text,
                    const std::vector<std::string>& players,
                    const MoveReading& reading = {});

// ReadMove with the error as a Diagnostic (its message).
Result<Action> ParseMove(const Game& game, const State& s, std::string_view text,
                         const std::vector<std::string>& players,
                         const MoveReading& reading = {});

}  // namespace angler

#endif  // ANGLER_INTERPRETER_MOVE_TEXT_H_
