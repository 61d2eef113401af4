// The parallel search: Young Brothers Wait (Feldmann, Monien, Mysliwietz
// and Vornberger, 1989) on oneTBB task groups.
//
// Which nodes split, after how many elder brothers and with what window is
// the split policy's (split_policy.h: the many-core default, and the
// two-core one it replaced). A node at or above the policy's threshold
// searches its elder brothers (the table's move, or the first in order,
// and as many more as the policy says) alone. If they do not cut off, the
// node becomes a split point: the younger brothers, sorted best first, are
// handed out one at a time, in order, to the node's own thread and to
// helper tasks of a tbb::task_group that lives on the node's stack frame.
// Handing out moves in order (rather than spawning one task per move)
// keeps the sequential order where it matters: every thread at the node
// takes the best move left, and with one thread the node searches its
// moves exactly as the sequential loop does, in the same order with the
// same windows, so 1 thread visits the same nodes with or without the
// split code (tested). The root splits too under the many-core policy; its
// owner reports progress for the moves it finishes, and the root's result
// once the split is done. The root and the PV nodes of an exact pass of
// one score split before their eldest (SplitPolicy::SplitsAtGuess): the
// owner takes the eldest with the whole window, the younger brothers start
// at the guess, and where the eldest falls short of it, those whose bound
// is the guess are searched again from the window's lower edge in a second
// split.
//
//  - Speculation window. A thread may take move i only while i lies within
//    the policy's window of the first move not yet finished; else it
//    leaves the node (split_policy.h says why a window). A thread that
//    leaves goes back to oneTBB, which gives it the oldest task around:
//    usually a helper of a split inside a slow move, where every move is
//    needed. Whoever takes a move spawns one helper task when none is on
//    its way, the node has fewer threads than the search and the window
//    leaves room, so threads join one after another and come back as moves
//    finish.
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
//  - Waiting. An owner with no move left to take waits for its helpers.
//    Under the policy's isolated_wait it runs only its own split point's
//    helper tasks meanwhile (a oneTBB isolated region) and joins the split
//    points below its own (each open split point is linked to the one
//    above it, the shallowest with a move left first), so it comes back
//    soon after its last helper ends; otherwise it may run any task of the
//    search, and comes back only when that one ends too.
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
#include "endsolve/solver/search.h"

namespace endsolve::search {

// Runs `search` in a oneTBB task arena of `threads` threads (the caller's
// and threads - 1 workers): every task the search spawns runs there. Above
// the machine's hardware threads it also raises oneTBB's process-wide cap on
// workers for the duration (a global_control), so that an oversubscribed
// run really gets its threads.
// With `instruments` (instruments.h), the calling thread's time in `search`
// counts as search time and the wall time of the whole is added to the
// thread statistics; on a virtual machine (a clock of at least `threads`
// slots) the calling thread searches from tick 0, and `search` must report
// its root searcher's last nodes (Searcher::SyncClock) before it returns.
void RunWithThreads(int threads, absl::FunctionRef<void()> search,
                    const Instruments* instruments = nullptr);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_
