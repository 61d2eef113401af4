// The split policy of the parallel search: which nodes split, after how
// many elder brothers, and how many younger brothers may run at once. One
// object holds every decision, so that the live search (parallel_search.cc)
// and the work/span model (parallelism.h) apply the same rules, and a
// policy can be judged on a 2-core machine before a 16-core one is at hand.
//
// Two policies exist. kTwoCore is the one tuned on two cores (until
// 2026-11-25): the root never splits, a split node lets two moves run at
// once (widening by one per `threads` moves finished) and waits for two or
// three elders. On the 16-core machine it stalled at 1.93x past 4 threads
// with 2.6% node overhead: the threads were idle, not wasteful, and the
// model puts its parallelism at about that figure (bench/results/solver-parallel-2026-11.md,
// "Parallelism"). kManyCore is the default: it keeps kTwoCore's rules where
// they guard against waste (nodes that may cut off) and opens the nodes
// that will not cut off, and the root; the README has the measurements
// that chose each rule.
#ifndef ENDSOLVE_SOLVER_SPLIT_POLICY_H_
#define ENDSOLVE_SOLVER_SPLIT_POLICY_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace endsolve::search {

// Nodes with at least this many empties split by default. Below it a
// subtree is too small to pay for a task (a task_group, a Searcher, a
// cancellation): measured on FFO #40-#44 in bench/results/solver-parallel-2026-11.md ("Parallel
// search").
inline constexpr int kSplitMinEmpties = 13;

// The many-core policy's split threshold: the table layer's smallest nodes
// (kTTMinEmpties in search.h), since below them the search has no split
// code at all.
inline constexpr int kManyCoreMinEmpties = 9;
// ... with more than this many threads. With fewer the many-core policy
// splits from kSplitMinEmpties: two threads need little parallelism (the
// model predicts 1.9 either way), and a split of a small node costs its
// task group, tasks and atomics (from 9 empties, 11.5 M splits on FFO
// #40-#49, one per 86 nodes, cost 2 threads 12% of their node rate).
inline constexpr int kManyCoreFewThreads = 2;
// Null-window nodes with more empties than this get a narrow window in the
// many-core policy: their moves are large, so a move started past a cutoff
// costs much (bench/results/solver-parallel-2026-11.md, "Parallelism").
inline constexpr int kNarrowAboveEmpties = 14;
// With more than kManyCoreFewThreads threads, the null-window nodes the table
// knows nothing of (expected cut- and all-nodes) get that narrow window at
// every size: on 16 cores half the extra nodes were moves started at such
// split points that a cutoff made useless, since many of them are not what
// their ply predicts (bench/results/scaling-16-cores-2026-11-26.md: FFO
// #50-#52 at 16 threads in 0.956 of the time, 4 of 5 interleaved rounds
// faster, 11% fewer nodes).
inline constexpr int kExpectedNodeWindow = 2;

// With more than kManyCoreFewThreads threads, a null-window node that is
// not expected to cut off (the table saw it fail low, or knows nothing of
// it) splits without waiting for its eldest brother while at least this
// many eighths of the threads are idle: the threads would do nothing else
// meanwhile, and the eldest-brother chains are what caps the speedup (FFO
// #49's work/span 18.4). At every moment it would be a loss: expected
// all-nodes cut off too often (#49 at 16 virtual cores, +121% nodes).
// Measured on FFO #40-#49 at 16 virtual cores: 53.0 M ticks against 57.6 M,
// two runs each (bench/results/parallel-design-2026-12-02.txt).
inline constexpr int kEarlySplitIdleEighths = 7;

// What a node is expected to be, as far as the split cares: the root; a PV
// node (window wider than null); a null-window node the table saw fail low
// (its entry holds no lower bound: an all-node, it will most likely need
// every move); one the table saw fail high (a cut-node whose table move
// did not cut this time: it may well cut off with one of its next moves);
// and the ones the table knows nothing of, typed as Knuth and Moore did
// (1975): below a PV node the null-window subtree alternates expected
// cut-nodes (its root, and every second ply below) and expected all-nodes.
enum class NodeClass { kRoot, kPv, kFailedLow, kFailedHigh, kExpectedCut, kExpectedAll };

// "No limit" for a speculation window.
inline constexpr int kUnlimitedWindow = 1 << 20;

struct SplitPolicy {
  enum class Kind { kTwoCore, kManyCore };

  // The policy `kind` for a search of `threads` threads, with the default
  // split threshold.
  static SplitPolicy For(Kind kind, int threads);

  // The brothers a node of class `c` searches alone before it may split:
  // YBWC needs one; some null-window nodes want more (see the .cc).
  // kNeverSplits: the node never splits.
  int Elders(NodeClass c) const;
  static constexpr int kNeverSplits = 1 << 20;

  // How far past the first unfinished move of a split node of class `c`
  // a thread may take a move, when `first_unfinished` moves are done: move
  // i may start only while i - first_unfinished < Window(c, first_unfinished).
  // Why a window at all: at a node that cuts off late, the move that cuts
  // is slow (refuting it takes all the opponent's replies) and the moves
  // before it fast, so without one the other threads would finish move
  // after move past the cut, all wasted.
  int Window(NodeClass c, int first_unfinished, int empties) const;

  // Whether a node of class `c` may split before its elders are done when
  // enough threads are idle, and whether `idle` of `threads` is enough
  // (kEarlySplitIdleEighths). A rule of the moment: the work/span model
  // (parallelism.h), which knows no idle threads, leaves it out.
  bool SplitsEarly(NodeClass c) const;
  bool IdleEnough(int idle, int threads) const {
    return 8 * idle >= early_split_idle_eighths * threads;
  }

  int min_empties = kSplitMinEmpties;
  bool split_root = true;
  // Elders by class (the root's is the PV one).
  int pv_elders = 1;
  int failed_low_elders = 1;
  int failed_high_elders = 2;
  int expected_cut_elders = 2;
  int expected_all_elders = 2;
  // The window: its base by class, widened by `widen_by` per `widen_every`
  // moves finished (0: never widened).
  int failed_low_window = kUnlimitedWindow;
  int failed_high_window = 2;
  int expected_cut_window = 2;
  int expected_all_window = 2;
  int pv_window = kUnlimitedWindow;
  int widen_by = 1;
  int widen_every = 0;
  // Null-window nodes with more empties than narrow_above_empties have
  // large_window instead of their class's window (if smaller).
  int narrow_above_empties = 64;
  int large_window = 2;
  // Eighths of the threads idle from which the nodes SplitsEarly names
  // split at once; 0: never.
  int early_split_idle_eighths = 0;
};

// `policy` with the split threshold `min_empties`.
inline SplitPolicy WithMinEmpties(SplitPolicy policy, int min_empties) {
  policy.min_empties = min_empties;
  return policy;
}

// The policy's name on the command line and in tables: "two-core",
// "many-core".
std::string_view PolicyName(SplitPolicy::Kind kind);
// The inverse of PolicyName; an error names the accepted names.
absl::StatusOr<SplitPolicy::Kind> ParsePolicyKind(std::string_view name);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SPLIT_POLICY_H_
