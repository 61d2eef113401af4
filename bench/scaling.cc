#include "bench/scaling.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "bench/runner.h"

namespace endsolve::bench {

absl::StatusOr<std::vector<int>> ParseThreadCounts(absl::string_view spec) {
  std::vector<int> counts;
  for (absl::string_view item : absl::StrSplit(spec, ',')) {
    int n = 0;
    if (!absl::SimpleAtoi(item, &n) || n < 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "expected a comma-separated list of counts of at least 1, found '", spec, "'"));
    }
    counts.push_back(n);
  }
  return counts;
}

double Speedup(const ScalingRow& base, const ScalingRow& row) {
  return row.median_seconds > 0 ? base.median_seconds / row.median_seconds : 0.0;
}
double Efficiency(const ScalingRow& base, const ScalingRow& row) {
  return Speedup(base, row) / row.threads;
}
double NodeOverhead(const ScalingRow& base, const ScalingRow& row) {
  return base.median_nodes > 0
             ? static_cast<double>(row.median_nodes) / static_cast<double>(base.median_nodes) - 1.0
             : 0.0;
}

absl::StatusOr<std::vector<ScalingRow>> MeasureScaling(
    const std::vector<Position>& positions, const SolveOptions& base,
    const std::vector<int>& thread_counts, int repeat, int cores, const std::atomic<bool>& cancel,
    const std::function<void(int threads, int run, int position)>& on_start,
    const std::function<void(const ScalingRow&)>& on_row) {
  SolveOptions with_table = base;
  std::unique_ptr<TranspositionTable> table;
  if (absl::Status s = GiveTable(with_table, table); !s.ok()) return s;
  std::vector<ScalingRow> rows;
  for (const int threads : thread_counts) {
    SolveOptions options = with_table;
    options.threads = threads;
    auto runs = RunBench(positions, options, repeat, cancel, [&](int run, int position) {
      if (on_start) on_start(threads, run, position);
    });
    if (!runs.ok()) return runs.status();
    if (cancel.load() || static_cast<int>(runs->size()) < repeat) break;
    const BenchSummary summary = Summarise(positions, *runs, options.wld);
    ScalingRow row;
    row.threads = threads;
    row.median_seconds = summary.median_total_seconds;
    row.median_nodes = summary.median_total_nodes;
    row.wrong = summary.wrong;
    row.oversubscribed = threads > cores;
    rows.push_back(row);
    if (on_row) on_row(row);
  }
  return rows;
}

}  // namespace endsolve::bench
