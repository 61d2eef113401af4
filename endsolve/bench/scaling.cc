#include "endsolve/bench/scaling.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "endsolve/bench/runner.h"

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

// One one-thread solve per position, in one table cleared before each (as
// every run here), with the model measuring the policy at every count, the
// policy with unlimited threads, and the other policy likewise.
absl::StatusOr<ParallelismFigures> MeasureParallelism(const std::vector<Position>& positions,
                                                      const SolveOptions& base,
                                                      const std::vector<int>& thread_counts,
                                                      const std::atomic<bool>& cancel,
                                                      const std::function<void(int)>& on_start) {
  using search::SplitPolicy;
  const SplitPolicy::Kind other = base.split_policy == SplitPolicy::Kind::kManyCore
                                      ? SplitPolicy::Kind::kTwoCore
                                      : SplitPolicy::Kind::kManyCore;
  SolveOptions options = base;
  options.threads = 1;
  options.parallelism_policies.clear();
  // The split threshold the user chose holds for every policy measured.
  auto policy = [&](SplitPolicy::Kind kind, int threads) {
    return SplitPolicy::For(kind, threads, base.split_min_empties);
  };
  const int counted = std::min(static_cast<int>(thread_counts.size()),
                               search::SpanTracker::kMaxPolicies - 2);
  for (int i = 0; i < counted; ++i) {
    options.parallelism_policies.push_back(policy(base.split_policy, thread_counts[i]));
  }
  options.parallelism_policies.push_back(policy(base.split_policy, kMaxThreads));
  options.parallelism_policies.push_back(policy(other, kMaxThreads));
  options.cancel = &cancel;
  search::SpanFigures total;
  auto solved = SolveEach(positions, options, on_start,
                          [&](int, const SolveResult& r) { total += r.parallelism; });
  if (!solved.ok()) return solved.status();
  ParallelismFigures figures;
  if (*solved < static_cast<int>(positions.size())) return figures;  // interrupted
  for (int i = 0; i < static_cast<int>(thread_counts.size()); ++i) {
    const int k = std::min(i, counted - 1);
    figures.parallelism.push_back(i < counted ? total.Parallelism(k) : 0);
    figures.predicted.push_back(i < counted ? total.PredictedSpeedup(k, thread_counts[i]) : 0);
  }
  figures.unlimited = total.Parallelism(counted);
  figures.other_unlimited = total.Parallelism(counted + 1);
  return figures;
}

ThreadUse SummariseThreadUse(const search::ParallelStats& stats, int runs) {
  ThreadUse use;
  const double all =
      static_cast<double>(stats.wall_ns) * static_cast<double>(stats.threads.size());
  if (all > 0) {
    for (std::size_t t = 0; t < stats.threads.size(); ++t) {
      use.search += static_cast<double>(stats.threads[t].search_ns.load()) / all;
      use.wait += static_cast<double>(stats.threads[t].wait_ns.load()) / all;
      use.idle += static_cast<double>(stats.IdleNs(static_cast<int>(t))) / all;
    }
  }
  const auto n = static_cast<std::uint64_t>(std::max(runs, 1));
  use.splits = stats.splits.load() / n;
  use.spawned = stats.spawned.load() / n;
  use.started = stats.started.load() / n;
  use.stolen = stats.stolen.load() / n;
  use.late = stats.late.load() / n;
  use.joined = stats.joined.load() / n;
  use.cancelled = stats.Cancelled() / n;
  for (int c = 0; c < search::kNodeClasses; ++c) {
    use.wasted_nodes[c] = stats.wasted_nodes[c].load() / n;
    use.split_moves[c] = stats.split_moves[c].load() / n;
    use.wasted_moves[c] = stats.wasted_moves[c].load() / n;
  }
  return use;
}

absl::StatusOr<std::vector<ScalingRow>> MeasureScaling(
    const std::vector<Position>& positions, const SolveOptions& base,
    const std::vector<int>& thread_counts, int repeat, int cores, const std::atomic<bool>& cancel,
    const std::function<void(int threads, int run, int position)>& on_start,
    const std::function<void(const ScalingRow&)>& on_row, const ParallelismFigures* parallelism,
    bool verbose) {
  SolveOptions with_table = base;
  std::unique_ptr<TranspositionTable> table;
  if (absl::Status s = GiveTable(with_table, table); !s.ok()) return s;
  std::vector<ScalingRow> rows;
  for (std::size_t i = 0; i < thread_counts.size(); ++i) {
    const int threads = thread_counts[i];
    SolveOptions options = with_table;
    options.threads = threads;
    std::optional<search::ParallelStats> stats;
    if (verbose) {
      stats.emplace(threads);
      options.parallel_stats = &*stats;
    }
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
    if (parallelism != nullptr && i < parallelism->parallelism.size()) {
      row.parallelism = parallelism->parallelism[i];
      row.predicted_speedup = parallelism->predicted[i];
    }
    if (stats.has_value()) row.use = SummariseThreadUse(*stats, repeat);
    rows.push_back(row);
    if (on_row) on_row(row);
  }
  return rows;
}

}  // namespace endsolve::bench
