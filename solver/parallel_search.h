// The parallel search: Young Brothers Wait (Feldmann, Monien, Mysliwietz
// and Vornberger, 1989) on oneTBB task groups.
//
// A node with at least SharedSearch::split_min_empties empties (by default
// kSplitMinEmpties) searches its eldest brother (the table's move, or the
// first move in order) alone, or its eldest few (see "Elders" below). If
// they do not cut off, the node becomes a split point: the younger
// brothers, sorted best first, are handed out one at a time, in order, to
// the node's own thread and to helper tasks of a tbb::task_group that
// lives on the node's stack frame. Handing out moves in order (rather than
// spawning one task per move) keeps the sequential order where it matters:
// every thread at the node takes the best move left, and with one thread
// the node searches its moves exactly as the sequential loop does, in the
// same order with the same windows, so 1 thread visits the same nodes with
// or without the split code (tested).
//
//  - Speculation window. A thread may take move i only while i is less
//    than SpeculationWindow() past the first move not yet finished; else
//    it leaves the node. Why: at a node that cuts off late, the move that
//    cuts is slow (refuting it takes all the opponent's replies) and the
//    moves before the cut are fast, so without the window the other
//    threads would finish move after move past the cut, all wasted. A thread that
//    leaves goes back to oneTBB, which gives it the oldest task around:
//    usually a helper of a split inside the slow move, where every move is
//    needed. Whoever takes a move spawns another helper task when the node
//    has fewer threads (working or on their way) than the search has and
//    the window leaves room, so threads come back as moves finish.
//  - Elders. A null-window node the table saw fail low (its entry holds
//    no lower bound) splits after one brother failed low: it will most
//    likely need every move. Any other splits after two with two threads,
//    after three with more: one the table knows nothing about, or saw fail
//    high, often cuts off with its second or third move, and helpers
//    started before that would be thrown away. With two threads a thread
//    that finds no split point idles, so splitting early pays; with more,
//    the others find work elsewhere and the waste costs more. A PV node
//    splits after one. (Measured in solver/README.md: never splitting the
//    nodes that failed high left threads idle.)
//  - Windows. At a null-window node every younger brother gets the node's
//    window, so any fail high cuts off. At a PV node a younger brother gets
//    a null window at the current alpha (raised by every proven score) and
//    is re-searched by the same thread when it beats it.
//  - Cutoff. The searcher that fails high sets the split point's abort
//    flag and the owner cancels the task group, so helpers not yet started
//    never run. Running searches see the flag at their next poll (every
//    kPollInterval nodes, search.h): a searcher's poll walks the chain of
//    split points it works at, the owner's included, so a cutoff anywhere
//    above stops everything below, the owner's own move too. A stopped
//    search returns without storing anything in the table (the same path
//    as a deadline), so an aborted search leaves only true bounds behind.
//  - Results. The node's value is the best of the finished moves; its move
//    is the first in order of those with the best proven score (a fail-low
//    bound never wins over a proven score it ties). The result is valid if
//    a move cut off or every move finished; otherwise (a deadline, a cancel,
//    a cutoff above) the owner stops too.
//  - State. Each helper task builds its own Searcher (search.h says why),
//    so killer and history tables, move lists and node counters are never
//    shared; the node counts of every helper, cancelled ones included, are
//    added to the owner's after the wait, so the counts of a parallel solve
//    add up exactly.
//  - Below the split threshold the search is the sequential one and makes
//    no oneTBB call.
#ifndef ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_
#define ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_

#include "absl/functional/function_ref.h"
#include "solver/search.h"

namespace endsolve::search {

// Nodes with at least this many empties split. Below it a subtree is too
// small to pay for a task (a task_group, a Searcher, a cancellation):
// measured on FFO #40-#44 in solver/README.md ("Parallel search").
inline constexpr int kSplitMinEmpties = 13;

// How far past the first unfinished move of a split node a thread may take
// a move (see above), when `first_unfinished` moves are done and the
// search has `threads` threads. kSpeculationWindow = 2 lets one move run
// beside the oldest one. Every `threads` moves that finished without a
// cutoff widen it by one: a node whose moves keep failing low is ever more
// likely to need them all, and with few threads a thread turned away has
// few other places to work, while with many the extra speculation costs
// more than the idle time it saves. Measured in solver/README.md.
inline constexpr int kSpeculationWindow = 2;
constexpr int SpeculationWindow(int first_unfinished, int threads) {
  return kSpeculationWindow + first_unfinished / threads;
}

// How many brothers a null-window node searches alone before it may split,
// given its table entry (`hit`: whether there is one) and the search's
// threads: see "Elders" above.
constexpr int EldersBeforeSplit(bool hit, const TTData& entry, int threads) {
  if (hit && entry.lower == -kNumSquares) return 1;  // it failed low: an all-node
  return threads <= 2 ? 2 : 3;
}

// Whether a cutoff at `split` or at a split point above it has made the
// work below it useless (parallel_search.cc). For the searchers' polls.
bool SplitAborted(const SplitPoint* split);

// Runs `search` in a oneTBB task arena of `threads` threads (the caller's
// and threads - 1 workers): every task the search spawns runs there. Above
// the machine's hardware threads it also raises oneTBB's process-wide cap on
// workers for the duration (a global_control), so that an oversubscribed
// run really gets its threads.
void RunWithThreads(int threads, absl::FunctionRef<void()> search);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_
