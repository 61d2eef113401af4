#include "cli/bench_runner.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/positions.h"
#include "cli/report.h"
#include "cli/tt_factory.h"

namespace endsolve::cli {

absl::StatusOr<BenchRuns> RunBench(const std::vector<Position>& positions, SolveOptions options,
                                   int repeat, const std::atomic<bool>& cancel, bool live) {
  auto tt = MakeTable(options);
  if (!tt.ok()) return tt.status();
  options.tt = tt->get();
  options.cancel = &cancel;
  BenchRuns runs;
  for (int r = 0; r < repeat && !cancel.load(); ++r) {
    std::vector<SolveResult> run;
    for (const Position& p : positions) {
      options.tt->Clear();
      if (live) {
        absl::FPrintF(stderr, "\r\033[Krun %d/%d, %s, %d threads...", r + 1, repeat, PositionId(p),
                      options.threads);
      }
      SolveResult result = Solve(p.board, options);
      if (!result.status.ok()) return result.status;
      if (result.stopped) break;
      run.push_back(std::move(result));
    }
    if (live) absl::FPrintF(stderr, "\r\033[K");
    if (run.size() != positions.size()) break;  // an interrupted run is not a sample
    runs.push_back(std::move(run));
  }
  return runs;
}

BenchSummary Summarise(const std::vector<Position>& positions, const BenchRuns& runs,
                       bool wld) {
  BenchSummary s;
  s.complete_runs = static_cast<int>(runs.size());
  if (runs.empty()) return s;
  std::vector<double> totals;
  std::vector<std::uint64_t> total_nodes;
  for (const auto& run : runs) {
    double t = 0;
    std::uint64_t n = 0;
    for (const SolveResult& r : run) {
      t += absl::ToDoubleSeconds(r.time);
      n += r.nodes.total();
    }
    totals.push_back(t);
    total_nodes.push_back(n);
  }
  s.median_total_seconds = Median(totals);
  s.median_total_nodes = Median(total_nodes);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    std::vector<double> times;
    std::vector<std::uint64_t> nodes;
    for (const auto& run : runs) {
      times.push_back(absl::ToDoubleSeconds(run[i].time));
      nodes.push_back(run[i].nodes.total());
    }
    BenchRow row;
    row.median_seconds = Median(times);
    row.median_nodes = Median(nodes);
    // The representative run is the one whose time is the median (the
    // lower middle for an even count).
    std::vector<std::size_t> order(runs.size());
    for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
    row.result = runs[order[(order.size() - 1) / 2]][i];
    // Every run must be right, not just the median one.
    for (const auto& run : runs) {
      const Verdict v = CheckAnswer(positions[i], run[i], wld);
      if (v != Verdict::kUnknown) row.checked = true;
      if (v == Verdict::kWrong) row.ok = false;
    }
    if (row.checked && !row.ok) ++s.wrong;
    s.rows.push_back(std::move(row));
  }
  return s;
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

}  // namespace endsolve::cli
