// Small SVG charts written as text, for reports that must stand alone (no
// script, no network): grouped bars with error bars, and histograms of two
// samples on shared bins. The output is well-formed XML.
//
// REQUIRES: every series has one value (and, if any, one interval) per
// category; at most kChartColours series.
#ifndef ANGLER_TOOLS_SVG_CHART_H_
#define ANGLER_TOOLS_SVG_CHART_H_

#include <string>
#include <string_view>
#include <vector>

#include "tools/statistics.h"

namespace angler {

inline constexpr int kChartColours = 4;

// &, <, >, " and ' as entities.
std::string XmlEscape(std::string_view text);

struct BarSeries {
  std::string name;
  std::vector<double> values;
  std::vector<Interval> errors;  // empty: no error bars
};

// Bars grouped by category, the series side by side; values as `unit`
// (a "%" chart multiplies by 100); every `label_every`-th category labelled.
std::string BarChartSvg(const std::string& title,
                        const std::vector<std::string>& categories,
                        const std::vector<BarSeries>& series, const std::string& unit,
                        size_t label_every = 1);

struct HistogramSeries {
  std::string name;
  const Histogram* counts;
};

// Each sample's share of games per bin, the bins shared (at most 30).
std::string HistogramSvg(const std::string& title, const std::string& x_label,
                         const std::vector<HistogramSeries>& series);

}  // namespace angler

#endif  // ANGLER_TOOLS_SVG_CHART_H_
