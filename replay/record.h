// A game record: the ruleset it was played under, its players and seed, every
// action with what the engine offered at that point, and what people added
// afterwards (comments, glyphs, variations).
//
// Records are made by replaying actions with a Game (MakeGameRecord), so the
// legal-action counts, the result and the ranks always agree with the engine
// that made them; `replay verify` later checks they still do.
#ifndef ANGLER_REPLAY_RECORD_H_
#define ANGLER_REPLAY_RECORD_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/game.h"
#include "interpreter/rng.h"
#include "interpreter/ruleset.h"
#include "interpreter/state.h"

namespace angler {

struct RecordedAction {
  Action action;
  // At a player's decision, how many legal actions it had; at a shuffle, how
  // many cards were shuffled; at a chance draw, how many values it drew from.
  // Any of them changes when the rules do.
  int legal = 0;

  bool operator==(const RecordedAction&) const = default;
};

struct Annotation {
  Annotation() = default;
  Annotation(int ply, std::string comment, std::string glyph, std::string author = "")
      : ply(ply),
        comment(std::move(comment)),
        glyph(std::move(glyph)),
        author(std::move(author)) {}

  int ply = 0;          // the move it is on (1-based); the line's first ply - 1: the line
  std::string comment;  // may be empty when there is a glyph
  std::string glyph;    // one of kGlyphs, or empty
  std::string author;   // "" a person; else the bot whose analysis wrote it

  bool operator==(const Annotation&) const = default;
};

// Other moves from a position of another line, like a variation in PGN or a
// branch of an SGF tree: variations nest. A variation's line is its parent's
// line up to `ply`, then its own moves.
//
// Invariant of a record: a variation's parent is 0 (the main line) or another
// variation of the record, from which it branches strictly inside or at the
// end of its own moves (parent.ply < ply <= parent's last ply); so parents
// come before their children when variations are ordered by ply.
struct Variation {
  int64_t id = 0;      // in the store; until stored, the record's own numbering (or 0)
  int64_t parent = 0;  // the id of the variation it branches from; 0: the main line
  int ply = 0;  // it starts from the position after `ply` actions of its parent's line
  std::vector<RecordedAction> actions;  // plies ply + 1, ply + 2, ...
  std::vector<Annotation> annotations;  // by ply, in the game's numbering

  int end() const { return ply + static_cast<int>(actions.size()); }
  // Without ids: `parent` is compared by the caller (GameRecord::SameContent).
  bool SameContent(const Variation& o) const {
    return ply == o.ply && actions == o.actions && annotations == o.annotations;
  }
};

struct GameRecord {
  int64_t id = 0;  // in the store; 0 until stored
  std::string ruleset_name;
  std::string ruleset_hash;          // Ruleset::content_hash
  std::vector<std::string> players;  // by seat
  // Who played each seat, as far as the store knows: "person" or the bot's
  // spec ("greedy:8"); "" or empty when unknown (an import). What `play
  // --resume` needs to seat the same bots again; the notation leaves it out.
  std::vector<std::string> played_by;
  std::optional<uint64_t> seed;  // the deal's seed, when known (not needed to replay)
  std::string source = "sim";    // one of kGameSources
  int64_t created = 0;           // unix seconds; 0: when it is stored
  std::vector<RecordedAction> actions;

  // What the actions lead to (filled by MakeGameRecord).
  bool finished = false;       // the game reached its end without a ruleset error
  std::string result;          // ResultText
  std::vector<int64_t> ranks;  // per seat, Game::Rank at the last position
  std::vector<int> winners;    // seats; empty unless finished

  std::vector<Annotation> annotations;  // main line; ply 0: on the game as a whole
  std::vector<Variation> variations;    // by ply, then in the order they were added

  int players_count() const { return static_cast<int>(players.size()); }
  // The variation of this id, or null (always for 0: the main line).
  const Variation* FindVariation(int64_t id) const;
  // The line that holds the position after `ply` of line `line` (a variation's
  // id, 0 the main line): `line`, or the ancestor it branched from when `ply`
  // is at or before its branch. Where a variation from there would hang.
  int64_t LineAt(int64_t line, int ply) const;
  // The variations that branch from the position after `ply` of line `line`.
  std::vector<const Variation*> VariationsFrom(int64_t line, int ply) const;
  // Everything but the store's id: what an export and import must keep.
  bool SameContent(const GameRecord& o) const;
};

// Names must be distinct, non-empty, at most kMaxPlayerNameBytes, without
// leading or trailing spaces, control characters or kPlayerNameForbidden, and
// must not begin with a digit.
Status CheckPlayerNames(const std::vector<std::string>& names);

// RecordedAction::legal for the decision in front of `s`.
int LegalCount(const Game& game, const State& s);

// Applies `a` after checking it against the decision (Game::Apply itself
// assumes a card id is in range); the error says what is wrong, not where.
Status ApplyChecked(const Game& game, State& s, const Action& a);

// "winner Anne; Anne 34, Bob 30, Carl 28", with the end reason in front when
// the game ended early ("overfished; winner ..."), or "unfinished", or
// "ruleset error".
std::string ResultText(const Game& game, const State& last,
                       const std::vector<std::string>& players);

// Fills finished, result, ranks and winners from the last position.
void SetOutcome(const Game& game, const State& last, GameRecord& record);

// Builds a record by replaying `actions` from a fresh game: fills the ply
// order, each action's legal count and the outcome. players: empty for
// SeatNames (interpreter/move_text.h). Errors name the ply ("ply 30: ...").
Result<GameRecord> MakeGameRecord(const Game& game, std::span<const Action> actions,
                                  std::vector<std::string> players,
                                  std::optional<uint64_t> seed, std::string source);

// Every action of a line from ply 1: the main line's, or (with `variation`)
// its ancestors' up to each branch, then its own. Errors: a parent the record
// does not have, a branch past the end of its parent's line.
Result<std::vector<RecordedAction>> LineActions(const GameRecord& record,
                                                const Variation* variation);

// The position after `ply` actions of the main line, or of `variation` when
// given (ply counts through its parents' lines into the variation). Errors
// name the ply that does not replay.
Result<State> PositionAt(const Game& game, const GameRecord& record, int ply,
                         const Variation* variation = nullptr);

// Every position of a line: [0] the start, [i] after i actions.
Result<std::vector<State>> Positions(const Game& game, const GameRecord& record,
                                     const Variation* variation = nullptr);

bool IsGlyph(std::string_view text);
// The glyphs apart by spaces, for messages: "! ? !! ?? !? ?!".
std::string GlyphList();

// A whole game of uniformly random legal moves and shuffles drawn from
// Rng(seed): for tests, benchmarks and sample records. Stops after
// max_actions if the game has not ended.
std::vector<Action> RandomPlayout(const Game& game, uint64_t seed,
                                  int max_actions = 100000);

}  // namespace angler

#endif  // ANGLER_REPLAY_RECORD_H_
