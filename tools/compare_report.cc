#include "tools/compare_report.h"

#include <cstdio>
#include <optional>
#include <ostream>

#include "interpreter/move_text.h"
#include "tools/json.h"
#include "tools/svg_chart.h"

namespace angler {
namespace {

bool IsRate(const PairedMeasure& m) {
  return m.measure == "win_rate" || m.measure == "end_reason";
}

std::string Value(const PairedMeasure& m, double v, bool sign) {
  char buf[48];
  if (IsRate(m)) {
    std::snprintf(buf, sizeof buf, sign ? "%+.1f%%" : "%.1f%%", 100 * v);
  } else {
    std::snprintf(buf, sizeof buf, sign ? "%+.2f" : "%.2f", v);
  }
  return buf;
}

// A mean over no paired game is no number: "n/a", not a made-up 0.
std::string MeanText(const PairedMeasure& m, const Moments& x, bool sign) {
  return m.Measured() ? Value(m, x.Mean(), sign) : "n/a";
}

std::string IntervalText(const PairedMeasure& m) {
  const std::optional<Interval> i = m.DifferenceInterval();
  if (!i) return "n/a";
  return Value(m, i->low, true) + ".." + Value(m, i->high, true);
}

std::string Pad(const std::string& s, size_t width, bool left) {
  if (s.size() >= width) return s;
  const std::string fill(width - s.size(), ' ');
  return left ? fill + s : s + fill;
}

std::string Heading(const Comparison& c) {
  std::string bots;
  for (const std::string& b : c.a.run.bots) bots += (bots.empty() ? "" : ",") + b;
  return "A " + c.a.run.ruleset + " (" + c.a.run.title + ") against B " +
         c.b.run.ruleset + " (" + c.b.run.title +
         "): " + std::to_string(c.a.stats.players) + " players, " +
         std::to_string(c.a.stats.games) + " games on the same seeds (seed " +
         std::to_string(c.a.run.seed) + "), bots " + bots;
}

}  // namespace

std::string MeasureLabel(const PairedMeasure& m) {
  // Seats as sim and the records name them: P1 is seat 0.
  if (m.measure == "win_rate") return "win rate, " + SeatName(m.seat);
  if (m.measure == "mean_score") return "mean score, " + SeatName(m.seat);
  if (m.measure == "game_length") return "game length";
  return "end: " + (m.reason.empty() ? std::string("normal") : m.reason);
}

void WriteCompareTable(const Comparison& c, std::ostream& out) {
  out << Heading(c) << "\n\n";
  out << Pad("", 22, false) << Pad("A", 10, true) << Pad("B", 10, true)
      << Pad("B - A", 10, true) << "   95% CI of B - A\n";
  for (const PairedMeasure& m : c.measures) {
    std::string line =
        Pad(MeasureLabel(m), 22, false) + Pad(MeanText(m, m.a, false), 10, true) +
        Pad(MeanText(m, m.b, false), 10, true) +
        Pad(MeanText(m, m.difference, true), 10, true) + "   " +
        Pad(IntervalText(m), 20, false) + (m.Significant() ? "  significant" : "");
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << "\n";
  }
  out << "\n(" << c.paired_games << " games paired: those that ended without an error "
      << "under both;\n a difference is significant when its interval excludes 0)\n";
}

void WriteCompareJson(const Comparison& c, std::ostream& out) {
  JsonWriter json;
  json.BeginObject();
  json.Key("games").Int(c.a.stats.games);
  json.Key("players").Int(c.a.stats.players);
  json.Key("seed").UintString(c.a.run.seed);
  json.Key("bots").BeginArray();
  for (const std::string& b : c.a.run.bots) json.String(b);
  json.EndArray();
  json.Key("paired_games").Int(c.paired_games);
  json.Key("a");
  WriteSimJson(c.a, json);
  json.Key("b");
  WriteSimJson(c.b, json);
  json.Key("differences").BeginArray();
  for (const PairedMeasure& m : c.measures) {
    json.BeginObject();
    json.Key("measure").String(m.measure);
    if (m.seat >= 0) json.Key("seat").Int(m.seat);
    if (m.measure == "end_reason") json.Key("reason").String(m.reason);
    // null where no game was paired: no mean, no interval.
    const bool measured = m.Measured();
    auto mean = [&](const Moments& x) {
      if (measured) {
        json.Double(x.Mean());
      } else {
        json.Null();
      }
    };
    json.Key("a");
    mean(m.a);
    json.Key("b");
    mean(m.b);
    json.Key("difference");
    mean(m.difference);
    json.Key("ci");
    if (const std::optional<Interval> i = m.DifferenceInterval()) {
      json.BeginArray().Double(i->low).Double(i->high).EndArray();
    } else {
      json.Null();
    }
    json.Key("significant").Bool(m.Significant());
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
  out << json.str() << "\n";
}

std::string CompareHtml(const Comparison& c) {
  const std::string a_name = "A " + c.a.run.ruleset, b_name = "B " + c.b.run.ruleset;
  std::string html =
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
      "<head>\n<meta charset=\"utf-8\"/>\n<title>" +
      XmlEscape(c.a.run.ruleset + " against " + c.b.run.ruleset) +
      "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:1em auto}"
      "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}"
      "td:first-child{text-align:left}tr.sig{font-weight:bold}</style>\n</head>\n<body>\n"
      "<h1>" +
      XmlEscape(c.a.run.ruleset + " against " + c.b.run.ruleset) + "</h1>\n<p>" +
      XmlEscape(Heading(c)) +
      ". Differences are B - A, paired game by game, with 95% "
      "intervals; bold rows are significant.</p>\n"
      "<table>\n<tr><th>measure</th><th>A</th><th>B</th>"
      "<th>B - A</th><th>95% CI</th></tr>\n";
  for (const PairedMeasure& m : c.measures) {
    html += std::string("<tr") + (m.Significant() ? " class=\"sig\"" : "") + "><td>" +
            XmlEscape(MeasureLabel(m)) + "</td><td>" +
            XmlEscape(MeanText(m, m.a, false)) + "</td><td>" +
            XmlEscape(MeanText(m, m.b, false)) + "</td><td>" +
            XmlEscape(MeanText(m, m.difference, true)) + "</td><td>" +
            XmlEscape(IntervalText(m)) + "</td></tr>\n";
  }
  html += "</table>\n<h2>Win rate by seat</h2>\n";
  std::vector<std::string> seats;
  std::vector<BarSeries> wins;
  for (const SimReport* r : {&c.a, &c.b}) {
    BarSeries s{r == &c.a ? a_name : b_name, {}, {}};
    for (int p = 0; p < r->stats.players; ++p) {
      const auto seat = static_cast<size_t>(p);
      s.values.push_back(r->stats.WinRate(p));
      s.errors.push_back(WilsonInterval(r->stats.wins[seat], r->stats.completed));
      if (r == &c.a) seats.push_back(SeatName(p));
    }
    wins.push_back(std::move(s));
  }
  html += BarChartSvg("Win rate by seat (95% Wilson intervals)", seats, wins, "%");
  html += "<h2>Scores</h2>\n";
  for (int p = 0; p < c.a.stats.players; ++p) {
    const auto seat = static_cast<size_t>(p);
    html += HistogramSvg(
        "Score, " + SeatName(p), "final score",
        {{a_name, &c.a.stats.ranks[seat]}, {b_name, &c.b.stats.ranks[seat]}});
  }
  html += "<h2>Game length</h2>\n" +
          HistogramSvg("Game length", "actions",
                       {{a_name, &c.a.stats.lengths}, {b_name, &c.b.stats.lengths}});
  std::vector<std::string> reasons;
  std::vector<BarSeries> ends = {{a_name, {}, {}}, {b_name, {}, {}}};
  for (const PairedMeasure& m : c.measures) {
    if (m.measure != "end_reason") continue;
    reasons.push_back(m.reason.empty() ? "normal" : m.reason);
    ends[0].values.push_back(m.a.Mean());
    ends[1].values.push_back(m.b.Mean());
  }
  html += "<h2>End reasons</h2>\n" + BarChartSvg("How games ended", reasons, ends, "%");
  return html + "</body>\n</html>\n";
}

}  // namespace angler
