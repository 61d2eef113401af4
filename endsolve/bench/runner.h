// Repeated timed solves of a position set, and their medians: what
// `endsolve bench ffo` and `endsolve bench scaling` measure. This library
// measures and returns rows; cli/ prints them.
#ifndef ENDSOLVE_BENCH_RUNNER_H_
#define ENDSOLVE_BENCH_RUNNER_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"

namespace endsolve::bench {

// runs[r][i]: run r of position i.
using BenchRuns = std::vector<std::vector<SolveResult>>;

// Called before each solve: run r (0-based), position i.
using OnSolveStart = std::function<void(int run, int position)>;

// Gives `options` a table when it has none (options.tt null): one made from
// options.table and kept in `owned`, so that a benchmark makes one table
// for all its solves. The error is Create's (a size the machine cannot hold).
absl::Status GiveTable(SolveOptions& options, std::unique_ptr<TranspositionTable>& owned);

// Solves every position `repeat` times with `options`, whose table (given,
// or made by GiveTable) is cleared before every solve so that runs are
// independent and comparable. Stops early, keeping the complete runs
// finished so far, when `cancel` is raised: an interrupted run is not a
// sample.
absl::StatusOr<BenchRuns> RunBench(const std::vector<Position>& positions, SolveOptions options,
                                   int repeat, const std::atomic<bool>& cancel,
                                   const OnSolveStart& on_start = {});

struct BenchRow {
  SolveResult result;      // the run with the median time (its move, score, PV)
  double median_seconds = 0;
  std::uint64_t median_nodes = 0;
  bool ok = true, checked = false;  // every run right; the input had answers
};

struct BenchSummary {
  std::vector<BenchRow> rows;           // one per position of a complete run
  int complete_runs = 0;
  double median_total_seconds = 0;      // the median over runs of the run's total
  std::uint64_t median_total_nodes = 0;
  int wrong = 0;
};

BenchSummary Summarise(const std::vector<Position>& positions, const BenchRuns& runs, bool wld);

// The median; the mean of the two middle values for an even count.
template <typename T>
T Median(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  if (n == 0) return T{};
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_RUNNER_H_
