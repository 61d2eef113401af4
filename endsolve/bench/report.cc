#include "endsolve/bench/report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/board/notation.h"
#include "endsolve/output/write_file.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/solver/report.h"

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
  absl::StrAppend(&out, ResultColumnsHeader(id_width), "\n");
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const BenchRow& row = summary.rows[i];
    const Verdict verdict = !row.checked ? Verdict::kUnknown : row.ok ? Verdict::kOk : Verdict::kWrong;
    absl::StrAppend(&out, ResultColumns(positions[i], row.result, verdict, row.median_nodes,
                                        row.median_seconds, id_width), "\n");
  }
  const double t = summary.median_total_seconds;
  absl::StrAppendFormat(
      &out, "total: %d %s, %d wrong, %.3f s, %d nodes, %.2f Mnodes/s (medians of %d runs)\n",
      summary.rows.size(), summary.rows.size() == 1 ? "position" : "positions", summary.wrong, t, summary.median_total_nodes,
      t > 0 ? static_cast<double>(summary.median_total_nodes) / t / 1e6 : 0.0,
      summary.complete_runs);
  return out;
}

absl::Status WriteBenchCsv(const std::string& path, const std::vector<Position>& positions,
                           const BenchSummary& summary, int threads) {
  std::ostringstream out;
  out << kBenchCsvHeader << '\n';
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const BenchRow& row = summary.rows[i];
    const Position& p = positions[i];
    out << absl::StrFormat("%s,%d,%d,%s,%d,%s,%s,%d,%.6f,%d,%d\n", CsvField(PositionId(p)), threads,
                           p.board.EmptyCount(), SquareName(row.result.best_move),
                           row.result.score, p.HasAnswers() ? absl::StrCat(p.ExpectedScore()) : "",
                           row.checked ? (row.ok ? "true" : "false") : "", row.median_nodes,
                           row.median_seconds, row.result.nodes.leaves, row.result.nodes.internal);
  }
  return WriteFileAtomically(path, out.str());
}

}  // namespace endsolve::bench
