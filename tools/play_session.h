// The flow of a game of `angler play` around the moves themselves: who sits
// where under which names, a game stored unfinished and resumed later, moves
// taken back, forced moves played for the person, and the strongest bot's
// hint. tools/cmd_play.cc draws the game and reads the person's moves.
//
// Players have one numbering everywhere: their names when --names gives them,
// else P1..Pn (SeatNames, interpreter/move_text.h), the names a record keeps.
// A resumed game goes on from its stored actions replayed through the engine,
// with the seed's streams drawn as far as the stored game drew them, so
// the chance outcomes it already had stay exactly as they were.
#ifndef ANGLER_TOOLS_PLAY_SESSION_H_
#define ANGLER_TOOLS_PLAY_SESSION_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/loader.h"
#include "replay/store.h"
#include "tools/args.h"
#include "tools/bots.h"
#include "tools/runner.h"

namespace angler {

// Everything a game of `play` is set up with: what a stored game keeps so
// that `play --resume` sits the same players down again.
struct PlaySetup {
  RulesetPtr rules;
  int players = 0;
  int person = 0;                      // the person's seat
  std::vector<std::string> names;      // by seat
  std::vector<std::string> played_by;  // by seat: kPlayedByPerson or a bot's spec
  uint64_t seed = 0;
  bool auto_forced = true;  // a forced move is played for the person
  bool record = false;      // stored when the game ends or is left
  std::unique_ptr<Store> store;
  int64_t game_id = 0;                 // a resumed game's id; 0 for a new game
  std::vector<Action> stored_actions;  // a resumed game's moves so far

  // One bot per seat as played_by names them, null for the person's seat.
  Result<std::vector<std::unique_ptr<Bot>>> MakeBots() const;
};

// The setup of `angler play` from its flags: a new game (RULESET, --players,
// --seat, --seed, --bots, --names), or with --resume GAME a stored unfinished
// game (--db as elsewhere). Errors are bad input (exit 2): a finished or
// unknown game, names that do not fit, flags a resumed game takes from its
// record. The bots default to greedy, spot:careful in search games.
Result<PlaySetup> ReadPlaySetup(const Args& args);

// "1 action", "57 actions": how play counts a game's actions.
std::string ActionCount(size_t n);

// Stores the game as it stands, finished or not, when the setup records it
// (--record, or a resumed game), and says so on `out`: "game 12 stored
// unfinished after 57 actions; angler play --resume 12 continues it". A
// resumed game is stored again under its id. False (said on `out`) when
// storing failed.
bool StoreIfAsked(PlaySetup& setup, const Game& game, std::span<const Action> actions,
                  std::ostream& out);

// Starts `run` again and replays `actions` into it (chance streams drawn as
// the original game drew them); every bot forgets its game and observes the
// replayed actions, as if it had played them.
Status ReplayInto(GameRun& run, std::vector<std::unique_ptr<Bot>>& bots,
                  std::span<const Action> actions);

// Whether the decision in front of `state` leaves one move: every legal
// action reads the same (copies of one card are one move).
bool IsForced(const Game& game, const State& state, const ActionList& legal);

// For `u`: how many of `actions` to keep to take back `seat`'s last move
// that was its own choice (a forced move played for it, with auto_forced,
// is taken back with it), and everything after it. nullopt when the seat
// has not chosen a move yet.
std::optional<size_t> TakeBackPoint(const Game& game, std::span<const Action> actions,
                                    int seat, bool auto_forced);

// `u` at the person's decision: takes back the person's last choice and the
// moves after it (TakeBackPoint), replaying the rest into `run` and `bots`.
// Refused in a recorded game, whose record keeps every move played. Says
// what it did, or why not, on `out`; true when the position changed.
bool TakeBack(const PlaySetup& setup, GameRun& run,
              std::vector<std::unique_ptr<Bot>>& bots, std::ostream& out);

// For `h`: what the strongest bot (ismcts at its default) would play for
// `seat` at the decision in front of `run`, and a short why from its search:
// "ismcts would play blue 7 (its search gave it 2116 of 4000 playouts, mean
// reward 0.64; next: yellow 3, 1884 playouts, 0.51)". The search sees only what the seat
// saw. `seed` makes the hint the same for the same game and position.
std::string HintText(const Game& game, const GameRun& run, int seat, uint64_t seed);

}  // namespace angler

#endif  // ANGLER_TOOLS_PLAY_SESSION_H_
