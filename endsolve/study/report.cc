#include "endsolve/study/report.h"

#include <algorithm>
#include <sstream>
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "endsolve/bench/report.h"
#include "endsolve/bench/scaling_report.h"
#include "endsolve/board/notation.h"
#include "endsolve/output/write_file.h"
#include "endsolve/positions/arguments.h"

namespace endsolve::study {
namespace {

// The name of the algorithm the ratio column compares with: the plain
// alpha-beta search, the baseline of every enhancement in the study.
constexpr absl::string_view kBaseline = "alphabeta";

// One figure of one search, as a number.
double Figure(const SearchOutcome& outcome, Measure measure) {
  switch (measure) {
    case Measure::kLeaves: return static_cast<double>(outcome.nodes.leaves);
    case Measure::kInternal: return static_cast<double>(outcome.nodes.internal);
    case Measure::kSeconds: return outcome.seconds;
  }
  return 0;
}

// A figure as the table prints it: counts whole, seconds to the millisecond.
std::string FormatFigure(double value, Measure measure) {
  if (measure == Measure::kSeconds) return absl::StrFormat("%.3f", value);
  return absl::StrFormat("%d", static_cast<std::uint64_t>(value));
}

// The table's cells before layout: a label pair and the values of each row.
struct Grid {
  std::vector<std::string> header;                       // one per value column
  std::vector<std::pair<std::string, std::string>> labels;  // algorithm, depth
  std::vector<std::vector<std::string>> cells;           // [row][column]
};

// Lays out `grid` in blocks no wider than `width`: each block repeats the
// two label columns and takes as many value columns as fit (at least one).
std::string Layout(const Grid& grid, int width) {
  std::size_t algorithm_width = std::string("algorithm").size();
  std::size_t depth_width = std::string("depth").size();
  for (const auto& [algorithm, depth] : grid.labels) {
    algorithm_width = std::max(algorithm_width, algorithm.size());
    depth_width = std::max(depth_width, depth.size());
  }
  std::vector<std::size_t> column_width(grid.header.size());
  for (std::size_t c = 0; c < grid.header.size(); ++c) {
    column_width[c] = grid.header[c].size();
    for (const auto& row : grid.cells) column_width[c] = std::max(column_width[c], row[c].size());
  }
  const std::size_t labels_width = algorithm_width + 1 + depth_width;
  std::string out;
  for (std::size_t first = 0; first < grid.header.size();) {
    std::size_t last = first + 1, used = labels_width + 1 + column_width[first];
    while (last < grid.header.size() && used + 1 + column_width[last] <= static_cast<std::size_t>(width)) {
      used += 1 + column_width[last];
      ++last;
    }
    if (!out.empty()) out += "\n";
    absl::StrAppendFormat(&out, "%-*s %*s", algorithm_width, "algorithm", depth_width, "depth");
    for (std::size_t c = first; c < last; ++c) {
      absl::StrAppendFormat(&out, " %*s", column_width[c], grid.header[c]);
    }
    out += "\n";
    for (std::size_t r = 0; r < grid.labels.size(); ++r) {
      absl::StrAppendFormat(&out, "%-*s %*s", algorithm_width, grid.labels[r].first, depth_width,
                            grid.labels[r].second);
      for (std::size_t c = first; c < last; ++c) {
        absl::StrAppendFormat(&out, " %*s", column_width[c], grid.cells[r][c]);
      }
      out += "\n";
    }
    first = last;
  }
  return out;
}

// The rows of `results` by (algorithm, depth), each a value per position;
// missing searches (an interrupted study) leave the entry empty.
using RowKey = std::pair<int, int>;
std::map<RowKey, std::vector<std::optional<SearchOutcome>>> ByRow(const StudyResults& results,
                                                                   std::size_t positions) {
  std::map<RowKey, std::vector<std::optional<SearchOutcome>>> rows;
  for (const StudyRow& r : results.rows) {
    auto& row = rows[{r.algorithm, r.depth}];
    row.resize(positions);
    row[static_cast<std::size_t>(r.position)] = r.outcome;
  }
  return rows;
}

}  // namespace

absl::StatusOr<std::vector<Measure>> ParseMeasures(absl::string_view list) {
  std::vector<Measure> measures;
  for (absl::string_view name : absl::StrSplit(list, ',', absl::SkipWhitespace())) {
    if (name == "leaves") measures.push_back(Measure::kLeaves);
    else if (name == "internal") measures.push_back(Measure::kInternal);
    else if (name == "seconds") measures.push_back(Measure::kSeconds);
    else {
      return absl::InvalidArgumentError(absl::StrCat(
          "expected leaves, internal or seconds, comma-separated, found '", name, "'"));
    }
  }
  if (measures.empty()) {
    return absl::InvalidArgumentError("expected at least one of leaves, internal, seconds");
  }
  return measures;
}

std::string MeasureName(Measure measure) {
  switch (measure) {
    case Measure::kLeaves: return "leaves";
    case Measure::kInternal: return "internal nodes";
    case Measure::kSeconds: return "seconds";
  }
  return "";
}

std::string FormatCrossTable(const StudyResults& results, const StudyOptions& options,
                             const std::vector<Position>& positions, Measure measure, int width) {
  const auto rows = ByRow(results, positions.size());
  int baseline = -1;
  for (std::size_t a = 0; a < options.algorithms.size(); ++a) {
    if (options.algorithms[a].name == kBaseline) baseline = static_cast<int>(a);
  }
  // Totals of complete rows only: a partial total would mislead the ratio.
  std::map<RowKey, double> totals;
  for (const auto& [key, row] : rows) {
    double total = 0;
    bool complete = true;
    for (const auto& outcome : row) {
      if (!outcome) complete = false;
      else total += Figure(*outcome, measure);
    }
    if (complete) totals[key] = total;
  }
  Grid grid;
  for (const Position& p : positions) grid.header.push_back(PositionId(p));
  grid.header.push_back("total");
  grid.header.push_back(absl::StrCat("vs ", kBaseline));
  for (const auto& [key, row] : rows) {
    grid.labels.emplace_back(options.algorithms[static_cast<std::size_t>(key.first)].name,
                             absl::StrCat(key.second));
    std::vector<std::string> cells;
    for (const auto& outcome : row) cells.push_back(outcome ? FormatFigure(Figure(*outcome, measure), measure) : "-");
    const auto total = totals.find(key);
    cells.push_back(total != totals.end() ? FormatFigure(total->second, measure) : "-");
    const auto base = totals.find({baseline, key.second});
    if (total != totals.end() && base != totals.end() && base->second > 0) {
      cells.push_back(absl::StrFormat("%.3f", total->second / base->second));
    } else {
      cells.push_back("-");
    }
    grid.cells.push_back(std::move(cells));
  }
  return Layout(grid, width);
}

absl::Status WriteStudyCsv(const std::string& path, const StudyResults& results,
                           const StudyOptions& options, const std::vector<Position>& positions) {
  std::ostringstream out;
  out << kStudyCsvHeader << '\n';
  for (const StudyRow& r : results.rows) {
    const SearchOutcome& o = r.outcome;
    out << bench::CsvField(options.algorithms[static_cast<std::size_t>(r.algorithm)].name) << ','
        << r.depth << ',' << bench::CsvField(PositionId(positions[static_cast<std::size_t>(r.position)]))
        << ',' << o.nodes.leaves << ',' << o.nodes.internal << ','
        << absl::StrFormat("%.6f", o.seconds) << ',' << o.value << ',' << SquareName(o.best_move)
        << '\n';
  }
  return WriteFileAtomically(path, out.str());
}

// One gnuplot data block per algorithm: depth and total nodes, inline.
absl::Status PlotStudy(const std::string& path, const StudyResults& results,
                       const StudyOptions& options, const std::string& title) {
  if (absl::Status usable = bench::CheckPlotPath(path); !usable.ok()) return usable;
  std::map<RowKey, double> nodes;
  for (const StudyRow& r : results.rows) {
    nodes[{r.algorithm, r.depth}] += static_cast<double>(r.outcome.nodes.total());
  }
  std::string plot = "plot ";
  std::string data;
  for (std::size_t a = 0; a < options.algorithms.size(); ++a) {
    std::string block;
    for (const auto& [key, total] : nodes) {
      if (key.first == static_cast<int>(a)) absl::StrAppendFormat(&block, "%d %.0f\n", key.second, total);
    }
    if (block.empty()) continue;
    absl::StrAppend(&plot, plot == "plot " ? "" : ", ", "'-' using 1:2 with linespoints title ",
                    bench::GnuplotString(options.algorithms[a].name));
    absl::StrAppend(&data, block, "e\n");
  }
  if (data.empty()) return absl::FailedPreconditionError("no search finished: nothing to plot");
  const std::string script = absl::StrCat(
      bench::GnuplotTerminal(path), "set title ", bench::GnuplotString(title), "\n",
      "set xlabel 'depth (plies)'\nset ylabel 'nodes (leaves + internal)'\n",
      "set logscale y\nset key left top\nset grid\nset xtics 1\n", plot, "\n", data);
  return bench::RunGnuplot(script, path);
}

}  // namespace endsolve::study
