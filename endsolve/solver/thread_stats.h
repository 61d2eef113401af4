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
  // Nodes of moves started at a split point that were not needed: stopped
  // by a cutoff there or above, or finished after a brother had cut off.
  // By the class of the split node (NodeClass order), the search overhead
  // the policy's speculation costs.
  std::array<std::atomic<std::uint64_t>, kNodeClasses> wasted_nodes{};
  // Moves searched at split points, and how many of those were wasted.
  std::array<std::atomic<std::uint64_t>, kNodeClasses> split_moves{}, wasted_moves{};

  // Each thread's idle time: the wall time not spent searching or waiting.
  std::int64_t IdleNs(int thread) const {
    const Thread& t = threads[static_cast<std::size_t>(thread)];
    return wall_ns - t.search_ns.load() - t.wait_ns.load();
  }
  // Helper tasks cancelled before they started.
  std::uint64_t Cancelled() const { return spawned.load() - started.load(); }
};

// The names of the node classes, for tables: "root", "pv", "failed-low",
// "failed-high", "expected-cut", "expected-all", "predicted-all".
const char* NodeClassName(NodeClass c);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_THREAD_STATS_H_
