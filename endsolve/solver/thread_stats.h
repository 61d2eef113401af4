// Where the threads of a parallel search spend their time, and what its
// split points do: the instrument for finding the cause of a stall without
// guessing. Off unless SolveOptions::parallel_stats points to one; then the
// search reads the clock at every task start and end and around every
// wait at a split point (a few tens of nanoseconds each, against tasks of
// thousands of nodes), and counts with relaxed atomics.
#ifndef ENDSOLVE_SOLVER_THREAD_STATS_H_
#define ENDSOLVE_SOLVER_THREAD_STATS_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "endsolve/solver/split_policy.h"

namespace endsolve::search {

// The split policy's node classes, as indices of per-class counters.
inline constexpr int kNodeClasses = 7;

struct ParallelStats {
  // One slot of the task arena (oneTBB's thread index within it). One
  // thread at a time uses a slot, but oneTBB may hand it to another thread
  // later, so its fields are (relaxed) atomics.
  struct Thread {
    // Time inside a search: the root search, or a helper task's.
    std::atomic<std::int64_t> search_ns{0};
    // Time waiting at a split point for its helpers to finish (less the
    // tasks the wait ran meanwhile, which count as search).
    std::atomic<std::int64_t> wait_ns{0};
    // The rest of the solves' wall time is time with no task (idle).

    // The search's bookkeeping: what the thread does now (0 nothing, 1
    // search, 2 wait) and since when (steady clock, ns).
    std::atomic<int> mode{0};
    std::atomic<std::int64_t> since{0};
  };

  explicit ParallelStats(int thread_count) : threads(static_cast<std::size_t>(thread_count)) {}

  std::vector<Thread> threads;
  // Wall time of the solves measured, for the idle time: threads.size()
  // times this, less search and wait.
  std::int64_t wall_ns = 0;

  // Split points made (nodes that handed out their younger brothers).
  std::atomic<std::uint64_t> splits{0};
  // Helper tasks spawned; started (run at all); stolen (started by
  // another thread than the one that spawned it); started to find nothing
  // to do (the node had cut off, or no move was left within the window).
  // The others were cancelled before they started (Cancelled()).
  std::atomic<std::uint64_t> spawned{0}, started{0}, stolen{0}, late{0};
  // Owners waiting at home (SplitPolicy::isolated_wait) that worked at a
  // split point below their own, as a helper but not as a task.
  std::atomic<std::uint64_t> joined{0};
  // Nodes wasted by the speculation, by the class of the split node that
  // wasted them (NodeClass order): at a split point that cut off, the nodes
  // of the moves started after the first move in the order that cut, less
  // what split points inside those moves counted already (AfterTheCut).
  // Each node is counted once, at the split point whose cutoff made it
  // useless: the nodes the sequential order would not have searched there.
  // Most of the node overhead over one thread (at 16 virtual cores 89% of
  // it on FFO #40-#49, 75% on #40-#59); the rest lies in needed moves, and
  // on #60-#69 the waste exceeds it (what a wasted move leaves in the table
  // may save a later pass a search: likely-cutters-2026-12-05.txt).
  std::array<std::atomic<std::uint64_t>, kNodeClasses> wasted_nodes{};
  // Moves started at split points, and how many of those started after
  // the first move that cut.
  std::array<std::atomic<std::uint64_t>, kNodeClasses> split_moves{}, wasted_moves{};

  // Each thread's idle time: the wall time not spent searching or waiting.
  std::int64_t IdleNs(int thread) const {
    const Thread& t = threads[static_cast<std::size_t>(thread)];
    return wall_ns - t.search_ns.load() - t.wait_ns.load();
  }
  // Helper tasks cancelled before they started.
  std::uint64_t Cancelled() const { return spawned.load() - started.load(); }
};

// The waste a split point adds up once its moves are done. Move i of its
// `count` searched `nodes[i]` nodes, of which split points inside it
// counted `inner[i]` wasted; `cut` is the first move in the order that cut
// off, or -1 where none did. `here` is what this split point wasted: the
// moves after the cut, less their inner counts (counted there already);
// `total` is every wasted node of its subtree, the figure the split point
// above takes as this node's inner count.
struct AfterTheCut {
  std::uint64_t here = 0;
  std::uint64_t total = 0;
};
inline AfterTheCut CountAfterTheCut(const std::uint64_t* nodes, const std::uint64_t* inner,
                                    int count, int cut) {
  AfterTheCut waste;
  for (int i = 0; i < count; ++i) {
    if (cut >= 0 && i > cut) {
      waste.here += nodes[i] - inner[i];
      waste.total += nodes[i];
    } else {
      waste.total += inner[i];
    }
  }
  return waste;
}

// The names of the node classes, for tables: "root", "pv", "failed-low",
// "failed-high", "expected-cut", "expected-all", "predicted-all".
const char* NodeClassName(NodeClass c);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_THREAD_STATS_H_
