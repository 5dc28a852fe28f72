#include "tools/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace angler {
namespace {

constexpr const char* kColours[kChartColours] = {"#4e79a7", "#f28e2b", "#59a14f",
                                                 "#e15759"};
constexpr int kWidth = 560, kHeight = 260;
constexpr int kLeft = 56, kRight = 12, kTop = 30, kBottom = 48;
constexpr int kMaxBins = 30;

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string Label(double v, const std::string& unit) {
  char buf[32];
  if (unit == "%") {
    std::snprintf(buf, sizeof buf, "%.0f%%", 100 * v);
  } else {
    std::snprintf(buf, sizeof buf, "%.4g", v);
  }
  return buf;
}

std::string Open(const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
         "\" height=\"" + std::to_string(kHeight) + "\" viewBox=\"0 0 " +
         std::to_string(kWidth) + " " + std::to_string(kHeight) +
         "\" font-family=\"sans-serif\" font-size=\"11\">\n<title>" + XmlEscape(title) +
         "</title>\n<text x=\"" + std::to_string(kWidth / 2) +
         "\" y=\"16\" text-anchor=\"middle\" font-size=\"13\">" + XmlEscape(title) +
         "</text>\n";
}

// The y axis from 0 (or the lowest value) to `top`, with four grid lines.
std::string Axis(double low, double top, const std::string& unit) {
  std::string svg;
  const double plot = kHeight - kTop - kBottom;
  for (int k = 0; k <= 4; ++k) {
    const double v = low + (top - low) * k / 4;
    const double y = kTop + plot - plot * k / 4;
    svg += "<line x1=\"" + std::to_string(kLeft) + "\" x2=\"" +
           std::to_string(kWidth - kRight) + "\" y1=\"" + Num(y) + "\" y2=\"" + Num(y) +
           "\" stroke=\"#ddd\"/>\n<text x=\"" + std::to_string(kLeft - 4) + "\" y=\"" +
           Num(y + 4) + "\" text-anchor=\"end\">" + XmlEscape(Label(v, unit)) +
           "</text>\n";
  }
  return svg;
}

std::string Legend(const std::vector<std::string>& names) {
  std::string svg;
  int x = kLeft;
  for (size_t s = 0; s < names.size(); ++s) {
    svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(kHeight - 14) +
           "\" width=\"10\" height=\"10\" fill=\"" + kColours[s % kChartColours] +
           "\"/>\n<text x=\"" + std::to_string(x + 14) + "\" y=\"" +
           std::to_string(kHeight - 5) + "\">" + XmlEscape(names[s]) + "</text>\n";
    x += 24 + 7 * static_cast<int>(names[s].size());
  }
  return svg;
}

std::string Rect(double x, double y, double w, double h, const char* fill,
                 const std::string& tip) {
  return "<rect x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" width=\"" + Num(w) +
         "\" height=\"" + Num(std::max(0.0, h)) + "\" fill=\"" + fill +
         "\" fill-opacity=\"0.85\"><title>" + XmlEscape(tip) + "</title></rect>\n";
}

}  // namespace

std::string XmlEscape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string BarChartSvg(const std::string& title,
                        const std::vector<std::string>& categories,
                        const std::vector<BarSeries>& series, const std::string& unit,
                        size_t label_every) {
  double top = 0, low = 0;
  for (const BarSeries& s : series) {
    for (double v : s.values) top = std::max(top, v), low = std::min(low, v);
    for (const Interval& i : s.errors)
      top = std::max(top, i.high), low = std::min(low, i.low);
  }
  if (top <= low) top = low + 1;
  top += (top - low) * 0.05;
  const double plot = kHeight - kTop - kBottom;
  auto y_of = [&](double v) { return kTop + plot - plot * (v - low) / (top - low); };
  std::string svg = Open(title) + Axis(low, top, unit);
  const double group = static_cast<double>(kWidth - kLeft - kRight) /
                       static_cast<double>(std::max<size_t>(1, categories.size()));
  const double bar =
      group * 0.8 / static_cast<double>(std::max<size_t>(1, series.size()));
  for (size_t c = 0; c < categories.size(); ++c) {
    const double x0 = kLeft + group * static_cast<double>(c) + group * 0.1;
    for (size_t s = 0; s < series.size(); ++s) {
      const double v = series[s].values[c];
      const double x = x0 + bar * static_cast<double>(s);
      svg += Rect(x, y_of(std::max(v, 0.0)), bar * 0.9,
                  y_of(std::min(v, 0.0)) - y_of(std::max(v, 0.0)),
                  kColours[s % kChartColours],
                  series[s].name + ", " + categories[c] + ": " + Label(v, unit));
      if (!series[s].errors.empty()) {
        const Interval& i = series[s].errors[c];
        const std::string mid = Num(x + bar * 0.45);
        svg += "<path d=\"M" + Num(x + bar * 0.25) + " " + Num(y_of(i.low)) + "H" +
               Num(x + bar * 0.65) + "M" + mid + " " + Num(y_of(i.low)) + "V" +
               Num(y_of(i.high)) + "M" + Num(x + bar * 0.25) + " " + Num(y_of(i.high)) +
               "H" + Num(x + bar * 0.65) + "\" stroke=\"#222\" fill=\"none\"/>\n";
      }
    }
    if (c % std::max<size_t>(1, label_every) != 0) continue;
    svg += "<text x=\"" + Num(x0 + group * 0.4) + "\" y=\"" +
           std::to_string(kHeight - kBottom + 14) + "\" text-anchor=\"middle\">" +
           XmlEscape(categories[c]) + "</text>\n";
  }
  std::vector<std::string> names;
  for (const BarSeries& s : series) names.push_back(s.name);
  return svg + Legend(names) + "</svg>\n";
}

std::string HistogramSvg(const std::string& title, const std::string& x_label,
                         const std::vector<HistogramSeries>& series) {
  int64_t lo = 0, hi = 0;
  bool any = false;
  for (const HistogramSeries& s : series) {
    if (s.counts->empty()) continue;
    lo = any ? std::min(lo, s.counts->begin()->first) : s.counts->begin()->first;
    hi = any ? std::max(hi, s.counts->rbegin()->first) : s.counts->rbegin()->first;
    any = true;
  }
  const int64_t width = std::max<int64_t>(1, (hi - lo + kMaxBins) / kMaxBins);
  const auto bins = static_cast<size_t>((hi - lo) / width + 1);
  std::vector<std::string> categories;
  for (size_t k = 0; k < bins; ++k) {
    const int64_t from = lo + static_cast<int64_t>(k) * width;
    categories.push_back(width == 1 ? std::to_string(from)
                                    : std::to_string(from) + ".." +
                                          std::to_string(from + width - 1));
  }
  std::vector<BarSeries> bars;
  for (const HistogramSeries& s : series) {
    BarSeries b{s.name, std::vector<double>(bins, 0.0), {}};
    const double n = static_cast<double>(std::max<int64_t>(1, HistogramCount(*s.counts)));
    for (const auto& [value, count] : *s.counts) {
      b.values[static_cast<size_t>((value - lo) / width)] +=
          static_cast<double>(count) / n;
    }
    bars.push_back(std::move(b));
  }
  // Few labels fit under many bins: every few are labelled.
  return BarChartSvg(title + " (" + x_label + ", share of games)", categories, bars, "%",
                     std::max<size_t>(1, bins / 8));
}

}  // namespace angler
