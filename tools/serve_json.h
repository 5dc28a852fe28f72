// The JSON that `angler serve` answers with (docs/API.md): a stored game
// replayed once and kept (LoadedGame), and its header, moves, positions and
// narration written from it. Positions are the one position view
// (interpreter/view.h, written by tools/view_json.h).
//
// REQUIRES: a LoadedGame is not moved after Make (lines point into its record).
#ifndef ANGLER_TOOLS_SERVE_JSON_H_
#define ANGLER_TOOLS_SERVE_JSON_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/game.h"
#include "interpreter/view.h"
#include "replay/line_of_play.h"
#include "replay/record.h"
#include "replay/store.h"
#include "tools/json.h"

namespace angler {

// A stored game with every line replayed once (replay/line_of_play.h).
struct LoadedGame : StoredGame {
  LineOfPlay main;
  std::map<int64_t, LineOfPlay> variations;  // by id

  // Replays the main line and every variation; errors say the game does not
  // replay under its stored rules.
  static Result<std::shared_ptr<LoadedGame>> Make(GameRecord record, RulesetPtr rules);
  // id 0: the main line.
  Result<const LineOfPlay*> Line(const Result<int64_t>& variation) const;
};

// "everything" (or ""), "spectator", "seat:NAME" or "seat:N" (from 0).
Result<Viewpoint> ReadViewpoint(const std::string& text,
                                const std::vector<std::string>& players);

JsonWriter GameListJson(const std::vector<GameSummary>& games);
void WriteGameSummaryJson(JsonWriter& json, const GameSummary& g);
JsonWriter GameJson(const LoadedGame& g);
// Where a position stands on its line: "variation" (id or null), "ply",
// "plies", "move" ({ply, text, comment, glyph} of the move that led there,
// null at ply 0) and "line_comment" (the line's own comment where it begins,
// else null). The keys `replay show --json` and the API's positions share;
// the move as `viewpoint` may see it (SeenMoveText).
void WriteLinePlace(JsonWriter& json, const StoredGame& g, const LineOfPlay& line,
                    int ply, const Viewpoint& viewpoint = Viewpoint::Everything());
JsonWriter PositionJson(const LoadedGame& g, const LineOfPlay& line, int ply,
                        const Viewpoint& viewpoint);
JsonWriter NarrationJson(const LoadedGame& g, const LineOfPlay& line,
                         const Viewpoint& viewpoint);
JsonWriter RulesetListJson(const std::vector<StoredRuleset>& rulesets);
JsonWriter RulesetJson(const Ruleset& rules);

// The position as the page needs it: {"view": ..., "picture": ...,
// "narration": [...]} without the record's parts; also what play sends.
void WritePositionParts(JsonWriter& json, const Game& game, const State& s,
                        const Viewpoint& viewpoint,
                        const std::vector<std::string>& players);

// The move's narration: `action` applied to `before` with an event log.
std::vector<std::string> Narrate(const Game& game, const State& before,
                                 const Action& action,
                                 const std::vector<std::string>& players,
                                 const Viewpoint& viewpoint);

}  // namespace angler

#endif  // ANGLER_TOOLS_SERVE_JSON_H_
