// What `sim` prints, as a table or as JSON, and the JSON read back: `sim
// merge` adds shards' reports up into the report of the whole run.
//
// The JSON keeps every count the statistics come from (each seat's score
// histogram, the game lengths), so a report of merged shards is byte for byte
// the report of the run played in one go.
#ifndef ANGLER_TOOLS_SIM_REPORT_H_
#define ANGLER_TOOLS_SIM_REPORT_H_

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "dsl/source.h"
#include "interpreter/ruleset.h"
#include "tools/json.h"
#include "tools/json_reader.h"
#include "tools/simulation.h"

namespace angler {

// Everything about a run but its games.
struct SimRun {
  std::string ruleset;
  std::string title;
  std::string content_hash;
  std::vector<std::string> end_reasons;  // index 0: "" (normal end)
  uint64_t seed = 0;
  std::vector<std::string> bots;     // by seat
  std::vector<std::string> players;  // names by seat, for the table; empty: P1..Pn
  int64_t run_games = 0;             // games in the whole run
  int shard = 0;                     // 1..shards when this is a slice of the run
  int shards = 0;                    // 0: the whole run

  static SimRun Of(const Ruleset& rules, uint64_t seed, std::vector<std::string> bots,
                   int64_t run_games);
};

struct SimReport {
  SimRun run;
  SimulationStats stats;
};

// One JSON object (the keys README lists, in that order, then the new ones).
void WriteSimJson(const SimReport& report, JsonWriter& json);
// One report: its object; several (a range of player counts): an array of
// them, in order. Then a newline.
void PrintSimJson(const std::vector<SimReport>& reports, std::ostream& out);
// The table people read.
void WriteSimTable(const SimReport& report, std::ostream& out);

// "sim: 3 game(s) ended in an error; first: ...\n" on `err` (`who` is the
// command, "sim" or "sim merge") when some game of the report did; whether so.
bool WriteSimErrors(std::string_view who, const SimulationStats& stats,
                    std::ostream& err);

// A report from one object that WriteSimJson wrote; errors name `file`.
Result<SimReport> ReadSimJson(const JsonValue& object, const std::string& file);

}  // namespace angler

#endif  // ANGLER_TOOLS_SIM_REPORT_H_
