// The thread-scaling benchmark: the same positions at several thread
// counts, with speedup, efficiency and search overhead against the first
// count (normally 1 thread).
#ifndef ENDSOLVE_BENCH_SCALING_H_
#define ENDSOLVE_BENCH_SCALING_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"

namespace endsolve::bench {

// Where the threads of one thread count spent their time
// (endsolve/solver/thread_stats.h): fractions of the threads' wall time over all
// its runs, and the split points' counters, a run's mean.
struct ThreadUse {
  double search = 0, wait = 0, idle = 0;  // fractions of threads x wall time
  std::uint64_t splits = 0, spawned = 0, started = 0, stolen = 0, late = 0, cancelled = 0,
                joined = 0;
  // Wasted nodes by node class (search::NodeClass order; thread_stats.h
  // says which), all moves started at split points by class, and those of
  // them started after the first that cut off.
  std::array<std::uint64_t, search::kNodeClasses> wasted_nodes{}, split_moves{}, wasted_moves{};
};

// The ThreadUse of `stats`, gathered over `runs` runs of one thread count:
// the shares of the whole (of threads x wall time), the counters a run's
// mean.
ThreadUse SummariseThreadUse(const search::ParallelStats& stats, int runs);

struct ScalingRow {
  int threads = 1;
  double median_seconds = 0;        // median over runs of the total wall time
  std::uint64_t median_nodes = 0;   // median over runs of the total nodes
  int wrong = 0;                    // positions solved wrongly in any run
  bool oversubscribed = false;      // more threads than the machine's cores
  // The work/span model of the split policy at this count
  // (endsolve/solver/span_model.h), from one one-thread solve of the positions:
  // work / span, and the predicted speedup. 0: not measured.
  double parallelism = 0;
  double predicted_speedup = 0;
  std::optional<ThreadUse> use;     // with --verbose only
};

// The work/span model of the positions, once for all counts: the
// parallelism of `kind` at each count, and of the other policy for
// comparison (unlimited threads), from a one-thread solve of each position.
struct ParallelismFigures {
  std::vector<double> parallelism, predicted;  // by thread count, in order
  double unlimited = 0;       // the policy with unlimited threads
  double other_unlimited = 0; // the other policy, likewise
};
absl::StatusOr<ParallelismFigures> MeasureParallelism(const std::vector<Position>& positions,
                                                      const SolveOptions& base,
                                                      const std::vector<int>& thread_counts,
                                                      const std::atomic<bool>& cancel,
                                                      const std::function<void(int)>& on_start);

// A comma-separated list of thread counts ("1,2,4,8"), each at least 1:
// bench scaling's --threads.
absl::StatusOr<std::vector<int>> ParseThreadCounts(absl::string_view spec);

// Derived columns, taken against `base` (the first row).
double Speedup(const ScalingRow& base, const ScalingRow& row);
double Efficiency(const ScalingRow& base, const ScalingRow& row);
double NodeOverhead(const ScalingRow& base, const ScalingRow& row);  // 0.10 = 10% more nodes

// Runs `positions` `repeat` times at each of `thread_counts`, in order, with
// `base` (its table is used and cleared before every solve) and returns a
// row per count that completed; `cores` marks the oversubscribed rows.
// With `parallelism` the rows carry its figures; with `verbose` each row
// also says where its threads spent their time (ThreadUse).
// `on_start` is told of each solve as it starts (threads, run, position),
// `on_row` of each row as it is measured. Stops at the first count that
// `cancel` interrupts.
absl::StatusOr<std::vector<ScalingRow>> MeasureScaling(
    const std::vector<Position>& positions, const SolveOptions& base,
    const std::vector<int>& thread_counts, int repeat, int cores, const std::atomic<bool>& cancel,
    const std::function<void(int threads, int run, int position)>& on_start = {},
    const std::function<void(const ScalingRow&)>& on_row = {},
    const ParallelismFigures* parallelism = nullptr, bool verbose = false);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_SCALING_H_
