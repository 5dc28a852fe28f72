// What `angler compare` prints: a table of the differences, JSON, or one
// self-contained HTML page with SVG plots.
#ifndef ANGLER_TOOLS_COMPARE_REPORT_H_
#define ANGLER_TOOLS_COMPARE_REPORT_H_

#include <iosfwd>
#include <string>

#include "tools/compare.h"

namespace angler {

// "win rate, seat 0", "game length", "end: overfished", "end: normal".
std::string MeasureLabel(const PairedMeasure& m);

void WriteCompareTable(const Comparison& c, std::ostream& out);
// {"games", "players", "seed", "bots", "paired_games", "a": sim report,
//  "b": sim report, "differences": [{"measure", "seat"|"reason", "a", "b",
//  "difference", "ci", "significant"}]}
void WriteCompareJson(const Comparison& c, std::ostream& out);
// One XHTML page: the table, then win rate by seat with error bars, each
// seat's score histograms, game lengths and end reasons, as inline SVG.
std::string CompareHtml(const Comparison& c);

}  // namespace angler

#endif  // ANGLER_TOOLS_COMPARE_REPORT_H_
