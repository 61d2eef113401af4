// The thread-scaling benchmark: the same positions at several thread
// counts, with speedup, efficiency and search overhead against 1 thread.
#ifndef ENDSOLVE_CLI_SCALING_H_
#define ENDSOLVE_CLI_SCALING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace endsolve::cli {

struct ScalingRow {
  int threads = 1;
  double median_seconds = 0;        // median over runs of the total wall time
  std::uint64_t median_nodes = 0;   // median over runs of the total nodes
  int wrong = 0;                    // positions solved wrongly in any run
  bool oversubscribed = false;      // more threads than the machine's cores
};

// Derived columns, taken against `base` (the 1-thread row).
double Speedup(const ScalingRow& base, const ScalingRow& row);
double Efficiency(const ScalingRow& base, const ScalingRow& row);
double NodeOverhead(const ScalingRow& base, const ScalingRow& row);  // 0.10 = 10% more nodes

// The table to paste, with oversubscribed rows marked: their time is no
// speedup figure, but their node overhead is a true search overhead.
std::string FormatScalingTable(const std::vector<ScalingRow>& rows, int cores, int repeat);
absl::Status WriteScalingCsv(const std::string& path, const std::vector<ScalingRow>& rows);

// Checks, before hours of runs, that `path` can take a plot: it ends in
// .svg or .png (any case) and its folder exists.
absl::Status CheckPlotPath(const std::string& path);

// Draws speedup (with the ideal line) and node overhead against threads
// with gnuplot into `path`, a PNG or an SVG by its extension
// (CheckPlotPath). Oversubscribed counts lie on a shaded band that starts
// between the last count that fits the cores and the next.
absl::Status PlotScaling(const std::string& path, const std::vector<ScalingRow>& rows,
                         const std::string& title);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_SCALING_H_
