// Confidence intervals and percentiles for what simulations count: win
// rates (a proportion), mean scores and paired differences (means), and
// score distributions (integer histograms).
//
// Every interval is at 95%. A proportion uses Wilson's score interval, which
// stays inside [0, 1] and behaves at 0 and n successes; a mean uses Student's
// t with n - 1 degrees of freedom (the normal approximation once n is large).
//
// REQUIRES: counts are non-negative; percentiles are in [0, 100].
#ifndef ANGLER_TOOLS_STATISTICS_H_
#define ANGLER_TOOLS_STATISTICS_H_

#include <cstdint>
#include <map>
#include <optional>

namespace angler {

// The two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double low = 0;
  double high = 0;

  // Whether the interval lies wholly on one side of zero.
  bool ExcludesZero() const { return low > 0 || high < 0; }
};

// Wilson's score interval for `successes` out of `n` (n == 0: [0, 1]).
Interval WilsonInterval(int64_t successes, int64_t n);

// The 97.5% quantile of Student's t with `df` degrees of freedom (df >= 1).
double StudentT975(int64_t df);

// Sums of a sample of numbers, enough for its mean and an interval; two of
// them add up to the sums of the samples together.
struct Moments {
  int64_t n = 0;
  double sum = 0;
  double sum_squares = 0;

  void Add(double x) {
    ++n;
    sum += x;
    sum_squares += x * x;
  }
  void Add(const Moments& o) {
    n += o.n;
    sum += o.sum;
    sum_squares += o.sum_squares;
  }
  double Mean() const { return n ? sum / static_cast<double>(n) : 0; }
  // The sample variance (n - 1 in the denominator); 0 below two values.
  double Variance() const;
  // Mean +- t * s / sqrt(n); none below two values: one value says nothing
  // of how far the mean could be off (callers show n/a, not [mean, mean]).
  std::optional<Interval> MeanInterval() const;
};

// How many times each integer value occurred.
using Histogram = std::map<int64_t, int64_t>;

int64_t HistogramCount(const Histogram& h);
Moments HistogramMoments(const Histogram& h);
// The nearest-rank percentile: the smallest value with at least p% of the
// sample at or below it (p == 0: the smallest value). 0 for an empty sample.
int64_t Percentile(const Histogram& h, double p);

// The percentiles `sim` reports.
inline constexpr double kReportedPercentiles[] = {5, 25, 50, 75, 95};

}  // namespace angler

#endif  // ANGLER_TOOLS_STATISTICS_H_
