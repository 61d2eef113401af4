// bench/scaling_report.h: the scaling plot's gnuplot script.
#include "endsolve/bench/scaling_report.h"

#include <string>
#include <vector>

#include "endsolve/bench/scaling.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::bench {
namespace {

using ::testing::HasSubstr;

// The scaling plot's axes take every point: a node overhead below 0 too.
TEST(ScalingPlotTest, TheOverheadAxisTakesANegativePointAndTheBandItsLabel) {
  std::vector<ScalingRow> rows(3);
  rows[0].threads = 1, rows[0].median_seconds = 2, rows[0].median_nodes = 1000000;
  rows[1].threads = 2, rows[1].median_seconds = 1.1, rows[1].median_nodes = 994000;  // -0.6%
  rows[2].threads = 16, rows[2].median_seconds = 1, rows[2].median_nodes = 1100000;
  rows[2].oversubscribed = true;
  const std::string script = ScalingPlotScript("s.svg", rows, "FFO #1");
  EXPECT_THAT(script, HasSubstr("set y2range [-1.9:12.0]\n")) << script;
  EXPECT_THAT(script, HasSubstr("set label 1 'oversubscribed: no speedup figures' at graph 0.98, "
                                "graph 0.05 right\n"));
  rows[1].median_nodes = 1000000;
  EXPECT_THAT(ScalingPlotScript("s.svg", rows, "FFO #1"),
              HasSubstr("set y2range [0.0:12.0]\n"));
}

}  // namespace
}  // namespace endsolve::bench
