#include "tools/statistics.h"

#include <catch2/catch.hpp>

namespace angler {
namespace {

TEST_CASE("WilsonInterval matches published values", "[statistics]") {
  // 50 of 100: 0.4038..0.5962; 0 of 10: 0..0.2775; 10 of 10: 0.7225..1.
  Interval half = WilsonInterval(50, 100);
  CHECK(half.low == Approx(0.4038).margin(1e-4));
  CHECK(half.high == Approx(0.5962).margin(1e-4));
  Interval none = WilsonInterval(0, 10);
  CHECK(none.low == 0);
  CHECK(none.high == Approx(0.2775).margin(1e-4));
  Interval all = WilsonInterval(10, 10);
  CHECK(all.low == Approx(0.7225).margin(1e-4));
  CHECK(all.high == Approx(1));
  Interval empty = WilsonInterval(0, 0);
  CHECK(empty.low == 0);
  CHECK(empty.high == Approx(1));
  CHECK(WilsonInterval(30, 100).ExcludesZero());
}

TEST_CASE("StudentT975 matches the tables", "[statistics]") {
  CHECK(StudentT975(1) == Approx(12.706).margin(1e-3));
  CHECK(StudentT975(10) == Approx(2.228).margin(1e-3));
  CHECK(StudentT975(30) == Approx(2.042).margin(1e-3));
  CHECK(StudentT975(40) == Approx(2.021).margin(1e-3));
  CHECK(StudentT975(60) == Approx(2.000).margin(1e-3));
  CHECK(StudentT975(120) == Approx(1.980).margin(1e-3));
  CHECK(StudentT975(1000000) == Approx(1.960).margin(1e-3));
}

TEST_CASE("Moments give the mean, the sample variance and a t interval", "[statistics]") {
  Moments m;
  for (int x = 1; x <= 5; ++x) m.Add(x);
  CHECK(m.Mean() == 3);
  CHECK(m.Variance() == Approx(2.5));
  // 3 +- t(4) * sqrt(2.5 / 5) = 3 +- 2.7764 * 0.7071.
  const Interval i = m.MeanInterval().value();
  CHECK(i.low == Approx(1.0368).margin(1e-3));
  CHECK(i.high == Approx(4.9632).margin(1e-3));
  Moments zeros;
  for (int k = 0; k < 10; ++k) zeros.Add(0);
  CHECK(!zeros.MeanInterval().value().ExcludesZero());
  // One value (or none) has no interval: not [7, 7], which would claim the
  // mean is known exactly.
  Moments one;
  one.Add(7);
  CHECK(!one.MeanInterval());
  CHECK(!Moments().MeanInterval());
  Moments both = m;
  both.Add(one);
  CHECK(both.n == 6);
  CHECK(both.sum == 22);
}

TEST_CASE("Percentile is the nearest rank", "[statistics]") {
  Histogram h;
  for (int v = 1; v <= 10; ++v) h[v] = 1;
  CHECK(Percentile(h, 0) == 1);
  CHECK(Percentile(h, 5) == 1);
  CHECK(Percentile(h, 25) == 3);
  CHECK(Percentile(h, 50) == 5);
  CHECK(Percentile(h, 95) == 10);
  CHECK(Percentile(h, 100) == 10);
  CHECK(Percentile({}, 50) == 0);
  Histogram skewed{{-2, 8}, {40, 2}};
  CHECK(Percentile(skewed, 80) == -2);
  CHECK(Percentile(skewed, 81) == 40);
  CHECK(HistogramCount(skewed) == 10);
  CHECK(HistogramMoments(skewed).Mean() == Approx(6.4));
}

}  // namespace
}  // namespace angler
