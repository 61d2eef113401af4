// Repeated timed solves of a position set, and their medians: the engine of
// `endsolve bench ffo` and `endsolve bench scaling`.
#ifndef ENDSOLVE_CLI_BENCH_RUNNER_H_
#define ENDSOLVE_CLI_BENCH_RUNNER_H_

#include <atomic>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "board/position.h"
#include "solver/solver.h"

namespace endsolve::cli {

// runs[r][i]: run r of position i. Every solve starts from a cleared table,
// so that runs are independent and comparable.
using BenchRuns = std::vector<std::vector<SolveResult>>;

// Solves every position `repeat` times with `options` (a table is made
// from options.hash_mib and options.scheme). Stops early, keeping the runs
// finished so far, when `cancel` is raised. Live progress goes to stderr
// when `live`.
absl::StatusOr<BenchRuns> RunBench(const std::vector<Position>& positions, SolveOptions options,
                                   int repeat, const std::atomic<bool>& cancel, bool live);

struct BenchRow {
  SolveResult result;      // the run with the median time (its move, score, PV)
  double median_seconds = 0;
  std::uint64_t median_nodes = 0;
  bool ok = true, checked = false;
};
struct BenchSummary {
  std::vector<BenchRow> rows;           // one per position of a complete run
  int complete_runs = 0;
  double median_total_seconds = 0;      // the median over runs of the run's total
  std::uint64_t median_total_nodes = 0;
  int wrong = 0;
};

BenchSummary Summarise(const std::vector<Position>& positions, const BenchRuns& runs, bool wld);

// The per-position table and the totals line, ready to paste.
std::string FormatBenchTable(const std::vector<Position>& positions, const BenchSummary& summary,
                             int threads, int repeat);

absl::Status WriteBenchCsv(const std::string& path, const std::vector<Position>& positions,
                           const BenchSummary& summary, int threads);

template <typename T>
T Median(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  if (n == 0) return T{};
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_BENCH_RUNNER_H_
