// `angler replay`: the game records in the store, for people and programs.
//
//   angler replay list [--ruleset R] [--player P] [--limit N] [--json]
//   angler replay show GAME [--ply N] [--variation V] [--json]
//   angler replay step GAME [--variation V]          (commands on stdin)
//   angler replay annotate GAME PLY [TEXT] [--glyph G] [--variation V]
//   angler replay branch GAME PLY MOVE...
//   angler replay export GAME... [--format text|json]
//   angler replay import FILE...                      ('-': stdin)
//   angler replay verify [--ruleset R] [--json]
//   angler replay to-scenario GAME PLY [--output FILE]
//
// Every subcommand takes --db PATH (else $ANGLER_DB, else the default store).
// Exit codes: 0 ok; 1 verify found a game that drifted; 2 bad input or
// usage, an unknown game, a store that cannot be opened.
#ifndef ANGLER_TOOLS_REPLAY_CMD_H_
#define ANGLER_TOOLS_REPLAY_CMD_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace angler {

// args: the words after `replay`.
int RunReplay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
              std::istream& in);

}  // namespace angler

#endif  // ANGLER_TOOLS_REPLAY_CMD_H_
