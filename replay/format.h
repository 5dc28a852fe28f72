// The on-disk formats of replay/, as constants: the SQLite store's schema
// version and identity, and the game record notation's version and words.
// replay/FORMAT.md describes both in prose; change the two together.
//
// A change to the store's tables bumps kStoreSchemaVersion and adds a step to
// the migrations in store.cc; a change to the notation that old readers would
// misread bumps kRecordFormatVersion.
#ifndef ANGLER_REPLAY_FORMAT_H_
#define ANGLER_REPLAY_FORMAT_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace angler {

// ---- The store (an SQLite database) ----

// PRAGMA user_version of a store this build writes. Version 1 held the game
// records only; version 2 added the scenario runs (check_runs, scenario_runs);
// version 3 the annotations' author (a person, or the bot of `angler analyze`);
// version 4 who played each seat (a person or which bot: `play --resume`);
// version 5 the variation each variation branches from (variations nest).
inline constexpr int kStoreSchemaVersion = 5;
// The oldest version Store::Open still migrates; older ones are refused.
inline constexpr int kStoreOldestMigratable = 1;
// PRAGMA application_id: "ANGL". Tells an angler store from any other SQLite file.
inline constexpr int32_t kStoreApplicationId = 0x414e474c;
// How long a writer waits for another process's write to finish.
inline constexpr int kStoreBusyTimeoutMs = 5000;
// The file under $XDG_DATA_HOME/angler (or ~/.local/share/angler).
inline constexpr std::string_view kStoreFileName = "angler.db";
// The environment variable that overrides the store's path.
inline constexpr std::string_view kStoreEnvVar = "ANGLER_DB";

// games.source: where a game was played.
inline constexpr std::array<std::string_view, 3> kGameSources = {"sim", "play", "import"};
// seats.played_by of a seat a person played (else a bot's spec, or "").
inline constexpr std::string_view kPlayedByPerson = "person";

// actions.kind: the number of the ActionKind (0 play, 1 choose, 2 option,
// 3 chance, 4 lay, 5 mark, 6 stop as of this writing). The engine judges each
// action when a game is replayed; the store only refuses numbers no engine
// would use.
inline constexpr int kStoredMaxKind = 63;

// ---- The game record notation (text) ----

// The first line of every record: [Angler "2"]. Version 2 added the
// RulesetText tag and the end line; version 1 records are still read.
inline constexpr std::string_view kRecordMagicTag = "Angler";
inline constexpr int kRecordFormatVersion = 2;
inline constexpr int kRecordOldestReadable = 1;

// Header tags, in the order they are written. Only Angler, Ruleset, Hash and
// Players are required on import. RulesetText carries the ruleset's canonical
// text, so the record imports into a store that has never seen its rules.
inline constexpr std::array<std::string_view, 10> kRecordTags = {
    "Angler", "Ruleset", "Hash",  "Players", "Seed",
    "Source", "Date",    "Plies", "Result",  "RulesetText"};
inline constexpr std::string_view kRulesetTextTag = "RulesetText";

// Every version 2 record ends with its end line, "end: " and the result text
// (as PGN ends with its termination marker): a record without it was cut.
inline constexpr std::string_view kRecordEndMark = "end:";

// Variations nest (a variation of a variation, as PGN's parentheses do) at
// most this deep: deeper is refused on import as a damaged record.
inline constexpr size_t kMaxVariationDepth = 64;

// Move glyphs, as in PGN: good, mistake, brilliant, blunder, interesting, dubious.
inline constexpr std::array<std::string_view, 6> kGlyphs = {"!",  "?",  "!!",
                                                            "??", "!?", "?!"};

// A move line's text ("12. Anne plays yellow 7", "13. shuffle ocean
// #1a2b3c4d5e6f7081") is the move notation of interpreter/move_text.h, where
// its verbs are defined.

// A comment that begins so, as written, is a note the export writes for
// readers (what a chance move produced, the card a search opens on); import
// skips it. A person's comment that begins '=' is written "\=...".
inline constexpr std::string_view kNoteMark = "= ";

// Player names: what may appear in a Players tag and a move line.
inline constexpr int kMaxPlayerNameBytes = 40;
inline constexpr std::string_view kPlayerNameForbidden = ",{}()[]\"#;\\";

}  // namespace angler

#endif  // ANGLER_REPLAY_FORMAT_H_
