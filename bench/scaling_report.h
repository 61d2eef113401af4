// The tables and files of `endsolve bench scaling` (table, CSV, plot), from
// the rows bench/scaling.h measures.
#ifndef ENDSOLVE_BENCH_SCALING_REPORT_H_
#define ENDSOLVE_BENCH_SCALING_REPORT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "endsolve/bench/scaling.h"

namespace endsolve::bench {

// The table to paste, with oversubscribed rows marked: their time is no
// speedup figure, but their node overhead is a true search overhead. With
// `parallelism`, each row shows the split policy's parallelism and
// predicted speedup at its count (solver/parallelism.h), and a line after
// the table the parallelism of `policy` and of the other policy with
// unlimited threads.
std::string FormatScalingTable(const std::vector<ScalingRow>& rows, int cores, int repeat,
                               const ParallelismFigures* parallelism = nullptr,
                               std::string_view policy = "");
// The rows' ThreadUse (--verbose): per thread count, the share of the
// threads' time searching, waiting at split points and idle; the split
// points' task counters; the wasted nodes by node class.
std::string FormatThreadUse(const std::vector<ScalingRow>& rows);
// The table as CSV; the parallelism columns are 0 where not measured, the
// thread-use columns empty without --verbose.
absl::Status WriteScalingCsv(const std::string& path, const std::vector<ScalingRow>& rows);

// Checks, before hours of runs, that an output file can be written at
// `path`: its folder exists and `path` is not itself a folder. Every output
// path of a long command (--csv, --plot) is checked so, when it is parsed.
absl::Status CheckOutputPath(const std::string& path);

// Checks, before hours of runs, that `path` can take a plot: it ends in
// .svg or .png (any case) and CheckOutputPath.
absl::Status CheckPlotPath(const std::string& path);

// The gnuplot line that writes `path` as a PNG or an SVG by its extension
// (CheckPlotPath), 800 by 500.
std::string GnuplotTerminal(const std::string& path);

// Runs gnuplot on `script` (data inline); its error names `path`, the plot
// it was to draw.
absl::Status RunGnuplot(const std::string& script, const std::string& path);

// Draws speedup (with the ideal line and, where measured, the predicted
// speedup) and node overhead against threads
// with gnuplot into `path`, a PNG or an SVG by its extension
// (CheckPlotPath). Oversubscribed counts lie on a shaded band that starts
// between the last count that fits the cores and the next.
absl::Status PlotScaling(const std::string& path, const std::vector<ScalingRow>& rows,
                         const std::string& title);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_SCALING_REPORT_H_
