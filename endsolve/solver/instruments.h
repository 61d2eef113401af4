// The research instruments a search may carry, as one optional observer:
// where the threads spend their time and what the split points do
// (ParallelStats, thread_stats.h), a virtual many-core machine that times
// the search in nodes (VirtualClock, virtual_clock.h), and the span
// bookkeeping of a one-thread search that measures its parallelism
// (SpanTracker, span_model.h). Each is optional; a search without any
// carries a null pointer (SharedSearch::instruments), and the search tests
// it only where a thread's activity changes (a split, a helper task, a wait
// for helpers) or at a poll, never at a node. The span tracker is the one
// instrument that sees nodes: the root searcher takes it from here and
// brackets the nodes above its threshold (span_model.h), a comparison of
// empties that no search without it ever passes.
//
// The events are named for what the search does; each instrument takes
// what it measures from them, so that the parallel search names no
// instrument.
#ifndef ENDSOLVE_SOLVER_INSTRUMENTS_H_
#define ENDSOLVE_SOLVER_INSTRUMENTS_H_

#include <cstdint>

#include "endsolve/solver/split_policy.h"
#include "endsolve/solver/virtual_clock.h"

namespace endsolve::search {

struct ParallelStats;  // thread_stats.h
class SpanTracker;     // span_model.h

class Instruments {
 public:
  // Any of them may be null.
  Instruments(ParallelStats* stats, VirtualClock* clock, SpanTracker* spans)
      : stats_(stats), clock_(clock), spans_(spans) {}

  // Whether any instrument is on: a search carries the observer only then.
  bool any() const { return stats_ != nullptr || clock_ != nullptr || spans_ != nullptr; }
  VirtualClock* clock() const { return clock_; }
  SpanTracker* spans() const { return spans_; }

  // What a thread was doing before an event changed it, to go back to.
  struct Before {
    int activity = 0;  // thread_stats.h's mode
    VirtualClock::Mode mode = VirtualClock::Mode::kNone;
  };

  // The calling thread, arena slot `slot`, starts a search: the root's
  // (`start` 0) or a helper task's, spawned at virtual tick `start`.
  Before Searches(int slot, std::int64_t start) const;
  // The owner of a split point, whose searched nodes the clock has heard,
  // waits for its helpers; `isolated`: running only their tasks meanwhile
  // (SplitPolicy::isolated_wait).
  Before Waits(int slot, bool isolated) const;
  // The wait at a split point is over: the owner searches again, from the
  // tick its last helper finished (`done`).
  void WaitEnds(int slot, const Before& before, std::int64_t done) const;
  // A helper task is over (its nodes reported to the clock): returns its
  // virtual tick (0 without a clock), where the owner's wait ends at the
  // earliest.
  std::int64_t HelperEnds(int slot, const Before& before) const;
  // The root search is over: the thread does nothing.
  void SearchEnds(int slot) const;

  // A split point opens with helpers; `wanted` helper tasks are spawned
  // by a searcher whose nodes the clock has heard (returns its virtual
  // tick, where they start; 0 without a clock); a helper task
  // starts, on the spawner's thread or stolen by another; a helper started
  // to find nothing to do.
  void Split() const;
  std::int64_t Spawns(int spawner, int wanted) const;
  void HelperStarts(bool stolen) const;
  // An owner waiting at home joins a split point below its own
  // (parallel_search.h, "Waiting"): a helper, not a task.
  void Joins() const;
  // A helper at slot `slot`, now searching, sets up (`stolen`: a task
  // spawned by another slot, or a joining owner): on a virtual machine it
  // pays the task's cost (VirtualClock::TaskStarts).
  void HelperSetsUp(int slot, bool stolen) const;
  void HelperLate() const;
  // A split point of class `c` is done: `moves` started, `wasted_moves` of
  // them after the first that cut, and `wasted_nodes` nodes wasted there
  // (thread_stats.h, AfterTheCut).
  void SplitDone(NodeClass c, int moves, int wasted_moves, std::uint64_t wasted_nodes) const;
  // The wall time of a whole parallel search.
  void AddWallNs(std::int64_t ns) const;

 private:
  ParallelStats* stats_;
  VirtualClock* clock_;
  SpanTracker* spans_;
};

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_INSTRUMENTS_H_
