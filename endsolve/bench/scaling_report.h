// The tables and files of `endsolve bench scaling` (table, CSV, plot), from
// the rows endsolve/bench/scaling.h measures.
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
// predicted speedup at its count (endsolve/solver/span_model.h), and a line after
// the table the parallelism of `policy` and of the other policy with
// unlimited threads.
std::string FormatScalingTable(const std::vector<ScalingRow>& rows, int cores, int repeat,
                               const ParallelismFigures* parallelism = nullptr,
                               std::string_view policy = "");
// The rows' ThreadUse (--verbose): per thread count, the share of the
// threads' time searching, waiting at split points and idle; the split
// points' task counters; the wasted nodes by node class.
// `time` names what the shares are of: "wall time", or a virtual machine's
// "ticks".
std::string FormatThreadUse(const std::vector<ScalingRow>& rows,
                            std::string_view time = "wall time");
// The first line of WriteScalingCsv's file, which tells it from a user's.
inline constexpr char kScalingCsvHeader[] =
    "threads,median_seconds,speedup,efficiency,median_nodes,node_overhead,nodes_per_second,"
    "wrong,oversubscribed,parallelism,predicted_speedup,search_share,wait_share,idle_share,"
    "splits,spawned,stolen,late,cancelled,wasted_nodes";
// The table as CSV, written at once (WriteFileAtomically); the parallelism
// columns are 0 where not measured, the thread-use columns empty without
// --verbose.
absl::Status WriteScalingCsv(const std::string& path, const std::vector<ScalingRow>& rows);

// Checks, as the option is parsed, that `path` can take a plot: it ends
// in .svg or .png (any case), which picks gnuplot's terminal. Whether the
// file may be written is endsolve/output/output_path.h's check, made before the run
// (PlotPicture).
absl::Status CheckPlotPath(const std::string& path);

// The gnuplot line that draws a PNG or an SVG by the extension of `path`
// (CheckPlotPath), 800 by 500, on gnuplot's standard output.
std::string GnuplotTerminal(const std::string& path);

// `text` as a gnuplot string: single-quoted, a quote inside doubled, a line
// break made a space (it would end the command).
std::string GnuplotString(std::string_view text);

// Checks, before any work, that RunGnuplot will find gnuplot: an executable
// of that name in a folder of PATH, as posix_spawnp looks. The error says
// what to install.
absl::Status CheckGnuplot();

// Runs gnuplot on `script` (data inline, no `set output`: gnuplot draws on
// its standard output) and writes what it drew to `path` at once
// (WriteFileAtomically). Neither the path nor any other name of the user's
// reaches gnuplot, so no character of them is gnuplot syntax; gnuplot is
// started without a shell. A gnuplot that fails or draws nothing is an
// error naming `path`, which is then left as it was.
absl::Status RunGnuplot(const std::string& script, const std::string& path);

// The gnuplot script PlotScaling runs, its data inline: speedup on the left
// axis from 0, node overhead on the right from 0 or below the lowest
// (negative) point, the oversubscribed band labelled from the right edge.
std::string ScalingPlotScript(const std::string& path, const std::vector<ScalingRow>& rows,
                              const std::string& title);

// Draws speedup (with the ideal line and, where measured, the predicted
// speedup) and node overhead against threads
// with gnuplot into `path`, a PNG or an SVG by its extension
// (CheckPlotPath). Oversubscribed counts lie on a shaded band that starts
// between the last count that fits the cores and the next.
absl::Status PlotScaling(const std::string& path, const std::vector<ScalingRow>& rows,
                         const std::string& title);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_SCALING_REPORT_H_
