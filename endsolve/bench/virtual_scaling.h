// `endsolve bench scaling --virtual`: the positions solved at each thread
// count on a virtual machine of that many cores (endsolve/solver/virtual_clock.h),
// time counted in nodes, so that a machine of few cores predicts what many
// cores running at once would do: the ticks, the speedup against the first
// count's ticks, the node overhead, and where the threads' ticks went.
#ifndef ENDSOLVE_BENCH_VIRTUAL_SCALING_H_
#define ENDSOLVE_BENCH_VIRTUAL_SCALING_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/bench/scaling.h"
#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"
#include "endsolve/solver/virtual_clock.h"

namespace endsolve::bench {

// One position's figures in a run: its ticks and nodes, as a row sums them.
struct VirtualPosition {
  std::string id;             // PositionId: "#40", or its place in the input
  std::int64_t ticks = 0;
  std::uint64_t nodes = 0;
};

struct VirtualRow {
  int threads = 1;
  std::int64_t ticks = 0;     // the positions' ticks, summed: the predicted time in nodes
  std::uint64_t nodes = 0;    // the search's nodes (the line's walk after it left out)
  std::int64_t max_lead = 0;  // the most a thread ran ahead of the slowest (at most the slice)
  // The times a thread went on held by a task nobody took
  // (VirtualClock::untaken_releases): the lockstep broken there.
  std::uint64_t untaken_releases = 0;
  int wrong = 0;              // positions solved wrongly
  // The runs of the count (the row is the median run by ticks) and the
  // fewest and most ticks among them: the run-to-run spread, which comes
  // from the real threads' interleaving (who takes a task, what a thread
  // sees of the others within a slice).
  int runs = 1;
  std::int64_t ticks_min = 0, ticks_max = 0;
  // Its search, wait and idle: shares of threads x ticks; the split
  // points' counters over all the positions.
  ThreadUse use;
  // The positions of the row's run, in input order. A lever is told apart
  // by them better than by the sum: each position's run spreads on its
  // own, and the sum is its largest positions' (FFO #55 is 45% of #40-#59
  // at one thread).
  std::vector<VirtualPosition> positions;
};

// Solves `positions` `repeat` times at each of `thread_counts`, in order,
// each solve on a fresh virtual machine of that many cores whose threads
// keep within `slice` ticks of the slowest searching one, a helper task
// costing `task_cost`, in `base`'s table (cleared before every solve); a
// count's row is its median run by ticks. One virtual core runs once: it
// visits exactly the one-thread search's nodes, every time.
// `on_start` hears of each solve (threads, run, position).
// Stops at the first count `cancel` interrupts.
absl::StatusOr<std::vector<VirtualRow>> MeasureVirtualScaling(
    const std::vector<Position>& positions, const SolveOptions& base,
    const std::vector<int>& thread_counts, int repeat, std::int64_t slice,
    search::TaskCost task_cost, const std::atomic<bool>& cancel,
    const std::function<void(int threads, int run, int position)>& on_start = {});

// A row's speedup on the real machine the ticks are calibrated to
// (search::MachineRate, endsolve/solver/virtual_clock.h): the ticks' speedup, each of
// its P x search-share searching threads slowed as there (against a first
// row of one thread).
double MachineSpeedup(const VirtualRow& base, const VirtualRow& row);

// The table: speedup and node overhead against the first row; with more
// than one run a count, each row's spread too.
std::string FormatVirtualTable(const std::vector<VirtualRow>& rows, std::int64_t slice,
                               search::TaskCost task_cost);
// The split points' counters and the wasted nodes by class (--verbose).
std::string FormatVirtualThreadUse(const std::vector<VirtualRow>& rows);

// Position i's speedup in `row` against its ticks in `base` (0 where
// either has none).
double PositionSpeedup(const VirtualRow& base, const VirtualRow& row, std::size_t i);
// The geometric mean over the positions of `row`'s speedups against
// `base`'s ticks of the same positions (0 where the rows' positions differ
// or one has no ticks): each position weighs the same.
double GeometricMeanSpeedup(const VirtualRow& base, const VirtualRow& row);
// Each position's ticks and speedup at each count, against the first
// count, and their geometric mean (--verbose).
std::string FormatVirtualPositions(const std::vector<VirtualRow>& rows);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_VIRTUAL_SCALING_H_
