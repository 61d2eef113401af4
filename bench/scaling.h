// The thread-scaling benchmark: the same positions at several thread
// counts, with speedup, efficiency and search overhead against the first
// count (normally 1 thread).
#ifndef ENDSOLVE_BENCH_SCALING_H_
#define ENDSOLVE_BENCH_SCALING_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "board/position.h"
#include "solver/solver.h"

namespace endsolve::bench {

struct ScalingRow {
  int threads = 1;
  double median_seconds = 0;        // median over runs of the total wall time
  std::uint64_t median_nodes = 0;   // median over runs of the total nodes
  int wrong = 0;                    // positions solved wrongly in any run
  bool oversubscribed = false;      // more threads than the machine's cores
};

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
// `on_start` is told of each solve as it starts (threads, run, position),
// `on_row` of each row as it is measured. Stops at the first count that
// `cancel` interrupts.
absl::StatusOr<std::vector<ScalingRow>> MeasureScaling(
    const std::vector<Position>& positions, const SolveOptions& base,
    const std::vector<int>& thread_counts, int repeat, int cores, const std::atomic<bool>& cancel,
    const std::function<void(int threads, int run, int position)>& on_start = {},
    const std::function<void(const ScalingRow&)>& on_row = {});

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_SCALING_H_
