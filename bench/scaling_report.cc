#include "bench/scaling_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace endsolve::bench {

std::string FormatScalingTable(const std::vector<ScalingRow>& rows, int cores, int repeat) {
  std::string out = absl::StrFormat(
      "scaling on %d cores, medians of %d runs; speedup and overhead against %d thread(s)\n", cores,
      repeat, rows.empty() ? 1 : rows.front().threads);
  absl::StrAppendFormat(&out, "%7s %10s %8s %10s %16s %9s %10s %5s\n", "threads", "time(s)",
                        "speedup", "efficiency", "nodes", "overhead", "Mnodes/s", "wrong");
  for (const ScalingRow& r : rows) {
    const ScalingRow& base = rows.front();
    absl::StrAppendFormat(
        &out, "%7d %10.3f %8.2f %10.2f %16d %8.1f%% %10.2f %5d%s\n", r.threads, r.median_seconds,
        Speedup(base, r), Efficiency(base, r), r.median_nodes, 100.0 * NodeOverhead(base, r),
        r.median_seconds > 0 ? static_cast<double>(r.median_nodes) / r.median_seconds / 1e6 : 0.0,
        r.wrong, r.oversubscribed ? "  oversubscribed: time is no speedup figure" : "");
  }
  return out;
}

absl::Status WriteScalingCsv(const std::string& path, const std::vector<ScalingRow>& rows) {
  std::ofstream out(path);
  if (!out) return absl::UnavailableError(absl::StrCat("cannot write ", path));
  out << "threads,median_seconds,speedup,efficiency,median_nodes,node_overhead,nodes_per_second,"
         "wrong,oversubscribed\n";
  for (const ScalingRow& r : rows) {
    const ScalingRow& base = rows.front();
    out << absl::StrFormat("%d,%.6f,%.4f,%.4f,%d,%.6f,%.0f,%d,%s\n", r.threads, r.median_seconds,
                           Speedup(base, r), Efficiency(base, r), r.median_nodes,
                           NodeOverhead(base, r),
                           r.median_seconds > 0 ? static_cast<double>(r.median_nodes) / r.median_seconds : 0.0,
                           r.wrong, r.oversubscribed ? "true" : "false");
  }
  out.close();
  if (!out) return absl::DataLossError(absl::StrCat("error writing ", path));
  return absl::OkStatus();
}

namespace {

// ".png" for "s.PNG": the extension that picks gnuplot's terminal.
std::string LowerExtension(const std::string& path) {
  return absl::AsciiStrToLower(std::filesystem::path(path).extension().string());
}

}  // namespace

absl::Status CheckPlotPath(const std::string& path) {
  const std::string extension = LowerExtension(path);
  if (extension != ".svg" && extension != ".png") {
    return absl::InvalidArgumentError(absl::StrCat(
        "expected a file name ending in .svg or .png, found '", path, "'"));
  }
  return CheckOutputPath(path);
}

absl::Status CheckOutputPath(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat("there is no folder ", folder.string(), " to write ", path, " in"));
  }
  if (std::filesystem::is_directory(path, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(path, " is a folder; expected a file name"));
  }
  return absl::OkStatus();
}

std::string GnuplotTerminal(const std::string& path) {
  return LowerExtension(path) == ".png" ? "set terminal pngcairo size 800,500\n"
                                        : "set terminal svg size 800,500 dynamic\n";
}

absl::Status RunGnuplot(const std::string& script, const std::string& path) {
  FILE* gnuplot = popen("gnuplot", "w");
  if (gnuplot == nullptr) return absl::UnavailableError("cannot run gnuplot (scripts/setup installs it)");
  std::fwrite(script.data(), 1, script.size(), gnuplot);
  const int status = pclose(gnuplot);
  if (status != 0) {
    return absl::UnavailableError(absl::StrCat(
        "gnuplot failed to draw ", path, " (is it installed? scripts/setup installs gnuplot-nox)"));
  }
  return absl::OkStatus();
}

// Writes the data inline into a gnuplot script (no temporary data file) and
// runs gnuplot on it: speedup on the left axis with the ideal y = x line,
// node overhead in percent on the right axis.
absl::Status PlotScaling(const std::string& path, const std::vector<ScalingRow>& rows,
                         const std::string& title) {
  if (absl::Status usable = CheckPlotPath(path); !usable.ok()) return usable;
  double max_overhead = 0;
  for (const ScalingRow& r : rows) {
    max_overhead = std::max(max_overhead, 100.0 * NodeOverhead(rows.front(), r));
  }
  std::string script = absl::StrCat(
      GnuplotTerminal(path),
      "set output '", path, "'\n", "set title '", title, "'\n",
      "set xlabel 'threads'\nset ylabel 'speedup'\nset y2label 'node overhead (%)'\n",
      "set ytics nomirror\nset y2tics\nset key left top\nset grid\n",
      "set logscale x 2\nset yrange [0:*]\n",
      // Room right of the last count, so that its tic is not on the border.
      absl::StrFormat("set xrange [0.8:%.2f]\n", 1.25 * rows.back().threads),
      // A fixed top when every overhead is ~0, so gnuplot has a range to draw.
      absl::StrFormat("set y2range [0:%.1f]\n", std::max(5.0, 1.2 * max_overhead)),
      "plot '-' using 1:2 with linespoints title 'speedup' axes x1y1, "
      "'-' using 1:1 with lines dashtype 2 title 'ideal' axes x1y1, "
      "'-' using 1:3 with linespoints title 'node overhead (%)' axes x1y2\n");
  // Oversubscribed counts lie on a shaded band: their times are no speedup
  // figures, their overheads are. The band starts halfway (on the log axis)
  // between the largest count that fits the cores and the smallest that
  // does not, so that the last real speedup is drawn outside it.
  int fitting = 0;
  int first_oversubscribed = 0;
  for (const ScalingRow& r : rows) {
    if (!r.oversubscribed) {
      fitting = std::max(fitting, r.threads);
    } else if (first_oversubscribed == 0 || r.threads < first_oversubscribed) {
      first_oversubscribed = r.threads;
    }
  }
  std::string band;
  if (first_oversubscribed > 0 && fitting > 0) {
    const double start = std::sqrt(static_cast<double>(fitting) * first_oversubscribed);
    band = absl::StrFormat(
        "set object 1 rect from first %.3f, graph 0 to graph 1, graph 1 behind "
        "fillcolor rgb '#e8e8e8' fillstyle solid noborder\n"
        "set label 1 'oversubscribed: no speedup figures' at first %.3f, graph 0.05\n",
        start, start * 1.05);
  }
  std::string xtics;
  for (const ScalingRow& r : rows) absl::StrAppend(&xtics, xtics.empty() ? "" : ",", r.threads);
  script.insert(script.find("plot '-'"), absl::StrCat(band, "set xtics (", xtics, ")\n"));
  std::string data;
  for (const ScalingRow& r : rows) {
    absl::StrAppendFormat(&data, "%d %.4f %.3f\n", r.threads, Speedup(rows.front(), r),
                          100.0 * NodeOverhead(rows.front(), r));
  }
  absl::StrAppend(&script, data, "e\n", data, "e\n", data, "e\n");
  return RunGnuplot(script, path);
}

}  // namespace endsolve::bench
