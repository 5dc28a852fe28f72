#include "tools/statistics.h"

#include <algorithm>
#include <cmath>

namespace angler {
namespace {

// t(0.975, df) for df = 1..30, from the standard tables.
constexpr double kT975[] = {
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010,  2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796,  2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423};

}  // namespace

Interval WilsonInterval(int64_t successes, int64_t n) {
  if (n <= 0) return {0, 1};
  const double z2 = kZ95 * kZ95;
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half =
      kZ95 / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double StudentT975(int64_t df) {
  if (df < 1) df = 1;
  if (df <= 30) return kT975[df - 1];
  // The Cornish-Fisher expansion around the normal quantile: within 1e-4 of
  // the tables from 30 degrees of freedom on.
  const double z = kZ95, d = static_cast<double>(df);
  const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
  return z + (z3 + z) / (4 * d) + (5 * z5 + 16 * z3 + 3 * z) / (96 * d * d) +
         (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * d * d * d);
}

double Moments::Variance() const {
  if (n < 2) return 0;
  const double nn = static_cast<double>(n);
  const double v = (sum_squares - sum * sum / nn) / (nn - 1);
  return v > 0 ? v : 0;  // rounding can leave a tiny negative
}

std::optional<Interval> Moments::MeanInterval() const {
  if (n < 2) return std::nullopt;
  const double mean = Mean();
  const double half = StudentT975(n - 1) * std::sqrt(Variance() / static_cast<double>(n));
  return Interval{mean - half, mean + half};
}

int64_t HistogramCount(const Histogram& h) {
  int64_t n = 0;
  for (const auto& [value, count] : h) n += count;
  return n;
}

Moments HistogramMoments(const Histogram& h) {
  Moments m;
  for (const auto& [value, count] : h) {
    const double v = static_cast<double>(value), c = static_cast<double>(count);
    m.n += count;
    m.sum += v * c;
    m.sum_squares += v * v * c;
  }
  return m;
}

int64_t Percentile(const Histogram& h, double p) {
  const int64_t n = HistogramCount(h);
  if (n == 0) return 0;
  // Rank ceil(p/100 * n), at least 1; in integers so that 50% of 10 is 5.
  const auto rank = std::max<int64_t>(
      1, static_cast<int64_t>(std::ceil(p * static_cast<double>(n) / 100 - 1e-9)));
  int64_t seen = 0;
  for (const auto& [value, count] : h) {
    seen += count;
    if (seen >= rank) return value;
  }
  return h.rbegin()->first;
}

}  // namespace angler
