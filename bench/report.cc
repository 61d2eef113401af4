#include "bench/report.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "board/arguments.h"
#include "board/notation.h"

namespace endsolve::bench {

std::string CsvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string FormatBenchTable(const std::vector<Position>& positions, const BenchSummary& summary,
                             int threads, int repeat) {
  std::string out = absl::StrFormat(
      "threads %d, %d of %d runs complete, medians per position\n", threads,
      summary.complete_runs, repeat);
  const int id_width = IdColumnWidth(positions);
  absl::StrAppendFormat(&out, "%-*s %3s %4s %5s %6s %-5s %14s %9s %8s\n", id_width, "id", "emp",
                        "move", "score", "expect", "check", "nodes", "time(s)", "Mnodes/s");
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const BenchRow& row = summary.rows[i];
    const Position& p = positions[i];
    absl::StrAppendFormat(
        &out, "%-*s %3d %4s %5s %6s %-5s %14d %9.3f %8.2f\n", id_width, PositionId(p),
        p.board.EmptyCount(),
        SquareName(row.result.best_move), FormatScore(row.result.score),
        p.HasAnswers() ? FormatScore(p.ExpectedScore()) : "",
        row.checked ? (row.ok ? "OK" : "WRONG") : "", row.median_nodes, row.median_seconds,
        row.median_seconds > 0 ? static_cast<double>(row.median_nodes) / row.median_seconds / 1e6
                               : 0.0);
  }
  const double t = summary.median_total_seconds;
  absl::StrAppendFormat(
      &out, "total: %d positions, %d wrong, %.3f s, %d nodes, %.2f Mnodes/s (medians of %d runs)\n",
      summary.rows.size(), summary.wrong, t, summary.median_total_nodes,
      t > 0 ? static_cast<double>(summary.median_total_nodes) / t / 1e6 : 0.0,
      summary.complete_runs);
  return out;
}

absl::Status WriteBenchCsv(const std::string& path, const std::vector<Position>& positions,
                           const BenchSummary& summary, int threads) {
  std::ofstream out(path);
  if (!out) return absl::UnavailableError(absl::StrCat("cannot write ", path));
  out << "id,threads,empties,best_move,score,expected,ok,median_nodes,median_seconds,"
         "leaves,internal_nodes\n";
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const BenchRow& row = summary.rows[i];
    const Position& p = positions[i];
    out << absl::StrFormat("%s,%d,%d,%s,%d,%s,%s,%d,%.6f,%d,%d\n", CsvField(PositionId(p)), threads,
                           p.board.EmptyCount(), SquareName(row.result.best_move),
                           row.result.score, p.HasAnswers() ? absl::StrCat(p.ExpectedScore()) : "",
                           row.checked ? (row.ok ? "true" : "false") : "", row.median_nodes,
                           row.median_seconds, row.result.nodes.leaves, row.result.nodes.internal);
  }
  out.close();
  if (!out) return absl::DataLossError(absl::StrCat("error writing ", path));
  return absl::OkStatus();
}

}  // namespace endsolve::bench
